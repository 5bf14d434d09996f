# Diam's: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens). Apart from console_diams.py so that
# a board loads just these words, for a moment, at a round's end.
from firmware.core import diams as D


def round_result(view, names, out):
    points = view["points"][-1]
    breakdown = view["breakdown"]
    chips = D.round_chips(points)
    several = view["rounds"] > 1
    out("==== Round %d scored ====" % len(view["points"]))
    for seat in range(view["players"]):
        parts = breakdown[seat]
        line = "  %-7s %3d points (collections %d, purity bonus %d, hand bonus %d)" % (
            names[seat],
            points[seat],
            parts[0],
            parts[1],
            parts[2],
        )
        if several:
            line += "  +%d chips, %d in all" % (chips[seat], view["chips"][seat])
        out(line)


def final(view, names, out):
    rounds = view["points"]
    if len(rounds) > 1:
        for seat in range(view["players"]):
            out(
                "  %-7s chips %2d, points by round: %s"
                % (names[seat], view["chips"][seat], " ".join(["%d" % p[seat] for p in rounds]))
            )
        chips = view["chips"]
        tied = [names[s] for s in range(view["players"]) if chips[s] == max(chips)]
        if len(tied) > 1:  # say why one of them wins (D-E5)
            out("  Tie on %d chips (%s): round 2 points decide, then round 3, then the total."
                % (max(chips), ", ".join(tied)))
