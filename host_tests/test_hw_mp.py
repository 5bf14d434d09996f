# The Pico Display packs on MicroPython (firmware/hw/picodisplay_mp.py, st7789.py) and how a
# MicroPython board is recognised (firmware/hw/__init__.py), on CPython with a recording
# stand-in for MicroPython's `machine` module: the pins and bus the profile takes, the bytes
# its panel driver sends (read back through tools/panelmodel.py), its buttons and chords.
# The same code on the emulated Pico: host_tests/test_pico_screen.py.
import os
import sys
import types

import pytest
from panelmodel import PACKS, Panel

from firmware import buttons, hw
from firmware.hw import picodisplay_mp as mp
from firmware.hw import st7789


class Wiring:
    """What the profile did with the board's pins and SPI."""

    def __init__(self):
        self.pins = {}  # number -> FakePin
        self.spi = None
        self.sent = []  # (dc, bytes) while CS is low


def machine_module(wiring):
    class Pin:
        IN = "in"
        OUT = "out"
        PULL_UP = "pull-up"

        def __init__(self, number, mode=None, pull=None, value=None):
            self.number = number
            self.mode = mode
            self.pull = pull
            self.level = 1 if value is None else value
            wiring.pins[number] = self

        def value(self, level=None):
            if level is None:
                return self.level
            self.level = level

    class SPI:
        def __init__(self, bus, baudrate, sck, mosi):
            self.bus = bus
            self.baudrate = baudrate
            self.sck = sck.number
            self.mosi = mosi.number
            wiring.spi = self

        def write(self, data):
            assert wiring.pins[17].level == 0, "a write with the panel not selected"
            wiring.sent.append((wiring.pins[16].level, bytes(data)))

    module = types.ModuleType("machine")
    module.Pin = Pin
    module.SPI = SPI
    return module


@pytest.fixture
def serial(monkeypatch):
    """The board's serial: sys.stdin from a pipe (the test writes what is typed)."""
    read_end, write_end = os.pipe()
    stdin = os.fdopen(read_end, "rb", buffering=0)  # read as it comes, as on a board
    monkeypatch.setattr(sys, "stdin", stdin)
    yield write_end
    os.close(write_end)
    stdin.close()


@pytest.fixture
def wiring(monkeypatch, serial):
    found = Wiring()
    found.serial = serial
    monkeypatch.setitem(sys.modules, "machine", machine_module(found))
    waits = []
    monkeypatch.setattr(st7789, "sleep_ms", waits.append)
    found.waits = waits
    return found


@pytest.mark.parametrize("name", ["picodisplay", "picodisplay2"])
def test_open_wires_the_pack(wiring, name):
    board = mp.open(name)
    width, height = hw.SIZES[name]
    assert (board.name, board.width, board.height) == (name, width, height)
    assert (board.display.width, board.display.height) == (width, height)
    spi = wiring.spi
    assert (spi.bus, spi.sck, spi.mosi, spi.baudrate) == (0, 18, 19, 62_500_000)
    assert wiring.pins[16].mode == "out" and wiring.pins[17].mode == "out"
    assert wiring.pins[17].level == 1  # the panel let go between commands
    assert wiring.pins[20].mode == "out" and wiring.pins[20].level == 1  # backlight on
    for number in (12, 13, 14, 15):
        assert (wiring.pins[number].mode, wiring.pins[number].pull) == ("in", "pull-up")
    assert wiring.waits == [150, 120, 10, 10, 20]  # the datasheet's waits, in order
    panel = Panel()
    for dc, data in wiring.sent:
        panel.send(dc, data)
    assert panel.commands[0] == 0x01 and panel.awake and panel.on and panel.inverted
    assert panel.madctl == 0x70 and panel.colmod == 0x55
    # A window lands where the pack shows it: a red pixel at the pack's (2, 3).
    board.display.write(2, 3, 1, 1, b"\xf8\x00")
    panel = Panel()
    for dc, data in wiring.sent:
        panel.send(dc, data)
    picture = panel.picture(name)
    assert picture[3][2] == 0xF800
    assert sum(value != 0 for row in picture for value in row) == 1
    assert board.lines == mp.LINES and board.beep(440, 10) is None


