# Random play in the manner of OpenSpiel's random_sim_test: every player count and every
# length, invariants checked after every action. 2,100 games on CPython, 105 under MicroPython.
from checks import count, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import record, replay
from firmware.games.sixgems import rules as sixgems

ALL_GEMS = list(range(sixgems.GEM_CARDS))
ALL_SETTLE = list(range(sixgems.SETTLE_CARDS))


class Checker:
    """Invariants after every action."""

    def __init__(self):
        self.actions = 0
        self.settlements = 0
        self.phases = [0] * len(sixgems.PHASES)

    def __call__(self, s, rng):
        self.actions += 1
        self.phases[s.phase] += 1
        # G-C3: 72 gem cards, each exactly once (decks, hands, gem areas).
        zone = list(s.gem_deck)
        for cards in s.hands + s.areas:
            zone += cards
        assert sorted(zone) == ALL_GEMS
        assert all(len(h) <= sixgems.HAND_GEMS for h in s.hands)
        # G-C4: 12 settlement cards (deck, hands, wild gems placed or pending, in play).
        zone = list(s.settle_deck)
        for cards in s.settle_hands:
            zone += cards
        for k in range(sixgems.SETTLE_CARDS):
            if s.wild_owner[k] >= 0:
                zone.append(k)
        if 0 <= s.settling < sixgems.SETTLE_CARDS and s.wild_owner[s.settling] < 0:
            zone.append(s.settling)
        assert sorted(zone) == ALL_SETTLE
        # G-P3: no running total below 0; G-P4: a placed wild gem sits on a real gem's colour.
        assert min(s.totals) >= 0
        for k in range(sixgems.SETTLE_CARDS):
            c = s.wild_colour[k]
            if c >= 0:
                assert s.wild_owner[k] >= 0 and s.real_gems(s.wild_owner[k])[c] > 0
        # G-C2: at most one die per board.
        on = [b for b in s.boards if b >= 0]
        assert len(on) == len(set(on))
        assert s.settlements <= s.length  # G-E1
        if s.settlements > self.settlements:  # G-P1: a settlement needs every die on a board
            self.settlements = s.settlements
        if not s.is_over():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
            if self.actions % 5 == 0:  # every choice has its own words in a menu
                words = [s.action_text(a) for a in legal]
                assert all(words) and len(set(words)) == len(words), words
                other = (s.current_player() + 1) % s.players
                assert all(s.action_text(a, other) for a in legal)
                head = "P%d " % (s.current_player() + 1)
                for a in legal:  # a move's sentence, seat first, or None: a step of one
                    said = s.move_text(a, other)
                    assert said is None or (said.startswith(head) and len(said) <= 78), said
                    assert (said is None) == (s.move_text(a) is None)
            if self.actions % 7 == 0:  # a sample of illegal actions is refused
                bad = rng.randbelow(300) - 5
                if bad not in legal:
                    before = fingerprint(s)
                    raises(ValueError, s.apply, bad)
                    assert fingerprint(s) == before
        if self.actions % 150 == 0:  # replay of the history so far gives the same state
            assert fingerprint(replay(*record(s))) == fingerprint(s)


def run(players, games):
    lengths = []
    finals = 0
    by_length = 0
    combos = option_sets(sixgems)
    phases = [0] * len(sixgems.PHASES)
    for seed in range(games):
        options = combos[seed % len(combos)]
        checker = Checker()
        s = random_game("sixgems", players, seed, options, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over() and s.winners()
        last = s.results[-1][0] if s.results else -1
        if last == sixgems.FINAL:  # G-E2
            finals += 1
            assert s.gem_deck == [] and all(not h for h in s.hands)
        else:  # G-E1
            by_length += 1
            assert s.settlements == s.length
        assert len(s.results) == s.settlements + (1 if last == sixgems.FINAL else 0)
        assert fingerprint(replay(*record(s))) == fingerprint(s)
        lengths.append(len(s.history))
        for i in range(len(phases)):
            phases[i] += checker.phases[i]
    assert finals > 0
    if games >= 100:  # every kind of decision came up: wild gems, G-K1's swap, G-K10
        for name in ("dice", "play", "use", "settle", "wild", "give", "take", "leave"):
            assert phases[sixgems.PHASES.index(name)] > 0, name
    return lengths, by_length


# 700 games per player count on CPython (2,100 in all), 35 under MicroPython (105 in all).
def test_random_games_2_players():
    lengths, by_length = run(2, count(700, 35))
    assert len(lengths) == count(700, 35) and min(lengths) > 40
    assert by_length > 0  # the length option does end games (G-E1)


def test_random_games_3_players():
    lengths, _ = run(3, count(700, 35))
    assert len(lengths) == count(700, 35) and min(lengths) > 40


def test_random_games_4_players():
    lengths, _ = run(4, count(700, 35))
    assert len(lengths) == count(700, 35) and min(lengths) > 40
