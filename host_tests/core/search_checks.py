# Checks of the computer players at every level (firmware/bots, the hard level's search in
# firmware/bots/search.py) for test_search.py, which runs them on every game, one at a time (a
# MicroPython heap holds one game's code). Portable: plain asserts.
from checks import tidy
from randplay import fitting_option_sets

import firmware.bots.search as search_module
from firmware.bots import LEVELS, make_bot
from firmware.bots.search import Search, SearchBot
from firmware.core import game_part, load
from firmware.core.prng import Prng

TINY = 3  # playouts per hard decision in tests: deterministic and quick


def bots_for(name, players, seed, playouts=TINY):
    out = []
    for seat in range(players):
        level = LEVELS[(seat + seed) % len(LEVELS)]
        bot = make_bot(name, seat, level, seed + seat, None, playouts)
        bot.strict = True  # a bug in a heuristic raises instead of falling back
        out.append(bot)
    return out


def every_decision_legal(name, games, quick, max_steps=300):
    """Games mixing bots of every level with random moves (odd states too): every choice is
    one of view["legal"]; the sliced form gives the same answer as choose(). `games` games
    at least, more while they made 50 decisions or fewer (a game whose quick games are short)."""
    module = load(name)
    rng = Prng(5)
    decisions = 0
    g = -1
    while g + 1 < games or (decisions <= 50 and g < 10 * games):
        g += 1
        players = module.MIN_PLAYERS + g % (module.MAX_PLAYERS - module.MIN_PLAYERS + 1)
        sets = fitting_option_sets(module, players)
        options = dict(sets[g % len(sets)])
        options.update(quick)
        state = module.new_game(players, 300 + g, options)
        bots = bots_for(name, players, g)
        steps = 0
        while not state.is_over() and steps < max_steps:
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"], (name, view["phase"], action, view["legal"])
            if steps % 9 == 0:
                bots[seat].start(view)
                while bots[seat].step():
                    pass
                assert bots[seat].result() == action
            decisions += 1
            if rng.randbelow(3) == 0:
                action = view["legal"][rng.randbelow(len(view["legal"]))]
            state.apply(action)
            steps += 1
        tidy()
    assert decisions > 50


def no_peeking(name, games, quick, max_steps=120):
    """At every decision of bot games, a second state that differs from the real one only in
    what the deciding seat cannot see (other hands, deck order, future chance: a sample of
    its view) gets the same decision from bots of the same seed, at every level. `games`
    games at least, more while they compared 10 decisions or fewer (short quick games)."""
    module = load(name)
    compared = 0
    g = -1
    while g + 1 < games or (compared <= 10 and g < 10 * games):
        g += 1
        players = module.MIN_PLAYERS + g % (module.MAX_PLAYERS - module.MIN_PLAYERS + 1)
        options = dict(quick)
        state = module.new_game(players, 500 + g, options)
        bots = bots_for(name, players, g)
        steps = 0
        while not state.is_over() and steps < max_steps:
            seat = state.current_player()
            view = state.view(seat)
            other = module.sample_state(view, Prng(g * 1000 + steps))
            other_view = other.view(seat)
            assert other_view == view
            if len(view["legal"]) > 1 and steps % 3 == 0:
                for level in LEVELS:
                    a = make_bot(name, seat, level, 77, None, TINY).choose(view)
                    b = make_bot(name, seat, level, 77, None, TINY).choose(other_view)
                    assert a == b, (name, level, view["phase"])
                    compared += 1
            other = other_view = None
            state.apply(bots[seat].choose(view))
            steps += 1
        tidy()
    assert compared > 10


class _Failing:
    """A rules module whose sample_state raises MemoryError after `ok` calls."""

    def __init__(self, module, ok):
        self.module = module
        self.ok = ok

    def sample_state(self, view, rng):
        if self.ok <= 0:
            raise MemoryError("test: out of memory while thinking")
        self.ok -= 1
        return self.module.sample_state(view, rng)


def _no_room(*args):
    raise MemoryError("test: no room for a search")


def memory_error_fallback(name, quick):
    """A MemoryError while thinking ends the search with the best action found so far: the
    answer is legal, equals best() just before the failure, and the bot does not raise."""
    module = load(name)
    bot_module = game_part(name, "bot")
    players = module.MIN_PLAYERS
    state = module.new_game(players, 9, dict(quick))
    rng = Prng(1)
    tested = 0
    while not state.is_over() and tested < 6:
        seat = state.current_player()
        view = state.view(seat)
        if len(view["legal"]) > 1:
            policy = [bot_module.Bot(s, "normal", s) for s in range(players)]
            for ok in (0, 1, 3):
                search = Search(_Failing(module, ok), view, policy,
                                getattr(bot_module, "evaluate", None) or _lead, Prng(2),
                                None, 1000, 8, view["legal"][-1])
                before = search.best()
                while search.step():
                    before = search.best()
                assert search.error is not None  # it did fail ...
                assert search.best() == before  # ... and kept what it had
                assert search.best() in view["legal"]
                if ok == 0:
                    assert search.best() == view["legal"][-1]  # nothing tried: the prior
            # The bot as the UI uses it: no exception, a legal answer.
            bot = SearchBot(_Failing(module, 2), bot_module.Bot, seat, 3, None, 50, 8)
            assert bot.choose(view) in view["legal"]
            # No room to start a search at all: the heuristic's own choice, both
            # in the UI's sliced form and in choose().
            heuristic = bot_module.Bot(seat, "normal", seat).choose(view)
            real = search_module.Search
            search_module.Search = _no_room
            try:
                bot = SearchBot(module, bot_module.Bot, seat, 3, None, 50, 8)
                assert bot.start(view) is None
                assert not bot.step()
                assert bot.result() == heuristic
                assert bot.choose(view) == heuristic
            finally:
                search_module.Search = real
            tested += 1
        legal = view["legal"]
        state.apply(legal[rng.randbelow(len(legal))])
    assert tested > 0


def _lead(state, seat):
    from firmware.bots.search import score_lead

    return score_lead(state, seat)


def budget_and_stop(name, quick):
    """A time budget ends the search (no playout cap); stop() ends it at once; best() is
    legal throughout. (No assertion on time: only that it ends.)"""
    module = load(name)
    state = module.new_game(module.MIN_PLAYERS, 4, dict(quick))
    seat = state.current_player()
    view = state.view(seat)
    bot = make_bot(name, seat, "hard", 1, 5)
    assert bot.choose(view) in view["legal"]
    bot.start(view)
    bot.step()
    bot.stop()
    assert not bot.step()
    assert bot.result() in view["legal"]
