# The compact history (firmware/core/base.py History): a sequence of 16-bit actions kept in
# pieces of CHUNK, so a long game never needs a large block of a board's heap; and the rest
# of base.py's GameState, which keeps that history for every game (a toy game below).
from checks import raises

from firmware.core.base import CHUNK, GameState, History, check_players, read_options


def test_history_is_a_sequence_across_its_pieces():
    values = [(i * 7919) % 65536 for i in range(3 * CHUNK + 5)]
    h = History()
    for n, v in enumerate(values):
        assert len(h) == n
        h.append(v)
    assert len(h) == len(values) and list(h) == values
    assert [h[i] for i in range(len(values))] == values
    assert h[-1] == values[-1] and h[-len(values)] == values[0]
    assert h[CHUNK - 1] == values[CHUNK - 1] and h[CHUNK] == values[CHUNK]
    raises(IndexError, lambda: h[len(values)])
    raises(IndexError, lambda: h[-len(values) - 1])
    assert h[CHUNK - 2:CHUNK + 3] == values[CHUNK - 2:CHUNK + 3]
    assert h == values and h == History(values) and not (h == values[:-1])
    assert all(len(piece) <= CHUNK for piece in h.pieces)
    assert len(h.pieces) == 4


def test_history_copy_is_independent():
    h = History(range(CHUNK + 1))
    c = h.copy()
    c.append(5)
    h.append(9)
    assert len(h) == len(c) == CHUNK + 2
    assert h[-1] == 9 and c[-1] == 5 and list(h)[:-1] == list(c)[:-1]


def test_history_pieces_never_pass_128_bytes():
    # Each piece is at most 128 bytes (64 actions of 2 bytes): a long game never asks a
    # board's fragmented heap for a bigger block; pieces fill up before a new one starts.
    for n in (0, 1, 63, 64, 65, 128, 129, 300):
        h = History(range(n))
        assert all(2 * len(piece) <= 128 for piece in h.pieces), n
        assert len(h.pieces) == (n + 63) // 64, n
        assert list(h) == list(range(n)) and len(h) == n
        if n:
            assert h[n - 1] == n - 1 and h[-n] == 0 and h[0] == 0
    h = History([65535, 0, 7])
    assert list(h) == [65535, 0, 7]
    raises(IndexError, lambda: History()[0])
    full = History(range(2 * CHUNK))  # its last piece full: one index too far back still fails
    raises(IndexError, lambda: full[-2 * CHUNK - 1])
    raises(IndexError, lambda: full[2 * CHUNK])
    assert full[-2 * CHUNK] == 0 and full[-1] == 2 * CHUNK - 1
    raises(IndexError, lambda: History()[-1])
    assert History() == [] and History([1, 2]) == History([1, 2]) and not (History([1]) == [2])


# ---- What firmware/core/base.py gives every game, seen through a toy game built on it
# the way the real games are: option and player checks, apply's legality check, the history,
# the notes, the default winners and rounds_scored.
TOY_OPTIONS = (
    ("goal", ("ten", "five")),
    ("style", ("plain", "bold", "wild")),
)
GOALS = {"ten": 10, "five": 5}


class Toy(GameState):
    """Seats in turn add 1 or 2 to a shared total; each addition scores for its seat; the
    game ends when the total reaches the goal."""

    game = "toy"

    def __init__(self, players, seed, options=None, copy_of=None):
        if copy_of is not None:
            self._copy_start(copy_of)
            self.total = copy_of.total
            self.turn = copy_of.turn
            self.points = list(copy_of.points)
            return
        check_players(players, 2, 4)
        self._start(players, seed, read_options(TOY_OPTIONS, options))
        self.total = 0
        self.turn = 0
        self.points = [0] * players

    def clone(self):
        return Toy(0, 0, None, self)

    def current_player(self):
        return -1 if self.total >= GOALS[self.options["goal"]] else self.turn

    def legal_actions(self):
        return [] if self.is_over() else [1, 2]

    def _do(self, action):
        self.total += action
        self.points[self.turn] += action
        if action == 2:
            self._note("P%d added two" % (self.turn + 1))
        self.turn = (self.turn + 1) % self.players

    def scores(self):
        return list(self.points)


def snapshot(state):
    return (state.total, state.turn, list(state.points), list(state.history),
            list(state.notes), state.rng.get_state())


