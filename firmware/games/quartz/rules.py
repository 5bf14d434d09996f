# Quartz: The Dice Game (3-6 players): mine crystals, roll dice for actions, chest what you
# want to keep. Rule ids (Q-C2, Q-T3, ...) refer to seeds/quartz.md. Rules only: no I/O.
#
# Crystals of one kind are interchangeable, so the state holds counts per kind (7 kinds,
# KINDS order: quartz, rubellite, emerald, sapphire, ruby, amber, unstable), never one object
# per crystal. Dice are 5 small ints (faces 0..5, FACES order) plus a bitmask of used dice.

from firmware.core.base import GameState, check_players, read_options
from firmware.games.quartz import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's)

OPTIONS = ()
PUBLIC = True  # every seat sees the whole table (the bag's order is nobody's): no hand-over

# ---- Data: every number of the rules in one place --------------------------------------
# Q-C1, Q-C2, Q-S1: kind, value, crystals in the box, removed with 3 / 4 / 5 / 6 players.
CRYSTALS = (
    ("quartz", 2, 14, (4, 3, 2, 0)),
    ("rubellite", 3, 12, (4, 3, 2, 0)),
    ("emerald", 4, 10, (3, 2, 1, 0)),
    ("sapphire", 5, 9, (3, 2, 1, 0)),
    ("ruby", 7, 7, (3, 2, 1, 0)),
    ("amber", 9, 5, (2, 1, 1, 0)),
    ("unstable", -3, 13, (0, 0, 0, 0)),
)
KINDS = tuple([row[0] for row in CRYSTALS])
VALUES = tuple([row[1] for row in CRYSTALS])
NKINDS = 7
UNSTABLE = 6  # the kind index of the unstable crystal (obsidian)
VALUABLE = 6  # kinds 0..5 are the valuable ones
TOTAL = 70  # Q-C2
PAIRS = 6  # Q-S2: 12 unstable crystals in 6 pairs beside the bag ...
BAG_UNSTABLE = 1  # ... and 1 in the bag
SET_BONUS = (0, 0, 0, 3, 6, 10)  # Q-F2 by count (5 or more: the last)
CHEST_PENALTY = 5  # Q-F3
ROUNDS = 6  # Q-R3
DICE = 5  # Q-C3
FREE_REROLLS = 2  # Q-T2
# Q-C3: faces; the first five are also the action kinds (Q-T3).
FACES = ("pickaxe", "hammer", "chest", "transfer", "steal", "helmet")
FACE_LETTERS = "PHCTS*"
PICKAXE = 0
HAMMER = 1
CHEST = 2
TRANSFER = 3
STEAL = 4
HELMET = 5
MIN_DICE = (1, 2, 2, 2, 2)  # Q-T3: dice an action needs, by kind

# ---- Actions (small ints; action_text words them) ---------------------------------------
KEEP = 0  # stop rolling: act with the dice as they are
REROLL = 1  # reroll the dice picked
END_TURN = 2  # Q-T4
CONFIRM = 3  # do the action with the dice picked
ACTION = 10  # + kind 0..4: choose the action to build (Q-T3)
DIE = 20  # + die 0..4: pick a die (to reroll, or for the action)
SEAT = 30  # + seat: the other player of a transfer or a steal
CRYSTAL = 40  # + kind 0..6: one crystal of that kind (return, chest, give, take)

# ---- What the last action moved (no rule: the table points at it while the bots play) ---
# DIE + die (picked, rerolled, or the first of an action's dice), SEAT + seat (the other
# player chosen), or where a crystal went: IN_CART / IN_CHEST + seat * 8 + kind; -1: nothing.
IN_CART = 100
IN_CHEST = 200

# ---- Phases: who decides what now ------------------------------------------------------
P_ROLL = 0  # Q-T2: pick dice to reroll, reroll, or keep
P_ACT = 1  # Q-T3: choose an action kind, or end the turn
P_GROUP = 2  # pick the dice of the action
P_RETURN = 3  # hammer: the just-mined crystals that go back
P_CHEST = 4  # chest: crystals from the cart to the chest
P_TARGET = 5  # transfer / steal: the other player
P_GIVE = 6  # transfer: crystals from the cart to the target's cart
P_TAKE = 7  # steal: crystals from the target's cart
P_OVER = 8
PHASES = ("roll", "act", "dice", "return", "chest", "target", "give", "take", "over")


