# Diamonds: the words of the game's end, for both front ends (the text console and the
# handheld's result screen), as score tables (scoretable.py). Apart from results_diamonds.py
# (a round's words) so that a board loads these only once the game is over.
from firmware.games.diamonds import rules
from firmware.games.diamonds.results import _heads, _side_name
from firmware.ui.scoretable import table


def final(view, names, out):
    """M-E2: the vaults revealed, a point per showroom crystal and two per vault crystal;
    with teams, the winning team (M-E2's tie-break: the most vault crystals)."""
    sides = view["sides"]
    vaults = view["vaults"]
    out("Vaults revealed")
    heads = _heads(view, out)
    table(out, heads, [
        ("showroom", view["showroom"]),
        ("vault", _known(vaults)),
        ("points", _known([None if vaults[t] is None else rules.points(view["showroom"][t],
                                                                   vaults[t])
                           for t in range(sides)])),
    ])
    out("Points: showroom + 2 x vault")
    if view["teams"] and view["phase"] == "over":
        best = _best_sides(view)
        out("Winning team%s: %s" % ("s (tie)" if len(best) > 1 else "",
                                    ", ".join([_side_name(view, t) for t in best])))


def _known(numbers):
    return ["?" if n is None else n for n in numbers]


def _best_sides(view):
    # M-E2 from the final view: most points, then most vault crystals, then shared.
    top = None
    best = []
    for t in range(view["sides"]):
        key = (rules.points(view["showroom"][t], view["vaults"][t]), view["vaults"][t])
        if top is None or key > top:
            top = key
            best = [t]
        elif key == top:
            best.append(t)
    return best
