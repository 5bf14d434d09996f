# A finished game for the handheld: its words (the winner first, then every seat's score
# from the best down, then the game's own breakdown: the last round if it was not shown
# yet, from the game's results.py, SIXGEMS's final settlement; then its final.py's: the
# vaults revealed, the tie-break) and the screens that show them: the winner and the scores
# on one screen, A a menu (the breakdown in pages, a rematch: same seats and options, the
# next seed; the title), B the title. The title's "Last game's results" reads the last
# finished game back from its record on the flash and shows it the same way. Loaded at a
# game's end only (its bots have left the heap by then) and for the title's item, so none
# of it sits on a board's heap during play; the menu's code (menus.py) comes on A only.
from firmware import buttons
from firmware.ui import canvas
from firmware.ui.canvas import wrap
from firmware.ui.match import FINAL, RESULTS, seat_name, write_words
from firmware.ui.screens import NEXT, PREV, Screen, TextScreen, hint, title_bar

NARROW = 26  # the letters of a row on the 160-pixel screens (the winner's row fits them)


def headline(names, winners):
    """Who won, in one row of the narrow screen: a tie of long names (six bots) by their
    seats alone; the ranked scores under it name them in full."""
    if not winners:
        return "Nobody wins"  # a solo challenge lost (Diploma, P-E4)
    if len(winners) == 1:
        return "%s wins" % names[winners[0]]
    line = "Tie: " + ", ".join([names[s] for s in winners])
    if len(line) > NARROW:
        line = "Tie: " + " ".join(["P%d" % (s + 1) for s in winners])
    return line


def summary(state, names, out, unseen_round):
    """The lines of a finished game: who won, the scores ranked (a line a seat), the game's
    breakdown. unseen_round: the last round's result was not on the screen yet (it comes
    first in the breakdown: SIXGEMS's final settlement)."""
    winners = state.winners()
    scores = state.scores()
    out(headline(names, winners))
    order = sorted(range(len(names)), key=lambda s: (s not in winners, -scores[s], s))
    for seat in order:
        out("%s %s: %d" % ("*" if seat in winners else " ", names[seat], scores[seat]))
    view = state.view(0)  # any seat's: a finished game hides nothing
    if unseen_round:
        write_words(state.game, RESULTS, "round_result", view, names, out)
    write_words(state.game, FINAL, "final", view, names, out)


def rematch(app, state, seats):
    """The finished game `state` again: the same seats and options, the next seed."""
    from firmware.core.prng import SEED_LIMIT

    app.start(state.game, seats, state.options, (state.seed + 1) % SEED_LIMIT)


def final_lines(match, out):
    """The finished game of `match`: the winner, the scores ranked, the game's breakdown with
    the last round's result if it was not shown."""
    unseen = match.pending_result()
    match.results = match.scored
    summary(match.state, match.names, out, unseen)


def game_over(app):
    """The game in play has ended: its results (firmware/ui/outcome.py's screens)."""
    match = app.match
    lines = []
    final_lines(match, lines.append)
    if match.save_off:
        lines.append(match.save_off)
    state = match.state
    seats = match.seats
    if getattr(match, "link", None) is not None:  # a guest's (guest.py): the host's next game
        from firmware.ui.waiting import wait

        show(app, "Game over", lines, len(seats), lambda: wait(app))
        return
    show(app, "Game over", lines, len(seats), lambda: rematch(app, state, seats))


def last_game(app):
    """The title's "Last game's results": read from its record on the flash
    (firmware/save.py), shown as at the game's end, with a rematch of it."""
    lines = []
    slot = app.slot
    try:
        saved = slot.last_game() if slot is not None else None
    except Exception as exc:  # SaveError: said, the record left as it is
        lines = ["Not readable", str(exc)]
        saved = None
    if saved is None:
        app.goto(TextScreen(app, "Last game", lines or ["No finished game yet"], app.home,
                            "A: title"))
        return
    names = [seat_name(s, saved.seats[s]) for s in range(len(saved.seats))]
    summary(saved.state, names, lines.append, saved.state.rounds_scored() > 0)
    show(app, "Last game", lines, len(names), lambda: rematch(app, saved.state, saved.seats))


