# Diamonds' choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, and a shortcut ((words, actions, aim): several
# actions as one pick), the likely pass. Loaded for a human's decision only (a board's heap).
from firmware.games.diamonds import rules
from firmware.games.diamonds.bot import next_pass  # (on the heap already while bots play)


def likely_pass(view):
    """'pass 3S 4S 2C to P2': the cards a normal bot would pass (M-R2: the lowest, from the
    longest suits; M-O3: the highest to a partner) besides those chosen already, picked and
    passed as one pick: (words, actions, aim)."""
    hand = list(view["hand"])
    picks = []
    for _ in range(view["count"] - len(view["chosen"])):
        card = next_pass(hand, view["teams"])
        hand.remove(card)
        picks.append(card)
    seat = view["seat"]
    taker = (seat + view["sides"] if view["teams"] else seat + 1) % view["players"]
    actions = [rules.PICK + card for card in picks] + [rules.CONFIRM]
    words = "pass %s to P%d" % (rules.cards_text(sorted(view["chosen"] + picks)), taker + 1)
    return (words, actions, actions[0])


def choices(view, legal):
    """The choices of a decision in the order they are likely: the dealer's pass count from
    three cards down (M-R2: the usual pass); the likely pass as one pick (likely_pass), then
    the cards to pass the lowest first (the highest to a partner, M-O3), then the chosen ones
    to take back; the rest as the rules list them."""
    if view["phase"] == "count":
        return sorted(legal, reverse=True)
    if view["phase"] == "pass":
        high = -1 if view["teams"] else 1
        picks = [a for a in legal if a < rules.UNPICK]
        picks.sort(key=lambda a: (high * rules.rank(a - rules.PICK), rules.suit(a - rules.PICK)))
        first = [] if rules.CONFIRM in legal else [likely_pass(view)]
        return first + picks + [a for a in legal if a >= rules.UNPICK]
    return legal
