# Diploma on the handheld table screen (the protocol is in screens.py: draw(canvas, view,
# names)). Renders from a seat's view only: other seats' hands appear as counts.
#
# The board: 19 hexes of radius 2 as 5 staggered rows, a hex 3 cells wide every 4 columns
# (a blank cell before each: the pointer's), each row 2 columns off the one above, so a
# hex's north-west neighbour ends over its first cell and its north-east one starts over
# its last. A tile is a badge of its colour (grey for grey tiles) showing its line in
# characters (LINES): a line end on the west or east edge is "-" in the first or last
# cell, on a north-west / south-west edge "\" or "/" in the first cell, on a north-east /
# south-east edge "/" or "\" in the last (or the middle one when the end cell holds the
# other end), so "---" is a straight line west-east, "\_/" the tight curve round the top
# corner, ")" the wide curve from north-west to south-west. A bonus mana spot (and the
# printed centre) is " * " on cyan; an empty hex a dark badge, " + " where the tile being
# placed can go. The pawn is "@" on a white middle cell; the hexes of a loop that can be
# declared have a gold middle cell.
#
# Page 1: your board with your hand's tile kinds beside it (a picture, a count); a line of
# your points, mana, gold and stones; what the phase asks with the dice of the round (or
# the peeked / discarded tiles); your magic-circle cards. Then your magic and item cards and
# barrier, then every other seat's board with its numbers beside it, the supply, a legend.
#
# Pointing (canvas.mark): the hex a placement, a step, a jump, a rotation or a declaration
# picks, the die a draft, a magic card or the assignment picks, the tile kind in hand, the
# stone a flip picks, the tile peeked or stolen; only legal actions are marked (nothing is
# outlined: the board keeps its colours). What the last move moved (view["moved"], a hex of
# the placing seat's board; view["moved_die"]) is marked C.MOVED while another seat decides.
from firmware import buttons
from firmware.games.diploma import rules
from firmware.ui import canvas

TILE_COLOURS = (canvas.RED, canvas.BLUE, canvas.YELLOW, canvas.GREEN,
                canvas.GREY)  # rules.COLOURS, then grey
MANA = canvas.CYAN
EMPTY = canvas.DIM
PAWN = canvas.WHITE
LOOP = canvas.GOLD
SIDE = 20  # the first column beside a board (its pointer's cell)
PITCH = 4  # columns from a hex to the next in its row
# A line's picture by its two edges as bits (rules.MASKS): E 1, NE 2, NW 4, W 8, SW 16, SE 32.
LINES = {
    9: "---", 18: "/-/", 36: "\\-\\",  # straights
    5: "\\--", 10: "--/", 20: ")  ", 40: "--\\", 17: "/--", 34: "  (",  # wide curves
    3: " /-", 6: "\\_/", 12: "-\\ ", 24: "-/ ", 48: "/-\\", 33: " \\-",  # tight curves
}
SPOT = " * "
SHAPE_PICS = ("---", "/--", "\\_/")  # a kind in hand: straight, wide, tight
ROT_WORDS = (" r0", " r1", " r2", " r3", " r4", " r5")
COLOUR_WORDS = ("R ", "B ", "Y ", "G ", "grey ")

