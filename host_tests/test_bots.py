"""The bots' engine (firmware/bots): make_bot's levels, seeds and search defaults, a
heuristic's fallback, the hard prior, played on Diam's where a game is needed. Each game's own
bot tests are test_<game>_bot.py."""


import bot_checks
import pytest

from firmware.bots import LEVELS, Heuristic, RandomBot, make_bot
from firmware.bots import search as search_module
from firmware.bots.search import SearchBot
from firmware.core import GAMES, load
from firmware.core.prng import SEED_LIMIT

# ---- Dispatcher -----------------------------------------------------------------------


def test_make_bot_levels_and_unknown_games():
    with pytest.raises(ValueError):
        make_bot("diams", 0, "grandmaster")
    for level in LEVELS:
        assert hasattr(make_bot("diams", 1, level, 3), "choose")
    # A game without its own bot gets the uniform random player.
    bot = make_bot("no-such-game", 0)
    assert isinstance(bot, RandomBot)
    assert bot.choose({"legal": [4, 5, 6]}) in (4, 5, 6)


# ---- The bots' common parts (firmware/bots/__init__.py) ---------------------------------


class Scripted(Heuristic):
    """A heuristic that answers what it is told, or raises it."""

    def __init__(self, seat, answer):
        self.seat = seat
        self.answer = answer

    def _choose(self, view, legal):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_a_heuristic_falls_back_to_the_first_legal_action_unless_strict():
    view = {"legal": [7, 8, 9]}
    assert Scripted(0, 8).choose(view) == 8
    assert Scripted(0, RuntimeError("bug")).choose(view) == 7  # an error: the first legal
    assert Scripted(0, MemoryError()).choose(view) == 7
    assert Scripted(0, 5).choose(view) == 7  # an illegal answer: the first legal
    strict = Scripted(0, RuntimeError("bug"))
    strict.strict = True
    with pytest.raises(RuntimeError):
        strict.choose(view)
    strict.answer = 5
    with pytest.raises(AssertionError, match="bot chose 5"):
        strict.choose(view)
    strict.answer = 9
    assert strict.choose(view) == 9
    with pytest.raises(ValueError, match="seat 2 has no decision"):
        Scripted(2, 8).choose({"legal": []})

    class Bare(Heuristic):  # sets no seat of its own: seat 0, not strict
        def _choose(self, view, legal):
            raise RuntimeError("bug")

    assert Bare().choose(view) == 7
    with pytest.raises(ValueError, match="seat 0 has no decision"):
        Bare().choose({"legal": []})


def test_a_heuristic_of_one_piece_decides_at_its_first_step():
    # (Diploma's heuristic thinks in pieces: host_tests/test_diploma_bot.py.) A RandomBot
    # decides in start(): its steps end at once (guards: a step that never ends the turn).
    bot = Scripted(0, 8)
    assert bot.result() is None
    bot.start({"legal": [7, 8]})
    assert bot.step() is False and bot.result() == 8
    bot.stop()
    assert bot.result() == 8
    view = {"legal": [3, 4, 5, 6]}
    rand = RandomBot(0, 9)
    rand.start(view)
    assert rand.step() is False and rand.result() == RandomBot(0, 9).choose(view)
    for game in GAMES:  # every registered game has its heuristic
        for level in ("easy", "normal"):
            bot = make_bot(game, 0, level, 1)
            assert isinstance(bot, Heuristic) and not isinstance(bot, SearchBot), (game, level)
            assert not bot.strict
        assert isinstance(make_bot(game, 0, "hard", 1), SearchBot)


def test_random_bot_seeds():
    legal = {"legal": list(range(50))}

    def plays(bot):
        return [bot.choose(legal) for _ in range(20)]

    assert plays(RandomBot(0)) == plays(RandomBot(0, 0)) != plays(RandomBot(0, 1))
    assert plays(RandomBot(0, SEED_LIMIT + 3)) == plays(RandomBot(0, 3))


def test_make_bot_seeds():
    # The default seed is 0; seeds wrap at SEED_LIMIT. Easy bots show it (their noise).
    views = bot_checks.bot_views("sixgems", 40, 7, lambda seed: (2 + seed % 3, {}))

    def plays(*args):
        return [make_bot("sixgems", v["seat"], *args).choose(v) for v in views]

    assert plays("easy") == plays("easy", 0) != plays("easy", 1)
    assert plays("easy", SEED_LIMIT + 1) == plays("easy", 1)
    assert plays("hard", SEED_LIMIT + 2) == plays("hard", 2) != plays("hard", 3)


