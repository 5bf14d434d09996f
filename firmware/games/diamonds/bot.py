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
from firmware.core.prng import SEED_LIMIT, Prng
from firmware.games.diamonds import rules

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
            if rules.rank(c) > rules.rank(best):
                best = c
        return best
    counts = [0, 0, 0, 0]
    for c in cards:
        counts[rules.suit(c)] += 1
    key = None
    for c in cards:
        k = (rules.rank(c) - PASS_LONG * counts[rules.suit(c)], -rules.suit(c))
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
                safe = [a for a in legal if not rules.UNPICK <= a < rules.PLAY] or legal
                return safe[rng.randbelow(len(safe))]
        phase = view["phase"]
        if phase == "count":
            return rules.COUNT + PASS_COUNT
        if phase == "pass":
            return self._pass(view, legal)
        return self._play(view, legal)

    # ---- Passing (M-R2) ----
    def _pass(self, view, legal):
        if rules.CONFIRM in legal:
            return rules.CONFIRM
        picks = [a - rules.PICK for a in legal if rules.PICK <= a < rules.UNPICK]
        return rules.PICK + next_pass(picks, view["teams"])

    # ---- Trick play (M-R4 .. M-R6) ----
    def _play(self, view, legal):
        values = action_values(view, self.seat)
        cards = [a - rules.PLAY for a in legal]
        trick = view["trick"]
        n = view["players"]
        size = 4 if n == 2 else n
        deny = self._deny(view)
        if not trick:
            if deny:
                return rules.PLAY + self._duck_lead(view, cards)
            return rules.PLAY + self._lead(view, cards, values)
        led = view["led"]
        if rules.suit(cards[0]) != led:  # cannot follow: every legal card is off-suit
            best = cards[0]
            for c in cards:
                key = (values[rules.suit(c)], -rules.rank(c))
                if key > (values[rules.suit(best)], -rules.rank(best)):
                    best = c
            return rules.PLAY + best
        # Following: who wins now?
        top = -1
        top_i = 0
        for i in range(len(trick)):
            if rules.suit(trick[i]) == led and trick[i] > top:
                top = trick[i]
                top_i = i
        winner = (view["leader"] + top_i) % n
        last = len(trick) == size - 1
        lowest = cards[0]
        beating = [c for c in cards if c > top]
        friend = view["side"][winner] == view["side"][self.seat]
        # A win is always worth trying for, even when the led action is worth nothing now:
        # the trick's cards count towards the round's majorities (M-R7 a) and the winner leads.
        if not beating or (friend and winner != self.seat) or deny:
            return rules.PLAY + lowest
        if last:
            return rules.PLAY + beating[0]  # the cheapest sure win
        high = beating[-1]
        if rules.rank(high) >= 12 or rules.rank(high) - rules.rank(top) >= 5:
            return rules.PLAY + high  # likely to hold: play the strong card
        return rules.PLAY + lowest

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
        """The lowest card (rules.rank), to lose the trick (see _deny)."""
        best = cards[0]
        for c in cards:
            if rules.rank(c) < rules.rank(best):
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
            s = rules.suit(c)
            # The highest card of its suit in hand: chance to win grows with the rank.
            higher_mine = 0
            for d in cards:
                if rules.suit(d) == s and d > c:
                    higher_mine += 1
            if higher_mine:
                continue
            score = (values[s] + 1) * rules.rank(c) * rules.rank(c)
            if score > best_score:
                best_score = score
                best = c
        if rules.rank(best) < WEAK_LEAD:  # nothing strong: the lowest card of a long, cheap suit
            counts = [0, 0, 0, 0]
            for c in cards:
                counts[rules.suit(c)] += 1
            theirs = self._rival_values(view)
            long_suit = -1
            top = 0
            for s in range(4):
                key = counts[s] - LEAD_RIVAL * theirs[s]
                if counts[s] and (long_suit < 0 or key > top):
                    long_suit = s
                    top = key
            for c in cards:
                if rules.suit(c) == long_suit:
                    return c
        return best


