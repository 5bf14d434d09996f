# Diam's choices on the handheld table (screens.TableScreen.refresh): the table's
# shortcuts, a step of the turn at once as one pick ((words, actions[, aim])): a diamond
# placed, the vault stored, a Convoy, a whole take, the cards given up; the likely choice
# first, as the normal bot (bot.py, its own weighing) would choose. Loaded for a human's
# decision only (a board's heap).
import sys

from firmware.core import COLLECT, unload
from firmware.games.diams import rules


def label(card):
    """A diamond as the table's badge shows it: '7', or '7*' for the special-purity one."""
    return "%d%s" % (rules.quality(card), "*" if rules.is_pure(card) else "")


def _storing(view):
    """The qualities a vault selection may hold (D-T7): three or more in hand, or one the
    vault holds already (to extend it), in order."""
    hand = [card for card in view["hand"] if rules.is_diamond(card)]
    held = [rules.quality(card) for card in view["vault"]]
    out = []
    for q in range(1, rules.QUALITIES + 1):
        n = len([card for card in hand if rules.quality(card) == q])
        if n and (n >= 3 or q in held):
            out.append(q)
    return out


def _stores(view):
    """Shortcuts 'store all 3s, 6s': every card of some qualities selected, then stored, as
    one pick (the game picks a card of a kind at a time); first all that may go, then each
    set of three or more by itself. Only before a card is selected by hand."""
    if view["selected_count"]:
        return []
    qualities = _storing(view)
    sets = [q for q in qualities if q not in [rules.quality(card) for card in view["vault"]]]
    groups = [qualities] + [[q] for q in sets] if len(qualities) > 1 else [qualities]
    out = []
    for group in groups:
        picks = [rules.HAND + card for card in view["hand"]
                 if rules.is_diamond(card) and rules.quality(card) in group]
        words = "store all " + ", ".join(["%ds" % q for q in group])
        out.append((words, picks + [rules.DONE]))
    return out


def _haul(view, card):
    """The qualities placing `card` lets its player take at most, added up (D-T6): every one
    of its quality in the market with it (a), or the dearest set of others adding up to it
    (b)."""
    q = rules.quality(card)
    market = view["market"]
    same = len([m for m in market if rules.quality(m) == q])
    found = []
    _add_up(market, 0, q, [], found)
    return max((same + 1) * q if same else 0, q if found else 0)


def _by_haul(view, cards):
    """`cards` (sorted) the largest haul first; among equals one the hand has fewest of
    (a set kept for the vault), the lowest quality."""
    hand = [rules.quality(card) for card in view["hand"] if rules.is_diamond(card)]
    return sorted(cards, key=lambda card: (-_haul(view, card) * 16 + hand.count(
        rules.quality(card))) * 1024 + card)


def _places(view):
    """Shortcuts 'place 6 green': the market chosen and a diamond placed, one a kind of
    diamond in hand (D-T6: the game asks which once the market is chosen), the largest haul
    first."""
    out = []
    last = -1
    for card in _by_haul(view, [card for card in view["hand"] if rules.is_diamond(card)]):
        kind = rules.quality(card) * 2 + rules.is_pure(card)
        if kind != last:
            last = kind
            out.append(("place " + rules.card_text(card), [rules.MARKET, rules.HAND + card],
                        rules.HAND + card))
    return out


TAKES = 5  # the take step's choices at most: whole takes, one press each


def _takes(bot, view, legal):
    """The take step (D-T6) as whole takes, each played by one pick: take all (a), a set
    adding up to the placed diamond's quality (b: its picks, then done), take nothing (c);
    the likely first (as the bot weighs them), TAKES at most, 'take nothing' always among
    them. After a pick made one at a time (an old save), the sets that complete it."""
    placed = view["placed"]
    picked = view["selected"]
    need = rules.quality(placed)
    for card in picked:
        need -= rules.quality(card)
    if need == 0:
        return legal  # (done)
    market = view["market"]  # (sorted)
    takes = []  # (the diamonds it takes, the choice), in the order the bot breaks ties in
    if rules.TAKE_NONE in legal:
        takes.append(([], rules.TAKE_NONE))
    if rules.TAKE_ALL in legal:
        takes.append(([c for c in market if rules.quality(c) == rules.quality(placed)],
                      rules.TAKE_ALL))
    found = []
    _add_up([c for c in market if c != placed and c not in picked], 0, need, [], found)
    for combo in found:
        words = rules.card_text(combo[0]) if len(combo) == 1 else " + ".join(
            [label(card) for card in combo])
        takes.append((picked + combo, ("take " + words, [rules.MARKET_CARD + card for card in
                                                           combo] + [rules.DONE])))
    # The bot's own weighing of the hand each take leaves (its _take's, from its parts: the
    # bot's module, on the heap all game, stays as it is).
    bot._load(view)
    values = []
    for cards, _ in takes:
        for card in cards:
            bot._add_hand(card, 1)
        values.append(bot._value())
        for card in cards:
            bot._add_hand(card, -1)
    order = sorted(range(len(takes)), key=lambda i: (-values[i], i))  # (a port's sort is
    if len(order) > TAKES:  # not stable)
        order = order[:TAKES] if 0 in order[:TAKES] or picked else order[:TAKES - 1] + [0]
    return [takes[i][1] for i in order]


