# The handheld app: the same code on a board (CircuitPython: displayio; MicroPython: framebuf)
# and in the desktop simulator (tools/sim.py, Blinka displayio). main() picks the board
# profile (firmware/hw) and returns False when there is no display, so main.py falls back
# to the text console.
#
# One frame: read the buttons once (edges, repeat), hand the presses to the screen, let it
# work (a bot thinking in slices), redraw only when something changed. The game's flow is
# route(): results, the privacy screen between two humans, else the table (which tells
# each human what the others did, a sentence a move). Every applied action is saved
# (firmware/ui/match.py).
#
# A frame never lets an exception out (KeyboardInterrupt aside): a fault anywhere in it — a
# screen's key, tick or draw, a bot's turn, a save — ends on the crash screen (fault(),
# firmware/ui/crash_screen.py), with a report in crash.txt (firmware/crash.py). The game on
# the flash is as the last applied action left it; A reloads it from there, so a broken
# state in memory never comes back. A fault while a save is being resumed keeps that save
# aside instead (no loop).
#
# Link play (issue 58): a board with a link port (board.link_port()) offers a seat as
# "linked" in the setup and "Join a game" at the title; the link (firmware/link.py) is made
# when a game needs it and let go with the game. Each frame moves its bytes both ways
# (match.link_tick), so neither side ever waits on the cable.
import gc
import sys

from firmware import buttons
from firmware.clock import sleep_ms, ticks_diff, ticks_ms
from firmware.core import COLLECT, drop_part, titles, unload
from firmware.ui import screens
from firmware.ui.canvas import Canvas

FRAME_MS = 33  # about 30 frames a second
SLICE_MS = 25  # a bot's thinking per frame
PACE_MS = 900  # a bot's move stays on the table this long before the next bot's thinking
TURN_HZ = 880  # the short tick when a human's turn comes after the bots
TURN_MS = 30
# The rows of a table at most: the fullest, Quartz with six players at 160x128, takes 28
# (host_tests/test_looks.py fails a table that fills them all: a row may have been lost).
BODY_ROWS = 32
MARKS = 64  # the marks of things on a table, to point at (Diam's at its fullest: ~60)
MENUS = "firmware.ui.menus"
OUTCOME = "firmware.ui.outcome"  # a game's results: loaded at its end (a rematch lets go)


