# Random play in the manner of OpenSpiel's random_sim_test: every player count and option,
# invariants checked after every action. 2,000 games on CPython, 100 under MicroPython.
from checks import count, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import record, replay
from firmware.games.diams import rules as diams

ALL_CARDS = list(range(diams.DECK_SIZE))


class Checker:
    """Invariants after every action."""

    def __init__(self, oracles):
        self.oracles = oracles  # brute-force checks of the selection phases (slow)
        self.oracle_checks = 0
        self.round = 0
        self.actions = 0

    def __call__(self, s, rng):
        self.actions += 1
        zones = s.deck + s.market + s.discard + s.aside
        for cards in s.hands + s.vaults:
            zones = zones + cards
        assert sorted(zones) == ALL_CARDS  # D-C: 54 cards, each exactly once
        assert all(diams.is_diamond(c) for c in s.market)
        assert all(not diams.is_diamond(c) and c != diams.CLOSING for c in s.discard)
        if not s.is_over():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            # D-T9: at the end of every turn no hand holds more than 5 cards.
            for seat in range(s.players):
                if seat != s.turn:
                    assert len(s.hands[seat]) <= diams.HAND_LIMIT
            if s.phase == diams.P_DRAW:
                assert len(s.hands[s.turn]) <= diams.HAND_LIMIT
            if self.oracles and s.phase == diams.P_VAULT:
                self.oracle_checks += check_vault_picks(s)
            elif self.oracles and s.phase == diams.P_TAKE:
                self.oracle_checks += check_take_picks(s)
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


# ---- Brute-force oracles: the offered picks are exactly the cards of some legal completion.
def subsets(cards):
    for mask in range(1 << len(cards)):
        yield [cards[i] for i in range(len(cards)) if mask >> i & 1]


def vault_ok(selection, vault):  # D-T7, straight from the rule's words
    qualities = [diams.quality(c) for c in selection]
    in_vault = [diams.quality(c) for c in vault]
    for q in qualities:
        if qualities.count(q) < 3 and q not in in_vault:
            return False
    return any(qualities.count(q) >= 3 for q in qualities)


def kinds(cards):
    return sorted(set((diams.quality(c), diams.is_pure(c)) for c in cards))


def check_vault_picks(s):
    hand = [c for c in s.hands[s.turn] if diams.is_diamond(c) and c not in s.sel]
    if len(hand) > 7:
        return 0
    vault = s.vaults[s.turn]
    ok = [c for c in hand if any(vault_ok(s.sel + [c] + more, vault)
                                 for more in subsets([h for h in hand if h != c]))]
    legal = s.legal_actions()
    offered = [a - diams.HAND for a in legal if a >= diams.HAND]
    assert kinds(offered) == kinds(ok) and len(offered) == len(kinds(ok))
    assert (diams.DONE in legal) == vault_ok(s.sel, vault)
    return 1


def check_take_picks(s):
    target = diams.quality(s.placed)
    others = [c for c in s.market if c != s.placed and c not in s.sel]
    if len(others) > 8:
        return 0
    taken = sum(diams.quality(c) for c in s.sel)
    ok = [c for c in others if any(taken + diams.quality(c) + sum(diams.quality(m) for m in more)
                                   == target for more in subsets([o for o in others if o != c]))]
    legal = s.legal_actions()
    offered = [a - diams.MARKET_CARD for a in legal if diams.MARKET_CARD <= a < diams.VAULT_CARD]
    assert kinds(offered) == kinds(ok) and len(offered) == len(kinds(ok))
    assert (diams.DONE in legal) == (bool(s.sel) and taken == target)
    others_same = [c for c in others if diams.quality(c) == target]
    assert (diams.TAKE_ALL in legal) == (not s.sel and bool(others_same))
    return 1


def run(players, games):
    played = 0
    lengths = []
    early_ends = 0
    oracle_checks = 0
    for seed in range(games):
        options = option_sets(diams)[seed % 4]
        checker = Checker(oracles=seed % 4 == 0)
        s = random_game("diams", players, seed, options, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over() and s.winners()
        rounds = len(s.points)
        if options["length"] == "quick":
            assert rounds == 1 and s.scores() == s.points[0]
        else:
            assert rounds == 3 or (players == 2 and rounds == 2)
            assert sum(s.chips) == sum(sum(diams.round_chips(p)) for p in s.points)
            if rounds == 2:
                early_ends += 1
        assert fingerprint(replay(*record(s))) == fingerprint(s)
        oracle_checks += checker.oracle_checks
        lengths.append(len(s.history))
        played += 1
    assert oracle_checks > 0
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
