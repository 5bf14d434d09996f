# One whole game on a board's interpreter, for heap figures (tools/boardheap.py runs it
# under the 32-bit MicroPython / CircuitPython unix ports at a given -X heapsize). Portable.
#
#   MODE = "app": the handheld app (firmware/app.py) on a stand-in display (tools/boardlibs:
#                 displayio and terminalio allocating what the real ones hold in the heap),
#                 from its title screen through a whole game, saving every move;
#   MODE = "match": the game without the screens: rules, bots, firmware/ui/match.py and its
#                 saves (what the console and the selftest also need);
#   MODE = "board": the app on the board's own display (a CircuitPython board: its profile
#                 and displayio; tools/cpheap.py on the emulated Pico), BALLAST bytes of the
#                 heap taken first (a smaller board's heap on a bigger one); with SAMPLE, the
#                 lowest gc.mem_free() after a gc.collect() at every frame a bot thinks in,
#                 a move is made or a key pressed in is reported (the others wait the pace);
# every seat a bot of LEVEL, hard bots capped at PLAYOUTS playouts a decision (the same
# figures on every run; a playout's garbage does not pile up, so more playouts need no
# more heap). The globals below are the defaults; the runner prepends its own.
# Prints "heapgame: ok <actions> <gc.mem_free()> <cut short> <lowest>" at the end: a hard bot's
# search that runs out of memory plays its best move so far (the game goes on, the bot plays
# worse), a save with no room waits for the next move's; both counted here; a fault that
# reaches the crash screen fails the run.
import gc
import os

g = globals()
BALLAST = g.get("BALLAST", 0)


def take(size):
    """A bytearray that leaves gc.mem_free() `size` bytes lower (its header and the heap
    area it makes grow included), or None for 0."""
    if not size:
        return None
    want = size
    for _ in range(4):
        gc.collect()
        before = gc.mem_free()
        block = bytearray(want)
        gc.collect()
        taken = before - gc.mem_free()
        if taken == size:
            return block
        want += size - taken
        block = None
    return bytearray(want)


BALLAST_BLOCK = take(BALLAST)
GAME = g.get("GAME", "diams")
PLAYERS = g.get("PLAYERS", 2)
LEVEL = g.get("LEVEL", "hard")
HUMAN = g.get("HUMAN", False)  # app: P1 a human who takes the first choice each time (the
# table's choices module on the heap for each of its decisions)
PLAYOUTS = g.get("PLAYOUTS", 8)
MODE = g.get("MODE", "app")
SAVES = g.get("SAVES", "saves")
OPTIONS = g.get("OPTIONS", None)
SEED = g.get("SEED", 2024)
COLS = g.get("WIDTH", 160)
ROWS = g.get("HEIGHT", 128)
SAMPLE = g.get("SAMPLE", False)
LOW = [1 << 30]  # the lowest free heap seen (SAMPLE)
READ = [False]  # the game's results were read to their last page


CUT = [0]  # what a MemoryError cut short: hard decisions (the best move so far was played,
# or the heuristic's when a search had no room to start) and saves (the next one caught up)


def cap(match):
    searching = False
    for bot in match.bots:
        if bot is not None and hasattr(bot, "playouts"):
            bot.playouts = PLAYOUTS
            bot.budget_ms = None
            searching = True
    if not searching:  # no hard seat: the search's code stays off the heap, as on a board
        return
    from firmware.bots.search import Search, SearchBot

    if not hasattr(SearchBot, "counted"):  # a search memory did not let start at all
        SearchBot.counted = SearchBot.start

        def start(self, view):
            search = self.counted(view)
            if search is None:
                CUT[0] += 1
            return search

        SearchBot.start = start
    if not hasattr(Search, "counted"):
        Search.counted = Search.step

        def step(self):
            going = self.counted()
            if not going and self.error is not None:
                self.error = None
                CUT[0] += 1
            return going

        Search.step = step


def slot():
    from firmware.save import SaveSlot

    class Counting(SaveSlot):  # a save memory had no room for is skipped: counted with CUT
        def save(self, *args):
            try:
                SaveSlot.save(self, *args)
            except MemoryError:
                CUT[0] += 1
                raise

    try:
        os.mkdir(SAVES)
    except OSError:
        pass
    return Counting(SAVES)


