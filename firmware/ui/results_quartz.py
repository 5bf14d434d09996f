# Quartz: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_quartz.py so that a board loads just these words, for a moment, at a round's
# end.
from firmware.core import quartz as Q
from firmware.ui.scoretable import seat_heads, table


def _held(view, seat):
    return [view["carts"][seat][k] + view["chests"][seat][k] for k in range(Q.NKINDS)]


def round_result(view, names, out):
    """The crystals each seat holds (cart and chest), the chest's count, the points they
    would score now (Q-F)."""
    n = view["players"]
    done = view["round"] - 1 + (1 if view["over"] else 0)  # rounds finished
    if view["over"]:
        out("Round %d of %d" % (done, done))
    else:  # Q-R1: the leader marker (the most amber) starts the next round
        out("Round %d: P%d leads" % (done, view["leader"] + 1))
    held = [_held(view, s) for s in range(n)]
    rows = []
    for kind in range(Q.NKINDS):
        cells = [held[s][kind] for s in range(n)]
        if max(cells):
            rows.append((Q.KINDS[kind], cells))
    rows.append(("in chest", [sum(view["chests"][s]) for s in range(n)]))
    rows.append(("points", view["scores"]))
    table(out, seat_heads(n), rows)


def final(view, names, out):
    """Q-F1..Q-F4: the crystals' values, the set bonuses, the penalty of the fewest in the
    chest, then the tie-break if it was needed."""
    n = view["players"]
    sizes = [sum(c) for c in view["chests"]]
    values = []
    bonuses = []
    for seat in range(n):
        held = _held(view, seat)
        value = 0
        bonus = 0
        for kind in range(Q.NKINDS):
            value += Q.VALUES[kind] * held[kind]
            if kind < Q.VALUABLE:
                bonus += Q.set_bonus(held[kind])
        values.append(value)
        bonuses.append(bonus)
    fewest = min(sizes)
    out("Final score")
    table(out, seat_heads(n), [
        ("crystals", values),
        ("sets", ["+%d" % b if b else "0" for b in bonuses]),
        ("in chest", sizes),
        ("fewest", ["-%d" % Q.CHEST_PENALTY if size == fewest else "0" for size in sizes]),
        ("points", view["scores"]),
    ])
    best = max(view["scores"])
    tied = [s for s in range(n) if view["scores"][s] == best]
    if len(tied) > 1:
        out("Tie on %d points: the most quartz wins, then rubellite, ... up to amber." % best)
