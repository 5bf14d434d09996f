# Heuristic Diamonds player (rule ids M-xx refer to seeds/diamonds.md). It decides from the
# seat's view only: its hand, the trick in progress, the showrooms, the thief token, its own
# vault. It keeps no memory between calls.
#
# Every card is valued by the crystal points its suit's action is worth to the bot's side now
# (M-A, M-E2: a vault crystal is 2 points, a showroom crystal 1, a steal also costs a rival):
# - cannot follow: play the card whose own action is worth most (M-R4), the lowest of its suit;
# - following: win the trick with the lowest card that does it when the led action is worth it
#   and the win is likely (certain when last to play), otherwise throw the lowest card;
# - leading: the suit where the bot's highest card is most likely to win, weighted by the value.
from firmware.bots import Heuristic
from firmware.core import diamonds as M
from firmware.core.prng import SEED_LIMIT, Prng

NOISE = {"easy": 35, "normal": 0, "hard": 0}  # % of decisions made at random, by level
TEAM_PASS_HIGH = True  # M-O3: give the partner high cards; otherwise pass the lowest ones


class Bot(Heuristic):
    def __init__(self, seat, level="normal", seed=0):
        self.seat = seat
        self.seed = seed
        self.noise = NOISE[level]
        self.strict = False  # tests: raise instead of falling back to the first legal action

    def _choose(self, view, legal):
        if self.noise:
            # Noise drawn from (seed, view): the same view always gets the same answer.
            digest = self.seed
            for card in view["hand"]:
                digest = (digest * 31 + card) % SEED_LIMIT
            for card in view["trick"]:
                digest = (digest * 37 + card + 1) % SEED_LIMIT
            digest = (digest * 41 + len(view["chosen"]) * 7 + view["round"]) % SEED_LIMIT
            rng = Prng(digest)
            if rng.randbelow(100) < self.noise:
                safe = [a for a in legal if not M.UNPICK <= a < M.PLAY] or legal
                return safe[rng.randbelow(len(safe))]
        phase = view["phase"]
        if phase == "count":
            return M.COUNT + 1
        if phase == "pass":
            return self._pass(view, legal)
        return self._play(view, legal)

    # ---- Passing (M-R2) ----
    def _pass(self, view, legal):
        if M.CONFIRM in legal:
            return M.CONFIRM
        picks = [a - M.PICK for a in legal if M.PICK <= a < M.UNPICK]
        if view["teams"] and TEAM_PASS_HIGH:
            best = picks[0]
            for c in picks:
                if M.rank(c) > M.rank(best):
                    best = c
            return M.PICK + best
        best = picks[0]
        for c in picks:  # the lowest rank, diamonds kept longest (the most valuable action)
            if (M.rank(c), -M.suit(c)) < (M.rank(best), -M.suit(best)):
                best = c
        return M.PICK + best

    # ---- Values of the suit actions (M-A) for the bot's side, in points ----
    def _values(self, view):
        sides = view["side"]
        mine = sides[self.seat]
        showroom = view["showroom"]
        holder = view["thief"]
        victim = sides[holder]
        club = 0
        if victim != mine and showroom[victim] > 0:
            club = 2  # +1 for the bot, -1 for a rival
        spade = 1 if showroom[mine] > 0 else 0
        return (2, 1, spade, club)

    # ---- Trick play (M-R4 .. M-R6) ----
    def _play(self, view, legal):
        values = self._values(view)
        cards = [a - M.PLAY for a in legal]
        trick = view["trick"]
        n = view["players"]
        size = 4 if n == 2 else n
        if not trick:
            return M.PLAY + self._lead(view, cards, values)
        led = view["led"]
        if M.suit(cards[0]) != led:  # cannot follow: every legal card is off-suit
            best = cards[0]
            for c in cards:
                key = (values[M.suit(c)], -M.rank(c))
                if key > (values[M.suit(best)], -M.rank(best)):
                    best = c
            return M.PLAY + best
        # Following: who wins now?
        top = -1
        top_i = 0
        for i in range(len(trick)):
            if M.suit(trick[i]) == led and trick[i] > top:
                top = trick[i]
                top_i = i
        winner = (view["leader"] + top_i) % n
        last = len(trick) == size - 1
        if n == 2 and len(trick) == 1:
            last = False
        lowest = cards[0]
        beating = [c for c in cards if c > top]
        friend = view["side"][winner] == view["side"][self.seat]
        if not beating or values[led] <= 0 or (friend and winner != self.seat):
            return M.PLAY + lowest
        if last:
            return M.PLAY + beating[0]  # the cheapest sure win
        high = beating[-1]
        if M.rank(high) >= 12 or M.rank(high) - M.rank(top) >= 5:
            return M.PLAY + high  # likely to hold: play the strong card
        return M.PLAY + lowest

    def _lead(self, view, cards, values):
        best = cards[0]
        best_score = -1
        for c in cards:
            s = M.suit(c)
            # The highest card of its suit in hand: chance to win grows with the rank.
            higher_mine = 0
            for d in cards:
                if M.suit(d) == s and d > c:
                    higher_mine += 1
            if higher_mine:
                continue
            score = (values[s] + 1) * M.rank(c) * M.rank(c)
            if score > best_score:
                best_score = score
                best = c
        if M.rank(best) < 8:  # nothing strong: lead the lowest card of the longest suit
            counts = [0, 0, 0, 0]
            for c in cards:
                counts[M.suit(c)] += 1
            long_suit = 0
            for s in range(4):
                if counts[s] > counts[long_suit]:
                    long_suit = s
            for c in cards:
                if M.suit(c) == long_suit:
                    return c
        return best


# ---- Hard level (firmware/bots/search.py): playout length; evaluation: the score lead ----
DEPTH = 30  # decisions played after each candidate action (about a round with 2 players)


def candidates(action):
    """The actions hard searches besides the heuristic's choice: not M-R2's UNPICK (an undo:
    a search that unpicks and picks again on noisy estimates could loop forever)."""
    return not (M.UNPICK <= action < M.PLAY)
