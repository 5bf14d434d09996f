# The menus: the title, a game's setup, the pause menu and the rules help (the screens'
# protocol is in screens.py). Imported when one is shown; the app unloads this module when
# a game starts, so a board's heap does not hold the menus during play.
from firmware import buttons
from firmware.core import GAMES, available, drop_part, game_part, load
from firmware.ui import canvas
from firmware.ui.screens import Screen, TextScreen, hint, title_bar

SEAT_KINDS = ("human", "easy", "normal", "hard")
LINKED = "linked"  # a seat played on another handheld (a board with a link port offers it)


def playable_games():
    return [g for g in GAMES if available(g)]


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
        if pressed & buttons.UP and count:
            self.cursor = (self.cursor - 1) % count
        elif pressed & buttons.DOWN and count:
            self.cursor = (self.cursor + 1) % count
        elif pressed & buttons.LEFT:
            self.change(-1)
        elif pressed & buttons.RIGHT:
            self.change(1)
        elif pressed & buttons.A:
            self.choose()
        elif pressed & buttons.B:
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
            c.at(row, 1, canvas.WHITE)
            c.text(items[i])
            if i == self.cursor:
                c.at(row, 0)
                c.text(">")
                c.bar(row, canvas.NAVY)
        if self.message:
            c.at(c.rows - 1, 0, canvas.ORANGE)
            c.text(self.message)
        else:
            hint(c, self.hint_text)


class TitleScreen(ListScreen):
    title = "Pocket Gem Games"

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.games = playable_games()
        self.hint_text = "saves on" if app.can_save else "USB drive mode: no saving"
        self.last = app.slot is not None and app.slot.has_last()  # a finished game's record

    def items(self):
        out = []
        saved = self.app.saved
        if saved is not None:
            out.append("Resume %s" % self.app.titles[GAMES.index(saved.state.game)])
        for game in self.games:
            out.append(self.app.titles[GAMES.index(game)])
        if self.app.can_link():
            out.append("Join a game")
        if self.last:
            out.append("Last game's results")
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
        if self.app.can_link():
            if index == len(self.games):
                self.app.join()
                return
            index -= 1
        if self.last and index == len(self.games):
            self.app.last_game()
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
        self.seat_kinds = SEAT_KINDS + ((LINKED,) if app.can_link() else ())
        self.choices = [0] * len(self.module.OPTIONS)
        self.confirmed = False  # the player has been told a new game replaces the save

    def items(self):
        out = ["Players: < %d >" % self.players]
        for seat in range(self.players):
            out.append("P%d: < %s >" % (seat + 1, self.seat_kinds[self.kinds[seat]]))
        for i in range(len(self.module.OPTIONS)):
            key, choices = self.module.OPTIONS[i]
            out.append("%s: < %s >" % (key.replace("_", " "), choices[self.choices[i]]))
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
            self.kinds[i] = (self.kinds[i] + step) % len(self.seat_kinds)
            return
        i -= self.players
        if i < len(self.choices):
            count = len(self.module.OPTIONS[i][1])
            self.choices[i] = (self.choices[i] + step) % count

    def key(self, pressed):
        if not pressed & buttons.A:
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
            seats = [self.seat_kinds[self.kinds[s]] for s in range(self.players)]
            if seats.count(LINKED) > 1:
                self.message = "One seat can be linked"
                return
            try:
                self.app.start(self.game, seats, self.options())
            except ValueError as exc:  # an option that does not fit the players (teams)
                self.message = str(exc)[: self.app.cols * 2]
        else:
            self.change(1)

    def back(self):
        self.app.title()


def help_screen(app, game, then):
    rules_help = game_part(game, "help")  # its HELP (the text console's ? shows it too)
    lines = list(rules_help.HELP) if rules_help is not None else ["No help for this game yet."]
    drop_part(game, "help")  # off the heap once the lines are copied
    return TextScreen(app, app.titles[GAMES.index(game)] + " rules", lines, then, "A: back")


class MenuScreen(ListScreen):
    """A menu of `choices`, (words, action) pairs: A does the one under the cursor, B
    `back` (a game's end: firmware/ui/outcome.py)."""

    def __init__(self, app, title, choices, back):
        ListScreen.__init__(self, app)
        self.title = title
        self.choices = choices
        self.go_back = back

    def items(self):
        return [words for words, _ in self.choices]

    def choose(self):
        self.choices[self.cursor][1]()

    def back(self):
        self.go_back()


class PauseScreen(ListScreen):
    title = "Paused"
    hint_text = "A: choose  B: back to game"

    def items(self):
        return ["Back to the game", "Log of the game", "Rules help", "Quit to the title"]

    def choose(self):
        app = self.app
        # The log's and the help's "back" is this menu, where the player came from: the A
        # that closes a page and the next one must not play a move (issue 57).
        back = self.again
        if self.cursor == 0:
            app.route()
        elif self.cursor == 1:
            app.goto(TextScreen(app, "Log", app.match.public or ["Nothing yet."], back, "A: back"))
        elif self.cursor == 2:
            app.goto(help_screen(app, app.match.game, back))
        else:
            app.home()

    def again(self):
        self.app.goto(self)

    def back(self):
        self.app.route()
