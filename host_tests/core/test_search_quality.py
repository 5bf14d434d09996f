# The hard bots' search (firmware/bots/search.py) plays well, not only legally: on a small
# game whose values are known, it must pick the best move, never its worst, and not stay on
# its prior when another move is better. Portable: pytest and tools/mptest.py run it.
#
# The game ("piles"): seat 0 takes one of four piles, each worth points to itself and to its
# opponent; seat 1 then passes, and the game is over. Which pile is best depends on the
# evaluation (score_lead: my points minus the best other's, plus the win), so a search that
# adds a playout's value the wrong way, ignores it, or evaluates the wrong lead picks another.
from checks import raises

from firmware.bots import Sliced
from firmware.bots.search import WIN, Search, score_lead
from firmware.core.prng import Prng

PILES = ((1, 3), (4, 0), (2, 2), (0, 5))  # (points to seat 0, points to seat 1)
BEST, WORST = 1, 3


class Piles:
    def __init__(self):
        self.points = [0, 0]
        self.turn = 0  # 0: seat 0 picks, 1: seat 1 passes, 2: over
        self.picked = -1

    def current_player(self):
        return self.turn if self.turn < 2 else -1

    def legal_actions(self):
        return [0, 1, 2, 3] if self.turn == 0 else [0] if self.turn == 1 else []

    def apply(self, action):
        if action not in self.legal_actions():
            raise ValueError("not legal: %r" % (action,))
        if self.turn == 0:
            self.picked = action
            self.points = list(PILES[action])
        self.turn += 1

    def is_over(self):
        return self.turn == 2

    def scores(self):
        return list(self.points)

    def winners(self):
        top = max(self.points)
        return [s for s in range(2) if self.points[s] == top]

    def view(self, seat):
        return {"seat": seat, "players": 2, "legal": self.legal_actions()}

    def clone(self):
        other = Piles()
        other.points = list(self.points)
        other.turn = self.turn
        other.picked = self.picked
        return other


class PilesModule:
    """What the search needs of a rules module: a state consistent with a view."""

    samples = 0

    def sample_state(self, view, rng):
        PilesModule.samples += 1
        return Piles()


class FirstLegal(Sliced):
    def choose(self, view):
        return view["legal"][0]


def search(prior, playouts=8, bonus=0, budget_ms=None):
    view = Piles().view(0)
    policy = [FirstLegal(), FirstLegal()]
    return Search(PilesModule(), view, policy, score_lead, Prng(7), budget_ms, playouts,
                  20, prior, None, bonus)


def test_the_search_finds_the_best_move_whatever_its_prior():
    # Guards: a playout's value subtracted (the worst move chosen), ignored (the prior
    # kept), or stored against another candidate.
    for prior in (0, 1, 2, 3):
        s = search(prior)
        assert s.run() == BEST, (prior, s.totals, s.tries)
        assert s.best() != WORST


def test_every_candidate_is_tried_and_valued_as_the_evaluation_says():
    # Guards: a candidate skipped in a round, a value added to the wrong candidate.
    s = search(prior=2, playouts=8)
    s.run()
    assert s.playouts == 8 and s.tries == [2, 2, 2, 2]
    for i in range(4):
        state = Piles()
        state.apply(s.legal[i])
        state.apply(0)
        assert s.totals[i] == 2 * score_lead(state, 0), (i, s.totals)


