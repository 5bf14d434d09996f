# Quartz: the words of a scored round and of the game's end, for both front ends (the
# text console and the handheld's result screens). Apart from console_quartz.py so that
# a board loads just these words, for a moment, at a round's end.
from firmware.core import quartz as Q

SHORT = ("Qz", "Rb", "Em", "Sa", "Ru", "Am", "Ob")  # crystal kinds, KINDS order


def _crystals(counts):
    """'Qz2 Am1' for 7 counts ('-' when empty)."""
    parts = []
    for kind in range(Q.NKINDS):
        if counts[kind]:
            parts.append("%s%d" % (SHORT[kind], counts[kind]))
    return " ".join(parts) if parts else "-"


def round_result(view, names, out):
    done = view["round"] - 1 + (1 if view["over"] else 0)  # rounds finished
    out("==== Round %d over: leader %s ====" % (done, names[view["leader"]]))
    for seat in range(view["players"]):
        held = [view["carts"][seat][k] + view["chests"][seat][k] for k in range(Q.NKINDS)]
        out(
            "  %-7s holds %-30s chest %2d  points now %d"
            % (names[seat], _crystals(held), sum(view["chests"][seat]), view["scores"][seat])
        )


def final(view, names, out):
    sizes = [sum(c) for c in view["chests"]]
    fewest = min(sizes)
    for seat in range(view["players"]):
        held = [view["carts"][seat][k] + view["chests"][seat][k] for k in range(Q.NKINDS)]
        value = 0
        bonus = 0
        for kind in range(Q.NKINDS):
            value += Q.VALUES[kind] * held[kind]
            if kind < Q.VALUABLE:
                bonus += Q.set_bonus(held[kind])
        out(
            "  %-7s crystals %3d, sets %+d, chest %d%s = %d"
            % (
                names[seat],
                value,
                bonus,
                sizes[seat],
                " (fewest: -%d)" % Q.CHEST_PENALTY if sizes[seat] == fewest else "",
                view["scores"][seat],
            )
        )
    best = max(view["scores"])
    tied = [s for s in range(view["players"]) if view["scores"][s] == best]
    if len(tied) > 1:
        out("  Tie on %d points: the most quartz wins, then rubellite, ... up to amber." % best)
