"""CircuitPython 9.2.9 with the handheld app frozen in: the PyBadge's and the PyGamer's
firmware (`make uf2` turns them into UF2s, tools/uf2.py), and the same build for the
emulated Pico, which the tests run (host_tests/test_cp_pico.py).

    .venv/bin/python tools/uf2.py --board pybadge    # -> build/pocket-gems-pybadge.uf2
    .venv/bin/python tools/uf2.py --board cp-emu     # -> build/cp-emu/firmware.bin

CircuitPython's source beside the checkout (../shared/cpsrc/circuitpython, or
$POCKET_GEMS_CPSRC) is copied once into the cache (tools/buildkit.py); each board is built
from its stock folder with the files of tools/frozen/circuitpython/<board>/ laid over it
(mpconfigboard.mk: the stock board less the modules no game uses, games.mk; board.c: the
stock one calling drive.h, which puts the two files that start the games on CIRCUITPY).
The board keeps its stock name, so `board.board_id` is "pybadge" or "pygamer" as the app's
board detection expects. The frozen modules are firmware/ less LEFT_OUT, compiled at -O3.

A build is redone only when its frozen modules or its board files changed (the firmware's
link takes about a minute, LTO); a change to the board files starts it clean. Needs the
ARM toolchain and the Python packages cascadetoml and jinja2 (requirements.txt).
"""

import fnmatch
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

from buildkit import BuildError, cache_lock, cached_copy, check_toolchain, make, shared_dir
from buildkit import source_date as build_date

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
VARIANTS = TOOLS / "frozen" / "circuitpython"
VERSION = "9.2.9"
CP_OPT = "-O3"  # as tools/mpbuild.py compiles CircuitPython .mpy: no line numbers, less flash
SAMD51_FAMILY = 0x55114460
RP2040_FAMILY = 0xE48BFF56
# firmware/ modules the handheld image leaves out: the text console (the handheld plays on
# its screen; `make flash` puts the console on the drive) and what only MicroPython, the web
# page or the simulator run.
LEFT_OUT = ("firmware/ui/console.py", "firmware/games/*/console.py", "firmware/ui/fbscene.py",
            "firmware/ui/font6x12.py", "firmware/hw/st7789.py", "firmware/hw/picodisplay_mp.py",
            "firmware/hw/web.py", "firmware/hw/host.py", "firmware/webpage.py")
# What one board's image leaves out besides: the other handhelds' profiles (firmware/hw/),
# which never run on it (the PyBadge's and the PyGamer's flash is nearly full; the PyGamer's
# profile imports the PyBadge's).
BOARD_LEFT_OUT = {"pybadge": ("firmware/hw/picodisplay.py", "firmware/hw/pygamer.py"),
                  "pygamer": ("firmware/hw/picodisplay.py",)}
# The files drive.h writes, from the checkout: name in C -> path.
DRIVE_FILES = {"pocket_gems_boot_py": ROOT / "boot.py", "pocket_gems_main_py": ROOT / "main.py",
               "pocket_gems_note": VARIANTS / "pocket-gems.txt"}
SHARED_FILES = ("games.mk", "drive.h")  # copied into every board's folder
FIGURES = re.compile(r"(\d+) bytes used, (\d+) bytes free in flash firmware space out of (\d+)")


class Board:
    """One firmware: its port, its folder in ports/<port>/boards (the board's id), the stock
    folder it starts from, its UF2's name (None: not for a board's owner), the UF2's family
    and flash address, and the flash the firmware may take (bytes)."""

    def __init__(self, port, folder, stock, uf2, family, base, space):
        self.port, self.folder, self.stock = port, folder, stock
        self.uf2, self.family, self.base, self.space = uf2, family, base, space


