"""The Pico UF2 with the games frozen in (tools/uf2.py, `make uf2`): its blocks, read back by a
decoder written here from the UF2 format, give the built firmware image byte for byte; the
image holds every module of firmware/ and main.py; a machine without the ARM toolchain gets a
one-line message; and firmware.core.available() finds games with no files to look at (a
frozen package's case, here a package imported from a zip archive)."""

import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import cpbuild
import pytest
import uf2

ROOT = Path(__file__).resolve().parent.parent
MAGIC_START = (0x0A324655, 0x9E5D5157)
MAGIC_END = 0x0AB16F30
FAMILY_FLAG = 0x00002000
RP2040 = 0xE48BFF56
SAMD51 = 0x55114460


def decode(blob, family=RP2040):
    """UF2 blocks -> {flash address: payload}, every field of every block checked."""
    assert len(blob) % 512 == 0 and blob, "whole 512-byte blocks"
    count = len(blob) // 512
    pages = {}
    for n in range(count):
        block = blob[n * 512:(n + 1) * 512]
        m0, m1, flags, address, size, number, total, tagged = struct.unpack("<8I", block[:32])
        assert (m0, m1) == MAGIC_START and struct.unpack("<I", block[508:])[0] == MAGIC_END
        assert flags == FAMILY_FLAG and tagged == family  # the RP2040 bootrom takes only these
        assert (number, total) == (n, count)
        assert size == 256 and address % 256 == 0 and address not in pages
        assert block[32 + size:508] == bytes(476 - size)
        pages[address] = block[32:32 + size]
    return pages


def image_of(pages, base=0x10000000):
    addresses = sorted(pages)
    assert addresses[0] == base
    assert addresses == list(range(base, base + 256 * len(pages), 256)), "no gap"
    return b"".join(pages[a] for a in addresses)


def test_blocks_carry_the_image_in_order_with_the_last_one_padded():
    data = bytes((i * 7 + 3) & 0xFF for i in range(256 * 3 + 5))
    pages = decode(uf2.bin_to_uf2(data))
    assert len(pages) == 4
    assert image_of(pages) == data + bytes(251)
    assert image_of(decode(uf2.bin_to_uf2(data[:512]))) == data[:512]  # no empty block


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """`make uf2`'s work: the stock Pico's firmware built with the frozen manifest."""
    try:
        image = uf2.build("pico", log=lambda line: None)
    except uf2.BuildError as exc:
        pytest.fail(str(exc), pytrace=False)
    out = tmp_path_factory.mktemp("uf2")
    return image.read_bytes(), uf2.write_uf2(image, out / "p.uf2", out / "p.bin").read_bytes()


