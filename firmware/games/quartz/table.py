# Quartz: The Dice Game on the handheld table screen (the protocol is in screens.py:
# draw(canvas, view, names)). Renders from a seat's view only (everything in Quartz is public).
#
# Page 1: round / whose turn / leader; the five dice (their faces' pictures, look.PICTURES:
# teal free, orange picked; a used die a grey badge of its face's letter) and what the mover
# is doing; a legend row (each crystal kind as
# a gem of its colour with its value); your cart and chest; the other carts. At 40 columns
# every seat row also shows its chest size, reroll markers and points now. Then: points at
# 26 columns, the other chests, the bag, and each face's picture with its word.
#
# Choosing by pointing (canvas.mark): each die, crystal gem and seat name a choice picks is
# marked with that action, so the table can point at it (screens.py, TableScreen.point).
# What the last action moved (view["moved"]: a die, a seat, a crystal where it went) is
# marked C.MOVED while another seat than the viewer's decides, and a crystal the last seat
# moved as the viewer's turn comes: the table points at it while the bots play, and it
# travels.
from firmware.games.quartz import rules
from firmware.ui import canvas

# One colour per crystal kind, KINDS order: quartz, rubellite, emerald, sapphire, ruby,
# amber, unstable (obsidian).
KIND_COLOURS = (canvas.WHITE, canvas.PINK, canvas.GREEN, canvas.BLUE, canvas.RED, canvas.ORANGE,
                canvas.PURPLE)
# Dice badges: a free die, one picked (to reroll / for the action), one used this turn.
DIE_FREE = canvas.TEAL
DIE_PICKED = canvas.ORANGE
DIE_USED = canvas.DIM
FACES = 4  # look.PICTURES: the first face on a free die; + len(rules.FACES): on a picked die
CELL = 3  # columns per crystal kind in a row: the gem, then its count


def _label(c):
    """Columns before the first crystal kind."""
    return 5 if c.cols < 40 else 6


def _short(names, seat):
    """'P2' of 'P2 normal'."""
    name = names[seat] if seat < len(names) else "P%d" % (seat + 1)
    cut = name.find(" ")
    return name if cut < 0 else name[:cut]


def _status(c, view, names):
    c.line(canvas.WHITE)
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
    """What the mover is doing, in a few words around the faces it is about: (words, the
    faces, words)."""
    phase = view["phase"]
    if phase == "roll":  # (free ones first: the choice's words say which it costs)
        n = view["rerolls"] + view["markers"][view["turn"]]
        return "%d reroll%s" % (n, "" if n == 1 else "s"), (), ""
    if phase == "act":
        done = [k for k in range(5) if view["kinds_used"][k]]
        return ("done ", done, "") if done else ("choose", (), "")
    kind = view["action"]
    face = (kind,) if 0 <= kind < 5 else ()
    if phase == "dice":
        return "", face, " x%d" % sum(view["group"])
    if phase == "return":
        return "return %d" % view["left"], (), ""
    if phase == "chest":
        return "chest %d" % view["left"], (), ""
    if phase == "target":
        return "", face, ": who?"
    target = _short(names, view["target"]) if view["target"] >= 0 else "?"
    if phase == "give":
        return "give %d>%s" % (view["left"], target), (), ""
    if phase == "take":
        return "take %d<%s" % (view["left"], target), (), ""
    return "", (), ""


def _face(c, face, picked=False):
    """A die's face: its picture (teal, or orange when picked), its letter under it."""
    c.picture(FACES + face + (len(rules.FACES) if picked else 0), rules.FACE_LETTERS[face])


def _die_key(view, die, picked):
    """The action that would pick `die` now, or -1 (not marked)."""
    phase = view["phase"]
    dice = view["dice"]
    used = view["used"]
    face = dice[die]
    if phase == "act":  # an action kind: the dice of its face (a helmet fits all: none)
        return rules.ACTION + face if face != rules.HELMET else -1
    if phase not in ("roll", "dice") or picked[die]:
        return -1  # (a picked die keeps its orange: no outline)
    # One choice per face (legal_actions): the first such die's, so equal dice light up
    # together; a used die gets a used die's, which no choice has (an outline).
    first = 0
    while dice[first] != face or used[first] != used[die] or picked[first]:
        first += 1
    return rules.DIE + first


def _moved(view):
    """What to mark C.MOVED (view["moved"]) while another seat decides, or a crystal moved
    before the viewer's turn has used a die (the last seat's: a roll or a keep moves none,
    and the turn's dice are new ones); else -1."""
    moved = view["moved"]
    if view["current"] != view["seat"]:
        return moved
    return moved if moved >= rules.IN_CART and 1 not in view["used"] else -1


def _moved_kind(moved, base, seat):
    """The crystal kind the last action put in `seat`'s cart (base rules.IN_CART) or chest
    (rules.IN_CHEST), else -1."""
    kind = moved - base - seat * 8
    return kind if 0 <= kind < 8 else -1


def _dice(c, view, names):
    c.line(canvas.WHITE)
    moved = _moved(view)
    wide = c.cols >= 40
    c.text("Dice ")  # (its space, and the one after each die: the pointer's cells)
    picked = view["selected"] if view["phase"] == "roll" else view["group"]
    for die in range(rules.DICE):
        face = view["dice"][die]
        key = _die_key(view, die, picked)
        if key >= 0:
            c.mark(key)
        if moved == rules.DIE + die:
            c.mark(canvas.MOVED)
        if view["used"][die]:
            letter = rules.FACE_LETTERS[face]
            c.badge(" %s " % letter if wide else letter, DIE_USED)
        else:  # (wide: on a badge of its paper, one die to the pointer: canvas.extent)
            paper = DIE_PICKED if picked[die] else DIE_FREE
            if wide:
                c.badge(" ", paper)
            _face(c, face, picked[die])
            if wide:
                c.badge(" ", paper)
        c.space()
    before, faces, after = _doing(view, names)
    c.col = c.cols - len(before) - max(0, 2 * len(faces) - 1) - len(after)
    c.text(before)
    for i in range(len(faces)):
        if i:
            c.space()  # (side by side, two pictures would read as one badge)
        _face(c, faces[i])
    c.text(after)


