# Diam's: the words of the game's end, for both front ends (the text console and the
# handheld's result screen), as score tables (scoretable.py). Apart from results_diams.py
# (a round's words) so that a board loads these only once the game is over.
from firmware.ui.scoretable import seat_heads, table


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
