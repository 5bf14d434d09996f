# A small ST7789 driver for stock MicroPython: the panel's start-up sequence, then windows of
# big-endian RGB565 pixels (CASET, RASET, RAMWR). What it is given: an SPI bus with write(),
# the data/command and chip-select pins (machine.Pin: value(0 or 1)) and the panel's place in
# the controller's 240 x 320 memory, so the same code serves the Pico Display Pack (240 x 135
# in landscape) and the Pack 2.0 (320 x 240). Allocates nothing per write.
from firmware.clock import sleep_ms

SWRESET = 0x01
SLPOUT = 0x11
NORON = 0x13
INVON = 0x21
DISPON = 0x29
CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C
MADCTL = 0x36
COLMOD = 0x3A
# MADCTL bits: MX (columns right to left), MV (x and y exchanged: landscape), ML (refresh
# bottom to top, no effect on the picture); 0x80 (MY) would put the rows bottom to top.
MX = 0x40
MV = 0x20
ML = 0x10
LANDSCAPE = MX | MV | ML  # as Pimoroni's own driver sets up the Pico Display packs

# (command, data, ms to wait after it): the datasheet's waits (120 ms after a reset or
# leaving sleep before the next command), 16-bit colour, inverted (these IPS panels show
# their colours inverted otherwise), normal mode, display on.
START = (
    (SWRESET, None, 150),
    (SLPOUT, None, 120),
    (COLMOD, b"\x55", 10),
    (INVON, None, 0),
    (NORON, None, 10),
    (DISPON, None, 20),
)


class Panel:
    """An ST7789 panel of width x height pixels whose (0, 0) sits at (x_start, y_start) of
    the controller's address space in the `madctl` orientation."""

    def __init__(self, spi, dc, cs, width, height, x_start=0, y_start=0, madctl=LANDSCAPE):
        self.spi = spi
        self.dc = dc
        self.cs = cs
        self.width = width
        self.height = height
        self.x_start = x_start
        self.y_start = y_start
        self.byte = bytearray(1)
        self.span = bytearray(4)
        cs.value(1)
        for command, data, wait in START:
            self.command(command, data)
            if wait:
                sleep_ms(wait)
        self.command(MADCTL, bytes((madctl,)))

    def command(self, command, data=None):
        """One command and its parameter bytes."""
        self.cs.value(0)
        self.dc.value(0)
        self.byte[0] = command
        self.spi.write(self.byte)
        if data:
            self.dc.value(1)
            self.spi.write(data)
        self.cs.value(1)

    def _range(self, command, start, end):
        span = self.span
        span[0] = start >> 8
        span[1] = start & 0xFF
        span[2] = end >> 8
        span[3] = end & 0xFF
        self.command(command, span)

    def write(self, x, y, w, h, pixels):
        """Fill the window of w x h pixels at (x, y) with `pixels`: w * h big-endian RGB565
        values, row after row."""
        x += self.x_start
        y += self.y_start
        self._range(CASET, x, x + w - 1)
        self._range(RASET, y, y + h - 1)
        self.command(RAMWR, pixels)
