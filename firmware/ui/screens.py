# The handheld's screens. Each has key(pressed) for the buttons pressed this frame,
# tick(now_ms) for work between frames (a bot thinking; True when the screen changed),
# draw(canvas), and busy() while it works without waiting for a button. They change screen
# through app.goto(); the game's own flow (whose turn, results, privacy) is app.route().
# Layout on every screen: row 0 is the title bar, the last row(s) a hint or the choice.
from firmware.core import GAMES, TITLES, available, find_module, load, unload
from firmware.hw import buttons as K
from firmware.ui import canvas as C
from firmware.ui.canvas import wrap

PREV = K.UP | K.LEFT
NEXT = K.DOWN | K.RIGHT
SPIN = "|/-\\"
SEAT_KINDS = ("human", "easy", "normal", "hard")
CONSOLE = "firmware.ui.console_"  # + game: the text console's renderer (rules help)


def title_bar(c, left, right=""):
    c.at(0, 0, C.GOLD)
    c.text(left[: c.cols - len(right) - 1] if right else left)
    if right:
        c.right(right)
    c.bar(0, C.NAVY)


def hint(c, text):
    c.at(c.rows - 1, 0, C.GREY)
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


# -- lists and text --------------------------------------------------------------------
class ListScreen(Screen):
    """A title, items with a cursor (scrolled to fit), a hint line. Items are texts;
    subclasses act on A (choose), LEFT/RIGHT (change), B (back)."""

    title = ""
    hint_text = "A: choose  B: back"

    def __init__(self, app):
        self.app = app
        self.cursor = 0
        self.top = 0
        self.message = ""  # shown instead of the hint until the next key

    def items(self):
        return []

    def key(self, pressed):
        count = len(self.items())
        self.message = ""
        if pressed & K.UP and count:
            self.cursor = (self.cursor - 1) % count
        elif pressed & K.DOWN and count:
            self.cursor = (self.cursor + 1) % count
        elif pressed & K.LEFT:
            self.change(-1)
        elif pressed & K.RIGHT:
            self.change(1)
        elif pressed & K.A:
            self.choose()
        elif pressed & K.B:
            self.back()
        self.app.redraw()

    def change(self, step):
        pass

    def choose(self):
        pass

    def back(self):
        pass

    def draw(self, c):
        items = self.items()
        title_bar(c, self.title, "%d/%d" % (self.cursor + 1, len(items)) if items else "")
        room = c.rows - 2
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + room:
            self.top = self.cursor - room + 1
        for i in range(self.top, min(len(items), self.top + room)):
            row = 1 + i - self.top
            c.at(row, 1, C.WHITE)
            c.text(items[i])
            if i == self.cursor:
                c.at(row, 0)
                c.text(">")
                c.bar(row, C.NAVY)
        if self.message:
            c.at(c.rows - 1, 0, C.ORANGE)
            c.text(self.message)
        else:
            hint(c, self.hint_text)


class TextScreen(Screen):
    """Lines of text, wrapped to the screen, scrolled with UP/DOWN; A or B goes on."""

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

    def key(self, pressed):
        room = self.app.rows - 2
        if pressed & PREV:
            self.top = max(0, self.top - (1 if pressed & K.UP else room))
        elif pressed & NEXT:
            step = 1 if pressed & K.DOWN else room
            self.top = max(0, min(len(self.lines) - room, self.top + step))
        elif pressed & (K.A | K.B | K.START):
            self.done()
        self.app.redraw()

    def done(self):
        if self.then is not None:
            self.then()

    def draw(self, c):
        room = c.rows - 2
        more = ""
        if len(self.lines) > room:
            more = "%d/%d" % (min(self.top + room, len(self.lines)), len(self.lines))
        title_bar(c, self.title, more)
        for i in range(room):
            if self.top + i < len(self.lines):
                c.at(1 + i, 0, C.WHITE)
                c.text(self.lines[self.top + i])
        hint(c, self.hint_text)


# -- the menus -----------------------------------------------------------------------
def playable_games():
    return [g for g in GAMES if available(g)]


