# Quartz's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, and the table's shortcuts, several actions
# chosen as one pick ((words, actions)): first what the player likely does next, whole (the
# normal bot's plan of the dice, up to the next roll or crystal drawn, or the turn's end);
# then an action with its dice, dice rerolled by face, a whole crystal move, the ones the
# bot rates best first (a player who wants another move than the normal bot's: the hard
# bot's, a press or two away), round the list from the first (UP reaches the next likely
# too). Loaded for a human's decision only (a board's heap; the bot's code is there already
# with any bot seat).
from firmware.core.prng import Prng
from firmware.games.quartz import bot, rules
from firmware.ui.canvas import wrap

RUN = 40  # actions a likely run takes at most (a turn's whole end is fewer)
ROW = 25  # a choice's row on the narrowest screen (26 columns, one the cursor's); two rows

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


ROLLS = 15  # reroll shortcuts at most: every set of four faces (a list within paging)


def _weigher(view):
    """A normal bot (bot.py) to weigh the choices with. Its memo of plan values by dice holds
    what one decision's rerolls meet (250 at most, as the hard bot's for a roll; an average
    120) and goes with it: the outcomes the rerolls share are weighed once, 2.4 times
    fewer dice_value calls."""
    weigh = bot.Bot(view["current"])
    weigh.held = [_held(view, s) for s in range(view["players"])]
    return weigh


def _act_worth(weigh, view, kind, shortcut):
    """What an action of `kind` with the dice of `shortcut` is worth to the bot `weigh` (its
    plan's table, hundredths of a point): the action's value with those dice, and the best
    plan of the dice left for the other actions."""
    dice = view["dice"]
    counts = [0] * len(rules.FACES)  # the free dice left, per face
    for die in range(rules.DICE):
        if not view["used"][die]:
            counts[dice[die]] += 1
    n = 0
    for action in shortcut[1]:
        if rules.DIE <= action < rules.DIE + rules.DICE:
            counts[dice[action - rules.DIE]] -= 1
            n += 1
    table = weigh.table
    row = table[kind]
    table[kind] = [0] * (rules.DICE + 1)  # (done: no die left for it)
    rest = weigh.dice_value(counts)
    table[kind] = row
    return row[n] + rest


def _rerolls(view, near):
    """Shortcuts 'reroll 2 steal and a chest': every die of some faces rerolled at once (with
    those picked already), each set of the faces showing but the helmet's (a helmet fits any
    action: kept), ROLLS at most. First the rerolls of the faces the plan needs least (_least:
    the one face, the two, ...), the best first: by what the dice are worth on average after
    the reroll (the bot's plan value over every outcome, as the hard bot weighs a reroll,
    bot.py _reroll_plan: nearly always one of these); then the others, the nearest `near` (a
    bitmask of faces: the likely reroll's) first; a tie the nearer, then the fewer faces,
    the lower."""
    dice = view["dice"]
    picked = view["selected"]
    weigh = _weigher(view)
    weigh.plan(view, (1 << rules.DICE) - 1)  # (its table: each action's value by dice)
    least = _least(weigh, view)
    shown = 0  # the faces of the dice not picked yet
    weighed = []  # the faces of the rerolls weighed: the least needed one, two, ...
    for face in least:
        shown |= 1 << face
        weighed.append(shown)
    cost = "" if view["rerolls"] else ", a marker"
    out = []
    for faces in range(1, 1 << rules.HELMET):
        if faces & ~shown:
            continue
        mask = 0
        kept = [0] * len(rules.FACES)
        for die in range(rules.DICE):
            if picked[die] or (faces >> dice[die]) & 1:
                mask |= 1 << die
            else:
                kept[dice[die]] += 1
        worth = 0
        if faces in weighed:  # (over 6 ** 5 outcomes: the rerolls of any count compare)
            n = rules.ones(mask)
            worth = weigh.expect(kept, 0, n, bot.FACT[n], 0) * bot.SIDES[n]
        actions = [rules.DIE + d for d in range(rules.DICE) if (mask >> d) & 1 and not picked[d]]
        out.append(((faces not in weighed, -worth, rules.ones(faces ^ near), rules.ones(faces),
                     faces),  # (unique keys: a port's sort need not be stable)
                    ("reroll " + _faces(dice, mask) + cost, actions + [rules.REROLL])))
    out.sort()
    return [shortcut for _, shortcut in out[:ROLLS]]


