# Greedy Diploma player (rule ids P-xx refer to seeds/diploma.md). It decides from the seat's
# view only (its own hand, items, circles and magic; every board, the dice and the totals are
# public) and keeps no memory between calls.
#
# The heart is the value of laying one tile (_gain): the line it joins is traced both ways
# over the edge masks of the board. A line whose two loose ends point at empty hexes that can
# still take a tile is *live* (worth a little per tile, more as its ends come closer, much
# more when one tile of a known shape would close it); a line running off the board or into
# a hex that can never be filled is *dead* (its tiles only block the board); closing a loop
# is worth its stones and, when it meets a held magic-circle card (P-K), the card's points.
# The pawn walks to the hex next to the best lay within its movement (P-P2); the draft and the
# assignment value a die by what it produces above the judgement value (P-R2) and by the
# movement it gives; the other decisions are short rules (declare at once, sets and the flips
# that complete them, sell what cannot score, barriers on the leader when stones are spare).

from firmware.bots import Heuristic
from firmware.core.base import const
from firmware.core.prng import SEED_LIMIT, Prng
from firmware.games.diploma import rules

_NEIGH = rules.NEIGH
_KMASK = rules.KMASK
_LOW = rules.LOW
_KINDS = rules.KINDS
_HEXES = rules.HEXES
_MANA = rules.MANA_KIND
_LINES = rules.LINE_TILES

# ---- Weights (tenths of a point) ----------------------------------------------------------
# (const, underscored: folded into the code on the boards, no names on the heap)
_W_LIVE = const(4)  # per tile of a line whose both ends can still go on
_W_GAP = const(2)  # per hex between the two loose ends of a live line
_W_CLOSABLE = const(12)  # a live line one tile from closing (both ends into the same empty hex)
_W_HOPE = const(25)  # ... into a loop whose size meets a held magic-circle card
_W_DEAD = const(8)  # per tile of a line that can never close (it blocks its hexes)
_W_KILL = const(10)  # an empty hex that could join two lines made unfillable
_W_LOOP = const(40)  # closing a loop (the item card, the tiles to the stacks, free hexes)
_W_LOOP_TILE = const(5)  # per tile of a closed loop (stacks of 3 turn into stones, P-D3)
_W_CARD = const(100)  # the loop meets a held magic-circle card (P-D2)
_W_SPOT = const(8)  # a mana spot: 1 mana (P-P3)
_W_SPOT_RING = const(10)  # ... on the centre's ring, where it blocks the round loop
_PLACE_MIN = const(1)  # lay a tile when it adds at least this
_W_STONE = const(12)  # a stone
_W_SET_NEED = const(6)  # ... of a colour the seat holds fewest of (sets need all four, P-D4)
_W_GOLD = const(4)  # a gold
_W_PENALTY = const(14)  # the production penalty (P-R3; and the clean title)
_W_MOVE = const(3)  # per movement point, up to _MOVE_CAP
_MOVE_CAP = const(4)
_W_MAGIC = const(12)  # the mana a magic card costs (P-R4)
_MAGIC_MIN = const(4)  # use magic when it gains at least this more than its mana
_MANA_KEEP = const(3)  # mana kept between scoring phases (penalties, magic)
_HAND_LOW = const(2)  # buy / use the extra-tile tool while the hand holds no more than this
_STEAL_MIN = const(30)  # steal a discard worth at least this to lay (it must be laid next phase)
_SWAP_MIN = const(20)  # the swap tool when the discard is worth this much more than a hand tile
_JUMP_MIN = const(15)  # the jump tool when a lay elsewhere beats the reachable ones by this
_BARRIER_SPARE = const(3)  # stones kept besides a barrier's cost
NOISE = {"easy": 8, "normal": 0, "hard": 0}  # percent of random choices, by level (normal
# wins 76% of 400 games against easy at 8, 88% at 15, 97% at 30: a middle opponent)
# The "hard" level's heuristic (the prior of its search, HARD_PRIOR): buys tiles whenever it
# can before ending a placement, lays a tile only for a clearer gain, values a die's gold
# less (alone against normal over 400 deals of seeds 30000..: 55%), and in the final scoring
# flips its stones into the most sets its mana pays for (_flip_for_sets: the bench's 400
# games against normal, the heuristic alone, 58.6% -> 60.4%; at 2 playouts 59.9 -> 62.1%).
# It drafts against the next drafter too, and values a stone less (bench tune, the heuristic
# alone against normal, 2,000 deals: 58.1%; denying 59.3%; with stones at 6: 60.8%; 3,000
# other deals: 58.0 -> 61.1%).
_HARD_HAND_LOW = const(8)
_HARD_PLACE_MIN = const(3)
_HARD_W_GOLD = const(2)
_HARD_W_STONE = const(6)
_HARD_DENY = const(10)  # tenths of the next drafter's best die taken off a die's value
_HARD_OPP = const(7)  # tenths of the best other seat's dice weighed in its magic after the
# draft (_magic: any card on any die; the heuristic alone against normal, 2,000 deals of
# seeds 20000.. / 60000..: 60.8 / 60.7% -> 63.1 / 62.5%; 62.0% weighing them fully, 61.3% at 3)

