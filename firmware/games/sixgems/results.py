# SIXGEMS: the words of a scored round, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_sixgems.py so that a board loads just these words, for a moment, at a
# round's end (the game's end: final_sixgems.py).
from firmware.games.sixgems import rules
from firmware.ui.scoretable import seat_heads, signed, table


def round_result(view, names, out):
    """G-P2..G-P4: the settlement's points of each seat, from the dice and the card's
    bonus, and the totals after it (never below 0)."""
    result = view["results"][-1]
    n = view["players"]
    card, settler = result[0], result[1]
    if card == rules.FINAL:
        out("Final settlement")  # (no bonus: G-E2)
    else:
        out("Settlement %d by P%d" % (len(view["results"]), settler + 1))
        out(rules.settle_text(card))
    bonus = result[2:2 + n]
    gained = result[2 + n:2 + 2 * n]
    table(out, seat_heads(n), [
        ("dice", signed([gained[s] - bonus[s] for s in range(n)])),
        ("bonus", signed(bonus)),
        ("points", signed(gained)),
        ("total", view["totals"]),
    ])
