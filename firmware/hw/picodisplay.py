# Raspberry Pi Pico + Pimoroni Pico Display Pack, CircuitPython >= 9: an ST7789 240x135 on
# SPI (SCK GP18, MOSI GP19, CS GP17, DC GP16, backlight GP20), driven by displayio with the
# ST7789 init sequence written out here (no adafruit_st7789 library needed), and four buttons
# to ground: A GP12, B GP13, X GP14, Y GP15. The other four buttons are chords (ChordKeys).
# No speaker; the RGB LED is not used. Board modules are imported inside the functions only.
#
# A display on SPI cannot be asked whether it is there: without the pack open() succeeds
# (and draws to nothing). open() raises when the pins or the display cannot be set up, after
# releasing what it had taken, so that the app can fall back to the text console.
from firmware.buttons import DOWN, LEFT, RIGHT, SELECT, START, UP, A, B, fold_chords
from firmware.clock import ticks_diff, ticks_ms
from firmware.hw.kit import DRIVE_BUTTONS, Board, KeypadMask, held_at_start, key_masks, pin

NAME = "picodisplay"
DRIVE_BUTTON = DRIVE_BUTTONS[NAME]
PINS = ("GP12", "GP13", "GP14", "GP15")  # keypad.Keys key numbers 0..3: A, B, X, Y
KEYS = ("A", "B", "UP", "DOWN")  # what each of them stands for alone: X is UP, Y is DOWN
# Two buttons held together stand for one of the others (fold_chords, in this order).
CHORDS = (
    (UP | DOWN, START),  # X+Y
    (B | DOWN, SELECT),  # B+Y
    (A | UP, LEFT),  # A+X
    (A | DOWN, RIGHT),  # A+Y
)
SINGLES = A | B | UP | DOWN
CHORD_MS = 80  # a button alone is reported this late: time for the chord's second button
LINES = (
    "A: choose  B: back",
    "X: up  Y: down",
    "A+X: left  A+Y: right",
    "X+Y: pause menu (START)",
    "B+Y: table page (SELECT)",
    "left/right at the table:",
    "  the others' last moves",
)
WIDTH = 240
HEIGHT = 135
# adafruit_st7789's sequence (command, length | 0x80 when a delay byte follows, data, delay).
INIT_SEQUENCE = (
    b"\x01\x80\x96"  # SWRESET, 150 ms
    b"\x11\x80\xff"  # SLPOUT, 500 ms
    b"\x3a\x81\x55\x0a"  # COLMOD 16-bit colour, 10 ms
    b"\x36\x01\x08"  # MADCTL
    b"\x13\x80\x0a"  # NORON, 10 ms
    b"\x29\x80\xff"  # DISPON, 500 ms
    b"\x36\x01\xc0"  # MADCTL: default rotation, BGR
    b"\x21\x00"  # INVON: this panel shows inverted colours otherwise
)


class ChordKeys:
    """The four buttons' raw mask (A, B, UP for X, DOWN for Y) -> the eight-button mask, once
    per frame with the time: update(raw, now_ms).
    - Two buttons pressed within CHORD_MS of each other are their chord (fold_chords): a
      button alone is reported only CHORD_MS after it went down (or, if it is let go sooner,
      for the one frame that sees it let go), so a chord never starts with one of its buttons.
    - A chord stays held while both its buttons are; its buttons then count for nothing until
      they are let go (releasing X of X+Y is not an UP).
    Pure and allocation-free (small ints only)."""

    def __init__(self, chords=CHORDS, wait_ms=CHORD_MS):
        self.chords = chords
        self.wait_ms = wait_ms
        self.formed = 0  # chords held now (their meanings)
        self.spent = 0  # buttons used by a chord, ignored until let go
        self.shown = 0  # buttons alone, reported as held
        self.waiting = 0  # buttons alone, down but not reported yet
        self.since = 0  # when the waiting began

    def update(self, raw, now):
        out = 0
        for members, meaning in self.chords:
            if self.formed & meaning:
                if raw & members == members:
                    out |= meaning
                else:
                    self.formed &= ~meaning
        self.spent &= raw
        live = raw & ~self.spent
        folded = fold_chords(live, self.chords)
        fresh = folded & ~SINGLES
        if fresh:
            self.formed |= fresh
            self.spent |= live & ~folded
            out |= fresh
        singles = folded & SINGLES
        tapped = self.waiting & ~raw  # let go before its time: one frame held
        self.waiting &= singles
        self.shown &= singles
        new = singles & ~self.shown & ~self.waiting
        if new:
            if not self.waiting:
                self.since = now
            self.waiting |= new
        if self.waiting and ticks_diff(now, self.since) >= self.wait_ms:
            self.shown |= self.waiting
            self.waiting = 0
        return out | self.shown | tapped


def button_keys(pins):
    """keypad.Keys on the named pins: buttons to ground, the pull-ups inside the chip."""
    import keypad  # pyright: ignore[reportMissingImports]

    return keypad.Keys(
        tuple(pin(name) for name in pins), value_when_pressed=False, pull=True
    )


def drive_button_held():
    """boot.py: whether DRIVE_BUTTON is down at power-on (reads it once, frees the pin)."""
    pin = PINS[KEYS.index(DRIVE_BUTTON)]
    return held_at_start(button_keys((pin,)), 0)


class PicoDisplay(Board):
    LINK = ("GP4", "GP5")  # UART1, free beside the pack

    def __init__(self, name, display, keys, lines):
        Board.__init__(self, name, display, keys, lines)
        self.chords = ChordKeys()

    def buttons(self):
        return self.chords.update(self.keys.read(), ticks_ms())


def open():
    import busdisplay  # pyright: ignore[reportMissingImports]
    import busio  # pyright: ignore[reportMissingImports]
    import displayio  # pyright: ignore[reportMissingImports]
    import fourwire  # pyright: ignore[reportMissingImports]

    displayio.release_displays()
    spi = None
    scanner = None
    try:
        spi = busio.SPI(clock=pin("GP18"), MOSI=pin("GP19"))
        bus = fourwire.FourWire(
            spi, command=pin("GP16"), chip_select=pin("GP17")
        )
        display = busdisplay.BusDisplay(
            bus,
            INIT_SEQUENCE,
            width=WIDTH,
            height=HEIGHT,
            rowstart=40,
            colstart=53,
            rotation=270,
            backlight_pin=pin("GP20"),
        )
        scanner = button_keys(PINS)
        keys = KeypadMask(scanner, key_masks(KEYS))
    except Exception:
        try:
            if scanner is not None:
                scanner.deinit()
            displayio.release_displays()
            if spi is not None:
                spi.deinit()
        except Exception:
            pass
        raise
    return PicoDisplay(NAME, display, keys, LINES)
