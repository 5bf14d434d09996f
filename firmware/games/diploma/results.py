# Diploma: the words of a scored phase (a declared magic circle's conversions, or a seat's
# last scoring phase at the end), for both front ends (the text console and the handheld's
# result screens), as score tables (scoretable.py). Apart from console_diploma.py so that a
# board loads just these words, for a moment (the game's end: final_diploma.py).
from firmware.games.diploma import rules
from firmware.ui.scoretable import seat_heads, table


def round_result(view, names, out):
    """Who scored (P-D2..P-D4, or the end's conversions P-E1/P-E2), then every seat's
    points, revealed magic circles, stones and mana now."""
    n = view["players"]
    phase = view["phase"]
    if phase in ("final", "over"):
        out("Final scoring")
    else:
        out("Circle: P%d" % (view["turn"] + 1))
        largest = view["largest"][view["turn"]]
        if largest:
            out("P%d's largest loop: %d tiles" % (view["turn"] + 1, largest))
    shown = view["shown"]
    table(out, seat_heads(n), [
        ("points", view["points"]),
        ("circles", [len(shown[s]) for s in range(n)]),
        ("stones", [sum(view["stones"][s]) for s in range(n)]),
        ("mana", view["mana"]),
    ])
    for s in range(n):
        if shown[s]:
            out("P%d: %s" % (s + 1, ", ".join([rules.CIRCLE_TEXT[k] for k in shown[s]])))
