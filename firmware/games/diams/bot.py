# Greedy Diam's player (rule ids D-xx refer to seeds/diams.md). It decides from the seat's
# view only: its own hand and vault, the market, the public counts. Every decision values
# the hand and vault that each option would leave (_value, in hundredths of a point) and
# takes the best; the later steps of a compound move (pick, pick, done) recompute the same
# plan from the new view, so the bot keeps no memory between calls.
from firmware.bots import Heuristic
from firmware.core.prng import SEED_LIMIT, Prng
from firmware.games.diams import rules

_VALUES = rules.VALUES  # D-V
_N = rules.QUALITIES + 1  # per-quality arrays are indexed by quality 1..10 (0 unused)
_COPIES = rules.COPIES

# ---- Weights (hundredths of a point) --------------------------------------------------
# Tuned by bot-against-bot quick games (one changed weight against the rest, same seeds).
W_STORE = 60  # share of a collection ready to store (3+ of a quality in hand, D-T7)
W_EXT = 35  # share of what hand cards would add to a vault collection (needs D-T7 or Convoy)
W_PAIR = 22  # share of a 3-collection for a pair in hand
W_SINGLE = 6  # share of a 3-collection for a lone card
W_SUM = 0  # per quality point in hand (D-E2 hand bonus): any weight here lost games
W_SUM_LAST = 25  # the same on the bot's last turn of the round
W_PURE_VAULT = 150  # per special-purity diamond in the vault (D-E2 purity bonus)
W_PURE_HAND = 10  # per special-purity diamond in hand
W_SPECIAL = 70  # a special card kept for later (D-T8)
W_EXCESS = 70  # per card above the hand limit (D-T9 gives the cheapest ones up)
HAND_DRAW_BELOW = 6  # D-T1: draw to the hand while holding fewer cards, else to the market
# (6: always to the hand, which beat every lower threshold in bot-vs-bot games)
NOISE = {"easy": 3000, "normal": 0, "hard": 0}  # +- noise on the main choice, by level
# (easy against normal, 2,000 quick 2-player games: 50.8% at 200, as strong as normal; 32.6%
# at 3000, and 99.8% of 400 against a random player: a middle opponent)
# The "hard" level's heuristic (the prior of its search, HARD_PRIOR) counts less for what
# hand cards would add to the vault and for a special card kept: alone against normal,
# 2,000 quick games (`make bench ARGS="tune diams ... --length quick"`), 54.3%. Hard against
# normal, 400 quick games: 47.0 -> 53.1% at 5 playouts, 50.9 -> 53.5% at 8 (the board's cap).
HARD_W_EXT = 15
HARD_W_SPECIAL = 15

_NEG = -(1 << 29)


def _kind(card):
    # Interchangeable cards share a kind: the plain diamonds of a quality, or one card.
    if card >= rules.CARD_A or card % _COPIES == 0:
        return card
    return card - card % _COPIES + 1


def _find(legal, base, card):
    """The legal action base + c where c is of the same kind as `card`, or -1."""
    kind = _kind(card)
    for action in legal:
        if base <= action < base + 100 and _kind(action - base) == kind:
            return action
    return -1


def _points(row, count):
    return row[count - 3] if count >= 3 else 0