BOARDS = {
    # SAMD51J19: 512 KiB, less the UF2 bootloader's 16 and the NVM's 8
    "pybadge": Board("atmel-samd", "pybadge", "pybadge", "pocket-gems-pybadge.uf2",
                     SAMD51_FAMILY, 0x4000, 488 * 1024),
    "pygamer": Board("atmel-samd", "pygamer", "pygamer", "pocket-gems-pygamer.uf2",
                     SAMD51_FAMILY, 0x4000, 488 * 1024),
    # a 2 MB Pico: CIRCUITPY takes the second MiB, CircuitPython's own 4 KiB before it
    "cp-emu": Board("raspberrypi", "raspberry_pi_pico_emu", "raspberry_pi_pico", None,
                    RP2040_FAMILY, 0x10000000, 1020 * 1024),
}


class Built:
    """A built firmware: image (firmware.bin), elf, and the flash it takes: used, free and
    total bytes of the firmware's space."""

    def __init__(self, image, used, free, total):
        self.image, self.elf = image, image.with_suffix(".elf")
        self.used, self.free, self.total = used, free, total


def source_tree():
    src = Path(os.environ.get("POCKET_GEMS_CPSRC")
               or shared_dir() / "cpsrc" / "circuitpython")
    if not (src / "ports" / "atmel-samd").is_dir():
        raise BuildError("no CircuitPython source at %s: the shared folder cpsrc/ must sit "
                         "beside this checkout as ../shared/cpsrc (or set POCKET_GEMS_CPSRC)"
                         % src)
    return src


def frozen_modules(root=ROOT, board=None):
    """The paths (relative, posix) of the modules frozen into the handheld image (of
    `board`, a name of BOARDS: less BOARD_LEFT_OUT's)."""
    found = sorted(p.relative_to(root).as_posix() for p in (root / "firmware").rglob("*.py"))
    out = LEFT_OUT + BOARD_LEFT_OUT.get(board, ())
    return [p for p in found if not any(fnmatch.fnmatch(p, o) for o in out)]


def stage(dest, root=ROOT, board=None):
    """Makes `dest` hold exactly the frozen modules (firmware/...) of `board`'s image;
    returns their digest."""
    digest = hashlib.sha256()
    wanted = frozen_modules(root, board)
    if dest.exists():
        shutil.rmtree(dest)
    for rel in wanted:
        data = (root / rel).read_bytes()
        digest.update(rel.encode() + b"\0" + data + b"\0")
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        (dest / rel).write_bytes(data)
    return digest.hexdigest()


def c_string(data):
    """Bytes as a C string literal, one source line a line of text."""
    lines = []
    for line in data.splitlines(keepends=True):
        text = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\?' else "\\%03o" % b
                       for b in line)
        lines.append('    "%s"' % text)
    return "\n".join(lines) or '    ""'


def drive_files_header():
    """drive_files.h: the bytes drive.h writes onto CIRCUITPY."""
    out = ["// Made by tools/cpbuild.py from the checkout's files: do not edit.", ""]
    for name, path in DRIVE_FILES.items():
        out.append("static const char %s[] =\n%s;\n" % (name, c_string(path.read_bytes())))
    return "\n".join(out)


HOOK = "    pocket_gems_drive();  // drive.h: the files that start the games, on CIRCUITPY\n"


def board_c(stock):
    """The stock board.c calling drive.h's pocket_gems_drive() first thing in board_init()
    (a board_init added where the stock board has none, as the Pico)."""
    include = '#include "drive.h"  // Pocket gem games: tools/frozen/circuitpython/drive.h\n'
    lines = stock.splitlines(keepends=True)
    at = next((i for i, line in enumerate(lines) if line.startswith("#include")), None)
    if at is None:
        raise BuildError("board.c has no #include to put drive.h after")
    lines.insert(at + 1, include)
    text = "".join(lines)
    opening = "void board_init(void) {\n"
    if text.count(opening) == 1:
        return text.replace(opening, opening + HOOK)
    if "board_init" in text:
        raise BuildError("board.c's board_init is not where drive.h's call can go")
    return text + "\nvoid board_init(void) {\n" + HOOK + "}\n"


