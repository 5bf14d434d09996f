# Diploma (1-4 players): draft dice for stones, gold and movement, lay hex tiles next to
# your pawn and walk over them, close the lines into magic circles, declare them for
# points and stones, convert stones and mana into points.
# Rule ids (P-C1, P-R3, P-D3, ...) refer to seeds/diploma.md. Rules only: no I/O.
#
# A RECONSTRUCTION: only the rules marked [seed] in seeds/diploma.md are the publisher's;
# every number marked [invented] sits in the data block below.
#
# Small ints throughout. Tiles 0..119: 0..79 coloured (colour = t // 20), 80..103 grey,
# 104..119 bonus mana spots; CENTRE (120) stands for the printed spot on every centre hex.
# A tile's *kind* (0..15) is colour * 3 + shape for line tiles (colour 4 = grey; shape 0
# straight, 1 wide curve, 2 tight curve) and MANA_KIND for a mana spot. Hexes 0..18: the
# centre, then ring 1 (1..6) and ring 2 (7..18). Edges/directions 0..5 go round the hex.
# Item cards 0..23: tools 0..9, titles 10..17, barriers 18..23. Magic cards 0..9 (MAGIC).
# Magic-circle cards 0..11 (P-K). Dice: colour 0..3 and value 1..6, indexed in the round.

from firmware.core.base import GameState, bind_builtins, check_players, const, read_options
from firmware.games.diploma import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's)

# Every builtin this module uses (a test keeps the list whole): see bind_builtins.
bind_builtins(("abs", "bytearray", "bytes", "dict", "getattr", "isinstance", "len", "list",
               "max", "min", "range", "reversed", "set", "setattr", "sorted", "sum"), globals())

OPTIONS = ()

# ---- Data: every invented number in one place -----------------------------------------
# (_NAME = const(n): a number only these rules read; a board's compiler puts it into the code,
# so it costs no name on the heap: Diploma's names pushed a PyBadge's qstr pool past a
# doubling, 9.7 KB at once. The plain names are read by the bot, the table or the tests.)
COLOURS = ("Red", "Blue", "Yellow", "Green")  # P-C1: seat s plays colour s
LETTERS = "RBYGg"  # short colour names (g: grey)
GREY = 4
PAIR_CHIPS = 10  # P-C1 [invented number]: chips per pair (Red/Blue, Yellow/Green)
_PER_COLOUR = const(20)  # P-C2: line tiles per colour
_GREYS = const(24)  # P-C2: grey line tiles
_MANA_TILES = const(16)  # P-C2: bonus mana spots
LINE_TILES = 4 * _PER_COLOUR + _GREYS  # 104
TILES = LINE_TILES + _MANA_TILES  # 120
CENTRE = TILES  # the printed bonus mana spot on each board's centre (P-C3)
MANA_KIND = 15
RADIUS = 2  # P-C3: 19 hexes
_DICE_EACH = const(4)  # P-C4: 4 dice of each colour
_SOLO_DICE = const(3)  # P-R1
_START_MANA = const(1)  # P-S2
_START_GOLD = const(3)  # P-S2
_DEAL_ITEMS = const(2)  # P-S1 [seed]
DEAL_CIRCLES = 2  # P-S1 [seed]
_DEAL_MAGIC = const(2)  # P-S1 [seed]
_RECEIVE = const(2)  # P-P1 [seed]: tiles at the start of each placement phase
_TILE_PRICE = const(2)  # P-P1
_SELL_PRICE = const(2)  # P-P4
HAND_LIMIT = 4  # P-P6 [seed]
_PENALTY_GOLD = const(2)  # P-R3 [seed]
_MAGIC_COST = const(1)  # P-R4 [seed]: mana per use
_CIRCLE_POINTS = const(10)  # P-D2 [seed]
SET_POINTS = 5  # P-D4 [seed] (the words say it)
_STACK_STONE = const(3)  # P-D3: tiles of one colour per stone
_STACK_MANA = const(3)  # P-D3: grey tiles per mana
BARRIER_ROUNDS = 3  # P-P7 [seed]
SOLO_TARGET = 40  # P-E4
_CENTRE_TOUCH = const(3)  # P-K9 [project]: a loop "through the centre" passes 3+ of its neighbours
# P-I tools (one use):
T_MOVE, T_ROTATE, T_EXTRA, T_JUMP, T_OWN, T_SHIELD, T_SWAP, T_MANA, T_GOLD, T_PEEK = range(10)
TOOL_MOVE = 2
_TOOL_MANA = const(1)
_TOOL_GOLD = const(3)
_PEEK_TILES = const(5)
# P-I titles (items 10..17), scored at the end:
_TITLE_PER_CIRCLE = const(2)  # 10: per revealed magic-circle card of yours
TITLE_MOST_MANA = 3  # 11
_TITLE_MOST_GOLD = const(3)  # 12
_TITLE_PER_FLIP = const(1)  # 13: per stone flipped
_TITLE_CLEAN = const(4)  # 14: no penalty paid all game
_TITLE_PER_STACK = const(2)  # 15: per colour stack of _STACK_STONE+ tiles
_TITLE_LOOP = const(3)  # 16: the largest loop declared (of all players)
_TITLE_SETS = const(5)  # 17: _SETS_FOR_TITLE sets of 4 colours converted
_SETS_FOR_TITLE = const(3)
# P-I barriers (items 18..23), played onto another player's empty Under slot:
B_JUDGE, B_HAND, B_MAGIC, B_MOVE, B_BUY, B_STEAL = range(18, 24)
BARRIER_COST = (2, 1, 2, 1, 1, 1)  # stones, by barrier
JUDGE_PLUS = 2
BARRIER_HAND = 3
_MOVE_MINUS = const(2)
_BUY_EXTRA = const(1)
# P-M magic cards:
SCAN_C, OBLIVION_C, RABBIT_C, COUNTER_C, UPPER_C, DOWNER_C, CONTROL_C, SIX_C, ONE_C, \
    ILLUSION_C = range(10)
DIE_CARDS = (UPPER_C, DOWNER_C, SIX_C, ONE_C)  # UPPER, DOWNER, CHANGE6, CHANGE1 actions
MAGIC = ("Color Scan", "Oblivion", "Rabbit Start", "Counter", "Upper", "Downer", "Control",
         "Change 6", "Change 1", "Illusion")
ITEMS = ("+2 move", "rotate tile", "extra tile", "pawn jump", "own colour", "shield",
         "swap tile", "+1 mana", "+3 gold", "peek 5",
         "circle title", "mana title", "gold title", "flip title", "clean title",
         "stack title", "loop title", "set title",
         "judge+2", "hand 3", "no magic", "move-2", "buy+1", "no steal")
CIRCLES = 12  # P-K
SHAPES = ("straight", "wide", "tight")
STEP_OF_SHAPE = (3, 2, 1)  # the second line end, from the first