class Bot(Heuristic):
    # The view as counts per quality, refilled by _load at the start of every decision, and
    # _save / _restore's room: scratch shared by every Bot (one decides at a time; a table
    # of five kept five copies on a board's heap).
    hc = [0] * _N  # hand count
    hpu = [0] * _N  # 1 if the special-purity diamond is in the hand
    vc = [0] * _N  # vault count
    vpu = [0] * _N
    mc = [0] * _N  # market count
    mpu = [0] * _N
    unseen = [0] * _N  # copies the bot cannot see (deck, other hands and vaults)
    _back = [0] * (4 * _N + 1)

    def __init__(self, seat, level="normal", seed=0):
        self.seat = seat
        self.seed = seed
        self.noise = NOISE[level]
        hard = level == "hard"
        self.w_ext = HARD_W_EXT if hard else W_EXT
        self.w_special = HARD_W_SPECIAL if hard else W_SPECIAL
        self.strict = False  # tests: raise instead of falling back to the first legal action
        self.unseen_total = 0
        self.nspec = 0  # special cards in hand
        self.last = False  # the closing card is out: this turn is the bot's last (D-E1)
        self.rng = Prng(seed)  # reseeded from (seed, view) when there is noise
        self.best = 0  # search results
        self.pick = -1
        self.first = -1

    # ---- Entry point ----
    def _choose(self, view, legal):
        self._load(view)
        phase = view["phase"]
        if phase == "draw":
            return self._draw(view)
        if phase == "main":
            return self._main(view, legal)
        if phase == "place":
            self._market_plan(view["hand"], view["market"])
            return _find(legal, rules.HAND, self.pick)
        if phase == "take":
            return self._take(view, legal)
        if phase == "vault" or phase == "convoy":
            # Store everything storable (the plan valued in _main), then confirm.
            for action in legal:
                if rules.HAND <= action < rules.MARKET_CARD:
                    return action
            return rules.DONE
        if phase == "sale card":
            self._sale_plan(view)
            return _find(legal, rules.HAND, self.pick)
        if phase == "sale seat":
            return rules.SEAT + self._target(view, "hand_counts")
        if phase == "safe name":
            self._safe_plan(view)
            return self.pick
        if phase == "safe seat":
            return rules.SEAT + self._target(view, "vault_counts")
        if phase == "safe give":
            return self._least_loss(legal, rules.VAULT_CARD)
        if phase == "sleight":
            self._sleight_plan(view["market"])
            return _find(legal, rules.MARKET_CARD, self.pick)
        if phase == "discard":
            return self._least_loss(legal, rules.HAND)
        return legal[0]

    def _load(self, view):
        hc = self.hc
        hpu = self.hpu
        vc = self.vc
        vpu = self.vpu
        mc = self.mc
        mpu = self.mpu
        for q in range(_N):
            hc[q] = hpu[q] = vc[q] = vpu[q] = mc[q] = mpu[q] = 0
        nspec = 0
        for card in view["hand"]:
            if card < rules.CARD_A:
                q = card // _COPIES + 1
                hc[q] += 1
                if card % _COPIES == 0:
                    hpu[q] = 1
            else:
                nspec += 1
        for card in view["vault"]:
            q = card // _COPIES + 1
            vc[q] += 1
            if card % _COPIES == 0:
                vpu[q] = 1
        for card in view["market"]:
            q = card // _COPIES + 1
            mc[q] += 1
            if card % _COPIES == 0:
                mpu[q] = 1
        total = 0
        unseen = self.unseen
        for q in range(1, _N):
            u = _COPIES - hc[q] - vc[q] - mc[q]
            unseen[q] = u
            total += u
        self.unseen_total = total
        self.nspec = nspec
        self.last = view["closing_drawn"]
        if self.noise:
            # Noise drawn from (seed, view): the same view always gets the same answer.
            digest = self.seed
            for card in view["hand"]:
                digest = (digest * 31 + card) % SEED_LIMIT
            digest = (digest * 61 + view["deck"] * 7 + len(view["market"])) % SEED_LIMIT
            self.rng = Prng(digest)

    def _save(self):
        back = self._back
        hc = self.hc
        hpu = self.hpu
        vc = self.vc
        vpu = self.vpu
        for q in range(_N):
            back[q] = hc[q]
            back[_N + q] = hpu[q]
            back[2 * _N + q] = vc[q]
            back[3 * _N + q] = vpu[q]
        back[4 * _N] = self.nspec

    def _restore(self):
        back = self._back
        hc = self.hc
        hpu = self.hpu
        vc = self.vc
        vpu = self.vpu
        for q in range(_N):
            hc[q] = back[q]
            hpu[q] = back[_N + q]
            vc[q] = back[2 * _N + q]
            vpu[q] = back[3 * _N + q]
        self.nspec = back[4 * _N]

    # ---- Valuation ----
    def _value(self):
        """Hundredths of a point: vault collections (D-V), a discounted share of what the
        hand could still become, the purity and hand-sum bonuses (D-E2), kept specials."""
        hc = self.hc
        vc = self.vc
        hpu = self.hpu
        vpu = self.vpu
        last = self.last
        total = 0
        cards = self.nspec
        hand_sum = 0
        pure_vault = 0
        pure_hand = 0
        for q in range(1, _N):
            v = vc[q]
            h = hc[q]
            row = _VALUES[q - 1]
            if v:
                pure_vault += vpu[q]
                if v >= 3:
                    total += 100 * row[v - 3]
            if h:
                cards += h
                hand_sum += q * h
                pure_hand += hpu[q]
                if last:
                    continue  # the round ends before the hand can be used
                t = v + h
                if t > 5:
                    t = 5
                if v == 0:
                    if h >= 3:
                        total += W_STORE * row[t - 3]
                    elif h == 2:
                        total += W_PAIR * row[0]
                    else:
                        total += W_SINGLE * row[0]
                elif t >= 3:
                    total += self.w_ext * (row[t - 3] - _points(row, v))
        total += W_PURE_VAULT * pure_vault
        if last:
            total += W_SUM_LAST * hand_sum
        else:
            total += W_SUM * hand_sum + W_PURE_HAND * pure_hand + self.w_special * self.nspec
        if cards > rules.HAND_LIMIT:
            total -= W_EXCESS * (cards - rules.HAND_LIMIT)
        return total

    def _add_hand(self, card, delta):
        q = card // _COPIES + 1
        self.hc[q] += delta
        if card % _COPIES == 0:
            self.hpu[q] = 1 if delta > 0 else 0

    # ---- Phase 1 (D-T1) ----
    def _draw(self, view):
        if len(view["hand"]) < HAND_DRAW_BELOW:
            return rules.DRAW_HAND
        return rules.DRAW_MARKET

    # ---- Phase 2 (D-T5): value every option, take the best ----
    def _main(self, view, legal):
        best = _NEG
        choice = legal[0]
        for action in legal:
            if action == rules.MARKET:
                value = self._market_plan(view["hand"], view["market"])
            elif action == rules.VAULT:
                value = self._vault_plan()
            elif action == rules.CONVOY:
                value = self._convoy_plan()
            elif action == rules.SLEIGHT:
                value = self._sleight_plan(view["market"])
            elif action == rules.SAFECRACKER:
                value = self._safe_plan(view)
            elif rules.SALE_A <= action <= rules.SALE_C:
                value = self._sale_plan(view)
            else:
                continue
            if self.noise:
                value += self.rng.randbelow(2 * self.noise + 1) - self.noise
            if value > best:
                best = value
                choice = action
        return choice

    def _vault_plan(self):
        # D-T7: every diamond whose quality has 3+ in hand or is already in the vault.
        self._save()
        hc = self.hc
        vc = self.vc
        hpu = self.hpu
        for q in range(1, _N):
            h = hc[q]
            if h and (h >= 3 or vc[q]):
                vc[q] += h
                hc[q] = 0
                if hpu[q]:
                    self.vpu[q] = 1
                    hpu[q] = 0
        value = self._value()
        self._restore()
        return value

    def _convoy_plan(self):
        # D-T8 Convoy: every hand diamond of a quality already in the vault.
        self._save()
        self.nspec -= 1
        hc = self.hc
        vc = self.vc
        hpu = self.hpu
        for q in range(1, _N):
            if hc[q] and vc[q]:
                vc[q] += hc[q]
                hc[q] = 0
                if hpu[q]:
                    self.vpu[q] = 1
                    hpu[q] = 0
        value = self._value()
        self._restore()
        return value

    def _market_plan(self, hand, market):
        """D-T6 for each kind of hand diamond to place: the best of take all, an exact sum,
        nothing. Returns the value; self.pick = the diamond to place."""
        best = _NEG
        pick = -1
        prev = -1
        for card in hand:
            if card >= rules.CARD_A or _kind(card) == prev:
                continue
            prev = _kind(card)
            q = card // _COPIES + 1
            self._add_hand(card, -1)
            self.mc[q] += 1  # placed in the market
            value = self._best_take(q, market, self.mc[q] > 1, q)
            self.mc[q] -= 1
            self._add_hand(card, 1)
            if value > best:
                best = value
                pick = card
        self.pick = pick
        return best

    def _best_take(self, target, cands, take_all, need):
        """Best of the D-T6 choices after placing a diamond of quality `target`: `cands` the
        market diamonds that may be taken (sorted), `need` what they must add up to.
        self.best = value, self.pick = TAKE_NONE, TAKE_ALL, DONE or MARKET_CARD + the next
        diamond to take."""
        self.best = _NEG
        self.pick = rules.TAKE_NONE
        if need == target:
            self.best = self._value()  # (c) take nothing
        elif need == 0:
            self.best = self._value()
            self.pick = rules.DONE
            return self.best
        if take_all:  # (a) every diamond of that quality in the market
            hc = self.hc
            hpu = self.hpu
            keep = hpu[target]
            hc[target] += self.mc[target]
            if self.mpu[target]:
                hpu[target] = 1
            value = self._value()
            hc[target] -= self.mc[target]
            hpu[target] = keep
            if value > self.best:
                self.best = value
                self.pick = rules.TAKE_ALL
        self._subsets(cands, 0, need, 0)  # (b) a set adding up to the placed quality
        return self.best

    def _subsets(self, cands, start, need, depth):
        if need == 0:
            value = self._value()
            if value > self.best:
                self.best = value
                self.pick = rules.MARKET_CARD + self.first
            return
        prev = -1
        i = start
        n = len(cands)
        while i < n:
            card = cands[i]
            i += 1
            q = card // _COPIES + 1
            if q > need:
                break  # cands are sorted by quality
            kind = _kind(card)
            if kind == prev:
                continue  # the same set again
            prev = kind
            if depth == 0:
                self.first = card
            self._add_hand(card, 1)
            self._subsets(cands, i, need - q, depth + 1)
            self._add_hand(card, -1)

    def _take(self, view, legal):
        placed = view["placed"]
        target = placed // _COPIES + 1
        selected = view["selected"]
        need = target
        for card in selected:
            need -= card // _COPIES + 1
            self._add_hand(card, 1)  # as good as taken
        cands = [c for c in view["market"] if c != placed and c not in selected]
        self._best_take(target, cands, rules.TAKE_ALL in legal, need)
        pick = self.pick
        if pick < rules.MARKET_CARD:
            return pick  # TAKE_NONE, TAKE_ALL or DONE
        return _find(legal, rules.MARKET_CARD, pick - rules.MARKET_CARD)

    def _sleight_plan(self, market):
        # D-T8 Sleight of Hand: the market diamond worth most in hand.
        best = _NEG
        self.pick = -1
        self.nspec -= 1
        prev = -1
        for card in market:
            if _kind(card) == prev:
                continue
            prev = _kind(card)
            self._add_hand(card, 1)
            value = self._value()
            self._add_hand(card, -1)
            if value > best:
                best = value
                self.pick = card
        self.nspec += 1
        return best

    def _target(self, view, key):
        # The opponent with the most cards in hand (sale) or vault (Safecracker).
        counts = view[key]
        seat = view["seat"]
        best = -1
        target = (seat + 1) % view["players"]
        for other in range(view["players"]):
            if other != seat and counts[other] > best:
                best = counts[other]
                target = other
        return target

    def _chance(self, copies, pool, draws):
        """Per mille chance that `draws` cards taken from `pool` unseen cards include one of
        `copies` given ones."""
        if copies <= 0 or draws <= 0 or pool <= 0:
            return 0
        none = 1000
        for i in range(draws):
            if pool - i <= 0:
                return 1000
            left = pool - copies - i
            if left <= 0:
                return 1000
            none = none * left // (pool - i)
        return 1000 - none

    def _sale_plan(self, view):
        """D-T8 Compulsory Sale: for each hand diamond, the expected value over whether the
        target holds its quality (hands are hidden: weighed by the unseen copies)."""
        in_main = view["phase"] == "main"
        target = self._target(view, "hand_counts")
        others_vaults = 0
        for seat in range(view["players"]):
            if seat != view["seat"]:
                others_vaults += view["vault_counts"][seat]
        pool = self.unseen_total - others_vaults  # unseen cards that may sit in a hand
        draws = view["hand_counts"][target]
        if in_main:
            self.nspec -= 1  # the special card is spent
        best = _NEG
        pick = -1
        prev = -1
        hc = self.hc
        hpu = self.hpu
        for card in view["hand"]:
            if card >= rules.CARD_A or _kind(card) == prev:
                continue
            prev = _kind(card)
            q = card // _COPIES + 1
            chance = self._chance(self.unseen[q], pool, draws)
            keep = hpu[q]
            # Success: the market's diamonds of q, the target's (say one) and our own.
            hc[q] += self.mc[q] + 1
            if self.mpu[q]:
                hpu[q] = 1
            won = self._value()
            hc[q] -= self.mc[q] + 1
            hpu[q] = keep
            self._add_hand(card, -1)  # failure: our diamond stays in the market
            lost = self._value()
            self._add_hand(card, 1)
            value = (chance * won + (1000 - chance) * lost) // 1000
            if value > best:
                best = value
                pick = card
        if in_main:
            self.nspec += 1
        self.pick = pick
        return best

    def _safe_plan(self, view):
        """D-T8 Safecracker: the quality (plain or special purity) whose theft is worth most,
        weighed by the chance that the target's vault holds it (vaults are hidden)."""
        in_main = view["phase"] == "main"
        target = self._target(view, "vault_counts")
        size = view["vault_counts"][target]
        if in_main:
            self.nspec -= 1
        base = self._value()
        unseen = self.unseen
        candidates = 0  # qualities the target could have a collection of
        for q in range(1, _N):
            if unseen[q] >= 3:
                candidates += 1
        share = 1000 if not candidates else size * 1000 * 2 // (7 * candidates)  # ~3.5 a set
        if share > 900:
            share = 900
        others = view["players"] - 1
        best = _NEG
        pick = rules.NAME + 1
        hc = self.hc
        hpu = self.hpu
        for q in range(1, _N):
            u = unseen[q]
            if u <= 0:
                continue
            chance = share if u >= 3 else share // 4
            row = _VALUES[q - 1]
            harm = 50 * row[1] // others  # the target's loss: its 3- or 4-collection cut by one
            hc[q] += 1
            gain = self._value() - base
            value = base + chance * (gain + harm) // 1000
            if value > best:
                best = value
                pick = rules.NAME + q
            if not hpu[q] and not self.vpu[q] and not self.mpu[q]:  # the pure one is unseen
                hpu[q] = 1
                gain = self._value() - base + W_PURE_VAULT // others
                hpu[q] = 0
                pure = chance * 3500 // (u * 1000) if u > 3 else chance
                value = base + pure * (gain + harm) // 1000
                if value > best:
                    best = value
                    pick = rules.NAME_PURE + q
            hc[q] -= 1
        if in_main:
            self.nspec += 1
        self.pick = pick
        return best

    def _least_loss(self, legal, base):
        """D-T9 give up / Safecracker victim: the card whose loss costs least."""
        best = _NEG
        choice = legal[0]
        for action in legal:
            if action < base or action >= base + 100:
                continue
            card = action - base
            self._save()
            if card >= rules.CARD_A:
                self.nspec -= 1
            else:
                q = card // _COPIES + 1
                if base == rules.VAULT_CARD:
                    self.vc[q] -= 1
                    if card % _COPIES == 0:
                        self.vpu[q] = 0
                else:
                    self._add_hand(card, -1)
            value = self._value()
            self._restore()
            if value > best:
                best = value
                choice = action
        return choice


