# Quartz: the words of a scored round, for both front ends (the
# text console and the handheld's result screens), as score tables (scoretable.py). Apart
# from console_quartz.py so that a board loads just these words, for a moment, at a round's
# end (the game's end: final_quartz.py).
from firmware.games.quartz import rules
from firmware.ui.scoretable import seat_heads, table


def _held(view, seat):
    return [view["carts"][seat][k] + view["chests"][seat][k] for k in range(rules.NKINDS)]


def round_result(view, names, out):
    """The crystals each seat held (cart and chest), the chest's count, the points they
    would have scored (Q-F), as the round ended: view["ended"], not the table now, where
    the next round's leader has mined already (Q-T1)."""
    n = view["players"]
    done = view["round"] - 1 + (1 if view["over"] else 0)  # rounds finished
    if view["over"]:
        out("Round %d of %d" % (done, done))
    else:  # Q-R1: the leader marker (the most amber) starts the next round
        out("Round %d: P%d leads" % (done, view["leader"] + 1))
    ended = view["ended"]
    per = rules.NKINDS + 1  # a seat's figures there: its counts held, then its chest's
    held = [ended[s * per:s * per + rules.NKINDS] for s in range(n)]
    sizes = [ended[s * per + rules.NKINDS] for s in range(n)]
    rows = []
    for kind in range(rules.NKINDS):
        cells = [held[s][kind] for s in range(n)]
        if max(cells):
            rows.append((rules.KINDS[kind], cells))
    rows.append(("in chest", sizes))
    rows.append(("points", rules.final_scores(held, sizes)))
    table(out, seat_heads(n), rows)