class TitleScreen(ListScreen):
    title = "Pocket Gem Games"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.games = playable_games()
        self.hint_text = "saves on" if app.can_save else "USB drive mode: no saving"

    def items(self):
        out = []
        saved = self.app.saved
        if saved is not None:
            out.append("Resume %s" % TITLES[GAMES.index(saved.state.game)])
        for game in self.games:
            out.append(TITLES[GAMES.index(game)])
        out.append("Buttons")
        return out

    def choose(self):
        index = self.cursor
        if self.app.saved is not None:
            if index == 0:
                self.app.resume()
                return
            index -= 1
        if index < len(self.games):
            self.app.goto(SetupScreen(self.app, self.games[index]))
            return
        self.app.goto(TextScreen(self.app, "Buttons", self.app.board_lines(),
                                 lambda: self.app.goto(self)))


class SetupScreen(ListScreen):
    """Players, each seat (human or a bot level), the game's options, Start."""

    hint_text = "<>: change  A: start"

    def __init__(self, app, game):
        ListScreen.__init__(self, app)
        self.game = game
        self.module = load(game)
        self.title = self.module.TITLE
        self.players = max(self.module.MIN_PLAYERS, min(3, self.module.MAX_PLAYERS))
        self.kinds = [0] + [2] * (self.module.MAX_PLAYERS - 1)  # P1 human, bots normal
        self.choices = [0] * len(self.module.OPTIONS)
        self.confirmed = False  # the player has been told a new game replaces the save

    def items(self):
        out = ["Players: < %d >" % self.players]
        for seat in range(self.players):
            out.append("P%d: < %s >" % (seat + 1, SEAT_KINDS[self.kinds[seat]]))
        for i in range(len(self.module.OPTIONS)):
            key, choices = self.module.OPTIONS[i]
            out.append("%s: < %s >" % (key, choices[self.choices[i]]))
        out.append("Start game")
        out.append("Rules help")
        return out

    def change(self, step):
        i = self.cursor
        if i == 0:
            low, high = self.module.MIN_PLAYERS, self.module.MAX_PLAYERS
            self.players = low + (self.players - low + step) % (high - low + 1)
            return
        i -= 1
        if i < self.players:
            self.kinds[i] = (self.kinds[i] + step) % len(SEAT_KINDS)
            return
        i -= self.players
        if i < len(self.choices):
            count = len(self.module.OPTIONS[i][1])
            self.choices[i] = (self.choices[i] + step) % count

    def key(self, pressed):
        if not pressed & K.A:
            self.confirmed = False  # anything but A again: ask again next time
        ListScreen.key(self, pressed)

    def options(self):
        out = {}
        for i in range(len(self.choices)):
            key, choices = self.module.OPTIONS[i]
            out[key] = choices[self.choices[i]]
        return out

    def choose(self):
        count = len(self.items())
        if self.cursor == count - 1:
            self.app.goto(help_screen(self.app, self.game, lambda: self.app.goto(self)))
        elif self.cursor == count - 2:
            if self.app.saved is not None and not self.confirmed:
                self.confirmed = True  # a second A: the saved game is given up
                self.message = "A again: replace the save"
                return
            seats = [SEAT_KINDS[self.kinds[s]] for s in range(self.players)]
            try:
                self.app.start(self.game, seats, self.options())
            except ValueError as exc:  # an option that does not fit the players (teams)
                self.message = str(exc)[: self.app.cols * 2]
        else:
            self.change(1)

    def back(self):
        self.app.title()


def help_screen(app, game, then):
    name = CONSOLE + game  # its HELP; the module leaves the heap once the lines are copied
    console = find_module(name)
    lines = list(console.HELP) if console is not None else ["No help for this game yet."]
    unload(name)
    return TextScreen(app, TITLES[GAMES.index(game)] + " rules", lines, then, "A: back")


class PauseScreen(ListScreen):
    title = "Paused"
    hint_text = "A: choose  B: back to game"

    def items(self):
        return ["Back to the game", "Log of the game", "Rules help", "Quit to the title"]

    def choose(self):
        app = self.app
        back = app.route
        if self.cursor == 0:
            back()
        elif self.cursor == 1:
            app.goto(TextScreen(app, "Log", app.match.public or ["Nothing yet."], back, "A: back"))
        elif self.cursor == 2:
            app.goto(help_screen(app, app.match.game, back))
        else:
            app.quit_game()

    def back(self):
        self.app.route()


