# firmware/ui/scene.py on Blinka displayio: the pixels of the text are the built-in font's
# glyphs in each row's colour, over the glyph tiles; CircuitPython's font sheet is used as is.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import terminalio  # noqa: E402
from sim import headless_display  # noqa: E402

from firmware.ui import canvas  # noqa: E402
from firmware.ui.look import PALETTE, PICTURES, POINTER_SHAPE, SHAPES  # noqa: E402
from firmware.ui.scene import FIRST, Scene  # noqa: E402
from firmware.ui.scene_build import font_tiles  # noqa: E402


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
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.clear()
    grid.line(canvas.GOLD)
    grid.text("Ag*7")
    grid.line(canvas.RED)
    grid.text("x}")
    grid.line(canvas.WHITE)  # the colour every row starts in
    grid.text("W!")
    scene.show(grid)
    screen = pixels(display)
    x0 = (160 - scene.cols * 6) // 2
    y0 = (128 - scene.rows * 12) // 2
    lit = 0
    rows = ((0, "Ag*7", canvas.GOLD), (1, "x}", canvas.RED), (2, "W!", canvas.WHITE),
            (3, "  ", canvas.WHITE))
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
    grid.clear()
    grid.line(canvas.GREY)
    grid.text("A")
    scene.show(grid)  # a changed row: the old characters gone, the new colour
    screen = pixels(display)
    glyph = terminalio.FONT.get_glyph(ord("A"))
    ink = [(x, y) for y in range(12) for x in range(6) if glyph.bitmap[x, y]]
    assert all(screen[y0 + y][x0 + x] == rgb565(PALETTE[canvas.GREY]) for x, y in ink)
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


# The colours as the display shows them (RGB), by the names the screens draw with.
NAMED_RGB = (
    (canvas.WHITE, 0xFFFFFF),
    (canvas.GREY, 0x9A9A9A),
    (canvas.DIM, 0x737573),
    (canvas.RED, 0xE61C20),
    (canvas.ORANGE, 0xD2691E),
    (canvas.YELLOW, 0xB49600),
    (canvas.GREEN, 0x1E9632),
    (canvas.CYAN, 0x10A0B4),
    (canvas.BLUE, 0x3969F6),
    (canvas.PURPLE, 0xA440EE),
    (canvas.PINK, 0xD2508C),
    (canvas.BROWN, 0x7A5028),
    (canvas.NAVY, 0x1E2D78),
    (canvas.GOLD, 0xFFD21E),
    (canvas.TEAL, 0x0A7873),
)


def cell_pixels(screen, scene, row, col):
    x0 = (160 - scene.cols * 6) // 2 + col * 6
    y0 = (128 - scene.rows * 12) // 2 + row * 12
    return [[screen[y0 + y][x0 + x] for x in range(6)] for y in range(12)]


def test_badges_glyphs_and_text_show_in_the_named_colours():
    """Row 0: a badge (a filled cell) of every colour; rows 1-4: a gem, a dot, a frame and a
    letter of each; each cell's lit pixels are in the colour named, in the glyph's shape."""
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.line()
    for colour, _ in NAMED_RGB:
        grid.badge(" ", colour)
    for kind in (canvas.GEM, canvas.DOT, canvas.FRAME):
        grid.line()
        for colour, _ in NAMED_RGB:
            grid.glyph(kind, colour)
    scene.show(grid)
    screen = pixels(display)
    shapes = {
        canvas.SOLID: SHAPES[canvas.SOLID],
        canvas.GEM: SHAPES[canvas.GEM],
        canvas.DOT: SHAPES[canvas.DOT],
        canvas.FRAME: SHAPES[canvas.FRAME],
    }
    assert len(set(shapes.values())) == 4  # four different glyphs
    for row, kind in enumerate((canvas.SOLID, canvas.GEM, canvas.DOT, canvas.FRAME)):
        for col, (colour, rgb) in enumerate(NAMED_RGB):
            cell = cell_pixels(screen, scene, row, col)
            for y in range(12):
                for x in range(6):
                    want = rgb565(rgb) if shapes[kind][y][x] == "#" else 0
                    assert cell[y][x] == want, (row, col, x, y, hex(cell[y][x]), hex(want))
            assert grid.tile_at(row, col) == canvas.tile(kind, colour)
    assert cell_pixels(screen, scene, 0, len(NAMED_RGB)) == [[0] * 6] * 12  # no badge there
    # Text rows in every colour (two screens of them).
    for first in (0, 8):
        grid.clear()
        for colour, _ in NAMED_RGB[first : first + 8]:
            grid.line(colour)
            grid.text("#")
        scene.show(grid)
        screen = pixels(display)
        glyph = terminalio.FONT.get_glyph(ord("#"))
        for row, (colour, rgb) in enumerate(NAMED_RGB[first : first + 8]):
            cell = cell_pixels(screen, scene, row, 0)
            ink = [
                cell[y][x]
                for y in range(12)
                for x in range(6)
                if glyph.bitmap[glyph.tile_index * 6 + x, y]
            ]
            assert ink and all(p == rgb565(rgb) for p in ink), (colour, hex(rgb))


