# Greedy Quartz player (rule ids Q-xx refer to seeds/quartz.md). It decides from the seat's
# view only (everything in Quartz is public). The heart is plan(): the best way to spend the
# unused dice, trying every split of the helmets among the action kinds and valuing each
# action (in hundredths of a point) from the bag, the carts and the chests. Rolling rerolls
# the dice the plan leaves idle (hard: the reroll whose outcomes give the best plan on
# average, _reroll_plan); acting follows the plan one small decision at a time and
# recomputes it from the new view at each call, so the bot keeps no memory between calls
# (hard keeps its reroll plan for the picks of that reroll only: the same view, the same one).
from firmware.bots import Heuristic
from firmware.core.prng import SEED_LIMIT, Prng
from firmware.games.quartz import rules

_K = rules.NKINDS
_VALUABLE = rules.VALUABLE
_UNSTABLE = rules.UNSTABLE
_HELMET = rules.HELMET
# chest last: it keeps the gains
ORDER = (rules.PICKAXE, rules.HAMMER, rules.STEAL, rules.TRANSFER, rules.CHEST)

# ---- Weights (hundredths of a point) --------------------------------------------------
W_HAMMER_PICK = 60  # per crystal a hammer returns: choosing the worst ones back
W_PROTECT = 25  # percent of a crystal's value a chest protects (from Q-T3 steals)
W_PENALTY = 500  # escaping the fewest-in-chest penalty (Q-F3), scaled by the round
W_UNSTABLE_OUT = 300  # per unstable crystal transferred away (Q-F1)
W_HURT = 30  # percent of a stolen crystal's value counted as the victim's loss
# Hard only, at up to LOOKAHEAD_PLAYERS: a reroll is chosen by its expected plan value over
# every outcome (one reroll ahead). That heuristic alone, one seat against normals: 3
# players 53.1% of 1,500 games (even 33.3%); 4: 25.3% of 1,000 (even 25); 5: 12.3% of 600
# (even 20); 6: 8.2% of 1,000 (even 16.7). It mines more and rerolls the chest dice away
# (chest 0.3 crystals at the end against normal's 2.2; the fewest-in-chest penalty in 88%
# of 3-player games): with two rivals the mining pays, with five their steals take it.
# Spending a reroll marker (Q-T2) only for an expected gain of 1 or 3 points: 53.4%, 52.2%
# (3 players); keeping every chest die: 39.8% (3), 12.3% (6).
LOOKAHEAD_PLAYERS = 3
FACT = (1, 1, 2, 6, 24, 120)
SIDES = (7776, 1296, 216, 36, 6, 1)  # 6 ** (5 - k): the outcomes of k dice over 6 ** 5
NOISE = {"easy": 15, "normal": 0, "hard": 0}  # percent of random choices, by level
# (easy at 15, quick 3-player games: 12.8% of 1,500 against two normals, normal 60.6% of
# 900 against two easy; at 30 it was 5.0% and 85.0%, close to a random player)


def _bonus(count):
    return rules.set_bonus(count) if count > 0 else 0


def gain(counts, kind):
    """What one more crystal of `kind` adds to a holding (Q-F1, Q-F2), in hundredths."""
    value = rules.VALUES[kind] * 100
    if kind < _VALUABLE:
        value += (_bonus(counts[kind] + 1) - _bonus(counts[kind])) * 100
    return value


def loss(counts, kind):
    """What one crystal of `kind` fewer takes from a holding."""
    value = rules.VALUES[kind] * 100
    if kind < _VALUABLE and counts[kind] > 0:
        value += (_bonus(counts[kind]) - _bonus(counts[kind] - 1)) * 100
    return value


def _total(counts):
    n = 0
    for c in counts:
        n += c
    return n


