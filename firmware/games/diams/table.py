# Diam's on the handheld table screen (protocol: screens.draw_table): draw(canvas, view,
# names) from a seat's view only. A diamond is a badge of its quality on its colour ("7" on
# red; "7*" is the special-purity one), a special card a letter badge (A B C). Page 1: the
# round, the market, your hand, your vault, what is being decided, the other seats (counts
# only); then the legend, the points of the rounds scored and what the last action caused.
# Game over: the points (and chips) of every seat, then every vault and hand.
from firmware.games.diams import rules
from firmware.ui import canvas

# Badge colour of quality 1..10 (rules.COLOURS: purple pink orange yellow blue green red white
# grey brown; white and grey become the light and the dark grey), then of a special card.
QUALITY = (canvas.PURPLE, canvas.PINK, canvas.ORANGE, canvas.YELLOW, canvas.BLUE, canvas.GREEN,
           canvas.RED, canvas.GREY, canvas.DIM, canvas.BROWN)
SPECIAL = canvas.TEAL
CHIP = canvas.GOLD
POWERS = (rules.CONVOY, rules.SAFECRACKER, rules.SLEIGHT)  # the own power of card A, B, C

_DOING = {
    "draw": "draw 1 or 2 cards",
    "main": "market, vault or card",
    "place": "place a diamond",
    "vault": "store 3+ of a kind",
    "convoy": "Convoy: store",
    "sale card": "Sale: pick a diamond",
    "sale seat": "Sale: target for",
    "safe name": "Safe: name a quality",
    "safe seat": "Safe: target for",
    "sleight": "Sleight: take 1",
}


def _short(seat):
    return "P%d" % (seat + 1)


def _label(card):
    if rules.is_diamond(card):
        return "%d%s" % (rules.quality(card), "*" if rules.is_pure(card) else "")
    if card == rules.CLOSING:
        return "X"
    return rules.SPECIAL_LETTERS[card - rules.CARD_A]


def _colour(card):
    if rules.is_diamond(card):
        return QUALITY[rules.quality(card) - 1]
    return SPECIAL


def _fit(c, width, indent, colour=canvas.WHITE):
    """A new row (indented) when `width` more cells do not fit on this one."""
    if c.col > indent and c.col + width > c.cols:
        c.line(colour, indent, True)


def _cards(c, cards, indent, colour=canvas.WHITE, base=None, moved=-1):
    """`cards` (sorted) as badges one space apart, wrapped under `indent`; diamonds of one
    quality together: "5*x3" is three 5s, one of them the special-purity one. Each badge
    marked (canvas.mark) with base + each of its cards: the actions that pick them; the one
    holding `moved` with C.MOVED."""
    if not cards:
        c.text("-")
        return
    i = 0
    n = len(cards)
    while i < n:
        card = cards[i]
        j = i + 1
        pure = rules.is_diamond(card) and rules.is_pure(card)
        if rules.is_diamond(card):
            q = rules.quality(card)
            while j < n and rules.is_diamond(cards[j]) and rules.quality(cards[j]) == q:
                if rules.is_pure(cards[j]):
                    pure = True
                j += 1
            s = "%d%s" % (q, "*" if pure else "")
        else:
            s = _label(card)
        tail = "x%d" % (j - i) if j - i > 1 else ""
        _fit(c, len(s) + len(tail), indent, colour)
        for k in range(i, j):
            if cards[k] == moved:
                c.mark(canvas.MOVED)
        if base is not None:
            for k in range(i, j):
                c.mark(base + cards[k])
            if base == rules.HAND and rules.CARD_A <= card <= rules.CARD_C:  # its sale, its power
                c.mark(rules.SALE_A + card - rules.CARD_A)
                c.mark(POWERS[card - rules.CARD_A])
        c.badge(s, _colour(card))
        c.text(tail)
        c.space()
        i = j


