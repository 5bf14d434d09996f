"""The Quartz computer player (firmware/bots/quartz.py): legal at every decision, decides
from the view only, deterministic, and beats a uniformly random player. Rule ids:
seeds/quartz.md."""

import bot_checks
import pytest

from firmware.bots import LEVELS, RandomBot
from firmware.core import load
from firmware.core.prng import Prng


def strict_bot(seat, level="normal", seed=0):
    return bot_checks.strict_bot("quartz", seat, level, seed)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bot_choice_is_always_legal(players):
    """Every phase (Q-T2 roll, Q-T3 act / dice / return / chest / target / give / take):
    at every decision of games mixing bot and random moves, choose() returns a legal action."""
    phases = set()
    decisions = 0
    for game in range(12):
        state = load("quartz").new_game(players, game)
        rng = Prng(game + 100)
        bots = [strict_bot(s, LEVELS[(s + game) % 3], game * 7 + s) for s in range(players)]
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"]
            assert bots[seat].choose(view) == action  # deterministic for (view, seed)
            phases.add(view["phase"])
            decisions += 1
            if rng.randbelow(3) == 0:  # random moves reach states the bots would avoid
                action = view["legal"][rng.randbelow(len(view["legal"]))]
            state.apply(action)
    assert phases == {"roll", "act", "dice", "return", "chest", "target", "give", "take"}
    assert decisions > 500


def test_bot_reads_only_the_view():
    state = load("quartz").new_game(4, 5)
    bot = strict_bot(state.current_player())
    view = state.view(state.current_player())
    assert bot.choose(view) in view["legal"]
    with pytest.raises(ValueError):
        strict_bot(1).choose(state.view(1) if state.current_player() != 1 else {"legal": []})


def test_bot_beats_random_players():
    """Q-F: the heuristic knows the scoring: one bot against random players wins most games."""
    wins = 0
    games = 48
    for game in range(games):
        players = 3 + game % 4
        state = load("quartz").new_game(players, 500 + game)
        seat = game % players
        choosers = [RandomBot(s, game * 11 + s) for s in range(players)]
        choosers[seat] = strict_bot(seat, "normal", game)
        while not state.is_over():
            s = state.current_player()
            state.apply(choosers[s].choose(state.view(s)))
        if seat in state.winners():
            wins += 1
    assert wins > 0.8 * games, wins


def test_normal_beats_easy_more_often_than_not():
    wins = [0, 0]
    for game in range(30):
        state = load("quartz").new_game(4, 900 + game)
        levels = ["normal", "easy", "normal", "easy"] if game % 2 else \
            ["easy", "normal", "easy", "normal"]
        bots = [strict_bot(s, levels[s], game * 13 + s) for s in range(4)]
        while not state.is_over():
            s = state.current_player()
            state.apply(bots[s].choose(state.view(s)))
        for w in state.winners():
            wins[0 if levels[w] == "normal" else 1] += 1
    assert wins[0] > wins[1], wins
