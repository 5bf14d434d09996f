# SIXGEMS: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens). Apart from console_sixgems.py so that
# a board loads just these words, for a moment, at a round's end.
from firmware.core import sixgems as G


def round_result(view, names, out):
    result = view["results"][-1]
    n = view["players"]
    card, settler = result[0], result[1]
    if card == G.FINAL:
        out("==== Final settlement (no gem card left, no bonus) ====")
    else:
        out("==== Settlement %d: %s by %s ====" % (len(view["results"]), G.settle_text(card),
                                                   names[settler]))
    for seat in range(n):
        out("  %-7s %+4d (bonus %d)  total %d"
            % (names[seat], result[2 + n + seat], result[2 + seat], view["totals"][seat]))


def final(view, names, out):
    totals = view["totals"]
    best = max(totals)
    tied = [s for s in range(view["players"]) if totals[s] == best]
    if len(tied) > 1:
        gems = []
        for s in tied:
            gems.append("%s %d gems" % (names[s], sum(view["real"][s]) + sum(view["wild"][s])))
        out("  Tie on %d points: most gems wins: %s" % (best, ", ".join(gems)))
