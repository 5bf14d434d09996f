"""Run the portable core tests under the MicroPython unix port, against the .mpy build.

    .venv/bin/python tools/mptest.py [-k SUBSTRING] [--heap 128k] [-v] [MODULE.py ...]

Convention: the modules are `host_tests/core/test_*.py`; every module-level callable named
`test_*` is a test, called with no arguments, failing by raising (plain `assert`). Each module
runs in its own `micropython -X heapsize=...` process whose `sys.path` is the .mpy build of
`firmware/` (never its source), then the test module's folder (for `checks.py`) and `tools/`
(for `randplay.py`), each as .mpy first and as source after (for a file mpy-cross rejects).
The tests are compiled ahead so that the heap is not spent compiling them. A module that
crashes, runs out of memory outside a test or times out counts as a failure.
A module that needs more than the default heap says so in a line of its own,
`# mptest-heap: 160k` (the whole app with a game and its bots, say); --heap overrides all.
The last line is `micropython: N passed, M failed`; the exit status is 1 when M > 0 or N == 0.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import mpbuild

MARK = "@mptest"
HEAP_LINE = "# mptest-heap:"
DEFAULT_HEAP = "128k"

# Runs under MicroPython (and CPython): portable on purpose. argv: module, filter, path....
# Prints one MARK line per test so the runner can tell what happened even when the process
# dies half-way.
DRIVER = """\
import sys, gc, time
modname, pattern = sys.argv[1:3]
rest = sys.path[1:]  # drop the driver's own folder
while sys.path:
    sys.path.pop()
for p in sys.argv[3:] + rest:
    sys.path.append(p)
mod = __import__(modname)
names = sorted(n for n in dir(mod)
               if n.startswith("test_") and pattern in n and callable(getattr(mod, n)))
print("%s module %d" % (MARK, len(names)))
for name in names:
    print("%s start %s" % (MARK, name))
    gc.collect()
    t0 = time.ticks_ms()
    try:
        getattr(mod, name)()
        outcome = "pass"
    except Exception as e:
        outcome = "fail"
        sys.print_exception(e)
    print("%s %s %s %d" % (MARK, outcome, name, time.ticks_diff(time.ticks_ms(), t0)))
