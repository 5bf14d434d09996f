# Random play in the manner of OpenSpiel's random_sim_test: every player count (1..4),
# invariants checked after every action. 2,000 games on CPython, 100 under MicroPython.
# mptest-heap: 160k
from array import array

from checks import IS_MICROPYTHON_FAMILY, count, raises
from randplay import random_game

from firmware.core import record, replay
from firmware.core.base import History
from firmware.games.diploma import rules as diploma

MAX_ACTIONS = 5000  # a generous bound: random games take about 450-650 actions


def snapshot(s):
    """Every attribute of a state, for == (as checks.fingerprint), cheaper: on CPython each
    plain value (lists of ints and strings, nested) by its repr, the history as a list, the
    PRNG by its state, instead of a deep copy one element at a time; under MicroPython and
    CircuitPython two checksums as fingerprint's, folded with the ints inline (no hasattr
    per element: an exception each time there), nothing allocated per element."""
    if IS_MICROPYTHON_FAMILY:
        sums = [1, 7]
        for key in sorted(s.__dict__):
            _fold(sums, key)
            _fold(sums, s.__dict__[key])
        return sums
    out = []
    for key in sorted(s.__dict__):
        v = s.__dict__[key]
        if hasattr(v, "get_state"):
            v = v.get_state()
        elif isinstance(v, History):
            v = list(v)
        elif isinstance(v, dict):
            v = repr(sorted(v.items()))
        else:
            v = repr(v)
        out.append((key, v))
    return out


def _fold(sums, v):
    t = type(v)
    if t is int:
        sums[0] = (sums[0] * 31 + v) % 1000003
        sums[1] = (sums[1] * 37 + v) % 999983
    elif t is list or t is tuple or t is bytearray or t is array:
        n = 1000 + len(v)
        a, b = (sums[0] * 31 + n) % 1000003, (sums[1] * 37 + n) % 999983
        for x in v:
            if type(x) is int:
                a, b = (a * 31 + x) % 1000003, (b * 37 + x) % 999983
            else:
                sums[0], sums[1] = a, b
                _fold(sums, x)
                a, b = sums[0], sums[1]
        sums[0], sums[1] = a, b
    elif t is str:
        _fold(sums, [ord(ch) for ch in v])
    elif t is History:
        _fold(sums, len(v))
        for piece in v.pieces:
            _fold(sums, piece)
    elif t is dict:
        for key in sorted(v):
            _fold(sums, key)
            _fold(sums, v[key])
    elif v is None:
        _fold(sums, -999)
    elif hasattr(v, "get_state"):  # the PRNG
        _fold(sums, v.get_state())
    else:
        _fold(sums, int(v))


ALL_TILES = list(range(diploma.TILES))


def each_once(zones, total):
    """Every number 0..total-1 exactly once across the lists `zones`. On CPython by sorting
    (its sort is C); on the MicroPython family by a tally (three times quicker there, and no
    list of `total` items to sort)."""
    if not IS_MICROPYTHON_FAMILY:
        zone = []
        for z in zones:
            zone += z
        zone.sort()
        return zone == (ALL_TILES if total == diploma.TILES else list(range(total)))
    tally = bytearray(total)
    got = 0
    for z in zones:
        for x in z:
            if not 0 <= x < total or tally[x]:
                return False
            tally[x] = 1
        got += len(z)
    return got == total


def two_levels(v):
    """An int, a list of ints or a list of lists of ints: what the rules' _copy (clone,
    view, sample_state) copies whole. A deeper or mixed field would be shared by a copy."""
    if type(v) is int:
        return True
    if type(v) is not list:
        return False
    if v and type(v[0]) is list:
        for inner in v:
            if type(inner) is not list:
                return False
            for x in inner:
                if type(x) is not int:
                    return False
        return True
    for x in v:
        if type(x) is not int:
            return False
    return True


