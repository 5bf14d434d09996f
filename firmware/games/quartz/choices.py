# Quartz's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, and the table's shortcuts, several actions
# chosen as one pick ((words, actions)): an action with its dice, dice rerolled by face, a
# whole crystal move. Loaded for a human's decision only (a board's heap).
from firmware.games.quartz import rules

# The actions in the order a turn usually takes them (the chest last: it keeps the gains).
PLAY_ORDER = (rules.PICKAXE, rules.HAMMER, rules.STEAL, rules.TRANSFER, rules.CHEST)
# The actions a player likely gives every helmet left (a steal takes a crystal a die, a
# pickaxe only mines one); the others' own dice first.
WITH_HELMETS = (rules.STEAL, rules.TRANSFER, rules.CHEST)


def _free(view, kind):
    """The dice that may join an action of `kind`, in the order a shortcut takes them: its
    face first, then helmets (a helmet fits any later action, a die of this face none: an
    action is done once a turn), so no better choice is left out."""
    dice = view["dice"]
    free = []
    for face in (kind, rules.HELMET):
        for die in range(rules.DICE):
            if dice[die] == face and not view["used"][die] and not view["group"][die]:
                free.append(rules.DIE + die)
    return free


def _with_dice(view, kind, first):
    """Shortcuts 'pickaxe with 3 dice': `first` (the action's choice, in choosing one), then
    its dice, then doing it (by itself once every fitting die is in). Its own face's dice
    first (the likely choice), then each helmet more, then fewer dice."""
    free = _free(view, kind)
    picked = sum(view["group"])
    own = 0
    while own < len(free) and view["dice"][free[own] - rules.DIE] == kind:
        own += 1
    least = max(1, rules.MIN_DICE[kind] - picked)
    counts = list(range(max(own, least), len(free) + 1)) + list(range(own - 1, least - 1, -1))
    if kind in WITH_HELMETS and len(counts) > 1:  # every helmet with it first
        counts.insert(0, counts.pop(counts.index(len(free))))
    out = []
    for more in counts:
        n = picked + more
        actions = first + free[:more]
        if more < len(free):
            actions.append(rules.CONFIRM)
        if len(actions) > 1:  # (one action: the game's own)
            out.append(("%s with %d %s" % (rules.FACES[kind], n, "die" if n == 1 else "dice"),
                        actions))
    return out


def _lone(view):
    """The faces likely rerolled: each that a lone die shows, of an action that needs two
    (Q-T3: a hammer, chest, transfer or steal no other die shares; a pickaxe acts alone),
    but a lone steal when a helmet can pair it (the dearest action, worth the helmet)."""
    dice = view["dice"]
    helmets = dice.count(rules.HELMET)
    faces = []
    for face in range(rules.HAMMER, rules.HELMET):
        if dice.count(face) == 1 and not (face == rules.STEAL and helmets):
            faces.append(face)
    return faces


def _rerolls(view, legal):
    """Shortcuts 'reroll 2 chest dice': every die of a face picked, then rerolled (after
    picking some: 'reroll these + 2 chest'); first, when several faces show a lone die,
    'reroll the lone chest, steal' (_lone). The lone faces' first."""
    some = sum(view["selected"])
    cost = "" if view["rerolls"] else ", a marker"
    lone = _lone(view)
    out = []
    sets = [[face] for face in lone] + [[face] for face in range(rules.HELMET) if face not in lone]
    if len(lone) > 1:  # (a helmet fits any action: rarely rerolled, never here)
        sets.insert(0, lone)
    for faces in sets:
        dice = [rules.DIE + d for d in range(rules.DICE)
                if view["dice"][d] in faces and not view["selected"][d]]
        if not dice or len(dice) < len(faces) or dice[0] not in legal:
            continue
        n = len(dice)
        if len(faces) > 1:
            words = "the lone " + ", ".join([rules.FACES[f] for f in faces])
        elif some:
            words = "%d %s" % (n, rules.FACES[faces[0]])
        else:
            words = "%d %s %s" % (n, rules.FACES[faces[0]], "die" if n == 1 else "dice")
        out.append(("reroll " + ("these + " if some else "") + words + cost, dice + [rules.REROLL]))
    return out