def _convoy(view, words, before):
    """Shortcut 'Convoy: store 6s, 7s' (D-T8): every hand diamond of a quality the vault
    holds selected, then stored (as the bot does), after the actions `before`."""
    held = [rules.quality(card) for card in view["vault"]]
    picks = [rules.HAND + card for card in view["hand"]
             if rules.is_diamond(card) and rules.quality(card) in held]
    qualities = []
    for action in picks:
        if rules.quality(action - rules.HAND) not in qualities:
            qualities.append(rules.quality(action - rules.HAND))
    return (words + ", ".join(["%ds" % q for q in qualities]), before + picks + [rules.DONE],
            picks[0])


def _give_ups(bot, view):
    """Shortcut 'give up 2 pink and 9 grey' (D-T9): every card the bot would give up down to
    the hand limit, one after another, as one pick."""
    hand = list(view["hand"])
    market = list(view["market"])
    gone = []
    step = dict(view)
    for _ in range(len(hand) - rules.HAND_LIMIT):
        step["hand"] = hand
        step["market"] = market
        step["legal"] = rules._picks(rules.HAND, hand, None)
        card = bot.choose(step) - rules.HAND
        hand = [c for c in hand if c != card]
        if rules.is_diamond(card):
            market = sorted(market + [card])
        gone.append(card)
    return ("give up " + rules._listed(gone), [rules.HAND + card for card in gone])


def _first(out, choice):
    """`out` with `choice` first (if it is one of them), the others in their order."""
    if choice not in out:
        return out
    return [choice] + [c for c in out if c != choice]


def _add_up(cards, start, need, combo, found):
    """Each set of `cards[start:]` adding up to `need`, into `found`: a kind's lowest card
    first (the game's pick of a kind), the same kind once at each step."""
    last = -1
    for i in range(start, len(cards)):
        card = cards[i]
        q = rules.quality(card)
        kind = q * 2 + rules.is_pure(card)
        if q > need or kind == last:
            continue
        last = kind
        combo.append(card)
        if q == need:
            found.append(list(combo))
        else:
            _add_up(cards, i + 1, need - q, combo, found)
        combo.pop()


def choices(view, legal):
    """The choices of a decision, the likely first (what the normal bot would choose here),
    with the table's shortcuts (TableScreen plays a (words, actions[, aim]) one as one
    pick): the turn's choice and what it does at once (a diamond placed, _places; the
    vault's storing, _stores; a Convoy), the take whole (_takes), the cards given up at
    once (_give_ups); then the game's own. The bot's code leaves the heap again when no bot
    had it there (a table of humans)."""
    name = "firmware.games.diams.bot"
    loaded = name in sys.modules
    from firmware.games.diams.bot import Bot

    out = _choices(Bot(view["seat"]), view, legal)
    if COLLECT and not loaded:
        unload(name)
    return out


def _choices(bot, view, legal):
    phase = view["phase"]
    if phase == "take":
        return _takes(bot, view, legal)
    likely = bot.choose(view)
    if phase == "main":
        out = []
        if rules.VAULT in legal:  # (the bot's vault move stores all it can: the first)
            for words, actions in _stores(view):
                out.append((words, [rules.VAULT] + actions, actions[0]))
        first = out[0] if likely == rules.VAULT else likely
        if rules.MARKET in legal:
            places = _places(view)
            if likely == rules.MARKET:  # the diamond the bot would place
                bot._market_plan(view["hand"], view["market"])
                first = [p for p in places if _same_kind(p[2] - rules.HAND, bot.pick)][0]
            out.extend(places)
        if rules.CONVOY in legal:
            out.append(_convoy(view, "Convoy: store ", [rules.CONVOY]))
            if likely == rules.CONVOY:
                first = out[-1]
        out.extend([a for a in legal if a != rules.MARKET])  # (every place is a shortcut)
        return _first(out, first)
    if not view["selected_count"]:  # (all that may go first, as the bot stores)
        if phase == "vault":
            return _stores(view) + legal
        if phase == "convoy":
            return [_convoy(view, "store all ", [])] + legal
    if phase == "place":
        legal = [rules.HAND + card for card in _by_haul(view, [a - rules.HAND for a in legal])]
    if phase == "discard" and view["hand_counts"][view["seat"]] > rules.HAND_LIMIT + 1:
        return [_give_ups(bot, view)] + _first(legal, likely)
    return _first(legal, likely)


def _same_kind(card, other):
    return rules.quality(card) == rules.quality(other) and rules.is_pure(card) == rules.is_pure(
        other)