class Checker:
    """Invariants after every action."""

    def __init__(self):
        self.actions = 0
        self.phases = [0] * len(diploma.PHASES)
        self.scored = 0

    def __call__(self, s, rng):
        self.actions += 1
        assert self.actions < MAX_ACTIONS
        self.phases[s.phase] += 1
        n = s.players
        # P-C2: 120 tiles, each exactly once (supply, hands, boards, stacks, discards).
        zones = [s.supply, s.discards, s.batch] + s.tiles + s.stacks
        for seat in range(n):
            board = s.boards[seat]
            assert board[0] == diploma.CENTRE  # P-C3: the printed spot stays
            zones.append([t for t in board if t != diploma.CENTRE and t >= 0])
        assert each_once(zones, diploma.TILES)
        # P-C5: every card once (item, magic-circle, magic).
        zones = [s.item_deck, s.item_used, [b for b in s.under if b >= 0]] + s.items
        assert each_once(zones, 24)
        assert each_once([s.circle_deck] + s.circles + s.shown, diploma.CIRCLES)
        assert each_once([s.magic_deck, s.magic_used] + s.magic, 10)
        # P-C1: chips per pair never beyond the pair's 10, never below 0.
        for pair in range(2):
            held = s.chips[pair]
            assert held >= 0
            for seat in range(n):
                assert s.stones[seat][2 * pair] >= 0 and s.stones[seat][2 * pair + 1] >= 0
                held += s.stones[seat][2 * pair] + s.stones[seat][2 * pair + 1]
            assert held == diploma.PAIR_CHIPS
        # P-R3: no resource below zero.
        for seat in range(n):
            assert s.mana[seat] >= 0 and s.gold[seat] >= 0 and s.points[seat] >= 0
            assert 0 <= s.step[seat] <= diploma.BARRIER_ROUNDS
            assert len(s.shown[seat]) + len(s.circles[seat]) == diploma.DEAL_CIRCLES
        assert s.moves >= 0
        # P-R1: 2 dice a seat, one judgement die.
        if s.judge >= 0:
            assert s.dice_own.count(-1) == 1 and s.dice_own[s.judge] == -1
            for seat in range(n):
                assert s.dice_own.count(seat) == 2
        # rounds_scored moves by one scoring phase at a time
        now = s.rounds_scored()
        assert now in (self.scored, self.scored + 1)
        self.scored = now
        if not s.is_over():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
            assert max(legal) < 65536 and min(legal) >= 0
            if self.actions % 11 == 0:  # every choice has its own words in a menu
                words = [s.action_text(a) for a in legal]
                assert all(words) and len(set(words)) == len(words), words
            if self.actions % 23 == 0:  # a sample of illegal actions is refused
                bad = rng.randbelow(3000) - 5
                if bad not in legal:
                    before = snapshot(s)
                    raises(ValueError, s.apply, bad)
                    assert snapshot(s) == before
        if self.actions % 13 == 0:  # every field copies whole (_copy: two levels at most)
            for key in diploma.PUBLIC + diploma.HIDDEN:
                assert two_levels(getattr(s, key)), key
        if self.actions % 400 == 0:  # replay of the history so far gives the same state
            assert snapshot(replay(*record(s))) == snapshot(s)


def run(players, games):
    lengths = []
    ends = [0, 0]  # P-E1, P-E2
    phases = [0] * len(diploma.PHASES)
    for seed in range(games):
        checker = Checker()
        s = random_game("diploma", players, seed, None, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over()
        if players > 1:
            assert s.winners()
        else:
            assert s.winners() == ([0] if s.points[0] >= diploma.SOLO_TARGET else [])
        shown = 0
        for cards in s.shown:
            shown += len(cards)
        if shown >= players:
            ends[0] += 1
        else:
            ends[1] += 1
            assert s.final
        assert s.rounds_scored() >= players  # every seat's final scoring phase
        assert snapshot(replay(*record(s))) == snapshot(s)
        lengths.append(len(s.history))
        for i in range(len(phases)):
            phases[i] += checker.phases[i]
    assert ends[1] > 0  # P-E2 (P-E1 is rare in random play: test_diploma_rules checks it)
    if games >= 200:  # every kind of decision came up
        for name in diploma.PHASES:
            if name != "steal" or players > 1:  # solo: nobody to steal
                assert phases[diploma.PHASES.index(name)] > 0, name
    return lengths


# 500 games per player count on CPython (2,000 in all), 25 under MicroPython (100 in all).
def test_random_games_solo():
    lengths = run(1, count(500, 25))
    assert len(lengths) == count(500, 25) and min(lengths) > 20


def test_random_games_2_players():
    lengths = run(2, count(500, 25))
    assert len(lengths) == count(500, 25) and min(lengths) > 40


def test_random_games_3_players():
    lengths = run(3, count(500, 25))
    assert len(lengths) == count(500, 25) and min(lengths) > 40


def test_random_games_4_players():
    lengths = run(4, count(500, 25))
    assert len(lengths) == count(500, 25) and min(lengths) > 40
