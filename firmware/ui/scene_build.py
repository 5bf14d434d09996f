# The start-up half of the displayio scene (scene.py): the sheet of glyph tiles drawn from
# look.py's shapes, the font's tiles, the TileGrids. Loaded for Scene() only and then let go:
# a board's heap keeps just the half that shows a canvas.
import displayio  # pyright: ignore[reportMissingImports]
import terminalio  # pyright: ignore[reportMissingImports]

from firmware.ui import canvas as C
from firmware.ui.look import PALETTE, POINTER_SHAPE, SHAPES
from firmware.ui.scene import FIRST

GLYPHS = 95


def _draw_tile(sheet, index, shape, colour, w, h):
    """Draw `shape` in `colour` into tile `index` of the sheet (tiles side by side)."""
    x0 = index * w
    for y in range(h):
        line = shape[y * 12 // h]
        for x in range(w):
            if line[x * 6 // w] == "#":
                sheet[x0 + x, y] = colour


def font_tiles(font, w, h):
    """(a bitmap of the font's glyphs, the tile index of each character from FIRST on).
    CircuitPython's built-in font is already such a sheet in flash: its own bitmap and tile
    indices are used. Elsewhere (Blinka: a bitmap per glyph) a 1-bit sheet is drawn here."""
    index = bytearray(GLYPHS)
    first = font.get_glyph(FIRST)
    if first.bitmap.width > w:  # one bitmap for every glyph
        for i in range(GLYPHS):
            glyph = font.get_glyph(FIRST + i)
            index[i] = glyph.tile_index if glyph is not None else first.tile_index
        return first.bitmap, index
    sheet = displayio.Bitmap(w * GLYPHS, h, 2)
    for i in range(GLYPHS):
        index[i] = i
        glyph = font.get_glyph(FIRST + i)
        if glyph is None:
            continue
        x0 = glyph.tile_index * glyph.width
        for y in range(min(h, glyph.height)):
            for x in range(min(w, glyph.width)):
                if glyph.bitmap[x0 + x, y]:
                    sheet[i * w + x, y] = 1
    return sheet, index


def build(scene, display):
    """Scene(display)'s fields and TileGrids, shown on `display`."""
    self = scene  # (the method it was: its fields by their names)
    self.rgb = PALETTE
    font = terminalio.FONT
    box = font.get_bounding_box()
    self.cell_w = box[0]
    self.cell_h = box[1]
    self.cols = display.width // self.cell_w
    self.rows = display.height // self.cell_h
    x0 = (display.width - self.cols * self.cell_w) // 2
    y0 = (display.height - self.rows * self.cell_h) // 2
    palette = displayio.Palette(C.COLOURS)
    for i in range(C.COLOURS):
        palette[i] = PALETTE[i]
    palette.make_transparent(0)
    w = self.cell_w
    h = self.cell_h
    sheet = displayio.Bitmap(w * (C.POINTER + 1), h, C.COLOURS)
    for kind in range(C.KINDS):
        for colour in range(1, C.COLOURS):
            _draw_tile(sheet, C.tile(kind, colour), SHAPES[kind], colour, w, h)
    _draw_tile(sheet, C.POINTER, POINTER_SHAPE, C.GOLD, w, h)
    self.grid = displayio.TileGrid(
        sheet, pixel_shader=palette, width=self.cols, height=self.rows,
        tile_width=self.cell_w, tile_height=self.cell_h, x=x0, y=y0,
    )
    self.root = displayio.Group()
    self.root.append(self.grid)
    letters, self.font_index = font_tiles(font, self.cell_w, self.cell_h)
    blank = self.font_index[0]
    self.lines = []  # a TileGrid of one row of characters per screen row
    self.inks = []  # each row's palette: transparent, then the text colour
    for row in range(self.rows):
        ink = displayio.Palette(2)
        ink[1] = PALETTE[C.WHITE]
        ink.make_transparent(0)
        line = displayio.TileGrid(
            letters, pixel_shader=ink, width=self.cols, height=1,
            tile_width=self.cell_w, tile_height=self.cell_h, default_tile=blank,
            x=x0, y=y0 + row * self.cell_h,
        )
        self.lines.append(line)
        self.inks.append(ink)
        self.root.append(line)
    self.tiles = bytearray(self.cols * self.rows)
    self.chars = bytearray(b" " * (self.cols * self.rows))  # what each cell shows
    self.colours = bytearray([C.WHITE] * self.rows)
    self.changes = 0  # counts the show() calls that changed something
    display.root_group = self.root
    self.display = display
