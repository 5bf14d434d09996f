# Raspberry Pi Pico + Pimoroni Pico Display Pack (240 x 135) or Pico Display Pack 2.0
# (320 x 240) on stock MicroPython: the same wiring, buttons and chords as the CircuitPython
# profile (picodisplay.py), with the panel driven by hw/st7789.py on SPI0 (SCK GP18, MOSI
# GP19, CS GP17, DC GP16, backlight GP20) and the buttons read from machine.Pin (A GP12,
# B GP13, X GP14, Y GP15, to ground). The app draws on it with framebuf (ui/fbscene.py).
# The RGB LED is not used; no speaker. A Pico cannot tell whether a pack is on: a key typed on
# its USB serial (board.typed()) makes the app hand over to the text console.
from firmware.buttons import DOWN, UP, A, B
from firmware.hw.picodisplay import LINES, PicoDisplay

# name -> (width, height, x_start, y_start): where the panel sits in the ST7789's memory
# in landscape (as Pimoroni's driver places them).
PACKS = {
    "picodisplay": (240, 135, 40, 53),
    "picodisplay2": (320, 240, 0, 0),
}
BUTTON_PINS = (12, 13, 14, 15)
BUTTON_MASKS = (A, B, UP, DOWN)  # X stands for UP, Y for DOWN (chords: picodisplay.py)
SPI_HZ = 62_500_000  # the RP2040's fastest at 125 MHz, within the ST7789's write cycle


class PinKeys:
    """The four buttons (pins to ground, pulled up) as one raw mask: read() -> mask."""

    def __init__(self, pins, masks=BUTTON_MASKS):
        self.pins = pins
        self.masks = masks

    def read(self):
        mask = 0
        for i in range(len(self.pins)):
            if not self.pins[i].value():
                mask |= self.masks[i]
        return mask


class PicoDisplayMP(PicoDisplay):
    """The pack's board, and typed(): whether keys came on the serial REPL (`stream`:
    MicroPython's sys.stdin), polled without waiting; they are read and dropped (the app then
    hands over to the console: firmware/app.py)."""

    def __init__(self, name, panel, keys, lines, stream):
        import select

        PicoDisplay.__init__(self, name, panel, keys, lines)
        self.stream = stream
        self.poll = select.poll()
        self.poll.register(stream, select.POLLIN)

    def link_port(self):
        """The link cable's port: UART1 on GP4 (TX) and GP5 (RX), opened at the first call."""
        if self.port is None:
            from firmware.hw.uartport import machine_port

            self.port = machine_port(1, 4, 5)
        return self.port

    def typed(self):
        got = False
        while self.poll.poll(0):
            self.stream.read(1)
            got = True
        return got


def open(name="picodisplay"):
    from machine import SPI, Pin  # pyright: ignore[reportMissingImports]

    from firmware.hw.st7789 import Panel

    width, height, x_start, y_start = PACKS[name]
    spi = SPI(0, baudrate=SPI_HZ, sck=Pin(18), mosi=Pin(19))
    panel = Panel(spi, Pin(16, Pin.OUT), Pin(17, Pin.OUT), width, height, x_start, y_start)
    Pin(20, Pin.OUT).value(1)  # the backlight
    pins = tuple(Pin(n, Pin.IN, Pin.PULL_UP) for n in BUTTON_PINS)
    import sys

    return PicoDisplayMP(name, panel, PinKeys(pins), LINES, sys.stdin)

