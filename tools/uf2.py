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
import hashlib
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import cpbuild
from buildkit import (
    BuildError,
    cache_lock,
    cached_copy,
    check_toolchain,
    make,
    shared_dir,
    source_date,
)

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
MANIFEST = TOOLS / "frozen" / "manifest.py"
UF2_OUT = ROOT / "build" / "pocket-gems-pico.uf2"
BIN_OUT = ROOT / "build" / "pocket-gems-pico.bin"
EMU_OUTS = {"emu": "pico-emu/firmware.bin", "cp-emu": "cp-emu/firmware.bin"}
DEFAULT_BOARDS = ("pico", "pybadge", "pygamer")
INSTALL_HINT = {
    "pico": "hold BOOTSEL, plug the Pico in, drag it onto RPI-RP2",
    "pybadge": "press reset twice, drag it onto PYBADGEBOOT",
    "pygamer": "press reset twice, drag it onto PYGAMERBOOT",
}
PICO_CODE_SPACE = 640 * 1024
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








def tree_key(src):
    """Names the cached build tree after the source it copies (its README and version)."""
    digest = hashlib.sha256((src / "README.md").read_bytes())
    digest.update(GIT_HASH.encode())
    return "micropython-%s-%s" % (GIT_TAG, digest.hexdigest()[:12])


def build_tree(src, log):
    """The cached copy of the source (made on first use)."""
    return cached_copy(src, tree_key(src), log)


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


def build(board="pico", log=print):
    """Build the firmware for `board` ("pico": the stock Pico, "emu": with the UART REPL the
    emulator talks to) and return the path of its firmware.bin (flash image from 0x10000000)
    in the cached build tree."""
    known = boards()
    if board not in known:
        raise ValueError("unknown board %r; boards: %s" % (board, ", ".join(known)))
    check_toolchain()
    src = source_tree()
    with cache_lock():
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
        seconds, _ = make(args + ["FROZEN_MANIFEST=%s" % MANIFEST], port, env)
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


def write_cp_uf2(name, built, dest=ROOT / "build"):
    """A CircuitPython board's UF2, family-tagged (its bootloader takes it from its flash
    address on; the stock build's own firmware.uf2 carries no family)."""
    board = cpbuild.BOARDS[name]
    out = dest / board.uf2
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(bin_to_uf2(built.image.read_bytes(), board.base, board.family))
    return out


def pico_space(used):
    """(bytes used, bytes free) of the flash before the Pico's filesystem (RPI_PICO: 640 KiB
    of code, then 1408 KiB of littlefs) for an image of `used` bytes."""
    return used, PICO_CODE_SPACE - used


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = sorted(boards()) + sorted(cpbuild.BOARDS)
    parser.add_argument("--board", action="append", choices=names,
                        help="pico, pybadge, pygamer (the default: all three): the UF2 to "
                        "install; emu, cp-emu: the emulated Pico's firmware.bin (MicroPython, "
                        "CircuitPython); repeat it for several")
    args = parser.parse_args(argv)
    log = lambda line: print("uf2: " + line, flush=True)  # noqa: E731
    for board in args.board or DEFAULT_BOARDS:
        try:
            if board in cpbuild.BOARDS:
                built = cpbuild.build(board, log=log)
                image, free = built.image, built.free
            else:
                image = build(board, log=log)
                free = pico_space(Path(image).stat().st_size)[1]
                if free < 0 and board == "pico":  # it would overwrite the filesystem's start
                    raise BuildError("the Pico firmware is %d bytes over its 640 KiB: freeze "
                                     "less, or move the games to a ROMFS partition "
                                     "(../shared/mpsrc/boards/RPI_PICO_ROMFS)" % -free)
        except BuildError as exc:
            print("uf2: %s" % exc, file=sys.stderr)
            return 2
        if board in EMU_OUTS:
            out = ROOT / "build" / EMU_OUTS[board]
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(image, out)
            print("uf2: wrote %s" % out.relative_to(ROOT))
            continue
        if board == "pico":
            out = write_uf2(image)
        else:
            out = write_cp_uf2(board, built)
        print("uf2: wrote %s (%d bytes; %d bytes of the board's flash left): %s"
              % (out.relative_to(ROOT), out.stat().st_size, free, INSTALL_HINT[board]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