def test_make_uf2_writes_the_built_image_byte_for_byte(built):
    image, blob = built
    # It must end before the filesystem: RPI_PICO's 640 KiB of code, then 1408 of littlefs.
    used, free = uf2.pico_space(len(image))
    assert 300_000 < len(image) == used and free == 640 * 1024 - used > 0
    assert len(blob) == 512 * -(-len(image) // 256)
    print("pico: %d of %d bytes, %d free" % (used, 640 * 1024, free))
    got = image_of(decode(blob))
    assert got[:len(image)] == image and got[len(image):] == bytes(len(got) - len(image))
    # Boot stage 2 first: the bootrom runs the image only when its CRC matches.
    assert struct.unpack("<I", image[252:256])[0] == crc32_mpeg2(image[:252])


def crc32_mpeg2(data):
    """The RP2040 bootrom's check of boot stage 2: CRC-32/MPEG-2 (not reflected, no xor)."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
    return crc


def frozen_names(image):
    """The module names a MicroPython firmware image holds frozen (its mp_frozen_names: the
    names, NUL-terminated, one after another)."""
    return {m.decode() for m in re.findall(rb"(?<=\0)[A-Za-z0-9_/]+\.py(?=\0)", image)}


def test_every_firmware_module_and_main_are_frozen_in(built):
    image, _ = built
    names = frozen_names(image)
    wanted = {p.relative_to(ROOT).as_posix() for p in (ROOT / "firmware").rglob("*.py")}
    assert wanted and wanted <= names, sorted(wanted - names)
    assert {"main.py", "_boot.py"} <= names  # the entry point and the port's own start-up
    assert "boot.py" not in names  # ours only matters on CircuitPython


def test_no_toolchain_says_what_to_install_in_one_line(tmp_path):
    # A PATH with python and nothing else: no arm-none-eabi-gcc, no cmake.
    (tmp_path / "python3").symlink_to(sys.executable)
    env = dict(os.environ, PATH=str(tmp_path))
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "uf2.py")], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and done.stdout == ""
    line = done.stderr.strip()
    assert "arm-none-eabi-gcc" in line and "cmake" in line
    assert "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake" in line


AVAILABLE = """
import sys
sys.path.insert(0, sys.argv[1])
from firmware import core
from firmware.core import GAMES, available
print(core.__file__)
print([g for g in GAMES if available(g)])
print(sorted(m for m in sys.modules if m.startswith("firmware.games.")))
import firmware.games.quartz.rules
print(available("quartz"), "firmware.games.quartz.rules" in sys.modules)
"""


def test_available_finds_games_in_a_package_without_files(tmp_path):
    # A zip on sys.path: modules import, but nothing stands beside __file__ to os.stat,
    # as with a firmware's frozen modules.
    archive = tmp_path / "firmware.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for path in (ROOT / "firmware").rglob("*.py"):
            z.write(path, path.relative_to(ROOT).as_posix())
    lines = subprocess.run([sys.executable, "-c", AVAILABLE, str(archive)], cwd=tmp_path,
                           capture_output=True, text=True, timeout=60, check=True,
                           ).stdout.splitlines()
    assert lines[0].startswith(str(archive))
    games = [p.parent.name for p in (ROOT / "firmware" / "games").glob("*/rules.py")]
    from firmware.core import GAMES

    assert eval(lines[1]) == [g for g in GAMES if g in games] and len(games) >= 4
    # asked, then let go: no game's rules left in the heap (the shared engine may stay)
    assert [m for m in eval(lines[2]) if m.endswith(".rules")] == []
    assert lines[3] == "True True"  # a module already loaded stays loaded


def test_the_cached_build_freezes_the_checkout_that_asks(built, tmp_path, monkeypatch):
    # Another checkout (a CI clone, say) sharing the cached tree, its files as old as ours
    # (copied with their times): each build freezes its own checkout's modules, never the
    # ones the cache saw last.
    other = tmp_path / "other"
    shutil.copytree(ROOT / "firmware", other / "firmware", ignore=shutil.ignore_patterns(
        "__pycache__"))
    shutil.copy2(ROOT / "main.py", other / "main.py")
    shutil.copytree(ROOT / "tools" / "frozen", other / "tools" / "frozen")
    with open(other / "firmware" / "clock.py", "a") as f:
        f.write("\nPROBE_OF_THE_OTHER_CHECKOUT = 1\n")
    probe = b"PROBE_OF_THE_OTHER_CHECKOUT"
    monkeypatch.setattr(uf2, "MANIFEST", other / "tools" / "frozen" / "manifest.py")
    assert probe in uf2.build("pico", log=lambda line: None).read_bytes()
    monkeypatch.setattr(uf2, "MANIFEST", ROOT / "tools" / "frozen" / "manifest.py")
    image = uf2.build("pico", log=lambda line: None).read_bytes()
    assert probe not in image and image == built[0]


PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
from firmware.core import available
print(available("zz_probe"), available("zz_absent"), available("zz_compiled"))
print("firmware.games.zz_probe.rules" in sys.modules)
"""


@pytest.mark.parametrize("packed", [False, True])
def test_available_reads_files_where_there_are_files(tmp_path, packed):
    # A game module whose import says so: beside the package's files it is found without
    # being imported (a board's heap and time); in a zip (as frozen) the importer is asked.
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "firmware", tree / "firmware",
                    ignore=shutil.ignore_patterns("__pycache__"))
    games = tree / "firmware" / "games"
    for name in ("zz_probe", "zz_compiled"):
        (games / name).mkdir()
        (games / name / "__init__.py").write_text("")
    (games / "zz_probe" / "rules.py").write_text("print('imported')\n")
    # a board's .mpy only (make flash): found by its file, as CPython cannot import it
    (games / "zz_compiled" / "rules.mpy").write_bytes(b"M\x06\x00\x1f")
    where = tree
    if packed:
        where = tmp_path / "firmware.zip"
        with zipfile.ZipFile(where, "w") as z:
            for path in (tree / "firmware").rglob("*.py"):
                z.write(path, path.relative_to(tree).as_posix())
    out = subprocess.run([sys.executable, "-c", PROBE, str(where)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert out.splitlines() == (["imported", "True False False", "False"] if packed
                                else ["True False True", "False"])


# -- the PyBadge's and the PyGamer's UF2: CircuitPython 9.2.9 with the app frozen in ---------

@pytest.fixture(scope="module", params=["pybadge", "pygamer"])
def cp_built(request, tmp_path_factory):
    """`make uf2`'s work for one SAMD51 board: (its name, the Built, its UF2's bytes)."""
    try:
        built = cpbuild.build(request.param, log=lambda line: None)
    except uf2.BuildError as exc:
        pytest.fail(str(exc), pytrace=False)
    out = uf2.write_cp_uf2(request.param, built, tmp_path_factory.mktemp("cpuf2"))
    assert out.name == "pocket-gems-%s.uf2" % request.param
    return request.param, built, out.read_bytes()


def test_circuitpython_uf2_carries_its_image_family_tagged_and_it_fits(cp_built):
    name, built, blob = cp_built
    image = built.image.read_bytes()
    got = image_of(decode(blob, SAMD51), base=0x4000)  # after the board's UF2 bootloader
    assert got[:len(image)] == image and got[len(image):] == bytes(len(got) - len(image))
    # The flash the firmware may take: 488 KiB of the SAMD51J19's 512 (its bootloader's 16
    # first, 8 for the NVM at the end); the build's figures are the image's.
    assert built.total == 488 * 1024 and built.used == len(image)
    assert built.free == built.total - built.used > 0
    print("%s: %d of %d bytes, %d free" % (name, built.used, built.total, built.free))


def test_circuitpython_image_holds_the_handheld_app_and_not_the_consoles(cp_built):
    name, built, _ = cp_built
    names = frozen_names(built.image.read_bytes())
    wanted = set(cpbuild.frozen_modules(board=name))
    assert {"firmware/app.py", "firmware/start.py", "firmware/games/diams/help.py",
            "firmware/hw/%s.py" % name, "firmware/hw/pybadge.py", "firmware/hw/kit.py",
            "firmware/hw/uartport.py", "firmware/games/diploma/rules.py"} <= wanted
    # Only its own profile (the PyGamer's on the PyBadge's: the PyGamer's needs the PyBadge's).
    assert "firmware/hw/picodisplay.py" not in wanted
    assert ("firmware/hw/pygamer.py" in wanted) == (name == "pygamer")
    assert wanted <= names, sorted(wanted - names)
    left_out = {p.relative_to(ROOT).as_posix() for p in (ROOT / "firmware").rglob("*.py")}
    left_out -= wanted
    assert {"firmware/ui/console.py", "firmware/games/diams/console.py", "firmware/hw/host.py",
            "firmware/ui/fbscene.py", "firmware/hw/st7789.py"} <= left_out
    assert not left_out & names
    assert b"Stage" not in built.image.read_bytes()  # the stock board's frozen library: cut


def test_the_drive_files_reach_the_firmware_byte_for_byte(tmp_path):
    # drive_files.h, the bytes drive.h writes onto CIRCUITPY, compiled by the host's C
    # compiler and printed back: each is the file of the checkout; and every byte but NUL
    # survives c_string's escapes (quotes, backslashes, trigraphs, non-ASCII).
    tricky = bytes(range(1, 256)) + b'??=??/\n"\\\r\n'
    header = tmp_path / "drive_files.h"
    header.write_text(cpbuild.drive_files_header()
                      + "static const char tricky[] =\n%s;\n" % cpbuild.c_string(tricky))
    names = list(cpbuild.DRIVE_FILES) + ["tricky"]
    program = tmp_path / "dump.c"
    program.write_text('#include <stdio.h>\n#include "drive_files.h"\nint main(void) {\n'
                       + "".join("    fwrite(%s, 1, sizeof(%s) - 1, stdout); putchar(0);\n"
                                 % (n, n) for n in names) + "    return 0;\n}\n")
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Werror", "-o", str(tmp_path / "dump"),
                    str(program)], check=True, capture_output=True)
    out = subprocess.run([str(tmp_path / "dump")], check=True, capture_output=True).stdout
    files = [path.read_bytes() for path in cpbuild.DRIVE_FILES.values()]
    assert out.split(b"\0")[:-1] == files + [tricky]
    assert b"bootmode.choose_mode()" in cpbuild.DRIVE_FILES["pocket_gems_boot_py"].read_bytes()


@pytest.mark.parametrize("port,board", [("atmel-samd", "pybadge"), ("atmel-samd", "pygamer"),
                                        ("raspberrypi", "raspberry_pi_pico")])
def test_each_stock_board_calls_drive_h_first_thing(port, board):
    stock = (cpbuild.source_tree() / "ports" / port / "boards" / board / "board.c").read_text()
    ours = cpbuild.board_c(stock)
    assert ours.count('#include "drive.h"') == 1 and ours.count(cpbuild.HOOK) == 1
    body = ours[ours.index("void board_init(void) {\n"):]
    assert body.split("\n")[1] + "\n" == cpbuild.HOOK  # before the display is set up
    assert ours.replace(cpbuild.HOOK, "").replace(
        '#include "drive.h"  // Pocket gem games: tools/frozen/circuitpython/drive.h\n', "") \
        in (stock, stock + "\nvoid board_init(void) {\n}\n")  # nothing else changed
    # a board_init written otherwise: said, never built without the call
    odd = (stock.replace("void board_init(void) {", "void board_init(void)\n{")
           if "board_init" in stock else stock + "\nvoid board_init(void)\n{\n}\n")
    with pytest.raises(uf2.BuildError):
        cpbuild.board_c(odd)
