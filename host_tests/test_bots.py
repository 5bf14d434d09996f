"""The computer players (firmware/bots): legality over many states, decisions from the view
only, and a rules-quality check against a uniformly random player. Rule ids: seeds/diams.md."""


import bot_checks
import pytest
from randplay import option_sets

from firmware.bots import LEVELS, Heuristic, RandomBot, make_bot
from firmware.bots import search as search_module
from firmware.bots.search import SearchBot
from firmware.core import GAMES, load
from firmware.core.prng import SEED_LIMIT, Prng
from firmware.games.diams import rules as diams


def strict_bot(seat, level="normal", seed=0):
    return bot_checks.strict_bot("diams", seat, level, seed)


def play(state, choosers):
    """Play to the end; choosers[seat](view) -> action."""
    while not state.is_over():
        seat = state.current_player()
        state.apply(choosers[seat](state.view(seat)))
    return state


# ---- Legality -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_bot_choice_is_always_legal(players):
    """Every phase (D-T1 draw, D-T5 main, D-T6 place/take, D-T7 vault, D-T8 specials and
    the victim's choice, D-T9 give up): at every decision of games mixing bot and random
    moves, choose(view) returns one of view["legal"]."""
    module = load("diams")
    phases = set()
    decisions = 0
    for options in option_sets(module):
        for seed in range(6):
            state = module.new_game(players, seed, options)
            bots = [strict_bot(s, LEVELS[(seed + s) % len(LEVELS)], seed) for s in range(players)]
            rng = Prng(seed + 100 * players)
            while not state.is_over():
                seat = state.current_player()
                view = state.view(seat)
                action = bots[seat].choose(view)
                assert action in view["legal"], (seed, view["phase"], action, view["legal"])
                phases.add(view["phase"])
                decisions += 1
                if rng.randbelow(3) == 0:  # a random move now and then: odd states too
                    action = view["legal"][rng.randbelow(len(view["legal"]))]
                state.apply(action)
    assert decisions > 1000
    for phase in ("draw", "main", "place", "take", "vault", "discard"):
        assert phase in phases


def test_bot_meets_every_special_phase():
    """D-T8: over many games the bot itself plays Compulsory Sale (both steps), Convoy,
    Safecracker (both steps), Sleight of Hand, and answers as Safecracker's victim."""
    module = load("diams")
    seen = set()
    for seed in range(60):
        players = 2 + seed % 4
        state = module.new_game(players, seed, {"length": "quick"})
        bots = [strict_bot(s, "normal", seed) for s in range(players)]
        play(state, [b.choose for b in bots])
        # Replay to see which phases the bots went through.
        replay = module.new_game(players, seed, {"length": "quick"})
        for action in state.history:
            seen.add(diams.PHASES[replay.phase])
            replay.apply(action)
    for phase in ("sale card", "sale seat", "convoy", "safe name", "safe seat", "sleight"):
        assert phase in seen, phase


# ---- Decisions from the view only -------------------------------------------------------


def sample_views(count=300):
    """Views of the deciding seat at varied points of bot games."""
    return bot_checks.bot_views("diams", count, 7, lambda seed: (2 + seed % 4, {"length": "quick"}))


def test_bot_is_stateless_deterministic_and_leaves_the_view_alone():
    """The same (view, seed) gives the same action whatever the bot saw before; the view
    is not modified; a deep copy of the view (plain data) gives the same answer."""
    bot_checks.assert_stateless("diams", sample_views(), ("normal",))


def test_bot_answers_from_the_legal_list_it_is_given():
    """The bot decides from the view alone: shrink view["legal"] and it picks among what is
    left (it never consults the State, which would still list the removed action)."""
    for view in sample_views(200):
        bot = strict_bot(view["seat"])
        bot.strict = False  # a removed plan step may leave it nothing better than legal[0]
        action = bot.choose(view)
        assert action in view["legal"]
        if len(view["legal"]) > 1:
            fewer = dict(view)
            fewer["legal"] = [a for a in view["legal"] if a != action]
            assert bot.choose(fewer) in fewer["legal"]
        only = dict(view)
        only["legal"] = [view["legal"][-1]]
        assert bot.choose(only) == view["legal"][-1]


def test_bot_ignores_what_the_view_does_not_show():
    """Other seats' hidden cards are not in the view (D: hands and vaults hidden but for their
    counts); the bot's choice only depends on the dict: extra keys change nothing."""
    for view in sample_views(100):
        bot = strict_bot(view["seat"])
        action = bot.choose(view)
        noisy = dict(view)
        noisy["hands"] = [[0, 1, 2]] * view["players"]
        noisy["vaults"] = [[45, 46, 47]] * view["players"]
        noisy["secret"] = "unused"
        assert bot.choose(noisy) == action


# ---- Heuristic in known situations (crafted views) ------------------------------------


def crafted(**fields):
    """A view of seat 0 (2 players) with the given fields over quiet defaults."""
    view = load("diams").new_game(2, 1, None).view(0)
    view.update(
        {
            "phase": "main",
            "hand": [],
            "vault": [],
            "market": [],
            "deck": 30,
            "closing_drawn": False,
            "hand_counts": [0, 3],
            "vault_counts": [0, 3],
            "turn": 0,
            "current": 0,
            "selected": [],
            "placed": -1,
        }
    )
    view.update(fields)
    if view["hand_counts"][0] != len(view["hand"]):
        view["hand_counts"] = [len(view["hand"])] + view["hand_counts"][1:]
    return view


