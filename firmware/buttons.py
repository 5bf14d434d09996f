# The buttons as one bitmask, polled once per frame by the board profile (hw/<board>.py),
# and what the app reads from it: a press edge, held, and auto-repeat of the d-pad, all
# computed from that one snapshot per frame. Portable: no board module, no allocation.
from firmware.clock import ticks_add, ticks_diff

UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
A = 16
B = 32
START = 64
SELECT = 128
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")
DPAD = UP | DOWN | LEFT | RIGHT
REPEAT_AFTER_MS = 400  # a d-pad direction held this long starts repeating...
REPEAT_EVERY_MS = 120  # ...once every this many milliseconds


def mask_of(name):
    """'A' -> A; a chord 'B+UP' -> B | UP. ValueError names the buttons for a typo."""
    mask = 0
    for part in name.upper().split("+"):
        part = part.strip()
        if part not in NAMES:
            raise ValueError("unknown button %r; buttons: %s" % (part, ", ".join(NAMES)))
        mask |= 1 << NAMES.index(part)
    return mask


def fold_chords(raw, chords):
    """A 4-button board's snapshot -> the 8-button mask: `chords` is a tuple of
    (buttons held together, the button they stand for); a chord replaces its members."""
    for members, meaning in chords:
        if raw & members == members:
            raw = (raw & ~members) | meaning
    return raw


class Buttons:
    """Edges and auto-repeat from one snapshot per frame: update(mask, now_ms), then
    `pressed` (the buttons that went down this frame, plus a repeat tick of a held d-pad
    direction) and `held`."""

    def __init__(self):
        self.held = 0
        self.pressed = 0
        self._next = 0  # when the d-pad direction now held repeats next

    def update(self, mask, now_ms):
        self.pressed = mask & ~self.held
        direction = mask & DPAD
        if direction and direction == self.held & DPAD:
            if ticks_diff(now_ms, self._next) >= 0:
                self.pressed |= direction
                self._next = ticks_add(now_ms, REPEAT_EVERY_MS)
        elif direction:
            self._next = ticks_add(now_ms, REPEAT_AFTER_MS)
        self.held = mask
        return self.pressed