# Each hex's row (0..4) and first column on the board.
HEX_ROW = bytearray(rules.HEXES)
HEX_COL = bytearray(rules.HEXES)
for _h in range(rules.HEXES):
    _q, _r = rules.COORDS[_h]
    HEX_ROW[_h] = _r + rules.RADIUS
    HEX_COL[_h] = 1 + (_q + rules.RADIUS) * PITCH + _r * (PITCH // 2)
# The hexes of each row, west to east.
ROWS = [sorted([h for h in range(rules.HEXES) if HEX_ROW[h] == r], key=lambda h: HEX_COL[h])
        for r in range(2 * rules.RADIUS + 1)]

PHASE_WORDS = {  # what a phase asks of the seat deciding (the viewer's own words)
    "scan": "Magic before the roll?",
    "rolled": "Rolled. Magic?",
    "draft": "Draft",
    "magic": "Magic on the dice?",
    "assign": "Produce with:",
    "place": "Place or step",
    "spot": "^v hex <> turn",
    "peek": "Peek: choose the top",
    "convert": "Convert stones, mana",
    "final": "Final conversions",
    "discard": "Discard down to",
    "steal": "Steal a discarded tile?",
}


def _short(names, seat):
    """'P2' of 'P2 normal'."""
    name = names[seat] if 0 <= seat < len(names) else "P%d" % (seat + 1)
    cut = name.find(" ")
    return name if cut < 0 else name[:cut]


def picture(tile, rot):
    """(the 3 characters, the colour) of a tile on a hex; an empty hex: (None, EMPTY)."""
    if tile < 0:
        return None, EMPTY
    if tile >= rules.LINE_TILES:
        return SPOT, MANA
    return LINES[rules.mask(tile, rot)], TILE_COLOURS[rules.tile_colour(tile)]


def kind_picture(k):
    """(the 3 characters, the colour) of a tile kind (in hand, discarded, peeked)."""
    if k == rules.MANA_KIND:
        return SPOT, MANA
    return SHAPE_PICS[k % 3], TILE_COLOURS[k // 3]


def _aim_hex(a):
    """The hex of the board an action picks, or -1."""
    if a >= rules.PLACE:
        return (a - rules.PLACE) // 6
    if a >= rules.TILE:
        return -1
    if a >= rules.ROTATE:
        return (a - rules.ROTATE) // 6
    if rules.STEP <= a < rules.SELL:  # steps, jumps, declarations
        return (a - rules.STEP) % 20
    return -1


def _open_hexes(view, seat, legal):
    """The empty hexes a tile can go on now: the spots of the tile chosen, or (placing) the
    empty neighbours of the pawn where a kind in hand fits."""
    out = []
    for a in legal:
        if a >= rules.PLACE:
            h = (a - rules.PLACE) // 6
            if h not in out:
                out.append(h)
    if out or view["phase"] != "place":
        return out
    tiles = view["boards"][seat]
    rots = view["rots"][seat]
    p = view["pawn"][seat]
    for d in range(6):
        h = rules.NEIGH[p * 6 + d]
        if h == 255 or tiles[h] >= 0:
            continue
        for a in legal:
            if a >= rules.PLACE or a < rules.TILE:
                continue
            k = a - rules.TILE
            t = rules.sample_tile(k)
            for r in range(rules.rotations(k)):
                if rules.fits(tiles, rots, h, t, r) and h not in out:
                    out.append(h)
    return out


def board(c, view, seat, side=None):
    """A seat's board on the next 5 rows (side(c, row) writes beside each row). The
    viewer's own board at its decision: its legal hexes marked, open hexes "+", the
    declarable loops gold."""
    mine = seat == view["seat"]
    legal = view["legal"] if mine else []
    tiles = view["boards"][seat]
    rots = view["rots"][seat]
    pawn = view["pawn"][seat]
    loops = view["loops"] if mine else []
    open_hexes = _open_hexes(view, seat, legal) if legal else []
    aimed = 0
    for a in legal:
        aimed += _aim_hex(a) >= 0
    rotate_marks = aimed <= 48  # (the canvas keeps 64 marks: rotations go first)
    moved = -1
    if view["current"] != view["seat"] and seat == view["turn"]:
        moved = view["moved"]
        if moved < 0 and view["phase"] == "place":  # (its board's page before its first
            moved = pawn  # tile: that one travels, the page still)
    for row in range(len(ROWS)):
        c.line(canvas.WHITE, 0, row > 0)  # (a board is not split between two pages)
        for h in ROWS[row]:
            c.col = HEX_COL[h]
            for a in legal:
                if _aim_hex(a) == h and (rotate_marks or not rules.ROTATE <= a < rules.TILE):
                    c.mark(a)
            if h == moved:
                c.mark(canvas.MOVED)
            text, colour = picture(tiles[h], rots[h])
            if text is None:
                text = " + " if h in open_hexes else "   "
            c.badge(text, colour)
            if not 0 <= c.row < c.rows:
                continue
            middle = c.row * c.cols + HEX_COL[h] + 1
            in_loop = False
            for lp in loops:
                in_loop = in_loop or h in lp
            if h == pawn:
                c.chars[middle] = ord("@")
                c.tiles[middle] = canvas.tile(canvas.SOLID, LOOP if in_loop else PAWN)
            elif in_loop:
                c.tiles[middle] = canvas.tile(canvas.SOLID, LOOP)
        if side is not None:
            c.col = SIDE
            side(c, row)


def die(c, view, d):
    """A die: its number on its colour."""
    c.badge("%d" % view["dice_val"][d], TILE_COLOURS[view["dice_col"][d]])


def _die_marks(c, view, d, legal):
    """The actions that pick die d (drafts, magic, the assignment), then C.MOVED."""
    seat = view["seat"]
    mine = [x for x in range(len(view["dice_own"])) if view["dice_own"][x] == seat]
    for a in legal:
        if a < rules.RABBIT:
            continue
        if a < rules.PROD:
            hit = (a - rules.RABBIT) % 10 == d
        elif a < rules.STEP:
            k = (a - rules.PROD) // 2
            hit = k < len(mine) and mine[k] == d
        elif a < rules.UPPER:
            hit = False
        elif a < rules.ILLUSION:
            hit = (a - rules.UPPER) % 10 == d
        elif a < rules.CONTROL:
            hit = (a - rules.ILLUSION) // 4 == d
        elif a < rules.SWAP_TILE:
            hit = (a - rules.CONTROL) // 9 == d
        else:
            hit = False
        if hit:
            c.mark(a)
    if d == view["moved_die"] and view["current"] != view["seat"]:
        c.mark(canvas.MOVED)


POINT_WORDS = ("%d points  %d mana  %d gold", "%dpt %dmana %dgold", "%dpt %dmana %dg",
               "%dp %dm %dg")


def _points_line(c, view, seat, colour, legal=()):
    """Points, mana, gold in the most words that fit, then the stones of a seat (a gem of
    each colour and its count, the flips marked on them)."""
    c.line(colour)
    stones = view["stones"][seat]
    width = 0
    for k in range(4):
        width += 3 + (stones[k] > 9)
    numbers = (view["points"][seat], view["mana"][seat], view["gold"][seat])
    for form in POINT_WORDS:
        words = form % numbers
        if len(words) + width <= c.cols:
            break
    c.text(words)
    c.col = c.cols - width
    for k in range(4):
        c.space()
        if rules.FLIP + k in legal:
            c.mark(rules.FLIP + k)
        c.gem(TILE_COLOURS[k])
        c.text("%d" % stones[k])


def _hand_side(view):
    """The viewer's tile kinds in hand beside its board: a picture and a count each (the
    kind's choice marked on it)."""
    hand = view["hand"]
    kinds = []
    for t in hand:
        k = rules.kind(t)
        if k not in kinds:
            kinds.append(k)
    kinds.sort()
    legal = view["legal"]

    def side(c, row):
        if row == 0 and not kinds:
            c.col += 1
            c.text("none")
            return
        if row >= len(kinds):
            return
        if row == 4 and len(kinds) > 5:
            c.col += 1
            c.text("+%d" % (len(kinds) - 4))
            return
        k = kinds[row]
        c.col += 1  # (the pointer's cell)
        for a in (rules.TILE + k, rules.DISCARD + k):
            if a in legal:
                c.mark(a)
        text, colour = kind_picture(k)
        c.badge(text, colour)
        count = 0
        for t in hand:
            count += rules.kind(t) == k
        if c.cols >= 40:
            c.text(" " + rules.kind_text(k))
        if count > 1:
            c.text(" x%d" % count if c.cols >= c.col + 3 + (count > 9) else "x%d" % count)

    return side


def _seat_dice(c, view, names, legal):
    """The dice drafted so far, by seat, from the round player."""
    c.line(canvas.WHITE)
    n = view["players"]
    for i in range(n):
        s = (view["round_player"] + i) % n
        mine = [d for d in range(len(view["dice_own"])) if view["dice_own"][d] == s]
        label = _short(names, s) if s != view["seat"] else "You"
        if c.col and c.col + 1 + len(label) + 2 * max(1, len(mine)) > c.cols:
            c.line(canvas.WHITE, 0, True)  # (4 seats at 26 columns: on two rows)
        if c.col:
            c.space()
        c.text(label)
        for d in mine:
            c.space()
            _die_marks(c, view, d, legal)
            die(c, view, d)
        if not mine:
            c.text(" -")


def _tiles_row(c, words, kinds, base, legal):
    """Words, then tile kinds as pictures (each marked base + kind when legal)."""
    c.line(canvas.WHITE)
    c.text(words)
    for k in kinds:
        if c.col + 4 > c.cols:  # (on the next row)
            c.line(canvas.WHITE, 0, True)
        c.space()
        if base >= 0 and base + k in legal:
            c.mark(base + k)
        text, colour = kind_picture(k)
        c.badge(text, colour)


def _kinds(tiles):
    out = []
    for t in tiles:
        k = rules.kind(t)
        if k not in out:
            out.append(k)
    out.sort()
    return out


def _asks(c, view, names):
    """What the phase asks (whose decision): in the dice phases with the dice of the round
    (free, the judgement die; then each seat's), else with the moves left."""
    seat = view["seat"]
    phase = view["phase"]
    legal = view["legal"]
    current = view["current"]
    c.line(canvas.GOLD if current == seat else canvas.CYAN)
    if phase == "over":
        pts = view["points"]
        best = max(pts)
        won = [_short(names, s) for s in range(view["players"]) if pts[s] == best]
        if view["players"] == 1:
            c.text("Game over: %s (%d/%d)" % ("won" if best >= rules.SOLO_TARGET else "lost",
                                              best, rules.SOLO_TARGET))
        else:
            c.text("Game over: best %s" % " ".join(won))
        return
    words = PHASE_WORDS.get(phase, phase)
    if phase == "discard":
        t = view["turn"]
        words += " %d" % (rules.BARRIER_HAND if view["under"][t] == rules.B_HAND
                          and view["step"][t] < rules.BARRIER_ROUNDS else rules.HAND_LIMIT)
    if phase == "place" and view["loops"]:
        words = "Declare your loop!"
    if current != seat:
        words = "%s: %s" % (_short(names, current), words)
    if phase in ("rolled", "draft"):
        c.text("Draft" if phase == "draft" else "Rolled")
        free = 0
        for d in range(len(view["dice_val"])):
            free += view["dice_own"][d] < 0
        if current != seat and c.col + 3 + 2 * free <= c.cols:
            c.text(" " + _short(names, current))
        for d in range(len(view["dice_val"])):
            if view["dice_own"][d] < 0:
                c.space()
                _die_marks(c, view, d, legal)
                die(c, view, d)
        _seat_dice(c, view, names, legal)
        return
    if phase in ("magic", "assign"):
        j = view["judge"]
        c.text(words[:c.cols - 8])
        if j >= 0:
            c.col = c.cols - 7
            c.text("judge")
            c.space()
            _die_marks(c, view, j, legal)
            die(c, view, j)
        _seat_dice(c, view, names, legal)
        return
    if phase in ("place", "spot"):
        moves = "%d move%s" % (view["moves"], "" if view["moves"] == 1 else "s")
        c.text(words[:c.cols - len(moves) - 1])
        c.right(moves)
    else:
        c.text(words[:c.cols])


def _tiles(c, view):
    """The tiles a phase is about: peeked, discarded (to steal)."""
    legal = view["legal"]
    phase = view["phase"]
    if phase == "peek":
        peek = view["peek"]
        c.line(canvas.WHITE)
        c.text("Top")
        for i in range(len(peek)):
            c.space()
            if rules.PICK_TOP + i in legal:
                c.mark(rules.PICK_TOP + i)
            text, colour = kind_picture(rules.kind(peek[i]))
            c.badge(text, colour)
    elif view["batch"]:
        _tiles_row(c, "Discarded", _kinds(view["batch"]), rules.STEAL if phase == "steal" else -1,
                   legal)


def _circles(c, view):
    """The viewer's magic-circle cards (the loops that score), wrapped."""
    cards = view["circles"]
    words = "Circles: " + (", ".join([rules.CIRCLE_TEXT[k] for k in cards]) if cards else "none")
    c.lines(words)


def _cards(c, view):
    """The viewer's magic cards, item cards (3 rows at most) and barrier."""
    seat = view["seat"]
    magic = ", ".join([rules.MAGIC[k] for k in view["magic"]]) or "no magic"
    items = ", ".join([rules.ITEMS[k] for k in view["items"]]) or "no item"
    rows = canvas.wrap("Cards: %s; %s" % (magic, items), c.cols)
    for i in range(min(3, len(rows))):
        c.line(canvas.WHITE, 0, i > 0)
        c.text(rows[i] if i < 2 or len(rows) == 3 else rows[i][:c.cols - 3] + "...")
    b = view["under"][seat]
    if b >= 0:
        c.line(canvas.ORANGE)
        step = view["step"][seat]
        if step >= rules.BARRIER_ROUNDS:
            c.text("Under: done, no penalty")
        else:
            c.text(("Under: %s, %d left" % (rules.ITEMS[b], rules.BARRIER_ROUNDS - step))[:c.cols])


def _other_side(view, names, s):
    """Beside another seat's board: who, points, mana and gold, stones, cards."""
    def side(c, row):
        wide = c.cols >= 40
        c.col += 1
        if row == 0:
            if s == view["current"] and 0 <= c.row < c.rows:
                c.colours[c.row] = canvas.CYAN  # (whose decision it is)
            c.seat(s)  # (where its hand is counted: a tile it lays comes from there)
            c.text(_short(names, s))
            if wide:
                c.text(" hand %d" % view["hand_counts"][s])
            elif view["hand_counts"][s] < 10:
                c.text(" h%d" % view["hand_counts"][s])
        elif row == 1:
            if wide:
                words = "%d points %d circles" % (view["points"][s], len(view["shown"][s]))
                c.text(words[:c.cols - c.col])
            else:
                c.text("%dpt" % view["points"][s])
        elif row == 2:
            if wide:
                c.text("%d mana %d gold" % (view["mana"][s], view["gold"][s]))
            else:
                words = "%dm %dg" % (view["mana"][s], view["gold"][s])
                if len(words) > c.cols - c.col:
                    words = words.replace(" ", "")
                c.text(words[:c.cols - c.col])
        elif row == 3:
            stones = view["stones"][s]
            for k in range(4 if wide else 2):
                c.gem(TILE_COLOURS[k])
                c.text("%d" % stones[k])
                if wide:
                    c.space()
        elif row == 4:
            if not wide:
                stones = view["stones"][s]
                for k in (2, 3):
                    c.gem(TILE_COLOURS[k])
                    c.text("%d" % stones[k])
            else:
                b = view["under"][s]
                if b >= 0 and view["step"][s] < rules.BARRIER_ROUNDS:
                    c.text("under " + rules.ITEMS[b])
                else:
                    mine = [d for d in range(len(view["dice_own"]))
                            if view["dice_own"][d] == s]
                    if mine:
                        c.text("dice")
                        for d in mine:
                            c.space()
                            die(c, view, d)

    return side


def draw(c, view, names):
    seat = view["seat"]
    _asks(c, view, names)
    board(c, view, seat, _hand_side(view))
    c.own()  # your dice (in what is asked), your board and hand: page 1, whatever the news
    _points_line(c, view, seat, canvas.GOLD, view["legal"])
    _tiles(c, view)
    _circles(c, view)
    # Further pages.
    _cards(c, view)
    n = view["players"]
    for i in range(1, n):
        board(c, view, (seat + i) % n, _other_side(view, names, (seat + i) % n))
    c.line(canvas.GREY)
    numbers = (view["round_no"], view["supply"], len(view["discards"]))
    for form in ("Round %d: %d tiles left, %d discarded", "Round %d: %d tiles, %d out",
                 "Rd %d: %d tiles, %d out"):
        words = form % numbers
        if len(words) <= c.cols:
            break
    c.text(words[:c.cols])


def say(c, text):
    """Words of a choice or the news, with a tile's picture: "place R tight h7" and the
    tile at its rotation in place of " r3"; after "lay a R tight", "discard ...",
    "steal ...", "on top: ..." the kind's picture; a logged move's "red tight tile" with
    the picture in place of "tile"."""
    start = c.col
    c.text(text)
    if _logged_tile(c, start, text):
        return
    shape = -1
    at = -1
    for sh in range(3):
        i = text.find(rules.SHAPES[sh])
        if i >= 0:
            shape, at = sh, i
    colour = -1
    if shape >= 0:
        for k in range(5):
            w = COLOUR_WORDS[k]
            if at >= len(w) and text.startswith(w, at - len(w)):
                colour = k
        if colour < 0:
            return
        k = colour * 3 + shape
    elif text.find("mana spot") >= 0 or text.find("lay a mana") >= 0 or \
            text.endswith("ard mana") or text.endswith("steal mana"):
        k = rules.MANA_KIND
    else:
        return
    rot = -1
    for r in range(6):
        i = text.find(ROT_WORDS[r], at)
        if i >= 0 and i + 3 == len(text):
            rot = r
    if k == rules.MANA_KIND or rot < 0:  # the kind's picture after the words
        if text.startswith("place") or c.col + 4 > c.cols:
            return
        c.space()
        pic, col = kind_picture(k)
        c.badge(pic, col)
        return
    if start + len(text) + 1 > c.cols:  # (the picture is one cell longer than " r3")
        return
    c.col = start + len(text) - 2
    c.badge(LINES[rules.MASKS[shape * 6 + rot]], TILE_COLOURS[colour])


NAMES = ("red ", "blue ", "yellow ", "green ", "grey ")  # rules.colour_word's, as the log says


def _logged_tile(c, start, text):
    """The log's "<colour> <shape> tile" (rules.kind_words) drawn with the kind's picture in
    place of the word "tile", the words after it a cell on. False: no such tile."""
    at = text.find(" tile")
    if at < 0:
        return False
    for sh in range(3):
        shape = rules.SHAPES[sh]
        before = at - len(shape)
        if not text.startswith(shape, before):
            continue
        for k in range(5):
            if text.startswith(NAMES[k], before - len(NAMES[k])):
                c.col = start + at + 1
                pic, colour = kind_picture(k * 3 + sh)
                c.badge(pic, colour)
                c.text(text[at + 5:] + " ")  # (over the word's last letter)
                return True
    return False


class Placer:
    """The chosen tile placed by a cursor on the board (phase spot; screens.TableScreen
    asks placer() for it): UP/DOWN go to the previous / next hex that takes it, in the
    board's reading order (its rows top down, each west to east), at that hex's likeliest
    turn (the choices' order); LEFT/RIGHT turn it to the next rotation that fits there,
    anticlockwise / clockwise. Only legal placements are reached. The hex under the cursor
    shows the tile as it would lie there (draw)."""

    def __init__(self, chosen):
        self.chosen = chosen

    def key(self, pressed, legal, cursor):
        """The cursor's index in `legal` after `pressed`, -1 for a key not its own."""
        a = legal[cursor] - rules.PLACE
        h, r = a // 6, a % 6
        if pressed & (buttons.LEFT | buttons.RIGHT):
            turn = 1 if pressed & buttons.LEFT else 5  # (edges count anticlockwise)
            for i in range(1, 6):
                b = rules.PLACE + h * 6 + (r + turn * i) % 6
                if b in legal:
                    return legal.index(b)
            return cursor  # (a tile that fits one way only: it stays)
        if not pressed & (buttons.UP | buttons.DOWN):
            return -1
        here = _reading(h)
        best = -1  # the nearest hex on in reading order, round the board
        best_ahead = 256
        for i in range(len(legal)):
            x = _reading((legal[i] - rules.PLACE) // 6)
            if x == here:
                continue
            ahead = (x - here if pressed & buttons.DOWN else here - x) % 256
            if ahead < best_ahead:
                best, best_ahead = i, ahead
        return cursor if best < 0 else best

    def draw(self, c, at, choice):
        """The tile at the choice's rotation on the screen cells from `at` (its hex)."""
        k = self.chosen
        text, colour = SPOT, MANA
        if k != rules.MANA_KIND:
            text = LINES[rules.KMASK[k * 6 + (choice - rules.PLACE) % 6]]
            colour = TILE_COLOURS[k // 3]
        for i in range(3):
            c.chars[at + i] = ord(text[i])
            c.tiles[at + i] = canvas.tile(canvas.SOLID, colour)


def _reading(h):
    """A hex's place in the board's reading order (row, then column)."""
    return HEX_ROW[h] * 32 + HEX_COL[h]


def placer(view, choices):
    """The board's cursor for the hex and rotation of the tile chosen (phase spot), else
    None (the choice list)."""
    if view["phase"] != "spot":
        return None
    return Placer(view["chosen"])
