# What a player reads, on every screen of whole games on both screen sizes (the headless
# simulator, a scripted human pressing buttons): text reaches a contrast of 4.5:1 against what
# is under it (WCAG AA; on a badge in the ink the scenes draw it, look.READS: test_scene
# checks the pixels), no rule ids or internal names show, nothing is cut at the right edge.
# Guards: a badge colour too light for its text, a note or an option shown as the code names
# it ("G-K5", "show_score"), a line longer than the screen.
import re

import pytest
from app_driver import BOARDS, make_sim, setup_game
from contrast import contrast as rgb_contrast

from firmware import buttons
from firmware.core import load
from firmware.core.prng import Prng
from firmware.ui import canvas, look, screens
from firmware.ui.look import PALETTE

RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{1,2}\d*\b")  # D-T6, G-K5, M-O2, Q-T2
CODE_NAME = re.compile(r"[a-z]_[a-z]")  # show_score


def contrast(a, b):
    """WCAG contrast of canvas colours a and b (tools/contrast.py's, on their RGB)."""
    return rgb_contrast(PALETTE[a], PALETTE[b])


def test_contrast_of_the_wcag_examples():
    assert round(contrast(canvas.WHITE, canvas.BLACK), 1) == 21.0  # pure white on black
    assert contrast(canvas.BLACK, canvas.BLACK) == 1.0


# The colours only ever under something (a bar, a die's or a tile's badge), never a glyph's
# ink on the black screen: test_contrast.py's pixels of whole games would show otherwise.
PAPER_ONLY = (canvas.BLACK, canvas.NAVY, canvas.TEAL, canvas.BROWN)


def test_every_ink_of_a_gem_dot_or_outline_reads_on_the_black_screen():
    # Issue 57 (blue gems on black were 3.3:1, the dimmed outline 2.6:1): the quick form of
    # test_contrast.py (slow), from the palette.
    low = [(colour, round(contrast(colour, canvas.BLACK), 2))
           for colour in range(len(PALETTE)) if colour not in PAPER_ONLY
           and contrast(colour, canvas.BLACK) < 4.5]
    assert low == []


def badge_ink(colour, under):
    """The ink a letter of a row in `colour` must have on a badge of colour `under`: the
    row's colour where that reads at 4.5:1, else white or black, whichever reads better."""
    if contrast(colour, under) >= 4.5:
        return colour
    return canvas.WHITE if contrast(canvas.WHITE, under) >= contrast(canvas.BLACK,
                                                                     under) else canvas.BLACK


def drawn_ink(colour, under):
    """The ink the scenes draw that letter in, from look.READS and look.DARK."""
    if (look.READS[colour] >> under) & 1:
        return colour
    return canvas.BLACK if (look.DARK >> under) & 1 else canvas.WHITE


def test_a_pictures_ink_reads_on_its_paper_and_the_papers_are_the_tables_colours():
    # Guards: a pip in white on green (3.8:1), white on a picked die's orange (3.6:1),
    # a suit's pip on another suit's colour, a die's face on another state's colour, a
    # table's constant pointing at another game's pictures.
    from firmware.games.diamonds import table as table_diamonds
    from firmware.games.quartz import rules as quartz
    from firmware.games.quartz import table as table_quartz
    from firmware.games.sixgems import table as table_sixgems
    for ink, paper, _shape in look.PICTURES:
        assert contrast(ink, paper) >= 4.5, (ink, paper)

    def papers(first, count):
        return [paper for _ink, paper, _shape in look.PICTURES[first:first + count]]

    def shapes(first, count):
        return [shape for _ink, _paper, shape in look.PICTURES[first:first + count]]

    assert papers(table_diamonds.PIPS, 4) == list(table_diamonds.SUIT)
    sides = len(quartz.FACES)
    assert papers(table_quartz.FACES, sides) == [table_quartz.DIE_FREE] * sides
    assert papers(table_quartz.FACES + sides, sides) == [table_quartz.DIE_PICKED] * sides
    assert shapes(table_quartz.FACES, sides) == list(look.QUARTZ_FACES)
    assert shapes(table_quartz.FACES + sides, sides) == list(look.QUARTZ_FACES)
    for die, first in enumerate(table_sixgems.DIE_PIPS):
        assert shapes(first, 6) == list(look.SIXGEMS_FACES)
        assert papers(first, 6) == [table_sixgems.DIE_COLOURS[die]] * 6
    assert max(table_sixgems.DIE_PIPS) + 6 == len(look.PICTURES)  # nothing unused after
    for pips, shape in enumerate(look.SIXGEMS_FACES, 1):  # n pips of 2 x 2 pixels
        assert shape.count("#") == 4 * pips


