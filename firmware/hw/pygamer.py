# Adafruit PyGamer, CircuitPython >= 9: the PyBadge's display, shift register and speaker
# (shared with pybadge.py), but only A, B, START and SELECT on the shift register; the d-pad
# is an analog joystick (board.JOYSTICK_X / JOYSTICK_Y, 16-bit readings), folded into
# UP/DOWN/LEFT/RIGHT by fold_joystick. Board modules are imported inside the functions only.
from firmware.buttons import DOWN, LEFT, RIGHT, UP
from firmware.hw.kit import DRIVE_BUTTONS, KeypadMask, held_at_start, key_masks, pin
from firmware.hw.pybadge import PyBadge, Speaker, shift_register_keys

NAME = "pygamer"
DRIVE_BUTTON = DRIVE_BUTTONS[NAME]
KEYS = ("B", "A", "START", "SELECT")  # shift register key numbers (adafruit_pybadger)
LINES = (
    "Joystick: move, <> change",
    "A: choose  B: back/undo",
    "START: pause menu",
    "SELECT: table page",
    "<> at the table: the",
    "  others' last moves",
)
CENTRE = 32768  # a joystick at rest reads about this on both axes
PUSH = 16384  # pushed further than this from the centre: that direction is held...
LET_GO = 10240  # ...until it comes back nearer than this (no flicker at the edge)


def fold_joystick(x, y, held=0):
    """Joystick readings (0..65535, x grows to the right, y downwards) -> UP/DOWN/LEFT/RIGHT.
    `held`: the previous result (a direction held stays held down to LET_GO). One direction
    at a time: when both axes are pushed, the one held before wins, else the one pushed
    further (a cursor on a grid moves along one axis)."""
    dx = x - CENTRE
    dy = y - CENTRE
    across = LEFT if dx < 0 else RIGHT
    down = UP if dy < 0 else DOWN
    ax = -dx if dx < 0 else dx
    ay = -dy if dy < 0 else dy
    on_x = ax > (LET_GO if held & across else PUSH)
    on_y = ay > (LET_GO if held & down else PUSH)
    if on_x and on_y:
        if held & (LEFT | RIGHT):
            on_y = False
        elif held & (UP | DOWN):
            on_x = False
        elif ax >= ay:
            on_y = False
        else:
            on_x = False
    return (across if on_x else 0) | (down if on_y else 0)


def drive_button_held():
    """boot.py: whether DRIVE_BUTTON is down at power-on (reads it once, frees the pins)."""
    return held_at_start(shift_register_keys(len(KEYS)), KEYS.index(DRIVE_BUTTON))


class PyGamer(PyBadge):
    def __init__(self, name, display, keys, lines, speaker, stick_x, stick_y):
        PyBadge.__init__(self, name, display, keys, lines, speaker)
        self.stick_x = stick_x
        self.stick_y = stick_y
        self.stick = 0

    def buttons(self):
        self.stick = fold_joystick(self.stick_x.value, self.stick_y.value, self.stick)
        return self.keys.read() | self.stick


def open():
    import analogio  # pyright: ignore[reportMissingImports]

    keys = KeypadMask(shift_register_keys(len(KEYS)), key_masks(KEYS))
    return PyGamer(
        NAME,
        pin("DISPLAY"),
        keys,
        LINES,
        Speaker(),
        analogio.AnalogIn(pin("JOYSTICK_X")),
        analogio.AnalogIn(pin("JOYSTICK_Y")),
    )
