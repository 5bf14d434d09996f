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
NEWS_TAG = 6  # the columns kept after a sentence of the news for its " 12/24"
NEWS_ROWS = 5  # the rows a sentence may take at most (a long Diamonds round end)
CUT = "..."  # ends the part of a sentence shown when the rest is not
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
    sentence each, the newest first, LEFT/RIGHT step through them, its "n/m" after its
    last word. The pages break between texts, never inside one (canvas line(more)), and
    the first shows all of the viewer's own things (canvas own()) whatever the news: a
    sentence too long to fit under them is cut there ("...") and shown whole on page 2
    (lay_out). The choice at the
    bottom: UP/DOWN move, A does it, B takes back this turn's last pick, START pauses; the
    table points at what the choice picks (a card, a die, a seat: the renderer marks them)
    and outlines what no choice picks. The cursor stays on its action from one decision to
    the next (on its place when that action is gone). While the bots play: each move stays
    on the table a moment (A: skip ahead to the next human decision), a spinner while one
    thinks; A or B asks whether to hurry it (A: it answers with its best so far, B: it
    thinks on). A bot's move is shown moving: what it moved (the renderer's canvas.MOVED)
    travels on the scene's sprite from where it was on the screen to its place, the rest
    still (firmware/ui/travel.py; A lands it at once)."""

    def __init__(self, app):
        self.app = app
        self.match = app.match
        self.cursor = 0
        self.page = 0
        self.pages = 1
        self.spin = 0
        self.legal = []
        self.choices = ()  # while a linked seat's pick is on its way to the host: the
        # choices it was made from (refresh: the next step's cursor follows from them)
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
        self.body = app.body  # the app's one canvas for tables, never reallocated
        # Each page's first row of the body and the rows of the sentence under it (lay_out),
        # made once: a page turn allocates nothing.
        self.tops = bytearray(self.body.rows + 2)
        self.said_rows = bytearray(self.body.rows + 2)
        self.laid = -1  # the choice's rows at the last lay_out; -1: to lay out again
        self.cut = []  # the sentence cut to `cut_rows` rows (a page with less room for it)
        self.cut_rows = -1
        self.top = 0  # the body's first row on the page shown...
        self.room = 0  # ...and how many of its rows it shows, under the title bar
        self.aimed = -1  # the cursor the page was last turned to show
        self.drawn = (None, -1, -1)  # (state, history length, seat) the body shows
        self.points = -1  # match.points at the last decision shown
        self.step = None  # and its (seat, the game's phase: its view's)
        self.renderer = game_part(self.match.game, "table")
        self.placer = None  # the game's own cursor keys for this decision (refresh)
        # A bot's move shown moving (firmware/ui/travel.py): on a scene with a sprite (lift,
        # glide, drop; and tiles and chars, what the screen shows).
        self.scene = app.scene
        self.carries = hasattr(app.scene, "lift")  # (a scene of text only: no travel)
        self.mover = -1  # the seat of a bot's move whose draw comes next
        self.since = 0  # the ticks of that move
        self.trip = None  # firmware/ui/travel.py, from that draw until it lands
        self.moving = False  # what the move moved travels on the screen
        self.refresh()

    def refresh(self):
        """Read the state again after an action: the choices (table_choices), the cursor as
        follow() says."""
        match = self.match
        human = match.human_turn()
        legal = match.legal() if human else []
        self.placer = None
        if legal:
            view = match.state.view(match.current())
            step = (match.current(), view.get("phase"))  # (a game of one kind of decision
            # may have no phase)
            legal = table_choices(match.game, view, legal)
            # A decision the table takes a cursor over itself (Diploma's tile: a hex and a
            # turn): the renderer's placer(view, choices) moves the cursor (key) and draws
            # the choice where it would go (draw); else None, the list's UP/DOWN.
            placer = getattr(self.renderer, "placer", None)
            if placer is not None:
                self.placer = placer(view, legal)
            # New dice, cards, moves, or the next step of a turn since the last decision: a
            # new decision. Another seat's or another phase's: other choices (an action's
            # number there is not the same choice).
            fresh = match.points != self.points or step != self.step
            old = (self.legal or self.choices) if step == self.step else ()
            self.points = match.points
            self.step = step
            if legal != self.legal or fresh:
                self.cursor = follow(old, self.cursor, legal, fresh)
            self.choices = ()
        elif self.legal or self.choices:  # a linked seat's pick on the wire (its seat still
            # on turn): its next step's cursor follows from these, as at the host's table
            mine = match.current() == match.viewer()
            self.choices = (self.legal or self.choices) if mine else ()
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
        """Working without waiting for a button: a move travelling, a bot thinking (not a
        seat that decides on another handheld: that waits for its player's buttons)."""
        match = self.match
        return self.moving or not (match.over() or match.human_turn()
                                   or match.linked_turn() is not None)

    def tick(self, now):
        trip = self.trip
        if self.moving and trip is not None:
            return trip.step(self, now)
        match = self.match
        if match.over() or match.human_turn():
            return False
        if self.hold is not None:  # the last move is being read
            if ticks_diff(now, self.hold) < 0:
                return False
            self.hold = None
        self.spin = (self.spin + 1) % len(SPIN)
        done = len(match.state.history)
        seat = match.current()
        rush = self.rush  # (the human's decision next ends it: route() refreshes the table)
        if match.think(self.app.slice_ms):
            self.app.route()
            if not (self.rush or match.over() or match.human_turn()):
                self.hold = ticks_add(now, self.app.pace_ms)
            if (not rush and self.carries and self.app.screen is self  # (one action, on
                    and self.drawn[1] == done == len(match.state.history) - 1):  # the body
                self.mover = seat  # as drawn: not a human's played for them after it)
                self.since = now
        return True

    def moved(self, pressed, cursor):
        """Where `pressed` takes the cursor from `cursor` at a human's decision, or -1 (not
        a cursor key now): the placer's keys first, else UP/DOWN round the list (LEFT/RIGHT
        too when there is no news for them)."""
        if self.placer is not None:
            to = self.placer.key(pressed, self.legal, cursor)
            if to >= 0:
                return to
        n = len(self.legal)
        match = self.match
        if not n or (pressed & (buttons.LEFT | buttons.RIGHT) and match.news(match.viewer())):
            return -1
        if pressed & PREV:
            return (cursor - 1) % n
        return (cursor + 1) % n if pressed & NEXT else -1

    # -- a bot's move shown moving --
    def take_off(self):
        """In the draw of a bot's move, before the body is drawn again: where the thing it
        moved was (firmware/ui/travel.py: on the heap until the travel lands)."""
        seat = self.mover
        self.mover = -1
        try:
            from firmware.ui import travel

            travel.take_off(self, seat)
            self.trip = travel
        except MemoryError:  # (no room for it on a board's heap now: no travel)
            pass

    def key(self, pressed):
        trip = self.trip
        if pressed & buttons.A and trip is not None:  # a bot's move travelling lands at once
            trip.land(self)
            if self.match.human_turn():
                return  # (the last seat's move, at a human's decision: the next A decides)
        match = self.match
        self.message = ""
        news = match.news(match.viewer())
        to = self.moved(pressed, self.cursor) if match.human_turn() else -1
        if pressed & buttons.START:
            self.app.pause()
            return
        if pressed & buttons.SELECT:
            self.page = (self.page + 1) % self.pages
        elif to >= 0:
            self.cursor = to
        elif pressed & (buttons.LEFT | buttons.RIGHT) and news:  # older / newer
            self.back += 1 if pressed & buttons.LEFT else -1
            self.back = max(0, min(len(news) - 1, self.back))
        elif not match.human_turn():
            far = match.linked_turn()  # (a seat that decides on another handheld)
            if self.hold is not None and pressed & buttons.A:
                self.rush = True  # to the next human decision without the pauses
                self.hold = None
            elif far is not None:
                far.key(self.app, pressed)
            elif self.asking and pressed & buttons.A:
                match.hurry()
                self.app.route()
                return
            elif pressed & (buttons.A | buttons.B):
                self.asking = not self.asking  # B: no hurry, it thinks on
        elif pressed & buttons.B and not match.can_take_back():
            self.message = "Nothing to take back"
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
            if self.mover >= 0:  # a bot's move: where it came from, off the body as it was
                self.take_off()
            self.drawn = (state, len(state.history), seat)  # (no tuple made on other frames)
            body.clear()
            draw_table(body, self.renderer, match, match.state.view(seat))
            self.outline()  # once a decision, not at every cursor move
            self.aimed = -1
            self.laid = -1
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
            tag = NEWS_TAG if len(news) > 1 else 0  # (one sentence: no "n/m")
            said = news_rows(news[-1 - self.back], c.cols, tag) if news else []
            self.said_over = max(0, len(said) - NEWS_ROWS)
            self.said = cut_news(said, NEWS_ROWS, c.cols, tag)
            self.laid = -1
            self.cut_rows = -1
        c.cut += self.said_over  # (never, at 160x128: the looks tests count it as cut)
        deciding = match.human_turn()
        human = deciding and (self.trip is None or self.find(canvas.MOVED) < 0)  # (the
        # last seat's move marked at this decision travels first, on its page: then the
        # table turns to the decision)
        bottom = self.choice_rows if human else 1  # the choice, or what the bots do
        if self.laid != bottom:  # (once a decision or a sentence, not every frame)
            self.lay_out(c.rows - 1 - bottom)
            self.laid = bottom
        spot = self.spot() if human else self.find(canvas.MOVED)  # (a bot's move: what it moved)
        if spot >= 0 and self.aimed != self.cursor:  # the page with what the cursor picks
            self.aimed = self.cursor
            self.page = self.page_of(spot // c.cols)
        if self.page >= self.pages:
            self.page = 0
        said = self.said
        shown = self.said_rows[self.page]
        if shown < len(said):  # cut on this page
            if self.cut_rows != shown:
                self.cut_rows = shown
                self.cut = cut_news(said, shown, c.cols, NEWS_TAG if len(news) > 1 else 0)
            said = self.cut
        self.top = self.tops[self.page]
        self.room = self.tops[self.page + 1] - self.top
        turn = match.current()
        if match.over():
            status = "game over"
        elif deciding:
            status = "%d/%d" % (self.cursor + 1, len(self.legal))
        else:
            status = "%s %s" % (match.names[turn], SPIN[self.spin])
        if self.pages > 1:
            status = "p%d/%d %s" % (self.page + 1, self.pages, status)
        title_bar(c, "%s %s" % (match.module.TITLE, match.names[seat]), status)
        c.blit(body, self.top, 1, self.room)
        trip = self.trip
        if trip is not None:  # a bot's move, just made (launched) or travelling
            trip.fly(self, c)
            if deciding and not human and self.trip is None:  # (it did not travel: the
                c.clear()  # table for the decision in this frame, not the next)
                self.draw(c)
                return
        if spot >= 0:
            at = self.point(c, spot)
            if self.placer is not None and at >= 0:  # the choice drawn where it would go
                self.placer.draw(c, at, self.legal[self.cursor])
        row = c.rows - bottom
        # The game's words drawn by its renderer (a card as its picture), or as text.
        say = getattr(self.renderer, "say", None) or canvas.Canvas.text
        for i in range(len(said)):  # the news, just above the choice
            c.at(row - len(said) + i, 0, canvas.WHITE)
            say(c, said[i])
        if len(news) > 1 and said:  # after the sentence's last word
            c.at(row - 1, 0)
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
        else:
            far = match.linked_turn()  # (a decision on another handheld: whose, and how)
            c.at(row, 0, canvas.GREY)  # (26 columns at most)
            if far is not None:
                c.text(far.line(self.app.now))
            elif self.hold is not None or self.moving:
                c.text("A: skip ahead")
            else:
                c.text("%s thinks  A: hurry" % match.names[turn])


    def lay_out(self, room):
        """The pages of the body in the `room` rows between the title bar and the choice,
        with the sentence of the news at the bottom of each: each page's first row of the
        body (tops, the last page's end after them) and how many of the sentence's rows it
        shows (said_rows; fewer: cut). A page ends before a row that goes on with the one
        above (a wrapped text kept whole). Page 1 shows all the rows of the viewer's own
        things (up to body.mine): a sentence too long to fit under them is cut there, and
        page 2 shows it whole. A text taller than a page's rows under the sentence has them
        (the sentence cut on that page)."""
        body = self.body
        used = body.used
        joined = body.joined
        tops = self.tops
        said = len(self.said)
        mine = min(body.mine, room)
        owed = used + said > room and mine + said > room  # cut on page 1: whole on page 2
        shows = room - mine if owed else said
        least = max(1, mine)  # the first row that may start the next page
        top = 0
        page = 0
        while True:
            tops[page] = top
            self.said_rows[page] = shows
            end = top + room - shows
            if end >= used:
                if not owed or page:
                    break
                end = used  # (the table fits on page 1: the sentence alone on page 2)
            else:  # back to a row that starts a text, not before `least`
                row = end
                while row > least and joined[row]:
                    row -= 1
                if not joined[row]:
                    end = row
            top = end
            page += 1
            least = top + 1
            shows = said
            if owed and page == 1:
                least = top  # (page 2 owes the sentence: it may show no table at all)
            else:
                row = top + 1  # the rows of the text that starts the page
                while row < used and joined[row]:
                    row += 1
                if room - said < row - top <= room:
                    shows = room - (row - top)
        tops[page + 1] = min(used, top + room - shows)
        self.pages = page + 1

    def page_of(self, row):
        """The page that shows the body's row `row`."""
        page = 0
        while page + 1 < self.pages and self.tops[page + 1] <= row:
            page += 1
        return page

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

    def point(self, c, spot):
        """A pointer before what the cursor's choice picks on the table shown (or, a word,
        the cursor's bar under it); its screen cell, -1 off the page."""
        first = self.top * c.cols  # the body's first cell on the screen
        if not first <= spot < first + self.room * c.cols:
            return -1
        cols = c.cols
        at = spot + cols - first  # its screen cell (under the title bar)
        if not self.body.tiles[spot]:
            c.bar(at // cols, canvas.NAVY, at % cols, at % cols + self.body.extent(spot))
        elif at % cols and c.tiles[at - 1] == 0 and c.chars[at - 1] == canvas.SPACE:
            c.tiles[at - 1] = canvas.POINTER
        return at


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
    shown or a move of one's own done (`fresh`: new dice, another seat's move, a tile laid),
    a new decision; and when the last pick opened a new step: several choices gone at
    once, a new one first ('pass the chosen cards' once three are chosen)."""
    if cursor < len(old) and old[cursor] in new:
        return new.index(old[cursor])
    if fresh or (new and len(new) < len(old) - 1 and new[0] not in old):
        return 0
    return max(0, min(cursor, len(new) - 1))


def news_rows(sentence, cols, tag=NEWS_TAG):
    """A sentence of the news in rows, the last leaving `tag` columns for its "n/m" index:
    after its last word, never inside it."""
    rows = wrap(sentence.strip(), cols)  # (no indent: a row is dear here)
    last = len(rows) - 1
    if len(rows[last]) > cols - tag:
        rows[last:] = wrap(rows[last], cols - tag)
    return rows


def cut_news(rows, count, cols, tag):
    """A sentence's first `count` rows (all of them if they are no more), the last ending
    in "..." and leaving `tag` columns for its "n/m": the rest is not shown here."""
    if len(rows) <= count:
        return rows
    if count <= 0:
        return []
    rows = rows[:count]
    last = rows[count - 1]
    width = cols - tag - len(CUT)
    if len(last) > width:
        space = last.rfind(" ", 0, width + 1)
        last = last[:space] if space > 0 else last[:width]
    rows[count - 1] = last + CUT
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
        more = False
        for part in wrap(line, body.cols):
            if not body.line(canvas.WHITE, 0, more):
                return
            body.text(part)
            more = True