def show(app, title, lines, seats, again):
    """The results of a finished game, `lines` as summary() writes them for `seats` seats:
    the winner and the scores on one screen; A there a menu, its cursor on the breakdown's
    pages (a player pressing A to go on reads them, never starts a game by it), then
    `again` (the rematch) and the title; B there the title."""
    pages = paginate(lines[1 + seats:], app.cols, app.rows - 2)

    def menu():
        from firmware.ui.menus import MenuScreen  # (its code on the heap from here only)

        app.goto(MenuScreen(app, title, (("Results", results), ("Rematch", again),
                                         ("Title", app.home)), lambda: app.goto(scores)))

    def results():
        app.goto(PagesScreen(app, pages, menu))

    scores = ResultScreen(app, title, lines[:1 + seats], (("A: more", menu),
                                                          ("B: title", app.home)))
    app.goto(scores)


# -- the breakdown in pages --------------------------------------------------------------
# A score table reaches these pages as scoretable.table writes it: a heading row (the label
# column blank, then the seats' or teams' heads: P1 P2 ..., T1 T2), then a row a category,
# each as long as the heading. A page that goes on with a table starts with its heading.
def is_heading(line):
    if line[:1] != " ":
        return False
    words = line.split()
    for word in words:
        if word[:1] not in "PT" or not word[1:].isdigit():
            return False
    return len(words) > 0


def in_table(line, head):
    """Whether `line` is a row of the table headed `head` (which it follows)."""
    return len(line) == len(head) and line[:1] != " "


def paginate(lines, cols, room):
    """`lines` in pages of at most `room` rows of `cols` letters: a line (a sentence wrapped,
    a table's row) whole on one page unless it is longer than a page; a heading row never
    last on its page (with the sentence before it, its table's title, when they fit the
    next); a table's heading again at the top of each page it goes on to."""
    pages = []
    page = []
    head = None  # the heading row of the table being written
    said = -1  # where on the page the sentence just written starts (the next table's title)
    for line in lines:
        starts = is_heading(line)  # a table
        if starts:
            head = line
        elif head is not None and not in_table(line, head):
            head = None
        rows = wrap(line, cols)
        need = len(rows) + (1 if starts else 0)  # a heading with its first row
        if page and len(page) + need > room:
            carried = []
            if starts and said > 0 and len(page) - said + need <= room:
                carried = page[said:]
                del page[said:]
            pages.append(page)
            page = carried
            if head is not None and not starts:
                page.append(head)
        said = len(page) if head is None else -1
        for row in rows:
            if len(page) == room:  # a line longer than a page
                pages.append(page)
                page = []
            page.append(row)
    if page or not pages:
        pages.append(page or ["Nothing more to show."])
    return pages


class PagesScreen(Screen):
    """The breakdown, a page at a time, "2/3" in the title bar: A or DOWN/RIGHT the next
    page, UP/LEFT the one before; B, or A on the last page, `back` (the menu)."""

    def __init__(self, app, pages, back):
        self.app = app
        self.pages = pages
        self.page = 0
        self.back = back

    def key(self, pressed):
        last = len(self.pages) - 1
        if pressed & PREV:
            self.page = max(0, self.page - 1)
        elif pressed & NEXT:
            self.page = min(last, self.page + 1)
        elif pressed & buttons.A and self.page < last:
            self.page += 1
        elif pressed & (buttons.A | buttons.B):
            self.back()
        self.app.redraw()

    def draw(self, c):
        title_bar(c, "Results", "%d/%d" % (self.page + 1, len(self.pages)))
        rows = self.pages[self.page]
        for i in range(len(rows)):
            c.at(1 + i, 0, canvas.WHITE)
            c.text(rows[i])
        hint(c, "A: next  B: back" if self.page < len(self.pages) - 1 else "A: back")


class ResultScreen(TextScreen):
    """The winner on the row under the title bar (gold), every seat's score under it; A and
    B as `choices` says: ((hint, action for A), (hint, action for B))."""

    first = 2  # the winner's row stays above the lines

    def __init__(self, app, title, lines, choices):
        TextScreen.__init__(self, app, title, lines[1:])
        self.head = wrap(lines[0], app.cols)[0] if lines else ""
        self.choices = choices

    def key(self, pressed):
        if pressed & buttons.A:
            self.choices[0][1]()
        elif pressed & buttons.B:
            self.choices[1][1]()
        elif not pressed & buttons.START:  # the d-pad scrolls (START: nothing to pause)
            TextScreen.key(self, pressed)

    def draw(self, c):
        TextScreen.draw(self, c)
        c.at(1, 0, canvas.GOLD)
        c.text(self.head)

    def hint_now(self, room):
        return "%s  %s" % (self.choices[0][0], self.choices[1][0])
