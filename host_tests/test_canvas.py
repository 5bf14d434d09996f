# firmware/ui/canvas.py: what a screen shows as plain data, and the pen's edges (nothing
# drawn past the right or bottom edge raises or lands elsewhere). The pixels of a canvas:
# test_scene.py (displayio) and test_fbscene.py (framebuf).
from firmware.ui import canvas


def test_right_puts_text_flush_with_the_edge_in_its_colour():
    c = canvas.Canvas(12, 3)
    c.at(0, 0)
    c.right("end", canvas.GREEN)  # on the top row too
    assert c.texts()[0] == " " * 9 + "end"
    assert c.colours[0] == canvas.GREEN
    c.line(canvas.RED)
    c.right("much too long for it")  # cut at the left edge, the row's colour kept
    assert c.texts()[1] == "much too lon" and c.colours[1] == canvas.RED


def test_the_pen_past_the_bottom_draws_nothing_and_raises_nothing():
    c = canvas.Canvas(8, 2)
    c.line()
    c.line()
    assert c.line(canvas.GOLD) is False  # a third row on a canvas of two
    c.text("lost")
    c.right("lost", canvas.RED)
    c.badge("x", canvas.BLUE)
    c.at(2, 0, canvas.RED)
    assert c.texts() == ["", ""] and list(c.colours) == [canvas.WHITE, canvas.WHITE]
    assert c.used == 2


def test_clear_blanks_what_was_drawn_and_forgets_the_rows_used():
    c = canvas.Canvas(6, 4)
    c.line(canvas.RED)
    c.badge("ab", canvas.BLUE)
    c.bar(3, canvas.NAVY)  # a row reached only by a bar
    assert c.used == 4 and c.tile_at(3, 5) != 0
    c.clear()
    assert c.texts() == ["", "", "", ""]
    assert bytes(c.tiles) == bytes(24) and list(c.colours) == [canvas.WHITE] * 4
    assert (c.used, c.row, c.col) == (0, -1, 0)


def test_blit_copies_rows_of_a_wider_canvas():
    body = canvas.Canvas(10, 6)
    for n in range(6):
        body.line(canvas.RED + n)
        body.text("row %d of the body" % n)
        body.gem(canvas.BLUE)
    screen = canvas.Canvas(8, 4)
    screen.line()
    screen.text("title")
    screen.blit(body, 2, 1, 5)  # rows 2..4 fit from row 1; the rest is past the bottom
    assert screen.texts() == ["title", "row 2 of", "row 3 of", "row 4 of"]
    assert list(screen.colours) == [canvas.WHITE, canvas.RED + 2, canvas.RED + 3, canvas.RED + 4]
    assert screen.used == 4
    screen.blit(body, 5, 0, 3)  # rows past the source's end: nothing copied for them
    assert screen.texts()[:2] == ["row 5 of", "row 2 of"]


def test_marks_say_where_each_thing_is_and_how_wide():
    # Guards: a mark at the wrong cell, a mark kept past the edge or the clear, an extent
    # that runs into the next badge (same colour, one space apart) or stops inside a word.
    c = canvas.Canvas(12, 2, 5)
    c.line()
    c.mark(7)
    c.text("Hand ")
    c.mark(101)
    c.badge("10", canvas.RED)
    c.space()
    c.mark(102)
    c.mark(103)  # one badge for two cards
    c.badge("9", canvas.RED)
    c.badge("8", canvas.BLUE)  # touching: a glyph of another colour ends the run
    c.line()
    c.col = 12
    c.mark(999)  # past the right edge: nothing there to point at
    assert list(c.marks[:c.marked]) == [7, 101, 102, 103]
    assert list(c.spots[:c.marked]) == [0, 5, 8, 8]
    assert [c.extent(cell) for cell in c.spots[:c.marked]] == [4, 2, 1, 1]
    c.col = 0
    c.mark(104)
    c.mark(105)  # past the room made for marks: not recorded, nothing raised
    assert list(c.marks) == [7, 101, 102, 103, 104]
    c.clear()
    assert c.marked == 0
    c.line()
    c.mark(8)
    assert list(c.marks[:c.marked]) == [8] and c.spots[0] == 0
    assert len(canvas.Canvas(4, 1).marks) == 0  # a screen's canvas records none
