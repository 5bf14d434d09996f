"""The Pico firmware with the games frozen in, as one .uf2 to drag onto the board (`make uf2`).

    .venv/bin/python tools/uf2.py               # -> build/pocket-gems-pico.uf2 (RPI_PICO)
    .venv/bin/python tools/uf2.py --board emu   # -> build/pico-emu/firmware.bin, for the
                                                #    emulated Pico (a UART REPL added)

MicroPython v1.28.0's rp2 port (../shared/mpsrc/micropython beside the checkout, or
$POCKET_GEMS_MPSRC) is built for the Raspberry Pi Pico with tools/frozen/manifest.py as its
frozen manifest: the port's own modules, firmware/ and main.py, compiled to bytecode that runs
from flash. At boot the firmware runs the frozen main.py (the app on a Display Pack, else the
console; see firmware/start.py); files on the board's filesystem (`make flash`, saves) come
first on sys.path, so they override the frozen copies.

The source is copied once into a build tree in the cache ($POCKET_GEMS_CACHE, else
~/.cache/pocket-gems): later builds are incremental (the frozen modules and the link, seconds)
and a fresh clone on the same machine reuses them. The first build takes about two minutes on
2 cores. Needs the ARM toolchain and cmake (Debian: gcc-arm-none-eabi libnewlib-arm-none-eabi
cmake); without them it says so in one line and exits with status 2.
"""

import argparse
import fcntl
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
MANIFEST = TOOLS / "frozen" / "manifest.py"
UF2_OUT = ROOT / "build" / "pocket-gems-pico.uf2"
BIN_OUT = ROOT / "build" / "pocket-gems-pico.bin"
EMU_OUT = ROOT / "build" / "pico-emu" / "firmware.bin"
INSTALL = "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake"
# The version banner (the tree has no git to ask): the tag and commit of ../shared/mpsrc.
GIT_TAG, GIT_HASH = "v1.28.0", "e0e9fbb17"

# UF2 (Microsoft's USB flashing format, as the RP2040 bootrom reads it): 512-byte blocks of
# 256 bytes of flash each, with the RP2040's family id.
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
UF2_MAGIC_END = 0x0AB16F30
UF2_FLAG_FAMILY = 0x00002000
RP2040_FAMILY = 0xE48BFF56
FLASH_BASE = 0x10000000
PAYLOAD = 256


class BuildError(Exception):
    """A build that cannot run or failed; the message says what to do."""


def shared_dir():
    return ROOT.parent / "shared"


def source_tree():
    src = Path(os.environ.get("POCKET_GEMS_MPSRC") or shared_dir() / "mpsrc" / "micropython")
    if not (src / "ports" / "rp2").is_dir():
        raise BuildError("no MicroPython source at %s: the shared folder mpsrc/ must sit beside "
                         "this checkout as ../shared/mpsrc (or set POCKET_GEMS_MPSRC)" % src)
    return src


def boards():
    """name -> (make arguments choosing the board, its build folder's name, its board folder
    outside the MicroPython source or None)."""
    emu = shared_dir() / "emu" / "board" / "RPI_PICO_EMU"
    return {
        "pico": (["BOARD=RPI_PICO"], "build-RPI_PICO", None),
        "emu": (["BOARD_DIR=%s" % emu], "build-RPI_PICO_EMU", emu),
    }


def missing_tools():
    """What the build needs and this machine lacks (names to say in the message)."""
    missing = [tool for tool in ("arm-none-eabi-gcc", "cmake", "make")
               if shutil.which(tool) is None]
    if "arm-none-eabi-gcc" not in missing:
        libc = subprocess.run(["arm-none-eabi-gcc", "-print-file-name=libc.a"],
                              capture_output=True, text=True).stdout.strip()
        if not os.path.isabs(libc):  # the compiler without newlib's C library
            missing.append("libnewlib-arm-none-eabi")
    return missing


def check_toolchain():
    missing = missing_tools()
    if missing:
        raise BuildError("make uf2 needs %s: %s" % (", ".join(missing), INSTALL))


def cache_root():
    return Path(os.environ.get("POCKET_GEMS_CACHE") or Path.home() / ".cache" / "pocket-gems")


def tree_key(src):
    """Names the cached build tree after the source it copies (its README and version)."""
    digest = hashlib.sha256((src / "README.md").read_bytes())
    digest.update(GIT_HASH.encode())
    return "micropython-%s-%s" % (GIT_TAG, digest.hexdigest()[:12])


def build_tree(src, log):
    """The cached copy of the source (made on first use; a copy half made is made again)."""
    tree = cache_root() / tree_key(src)
    done = tree / ".copied"
    if not done.exists():
        if tree.exists():
            shutil.rmtree(tree)
        log("copying the MicroPython source to %s" % tree)
        shutil.copytree(src, tree, symlinks=True)
        done.touch()
    return tree


def source_date():
    """The build date in the banner: the checkout's last commit (the same bytes from the
    same commit); now when there is no git."""
    got = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                         capture_output=True, text=True)
    stamp = got.stdout.strip()
    return stamp if got.returncode == 0 and stamp.isdigit() else str(int(time.time()))


