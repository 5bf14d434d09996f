# The handheld's screens. Each has key(pressed) for the buttons pressed this frame,
# tick(now_ms) for work between frames (a bot thinking; True when the screen changed),
# draw(canvas), and busy() while it works without waiting for a button. They change screen
# through app.goto(); the game's own flow (whose turn, results, privacy) is app.route().
# Layout on every screen: row 0 is the title bar, the last row(s) a hint or the choice.
# The menus (title, setup, pause) and their lists are menus.py: on the heap only while they
# are shown.
from firmware import buttons
from firmware.clock import ticks_add, ticks_diff
from firmware.core import COLLECT, drop_part, game_part
from firmware.ui import canvas
from firmware.ui.canvas import wrap

PREV = buttons.UP | buttons.LEFT
NEXT = buttons.DOWN | buttons.RIGHT
SPIN = "|/-\\"
NEWS_TAG = 6  # the columns kept for a news row's " 12/24"
NEWS_ROWS = 5  # the rows a sentence may take at most (a long Diamonds round end)
DIMMED = canvas.tile(canvas.FRAME, canvas.DIM)  # a card or die on the table that no choice picks


def title_bar(c, left, right=""):
    c.at(0, 0, canvas.GOLD)
    c.text(left[: c.cols - len(right) - 1] if right else left)
    if right:
        c.right(right)
    c.bar(0, canvas.NAVY)


def hint(c, text):
    c.at(c.rows - 1, 0, canvas.GREY)
    c.text(text)


class Screen:
    app = None

    def key(self, pressed):
        pass

    def tick(self, now):
        return False

    def busy(self):
        return False

    def draw(self, c):
        pass


# -- text ------------------------------------------------------------------------------
class TextScreen(Screen):
    """Lines of text, wrapped to the screen, scrolled with UP/DOWN; A reads on a page, then
    goes on from the last one; B goes on from any page."""

    first = 1  # the row of the first line (a subclass keeps rows above it)

    def __init__(self, app, title, lines, then=None, hint_text="A: go on"):
        self.app = app
        self.title = title
        self.lines = []
        for line in lines:
            for part in wrap(line, app.cols):
                self.lines.append(part)
        self.top = 0
        self.then = then
        self.hint_text = hint_text

    def room(self, rows):
        return rows - 1 - self.first  # less the title bar's rows and the hint's

    def key(self, pressed):
        room = self.room(self.app.rows)
        last = max(0, len(self.lines) - room)  # the top row of the last page
        if pressed & PREV:
            self.top = max(0, self.top - (1 if pressed & buttons.UP else room))
        elif pressed & NEXT:
            step = 1 if pressed & buttons.DOWN else room
            self.top = min(last, self.top + step)
        elif pressed & buttons.A and self.top < last:  # A reads on, a page at a time
            self.top = min(last, self.top + room)
        elif pressed & (buttons.A | buttons.B | buttons.START):  # B leaves at once
            self.done()
        self.app.redraw()

    def done(self):
        if self.then is not None:
            self.then()

    def draw(self, c):
        room = self.room(c.rows)
        more = ""
        if len(self.lines) > room:
            more = "%d/%d" % (min(self.top + room, len(self.lines)), len(self.lines))
        title_bar(c, self.title, more)
        for i in range(room):
            if self.top + i < len(self.lines):
                c.at(self.first + i, 0, canvas.WHITE)
                c.text(self.lines[self.top + i])
        hint(c, self.hint_now(room))

    def hint_now(self, room):
        return "A: more  B: back" if self.top + room < len(self.lines) else self.hint_text