def lay_board(tree, board, src):
    """ports/<port>/boards/<folder> in the cached tree: the stock folder from the source,
    our files over it, its board.c calling drive.h, and drive_files.h. Returns the digest of
    what it holds."""
    folder = tree / "ports" / board.port / "boards" / board.folder
    if folder.exists():
        shutil.rmtree(folder)
    stock = src / "ports" / board.port / "boards" / board.stock
    shutil.copytree(stock, folder)
    ours = VARIANTS / board.folder
    for path in sorted(ours.iterdir()):
        shutil.copyfile(path, folder / path.name)
    (folder / "board.c").write_text(board_c((stock / "board.c").read_text()))
    for name in SHARED_FILES:
        shutil.copyfile(VARIANTS / name, folder / name)
    (folder / "drive_files.h").write_text(drive_files_header())
    digest = hashlib.sha256()
    for path in sorted(folder.iterdir()):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def build_env():
    """make's environment: the version the tree cannot ask git for, the build date, and this
    Python first on PATH (the build runs `python3` with cascadetoml and jinja2)."""
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
    return dict(os.environ, CP_VERSION=VERSION, SOURCE_DATE_EPOCH=build_date(), PATH=path)


def check_packages():
    missing = []
    for name in ("cascadetoml", "jinja2"):
        try:
            __import__(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise BuildError("the CircuitPython build needs the Python packages %s: "
                         ".venv/bin/pip install -r requirements.txt" % ", ".join(missing))


def build(name, log=print):
    """Build the firmware of BOARDS[name] (cached); returns a Built."""
    if name not in BOARDS:
        raise ValueError("unknown board %r; boards: %s" % (name, ", ".join(BOARDS)))
    board = BOARDS[name]
    check_toolchain(("arm-none-eabi-gcc", "make"))
    check_packages()
    src = source_tree()
    with cache_lock():
        # the tree's name: its README (../shared/cpsrc's, which names the commits)
        readme = src.parent / "README.md" if (src.parent / "README.md").exists() else src / "main.c"
        key = hashlib.sha256(readme.read_bytes()).hexdigest()[:12]
        tree = cached_copy(src, "circuitpython-%s-%s" % (VERSION, key), log)
        port = tree / "ports" / board.port
        variant = lay_board(tree, board, src)
        out = port / ("build-" + board.folder)
        known = (out / ".variant").read_text() if (out / ".variant").exists() else None
        if out.exists() and known != variant:  # make would not see the new settings
            log("%s's board files changed: building it clean" % name)
            shutil.rmtree(out)
        frozen = stage(tree / "pocket_gems_frozen" / name, ROOT, name)
        done = out / ".built"
        image = out / "firmware.bin"
        if done.exists() and image.exists() and json.loads(done.read_text())["frozen"] == frozen:
            return Built(image, *json.loads(done.read_text())["flash"])
        # Frozen modules are not rebuilt when a file inside their folder changes.
        shutil.rmtree(out / "frozen_mpy", ignore_errors=True)
        (out / "manifest.py").unlink(missing_ok=True)
        (done).unlink(missing_ok=True)
        out.mkdir(parents=True, exist_ok=True)
        (out / ".variant").write_text(variant)
        log("building CircuitPython %s for %s (about a minute)" % (VERSION, name))
        seconds, output = make(
            ["BOARD=" + board.folder, "TRANSLATION=en_US", "CIRCUITPY_MIN_GCC_VERSION=12",
             "FROZEN_MPY_DIRS=%s" % (tree / "pocket_gems_frozen" / name),
             "MPY_CROSS_FLAGS=" + CP_OPT], port, build_env())
        used = image.stat().st_size
        figures = FIGURES.search(output)  # the SAMD port's own account, when it gives one
        if figures is not None and [int(figures.group(i)) for i in (1, 3)] != [used,
                                                                              board.space]:
            raise BuildError("%s: the build says %s bytes of %s, not %d of %d"
                             % (name, figures.group(1), figures.group(3), used, board.space))
        if used > board.space:
            raise BuildError("%s's firmware takes %d bytes, more than the %d it may"
                             % (name, used, board.space))
        flash = [used, board.space - used, board.space]
        done.write_text(json.dumps({"frozen": frozen, "flash": flash}))
        log("built %s in %.0f s: %d of %d bytes of flash, %d free"
            % (name, seconds, flash[0], flash[2], flash[1]))
        return Built(image, *flash)
