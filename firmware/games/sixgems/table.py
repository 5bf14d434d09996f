# SIXGEMS on the handheld table screen (the protocol is in screens.py: draw(canvas, view,
# names)). Renders from a seat's view only: other seats' hands appear as counts, never cards.
#
# Page 1: settlements so far / whose turn; the ring of six boards (a gem of the board's
# colour, then the die on it: its letter, A and B on blue, R on red, then its face's pips
# on its colour, look.PICTURES; or "-"); what is being decided and
# the dice in the centre; your gem cards (face on the colour) and points; your gems per
# colour; your settlement cards (Kn on the card's colour, its condition and bonus in short,
# "ok" when it holds now); the other seats' gems and points. Then hand sizes and wild gems
# per seat, the decks, the last settlement, a legend.
#
# Pointing (canvas.mark, see screens.TableScreen.point): at each decision the things its
# choices pick are marked with those actions, in that phase only (a mark of another phase
# would outline, and so uncolour, the ring or the gems while they are not being chosen).
# Every ring choice points at a board: where a die goes (placing, moving), or where the die
# is (turning it, moving it to the centre: on the narrow ring no blank cell precedes a die).
# The die placed, moved or turned last this turn (view["moved"]) is marked C.MOVED while
# another seat decides, and as the viewer's turn comes: the table points at it while the
# bots play, and it travels (at the viewer's own decision the board is a choice like the
# others, outlined when none picks it).
from firmware.games.sixgems import rules
from firmware.ui import canvas

# One colour per gem colour, ring order: Ruby, Topaz, Emerald, Sapphire, Amethyst, Diamond.
GEM_COLOURS = (canvas.RED, canvas.YELLOW, canvas.GREEN, canvas.BLUE, canvas.PURPLE, canvas.CYAN)
DIE_COLOURS = (canvas.BLUE, canvas.BLUE, canvas.RED)  # blue A, blue B, red
DIE_LETTERS = "ABR"
# look.PICTURES: each die's face of one pip, on its colour (+ face - 1: of `face` pips).
DIE_PIPS = (16, 16, 22)
CELL = 3  # columns per colour in a gem row: the gem, then its count
# The phases that pick one of your gems: action = base + its colour.
OWN = {"wild": rules.WILD, "give": rules.GIVE, "leave": rules.LEAVE}
# Settlement cards in short: "*" is a gem of the card's colour (drawn as one); "top": the
# highest die. 18 columns at most: "ok" fits after the indented text.
CARDS = (
    "no 5,6: swap a gem",
    "6 hues: *x top die",
    "all odd: all sets",
    "3 alike:*x colours",
    "apart: 5 (+10 low)",
    "3 in row:all 2/blu",
    "sum 15+:all rank *",
    "20+ pts:all *x red",
    "run of 3: all *",
    "all even: all drop",
    "no 1,2: 3 per *",
    "4 colours: 2/red",
)


def _short(names, seat):
    """'P2' of 'P2 normal'."""
    name = names[seat] if 0 <= seat < len(names) else "P%d" % (seat + 1)
    cut = name.find(" ")
    return name if cut < 0 else name[:cut]


def _label(c):
    """Columns before the first colour of a gem row (the points go to the right edge)."""
    return 4 if c.cols < 40 else 7


def _die(c, view, d):
    """A die: its letter on its colour, then its face as pips (the number under them)."""
    face = view["faces"][d]
    c.badge(DIE_LETTERS[d], DIE_COLOURS[d])
    c.picture(DIE_PIPS[d] + face - 1, str(face))


def _total(counts):
    n = 0
    for x in counts:
        n += x
    return n


def _card(c, card):
    """A gem card: its colour's two letters and its face on the colour."""
    colour = rules.colour(card)
    c.badge("%s%d" % (rules.SHORT[colour], rules.face(card)), GEM_COLOURS[colour])


def _settle_card(c, k):
    """A settlement card: '#' and its number on its colour (the choices' 'card n')."""
    c.badge("#%d" % (k + 1), GEM_COLOURS[rules.SETTLE_COLOURS[k]])


def _card_words(c, k):
    """A settlement card's condition and bonus in short, '*' drawn as a gem of its colour."""
    words = CARDS[k]
    star = words.find("*")
    if star < 0:
        c.text(words)
        return
    c.text(words[:star])
    c.gem(GEM_COLOURS[rules.SETTLE_COLOURS[k]])
    c.text(words[star + 1:])


