# Random play in the manner of OpenSpiel's random_sim_test: every player count (Quartz has
# no options), invariants checked after every action. 2,000 games on CPython, 100 under
# MicroPython.
from checks import count, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import record, replay
from firmware.games.quartz import rules as quartz

BOX = [row[2] for row in quartz.CRYSTALS]


class Checker:
    """Invariants after every action."""

    def __init__(self):
        self.actions = 0
        self.chests = None
        self.turn_key = -1
        self.turn_markers = 0
        self.turn_rerolls = 0
        self.round = 0
        self.leader = -1

    def __call__(self, s, rng):
        self.actions += 1
        n = s.players
        # Q-C2: the 70 crystals, kind by kind, across bag, pairs, carts, chests, removed.
        for k in range(quartz.NKINDS):
            total = s.bag[k] + s.removed[k]
            for seat in range(n):
                assert s.carts[seat][k] >= 0 and s.chests[seat][k] >= 0
                total += s.carts[seat][k] + s.chests[seat][k]
            if k == quartz.UNSTABLE:
                total += 2 * s.pairs
            assert s.bag[k] >= 0 and total == BOX[k], (k, total)
        # Chests only grow.
        if self.chests is not None:
            for seat in range(n):
                for k in range(quartz.NKINDS):
                    assert s.chests[seat][k] >= self.chests[seat][k]
        self.chests = [list(c) for c in s.chests]
        assert min(s.markers) >= 0
        assert all(0 <= f < 6 for f in s.dice)
        # Q-R2: one pair into the bag after each round but the last.
        assert s.pairs == quartz.PAIRS - s.round
        if s.round != self.round:
            assert s.round == self.round + 1
            self.round = s.round
        if not s.is_over():
            assert s.turn == (s.leader + s.played) % n and s.played < n
            key = s.round * 8 + s.played
            if key != self.turn_key:  # a new turn
                self.turn_key = key
                self.turn_markers = s.markers[s.turn]  # the compulsory mine's included
                self.turn_rerolls = 0
                if s.played == 0:
                    assert s.turn == s.leader  # Q-T: the leader starts the round
            elif s.history[-1] == quartz.REROLL:
                self.turn_rerolls += 1
                # Q-T2: 2 free rerolls plus one per marker held this turn.
                assert self.turn_rerolls <= quartz.FREE_REROLLS + self.turn_markers
            # Q-T3: each die used once, each kind at most once; a used kind used dice.
            kinds = 0
            dice = 0
            for k in range(5):
                kinds += (s.kinds_used >> k) & 1
            for d in range(quartz.DICE):
                dice += (s.used >> d) & 1
            assert kinds <= dice and (s.phase != quartz.P_GROUP or s.group & s.used == 0)
            if s.phase == quartz.P_ROLL:
                assert s.used == 0 and s.kinds_used == 0
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            if s.phase == quartz.P_ACT:  # exactly the kinds some group of unused dice can do
                assert quartz.END_TURN in legal
                for k in range(5):
                    fit = [d for d in range(quartz.DICE) if (s.used >> d) & 1 == 0
                           and s.dice[d] in (k, quartz.HELMET)]
                    ok = len(fit) >= quartz.MIN_DICE[k] and not (s.kinds_used >> k) & 1
                    assert (quartz.ACTION + k in legal) == ok
                assert len(legal) > 1  # Q-T4: with nothing to do the turn ended by itself
            elif s.phase == quartz.P_GROUP:  # one pick per fitting face, confirm once enough
                faces = set(s.dice[d] for d in range(quartz.DICE)
                            if (s.used | s.group) >> d & 1 == 0
                            and s.dice[d] in (s.kind, quartz.HELMET))
                picks = [a for a in legal if a >= quartz.DIE]
                assert sorted(s.dice[a - quartz.DIE] for a in picks) == sorted(faces) and picks
                size = bin(s.group).count("1")
                assert (quartz.CONFIRM in legal) == (size >= quartz.MIN_DICE[s.kind])
            elif s.phase in (quartz.P_RETURN, quartz.P_CHEST, quartz.P_GIVE, quartz.P_TAKE):
                # A real choice is left: two kinds or more, and fewer to move than there are.
                assert s.left > 0 and len(legal) >= 2
            if self.actions % 9 == 0:  # every choice has its own words in a menu
                words = [s.action_text(a) for a in legal]
                assert all(words) and len(set(words)) == len(words), words
            if self.actions % 23 == 0:  # a sample of illegal actions is refused
                bad = rng.randbelow(60) - 5
                if bad not in legal:
                    before = fingerprint(s)
                    raises(ValueError, s.apply, bad)
                    assert fingerprint(s) == before
        if self.actions % 400 == 0:  # replay of the history so far gives the same state
            assert fingerprint(replay(*record(s))) == fingerprint(s)


def run(players, games):
    played = 0
    lengths = []
    for seed in range(games):
        options = option_sets(quartz)[0]
        s = random_game("quartz", players, seed, options, policy_seed=seed + 1000 * players,
                        check=Checker())
        assert s.is_over() and s.winners() and s.round == quartz.ROUNDS - 1 and s.pairs == 1
        holdings = [s.holdings(seat) for seat in range(players)]
        assert s.scores() == quartz.final_scores(holdings, [sum(c) for c in s.chests])
        assert fingerprint(replay(*record(s))) == fingerprint(s)
        lengths.append(len(s.history))
        played += 1
    return played, lengths


# 500 games per player count on CPython (2,000 in all), 25 under MicroPython (100 in all).
def test_random_games_3_players():
    played, lengths = run(3, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 18


def test_random_games_4_players():
    played, lengths = run(4, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 24


def test_random_games_5_players():
    played, lengths = run(5, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 30


def test_random_games_6_players():
    played, lengths = run(6, count(500, 25))
    assert played == count(500, 25) and min(lengths) > 36


def test_scores_agree_with_final_scores_at_every_action():
    """State.scores() computes Q-F in one pass: the same as final_scores of the holdings."""
    from firmware.bots import RandomBot

    for seed in range(8):
        players = 3 + seed % 4
        s = quartz.new_game(players, seed)
        bot = RandomBot(0, seed)
        while not s.is_over():
            holdings = [s.holdings(seat) for seat in range(players)]
            assert s.scores() == quartz.final_scores(holdings, [sum(c) for c in s.chests])
            s.apply(bot.choose(s.view(s.current_player())))