def _row(c, label, counts, colour, pick=False, seat=-1, moved=-1, kind_moved=-1,
         chest=False):
    """`label` (and the chest's picture after it for a `chest`), then each kind held as its
    gem and count, at fixed columns. With `pick`, each gem is marked with the choice of one
    crystal of its kind; the label with the choice of `seat`. C.MOVED marks the label when
    `moved` chose `seat`, the gem of `kind_moved`."""
    c.line(colour)
    first = _label(c)
    if seat >= 0:
        c.seat(seat)
        c.mark(rules.SEAT + seat)  # a word: the cursor's bar under the name
        if moved == rules.SEAT + seat:
            c.mark(canvas.MOVED)
    c.text(label[:first - 1 - chest])
    if chest:
        _face(c, rules.CHEST)
    held = False
    for kind in range(rules.NKINDS):
        c.col = first + kind * CELL
        n = counts[kind]
        if n:
            # A count of 10 or more before fills the pointer's cell: mark the count (a bar).
            crowded = kind and counts[kind - 1] > 9
            if not crowded:
                _mark_gem(c, pick, kind, kind_moved)
            c.gem(KIND_COLOURS[kind])
            if crowded:
                _mark_gem(c, pick, kind, kind_moved)
            c.text("%d" % n)
            held = True
    if not held:
        c.col = first
        c.text("-")


def _mark_gem(c, pick, kind, kind_moved):
    if pick:
        c.mark(rules.CRYSTAL + kind)
    if kind == kind_moved:
        c.mark(canvas.MOVED)


EXTRA = "chest points"  # (at 40 columns, after the crystals: a seat's chest size, points)


def _extra(c, view, seat):
    """At 40 columns: chest size and points now after a seat's row, under EXTRA."""
    if c.cols < 40:
        return
    c.col = c.cols - len(EXTRA)
    c.text("%5d%7d" % (sum(view["chests"][seat]), view["scores"][seat]))


def _legend(c):
    c.line(canvas.GREY)
    first = _label(c)
    for kind in range(rules.NKINDS):
        c.col = first + kind * CELL
        c.gem(KIND_COLOURS[kind])
        c.text("%d" % rules.VALUES[kind])
    if c.cols >= 40:
        c.col = c.cols - len(EXTRA)
        c.text(EXTRA)


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
        _row(c, "New", view["mined"], canvas.ORANGE, True)
    else:
        _legend(c)
    moved = _moved(view)
    _row(c, "Cart" if c.cols < 40 else _short(names, seat), view["carts"][seat], canvas.GOLD,
         seat == source, seat, moved, _moved_kind(moved, rules.IN_CART, seat))  # (a bot's
    # target may be you; you never are yours: outlined while you choose one)
    _extra(c, view, seat)
    _row(c, "" if c.cols < 40 else "chest", view["chests"][seat], canvas.GOLD, False, -1,
         moved, _moved_kind(moved, rules.IN_CHEST, seat), c.cols < 40)  # (26: the picture)
    c.own()  # the dice, your cart and chest: on page 1 whatever the news
    for i in range(1, players):
        other = (seat + i) % players
        colour = canvas.WHITE
        if other == target:
            colour = canvas.ORANGE
        elif other == turn and not over:
            colour = canvas.CYAN
        _row(c, _short(names, other), view["carts"][other], colour, other == source, other,
             moved, _moved_kind(moved, rules.IN_CART, other))
        _extra(c, view, other)
    # Further pages.
    if c.cols < 40:  # a seat a row (no heading: it could end a page, its rows on the next)
        for s in range(players):
            c.line(canvas.GOLD if s == seat else canvas.WHITE)
            c.text("%-2s%4d points, %2d in chest" % (_short(names, s), view["scores"][s],
                                                     sum(view["chests"][s])))
    held = ["%s %d" % (_short(names, s), view["markers"][s]) for s in range(players)
            if view["markers"][s]]
    c.lines("Reroll markers: " + (", ".join(held) if held else "none"), canvas.GREY)
    for i in range(1, players):
        other = (seat + i) % players
        _row(c, _short(names, other), view["chests"][other], canvas.GREY, False, -1, moved,
             _moved_kind(moved, rules.IN_CHEST, other), True)
    _row(c, "Bag", view["bag"], canvas.GREY)
    if c.cols >= 40:
        c.col = _label(c) + rules.NKINDS * CELL + 1
        c.text("%d pairs" % view["pairs"])
    else:
        c.line(canvas.GREY)
        c.text("%d in the bag, %d pairs" % (sum(view["bag"]), view["pairs"]))  # fits 26 columns
    c.line(canvas.GREY)
    c.text("Dice:")
    for face in range(len(rules.FACES)):  # each face's picture and its word
        word = rules.FACES[face] if face != rules.HELMET else "helmet: any"
        if c.col + 2 + len(word) > c.cols:
            c.line(canvas.GREY, 0, True)
        else:
            c.space()
        _face(c, face)
        c.text(" " + word)
    c.lines("Picked: orange, used: grey", canvas.GREY)
