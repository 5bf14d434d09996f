# Diamonds' choices on the handheld table (screens.TableScreen.refresh): the rules'
# actions in the order a player likely takes them. Loaded for a human's decision only (a
# board's heap).
from firmware.games.diamonds import rules


def choices(view, legal):
    """The choices of a decision in the order they are likely: the dealer's pass count from
    three cards down (M-R2: the usual pass); the cards to pass the lowest first (the highest
    to a partner, M-O3), then the chosen ones to take back; the rest as the rules list them."""
    if view["phase"] == "count":
        return sorted(legal, reverse=True)
    if view["phase"] == "pass":
        high = -1 if view["teams"] else 1
        picks = [a for a in legal if a < rules.UNPICK]
        picks.sort(key=lambda a: (high * rules.rank(a - rules.PICK), rules.suit(a - rules.PICK)))
        return picks + [a for a in legal if a >= rules.UNPICK]
    return legal