# ---- Hard level (firmware/bots/search.py): playout length, evaluation ----------------------
DEPTH = 20  # decisions played after each candidate action (most of a round with 2 players)
# Another action must beat the heuristic's by more than this (a point of the score lead as if
# the game ended now; below, in evaluate's tenths). Hard against normal, 200 games, 31
# playouts: 57.0% with DEPTH 30 and 0, 58.3% with 30 and 1, 53.0% with 30 and 2, 59.5% with 20
# and 1 (all within the noise of 200 games); DEPTH 20's shorter playouts let the budget run 43
# instead of 31: 65.5% in tools/bench.py (playouts of the old host-time budget; on the emulated
# Pico 2 s runs 14-38 a decision). Samples that keep the voids shown and the cards passed
# (sample_state), 400 games at 23 playouts: 56.1% -> 59.0%; with them BONUS 0 / 2: 57.5 /
# 55.1%, DEPTH 12 / 30: 52.5 / 58.5%. The same search knowing the rival's true hand wins 91%
# (200 games): what it cannot know limits it. Samples that also keep what the rivals' plays
# showed (belief()), 1,000 games at 23 playouts: 57.2% -> 59.9% (10 / 60 playouts: 54.4 /
# 61.8%; with BONUS 0 60.8%, DEPTH 12 / 40: 51.4 / 59.7%). With the pass read too, at the
# board's cap (2,000 games): 60.8% at 26 playouts; with the playouts on State.bot_view (faster
# on the board: cap 31) 61.8%; ending with their round too (horizon, below: cap 39) 62.7%.
# With SHOWROOM and narrow (below) the best mean simply wins: 2,000 games at 38 playouts on
# two sets of deals, 64.2 / 65.0% with 10 (one point), 66.7 / 67.5% with 5, 66.9% with 3,
# 69.2 / 67.9% with 0 (the narrowing keeps the prior, and its rounds give every candidate
# kept as many playouts: a change needs a better mean over them all).
BONUS = 0
# A showroom crystal at a round's end, in tenths of a point (a vault crystal is worth 20, M-E2):
# before the last round it may still be stolen by a club (M-A4) while a vault crystal is safe.
# 2,000 games at 39 playouts: 62.7% counting it 10 (its score), 63.4 / 63.7 / 63.6% at 6 / 7 / 8.
SHOWROOM = 7
WIN = 10000  # a game won, tenths of a point (search.WIN in points), shared among the winners


def evaluate(state, seat):
    """The hard level's value of a playout's end for `seat`, in tenths of a point: its side's
    crystals (vault 20, showroom SHOWROOM) minus the best rival side's; once the game is over,
    the score lead (M-E2) and WIN. Sides, not seats: a partner (M-O3) is no rival."""
    mine = state.side(seat)
    vault = state.vault
    showroom = state.showroom
    over = state.is_over()
    rate = 10 if over else SHOWROOM
    best = 0
    for t in range(state.sides):
        if t != mine:
            worth = 20 * vault[t] + rate * showroom[t]
            if worth > best:
                best = worth
    value = 20 * vault[mine] + rate * showroom[mine] - best
    if over:
        winners = state.winners()
        if seat in winners:
            value += WIN // len(winners)
    return value


def narrow(search, rounds=2, keep=3):
    """Between rounds of candidates (Search's narrow): once every candidate has had `rounds`
    playouts, only the prior and the keep - 1 others with the best totals (ties: the first
    in legal order) go on, so the budget left sharpens the comparison that decides. Every
    candidate has as many playouts then, so totals compare as means. 2,000 games at 39
    playouts on two sets of deals, with SHOWROOM 7: 63.7 / 63.3% without it, 64.5 / 65.0%
    with (2, 3); (2, 2) 63.1 / 64.4%, (3, 3) 64.0 / 65.4%, (1, 3) 63.1% (first set). Without
    SHOWROOM (counted 10): 63.2 / 63.1%. All with BONUS 10; with BONUS 0, at 38 playouts on
    the first set: (2, 3) 69.2%, (2, 2) 67.7%, (3, 3) 66.9%, (2, 4) 67.6%. (Here, not in
    search.py: its code on the heap of every game's search cost Quartz's 6-seat app 2 KiB.)"""
    legal = search.legal
    if len(legal) <= keep or search.tries[0] < rounds:
        return
    totals = search.totals
    chosen = [legal.index(search.prior)]
    while len(chosen) < keep:
        best = -1
        for i in range(len(legal)):
            if i not in chosen and (best < 0 or totals[i] > totals[best]):
                best = i
        chosen.append(best)
    chosen.sort()
    # Made before any is stored: a MemoryError (the search's guard) leaves them in step.
    kept = [legal[i] for i in chosen]
    kept_totals = [totals[i] for i in chosen]
    kept_tries = [search.tries[i] for i in chosen]
    search.legal = kept
    search.totals = kept_totals
    search.tries = kept_tries


def horizon(state):
    """The hard level's playouts end with the round they start in, scored (M-R7): the next
    round's deal and pass change no score. Unix MicroPython: 12% less time a decision; 2,000
    games at 31 playouts: 61.8% -> 61.9% against normal."""
    return state.round


def candidates(action):
    """The actions hard searches besides the heuristic's choice: not M-R2's UNPICK (an undo:
    a search that unpicks and picks again on noisy estimates could loop forever)."""
    return not (rules.UNPICK <= action < rules.PLAY)


def belief(seat, players):
    """The hard level's reading of what the rivals' plays show of their hands (Belief in
    firmware/games/diamonds/belief.py, the search's samples keep it), with 2 players, where
    it was measured. Not loaded otherwise: its code and a table per rival took 8 KiB of a
    PyBadge's heap at a 6-player table of hard bots (112 KiB free)."""
    if players != 2:
        return None
    import sys

    from firmware.games.diamonds.belief import Belief

    return Belief(seat, sys.modules[__name__])  # (this module: the heuristic it reads)
