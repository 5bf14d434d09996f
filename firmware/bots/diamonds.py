# Heuristic Diamonds player (rule ids M-xx refer to seeds/diamonds.md). It decides from the
# seat's view only: its hand, the trick in progress, the showrooms, the thief token, its own
# vault. It keeps no memory between calls.
#
# Every card is valued by the crystal points its suit's action is worth to the bot's side now
# (M-A, M-E2: a vault crystal is 2 points, a showroom crystal 1, a steal also costs a rival):
# - cannot follow: play the card whose own action is worth most (M-R4), the lowest of its suit;
# - following: win the trick with the lowest card that does it when the win is likely (certain
#   when last to play), otherwise throw the lowest card;
# - leading: the suit where the bot's highest card is most likely to win, weighted by the value
#   (with nothing strong, the lowest card of a long suit whose action is worth little to rivals);
# - 2 players, last trick: a rival that has won no trick would take 4 points (M-R7 b): duck;
# - passing (M-R2): as the dealer 3 cards; the lowest cards, from the longest suits first.
from firmware.bots import Heuristic
from firmware.core import diamonds as M
from firmware.core.prng import SEED_LIMIT, Prng

NOISE = {"easy": 35, "normal": 0, "hard": 0}  # % of decisions made at random, by level
TEAM_PASS_HIGH = True  # M-O3: give the partner high cards; otherwise pass the lowest ones
PASS_COUNT = 3  # M-R2, as the dealer (1 and 2 lost more games against random and normal)
PASS_LONG = 2  # ranks a card gains in the passing order per card of its suit in hand
WEAK_LEAD = 8  # leading with no card this high: the lowest card of the longest suit ...
LEAD_RIVAL = 2  # ... a suit counting this many cards fewer per point its action gives a rival
DENY_TRICKS = 1  # 2 players: in the round's last tricks, let a rival without a trick win one


def next_pass(cards, teams):
    """The card the heuristic passes next (M-R2) from `cards`, the hand not yet chosen (in
    hand order). To a partner (M-O3), the highest; otherwise the lowest cards, from the
    longest suits first (measured against random and normal players: passing to make voids
    lost games), diamonds kept longest."""
    best = cards[0]
    if teams and TEAM_PASS_HIGH:
        for c in cards:
            if M.rank(c) > M.rank(best):
                best = c
        return best
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[M.suit(c)] += 1
    key = None
    for c in cards:
        k = (M.rank(c) - PASS_LONG * counts[M.suit(c)], -M.suit(c))
        if key is None or k < key:
            key = k
            best = c
    return best


def action_values(view, seat):
    """What each suit's action (M-A) is worth to `seat`'s side now, in points."""
    sides = view["side"]
    mine = sides[seat]
    showroom = view["showroom"]
    victim = sides[view["thief"]]
    club = 0
    if victim != mine and showroom[victim] > 0:
        club = 2  # +1 for the bot, -1 for a rival
    elif victim == mine:
        club = 1  # nothing stolen, but the token moves on: a later club can steal
    spade = 1 if showroom[mine] > 0 else 0
    return (2, 1, spade, club)


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
            return M.COUNT + PASS_COUNT
        if phase == "pass":
            return self._pass(view, legal)
        return self._play(view, legal)

    # ---- Passing (M-R2) ----
    def _pass(self, view, legal):
        if M.CONFIRM in legal:
            return M.CONFIRM
        picks = [a - M.PICK for a in legal if M.PICK <= a < M.UNPICK]
        return M.PICK + next_pass(picks, view["teams"])

    # ---- Trick play (M-R4 .. M-R6) ----
    def _play(self, view, legal):
        values = action_values(view, self.seat)
        cards = [a - M.PLAY for a in legal]
        trick = view["trick"]
        n = view["players"]
        size = 4 if n == 2 else n
        deny = self._deny(view)
        if not trick:
            if deny:
                return M.PLAY + self._duck_lead(view, cards)
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
        # A win is always worth trying for, even when the led action is worth nothing now:
        # the trick's cards count towards the round's majorities (M-R7 a) and the winner leads.
        if not beating or (friend and winner != self.seat) or deny:
            return M.PLAY + lowest
        if last:
            return M.PLAY + beating[0]  # the cheapest sure win
        high = beating[-1]
        if M.rank(high) >= 12 or M.rank(high) - M.rank(top) >= 5:
            return M.PLAY + high  # likely to hold: play the strong card
        return M.PLAY + lowest

    def _deny(self, view):
        """2 players, near the round's end: the rival has won no trick yet, which would give
        it two diamond actions (M-R7 b, 4 points): let it win one."""
        if view["players"] != 2:
            return False
        rival = 1 - self.seat
        if view["tricks"][rival]:
            return False
        left = (view["hand_counts"][self.seat] + 1) // 2
        return left <= DENY_TRICKS

    def _duck_lead(self, view, cards):
        """The lowest card (M.rank), to lose the trick (see _deny)."""
        best = cards[0]
        for c in cards:
            if M.rank(c) < M.rank(best):
                best = c
        return best

    def _rival_values(self, view):
        """What each suit's action is worth to the best-placed rival side (2 players: the
        opponent), in points: the led action goes to the trick's winner."""
        sides = view["side"]
        mine = sides[self.seat]
        showroom = view["showroom"]
        victim = sides[view["thief"]]
        spade = 0
        club = 0
        for t in range(view["sides"]):
            if t == mine:
                continue
            if showroom[t] > 0:
                spade = 1
            if victim != t and showroom[victim] > 0:
                club = 2
        return (2, 1, spade, club)

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
        if M.rank(best) < WEAK_LEAD:  # nothing strong: the lowest card of a long, cheap suit
            counts = [0, 0, 0, 0]
            for c in cards:
                counts[M.suit(c)] += 1
            theirs = self._rival_values(view)
            long_suit = -1
            top = 0
            for s in range(4):
                key = counts[s] - LEAD_RIVAL * theirs[s]
                if counts[s] and (long_suit < 0 or key > top):
                    long_suit = s
                    top = key
            for c in cards:
                if M.suit(c) == long_suit:
                    return c
        return best