def test_the_pointer_is_a_gold_arrow_over_black():
    # Guards: the pointer's tile missing from the sheet (a blank cell), in another colour, or
    # drawn with another glyph's shape.
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.at(2, 3)
    grid.tiles[2 * grid.cols + 3] = canvas.POINTER
    scene.show(grid)
    cell = cell_pixels(pixels(display), scene, 2, 3)
    gold = rgb565(PALETTE[canvas.GOLD])
    for y in range(12):
        for x in range(6):
            assert cell[y][x] == (gold if POINTER_SHAPE[y][x] == "#" else 0), (x, y)
    assert POINTER_SHAPE not in SHAPES.values()


def test_the_pointer_touches_neither_neighbour():
    # Issue 57: the arrow filled its cell's first pixel column, against the die or pip
    # before it (a badge fills its cell's width), and reached to one pixel of the thing it
    # points at: at 160x128 it read as part of the die before. Between two badges (a die's
    # picture, a card's rank), on each pixel row of the arrow, a black column parts it from
    # either badge. Guards: an arrow a cell wide, or one pushed against either side.
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.line()
    grid.picture(4, "P")
    grid.space()
    grid.badge("7", canvas.BLUE)
    grid.tiles[1] = canvas.POINTER  # (as screens.TableScreen.point puts it)
    scene.show(grid)
    screen = pixels(display)
    before, pointer, after = [cell_pixels(screen, scene, 0, col) for col in range(3)]
    gold = rgb565(PALETTE[canvas.GOLD])
    lit = [(x, y) for y in range(12) for x in range(6) if pointer[y][x] == gold]
    assert len(lit) >= 12  # (an arrow, not a dot)
    assert all(pointer[y][x] in (gold, 0) for y in range(12) for x in range(6))
    for y in set(y for _x, y in lit):
        assert before[y][5] and after[y][0], y  # the badges reach their edges there
        assert pointer[y][0] == 0, ("against the die before", y)
        assert pointer[y][5] == 0, ("against the thing pointed at", y)


def test_a_picture_is_its_shape_in_its_ink_on_a_badge_of_its_paper():
    # Every game's pictures (look.PICTURES), two cells apart, rows of them. Guards: a picture
    # missing from the sheet (a blank cell), drawn in another picture's shape or colours,
    # without its badge, the ink and the paper swapped, the letter under it drawn over it.
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    per_row = scene.cols // 2

    def place(n):
        return 1 + n // per_row, 2 * (n % per_row)

    for n in range(len(PICTURES)):
        grid.at(*place(n))
        grid.picture(n, "X")
    scene.show(grid)
    screen = pixels(display)
    assert len(set(PICTURES)) == len(PICTURES)
    assert scene.texts() == [""] * scene.rows  # (the letters under them are not shown)
    for n, (ink, paper, rows) in enumerate(PICTURES):
        shape = rows.split()
        assert len(shape) == 12 and all(len(row) == 6 for row in shape), rows
        row, col = place(n)
        cell = cell_pixels(screen, scene, row, col)
        for y in range(12):
            for x in range(6):
                # (no ink outside the badge: a picture over another needs no clearing)
                assert shape[y][x] == "." or SHAPES[canvas.SOLID][y][x] == "#", (n, x, y)
                want = (ink if shape[y][x] == "#" else paper if SHAPES[canvas.SOLID][y][x] == "#"
                        else canvas.BLACK)
                assert cell[y][x] == (rgb565(PALETTE[want]) if want else 0), (n, x, y)
        assert grid.tile_at(row, col) == canvas.PICTURES + n


def test_an_outline_over_a_picture_shows_the_letter_under_it():
    # screens.TableScreen.outline draws a card or die no choice picks as a dim frame: its
    # suit or face must stay readable. Guards: picture() dropping its letter, the scene
    # keeping a picture's blank letter when the tile changes.
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.line()
    grid.text("A")
    grid.picture(3, "S")
    grid.text("!")
    scene.show(grid)
    assert scene.texts()[0] == "A !"
    grid.tiles[1] = canvas.tile(canvas.FRAME, canvas.DIM)
    scene.show(grid)
    assert scene.texts()[0] == "AS!"
    grid.tiles[1] = canvas.PICTURES + 3
    scene.show(grid)
    assert scene.texts()[0] == "A !"