def draw(c, view, names):
    seat = view["seat"]
    n = view["players"]
    wide = c.cols >= 40
    several = view["rounds"] > 1
    if view["phase"] == "over":
        _over(c, view, names, seat, n, several)
        return

    # The round, the deck, the closing card, your chips.
    if view["closing_drawn"]:
        c.line(canvas.ORANGE)
        c.text(("Round %d/%d closing: %d more" if wide else "R%d/%d closing: %d more")
               % (view["round"], view["rounds"], view["turns_left"]))
    else:
        c.line(canvas.GREY)
        if several:
            c.text("Round %d/%d deck %d" % (view["round"], view["rounds"], view["deck"]))
        else:
            c.text("Quick round deck %d" % view["deck"])
    if several:
        chips = ("%d chips" if wide else "%d") % view["chips"][seat]
        if c.col < c.cols - len(chips) - 1:
            c.col = c.cols - len(chips) - 1
            c.dot(CHIP)
            c.text(chips)

    # Each thing a choice picks is marked with it (canvas.mark): the cursor points there.
    c.line()
    c.mark(rules.DRAW_MARKET)
    c.mark(rules.MARKET)
    c.text("Market ")
    _cards(c, view["market"], 7, canvas.WHITE, rules.MARKET_CARD,
           view["placed"])  # (placed: the last
    # move's diamond, C.MOVED)
    c.line()
    c.mark(rules.DRAW_HAND)
    c.text("Hand   ")
    _cards(c, view["hand"], 7, canvas.WHITE, rules.HAND)
    c.line()
    c.mark(rules.VAULT)
    c.text("Vault  ")
    _cards(c, view["vault"], 7, canvas.WHITE, rules.VAULT_CARD)
    pts = "=%d" % rules.vault_points(view["vault"])
    if c.col + len(pts) > c.cols:
        c.line(canvas.WHITE, 0, True)
    c.right(pts)

    _situation(c, view, seat)
    c.own()  # (page 1 shows them all, whatever the news)

    # The others: counts only (their hands and vaults are hidden).
    for k in range(1, n):
        other = (seat + k) % n
        moving = other == view["current"]
        c.line(canvas.GOLD if moving else canvas.WHITE)
        c.text(">" if moving else " ")
        c.mark(rules.SEAT + other)
        c.seat(other)
        c.text(names[other] if wide else _short(other))
        c.col = 12 if wide else 4
        c.text("hand %d vault %d" % (view["hand_counts"][other], view["vault_counts"][other]))
        if several:
            c.space()
            c.dot(CHIP)
            c.text("%d" % view["chips"][other])

    # Page 2 on: the legend, the points of the rounds scored, what the last action caused.
    _legend(c, wide)
    if view["points"]:
        _points(c, view, seat, n, several)
    for note in view["notes"]:
        c.lines(note, canvas.GREY)


def _legend(c, wide):
    c.line(canvas.GREY)
    c.text("* pure  ")
    c.badge("4", QUALITY[3])
    c.text("x2 two 4s  ")
    c.dot(CHIP)
    c.text("chips")
    c.line(canvas.WHITE, 0, True)
    c.badge("A", SPECIAL)
    c.text(" Convoy ")
    c.badge("B", SPECIAL)
    c.text(" Safecracker " if wide else " Safe ")
    c.badge("C", SPECIAL)
    c.text(" Sleight")


def _points(c, view, seat, n, several):
    c.line(canvas.GREY)
    c.text("Points by round" if several else "Points")
    if several:
        c.right("chips")
    for other in range(n):
        c.line(canvas.GOLD if other == seat else canvas.WHITE)
        c.text(_short(other))
        for p in view["points"]:
            c.text(" %3d" % p[other])
        if several:
            c.right("%d" % view["chips"][other])


def _over(c, view, names, seat, n, several):
    """Game over: the points (and chips) of every seat, then every vault and hand."""
    c.line(canvas.GOLD)
    c.text("Game over")
    _points(c, view, seat, n, several)
    if view["vaults"] is None:
        return
    for other in range(n):
        c.line(canvas.GOLD if other == seat else canvas.WHITE)
        c.text("%s vault " % _short(other))
        _cards(c, view["vaults"][other], 9)
        c.line()
        c.text("   hand  ")
        _cards(c, view["hands"][other], 9)
    _legend(c, c.cols >= 40)


def _situation(c, view, seat):
    """Who decides what, with the cards of that decision as badges."""
    phase = view["phase"]
    cur = view["current"]
    mine = cur == seat
    who = "You" if mine else _short(cur) if cur >= 0 else ""
    colour = canvas.GOLD if mine else canvas.CYAN
    if phase == "over":
        c.line(canvas.GOLD)
        c.text("Game over")
        return
    if phase == "take":
        q = rules.quality(view["placed"])
        c.line(colour)
        c.text("Placed ")
        c.badge(_label(view["placed"]), _colour(view["placed"]))
        c.text(": all or sum %d" % q)
        sel = view["selected"]
        if sel:
            got = 0
            for card in sel:
                got += rules.quality(card)
            c.line(colour)
            c.text("Picked %d/%d " % (got, q))
            _cards(c, sel, 6, colour)
        return
    if phase == "safe give":
        c.line(colour)
        named = "%d%s" % (view["named"], "*" if view["named_pure"] else "")
        c.seat(view["turn"])
        c.text("%s's safe: " % _short(view["turn"]))
        c.badge(named, QUALITY[view["named"] - 1])
        c.text(" %s gives" % who)
        return
    if phase == "discard":
        c.line(colour)
        c.seat(-1 if mine else cur)
        c.text("%s: give up %d (limit %d)" % (who, view["hand_counts"][cur] - rules.HAND_LIMIT,
                                              rules.HAND_LIMIT))
        return
    c.line(colour)
    c.seat(-1 if mine else cur)
    c.text("%s: %s" % (who, _DOING.get(phase, phase)))
    if phase in ("sale seat", "safe seat"):
        c.space()
        if phase == "sale seat":
            c.badge(_label(view["placed"]), _colour(view["placed"]))
        else:
            c.badge("%d%s" % (view["named"], "*" if view["named_pure"] else ""),
                    QUALITY[view["named"] - 1])
    if phase in ("vault", "convoy"):
        sel = view["selected"]
        if sel:
            c.space()
            _cards(c, sel, 2, colour)
        elif view["selected_count"]:
            c.text(" (%d)" % view["selected_count"])
