# Diamonds on the handheld table screen (protocol: screens.draw_table): draw(canvas, view,
# names) from a seat's view only. A card is a badge of its rank on its suit's colour (a
# four-colour deck: diamonds blue, hearts red, spades dark grey, clubs green) with its suit's
# pip (PIPS, look.PICTURES), the hand grouped by suit after the pip; crystals are
# gems (showroom cyan, vault gold). Page 1: the round and what is being decided (the trick
# so far, or the last one and its winner), your hand, then a table of every seat, you
# first: the thief token (a badge of T after its holder's name), tricks, won cards per suit,
# showroom and vault crystals (each count after its gem; hidden vaults "?"), wide the
# points too. Then the last trick, the last round's
# majorities, the legend and what the last action caused.
# Pointing (canvas.mark): each hand card is marked with the action that plays it (PLAY) or,
# while passing, chooses it (PICK); each chosen card with the one that takes it back
# (UNPICK). The pass count and the confirm pick nothing on the table: no mark. The card
# played last is marked C.MOVED (the table points at it while the bots play).
from firmware.games.diamonds import rules
from firmware.ui import canvas

SUIT = (canvas.BLUE, canvas.RED, canvas.DIM,
        canvas.GREEN)  # badge colour of D H S C (rules.SUIT_LETTERS; its pip's)
PIPS = 0  # the first suit pip in look.PICTURES
SUIT_CODES = b"DHSC"  # rules.SUIT_LETTERS, as the canvas holds them
SHOW = canvas.CYAN  # a showroom crystal
VAULT = canvas.GOLD  # a vault crystal
THIEF = canvas.PURPLE  # the thief token: a badge of "T"
NOTES = 3  # the last few things the last action caused, in words
ACTIONS = ("+1 vault", "+1 showroom", "showroom to vault", "steal 1")  # M-A1..M-A4


def _short(seat):
    return "P%d" % (seat + 1)


def _pip(c, suit):
    """A suit's pip, its letter under it (an outlined card shows that)."""
    c.picture(PIPS + suit, rules.SUIT_LETTERS[suit])


def say(c, text):
    """The game's words at the pen (a choice, the news), each card in them ('7D': a rank,
    then its suit's letter ending a word) with its suit's pip over the letter. Nothing
    allocated: each frame a bot thinks, the news is drawn again."""
    start = c.col
    c.text(text)
    if not 0 <= c.row < c.rows:
        return
    base = c.row * c.cols
    chars = c.chars
    end = min(c.col, c.cols)
    for col in range(max(start, 1), end):
        if not 48 <= chars[base + col - 1] <= 57:  # after a digit
            continue
        if col + 1 < end and 97 <= chars[base + col + 1] | 32 <= 122:
            continue  # a letter goes on: a word, not a card ('3rd')
        code = chars[base + col]
        for s in range(rules.SUITS):
            if code == SUIT_CODES[s]:
                c.tiles[base + col] = canvas.PICTURES + PIPS + s


def _card(c, card, pip=True):
    """A card badge: '8' and the diamond pip on blue (or '8' alone after its suit's pip)."""
    c.badge("%d" % rules.rank(card), SUIT[rules.suit(card)])
    if pip:
        _pip(c, rules.suit(card))


def _fit(c, width, indent, colour):
    """A new row (indented) when `width` more cells do not fit on this one."""
    if c.col > indent and c.col + width > c.cols:
        c.line(colour, indent, True)


def _cards(c, cards, indent, colour=canvas.WHITE, base=None, moved=-1):
    """Badges with the suit's pip ('8' and a diamond), one space apart, wrapped under
    `indent`; each marked with base + card (the action that picks it) if a base is given,
    the card `moved` with C.MOVED."""
    for card in cards:
        _fit(c, len(rules.card_text(card)), indent, colour)
        if base is not None:  # after the wrap: the mark's cell is the badge's
            c.mark(base + card)
        if card == moved:
            c.mark(canvas.MOVED)
        _card(c, card)
        c.space()


def _trick(c, cards, leader, indent, colour, moved=-1):
    """A trick in play order: the leader's name, then each card (`moved`: C.MOVED's)."""
    c.text("%s: " % _short(leader))
    _cards(c, cards, indent, colour, None, moved)


