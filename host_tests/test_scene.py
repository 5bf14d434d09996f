# firmware/ui/scene.py on Blinka displayio: the pixels of the text are the built-in font's
# glyphs in each row's colour, over the glyph tiles; CircuitPython's font sheet is used as is.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import terminalio  # noqa: E402
from sim import headless_display  # noqa: E402

from firmware.ui import canvas as C  # noqa: E402
from firmware.ui.scene import FIRST, PALETTE, Scene, font_tiles  # noqa: E402


def rgb565(rgb):
    r, g, b = rgb >> 16, (rgb >> 8) & 255, rgb & 255
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


def pixels(display):
    display.refresh()
    rows = []
    for y in range(display.height):
        raw = bytes(display.fill_row(y, None))
        rows.append([(raw[2 * x] << 8) | raw[2 * x + 1] for x in range(display.width)])
    return rows


def test_text_is_the_fonts_glyphs_in_the_rows_colour():
    display = headless_display(160, 128)
    scene = Scene(display)
    canvas = C.Canvas(scene.cols, scene.rows)
    canvas.clear()
    canvas.line(C.GOLD)
    canvas.text("Ag*7")
    canvas.line(C.RED)
    canvas.text("x}")
    canvas.line(C.WHITE)  # the colour every row starts in
    canvas.text("W!")
    scene.show(canvas)
    screen = pixels(display)
    x0 = (160 - scene.cols * 6) // 2
    y0 = (128 - scene.rows * 12) // 2
    lit = 0
    rows = ((0, "Ag*7", C.GOLD), (1, "x}", C.RED), (2, "W!", C.WHITE), (3, "  ", C.WHITE))
    for row, text, colour in rows:
        for col, ch in enumerate(text):
            glyph = terminalio.FONT.get_glyph(ord(ch))
            for y in range(12):
                for x in range(6):
                    ink = glyph.bitmap[glyph.tile_index * 6 + x, y]
                    want = rgb565(PALETTE[colour]) if ink else 0
                    got = screen[y0 + row * 12 + y][x0 + col * 6 + x]
                    assert got == want, (ch, x, y, hex(got), hex(want))
                    lit += 1 if ink else 0
    assert lit > 60  # the glyphs have ink: a blank sheet would pass the loop above
    assert scene.texts()[:4] == ["Ag*7", "x}", "W!", ""]
    canvas.clear()
    canvas.line(C.GREY)
    canvas.text("A")
    scene.show(canvas)  # a changed row: the old characters gone, the new colour
    screen = pixels(display)
    glyph = terminalio.FONT.get_glyph(ord("A"))
    ink = [(x, y) for y in range(12) for x in range(6) if glyph.bitmap[x, y]]
    assert all(screen[y0 + y][x0 + x] == rgb565(PALETTE[C.GREY]) for x, y in ink)
    assert all(screen[y0 + y][x0 + 6 + x] == 0 for y in range(12) for x in range(6))


class SheetGlyph:
    def __init__(self, bitmap, tile_index):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = 6
        self.height = 12


class SheetFont:
    """A font shaped like CircuitPython's built-in one: every glyph a tile of one bitmap."""

    def __init__(self):
        import displayio

        self.bitmap = displayio.Bitmap(6 * 120, 12, 2)

    def get_glyph(self, codepoint):
        if codepoint == ord("Z"):
            return None  # a font without it
        return SheetGlyph(self.bitmap, codepoint - FIRST + 7)


def test_circuitpythons_font_sheet_is_used_as_it_is():
    font = SheetFont()
    sheet, index = font_tiles(font, 6, 12)
    assert sheet is font.bitmap  # no copy on the board's heap
    for ch in "A!~ 0":
        assert index[ord(ch) - FIRST] == ord(ch) - FIRST + 7
    assert index[ord("Z") - FIRST] == 7  # what the font lacks shows as a space
