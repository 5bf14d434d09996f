# What a player reads, on every screen of whole games on both screen sizes (the headless
# simulator, a scripted human pressing buttons): no rule ids or internal names show, nothing
# is cut at the right edge. Guards: a note or an option shown as the code names it ("G-K5",
# "show_score"), a line longer than the screen.
import re

import pytest
from app_driver import BOARDS, make_sim, setup_game

from firmware.core import load
from firmware.core.prng import Prng
from firmware.hw import buttons as K
from firmware.ui import screens as S

RULE_ID = re.compile(r"\b[A-Z]-[A-Z]{1,2}\d*\b")  # D-T6, G-K5, M-O2, Q-T2
CODE_NAME = re.compile(r"[a-z]_[a-z]")  # show_score


def problems(canvas):
    """What is wrong with the screen in `canvas`, as sentences."""
    found = []
    for row in range(canvas.rows):
        text = canvas.row_text(row)
        for pattern in (RULE_ID, CODE_NAME):
            match = pattern.search(text)
            if match:
                found.append("row %d shows %r: %r" % (row, match.group(0), text))
    if canvas.cut:
        found.append("%d character(s) cut at the right edge: %r" % (canvas.cut, canvas.texts()))
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


def play_through(looker, game, rng, limit=4000):
    sim = looker.sim
    players, seats = SEATS[game]
    setup_game(sim, load(game).TITLE, players, seats)
    looker.look()
    for _ in range(limit):
        app = sim.app
        screen = app.screen
        if app.match is None:
            return  # back at the title
        if app.match.over() and not isinstance(screen, S.TableScreen):  # the results
            for _ in range(12):
                looker.press(K.DOWN)  # every row of them
            looker.press(K.B)  # to the title
            continue
        if isinstance(screen, S.TableScreen) and app.match.human_turn():
            if rng.randbelow(3) == 0:
                looker.press(K.DOWN)
            if rng.randbelow(3) == 0:
                looker.press(K.LEFT)  # an older sentence of the news
            if rng.randbelow(8) == 0:
                looker.press(K.SELECT)
            looker.press(K.A)
        elif isinstance(screen, S.TableScreen) and screen.busy():
            sim.frame(0)
        else:
            looker.press(K.A)
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
        looker.press(K.A)  # the setup screen
        for _ in range(12):
            looker.press(K.DOWN)
            looker.press(K.RIGHT)
        move_cursor_to(sim, "Rules help")
        looker.press(K.A)
        for _ in range(60):
            looker.press(K.RIGHT)  # a page on
        looker.press(K.B)
        looker.press(K.B)  # back to the title
    assert not looker.seen, looker.report()
