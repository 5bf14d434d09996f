"""Desktop simulator: the handheld app (firmware/app.py) on Blinka displayio, unchanged.

    python tools/sim.py [--board pybadge|pygamer|picodisplay]       a window (pygame)
    python tools/sim.py --headless --board pybadge --game diams \\
        --seats human,bot:normal --keys "A,DOWN,A" --shots DIR          no window

Options:
  --board NAME      the screen and buttons of pybadge (default), pygamer (160x128) or
                    picodisplay (240x135)
  --game NAME       start this game at once (else the title menu)
  --seats LIST      with --game: one per seat, human or bot:LEVEL (easy, normal, hard)
  --options K=V,..  with --game: the game's options
  --seed N          the first game's seed (default: from the clock; headless: 1)
  --saves DIR       where the game is saved (default build/sim-saves); --no-save: nowhere
  --headless        no window: feed --keys, one button press per step
  --keys LIST       comma-separated buttons (UP DOWN LEFT RIGHT A B START SELECT; a chord
                    like B+UP); each is pressed for one frame, then the app runs until it
                    waits for a button again
  --shots DIR       headless: a PNG of the screen after the start and after every key
  --print           headless: print the screen's text after the last key
  --frames N        window: close after N frames (about N/30 seconds)
  --fault N         headless: drawing the screen runs out of memory after the Nth key
                    (twice, so the retry fails too): the crash screen, for screenshots
  --travel          headless: after the last key the frames go on only until a bot's move
                    shown moving is a third of its way (its shot: the travel mid-way)
  --link ROLE       link play with another simulator over a local socket (tools/simlink.py):
                    host (a seat set to "linked" in a game's setup) or join (the title's
                    "Join a game"); a joiner saves to build/sim-saves-join unless --saves
  --link-port N     the socket's port (default 47158)
Window keys: arrows = d-pad, Z or Space = A, X or Backspace = B, Enter = START,
Right Shift or Tab = SELECT, Esc closes the window.
"""

import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")  # the simulator makes no sound
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from panelmodel import write_png  # noqa: E402  (tools/, this file's folder)
from simlink import PORT  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.hw import SIZES  # noqa: E402
from firmware.hw.host import HostBoard  # noqa: E402

IDLE_FRAMES = 20000  # frames a step may take before the app counts as stuck
FRAME_MS = 33


class Usage(Exception):
    pass


def headless_display(width, height):
    """A Blinka display with no bus: the app draws to it, screenshots read it back."""
    import busdisplay
    import displayio

    displayio.release_displays()  # Blinka keeps one display at a time

    class Headless(busdisplay.BusDisplay):
        def __init__(self):
            super().__init__(None, (), width=width, height=height, auto_refresh=False)

        def _refresh_area(self, area):
            return True  # nothing to send: pixels are read with fill_row

    return Headless()


def pixels(display):
    """The display's pixels: rows of RGB565 values, from displayio's own compositor."""
    rows = []
    for y in range(display.height):
        row = bytes(display.fill_row(y, None))
        rows.append([(row[2 * x] << 8) | row[2 * x + 1] for x in range(display.width)])
    return rows


def screenshot(display, path):
    """The display's pixels as a PNG file."""
    write_png(path, pixels(display))


def parse_seats(text):
    seats = []
    for word in text.split(","):
        word = word.strip().lower()
        if word.startswith("bot:"):
            word = word[4:]
        elif word in ("bot", "b"):
            word = "normal"
        elif word == "h":
            word = "human"
        if word not in ("human", "easy", "normal", "hard"):
            raise Usage("a seat is human or bot:LEVEL (easy, normal, hard), not %r" % word)
        seats.append(word)
    return seats


def parse_options(text):
    options = {}
    for part in text.split(","):
        if part.strip():
            if "=" not in part:
                raise Usage("options are KEY=VALUE, not %r" % part)
            key, value = part.split("=", 1)
            options[key.strip()] = value.strip()
    return options


def parse_keys(text):
    keys = []
    for word in text.split(","):
        if word.strip():
            try:
                keys.append((word.strip().upper(), buttons.mask_of(word)))
            except ValueError as exc:
                raise Usage(str(exc)) from None
    return keys