def card(quality, copy_index=1):
    """Diamond of `quality`; copy 0 is the special-purity one (D-C2)."""
    return (quality - 1) * diams.COPIES + copy_index


def test_bot_stores_a_set_on_its_last_turn():
    """D-T7 / D-E1: three 7s in hand and the closing card out: store them (Vault)."""
    hand = [card(7, 1), card(7, 2), card(7, 3), card(2)]
    view = crafted(hand=hand, closing_drawn=True, legal=[diams.MARKET, diams.VAULT])
    assert strict_bot(0).choose(view) == diams.VAULT
    view = crafted(phase="vault", hand=hand, closing_drawn=True)
    view["legal"] = [diams.HAND + card(7, 1), diams.DONE]
    assert strict_bot(0).choose(view) == diams.HAND + card(7, 1)  # select before confirming


def test_bot_takes_an_exact_sum():
    """D-T6 (b), D-X2: having placed a 9 with a 1, a 3 and a 5 (and a lone 8) in the market,
    the bot picks cards of the set 1+3+5 and confirms when the sum is reached."""
    placed = card(9)
    market = [card(1), card(3), card(5), card(8), placed]
    view = crafted(phase="take", hand=[card(5, 2), card(5, 3)], market=market, placed=placed)
    view["legal"] = [
        diams.TAKE_NONE,
        diams.MARKET_CARD + card(1),
        diams.MARKET_CARD + card(3),
        diams.MARKET_CARD + card(5),
        diams.MARKET_CARD + card(8),
    ]
    first = strict_bot(0).choose(view)
    assert first in (diams.MARKET_CARD + card(1), diams.MARKET_CARD + card(3),
                     diams.MARKET_CARD + card(5))
    view["selected"] = [card(1), card(3), card(5)]
    view["legal"] = [diams.DONE]
    assert strict_bot(0).choose(view) == diams.DONE


def test_victim_gives_a_plain_diamond():
    """D-T8 Safecracker: the victim chooses which matching diamond goes; the bot keeps its
    special-purity one (D-E2 purity bonus)."""
    vault = [card(6, 0), card(6, 1), card(6, 2), card(6, 3)]
    view = crafted(phase="safe give", vault=vault, turn=1, current=0)
    view["legal"] = [diams.VAULT_CARD + card(6, 0), diams.VAULT_CARD + card(6, 1)]
    assert strict_bot(0).choose(view) == diams.VAULT_CARD + card(6, 1)


def test_bot_gives_up_the_cheapest_card():
    """D-T9: above the hand limit, give up the card whose loss costs least: not a pair's
    half, not a card of a set ready to store."""
    hand = [card(7, 1), card(7, 2), card(7, 3), card(4, 1), card(4, 2), card(9)]
    view = crafted(phase="discard", hand=hand)
    view["legal"] = [diams.HAND + card(4, 1), diams.HAND + card(7, 1), diams.HAND + card(9)]
    assert strict_bot(0).choose(view) == diams.HAND + card(9)


def test_sale_and_safecracker_targets():
    """D-T8 with 3 players: Compulsory Sale aims at the fullest hand, Safecracker at the
    fullest vault."""
    view = crafted(
        players=3,
        hand_counts=[2, 1, 6],
        vault_counts=[0, 9, 3],
        chips=[0, 0, 0],
        hand=[card(3), card(3, 2)],
    )
    view["phase"] = "sale seat"
    view["legal"] = [diams.SEAT + 1, diams.SEAT + 2]
    assert strict_bot(0).choose(view) == diams.SEAT + 2
    view["phase"] = "safe seat"
    assert strict_bot(0).choose(view) == diams.SEAT + 1


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


# ---- Strength ---------------------------------------------------------------------------


def test_greedy_beats_random_player():
    """Rules-quality check (not timing): in 50 two-player quick games (D-O1: one round, most
    points wins, D-E2 scoring) with fixed seeds and alternating seats, the greedy bot wins
    alone more than 70% of the games against a uniformly random player."""
    module = load("diams")
    wins = 0
    games = 50
    for seed in range(games):
        greedy_seat = seed % 2
        state = module.new_game(2, 7000 + seed, {"length": "quick"})
        greedy = strict_bot(greedy_seat, "normal", seed)
        rand = RandomBot(1 - greedy_seat, seed)
        choosers = [None, None]
        choosers[greedy_seat] = greedy.choose
        choosers[1 - greedy_seat] = rand.choose
        play(state, choosers)
        if state.winners() == [greedy_seat]:
            wins += 1
    assert wins / games > 0.7, wins


def test_greedy_beats_random_players_in_a_standard_game():
    """The same over the standard game (3 rounds, chips, D-E5) with 4 players: the greedy bot
    wins more than 70% of 20 games against three random players."""
    module = load("diams")
    wins = 0
    games = 20
    for seed in range(games):
        greedy_seat = seed % 4
        state = module.new_game(4, 8000 + seed, None)
        choosers = [RandomBot(s, seed).choose for s in range(4)]
        choosers[greedy_seat] = strict_bot(greedy_seat, "normal", seed).choose
        play(state, choosers)
        if state.winners() == [greedy_seat]:
            wins += 1
    assert wins / games > 0.7, wins


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
