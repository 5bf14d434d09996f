# Quartz: The Dice Game on the handheld table screen (the protocol is in screens.py:
# draw(canvas, view, names)). Renders from a seat's view only (everything in Quartz is public).
#
# Page 1: round / whose turn / leader; the five dice (face letters on badges: teal free,
# orange picked, grey used) and what the mover is doing; a legend row (each crystal kind as
# a gem of its colour with its value); your cart and chest; the other carts. At 40 columns
# every seat row also shows its chest size, reroll markers and points now. Then: points at
# 26 columns, the other chests, the bag, and the words of the dice faces.
#
# Choosing by pointing (canvas.mark): each die, crystal gem and seat name a choice picks is
# marked with that action, so the table can point at it (screens.py, TableScreen.point).
from firmware.core import quartz as Q
from firmware.ui import canvas as C

# One colour per crystal kind, KINDS order: quartz, rubellite, emerald, sapphire, ruby,
# amber, unstable (obsidian).
KIND_COLOURS = (C.WHITE, C.PINK, C.GREEN, C.BLUE, C.RED, C.ORANGE, C.PURPLE)
# Dice badges: a free die, one picked (to reroll / for the action), one used this turn.
DIE_FREE = C.TEAL
DIE_PICKED = C.ORANGE
DIE_USED = C.DIM
CELL = 3  # columns per crystal kind in a row: the gem, then its count
# The actions in the order a turn usually takes them (the chest last: it keeps the gains).
PLAY_ORDER = (Q.PICKAXE, Q.HAMMER, Q.STEAL, Q.TRANSFER, Q.CHEST)


def _label(c):
    """Columns before the first crystal kind."""
    return 5 if c.cols < 40 else 7


def _short(names, seat):
    """'P2' of 'P2 normal'."""
    name = names[seat] if seat < len(names) else "P%d" % (seat + 1)
    cut = name.find(" ")
    return name if cut < 0 else name[:cut]


def _status(c, view, names):
    c.line(C.WHITE)
    if view["over"]:
        winners = view["winners"]
        if len(winners) == 1:
            c.text("Game over: %s wins" % _short(names, winners[0]))
        else:
            c.text("Game over: tie " + " ".join([_short(names, s) for s in winners]))
        return
    c.text("Round %d/%d %s plays" % (view["round"], view["rounds"], _short(names, view["turn"])))
    c.right("lead %s" % _short(names, view["leader"]))


def _doing(view, names):
    """What the mover is doing, in a few words."""
    phase = view["phase"]
    if phase == "roll":
        return "free%d mk%d" % (view["rerolls"], view["markers"][view["turn"]])
    if phase == "act":
        done = [Q.FACE_LETTERS[k] for k in range(5) if view["kinds_used"][k]]
        return "done " + " ".join(done) if done else "choose"
    kind = view["action"]
    letter = Q.FACE_LETTERS[kind] if 0 <= kind < 5 else "?"
    if phase == "dice":
        return "%s x%d" % (letter, sum(view["group"]))
    if phase == "return":
        return "return %d" % view["left"]
    if phase == "chest":
        return "chest %d" % view["left"]
    if phase == "target":
        return "%s: who?" % letter
    target = _short(names, view["target"]) if view["target"] >= 0 else "?"
    if phase == "give":
        return "give %d>%s" % (view["left"], target)
    if phase == "take":
        return "take %d<%s" % (view["left"], target)
    return ""


def _die_key(view, die, picked):
    """The action that would pick `die` now, or -1 (not marked)."""
    phase = view["phase"]
    dice = view["dice"]
    used = view["used"]
    face = dice[die]
    if phase == "act":  # an action kind: the dice of its face (a helmet fits all: none)
        return Q.ACTION + face if face != Q.HELMET else -1
    if phase not in ("roll", "dice") or picked[die]:
        return -1  # (a picked die keeps its orange: no outline)
    # One choice per face (legal_actions): the first such die's, so equal dice light up
    # together; a used die gets a used die's, which no choice has (an outline).
    first = 0
    while dice[first] != face or used[first] != used[die] or picked[first]:
        first += 1
    return Q.DIE + first


def _dice(c, view, names):
    c.line(C.WHITE)
    wide = c.cols >= 40
    c.text("Dice ")  # (its space, and the one after each die: the pointer's cells)
    picked = view["selected"] if view["phase"] == "roll" else view["group"]
    for die in range(Q.DICE):
        colour = DIE_FREE
        if view["used"][die]:
            colour = DIE_USED
        elif picked[die]:
            colour = DIE_PICKED
        letter = Q.FACE_LETTERS[view["dice"][die]]
        key = _die_key(view, die, picked)
        if key >= 0:
            c.mark(key)
        c.badge(" %s " % letter if wide else letter, colour)
        c.space()
    c.right(_doing(view, names))