# Loop plans (diploma_plan.py) for the hard level: against normal, 2,000 games, 63.1% without,
# 72.7% with.

# Items worth keeping (not sold): tools used by the bot, titles that may score
_KEEP_TOOLS = (rules.T_MOVE, rules.T_EXTRA, rules.T_JUMP, rules.T_OWN, rules.T_SHIELD, rules.T_MANA,
               rules.T_GOLD)

_NEG = const(-(1 << 29))
_DEAD = const(-1)  # a loose end off the board or into a hex no tile can fill
_LOOP = const(-2)

# Scratch shared by all instances (a board's heap): the edge masks of the own board, the
# best lay per hex, hexes of a BFS.
_m = bytearray(_HEXES)
_best = [0] * _HEXES
_bkind = bytearray(_HEXES)
_dist = bytearray(_HEXES)
_first = bytearray(_HEXES)


def _ends_into(m, x):
    """How many line ends of the board (masks m) point into hex x."""
    c = 0
    base = x * 6
    for d in range(6):
        n = _NEIGH[base + d]
        if n != 255 and m[n] >> (d + 3) % 6 & 1:
            c += 1
    return c


def _fillable(m, board, x, h):
    """Whether empty hex x (h counted as placed) can still take a tile joining the lines
    pointing into it: two ends at most, and with one end a free edge for the other."""
    c = 0
    free = 0
    base = x * 6
    for d in range(6):
        n = _NEIGH[base + d]
        if n == 255:
            free += 1
        elif m[n] >> (d + 3) % 6 & 1:
            c += 1
        elif board[n] < 0 and n != h:
            free += 1
    if c > 2:
        return 0
    if c == 1 and not free:
        return 0
    return c if c else 1


def _trace(m, h, e, seen=None):
    """Follow the line leaving hex h by edge e: (tiles passed, the empty hex its end points
    into, or _DEAD off the board, or _LOOP back at h); the tiles passed marked in `seen`
    when given."""
    n = 0
    cur = h
    while n < _HEXES:
        x = _NEIGH[cur * 6 + e]
        if x == 255:
            return n, _DEAD
        if x == h:
            return n, _LOOP
        inn = (e + 3) % 6
        mx = m[x]
        if not mx >> inn & 1:
            return n, x
        if seen is not None:
            seen[x] = 1
        n += 1
        cur = x
        e = _LOW[mx ^ (1 << inn)]
    return n, _DEAD


def potential(board, rots):
    """The lines of a board valued as _gain values them: live, closable, dead, closed."""
    m = _m
    for h in range(_HEXES):
        t = board[h]
        m[h] = _KMASK[_KINDS[t] * 6 + rots[h] % 6] if 0 <= t < _LINES else 0
    seen = bytearray(_HEXES)
    total = 0
    for h in range(_HEXES):
        mh = m[h]
        if seen[h] or not mh:
            continue
        seen[h] = 1
        a = _LOW[mh]
        la, xa = _trace(m, h, a, seen)
        if xa == _LOOP:
            total += _W_LOOP + _W_LOOP_TILE * (la + 1)
            continue
        lb, xb = _trace(m, h, _LOW[mh ^ (1 << a)], seen)
        sa = _fillable(m, board, xa, -1) if xa >= 0 else 0
        sb = _fillable(m, board, xb, -1) if xb >= 0 else 0
        total += _chain(la + lb + 1, xa, xb, sa, sb)
    return total


def _chain(length, xa, xb, sa, sb):
    """Value of a line of `length` tiles with loose ends into xa and xb (statuses sa, sb:
    0 unfillable, 1 open, 2 two ends meet there)."""
    if xa < 0 or xb < 0 or not sa or not sb:
        return -_W_DEAD * length
    v = _W_LIVE * length
    if xa == xb:
        if sa == 2:
            v += _W_CLOSABLE
    else:
        v -= _W_GAP * rules.distance(xa, xb)
    return v


