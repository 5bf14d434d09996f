# Diploma's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, each still one press away; the list goes round,
# so its last choices are a press or two away too (UP). What a normal bot would do comes
# first (a placement's move as one pick, a tile laid whole: likely; a die, a conversion).
# Loaded for a human's decision only (a board's heap), with the normal bot's code.
from firmware.core.prng import Prng
from firmware.games.diploma import rules, words
from firmware.games.diploma.bot import Bot  # (on the heap already while bots play)


def _place_value(view, a, fits):
    """The likelier first: a loop to declare, the free tools (mana, gold), with an empty
    hand a tile to buy, the tiles that fit (the one joining most lines first), the steps
    (to the hex where most of the hand fits first), the rest in the rules' order; last, a
    press back round the list, buying a tile and (the very last) ending the phase."""
    if rules.DECLARE <= a < rules.SELL:
        return 900
    if a == rules.MANA1 or a == rules.GOLD3:
        return 800
    if a == rules.BUY or a == rules.EXTRA:
        return 700 + (a == rules.EXTRA) if not view["hand"] else -1
    if rules.TILE <= a < rules.PLACE:
        k = a - rules.TILE
        best = 0
        for h, r in _spots(view, view["pawn"][view["seat"]], k):
            best = max(best, joins(view, k, h, r))
        return 600 + best * 4 + _tile_worth(view, k)
    if rules.STEP <= a < rules.JUMP:
        return 400 + fits(a - rules.STEP)
    return -2 if a == rules.END else 0


def _spots(view, x, k):
    """(hex, rotation) of each placement of kind k next to hex x."""
    seat = view["seat"]
    tiles = view["boards"][seat]
    masks = rules.board_masks(tiles, view["rots"][seat])
    out = []
    for d in range(6):
        h = rules.NEIGH[x * 6 + d]
        if h == 255 or tiles[h] >= 0:
            continue
        nd = rules.need(tiles, masks, h)
        for r in range(rules.rotations(k)):
            if rules.KMASK[k * 6 + r] & nd >> 6 == nd & 63:
                out.append((h, r))
    return out


def _fits_from(view):
    """A step's worth: how many placements the kinds in hand have from a hex."""
    kinds = []
    for t in view["hand"]:
        if rules.kind(t) not in kinds:
            kinds.append(rules.kind(t))

    def fits(x):
        n = 0
        for k in kinds:
            n += len(_spots(view, x, k))
        return n

    return fits


def joins(view, k, h, r):
    """How good laying kind k on hex h at rotation r is: 100 if it closes a loop, else the
    line ends it joins to the tiles around it (a mana spot: 1)."""
    seat = view["seat"]
    tiles = view["boards"][seat]
    rots = view["rots"][seat]
    if k == rules.MANA_KIND:
        return 1
    t = rules.sample_tile(k)
    mine = rules.mask(t, r)
    n = 0
    for d in range(6):
        nb = rules.NEIGH[h * 6 + d]
        if mine >> d & 1 and nb != 255 and tiles[nb] >= 0:
            n += 1
    if n == 2:  # both ends joined: does it close a loop?
        after = list(tiles)
        after_rots = list(rots)
        after[h] = t
        after_rots[h] = r
        for loop in rules.find_loops(after, after_rots):
            if h in loop:
                return 100
    return n


def _tile_worth(view, k):
    """A kind in hand: a coloured line first (stacks of one colour make stones), grey, then
    a mana spot (it blocks lines)."""
    if k == rules.MANA_KIND:
        return 0
    return 2 if k // 3 != rules.GREY else 1


def _by(legal, value):
    """`legal`, the highest value first, ties in the rules' order (keys unique)."""
    return sorted(legal, key=lambda a: -value(a) * 4096 + a)