# ---- Pure scoring (Q-F1 .. Q-F3) ---------------------------------------------------------
def set_bonus(count):
    """Q-F2: bonus for `count` crystals of one valuable kind."""
    return SET_BONUS[count if count < 5 else 5]


def final_scores(holdings, chest_sizes):
    """Points per seat. holdings[seat]: 7 counts (KINDS order, cart + chest);
    chest_sizes[seat]: crystals in that seat's chest (Q-F1 .. Q-F3)."""
    fewest = min(chest_sizes)
    points = []
    for seat in range(len(holdings)):
        counts = holdings[seat]
        total = 0
        for kind in range(NKINDS):
            total += VALUES[kind] * counts[kind]  # Q-F1
            if kind < VALUABLE:
                total += set_bonus(counts[kind])  # Q-F2
        if chest_sizes[seat] == fewest:
            total -= CHEST_PENALTY  # Q-F3: every tied player
        points.append(total)
    return points


# Q-F1 + Q-F2 by kind and count held (0 .. every crystal of the kind): scores() adds these.
_POINTS = tuple([tuple([VALUES[k] * c + (set_bonus(c) if k < VALUABLE else 0)
                        for c in range(CRYSTALS[k][2] + 1)]) for k in range(NKINDS)])


def ranking_key(points, counts):
    """Q-F4: points, then the most quartz, then rubellite, ... up to amber."""
    return [points] + [counts[kind] for kind in range(VALUABLE)]


def leader_key(counts):
    """Q-R1: amber, then ruby, then sapphire, ... down to quartz."""
    return [counts[kind] for kind in range(VALUABLE - 1, -1, -1)]


def _best(seats, keys):
    """The seats whose key is the greatest."""
    best = None
    tied = []
    for seat in seats:
        key = keys[seat]
        if best is None or key > best:
            best = key
            tied = [seat]
        elif key == best:
            tied.append(seat)
    return tied


# ---- Game -------------------------------------------------------------------------------
def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players, seed, read_options(OPTIONS, options))


def _count_of(counts):
    total = 0
    for c in counts:
        total += c
    return total


def ones(mask):
    """How many of the five lowest bits `mask` sets: its dice (picked, used), or its faces
    but the helmet's (choices.py)."""
    n = 0
    for die in range(DICE):
        n += (mask >> die) & 1
    return n


def _a(name):
    """'a ruby', 'an amber'."""
    return ("an " if name[0] in "aeiou" else "a ") + name


def _crystals_text(counts):
    """'an amber', '2 quartz and 1 ruby', '1 quartz, 2 ruby and 1 amber' ('nothing')."""
    parts = []
    for kind in range(NKINDS):
        if counts[kind]:
            parts.append("%d %s" % (counts[kind], KINDS[kind]))
    if _count_of(counts) == 1:
        return _a(parts[0][2:])
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


