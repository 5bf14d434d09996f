# Diploma: the words of the game's end, for both front ends (the text console and the
# handheld's result screen), as score tables (scoretable.py). Apart from results_diploma.py
# (a scoring phase's words) so that a board loads these only once the game is over.
from firmware.games.diploma import rules
from firmware.ui.scoretable import seat_heads, table


def final(view, names, out):
    """Points before the titles, the titles (P-E3), the total; the tie-break (stones, then
    mana); solo (P-E4): the target."""
    n = view["players"]
    points = view["points"]
    titles = view["title_pts"]
    table(out, seat_heads(n), [
        ("play", [points[s] - titles[s] for s in range(n)]),
        ("titles", titles),
        ("total", points),
        ("circles", [len(view["shown"][s]) for s in range(n)]),
        ("stones", [sum(view["stones"][s]) for s in range(n)]),
        ("mana", view["mana"]),
    ])
    if n == 1:
        out("Solo: %d of %d points: %s" % (points[0], rules.SOLO_TARGET,
                                           "won" if points[0] >= rules.SOLO_TARGET else "lost"))
        return
    best = max(points)
    tied = [s for s in range(n) if points[s] == best]
    if len(tied) > 1:
        out("Tie on %d points: most stones, then most mana wins." % best)
