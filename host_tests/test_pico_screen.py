# The handheld app on the emulated Pico (tools/pico.py: real MicroPython 1.28 firmware in
# rp2040js) with a Pico Display Pack: what its ST7789 driver sends on SPI0 is decoded into the
# panel's picture (tools/panelmodel.py), its buttons are pressed on GP12-15 (tools/pico-screen.js),
# and every picture is compared with the desktop simulator's (Blinka displayio, tools/sim.py)
# for the same seed and the same keys: the title, a game's table, the bots' moves, a result.
# Pixel-identical, so nothing is left to explain. Runs in `make test` (marked slow).
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pico  # noqa: E402
import pytest  # noqa: E402
from panelmodel import PACKS, shots, write_png  # noqa: E402
from sim import Sim, headless_display  # noqa: E402
from sim import pixels as sim_pixels  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.core import load  # noqa: E402

TIMEOUT = 1500  # wall seconds, against a hung emulator only


@pytest.fixture(scope="module")
def board_files(tmp_path_factory):
    try:
        emu = pico.prepare()
    except pico.PicoError as exc:
        pytest.fail("the emulated Pico cannot run: %s" % exc, pytrace=False)
    return emu, pico.board_fs(tmp_path_factory.mktemp("picofs"))


def on_the_board(board_files, tmp_path, keys, game=None, seats=(), seed=1, options=None,
                 pack="picodisplay", pace_ms=None):
    """The pictures on the emulated board: after start-up, then after each key (`pace_ms`:
    how long each bot move stays, None: the app's)."""
    emu, fs = board_files
    record = tmp_path / "bus.bin"
    result, pictures = pico.run_app(fs, record, keys, game, seats, seed, options, pack,
                                    TIMEOUT, emu, pace_ms)
    assert pictures is not None, result.stderr[-3000:]
    _, panel = shots(record.read_bytes(), pack)
    assert panel.on and panel.inverted and panel.madctl == 0x70
    return pictures


class NoCable:
    """A link port with nothing at its other end: the simulated board has a link cable's
    UART as the Pico has (its title offers "Join a game"), none plugged in."""

    def write(self, data):
        pass

    def read(self):
        return None


def in_the_simulator(keys, game=None, seats=(), seed=1, options=None, pack="picodisplay",
                     saves=None):
    """The simulator's pictures and texts after start-up and after each key; saves: a
    folder to save in (else no saving)."""
    width, height = PACKS[pack][:2]
    slot = None
    if saves is not None:
        from firmware.save import SaveSlot

        slot = SaveSlot(str(saves), sync=False)
    sim = Sim(headless_display(width, height), pack, slot, None, seed, None, NoCable())
    if game:
        sim.app._play(load(game).new_game(len(seats), seed, options or {}), list(seats))
    sim.settle()
    pictures = []
    for key in [None] + list(keys):
        if key is not None:
            sim.press(getattr(buttons, key))
        sim.refresh()
        pictures.append((sim_pixels(sim.display), sim.texts()))
    return pictures


def same_screens(tmp_path, board, simulator, keys):
    assert len(board) == len(simulator)
    for i, (got, (want, texts)) in enumerate(zip(board, simulator)):
        if got != want:
            write_png(tmp_path / ("board-%d.png" % i), got)
            write_png(tmp_path / ("sim-%d.png" % i), want)
            diffs = sum(a != b for r1, r2 in zip(got, want) for a, b in zip(r1, r2))
            step = (["start"] + list(keys))[i]
            pytest.fail("after %s: %d pixels differ (pictures in %s); the simulator shows\n%s"
                        % (step, diffs, tmp_path, "\n".join(texts)))


def test_title_and_its_menu(board_files, tmp_path):
    keys = ["DOWN", "DOWN", "UP", "A"]  # to Quartz, back to Diamonds, its setup screen
    board = on_the_board(board_files, tmp_path, keys)
    simulator = in_the_simulator(keys)
    assert "Pocket Gem Games" in simulator[0][1][0]
    assert simulator[4][1] != simulator[3][1]  # A opened another screen
    same_screens(tmp_path, board, simulator, keys)


def test_a_table_and_the_bots_moves(board_files, tmp_path):
    # Diamonds, a human and two normal bots: the table, cursor moves, a card played, the
    # bots' answers (the log of what they did), and a chord (START: the pause menu).
    game = dict(game="diamonds", seats=("human", "normal", "normal"), seed=2)
    keys = ["A", "RIGHT", "A", "A", "A", "START"]
    board = on_the_board(board_files, tmp_path, keys, **game)
    simulator = in_the_simulator(keys, **game)
    same_screens(tmp_path, board, simulator, keys)