def _hope(circles, size):
    """A line one tile from closing into a loop of `size` that meets a held card by its
    size (P-K1..K4)."""
    for card in circles:
        if card < 4 and (size == (3, 4, 6)[card] if card < 3 else size >= 8):
            return _W_HOPE
    return 0


class Bot(Heuristic):
    def __init__(self, seat, level="normal", seed=0):
        self.seat = seat
        self.seed = seed
        self.noise = NOISE[level]
        hard = level == "hard"
        self.hand_low = _HARD_HAND_LOW if hard else _HAND_LOW
        self.place_min = _HARD_PLACE_MIN if hard else _PLACE_MIN
        self.w_gold = _HARD_W_GOLD if hard else _W_GOLD
        self.w_stone = _HARD_W_STONE if hard else _W_STONE
        self.deny = _HARD_DENY if hard else 0
        self.any_die = hard  # magic on any die (_magic)
        self.opp = _HARD_OPP if hard else 0  # ... the others' dice weighed too
        self.plan_sets = hard  # final conversions: flips planned for the most sets
        self.plan = None  # hard: the loops towards the held magic-circle cards (diploma_plan)
        if hard:
            from firmware.games.diploma.plan import Plan

            self.plan = Plan()
        self.strict = False  # tests: raise instead of falling back to the first legal action
        self.rng = Prng(seed)
        self.me = seat
        self.board = []
        self.rots = []
        self.circles = ()
        self.kinds = []

    # ---- Entry point ----
    # A decision is a thought (firmware/bots Heuristic): it yields after each piece of work
    # that can take a few ms on a board (a hex weighed, the plan's load, a magic card tried),
    # so that a frame of the handheld waits for a piece, not for a whole decision.
    def _thoughts(self, view, legal):
        if self.noise:
            # Noise drawn from (seed, view): the same view always gets the same answer.
            digest = self.seed
            for x in view["hand"]:
                digest = (digest * 31 + x) % SEED_LIMIT
            for x in legal:
                digest = (digest * 37 + x) % SEED_LIMIT
            digest = (digest * 61 + view["round_no"] * 7 + view["moves"]) % SEED_LIMIT
            self.rng = Prng(digest)
            if self.rng.randbelow(100) < self.noise:
                return legal[self.rng.randbelow(len(legal))]
        me = view["seat"]
        self.me = me
        self.board = view["boards"][me]
        self.rots = view["rots"][me]
        self.circles = view["circles"]
        kinds = []
        for t in view["hand"]:
            k = _KINDS[t]
            if k not in kinds:
                kinds.append(k)
        self.kinds = kinds
        action = yield from self._decide(view, view["phase"], legal)
        # Some rules above name an action without finding it in `legal` (END, a step): a
        # caller may offer fewer actions than the rules do.
        return action if action in legal else legal[0]

    def _decide(self, view, phase, legal):
        if phase == "place":
            return (yield from self._place(view, legal))
        if phase == "spot":
            return (yield from self._spot(view, legal))
        if phase == "draft":
            return self._draft(view, legal)
        if phase == "assign":
            return self._assign(view, legal)
        if phase == "magic":
            return (yield from self._magic(view, legal))
        if phase == "convert" or phase == "final":
            return self._convert(view, legal, phase == "final")
        if phase == "discard":
            return (yield from self._discard(view, legal))
        if phase == "steal":
            return (yield from self._steal(view, legal))
        if phase == "peek":
            return (yield from self._peek(view, legal))
        return legal[0]  # scan, rolled: PASS (mana is precious)

    # ---- Laying tiles (P-P3) ----
    def _masks(self):
        """The edge masks of the seat's board (into _m), and the plan loaded for them: a
        thought (the plan's load in pieces)."""
        board = self.board
        rots = self.rots
        m = _m
        for h in range(_HEXES):
            t = board[h]
            m[h] = _KMASK[_KINDS[t] * 6 + rots[h] % 6] if 0 <= t < _LINES else 0
        if self.plan is not None:
            yield from self.plan.loading(self.circles, board, m)
        return m

    def _gain(self, m, h, k, r):
        """What laying kind k at hex h, rotation r adds (m: the board's masks, h empty)."""
        board = self.board
        plan = self.plan
        if k == _MANA:
            v = _W_SPOT
            if h <= 6:
                v -= _W_SPOT_RING
            if plan is not None:
                v += plan.delta(board, h, 0, -1)
            return v
        mk = _KMASK[k * 6 + r]
        towards = plan.delta(board, h, mk, k // 3) if plan is not None else 0
        a = _LOW[mk]
        b = _LOW[mk ^ (1 << a)]
        # before: the lines pointing into h
        old = 0
        into_h = 0
        for e in (a, b):
            n = _NEIGH[h * 6 + e]
            if n != 255 and m[n] >> (e + 3) % 6 & 1:
                into_h += 1
        m[h] = mk
        la, xa = _trace(m, h, a)
        if xa == _LOOP:
            m[h] = 0
            # one line with both ends into h: closing it
            old = _chain(la, h, h, 2, 2)
            return self._loop_value(h, k, r, la + 1) - old + towards
        lb, xb = _trace(m, h, b)
        sa = _fillable(m, board, xa, h) if xa >= 0 else 0
        sb = _fillable(m, board, xb, h) if xb >= 0 else 0
        new = _chain(la + lb + 1, xa, xb, sa, sb)
        if xa == xb and sa == 2 and self.circles:
            new += _hope(self.circles, la + lb + 2)
        m[h] = 0
        # the lines that ended in h before (their other ends as now: a near approximation)
        if la:
            s = _fillable(m, board, xa, -1) if xa >= 0 else 0
            old += _chain(la, xa, h, s, into_h)
        if lb:
            s = _fillable(m, board, xb, -1) if xb >= 0 else 0
            old += _chain(lb, xb, h, s, into_h)
        kill = 0
        # a loose end of the new tile into a hex where two ends met already: that hex dies
        if not la and xa >= 0 and _ends_into(m, xa) == 2:
            kill += _W_KILL
        if not lb and xb >= 0 and xb != xa and _ends_into(m, xb) == 2:
            kill += _W_KILL
        return new - old - kill + towards

    def _loop_value(self, h, k, r, size):
        v = _W_LOOP + _W_LOOP_TILE * size
        if self.circles:
            board = list(self.board)
            rots = list(self.rots)
            board[h] = rules.sample_tile(k)
            rots[h] = r
            for lp in rules.find_loops(board, rots):
                if h in lp:
                    for card in self.circles:
                        if rules.circle_met(card, lp, board, rots):
                            return v + _W_CARD
        return v

    def _best_at(self, m, x, kinds):
        """The best lay of one of `kinds` on empty hex x: (gain, kind); _NEG when none fits."""
        board = self.board
        occ = got = 0
        base = x * 6
        for d in range(6):
            n = _NEIGH[base + d]
            if n != 255 and board[n] >= 0:
                occ |= 1 << d
                got |= (m[n] >> (d + 3) % 6 & 1) << d
        best = _NEG
        bk = 0
        for k in kinds:
            nr = rules.rotations(k)
            for r in range(nr):
                if _KMASK[k * 6 + r] & occ == got:
                    g = self._gain(m, x, k, r)
                    if g > best:
                        best = g
                        bk = k
        return best, bk

    def _near(self, m, pos):
        """The best lay of a hand kind next to hex pos: (gain, kind). A piece of thought for
        each hex weighed (then kept in _best for the rest of the decision)."""
        board = self.board
        best = _NEG
        bk = 0
        for d in range(6):
            x = _NEIGH[pos * 6 + d]
            if x == 255 or board[x] >= 0:
                continue
            if _best[x] == _NEG - 1:
                g, k = self._best_at(m, x, self.kinds)
                _best[x] = g
                _bkind[x] = k
                yield
            if _best[x] > best:
                best = _best[x]
                bk = _bkind[x]
        return best, bk

    def _reach(self, pos, moves):
        """_dist: steps to each tile within `moves` (255 beyond); _first: the first step."""
        board = self.board
        for h in range(_HEXES):
            _dist[h] = 255
        _dist[pos] = 0
        _first[pos] = pos
        todo = [pos]
        i = 0
        # the queue holds hexes in order of their steps: the first at the limit ends it
        while i < len(todo) and _dist[todo[i]] < moves:
            x = todo[i]
            i += 1
            for d in range(6):
                n = _NEIGH[x * 6 + d]
                if n != 255 and board[n] >= 0 and _dist[n] == 255:
                    _dist[n] = _dist[x] + 1
                    _first[n] = n if x == pos else _first[x]
                    todo.append(n)
        return todo

    def _place(self, view, legal):
        me = self.me
        board = self.board
        # P-P5: declare a closed loop at once, one that meets a held card first
        best = -1
        choice = legal[0]
        for a in legal:
            if rules.DECLARE <= a < rules.SELL:
                v = 1
                for lp in view["loops"]:
                    if lp[0] == a - rules.DECLARE:
                        v = 2 + len(lp)
                        for card in self.circles:
                            if rules.circle_met(card, lp, board, self.rots):
                                v += 100
                if v > best:
                    best = v
                    choice = a
        if best >= 0:
            return choice
        if rules.MANA1 in legal:
            return rules.MANA1
        if rules.GOLD3 in legal:
            return rules.GOLD3
        hand = len(view["hand"])
        m = yield from self._masks()
        for h in range(_HEXES):
            _best[h] = _NEG - 1
        pos = view["pawn"][me]
        moves = view["moves"]
        here, hk = (yield from self._near(m, pos)) if self.kinds else (_NEG, 0)
        limit = _hand_limit(view, me)
        need = self.place_min if hand <= limit else -_W_DEAD
        if self.kinds:
            # P-P2: the best hex within reach (ties: the nearer)
            far, target = here, pos
            if moves > 0:
                for x in self._reach(pos, moves):
                    if x != pos:
                        g, _ = yield from self._near(m, x)
                        if g > far:
                            far, target = g, x
            if target != pos and far > here and far >= need:
                return rules.STEP + _first[target]
            if here >= need and rules.TILE + hk in legal:
                return rules.TILE + hk
            if rules.MOVE2 in legal:
                more = self._reach(pos, moves + rules.TOOL_MOVE)
                for x in more:
                    if _dist[x] > moves:
                        g, _ = yield from self._near(m, x)
                        if g > far + 5 and g >= need:
                            return rules.MOVE2
            if rules.T_JUMP in view["items"]:
                jump = -1
                top = far + _JUMP_MIN
                for h in range(_HEXES):
                    if board[h] >= 0 and rules.JUMP + h in legal:
                        g, _ = yield from self._near(m, h)
                        if g > top:
                            top = g
                            jump = h
                if jump >= 0:
                    return rules.JUMP + jump
        if rules.T_ROTATE in view["items"]:
            a = yield from self._rotate(legal)
            if a >= 0:
                return a
        if rules.T_SWAP in view["items"]:
            a = yield from self._swap(view, legal, m)
            if a >= 0:
                return a
        if hand <= self.hand_low:
            if rules.EXTRA in legal:
                return rules.EXTRA
            if rules.BUY in legal:
                return rules.BUY
        a = self._barrier(view, legal)
        if a >= 0:
            return a
        a = self._sell(view, legal)
        if a >= 0:
            return a
        return rules.END

    def _spot(self, view, legal):
        m = yield from self._masks()
        k = view["chosen"]
        best = _NEG
        choice = legal[0]
        for a in legal:
            p = a - rules.PLACE
            g = self._gain(m, p // 6, k, p % 6)
            if g > best:
                best = g
                choice = a
            yield
        return choice

    def _kind_worth(self, m, k):
        """What kind k would add laid at its best hex next to any tile (hand or not): a
        piece of thought for each hex."""
        board = self.board
        kinds = [k]
        best = _NEG
        for x in range(1, _HEXES):
            if board[x] >= 0:
                continue
            for d in range(6):
                n = _NEIGH[x * 6 + d]
                if n != 255 and board[n] >= 0:
                    g, _ = self._best_at(m, x, kinds)
                    if g > best:
                        best = g
                    yield
                    break
        return best

    def _rotate(self, legal):
        """The rotate tool when a rotation closes a loop."""
        rots = list(self.rots)
        for a in legal:
            if rules.ROTATE <= a < rules.TILE:
                h = (a - rules.ROTATE) // 6
                old = rots[h]
                rots[h] = (a - rules.ROTATE) % 6
                if rules.find_loops(self.board, rots):
                    return a
                rots[h] = old
                yield
        return -1

    def _swap(self, view, legal, m):
        worth = {}
        best = _SWAP_MIN
        choice = -1
        for a in legal:
            if rules.SWAP_TILE <= a < rules.ROTATE:
                x, y = (a - rules.SWAP_TILE) // 16, (a - rules.SWAP_TILE) % 16
                for k in (x, y):
                    if k not in worth:
                        worth[k] = yield from self._kind_worth(m, k)
                if worth[y] - worth[x] > best:
                    best = worth[y] - worth[x]
                    choice = a
        return choice

    def _barrier(self, view, legal):
        stones = 0
        for c in view["stones"][self.me]:
            stones += c
        points = view["points"]
        best = -1
        choice = -1
        for a in legal:
            if rules.BARRIER <= a < rules.REPLACE:
                b = (a - rules.BARRIER) // 4
                t = (a - rules.BARRIER) % 4
                if stones >= rules.BARRIER_COST[b] + _BARRIER_SPARE and points[t] > best:
                    best = points[t]
                    choice = a
        return choice

    def _sell(self, view, legal):
        me = self.me
        for a in legal:
            if rules.SELL <= a < rules.BARRIER:
                i = a - rules.SELL
                if i in _KEEP_TOOLS or i >= rules.B_JUDGE:
                    continue
                if i == 10 or i == 15 or i == 16:
                    continue
                if i == 14 and not view["penalties"][me]:
                    continue
                if i == 11 and view["mana"][me] >= max(view["mana"]):
                    continue
                if i == 12 and view["gold"][me] >= max(view["gold"]):
                    continue
                if i == 17 and view["sets"][me]:
                    continue
                return a
        return -1

    # ---- Dice: draft, assignment, magic on dice (P-R1, P-R2, P-M) ----
    def _stone(self, view, c, me):
        st = view["stones"][me]
        low = st[0]
        for x in st:
            if x < low:
                low = x
        return self.w_stone + (_W_SET_NEED if st[c] == low else 0)

    def _produce(self, view, c, v, j, me):
        """What seat `me` makes producing with a die of colour c and value v (judgement j)."""
        if view["under"][me] == rules.B_JUDGE and view["step"][me] < rules.BARRIER_ROUNDS:
            j += rules.JUDGE_PLUS
        if v > j:
            n = 2 if c == me else 1
            left = view["chips"][c // 2]
            if n > left:
                n = left
            return n * self._stone(view, c, me) + (v - j) * self.w_gold
        if view["step"][me] >= rules.BARRIER_ROUNDS:
            return 0  # P-P7: immune
        return -_W_PENALTY

    def _move(self, v):
        return _W_MOVE * (v if v < _MOVE_CAP else _MOVE_CAP)

    def _pair(self, view, cols, vals, a, b, j, me):
        """The best of producing with die a or die b (the other moves)."""
        x = self._produce(view, cols[a], vals[a], j, me) + self._move(vals[b])
        y = self._produce(view, cols[b], vals[b], j, me) + self._move(vals[a])
        return x if x > y else y

    def _draft(self, view, legal):
        me = self.me
        order = view["order"]  # the drafters after this one
        rival = order[0] if order and order[0] != me else -1
        best = _NEG
        choice = legal[0]
        for a in legal:
            d = a - rules.DRAFT
            v = 10 * self._die_worth(view, d, me, -1)
            if rival >= 0 and self.deny:
                # what the next drafter would take of what this pick leaves
                top = 0
                for e in range(len(view["dice_own"])):
                    if view["dice_own"][e] < 0 and e != d:
                        w = self._die_worth(view, e, rival, d)
                        if w > top:
                            top = w
                v -= self.deny * top
            if v > best:
                best = v
                choice = a
        return choice

    def _die_worth(self, view, d, seat, gone):
        """What drafting die d is worth to `seat` (die `gone` drafted too, -1: none)."""
        own = view["dice_own"]
        cols = view["dice_col"]
        vals = view["dice_val"]
        # the judgement die: likely the lowest die the others leave
        j = 7
        held = -1
        for e in range(len(own)):
            if own[e] < 0 and e != d and e != gone and vals[e] < j:
                j = vals[e]
            if own[e] == seat:
                held = e
        if j == 7:
            j = 0
        if held >= 0:
            return self._pair(view, cols, vals, d, held, j, seat)
        p = self._produce(view, cols[d], vals[d], j, seat)
        return (p if p > 0 else 0) + self._move(vals[d]) // 2

    def _assign(self, view, legal):
        me = self.me
        own = view["dice_own"]
        cols = view["dice_col"]
        vals = view["dice_val"]
        j = view["judgement"]
        dice = [d for d in range(len(own)) if own[d] == me]
        best = _NEG
        choice = legal[0]
        for a in legal:
            k, tool = (a - rules.PROD) // 2, (a - rules.PROD) % 2
            p, mv = dice[k], dice[1 - k]
            c = me if tool else cols[p]
            v = self._produce(view, c, vals[p], j, me) + self._move(vals[mv])
            if tool:
                v -= self.w_stone  # the tool is spent (worth a stone when the colour differs)
            if v > best:
                best = v
                choice = a
        return choice

    def _dice_lead(self, view, own, cols, vals, jd):
        """What this seat's two dice make (production and movement, as _pair) minus
        self.opp tenths of what the best other seat's make, with the judgement die jd."""
        j = vals[jd]
        mine = 0
        other = None
        for s in range(view["players"]):
            if s != self.me and not self.opp:
                continue
            dice = [d for d in range(len(own)) if own[d] == s]
            if len(dice) < 2:
                continue
            v = self._pair(view, cols, vals, dice[0], dice[1], j, s)
            if s == self.me:
                mine = v
            elif other is None or v > other:
                other = v
        return 10 * mine - (self.opp * other if other is not None else 0)

    def _magic(self, view, legal):
        """P-M after the draft: the card that gains most over this seat's lead, when the
        gain pays its mana. Normal and easy try a die card on their own dice and Illusion to
        their own colour; hard any die card on any die (the judgement die and the other
        seats' dice too) and Control (swap two seats' dice)."""
        me = self.me
        if view["mana"][me] < 1:
            return legal[0]
        own = list(view["dice_own"])
        cols = list(view["dice_col"])
        vals = list(view["dice_val"])
        jd = view["judge"]
        anyd = self.any_die
        best = self._dice_lead(view, own, cols, vals, jd) + 10 * (_W_MAGIC + _MAGIC_MIN)
        choice = legal[0]
        for a in legal:
            if a < rules.UPPER or a >= rules.CONTROL and not anyd:
                continue  # PASS, Counter; Control
            if a >= rules.CONTROL:
                d, e = (a - rules.CONTROL) // 9, (a - rules.CONTROL) % 9
                own[d], own[e] = own[e], own[d]
                v = self._dice_lead(view, own, cols, vals, jd)
                own[d], own[e] = own[e], own[d]
            elif a >= rules.ILLUSION:
                d, c = (a - rules.ILLUSION) // 4, (a - rules.ILLUSION) % 4
                if not anyd and (own[d] != me or c != me):
                    continue
                old = cols[d]
                cols[d] = c
                v = self._dice_lead(view, own, cols, vals, jd)
                cols[d] = old
            else:
                card, d = (a - rules.UPPER) // 10, (a - rules.UPPER) % 10
                if not anyd and own[d] != me:
                    continue
                old = vals[d]
                vals[d] = _changed(card, old)
                v = self._dice_lead(view, own, cols, vals, jd)
                vals[d] = old
            if v > best:
                best = v
                choice = a
            yield
        return choice

    # ---- Scoring, discards, steals, peeks (P-D4, P-P6, P-I) ----
    def _convert(self, view, legal, final):
        me = self.me
        if rules.SET in legal:
            return rules.SET
        st = view["stones"][me]
        if final and self.plan_sets:
            c = _flip_for_sets(st, view["mana"][me])
            if c >= 0 and rules.FLIP + c in legal:
                return rules.FLIP + c
        for c in range(4):
            if rules.FLIP + c in legal and st[c] >= 2 and not st[c ^ 1]:
                ok = True
                for e in range(4):
                    if e != c and e != c ^ 1 and not st[e]:
                        ok = False
                if ok:
                    return rules.FLIP + c
        if rules.MANA_POINT in legal:
            mana = view["mana"][me]
            if final:
                if 11 not in view["items"] or mana > rules.TITLE_MOST_MANA:
                    return rules.MANA_POINT
            elif mana > _MANA_KEEP:
                return rules.MANA_POINT
        return rules.DONE

    def _discard(self, view, legal):
        m = yield from self._masks()
        best = None
        choice = legal[0]
        for a in legal:
            k = a - rules.DISCARD
            w = _W_SPOT if k == _MANA else (yield from self._kind_worth(m, k))
            if best is None or w < best:
                best = w
                choice = a
        return choice

    def _steal(self, view, legal):
        m = yield from self._masks()
        best = _STEAL_MIN
        choice = rules.NO_STEAL
        for a in legal:
            if a == rules.NO_STEAL:
                continue
            w = yield from self._kind_worth(m, a - rules.STEAL)
            if w >= best:
                best = w
                choice = a
        return choice

    def _peek(self, view, legal):
        m = yield from self._masks()
        best = _NEG
        choice = legal[0]
        top = view["peek"]
        for a in legal:
            i = a - rules.PICK_TOP
            if i >= len(top):
                continue
            k = _KINDS[top[i]]
            w = _W_SPOT if k == _MANA else (yield from self._kind_worth(m, k))
            if w > best:
                best = w
                choice = a
        return choice


def _changed(card, v):
    """A die's value v after a die card (P-M, in the order of DIE_CARDS): Upper, Downer,
    Change 6, Change 1."""
    return v + 1 if card == 0 else v - 1 if card == 1 else 6 if card == 2 else 1


def _flips(st, sets):
    """Flips (1 mana each, P-D4) that give stones st (R, B, Y, G; a stone shows one colour
    of its pair) at least `sets` of every colour; -1 when the pairs hold too few."""
    total = 0
    for c in (0, 2):
        a = st[c]
        b = st[c + 1]
        if a + b < 2 * sets:
            return -1
        total += max(0, sets - a) + max(0, sets - b)
    return total


def _flip_for_sets(st, mana):
    """The colour to flip a stone of, towards the most sets of 4 colours the mana pays the
    flips of (a set is 5 points, a flip costs a mana point: every set pays); -1 if none."""
    sets = 0
    while True:
        need = _flips(st, sets + 1)
        if need < 0 or need > mana:
            break
        sets += 1
    if sets == 0:
        return -1
    for c in range(4):
        if st[c] < sets:
            return c ^ 1  # a stone of the pair's surplus colour turns to c
    return -1


def _hand_limit(view, seat):
    if view["under"][seat] == rules.B_HAND and view["step"][seat] < rules.BARRIER_ROUNDS:
        return rules.BARRIER_HAND
    return rules.HAND_LIMIT


# ---- Hard level (firmware/bots/search.py) -------------------------------------------------
HARD_PRIOR = True  # the search's prior: this Bot at level "hard" (the playouts: "normal")
DEPTH = 24  # decisions played after each candidate (about a round of two players)
BONUS = 40  # tenths: a searched action must beat the heuristic's by 4 points a playout. The board
# affords 1-2 playouts a decision: at 2, one lucky playout overruled the prior (400 games
# against normal: 50.9% with 0; 60.0 / 59.9 / 59.9 / 58.9% with 20 / 40 / 80 / 150)
# At most 1.8 s a decision instead of the board's 2 s: at 4 players (2-3 playouts of 0.4 s)
# the median decision was 1.02 s of board time. At 2 players a playout takes 0.85 s and the
# heuristic answers alone. The search adds no strength measured (2,000 games at 2 players:
# heuristic alone 58.1%, 2 playouts 58.1%, 8 playouts 57.7%): this only spends less time.
BUDGET_MS = 1800
SLICED = True  # a playout takes 0.4-1.1 s on a board: a frame waits a piece of a decision
W_HAND = 3  # a tile in hand (its chance of a good lay)
WIN = 10000  # a game won, in the evaluation's tenths of a point (search.WIN is in points)


def candidates(action):
    """The actions the hard level searches besides its heuristic's: the draft, the die to
    produce with, stealing. The rest is the heuristic's alone: steps, spots, conversions and
    magic (many, and decided well by it), and the tile to lay, ending the phase and buying
    (searched, they lost: hard at 7 playouts won 42% of 100 games against normal, 54% with
    the dice alone)."""
    return (rules.DRAFT <= action < rules.STEP or action == rules.NO_STEAL
            or rules.STEAL <= action < rules.RABBIT)


def _worth(state, s):
    """A seat's material in tenths of a point: points, stones towards sets, mana, gold."""
    st = state.stones[s]
    total = st[0] + st[1] + st[2] + st[3]
    return 10 * state.points[s] + _W_STONE * total + 10 * state.mana[s] + 2 * state.gold[s] \
        + W_HAND * len(state.tiles[s]) + potential(state.boards[s], state.rots[s])


def evaluate(state, seat):
    """The hard level's value of a playout's end for `seat`: its material minus the best
    other seat's, plus WIN (shared) once the game is over."""
    if state.is_over():
        scores = state.points
        best = None
        for s in range(len(scores)):
            if s != seat and (best is None or scores[s] > best):
                best = scores[s]
        value = 10 * (scores[seat] - (best if best is not None else 0))
        winners = state.winners()
        if seat in winners:
            value += WIN // len(winners)
        return value
    mine = _worth(state, seat)
    best = None
    for s in range(state.players):
        if s != seat:
            w = _worth(state, s)
            if best is None or w > best:
                best = w
    return mine - (best if best is not None else 0)
