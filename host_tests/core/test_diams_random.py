# Random play in the manner of OpenSpiel's random_sim_test: every player count and option,
# invariants checked after every action. 2,000 games on CPython, 100 under MicroPython.
from checks import count, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import diams as d
from firmware.core import record, replay

ALL_CARDS = list(range(d.DECK_SIZE))


class Checker:
    """Invariants after every action; keeps the previous mover to check the hand limit."""

    def __init__(self):
        self.mover = -1
        self.round = 0
        self.actions = 0

    def __call__(self, s, rng):
        self.actions += 1
        zones = s.deck + s.market + s.discard + s.aside
        for cards in s.hands + s.vaults:
            zones = zones + cards
        assert sorted(zones) == ALL_CARDS  # D-C: 54 cards, each exactly once
        assert all(d.is_diamond(c) for c in s.market)
        assert all(not d.is_diamond(c) and c != d.CLOSING for c in s.discard)
        if not s.is_over():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            # D-T9: at the end of every turn no hand holds more than 5 cards.
            for seat in range(s.players):
                if seat != s.turn:
                    assert len(s.hands[seat]) <= d.HAND_LIMIT
            if s.phase == d.P_DRAW:
                assert len(s.hands[s.turn]) <= d.HAND_LIMIT
            if self.actions % 5 == 0:  # every choice has its own words in a menu
                words = [s.action_text(a) for a in legal]
                assert all(words) and len(set(words)) == len(words), words
            if self.actions % 7 == 0:  # a sample of illegal actions is refused
                bad = rng.randbelow(360) - 5
                if bad not in legal:
                    before = fingerprint(s)
                    raises(ValueError, s.apply, bad)
                    assert fingerprint(s) == before
        if self.actions % 150 == 0:  # replay of the history so far gives the same state
            assert fingerprint(replay(*record(s))) == fingerprint(s)
        if s.round != self.round:  # a new round: every card back, fresh deal (D-E4)
            assert s.round == self.round + 1 and s.vaults == [[]] * s.players
            self.round = s.round


def run(players, games):
    played = 0
    lengths = []
    early_ends = 0
    for seed in range(games):
        options = option_sets(d)[seed % 4]
        checker = Checker()
        s = random_game("diams", players, seed, options, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over() and s.winners()
        rounds = len(s.points)
        if options["length"] == "quick":
            assert rounds == 1 and s.scores() == s.points[0]
        else:
            assert rounds == 3 or (players == 2 and rounds == 2)
            assert sum(s.chips) == sum(sum(d.round_chips(p)) for p in s.points)
            if rounds == 2:
                early_ends += 1
        assert fingerprint(replay(*record(s))) == fingerprint(s)
        lengths.append(len(s.history))
        played += 1
    return played, lengths, early_ends


# 500 games per player count on CPython (2,000 in all), 25 under MicroPython (100 in all).
def test_random_games_2_players():
    played, lengths, early_ends = run(2, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 20
    assert early_ends > 0  # the 2-player early end does happen (D-E5)


def test_random_games_3_players():
    played, lengths, _ = run(3, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 20


def test_random_games_4_players():
    played, lengths, _ = run(4, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 20


def test_random_games_5_players():
    played, lengths, _ = run(5, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 20