def test_a_show_that_changes_nothing_is_not_counted():
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    grid.line(canvas.GOLD)
    grid.text("Hi")
    scene.show(grid)
    scene.show(grid)
    assert scene.changes == 1
    grid.at(0, 0, canvas.RED)  # the colour only
    scene.show(grid)
    assert scene.changes == 2
    assert scene.texts()[0] == "Hi"


# -- the canvas: what the screens draw with ------------------------------------------------
def test_clear_leaves_a_blank_screen():
    c = canvas.Canvas(10, 3)
    c.line(canvas.GOLD)
    c.badge("Ab", canvas.RED)
    c.gem(canvas.BLUE)
    c.bar(1, canvas.NAVY)
    c.clear()
    assert c.texts() == ["", "", ""]
    assert bytes(c.tiles) == bytes(30)
    assert list(c.colours) == [canvas.WHITE] * 3
    assert c.used == 0
    c.line()
    c.text("x")
    assert c.texts() == ["x", "", ""]  # the first line() is the top row


def test_text_past_the_edges_is_cut_and_never_raises():
    c = canvas.Canvas(5, 2)
    c.line()
    c.text("abcdefg")
    c.line()
    c.text("\u00e9t\u00e9")  # what the font lacks shows as '?'
    assert c.line() is False
    assert c.line() is False  # two rows past the bottom
    c.text("lost")
    c.gem(canvas.RED, 3)
    c.badge("zz", canvas.RED)
    assert c.texts() == ["abcde", "?t?"]
    assert c.used == 2
    assert bytes(c.tiles) == bytes(10)
    c.at(-1, 0)
    c.text("up")
    c.at(7, 0)
    c.text("down")
    assert c.texts() == ["abcde", "?t?"]


def test_at_moves_the_pen_and_counts_the_rows_used():
    c = canvas.Canvas(8, 6)
    c.at(2, 3, canvas.CYAN)
    c.text("mid")
    assert c.texts() == ["", "", "   mid", "", "", ""]
    assert c.colours[2] == canvas.CYAN
    assert c.used == 3
    c.at(2, 0)
    c.text("x")
    assert c.used == 3
    assert c.colours[2] == canvas.CYAN  # no colour given: kept
    c.at(3)
    assert c.used == 4
    c.at(1)
    assert c.used == 4


def test_right_puts_text_flush_with_the_right_edge():
    c = canvas.Canvas(10, 3)
    c.line()
    c.text("left")
    c.right("end")
    c.line(canvas.GREY)
    c.right("tip", canvas.GOLD)
    c.line()
    c.right("much too long")
    assert c.texts() == ["left   end", "       tip", "much too l"]
    assert list(c.colours) == [canvas.WHITE, canvas.GOLD, canvas.WHITE]


def test_bar_fills_only_the_empty_cells_of_its_span():
    c = canvas.Canvas(8, 3)
    c.line()
    c.text("ab")
    c.gem(canvas.RED)
    c.bar(0, canvas.NAVY, 1, 5)
    navy = canvas.tile(canvas.SOLID, canvas.NAVY)
    assert [c.tile_at(0, col) for col in range(8)] == [
        0,
        navy,
        canvas.tile(canvas.GEM, canvas.RED),
        navy,
        navy,
        0,
        0,
        0,
    ]
    c.bar(1, canvas.NAVY, 6, 99)
    assert [c.tile_at(1, col) for col in range(8)] == [0] * 6 + [navy, navy]
    c.bar(2, canvas.GOLD)
    assert [c.tile_at(2, col) for col in range(8)] == [canvas.tile(canvas.SOLID, canvas.GOLD)] * 8
    c.bar(3, canvas.GOLD)  # below the bottom: nothing
    c.bar(-1, canvas.GOLD)
    assert c.texts() == ["ab", "", ""]


def test_blit_copies_rows_text_glyphs_and_colours():
    src = canvas.Canvas(6, 3)
    for word, colour in (("one", canvas.GOLD), ("two", canvas.RED), ("three", canvas.GREY)):
        src.line(colour)
        src.gem(canvas.BLUE)
        src.text(word)
        src.col = 5
        src.dot(colour)
    dst = canvas.Canvas(6, 4)
    dst.at(0)
    dst.text("top")
    dst.blit(src, -1, 0, 2)  # row -1 of the source does not exist: row 0 kept
    assert dst.texts() == ["top", " one", "", ""]
    dst.blit(src, 1, 2, 5)  # past the source's last row, past this canvas's: skipped
    assert dst.texts() == ["top", " one", " two", " three"]
    assert list(dst.colours) == [canvas.WHITE, canvas.GOLD, canvas.RED, canvas.GREY]
    assert [dst.tile_at(r, 0) for r in range(4)] == [0] + [canvas.tile(canvas.GEM, canvas.BLUE)] * 3
    assert [dst.tile_at(r, 1) for r in range(4)] == [0] * 4
    assert [dst.tile_at(r, 5) for r in range(4)] == [
        0,
        canvas.tile(canvas.DOT, canvas.GOLD),
        canvas.tile(canvas.DOT, canvas.RED),
        canvas.tile(canvas.DOT, canvas.GREY),
    ]
    assert dst.used == 4
    low = canvas.Canvas(6, 3)
    low.blit(src, 2, 0, 3)  # the source's last row, then rows it does not have
    assert low.texts() == [" three", "", ""]
    assert bytes(low.tiles[6:]) == bytes(12)


