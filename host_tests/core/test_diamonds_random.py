# Random play in the manner of OpenSpiel's random_sim_test: every player count and every
# option combination that fits it, invariants checked after every action. 2,000 games on
# CPython, 100 under MicroPython. Rule ids refer to seeds/diamonds.md.
from checks import count, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import replay
from firmware.games.diamonds import rules as diamonds

ALL_CARDS = list(range(diamonds.DECK_SIZE))


def fitting_options(players):
    """Every option combination new_game accepts for `players` (M-O3: teams with 4 or 6)."""
    return [o for o in option_sets(diamonds)
            if o["teams"] == "off" or players in diamonds.TEAM_COUNTS]


def rebuild(s):
    # replay() straight from the compact history (record() would copy it into a list, a
    # large block on a fragmented 128k MicroPython heap).
    return replay(s.game, s.players, s.seed, s.options, s.history)


class Checker:
    """Invariants after every action. Keeps its own model of the crystals and the thief
    token and replays on it the suit actions each action reports (state.acts)."""

    def __init__(self, state):
        self.actions = 0
        self.round = 0
        self.showroom = list(state.showroom)
        self.vault = list(state.vault)
        self.thief = state.thief
        self.created = sum(state.showroom)
        self.prev_phase = state.phase
        self.prev_trick = 0
        self.prev_hand = 0
        self.acts_seen = [0] * 4

    def model_action(self, s, seat, suit):
        # M-A1..M-A4 straight from the rule's words, on the checker's own counts.
        side = s.side(seat)
        self.acts_seen[suit] += 1
        if suit == diamonds.DIAMONDS:
            self.vault[side] += 1
            self.created += 1
        elif suit == diamonds.HEARTS:
            self.showroom[side] += 1
            self.created += 1
        elif suit == diamonds.SPADES:
            if self.showroom[side]:
                self.showroom[side] -= 1
                self.vault[side] += 1
        else:
            victim = s.side(self.thief)
            if victim != side and self.showroom[victim]:
                self.showroom[victim] -= 1
                self.showroom[side] += 1
            self.thief = (self.thief + 1) % s.players

    def __call__(self, s, rng):
        self.actions += 1
        n = s.players
        last = s.history[-1]
        # 60 cards, each exactly once: set aside, hands, chosen, trick, won piles (M-C1).
        zones = list(s.aside) + list(s.trick)
        for cards in s.hands + s.chosen + s.won:
            zones = zones + cards
        assert sorted(zones) == ALL_CARDS
        # Crystals: created only by D and H actions, moved only by S and C (M-A, M-C2).
        acts = s.acts
        if last < diamonds.PLAY:
            assert acts == []  # counting and passing never touch a crystal
        else:
            card = last - diamonds.PLAY
            if self.prev_trick > 0 and self.prev_led != diamonds.suit(card):
                assert acts[0] == self.prev_turn * 4 + diamonds.suit(card)  # M-R4 off-suit action
            complete = self.prev_trick + 1 == (4 if n == 2 else n)
            if complete:
                assert s.trick == [] and len(acts) >= 1
                assert s.last_winner >= 0 or s.round != self.round  # a new round resets it
            else:
                assert len(acts) <= 1
        for a in acts:
            self.model_action(s, a // 4, a % 4)
        assert s.showroom == self.showroom and s.vault == self.vault and s.thief == self.thief
        assert s.created == self.created == sum(s.showroom) + sum(s.vault)
        assert min(s.showroom) >= 0 and min(s.vault) >= 0
        if s.is_over() or s.round != self.round:
            # A round ended: every hand was played out (M-R7), majorities as the rule says.
            result = s.results[-1]
            won, majors, none, tricks = result
            size = diamonds.deck_for(n, s.options["perfect"] == "on")[1]
            assert sum(won) == size * n  # all dealt cards were won: every hand emptied
            assert sum(tricks) * (4 if n == 2 else n) == size * n
            for suit in range(4):
                per = [0] * s.sides
                for seat in range(n):
                    per[s.side(seat)] += won[seat * 4 + suit]
                best = max(per)
                leaders = [t for t in range(s.sides) if per[t] == best]
                assert majors[suit] == (leaders[0] if len(leaders) == 1 and best else -1)
            assert none == [seat for seat in [(s.dealer - (0 if s.is_over() else 1) + k) % n
                                              for k in range(1, n + 1)] if tricks[seat] == 0]
            if not s.is_over():
                assert s.round == self.round + 1 and s.phase == diamonds.P_COUNT
                assert all(len(h) == size for h in s.hands) and s.won == [[]] * n
                self.round = s.round
        if not s.is_over():
            legal = s.legal_actions()
            assert legal and legal == sorted(legal)
            if s.phase == diamonds.P_PLAY and s.trick:  # M-R4 must follow
                led = diamonds.suit(s.trick[0])
                hand = s.hands[s.turn]
                if any(diamonds.suit(c) == led for c in hand):
                    assert all(diamonds.suit(a - diamonds.PLAY) == led for a in legal)
                else:
                    assert len(legal) == len(hand)
            if s.phase == diamonds.P_PASS:  # nobody holds a card passed to them yet (M-R2)
                for seat in range(n):
                    assert len(s.hands[seat]) + len(s.chosen[seat]) == s.hand_size
            if self.actions % 5 == 0:  # every choice has its own words in a menu
                words = [s.action_text(a) for a in legal]
                assert all(words) and len(set(words)) == len(words), words
                head = "P%d " % (s.current_player() + 1)
                other = (s.current_player() + 1) % n
                for a in legal:  # a move's sentence, seat first, or None: a step of one
                    said = s.move_text(a, other)
                    assert said is None or said.startswith(head), said
                    assert (said is None) == (s.move_text(a) is None)
            if self.actions % 23 == 0:  # a sample of illegal actions is refused
                bad = rng.randbelow(400) - 20
                if bad not in legal:
                    before = fingerprint(s)
                    raises(ValueError, s.apply, bad)
                    assert fingerprint(s) == before
            if self.actions % 11 == 0:  # views: own cards only, vaults per M-O2
                seat = rng.randbelow(n)
                v = s.view(seat)
                assert v["hand"] == sorted(s.hands[seat])
                assert v["chosen"] == sorted(s.chosen[seat])
                public = s.options["show_score"] == "on"
                for t in range(s.sides):
                    shown = v["vaults"][t]
                    assert shown == (s.vault[t] if public or t == s.side(seat) else None)
                assert (v["legal"] != []) == (seat == s.current_player())
            self.prev_trick = len(s.trick)
            self.prev_led = diamonds.suit(s.trick[0]) if s.trick else -1
            self.prev_turn = s.turn
        if self.actions % 400 == 0:  # replay of the history so far gives the same state
            assert fingerprint(rebuild(s)) == fingerprint(s)
            assert fingerprint(s.clone()) == fingerprint(s)


def run(players, games):
    played = 0
    lengths = []
    options_list = fitting_options(players)
    seen = [0] * 4
    for seed in range(games):
        options = options_list[seed % len(options_list)]
        state = diamonds.new_game(players, seed, options)
        checker = Checker(state)
        s = random_game("diamonds", players, seed, options, policy_seed=seed + 1000 * players,
                        check=checker)
        assert s.is_over() and s.winners()
        assert len(s.results) == diamonds.ROUNDS[players]  # M-E1
        scores = s.scores()
        for seat in range(players):
            side = s.side(seat)
            assert scores[seat] == s.showroom[side] + 2 * s.vault[side]  # M-E2
        assert fingerprint(rebuild(s)) == fingerprint(s)
        for i in range(4):
            seen[i] += checker.acts_seen[i]
        lengths.append(len(s.history))
        played += 1
    assert min(seen) > 0  # every suit action happened
    return played, lengths


# 400 games per player count on CPython (2,000 in all), 20 under MicroPython (100 in all).
def test_random_games_2_players():
    played, lengths = run(2, count(400, 20))
    assert played == count(400, 20) and min(lengths) > 40


def test_random_games_3_players():
    played, lengths = run(3, count(400, 20))
    assert played == count(400, 20) and min(lengths) > 40


def test_random_games_4_players():
    played, lengths = run(4, count(400, 20))
    assert played == count(400, 20) and min(lengths) > 40


def test_random_games_5_players():
    played, lengths = run(5, count(400, 20))
    assert played == count(400, 20) and min(lengths) > 40


def test_random_games_6_players():
    played, lengths = run(6, count(400, 20))
    assert played == count(400, 20) and min(lengths) > 40


def test_team_mode_refused_for_other_counts_M_O3():
    for players in (2, 3, 5):
        raises(ValueError, diamonds.new_game, players, 1, {"teams": "on"})
        assert len(fitting_options(players)) == 4
    assert len(fitting_options(4)) == len(fitting_options(6)) == 8
