# Diamonds: the words of a scored round, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_diamonds.py so that a board loads just these words, for a moment, at a
# round's end (the game's end: final_diamonds.py).
from firmware.games.diamonds import rules
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



def round_result(view, names, out):
    """M-R7: the cards of each suit each side won (* the most: that suit's action), the
    crystals after the actions, the seats with no trick (diamond actions)."""
    won, majors, none, tricks = view["results"][-1]
    sides = view["sides"]
    out("Round %d of %d" % (len(view["results"]), view["rounds"]))
    heads = _heads(view, out)
    rows = []
    for s in range(rules.SUITS):
        cells = [0] * sides
        for seat in range(len(tricks)):
            cells[seat % sides] += won[seat * rules.SUITS + s]
        if majors[s] >= 0:
            cells[majors[s]] = "*%d" % cells[majors[s]]
        rows.append((rules.SUIT_NAMES[s].lower(), cells))
    rows.append(("showroom", view["showroom"]))
    if view["scores"] is not None:  # M-O2 (the view may be another seat's: no vault)
        rows.append(("vault", view["vaults"]))
        rows.append(("points", [rules.points(view["showroom"][t], view["vaults"][t])
                                for t in range(sides)]))
    table(out, heads, rows)
    out("*: most won: suit's action")
    if none:
        out("No trick: " + ", ".join(["P%d" % (s + 1) for s in none]))
        out("  %d diamond actions each" % rules.NO_TRICK_DIAMONDS)