def test_wrap_keeps_words_whole_and_cuts_longer_ones():
    assert canvas.wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert canvas.wrap("abcdefghij xyz", 5) == ["abcde", "fghij", "xyz"]
    assert canvas.wrap("ab abcdefgh c", 5) == ["ab", "abcde", "fgh c"]
    assert canvas.wrap("  indented words here", 12) == ["  indented", "  words here"]
    assert canvas.wrap("", 8) == [""]


def opaque_colours(group):
    """Every colour (RGB) the display is given to paint with: the opaque entries of the
    palettes of the TileGrids it shows (a group within the group included)."""
    found = set()
    for item in group:
        if hasattr(item, "pixel_shader"):
            ink = item.pixel_shader
            found.update(ink[i] for i in range(len(ink)) if not ink.is_transparent(i))
        else:
            found.update(opaque_colours(item))
    return found


def test_the_display_paints_with_exactly_the_named_colours():
    """Beyond what RGB565 keeps: the colours handed to displayio are the named ones (a
    display of more colour depth shows them as they are), black text included."""
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    named = dict(NAMED_RGB)
    named[canvas.BLACK] = 0x000000
    for first in (0, 8):
        grid.clear()
        order = sorted(named)[first : first + 8]
        for colour in order:
            grid.line(colour)
            grid.text("#")
        scene.show(grid)
        painted = opaque_colours(display.root_group)
        assert painted <= set(named.values()), sorted(hex(c) for c in painted)
        assert set(named[c] for c in order) <= painted
    assert set(rgb for _, rgb in NAMED_RGB) <= painted  # every glyph colour, any row's


def test_every_printable_character_shows_its_font_glyph():
    """' ' to '~', row after row: each cell's pixels are the font's glyph, lit in white."""
    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    chars = "".join(chr(code) for code in range(32, 127))
    lines = [chars[i : i + scene.cols] for i in range(0, len(chars), scene.cols)]
    for line in lines:
        grid.line()
        grid.text(line)
    scene.show(grid)
    assert scene.texts()[: len(lines)] == [line.rstrip(" ") for line in lines]
    screen = pixels(display)
    white = rgb565(PALETTE[canvas.WHITE])
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            glyph = terminalio.FONT.get_glyph(ord(ch))
            want = [
                [white if glyph.bitmap[glyph.tile_index * 6 + x, y] else 0 for x in range(6)]
                for y in range(12)
            ]
            assert cell_pixels(screen, scene, row, col) == want, ch


def test_a_letter_on_a_badge_is_drawn_in_an_ink_that_reads_on_it():
    """Every row colour over every badge colour: the letter's pixels are one colour, at a
    contrast of 4.5:1 or more with the badge (WCAG AA), the row's own colour when that
    reads; the same cells drawn again in other row colours switch ink (no stale letter)."""
    from test_looks import contrast

    display = headless_display(160, 128)
    scene = Scene(display)
    grid = canvas.Canvas(scene.cols, scene.rows)
    glyph = terminalio.FONT.get_glyph(ord("#"))
    by_rgb = {rgb565(PALETTE[i]): i for i in range(canvas.COLOURS)}
    for shift in (0, 5, 10):
        grid.clear()
        rows = [(r + shift) % canvas.COLOURS for r in range(scene.rows)]
        for colour in rows:
            grid.line(colour)
            for under in range(1, canvas.COLOURS):
                grid.badge("#", under)
        scene.show(grid)
        screen = pixels(display)
        for row, colour in enumerate(rows):
            for col, under in enumerate(range(1, canvas.COLOURS)):
                cell = cell_pixels(screen, scene, row, col)
                lit = {cell[y][x] for y in range(1, 11) for x in range(6)
                       if glyph.bitmap[glyph.tile_index * 6 + x, y]}
                assert len(lit) == 1, (colour, under, lit)
                ink = by_rgb[lit.pop()]
                assert contrast(ink, under) >= 4.5, (colour, under, ink)
                if contrast(colour, under) >= 4.5:
                    assert ink == colour, (colour, under, ink)
