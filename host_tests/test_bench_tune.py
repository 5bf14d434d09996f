# `tools/bench.py tune`: a heuristic with changed settings against the game's normal bot. These
# check that the variant plays on its own seat only, with its own settings, and leaves the
# game's module as it was; the figures of the bots' strength are the bench's, not these.
from multiprocessing.dummy import Pool

import bench
import pytest

from firmware.games.diams import bot as diams_bot
from firmware.selftest import quick_options


def shares(changes, games=100, level="normal"):
    with Pool(1) as pool:
        return bench.tune_shares(pool, "diams", 2, quick_options("diams"), games, changes, level)


def test_the_games_own_settings_score_exactly_the_even_share():
    # the same bot on both seats of each deal: one of the two games is won, whichever seat
    found = shares([])
    assert len(found) == 100 and sum(found) / len(found) == 0.5


def test_a_worse_setting_loses_on_its_own_seat_only():
    # drawing to the market with 4+ cards in hand loses most Diam's games to the normal bot
    # (23% of 400); applied to every seat, both sides would play it and share 50%
    found = shares(["HAND_DRAW_BELOW=4"])
    assert sum(found) / len(found) < 0.4
    assert diams_bot.HAND_DRAW_BELOW == 6  # the game's module is untouched


def test_a_variants_settings_are_evaluated_in_its_module():
    bot_class = bench.variant_bot("diams", ["W_PAIR=W_STORE // 2", "NOISE={'normal': 100}"])
    settings = bot_class.__init__.__globals__  # the private copy's names
    assert bot_class is not diams_bot.Bot
    assert (settings["W_PAIR"], settings["NOISE"]["normal"]) == (diams_bot.W_STORE // 2, 100)
    assert bot_class(0, "normal", 1).noise == 100 and diams_bot.Bot(0, "normal", 1).noise == 0


def test_a_name_the_bot_module_lacks_is_refused():
    with pytest.raises(ValueError, match="has no W_NOTHING"):
        bench.variant_bot("diams", ["W_NOTHING=1"])


def test_the_command_takes_its_options_before_between_and_after_the_variants(capsys):
    bench.main(["tune", "diams", "--length", "quick", "-", "-n", "20", "HAND_DRAW_BELOW=4",
                "--jobs", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("diams 2p quick: the normal heuristic") and "20 games" in lines[0]
    assert lines[1].split()[:2] == ["-", "50.0%"]
    assert lines[2].split()[0] == "HAND_DRAW_BELOW=4" and float(lines[2].split()[1][:-1]) < 40


def test_a_variants_settings_split_at_the_commas_before_a_name_only():
    assert bench.split_changes("W_EXT=15,NOISE={'easy': 5, 'normal': 0},X=(1, 2)") == [
        "W_EXT=15", "NOISE={'easy': 5, 'normal': 0}", "X=(1, 2)"]