class Sim:
    """The app on a display of the board's size, driven frame by frame on a virtual clock
    (the bots' thinking still takes real time)."""

    def __init__(
        self, display, board="pybadge", slot=None, budget_ms=None, seed=None, crash_path=None,
        link=None,
    ):
        from firmware.app import App
        from firmware.ui.scene import Scene

        self.display = display
        self.board = HostBoard(display, board, link)
        self.scene = Scene(display)
        if crash_path is None and slot is not None:  # as on a board: /saves and /crash.txt
            crash_path = os.path.join(os.path.dirname(slot.directory.rstrip("/")), "crash.txt")
        self.app = App(
            self.board, self.scene, slot, slot is not None, budget_ms, seed, crash_path
        )
        self.now = 0
        self.frame(0)

    def frame(self, mask):
        self.now += FRAME_MS
        self.app.frame(mask, self.now)

    def settle(self):
        """Run frames with no button down until the app waits for one."""
        for _ in range(IDLE_FRAMES):
            self.frame(0)
            if not self.app.busy():
                return
        raise RuntimeError("the app is still busy after %d frames" % IDLE_FRAMES)

    def press(self, mask):
        self.frame(mask)
        self.frame(0)
        self.settle()

    def texts(self):
        return self.scene.texts()

    def refresh(self):
        self.display.refresh()


def make_slot(args):
    if args.get("no_save"):
        return None
    from firmware.save import SaveSlot

    folder = "sim-saves-join" if args.get("link") == "join" else "sim-saves"
    return SaveSlot(args.get("saves") or os.path.join(ROOT, "build", folder), sync=False)


def make_link(args):
    """The link port that --link asks for, or None."""
    if "link" not in args:
        return None
    from simlink import SocketPort

    try:
        return SocketPort(args["link"], args.get("link_port", PORT))
    except ValueError as exc:
        raise Usage(str(exc)) from None
    except OSError as exc:
        raise Usage("the link's port %d is taken (%s): --link-port N for another"
                    % (args.get("link_port", PORT), exc)) from None


def parse(argv):
    args = {"board": "pybadge"}
    flags = {"--headless": "headless", "--print": "print", "--no-save": "no_save",
             "--travel": "travel"}
    values = {"--board": "board", "--game": "game", "--seats": "seats", "--options": "options",
              "--seed": "seed", "--saves": "saves", "--keys": "keys", "--shots": "shots",
              "--frames": "frames", "--fault": "fault", "--link": "link",
              "--link-port": "link_port"}
    i = 0
    while i < len(argv):
        word = argv[i]
        if word in ("-h", "--help"):
            raise SystemExit(__doc__)
        if word in flags:
            args[flags[word]] = True
        elif word in values:
            if i + 1 >= len(argv):
                raise Usage("%s needs a value" % word)
            i += 1
            args[values[word]] = argv[i]
        else:
            raise Usage("unknown argument %r (--help lists them)" % word)
        i += 1
    if args["board"] not in SIZES:
        raise Usage("--board is one of %s" % ", ".join(SIZES))
    for key in ("seed", "frames", "fault", "link_port"):
        if key in args:
            try:
                args[key] = int(args[key])
            except ValueError:
                raise Usage("--%s takes a number" % key.replace("_", "-")) from None
    return args


def start_game(sim, args):
    from firmware.core import load

    if "game" not in args:
        return
    try:
        module = load(args["game"])
    except ValueError as exc:
        raise Usage(str(exc)) from None
    seats = parse_seats(args.get("seats", "human,bot:normal"))
    options = parse_options(args.get("options", ""))
    try:
        state = module.new_game(len(seats), args.get("seed", 1), options)
    except ValueError as exc:
        raise Usage(str(exc)) from None
    sim.app._play(state, seats)


def fail_drawing(app, times):
    """The app's next `times` draws run out of memory (the crash screen's pictures)."""
    left = [times]
    draw = app.draw

    def failing():
        if left[0]:
            left[0] -= 1
            raise MemoryError("memory allocation failed, allocating 1024 bytes")
        draw()

    app.draw = failing


