# Diam's: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_diams.py so that a board loads just these words, for a moment, at a round's
# end.
from firmware.core import diams as D
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
        rows.append(("chips", signed(D.round_chips(points))))
        rows.append(("in all", view["chips"]))
    table(out, seat_heads(n), rows)


def final(view, names, out):
    rounds = view["points"]
    if len(rounds) < 2:
        return  # one round: its points say it all
    n = view["players"]
    rows = []
    for number in range(len(rounds)):
        rows.append(("round %d" % (number + 1), rounds[number]))
    rows.append(("chips", view["chips"]))
    out("Points by round, chips")
    table(out, seat_heads(n), rows)
    chips = view["chips"]
    tied = [names[s] for s in range(n) if chips[s] == max(chips)]
    if len(tied) > 1:  # say why one of them wins (D-E5)
        out("Tie on %d chips (%s): round 2 points decide, then round 3, then the total."
            % (max(chips), ", ".join(tied)))