def follow_manifest(build, log, board_dir=None):
    """The port's Makefile configures cmake only in a new build folder, so a tree cached by
    another checkout would go on freezing that checkout's files, and on reading its board
    folder (board_dir: the emulator's, ../shared/emu/board; gone with that checkout, cmake
    stops): point it at this one's. And
    the manifest's compiler skips a module whose .mpy is newer than its source, which a file
    of another checkout (or one restored with its old time) can be: ours are compiled anew
    each time (a second or two)."""
    cache = build / "CMakeCache.txt"
    if not cache.exists():
        return
    for ours in ("firmware", "main.mpy"):
        path = build / "frozen_mpy" / ours
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    wanted = {"MICROPY_FROZEN_MANIFEST": str(MANIFEST)}
    if board_dir is not None:
        wanted["MICROPY_BOARD_DIR"] = str(board_dir)
    lines = cache.read_text().splitlines()
    if all("%s:UNINITIALIZED=%s" % item in lines for item in wanted.items()):
        return
    log("the cached build was another checkout's: now %s" % MANIFEST)
    done = subprocess.run(["cmake", "-S", str(build.parent), "-B", str(build)]
                          + ["-D%s=%s" % item for item in wanted.items()],
                          capture_output=True, text=True)
    if done.returncode:
        raise BuildError("cmake could not take the manifest:\n" + done.stderr[-2000:])


def make(args, cwd, env=None):
    started = time.monotonic()
    done = subprocess.run(["make", "-j%d" % max(2, os.cpu_count() or 2)] + args, cwd=cwd,
                          env=env, capture_output=True, text=True)
    if done.returncode:
        tail = (done.stdout + done.stderr).strip().splitlines()[-25:]
        raise BuildError("make %s failed in %s:\n%s" % (" ".join(args), cwd, "\n".join(tail)))
    return time.monotonic() - started


def build(board="pico", log=print):
    """Build the firmware for `board` ("pico": the stock Pico, "emu": with the UART REPL the
    emulator talks to) and return the path of its firmware.bin (flash image from 0x10000000)
    in the cached build tree."""
    known = boards()
    if board not in known:
        raise ValueError("unknown board %r; boards: %s" % (board, ", ".join(known)))
    check_toolchain()
    src = source_tree()
    cache_root().mkdir(parents=True, exist_ok=True)
    with open(cache_root() / ".lock", "w") as lock:  # one build at a time in the cache
        fcntl.flock(lock, fcntl.LOCK_EX)
        tree = build_tree(src, log)
        env = dict(os.environ, MICROPY_GIT_TAG=GIT_TAG, MICROPY_GIT_HASH=GIT_HASH,
                   SOURCE_DATE_EPOCH=source_date(),
                   # an environment variable: on make's command line it would replace the
                   # port's own CMAKE_ARGS, and the frozen manifest would be dropped silently
                   CMAKE_ARGS="-DPICO_NO_PICOTOOL=1")
        if not (tree / "mpy-cross" / "build" / "mpy-cross").exists():
            log("building mpy-cross")
            make(["-C", "mpy-cross"], tree, env)
        args, folder, board_dir = known[board]
        port = tree / "ports" / "rp2"
        follow_manifest(port / folder, log, board_dir)
        seconds = make(args + ["FROZEN_MANIFEST=%s" % MANIFEST], port, env)
        image = tree / "ports" / "rp2" / folder / "firmware.bin"
        log("built %s (%d bytes) in %.0f s" % (image, image.stat().st_size, seconds))
        return image


def bin_to_uf2(data, base=FLASH_BASE, family=RP2040_FAMILY):
    """A flash image -> UF2 blocks, the last one padded with zeros."""
    data = bytes(data) + b"\0" * (-len(data) % PAYLOAD)
    count = len(data) // PAYLOAD
    out = bytearray()
    for n in range(count):
        out += struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], UF2_FLAG_FAMILY,
                           base + n * PAYLOAD, PAYLOAD, n, count, family)
        out += data[n * PAYLOAD:(n + 1) * PAYLOAD].ljust(476, b"\0")
        out += struct.pack("<I", UF2_MAGIC_END)
    return bytes(out)


def write_uf2(image, out=UF2_OUT, copy=BIN_OUT):
    data = Path(image).read_bytes()
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(bin_to_uf2(data))
    copy.write_bytes(data)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", choices=sorted(boards()), default="pico",
                        help="pico: the UF2 to install; emu: the emulated Pico's firmware.bin")
    args = parser.parse_args(argv)
    try:
        image = build(args.board, log=lambda line: print("uf2: " + line, flush=True))
    except BuildError as exc:
        print("uf2: %s" % exc, file=sys.stderr)
        return 2
    if args.board == "emu":
        EMU_OUT.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(image, EMU_OUT)
        print("uf2: wrote %s" % EMU_OUT.relative_to(ROOT))
        return 0
    out = write_uf2(image)
    print("uf2: wrote %s (%d bytes): hold BOOTSEL, plug the Pico in, drag it onto RPI-RP2"
          % (out.relative_to(ROOT), out.stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