def pixels_apart(a, b):
    """In how many of a cell's 72 pixels two shapes (12 rows a space apart) differ."""
    return sum(x != y for x, y in zip(a.replace(" ", ""), b.replace(" ", "")))


def test_quartz_dice_faces_cannot_be_mistaken_for_one_another():
    # Issue 57: the pickaxe and the hammer were the same T but for 6 pixels (the hammer's
    # head filled in) and read alike at 160x128. The faces are drawn pixel for pixel on
    # every board (6 x 12 cells: look.py's shapes are not scaled). Every pair of faces
    # differs in 12 pixels or more, the pickaxe and the hammer in 16: now a diagonal handle
    # under a curved head, a T. Guards: two faces drawn alike, or nearly.
    from firmware.games.quartz import rules as quartz
    faces = look.QUARTZ_FACES
    assert len(faces) == len(quartz.FACES)
    close = [(quartz.FACES[a], quartz.FACES[b], pixels_apart(faces[a], faces[b]))
             for a in range(len(faces)) for b in range(a + 1, len(faces))
             if pixels_apart(faces[a], faces[b]) < 12]
    assert close == []
    assert pixels_apart(faces[quartz.FACES.index("pickaxe")],
                        faces[quartz.FACES.index("hammer")]) >= 16


def test_the_badge_inks_follow_the_palette():
    """look.READS and look.DARK are written out (a board does not work them out at start-up);
    a palette change must come with its new bits, printed here to paste."""
    names = ("black white grey dim red orange yellow green cyan blue purple pink brown navy gold"
             " teal").split()
    reads = []
    for colour in range(canvas.COLOURS):
        bits = 0
        for under in range(canvas.COLOURS):
            if contrast(colour, under) >= 4.5:
                bits |= 1 << under
        reads.append(bits)
    dark = 0
    for under in range(canvas.COLOURS):
        if badge_ink(canvas.WHITE, under) == canvas.BLACK and badge_ink(canvas.BLACK,
                                                                        under) == canvas.BLACK:
            dark |= 1 << under
    table = "\n".join("    0x%04X,  # %s" % (bits, name) for bits, name in zip(reads, names))
    assert list(look.READS) == reads, "look.READS should be:\n" + table
    assert look.DARK == dark, "look.DARK should be 0x%04X" % dark
    for colour in range(canvas.COLOURS):
        for under in range(canvas.COLOURS):
            assert drawn_ink(colour, under) == badge_ink(colour, under), (colour, under)
    assert drawn_ink(canvas.WHITE, canvas.YELLOW) == canvas.BLACK  # white on yellow: 2.9:1
    assert drawn_ink(canvas.GOLD, canvas.NAVY) == canvas.GOLD  # the cursor bar keeps its gold


def background(tile):
    """The colour under a cell's text: a badge's (SOLID), else the screen's black. None for a
    picture (gem, dot): text must not sit on one."""
    if tile == 0:
        return canvas.BLACK
    kind, colour = divmod(tile - 1, canvas.COLOURS)
    if kind == canvas.SOLID:
        return colour
    if kind == canvas.FRAME:
        return canvas.BLACK
    return None


