# Quartz: the words of the game's end, for both front ends (the text console and the
# handheld's result screen), as score tables (scoretable.py). Apart from results_quartz.py
# (a round's words) so that a board loads these only once the game is over.
from firmware.games.quartz import rules
from firmware.games.quartz.results import _held
from firmware.ui.scoretable import seat_heads, signed, table


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
        for kind in range(rules.NKINDS):
            value += rules.VALUES[kind] * held[kind]
            if kind < rules.VALUABLE:
                bonus += rules.set_bonus(held[kind])
        values.append(value)
        bonuses.append(bonus)
    fewest = min(sizes)
    out("Final score")
    table(out, seat_heads(n), [
        ("crystals", values),
        ("sets", signed(bonuses)),
        ("in chest", sizes),
        ("fewest", ["-%d" % rules.CHEST_PENALTY if size == fewest else "0" for size in sizes]),
        ("points", view["scores"]),
    ])
    best = max(view["scores"])
    tied = [s for s in range(n) if view["scores"][s] == best]
    if len(tied) > 1:
        out("Tie on %d points: the most quartz wins, then rubellite, ... up to amber." % best)
