# firmware/ui/scene.py on Blinka displayio: the pixels of the text are the built-in font's
# glyphs in each row's colour, over the glyph tiles; CircuitPython's font sheet is used as is.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import terminalio  # noqa: E402
from sim import headless_display  # noqa: E402

from firmware.ui import canvas as C  # noqa: E402
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


# The colours as the display shows them (RGB), by the names the screens draw with.
NAMED_RGB = (
    (C.WHITE, 0xF0F0F0),
    (C.GREY, 0x9A9A9A),
    (C.DIM, 0x505050),
    (C.RED, 0xC81E1E),
    (C.ORANGE, 0xD2691E),
    (C.YELLOW, 0xB49600),
    (C.GREEN, 0x1E9632),
    (C.CYAN, 0x10A0B4),
    (C.BLUE, 0x2850DC),
    (C.PURPLE, 0x8C32C8),
    (C.PINK, 0xD2508C),
    (C.BROWN, 0x7A5028),
    (C.NAVY, 0x1E2D78),
    (C.GOLD, 0xFFD21E),
    (C.TEAL, 0x0A7873),
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
    canvas = C.Canvas(scene.cols, scene.rows)
    canvas.line()
    for colour, _ in NAMED_RGB:
        canvas.badge(" ", colour)
    for kind in (C.GEM, C.DOT, C.FRAME):
        canvas.line()
        for colour, _ in NAMED_RGB:
            canvas.glyph(kind, colour)
    scene.show(canvas)
    screen = pixels(display)
    shapes = {
        C.SOLID: SHAPES[C.SOLID],
        C.GEM: SHAPES[C.GEM],
        C.DOT: SHAPES[C.DOT],
        C.FRAME: SHAPES[C.FRAME],
    }
    assert len(set(shapes.values())) == 4  # four different glyphs
    for row, kind in enumerate((C.SOLID, C.GEM, C.DOT, C.FRAME)):
        for col, (colour, rgb) in enumerate(NAMED_RGB):
            cell = cell_pixels(screen, scene, row, col)
            for y in range(12):
                for x in range(6):
                    want = rgb565(rgb) if shapes[kind][y][x] == "#" else 0
                    assert cell[y][x] == want, (row, col, x, y, hex(cell[y][x]), hex(want))
            assert canvas.tile_at(row, col) == C.tile(kind, colour)
    assert cell_pixels(screen, scene, 0, len(NAMED_RGB)) == [[0] * 6] * 12  # no badge there
    # Text rows in every colour (two screens of them).
    for first in (0, 8):
        canvas.clear()
        for colour, _ in NAMED_RGB[first : first + 8]:
            canvas.line(colour)
            canvas.text("#")
        scene.show(canvas)
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
    canvas = C.Canvas(scene.cols, scene.rows)
    canvas.at(2, 3)
    canvas.tiles[2 * canvas.cols + 3] = C.POINTER
    scene.show(canvas)
    cell = cell_pixels(pixels(display), scene, 2, 3)
    gold = rgb565(PALETTE[C.GOLD])
    for y in range(12):
        for x in range(6):
            assert cell[y][x] == (gold if POINTER_SHAPE[y][x] == "#" else 0), (x, y)
    assert POINTER_SHAPE not in SHAPES.values()


def test_a_picture_is_its_shape_in_its_ink_on_a_badge_of_its_paper():
    # Every game's pictures (look.PICTURES), two cells apart, rows of them. Guards: a picture
    # missing from the sheet (a blank cell), drawn in another picture's shape or colours,
    # without its badge, the ink and the paper swapped, the letter under it drawn over it.
    display = headless_display(160, 128)
    scene = Scene(display)
    canvas = C.Canvas(scene.cols, scene.rows)
    per_row = scene.cols // 2

    def place(n):
        return 1 + n // per_row, 2 * (n % per_row)

    for n in range(len(PICTURES)):
        canvas.at(*place(n))
        canvas.picture(n, "X")
    scene.show(canvas)
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
                assert shape[y][x] == "." or SHAPES[C.SOLID][y][x] == "#", (n, x, y)
                want = (ink if shape[y][x] == "#" else paper if SHAPES[C.SOLID][y][x] == "#"
                        else C.BLACK)
                assert cell[y][x] == (rgb565(PALETTE[want]) if want else 0), (n, x, y)
        assert canvas.tile_at(row, col) == C.PICTURES + n


def test_an_outline_over_a_picture_shows_the_letter_under_it():
    # screens.TableScreen.outline draws a card or die no choice picks as a dim frame: its
    # suit or face must stay readable. Guards: picture() dropping its letter, the scene
    # keeping a picture's blank letter when the tile changes.
    display = headless_display(160, 128)
    scene = Scene(display)
    canvas = C.Canvas(scene.cols, scene.rows)
    canvas.line()
    canvas.text("A")
    canvas.picture(3, "S")
    canvas.text("!")
    scene.show(canvas)
    assert scene.texts()[0] == "A !"
    canvas.tiles[1] = C.tile(C.FRAME, C.DIM)
    scene.show(canvas)
    assert scene.texts()[0] == "AS!"
    canvas.tiles[1] = C.PICTURES + 3
    scene.show(canvas)
    assert scene.texts()[0] == "A !"


def test_a_show_that_changes_nothing_is_not_counted():
    display = headless_display(160, 128)
    scene = Scene(display)
    canvas = C.Canvas(scene.cols, scene.rows)
    canvas.line(C.GOLD)
    canvas.text("Hi")
    scene.show(canvas)
    scene.show(canvas)
    assert scene.changes == 1
    canvas.at(0, 0, C.RED)  # the colour only
    scene.show(canvas)
    assert scene.changes == 2
    assert scene.texts()[0] == "Hi"


# -- the canvas: what the screens draw with ------------------------------------------------
def test_clear_leaves_a_blank_screen():
    c = C.Canvas(10, 3)
    c.line(C.GOLD)
    c.badge("Ab", C.RED)
    c.gem(C.BLUE)
    c.bar(1, C.NAVY)
    c.clear()
    assert c.texts() == ["", "", ""]
    assert bytes(c.tiles) == bytes(30)
    assert list(c.colours) == [C.WHITE] * 3
    assert c.used == 0
    c.line()
    c.text("x")
    assert c.texts() == ["x", "", ""]  # the first line() is the top row


def test_text_past_the_edges_is_cut_and_never_raises():
    c = C.Canvas(5, 2)
    c.line()
    c.text("abcdefg")
    c.line()
    c.text("\u00e9t\u00e9")  # what the font lacks shows as '?'
    assert c.line() is False
    assert c.line() is False  # two rows past the bottom
    c.text("lost")
    c.gem(C.RED, 3)
    c.badge("zz", C.RED)
    assert c.texts() == ["abcde", "?t?"]
    assert c.used == 2
    assert bytes(c.tiles) == bytes(10)
    c.at(-1, 0)
    c.text("up")
    c.at(7, 0)
    c.text("down")
    assert c.texts() == ["abcde", "?t?"]


def test_at_moves_the_pen_and_counts_the_rows_used():
    c = C.Canvas(8, 6)
    c.at(2, 3, C.CYAN)
    c.text("mid")
    assert c.texts() == ["", "", "   mid", "", "", ""]
    assert c.colours[2] == C.CYAN
    assert c.used == 3
    c.at(2, 0)
    c.text("x")
    assert c.used == 3
    assert c.colours[2] == C.CYAN  # no colour given: kept
    c.at(3)
    assert c.used == 4
    c.at(1)
    assert c.used == 4


def test_right_puts_text_flush_with_the_right_edge():
    c = C.Canvas(10, 3)
    c.line()
    c.text("left")
    c.right("end")
    c.line(C.GREY)
    c.right("tip", C.GOLD)
    c.line()
    c.right("much too long")
    assert c.texts() == ["left   end", "       tip", "much too l"]
    assert list(c.colours) == [C.WHITE, C.GOLD, C.WHITE]


def test_bar_fills_only_the_empty_cells_of_its_span():
    c = C.Canvas(8, 3)
    c.line()
    c.text("ab")
    c.gem(C.RED)
    c.bar(0, C.NAVY, 1, 5)
    navy = C.tile(C.SOLID, C.NAVY)
    assert [c.tile_at(0, col) for col in range(8)] == [
        0,
        navy,
        C.tile(C.GEM, C.RED),
        navy,
        navy,
        0,
        0,
        0,
    ]
    c.bar(1, C.NAVY, 6, 99)
    assert [c.tile_at(1, col) for col in range(8)] == [0] * 6 + [navy, navy]
    c.bar(2, C.GOLD)
    assert [c.tile_at(2, col) for col in range(8)] == [C.tile(C.SOLID, C.GOLD)] * 8
    c.bar(3, C.GOLD)  # below the bottom: nothing
    c.bar(-1, C.GOLD)
    assert c.texts() == ["ab", "", ""]


def test_blit_copies_rows_text_glyphs_and_colours():
    src = C.Canvas(6, 3)
    for word, colour in (("one", C.GOLD), ("two", C.RED), ("three", C.GREY)):
        src.line(colour)
        src.gem(C.BLUE)
        src.text(word)
        src.col = 5
        src.dot(colour)
    dst = C.Canvas(6, 4)
    dst.at(0)
    dst.text("top")
    dst.blit(src, -1, 0, 2)  # row -1 of the source does not exist: row 0 kept
    assert dst.texts() == ["top", " one", "", ""]
    dst.blit(src, 1, 2, 5)  # past the source's last row, past this canvas's: skipped
    assert dst.texts() == ["top", " one", " two", " three"]
    assert list(dst.colours) == [C.WHITE, C.GOLD, C.RED, C.GREY]
    assert [dst.tile_at(r, 0) for r in range(4)] == [0] + [C.tile(C.GEM, C.BLUE)] * 3
    assert [dst.tile_at(r, 1) for r in range(4)] == [0] * 4
    assert [dst.tile_at(r, 5) for r in range(4)] == [
        0,
        C.tile(C.DOT, C.GOLD),
        C.tile(C.DOT, C.RED),
        C.tile(C.DOT, C.GREY),
    ]
    assert dst.used == 4
    low = C.Canvas(6, 3)
    low.blit(src, 2, 0, 3)  # the source's last row, then rows it does not have
    assert low.texts() == [" three", "", ""]
    assert bytes(low.tiles[6:]) == bytes(12)


def test_wrap_keeps_words_whole_and_cuts_longer_ones():
    assert C.wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert C.wrap("abcdefghij xyz", 5) == ["abcde", "fghij", "xyz"]
    assert C.wrap("ab abcdefgh c", 5) == ["ab", "abcde", "fgh c"]
    assert C.wrap("  indented words here", 12) == ["  indented", "  words here"]
    assert C.wrap("", 8) == [""]


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
    canvas = C.Canvas(scene.cols, scene.rows)
    named = dict(NAMED_RGB)
    named[C.BLACK] = 0x000000
    for first in (0, 8):
        canvas.clear()
        order = sorted(named)[first : first + 8]
        for colour in order:
            canvas.line(colour)
            canvas.text("#")
        scene.show(canvas)
        painted = opaque_colours(display.root_group)
        assert painted <= set(named.values()), sorted(hex(c) for c in painted)
        assert set(named[c] for c in order) <= painted
    assert set(rgb for _, rgb in NAMED_RGB) <= painted  # every glyph colour, any row's


def test_every_printable_character_shows_its_font_glyph():
    """' ' to '~', row after row: each cell's pixels are the font's glyph, lit in white."""
    display = headless_display(160, 128)
    scene = Scene(display)
    canvas = C.Canvas(scene.cols, scene.rows)
    chars = "".join(chr(code) for code in range(32, 127))
    lines = [chars[i : i + scene.cols] for i in range(0, len(chars), scene.cols)]
    for line in lines:
        canvas.line()
        canvas.text(line)
    scene.show(canvas)
    assert scene.texts()[: len(lines)] == [line.rstrip(" ") for line in lines]
    screen = pixels(display)
    white = rgb565(PALETTE[C.WHITE])
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
    canvas = C.Canvas(scene.cols, scene.rows)
    glyph = terminalio.FONT.get_glyph(ord("#"))
    by_rgb = {rgb565(PALETTE[i]): i for i in range(C.COLOURS)}
    for shift in (0, 5, 10):
        canvas.clear()
        rows = [(r + shift) % C.COLOURS for r in range(scene.rows)]
        for colour in rows:
            canvas.line(colour)
            for under in range(1, C.COLOURS):
                canvas.badge("#", under)
        scene.show(canvas)
        screen = pixels(display)
        for row, colour in enumerate(rows):
            for col, under in enumerate(range(1, C.COLOURS)):
                cell = cell_pixels(screen, scene, row, col)
                lit = {cell[y][x] for y in range(1, 11) for x in range(6)
                       if glyph.bitmap[glyph.tile_index * 6 + x, y]}
                assert len(lit) == 1, (colour, under, lit)
                ink = by_rgb[lit.pop()]
                assert contrast(ink, under) >= 4.5, (colour, under, ink)
                if contrast(colour, under) >= 4.5:
                    assert ink == colour, (colour, under, ink)