# -- the table -----------------------------------------------------------------------
class TableScreen(Screen):
    """The game's table as the deciding human (or the last one) may see it, paged with
    SELECT; above the choice, their news: the others' moves since their last decision, a
    sentence each, the newest first, LEFT/RIGHT step through them. The choice at the
    bottom: UP/DOWN move, A does it, B takes back this turn's last pick, START pauses; the
    table points at what the choice picks (a card, a die, a seat: the renderer marks them)
    and outlines what no choice picks. The cursor stays on its action from one decision to
    the next (on its place when that action is gone). While the bots play: each move stays
    on the table a moment (A: skip ahead to the next human decision), a spinner while one
    thinks; A or B asks whether to hurry it (A: it answers with its best so far, B: it
    thinks on)."""

    def __init__(self, app):
        self.app = app
        self.match = app.match
        self.cursor = 0
        self.page = 0
        self.pages = 1
        self.spin = 0
        self.legal = []
        self.message = ""
        self.asking = False  # "hurry the bot?" is on the screen
        self.hold = None  # ticks until which the last bot move stays before the next thinks
        self.rush = False  # A skipped the holds until the next human decision
        self.news = None  # the news list shown, its length and its newest sentence
        self.news_len = 0
        self.newest = None
        self.back = 0  # how many sentences back from the newest the news row shows
        self.said = []  # that sentence in rows, for `said_back`; rows past NEWS_ROWS
        self.said_back = -1
        self.said_over = 0
        self.room = 0  # the rows of the table on the screen, under the title bar
        self.body = app.body  # the app's one canvas for tables, never reallocated
        self.aimed = -1  # the cursor the page was last turned to show
        self.drawn = (None, -1, -1)  # (state, history length, seat) the body shows
        self.points = -1  # match.points at the last refresh
        self.phase = None  # and the game's phase (its view's)
        self.renderer = game_part(self.match.game, "table")
        self.refresh()

    def refresh(self):
        """Read the state again after an action: the choices (table_choices), the cursor as
        follow() says."""
        match = self.match
        human = match.human_turn()
        legal = match.legal() if human else []
        phase = None
        if legal:
            view = match.state.view(match.current())
            phase = view.get("phase")  # (a game of one kind of decision may have none)
            legal = table_choices(match.game, view, legal)
        # New dice, cards, moves, or the next step of a turn: a new decision.
        fresh = match.points != self.points or phase != self.phase
        self.points = match.points
        self.phase = phase
        if legal != self.legal:
            self.cursor = follow(self.legal, self.cursor, legal, fresh)
        self.legal = legal
        self.choice_rows = 1  # as many as the longest choice takes, so nothing above moves
        for choice in legal:
            if len(self.words(choice, match.current())) > self.app.cols - 1:
                self.choice_rows = 2
                break
        self.message = ""
        self.asking = False
        if human:
            self.rush = False
            self.hold = None

    def words(self, choice, seat):
        """A choice's words: an action's, or a shortcut's (words, actions) own."""
        return choice[0] if isinstance(choice, tuple) else self.match.text(choice, seat)

    def busy(self):
        return not self.match.over() and not self.match.human_turn()

    def tick(self, now):
        match = self.match
        if match.over() or match.human_turn():
            return False
        if self.hold is not None:  # the last move is being read
            if ticks_diff(now, self.hold) < 0:
                return False
            self.hold = None
        self.spin = (self.spin + 1) % len(SPIN)
        if match.think(self.app.slice_ms):
            self.app.route()
            if not (self.rush or match.over() or match.human_turn()):
                self.hold = ticks_add(now, self.app.pace_ms)
        return True

    def key(self, pressed):
        match = self.match
        self.message = ""
        news = match.news(match.viewer())
        if pressed & buttons.START:
            self.app.pause()
            return
        if pressed & buttons.SELECT:
            self.page = (self.page + 1) % self.pages
        elif pressed & (buttons.LEFT | buttons.RIGHT) and news:  # older / newer
            self.back += 1 if pressed & buttons.LEFT else -1
            self.back = max(0, min(len(news) - 1, self.back))
        elif not match.human_turn():
            if self.hold is not None and pressed & buttons.A:
                self.rush = True  # to the next human decision without the pauses
                self.hold = None
            elif self.asking and pressed & buttons.A:
                match.hurry()
                self.app.route()
                return
            elif pressed & (buttons.A | buttons.B):
                self.asking = not self.asking  # B: no hurry, it thinks on
        elif pressed & buttons.B and not match.can_take_back():
            self.message = "Nothing to take back"
        elif pressed & PREV and self.legal:
            self.cursor = (self.cursor - 1) % len(self.legal)
        elif pressed & NEXT and self.legal:
            self.cursor = (self.cursor + 1) % len(self.legal)
        elif pressed & buttons.A and self.legal:
            choice = self.legal[self.cursor]
            if isinstance(choice, tuple):
                match.play_all(choice[1])
            else:
                match.play(choice)
            self.app.route()
            return
        elif pressed & buttons.B:
            match.take_back()
            self.refresh()
        self.app.redraw()

    def draw(self, c):
        match = self.match
        seat = match.viewer()
        body = self.body
        # The table is drawn again only when the game moved: while a bot thinks only the
        # spinner turns, and a view and its drawing each frame were garbage and board time.
        state = match.state
        drawn = self.drawn
        if state is not drawn[0] or len(state.history) != drawn[1] or seat != drawn[2]:
            self.drawn = (state, len(state.history), seat)  # (no tuple made on other frames)
            body.clear()
            draw_table(body, self.renderer, match, match.state.view(seat))
            self.outline()  # once a decision, not at every cursor move
            self.aimed = -1
        news = match.news(seat)
        newest = news[-1] if news else None
        if news is not self.news or len(news) != self.news_len or newest is not self.newest:
            self.news = news  # a new sentence (at 24 kept, the length stays): the newest
            self.news_len = len(news)  # is shown
            self.newest = newest
            self.back = 0
            self.said_back = -1
        if self.said_back != self.back:  # wrapped once, not on every spinner frame
            self.said_back = self.back
            said = news_rows(news[-1 - self.back], c.cols) if news else []
            self.said_over = max(0, len(said) - NEWS_ROWS)
            self.said = said[:NEWS_ROWS]
        said = self.said
        c.cut += self.said_over  # (never, at 160x128: the looks tests count it as cut)
        human = match.human_turn()
        bottom = self.choice_rows if human else 1  # the choice, or what the bots do
        room = c.rows - 1 - bottom  # the body's rows, less the news' when both don't fit
        if body.used + len(said) > room:
            room -= len(said)
        self.room = room
        self.pages = max(1, (body.used + room - 1) // room)
        spot = self.spot() if human else self.find(canvas.MOVED)  # (a bot's move: what it moved)
        if spot >= 0 and self.aimed != self.cursor:  # the page with what the cursor picks
            self.aimed = self.cursor
            self.page = spot // c.cols // room
        if self.page >= self.pages:
            self.page = 0
        turn = match.current()
        if match.over():
            status = "game over"
        elif human:
            status = "%d/%d" % (self.cursor + 1, len(self.legal))
        else:
            status = "%s %s" % (match.names[turn], SPIN[self.spin])
        if self.pages > 1:
            status = "p%d/%d %s" % (self.page + 1, self.pages, status)
        title_bar(c, "%s %s" % (match.module.TITLE, match.names[seat]), status)
        c.blit(body, self.page * room, 1, room)
        if spot >= 0:
            self.point(c, spot, room)
        row = c.rows - bottom
        # The game's words drawn by its renderer (a card as its picture), or as text.
        say = getattr(self.renderer, "say", None) or canvas.Canvas.text
        for i in range(len(said)):  # the news, just above the choice
            c.at(row - len(said) + i, 0, canvas.WHITE)
            say(c, said[i])
        if len(news) > 1:
            c.at(row - len(said), 0)
            c.right("%d/%d" % (len(news) - self.back, len(news)))
        if self.message:
            c.at(row, 0, canvas.ORANGE)
            c.text(self.message)
        elif human:
            lines = wrap(self.words(self.legal[self.cursor], seat), c.cols - 1)
            for i in range(min(bottom, len(lines))):
                c.at(row + i, 0, canvas.GOLD)
                c.text(">" if i == 0 else " ")
                say(c, lines[i])
                c.bar(row + i, canvas.NAVY)
        elif match.over():
            c.at(row, 0, canvas.GREY)
            c.text("A: results")
        elif self.asking:
            c.at(row, 0, canvas.GOLD)
            c.text("Hurry P%d? A: yes  B: no" % (turn + 1))
        elif self.hold is not None:
            c.at(row, 0, canvas.GREY)
            c.text("A: skip ahead")
        else:
            c.at(row, 0, canvas.GREY)
            c.text("%s thinks  A: hurry" % match.names[turn])  # 26 columns at most


    def spot(self):
        """The body's cell of the thing the choice under the cursor picks, or -1."""
        return self.find(aim(self.legal[self.cursor]))

    def find(self, key):
        """The body's cell of the thing marked `key`, or -1."""
        marks = self.body.marks
        for i in range(self.body.marked):
            if marks[i] == key:
                return self.body.spots[i]
        return -1

    def outline(self):
        """When this decision's choices pick things on the table: what none picks drawn as
        an outline in the body (still readable, clearly not a choice)."""
        body = self.body
        marks = body.marks
        spots = body.spots
        legal = [aim(c) for c in self.legal]
        n = body.marked
        i = 0
        while i < n and marks[i] not in legal:
            i += 1
        if i == n:  # the choices are not on the table (or no human decides): as it is
            return
        tiles = body.tiles
        i = 0
        while i < n:  # a thing at a time (its marks are side by side, canvas.mark)
            cell = spots[i]
            lit = False
            while i < n and spots[i] == cell:
                lit = lit or marks[i] in legal or marks[i] == canvas.MOVED
                i += 1
            if not lit:
                for j in range(cell, cell + body.extent(cell)):
                    if tiles[j]:
                        tiles[j] = DIMMED

    def point(self, c, spot, room):
        """A pointer before what the cursor's choice picks on the table shown (or, a word,
        the cursor's bar under it)."""
        first = self.page * room * c.cols  # the body's first cell on the screen
        if not first <= spot < first + room * c.cols:
            return
        cols = c.cols
        at = spot + cols - first  # its screen cell (under the title bar)
        if not self.body.tiles[spot]:
            c.bar(at // cols, canvas.NAVY, at % cols, at % cols + self.body.extent(spot))
        elif at % cols and c.tiles[at - 1] == 0 and c.chars[at - 1] == canvas.SPACE:
            c.tiles[at - 1] = canvas.POINTER


def table_choices(game, view, legal):
    """The choices of a human's decision: the game's choices.py's choices(view,
    legal) (the likely first, the table's shortcuts), if the game has it; on a board its
    code is on the heap for the call only (the bots' search and the results need it). A
    heap too fragmented for it (late in a long game on a board) leaves the rules' own list:
    every choice is still there, a press or two further."""
    try:
        module = game_part(game, "choices")
        if module is not None:
            legal = module.choices(view, legal)
    except MemoryError:
        pass
    if COLLECT:
        drop_part(game, "choices")
    return legal


def aim(choice):
    """The action a choice points at on the table: an action's own; a shortcut's (words,
    actions) first, or (words, actions, aim) its aim (a card placed after 'market')."""
    if not isinstance(choice, tuple):
        return choice
    last = choice[len(choice) - 1]  # its aim, or its actions
    return last if len(choice) > 2 else last[0]


def follow(old, cursor, new, fresh):
    """Where the cursor goes when the choices change from `old` to `new`: on the same choice
    if it still is one, else on the same place; on the first choice when something new was
    shown (`fresh`: new dice, another seat's move), a new decision; and when the last pick
    opened a new step: several choices gone at once, a new one first ('pass the chosen
    cards' once three are chosen)."""
    if cursor < len(old) and old[cursor] in new:
        return new.index(old[cursor])
    if fresh or (new and len(new) < len(old) - 1 and new[0] not in old):
        return 0
    return max(0, min(cursor, len(new) - 1))


def news_rows(sentence, cols):
    """A sentence of the news in rows: the first leaves room for its "n/m" index."""
    rows = wrap(sentence.strip(), cols - NEWS_TAG)  # (no indent: a row is dear here)
    if len(rows) > 1:
        rows[1:] = wrap(" ".join(rows[1:]), cols)
    return rows


def draw_table(body, renderer, match, view):
    """The game's table into `body`: its handheld renderer (the game's table.py,
    draw(canvas, view, names)) if it has one, else the console renderer's words."""
    if renderer is not None:
        renderer.draw(body, view, match.names)
        return
    lines = []
    console = game_part(match.game, "console")
    if console is not None:
        console.table(view, match.names, lines.append)
    for line in lines:
        for part in wrap(line, body.cols):
            if not body.line():
                return
            body.text(part)
