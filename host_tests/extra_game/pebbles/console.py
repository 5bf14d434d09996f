# Pebbles on the text console (the protocol is in firmware/ui/console.py). Renders from a
# seat's view only: the other player's card is shown at the game's end, never before.
from firmware.games.pebbles.help import HELP  # noqa: F401 (the renderer's)

RULES = "Every rule, with its id: rules.py in Pebbles' folder."


def _round(view):
    return "round %d of %d" % (min(view["played"] + 1, view["rounds"]), view["rounds"])


def table(view, names, out):
    pile = view["pile"]
    out("==== Pebbles - %s ====" % _round(view))
    out("Pile: %d %s" % (pile, "o" * pile))
    for seat in range(view["players"]):
        mark = " <-" if seat == view["turn"] else ""
        if seat == view["seat"]:
            mark += " (you)"
        out("  %-7s rounds won %d%s" % (names[seat], view["won"][seat], mark))
    status(view, names, out)


def status(view, names, out):
    card = view["card"]
    out("Your card (%s): %d - never take %d (B-T2)" % (names[view["seat"]], card, card))


def round_result(view, names, out):
    out("Rounds won: " + ", ".join(["%s %d" % (names[s], view["won"][s])
                                    for s in range(view["players"])]))


def final(view, names, out):
    if view["cards"] is not None:
        out("Last round's cards: " + ", ".join(["%s %d" % (names[s], view["cards"][s])
                                                for s in range(view["players"])]))


def turn_key(view):
    return view["played"] * 100 + view["pile"]


def turn_line(view, names):
    return "-- %s, %s, pile %d" % (_round(view), names[view["current"]], view["pile"])
