# Diamonds: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_diamonds.py so that a board loads just these words, for a moment, at a
# round's end.
from firmware.core import diamonds as M
from firmware.ui.scoretable import seat_heads, table


def _side_name(view, side):
    if view["teams"]:
        return "T%d (P%d+P%d)" % (side + 1, side + 1, side + view["sides"] + 1)
    return "P%d" % (side + 1)


def _heads(view, out):
    """The columns: the seats, or the teams (said who plays in each, M-O3)."""
    sides = view["sides"]
    if not view["teams"]:
        return seat_heads(sides)
    out("Teams: " + ", ".join([_side_name(view, t) for t in range(sides)]))
    return seat_heads(sides, "T")


def _known(numbers):
    return ["?" if n is None else n for n in numbers]


def round_result(view, names, out):
    """M-R7: the cards of each suit each side won (* the most: that suit's action), the
    crystals after the actions, the seats with no trick (diamond actions)."""
    won, majors, none, tricks = view["results"][-1]
    sides = view["sides"]
    out("Round %d of %d" % (len(view["results"]), view["rounds"]))
    heads = _heads(view, out)
    rows = []
    for s in range(M.SUITS):
        cells = [0] * sides
        for seat in range(len(tricks)):
            cells[seat % sides] += won[seat * M.SUITS + s]
        if majors[s] >= 0:
            cells[majors[s]] = "*%d" % cells[majors[s]]
        rows.append((M.SUIT_NAMES[s].lower(), cells))
    rows.append(("showroom", view["showroom"]))
    if view["scores"] is not None:  # M-O2 (the view may be another seat's: no vault)
        rows.append(("vault", view["vaults"]))
        rows.append(("points", [M.points(view["showroom"][t], view["vaults"][t])
                                for t in range(sides)]))
    table(out, heads, rows)
    out("*: most won: suit's action")
    if none:
        out("No trick: " + ", ".join(["P%d" % (s + 1) for s in none]))
        out("  %d diamond actions each" % M.NO_TRICK_DIAMONDS)


def final(view, names, out):
    """M-E2: the vaults revealed, a point per showroom crystal and two per vault crystal;
    with teams, the winning team (M-E2's tie-break: the most vault crystals)."""
    sides = view["sides"]
    vaults = view["vaults"]
    out("Vaults revealed")
    heads = _heads(view, out)
    table(out, heads, [
        ("showroom", view["showroom"]),
        ("vault", _known(vaults)),
        ("points", _known([None if vaults[t] is None else M.points(view["showroom"][t],
                                                                   vaults[t])
                           for t in range(sides)])),
    ])
    out("Points: showroom + 2 x vault")
    if view["teams"] and view["phase"] == "over":
        best = _best_sides(view)
        out("Winning team%s: %s" % ("s (tie)" if len(best) > 1 else "",
                                    ", ".join([_side_name(view, t) for t in best])))


def _best_sides(view):
    # M-E2 from the final view: most points, then most vault crystals, then shared.
    top = None
    best = []
    for t in range(view["sides"]):
        key = (M.points(view["showroom"][t], view["vaults"][t]), view["vaults"][t])
        if top is None or key > top:
            top = key
            best = [t]
        elif key == top:
            best.append(t)
    return best
