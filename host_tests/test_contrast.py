# Readable at arm's length (issue 57): on the screens of whole games (the headless simulator,
# a scripted human pressing buttons, test_looks.py's), at most 1% of the glyph edges the
# display shows are under a contrast of 4.5:1 (WCAG AA; tools/contrast.py says what a glyph
# edge is: a letter, gem, dot, outline or picture's shape against what is under it).
# Guards: a gem in a colour too dark for the black screen (blue on black was 3.3:1), the
# outline of a card no choice picks in too dark a grey (2.6:1), a badge's letter or a
# picture's shape in an ink that does not read on it.
import pytest
from app_driver import make_sim
from contrast import low_share, measure, rgb565_to_rgb, worst
from sim import pixels
from test_looks import SEATS, Looker, play_through

from firmware.core.prng import Prng

MOST = 0.01  # of a screen's glyph edges under 4.5:1
TABLES = dict(SEATS, diploma=(2, ("human", "human")))
# Each game on one screen (the colours are the same on both; reading a screen's pixels from
# Blinka's displayio takes a tenth of a second).
BOARD = {"diams": "pybadge", "quartz": "pybadge", "diploma": "pybadge",
         "diamonds": "picodisplay", "sixgems": "picodisplay"}


class Measurer(Looker):
    """Measures the pixels of each screen that shows a set of glyphs (the tiles of its
    cells: which badges, gems, dots, outlines and pictures, in which colours) no screen
    before it showed; keeps the worst."""

    def __init__(self, sim):
        super().__init__(sim)
        self.seen_glyphs = set()
        self.worst = (0.0, None, None)  # (share, the pairs under 4.5:1, the screen's text)

    def look(self):
        glyphs = frozenset(self.sim.scene.tiles)
        if glyphs in self.seen_glyphs:
            return
        self.seen_glyphs.add(glyphs)
        edges = measure([[rgb565_to_rgb(v) for v in row] for row in pixels(self.sim.display)])
        share = low_share(edges)
        if share > self.worst[0]:
            pairs = ["#%06x on #%06x %.1f:1 x%d" % pair for pair in worst(edges)]
            self.worst = (share, pairs, self.sim.texts())


@pytest.mark.parametrize("game", sorted(TABLES))
def test_glyphs_read_on_the_screens_of_a_game(game):
    measurer = Measurer(make_sim(BOARD[game], seed=3))
    play_through(measurer, game, Prng(9), table=TABLES[game])
    assert len(measurer.seen_glyphs) > 20  # screens with glyphs of many kinds were measured
    share, pairs, texts = measurer.worst
    assert share <= MOST, (share, pairs, texts)