def _gems(view, seat):
    """Counts per colour with the placed wild gems (what scoring counts)."""
    real = view["real"][seat]
    wild = view["wild"][seat]
    return [real[k] + wild[k] for k in range(rules.BOARDS)]


def _status(c, view, names):
    c.line(canvas.WHITE)
    if view["phase"] == "over":
        totals = view["totals"]
        best = max(totals)
        tied = [s for s in range(view["players"]) if totals[s] == best]
        if len(tied) > 1:  # G-E3: then the most gems
            counts = [_total(_gems(view, s)) for s in range(view["players"])]
            most = max([counts[s] for s in tied])
            tied = [s for s in tied if counts[s] == most]
        won = [_short(names, s) for s in tied]
        c.text("Game over: %s %s" % (" ".join(won), "wins" if len(won) == 1 else "tie"))
        return
    c.text("Settlement %d/%d" % (view["settlements"], view["length"]))
    who = view["current"] if view["current"] >= 0 else view["turn"]
    c.right("%s plays" % _short(names, who))


def _moved(view):
    """The die to mark C.MOVED: the last one moved, while another seat than the viewer's
    decides or before the viewer's first card of the turn (the die the last seat moved: it
    travels as the viewer's turn comes); else -1."""
    mine = view["current"] == view["seat"] and view["phase"] != "play"
    return -1 if mine else view["moved"]


def _ring(c, view):
    c.line(canvas.WHITE)
    wide = c.cols >= 40
    phase = view["phase"]
    placing = phase == "dice"
    played = view["played"]
    moved = _moved(view)
    for b in range(rules.BOARDS):
        c.col = 1 + b * (6 if wide else 4)  # after a blank cell, for the pointer
        if placing:
            c.mark(rules.PLACE_DIE + b)
        die = -1  # the die on board b (one at most)
        for d in range(rules.DICE):
            if view["boards"][d] == b and (not placing or d < view["die_index"]):
                die = d
            if phase == "use":
                c.mark(rules.MOVE + d * 7 + b)  # d moves to b
        if phase == "use" and die >= 0:
            c.mark(rules.MOVE + die * 7 + 6)  # it leaves b for the centre
            if played >= 0 and rules.colour(played) == b:
                c.mark(rules.TURN)
        if die >= 0 and die == moved:
            c.mark(canvas.MOVED)  # (the die placed, moved or turned last: pointed at, a bot's turn)
        if wide:
            c.badge(rules.SHORT[b], GEM_COLOURS[b])
            c.space()
        else:
            c.gem(GEM_COLOURS[b])
        if die >= 0:
            _die(c, view, die)
        else:
            c.text("-")  # no die (and the board's cell on a row with text after it)


def _doing(view, names):
    """What is decided now, in a few words."""
    phase = view["phase"]
    who = _short(names, view["current"]) if view["current"] >= 0 else ""
    if phase == "dice":
        return "place"
    if phase == "play":
        return "play a gem card"
    if phase == "use":
        return "use the face of"
    if phase == "settle":
        return "settle?"
    if phase == "wild":
        return "%s: place wild?" % who
    if phase == "give":
        return "swap: give a gem"
    if phase == "take":
        return "swap your"
    if phase == "leave":
        return "%s leaves out" % who
    return ""


def _situation(c, view, names):
    c.line(canvas.WHITE)  # badges on this row: white text reads on every colour
    phase = view["phase"]
    if phase in ("wild", "leave"):  # (the row starts with the seat's name)
        c.seat(view["current"])
    c.text(_doing(view, names))
    if phase == "dice":  # the die to place next
        d = view["die_index"]
        if 0 <= d < rules.DICE:
            c.space()
            _die(c, view, d)
    elif phase == "use" and view["played"] >= 0:
        c.space()
        _card(c, view["played"])
    elif phase in ("wild", "give", "take", "leave") and 0 <= view["settling"] < rules.SETTLE_CARDS:
        c.space()
        k = view["settling"]
        if phase == "take" and 0 <= view["give"] < rules.BOARDS:
            c.gem(GEM_COLOURS[view["give"]])
            c.text(" for a gem")
            k = -1
        if k >= 0:
            _settle_card(c, k)
    # Dice in the centre (not yet placed, or moved there).
    centre = []
    for d in range(rules.DICE):
        if view["boards"][d] < 0 and not (phase == "dice" and d == view["die_index"]):
            centre.append(d)
    if centre:
        c.col = c.cols - 3 * len(centre) - 3
        c.text("ctr")
        for d in centre:
            c.space()
            if d == _moved(view):
                c.mark(canvas.MOVED)
            _die(c, view, d)


