# Adafruit PyBadge (and PyBadge LC, EdgeBadge), CircuitPython >= 9: the built-in 160x128
# display (board.DISPLAY), eight buttons behind a 74HC165 shift register read by
# keypad.ShiftRegisterKeys, a speaker on the DAC (board.SPEAKER, amplifier enabled by
# board.SPEAKER_ENABLE). Board modules are imported inside the functions only, so that this
# module imports on the host (the tests check its pure parts).
from firmware.hw.kit import DRIVE_BUTTONS, Board, KeypadMask, held_at_start, key_masks, pin

NAME = "pybadge"
DRIVE_BUTTON = DRIVE_BUTTONS[NAME]
# The shift register's key numbers (as in adafruit_pybadger): B=0 A=1 START=2 SELECT=3
# RIGHT=4 DOWN=5 UP=6 LEFT=7.
KEYS = ("B", "A", "START", "SELECT", "RIGHT", "DOWN", "UP", "LEFT")
LINES = (
    "D-pad: move, <> change",
    "A: choose  B: back/undo",
    "START: pause menu",
    "SELECT: table page",
    "<> at the table: the",
    "  others' last moves",
)
TONE_SAMPLES = 16  # one period of the square wave played in a loop
TONE_LEVEL = 0x1800  # its amplitude around the DAC's middle (0x8000): a quiet click
BEEP_MAX_MS = 250  # beep() waits while the tone plays: never longer than this


def shift_register_keys(key_count):
    """The buttons' scanner (PyBadge and PyGamer): a pressed button reads 1."""
    import keypad  # pyright: ignore[reportMissingImports]

    return keypad.ShiftRegisterKeys(
        clock=pin("BUTTON_CLOCK"),
        data=pin("BUTTON_OUT"),
        latch=pin("BUTTON_LATCH"),
        key_count=key_count,
        value_when_pressed=True,
    )


def drive_button_held(keys=KEYS):
    """boot.py: whether DRIVE_BUTTON is down at power-on (reads it once, frees the pins)."""
    return held_at_start(shift_register_keys(len(keys)), keys.index(DRIVE_BUTTON))


class Speaker:
    """Short tones on the DAC speaker: one period of a square wave looped at 16 x hz samples
    per second (adafruit_pybadger's way), the amplifier on only while it sounds. Built once;
    if any part is missing the speaker stays silent, and beep() never raises."""

    def __init__(self):
        self.audio = None
        try:
            import array

            import audiocore  # pyright: ignore[reportMissingImports]
            import digitalio  # pyright: ignore[reportMissingImports]

            try:
                from audioio import AudioOut  # pyright: ignore[reportMissingImports]
            except ImportError:
                from audiopwmio import PWMAudioOut as AudioOut  # pyright: ignore

            wave = array.array("H", [0x8000] * TONE_SAMPLES)
            half = TONE_SAMPLES // 2
            for i in range(TONE_SAMPLES):
                wave[i] = 0x8000 + (TONE_LEVEL if i < half else -TONE_LEVEL)
            self.enable = digitalio.DigitalInOut(pin("SPEAKER_ENABLE"))
            self.enable.switch_to_output(value=False)
            self.sample = audiocore.RawSample(wave)
            self.audio = AudioOut(pin("SPEAKER"))
        except Exception as exc:
            print("no sound: %r" % (exc,))
            self.audio = None

    def beep(self, hz, ms):
        import time

        if self.audio is None or hz <= 0 or ms <= 0:
            return
        try:
            self.sample.sample_rate = int(hz) * TONE_SAMPLES
            self.enable.value = True
            self.audio.play(self.sample, loop=True)
            time.sleep(min(ms, BEEP_MAX_MS) / 1000)
        except Exception:
            pass
        finally:
            try:
                self.audio.stop()
                self.enable.value = False
            except Exception:
                pass


class PyBadge(Board):
    def __init__(self, name, display, keys, lines, speaker):
        Board.__init__(self, name, display, keys, lines)
        self.speaker = speaker

    def beep(self, hz, ms):
        self.speaker.beep(hz, ms)


def open():

    keys = KeypadMask(shift_register_keys(len(KEYS)), key_masks(KEYS))
    return PyBadge(NAME, pin("DISPLAY"), keys, LINES, Speaker())