def test_a_game_played_by_bots_to_its_result(board_files, tmp_path):
    # Diamonds, two normal bots and nobody else: the app plays the game, stopping on each
    # round's result (A: go on) and at the end on the game's. The bots' moves follow each
    # other without the pause a player reads them in: the same screens, a minute less of
    # emulated board time (test_a_table_and_the_bots_moves keeps it).
    game = dict(game="diamonds", seats=("normal", "normal"), seed=5)
    keys = ["A", "A", "A"]
    board = on_the_board(board_files, tmp_path, keys, pace_ms=0, **game)
    simulator = in_the_simulator(keys, **game)
    assert simulator[0][1][:2] == ["Round 1 of 4", "         P1 P2"]
    assert simulator[3][1][0].startswith("Game over")
    same_screens(tmp_path, board, simulator, keys)


def test_main_starts_the_app_on_the_pack_at_power_on(board_files, tmp_path):
    # As `make flash` leaves a MicroPython Pico: main.py runs at boot and finds the pack.
    emu, fs = board_files
    record = tmp_path / "bus.bin"
    result = pico.run(code="pass", fs=fs, with_main=True, screen=record,
                      keys=pico.app_steps(["DOWN"]),
                      timeout=TIMEOUT, emu=emu)
    assert result.status == 0, result.stderr[-3000:]
    pictures, _ = shots(record.read_bytes())
    simulator = in_the_simulator(["DOWN"], saves=tmp_path / "saves")
    assert simulator[0][1][-1] == "saves on"  # MicroPython's flash is the code's
    assert [pictures["0"], pictures["1"]] == [picture for picture, _ in simulator]
    assert pictures["0"] != pictures["1"]  # the Y button moved the cursor


def test_a_console_file_starts_the_console_instead(board_files, tmp_path):
    emu, fs = board_files
    (fs / "console").write_text("")
    try:
        record = tmp_path / "bus.bin"
        result = pico.run(code="pass", fs=fs, with_main=True, boot_log=True, screen=record,
                          keys=[["wait", 3000], ["end"]], timeout=TIMEOUT, emu=emu)
    finally:
        (fs / "console").unlink()
    assert result.status == 0, result.stderr[-3000:]
    assert "Players" in result.stderr or "players" in result.stderr, result.stderr[-2000:]
    _, panel = shots(record.read_bytes())
    assert panel.commands == []  # the panel is left alone


def test_a_plain_run_writes_to_the_panel_too(board_files):
    # Every run times the SPI bus (tools/pico-screen.js): the panel's pixels go by DMA, which
    # rp2040js's instant completion would leave waiting forever.
    emu, fs = board_files
    code = ("from firmware import hw\nb = hw.open_board('picodisplay')\n"
            "b.display.write(0, 0, 240, 12, bytearray(5760))\nprint('written')\n")
    result = pico.run(code=code, fs=fs, max_cycles=250_000_000, timeout=TIMEOUT, emu=emu)
    assert result.status == 0 and result.stdout == "written\n", result.stderr[-2000:]


# The link cable's port (issue 58, firmware/hw/uartport.py) on the board's own UART1 (GP4 TX,
# GP5 RX), its TX wired back to its RX by the emulator at 115200 baud: what the board writes it
# reads back whole, in pieces as the bytes arrive, and a read with nothing there returns at
# once. host_tests/test_cp_pico.py runs the same on CircuitPython's busio.UART.
LINK_LOOP = """
import time
from firmware import hw
board = hw.open_board(hw.detect())
port = board.link_port()
first = port.read()
data = bytes(range(256)) * 8 + b"the frame's end"
port.write(data)
got = b""
reads = 0
for _ in range(4000):
    piece = port.read()
    if piece:
        got += piece
        reads += 1
    if len(got) >= len(data):
        break
    time.sleep(0.001)
print("LINK", first, got == data, len(got), reads > 1, board.link_port() is port)
"""


def test_the_link_cables_uart_carries_what_it_is_given(board_files):
    emu, fs = board_files
    result = pico.run(code=LINK_LOOP, fs=fs, timeout=TIMEOUT, emu=emu, uart1="loop")
    assert "LINK None True 2063 True True" in result.stdout, result.stdout + result.stderr[-2000:]