# ---- Actions (small ints) ---------------------------------------------------------------
PASS = 0  # no (more) magic now
END = 1  # end the placement phase
DONE = 2  # end the conversions of a scoring phase
NO_STEAL = 3
SET = 4  # P-D4: 4 colours of stones -> points
MANA_POINT = 5  # P-D4: 1 mana -> 1 point
BUY = 6  # P-P1
EXTRA = 7  # tool
MOVE2 = 8  # tool
MANA1 = 9  # tool
GOLD3 = 10  # tool
PEEK = 11  # tool
OBLIVION = 12  # magic
COUNTER = 13  # magic
FLIP = 20  # + colour: P-D4
SCAN = 24  # + colour: Color Scan
PICK_TOP = 28  # + position in the peeked tiles
DISCARD = 40  # + kind: P-P6
STEAL = 60  # + kind: P-P6
RABBIT = 80  # + die
DRAFT = 90  # + die: P-R1
PROD = 100  # + k * 2 + tool: P-R2, k = which of your two dice (by index) produces
STEP = 110  # + hex: P-P2
JUMP = 130  # + hex: tool
DECLARE = 150  # + the loop's lowest hex: P-P5
SELL = 170  # + item: P-P4
BARRIER = 200  # + (item - 18) * 4 + target seat: P-P7
REPLACE = 230  # + magic card * 4 + stone colour paid: P-R4
UPPER = 270  # + die
DOWNER = 280  # + die
CHANGE6 = 290  # + die
CHANGE1 = 300  # + die
ILLUSION = 320  # + die * 4 + colour
CONTROL = 360  # + i * 9 + j (dice i < j of two players)
SWAP_TILE = 450  # + hand kind * 16 + discarded kind: tool
ROTATE = 710  # + hex * 6 + rotation: tool
TILE = 1000  # + kind: P-P3, the tile to place (then P_SPOT)
PLACE = 1100  # + hex * 6 + rotation: P-P3, where the chosen tile goes

# ---- Phases -----------------------------------------------------------------------------
P_SCAN = 0  # before the roll: Color Scan
P_ROLLED = 1  # after the roll: Oblivion, Rabbit Start
P_DRAFT = 2  # P-R1
P_MAGIC = 3  # after the draft: the other magic cards
P_ASSIGN = 4  # P-R2
P_PLACE = 5  # P-P
P_PEEK = 6  # the peek tool: choose the top tile
P_CONVERT = 7  # P-D4 after a declared circle
P_DISCARD = 8  # P-P6
P_STEAL = 9  # P-P6
P_FINAL = 10  # P-E1/P-E2: everyone's last scoring phase
P_SPOT = 11  # P-P3: the hex and rotation of the tile chosen
P_OVER = 12
PHASES = ("scan", "rolled", "draft", "magic", "assign", "place", "peek", "convert",
          "discard", "steal", "final", "spot", "over")


# ---- The board: hexes, tiles, lines, loops (pure) ---------------------------------------
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _hexes():
    out = [(0, 0)]
    for k in range(1, RADIUS + 1):
        q, r = DIRS[4][0] * k, DIRS[4][1] * k
        for i in range(6):
            for _ in range(k):
                out.append((q, r))
                q += DIRS[i][0]
                r += DIRS[i][1]
    return out


COORDS = _hexes()
HEXES = len(COORDS)  # 19
NEIGH = bytearray(HEXES * 6)  # NEIGH[h * 6 + d]: the hex beyond edge d, 255 off the board
for _h in range(HEXES):
    for _d in range(6):
        _c = (COORDS[_h][0] + DIRS[_d][0], COORDS[_h][1] + DIRS[_d][1])
        NEIGH[_h * 6 + _d] = COORDS.index(_c) if _c in COORDS else 255


