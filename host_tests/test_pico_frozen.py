# The Pico firmware with the games frozen in (tools/uf2.py), built for the emulated Pico (the
# stock board plus the UART REPL rp2040js talks to: ../shared/emu/board/RPI_PICO_EMU) and run
# there with nothing on its filesystem, as a Pico fresh from its UF2: at power-on the frozen
# main.py starts the app on the Display Pack, pixel for pixel the simulator's title with every
# game; a key typed on the serial hands over to the text console; interrupted as mpremote does
# (Ctrl-C), its REPL runs the self-test, a whole game of each game, from frozen modules; and
# the files `make flash` writes still replace the frozen package, a .py among them.
# The build is cached (tools/uf2.py), so `make test` builds it once per machine.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pico  # noqa: E402
import pytest  # noqa: E402
import uf2  # noqa: E402
from panelmodel import shots  # noqa: E402
from test_pico_screen import in_the_simulator  # noqa: E402

from firmware.core import GAMES, available, titles  # noqa: E402

HERE = [name for name in GAMES if available(name)]
SELFTEST_CYCLES = 3_500_000_000  # about 4x what the quick self-test takes from .mpy
TIMEOUT = 1500  # wall seconds, against a hung emulator only
# At power-on the frozen main.py runs the app: stopped as mpremote would, for the REPL, once
# it has printed its hint (firmware/app.py's main()).
INTERRUPT = pico.STOP_MAIN
HINT = INTERRUPT[0][1]


@pytest.fixture(scope="module")
def frozen():
    """(the emulator, the frozen firmware's image)."""
    try:
        emu = pico.prepare()
    except pico.PicoError as exc:
        pytest.fail("the emulated Pico cannot run: %s" % exc, pytrace=False)
    try:
        image = uf2.build("emu", log=lambda line: None)
    except uf2.BuildError as exc:
        pytest.fail(str(exc), pytrace=False)
    return emu, image


def test_power_on_starts_the_app_then_a_typed_key_the_console(frozen, tmp_path):
    emu, image = frozen
    record = tmp_path / "bus.bin"
    steps = pico.app_steps(["DOWN"]) + [["type", "\r"], ["until", "Players (", 60000],
                                        ["end"]]
    result = pico.run(code="pass", firmware=image, screen=record, keys=steps, boot_log=True,
                      timeout=TIMEOUT, emu=emu)
    assert result.status == 0, result.stderr[-3000:]
    pictures, _ = shots(record.read_bytes())
    simulator = in_the_simulator(["DOWN"], saves=tmp_path / "saves")
    listed = [line[1:] for line in simulator[0][1][1:1 + len(HERE)]]  # after the cursor
    assert listed == [titles()[GAMES.index(g)] for g in HERE]
    assert [pictures["0"], pictures["1"]] == [picture for picture, _ in simulator]
    # the serial: the hint at start, then (Enter typed) the console's first question
    log = result.stderr
    assert HINT in log and log.index(HINT) < log.index("Players (")


def test_selftest_plays_every_game_from_frozen_modules(frozen):
    emu, image = frozen
    code = ("import os\nprint('files', os.listdir('/'))\n"
            "import firmware.games.diams.rules as d\n"
            "try:\n    os.stat(d.__file__)\n    print('on the filesystem')\n"
            "except OSError:\n    print('frozen', d.__file__)\n"
            "from firmware.core import GAMES, available\n"
            "print('available', [g for g in GAMES if available(g)])\n"
            "from firmware import selftest\nselftest.run(quick=True)\n")
    result = pico.run(code=code, firmware=image, keys=INTERRUPT, max_cycles=SELFTEST_CYCLES,
                      timeout=TIMEOUT, emu=emu)
    print("pico frozen selftest quick: %s" % result.figures())
    assert result.status == 0, result.stdout + result.stderr[-3000:]
    out = result.stdout
    assert "files []" in out  # nothing installed: not even a save
    assert "frozen firmware/games/diams/rules.py" in out
    assert "available %r" % HERE in out and len(HERE) >= 4
    for name in HERE:
        assert "selftest %s: ok, " % name in out, out


def test_files_on_the_filesystem_replace_the_frozen_package(frozen, tmp_path):
    # As `make flash` leaves the board (.mpy), with one module copied as a .py, changed.
    emu, image = frozen
    fs = pico.board_fs(tmp_path / "fs")
    core = fs / "firmware" / "core"
    (core / "__init__.mpy").unlink()
    source = (pico.ROOT / "firmware" / "core" / "__init__.py").read_text()
    (core / "__init__.py").write_text(source + "\nFROM_THE_FILESYSTEM = True\n")
    code = ("import firmware.core as c, firmware.selftest as s\n"
            "print(getattr(c, 'FROM_THE_FILESYSTEM', False), c.__file__, s.__file__)\n"
            "print([g for g in c.GAMES if c.available(g)])\n")
    result = pico.run(code=code, firmware=image, fs=fs, keys=INTERRUPT, timeout=TIMEOUT,
                      emu=emu)
    assert result.status == 0, result.stdout + result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[0] == "True firmware/core/__init__.py firmware/selftest.mpy"
    assert lines[1] == repr(HERE)