def test_typed_says_a_key_came_on_the_serial_once(wiring):
    board = mp.open("picodisplay")
    assert board.typed() is False
    os.write(wiring.serial, b"\r")
    assert board.typed() is True
    assert board.typed() is False  # what came was read: the console does not get it
    os.write(wiring.serial, b"xy")
    assert board.typed() is True and board.typed() is False


def test_window_and_pixels_bytes(wiring):
    board = mp.open("picodisplay")
    wiring.sent.clear()
    board.display.write(10, 20, 3, 2, b"\x01\x02" * 6)
    x, y = PACKS["picodisplay"][2:]
    assert wiring.sent == [
        (0, b"\x2a"), (1, bytes([0, x + 10, 0, x + 12])),
        (0, b"\x2b"), (1, bytes([0, y + 20, 0, y + 21])),
        (0, b"\x2c"), (1, b"\x01\x02" * 6),
    ]
    # Big addresses: both bytes (the Pack 2.0's x up to 319).
    board = mp.open("picodisplay2")
    wiring.sent.clear()
    board.display.write(300, 230, 20, 10, b"")
    assert wiring.sent[:4] == [(0, b"\x2a"), (1, bytes([1, 44, 1, 63])),
                               (0, b"\x2b"), (1, bytes([0, 230, 0, 239]))]


def test_buttons_low_when_pressed_and_chords(wiring):
    board = mp.open("picodisplay")
    pins = wiring.pins
    assert board.keys.read() == 0
    pins[12].level = 0  # A down
    assert board.keys.read() == buttons.A
    pins[13].level = 0
    pins[14].level = 0
    pins[15].level = 0
    # X is UP, Y is DOWN
    assert board.keys.read() == buttons.A | buttons.B | buttons.UP | buttons.DOWN
    for number in (12, 13, 14, 15):
        pins[number].level = 1
    # Through the pack's chords: X and Y together are START (picodisplay.ChordKeys).
    pins[14].level = 0
    pins[15].level = 0
    assert board.buttons() == buttons.START


def test_micropython_boards_are_recognised():
    assert hw.micropython_profile("Raspberry Pi Pico with RP2040", False) == "picodisplay"
    assert hw.micropython_profile("Raspberry Pi Pico W with RP2040", False) == "picodisplay"
    assert hw.micropython_profile("Raspberry Pi Pico2 with RP2350", True) == "picodisplay2"
    assert hw.micropython_profile("Adafruit Feather RP2040 with RP2040", False) is None
    assert hw.micropython_profile("linux [GCC 12.2.0] version", False) is None


def test_detect_on_micropython_reads_the_pack_flag(monkeypatch, tmp_path):
    monkeypatch.setattr(hw, "on_micropython", lambda: True)
    monkeypatch.setitem(sys.modules, "board", None)  # no CircuitPython board module
    import os

    machine = "Raspberry Pi Pico with RP2040"
    monkeypatch.setattr(os, "uname", lambda: types.SimpleNamespace(machine=machine))
    monkeypatch.chdir(tmp_path)
    assert hw.detect() == "picodisplay"
    (tmp_path / hw.PACK2_FLAG).write_text("")
    assert hw.detect() == "picodisplay2"
    machine = "ESP32 module with ESP32"
    assert hw.detect() is None


def test_detect_elsewhere_is_nothing(monkeypatch):
    monkeypatch.setitem(sys.modules, "board", None)
    assert hw.on_micropython() is False  # CPython
    assert hw.detect() is None


def test_open_board_on_micropython_opens_the_pack(wiring, monkeypatch):
    monkeypatch.setattr(hw, "on_micropython", lambda: True)
    board = hw.open_board("picodisplay2")
    assert (board.name, board.width, board.height) == ("picodisplay2", 320, 240)
    with pytest.raises(ValueError, match="picodisplay, picodisplay2"):
        hw.open_board("pybadge")  # a CircuitPython profile