class App:
    def __init__(
        self, board, scene, slot=None, can_save=True, budget_ms=None, seed=None, crash_path=None
    ):
        # Every game's title, read from its package first, while the heap is still whole: a
        # package imported and let go later, between the canvases, left holes that cost a
        # 6-seat Diamonds game 3 KiB of a PyBadge's heap from .mpy.
        self.titles = titles()
        self.board = board
        self.scene = scene
        self.slot = slot
        self.can_save = can_save and slot is not None
        self.cols = scene.cols
        self.rows = scene.rows
        self.canvas = Canvas(self.cols, self.rows)
        # The table's canvas (BODY_ROWS tall, paged): made once here, while the heap is
        # still whole, and used by every game's table (a 1 KB block found later, in a
        # fragmented heap, was where a long game ran out of memory).
        self.body = Canvas(self.cols, BODY_ROWS, MARKS)
        self.keys = buttons.Buttons()
        self.slice_ms = SLICE_MS
        self.pace_ms = PACE_MS
        self.budget_ms = budget_ms
        self.seed = seed  # new games' seed (tests, the simulator); None: from the clock
        self.crash_path = crash_path  # the report's file; None: firmware.crash's default
        self.now = 0  # the ticks of the frame being run
        self.resuming = False  # a save is being resumed, its first frame not yet drawn
        self.crashed = None  # (exc, facts, saved, over) of a fault whose screen is not up yet
        self.match = None  # the game in play: a Match, or a Guest of a host's (guest.py)
        self.table = None  # the table screen of the game in play
        self.saved = None
        self.link = None  # the link to another handheld, while a game of it is on
        self.screen = screens.Screen()
        self.dirty = True
        self.own = tuple(sys.modules)  # the app's own modules; let_go() unloads the rest
        try:
            self.reopen(False)  # the save looked at, the title (and why a save can't resume)
        except Exception as exc:  # the title menu itself failed: the crash screen instead
            self.fault(exc)

    # -- screens --
    def goto(self, screen):
        self.screen = screen
        self.dirty = True

    def redraw(self):
        self.dirty = True

    def title(self):
        self.match = None  # the game, its table and the screen that led here are let go
        self.table = None  # before the menus' code is loaded: the end of a long game is
        self.screen = screens.Screen()  # where the heap is fullest
        if COLLECT:
            gc.collect()
        from firmware.ui.menus import TitleScreen

        self.goto(TitleScreen(self))

    def pause(self):
        """The pause menu over the game in play (START on its table); the menus' code is on
        the heap only while one is shown."""
        from firmware.ui.menus import PauseScreen

        self.goto(PauseScreen(self))

    def last_game(self):
        """The title's "Last game's results" (firmware/ui/outcome.py, which shows them with
        the menus' code: imported here, not by the menus)."""
        from firmware.ui.outcome import last_game

        last_game(self)

    def can_link(self):
        """Whether this board has a link port (a UART, the simulator's socket)."""
        return getattr(self.board, "link_port", None) is not None

    def open_link(self):
        """The link to the other handheld, made at the first game that needs it: a new
        start (its HELLO) that the other side answers by sending anew what it needs."""
        if self.link is None:
            from firmware.clock import seed_from_clock
            from firmware.link import Link

            self.link = Link(self.board.link_port(), seed_from_clock(1 << 30), self.now)
        return self.link

    def join(self):
        """The title's "Join a game": this board plays a seat of the game another one hosts
        (firmware/ui/guest.py), waiting for its first view."""
        self.let_go()
        from firmware.ui.guest import Guest
        from firmware.ui.waiting import wait

        self.match = Guest(self.open_link())
        wait(self)

    def board_lines(self):
        return list(getattr(self.board, "lines", ())) or ["A: choose  B: back"]

    # -- games --
    def load_save(self):
        """Look at the save slot: the saved game for the menu, or the lines that say why the
        save can't be resumed (it has been kept aside; see firmware/save.py)."""
        self.saved = None
        if self.slot is None:
            return None
        try:
            self.saved = self.slot.load()
        except KeyboardInterrupt:
            raise
        except Exception as exc:  # SaveError (load() raises nothing else, but never die here)
            kept = getattr(exc, "kept", None)
            if kept is None:
                return [str(exc) or repr(exc)]
            return ["The saved game cannot be resumed: %s." % getattr(exc, "reason", exc),
                    "", "It is kept as %s (for a bug report); a new game can start."
                    % kept.rsplit("/", 1)[-1]]
        return getattr(self.saved, "notes", None) or None

    def start(self, game, seats, options, seed=None):
        """A new game (ValueError when the options don't fit the players); its seed is
        `seed`, else the app's next one, else from the clock."""
        from firmware.clock import seed_from_clock
        from firmware.core import load
        from firmware.core.prng import SEED_LIMIT

        mine = self.seed
        if seed is None:
            seed = seed_from_clock(SEED_LIMIT) if mine is None else mine
        state = load(game).new_game(len(seats), seed, options)
        if mine is not None and seed == mine:  # the app's own seed: the next one next time
            self.seed = mine + 1
        self._play(state, seats)

    def resume(self):
        saved = self.saved
        if saved is None:
            return
        self.saved = None
        if self.slot is not None:
            self.resuming = True
            self.slot.resuming()  # a mark on the flash until the game's first frame is drawn
        self._play(saved.state, saved.seats)

    def let_go(self):
        """Forget the game in memory, and the code it loaded (its rules, bots and table,
        the menus, ...): the heap is back to what the app had at start. Only where no state
        of a game lives on: a state outliving its module would come back beside a second
        copy of it."""
        self.match = None
        self.table = None
        self.saved = None
        self.link = None
        self.screen = screens.Screen()
        for name in list(sys.modules):
            if name.startswith("firmware.") and name not in self.own:
                unload(name)
        if COLLECT:
            gc.collect()

    def reopen(self, resume=True):
        """At start, after the crash screen and after a game: the game again from its save,
        at the move last saved (resume), or the title, which offers it. Everything of the
        game before is let go first, and read again from the flash."""
        self.let_go()
        problem = self.load_save()
        if resume and self.saved is not None:
            self.resume()
            return
        self.title()
        if problem:
            self.goto(screens.TextScreen(self, "Saved game", problem, self.title))

    def home(self):
        """The title after a game, as at start (the save looked at again)."""
        self.reopen(False)

    def _play(self, state, seats):
        from firmware.ui.match import BOT_BUDGET_MS, LINKED, Match

        self.match = None
        self.table = None
        self.screen = screens.Screen()  # the menu that started the game is let go ...
        unload(MENUS)  # ... and so is its code, until the title is shown again,
        unload(OUTCOME)  # and the results' (a rematch), until the game's end
        if COLLECT:
            gc.collect()
        budget = BOT_BUDGET_MS if self.budget_ms is None else self.budget_ms
        game = state.game
        link = None
        if LINKED in seats:
            if self.can_link():
                link = self.open_link()
            else:  # (a save from a board with a link port: a bot plays that seat here)
                seats = ["normal" if kind == LINKED else kind for kind in seats]
        try:
            self.match = Match(state, seats, self.slot if self.can_save else None, budget, link)
            self.route()
        except MemoryError:  # its bots or table do not fit beside its rules on this board
            self.too_big(game)

    def too_big(self, game):
        """A game whose code does not fit in this board's memory (Diploma from .mpy on a
        PyBadge or PyGamer: from the firmware with the games frozen in it does) is said so
        in words at the title, not on the crash screen; its save, if any, stays for a board
        it fits on."""
        from firmware.core import GAMES

        self.let_go()
        title = self.titles[GAMES.index(game)] if game in GAMES else game
        lines = ["%s does not fit in this board's memory." % title]
        free = getattr(gc, "mem_free", None)
        if free is not None:
            lines.append("Free now: %d KB." % (free() // 1024))
        lines += ["", "It plays on the firmware", "with the games built in", "(the UF2: make uf2),",
                  "in the simulator and in", "the browser."]
        self.title()
        self.goto(screens.TextScreen(self, "Memory", lines, self.title))

    def route(self):
        """The screen the game needs now."""
        match = self.match
        if match is None:
            self.title()
            return
        if match.pending_result() and not match.over():
            lines = []
            match.round_lines(lines.append)
            # The round's heading ("Round 2 of 3") in the title bar when it fits beside
            # the page count: a row more for the table.
            title = lines.pop(0) if lines and len(lines[0]) <= self.cols - 6 else "Scores"
            self.goto(screens.TextScreen(self, title, lines, self.route))
            return
        if match.over():
            self.table = None  # never shown again: on a board its code leaves the heap to
            if COLLECT:  # the results' and their menu's (the heap at its fullest then)
                drop_part(match.game, "table")
            from firmware.ui.outcome import game_over

            game_over(self)  # the results, a rematch (firmware/ui/outcome.py)
            return
        if match.only_choice() is not None:  # played for the human (their news says it),
            self.route()  # with no need to pass the device to them for it
            return
        if match.needs_privacy():
            seat = match.current()
            match.shown = seat

            def reveal():
                self.route()

            self.goto(screens.TextScreen(
                self, "Pass the device",
                ["Pass to %s." % match.names[seat], "",
                 "Nobody else should look. %s: press A when ready." % match.names[seat]],
                reveal, "A: show my hand"))
            return
        if match.save_off and not match.told:
            match.told = True
            self.goto(screens.TextScreen(self, "Not saving", [match.save_off], self.route))
            return
        if match.bot_moved and match.human_turn():
            match.bot_moved = False
            self.board.beep(TURN_HZ, TURN_MS)  # your turn, after the bots
        if self.table is None or self.table.match is not match:
            self.table = screens.TableScreen(self)  # built once a game
        self.table.refresh()
        self.goto(self.table)

    # -- the loop --
    def busy(self):
        return self.screen.busy()

    def frame(self, mask=None, now=None):
        """One frame: `mask` = the buttons held (read from the board when None). Never
        raises but KeyboardInterrupt: a fault shows the crash screen (fault())."""
        try:
            if now is None:
                now = ticks_ms()
            self.now = now
            if mask is None:
                mask = self.board.buttons()
            if self.crashed is not None:
                self.show_crash()
            match = self.match
            if match is not None and match.link_tick(now):  # (a guest's table: the host's
                self.redraw()  # view came; its decision or the game's end: route it)
                if self.screen is self.table and (match.human_turn() or match.over()):
                    self.route()
            pressed = self.keys.update(mask, now)
            if pressed:
                self.screen.key(pressed)
            if self.screen.tick(now):
                self.dirty = True
            if self.dirty:
                self.dirty = False
                try:
                    self.draw()
                except MemoryError:  # a fragmented heap: once more after a collection
                    gc.collect()
                    self.draw()
                slot = self.slot
                if self.resuming and self.match is not None and slot is not None:
                    self.resuming = False  # the resumed game is on the screen
                    slot.resumed()
        except KeyboardInterrupt:
            raise
        except Exception as exc:
            self.fault(exc)

    def draw(self):
        self.canvas.clear()
        self.screen.draw(self.canvas)
        self.scene.show(self.canvas)

    def fault(self, exc):
        """After an exception in a frame: let go of the game in memory (its save on the
        flash is as the last applied action left it), then the crash screen and its report
        (firmware/ui/crash_screen.py, loaded only now). A fault of the crash screen itself
        only tries to draw it again; a crash screen that cannot be made yet (no memory even
        for it) is tried again on the next frame."""
        self.dirty = True
        if getattr(self.screen, "crash", False):
            gc.collect()
            return
        match = self.match
        state = match.state if match is not None else None
        if match is not None and state is not None:  # (a guest waiting has none yet)
            over = match.over()
            self.crashed = (exc, (match.game, len(state.history)),
                            match.saved() and not over, over)
        else:
            self.crashed = (exc, None, False, False)
        match = state = None
        self.let_go()
        self.show_crash()

    def show_crash(self):
        crashed = self.crashed
        if crashed is None:
            return
        try:
            from firmware.ui import crash_screen

            crash_screen.show(self, *crashed)
            self.crashed = None
        except Exception:  # a blank screen this frame; the next one tries again
            unload("firmware.ui.crash_screen")

    def run(self):
        """Frames until the board says a key was typed on its serial (a Pico without a pack:
        the console is wanted); boards without that never return."""
        typed = getattr(self.board, "typed", None)
        while typed is None or not typed():
            start = ticks_ms()
            self.frame(None, start)
            spent = ticks_diff(ticks_ms(), start)
            sleep_ms(FRAME_MS - spent)


def main():
    """Run the app on this board; False when there is no display or when a key typed on the
    USB serial asks for the console (a Pico cannot tell whether its pack is on)."""
    from firmware import hw

    name = hw.detect()
    if name is None:
        return False
    try:
        board = hw.open_board(name)
    except Exception as exc:  # no display pack on the Pico, a missing library
        print("no display (%r): the text console runs instead" % (exc,))
        return False
    from firmware.save import SaveSlot, code_can_write

    micropython = hw.on_micropython()
    del hw
    unload("firmware.hw")  # the profiles and their detection: start-up code, off the heap
    if micropython:  # framebuf onto the board's own panel driver
        from firmware.ui.fbscene import Scene
    else:  # displayio
        from firmware.ui.scene import Scene
    scene = Scene(board.display)
    if getattr(board, "typed", None) is not None:
        print("The game is on the Display Pack. No pack on? Press Enter here for the text "
              "console.")
    App(board, scene, SaveSlot(), code_can_write()).run()
    return False
