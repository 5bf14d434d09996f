# Diam's: the words of a scored round, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_diams.py so that a board loads just these words, for a moment, at a round's
# end (the game's end: final_diams.py).
from firmware.games.diams import rules
from firmware.ui.scoretable import seat_heads, signed, table


def round_result(view, names, out):
    """D-V, D-E: each seat's points of the round by where they come from (the vault's
    collections, the purity and hand bonuses) and, in a game of several rounds, the chips
    they bring."""
    points = view["points"][-1]
    parts = view["breakdown"]
    n = view["players"]
    out("Round %d of %d" % (len(view["points"]), view["rounds"]))
    rows = [
        ("vault", [parts[s][0] for s in range(n)]),
        ("purity", [parts[s][1] for s in range(n)]),
        ("hand", [parts[s][2] for s in range(n)]),
        ("points", points),
    ]
    if view["rounds"] > 1:
        rows.append(("chips", signed(rules.round_chips(points))))
        rows.append(("in all", view["chips"]))
    table(out, seat_heads(n), rows)
