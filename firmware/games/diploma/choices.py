# Diploma's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, each still one press away. Loaded for a human's
# decision only (a board's heap).
from firmware.games.diploma import rules


def _place_rank(a):
    """0 the likeliest: a loop to declare, a tile to lay, a step (first when no tile fits),
    the end of the phase; then the rest in the rules' order."""
    if rules.DECLARE <= a < rules.SELL:
        return 0
    if rules.TILE <= a < rules.PLACE:
        return 1
    if rules.STEP <= a < rules.JUMP:
        return 2
    if a == rules.END:
        return 3
    return 4


def joins(view, action):
    """How good a placement (PLACE + hex * 6 + rotation) is: 100 if it closes a loop, else
    the line ends it joins to the tiles around it (a mana spot: 1)."""
    seat = view["seat"]
    tiles = view["boards"][seat]
    rots = view["rots"][seat]
    k = view["chosen"]
    h, r = (action - rules.PLACE) // 6, (action - rules.PLACE) % 6
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


def _die_worth(view, d):
    """A die to draft: its number, one more for the seat's own colour (2 stones)."""
    return view["dice_val"][d] * 2 + (view["dice_col"][d] == view["seat"]) * 3


def _assign_worth(view, a):
    """Producing with die k: gold and stones when it beats the judgement die, else the
    lower die produces (the penalty either way) and the higher moves."""
    seat = view["seat"]
    mine = [d for d in range(len(view["dice_own"])) if view["dice_own"][d] == seat]
    k, tool = (a - rules.PROD) // 2, (a - rules.PROD) % 2
    p, m = mine[k], mine[1 - k]
    j = view["judgement"]
    if view["under"][seat] == rules.B_JUDGE and view["step"][seat] < rules.BARRIER_ROUNDS:
        j += rules.JUDGE_PLUS
    v = view["dice_val"][p]
    own = tool or view["dice_col"][p] == seat
    if v > j:
        return 20 + (v - j) + (4 if own else 2) - tool
    return 10 - v + view["dice_val"][m] - tool


def _by(legal, value):
    """`legal`, the highest value first, ties in the rules' order (keys unique)."""
    return sorted(legal, key=lambda a: -value(a) * 4096 + a)


def choices(view, legal):
    """The likely choice first: a declarable loop, a tile that fits, steps; the placement
    that closes a loop or joins the most lines; the best die to draft or to produce with;
    converting stones and mana before being done with it (at the end, all of it)."""
    phase = view["phase"]
    if phase == "place":
        return _by(legal, lambda a: -_place_rank(a) * 64 +
                   (_tile_worth(view, a - rules.TILE) if rules.TILE <= a < rules.PLACE else 0))
    if phase == "spot":
        return _by(legal, lambda a: joins(view, a))
    if phase == "draft":
        return _by(legal, lambda a: _die_worth(view, a - rules.DRAFT))
    if phase == "assign":
        return _by(legal, lambda a: _assign_worth(view, a))
    if phase in ("convert", "final"):
        last = phase == "final"
        return _by(legal, lambda a: 3 if a == rules.SET else 2 if a == rules.MANA_POINT and last
                   else 1 if a == rules.DONE else 0)
    return legal
