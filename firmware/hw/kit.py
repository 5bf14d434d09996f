# What the CircuitPython board profiles (pybadge.py, pygamer.py, picodisplay.py) share: the
# Board object the app gets, the keypad scanner read into a bitmask without allocating, and
# the drive button read once at power-on (boot.py). No board module is imported at the top: the
# profiles hand in what they built, so the host tests can run all of it with fakes.
from firmware.buttons import mask_of

# The button held at power-on that leaves CircuitPython's USB drive writable to the computer
# (boot.py): each profile's DRIVE_BUTTON, and tools/flash.py's error messages, read it here.
DRIVE_BUTTONS = {"pybadge": "SELECT", "pygamer": "SELECT", "picodisplay": "B"}


def pin(name):
    """board.<name> (a pin, board.DISPLAY): by name, as the generic `board` stub has none."""
    import board  # pyright: ignore[reportMissingImports]

    return getattr(board, name)


def key_masks(names):
    """Key numbers -> button masks: ("B", "A", ...) -> (B, A, ...), names as in buttons.NAMES.
    A board's key numbers are the index of its names (in the order its scanner numbers them)."""
    return tuple(mask_of(name) for name in names)


class KeypadMask:
    """The buttons held now, from a keypad scanner (keypad.Keys, keypad.ShiftRegisterKeys):
    read() drains its event queue into one persistent mask, reusing one keypad.Event, so that
    a read allocates nothing. `masks[key_number]` is that key's button mask."""

    def __init__(self, keys, masks, event=None):
        if event is None:
            import keypad  # pyright: ignore[reportMissingImports]

            event = keypad.Event()
        self.keys = keys
        self.masks = masks
        self.event = event
        self.mask = 0

    def read(self):
        events = self.keys.events
        event = self.event
        while events.get_into(event):
            if event.pressed:
                self.mask |= self.masks[event.key_number]
            else:
                self.mask &= ~self.masks[event.key_number]
        if events.overflowed:  # events were lost: start again from what is held now
            events.clear()
            self.mask = 0
            self.keys.reset()  # every key still down reports a new press
        return self.mask

    def deinit(self):
        self.keys.deinit()


def held_at_start(keys, key_number, settle_s=0.1):
    """Whether key `key_number` of a scanner created just now is down: a key already down
    reports a press at the first scans. Reads once, then releases the scanner's pins."""
    import time

    try:
        time.sleep(settle_s)
        held = False
        event = keys.events.get()
        while event is not None:
            if event.key_number == key_number:
                held = event.pressed
            event = keys.events.get()
        return held
    finally:
        keys.deinit()


class Board:
    """What open() returns (the interface is documented in firmware/hw/__init__.py).
    `keys` is a KeypadMask (or anything with read() -> mask). LINK: the board pins of the
    link cable's UART, (TX, RX)."""

    LINK = ("TX", "RX")  # the Feather header's (the PyBadge's and the PyGamer's, at the back)

    def __init__(self, name, display, keys, lines):
        self.name = name
        self.display = display
        self.width = display.width
        self.height = display.height
        self.lines = lines
        self.keys = keys
        self.port = None

    def buttons(self):
        return self.keys.read()

    def link_port(self):
        """The link cable's port (firmware/hw/uartport.py), opened at the first call."""
        if self.port is None:
            from firmware.hw.uartport import busio_port

            self.port = busio_port(pin(self.LINK[0]), pin(self.LINK[1]))
        return self.port

    def beep(self, hz, ms):
        """No speaker on this board."""