def run_headless(args):
    width, height = SIZES[args["board"]]
    sim = Sim(headless_display(width, height), args["board"], make_slot(args), None,
              args.get("seed", 1), None, make_link(args))
    start_game(sim, args)
    sim.settle()
    keys = parse_keys(args.get("keys", ""))
    shots = args.get("shots")
    if shots:
        os.makedirs(shots, exist_ok=True)
        sim.refresh()
        screenshot(sim.display, os.path.join(shots, "000-start.png"))
    step = 0
    for name, mask in keys:
        step += 1
        if step == args.get("fault"):
            fail_drawing(sim.app, 2)
        if args.get("travel") and step == len(keys):
            to_travel(sim, mask)
        else:
            sim.press(mask)
        if shots:
            sim.refresh()
            name = "%03d-%s.png" % (step, name.replace("+", "_"))
            screenshot(sim.display, os.path.join(shots, name))
    if args.get("print") or not shots:
        for line in sim.texts():
            print(line)
    return 0


def to_travel(sim, mask):
    """Press `mask`, then frames until a bot's move travels (screens.TableScreen) and is a
    third of its way."""
    from firmware.ui.travel import TRAVEL_MS

    sim.frame(mask)
    for _ in range(IDLE_FRAMES):
        sim.frame(0)
        table = sim.app.screen
        if getattr(table, "moving", False) and sim.now - table.since >= TRAVEL_MS // 3:
            return
        if not sim.app.busy():
            break
    raise RuntimeError("no bot's move travelled after the last key")


WINDOW_KEYS = None


def window_keys(pygame):
    return {
        pygame.K_UP: buttons.UP, pygame.K_DOWN: buttons.DOWN,
        pygame.K_LEFT: buttons.LEFT, pygame.K_RIGHT: buttons.RIGHT,
        pygame.K_z: buttons.A, pygame.K_SPACE: buttons.A,
        pygame.K_x: buttons.B, pygame.K_BACKSPACE: buttons.B,
        pygame.K_RETURN: buttons.START,
        pygame.K_RSHIFT: buttons.SELECT, pygame.K_TAB: buttons.SELECT,
    }


def run_window(args):
    import time

    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay

    width, height = SIZES[args["board"]]
    try:
        display = PyGameDisplay(width=width, height=height, auto_refresh=False,
                                caption="Pocket Gem Games (%s)" % ", ".join(
                                    [args["board"]] + ([args["link"]] if "link" in args else [])),
                                flags=pygame.SCALED)
    except pygame.error as exc:
        raise Usage("no window can open here (%s). Without a screen: `make console` for the "
                    "text game, or tools/sim.py --headless --shots DIR for pictures"
                    % exc) from None
    from firmware.app import App
    from firmware.ui.scene import Scene

    board = HostBoard(display, args["board"], make_link(args))
    scene = Scene(display)
    app = App(board, scene, make_slot(args), not args.get("no_save"), None, args.get("seed"))
    sim = type("S", (), {"app": app})()
    start_game(sim, args)
    keymap = window_keys(pygame)
    first = True
    print("Keys: arrows = d-pad, Z/Space = A, X/Backspace = B, Enter = START, "
          "Tab/Right Shift = SELECT, Esc = quit")
    while True:
        start = time.monotonic()
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                             and event.key == pygame.K_ESCAPE):
                pygame.quit()
                return 0
            if event.type == pygame.KEYDOWN and event.key in keymap:
                board.held |= keymap[event.key]
            elif event.type == pygame.KEYUP and event.key in keymap:
                board.held &= ~keymap[event.key]
        changes = scene.changes
        moves = scene.moves
        app.frame()
        if scene.changes != changes or scene.moves != moves or first:
            display.refresh()
            first = False
        if args.get("frames") is not None:
            args["frames"] -= 1
            if args["frames"] <= 0:
                pygame.quit()
                return 0
        spent = time.monotonic() - start
        if spent < FRAME_MS / 1000:
            time.sleep(FRAME_MS / 1000 - spent)


def main(argv=None):
    try:
        args = parse(sys.argv[1:] if argv is None else argv)
        if args.get("headless"):
            return run_headless(args)
        return run_window(args)
    except Usage as exc:
        print("sim.py: %s" % exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
