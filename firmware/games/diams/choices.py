# Diam's choices on the handheld table (screens.TableScreen.refresh): the table's
# shortcuts, a step of the turn at once as one pick ((words, actions[, aim])): a diamond
# placed, the vault stored, a set adding up taken. Loaded for a human's decision only (a
# board's heap).
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


SUMS = 4  # 'take 1 + 3* + 6' shortcuts offered at most (the most diamonds first)


def _sums(view):
    """Shortcuts 'take 1 + 3* + 6': market diamonds that add up to the placed one's quality
    (D-T6 (b)), picked and taken as one pick, a kind of diamond counted once per place in
    the sum; before a diamond is picked by hand. The most diamonds first."""
    if view["selected"]:
        return []
    placed = view["placed"]
    cards = [card for card in view["market"] if card != placed]  # (sorted)
    found = []
    _add_up(cards, 0, rules.quality(placed), [], found)
    ordered = []  # the most diamonds first, found order else (a port's sort is not stable);
    for size in range(len(cards), 1, -1):  # not one alone (the game's own choice)
        ordered.extend([combo for combo in found if len(combo) == size])
    out = []
    for combo in ordered[:SUMS]:
        words = "take " + " + ".join([label(card) for card in combo])
        out.append((words, [rules.MARKET_CARD + card for card in combo] + [rules.DONE]))
    return out


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
    """The choices of a decision, with the table's shortcuts (TableScreen plays a (words,
    actions[, aim]) one as one pick): the turn's choice and what it does at once, a diamond
    placed (_places) or the vault's storing (_stores, first), then the game's own."""
    phase = view["phase"]
    if phase == "main":
        out = []
        if rules.VAULT in legal:  # (a set stored scores; the likely choice when there is one)
            for words, actions in _stores(view):
                out.append((words, [rules.VAULT] + actions, actions[0]))
        if rules.MARKET in legal:
            out.extend(_places(view))
        return out + [a for a in legal if a != rules.MARKET]  # (every place is a shortcut)
    if phase == "vault":
        return _stores(view) + legal
    if phase == "place":
        return [rules.HAND + card for card in _by_haul(view, [a - rules.HAND for a in legal])]
    if phase == "take":
        picks = [a for a in legal if a >= rules.MARKET_CARD]
        first = [a for a in legal if a == rules.TAKE_ALL]  # (the most: two of the quality at least)
        return first + _sums(view) + [a for a in legal if a < rules.MARKET_CARD and a not in
                                      first] + picks  # ('take nothing', 'done' after the sums)
    return legal
