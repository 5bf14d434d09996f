# Diamonds: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens). Apart from console_diamonds.py so that
# a board loads just these words, for a moment, at a round's end.
from firmware.core import diamonds as M


def _side_name(view, side):
    if view["teams"]:
        return "T%d (P%d+P%d)" % (side + 1, side + 1, side + view["sides"] + 1)
    return "P%d" % (side + 1)


def round_result(view, names, out):
    results = view["results"]
    won, majors, none, tricks = results[-1]
    out("==== Round %d scored ====" % len(results))
    parts = []
    for s in range(M.SUITS):
        side = majors[s]
        if side < 0:
            parts.append("%s: nobody" % M.SUIT_LETTERS[s])
        else:
            parts.append("%s: %s" % (M.SUIT_LETTERS[s], _side_name(view, side)))
    out("  Majorities: " + ", ".join(parts))
    if none:
        out("  No trick (2 D actions each): " + ", ".join([names[s] for s in none]))
    public = view["scores"] is not None  # M-O2 (the view may be another seat's: no vault)
    for side in range(view["sides"]):
        line = "  %-12s showroom %2d" % (_side_name(view, side), view["showroom"][side])
        if public:
            line += "  vault %2d  points %d" % (view["vaults"][side],
                                                M.points(view["showroom"][side],
                                                         view["vaults"][side]))
        out(line)


def final(view, names, out):
    for side in range(view["sides"]):
        vault = view["vaults"][side]
        if vault is None:
            continue
        showroom = view["showroom"][side]
        out("  %-12s showroom %2d + vault %2d x 2 = %d points"
            % (_side_name(view, side), showroom, vault, M.points(showroom, vault)))
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