def _bonus(held, kind, more):
    """What `more` (1 or -1) crystal of `kind` does to a holding's set bonus (Q-F2)."""
    if kind >= rules.VALUABLE or held[kind] + more < 0:
        return 0
    return rules.set_bonus(held[kind] + more) - rules.set_bonus(held[kind])


def _worth(moving, held, kind):
    """How much a player wants to move a crystal of `kind`, the most first: to take, what
    it adds to their holding `held` (cart and chest: value and set bonus, Q-F1, Q-F2) and
    a little of what the victim loses; to chest, its value (what a chest keeps safe); to
    give away or return, the least it costs them."""
    value = rules.VALUES[kind]
    if moving == "take":
        return 10 * (value + _bonus(held, kind, 1)) + 3 * value
    if moving == "chest":
        return value
    return -(value - _bonus(held, kind, -1))


def _held(view, seat):
    """`seat`'s crystals, cart and chest, per kind."""
    return [view["carts"][seat][k] + view["chests"][seat][k] for k in range(rules.NKINDS)]


def _greedy(pool, left, moving, held):
    """The kinds a `moving` move ("take", "chest", "give", "return") of `left` crystals
    takes from `pool` (counts per kind), the one the player wants most first (_worth, with
    the mover's holding `held` as it grows), as the choices the player makes: up to where
    the game moves the rest by itself (Q-T3: one kind left, or all must go); and the counts
    it moves in all."""
    pool = list(pool)
    held = list(held)
    picks = []
    moved = [0] * rules.NKINDS
    choosing = True
    while left > 0 and sum(pool):
        kinds = [k for k in range(rules.NKINDS) if pool[k]]
        if len(kinds) == 1 or left >= sum(pool):
            choosing = False  # (from here the game moves them: all, or one kind, any order)
        kind = max(kinds, key=lambda k: _worth(moving, held, k) * 8 - k)
        if choosing:
            picks.append(rules.CRYSTAL + kind)
        moved[kind] += 1
        pool[kind] -= 1
        held[kind] += 1 if moving == "take" else -1 if moving != "chest" else 0
        left -= 1
    return picks, moved


def _has_face(view, kind):
    """Whether a free die shows `kind`'s own face (an action of helmets alone is unlikely: a
    helmet is worth more added to another action)."""
    for die in range(rules.DICE):
        if view["dice"][die] == kind and not view["used"][die]:
            return True
    return False


def _mining_pays(view):
    """Whether a crystal mined from the bag adds to the mover's points on average (value and
    set bonus, _worth): late in a game the bag is mostly unstable crystals (Q-R2)."""
    bag = view["bag"]
    held = _held(view, view["current"])
    return sum([bag[k] * (rules.VALUES[k] + _bonus(held, k, 1)) for k in range(rules.NKINDS)]) > 0


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
            moving = "give" if view["action"] == rules.TRANSFER else "take"
            target = action - rules.SEAT
            first = [action]
        source = view["carts"][target if moving == "take" else view["current"]]
        if moving == "return":
            source = view["mined"]
        picks, moved = _greedy(source, view["left"], moving, _held(view, view["current"]))
        if len(first + picks) < 2:
            continue  # (one action: the game's own choice)
        what = ", ".join(["%d %s" % (moved[k], rules.KINDS[k]) for k in range(rules.NKINDS)
                          if moved[k]])
        if moving == "take":
            words = "steal %s from P%d" % (what, target + 1)
        elif moving == "give":
            words = "give %s to P%d" % (what, target + 1)
        else:
            words = ("put %s in the chest" if moving == "chest" else "return %s to the bag") % what
        out.append((words, first + picks))
    return out


def _aim(view, seat):
    """How likely `seat` is the target, the least first: a transfer gives to the leader (the
    unstable crystals where they hurt most), a steal takes from the cart it gains most from
    (_worth of each crystal as the mover's holding grows)."""
    if view["action"] == rules.TRANSFER:
        return -view["scores"][seat] * 8 - seat  # (a tie: the later seat)
    held = _held(view, view["current"])
    picks, moved = _greedy(view["carts"][seat], view["left"], "take", held)
    total = 0
    for kind in range(rules.NKINDS):
        for _ in range(moved[kind]):
            total += _worth("take", held, kind)
            held[kind] += 1
    return -total * 8 + seat


