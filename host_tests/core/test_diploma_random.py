# Random play in the manner of OpenSpiel's random_sim_test: every player count (1..4),
# invariants checked after every action. 2,000 games on CPython, 100 under MicroPython.
# mptest-heap: 160k
from checks import count, fingerprint, raises
from randplay import random_game

from firmware.core import diploma as g
from firmware.core import record, replay

MAX_ACTIONS = 5000  # a generous bound: random games take about 450-650 actions


class Checker:
    """Invariants after every action."""

    def __init__(self):
        self.actions = 0
        self.phases = [0] * len(g.PHASES)
        self.scored = 0

    def __call__(self, s, rng):
        self.actions += 1
        assert self.actions < MAX_ACTIONS
        self.phases[s.phase] += 1
        n = s.players
        # P-C2: 120 tiles, each exactly once (supply, hands, boards, stacks, discards).
        zone = list(s.supply) + s.discards + s.batch
        for seat in range(n):
            zone += s.tiles[seat] + s.stacks[seat]
            zone += [t for t in s.boards[seat] if t != g.CENTRE and t >= 0]
            assert s.boards[seat][0] == g.CENTRE  # P-C3: the printed spot stays
        assert sorted(zone) == list(range(g.TILES))
        # P-C5: every card once (item, magic-circle, magic).
        zone = s.item_deck + s.item_used + [b for b in s.under if b >= 0]
        for h in s.items:
            zone = zone + h
        assert sorted(zone) == list(range(24))
        zone = list(s.circle_deck)
        for seat in range(n):
            zone += s.circles[seat] + s.shown[seat]
        assert sorted(zone) == list(range(g.CIRCLES))
        zone = s.magic_deck + s.magic_used
        for h in s.magic:
            zone = zone + h
        assert sorted(zone) == list(range(10))
        # P-C1: chips per pair never beyond the pair's 10, never below 0.
        for pair in range(2):
            held = s.chips[pair]
            assert held >= 0
            for seat in range(n):
                assert s.stones[seat][2 * pair] >= 0 and s.stones[seat][2 * pair + 1] >= 0
                held += s.stones[seat][2 * pair] + s.stones[seat][2 * pair + 1]
            assert held == g.PAIR_CHIPS
        # P-R3: no resource below zero.
        for seat in range(n):
            assert s.mana[seat] >= 0 and s.gold[seat] >= 0 and s.points[seat] >= 0
            assert 0 <= s.step[seat] <= g.BARRIER_ROUNDS
            assert len(s.shown[seat]) + len(s.circles[seat]) == g.DEAL_CIRCLES
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
                    before = fingerprint(s)
                    raises(ValueError, s.apply, bad)
                    assert fingerprint(s) == before
        if self.actions % 400 == 0:  # replay of the history so far gives the same state
            assert fingerprint(replay(*record(s))) == fingerprint(s)


def run(players, games):
    lengths = []
    ends = [0, 0]  # P-E1, P-E2
    phases = [0] * len(g.PHASES)
    for seed in range(games):
        checker = Checker()
        s = random_game("diploma", players, seed, None, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over()
        if players > 1:
            assert s.winners()
        else:
            assert s.winners() == ([0] if s.points[0] >= g.SOLO_TARGET else [])
        shown = 0
        for cards in s.shown:
            shown += len(cards)
        if shown >= players:
            ends[0] += 1
        else:
            ends[1] += 1
            assert s.final
        assert s.rounds_scored() >= players  # every seat's final scoring phase
        assert fingerprint(replay(*record(s))) == fingerprint(s)
        lengths.append(len(s.history))
        for i in range(len(phases)):
            phases[i] += checker.phases[i]
    assert ends[1] > 0  # P-E2 (P-E1 is rare in random play: test_diploma_rules checks it)
    if games >= 200:  # every kind of decision came up
        for name in g.PHASES:
            if name != "steal" or players > 1:  # solo: nobody to steal
                assert phases[g.PHASES.index(name)] > 0, name
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