class State(GameState):
    game = "quartz"

    def __init__(self, players, seed, options, copy_of=None):
        if copy_of is not None:
            self._copy(copy_of)
            return
        self._start(players, seed, options)
        # Q-S1, Q-S2: the bag, the pairs, the crystals out of the game.
        column = players - MIN_PLAYERS
        self.removed = [row[3][column] for row in CRYSTALS]
        self.bag = [CRYSTALS[k][2] - self.removed[k] for k in range(NKINDS)]
        self.bag[UNSTABLE] = BAG_UNSTABLE
        self.pairs = PAIRS
        self.carts = [[0] * NKINDS for _ in range(players)]
        self.chests = [[0] * NKINDS for _ in range(players)]
        self.markers = [0] * players  # reroll markers (Q-C4)
        self.leader = self.rng.randbelow(players)  # Q-S3
        self.round = 0  # index of the round being played (0..5)
        self.played = 0  # turns played in this round
        # The last round as it ended (Q-R), for its summary (the next round's opening draw
        # follows at once): per seat, its 7 counts held (cart + chest), then its chest's
        # count. Empty before the first round ends.
        self.ended = []
        self.turn = self.leader
        self.dice = [0] * DICE
        self.phase = P_ROLL
        self.moved = -1
        self._clear_turn()
        self._start_turn()

    def _copy(self, other):
        self._copy_start(other)
        self.removed = list(other.removed)
        self.bag = list(other.bag)
        self.pairs = other.pairs
        self.carts = [list(c) for c in other.carts]
        self.chests = [list(c) for c in other.chests]
        self.markers = list(other.markers)
        self.leader = other.leader
        self.round = other.round
        self.played = other.played
        self.ended = other.ended  # (replaced at a round's end, never changed in place)
        self.turn = other.turn
        self.dice = list(other.dice)
        self.phase = other.phase
        self.rerolls = other.rerolls
        self.sel = other.sel
        self.used = other.used
        self.kinds_used = other.kinds_used
        self.kind = other.kind
        self.group = other.group
        self.target = other.target
        self.left = other.left
        self.shifted = other.shifted
        self.mined = list(other.mined)
        self.moved = other.moved

    def clone(self):
        return State(0, 0, None, self)

    def _clear_turn(self):
        self.rerolls = FREE_REROLLS  # free rerolls left (Q-T2)
        self.sel = 0  # bitmask: dice picked to reroll
        self.used = 0  # bitmask: dice used by actions (Q-T3)
        self.kinds_used = 0  # bitmask: action kinds done this turn
        self._clear_action()

    def _clear_action(self):
        self.kind = -1  # the action being built
        self.group = 0  # bitmask: its dice
        self.target = -1  # the other player of a transfer / steal
        self.left = 0  # crystals still to move (return, chest, give, take)
        self.shifted = 0  # ...and those moved so far, 4 bits a kind (the move's note)
        self.mined = [0] * NKINDS  # hammer: just-mined crystals that may still go back

    # ---- Mining ----
    def _draw(self):
        """One crystal from the bag (uniform over the crystals), its kind, or -1 if empty."""
        total = _count_of(self.bag)
        if total == 0:
            return -1
        self._reveal()
        r = self.rng.randbelow(total)
        kind = 0
        while r >= self.bag[kind]:
            r -= self.bag[kind]
            kind += 1
        self.bag[kind] -= 1
        return kind

    def _mine(self, count):
        """Mine `count` crystals into the mover's cart; the counts per kind mined."""
        got = [0] * NKINDS
        cart = self.carts[self.turn]
        for _ in range(count):
            kind = self._draw()
            if kind < 0:
                break
            cart[kind] += 1
            got[kind] += 1
            self.moved = IN_CART + self.turn * 8 + kind
        return got

    # ---- Turn flow (Q-T) ----
    def _start_turn(self):
        self._clear_turn()
        me = "P%d" % (self.turn + 1)
        kind = self._draw()  # Q-T1
        if kind < 0:
            self._note("%s mines nothing: the bag is empty" % me)
        else:
            cart = self.carts[self.turn]
            cart[kind] += 1
            marker = ""
            if kind == UNSTABLE:
                self.markers[self.turn] += 1
                marker = ", takes a reroll marker"
            self._note("%s mines %s%s, cart %d", (me, _a(KINDS[kind]), marker, _count_of(cart)))
        self._reveal()
        for die in range(DICE):  # Q-T2: roll all five
            self.dice[die] = self.rng.randbelow(6)
        self.phase = P_ROLL
        self._after_roll()

    def _can_reroll(self):
        return self.rerolls > 0 or self.markers[self.turn] > 0

    def _after_roll(self):
        if not self._can_reroll():  # no reroll left: the only choice would be to keep
            self._to_act()

    def _to_act(self):
        self._clear_action()
        self.phase = P_ACT
        if not self._open_kinds():  # Q-T4: no unused die, or nothing the dice allow
            self._end_turn()

    def _end_turn(self):
        self._clear_turn()
        self.played += 1
        if self.played >= self.players:
            self._end_round()
            return
        self.turn = (self.turn + 1) % self.players
        self._start_turn()

    # ---- End of round (Q-R) ----
    def _end_round(self):
        self._record_round_end()
        keys = [leader_key(self.holdings(seat)) for seat in range(self.players)]
        tied = _best(range(self.players), keys)
        if len(tied) == 1 and tied[0] != self.leader:  # Q-R1
            self.leader = tied[0]
            self._note("the leader marker goes to P%d" % (self.leader + 1))
        if self.round + 1 >= ROUNDS:  # Q-R3
            self.phase = P_OVER
            return
        self.pairs -= 1  # Q-R2
        self.bag[UNSTABLE] += 2
        self._note("round %d over: a pair of unstable crystals goes into the bag"
                   % (self.round + 1))
        self.round += 1
        self.played = 0
        self.turn = self.leader
        self._start_turn()

    def _record_round_end(self):
        """self.ended: the figures of the round ending now, which its summary shows."""
        ended = []
        for seat in range(self.players):
            ended += self.holdings(seat)
            ended.append(_count_of(self.chests[seat]))
        self.ended = ended

    # ---- Dice (Q-T2, Q-T3) ----
    def _fits(self, die, kind):
        return (self.used >> die) & 1 == 0 and (self.dice[die] == kind
                                                 or self.dice[die] == HELMET)

    def _open_kinds(self):
        """Action kinds the unused dice allow now (not yet done this turn)."""
        kinds = []
        for kind in range(5):
            if (self.kinds_used >> kind) & 1:
                continue
            n = 0
            for die in range(DICE):
                if self._fits(die, kind):
                    n += 1
            if n >= MIN_DICE[kind]:
                kinds.append(kind)
        return kinds

    def _first_die(self, kind, among):
        """The first die of `among` (a bitmask) showing `kind`'s face, else a helmet's."""
        for face in (kind, HELMET):
            for die in range(DICE):
                if (among >> die) & 1 and self.dice[die] == face:
                    return die
        return 0

    def _group_size(self):
        return ones(self.group)

    def _group_picks(self):
        """One unused die per face that may join the action (same faces are one choice)."""
        picks = []
        faces = 0
        for die in range(DICE):
            face = self.dice[die]
            if (self.group >> die) & 1 or not self._fits(die, self.kind):
                continue
            if (faces >> face) & 1 == 0:
                faces |= 1 << face
                picks.append(DIE + die)
        return picks

    # ---- The contract ----
    def current_player(self):
        if self.phase == P_OVER:
            return -1
        return self.turn

    def holdings(self, seat):
        """Cart + chest counts per kind of `seat`."""
        return [self.carts[seat][k] + self.chests[seat][k] for k in range(NKINDS)]

    def rounds_scored(self):
        return self.round + (1 if self.phase == P_OVER else 0)

    def scores(self):
        """Q-F points per seat (before the game ends: as if it ended now): final_scores of
        the holdings and chest sizes, in one pass over tables of points by count (a view
        asks for them at every decision of a search's playouts; tests check the two agree)."""
        chests = self.chests
        carts = self.carts
        p0, p1, p2, p3, p4, p5, p6 = _POINTS
        points = []
        sizes = []
        for seat in range(self.players):
            cart = carts[seat]
            chest = chests[seat]
            points.append(p0[cart[0] + chest[0]] + p1[cart[1] + chest[1]]
                          + p2[cart[2] + chest[2]] + p3[cart[3] + chest[3]]
                          + p4[cart[4] + chest[4]] + p5[cart[5] + chest[5]]
                          + p6[cart[6] + chest[6]])  # Q-F1, Q-F2
            sizes.append(chest[0] + chest[1] + chest[2] + chest[3] + chest[4] + chest[5]
                         + chest[6])
        fewest = min(sizes)
        for seat in range(self.players):
            if sizes[seat] == fewest:
                points[seat] -= CHEST_PENALTY  # Q-F3
        return points

    def winners(self):
        if not self.is_over():
            return []
        points = self.scores()
        keys = [ranking_key(points[s], self.holdings(s)) for s in range(self.players)]
        return _best(range(self.players), keys)  # Q-F4

    def legal_actions(self):
        phase = self.phase
        if phase == P_ROLL:
            actions = [KEEP]
            if self.sel:
                actions.append(REROLL)
            faces = 0  # one die per face: rerolling either of two hammers is one choice
            for die in range(DICE):
                face = self.dice[die]
                if (self.sel >> die) & 1 == 0 and (faces >> face) & 1 == 0:
                    faces |= 1 << face
                    actions.append(DIE + die)
            return actions
        if phase == P_ACT:
            return [END_TURN] + [ACTION + kind for kind in self._open_kinds()]
        if phase == P_GROUP:
            actions = []
            if self._group_size() >= MIN_DICE[self.kind]:
                actions.append(CONFIRM)
            return actions + self._group_picks()
        if phase == P_RETURN:
            return _kind_picks(self.mined)
        if phase == P_CHEST or phase == P_GIVE:
            return _kind_picks(self.carts[self.turn])
        if phase == P_TARGET:
            return [SEAT + s for s in range(self.players) if s != self.turn]
        if phase == P_TAKE:
            return _kind_picks(self.carts[self.target])
        return []

    def _do(self, action):
        phase = self.phase
        self.moved = -1
        if phase == P_ROLL:
            self._roll_step(action)
        elif phase == P_ACT:
            if action == END_TURN:
                self._end_turn()
            else:
                self.kind = action - ACTION
                self.group = 0
                self.phase = P_GROUP
                self.moved = DIE + self._first_die(self.kind, 31 & ~self.used)
        elif phase == P_GROUP:
            if action == CONFIRM:
                self._act()
            else:
                self.group |= 1 << (action - DIE)
                self.moved = action
                if not self._group_picks():  # every fitting die is in: nothing to decide
                    self._act()
        elif phase == P_TARGET:
            self.moved = action
            self._target(action - SEAT)
        else:
            self._move(action - CRYSTAL)

    # ---- Q-T2 ----
    def _roll_step(self, action):
        if action == KEEP:
            self.sel = 0
            self._to_act()
        elif action == REROLL:
            if self.rerolls > 0:
                self.rerolls -= 1
            else:  # (move_text says so)
                self.markers[self.turn] -= 1
            self._reveal()
            for die in range(DICE - 1, -1, -1):
                if (self.sel >> die) & 1:
                    self.dice[die] = self.rng.randbelow(6)
                    self.moved = DIE + die  # (the first die rerolled)
            self.sel = 0
            self._after_roll()
        else:
            self.sel |= 1 << (action - DIE)
            self.moved = action

    # ---- Q-T3: the actions ----
    def _act(self):
        kind = self.kind
        n = self._group_size()
        self.used |= self.group
        self.kinds_used |= 1 << kind
        self.moved = DIE + self._first_die(kind, self.group)
        me = "P%d" % (self.turn + 1)
        cart = self.carts[self.turn]
        if kind == PICKAXE or kind == HAMMER:  # the move in one note, what it mined with it
            got = self._mine(n)
            size = ", cart %d" % _count_of(cart) if kind == PICKAXE else ""
            self._note("%s mines %s with the %s%s%s", (
                me, _crystals_text(got), FACES[kind],
                ": the bag is empty" if _count_of(got) < n else "", size))
            self.mined = got
            self.left = min(n // 2, _count_of(got))  # Q-X2; fewer if the bag ran dry
            if kind == HAMMER and self.left:
                self.phase = P_RETURN
                self._settle()
                return
            self._to_act()
            return
        if kind == CHEST:
            self.left = min(n - 1, _count_of(cart))
            self.phase = P_CHEST
            self._settle()
            return
        self.left = n - 1
        if kind == TRANSFER and _count_of(cart) == 0:
            self._note("%s gives nothing: the cart is empty" % me)
            self._to_act()
            return
        self.phase = P_TARGET

    def _target(self, seat):
        self.target = seat
        if self.kind == TRANSFER:
            self.left = min(self.left, _count_of(self.carts[self.turn]))
            self.phase = P_GIVE
        else:
            self.left = min(self.left, _count_of(self.carts[seat]))
            self.phase = P_TAKE
        self._settle()

    def _source_dest(self):
        phase = self.phase
        me = self.turn
        if phase == P_RETURN:
            return self.mined, self.bag  # (the cart is reduced too: see _move_one)
        if phase == P_CHEST:
            return self.carts[me], self.chests[me]
        if phase == P_GIVE:
            return self.carts[me], self.carts[self.target]
        return self.carts[self.target], self.carts[me]

    def _move_one(self, kind):
        source, dest = self._source_dest()
        source[kind] -= 1
        dest[kind] += 1
        phase = self.phase
        if phase == P_RETURN:  # (to the bag: the cart's crystals of that kind, if any left)
            cart = self.carts[self.turn]
            cart[kind] -= 1
            self.moved = IN_CART + self.turn * 8 + kind if cart[kind] else -1
        elif phase == P_CHEST:
            self.moved = IN_CHEST + self.turn * 8 + kind
        else:  # into the target's cart (give) or the mover's (take)
            to = self.target if phase == P_GIVE else self.turn
            self.moved = IN_CART + to * 8 + kind
        self.left -= 1
        self.shifted += 1 << (4 * kind)

    def _move(self, kind):
        self._move_one(kind)
        self._settle()

    def _settle(self):
        """Finish a crystal move when no choice is left (everything goes, or one kind only),
        and once it is done say it whole in one note: every crystal it moved, picked or by
        itself (self.shifted: in the state, so a sampled world says the same)."""
        source, _ = self._source_dest()
        if self.left > 0:
            kinds = 0
            for kind in range(NKINDS):
                if source[kind]:
                    kinds += 1
            if kinds == 1 or self.left >= _count_of(source):
                for kind in range(NKINDS):
                    while self.left > 0 and source[kind] > 0:
                        self._move_one(kind)
        if self.left == 0:
            if not self.quiet:  # (a search's playouts read no notes)
                shifted = self.shifted
                self._note(self._moved_text([(shifted >> (4 * k)) & 15 for k in range(NKINDS)]))
            self._to_act()

    def _moved_text(self, moved):
        me = "P%d" % (self.turn + 1)
        what = _crystals_text(moved)
        phase = self.phase
        if phase == P_RETURN:
            return "%s returns %s to the bag" % (me, what)
        if phase == P_CHEST:
            return "%s puts %s in the chest%s" % (me, what, "" if _count_of(moved)
                                                  else ": the cart is empty")
        if phase == P_GIVE:
            return "%s gives %s to P%d" % (me, what, self.target + 1)
        if not _count_of(moved):
            return "%s steals nothing: P%d's cart is empty" % (me, self.target + 1)
        return "%s steals %s from P%d" % (me, what, self.target + 1)

    # ---- What a seat may see: everything is public ----
    def view(self, seat):
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "round": self.round + 1,
            "rounds": ROUNDS,
            "played": self.played,
            "ended": list(self.ended),
            "leader": self.leader,
            "turn": self.turn,
            "current": self.current_player(),
            "phase": PHASES[self.phase],
            "bag": list(self.bag),
            "pairs": self.pairs,
            "removed": list(self.removed),
            "carts": [list(c) for c in self.carts],
            "chests": [list(c) for c in self.chests],
            "markers": list(self.markers),
            "dice": list(self.dice),
            "used": [(self.used >> d) & 1 for d in range(DICE)],
            "selected": [(self.sel >> d) & 1 for d in range(DICE)],
            "group": [(self.group >> d) & 1 for d in range(DICE)],
            "rerolls": self.rerolls,
            "kinds_used": [(self.kinds_used >> k) & 1 for k in range(5)],
            "action": self.kind,
            "target": self.target,
            "left": self.left,
            "shifted": self.shifted,
            "mined": list(self.mined),
            "moved": self.moved,
            "scores": self.scores(),
            "over": self.phase == P_OVER,
            "winners": self.winners(),
            "legal": self.legal_actions() if seat == self.current_player() else [],
            "notes": list(self.notes),
        }

    def move_text(self, action, viewer=-1):
        """The log's sentence for `action` (everything is public: the viewer changes
        nothing). A reroll and ending the turn say themselves; any other action is a pick
        of a move whose note says it whole once done (_act, _settle: the crystals mined,
        chested, given, stolen or returned), or keeps the dice (the actions tell): None."""
        me = "P%d " % (self.turn + 1)
        if action == REROLL:
            n = ones(self.sel)
            return me + "rerolls " + ("a die" if n == 1 else "%d dice" % n) + (
                "" if self.rerolls else " with a reroll marker")
        if action == END_TURN:
            return me + "ends the turn"
        return None

    def action_text(self, action, viewer=-1):
        """Short words for `action` now (everything is public: the viewer changes nothing)."""
        phase = self.phase
        if action >= CRYSTAL:
            name = KINDS[action - CRYSTAL]
            if phase == P_RETURN:
                return "return %s to the bag" % _a(name)
            if phase == P_CHEST:
                return "put %s in the chest" % _a(name)
            if phase == P_GIVE:
                return "give %s to P%d" % (_a(name), self.target + 1)
            return "take %s from P%d" % (_a(name), self.target + 1)
        if action >= SEAT:
            seat = action - SEAT
            size = _count_of(self.carts[seat])
            if self.kind == TRANSFER:
                return "transfer to P%d (cart %d)" % (seat + 1, size)
            return "steal from P%d (cart %d)" % (seat + 1, size)
        if action >= DIE:
            die = action - DIE
            face = FACES[self.dice[die]]
            if phase == P_ROLL:
                return "pick a %s to reroll" % face
            return "use a %s die" % face
        if action >= ACTION:
            kind = action - ACTION
            n = 0
            for die in range(DICE):
                if self._fits(die, kind):
                    n += 1
            return "%s (up to %d %s)" % (FACES[kind], n, "die" if n == 1 else "dice")
        if action == REROLL:
            n = ones(self.sel)
            how = "free" if self.rerolls > 0 else "a marker"
            return "reroll %d %s (%s)" % (n, "die" if n == 1 else "dice", how)
        if action == KEEP:
            return "keep these dice, act" if not self.sel else "cancel, keep dice, act"
        if action == CONFIRM:
            n = self._group_size()
            return "do %s with %d %s" % (FACES[self.kind], n, "die" if n == 1 else "dice")
        return "end turn"


