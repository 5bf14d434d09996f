"""The SIXGEMS computer player (firmware/bots/sixgems.py): legality over many states,
decisions from the view only, known situations, and strength against a random player.
Rule ids: seeds/sixgems.md."""


import bot_checks
import pytest

from firmware.bots import LEVELS, RandomBot, make_bot
from firmware.core import load
from firmware.core import sixgems as G
from firmware.core.prng import Prng


def strict_bot(seat, level="normal", seed=0):
    return bot_checks.strict_bot("sixgems", seat, level, seed)


def play(state, choosers):
    while not state.is_over():
        seat = state.current_player()
        state.apply(choosers[seat](state.view(seat)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_choice_is_always_legal(players):
    """Every phase (G-S2/G-P5 dice, G-T1..G-T3, G-P4 wild gems, G-K1 swap, G-K10): the bot
    returns one of view["legal"] in games mixing bot and random moves."""
    module = load("sixgems")
    phases = set()
    decisions = 0
    for length in ("8", "6", "10"):
        for seed in range(8):
            state = module.new_game(players, seed, {"length": length})
            bots = [strict_bot(s, LEVELS[(seed + s) % 3], seed) for s in range(players)]
            rng = Prng(seed + 100 * players)
            while not state.is_over():
                seat = state.current_player()
                view = state.view(seat)
                action = bots[seat].choose(view)
                assert action in view["legal"], (seed, view["phase"], action, view["legal"])
                phases.add(view["phase"])
                decisions += 1
                if rng.randbelow(3) == 0:
                    action = view["legal"][rng.randbelow(len(view["legal"]))]
                state.apply(action)
    assert decisions > 1000
    for phase in ("dice", "play", "use", "settle", "wild"):
        assert phase in phases


def sample_views(count=300):
    return bot_checks.bot_views("sixgems", count, 5, lambda seed: (2 + seed % 3, None))


def test_bot_is_stateless_deterministic_and_leaves_the_view_alone():
    bot_checks.assert_stateless("sixgems", sample_views(), LEVELS)


def test_bot_ignores_what_the_view_does_not_show():
    for view in sample_views(100):
        bot = strict_bot(view["seat"])
        action = bot.choose(view)
        noisy = dict(view)
        noisy["hands"] = [[0, 1, 2]] * view["players"]
        noisy["settle_hands"] = [[0, 1]] * view["players"]
        assert bot.choose(noisy) == action
        only = dict(view)
        only["legal"] = [view["legal"][-1]]
        assert bot.choose(only) == view["legal"][-1]


def _view(**fields):
    """A view of seat 0 of a 2-player game, fields overridden."""
    state = load("sixgems").new_game(2, 1)
    view = state.view(0)
    view.update({"real": [[0] * 6, [0] * 6], "wild": [[0] * 6, [0] * 6], "totals": [0, 0],
                 "turns": 3, "settle_hand": [], "hand": [], "current": 0, "turn": 0})
    view.update(fields)
    return view


def test_bot_settles_when_it_pays_G_T3_G_K11():
    # Blue 6 on Ruby where the bot holds 3 Ruby; G-K11 (no 1 or 2) holds: settle.
    view = _view(phase="settle", boards=[0, 2, 4], faces=[6, 3, 4],
                 real=[[3, 0, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0]], settle_hand=[10],
                 legal=[G.PASS, G.SETTLE + 10, G.EXCHANGE + 10])
    assert strict_bot(0).choose(view) == G.SETTLE + 10
    # The same dice favour the opponent: no settlement.
    view["real"] = [[0, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0]]
    assert strict_bot(0).choose(view) != G.SETTLE + 10


def test_bot_places_dice_on_its_gems_G_S2():
    view = _view(phase="dice", die_index=0, boards=[-1, -1, -1], faces=[6, 2, 5],
                 real=[[0, 0, 0, 4, 0, 0], [0, 3, 0, 0, 0, 0]],
                 legal=[G.PLACE_DIE + b for b in range(6)])
    assert strict_bot(0).choose(view) == G.PLACE_DIE + 3  # blue 6 on its Sapphire
    view.update({"die_index": 2, "boards": [3, 0, -1],
                 "legal": [G.PLACE_DIE + b for b in (1, 2, 4, 5)]})
    assert strict_bot(0).choose(view) == G.PLACE_DIE + 1  # the red die on the opponent's


def test_bot_places_wild_gem_under_a_blue_die_G_P4():
    view = _view(phase="wild", boards=[0, 2, 4], faces=[6, 3, 4],
                 real=[[1, 0, 1, 0, 1, 0], [0] * 6], legal=[G.WAIT, G.WILD + 0, G.WILD + 2,
                                                             G.WILD + 4])
    assert strict_bot(0).choose(view) == G.WILD + 0


def test_make_bot_levels():
    for level in LEVELS:
        assert hasattr(make_bot("sixgems", 1, level, 3), "choose")


def test_greedy_beats_random_players():
    """Rules-quality check: over 48 games (2-4 players, every length, seats rotating) the
    bot wins (alone or shared) more than 70% of the games against uniformly random players."""
    module = load("sixgems")
    wins = 0
    games = 48
    for seed in range(games):
        players = 2 + seed % 3
        seat = seed % players
        state = module.new_game(players, 9000 + seed, {"length": ("8", "6", "10")[seed % 3]})
        choosers = [RandomBot(s, seed * 10 + s).choose for s in range(players)]
        choosers[seat] = strict_bot(seat, "normal", seed).choose
        play(state, choosers)
        if seat in state.winners():
            wins += 1
    assert wins / games > 0.7, wins