def _row(c, label, counts, colour, pick=False, seat=-1):
    """`label`, then each kind held as its gem and count, at fixed columns. With `pick`,
    each gem is marked with the choice of one crystal of its kind; the label with the
    choice of `seat`."""
    c.line(colour)
    first = _label(c)
    if seat >= 0:
        c.mark(Q.SEAT + seat)  # a word: the cursor's bar under the name
    c.text(label[:first - 1])
    held = False
    for kind in range(Q.NKINDS):
        c.col = first + kind * CELL
        n = counts[kind]
        if n:
            # A count of 10 or more before fills the pointer's cell: mark the count (a bar).
            crowded = kind and counts[kind - 1] > 9
            if pick and not crowded:
                c.mark(Q.CRYSTAL + kind)
            c.gem(KIND_COLOURS[kind])
            if pick and crowded:
                c.mark(Q.CRYSTAL + kind)
            c.text("%d" % n)
            held = True
    if not held:
        c.col = first
        c.text("-")


def _extra(c, view, seat):
    """At 40 columns: chest size, reroll markers and points now after a seat's row."""
    if c.cols < 40:
        return
    c.col = _label(c) + Q.NKINDS * CELL + 1
    c.text("%2d %2d %4d" % (sum(view["chests"][seat]), view["markers"][seat],
                           view["scores"][seat]))


def _legend(c):
    c.line(C.GREY)
    first = _label(c)
    for kind in range(Q.NKINDS):
        c.col = first + kind * CELL
        c.gem(KIND_COLOURS[kind])
        c.text("%d" % Q.VALUES[kind])
    if c.cols >= 40:
        c.col = _label(c) + Q.NKINDS * CELL + 1
        c.text("ch mk  pts")


def draw(c, view, names):
    seat = view["seat"]
    players = view["players"]
    turn = view["turn"]
    over = view["over"]
    phase = view["phase"]
    target = view["target"] if phase in ("target", "give", "take") else -1
    # The cart whose crystals a choice picks: the mover's (chest, give), the target's (take).
    source = turn if phase in ("chest", "give") else target if phase == "take" else -1
    _status(c, view, names)
    _dice(c, view, names)
    if phase == "return":  # hammer: the crystals that may go back
        _row(c, "New", view["mined"], C.ORANGE, True)
    else:
        _legend(c)
    _row(c, "Cart" if c.cols < 40 else _short(names, seat), view["carts"][seat], C.GOLD,
         seat == source)
    _extra(c, view, seat)
    _row(c, "Chst" if c.cols < 40 else "chest", view["chests"][seat], C.GOLD)
    for i in range(1, players):
        other = (seat + i) % players
        colour = C.WHITE
        if other == target:
            colour = C.ORANGE
        elif other == turn and not over:
            colour = C.CYAN
        _row(c, _short(names, other), view["carts"][other], colour, other == source, other)
        _extra(c, view, other)
    # Further pages.
    if c.cols < 40:
        for s in range(players):
            c.line(C.GOLD if s == seat else C.WHITE)
            c.text("%s %3d pts ch%d mk%d" % (_short(names, s), view["scores"][s],
                                            sum(view["chests"][s]), view["markers"][s]))
    for i in range(1, players):
        other = (seat + i) % players
        _row(c, _short(names, other) + "ch", view["chests"][other], C.GREY)
    _row(c, "Bag", view["bag"], C.GREY)
    if c.cols >= 40:
        c.col = _label(c) + Q.NKINDS * CELL + 1
        c.text("%d pairs" % view["pairs"])
    else:
        c.line(C.GREY)
        c.text("%d in the bag, %d pairs" % (sum(view["bag"]), view["pairs"]))  # fits 26 columns
    for part in C.wrap("Dice: P pickaxe, H hammer, C chest, T transfer, S steal, * helmet"
                       " (any face). Orange: picked, grey: used.", c.cols):
        c.line(C.GREY)
        c.text(part)



def _free(view, kind):
    """The dice that may join an action of `kind`, in the order a shortcut takes them: its
    face first, then helmets (a helmet fits any later action, a die of this face none: an
    action is done once a turn), so no better choice is left out."""
    dice = view["dice"]
    free = []
    for face in (kind, Q.HELMET):
        for die in range(Q.DICE):
            if dice[die] == face and not view["used"][die] and not view["group"][die]:
                free.append(Q.DIE + die)
    return free