def _least(weigh, view):
    """The faces of the dice not picked (the helmet's never), the one the plan needs least
    first: by the plan value (the bot `weigh`'s table) of its dice with one helmet more, a
    die (a lone steal die is worth keeping: a steal with any one die more; a lone pickaxe
    die, a pickaxe as it is), a tie the lower face."""
    counts = [0] * len(rules.FACES)
    for die in range(rules.DICE):
        if not view["selected"][die]:
            counts[view["dice"][die]] += 1
    out = []
    for face in range(rules.HELMET):
        n = counts[face]
        if n:
            alone = [0] * len(rules.FACES)
            alone[face] = n
            alone[rules.HELMET] = 1 if n < rules.DICE else 0
            out.append((weigh.dice_value(alone) * 60 // n, face))  # (60: whole for 1 to 5 dice)
    out.sort()
    return [face for _, face in out]


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


def _faces(dice, picked):
    """'2 steal, chest': the faces of the dice in bitmask `picked`."""
    counts = [0] * len(rules.FACES)
    for die in range(rules.DICE):
        counts[dice[die]] += (picked >> die) & 1
    return ", ".join([("%d " % n if n > 1 else "") + rules.FACES[face]
                      for face, n in enumerate(counts) if n])


def _said(note):
    """A move's note in a choice's few words, the action named as its die's face and the
    crystals as 'ruby + amber', '2 quartz + emerald' (a choice has two rows): 'P2 steals 1
    ruby and 1 amber from P3' -> 'steal ruby + amber from P3', '... puts 2 ruby in the chest'
    -> 'chest 2 ruby', '... gives an unstable to P3' -> 'transfer unstable to P3', '...
    returns a quartz to the bag' -> 'return quartz' (a seat's name, P1 .. P6, and a space:
    3 characters)."""
    verb, rest = note[3:].split(" ", 1)
    rest = rest.split(" in the chest")[0].split(" to the bag")[0]
    words = [w for w in rest.replace(",", " and").split() if w not in ("1", "a", "an")]
    rest = " ".join(words).replace(" and ", " + ")
    if verb == "puts":
        return "chest " + rest
    if verb == "gives":
        return "transfer " + rest
    return verb[:-1] + " " + rest


class _Player(bot.Bot):
    """The normal bot, its plan of the dice made again only when the dice or the crystals
    changed (a reroll's picks, an action's dice each asked for the same plan: a board's
    time)."""

    planned = None
    value = 0

    def plan(self, view, free):
        key = [free, view["dice"], view["kinds_used"], view["carts"], view["chests"]]
        if key != self.planned:
            self.planned = key
            self.value = bot.Bot.plan(self, view, free)
        return self.value


def likely(view, legal):
    """What the player likely does from here, as one pick: the normal bot's decisions (its
    plan of the dice, bot.py) from this view on, up to what nobody knows yet (a roll, a
    crystal drawn) or the turn's end, or the move whose words would not fit the choice's two
    rows: (words, actions), its moves said one after the other ('reroll 2 steal, chest',
    'pickaxe with 2 dice', 'steal ruby from P3, chest amber, end the turn'); or its one
    action."""
    seat = view["current"]
    state = rules.sample_state(view, Prng(1))  # (the bag's draws: never reached)
    player = _Player(seat)
    revealed = state.revealed
    actions = []
    words = []
    done = 0  # the actions of the moves said so far
    while len(actions) < RUN and state.current_player() == seat and state.revealed == revealed:
        seen = state.view(seat)
        action = player.choose(seen)
        phase = state.phase
        kind = state.kind
        dice = rules.ones(state.group) + (action >= rules.DIE)
        said = len(words)
        if action == rules.REROLL:
            words.append("reroll " + _faces(state.dice, state.sel)
                         + ("" if state.rerolls else ", a marker"))
        state.apply(action)
        actions.append(action)
        if action == rules.END_TURN:
            words.append("end the turn")
        elif phase == rules.P_GROUP and kind <= rules.HAMMER and state.phase != phase:
            words.append("%s with %d %s" % (rules.FACES[kind], dice, "die" if dice == 1
                                            else "dice"))  # (what it mines: not known yet)
        elif phase != rules.P_ROLL and state.notes and state.notes[0][:3] == "P%d " % (seat + 1):
            words.append(_said(state.notes[0]))  # (a whole crystal move, done)
        if len(words) > said:  # a move done: the choice ends before it if its words don't fit
            if said and len(wrap(", ".join(words), ROW)) > 2:
                del actions[done:]
                del words[said:]
                break
            done = len(actions)
    if len(actions) == 1 or not words:
        return actions[0]  # (a turn that ends as the dice are kept: keeping them)
    return (", ".join(words), actions)


def choices(view, legal):
    """The choices of a decision: what the player likely does first (likely), then the
    others with the table's shortcuts, none twice (the same actions), round the list from
    it (_round)."""
    first = likely(view, legal)
    same = list(first[1]) if isinstance(first, tuple) else [first]
    near = 0  # the faces the likely reroll rerolls (none: the dice are likely kept)
    if same[-1] == rules.REROLL:
        for action in same[:-1]:
            near |= 1 << view["dice"][action - rules.DIE]
    return [first] + _round([c for c in others(view, legal, near)
                             if (list(c[1]) if isinstance(c, tuple) else [c]) != same])


def _round(ranked):
    """The choices after the first, the likelier first (`ranked`), round the list the
    cursor goes (UP from the first: the last): the likeliest one DOWN, the next one UP, and
    so on, the least likely in the middle, the farthest. Keeping the dice, ending the turn
    stay last (one UP)."""
    last = []
    if ranked and isinstance(ranked[-1], int) and ranked[-1] in (rules.KEEP, rules.END_TURN):
        last = ranked[-1:]
        ranked = ranked[:-1]
    return ranked[0::2] + ranked[1::2][::-1] + last


def others(view, legal, near=0):
    """The choices after the likely one (`near`: the faces its reroll rerolls, a bitmask),
    the likelier first, with the table's shortcuts (TableScreen plays a (words, actions) one
    as one pick): an action with its dice at once ('pickaxe with 3 dice', in place of
    choosing the action, then each die, then doing it), the best first by what the bot's
    plan makes of it (_act_worth: the action and the dice left; a steal's or a transfer's
    best count on to its likely target and crystals first, _aimed; ending the turn last),
    the dice of some faces rerolled at once
    (_rerolls; then a die at a time, and keeping the dice last: one UP from the first), a
    whole crystal move at once (_runs). Crystals the likely first: the dearest to take or
    to chest, the cheapest to give or return."""
    phase = view["phase"]
    if phase == "act":  # each open action with its dice, the likely best first
        weigh = _weigher(view)
        free = 0
        for die in range(rules.DICE):
            if not view["used"][die]:
                free |= 1 << die
        weigh.plan(view, free)  # (its table: each action's value by dice)
        out = []
        order = PLAY_ORDER
        if not _mining_pays(view):  # (mining last: it would likely cost points)
            order = PLAY_ORDER[2:] + PLAY_ORDER[:2]
        own = [k for k in order if _has_face(view, k)]
        for kind in own + [k for k in order if k not in own]:  # (helmets alone: last)
            if rules.ACTION + kind in legal:
                counts = _with_dice(view, kind, [rules.ACTION + kind])
                keyed = [((-_act_worth(weigh, view, kind, counts[i]), i > 0, len(out) + i),
                          counts[i]) for i in range(len(counts))]  # (a tie: the play order,
                # the likely count of each kind before the others; unique keys: a port's sort
                # need not be stable)
                best = min(keyed)[0] if keyed else None
                for key, shortcut in keyed:
                    aimed = None
                    if key == best and kind in (rules.STEAL, rules.TRANSFER):  # ... and at
                        aimed = _aimed(view, kind, shortcut)  # whom: first, the plain one
                    if aimed:  # next (another target a press away)
                        out.append((key + (0,), aimed))
                    out.append((key + (1,), shortcut))
        out.sort()
        return [shortcut for _, shortcut in out] + [rules.END_TURN]  # (always a choice here)
    if phase == "dice":
        return _with_dice(view, view["action"], []) + legal
    if phase == "roll":  # the likely best rerolls, the dice one by one, keeping last
        some = [rules.REROLL] if rules.REROLL in legal else []  # (the dice picked)
        return some + _rerolls(view, near) + [a for a in legal if a >= rules.DIE] + [rules.KEEP]
    if legal[0] >= rules.CRYSTAL:
        held = _held(view, view["current"])
        return _runs(view, legal) + sorted(legal, key=lambda a: a - _worth(
            phase, held, a - rules.CRYSTAL) * 64)  # (keys unique: a port's sort need not be stable)
    if phase == "target":  # the likely target first (_aim)
        legal = sorted(legal, key=lambda a: _aim(view, a - rules.SEAT))  # (unique keys)
        return _runs(view, legal) + legal
    return legal
