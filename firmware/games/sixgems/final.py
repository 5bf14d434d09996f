# SIXGEMS: the words of the game's end, for both front ends (the text console and the
# handheld's result screen), as score tables (scoretable.py). Apart from results_sixgems.py
# (a settlement's words) so that a board loads these only once the game is over.
from firmware.games.sixgems import rules
from firmware.ui.scoretable import seat_heads, signed, table


def final(view, names, out):
    """Every settlement's points, then the tie-break if it was needed (G-E3)."""
    n = view["players"]
    rows = []
    start = view.get("start")  # G-S3 (a view of a save before it: none)
    if start and max(start):
        rows.append(("start", start))
    for number, result in enumerate(view["results"]):
        label = "final" if result[0] == rules.FINAL else "%d" % (number + 1)
        rows.append((label, signed(result[2 + n:2 + 2 * n])))
    rows.append(("total", view["totals"]))
    out("Points by settlement")
    table(out, seat_heads(n), rows)
    totals = view["totals"]
    best = max(totals)
    tied = [s for s in range(n) if totals[s] == best]
    if len(tied) > 1:
        gems = []
        for s in tied:
            gems.append("%s %d gems" % (names[s], sum(view["real"][s]) + sum(view["wild"][s])))
        out("Tie on %d points: most gems wins: %s" % (best, ", ".join(gems)))