def _winner(c, view, indent, colour):
    """'>P2' after the last trick: on the next row (indented) when no room is left on this."""
    won = _short(view["last_winner"])
    wrapped = c.col + 1 + len(won) > c.cols
    if wrapped:
        c.line(colour, indent, True)  # (its trick's row, continued: never a page's first)
    c.text(">")
    if wrapped:
        c.seat(view["last_winner"])  # (its name first on the row)
    c.text(won)


def _hand(c, hand, indent, base):
    """Suit by suit: the pip, then the ranks as badges, each marked with base + card; a
    suit starts a row if it does not fit on this one."""
    if not hand:
        c.text("(no cards)")
        return
    for s in range(rules.SUITS):
        width = 0
        count = 0
        for card in hand:
            if rules.suit(card) == s:
                width += len("%d" % rules.rank(card)) + 1
                count += 1
        if not count:
            continue
        if c.col > indent and c.col + 1 + width > c.cols:
            c.line(canvas.WHITE, indent, True)
        _pip(c, s)
        for card in hand:
            if rules.suit(card) == s:
                w = len("%d" % rules.rank(card))
                c.space()
                _fit(c, w, indent + 2, canvas.WHITE)
                c.mark(base + card)  # after the wrap, on the badge (a space before it)
                _card(c, card, False)
        c.space(2)


def _side_text(view, side):
    if view["teams"]:
        return "P%d+P%d" % (side + 1, side + view["sides"] + 1)
    return _short(side)


def _winners(view):
    """M-E2: the sides with the most points, then the most vault crystals (game over)."""
    show = view["showroom"]
    vaults = view["vaults"]
    best = -1
    most = -1
    sides = []
    for t in range(view["sides"]):
        v = vaults[t] or 0
        p = rules.points(show[t], v)
        if p > best or (p == best and v > most):
            best = p
            most = v
            sides = [t]
        elif p == best and v == most:
            sides.append(t)
    return sides


def draw(c, view, names):
    seat = view["seat"]
    n = view["players"]
    wide = c.cols >= 40
    phase = view["phase"]
    cur = view["current"]
    mine = cur == seat and cur >= 0
    who = "You" if mine else _short(cur)
    act = canvas.GOLD if mine else canvas.CYAN

    # The round and what is being decided (the dealer and the thief token: in the table).
    if phase == "over":
        c.line(canvas.GOLD)
        win = _winners(view)
        c.text("Game over: ")
        for t in win:
            c.text(_side_text(view, t) + " ")
        c.text("win" if len(win) > 1 or view["teams"] else "wins")
    else:
        c.line(act)
        c.text(("Round %d/%d  " if wide else "R%d/%d ") % (view["round"], view["rounds"]))
        start = c.col
        if phase == "count":
            c.text("%s deal%s: pass 1-3?" % (who, "" if mine else "s"))
        elif phase == "pass":
            if view["teams"]:
                to = (seat + view["sides"]) % n
            else:
                to = (seat + 1) % n
            c.text("pass %d to %s" % (view["count"], _short(to)))
            if wide:
                c.text(", %d/%d done" % (view["passed"], n))
            if view["chosen"]:
                c.line(act, start, True)
                c.text("chosen ")
                _cards(c, view["chosen"], start + 7, act, rules.UNPICK)
        elif view["trick"]:
            c.text("trick ")
            _trick(c, view["trick"], view["leader"], start, act, view["trick"][-1])
        elif view["last_trick"]:
            c.text("last ")
            last = view["last_trick"]
            _trick(c, last, view["last_leader"], start, act, last[-1])  # (the last played)
            _winner(c, view, start, act)
        else:
            c.text("%s lead%s" % (who, "" if mine else "s"))

    # Your hand.
    if phase != "over":
        c.line()
        if wide:
            c.text("Hand ")
        _hand(c, view["hand"], 5 if wide else 0, rules.PICK if phase == "pass" else rules.PLAY)

    # Every seat: you first, then the others in turn order.
    _table(c, view, seat, n, wide)

    # Page 2 on.
    last = view["last_trick"]
    if last and (view["trick"] or phase == "over"):
        c.line(canvas.GREY)
        c.text("Last ")
        _trick(c, last, view["last_leader"], 5, canvas.GREY)
        _winner(c, view, 5, canvas.GREY)
    results = view["results"]
    if results:
        _majorities(c, view, results[-1], len(results), wide)
    _legend(c, view, wide)
    if phase == "over":
        return
    for note in view["notes"][-NOTES:]:
        c.lines(note, canvas.GREY)