def test_the_prior_keeps_its_place_unless_beaten_by_more_than_the_bonus():
    # Guards: the bonus ignored (a noisy playout overrules a good heuristic) or added to the
    # others. Pile 1 leads pile 2 by (4 + WIN) - (0 + WIN // 2) per playout.
    margin = (4 + WIN) - (0 + WIN // 2)
    assert search(prior=2, bonus=margin + 1).run() == 2
    assert search(prior=2, bonus=margin - 1).run() == BEST


def test_the_lead_is_mine_minus_the_best_other_plus_the_win():
    # Guards: score_lead adding the best other's score, or its win share lost.
    state = Piles()
    state.points = [5, 8]
    assert score_lead(state, 0) == -3 and score_lead(state, 1) == 3
    state.turn = 2  # over: seat 1 wins alone
    assert score_lead(state, 1) == 3 + WIN and score_lead(state, 0) == -3
    state.points = [6, 6]  # a tie shares the win
    assert score_lead(state, 0) == WIN // 2 == score_lead(state, 1)


def test_a_search_with_one_choice_or_no_playouts_answers_its_prior_at_once():
    s = search(prior=3, playouts=0)
    assert s.done and s.run() == 3 and s.playouts == 0
    raises(ValueError, Piles().apply, 7)


# ---- More guards: the lead among three, the depth, the candidates, the clock, the seed ----


class Table:
    """A finished or running game of any size, only its scores and winners."""

    def __init__(self, points, over=False):
        self.points = list(points)
        self.over = over

    def scores(self):
        return list(self.points)

    def is_over(self):
        return self.over

    def winners(self):
        top = max(self.points)
        return [s for s in range(len(self.points)) if self.points[s] == top]


def test_the_lead_is_over_the_best_of_several_others_and_a_win_is_worth_a_thousand():
    # Guards: the lead taken over the weakest other, or over the seats before mine only.
    state = Table([5, 8, 2])
    assert score_lead(state, 0) == -3
    assert score_lead(state, 1) == 3
    assert score_lead(state, 2) == -6
    state = Table([2, 5, 8])
    assert score_lead(state, 2) == 3 and score_lead(state, 1) == -3
    state = Table([9, 4, 6], over=True)
    assert score_lead(state, 0) == 3 + 1000 and WIN == 1000
    assert score_lead(Table([7, 7, 7], True), 1) == 333  # a three-way tie shares the win
    assert score_lead(Table([7], True), 0) == 7 + 1000  # alone at the table: no other


class Count:
    """A game of two seats that only counts its moves; over after `end` moves."""

    def __init__(self, end=1000):
        self.moves = 0
        self.end = end

    def current_player(self):
        return self.moves % 2

    def apply(self, action):
        self.moves += 1

    def is_over(self):
        return self.moves >= self.end

    def view(self, seat):
        return {"seat": seat, "players": 2, "legal": [0, 1]}

    def clone(self):
        other = Count(self.end)
        other.moves = self.moves
        return other


class CountModule:
    def __init__(self, end=1000):
        self.end = end

    def sample_state(self, view, rng):
        return Count(self.end)


def moves_made(state, seat):
    return state.moves


def test_a_playout_plays_depth_decisions_after_the_candidate_or_to_the_end():
    # Guards: the default depth (20) or the playout loop off by one.
    policy = [FirstLegal(), FirstLegal()]
    view = Count().view(0)
    s = Search(CountModule(), view, policy, moves_made, Prng(1), playouts=4)
    s.run()  # equal candidates: half the cap confirms the prior, and the search ends
    assert s.tries == [1, 1] and s.totals == [21, 21], s.totals
    for depth in (0, 1, 3):
        s = Search(CountModule(), view, policy, moves_made, Prng(1), None, 2, depth)
        s.run()
        assert s.totals == [1 + depth, 1 + depth], (depth, s.totals)
    s = Search(CountModule(6), view, policy, moves_made, Prng(1), None, 2, 20)
    s.run()
    assert s.totals == [6, 6]  # the game's end stops a playout


def test_only_the_candidates_and_the_prior_are_searched():
    # Guards: the candidates filter dropping every action but the prior, or a search of two
    # actions taken for a search with nothing to choose.
    view = Piles().view(0)
    policy = [FirstLegal(), FirstLegal()]

    def not_the_best(action):
        return action != BEST

    s = Search(PilesModule(), view, policy, score_lead, Prng(7), None, 6, 20, 3, not_the_best)
    assert s.legal == [0, 2, 3] and s.run() == 2, (s.legal, s.totals)

    def only_the_best(action):
        return action == BEST

    s = Search(PilesModule(), view, policy, score_lead, Prng(7), None, 4, 20, WORST,
               only_the_best)
    assert s.legal == [BEST, WORST] and not s.done
    assert s.run() == BEST and s.tries == [2, 2]


def test_one_round_of_playouts_is_enough_to_leave_the_prior():
    # Guards: candidates tried once left out of the comparison.
    for prior in (0, 2, 3):
        s = search(prior, playouts=4)
        assert s.run() == BEST and s.tries == [1, 1, 1, 1], (prior, s.tries)


def test_a_negative_bonus_handicaps_the_prior_once():
    # Pile 1 is worth 4 + WIN a playout, pile 2 WIN // 2: a handicap of 600 puts the prior
    # (pile 1) below pile 2. Guards: the prior compared with itself, its handicap dropped.
    assert search(prior=BEST, bonus=-600).run() == 2
    assert search(prior=BEST, bonus=-400).run() == BEST


class FakeClock:
    def __init__(self, step):
        self.now = 0
        self.step = step

    def __call__(self):
        self.now += self.step
        return self.now


def test_a_time_budget_stops_before_a_playout_could_overrun_it():
    # Every reading of the clock 10 ms later: after k playouts, k * 10 ms spent, and the next
    # two could take 20 ms more: the search stops at the first k with 10 k + 20 >= budget.
    from firmware.bots import search as module

    real = module.ticks_ms
    try:
        for budget, want in ((100, 8), (95, 8), (101, 9), (25, 1)):
            module.ticks_ms = FakeClock(10)
            s = search(prior=0, playouts=None, budget_ms=budget)
            s.run()
            assert s.playouts == want and s.done, (budget, s.playouts)
        module.ticks_ms = FakeClock(10)
        s = search(prior=0, playouts=3, budget_ms=1000)
        s.run()
        assert s.playouts == 3  # the playout cap comes first
    finally:
        module.ticks_ms = real


def test_half_the_budget_ends_a_search_that_confirms_the_prior():
    # Guards: the early end taken while another candidate leads (a worse move kept), taken
    # in the middle of a round (candidates compared on unequal samples), or never taken (a
    # median decision of the whole budget on the board).
    s = search(prior=BEST, playouts=8)
    assert s.run() == BEST and s.playouts == 4 and s.tries == [1, 1, 1, 1]
    s = search(prior=BEST, playouts=5)
    assert s.run() == BEST and s.playouts == 4  # half of 5 reached at the round's end
    s = search(prior=BEST, playouts=12)
    assert s.run() == BEST and s.playouts == 8  # 4 is a third of 12: one more round
    s = search(prior=2, playouts=8)  # pile 1 beats the prior: the whole cap confirms it
    assert s.run() == BEST and s.playouts == 8
    from firmware.bots import search as module

    real = module.ticks_ms
    try:
        # 10 ms a reading: after k playouts the next two could end at 10 k + 20 ms; half of
        # 200 is reached at k = 8, a round's end; of 400 at k = 18, so at 20.
        for budget, want in ((200, 8), (400, 20)):
            module.ticks_ms = FakeClock(10)
            s = search(prior=BEST, playouts=None, budget_ms=budget)
            assert s.run() == BEST and s.playouts == want, (budget, s.playouts)
            module.ticks_ms = FakeClock(10)
            s = search(prior=2, playouts=None, budget_ms=budget)
            assert s.run() == BEST and s.playouts > want, (budget, s.playouts)
    finally:
        module.ticks_ms = real


class PilesBot(Sliced):
    """A heuristic for Piles: the first legal action (a bot of the sliced form: the search
    thinks with its thinking())."""

    def __init__(self, seat, level, seed):
        self.seat = seat
        self.level = level
        self.strict = False

    def choose(self, view):
        return view["legal"][0]


class Recording:
    """Piles' rules module that keeps the state of each generator it is given."""

    def __init__(self):
        self.rngs = []

    def sample_state(self, view, rng):
        self.rngs.append(rng.get_state())
        return Piles()


def test_the_hard_bot_searches_with_its_evaluation_and_seeds_from_the_view():
    from firmware.bots.search import SearchBot

    view = Piles().view(0)
    bot = SearchBot(PilesModule(), PilesBot, 0, 3, None, 8)
    assert not bot.step() and bot.result() is None  # nothing started: nothing to do
    bot.stop()
    assert bot.choose(view) == BEST

    def worst_for_me(state, seat):
        return -score_lead(state, seat)

    assert SearchBot(PilesModule(), PilesBot, 0, 3, None, 8, 20, worst_for_me).choose(view) \
        == WORST
    # The sliced form: one playout a step, the same answer.
    bot.start(view)
    steps = 1
    while bot.step():
        steps += 1
    assert steps == 8 and bot.result() == BEST
    # The seed: the bot's (mod 2**28) folded with the legal actions and the hand (ints
    # only), the same number on every port.
    rules = Recording()
    view = {"seat": 0, "players": 2, "legal": [0, 1, 2, 3], "hand": [5, "x", 9]}
    SearchBot(rules, PilesBot, 0, 5 + (1 << 28), None, 4).choose(view)
    assert rules.rngs[0] == Prng(173120715).get_state()
    view["hand"] = 2  # a count, not a list: left out
    SearchBot(rules, PilesBot, 0, 5, None, 4).choose(view)
    assert rules.rngs[1] == Prng(4649415).get_state()


def test_the_playout_policy_is_one_normal_bot_per_seat_of_the_newest_game():
    from firmware.bots.search import shared_policy

    three = shared_policy(PilesBot, 3)
    assert [b.seat for b in three] == [0, 1, 2] and [b.level for b in three] == ["normal"] * 3
    assert shared_policy(PilesBot, 3) is three
    two = shared_policy(PilesBot, 2)
    assert [b.seat for b in two] == [0, 1]
    assert [b.seat for b in shared_policy(PilesBot, 4)] == [0, 1, 2, 3]
    assert [b.seat for b in shared_policy(FirstLegalBot, 4)] == [0, 1, 2, 3]
    assert shared_policy(FirstLegalBot, 4)[0].__class__ is FirstLegalBot


class FirstLegalBot(PilesBot):
    pass


def test_the_generator_form_yields_after_every_playout_but_the_last():
    s = search(prior=0, playouts=8)
    assert list(s.steps()) == [1, 2, 3, 4, 5, 6, 7]
    assert s.done and s.playouts == 8 and s.best() == BEST
    assert list(s.steps()) == []  # over: nothing more


def test_by_default_the_prior_has_no_bonus():
    # Pile 1 is worth one point more than the prior (pile 2) here: enough without a bonus.
    values = (0, 5, 4, 0)

    def picked_value(state, seat):
        return values[state.picked]

    view = Piles().view(0)
    policy = [FirstLegal(), FirstLegal()]
    s = Search(PilesModule(), view, policy, picked_value, Prng(7), None, 8, 20, 2)
    assert s.run() == 1, (s.totals, s.tries)
    s = Search(PilesModule(), view, policy, picked_value, Prng(7), None, 8, 20, 2, None, 1)
    assert s.run() == 2  # a bonus of one point keeps the prior


class Tally(Count):
    """Count that also adds up the actions each seat played."""

    def __init__(self, end=1000):
        Count.__init__(self, end)
        self.played = [0, 0]

    def apply(self, action):
        self.played[self.moves % 2] += action
        Count.apply(self, action)

    def clone(self):
        other = Tally(self.end)
        other.moves = self.moves
        other.played = list(self.played)
        return other


class TallyModule(CountModule):
    def sample_state(self, view, rng):
        return Tally(self.end)


class LastLegal(Sliced):
    def __init__(self):
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        return view["legal"][-1]


def my_actions(state, seat):
    return state.played[seat]


def test_the_searching_seat_plays_on_with_its_own_policy_the_others_with_theirs():
    # Six moves a playout: the candidate (seat 0), then seats 1, 0, 1, 0, 1. Seat 0's two
    # later moves are its own policy's (1 each), seat 1's the shared policy's (0 each).
    # Guards: the own policy ignored, used for every seat, or for the candidate's mover only.
    view = Tally().view(0)
    policy = [FirstLegal(), FirstLegal()]
    own = LastLegal()
    s = Search(TallyModule(6), view, policy, my_actions, Prng(1), None, 2, 20, None, None, 0,
               own)
    s.run()
    assert s.totals == [0 + 2, 1 + 2] and own.calls == 4, (s.totals, own.calls)
    s = Search(TallyModule(6), view, policy, my_actions, Prng(1), None, 2, 20)
    s.run()
    assert s.totals == [0, 1]  # without one: the shared policy for every seat
    # Seat 1 searching (its view; the samples start at move 0, so the candidate is played
    # for seat 0's turn, then seats 1, 0, 1, 0, 1: three own moves of 1).
    s = Search(TallyModule(6), Tally().view(1), policy, my_actions, Prng(1), None, 2, 20,
               None, None, 0, own)
    s.run()
    assert s.totals == [3, 3], s.totals


def test_a_hard_bot_too_slow_for_its_budget_answers_with_its_heuristic():
    # 10 ms a clock reading: a search's playout takes 10-20 ms, and a budget of 25 ms lets
    # it run one playout, the prior's own, which cannot change the answer. After one such
    # search the bot answers with its heuristic at once, REPACE times, then searches again
    # (the pace may have changed). A budget that fits more playouts, or a cap of playouts
    # alone, searches every time. Guards: never skipping (a board's Diploma decision took
    # 1.1 s for the heuristic's answer), skipping for good, skipping with room to search.
    from firmware.bots import search as module
    from firmware.bots.search import REPACE, SearchBot

    real = module.ticks_ms
    try:
        # (a budget of 35: 15 ms a playout, 3 of them over it, 2 not; 45: 13 ms, 3 not)
        for budget, playouts, want in ((25, None, [True] + [False] * REPACE),
                                       (35, None, [True] + [False] * REPACE),
                                       (45, None, [True] * (REPACE + 1)),
                                       (1000, None, [True] * (REPACE + 1)),
                                       (None, 2, [True] * (REPACE + 1))):
            module.ticks_ms = FakeClock(10)
            bot = SearchBot(TallyModule(6), PilesBot, 0, 3, budget, playouts, 20, my_actions)
            view = Tally().view(0)
            runs = []
            for _ in range(2 * (REPACE + 1)):
                search = bot.start(view)
                runs.append(search is not None)
                while bot.step():
                    pass
                assert bot.result() in view["legal"]
            assert runs == want * 2, (budget, runs)
            if budget == 45:
                assert bot.pace == 13  # 40 ms for 3 playouts: whole ms, as a board's clock
        module.ticks_ms = FakeClock(10)  # choose(): the same, whole decisions at a time
        bot = SearchBot(TallyModule(6), PilesBot, 0, 3, 25, None, 20, my_actions)
        bot.choose(Tally().view(0))
        assert bot.pace > 0 and bot.skips == 0
        bot.choose(Tally().view(0))
        assert bot.skips == 1
    finally:
        module.ticks_ms = real


def test_the_hard_bot_plays_on_with_its_prior_heuristic_for_its_own_seat():
    from firmware.bots.search import SearchBot

    own = LastLegal()
    bot = SearchBot(TallyModule(6), PilesBot, 0, 3, None, 2, 20, my_actions, prior_bot=own)
    bot.choose(Tally().view(0))
    assert own.calls == 1 + 4  # the prior, then seat 0's two moves in each of two playouts


class Lean(Count):
    """Count with a bot_view: what a game offers its playouts instead of the full view."""

    def bot_view(self, seat):
        return {"seat": seat, "players": 2, "legal": [0, 1], "lean": True}

    def clone(self):
        other = Lean(self.end)
        other.moves = self.moves
        return other


class LeanModule(CountModule):
    def sample_state(self, view, rng):
        return Lean(self.end)


class Seen(Sliced):
    def __init__(self):
        self.lean = 0
        self.full = 0

    def choose(self, view):
        if view.get("lean"):
            self.lean += 1
        else:
            self.full += 1
        return 0


def test_the_playouts_ask_a_game_for_its_bot_view_where_it_has_one():
    # Guards: the playouts reading the full view (slow) when a game offers the bots' part.
    for module, lean in ((LeanModule(), True), (CountModule(), False)):
        policy = [Seen(), Seen()]
        Search(module, Count().view(0), policy, moves_made, Prng(1), None, 2, 3).run()
        calls = policy[0].lean + policy[1].lean + policy[0].full + policy[1].full
        assert calls == 6, calls  # 2 playouts of 3 decisions after the candidate
        assert (policy[0].lean + policy[1].lean == calls) == lean


class CountFrom(CountModule):
    """Samples a Count already `moves` moves in."""

    def __init__(self, moves):
        CountModule.__init__(self)
        self.moves = moves

    def sample_state(self, view, rng):
        state = Count(self.end)
        state.moves = self.moves
        return state


def fives(state):
    return state.moves // 5


def test_a_playout_ends_where_the_horizon_changes():
    # Guards: the horizon ignored, compared the wrong way, or read after the candidate (a
    # candidate that crosses it would play on into the next stretch).
    policy = [FirstLegal(), FirstLegal()]
    view = Count().view(0)
    for start, end in ((0, 5), (2, 5), (4, 5), (5, 10)):
        s = Search(CountFrom(start), view, policy, moves_made, Prng(1), None, 2, 20,
                   horizon=fives)
        s.run()
        assert s.totals == [end, end], (start, s.totals)
    s = Search(CountFrom(4), view, policy, moves_made, Prng(1), None, 2, 20)
    s.run()
    assert s.totals == [25, 25]  # no horizon: the depth alone


def test_narrowing_keeps_the_prior_and_the_best_others_after_its_rounds():
    # Diamonds' narrow (firmware/games/diamonds/bot.py), on the piles game whose values are known.
    # Guards: the hook not called between rounds or called mid-round, the prior dropped when
    # it scores worst, the worst others kept instead of the best, narrowing before its rounds
    # are complete or a round late, totals and tries not following their candidates, a tie
    # not settled in legal order.
    from firmware.games.diamonds.bot import narrow

    view = Piles().view(0)
    policy = [FirstLegal(), FirstLegal()]

    def run(values, playouts, rounds=2, keep=3, prior=3):
        def picked_value(state, seat):
            return values[state.picked]

        def hook(search):
            assert search.next == 0  # between rounds only
            narrow(search, rounds, keep)

        s = Search(PilesModule(), view, policy, picked_value, Prng(7), None, playouts, 20,
                   prior, narrow=hook)
        return s.run(), s

    # After 2 rounds (8 playouts) the prior (pile 3) and the 2 best others (1, 2) go on.
    best, s = run((1, 5, 3, 0), 14)
    assert best == 1 and s.legal == [1, 2, 3], s.legal
    assert s.tries == [4, 4, 4] and s.totals == [20, 12, 0], (s.tries, s.totals)
    s = Search(PilesModule(), view, policy, score_lead, Prng(7), None, 14, 20, 3)
    s.run()
    assert s.legal == [0, 1, 2, 3]  # no narrow: every candidate to the end
    _, s = run((1, 5, 3, 0), 11, 3)  # the 3rd round is not complete yet
    assert s.legal == [0, 1, 2, 3] and s.tries == [3, 3, 2, 3], (s.legal, s.tries)
    _, s = run((1, 5, 3, 0), 12, 3)
    assert s.legal == [1, 2, 3] and s.tries == [3, 3, 3]
    _, s = run((4, 5, 4, 0), 8)  # piles 0 and 2 tie: the first stays
    assert s.legal == [0, 1, 3]
    _, s = run((1, 5, 3, 0), 8, 2, 2, prior=2)  # one other stays: the best
    assert s.legal == [1, 2]
    _, s = run((1, 5, 3, 0), 12, 2, 4)  # keeping as many as there are: no change
    assert s.legal == [0, 1, 2, 3] and s.tries == [3, 3, 3, 3]
    # Its defaults, as the hard bot calls it: after 2 rounds, 3 candidates.
    s = Search(PilesModule(), view, policy, score_lead, Prng(7), None, 8, 20, 3, narrow=narrow)
    s.run()
    assert s.legal == [1, 2, 3] and s.tries == [2, 2, 2], (s.legal, s.tries)


class Counting(Sliced):
    """FirstLegal, counting its decisions."""

    made = 0

    def choose(self, view):
        Counting.made += 1
        return view["legal"][0]


def test_a_sliced_search_plays_the_same_playouts_a_decision_a_step():
    # sliced (Diploma's: a playout of 1-2 s on a board): a step is the sample and the
    # candidate's move, or one decision of the playout; the same playouts, totals and answer.
    view = Piles().view(0)
    plain = Search(PilesModule(), view, [Counting(), Counting()], score_lead, Prng(7), None, 9,
                   20, 0, None, 0)
    while plain.step():
        pass
    sliced = Search(PilesModule(), view, [Counting(), Counting()], score_lead, Prng(7), None, 9,
                    20, 0, None, 0, sliced=True)
    steps = []
    going = True
    while going:
        before = Counting.made
        going = sliced.step()
        steps.append(Counting.made - before)
    assert (sliced.playouts, sliced.totals, sliced.tries) == (plain.playouts, plain.totals,
                                                              plain.tries)
    assert sliced.best() == plain.best() == BEST and sliced.playouts == 9
    # each playout: its start (no decision), then seat 1's pass (one), tallied at once
    assert steps == [0, 1] * 9


class InPieces:
    """A heuristic whose every decision is a thought of PIECES pieces (as Diploma's,
    firmware/bots Heuristic.thinking); choose() is the same decision at once."""

    PIECES = 3

    def __init__(self):
        self.pieces = 0

    def choose(self, view):
        return view["legal"][0]

    def thinking(self, view):
        for _ in range(self.PIECES - 1):
            self.pieces += 1
            yield
        self.pieces += 1
        return view["legal"][0]


def test_a_sliced_search_steps_a_piece_of_a_decision_at_a_time():
    # Sliced, a decision of a playout that thinks in pieces takes a step a piece: the same
    # playouts and answer as the whole decisions of the plain search, in more steps.
    view = Piles().view(0)
    plain = Search(PilesModule(), view, [InPieces(), InPieces()], score_lead, Prng(7), None, 9,
                   20, 0, None, 0)
    plain.run()
    policy = [InPieces(), InPieces()]
    sliced = Search(PilesModule(), view, policy, score_lead, Prng(7), None, 9, 20, 0, None, 0,
                    sliced=True)
    steps = 0
    while sliced.step():
        steps += 1
    assert (sliced.playouts, sliced.totals, sliced.tries) == (plain.playouts, plain.totals,
                                                              plain.tries)
    assert sliced.best() == plain.best() == BEST and sliced.playouts == 9
    # each playout: its start, then seat 1's pass in 3 pieces, tallied with the last
    assert steps + 1 == 9 * (1 + InPieces.PIECES) and policy[1].pieces == 9 * InPieces.PIECES


class Flaky(Sliced):
    """A game's heuristic (firmware.bots.Heuristic) that fails from its `fails_after`-th
    decision on: strict, the error raises; otherwise its answer is the first legal action."""

    fails_after = 1000
    made = 0

    def __init__(self, seat, level, seed):
        from firmware.bots import Heuristic

        self.bot = Heuristic()
        self.bot.seat = seat
        self.bot._choose = self._choose
        self.strict = False

    def _choose(self, view, legal):
        Flaky.made += 1
        if Flaky.made > Flaky.fails_after:
            raise RuntimeError("a bug in the heuristic")
        return legal[-1]

    def choose(self, view):
        self.bot.strict = self.strict
        return self.bot.choose(view)


def test_a_failing_heuristic_falls_back_unless_a_test_made_the_bot_strict():
    # Guards: a bot strict from the start (an error in a heuristic crashes a board's game
    # instead of playing a legal move), or left strict after a strict decision (the
    # playouts then raise).
    from firmware.bots.search import SearchBot, _policy

    _policy[0] = None  # a new shared policy of Flaky bots
    view = Tally().view(0)
    Flaky.made, Flaky.fails_after = 0, 0  # every decision fails
    bot = SearchBot(TallyModule(6), Flaky, 0, 3, None, 2, 20, my_actions)
    assert bot.choose(view) in view["legal"]  # the prior and the playouts fell back
    bot.strict = True
    raised = False
    try:
        bot.choose(view)
    except RuntimeError:
        raised = True
    assert raised
    # strict for its own prior only: then the playouts' failures fall back again
    Flaky.made, Flaky.fails_after = 0, 1
    bot.start(view)
    while bot.step():
        pass
    assert bot.result() in view["legal"] and Flaky.made > 2


def test_the_first_decision_searches_whatever_the_budget():
    # No pace is known before a search has run one playout: even a budget of 2 ms starts a
    # search (guards: a pace that starts above 0, which skipped it).
    from firmware.bots import search as module
    from firmware.bots.search import SearchBot

    real = module.ticks_ms
    try:
        module.ticks_ms = FakeClock(1)
        bot = SearchBot(TallyModule(6), PilesBot, 0, 3, 2, None, 20, my_actions)
        assert bot.start(Tally().view(0)) is not None
    finally:
        module.ticks_ms = real