# ---- Hard level (firmware/bots/search.py): playout length; evaluation: the score lead ----
DEPTH = 20  # decisions played after each candidate action (most of a round with 2 players)
# Another action must beat the heuristic's by more than this (points, as-if-ended-now score
# lead). Hard against normal, 200 games, 31 playouts: 57.0% with DEPTH 30 and 0, 58.3% with
# 30 and 1, 53.0% with 30 and 2, 59.5% with 20 and 1 (all within the noise of 200 games);
# DEPTH 20's shorter playouts let the budget run 43 instead of 31: 65.5% in tools/bench.py
# (playouts of the old host-time budget; on the emulated Pico 2 s runs 14-38 a decision).
# Samples that keep the voids shown and the cards passed (sample_state), 400 games at 23
# playouts: 56.1% -> 59.0%; with them BONUS 0 / 2: 57.5 / 55.1%, DEPTH 12 / 30: 52.5 / 58.5%.
# The same search knowing the rival's true hand wins 91% (200 games): what it cannot know
# limits it. Samples that also keep what the rivals' plays showed (Belief, below), 1,000
# games at 23 playouts: 57.2% -> 59.9% (10 / 60 playouts: 54.4 / 61.8%; with BONUS 0
# 60.8%, DEPTH 12 / 40: 51.4 / 59.7%).
BONUS = 1


def candidates(action):
    """The actions hard searches besides the heuristic's choice: not M-R2's UNPICK (an undo:
    a search that unpicks and picks again on noisy estimates could loop forever)."""
    return not (M.UNPICK <= action < M.PLAY)