print("%s done" % MARK)
""".replace("MARK", repr(MARK))


class ModuleResult:
    """What one module process did: per-test outcomes plus a failure of the module itself."""

    def __init__(self, path):
        self.path = path
        self.passed = []  # (name, ms)
        self.failed = []  # (name, output lines)
        self.module_error = None  # (reason, output lines) when the process itself failed
        self.seconds = 0.0

    @property
    def n_failed(self):
        return len(self.failed) + (1 if self.module_error else 0)


def parse(result, text, returncode, timed_out, timeout):
    """Fill `result` from the process output (stdout and stderr merged)."""
    current, buffer, finished, announced = None, [], False, False
    for line in text.splitlines():
        if not line.startswith(MARK + " "):
            buffer.append(line)
            continue
        words = line.split()
        if words[1] == "module":
            announced, buffer = True, []
        elif words[1] == "start":
            current, buffer = words[2], []
        elif words[1] == "pass":
            result.passed.append((words[2], int(words[3])))
            current = None
        elif words[1] == "fail":
            result.failed.append((words[2], buffer))
            current, buffer = None, []
        elif words[1] == "done":
            finished = True
    if timed_out:
        reason = f"timed out after {timeout:.0f} s"
    elif returncode != 0:
        reason = f"process exited with status {returncode}"
    elif not finished:
        reason = "process ended before the driver finished"
    else:
        return
    if current is not None:  # died inside a test: blame that test
        result.failed.append((current, buffer + [f"<{reason}; later tests did not run>"]))
    elif not announced:
        result.module_error = ("import failed: " + reason, buffer)
    else:
        result.module_error = (reason, buffer)


def module_heap(path, default):
    """The heap a test module asks for with a `# mptest-heap: SIZE` line, else `default`."""
    for line in path.read_text().splitlines():
        if line.startswith(HEAP_LINE):
            return line[len(HEAP_LINE):].strip()
    return default


def run_module(path, search, driver, micropython, heap, pattern, timeout):
    result = ModuleResult(path)
    cmd = [micropython, "-X", f"heapsize={heap}", str(driver), path.stem, pattern]
    cmd += [str(p) for p in search]
    t0 = time.monotonic()
    try:
        # cwd = build/mptest: the default path's '' must not reach the project's sources.
        done = subprocess.run(cmd, cwd=driver.parent, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=timeout)
        output, returncode, timed_out = done.stdout, done.returncode, False
    except subprocess.TimeoutExpired as e:
        output, returncode, timed_out = e.output or b"", None, True
    result.seconds = time.monotonic() - t0
    parse(result, output.decode("utf-8", "replace"), returncode, timed_out, timeout)
    return result


def compile_support(root, work, test_dirs):
    """Compile the test folders and tools/ into `work` (wiped first), mirroring their paths
    under the root; returns {source folder: .mpy folder}."""
    if work.exists():
        shutil.rmtree(work)
    compiled = {}
    for src in [*test_dirs, root / "tools"]:
        try:
            rel = src.relative_to(root)
        except ValueError:  # a test folder outside the project
            rel = Path("external", *src.parts[1:])
        compiled[src] = work / rel
        compiled[src].mkdir(parents=True, exist_ok=True)
        mpbuild.compile_flat(src, compiled[src], root)
    return compiled


def report(result, root, verbose):
    rel = os.path.relpath(result.path, root)
    status = "FAIL" if result.n_failed else "ok  "
    print(f"{status} {rel}: {len(result.passed)} passed, {result.n_failed} failed"
          f" ({result.seconds:.1f} s)", flush=True)
    if verbose:
        for name, ms in result.passed:
            print(f"       pass {name} ({ms} ms)")
    for name, lines in result.failed:
        print(f"       FAILED {rel}::{name}")
        for line in lines[-60:]:
            print("         " + line)
    if result.module_error:
        reason, lines = result.module_error
        print(f"       MODULE FAILED {rel}: {reason}")
        for line in lines[-60:]:
            print("         " + line)


def main(argv=None):
    parser = argparse.ArgumentParser(description="MicroPython runner for host_tests/core.")
    parser.add_argument("modules", nargs="*", type=Path, help="test modules (default: all)")
    parser.add_argument("-k", dest="pattern", default="", help="only tests whose name has this")
    parser.add_argument("--heap", default=None,
                        help="-X heapsize for every module (default: 128k, or the module's "
                             "own `# mptest-heap:` line)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per module (900)")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("-v", "--verbose", action="store_true", help="list passing tests too")
    parser.add_argument("--root", type=Path, default=mpbuild.ROOT, help="project root")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    modules = [p.resolve() for p in args.modules] or sorted(
        (root / "host_tests" / "core").glob("test_*.py"))
    missing = [str(p) for p in modules if not p.is_file()]
    if missing:
        parser.error("no such module: " + ", ".join(missing))

    build, sizes = mpbuild.build_firmware(root)
    print(f"built {len(sizes)} .mpy files ({sum(sizes.values())} bytes) in "
          f"{os.path.relpath(build, root)}; MicroPython heap {args.heap or DEFAULT_HEAP}",
          flush=True)
    if not modules:
        print(f"no test modules found in {os.path.relpath(root / 'host_tests' / 'core', root)}"
              "/test_*.py")
    work = build.parent / "mptest"
    compiled = compile_support(root, work, sorted({p.parent for p in modules}))
    driver = work / "driver.py"
    driver.write_text(DRIVER)
    micropython = mpbuild.find_tool("micropython")

    def one(path):
        src_dirs = [path.parent, root / "tools"]
        search = [build] + [compiled[d] for d in src_dirs] + src_dirs
        return run_module(path, search, driver, micropython,
                          args.heap or module_heap(path, DEFAULT_HEAP), args.pattern,
                          args.timeout)

    passed = failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for result in pool.map(one, modules):  # reported in module order
            report(result, root, args.verbose)
            passed += len(result.passed)
            failed += result.n_failed
    print(f"micropython: {passed} passed, {failed} failed", flush=True)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