def problems(grid):
    """What is wrong with the screen in `canvas`, as sentences."""
    found = []
    for row in range(grid.rows):
        text = "".join([" " if grid.tile_at(row, col) >= canvas.PICTURES else ch
                        for col, ch in enumerate(grid.row_text(row).ljust(grid.cols))])
        for pattern in (RULE_ID, CODE_NAME):
            match = pattern.search(text)
            if match:
                found.append("row %d shows %r: %r" % (row, match.group(0), text))
        for col in range(grid.cols):
            tile = grid.tile_at(row, col)
            if grid.chars[row * grid.cols + col] == canvas.SPACE or tile >= canvas.PICTURES:
                continue  # (a picture's letter is not drawn)
            under = background(tile)
            ink = grid.colours[row]
            if 0 < tile <= canvas.COLOURS:  # on a badge: the ink the scenes pick (look.READS)
                ink = drawn_ink(ink, under)
            if under is None:
                found.append("row %d col %d: text on a picture: %r" % (row, col, text))
            elif contrast(ink, under) < 4.5:
                found.append("row %d col %d: contrast %.1f (%d on %d): %r"
                             % (row, col, contrast(ink, under), ink, under, text))
    if grid.rows > 20 and grid.used >= grid.rows:  # the table's canvas (app.BODY_ROWS)
        found.append("the table fills all %d rows of its canvas: rows may be lost: %r"
                     % (grid.rows, grid.texts()))
    if grid.cut:
        found.append("%d character(s) cut at the right edge: %r" % (grid.cut, grid.texts()))
    return found


class Looker:
    """Presses buttons and checks every screen drawn on the way."""

    def __init__(self, sim):
        self.sim = sim
        self.seen = {}  # a problem -> how often

    def look(self):
        app = self.sim.app
        for problem in problems(app.canvas) + (problems(app.body) if app.body.used else []):
            self.seen[problem] = self.seen.get(problem, 0) + 1

    def press(self, mask):
        self.sim.press(mask)
        self.look()

    def report(self):
        return sorted(self.seen)[:12]


SEATS = {  # two humans where something is hidden, so the hand-over screens show too
    "diams": (3, ("human", "human", "normal")),
    "diamonds": (3, ("human", "normal", "human")),
    "quartz": (3, ("human", "normal", "normal")),
    "sixgems": (2, ("human", "human")),
}


def play_through(looker, game, rng, limit=4000, table=None):
    """A whole game of `game` by buttons, with (players, seats) `table` (else SEATS'), and
    back to the title."""
    sim = looker.sim
    players, seats = table or SEATS[game]
    setup_game(sim, load(game).TITLE, players, seats)
    looker.look()
    for _ in range(limit):
        app = sim.app
        screen = app.screen
        if app.match is None:
            return  # back at the title
        if app.match.over() and not isinstance(screen, screens.TableScreen):  # the results
            looker.press(buttons.A)  # their menu
            looker.press(buttons.A)  # the breakdown: every page of it, then the menu again
            for _ in range(12):
                if not sim.texts()[0].startswith("Results"):
                    break
                looker.press(buttons.A)
            looker.press(buttons.B)  # the winner and the scores again
            looker.press(buttons.B)  # to the title
            continue
        if isinstance(screen, screens.TableScreen) and app.match.human_turn():
            if rng.randbelow(3) == 0:
                looker.press(buttons.DOWN)
            if rng.randbelow(3) == 0:
                looker.press(buttons.LEFT)  # an older sentence of the news
            if rng.randbelow(8) == 0:
                looker.press(buttons.SELECT)
            looker.press(buttons.A)
        elif isinstance(screen, screens.TableScreen) and screen.busy():
            sim.frame(0)
        else:
            looker.press(buttons.A)
    raise AssertionError("%s did not end in %d steps" % (game, limit))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_screen_of_a_game_reads_well(game, board):
    looker = Looker(make_sim(board, seed=3))
    play_through(looker, game, Prng(9))
    assert not looker.seen, looker.report()


@pytest.mark.parametrize("board", BOARDS)
def test_the_menus_and_the_rules_help_read_well(board):
    sim = make_sim(board, seed=3)
    looker = Looker(sim)
    looker.look()
    for game in ("diams", "diamonds", "quartz", "sixgems"):
        from app_driver import move_cursor_to

        move_cursor_to(sim, load(game).TITLE)
        looker.press(buttons.A)  # the setup screen
        for _ in range(12):
            looker.press(buttons.DOWN)
            looker.press(buttons.RIGHT)
        move_cursor_to(sim, "Rules help")
        looker.press(buttons.A)
        for _ in range(60):
            looker.press(buttons.RIGHT)  # a page on
        looker.press(buttons.B)
        looker.press(buttons.B)  # back to the title
    assert not looker.seen, looker.report()
