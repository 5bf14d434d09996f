"""Diploma in the app (issue 14's pointing, the looks): at a human's decision the table
points at the hex, die or tile the choice under the cursor picks, on the page shown, never
outlined; every screen of a game (table pages, news, results, help) reads well at both
sizes. Uses the generic suites' drivers with Diploma added."""

import pytest
import test_looks
import test_pointing
from app_driver import BOARDS, make_sim

from firmware.core.prng import Prng


@pytest.fixture
def diploma_tables(monkeypatch):
    monkeypatch.setitem(test_pointing.TABLES, "diploma", ("Diploma", 2, ["human", "normal"]))
    monkeypatch.setitem(test_looks.SEATS, "diploma", (2, ("human", "human")))


def test_the_table_points_at_the_hex_die_or_tile_the_choice_picks(diploma_tables):
    test_pointing.test_the_table_points_at_what_the_choice_picks("diploma")


@pytest.mark.parametrize("board", BOARDS)
def test_every_screen_of_a_diploma_game_reads_well(diploma_tables, board):
    looker = test_looks.Looker(make_sim(board, seed=3))
    test_looks.play_through(looker, "diploma", Prng(9))
    assert not looker.seen, looker.report()