# -- the table -----------------------------------------------------------------------
class TableScreen(Screen):
    """The game's table as the deciding human (or the last one) may see it, paged with
    SELECT; the choice at the bottom: UP/DOWN (LEFT/RIGHT) move, A does it, B takes back
    this turn's picks, START pauses. While a bot thinks: a spinner; B makes it answer."""

    def __init__(self, app):
        self.app = app
        self.match = app.match
        self.cursor = 0
        self.page = 0
        self.pages = 1
        self.spin = 0
        self.legal = []
        self.message = ""
        self.body = C.Canvas(app.cols, 4 * app.rows)
        self.renderer = find_module("firmware.ui.table_" + self.match.game)
        self.refresh()

    def refresh(self):
        """Read the state again after an action (the choice back on the first one)."""
        legal = self.match.legal() if self.match.human_turn() else []
        if legal != self.legal:
            self.cursor = 0
        self.legal = legal
        self.message = ""

    def busy(self):
        return not self.match.over() and not self.match.human_turn()

    def tick(self, now):
        match = self.match
        if match.over() or match.human_turn():
            return False
        self.spin = (self.spin + 1) % len(SPIN)
        if match.think(self.app.slice_ms):
            self.app.route()
        return True

    def key(self, pressed):
        match = self.match
        self.message = ""
        if pressed & K.START:
            self.app.goto(PauseScreen(self.app))
            return
        if pressed & K.SELECT:
            self.page = (self.page + 1) % self.pages
        elif not match.human_turn():
            if pressed & (K.A | K.B):
                match.hurry()
                self.app.route()
                return
        elif pressed & PREV and self.legal:
            self.cursor = (self.cursor - 1) % len(self.legal)
        elif pressed & NEXT and self.legal:
            self.cursor = (self.cursor + 1) % len(self.legal)
        elif pressed & K.A and self.legal:
            match.play(self.legal[self.cursor])
            self.cursor = 0
            self.app.route()
            return
        elif pressed & K.B:
            if match.take_back():
                self.cursor = 0
                self.refresh()
            else:
                self.message = "Nothing to take back"
        self.app.redraw()

    def draw(self, c):
        match = self.match
        seat = match.viewer()
        view = match.state.view(seat)
        body = self.body
        body.clear()
        draw_table(body, self.renderer, match, view)
        room = c.rows - 3
        self.pages = max(1, (body.used + room - 1) // room)
        if self.page >= self.pages:
            self.page = 0
        turn = match.current()
        if match.over():
            status = "game over"
        elif match.human_turn():
            status = "%d/%d" % (self.cursor + 1, len(self.legal))
        else:
            status = "%s %s" % (match.names[turn], SPIN[self.spin])
        if self.pages > 1:
            status = "p%d/%d %s" % (self.page + 1, self.pages, status)
        title_bar(c, "%s %s" % (match.module.TITLE, match.names[seat]), status)
        c.blit(body, self.page * room, 1, room)
        if self.message:
            c.at(c.rows - 2, 0, C.ORANGE)
            c.text(self.message)
        elif match.human_turn():
            lines = wrap(match.text(self.legal[self.cursor], seat), c.cols - 2)
            c.at(c.rows - 2, 0, C.GOLD)
            c.text(">" + lines[0])
            c.bar(c.rows - 2, C.NAVY)
            c.at(c.rows - 1, 0, C.GOLD)
            if len(lines) > 1:
                c.text(" " + lines[1])
            c.bar(c.rows - 1, C.NAVY)
            return
        elif match.public:
            c.at(c.rows - 2, 0, C.GREY)
            c.text(match.public[-1])
        c.at(c.rows - 1, 0, C.GREY)
        if match.over():
            c.text("A: results")
        else:
            c.text("%s is thinking  B: hurry" % match.names[turn])


def draw_table(body, renderer, match, view):
    """The game's table into `body`: its handheld renderer (firmware/ui/table_<game>.py,
    draw(canvas, view, names)) if it has one, else the console renderer's words."""
    if renderer is not None:
        renderer.draw(body, view, match.names)
        return
    lines = []
    console = find_module(CONSOLE + match.game)
    if console is not None:
        console.table(view, match.names, lines.append)
    for line in lines:
        for part in wrap(line, body.cols):
            if not body.line():
                return
            body.text(part)