# ---- Hard level: what the rivals' plays show of their hands ----
class Belief:
    """The cards each rival is believed not to hold, read from its plays this round as this
    module's normal heuristic makes them (it follows with its lowest card unless it takes
    the trick, leads the top card of its best suit, ...). A model, not a rule: a rival that
    plays otherwise only makes the samples lean the wrong way, since a card believed away
    is still dealt when the others run short (M.sample_state's `unlikely`).

    The pass is read the same way, with 2 players and between partners (M-O3), where the
    seat that passed to this one also took its pass: from the hand it was dealt, the
    heuristic passes what it did (sample_state's `misfit`).

    observe(view) at each of the searching seat's decisions reads the plays since its last
    one (the trick and the last trick hold them all: the seat plays in every trick), and
    the pass; sample(view, rng) deals the hidden cards from the view with the beliefs."""

    def __init__(self, seat):
        self.seat = seat
        self.round = -1
        self.read = 0  # the round's cards played that are already read
        self.unlikely = None  # per seat, a bytearray: 1 = believed not held
        # The pass (M-R2) with the seat that passes to this one and takes its pass (2
        # players; the partner, M-O3): what the heuristic passes from the hand it was dealt.
        self.giver = -1  # that seat (-1: none, or the pass not seen this round)
        self.dealt = None  # this seat's hand as dealt (seen at its pass)
        self.received = None  # the cards the giver passed it (seen once play began)
        self.passed = None  # the cards it passed the giver
        self.played = None  # the giver's cards played this round
        self.teams = False

    def observe(self, view):
        n = view["players"]
        trick = view["trick"]
        last = view["last_trick"]
        played = len(trick)
        for pile in view["won_cards"]:
            played += len(pile)
        if view["round"] != self.round or played < self.read or self.unlikely is None:
            self.round = view["round"]  # a new round (or a game loaded): nothing known yet
            self.read = 0
            self.unlikely = [bytearray(M.DECK_SIZE) for _ in range(n)]
            self.giver = -1
            self.dealt = None
            self.received = None
            self.played = []
        self._see_pass(view)
        first = played - len(trick) - len(last)  # the round's index of the last trick's lead
        for cards, leader in ((last, view["last_leader"]), (trick, view["leader"])):
            for i in range(len(cards)):
                seat = (leader + i) % n
                if first + i >= self.read and seat != self.seat:
                    if seat == self.giver:
                        self.played.append(cards[i])
                    self._read_play(view, seat, cards, leader, i, first + i)
            first += len(cards)
        self.read = played

    def sample(self, view, rng):
        misfit = self._misfit if self.giver >= 0 else None
        return M.sample_state(view, rng, self.unlikely, misfit)

    def _misfit(self, seat, hand):
        """Would the giver, dealt the hand it holds in this sample (with the cards it played,
        less those this seat passed it, plus those it passed), have passed what it did? None
        if so; else the card of `hand` it would have passed instead, -1 if that one is not
        in `hand` (played)."""
        if seat != self.giver:
            return None
        passed = self.passed
        received = self.received
        cards = [c for c in hand if c not in passed]
        for c in self.played:
            if c not in passed:
                cards.append(c)
        cards.extend(received)
        cards.sort()
        for _ in range(len(received)):
            c = next_pass(cards, self.teams)
            if c not in received:
                return c if c in hand else -1
            cards.remove(c)
        return None

    def _see_pass(self, view):
        """At the seat's pass: its hand as dealt; at its first play: what the pass brought."""
        if view["phase"] == "pass":
            if self.dealt is None:
                self.dealt = view["hand"] + view["chosen"]
            return
        if self.dealt is None or self.received is not None:
            return
        n = view["players"]
        hand = view["hand"]
        self.received = [c for c in hand if c not in self.dealt]
        self.passed = [c for c in self.dealt if c not in hand]
        giver = (self.seat + view["sides"]) % n if view["teams"] else (self.seat - 1) % n
        if (n == 2 or view["teams"]) and len(self.received) == view["count"]:
            self.giver = giver
            self.teams = view["teams"]

    def _read_play(self, view, seat, cards, leader, i, index):
        n = view["players"]
        if n == 2 and index >= 2 * view["hand_size"] - M.TWO_PLAYER_TRICK \
                and not view["tricks"][self.seat]:
            return  # the last trick: it may have ducked to give the bot a trick (_deny)
        card = cards[i]
        s = M.suit(card)
        r = M.rank(card)
        if i == 0:
            # What the actions are worth now is what they were worth at the lead only if
            # no card has been played since (a trick's end and off-suit cards change them).
            if cards is view["trick"] and len(cards) == 1:
                self._read_lead(seat, s, r, action_values(view, seat))
            return
        out = self.unlikely[seat]
        if s != M.suit(cards[0]):
            # Off-suit: the lowest card of the suit whose action was worth most. Only what
            # holds whatever the actions were worth then (the action has since changed them):
            # a diamond is always worth most, and a club at most as much.
            _rule_out(out, s, 1, r - 1)
            if s != M.DIAMONDS:
                _rule_out(out, M.DIAMONDS, 1, M.RANKS if s != M.CLUBS else r - 1)
            return
        top_i = 0
        for k in range(i):
            if M.suit(cards[k]) == s and cards[k] > cards[top_i]:
                top_i = k
        top = M.rank(cards[top_i])
        sides = view["side"]
        friend = view["teams"] and sides[(leader + top_i) % n] == sides[seat]
        size = M.TWO_PLAYER_TRICK if n == 2 else n
        if r < top or friend:
            _rule_out(out, s, 1, r - 1)  # it threw its lowest card
        elif i == size - 1:
            _rule_out(out, s, top + 1, r - 1)  # last to play: the cheapest win
        elif r >= 12 or r - top >= 5:
            _rule_out(out, s, r + 1, M.RANKS)  # its strong card: its highest
        else:
            _rule_out(out, s, 1, r - 1)  # no likely win: its lowest, ...
            _rule_out(out, s, min(12, top + 5), M.RANKS)  # ... and nothing strong above

    def _read_lead(self, seat, s, r, values):
        """_lead: the top card of the suit with the best (value + 1) * rank ** 2 (strong);
        when that top card is below WEAK_LEAD, the lowest card of some suit (weak)."""
        out = self.unlikely[seat]
        weak = (max(values) + 1) * (WEAK_LEAD - 1) * (WEAK_LEAD - 1)  # the most a weak best
        score = (values[s] + 1) * r * r
        if r < WEAK_LEAD:  # weak
            _rule_out(out, s, 1, r - 1)
            score = weak
            strong = False
        else:  # strong, unless a weak best top card scored above it
            strong = score > weak
            if strong:
                _rule_out(out, s, r + 1, M.RANKS)
            else:
                score = weak
        for d in range(M.DECK_SIZE):
            t = M.suit(d)
            if t != s:
                rd = M.rank(d)
                other = (values[t] + 1) * rd * rd
                if other > score or (other == score and t < s and strong):
                    out[d] = 1


def _rule_out(out, s, low, high):
    """Marks the ranks low..high of suit s as believed not held."""
    for r in range(low, high + 1):
        out[M.make_card(r, s)] = 1