def test_hard_playouts_four_unless_told_and_no_cap_with_a_time_budget(monkeypatch):
    view = load("diams").new_game(2, 3, {"length": "quick"}).view(0)
    view = dict(view)

    def playouts(bot):
        search = bot.start(view)
        while bot.step():
            pass
        return search.playouts

    # Nothing beats the heuristic's choice here: each search ends at half its cap, at the
    # end of a round of its 2 candidates.
    assert playouts(make_bot("diams", 0, "hard", 1)) == 2
    assert playouts(make_bot("diams", 0, "hard", 1, None, 7)) == 4
    # A search that is changing the heuristic's choice spends its whole cap or budget.
    monkeypatch.setattr(search_module.Search, "best",
                        lambda self: [a for a in self.legal if a != self.prior][0])
    assert playouts(make_bot("diams", 0, "hard", 1)) == 4
    assert playouts(make_bot("diams", 0, "hard", 1, playouts=2)) == 2
    assert playouts(make_bot("diams", 0, "hard", 1, None, 7)) == 7
    ticks = iter(range(0, 10**6, 10))
    monkeypatch.setattr(search_module, "ticks_ms", lambda: next(ticks))
    # 10 ms a reading of the clock: 100 ms last 8 playouts (no cap of 4).
    assert playouts(make_bot("diams", 0, "hard", 1, 100)) == 8
    assert playouts(make_bot("diams", 0, "hard", 1, 100, 3)) == 3


def test_make_bot_gives_the_search_its_defaults_for_a_game_that_sets_none(monkeypatch):
    # A game whose bot module has no DEPTH, BONUS, evaluate or candidates: depth 20, no
    # bonus, the lead as the evaluation, every action a candidate.
    import sys
    import types

    import firmware.core as core
    from firmware.bots.search import score_lead

    class ToyBot(Heuristic):
        def __init__(self, seat, level="normal", seed=0):
            self.seat = seat

        def _choose(self, view, legal):
            return legal[0]

    rules = types.ModuleType(core.dotted("toy", "rules"))
    rules.sample_state = lambda view, rng: None
    bots = types.ModuleType(core.dotted("toy", "bot"))
    bots.Bot = ToyBot
    monkeypatch.setattr(core, "GAMES", core.GAMES + ("toy",))
    monkeypatch.setitem(sys.modules, core.dotted("toy"), types.ModuleType(core.dotted("toy")))
    monkeypatch.setitem(sys.modules, core.dotted("toy", "rules"), rules)
    monkeypatch.setitem(sys.modules, core.dotted("toy", "bot"), bots)
    bot = make_bot("toy", 1, "hard", 4)
    assert isinstance(bot, SearchBot) and bot.module is rules and bot.heuristic is ToyBot
    assert (bot.depth, bot.bonus, bot.evaluate, bot.candidates) == (20, 0, score_lead, None)
    assert (bot.seat, bot.seed, bot.playouts, bot.budget_ms) == (1, 4, 4, None)
    assert isinstance(make_bot("toy", 1, "normal"), ToyBot)


def test_a_game_may_think_for_less_than_the_boards_budget():
    # SIXGEMS's, Diploma's and Quartz's BUDGET_MS lowers the board's budget, never raises a
    # smaller one; a game without one keeps what it is given. Guards: the game's budget
    # ignored, or taken over a smaller one.
    from firmware.games.diploma import bot as diploma
    from firmware.games.quartz import bot as quartz
    from firmware.games.sixgems import bot as sixgems
    for name, module in (("sixgems", sixgems), ("diploma", diploma), ("quartz", quartz)):
        assert module.BUDGET_MS < 2000
        assert make_bot(name, 0, "hard", 1, 2000).budget_ms == module.BUDGET_MS
    assert make_bot("sixgems", 0, "hard", 1, 500).budget_ms == 500
    assert make_bot("sixgems", 0, "hard", 1, None, 9).budget_ms is None
    assert make_bot("diams", 0, "hard", 1, 2000).budget_ms == 2000


def test_a_hard_prior_game_searches_from_its_hard_heuristic_one_for_every_seat():
    # SIXGEMS, Diploma, Diam's and Quartz set HARD_PRIOR: the search's prior (and the
    # searching seat's own playouts) is the game's Bot at level "hard", one shared by every
    # hard seat of the game; a game without one (Diamonds) searches from the normal bots of
    # the playouts. Guards: the prior never made, made per seat, or kept from another game.
    from firmware.games.diams import bot as diams
    from firmware.games.diploma import bot as diploma
    from firmware.games.quartz import bot as quartz
    from firmware.games.sixgems import bot as sixgems
    a = make_bot("sixgems", 0, "hard", 1)
    b = make_bot("sixgems", 1, "hard", 2)
    assert isinstance(a.prior_bot, sixgems.Bot) and a.prior_bot is b.prior_bot
    assert a.prior_bot.settle_pending == sixgems.HARD_SETTLE_PENDING
    c = make_bot("diploma", 0, "hard", 1)
    assert isinstance(c.prior_bot, diploma.Bot)
    assert c.prior_bot.hand_low > diploma.Bot(0, "normal").hand_low
    d = make_bot("diams", 0, "hard", 1)
    assert isinstance(d.prior_bot, diams.Bot) and d.prior_bot.w_ext == diams.HARD_W_EXT
    e = make_bot("quartz", 0, "hard", 1)
    assert isinstance(e.prior_bot, quartz.Bot) and e.prior_bot.lookahead
    assert not quartz.Bot(0, "normal").lookahead
    assert make_bot("diamonds", 0, "hard", 1).prior_bot is None