# ---- Hard level (firmware/bots/search.py): playout length and evaluation ---------------
HARD_PRIOR = True  # the search's prior: this Bot at level "hard" (the playouts: "normal")
DEPTH = 40  # decisions played after each candidate action (to the end of a quick round's
# closing phase; before it the evaluation below is a rough one that BONUS keeps in check)
# Another action must beat the heuristic's by this much (evaluation units: 100000 = a win):
# the samples cannot know the sets the others collect, and with few playouts their noise
# otherwise overrules a good heuristic (measured: far below normal without it; against
# normal, 200 games, 11 playouts: 49.8% with 50000, 43.5% with 10000; 60 playouts, 100
# games: 50.0%, so a bigger budget does not help: the evaluation is what limits it).
BONUS = 50000


def evaluate(state, seat):
    """A sampled state after a playout, for `seat` (higher is better): the round's points
    as if it ended now (D-E2, tenths), what the hand promises towards collections, and the
    chips and the outcome once rounds or the game are over."""
    n = state.players
    if state.is_over():
        value = 0
        if seat in state.winners():
            value = 100000 // len(state.winners())
        scores = state.scores()
        return value + 10 * (scores[seat] - max([scores[s] for s in range(n) if s != seat]))
    points = rules.round_points(state.vaults, state.hands)[0]
    lead = 10 * points[seat] - 10 * max([points[s] for s in range(n) if s != seat])
    lead += 1000 * (state.chips[seat] - max([state.chips[s] for s in range(n) if s != seat]))
    # Hand promise: a set of 3+ ready to store, pairs, extensions of the vault.
    counts = [0] * _N
    for card in state.hands[seat]:
        if card < 50:
            counts[rules.quality(card)] += 1
    stored = [0] * _N
    for card in state.vaults[seat]:
        stored[rules.quality(card)] += 1
    for q in range(1, _N):
        c = counts[q]
        if not c:
            continue
        if stored[q]:
            total = min(stored[q] + c, 5)
            lead += 6 * (rules.collection_points(q, total) - rules.collection_points(q, stored[q]))
        elif c >= 3:
            lead += 6 * rules.collection_points(q, min(c, 5))
        elif c == 2:
            lead += 2 * rules.collection_points(q, 3)
    return lead