def distance(a, b):
    dq = COORDS[a][0] - COORDS[b][0]
    dr = COORDS[a][1] - COORDS[b][1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _kind(tile):
    if tile >= LINE_TILES:
        return MANA_KIND
    if tile >= 4 * _PER_COLOUR:
        return GREY * 3 + (tile - 4 * _PER_COLOUR) % 3
    return tile // _PER_COLOUR * 3 + tile % _PER_COLOUR % 3


KINDS = bytes([_kind(_t) for _t in range(CENTRE + 1)])  # KINDS[tile]: its kind


def kind(tile):
    return KINDS[tile] if 0 <= tile <= CENTRE else _kind(tile)


def tile_colour(tile):
    """0..3 a colour, 4 grey, -1 a mana spot."""
    k = kind(tile)
    return -1 if k == MANA_KIND else k // 3


def kind_text(k):
    if k == MANA_KIND:
        return "mana"
    return ("grey " if k // 3 == GREY else LETTERS[k // 3] + " ") + SHAPES[k % 3]


def colour_word(c):
    """'red', 'blue', 'yellow', 'green'; 4: 'grey'."""
    return "grey" if c == GREY else COLOURS[c].lower()


def kind_words(k):
    """A kind in the log's words: 'red tight tile', 'grey straight tile', 'mana spot'."""
    if k == MANA_KIND:
        return "mana spot"
    return "%s %s tile" % (colour_word(k // 3), SHAPES[k % 3])


def ends(tile, rot):
    """The two edges a tile's line joins, or None (empty hex, mana spot, printed centre)."""
    if tile < 0 or tile >= LINE_TILES:
        return None
    return (rot % 6, (rot + STEP_OF_SHAPE[kind(tile) % 3]) % 6)


def sample_tile(k):
    """A tile of kind k (all tiles of a kind behave alike)."""
    if k == MANA_KIND:
        return LINE_TILES
    if k // 3 == GREY:
        return 4 * _PER_COLOUR + k % 3
    return k // 3 * _PER_COLOUR + k % 3


def rotations(k):
    """The distinct rotations of a kind: 3 for a straight, 6 for a curve, 1 for a spot."""
    return 1 if k == MANA_KIND else (3 if k % 3 == 0 else 6)


# MASKS[shape * 6 + rot]: the line's two edges as bits
MASKS = bytearray([(1 << r) | (1 << (r + STEP_OF_SHAPE[sh]) % 6)
                   for sh in range(3) for r in range(6)])
# KMASK[kind * 6 + rot]: the same by kind (0 for a mana spot); LOW[bits]: the lowest edge
KMASK = bytes([0 if k == MANA_KIND else MASKS[k % 3 * 6 + r]
               for k in range(MANA_KIND + 1) for r in range(6)])
LOW = bytearray(64)
for _b in range(1, 64):
    while not _b >> LOW[_b] & 1:
        LOW[_b] += 1


def mask(tile, rot):
    """The edges holding a line end, as bits (0: empty hex, mana spot, printed centre)."""
    if tile < 0 or tile >= LINE_TILES:
        return 0
    return MASKS[kind(tile) % 3 * 6 + rot % 6]


def board_masks(tiles, rots):
    """Each hex's line ends as bits (mask), as a bytearray."""
    out = bytearray(HEXES)
    for h in range(HEXES):
        t = tiles[h]
        if 0 <= t < LINE_TILES:
            out[h] = KMASK[KINDS[t] * 6 + rots[h] % 6]
    return out


def need(tiles, masks, h):
    """Hex h's placed neighbours as edge bits * 64 + the edges of those towards which they
    hold a line end: a line mask m fits there when m & (that // 64) == that % 64."""
    occ = got = 0
    base = h * 6
    for d in range(6):
        n = NEIGH[base + d]
        if n != 255 and tiles[n] >= 0:
            occ |= 1 << d
            got |= (masks[n] >> (d + 3) % 6 & 1) << d
    return occ << 6 | got


def fits(tiles, rots, h, tile, rot):
    """P-P3: `tile` at rotation `rot` on hex h: every edge towards a placed tile is a line
    end exactly where that tile has one (a line end never meets a blank edge)."""
    nd = need(tiles, board_masks(tiles, rots), h)
    return mask(tile, rot) & nd >> 6 == nd & 63


def find_loops(tiles, rots, masks=None):
    """P-D1: the closed loops of joined lines on a board, each the sorted list of its hexes,
    in order of their lowest hex. `masks`: board_masks(tiles, rots) if known."""
    m = board_masks(tiles, rots) if masks is None else masks
    seen = bytearray(HEXES)
    out = []
    for h in range(HEXES):
        if seen[h] or not m[h]:
            continue
        seen[h] = 1
        path = [h]
        cur, edge = h, LOW[m[h]]
        while True:
            n = NEIGH[cur * 6 + edge]
            inn = (edge + 3) % 6
            if n == 255 or not m[n] >> inn & 1:
                break
            if n == h:
                path.sort()
                out.append(path)
                break
            seen[n] = 1
            path.append(n)
            cur, edge = n, LOW[m[n] ^ 1 << inn]
    return out


def enclosed(loop, h):
    """Whether hex h (not on the loop) is inside it: no way to the rim around the loop."""
    if h in loop:
        return False
    seen = bytearray(HEXES)
    todo = [h]
    seen[h] = 1
    while todo:
        x = todo.pop()
        for d in range(6):
            n = NEIGH[x * 6 + d]
            if n == 255:
                return False
            if not seen[n] and n not in loop:
                seen[n] = 1
                todo.append(n)
    return True


def circle_met(card, loop, tiles, rots):
    """P-K: does the loop (its hexes on the board `tiles`/`rots`) meet magic-circle card
    `card` (0..11)?"""
    size = len(loop)
    cols = [0] * 5
    tight = 0
    for h in loop:
        cols[tile_colour(tiles[h])] += 1
        tight += kind(tiles[h]) % 3 == 2
    colours = 0
    for c in range(5):
        colours += cols[c] > 0
    if card == 0:
        return size == 3
    if card == 1:
        return size == 4
    if card == 2:
        return size == 6
    if card == 3:
        return size >= 8
    if card == 4:
        return size == 3 and colours == 1 and cols[GREY] == 0
    if card == 5:
        return cols[0] > 0 and cols[1] > 0 and cols[2] > 0 and cols[3] > 0
    if card == 6:
        return cols[GREY] == 0
    if card == 7:
        for h in range(HEXES):
            if tiles[h] >= LINE_TILES and enclosed(loop, h):
                return True
        return False
    if card == 8:  # [project] "through the centre": the centre holds no line, so through
        near = 0  # _CENTRE_TOUCH or more of the centre's neighbours
        for h in range(1, 7):
            near += h in loop
        return near >= _CENTRE_TOUCH
    if card == 9:
        return size >= 5 and cols[GREY] >= 2
    if card == 10:
        return size >= 6 and colours == 2
    return tight >= 3


CIRCLE_TEXT = ("loop of 3", "loop of 4", "loop of 6", "loop of 8+", "3 of one colour",
               "all 4 colours", "no grey", "around a mana spot", "round the centre",
               "5+ with 2 grey", "6+ in 2 colours", "3+ tight curves")


# ---- Game -------------------------------------------------------------------------------
def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players, seed, read_options(OPTIONS, options))


# Public fields: copied verbatim into view() and back by sample_state().
PUBLIC = ("round_no", "round_player", "turn", "decider", "passes", "final",
          "boards", "rots", "pawn", "mana", "gold", "points", "stones", "chips", "stacks",
          "down", "shown", "item_used", "magic_used", "discards", "batch", "dice_col",
          "dice_val", "dice_own", "judge", "scan", "rabbit", "order", "undo", "prod",
          "moves", "sold", "under", "step", "owed", "penalties", "flips", "sets",
          "largest", "title_pts", "scored", "queue", "moved", "moved_die", "chosen")
HIDDEN = ("tiles", "items", "circles", "magic", "supply", "item_deck", "magic_deck",
          "circle_deck")  # hands of tiles and cards, the supply and decks: sample_state deals
_VIEW_KEYS = PUBLIC + ("game", "seat", "players", "options", "phase", "current", "judgement",
                       "hand", "items", "circles", "magic", "hand_counts", "item_counts",
                       "circle_counts", "magic_counts", "supply", "item_deck", "magic_deck",
                       "circle_deck", "peek", "loops", "hands", "all_items", "all_circles",
                       "legal", "notes")


def _copy(v):
    """A copy of a field: an int, a list of ints or a list of lists of ints (per seat), never
    deeper or mixed (a test checks it). Slices, not a call per element: a view and a clone
    copy every field, and on a board that was most of a search's playout."""
    if isinstance(v, list):
        if v and isinstance(v[0], list):
            return [x[:] for x in v]
        return v[:]
    return v


class State(GameState):
    game = "diploma"

    def __init__(self, players, seed, options, copy_of=None, blank=False):
        if blank:  # the contract's fields only: sample_state sets every other one
            self._start(players, seed, options)
            return
        if copy_of is not None:
            self._copy_start(copy_of)
            self.phase = copy_of.phase
            for key in PUBLIC + HIDDEN:
                setattr(self, key, _copy(getattr(copy_of, key)))
            return
        self._start(players, seed, options)
        n = players
        rng = self.rng
        self.round_no = 0
        self.final = 0
        self.boards = []
        self.rots = []
        for _ in range(n):
            b = [-1] * HEXES
            b[0] = CENTRE
            self.boards.append(b)
            self.rots.append([0] * HEXES)
        self.pawn = [0] * n
        self.mana = [_START_MANA] * n
        self.gold = [_START_GOLD] * n
        self.points = [0] * n
        self.stones = [[0] * 4 for _ in range(n)]
        self.chips = [PAIR_CHIPS, PAIR_CHIPS]  # per pair in the supply
        self.stacks = [[] for _ in range(n)]
        self.down = [[0] * 5 for _ in range(n)]  # face-down tiles per colour stack
        self.shown = [[] for _ in range(n)]
        self.item_used = []
        self.magic_used = []
        self.discards = []
        self.batch = []
        self.dice_col = []
        self.dice_val = []
        self.dice_own = []
        self.judge = -1
        self.scan = []
        self.rabbit = 0
        self.order = []  # seats still to draft / to assign, in order
        self.undo = []  # the last die magic: [user, die, colour, value, owner, ...]
        self.prod = [-1] * n  # the production die of each seat
        self.moves = 0
        self.sold = 0
        self.under = [-1] * n  # the barrier in each Under slot
        self.step = [0] * n  # its step: 0..2 acting, 3 face down (P-P7)
        self.owed = [[] for _ in range(n)]  # kinds of stolen tiles still to place
        self.penalties = [0] * n
        self.flips = [0] * n
        self.sets = [0] * n
        self.largest = [0] * n
        self.title_pts = [0] * n
        self.scored = 0
        self.queue = []  # seats still to steal / to score at the end
        self.moved = -1
        self.moved_die = -1
        self.chosen = -1  # the kind of tile being placed (P_SPOT)
        self.passes = 0
        self.turn = 0
        self.supply = list(range(TILES))
        rng.shuffle(self.supply)
        self.item_deck = list(range(24))
        rng.shuffle(self.item_deck)
        self.circle_deck = list(range(CIRCLES))
        rng.shuffle(self.circle_deck)
        self.magic_deck = list(range(10))
        rng.shuffle(self.magic_deck)
        self.tiles = [[] for _ in range(n)]
        self.items = [[] for _ in range(n)]
        self.circles = [[] for _ in range(n)]
        self.magic = [[] for _ in range(n)]
        for seat in range(n):  # P-S1
            for _ in range(_DEAL_ITEMS):
                self.items[seat].append(self.item_deck.pop())
            for _ in range(DEAL_CIRCLES):
                self.circles[seat].append(self.circle_deck.pop())
            for _ in range(_DEAL_MAGIC):
                self.magic[seat].append(self.magic_deck.pop())
        self.round_player = rng.randbelow(n)  # P-S2
        self.phase = P_SCAN
        self.decider = self.round_player
        self._new_round()

    def clone(self):
        return State(0, 0, None, self)

    def _name(self, seat):
        return "P%d" % (seat + 1)

    # ---- Small helpers ----
    def acting(self, seat, barrier):
        """Whether `barrier` acts on `seat` now (P-P7)."""
        return self.under[seat] == barrier and self.step[seat] < BARRIER_ROUNDS

    def hand_limit(self, seat):
        return BARRIER_HAND if self.acting(seat, B_HAND) else HAND_LIMIT

    def tile_price(self, seat):
        return _TILE_PRICE + (_BUY_EXTRA if self.acting(seat, B_BUY) else 0)

    def my_dice(self, seat):
        return [d for d in range(len(self.dice_own)) if self.dice_own[d] == seat]

    def move_die(self, seat):
        for d in self.my_dice(seat):
            if d != self.prod[seat]:
                return d
        return -1

    def gain_stone(self, seat, c, count=1):
        """P-C1: from the pair's supply, while it has chips."""
        got = 0
        while got < count and self.chips[c // 2] > 0:
            self.chips[c // 2] -= 1
            self.stones[seat][c] += 1
            got += 1
        return got

    def penalty(self, seat, why):
        """P-R3: 1 mana, else 2 gold, else 1 point; never below zero."""
        if T_SHIELD in self.items[seat]:
            self.items[seat].remove(T_SHIELD)
            self.item_used.append(T_SHIELD)
            self._note("%s's shield stops the %s penalty" % (self._name(seat), why))
            return
        self.penalties[seat] += 1
        if self.mana[seat] > 0:
            self.mana[seat] -= 1
            what = "1 mana"
        elif self.gold[seat] > 0:
            what = "%d gold" % min(_PENALTY_GOLD, self.gold[seat])
            self.gold[seat] = max(0, self.gold[seat] - _PENALTY_GOLD)
        elif self.points[seat] > 0:
            self.points[seat] -= 1
            what = "1 point"
        else:
            what = "nothing (has none)"
        self._note("%s pays the %s penalty: %s" % (self._name(seat), why, what))

    def _draw_tile(self, seat):
        self.tiles[seat].append(self.supply.pop())

    def _draw_item(self, seat):
        if self.item_deck:
            self.items[seat].append(self.item_deck.pop())
            self._note("%s draws an item card" % self._name(seat))

    def _take(self, lst, k):
        """Remove and return the lowest tile of kind k from lst."""
        best = -1
        for t in lst:
            if kind(t) == k and (best < 0 or t < best):
                best = t
        lst.remove(best)
        return best

    # ---- Round: windows of magic, roll, draft, assign, production (P-R) ----
    def _new_round(self):
        self.round_no += 1
        self.dice_col, self.dice_val, self.dice_own = [], [], []
        self.judge = -1
        self.scan = []
        self.rabbit = 0
        self.undo = []
        self.prod = [-1] * self.players
        self._open(P_SCAN)

    def _open(self, phase):
        self.phase = phase
        self.decider = self.round_player
        self.passes = 0
        self._settle()

    def _settle(self):
        """Skip the seats that cannot use magic now; close the window after a full round of
        passes. Who is skipped depends on hidden hands: the game says so (_reveal)."""
        n = self.players
        while self.passes < n:
            if self._magic_actions(self.decider):
                self._reveal()
                return
            self.passes += 1
            self.decider = (self.decider + 1) % n
        self._reveal()
        if self.phase == P_SCAN:
            self._roll()
            self._open(P_ROLLED)
        elif self.phase == P_ROLLED:
            self._start_draft()
        else:
            self.phase = P_ASSIGN
            self.order = [(self.round_player + k) % n for k in range(n)]
            self.decider = self.order.pop(0)

    def _magic_actions(self, seat):
        """P-R4 / P-M: the magic `seat` may use now in the window (without PASS)."""
        if self.mana[seat] < _MAGIC_COST or self.acting(seat, B_MAGIC):
            return []
        hand = self.magic[seat]
        out = []
        phase = self.phase
        nd = len(self.dice_val)
        if phase == P_SCAN:
            if SCAN_C in hand and len(self.scan) < self._dice_count():
                out = [SCAN + c for c in range(4) if self.scan.count(c) < _DICE_EACH]
        elif phase == P_ROLLED:
            if OBLIVION_C in hand and not self.rabbit:
                out.append(OBLIVION)
            if RABBIT_C in hand and len(self.my_dice(seat)) < 2:
                out += [RABBIT + d for d in self._free_dice()]
        elif phase == P_MAGIC:
            if COUNTER_C in hand and self.undo and self.undo[0] != seat:
                out.append(COUNTER)
            for d in range(nd):
                v = self.dice_val[d]
                if UPPER_C in hand and v < 6:
                    out.append(UPPER + d)
                if DOWNER_C in hand and v > 1:
                    out.append(DOWNER + d)
                if SIX_C in hand and v != 6:
                    out.append(CHANGE6 + d)
                if ONE_C in hand and v != 1:
                    out.append(CHANGE1 + d)
                if ILLUSION_C in hand:
                    out += [ILLUSION + d * 4 + c for c in range(4) if c != self.dice_col[d]]
                if CONTROL_C in hand:
                    for e in range(d + 1, nd):
                        a, b = self.dice_own[d], self.dice_own[e]
                        if a >= 0 and b >= 0 and a != b:
                            out.append(CONTROL + d * 9 + e)
        out.sort()
        return out

    def _dice_count(self):
        return _SOLO_DICE if self.players == 1 else 2 * self.players + 1

    def _roll(self):
        """P-R1: draw the dice from the bag (Color Scan's colours first) and roll them."""
        bag = []
        for c in range(4):
            bag += [c] * _DICE_EACH
        drawn = []
        for c in self.scan:
            bag.remove(c)
            drawn.append(c)
        self.rng.shuffle(bag)
        while len(drawn) < self._dice_count():
            drawn.append(bag.pop())
        self.dice_col = drawn
        self.dice_val = [1 + self.rng.randbelow(6) for _ in drawn]
        self.dice_own = [-1] * len(drawn)
        self._note("P%d rolls %s" % (self.round_player + 1, self._dice_words()))

    def _dice_words(self):
        return " ".join(["%s%d" % (LETTERS[self.dice_col[d]], self.dice_val[d])
                         for d in range(len(self.dice_val))])

    def _free_dice(self):
        """Undrafted dice, one of each colour and value."""
        out = []
        seen = []
        for d in range(len(self.dice_own)):
            key = self.dice_col[d] * 8 + self.dice_val[d]
            if self.dice_own[d] < 0 and key not in seen:
                seen.append(key)
                out.append(d)
        return out

    def _start_draft(self):
        """P-R1: snake order from the round player; seats holding 2 dice are skipped."""
        n = self.players
        first = [(self.round_player + k) % n for k in range(n)]
        self.order = first + list(reversed(first))
        self.phase = P_DRAFT
        self._next_draft()

    def _next_draft(self):
        while self.order:
            seat = self.order.pop(0)
            if len(self.my_dice(seat)) < 2:
                self.decider = seat
                return
        self.judge = self.dice_own.index(-1)
        self._note("judgement die: %s%d" % (LETTERS[self.dice_col[self.judge]],
                                            self.dice_val[self.judge]))
        self._open(P_MAGIC)

    def _use_magic(self, seat, card):
        self.mana[seat] -= _MAGIC_COST
        self.passes = 0

    def _window(self, action):
        seat = self.decider
        if action == PASS:
            self.passes += 1
            self.decider = (seat + 1) % self.players
            self._settle()
            return
        if action >= CONTROL:
            i, j = (action - CONTROL) // 9, (action - CONTROL) % 9
            self._use_magic(seat, CONTROL_C)
            self.undo = [seat, i, self.dice_col[i], self.dice_val[i], self.dice_own[i],
                         j, self.dice_col[j], self.dice_val[j], self.dice_own[j]]
            self.dice_own[i], self.dice_own[j] = self.dice_own[j], self.dice_own[i]
        elif action >= UPPER:
            if action >= ILLUSION:
                d, card = (action - ILLUSION) // 4, ILLUSION_C
            else:
                d, card = (action - UPPER) % 10, DIE_CARDS[(action - UPPER) // 10]
            self._use_magic(seat, card)
            self.undo = [seat, d, self.dice_col[d], self.dice_val[d], self.dice_own[d]]
            if card == ILLUSION_C:
                self.dice_col[d] = (action - ILLUSION) % 4
            elif card == UPPER_C:
                self.dice_val[d] += 1
            elif card == DOWNER_C:
                self.dice_val[d] -= 1
            else:
                self.dice_val[d] = 6 if card == SIX_C else 1
            self.moved_die = d
        elif action >= DRAFT:
            self._draft(seat, action - DRAFT)
            return
        elif action >= RABBIT:
            self._use_magic(seat, RABBIT_C)
            self.rabbit = 1
            self.dice_own[action - RABBIT] = seat
            self.moved_die = action - RABBIT
        elif action >= SCAN:
            self._use_magic(seat, SCAN_C)
            self.scan.append(action - SCAN)
        elif action == OBLIVION:
            self._use_magic(seat, OBLIVION_C)
            self.dice_val = [1 + self.rng.randbelow(6) for _ in self.dice_val]
            self._note("P%d rerolls: %s" % (self.round_player + 1, self._dice_words()))
        elif action == COUNTER:
            self._use_magic(seat, COUNTER_C)
            u = self.undo
            for k in range(1, len(u), 4):
                self.dice_col[u[k]], self.dice_val[u[k]], self.dice_own[u[k]] = \
                    u[k + 1], u[k + 2], u[k + 3]
            self.undo = []
        self._settle()

    def _draft(self, seat, d):
        self.dice_own[d] = seat
        self.moved_die = d
        self._next_draft()

    def _assign(self, action):
        seat = self.decider
        k, tool = (action - PROD) // 2, (action - PROD) % 2
        self.prod[seat] = self.my_dice(seat)[k]
        if tool:
            self.items[seat].remove(T_OWN)
            self.item_used.append(T_OWN)
            self.dice_col[self.prod[seat]] = seat
        if self.order:
            self.decider = self.order.pop(0)
            return
        self._produce()

    def _produce(self):
        """P-R2 / P-R3."""
        n = self.players
        self._reveal()
        for k in range(n):
            seat = (self.round_player + k) % n
            d = self.prod[seat]
            v, c = self.dice_val[d], self.dice_col[d]
            j = self.dice_val[self.judge] + (JUDGE_PLUS if self.acting(seat, B_JUDGE) else 0)
            if v > j:
                got = self.gain_stone(seat, c, 2 if c == seat else 1)
                self.gold[seat] += v - j
                self._note("%s produces %d %s stone(s), %d gold" % (
                    self._name(seat), got, COLOURS[c], v - j))
            elif self.step[seat] >= BARRIER_ROUNDS:
                self._note("%s is immune to the production penalty" % self._name(seat))
            else:
                self.penalty(seat, "production")
        # P-E2: can the supply give everyone 2 tiles?
        if len(self.supply) < _RECEIVE * n:
            self.final = 1
            self._note("final round: the tiles run out")
            for k in range(n):
                seat = (self.round_player + k) % n
                for _ in range(_RECEIVE):
                    if self.supply:
                        self._draw_tile(seat)
        self.turn = self.round_player
        self._start_placement()

    # ---- Placement phase (P-P) ----
    def _start_placement(self):
        seat = self.turn
        self._reveal()
        if not self.final:
            for _ in range(_RECEIVE):
                if self.supply:
                    self._draw_tile(seat)
        v = self.dice_val[self.move_die(seat)]
        if self.acting(seat, B_MOVE):
            v = max(0, v - _MOVE_MINUS)
        self.moves = v
        self.sold = 0
        self.phase = P_PLACE
        self.decider = seat

    def spots(self, seat, k, first=False, masks=None):
        """P-P3: PLACE actions for a tile of kind k next to the seat's pawn."""
        board = self.boards[seat]
        m = board_masks(board, self.rots[seat]) if masks is None else masks
        out = []
        p = self.pawn[seat] * 6
        for d in range(6):
            h = NEIGH[p + d]
            if h == 255 or board[h] >= 0:
                continue
            nd = need(board, m, h)
            occ, nd = nd >> 6, nd & 63
            for r in range(rotations(k)):
                if KMASK[k * 6 + r] & occ == nd:
                    out.append(PLACE + h * 6 + r)
                    if first:
                        return out
        out.sort()
        return out

    def place_actions(self, seat, masks=None):
        """The kinds in hand that fit somewhere now (TILE + kind)."""
        board = self.boards[seat]
        m = board_masks(board, self.rots[seat]) if masks is None else masks
        needs = []  # of the empty hexes next to the pawn
        p = self.pawn[seat] * 6
        for d in range(6):
            h = NEIGH[p + d]
            if h != 255 and board[h] < 0:
                needs.append(need(board, m, h))
        out = []
        for t in self.tiles[seat]:
            k = KINDS[t]
            if TILE + k in out:
                continue
            for nd in needs:
                occ, nd = nd >> 6, nd & 63
                r = rotations(k) - 1
                while r >= 0 and KMASK[k * 6 + r] & occ != nd:
                    r -= 1
                if r >= 0:
                    out.append(TILE + k)
                    break
        return out

    def _place_list(self, seat):
        seat = self.decider
        out = [END]
        board = self.boards[seat]
        rots = self.rots[seat]
        m = board_masks(board, rots)
        me = self.items[seat]
        final = self.final
        if not final and self.supply and self.gold[seat] >= self.tile_price(seat):
            out.append(BUY)
        if self.supply and T_EXTRA in me:
            out.append(EXTRA)
        if T_MOVE in me:
            out.append(MOVE2)
        if T_MANA in me:
            out.append(MANA1)
        if T_GOLD in me:
            out.append(GOLD3)
        if T_PEEK in me and self.supply:
            out.append(PEEK)
        p = self.pawn[seat]
        if self.moves > 0:
            for d in range(6):
                h = NEIGH[p * 6 + d]
                if h != 255 and board[h] >= 0:
                    out.append(STEP + h)
        if T_JUMP in me:
            out += [JUMP + h for h in range(HEXES) if board[h] >= 0 and h != p]
        for loop in find_loops(board, rots, m):
            out.append(DECLARE + loop[0])
        if not self.sold and not final:
            for i in sorted(me):
                out.append(SELL + i)
        total = sum(self.stones[seat])
        for i in me:
            if i >= B_JUDGE and total >= BARRIER_COST[i - B_JUDGE]:
                for t in range(self.players):
                    if t != seat and self.under[t] < 0:
                        out.append(BARRIER + (i - B_JUDGE) * 4 + t)
        for mc in self.magic[seat]:
            for c in range(4):
                if self.stones[seat][c] > 0:
                    out.append(REPLACE + mc * 4 + c)
        if T_SWAP in me and self.discards:
            mine = sorted(set([KINDS[t] for t in self.tiles[seat]]))
            theirs = sorted(set([KINDS[t] for t in self.discards]))
            for a in mine:
                for b in theirs:
                    if a != b:
                        out.append(SWAP_TILE + a * 16 + b)
        if T_ROTATE in me:
            for h in range(HEXES):
                t = board[h]
                if 0 <= t < LINE_TILES:
                    k = KINDS[t]
                    nd = need(board, m, h)
                    occ, nd = nd >> 6, nd & 63
                    for r in range(rotations(k)):
                        if r != rots[h] % rotations(k) and KMASK[k * 6 + r] & occ == nd:
                            out.append(ROTATE + h * 6 + r)
        out += self.place_actions(seat, m)
        out.sort()
        return out

    def _placement(self, action):
        seat = self.decider
        me = self.items[seat]
        if action >= PLACE:
            a = action - PLACE
            k, h, r = self.chosen, a // 6, a % 6
            self.chosen = -1
            self.phase = P_PLACE
            t = self._take(self.tiles[seat], k)
            self.boards[seat][h] = t
            self.rots[seat][h] = r
            self.moved = h
            if k == MANA_KIND:
                self.mana[seat] += 1
            if k in self.owed[seat]:
                self.owed[seat].remove(k)
        elif action >= TILE:
            self.chosen = action - TILE
            self.phase = P_SPOT
        elif action >= ROTATE:
            self._tool(seat, T_ROTATE)
            h = (action - ROTATE) // 6
            self.rots[seat][h] = (action - ROTATE) % 6
            self.moved = h
        elif action >= SWAP_TILE:
            self._tool(seat, T_SWAP)
            a, b = (action - SWAP_TILE) // 16, (action - SWAP_TILE) % 16
            mine = self._take(self.tiles[seat], a)
            self.tiles[seat].append(self._take(self.discards, b))
            self.discards.append(mine)
        elif action >= REPLACE:
            m, c = (action - REPLACE) // 4, (action - REPLACE) % 4
            self.stones[seat][c] -= 1
            self.chips[c // 2] += 1
            self.magic[seat].remove(m)
            if not self.magic_deck:
                self.magic_deck = self.magic_used
                self.magic_used = []
                self.rng.shuffle(self.magic_deck)
            self.magic_used.append(m)
            self.magic[seat].append(self.magic_deck.pop())
            self._reveal()
        elif action >= BARRIER:
            b, victim = B_JUDGE + (action - BARRIER) // 4, (action - BARRIER) % 4
            me.remove(b)
            self._pay_stones(seat, BARRIER_COST[b - B_JUDGE])
            self.under[victim] = b
            self.step[victim] = 0
        elif action >= SELL:
            i = action - SELL
            me.remove(i)
            self.item_used.append(i)
            self.gold[seat] += _SELL_PRICE
            self.sold = 1
        elif action >= DECLARE:
            self._declare(seat, action - DECLARE)
        elif action >= JUMP:
            self._tool(seat, T_JUMP)
            self.pawn[seat] = self.moved = action - JUMP
        elif action >= STEP:
            self.pawn[seat] = self.moved = action - STEP
            self.moves -= 1
        elif action == BUY:
            self.gold[seat] -= self.tile_price(seat)
            self._draw_tile(seat)
            self._reveal()
        elif action == EXTRA:
            self._tool(seat, T_EXTRA)
            self._draw_tile(seat)
            self._reveal()
        elif action == MOVE2:
            self._tool(seat, T_MOVE)
            self.moves += TOOL_MOVE
        elif action == MANA1:
            self._tool(seat, T_MANA)
            self.mana[seat] += _TOOL_MANA
        elif action == GOLD3:
            self._tool(seat, T_GOLD)
            self.gold[seat] += _TOOL_GOLD
        elif action == PEEK:
            self._tool(seat, T_PEEK)
            self.phase = P_PEEK
            self._reveal()
        elif action == END:
            self._end_placement(seat)

    def _tool(self, seat, tool):
        self.items[seat].remove(tool)
        self.item_used.append(tool)

    def _pay_stones(self, seat, cost):
        """[project] Stones of the colours held most, ties to the lower colour."""
        st = self.stones[seat]
        for _ in range(cost):
            c = st.index(max(st))
            st[c] -= 1
            self.chips[c // 2] += 1

    def _peek_list(self):
        top = top_tiles(self.supply)
        out = []
        seen = []
        for i in range(len(top)):
            if kind(top[i]) not in seen:
                seen.append(kind(top[i]))
                out.append(PICK_TOP + i)
        return out

    def _pick_top(self, i):
        t = self.supply.pop(len(self.supply) - 1 - i)
        self.supply.append(t)
        self.phase = P_PLACE

    # ---- Magic circle: declare, remove, stacks, conversions (P-D) ----
    def _declare(self, seat, low):
        board, rots = self.boards[seat], self.rots[seat]
        loop = _loop_at(board, rots, low)
        for card in sorted(self.circles[seat]):  # P-D2 [project: the lowest card met]
            if circle_met(card, loop, board, rots):
                self.circles[seat].remove(card)
                self.shown[seat].append(card)
                self.points[seat] += _CIRCLE_POINTS
                self._note("%s reveals the circle '%s': +%d" % (
                    self._name(seat), CIRCLE_TEXT[card], _CIRCLE_POINTS))
                break
        self.largest[seat] = max(self.largest[seat], len(loop))
        for h in loop:  # P-D3: exactly the loop's tiles
            self.stacks[seat].append(board[h])
            board[h] = -1
            rots[h] = 0
        self._stack(seat)
        p = self.pawn[seat]
        if board[p] < 0:  # P-D3: warp to the nearest tile, ties the lowest hex
            best = 0
            for h in range(HEXES):
                if board[h] >= 0 and distance(p, h) < distance(p, best):
                    best = h
            self.pawn[seat] = best
            self._note("%s's pawn warps to hex %d" % (self._name(seat), best))
        self._draw_item(seat)  # P-D4 [invented]
        self._reveal()
        self.phase = P_CONVERT

    def _stack(self, seat):
        counts = [0] * 5
        for t in self.stacks[seat]:
            counts[tile_colour(t)] += 1
        down = self.down[seat]
        for c in range(5):
            while counts[c] - down[c] >= _STACK_STONE:
                down[c] += _STACK_STONE
                if c == GREY:
                    self.mana[seat] += 1
                    self._note("%s turns 3 grey tiles: +1 mana" % self._name(seat))
                else:
                    got = self.gain_stone(seat, c)
                    self._note("%s turns 3 %s tiles: %s" % (
                        self._name(seat), COLOURS[c],
                        "a stone" if got else "no stone left in the supply"))

    def _convert_list(self, seat):
        out = [DONE]
        st = self.stones[seat]
        if min(st) > 0:
            out.append(SET)
        if self.mana[seat] > 0:
            out.append(MANA_POINT)
            out += [FLIP + c for c in range(4) if st[c] > 0]
        return out

    def _convert(self, action):
        seat = self.decider
        st = self.stones[seat]
        if action == SET:
            for c in range(4):
                st[c] -= 1
            self.chips[0] += 2
            self.chips[1] += 2
            self.points[seat] += SET_POINTS
            self.sets[seat] += 1
        elif action == MANA_POINT:
            self.mana[seat] -= 1
            self.points[seat] += 1
        elif action >= FLIP:
            c = action - FLIP
            self.mana[seat] -= 1
            st[c] -= 1
            st[c ^ 1] += 1
            self.flips[seat] += 1
        else:  # DONE
            self.scored += 1
            if self.phase == P_CONVERT:
                self.phase = P_PLACE
            else:
                self._next_final()

    # ---- End of a placement phase: hand limit, steals (P-P6) ----
    def _end_placement(self, seat):
        for _ in self.owed[seat]:
            self.penalty(seat, "stolen tile")
        self.owed[seat] = []
        self.phase = P_DISCARD
        self._after_discard()

    def _after_discard(self):
        seat = self.turn
        if len(self.tiles[seat]) > self.hand_limit(seat):
            return  # P_DISCARD goes on
        n = self.players
        self.queue = []
        if self.batch:
            for k in range(1, n):
                s = (seat + k) % n
                if not self.acting(s, B_STEAL):
                    self.queue.append(s)
        self._next_steal()

    def _next_steal(self):
        if self.batch and self.queue:
            self.phase = P_STEAL
            self.decider = self.queue.pop(0)
            return
        self.discards += self.batch
        self.batch = []
        self._next_placement()

    def _steal(self, action):
        if action != NO_STEAL:
            k = action - STEAL
            self.tiles[self.decider].append(self._take(self.batch, k))
            self.owed[self.decider].append(k)
        self._next_steal()

    def _next_placement(self):
        n = self.players
        got = 0
        for r in self.shown:
            got += len(r)
        if got >= n:  # P-E1
            self._note("the magic circles are complete: the game ends")
            self._start_final()
            return
        self.turn = (self.turn + 1) % n
        if self.turn != self.round_player:
            self._start_placement()
            return
        if self.final:  # P-E2
            self._start_final()
            return
        for s in range(n):  # P-P7: barriers slide at the round change
            if self.under[s] >= 0 and self.step[s] < BARRIER_ROUNDS:
                self.step[s] += 1
                if self.step[s] == BARRIER_ROUNDS:
                    self._note("the barrier on %s turns face down" % self._name(s))
        self.round_player = (self.round_player + 1) % n  # P-R5
        self._new_round()

    def _start_final(self):
        n = self.players
        self.queue = [(self.round_player + k) % n for k in range(n)]
        self.phase = P_FINAL
        self._next_final()

    def _next_final(self):
        if self.queue:
            self.decider = self.queue.pop(0)
            return
        self._titles()
        self.phase = P_OVER
        self.decider = -1

    def _titles(self):
        """P-E3 / P-I: titles held at the end score."""
        n = self.players
        for seat in range(n):
            pts = 0
            for i in self.items[seat]:
                if i == 10:
                    pts += _TITLE_PER_CIRCLE * len(self.shown[seat])
                elif i == 11 and self.mana[seat] > 0 and self.mana[seat] == max(self.mana):
                    pts += TITLE_MOST_MANA
                elif i == 12 and self.gold[seat] > 0 and self.gold[seat] == max(self.gold):
                    pts += _TITLE_MOST_GOLD
                elif i == 13:
                    pts += _TITLE_PER_FLIP * self.flips[seat]
                elif i == 14 and self.penalties[seat] == 0:
                    pts += _TITLE_CLEAN
                elif i == 15:
                    counts = [0] * 5
                    for t in self.stacks[seat]:
                        counts[tile_colour(t)] += 1
                    for c in range(4):
                        if counts[c] >= _STACK_STONE:
                            pts += _TITLE_PER_STACK
                elif i == 16 and self.largest[seat] > 0 and \
                        self.largest[seat] == max(self.largest):
                    pts += _TITLE_LOOP
                elif i == 17 and self.sets[seat] >= _SETS_FOR_TITLE:
                    pts += _TITLE_SETS
            self.title_pts[seat] = pts
            self.points[seat] += pts
            if pts:
                self._note("%s's titles: +%d" % (self._name(seat), pts))

    # ---- The contract ----
    def current_player(self):
        return -1 if self.phase == P_OVER else self.decider

    def rounds_scored(self):
        return self.scored

    def scores(self):
        return list(self.points)

    def winners(self):
        """P-E3: points, then stones, then mana, then shared. Solo (P-E4): [0] at 40 points
        or more, else [] (the challenge is lost)."""
        if not self.is_over():
            return []
        if self.players == 1:
            return [0] if self.points[0] >= SOLO_TARGET else []
        best = None
        out = []
        for s in range(self.players):
            key = (self.points[s], sum(self.stones[s]), self.mana[s])
            if best is None or key > best:
                best, out = key, [s]
            elif key == best:
                out.append(s)
        return out

    def legal_actions(self):
        phase = self.phase
        seat = self.decider
        if phase <= P_MAGIC and phase != P_DRAFT:
            return [PASS] + self._magic_actions(seat)
        if phase == P_DRAFT:
            return [DRAFT + d for d in self._free_dice()]
        if phase == P_ASSIGN:
            mine = self.my_dice(seat)
            out = [PROD]
            a, b = mine
            if self.dice_col[a] != self.dice_col[b] or self.dice_val[a] != self.dice_val[b]:
                out.append(PROD + 2)
            if T_OWN in self.items[seat]:
                out += [x + 1 for x in out]
            out.sort()
            return out
        if phase == P_PLACE:
            return self._place_list(seat)
        if phase == P_SPOT:
            return self.spots(seat, self.chosen)
        if phase == P_PEEK:
            return self._peek_list()
        if phase == P_CONVERT or phase == P_FINAL:
            return self._convert_list(seat)
        if phase == P_DISCARD:
            return sorted(set([DISCARD + kind(t) for t in self.tiles[seat]]))
        if phase == P_STEAL:
            return [NO_STEAL] + sorted(set([STEAL + kind(t) for t in self.batch]))
        return []

    def _do(self, action):
        phase = self.phase
        self.moved = -1
        self.moved_die = -1
        if phase <= P_MAGIC:
            self._window(action)
        elif phase == P_ASSIGN:
            self._assign(action)
        elif phase == P_PLACE or phase == P_SPOT:
            self._placement(action)
        elif phase == P_PEEK:
            self._pick_top(action - PICK_TOP)
        elif phase == P_CONVERT or phase == P_FINAL:
            self._convert(action)
        elif phase == P_DISCARD:
            self.batch.append(self._take(self.tiles[self.turn], action - DISCARD))
            self._after_discard()
        elif phase == P_STEAL:
            self._steal(action)

    # ---- What a seat may see ----
    def view(self, seat):
        """Everything `seat` may know (see seeds/diploma.md for the keys)."""
        over = self.phase == P_OVER
        v = dict.fromkeys(_VIEW_KEYS)  # its final size at once: no table outgrown per key
        for key in PUBLIC:
            v[key] = _copy(getattr(self, key))
        mine = seat == self.decider and not over
        v["game"] = self.game
        v["seat"] = seat
        v["players"] = self.players
        v["options"] = dict(self.options)
        v["phase"] = PHASES[self.phase]
        v["current"] = self.current_player()
        v["judgement"] = self.dice_val[self.judge] if self.judge >= 0 else -1
        v["hand"] = sorted(self.tiles[seat])
        v["items"] = sorted(self.items[seat])
        v["circles"] = sorted(self.circles[seat])
        v["magic"] = sorted(self.magic[seat])
        v["hand_counts"] = [len(h) for h in self.tiles]
        v["item_counts"] = [len(h) for h in self.items]
        v["circle_counts"] = [len(h) for h in self.circles]
        v["magic_counts"] = [len(h) for h in self.magic]
        v["supply"] = len(self.supply)
        v["item_deck"] = len(self.item_deck)
        v["magic_deck"] = len(self.magic_deck)
        v["circle_deck"] = len(self.circle_deck)
        v["peek"] = top_tiles(self.supply) if mine and self.phase == P_PEEK else []
        v["loops"] = (find_loops(self.boards[seat], self.rots[seat])
                      if mine and self.phase == P_PLACE else [])
        v["hands"] = _copy(self.tiles) if over else None
        v["all_items"] = _copy(self.items) if over else None
        v["all_circles"] = _copy(self.circles) if over else None
        v["legal"] = self.legal_actions() if mine else []
        v["notes"] = list(self.notes)
        return v

    def _die_words(self, d):
        return "the %s %d die" % (colour_word(self.dice_col[d]), self.dice_val[d])

    def move_text(self, action, viewer=-1):
        """The log's sentence for `action`, said before it is applied (the contract's): the
        whole move in the players' words, colours named ("P3 lays a red tight tile on hex
        1"). None for the tile picked to lay and the peek tool: the placement, the tile put
        on top (which no one else may know), tells the move. (The notes say only what a
        move caused: a roll, production, a card drawn.) Short: the rules' code is on a
        board's heap all game."""
        seat = self.decider
        if action >= PLACE:
            words = "lays a %s on hex %d" % (kind_words(self.chosen), (action - PLACE) // 6)
        elif action >= TILE or action == PEEK:
            return None
        elif action >= ROTATE:
            words = "turns the tile on hex %d (tool)" % ((action - ROTATE) // 6)
        elif action >= SWAP_TILE:
            a = action - SWAP_TILE
            words = "swaps a %s for a discarded %s (tool)" % (kind_words(a // 16),
                                                            kind_words(a % 16))
        elif action >= CONTROL:
            a = action - CONTROL
            words = "uses Control on %s and %s" % (self._die_words(a // 9),
                                                   self._die_words(a % 9))
        elif action >= ILLUSION:
            a = action - ILLUSION
            words = "uses Illusion: %s turns %s" % (self._die_words(a // 4), colour_word(a % 4))
        elif action >= UPPER:
            a = action - UPPER
            words = "uses %s on %s" % (MAGIC[DIE_CARDS[a // 10]], self._die_words(a % 10))
        elif action >= REPLACE:
            a = action - REPLACE
            words = "renews %s for a %s stone" % (MAGIC[a // 4], colour_word(a % 4))
        elif action >= BARRIER:
            a = action - BARRIER
            words = "puts the barrier %s on P%d" % (ITEMS[B_JUDGE + a // 4], a % 4 + 1)
        elif action >= SELL:
            words = "sells its %s card" % ITEMS[action - SELL]
        elif action >= DECLARE:
            words = "declares a magic circle of %d tiles" % len(
                _loop_at(self.boards[seat], self.rots[seat], action - DECLARE))
        elif action >= JUMP:
            words = "jumps to hex %d (tool)" % (action - JUMP)
        elif action >= STEP:
            words = "steps to hex %d" % (action - STEP)
        elif action >= PROD:
            a = action - PROD
            mine = self.my_dice(seat)
            words = "produces with %s%s, moves with %s" % (
                self._die_words(mine[a // 2]), " (own colour tool)" if a % 2 else "",
                self._die_words(mine[1 - a // 2]))
        elif action >= DRAFT:
            words = "takes " + self._die_words(action - DRAFT)
        elif action >= RABBIT:
            words = "uses Rabbit Start to take " + self._die_words(action - RABBIT)
        elif action >= STEAL:
            words = "steals the discarded " + kind_words(action - STEAL)
        elif action >= DISCARD:
            words = "discards a " + kind_words(action - DISCARD)
        elif action >= PICK_TOP:
            words = "peeks (tool) and puts a tile on top"
        elif action >= SCAN:
            words = "uses Color Scan for a %s die" % colour_word(action - SCAN)
        elif action >= FLIP:
            c = action - FLIP
            words = "flips a %s stone to %s" % (colour_word(c), colour_word(c ^ 1))
        else:
            words = _MOVES[action]
        return "P%d %s" % (seat + 1, words)

    def action_text(self, action, seat=None):
        """Short words for `action` now, every legal action its own (a human's choice): in
        words.py, on a board's heap only once a human decides (the log speaks move_text)."""
        from sys import modules

        from firmware.core import dotted
        from firmware.games.diploma import words

        return words.action_text(self, action, modules[dotted("diploma", "rules")])


_MOVES = ("uses no magic", "ends the placement", "is done converting", "steals nothing",
          "turns 4 stones into %d points" % SET_POINTS, "turns 1 mana into 1 point",
          "buys a tile", "takes an extra tile (tool)", "gets 2 more moves (tool)",
          "gets 1 mana (tool)", "gets 3 gold (tool)", "", "uses Oblivion: a reroll",
          "uses Counter")


def _loop_at(board, rots, low):
    """The closed loop whose lowest hex is `low` (P-P5)."""
    return [lp for lp in find_loops(board, rots) if lp[0] == low][0]


def sample_state(view, rng):
    """A full State consistent with `view`: what `view["seat"]` cannot see (other hands of
    tiles, items, circles and magic, the supply's order, the decks' order) is dealt at
    random with `rng`; everything public is copied. Not replayable (fresh seed, empty
    history): for looking ahead only."""
    n = view["players"]
    me = view["seat"]
    # Not new_game: its deal (eight shuffles and a round's start) would all be overwritten,
    # and it was most of a linked guest's work at each update (issue 58's board time).
    check_players(n, MIN_PLAYERS, MAX_PLAYERS)
    s = State(n, rng.randbelow(1 << 28), read_options(OPTIONS, view["options"]), blank=True)
    for key in PUBLIC:
        setattr(s, key, _copy(view[key]))
    s.phase = PHASES.index(view["phase"])
    s.notes = list(view["notes"])
    over = view["hands"] is not None

    def deal(total, mine, everyone, counts, public, fixed_top=()):
        seen = bytearray(total)
        for lst in public:
            for x in lst:
                seen[x] = 1
        for x in fixed_top:
            seen[x] = 1
        if everyone is not None:
            return [list(h) for h in everyone], []
        for x in mine:
            seen[x] = 1
        pool = [x for x in range(total) if not seen[x]]
        rng.shuffle(pool)
        hands = []
        i = 0
        for seat in range(n):
            if seat == me:
                hands.append(list(mine))
            else:
                hands.append(pool[i:i + counts[seat]])
                i += counts[seat]
        return hands, pool[i:] + list(reversed(fixed_top))

    top = view["peek"]
    public = [view["discards"], view["batch"]]
    for b in view["boards"]:
        public.append([t for t in b if 0 <= t < TILES])
    public += view["stacks"]
    s.tiles, supply = deal(TILES, view["hand"], view["hands"], view["hand_counts"], public, top)
    if over:  # everything shown: the supply is what no one holds
        supply = _rest(TILES, public + s.tiles)
    s.supply = supply
    public = [view["item_used"]]
    for seat in range(n):
        if view["under"][seat] >= 0:
            public.append([view["under"][seat]])
    s.items, s.item_deck = deal(24, view["items"], view["all_items"], view["item_counts"],
                                public)
    if over:
        s.item_deck = _rest(24, public + s.items)
    s.circles, s.circle_deck = deal(CIRCLES, view["circles"], view["all_circles"],
                                    view["circle_counts"], view["shown"])
    if over:
        s.circle_deck = _rest(CIRCLES, view["shown"] + s.circles)
    s.magic, s.magic_deck = deal(10, view["magic"], None, view["magic_counts"],
                                 [view["magic_used"]])
    return s


def top_tiles(supply):
    """The top _PEEK_TILES tiles of the supply, the top one first."""
    return list(reversed(supply[-_PEEK_TILES:]))


def _rest(total, lists):
    seen = bytearray(total)
    for lst in lists:
        for x in lst:
            seen[x] = 1
    return [x for x in range(total) if not seen[x]]
