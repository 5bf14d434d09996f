# Stand-in for CircuitPython's terminalio (see displayio.py here): the built-in 6x12 font,
# its glyphs one sheet of tiles as on a board. A board keeps that sheet in flash; here it is
# a bitmap on the heap (under 1 KB: a slight overcharge).
from displayio import Bitmap

W, H = 6, 12
GLYPHS = 96  # printable ASCII and one for what the font lacks


class Glyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = W
        self.height = H
        self.dx = 0
        self.dy = -2
        self.shift_x = W
        self.shift_y = 0


class _Font:
    def __init__(self):
        self.bitmap = Bitmap(W * GLYPHS, H, 2)

    def get_bounding_box(self):
        return (W, H)

    def get_glyph(self, codepoint):
        index = codepoint - 32 if 32 <= codepoint < 127 else GLYPHS - 1
        return Glyph(self.bitmap, index)  # a new object per call, as on a board


FONT = _Font()