def _with_dice(view, kind, first):
    """Shortcuts 'pickaxe with 3 dice': `first` (the action's choice, in choosing one), then
    its dice, then doing it (by itself once every fitting die is in). Its own face's dice
    first (the likely choice), then each helmet more, then fewer dice."""
    free = _free(view, kind)
    picked = sum(view["group"])
    own = 0
    while own < len(free) and view["dice"][free[own] - Q.DIE] == kind:
        own += 1
    least = max(1, Q.MIN_DICE[kind] - picked)
    counts = list(range(max(own, least), len(free) + 1)) + list(range(own - 1, least - 1, -1))
    out = []
    for more in counts:
        n = picked + more
        actions = first + free[:more]
        if more < len(free):
            actions.append(Q.CONFIRM)
        if len(actions) > 1:  # (one action: the game's own)
            out.append(("%s with %d %s" % (Q.FACES[kind], n, "die" if n == 1 else "dice"),
                        actions))
    return out


def _rerolls(view, legal):
    """Shortcuts 'reroll 2 chest dice': every die of a face picked, then rerolled (after
    picking some: 'reroll these + 2 chest')."""
    some = sum(view["selected"])
    cost = "" if view["rerolls"] else ", a marker"
    out = []
    for face in range(Q.HELMET):  # (a helmet fits any action: rarely rerolled)
        dice = [Q.DIE + d for d in range(Q.DICE)
                if view["dice"][d] == face and not view["selected"][d]]
        if not dice or dice[0] not in legal:
            continue
        n = len(dice)
        if some:
            words = "reroll these + %d %s" % (n, Q.FACES[face])
        else:
            words = "reroll %d %s %s" % (n, Q.FACES[face], "die" if n == 1 else "dice")
        out.append((words + cost, dice + [Q.REROLL]))
    return out


def _greedy(pool, left, dear):
    """The kinds a move of `left` crystals takes from `pool` (counts per kind), the dearest
    (or the cheapest) first, as the choices the player makes: up to where the game moves the
    rest by itself (Q-T3: one kind left, or all must go); and the counts it moves in all."""
    pool = list(pool)
    picks = []
    moved = [0] * Q.NKINDS
    while left > 0 and sum(pool):
        kinds = [k for k in range(Q.NKINDS) if pool[k]]
        if len(kinds) == 1 or left >= sum(pool):
            dear = None  # (from here the game moves them: all, or one kind, any order)
        kind = max(kinds, key=lambda k: Q.VALUES[k] if dear else -Q.VALUES[k])
        if dear is not None:
            picks.append(Q.CRYSTAL + kind)
        moved[kind] += 1
        pool[kind] -= 1
        left -= 1
    return picks, moved


def _runs(view, legal):
    """Shortcuts 'steal 2 ruby from P3': a whole crystal move at once, the likely crystals
    (the dearest to take or to chest, the cheapest to give or return); at the target step,
    one a target (the target, then its crystals)."""
    phase = view["phase"]
    out = []
    for action in legal if phase == "target" else [None]:
        moving = phase
        target = view["target"]
        first = []
        if action is not None:
            moving = "give" if view["action"] == Q.TRANSFER else "take"
            target = action - Q.SEAT
            first = [action]
        source = view["carts"][target if moving == "take" else view["current"]]
        if moving == "return":
            source = view["mined"]
        picks, moved = _greedy(source, view["left"], moving in ("take", "chest"))
        if len(first + picks) < 2:
            continue  # (one action: the game's own choice)
        what = ", ".join(["%d %s" % (moved[k], Q.KINDS[k]) for k in range(Q.NKINDS)
                          if moved[k]])
        if moving == "take":
            words = "steal %s from P%d" % (what, target + 1)
        elif moving == "give":
            words = "give %s to P%d" % (what, target + 1)
        else:
            words = ("put %s in the chest" if moving == "chest" else "return %s to the bag") % what
        out.append((words, first + picks))
    return out


def choices(view, legal):
    """The choices of a decision, with the table's shortcuts (TableScreen plays a (words,
    actions) one as one pick): an action with its dice at once ('pickaxe with 3 dice', in
    place of choosing the action, then each die, then doing it; ending the turn last),
    every die of a face rerolled at once (after the game's own, a die at a time), a whole
    crystal move at once (_runs). Crystals the likely first: the dearest to take or to
    chest, the cheapest to give or return."""
    phase = view["phase"]
    if phase == "act":
        out = []
        for kind in PLAY_ORDER:
            if Q.ACTION + kind in legal:
                out.extend(_with_dice(view, kind, [Q.ACTION + kind]))
        return out + [Q.END_TURN]  # (always a choice here)
    if phase == "dice":
        return _with_dice(view, view["action"], []) + legal
    if phase == "roll":  # keep, reroll the dice picked, then the shortcuts
        some = Q.REROLL in legal
        return legal[:1 + some] + _rerolls(view, legal) + legal[1 + some:]
    if legal[0] >= Q.CRYSTAL:
        dear = phase in ("take", "chest")
        return _runs(view, legal) + sorted(legal, key=lambda a: -Q.VALUES[a - Q.CRYSTAL] if dear
                                           else Q.VALUES[a - Q.CRYSTAL])
    if phase == "target":
        return _runs(view, legal) + legal
    return legal