def test_read_options_defaults_merges_and_refuses():
    assert read_options(TOY_OPTIONS, None) == {"goal": "ten", "style": "plain"}
    assert read_options(TOY_OPTIONS, {}) == {"goal": "ten", "style": "plain"}
    assert read_options(TOY_OPTIONS, {"style": "wild"}) == {"goal": "ten", "style": "wild"}
    assert read_options(TOY_OPTIONS, {"goal": "five", "style": "bold"}) == {
        "goal": "five", "style": "bold"}
    err = raises(ValueError, read_options, TOY_OPTIONS, {"colour": "red"})
    assert "colour" in str(err)
    err = raises(ValueError, read_options, TOY_OPTIONS, {"style": "loud"})
    assert "plain, bold, wild" in str(err) and "loud" in str(err)
    # A later option is checked against its own choices, not the first option's.
    raises(ValueError, read_options, TOY_OPTIONS, {"goal": "wild"})
    raises(ValueError, read_options, TOY_OPTIONS, {"goal": "five", "style": "ten"})
    asked = {"goal": "five"}
    read_options(TOY_OPTIONS, asked)
    assert asked == {"goal": "five"}  # the caller's options are not changed


def test_check_players_bounds_are_inclusive():
    for players in (2, 3, 4):
        check_players(players, 2, 4)
    for bad in (1, 5, 0, -3, "3", 2.0, None):
        raises(ValueError, check_players, bad, 2, 4)
    err = raises(ValueError, check_players, 7, 2, 4)
    assert "2..4" in str(err) and "7" in str(err)


def test_new_game_fields_and_first_moves():
    s = Toy(3, 42, {"goal": "five"})
    assert s.players == 3 and s.seed == 42 and s.options == {"goal": "five", "style": "plain"}
    assert list(s.history) == [] and len(s.history) == 0 and s.notes == []
    assert s.rng.get_state() == Toy(3, 42).rng.get_state()
    assert s.rng.get_state() != Toy(3, 43).rng.get_state()  # chance comes from the seed
    assert s.rounds_scored() == 0 and not s.is_over() and s.winners() == []
    s.apply(2)
    assert s.notes == ["P1 added two"] and list(s.history) == [2]
    s.apply(1)
    assert s.notes == [] and list(s.history) == [2, 1]  # each action's notes replace the last
    assert s.winners() == [] and s.rounds_scored() == 0


def test_apply_refuses_illegal_and_finished_and_changes_nothing():
    s = Toy(2, 1, {"goal": "five"})
    s.apply(2)
    before = snapshot(s)
    for bad in (0, 3, -1, "1", None):
        err = raises(ValueError, s.apply, bad)
        assert "illegal" in str(err)
        assert snapshot(s) == before
    s.apply(2)
    s.apply(1)  # total 5: over
    assert s.is_over() and s.current_player() == -1 and s.legal_actions() == []
    before = snapshot(s)
    err = raises(ValueError, s.apply, 1)
    assert "over" in str(err) and snapshot(s) == before


def test_default_winners_best_score_ties_shared():
    s = Toy(3, 1, {"goal": "five"})
    for a in (2, 2, 1):  # P1 2, P2 2, P3 1
        s.apply(a)
    assert s.is_over() and s.scores() == [2, 2, 1] and s.winners() == [0, 1]
    s = Toy(2, 1, {"goal": "five"})
    for a in (1, 2, 2):  # P1 3, P2 2
        s.apply(a)
    assert s.winners() == [0]
    s = Toy(4, 1, {"goal": "five"})
    for a in (1, 1, 1, 2):  # the last seat alone on top
        s.apply(a)
    assert s.scores() == [1, 1, 1, 2] and s.winners() == [3]
    assert s.rounds_scored() == 0  # a game of a single scoring keeps the default


def test_copy_is_independent_of_the_original():
    s = Toy(2, 9)
    s.apply(2)
    c = s.clone()
    assert c.players == 2 and c.seed == 9 and c.options == s.options
    assert list(c.history) == [2] and c.notes == ["P1 added two"]
    assert c.rng.get_state() == s.rng.get_state()
    c.apply(1)
    c.rng.next15()
    assert list(s.history) == [2] and s.notes == ["P1 added two"]
    assert s.rng.get_state() != c.rng.get_state()
    s.apply(2)
    assert list(c.history) == [2, 1] and c.notes == []


def test_a_game_must_supply_its_rules():
    bare = GameState()
    for method in (bare.current_player, bare.legal_actions, bare.scores):
        raises(NotImplementedError, method)
    raises(NotImplementedError, bare._do, 1)