def _table(c, view, seat, n, wide):
    # Columns: name (the thief token after its holder's: a badge of T), tricks won, won
    # cards per suit flush right under their heading (a word, a suit's pip), then each
    # crystal count after its gem (the legend names them) and a space: a gem against the
    # number before it read as that number's (issue 57); wide, the points. Everyone holds
    # the same number of cards, give or take the trick on the table: no hand column. 26
    # columns at most: the token takes the column before the tricks (two digits: ten
    # tricks at most, M-R1).
    c.line()
    c.text("    tricks" if wide else "tricks")
    for s in range(rules.SUITS):
        c.space(2)
        _pip(c, s)
    c.space()
    c.gem(SHOW)  # (over the rows' gems)
    c.space(4 if wide else 3)
    c.gem(VAULT)
    if wide:
        c.space(3)
        c.text("points")
    show = view["showroom"]
    w = 3 if wide else 2  # a crystal count and what is left of its column
    for k in range(n):
        other = (seat + k) % n
        side = view["side"][other]
        c.line(canvas.GOLD if other == seat else canvas.WHITE)
        c.text(">" if other == view["current"] else " ")
        c.seat(other)
        c.text(_short(other))
        if other == view["thief"]:
            c.badge("T", THIEF)
        c.col = 4
        won = view["won"][other]
        c.text(("%6d%3d%3d%3d%3d " if wide else "%2d%3d%3d%3d%3d ")
               % (view["tricks"][other], won[0], won[1], won[2], won[3]))
        c.gem(SHOW)
        c.text(_count(show[side], w))
        c.space()
        c.gem(VAULT)
        v = view["vaults"][side]
        c.text(_count(v, w))
        if wide and v is not None:
            c.text("%6d" % rules.points(show[side], v))
        if other == seat:
            c.own()  # your hand and your row: on page 1 whatever the news


def _count(value, width):
    """A crystal count ("?": hidden) flush left in `width` columns."""
    s = "?" if value is None else "%d" % value
    return s + " " * (width - len(s))


def _majorities(c, view, result, number, wide):
    """The last round scored (M-R7): who took each suit's majority, who won no trick."""
    majors = result[1]
    none = result[2]
    c.line(canvas.WHITE)
    c.text("Round %d:" % number if wide else "R%d:" % number)
    for s in range(rules.SUITS):
        side = majors[s]
        text = "-" if side < 0 else _side_text(view, side)
        _fit(c, 3 + len(text), 4, canvas.WHITE)
        c.space()
        _pip(c, s)
        c.text(" " + text)
    if none:
        c.line(canvas.WHITE)
        c.text("no trick (2x")
        _pip(c, rules.DIAMONDS)
        c.text("):")
        for other in none:
            c.text(" " + _short(other))


def _legend(c, view, wide):
    """The dealer and the thief token, the suit actions (M-A), the
    crystals, the teams."""
    c.line(canvas.GREY)
    c.text("Dealer %s  " % _short(view["dealer"]))
    c.badge("T", THIEF)
    c.text(" thief token")

    second = 20 if wide else 13  # (two suits a row where both fit)
    for s in range(rules.SUITS):
        if s % 2 == 0 or c.col >= second:
            c.line(canvas.GREY)
        else:
            c.col = second
        _pip(c, s)
        c.text(" " + ACTIONS[s])
    c.line(canvas.GREY)
    c.gem(SHOW)
    c.text(" showroom: 1 point each")
    c.line(canvas.GREY)
    c.gem(VAULT)
    c.text(" vault: 2 points each")
    if view["teams"]:
        c.line(canvas.GREY)
        c.text("Teams:")
        for t in range(view["sides"]):
            c.text(" " + _side_text(view, t))
