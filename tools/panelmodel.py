"""An ST7789 controller as the host sees it (host tooling, CPython): the bytes a board sends
on the panel's SPI bus, with the data/command line, in; the picture on the panel out. It
reads what firmware/hw/st7789.py sends on the emulated Pico (tools/pico.py) and under the
MicroPython unix port (host_tests/test_fbscene.py), so that a test can look at the screen.

The model: the controller's 240 x 320 frame memory (portrait, RGB565); CASET / RASET set the
window, RAMWR fills it row after row, MADCTL maps the window to the memory (MV exchanges x and
y, then MX mirrors the column, MY the row), INVON / INVOFF, SLPOUT, DISPON, SWRESET (which
clears every setting). A pack shows part of the memory: the Pico Display Pack its 135
columns from 52 and 240 rows from 40 (the 1.14" panel), the Pack 2.0 all of it; seen
landscape the way Pimoroni's driver addresses the packs (MADCTL MX | MV). These IPS panels
show colours inverted unless INVON is sent: `picture()` gives what a person would see.
Unknown commands are kept in `others`, so a test can see they were sent.
"""

import struct
import zlib

COLS = 240
ROWS = 320
# pack -> (width, height, the landscape window's x and y start under MX | MV): the same
# numbers as firmware/hw/picodisplay_mp.py's PACKS, written here from the panels' data.
PACKS = {
    "picodisplay": (240, 135, 40, 53),
    "picodisplay2": (320, 240, 0, 0),
}
LANDSCAPE = 0x70  # MX | MV | ML


class Panel:
    def __init__(self):
        self.memory = [0] * (COLS * ROWS)  # RGB565 values as written (big-endian pairs)
        self.reset()
        self.commands = []  # every command byte, in order
        self.pixels_written = 0

    def reset(self):
        self.madctl = 0
        self.inverted = False
        self.awake = False
        self.on = False
        self.colmod = None
        self.x0, self.x1 = 0, COLS - 1
        self.y0, self.y1 = 0, ROWS - 1
        self.command = None
        self.params = bytearray()
        self.x = self.y = 0
        self.half = None  # the first byte of a pixel being written
        self.others = []

    # -- the bus --
    def send(self, dc, data):
        """Bytes sent with the D/C line at `dc` (0: a command byte each, 1: parameters or
        pixels of the last command)."""
        if not dc:
            for byte in data:
                self.begin(byte)
            return
        if self.command == 0x2C:
            self.pixels(data)
        else:
            self.params.extend(data)
            self.parameters()

    def begin(self, command):
        self.commands.append(command)
        self.command = command
        self.params = bytearray()
        self.half = None
        if command == 0x01:  # SWRESET
            self.reset()
            self.command = command
        elif command == 0x11:
            self.awake = True
        elif command == 0x10:
            self.awake = False
        elif command == 0x21:
            self.inverted = True
        elif command == 0x20:
            self.inverted = False
        elif command == 0x29:
            self.on = True
        elif command == 0x28:
            self.on = False
        elif command == 0x2C:  # RAMWR: from the window's first pixel
            self.x, self.y = self.x0, self.y0
        elif command not in (0x2A, 0x2B, 0x36, 0x3A, 0x13):
            self.others.append(command)

    def parameters(self):
        p = self.params
        if self.command == 0x2A and len(p) == 4:
            self.x0, self.x1 = struct.unpack(">HH", p)
        elif self.command == 0x2B and len(p) == 4:
            self.y0, self.y1 = struct.unpack(">HH", p)
        elif self.command == 0x36 and len(p) == 1:
            self.madctl = p[0]
        elif self.command == 0x3A and len(p) == 1:
            self.colmod = p[0]

    def place(self, x, y):
        """Window address -> index in the memory (None off the memory)."""
        m = self.madctl
        col, row = (y, x) if m & 0x20 else (x, y)
        if m & 0x40:
            col = COLS - 1 - col
        if m & 0x80:
            row = ROWS - 1 - row
        if 0 <= col < COLS and 0 <= row < ROWS:
            return row * COLS + col
        return None

    def pixels(self, data):
        i = 0
        if self.half is not None and data:
            self.put((self.half << 8) | data[0])
            self.half = None
            i = 1
        n = len(data)
        while i + 1 < n:
            self.put((data[i] << 8) | data[i + 1])
            i += 2
        if i < n:
            self.half = data[i]

    def put(self, value):
        if self.y <= self.y1:
            at = self.place(self.x, self.y)
            if at is not None:
                self.memory[at] = value
        self.pixels_written += 1
        self.x += 1
        if self.x > self.x1:
            self.x = self.x0
            self.y += 1

    # -- what is seen --
    def picture(self, pack="picodisplay"):
        """The pack's screen seen landscape: a list of rows of RGB565 values, as a person
        sees them (inversion undone when INVON was sent; black while the panel is off)."""
        width, height, x_start, y_start = PACKS[pack]
        rows = []
        lit = self.on and self.awake
        for y in range(height):
            row = []
            for x in range(width):
                col, r = COLS - 1 - (y + y_start), x + x_start  # MX | MV, as the pack is seen
                value = self.memory[r * COLS + col] if lit else 0
                row.append(value if self.inverted else value ^ 0xFFFF)
            rows.append(row)
        return rows


def stream_chunks(data):
    """The emulator's record of the bus (tools/pico-screen.js) -> (dc, bytes) chunks: each
    chunk is a byte 0x00 (commands) or 0x01 (data), a little-endian 32-bit length, the bytes."""
    i = 0
    while i < len(data):
        kind = data[i]
        (n,) = struct.unpack_from("<I", data, i + 1)
        yield kind, data[i + 5:i + 5 + n]
        i += 5 + n


def shots(data, pack="picodisplay"):
    """A record of the bus with markers (tools/pico-screen.js) -> ({shot name: picture},
    the Panel after the whole record)."""
    import json

    panel = Panel()
    pictures = {}
    for kind, chunk in stream_chunks(data):
        if kind == 2:
            mark = json.loads(chunk.decode())
            pictures[mark["shot"]] = panel.picture(pack)
        else:
            panel.send(kind, chunk)
    return pictures, panel


def rgb888(value):
    return ((value >> 11) * 255 // 31, ((value >> 5) & 63) * 255 // 63, (value & 31) * 255 // 31)


def write_png(path, rows):
    """Rows of RGB565 values -> a PNG file (8-bit RGB)."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    raw = bytearray()
    for row in rows:
        raw.append(0)  # PNG filter: none
        for value in row:
            raw.extend(rgb888(value))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))