def play_match():
    from firmware.core import load
    from firmware.ui.match import Match

    state = load(GAME).new_game(PLAYERS, SEED, OPTIONS)
    match = Match(state, [LEVEL] * PLAYERS, slot(), None)
    cap(match)
    actions = 0
    while not match.over():
        while not match.think(1000):
            pass
        actions += 1
    return actions


class Display:
    def __init__(self):
        self.width = COLS
        self.height = ROWS
        self.root_group = None


class Board:
    lines = ("A: choose  B: back",)

    def buttons(self):
        return 0

    def beep(self, hz, ms):
        pass


TICK = [0]


def board_pace():
    """A thinking bot's slice (Match.think) as a board lives it: one step (a playout) a
    frame, whatever the host's speed or load. On the host's clock a slice held several
    playouts, a number that moved with the machine's load, and the garbage between two
    frames with it: the heap's layout, and whether a search ran out of memory, changed
    from run to run."""
    from firmware.ui import match

    def ticks_ms():  # each reading 13 ms on: the slice's second reading ends it
        TICK[0] += 13
        return TICK[0]

    match.ticks_ms = ticks_ms


def play_app():
    from firmware import buttons
    from firmware.app import App
    from firmware.ui import screens
    from firmware.ui.scene import Scene

    board_pace()

    if MODE == "board":
        from firmware import hw

        board = hw.open_board(hw.detect())
        app = App(board, Scene(board.display), slot(), True, seed=SEED,
                  crash_path=SAVES + "/crash.txt")
    else:
        app = App(Board(), Scene(Display()), slot(), True, seed=SEED,
                  crash_path=SAVES + "/crash.txt")
    app.frame(0, 0)
    if SAMPLE:
        gc.collect()
        print("heapgame: title %d" % gc.mem_free())
    app.start(GAME, (["human"] if HUMAN else [LEVEL]) + [LEVEL] * (PLAYERS - 1), OPTIONS)
    if app.match is None:  # "does not fit in this board's memory", at the title
        print("heapgame: the game did not start: %s" % " / ".join(getattr(app.screen, "lines", ())))
        raise SystemExit(1)
    cap(app.match)
    now = 0
    actions = 0
    sampled = 0  # moves played at the last sample
    while app.match is not None:
        now += 33
        mask = 0
        if not isinstance(app.screen, screens.TableScreen) or app.match.human_turn():
            mask = buttons.A  # a round's result, a note: go on; the human's first choice
            if app.match.over():  # the game's results, read as a player would at the
                # heap's game end: A, their menu; A, every page of the breakdown, the menu
                # again; then B, B: to the title
                actions = len(app.match.state.history)
                if getattr(app.screen, "pages", None) is not None:
                    READ[0] = True
                elif READ[0]:
                    mask = buttons.B
        app.frame(mask, now)
        if mask:
            now += 33
            app.frame(0, now)
        match = app.match
        if SAMPLE and match is not None and (match.thinking >= 0 or mask
                                             or len(match.state.history) != sampled):
            sampled = len(match.state.history)  # a bot mid-search, a move, a key pressed:
            gc.collect()  # the frames the heap can grow in (the others wait for the pace)
            LOW[0] = min(LOW[0], gc.mem_free())
        if getattr(app.screen, "crash", False):  # a fault ended the game: not a whole game
            print("heapgame: crashed: %s" % " / ".join(app.screen.lines))
            try:
                with open(SAVES + "/crash.txt") as f:
                    print(f.read())
            except OSError:
                pass
            raise SystemExit(1)
    if not actions:  # the game never reached its end (e.g. "does not fit" at the title)
        print("heapgame: the game did not play to its end")
        raise SystemExit(1)
    return actions


actions = play_match() if MODE == "match" else play_app()
gc.collect()
print("heapgame: ok %d %d %d %d" % (actions, gc.mem_free(), CUT[0], min(LOW[0], gc.mem_free())))
