# The start-up half of the displayio scene (scene.py): the sheet of glyph tiles drawn from
# look.py's shapes, the font's tiles, the TileGrids. Loaded for Scene() only and then let go:
# a board's heap keeps just the half that shows a canvas.
import displayio  # pyright: ignore[reportMissingImports]
import terminalio  # pyright: ignore[reportMissingImports]

from firmware.ui import canvas
from firmware.ui.look import PALETTE, PICTURES, POINTER_SHAPE, SHAPES

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
    """(a bitmap of the font's glyphs, the tile index of each character from the space on).
    CircuitPython's built-in font is already such a sheet in flash: its own bitmap and tile
    indices are used. Elsewhere (Blinka: a bitmap per glyph) a 1-bit sheet is drawn here."""
    index = bytearray(GLYPHS)
    first = font.get_glyph(canvas.SPACE)
    if first.bitmap.width > w:  # one bitmap for every glyph
        for i in range(GLYPHS):
            glyph = font.get_glyph(canvas.SPACE + i)
            index[i] = glyph.tile_index if glyph is not None else first.tile_index
        return first.bitmap, index
    sheet = displayio.Bitmap(w * GLYPHS, h, 2)
    for i in range(GLYPHS):
        index[i] = i
        glyph = font.get_glyph(canvas.SPACE + i)
        if glyph is None:
            continue
        x0 = glyph.tile_index * glyph.width
        for y in range(min(h, glyph.height)):
            for x in range(min(w, glyph.width)):
                if glyph.bitmap[x0 + x, y]:
                    sheet[i * w + x, y] = 1
    return sheet, index


def build(display):
    """The TileGrids of a Scene on `display`, shown there: (cols, rows, the glyph grid, the
    font's tile of each character, a text row's grid and its palette per row, [the white
    and the black letters on badges], PALETTE, (the sprite's group, its glyphs, its letters,
    their palette, the cell's width and height, the grid's top left pixel)))."""
    font = terminalio.FONT
    box = font.get_bounding_box()
    w = box[0]
    h = box[1]
    cols = display.width // w
    rows = display.height // h
    x0 = (display.width - cols * w) // 2
    y0 = (display.height - rows * h) // 2
    palette = displayio.Palette(canvas.COLOURS)
    for i in range(canvas.COLOURS):
        palette[i] = PALETTE[i]
    palette.make_transparent(0)
    sheet = displayio.Bitmap(w * (canvas.PICTURES + len(PICTURES)), h, canvas.COLOURS)
    for kind in range(canvas.KINDS):
        for colour in range(1, canvas.COLOURS):
            _draw_tile(sheet, canvas.tile(kind, colour), SHAPES[kind], colour, w, h)
    _draw_tile(sheet, canvas.POINTER, POINTER_SHAPE, canvas.GOLD, w, h)
    for n in range(len(PICTURES)):
        ink, paper, shape = PICTURES[n]
        _draw_tile(sheet, canvas.PICTURES + n, SHAPES[canvas.SOLID], paper, w, h)
        _draw_tile(sheet, canvas.PICTURES + n, shape.split(), ink, w, h)
    grid = displayio.TileGrid(
        sheet, pixel_shader=palette, width=cols, height=rows,
        tile_width=w, tile_height=h, x=x0, y=y0,
    )
    root = displayio.Group()
    root.append(grid)
    letters, font_index = font_tiles(font, w, h)
    blank = font_index[0]
    lines = []  # a TileGrid of one row of characters per screen row
    inks = []  # each row's palette: transparent, then the text colour
    for row in range(rows):
        ink = displayio.Palette(2)
        ink[1] = PALETTE[canvas.WHITE]
        ink.make_transparent(0)
        line = displayio.TileGrid(
            letters, pixel_shader=ink, width=cols, height=1,
            tile_width=w, tile_height=h, default_tile=blank,
            x=x0, y=y0 + row * h,
        )
        lines.append(line)
        inks.append(ink)
        root.append(line)
    badge_letters = []  # over the whole screen, letters on a badge that their row's
    for colour in (canvas.WHITE,
                   canvas.BLACK):  # colour would not read on (look.READS): in white, in black
        ink = displayio.Palette(2)
        ink[1] = PALETTE[colour]
        ink.make_transparent(0)
        layer = displayio.TileGrid(
            letters, pixel_shader=ink, width=cols, height=rows,
            tile_width=w, tile_height=h, default_tile=blank, x=x0, y=y0,
        )
        badge_letters.append(layer)
        root.append(layer)
    # The sprite over everything (scene.lift): a bot's move shown moving, its few cells on
    # glyph tiles and letters of their own, moved by x and y, hidden when idle.
    sprite = displayio.Group()
    glyphs = displayio.TileGrid(sheet, pixel_shader=palette, width=canvas.SPRITE, height=1,
                                tile_width=w, tile_height=h)
    ink = displayio.Palette(2)
    ink.make_transparent(0)
    letters_on = displayio.TileGrid(letters, pixel_shader=ink, width=canvas.SPRITE, height=1,
                                    tile_width=w, tile_height=h, default_tile=blank)
    sprite.append(glyphs)
    sprite.append(letters_on)
    sprite.hidden = True
    root.append(sprite)
    display.root_group = root
    return (cols, rows, grid, font_index, lines, inks, badge_letters, PALETTE,
            (sprite, glyphs, letters_on, ink, w, h, x0, y0))