def _bits(flags):
    mask = 0
    for i in range(len(flags)):
        if flags[i]:
            mask |= 1 << i
    return mask


def sample_state(view, rng):
    """A full State consistent with `view` (for search). Everything in Quartz is public, so
    only future chance differs: the state gets a fresh Prng drawn from `rng`. It has an empty
    history and a seed of its own: it is NOT replayable, use it only to look ahead."""
    s = new_game(view["players"], rng.randbelow(1 << 28), view["options"])
    s.notes = list(view["notes"])
    s.removed = list(view["removed"])
    s.bag = list(view["bag"])
    s.pairs = view["pairs"]
    s.carts = [list(c) for c in view["carts"]]
    s.chests = [list(c) for c in view["chests"]]
    s.markers = list(view["markers"])
    s.leader = view["leader"]
    s.round = view["round"] - 1
    s.played = view["played"]
    s.ended = list(view["ended"])
    s.turn = view["turn"]
    s.dice = list(view["dice"])
    s.phase = PHASES.index(view["phase"])
    s.rerolls = view["rerolls"]
    s.sel = _bits(view["selected"])
    s.used = _bits(view["used"])
    s.kinds_used = _bits(view["kinds_used"])
    s.kind = view["action"]
    s.group = _bits(view["group"])
    s.target = view["target"]
    s.left = view["left"]
    s.shifted = view["shifted"]
    s.mined = list(view["mined"])
    s.moved = view["moved"]
    return s


def _kind_picks(counts):
    return [CRYSTAL + kind for kind in range(NKINDS) if counts[kind] > 0]