def place_joins(view, action):
    """joins() of a placement of the tile chosen (PLACE + hex * 6 + rotation)."""
    a = action - rules.PLACE
    return joins(view, view["chosen"], a // 6, a % 6)


ROW = 25  # a choice's row at 160x128 (its words longer: two rows, the news has one less)


def gives(action):
    """A placement's move that gives something away (P-P4, P-P7, P-R4, the swap tool): an
    item sold, stones for a barrier or a renewed magic card, a tile swapped."""
    return rules.SELL <= action < rules.UPPER or rules.SWAP_TILE <= action < rules.ROTATE


def likely(view):
    """The move a normal bot would make in this placement phase as one pick (words, actions,
    aim): a tile laid whole (its kind, then the hex and turn it would choose among P-P3's
    spots), a step with the tile it would lay from there (P-P2), or its one action, in the
    words the table gives them."""
    bot = Bot(view["seat"])
    a = bot.choose(view)
    first = []
    if rules.STEP <= a < rules.JUMP:
        there = _stepped(view, a - rules.STEP)
        b = bot.choose(there)
        if rules.TILE <= b < rules.PLACE:
            first = [a]
            view = there
            a = b
    if a < rules.TILE:
        return words.action_text(None, a, rules), [a], a  # (no state needed: P-P's words)
    k = a - rules.TILE
    step = dict(view)  # (the spot step's view: the kind chosen)
    step["phase"] = "spot"
    step["chosen"] = k
    step["legal"] = sorted([rules.PLACE + h * 6 + r
                            for h, r in _spots(view, view["pawn"][view["seat"]], k)])
    p = bot.choose(step) - rules.PLACE
    if k == rules.MANA_KIND:
        said = "mana spot h%d" % (p // 6)
    else:
        said = "%s h%d r%d" % (rules.kind_text(k), p // 6, p % 6)
    if first:  # (in one row: 'h9: grey straight h18 r2' when the step's words do not fit)
        x = first[0] - rules.STEP
        said = "step h%d, lay %s" % (x, said) if len(said) + 13 + (x > 9) <= ROW else \
            "h%d: %s" % (x, said)
    else:
        said = "lay " + said
    actions = first + [a, rules.PLACE + p]
    return said, actions, actions[0]


def likely_run(view, move):
    """When the likely `move` (likely(view)) lays a tile: it and the normal bot's next moves
    while they lay tiles too (P-P3, from a step: P-P2), and the end of the phase if that
    comes next, as one pick, its words joined while they fit the choice's one row (two
    would take the news a row); None when no move joins it. A buy, a sale or a loop to
    declare stays a pick of its own: something new shows, or something goes. The moves are
    played on a world like the view (rules.sample_state: what the view hides changes no
    lay)."""
    said, actions, aim = move
    if actions[-1] < rules.PLACE or len(said) > ROW - 5:  # (no room for ', end' even)
        return None
    seat = view["seat"]
    state = rules.sample_state(view, Prng(1))
    for a in actions:
        state.apply(a)
    while state.current_player() == seat and state.phase == rules.P_PLACE:
        more, then, _ = likely(state.view(seat))
        if then[-1] < rules.PLACE and then != [rules.END]:
            break
        if then == [rules.END]:
            more = "end"
        if len(said) + len(more) + 2 > ROW:
            break
        said = said + ", " + more
        actions = actions + then
        for a in then:
            state.apply(a)
    return None if actions is move[1] else (said, actions, aim)


def _stepped(view, x):
    """The view after a step to hex x (P-P2): the pawn there, a move less, the steps, jumps
    and tiles to lay (P-P3) from there; the rest of the choices as they were."""
    seat = view["seat"]
    tiles = view["boards"][seat]
    there = dict(view)
    pawn = list(view["pawn"])
    pawn[seat] = x
    there["pawn"] = pawn
    there["moves"] = view["moves"] - 1
    legal = [a for a in view["legal"] if not (rules.STEP <= a < rules.DECLARE
                                              or rules.TILE <= a < rules.PLACE)]
    for h in range(rules.HEXES):
        if tiles[h] >= 0 and h != x:
            if there["moves"] > 0 and rules.distance(h, x) == 1:
                legal.append(rules.STEP + h)
            if rules.T_JUMP in view["items"]:
                legal.append(rules.JUMP + h)
    for t in view["hand"]:
        k = rules.kind(t)
        if rules.TILE + k not in legal and _spots(there, x, k):
            legal.append(rules.TILE + k)
    there["legal"] = legal
    return there


def others(view, legal):
    """A placement's actions the likelier first: _place_value."""
    fits = _fits_from(view)
    return _by(legal, lambda a: _place_value(view, a, fits))


def choices(view, legal):
    """The likely choice first: in a placement the normal bot's move (likely), then a
    declarable loop, a tile that fits, steps, the end of the phase last (others); a move
    that gives something away (gives) one DOWN, after ending the phase, so that A never
    does it; the placement that closes a loop or joins the most lines; the die to draft or
    to produce with and the conversion a normal bot picks, then the others, converting
    stones and mana before being done with it (at the end, all of it)."""
    phase = view["phase"]
    if phase == "place":
        ordered = others(view, legal)
        move = likely(view)
        if gives(move[1][0]):
            return [rules.END, move] + ordered
        run = likely_run(view, move)
        if run is not None:  # (then the one move, a press DOWN)
            return [run, move] + ordered
        return [move] + ordered
    if phase == "spot":
        return _by(legal, lambda a: place_joins(view, a))
    if phase == "draft" or phase == "assign":
        ordered = legal  # (the rest in the rules' order: the dice by their place)
    elif phase in ("convert", "final"):
        last = phase == "final"
        ordered = _by(legal, lambda a: 3 if a == rules.SET else 2 if a == rules.MANA_POINT
                      and last else 1 if a == rules.DONE else 0)
    else:
        return legal
    bot = Bot(view["seat"])
    a = bot.choose(view)  # (the die, the production, the conversion it picks)
    if phase == "convert" or phase == "final":  # (one pick of its own: the cursor stays on
        n = mana_run(view, bot) if a == rules.MANA_POINT else 1  # the next one)
        said = "%d mana: %d points" % (n, n) if n > 1 else words.action_text(None, a, rules)
        return [(said, [a] * n, a)] + ordered
    return [a] + [x for x in ordered if x != a]


def mana_run(view, bot):
    """How many mana the bot turns into points one after another, its pick of one the first
    (P-D4): all but what it keeps (for a title of the most mana, or for later in the game)."""
    seat = view["seat"]
    mana = list(view["mana"])
    after = dict(view)
    after["mana"] = mana
    mana[seat] -= 1
    n = 1
    while mana[seat] and bot.choose(after) == rules.MANA_POINT:
        mana[seat] -= 1
        n += 1
    return n