def _gem_row(c, label, gems, colour, right, base, seat):
    """base >= 0: each gem marked with base + its colour (the choice that picks it). The
    row of `seat`, its name first."""
    c.line(colour)
    first = _label(c)
    c.seat(seat)
    c.text(label[:first - 1])
    held = False
    for k in range(rules.BOARDS):
        if gems[k]:
            c.col = first + k * CELL
            if base >= 0:
                c.mark(base + k)
            c.gem(GEM_COLOURS[k])
            c.text("%d" % gems[k])
            held = True
    if not held:
        c.col = first
        c.text("-")
    c.right(right)


def _points(c, view, seat):
    total = view["totals"][seat]
    return "%d pts" % total if c.cols >= 40 else "%d" % total


def _holds(view, k):
    """Does settlement card k's condition hold now for the viewer (G-P1 included)?"""
    boards = view["boards"]
    for b in boards:
        if b < 0:
            return False
    gems_all = [_gems(view, s) for s in range(view["players"])]
    return rules.condition(k, boards, view["faces"], gems_all, view["totals"], view["seat"])


def draw(c, view, names):
    seat = view["seat"]
    players = view["players"]
    phase = view["phase"]
    over = phase == "over"
    _status(c, view, names)
    _ring(c, view)
    _situation(c, view, names)
    # Your hand and points.
    c.line(canvas.WHITE)
    c.text("Hand ")
    for card in view["hand"]:
        if phase == "play":  # either of two identical cards: legal_actions offers one
            c.mark(rules.PLAY + card)
            c.mark(rules.PLAY + (card ^ 1))
        _card(c, card)
        c.space()
    if not view["hand"]:
        c.text("-")
    pend = view["pending"][seat]
    if pend:
        c.right("wild %d" % pend)
    _gem_row(c, _short(names, seat), _gems(view, seat), canvas.GOLD, _points(c, view, seat),
             OWN.get(phase, -1), seat)
    for k in view["settle_hand"]:
        c.line(canvas.WHITE, 1)  # (a blank cell before the card, for the pointer)
        if phase == "settle":
            c.mark(rules.SETTLE + k)
            c.mark(rules.EXCHANGE + k)
        _settle_card(c, k)
        c.col = 5
        _card_words(c, k)
        if not over and _holds(view, k):
            c.right("ok")
    if not view["settle_hand"]:
        c.line(canvas.WHITE)
        c.text("No settlement card")
    c.own()  # the ring, your cards and gems: on page 1 whatever the news
    turn = view["turn"]
    current = view["current"]
    for i in range(1, players):
        other = (seat + i) % players
        colour = canvas.CYAN if (other == current or other == turn) and not over else canvas.WHITE
        _gem_row(c, _short(names, other), _gems(view, other), colour, _points(c, view, other),
                 rules.TAKE + other * rules.BOARDS if phase == "take" else -1, other)  # (their
        # gem to take)
    # Further pages.
    for s in range(players):
        c.line(canvas.GOLD if s == seat else canvas.WHITE)
        c.text("%s cards: %d gem, %d #" % (_short(names, s), view["hand_counts"][s],
                                           view["settle_counts"][s]))
        wild = _total(view["wild"][s])
        if wild or view["pending"][s]:
            words = "%d wild" % wild
            if view["pending"][s]:
                words += " +%d waiting" % view["pending"][s]
            if c.col + 2 + len(words) > c.cols:
                c.line(canvas.GOLD if s == seat else canvas.WHITE, 3, True)
            else:
                c.text(", ")
            c.text(words)
    c.line(canvas.GREY)
    c.text("Decks: %d gem, %d #" % (view["gem_deck"], view["settle_deck"]))
    results = view["results"]
    if results:
        last = results[-1]
        c.line(canvas.WHITE)
        k = last[0]
        if k == rules.FINAL:
            c.text("Final:")
        else:
            c.text("Last ")
            _settle_card(c, k)
            c.text(" %s:" % _short(names, last[1]))
        for s in range(players):
            c.text(" %+d" % last[2 + players + s])
    c.lines("A B: blue dice, R: red. #n: settlement card n, a gem in its words one of its"
            " colour, ok: can settle.", canvas.GREY)