class Bot(Heuristic):
    def __init__(self, seat, level="normal", seed=0):
        self.seat = seat
        self.seed = seed
        self.noise = NOISE[level]
        self.lookahead = level == "hard"  # rerolls by their expected value (_reroll_plan)
        self.ahead = None  # (what the reroll plan was made from, the plan): its picks reuse it
        self.values = {}  # plan value by dice counts (coded), within one _reroll_plan
        self.top = 0  # _choices: the best expected value so far (over 6 ** 5 outcomes)
        self.want = [0] * 6  # ... and its dice per face to reroll
        self.knap = [0] * 6  # dice_value's best value by helmets used
        self.strict = False  # tests: raise instead of falling back to the first legal action
        self.rng = Prng(seed)
        self.held = []  # cart + chest per seat, from the view
        self.alloc = [0] * 5  # the plan: dice per action kind
        self.best = 0
        self.table = []

    # ---- Entry point ----
    def _choose(self, view, legal):
        if self.noise:
            # Noise drawn from (seed, view): the same view always gets the same answer.
            digest = self.seed
            for x in view["dice"] + view["bag"] + view["carts"][view["turn"]]:
                digest = (digest * 31 + x) % SEED_LIMIT
            digest = (digest * 61 + len(legal) + view["round"] * 7) % SEED_LIMIT
            self.rng = Prng(digest)
            if self.rng.randbelow(100) < self.noise:
                return legal[self.rng.randbelow(len(legal))]
        self.seat = view["seat"]  # (a hard search's prior decides for any seat)
        n = view["players"]
        self.held = [
            [view["carts"][s][k] + view["chests"][s][k] for k in range(_K)] for s in range(n)
        ]
        phase = view["phase"]
        if phase == "roll":
            return self._roll(view, legal)
        if phase == "act":
            return self._act(view, legal)
        if phase == "dice":
            return self._dice(view, legal)
        if phase == "target":
            return self._target(view, legal)
        if phase == "return" or phase == "give":
            return self._least_loss(legal)
        if phase == "chest":
            return self._chest(legal)
        if phase == "take":
            return self._most_gain(legal)
        return legal[0]

    # ---- The plan: how the unused dice are best spent ----
    def plan(self, view, free):
        """Fill self.alloc (dice per kind) for the dice in bitmask `free`; return its value."""
        dice = view["dice"]
        counts = [0] * 6
        for die in range(rules.DICE):
            if (free >> die) & 1:
                counts[dice[die]] += 1
        done = view["kinds_used"]
        # Value of each kind for 0..5 dice (0 when not allowed or not worth it).
        table = []
        for kind in range(5):
            row = [0] * (rules.DICE + 1)
            if not done[kind]:
                values = self._action_values(view, kind)
                for m in range(rules.MIN_DICE[kind], rules.DICE + 1):
                    v = values[m]
                    row[m] = v if v > 0 else 0
            table.append(row)
        self.table = table
        self.best = -1
        alloc = [0] * 5
        self._split(table, counts, counts[_HELMET], 0, alloc)
        return self.best

    def _split(self, table, counts, helmets, kind, alloc):
        if kind == 5 or helmets == 0:  # no helmet left to give: the rest get none
            value = 0
            for k in range(5):
                value += table[k][counts[k] + alloc[k]]
            if value > self.best:
                self.best = value
                for k in range(5):
                    self.alloc[k] = alloc[k]
            return
        for a in range(helmets + 1):  # helmets left over stay idle
            alloc[kind] = a
            self._split(table, counts, helmets - a, kind + 1, alloc)
        alloc[kind] = 0

    def _dice_for(self, view, free, kind):
        """Dice the plan gives `kind` (0 when it leaves the kind out): its own faces plus the
        helmets given to it, cut to the fewest dice that are worth as much (a chest of a cart
        of 2 needs 3 dice, not 5)."""
        n = self.alloc[kind]
        for die in range(rules.DICE):
            if (free >> die) & 1 and view["dice"][die] == kind:
                n += 1
        row = self.table[kind]
        if row[n] <= 0:
            return 0
        while n > rules.MIN_DICE[kind] and row[n - 1] == row[n]:
            n -= 1
        return n

    def _action_values(self, view, kind):
        """The value of action `kind` with 0..5 dice (a list of 6; only the counts from
        rules.MIN_DICE[kind] up mean anything): each computed once for all the counts."""
        me = self.seat
        mine = self.held[me]
        cart = view["carts"][me]
        out = [0] * (rules.DICE + 1)
        if kind == rules.PICKAXE or kind == rules.HAMMER:
            bag = view["bag"]
            total = _total(bag)
            if total == 0:
                return out
            expect = 0
            for k in range(_K):
                if bag[k]:
                    expect += bag[k] * gain(mine, k)
            expect //= total
            for n in range(1, rules.DICE + 1):
                if kind == rules.PICKAXE:
                    out[n] = n * expect
                else:
                    back = n // 2
                    out[n] = (n - back) * expect + back * W_HAMMER_PICK
            return out
        if kind == rules.CHEST:
            held = _total(cart)
            if held == 0:
                return out
            values = []
            for k in range(_VALUABLE):
                for _ in range(cart[k]):
                    values.append(rules.VALUES[k])
            values.sort()
            sizes = [_total(c) for c in view["chests"]]
            low = -1
            for s in range(view["players"]):
                if s != me and (low < 0 or sizes[s] < low):
                    low = sizes[s]
            for n in range(2, rules.DICE + 1):
                m = min(n - 1, held)
                protect = 0
                for v in values[len(values) - m:] if m <= len(values) else values:
                    protect += v * W_PROTECT
                if sizes[me] <= low < sizes[me] + m:
                    protect += W_PENALTY * (view["round"] + 2) // 8
                out[n] = protect
            return out
        if kind == rules.TRANSFER:
            for n in range(2, rules.DICE + 1):
                out[n] = min(n - 1, cart[_UNSTABLE]) * W_UNSTABLE_OUT
            return out
        # Steal: the best target for each count (the greedy picks of m - 1 crystals are the
        # first m - 1 picks of m, so one pass per target gives every count).
        for s in range(view["players"]):
            if s != me:
                prefix = self._steal_values(view, s, rules.DICE - 1)
                for n in range(2, rules.DICE + 1):
                    if prefix[n - 1] > out[n]:
                        out[n] = prefix[n - 1]
        return out

    def _steal_values(self, view, seat, m):
        """_steal_value of 0..m crystals (a list of m + 1)."""
        cart = list(view["carts"][seat])
        mine = list(self.held[self.seat])
        out = [0] * (m + 1)
        value = 0
        for i in range(1, m + 1):
            pick = -1
            top = 0
            for k in range(_VALUABLE):
                if cart[k] > 0:
                    g = gain(mine, k) + rules.VALUES[k] * W_HURT
                    if g > top:
                        top = g
                        pick = k
            if pick >= 0:
                cart[pick] -= 1
                mine[pick] += 1
                value += top
            out[i] = value
        return out

    def _steal_value(self, view, seat, m):
        cart = list(view["carts"][seat])
        mine = list(self.held[self.seat])
        value = 0
        for _ in range(m):
            pick = -1
            top = 0
            for k in range(_VALUABLE):
                if cart[k] > 0:
                    g = gain(mine, k) + rules.VALUES[k] * W_HURT
                    if g > top:
                        top = g
                        pick = k
            if pick < 0:
                break
            cart[pick] -= 1
            mine[pick] += 1
            value += top
        return value

    # ---- Q-T2 ----
    def _roll(self, view, legal):
        if self.lookahead and view["players"] <= LOOKAHEAD_PLAYERS:
            return self._roll_ahead(view, legal)
        self.plan(view, (1 << rules.DICE) - 1)
        dice = view["dice"]
        idle = [0] * 6  # dice per face the plan leaves idle (helmets are never rerolled)
        for face in range(5):
            own = 0
            for die in range(rules.DICE):
                if dice[die] == face:
                    own += 1
            useful = self._dice_for(view, (1 << rules.DICE) - 1, face)
            if useful < own:
                idle[face] = own - useful
        return self._pick(view, legal, idle)

    def _roll_ahead(self, view, legal):
        """Hard: pick the dice of the reroll with the best expected plan value, then reroll
        (the picks so far are part of it: the same view gives the same reroll)."""
        dice = view["dice"]
        # The plan depends on the dice, the crystals and the rerolls left, not on the picks:
        # it is made once a roll, and the picks that follow reuse it.
        key = [view["rerolls"], view["markers"][self.seat], view["round"]] + dice + view["bag"]
        for s in range(view["players"]):
            key += view["carts"][s] + view["chests"][s]
        if self.ahead is not None and self.ahead[0] == key:
            want = self.ahead[1]
        else:
            self.ahead = None
            want = self._reroll_plan(view)
            self.ahead = (key, want)
        return self._pick(view, legal, want)

    def _pick(self, view, legal, want):
        """The next die of a reroll of `want` dice per face (the picks so far count), then
        the reroll; the dice as they are when there is nothing to reroll."""
        dice = view["dice"]
        picked = [0] * 6
        for die in range(rules.DICE):
            if view["selected"][die]:
                picked[dice[die]] += 1
        for action in legal:
            if action >= rules.DIE:
                face = dice[action - rules.DIE]
                if picked[face] < want[face]:
                    return action
        if rules.REROLL in legal:
            return rules.REROLL
        return rules.KEEP

    def _reroll_plan(self, view):
        """Dice per face to reroll (helmets never: a helmet is any face): of every choice,
        the one whose reroll has the best expected plan value (dice_value over the outcomes,
        counted by multisets); none when keeping is as good. Values are compared over
        6 ** 5 outcomes (SIDES): integers only."""
        self.plan(view, (1 << rules.DICE) - 1)  # self.table: action values by dice count
        counts = [0] * 6
        for face in view["dice"]:
            counts[face] += 1
        self.values = {}  # (a search ended by a MemoryError may have left some)
        self.top = self.dice_value(counts) * SIDES[0]  # keeping the dice as they are
        self.want = [0] * 6
        self._choices(counts, [0] * 6, 0)
        self.values = {}  # off the heap until the next roll
        return self.want

    def _choices(self, counts, reroll, face):
        """Try every reroll of the non-helmet faces from `face` on (dice per face)."""
        if face == _HELMET:
            k = 0
            for f in range(_HELMET):
                k += reroll[f]
            if k == 0:
                return
            for f in range(_HELMET):
                counts[f] -= reroll[f]
            value = self.expect(counts, 0, k, FACT[k], 0) * SIDES[k]
            for f in range(_HELMET):
                counts[f] += reroll[f]
            if value > self.top:
                self.top = value
                for f in range(6):
                    self.want[f] = reroll[f]
            return
        for n in range(counts[face] + 1):
            reroll[face] = n
            self._choices(counts, reroll, face + 1)
        reroll[face] = 0

    def expect(self, counts, face, left, ways, base):
        """The sum over the outcomes of `left` rerolled dice on faces `face`.. of each
        outcome's ways (of 6 ** left) times its dice_value; counts is restored. base: the counts
        of the faces before `face` as base-6 digits (the key of self.values)."""
        total = 0
        if face == _HELMET - 1:  # the last face but the helmet: the outcomes themselves
            values = self.values
            for n in range(left + 1):
                counts[face] += n
                counts[_HELMET] += left - n
                code = (base + counts[face]) * 6 + counts[_HELMET]
                value = values.get(code)
                if value is None:
                    value = self.dice_value(counts)
                    values[code] = value
                total += value * (ways // (FACT[n] * FACT[left - n]))
                counts[face] -= n
                counts[_HELMET] -= left - n
            return total
        for n in range(left + 1):
            counts[face] += n
            total += self.expect(counts, face + 1, left - n, ways // FACT[n],
                                  (base + counts[face]) * 6)
            counts[face] -= n
        return total

    def dice_value(self, counts):
        """The plan value of dice `counts` (per face) with self.table: the best split of the
        helmets among the action kinds (_split's, by a knapsack over the kinds: best[j] is
        the best value of the kinds so far with at most j helmets)."""
        table = self.table
        helmets = counts[_HELMET]
        if helmets == 0:
            value = 0
            for k in range(5):
                value += table[k][counts[k]]
            return value
        best = self.knap
        row = table[0]
        c = counts[0]
        best[0] = row[c]
        for j in range(1, helmets + 1):
            best[j] = max(best[j - 1], row[c + j])
        for k in range(1, 5):
            row = table[k]
            c = counts[k]
            for j in range(helmets, -1, -1):  # from the top: best[j - a] is the old one
                top = best[j] + row[c]
                for a in range(1, j + 1):
                    v = best[j - a] + row[c + a]
                    if v > top:
                        top = v
                best[j] = top
        return best[helmets]

    # ---- Q-T3 ----
    def _free(self, view):
        free = 0
        for die in range(rules.DICE):
            if not view["used"][die]:
                free |= 1 << die
        return free

    def _act(self, view, legal):
        free = self._free(view)
        self.plan(view, free)
        for kind in ORDER:
            if rules.ACTION + kind in legal:
                n = self._dice_for(view, free, kind)
                if n >= rules.MIN_DICE[kind] and self.table[kind][n] > 0:
                    return rules.ACTION + kind
        return rules.END_TURN

    def _dice(self, view, legal):
        kind = view["action"]
        free = self._free(view)
        self.plan(view, free)
        want = self._dice_for(view, free, kind)
        if want < rules.MIN_DICE[kind]:
            want = rules.MIN_DICE[kind]
        have = 0
        for flag in view["group"]:
            have += flag
        if have >= want and rules.CONFIRM in legal:
            return rules.CONFIRM
        helmet = -1
        for action in legal:
            if action >= rules.DIE:
                if view["dice"][action - rules.DIE] == kind:
                    return action
                helmet = action
        if helmet >= 0:
            return helmet
        return legal[0]

    def _target(self, view, legal):
        best = legal[0]
        top = -(1 << 29)
        for action in legal:
            seat = action - rules.SEAT
            if view["action"] == rules.TRANSFER:
                value = view["scores"][seat] * 10 + seat  # the unstable ones to the leader
            else:
                value = self._steal_value(view, seat, view["left"])
            if value > top:
                top = value
                best = action
        return best

    def _least_loss(self, legal):
        mine = self.held[self.seat]
        best = legal[0]
        low = 1 << 29
        for action in legal:
            v = loss(mine, action - rules.CRYSTAL)
            if v < low:
                low = v
                best = action
        return best

    def _most_gain(self, legal):
        mine = self.held[self.seat]
        best = legal[0]
        top = -(1 << 29)
        for action in legal:
            v = gain(mine, action - rules.CRYSTAL)
            if v > top:
                top = v
                best = action
        return best

    def _chest(self, legal):
        # The most valuable crystals are the ones worth protecting; unstable ones last.
        best = legal[0]
        top = -(1 << 29)
        for action in legal:
            v = rules.VALUES[action - rules.CRYSTAL]
            if v > top:
                top = v
                best = action
        return best


# ---- Hard level (firmware/bots/search.py): playout length; evaluation: the score lead ----
# The prior is the reroll lookahead: one hard seat against two normals (900 games, 6
# playouts, what the Pico's budget affords with it): 51.7% with the search, 51.2% with
# the heuristic alone (BONUS 10: 53.0%, 20: 52.6%). The search's figures below are older,
# from normal's heuristic as the prior.
HARD_PRIOR = True  # the search's prior: this Bot at level "hard" (the playouts: "normal")
# At most 1.6 s a decision instead of the board's 2 s: with the lookahead in its own
# playouts (5 playouts a decision at 3 players) the median decision was 1.01 s of Pico time.
BUDGET_MS = 1600
DEPTH = 16  # decisions played after each candidate action
# Another action must beat the heuristic's by more than this (points of the evaluation
# below): with the few playouts of the budget, dice noise otherwise overrules the heuristic.
# Hard against two normals, 27 playouts, 200 games each: with evaluate below 41.0% with 5,
# 37.0% with 7, 36.0% with 10, 33.0% with 20, 34.0% with 0; with the plain score lead and
# 5: 34.5% (earlier, 20 playouts: 42.0% with 10, 37.0% with 4).
BONUS = 5
# Crystals left in a cart may still be stolen (Q-T3) before the game ends, the chest's may
# not: a playout's end values a cart's valuable crystals at this percent less per round
# still to come after the playout's (in round 6, at their whole value). With BONUS 5, 27
# playouts, 200 games: 41.0% with 8 and with 15, 34.5% without the discount.
CART_RISK = 8


def evaluate(state, seat):
    """A sampled state after a playout, for `seat` (higher is better): the score lead as if
    the game ended now (firmware/bots/search.py's score_lead), each seat's cart crystals
    discounted by CART_RISK per round to come; the lead and the win once the game is over."""
    if state.is_over():
        from firmware.bots.search import score_lead  # (loaded with the search already)

        return score_lead(state, seat)
    scores = state.scores()
    risk = CART_RISK * (rules.ROUNDS - 1 - state.round)
    best = -(1 << 29)
    mine = 0
    for s in range(len(scores)):
        cart = state.carts[s]
        at_risk = 0
        for k in range(_VALUABLE):
            at_risk += rules.VALUES[k] * cart[k]
        value = scores[s] * 100 - at_risk * risk
        if s == seat:
            mine = value
        elif value > best:
            best = value
    return (mine - best) // 100


def candidates(action):
    """The actions hard searches besides its heuristic's: the action kinds, ending the turn,
    targets and crystals. Not the reroll (Q-T2): the heuristic already weighs every outcome of
    every reroll exactly, and a few noisy playouts overruling it lost (one hard seat against
    two normals: 41.7% of 300 games with the reroll searched, 54.0% of 600 without), nor the
    dice of an action (DIE is also the reroll's pick)."""
    return rules.END_TURN <= action < rules.DIE or action >= rules.SEAT
