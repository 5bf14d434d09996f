# The board profiles opened on fake CircuitPython hardware (CPython): small recording stand-ins
# for board, keypad, digitalio, audiocore, audioio/audiopwmio, analogio, busio, fourwire,
# busdisplay and displayio, installed in sys.modules for one test. The fakes follow the boards'
# documented wiring, so what is checked is what the profile asks of the hardware and what the
# app then gets (the buttons held, the tones played, the display's size), not how it is coded.
import sys
import time
import types

import pytest

from firmware import hw
from firmware.buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from firmware.hw import kit, picodisplay, pybadge, pygamer
from firmware.hw.host import HostBoard

# The PyBadge's and PyGamer's 74HC165 shift register, by key number (adafruit_pybadger); the
# PyGamer wires only the first four (its d-pad is the joystick).
SHIFT_REGISTER = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
# The Pico Display Pack's four buttons, to ground.
PICO_BUTTONS = {"GP12": "A", "GP13": "B", "GP14": "X", "GP15": "Y"}
BADGE_PINS = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE")
GAMER_PINS = BADGE_PINS + ("JOYSTICK_X", "JOYSTICK_Y")
PICO_PINS = tuple("GP%d" % i for i in range(29))
BUTTON = {"A": A, "B": B, "START": START, "SELECT": SELECT, "UP": UP, "DOWN": DOWN,
          "LEFT": LEFT, "RIGHT": RIGHT}


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class Display:
    def __init__(self, width, height):
        self.width = width
        self.height = height


class Event:
    def __init__(self, key_number=0, pressed=False):
        self.key_number = key_number
        self.pressed = pressed


class Queue:
    def __init__(self):
        self.pending = []
        self.overflowed = False

    def get_into(self, event):
        if not self.pending:
            return False
        event.key_number, event.pressed = self.pending.pop(0)
        return True

    def get(self):
        if not self.pending:
            return None
        return Event(*self.pending.pop(0))

    def clear(self):
        self.pending = []
        self.overflowed = False


class Scanner:
    """keypad.Keys / keypad.ShiftRegisterKeys: `wired` are the buttons at its key numbers.
    Set up with the wrong polarity (or a floating pin), every button reads the other way."""

    def __init__(self, hardware, wired, right_polarity):
        self.hardware = hardware
        self.wired = wired
        self.right_polarity = right_polarity
        self.events = Queue()
        self.deinited = False
        self.resets = 0
        for number, name in enumerate(wired):  # a button down already: a press at once
            if self.reads_down(name):
                self.events.pending.append((number, True))

    def reads_down(self, name):
        return (name in self.hardware.down) == self.right_polarity

    def change(self, name):
        if not self.deinited and name in self.wired:
            self.events.pending.append((self.wired.index(name), self.reads_down(name)))

    def reset(self):
        self.resets += 1

    def deinit(self):
        self.hardware.log.append(("scanner deinit",))
        self.deinited = True
        if self.hardware.fail_on == "scanner deinit":
            raise OSError("deinit failed")


class AnalogIn:
    def __init__(self, hardware, pin):
        self.hardware = hardware
        self.pin = pin

    @property
    def value(self):
        return self.hardware.stick[self.pin.name]


class Enable:
    """digitalio.DigitalInOut on the amplifier's enable pin."""

    def __init__(self, hardware, pin):
        self.hardware = hardware
        self.pin = pin
        self._value = None
        self.output = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.output = True
        self._value = value
        self.hardware.log.append(("output", self.pin.name, value))

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, on):
        self._value = on
        self.hardware.log.append(("enable", on))