def _aimed(view, kind, shortcut):
    """'steal 2 ruby from P3 with 3 dice': a steal's or a transfer's shortcut (the action
    with its dice) carried on to the likely target (_aim) and its likely crystals (_greedy)
    as one pick; None when that target has nothing to give (or the cart nothing to send)."""
    words, actions = shortcut
    me = view["current"]
    n = len([a for a in actions if rules.DIE <= a < rules.DIE + rules.DICE])  # (no die picked yet)
    probe = {"action": kind, "left": n - 1, "carts": view["carts"], "chests": view["chests"],
             "scores": view["scores"], "current": me}
    seats = [s for s in range(view["players"]) if s != me]
    target = min(seats, key=lambda s: _aim(probe, s))
    source = view["carts"][me if kind == rules.TRANSFER else target]
    picks, moved = _greedy(source, n - 1, "take" if kind == rules.STEAL else "give",
                           _held(view, me))
    if not sum(moved):
        return None
    what = ", ".join(["%d %s" % (moved[k], rules.KINDS[k])
                      for k in range(rules.NKINDS) if moved[k]])
    words = "%s %s %s P%d with %d dice" % (rules.FACES[kind], what,
                                            "from" if kind == rules.STEAL else "to", target + 1, n)
    return (words, actions + [rules.SEAT + target] + picks)


def choices(view, legal):
    """The choices of a decision, with the table's shortcuts (TableScreen plays a (words,
    actions) one as one pick): an action with its dice at once ('pickaxe with 3 dice', in
    place of choosing the action, then each die, then doing it; a steal or a transfer on
    to its likely target and crystals first, _aimed; ending the turn last),
    every die of a face rerolled at once (after the game's own, a die at a time), a whole
    crystal move at once (_runs). Crystals the likely first: the dearest to take or to
    chest, the cheapest to give or return."""
    phase = view["phase"]
    if phase == "act":
        first = []  # each open action with its likely dice, then the other counts
        more = []
        order = PLAY_ORDER
        if not _mining_pays(view):  # (mining last: it would likely cost points)
            order = PLAY_ORDER[2:] + PLAY_ORDER[:2]
        own = [k for k in order if _has_face(view, k)]
        for kind in own + [k for k in order if k not in own]:  # (helmets alone: last)
            if rules.ACTION + kind in legal:
                counts = _with_dice(view, kind, [rules.ACTION + kind])
                aimed = None
                if counts and kind in (rules.STEAL, rules.TRANSFER):  # ... and at whom: first
                    aimed = _aimed(view, kind, counts[0])
                first.extend([aimed] + counts[:1] if aimed else counts[:1])  # (the plain
                more.extend(counts[1:])  # one next: another target a press away)
        return first + more + [rules.END_TURN]  # (always a choice here)
    if phase == "dice":
        return _with_dice(view, view["action"], []) + legal
    if phase == "roll":  # keep, reroll the dice picked, then the shortcuts
        some = rules.REROLL in legal
        rerolls = _rerolls(view, legal)
        if rerolls and view["rerolls"] and not some and _lone(view):  # a free reroll of
            return rerolls[:1] + legal[:1] + rerolls[1:] + legal[1:]  # lone dice: first
        return legal[:1 + some] + rerolls + legal[1 + some:]
    if legal[0] >= rules.CRYSTAL:
        held = _held(view, view["current"])
        return _runs(view, legal) + sorted(legal, key=lambda a: a - _worth(
            phase, held, a - rules.CRYSTAL) * 64)  # (keys unique: a port's sort need not be stable)
    if phase == "target":  # the likely target first (_aim)
        legal = sorted(legal, key=lambda a: _aim(view, a - rules.SEAT))  # (unique keys)
        return _runs(view, legal) + legal
    return legal
