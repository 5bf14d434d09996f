# The hard bots' search (firmware/bots/search.py) plays well, not only legally: on a small
# game whose values are known, it must pick the best move, never its worst, and not stay on
# its prior when another move is better. Portable: pytest and tools/mptest.py run it.
#
# The game ("piles"): seat 0 takes one of four piles, each worth points to itself and to its
# opponent; seat 1 then passes, and the game is over. Which pile is best depends on the
# evaluation (score_lead: my points minus the best other's, plus the win), so a search that
# adds a playout's value the wrong way, ignores it, or evaluates the wrong lead picks another.
from checks import raises

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


class FirstLegal:
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