class RawSample:
    def __init__(self, buffer, channel_count=1, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate


class AudioOut:
    def __init__(self, hardware, kind, pin):
        self.hardware = hardware
        self.kind = kind
        self.pin = pin
        self.playing = False

    def play(self, sample, loop=False):
        self.hardware.log.append(("play", sample.sample_rate, loop,
                                  self.hardware.amplifier_on()))
        if self.hardware.fail_on == "play":
            raise OSError("play failed")
        self.playing = True

    def stop(self):
        self.hardware.log.append(("stop",))
        self.playing = False
        if self.hardware.fail_on == "stop":
            raise OSError("stop failed")


class Hardware:
    """The modules of a CircuitPython board, recording what is asked of them."""

    def __init__(self, monkeypatch, board_id, pins, display=None, missing=(), fail_on=None):
        self.log = []
        self.sleeps = []
        self.down = set()  # the buttons held now, by the names printed on the board
        self.stick = {"JOYSTICK_X": 32768, "JOYSTICK_Y": 32768}
        self.scanners = []
        self.enable = None
        self.audio = None
        self.sample = None
        self.fail_on = fail_on
        self.modules = {}
        board = types.ModuleType("board")
        board.board_id = board_id
        for name in pins:
            setattr(board, name, Pin(name))
        if display is not None:
            board.DISPLAY = display
        self.modules["board"] = board
        self.modules["keypad"] = self.module("keypad", Keys=self.keys,
                                             ShiftRegisterKeys=self.shift_register_keys,
                                             Event=self.event)
        self.modules["digitalio"] = self.module("digitalio", DigitalInOut=self.digital_in_out)
        self.modules["audiocore"] = self.module("audiocore", RawSample=self.raw_sample)
        self.modules["audioio"] = self.module(
            "audioio", AudioOut=lambda pin: self.audio_out("audioio.AudioOut", pin))
        self.modules["audiopwmio"] = self.module(
            "audiopwmio", PWMAudioOut=lambda pin: self.audio_out("audiopwmio.PWMAudioOut", pin))
        self.modules["analogio"] = self.module("analogio",
                                               AnalogIn=lambda pin: AnalogIn(self, pin))
        self.modules["busio"] = self.module("busio", SPI=self.spi)
        self.modules["fourwire"] = self.module("fourwire", FourWire=self.four_wire)
        self.modules["busdisplay"] = self.module("busdisplay", BusDisplay=self.bus_display)
        self.modules["displayio"] = self.module("displayio",
                                                release_displays=self.release_displays)
        for name, module in self.modules.items():
            monkeypatch.setitem(sys.modules, name, None if name in missing else module)
        monkeypatch.setattr(time, "sleep", self.sleep)

    @staticmethod
    def module(name, **attributes):
        module = types.ModuleType(name)
        for key, value in attributes.items():
            setattr(module, key, value)
        return module

    def fail(self, what):
        if self.fail_on == what:
            raise RuntimeError(what + " failed")

    # keypad
    def keys(self, pins, value_when_pressed=True, pull=True, **options):
        self.log.append(("Keys", tuple(p.name for p in pins), value_when_pressed, pull))
        self.fail("Keys")
        wired = tuple(PICO_BUTTONS[p.name] for p in pins)
        # to ground: a pressed button reads 0, and only with a pull-up does a free one read 1
        scanner = Scanner(self, wired, value_when_pressed is False and pull is True)
        self.scanners.append(scanner)
        return scanner

    def shift_register_keys(self, clock, data, latch, key_count, value_when_pressed, **options):
        self.log.append(("ShiftRegisterKeys", clock.name, data.name, latch.name, key_count,
                         value_when_pressed))
        wired = SHIFT_REGISTER[:key_count]
        scanner = Scanner(self, wired, value_when_pressed is True)  # a pressed button reads 1
        self.scanners.append(scanner)
        return scanner

    def event(self):
        self.fail("Event")
        return Event()

    def press(self, *names):
        for name in names:
            self.down.add(name)
            for scanner in self.scanners:
                scanner.change(name)

    def release(self, *names):
        for name in names:
            self.down.discard(name)
            for scanner in self.scanners:
                scanner.change(name)

    # sound
    def digital_in_out(self, pin):
        self.enable = Enable(self, pin)
        return self.enable

    def raw_sample(self, buffer, **options):
        self.sample = RawSample(buffer, **options)
        return self.sample

    def audio_out(self, kind, pin):
        self.audio = AudioOut(self, kind, pin)
        return self.audio

    def amplifier_on(self):
        return self.enable is not None and self.enable.value is True

    def sleep(self, seconds):
        self.sleeps.append(seconds)
        self.log.append(("sleep", seconds, self.amplifier_on(),
                         self.audio is not None and self.audio.playing))

    # the Pico Display Pack's display
    def spi(self, clock, MOSI, **options):  # noqa: N803 (busio's name)
        self.log.append(("SPI", clock.name, MOSI.name))
        self.fail("SPI")
        hardware = self

        class Spi:
            def deinit(self):
                hardware.log.append(("spi deinit",))

        return Spi()

    def four_wire(self, spi, command, chip_select, **options):
        self.log.append(("FourWire", command.name, chip_select.name))
        self.fail("FourWire")
        return ("bus", spi)

    def bus_display(self, bus, init_sequence, **options):
        options = dict(options)
        options["backlight_pin"] = options["backlight_pin"].name
        self.log.append(("BusDisplay", bus[0], init_sequence, options))
        self.fail("BusDisplay")
        return Display(options["width"], options["height"])

    def release_displays(self):
        self.log.append(("release_displays",))


def badge(monkeypatch, **options):
    return Hardware(monkeypatch, "pybadge", BADGE_PINS, Display(160, 128), **options)


def gamer(monkeypatch, **options):
    return Hardware(monkeypatch, "pygamer", GAMER_PINS, Display(160, 128), **options)


def pico(monkeypatch, **options):
    return Hardware(monkeypatch, "raspberry_pi_pico", PICO_PINS, **options)


# -- which board, and opening it ------------------------------------------------------------
def test_detect_reads_the_board_id_of_the_board_module(monkeypatch):
    monkeypatch.setitem(sys.modules, "board", None)  # no such module: not CircuitPython
    assert hw.detect() is None
    for board_id, profile in (("pybadge", "pybadge"), ("pygamer", "pygamer"),
                              ("raspberry_pi_pico", "picodisplay"),
                              ("raspberry_pi_pico2_w", "picodisplay"),
                              ("pimoroni_pico_plus2", "picodisplay"), ("pyportal", None),
                              ("rpi_pico", None)):
        Hardware(monkeypatch, board_id, ())
        assert hw.detect() == profile, board_id
    monkeypatch.setitem(sys.modules, "board", types.ModuleType("board"))  # no board_id
    assert hw.detect() is None


def test_open_board_refuses_a_name_that_is_not_a_profile():
    for name in ("host", "gameboy", "", "kit", "buttons", "PYBADGE"):
        with pytest.raises(ValueError) as error:
            hw.open_board(name)
        assert "boards: pybadge, pygamer, picodisplay" in str(error.value), name


def test_open_board_opens_the_named_profile(monkeypatch):
    badge(monkeypatch)
    board = hw.open_board("pybadge")
    assert isinstance(board, pybadge.PyBadge) and board.name == "pybadge"
    gamer(monkeypatch)
    board = hw.open_board("pygamer")
    assert isinstance(board, pygamer.PyGamer) and board.name == "pygamer"
    pico(monkeypatch)
    board = hw.open_board("picodisplay")
    assert isinstance(board, picodisplay.PicoDisplay) and board.name == "picodisplay"


def test_sizes_are_the_profiles_displays(monkeypatch):
    assert hw.PROFILES == ("pybadge", "pygamer", "picodisplay")
    assert hw.SIZES == {"pybadge": (160, 128), "pygamer": (160, 128),
                        "picodisplay": (240, 135), "picodisplay2": (320, 240)}
    for make, name in ((badge, "pybadge"), (gamer, "pygamer"), (pico, "picodisplay")):
        make(monkeypatch)
        board = hw.open_board(name)
        assert (board.width, board.height) == hw.SIZES[name], name
        assert (board.display.width, board.display.height) == hw.SIZES[name], name


def test_the_drive_buttons_are_the_documented_ones():
    assert kit.DRIVE_BUTTONS == {"pybadge": "SELECT", "pygamer": "SELECT", "picodisplay": "B"}


# -- the simulator's board --------------------------------------------------------------------
def test_host_board_is_the_simulated_profiles_size_buttons_and_help():
    board = HostBoard(Display(160, 128))
    assert board.name == "pybadge" and board.lines == pybadge.LINES
    assert (board.width, board.height) == (160, 128)
    assert board.buttons() == 0  # nothing held until the keyboard says so
    board.held = A | UP
    assert board.buttons() == A | UP
    assert board.beep(440, 50) is None
    for module in (pybadge, pygamer, picodisplay):
        size = hw.SIZES[module.NAME]
        board = HostBoard(Display(*size), module.NAME)
        assert board.name == module.NAME and board.lines == module.LINES
        assert (board.width, board.height) == size and board.buttons() == 0


# -- PyBadge ----------------------------------------------------------------------------------
def test_pybadge_reads_the_shift_register_and_shows_board_display(monkeypatch):
    hardware = badge(monkeypatch)
    board = pybadge.open()
    assert ("ShiftRegisterKeys", "BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", 8,
            True) in hardware.log
    assert board.display is sys.modules["board"].DISPLAY
    assert (board.name, board.width, board.height) == ("pybadge", 160, 128)
    assert board.lines == pybadge.LINES
    assert board.buttons() == 0
    for name in SHIFT_REGISTER:
        hardware.press(name)
        assert board.buttons() == BUTTON[name], name
        hardware.release(name)
        assert board.buttons() == 0, name
    hardware.press("A", "LEFT")
    assert board.buttons() == A | LEFT
    hardware.release("A")
    assert board.buttons() == LEFT


def test_pybadge_beeps_through_its_speaker(monkeypatch):
    hardware = badge(monkeypatch)
    board = pybadge.open()
    del hardware.log[:]
    board.beep(440, 30)
    assert hardware.log == [("enable", True), ("play", 440 * 16, True, True),
                            ("sleep", 0.03, True, True), ("stop",), ("enable", False)]


def test_pybadge_drive_button_is_select_read_once(monkeypatch):
    for held, want in (((), False), (("SELECT",), True), (("A", "START"), False),
                       (("B", "SELECT", "LEFT"), True)):
        hardware = badge(monkeypatch)
        hardware.down.update(held)
        assert pybadge.drive_button_held() is want, held
        assert hardware.log == [("ShiftRegisterKeys", "BUTTON_CLOCK", "BUTTON_OUT",
                                 "BUTTON_LATCH", 8, True), ("sleep", 0.1, False, False),
                                ("scanner deinit",)]
        assert hardware.sleeps == [0.1]  # time for the first scans


# -- the speaker (PyBadge and PyGamer) --------------------------------------------------------
def test_speaker_loops_one_period_of_a_quiet_square_wave(monkeypatch):
    hardware = badge(monkeypatch)
    speaker = pybadge.Speaker()
    high, low = 0x8000 + 0x1800, 0x8000 - 0x1800
    wave = hardware.sample.buffer
    assert wave.typecode == "H" and list(wave) == [high] * 8 + [low] * 8
    assert hardware.audio.kind == "audioio.AudioOut" and hardware.audio.pin.name == "SPEAKER"
    assert hardware.enable.pin.name == "SPEAKER_ENABLE"
    assert hardware.log == [("output", "SPEAKER_ENABLE", False)]  # silent until a beep
    assert speaker.audio is hardware.audio


def test_speaker_plays_16_samples_a_period_with_the_amplifier_on_only_then(monkeypatch):
    hardware = badge(monkeypatch)
    speaker = pybadge.Speaker()
    for hz, ms in ((440, 100), (1000, 5), (262.9, 250), (3, 1)):
        del hardware.log[:]
        speaker.beep(hz, ms)
        rate = int(hz) * 16
        assert hardware.sample.sample_rate == rate
        assert hardware.log == [("enable", True), ("play", rate, True, True),
                                ("sleep", ms / 1000, True, True), ("stop",),
                                ("enable", False)], (hz, ms)
        assert not hardware.amplifier_on() and not hardware.audio.playing


def test_speaker_beep_never_longer_than_250_ms(monkeypatch):
    hardware = badge(monkeypatch)
    speaker = pybadge.Speaker()
    for ms in (249, 250, 251, 1000, 60000):
        speaker.beep(880, ms)
    assert hardware.sleeps == [0.249, 0.25, 0.25, 0.25, 0.25]


def test_speaker_ignores_a_silent_tone(monkeypatch):
    hardware = badge(monkeypatch)
    speaker = pybadge.Speaker()
    del hardware.log[:]
    for hz, ms in ((0, 100), (-440, 100), (440, 0), (440, -5), (0, 0)):
        speaker.beep(hz, ms)
    assert hardware.log == [] and hardware.sleeps == []
    speaker.beep(1, 1)  # the smallest tone still plays
    assert ("play", 16, True, True) in hardware.log


def test_speaker_never_raises_and_always_switches_the_amplifier_off(monkeypatch):
    hardware = badge(monkeypatch, fail_on="play")
    speaker = pybadge.Speaker()
    del hardware.log[:]
    speaker.beep(440, 100)
    assert hardware.log == [("enable", True), ("play", 7040, True, True), ("stop",),
                            ("enable", False)]
    assert hardware.sleeps == []
    hardware = badge(monkeypatch, fail_on="stop")
    speaker = pybadge.Speaker()
    speaker.beep(440, 100)  # stop() fails: nothing raised
    assert hardware.sleeps == [0.1]


def test_speaker_falls_back_to_pwm_audio(monkeypatch):
    hardware = badge(monkeypatch, missing=("audioio",))
    speaker = pybadge.Speaker()
    assert hardware.audio.kind == "audiopwmio.PWMAudioOut"
    assert hardware.audio.pin.name == "SPEAKER"
    speaker.beep(500, 10)
    assert ("play", 8000, True, True) in hardware.log


def test_speaker_missing_a_part_stays_silent(monkeypatch, capsys):
    for missing in (("digitalio",), ("audiocore",), ("audioio", "audiopwmio")):
        hardware = badge(monkeypatch, missing=missing)
        speaker = pybadge.Speaker()
        assert speaker.audio is None, missing
        assert "no sound" in capsys.readouterr().out
        del hardware.log[:]
        speaker.beep(440, 100)
        assert hardware.sleeps == [] and ("play", 7040, True, True) not in hardware.log
    hardware = Hardware(monkeypatch, "pybadge", ("SPEAKER",))  # no SPEAKER_ENABLE pin
    speaker = pybadge.Speaker()
    assert speaker.audio is None
    speaker.beep(440, 100)
    assert hardware.sleeps == []


# -- PyGamer ----------------------------------------------------------------------------------
def test_pygamer_reads_four_buttons_and_the_joystick(monkeypatch):
    hardware = gamer(monkeypatch)
    board = pygamer.open()
    assert ("ShiftRegisterKeys", "BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", 4,
            True) in hardware.log
    assert (board.name, board.width, board.height) == ("pygamer", 160, 128)
    assert board.display is sys.modules["board"].DISPLAY and board.lines == pygamer.LINES
    assert board.buttons() == 0
    for name in ("B", "A", "START", "SELECT"):
        hardware.press(name)
        assert board.buttons() == BUTTON[name], name
        hardware.release(name)
        assert board.buttons() == 0, name
    for x, y, want in ((65535, 32768, RIGHT), (0, 32768, LEFT), (32768, 0, UP),
                       (32768, 65535, DOWN), (32768, 32768, 0)):
        hardware.stick.update(JOYSTICK_X=x, JOYSTICK_Y=y)
        assert board.buttons() == want, (x, y)
    hardware.press("A")
    hardware.stick["JOYSTICK_X"] = 65535
    assert board.buttons() == A | RIGHT
    hardware.stick["JOYSTICK_X"] = 32768 + 12000  # back inside PUSH, not yet inside LET_GO
    assert board.buttons() == A | RIGHT


def test_pygamer_first_frame_needs_a_full_push(monkeypatch):
    # nothing was held before the first frame: a stick halfway out is not a direction yet,
    # and of two axes pushed the one pushed further wins
    for x, y, want in ((32768 + 12000, 32768, 0), (32768, 32768 - 12000, 0),
                       (60000, 0, UP), (65535, 60000, RIGHT)):
        hardware = gamer(monkeypatch)
        hardware.stick.update(JOYSTICK_X=x, JOYSTICK_Y=y)
        assert pygamer.open().buttons() == want, (x, y)


def test_joystick_dead_zone_in_16_bit_readings():
    # 16-bit readings centred on 32768: a direction once more than 16384 away from it
    fold = pygamer.fold_joystick
    mid = 32768
    assert fold(mid + 16384, mid) == 0 and fold(mid + 16385, mid) == RIGHT
    assert fold(mid - 16384, mid) == 0 and fold(mid - 16385, mid) == LEFT
    assert fold(mid, mid + 16384) == 0 and fold(mid, mid + 16385) == DOWN
    assert fold(mid, mid - 16384) == 0 and fold(mid, mid - 16385) == UP
    assert fold(mid - 1, mid + 1) == 0 and fold(0, mid - 1) == LEFT


def test_joystick_diagonal_keeps_the_vertical_direction_held_before():
    fold = pygamer.fold_joystick
    # x pushed further than y, but the vertical one was held: it stays
    assert fold(65535, 60000, DOWN) == DOWN and fold(65535, 5000, UP) == UP
    assert fold(0, 60000, DOWN) == DOWN and fold(0, 5000, UP) == UP
    # y pushed further than x, but the horizontal one was held: it stays
    assert fold(60000, 65535, RIGHT) == RIGHT and fold(5000, 65535, LEFT) == LEFT
    assert fold(65535, 60000) == RIGHT and fold(60000, 65535) == DOWN  # nothing held


def test_pygamer_beeps_and_drive_button(monkeypatch):
    hardware = gamer(monkeypatch)
    board = pygamer.open()
    del hardware.log[:]
    board.beep(300, 40)
    assert hardware.log == [("enable", True), ("play", 4800, True, True),
                            ("sleep", 0.04, True, True), ("stop",), ("enable", False)]
    for held, want in (((), False), (("SELECT",), True), (("START",), False)):
        hardware = gamer(monkeypatch)
        hardware.down.update(held)
        assert pygamer.drive_button_held() is want, held
        assert hardware.log == [("ShiftRegisterKeys", "BUTTON_CLOCK", "BUTTON_OUT",
                                 "BUTTON_LATCH", 4, True), ("sleep", 0.1, False, False),
                                ("scanner deinit",)]
        assert hardware.sleeps == [0.1]


# -- Pico Display Pack ------------------------------------------------------------------------
PICO_DISPLAY = {"width": 240, "height": 135, "rowstart": 40, "colstart": 53, "rotation": 270,
                "backlight_pin": "GP20"}


class Clock:
    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def test_picodisplay_sets_up_the_st7789_and_the_buttons(monkeypatch):
    hardware = pico(monkeypatch)
    board = picodisplay.open()
    assert hardware.log == [
        ("release_displays",),
        ("SPI", "GP18", "GP19"),
        ("FourWire", "GP16", "GP17"),
        ("BusDisplay", "bus", picodisplay.INIT_SEQUENCE, PICO_DISPLAY),
        ("Keys", ("GP12", "GP13", "GP14", "GP15"), False, True),
    ]
    assert (board.name, board.width, board.height) == ("picodisplay", 240, 135)
    assert board.lines == picodisplay.LINES
    assert board.beep(440, 100) is None and hardware.sleeps == []  # no speaker


def test_picodisplay_init_sequence_is_the_st7789s():
    # (command, length | 0x80 when a delay follows, data, delay): reset, wake, 16-bit colour,
    # normal mode, display on, then the rotation and inverted colours this panel needs
    seq = picodisplay.INIT_SEQUENCE
    commands = []
    i = 0
    while i < len(seq):
        command, size = seq[i], seq[i + 1]
        data = seq[i + 2:i + 2 + (size & 0x7F)]
        i += 2 + (size & 0x7F) + (1 if size & 0x80 else 0)
        commands.append((command, bytes(data)))
    assert commands == [(0x01, b""), (0x11, b""), (0x3A, b"\x55"), (0x36, b"\x08"),
                        (0x13, b""), (0x29, b""), (0x36, b"\xc0"), (0x21, b"")]


def test_picodisplay_buttons_single_after_the_chord_wait_and_chords_at_once(monkeypatch):
    hardware = pico(monkeypatch)
    clock = Clock()
    monkeypatch.setattr(picodisplay, "ticks_ms", clock)
    board = picodisplay.open()
    assert board.buttons() == 0
    for name, mask in (("A", A), ("B", B), ("X", UP), ("Y", DOWN)):
        clock.now += 1000
        hardware.press(name)
        assert board.buttons() == 0, name  # maybe the first of a chord
        clock.now += 79
        assert board.buttons() == 0, name
        clock.now += 1
        assert board.buttons() == mask, name  # 80 ms alone: itself
        hardware.release(name)
        clock.now += 10
        assert board.buttons() == 0, name
    for pair, mask in ((("X", "Y"), START), (("B", "Y"), SELECT), (("A", "X"), LEFT),
                       (("A", "Y"), RIGHT)):
        clock.now += 1000
        hardware.press(*pair)
        assert board.buttons() == mask, pair
        clock.now += 500
        assert board.buttons() == mask, pair
        hardware.release(*pair)
        clock.now += 10
        assert board.buttons() == 0, pair


def test_picodisplay_drive_button_is_b(monkeypatch):
    for held, want in (((), False), (("B",), True), (("A", "X", "Y"), False),
                       (("A", "B"), True)):
        hardware = pico(monkeypatch)
        hardware.down.update(held)
        assert picodisplay.drive_button_held() is want, held
        assert hardware.log == [("Keys", ("GP13",), False, True), ("sleep", 0.1, False, False),
                                ("scanner deinit",)]
        assert hardware.sleeps == [0.1]


@pytest.mark.parametrize("failing", ["SPI", "FourWire", "BusDisplay", "Keys", "Event"])
def test_picodisplay_open_failing_releases_what_it_took_and_raises(monkeypatch, failing):
    hardware = pico(monkeypatch, fail_on=failing)
    with pytest.raises(RuntimeError, match=failing + " failed"):
        picodisplay.open()
    log = [entry[0] for entry in hardware.log]
    took_spi = failing != "SPI"
    took_scanner = failing == "Event"
    assert log[0] == "release_displays"
    after = log[log.index(failing if failing != "Event" else "Keys") + 1:]
    want = (["scanner deinit"] if took_scanner else []) + ["release_displays"] + (
        ["spi deinit"] if took_spi else [])
    assert after == want
    assert all(scanner.deinited for scanner in hardware.scanners)


def test_picodisplay_open_raises_its_own_error_when_releasing_fails_too(monkeypatch):
    hardware = pico(monkeypatch)

    def event_then_deinit_fail():
        hardware.fail_on = "scanner deinit"
        raise RuntimeError("Event failed")

    hardware.modules["keypad"].Event = event_then_deinit_fail
    with pytest.raises(RuntimeError, match="Event failed"):
        picodisplay.open()
    assert ("scanner deinit",) in hardware.log


# -- ChordKeys' timing ------------------------------------------------------------------------
def test_a_single_button_waits_80_ms_for_its_chord_partner():
    assert picodisplay.CHORD_MS == 80
    chords = picodisplay.ChordKeys()
    got = [chords.update(raw, now) for raw, now in ((B, 1000), (B, 1079), (B, 1080), (B, 1500))]
    assert got == [0, 0, B, B]
    chords = picodisplay.ChordKeys()  # the partner 79 ms later: the chord, never the single
    got = [chords.update(raw, now) for raw, now in ((A, 0), (A, 40), (A | UP, 79), (A | UP, 90))]
    assert got == [0, 0, LEFT, LEFT]
    chords = picodisplay.ChordKeys(wait_ms=20)
    assert [chords.update(A, now) for now in (0, 19, 20)] == [0, 0, A]


def test_chord_wait_across_the_clock_wrap():
    from firmware.clock import PERIOD

    chords = picodisplay.ChordKeys()
    start = PERIOD - 30
    got = [chords.update(DOWN, (start + t) % PERIOD) for t in (0, 50, 79, 80)]
    assert got == [0, 0, 0, DOWN]


def test_a_second_single_joining_does_not_restart_the_wait():
    # A then B (not a chord) 50 ms later: both shown when A's wait is over
    chords = picodisplay.ChordKeys()
    got = [chords.update(raw, now) for raw, now in ((A, 0), (A | B, 50), (A | B, 80),
                                                    (A | B, 200))]
    assert got == [0, 0, A | B, A | B]
