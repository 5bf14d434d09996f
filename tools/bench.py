"""Benchmarks: print figures, never judge them (tests never assert on time).

    .venv/bin/python tools/bench.py [games] [--games diams quartz] [--players 2]
        [--length quick|standard] [--level normal|hard] [--heavy] [--hard-decisions 5]
        [--no-pico] [--no-heap] [--no-source] [--seconds 3] [--jobs 2]
    .venv/bin/python tools/bench.py bots [--games diams] [-n 200] [--playouts N] [--ladder]
        [--jobs 2]
    .venv/bin/python tools/bench.py screen [--pack picodisplay] [--game quartz] [--players 4]
        [--level hard] [--moves 9]
    .venv/bin/python tools/bench.py frozen [--games diams] [--players 2] [--length quick]
    .venv/bin/python tools/bench.py cpheap [--games diploma] [--spare 24k]
    .venv/bin/python tools/bench.py slices [--games diploma] [--players 2] [--level hard]
    .venv/bin/python tools/bench.py presses [--games diams] [--games-n 3]
    .venv/bin/python tools/bench.py web [--loads 3]
    .venv/bin/python tools/bench.py seats [--games sixgems] [-n 2000] [--hard-n 400]
        [--playouts 20] [--players 2 3] [--seed-base 30000]
    .venv/bin/python tools/bench.py tune GAME [- | NAME=EXPR[,NAME=EXPR] ...] [--players 2]
        [--length standard|quick] [--level normal|hard] [-n 2000] [--jobs 2]

`games` (`make bench`), per game of firmware.core.GAMES that is here, every figure from the
boards' own interpreters, never host time scaled by a factor:
- Board time on the emulated Raspberry Pi Pico (tools/pico.py: MicroPython 1.28's rp2 firmware
  in rp2040js, the files `make flash` writes; tools/picobench.py runs there, timing with
  time.ticks_us(), the emulated 125 MHz clock: the same figures on every run and machine):
  each bot level's time per decision with a choice (median, 95th percentile, max) over a whole
  game with that level on every seat; hard (firmware.ui.match.BOT_BUDGET_MS a decision) at
  --hard-decisions decisions spread over the normal game, with the playouts each one ran; the
  whole game's board time with normal bots; the import time of the game's modules.
- Heap: free heap on the emulated Pico (gc.mem_free after gc.collect) at the start, after the
  imports and at the end of the normal game; the smallest heap (tools/boardheap.py: 1 KiB
  steps of -X heapsize) at which a whole game ends on 32-bit MicroPython 1.28
  (../shared/emu/micropython-i386) and CircuitPython 9.2.9 (../shared/cpy), through the match
  alone and through the app on a display stand-in, firmware from .mpy (and from .py).
- CPython: the .mpy sizes, random games per second (in-process) and actions per random game.
Default set: --players 2 (a game's least if more: Quartz 3), quick lengths (a game package's
QUICK), normal bots in the heap games. --heavy: every game at its largest table, standard
lengths, hard bots (capped at 8 playouts) in the heap games: the budget cases of issue 13.

`screen`: the MicroPython screen (firmware/ui/fbscene.py, hw/st7789.py) on the emulated Pico
with a Display Pack (tools/screenbench.py): board ms of the panel's start-up, the title, a
cursor move, a game's table and a full redraw (the app's frame and the back end's part), the
frames of a bot's move shown moving (its launch, each step, its landing) in the bots' turns,
and the free heap with a game of `--players` in progress and its bots (default: Quartz for 4,
hard bots) thinking.

`frozen`: the heap in use on the emulated Pico with the firmware's modules as .mpy on its
filesystem (`make flash`) against frozen into the firmware (`make uf2`, tools/uf2.py's build for
the emulator), per game (after the imports of its rules and bots, and at the end of a game with
normal bots: picobench.py) and for the app's own modules; and the board time of the collection
a match makes after each action, which the live heap drives.

`cpheap`: the frozen app on real CircuitPython at a PyBadge's heap (tools/cpheap.py: the
emulated Pico running the cp-emu firmware, a ballast making its heap the PyBadge's): per game
at its largest table with hard bots capped at 4 playouts, a whole game through the app on
the board's own displayio, the free heap at the title, at its lowest (after a collection at
each frame a bot thinks, a move is made or a key pressed) and at the game's end; --spare N:
N bytes more taken, and the game must still end with no search or save cut short (about 12
minutes of emulation a game, 25-40 of host time).

`slices`: how long a frame waits on the bots on the emulated Pico (tools/slicebench.py): a
whole game with bots of --level on every seat played through Match.think(25 ms) as the app
calls it once a frame; each call's board time (median, p95, p99, max, and how many over
100 ms), and the longest bot start (a heuristic's decision, the search's prior) and step (a
playout, or for Diploma one decision of one).

`presses`: the button presses a player needs per turn (tools/presses.py): in the headless
simulator a scripted human plays each game against normal bots, wanting at each decision what a
normal bot would choose (--chooser hard: what the hard bot would, a player the choices' likely
first move does not foresee) and pressing the fewest buttons the table needs for it; per kind of
turn (Diamonds' passing, SIXGEMS's settling, Diploma's placement phase, ...) the decisions and
presses a turn, and the most presses beyond one a decision in a turn ('cursor max': a phase of
many moves, Diploma's, needs one press a move at least; it is counted per kind of move too:
'move: lay a tile', ...), and the A presses on the screens between turns (logs, results).

`web`: the web page (make web, tools/webbuild.py) in headless Chromium (tools/webdrive.py):
what a visitor downloads (and gzipped, as static hosts serve it), the page's load until
MicroPython and the firmware are ready and until the first frame, and the time of each frame
(the app's and the canvas painting) while two hard bots think, frames stepped as they run.

`seats`: each turn position's win share (from the game's first player), the same bot on every
seat, per player count, with 95% intervals: a reconstruction's first-player advantage (SIXGEMS
by default; normal bots, and hard at --playouts with --hard-n); game g of a count is dealt with
seed --seed-base + g (default 30000): another base checks the figures on other deals.

`tune`: a game's heuristic with other settings (weights, thresholds: any name of
firmware/games/<game>/bot.py, set in a private copy of the module) on one seat, rotating, against
the normal bot on the others; heuristics only, so 2,000 games take seconds to a minute. Each
variant's win share with its 95% interval: how a weight is tried before it is changed (with
--level hard, the hard level's own heuristic, the prior of its search where HARD_PRIOR).

`bots`, per game (quick settings, 2 seats, Quartz 3): win share of normal vs a uniformly random
player and of hard vs normal (one seat rotating, ties shared) on CPython over 2 processes; hard
capped at the median playouts a hard decision ran on the emulated Pico (or --playouts).
--ladder: every pairing of random / easy / normal / hard instead (the stronger one seat,
rotating, against the weaker on the others: seats swapped over each deal), each share with
its 95% interval, so a regression shows (issue 17 asks -n 400).
"""

import argparse
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
for _path in (TOOLS, ROOT):  # tools (pico, boardheap, randplay) and firmware, from source
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import boardheap  # noqa: E402
import mpbuild  # noqa: E402
import pico  # noqa: E402

MARK = "@bench"
SEED = 2024  # the games' seed (boardheap's and the selftest's too)
HEAVY_PLAYOUTS = 8  # hard bots' cap in the heap games (boardheap's default: deterministic)
PICO_CYCLES = 300 * pico.CLOCK_HZ  # a deterministic limit per run: 300 board seconds
PORTS = ("micropython", "circuitpython")
FAILED = "failed"  # a figure whose run went wrong (the reason is printed to stderr)
MODES = ("match", "app")


def progress(text):
    print(text, file=sys.stderr, flush=True)


def tree_state():
    """Which firmware/ the figures are of: the commit, and whether firmware/ differs from it
    (figures of a tree being edited are not figures of the commit)."""
    def git(*words):
        done = subprocess.run(("git",) + words, cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else None

    try:
        commit = git("rev-parse", "--short", "HEAD")
        changed = git("status", "--porcelain", "--", "firmware")
    except OSError:
        commit = changed = None
    if commit is None:
        return "firmware/ of %s (no git)" % ROOT
    return "firmware/ at %s%s" % (commit, " with uncommitted changes" if changed else "")


def percentile(values, p):
    """Nearest-rank percentile (0 of nothing)."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-len(ordered) * p // 100) - 1))]


def table(head, rows, right_from=1):
    """Print rows of strings under `head`, columns aligned (the first ones to the left)."""
    widths = [max([len(head[i])] + [len(r[i]) for r in rows]) for i in range(len(head))]
    fmt = "  ".join(f"{{:{'<' if i < right_from else '>'}{w}}}" for i, w in enumerate(widths))
    print(fmt.format(*head))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print(fmt.format(*r))


# ---- the games' settings --------------------------------------------------------------------
def settings(name, module, args):
    """(players, options) of game `name` for this run."""
    from firmware.selftest import quick_options

    players = min(max(args.players, module.MIN_PLAYERS), module.MAX_PLAYERS)
    options = quick_options(name) if args.length == "quick" else None
    return players, options


def hard_points(name, players, options, count):
    """Action numbers of the normal game (seed SEED, bots seeded as picobench.py and
    firmware/ui/match.py do) at which a hard bot would really search (2+ candidates): `count`
    of them spread evenly. On CPython, in the main thread (the search's shared policy is a
    module global): the board plays the same game."""
    from firmware.bots import make_bot
    from firmware.core import load

    state = load(name).new_game(players, SEED, options)
    bots = [make_bot(name, s, "normal", SEED + 7919 * (s + 1)) for s in range(players)]
    probe = [make_bot(name, s, "hard", SEED + 7919 * (s + 1), None, 0) for s in range(players)]
    points = []
    n = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if len(view["legal"]) > 1:
            bot = probe[seat]
            bot.start(view)
            while bot.search is None and bot.step():  # the prior (sliced: in steps)
                pass
            if len(bot.search.legal) > 1:
                points.append(n)
            bot.result()  # the search (no playouts: its candidates only) let go
        state.apply(bots[seat].choose(view))
        n += 1
    if len(points) <= count:
        return points
    return [points[(2 * k + 1) * len(points) // (2 * count)] for k in range(count)]


# ---- the emulated Pico ----------------------------------------------------------------------
# The frozen firmware's main.py had the app running when Ctrl-C stopped it: its modules stay
# in sys.modules (and with them what they hold). Forgotten first, the heap is as at power-on.
FORGET_THE_APP = """import sys, gc
for _name in [m for m in sys.modules if m.startswith("firmware") or m == "main"]:
    del sys.modules[_name]
_name = None
gc.collect()
"""


class Board:
    """The emulator prepared and the board's files (as make flash writes them) with
    tools/picobench.py as .mpy beside them; frozen: the firmware with the games frozen in
    (tools/uf2.py) and nothing on the filesystem but picobench.mpy."""

    def __init__(self, frozen=False):
        progress("pico: preparing the emulator and the board's files ...")
        self.emu = pico.prepare(out=progress)
        here = ROOT / "build" / "bench"
        here.mkdir(parents=True, exist_ok=True)
        mpy = here / "picobench.mpy"
        mpbuild.compile_file(TOOLS / "picobench.py", mpy, "picobench.py")
        self.files = pico.board_files()
        self.firmware = None
        self.steps = None
        if frozen:
            import uf2

            progress("pico: building the firmware with the games frozen in (tools/uf2.py) ...")
            self.firmware = uf2.build("emu", log=progress)
            self.steps = pico.STOP_MAIN  # its main.py starts the app at power-on
            self.fs = here / "frozenfs"
            shutil.rmtree(self.fs, ignore_errors=True)
            self.fs.mkdir()
            shutil.copyfile(mpy, self.fs / "picobench.mpy")
        else:
            self.fs = pico.board_fs(here / "picofs", {"picobench.mpy": mpy.read_bytes()})

    def run(self, code):
        if self.firmware is not None:
            code = FORGET_THE_APP + code
        return pico.run(code=code, fs=self.fs, max_cycles=PICO_CYCLES, emu=self.emu,
                        firmware=self.firmware, keys=self.steps)

    def measure(self, name, players, options, levels, hard_at, budget_ms):
        """{key: [[values] of each line with that key]} from picobench.main on the board,
        plus "run": the pico.Run."""
        code = "from picobench import main\nmain(%r, %d, %r, %d, %r, %r, %d)\n" % (
            name, players, options, SEED, list(levels), list(hard_at), budget_ms)
        result = self.run(code)
        found = {"run": result}
        for line in result.stdout.splitlines():
            words = line.split()
            if words and words[0] == MARK:
                found.setdefault(words[1], []).append(words[2:])
        if result.status != 0 or "done" not in found:
            raise RuntimeError("%s on the emulated Pico: status %d\n%s\n%s" % (
                name, result.status, result.stdout[-1500:], result.error[-1500:]))
        return found


def pico_figures(board, name, players, options, hard_at, budget_ms, part):
    """One of the two runs of a game on the board: part "levels" (imports, free heap, an easy
    and a normal game) or "hard" (hard decisions at the action numbers hard_at of the normal
    game, from hard_points())."""
    if part == "levels":
        return board.measure(name, players, options, ("normal", "easy"), (), budget_ms)
    return board.measure(name, players, options, (), hard_at, budget_ms)


def ms_stats(us_values):
    """"p50/p95/max" in board ms."""
    if not us_values:
        return "-"
    v = [int(x) for x in us_values]
    return "%.1f/%.1f/%.1f" % (percentile(v, 50) / 1000, percentile(v, 95) / 1000,
                               max(v) / 1000)


# ---- the heap on the 32-bit interpreters ---------------------------------------------------
def heap_case(folders, port, source, case):
    """The smallest heap of a whole game; with hard bots, at full strength (no search cut
    short by memory: below it a game still ends, its hard bots playing worse)."""
    heap, _ = boardheap.smallest(boardheap.interpreter(port), case.code(folders, "@SAVES@"),
                                 full=case.level == "hard")
    return heap


# ---- CPython --------------------------------------------------------------------------------
def cpython_rate(name, players, options, seconds):
    """(random games per second, mean actions per game) in this CPython process."""
    from randplay import random_game

    n = actions = 0
    t0 = time.perf_counter()
    while n == 0 or time.perf_counter() - t0 < seconds:
        actions += len(random_game(name, players, 1000 + n, options, n).history)
        n += 1
    return n / (time.perf_counter() - t0), actions / n


# ---- games ----------------------------------------------------------------------------------
def bench_games(args):
    import firmware.core as core
    from firmware.ui.match import BOT_BUDGET_MS

    started = time.monotonic()
    tree = tree_state()
    if args.heavy:
        args.players, args.length, args.level = 99, "standard", "hard"
    names = args.games or list(core.GAMES)
    unknown = [n for n in names if n not in core.GAMES]
    if unknown:
        sys.exit(f"unknown game(s): {', '.join(unknown)}; GAMES = {', '.join(core.GAMES)}")
    games = []  # (name, module, players, options)
    missing = []
    for name in names:
        if not core.available(name):
            missing.append(name)
            continue
        module = core.load(name)
        games.append((name, module) + settings(name, module, args))

    board = Board() if not args.no_pico else None
    folders = {}
    if not args.no_heap:
        progress("heap: building the firmware for the 32-bit ports ...")
        for port in PORTS:
            for source in (False,) if args.no_source else (False, True):
                folders[port, source] = boardheap.build(port, source)

    # Every run is a process of its own (node, or a unix port): args.jobs of them at once, the
    # longest first (the board's runs).
    jobs = {}
    timing = {}
    pool = ThreadPoolExecutor(max_workers=args.jobs)

    def timed(kind, fn, *fargs):
        def run():
            t0 = time.monotonic()
            try:
                return fn(*fargs)
            finally:
                timing[kind] = timing.get(kind, 0.0) + time.monotonic() - t0
        return pool.submit(run)

    if board is not None:
        for name, _, players, options in games:
            hard_at = hard_points(name, players, options, args.hard_decisions)
            for part in ("hard", "levels"):
                jobs[name, "pico", part] = timed("pico", pico_figures, board, name, players,
                                                 options, hard_at, BOT_BUDGET_MS, part)
    for (port, source), built in folders.items():
        for name, _, players, options in games:
            for mode in MODES:
                case = boardheap.Case(name, players, mode, args.level, HEAVY_PLAYOUTS, SEED,
                                      options)
                jobs[name, port, source, mode] = timed("heap", heap_case, built, port, source,
                                                       case)
    results = {}
    for key, future in jobs.items():
        try:
            results[key] = future.result()
        except Exception as exc:  # a figure that failed is shown as failed, the rest printed
            progress("bench: %s failed: %s" % (" ".join(map(str, key)), exc))
            results[key] = FAILED
        else:
            progress("bench: %s done" % " ".join(map(str, key)))
    pool.shutdown()
    rates = {}
    for name, _, players, options in games:
        progress(f"{name}: random games, {args.seconds:g} s on CPython ...")
        rates[name] = cpython_rate(name, players, options, args.seconds)

    print_games(args, games, board, results, rates, folders, BOT_BUDGET_MS)
    for name in missing:
        print(f"{name}: not here yet (no firmware/games/{name}/rules.py)")
    wall = time.monotonic() - started
    print()
    after = tree_state()
    print("figures of %s%s" % (tree, "" if after == tree else "; then %s (changed during "
                                                               "the run)" % after))
    print("run time: %.0f s host wall clock (%s; %d at once)" % (
        wall, ", ".join("%s runs %.0f s" % kv for kv in sorted(timing.items())) or "-",
        args.jobs))


def describe(players, options):
    words = [f"{players}p"]
    words += [f"{k}={v}" for k, v in sorted((options or {}).items())]
    return " ".join(words)


def print_games(args, games, board, results, rates, folders, budget_ms):
    files = board.files if board is not None else pico.board_files()
    if board is not None:
        print("Board time: emulated Raspberry Pi Pico (RP2040 at 125 MHz, MicroPython 1.28, "
              "firmware .mpy), ms of board time")
        rows = []
        for name, _, players, options in games:
            levels = results.get((name, "pico", "levels"))
            hard = results.get((name, "pico", "hard"))
            hard = None if hard == FAILED else hard
            if levels == FAILED:
                rows.append((name, describe(players, options)) + (FAILED,) * 7)
                continue
            imp = [int(x) for x in levels["import_us"][0]]
            actions, game_us = (int(x) for x in levels["game_normal"][0])
            decisions = hard.get("hard", []) if hard is not None else []
            hard_us = [int(words[1]) for words in decisions]
            rows.append((
                name, describe(players, options),
                "%.0f+%.0f" % (imp[0] / 1000, imp[1] / 1000),
                ms_stats(levels["times_easy"][0]), ms_stats(levels["times_normal"][0]),
                ms_stats(hard_us) if hard is not None else FAILED,
                " ".join("%s/%s" % (words[2], words[3]) for words in decisions)
                if hard is not None else FAILED,
                "%.2f" % (game_us / 1e6), str(actions),
            ))
        table(("game", "settings", "import ms", "easy p50/p95/max", "normal p50/p95/max",
               "hard p50/p95/max", "hard playouts/candidates", "game s", "actions"), rows, 2)
        print()
        print("import ms       the rules (firmware.core and its game) + the bots (firmware.bots "
              "and its game), .mpy")
        print("                from the board's flash; hard's search: below.")
        print("p50/p95/max     board ms a decision with 2+ legal actions, over one whole game "
              "with that level on")
        print("                every seat (seed %d); hard: %d decisions spread over the normal "
              "game, budget" % (SEED, args.hard_decisions))
        print("                %d ms each (firmware.ui.match.BOT_BUDGET_MS): the playouts "
              "each decision ran, and" % budget_ms)
        print("                the candidate actions it searched (a round of playouts tries each "
              "once).")
        print("game s          the whole game with normal bots on every seat: views, decisions "
              "and actions (the")
        print("                heap collected after every action, as the match does, not "
              "counted).")
        search = []
        for name, *_ in games:
            hard = results.get((name, "pico", "hard"))
            if hard not in (None, FAILED):
                search.append("%s %.0f" % (name, int(hard["import_us"][0][2]) / 1000))
        if search:
            print("                import of firmware.bots.search, ms: " + ", ".join(search))
        print()

    print("Heap: bytes free on the emulated Pico (gc.mem_free() after gc.collect()); the smallest "
          "heap, KiB, at which")
    print("a whole game ends on 32-bit MicroPython / CircuitPython (-X heapsize, 1 KiB steps)")
    head = ["game", "settings"]
    if board is not None:
        head.append("Pico free B start/imports/end")
    groups = []  # (source, mode): cells "MP/CP"
    for source in (False, True):
        if any((port, source) in folders for port in PORTS):
            for mode in MODES:
                groups.append((source, mode))
                head.append("%s%s KiB MP/CP" % (mode, " .py" if source else ""))
    rows = []
    for name, _, players, options in games:
        row = [name, describe(players, options)]
        if board is not None:
            levels = results.get((name, "pico", "levels"))
            row.append(FAILED if levels == FAILED else "/".join(
                levels[key][0][0] for key in ("free_start", "free_imports", "free_end")))
        for source, mode in groups:
            cells = []
            for port in PORTS:
                heap = results.get((name, port, source, mode))
                cells.append(FAILED if heap == FAILED else
                             ">512" if heap is None else "%.0f" % (heap / 1024))
            row.append("/".join(cells))
        rows.append(tuple(row))
    table(head, rows, 2)
    print()
    if board is not None:
        print("Pico free       at the script's start, after the imports (rules and bots), after "
              "the normal game (its")
        print("                state and bots still held); the script is on the board as .mpy.")
    if folders:
        level = args.level + (" (capped at %d playouts)" % HEAVY_PLAYOUTS
                              if args.level == "hard" else "")
        print("KiB MP/CP       MicroPython 1.28 i386 (../shared/emu) / CircuitPython 9.2.9 i386 "
              "(../shared/cpy), from")
        print("                .mpy of each port's own mpy-cross (.py: compiled at import); "
              "match: rules, bots,")
        print("                firmware/ui/match.py and its saves; app: the handheld app on a "
              "display stand-in")
        print("                (tools/boardheap.py); %s bots, seed %d; hard bots at full "
              "strength (no search" % (level, SEED))
        print("                cut short by memory). Issue 13's budgets (CircuitPython, .mpy, "
              "largest tables,")
        print("                hard bots: --heavy): app %d KiB (a game ends), %d KiB (at full "
              "strength), match"
              % (boardheap.BUDGET["app"] // 1024, boardheap.FULL_BUDGET["app"] // 1024))
        print("                %d KiB (at full strength)."
              % (boardheap.FULL_BUDGET["match"] // 1024))
    print()
    print("CPython and sizes")
    rows = []
    for name, _, players, options in games:
        rate, actions = rates[name]
        sizes = []
        for part in ("rules", "bot"):
            path = files.get(f"firmware/games/{name}/{part}.mpy")
            sizes.append(str(path.stat().st_size) if path is not None else "-")
        rows.append((name, describe(players, options), sizes[0], sizes[1], "%.1f" % rate,
                     "%.1f" % actions))
    table(("game", "settings", "rules .mpy B", "bots .mpy B", "random g/s CPython",
           "actions/g"), rows, 2)
    print()
    print("random g/s      uniformly random games per second on CPython (in-process, "
          f"~{args.seconds:g} s, host time);")
    print("                actions/g: mean actions per random game. The .mpy: MicroPython's, "
          "as make flash writes.")


# ---- bots -----------------------------------------------------------------------------------
def _played(name, players, options, seed, lineup):
    """A whole game on CPython with a bot per seat (lineup: "random" | a level |
    "hard:<playouts>" | ("variant", changes, level): variant_bot's): (the finished state, the
    seat that moved first: `state.first` where the game has one, else 0)."""
    from firmware.bots import RandomBot, make_bot
    from firmware.core import load

    state = load(name).new_game(players, seed, options)
    first = getattr(state, "first", 0)
    bots = []
    for seat, who in enumerate(lineup):
        if isinstance(who, tuple):
            bots.append(variant_bot(name, who[1])(seat, who[2], seed * 7 + seat))
        elif who == "random":
            bots.append(RandomBot(seat, seed * 7 + seat))
        elif who.startswith("hard:"):
            bots.append(make_bot(name, seat, "hard", seed * 7 + seat, None, int(who[5:])))
        else:
            bots.append(make_bot(name, seat, who, seed * 7 + seat))
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat)))
    return state, first


def _play_match(job):
    """One game: (game, players, options, seed, lineup, subject) -> the share of the wins of
    the seats playing `subject`."""
    name, players, options, seed, lineup, subject = job
    winners = _played(name, players, options, seed, lineup)[0].winners()
    mine = [s for s in winners if lineup[s] == subject]
    return len(mine) / len(winners)


def match_shares(pool, name, players, options, games, subject, other):
    """Each game's share of the wins of `subject` (one seat, rotating over the seats of each
    deal; ties counted as shares) against `other` on the remaining seats."""
    jobs = []
    for g in range(games):
        lineup = [other] * players
        lineup[g % players] = subject
        jobs.append((name, players, options, 20000 + g // players, tuple(lineup), subject))
    return pool.map(_play_match, jobs, chunksize=2)


def match(pool, name, players, options, games, subject, other):
    """The mean of match_shares()."""
    return sum(match_shares(pool, name, players, options, games, subject, other)) / games


def interval(shares):
    """(mean, low, high): the games' mean share and its 95% Wilson score interval (ties'
    fractional shares taken as their mean; at 0% or 100% the interval still has a width)."""
    n = len(shares)
    mean = sum(shares) / n
    z2 = 1.96 * 1.96
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = 1.96 * (mean * (1 - mean) / n + z2 / (4 * n * n)) ** 0.5 / (1 + z2 / n)
    return mean, max(0.0, centre - half), min(1.0, centre + half)


LADDER = ("random", "easy", "normal", "hard")


def ladder(pool, name, players, options, games, cap):
    """Round-robin of LADDER: {(stronger, weaker): shares of the stronger} (hard at `cap`)."""
    kinds = [k if k != "hard" else "hard:%d" % cap for k in LADDER]
    found = {}
    for i in range(len(kinds)):
        for j in range(i):
            progress(f"{name}: {games} games {LADDER[i]} vs {LADDER[j]} ...")
            found[(LADDER[i], LADDER[j])] = match_shares(pool, name, players, options, games,
                                                         kinds[i], kinds[j])
    return found


def print_ladder(name, settings_text, found, games, players):
    print()
    print(f"{name} ({settings_text}): win share of the row's bot, one seat rotating, against the "
          f"column's on every other seat, {games} games a pairing (even: {100 / players:.0f}%;"
          f" in brackets its 95% interval)")
    rows = []
    for a in LADDER[1:]:
        cells = [a]
        for b in LADDER[:-1]:
            if (a, b) in found:
                mean, low, high = interval(found[(a, b)])
                cells.append(f"{100 * mean:.1f}% ({100 * low:.0f}-{100 * high:.0f})")
            else:
                cells.append("")
        rows.append(cells)
    table(("", *("vs " + b for b in LADDER[:-1])), rows, 1)


def bench_bots(args):
    import multiprocessing

    import firmware.core as core
    from firmware.ui.match import BOT_BUDGET_MS

    args.players, args.length = 2, "quick"
    board = None
    pool = multiprocessing.Pool(args.jobs)
    rows = []
    ladders = []
    for name in core.GAMES:
        if (args.games and name not in args.games) or not core.available(name):
            continue
        module = core.load(name)
        players, options = settings(name, module, args)
        row = {"name": name, "settings": describe(players, options)}
        cap = args.playouts
        if not cap:
            if board is None:
                board = Board()
            progress(f"{name}: {args.hard_decisions} hard decisions on the emulated Pico ...")
            hard_at = hard_points(name, players, options, args.hard_decisions)
            found = pico_figures(board, name, players, options, hard_at, BOT_BUDGET_MS, "hard")
            decisions = found.get("hard", [])
            # The cap: the playouts a whole budget affords (a search that confirmed the
            # heuristic's choice at half its budget ran half of them: its rate counts).
            cap = max(1, percentile([int(w[2]) * BOT_BUDGET_MS * 1000 // max(1, int(w[1]))
                                     for w in decisions], 50))
            row["board"] = "%s ms, %d playouts" % (
                ms_stats([w[1] for w in decisions]),
                percentile([int(w[2]) for w in decisions], 50))
        row["cap"] = cap
        if args.ladder:
            found = ladder(pool, name, players, options, args.games_n, cap)
            ladders.append((name, row["settings"], found, players))
            row["nr"] = interval(found[("normal", "random")])[0]
            row["hn"] = interval(found[("hard", "normal")])[0]
            rows.append(row)
            continue
        progress(f"{name}: {args.games_n} games normal vs random ...")
        row["nr"] = match(pool, name, players, options, args.games_n, "normal", "random")
        progress(f"{name}: {args.games_n} games hard ({cap} playouts) vs normal ...")
        row["hn"] = match(pool, name, players, options, args.games_n, f"hard:{cap}", "normal")
        rows.append(row)
    pool.close()
    for name, settings_text, found, players in ladders:
        print_ladder(name, settings_text, found, args.games_n, players)
    if ladders:
        print()
    table(("game", "settings", "normal/random", "hard/normal", "hard cap",
           "hard on the board p50/p95/max, median playouts"),
          [(r["name"], r["settings"], f"{100 * r['nr']:.1f}%", f"{100 * r['hn']:.1f}%",
            str(r["cap"]), r.get("board", "-")) for r in rows], 2)
    print()
    print(f"win %     one seat of the first kind (rotating over the seats) against the second "
          f"kind on every other seat, {args.games_n} games on CPython")
    print("          (even strength is 50%, 33% for Quartz's 3 seats); a shared win counts as "
          "a share.")
    print("hard cap  hard plays with this cap of playouts per decision: "
          + ("--playouts." if args.playouts else
             "the median its whole board budget (%d ms) affords, over %d decisions on the "
             "emulated Pico\n          (a search that confirms the heuristic's choice ends "
             "at half its budget, on the board and here)." % (BOT_BUDGET_MS,
                                                               args.hard_decisions)))


def _play_seats(job):
    """One game, one kind of bot on every seat: each turn position's share of the win (the
    position counted from the game's first player, `state.first` where the game has one)."""
    name, players, options, seed, who = job
    state, first = _played(name, players, options, seed, [who] * players)
    winners = state.winners()
    return [(1 / len(winners) if (first + k) % players in winners else 0.0)
            for k in range(players)]


def bench_seats(args):
    """Win share by turn position, one kind of bot on every seat (issue 17: SIXGEMS)."""
    import multiprocessing

    import firmware.core as core

    pool = multiprocessing.Pool(args.jobs)
    for name in args.games:
        module = core.load(name)
        for players in range(max(2, module.MIN_PLAYERS), module.MAX_PLAYERS + 1):
            if args.players and players not in args.players:
                continue
            for who, games in (("normal", args.games_n), ("hard:%d" % args.playouts,
                                                          args.hard_n)):
                if games <= 0:
                    continue
                progress(f"{name} {players}p: {games} games, {who} on every seat ...")
                jobs = [(name, players, None, args.seed_base + g, who) for g in range(games)]
                found = pool.map(_play_seats, jobs, chunksize=4)
                cells = []
                for k in range(players):
                    mean, low, high = interval([row[k] for row in found])
                    cells.append(f"{100 * mean:.1f} ({100 * low:.0f}-{100 * high:.0f})")
                print(f"{name} {players}p {who:8} {games:5} games  even {100 / players:4.1f}:  "
                      + "  ".join(cells))
    pool.close()
    print("Win share (%) by turn position (1st, 2nd, ...: from the game's first player), the "
          "same bot on every seat, default options; in brackets the 95% interval.")


def variant_bot(name, changes):
    """The Bot class of a private copy of firmware/games/<name>/bot.py with `changes` applied
    (each "NAME=expression", evaluated in that copy: "_W_STONE=8", "NOISE={'normal': 5}").
    The game's own module, and every bot make_bot() makes, keep their values."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("variant_" + name,
                                                  ROOT / "firmware" / "games" / name / "bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for change in changes:
        key, _, text = change.partition("=")
        if not hasattr(module, key):
            raise ValueError("firmware/games/%s/bot.py has no %s" % (name, key))
        setattr(module, key, eval(text, vars(module)))
    return module.Bot


def split_changes(variant):
    """"A=1,B={'x': 1, 'y': 2}" -> ["A=1", "B={'x': 1, 'y': 2}"]: a comma splits only before
    the next NAME=."""
    import re

    return re.split(r",(?=[A-Za-z_][A-Za-z0-9_]*=)", variant)


def tune_shares(pool, name, players, options, games, changes, level="normal"):
    """Each game's share of the wins of the variant (variant_bot at `level`) against normal
    bots: match_shares()'s deals and seats."""
    return match_shares(pool, name, players, options, games, ("variant", tuple(changes), level),
                        "normal")


def bench_tune(args):
    """A game's heuristic with changed settings against its normal bot: no search, so
    thousands of games a minute. Two seats of the same bot share each deal, so the game's own
    settings ("-") score exactly the even share at 2 players."""
    import multiprocessing

    import firmware.core as core

    module = core.load(args.game)
    players = min(max(args.players, module.MIN_PLAYERS), module.MAX_PLAYERS)
    options = None
    if args.length == "quick":
        from firmware.selftest import quick_options

        options = quick_options(args.game)
    pool = multiprocessing.Pool(args.jobs)
    print(f"{args.game} {players}p {args.length}: the {args.level} heuristic with these "
          f"settings on one seat (rotating) against normal, {args.games_n} games "
          f"(even: {100 / players:.1f}%; in brackets the 95% interval)")
    for variant in args.variants or ["-"]:
        changes = [] if variant == "-" else split_changes(variant)
        started = time.time()
        mean, low, high = interval(tune_shares(pool, args.game, players, options,
                                               args.games_n, changes, args.level))
        print(f"{variant:40} {100 * mean:5.1f}% ({100 * low:4.1f}-{100 * high:4.1f})  "
              f"{time.time() - started:.0f} s", flush=True)
    pool.close()


def bench_screen(args):
    """The MicroPython screen on the emulated Pico Display Pack (tools/screenbench.py)."""
    from firmware.app import FRAME_MS

    emu = pico.prepare(out=progress)
    here = ROOT / "build" / "bench"
    here.mkdir(parents=True, exist_ok=True)
    mpy = here / "screenbench.mpy"
    mpbuild.compile_file(TOOLS / "screenbench.py", mpy, "screenbench.py")
    fs = pico.board_fs(here / "screenfs", {"screenbench.mpy": mpy.read_bytes()})
    players = args.players
    progress(f"pico: the {args.pack} screen, {args.game} for {players} "
             f"(1 human, {args.level} bots) ...")
    code = "from screenbench import main\nmain(%r, %r, %d, %d, %r, %d)\n" % (
        args.pack, args.game, players, SEED, args.level, args.moves)
    result = pico.run(code=code, fs=fs, max_cycles=PICO_CYCLES, emu=emu,
                      screen=here / "screen.bus")
    found = {}
    for line in result.stdout.splitlines():
        words = line.split()
        if words and words[0] == MARK:
            found.setdefault(words[1], []).append([int(w) for w in words[2:]])
    if result.status != 0 or "done" not in found:
        sys.exit("bench: the screen on the emulated Pico: status %d\n%s\n%s" % (
            result.status, result.stdout[-1500:], result.error[-1500:]))

    def ms(us):
        return f"{us / 1000:.1f}"

    moves = found["move"]
    rows = [
        ("panel start-up (310 ms of it the datasheet's waits)", ms(found["open_us"][0][0]), ""),
        ("first clear of the whole panel", ms(found["scene_us"][0][0]), ""),
        ("title drawn on the cleared panel", ms(found["title"][0][0]), ms(found["title"][0][1])),
        ("cursor move on the title", ms(found["title_move"][0][0]),
         ms(found["title_move"][0][1])),
        ("title -> the game's table", ms(found["table"][0][0]), ms(found["table"][0][1])),
        ("full table redraw (every cell sent)", ms(found["full"][0][0]),
         ms(found["full"][0][1])),
        (f"cursor move on the table, median of {len(moves)}",
         ms(percentile([m[0] for m in moves], 50)), ms(percentile([m[1] for m in moves], 50))),
        ("cursor move on the table, slowest", ms(max(m[0] for m in moves)),
         ms(max(m[1] for m in moves))),
    ]
    steps = found.get("travel_step", [])  # a bot's move shown moving (its frames)
    for name, key in (("a bot's move that travels: its frame, slowest", "travel_launch"),
                      ("a bot's move that does not, slowest", "bot_move"),
                      ("the travel's landing, slowest", "travel_land")):
        if found.get(key):
            rows.append((name, ms(max(m[0] for m in found[key])),
                         ms(max(m[1] for m in found[key]))))
    for name, key in (("a bot's move that travels: its frame, median", "travel_launch"),
                      ("a bot's move that does not, median", "bot_move")):
        if found.get(key):
            rows.append((name + " of %d" % len(found[key]),
                         ms(percentile([m[0] for m in found[key]], 50)),
                         ms(percentile([m[1] for m in found[key]], 50))))
    if found.get("travel_import_us"):
        rows.append(("import of firmware/ui/travel.py (.mpy), at each bot's move",
                     ms(found["travel_import_us"][0][0]), ""))
    moved = [m for m in found.get("travel_launch", []) + found.get("bot_move", [])
             if len(m) > 3 and m[2]]  # (its take_off, with the import, and launch timed:
    if moved:  # not a move A's rush skipped)
        for i, name in ((2, "its take_off (the import and a look at the table)"),
                        (3, "its launch (where the thing came from)")):
            rows.append((f"a bot's move of {len(moved)}: {name}, median / slowest",
                         "%s / %s" % (ms(percentile([m[i] for m in moved], 50)),
                                      ms(max(m[i] for m in moved))), ""))
    if steps:
        rows.append((f"a step of the travel, median of {len(steps)}",
                     ms(percentile([m[0] for m in steps], 50)),
                     ms(percentile([m[1] for m in steps], 50))))
        rows.append(("a step of the travel, slowest", ms(max(m[0] for m in steps)),
                     ms(max(m[1] for m in steps))))
    cols, lines = found["cells"][0]
    print(f"{args.pack} on the emulated Pico: {cols} x {lines} cells, board ms "
          f"(emulated 125 MHz cycles, SPI at its bus rate)")
    table(("", "frame", "scene.show"), rows)
    if not found.get("travel_launch"):
        print("(no bot's move travelled in the bots' turns measured: try --game diamonds)")
    least, after, frames = found["free_bots"][0]
    print()
    table(("free heap (bytes)", ""), [
        ("at the script's start", str(found["free_start"][0][0])),
        ("the game on its table (collected)", str(found["free_table"][0][0])),
        (f"least at a frame's end (collected), bots' turns ({frames} frames)", str(least)),
        ("after the bots' turns (collected)", str(after)),
    ])
    print()
    print("frame       the app's whole frame: the screen's drawing on its canvas, then "
          "scene.show()")
    print("scene.show  the framebuf back end: changed rows drawn into one band, sent to the "
          "panel")
    print(f"The app's frame budget: {FRAME_MS} ms (firmware/app.py FRAME_MS; a frame over it "
          "is a frame late). A step of the travel moves the sprite alone: its frame's time is "
          "fbscene's glide(), the cells it leaves and covers drawn again.")


# The app's own modules, imported as firmware/app.py's main() does on a Pico with a pack.
APP_IMPORTS = ("firmware.app", "firmware.save", "firmware.ui.fbscene", "firmware.ui.menus",
               "firmware.hw.picodisplay_mp", "firmware.hw.st7789", "firmware.ui.console")
APP_CODE = """import gc
gc.collect()
print("@bench app_start", gc.mem_alloc(), gc.mem_free())
for name in %r:
    __import__(name)
gc.collect()
print("@bench app_imports", gc.mem_alloc(), gc.mem_free())
""" % (APP_IMPORTS,)


def heap_taken(found, key):
    """Bytes the game takes on the board's heap at a figure of picobench.main: the free heap
    at the script's start less the free heap then (the REPL's own share left out)."""
    return int(found["free_start"][0][0]) - int(found[key][0][0])


def bench_frozen(args):
    """Heap in use on the emulated Pico, the firmware from .mpy files (make flash) against
    frozen into the firmware (make uf2), per game and for the app's imports."""
    import firmware.core as core
    from firmware.ui.match import BOT_BUDGET_MS

    boards = {"mpy": Board(), "frozen": Board(frozen=True)}
    names = [n for n in (args.games or core.GAMES) if core.available(n)]
    rows = []
    gc_rows = []
    starts = {}
    for name in names:
        module = core.load(name)
        players, options = settings(name, module, args)
        used = {}
        for kind, board in boards.items():  # start: free (total) at the script's start
            progress(f"pico: {name} {describe(players, options)}, firmware {kind} ...")
            found = board.measure(name, players, options, ("normal",), (), BOT_BUDGET_MS)
            pauses = [int(v) for v in found["gc_normal"][0]]
            starts[kind] = (int(found["free_start"][0][0]), int(found["heap_total"][0][0]))
            used[kind] = (heap_taken(found, "free_imports"), heap_taken(found, "free_end"),
                          percentile(pauses, 50), max(pauses),
                          sum(int(v) for v in found["import_us"][0][:2]))
        row = [f"{name} {describe(players, options)}"]
        for i in (0, 1):
            mpy, frozen = used["mpy"][i], used["frozen"][i]
            row += [kb(mpy), kb(frozen), f"{100 - 100 * frozen / mpy:.0f}%"]
        rows.append(row)
        gc_rows.append([row[0]] + ["%.1f/%.1f" % (used[k][2] / 1000, used[k][3] / 1000)
                                   for k in boards]
                       + ["%.1f" % (used[k][4] / 1000) for k in boards])
    app = []
    for kind, board in boards.items():
        progress(f"pico: the app's imports, firmware {kind} ...")
        result = board.run(APP_CODE)
        lines = dict((w[1], (int(w[2]), int(w[3]))) for w in
                     (line.split() for line in result.stdout.splitlines())
                     if len(w) == 4 and w[0] == MARK)
        if result.status != 0 or "app_imports" not in lines:
            sys.exit("bench: the app's imports: status %d\n%s" % (result.status,
                                                                   result.error[-1500:]))
        app.append(lines["app_imports"][0] - lines["app_start"][0])
    print("Heap a game takes on the emulated Pico (KB, after gc.collect; free heap at the "
          "script's start less free heap then), the firmware's modules as .mpy on the "
          "filesystem (make flash) against frozen into the firmware (make uf2)")
    table(("", ".mpy", "frozen", "less", ".mpy", "frozen", "less"),
          [["", "after the imports", "", "", "at the game's end", "", ""]] + rows)
    print("free heap at the script's start: " + ", ".join(
        "%s %s KB of %s" % (kind, kb(free), kb(total)) for kind, (free, total) in starts.items()))
    print()
    table(("", ".mpy", "frozen", "less"),
          [["the app's modules imported (%d), no game" % len(APP_IMPORTS), kb(app[0]),
            kb(app[1]), f"{100 - 100 * app[1] / app[0]:.0f}%"]])
    print()
    print("Board ms: gc.collect() after each action of the game (median/max); importing the "
          "game's rules and bots (the wait between the setup menu and the table)")
    table(("", "gc .mpy", "gc frozen", "import .mpy", "import frozen"), gc_rows)


def bench_cpheap(args):
    import cpheap

    # 4 playouts a decision, at half the emulation of 8: a playout's garbage is collected
    # before the next (tools/heapgame.py), so the cap moves the game, not the heap it needs
    argv = ([] if args.spare else ["--sample"]) + ["--spare", args.spare or "0",
                                                   "--playouts", "4"]
    for name in args.games or ():
        argv += ["--game", name]
    status = cpheap.main(argv)
    if status:
        sys.exit(status)


def script_board(script):
    """The emulator prepared, and the board's files (as make flash writes them) with
    tools/<script>.py beside them as .mpy: (emu, fs)."""
    emu = pico.prepare(out=progress)
    here = ROOT / "build" / "bench"
    here.mkdir(parents=True, exist_ok=True)
    mpy = here / (script + ".mpy")
    mpbuild.compile_file(TOOLS / (script + ".py"), mpy, script)
    return emu, pico.board_fs(here / (script + "-fs"), {script + ".mpy": mpy.read_bytes()})


def script_run(emu, fs, code, what, last):
    """`code` run on that board: {key: its words} of the script's MARK lines; the bench
    stops, with the board's output, if the run failed or never printed `last`."""
    result = pico.run(code=code, fs=fs, max_cycles=20 * PICO_CYCLES, emu=emu)
    found = {w[1]: w[2:] for w in (line.split() for line in result.stdout.splitlines())
             if len(w) > 2 and w[0] == MARK}
    if result.status != 0 or last not in found:
        sys.exit("bench: %s: status %d\n%s\n%s" % (what, result.status,
                                                   result.stdout[-1500:], result.error[-1500:]))
    return found


def bench_slices(args):
    """A frame's wait on the bots, per game (tools/slicebench.py on the emulated Pico)."""
    import firmware.core as core

    emu, fs = script_board("slicebench")
    rows = []
    for name in args.games or [g for g in core.GAMES if core.available(g)]:
        players, options = settings(name, core.load(name), args)
        progress(f"pico: {name} {describe(players, options)}, {args.level} bots ...")
        code = "from slicebench import main\nmain(%r, %d, %r, %d, %r)\n" % (
            name, players, options, SEED, args.level)
        found = script_run(emu, fs, code, "slices of " + name, "waits")
        calls, p50, p95, p99, top, over = (int(v) for v in found["waits"])
        start, step = (int(v) for v in found["longest"])
        rows.append([f"{name} {describe(players, options)}", str(calls)]
                    + ["%.0f" % (v / 1000) for v in (p50, p95, p99, top)]
                    + [str(over), "%.0f" % (start / 1000), "%.0f" % (step / 1000)])
    print("Board ms a frame waits on the bots (Match.think(25) once a frame, %s bots on every "
          "seat; the emulated Pico, MicroPython 1.28)" % args.level)
    table(("", "frames", "median", "p95", "p99", "max", "> 100 ms", "longest start",
           "longest step"), rows)


def bench_link(args):
    """Link play's board time and bytes, per game (tools/linkbench.py on the emulated Pico:
    a linked seat and its guest on one board, a cable in memory between them)."""
    import firmware.core as core

    emu, fs = script_board("linkbench")
    rows = []
    steps = []
    for name in args.games or [g for g in core.GAMES if core.available(g)]:
        package = core.about(name)
        players = max(package.MIN_PLAYERS, min(args.players, package.MAX_PLAYERS))
        progress(f"pico: {name}, {players} seats, one linked ...")
        code = "from linkbench import main\nmain(%r, %d, %d, %d)\n" % (name, players, SEED, 1)
        found = {key: [int(v) for v in words] for key, words in
                 script_run(emu, fs, code, "link of " + name, "done").items()}
        count, mean, top, whole = found["sizes"]
        up_mean, up_max, down_mean, down_max = found["bytes"]
        wire = [(up_mean + down_mean) * 10 / 115.2, (up_max + down_max) * 10 / 115.2]
        rows.append([f"{name} {players}p", str(count), str(mean), str(top), str(whole)]
                    + ["%.1f" % (v / 1000) for v in found["host"] + found["guest"]]
                    + ["%.1f" % (v / 1000) for v in found["move"]]
                    + ["%.0f" % w for w in wire])
        steps.append([f"{name} {players}p"] + ["%.1f" % (v / 1000) for v in found["parts"]])
    print("Link play on the emulated Pico (MicroPython 1.28): update bytes; board ms of the "
          "host's update and the guest's taking it (mean p95 max); a guest's move to its next "
          "view, both boards' work (mean p95 max), and its wire ms at 115200 baud (mean max)")
    table(("", "updates", "bytes", "max", "whole", "host", "p95", "max", "guest", "p95", "max",
           "move", "p95", "max", "wire", "max"), rows)
    print("A guest's move in its steps, board ms (mean): its pick and ACTION out, the host's "
          "link ticks (taking it, the update out), the host's playing it, the guest's taking "
          "the update")
    table(("", "pick", "host link", "host play", "guest"), steps)


def bench_presses(args):
    """Button presses per turn in the headless simulator (tools/presses.py)."""
    import presses

    from firmware.core import GAMES, available

    print("Presses a turn: a scripted human (P1, choosing as the %s bot) against normal"
          % args.chooser)
    print("bots, %d game(s) each, PyBadge screen; 'other screens' = A presses between turns"
          % args.games_n)
    rows = []
    for game in args.games or [g for g in GAMES if available(g)]:
        rows.extend(presses.rows_of(game, presses.measure(game, args.games_n,
                                                          chooser=args.chooser)))
    table(presses.HEAD, rows, 2)


def bench_web(args):
    """The web page (make web) in headless Chromium: load to first frame, download, frames."""
    import json
    import os
    import tempfile

    import webbuild
    import webdrive

    lack = webdrive.missing()
    if lack is not None:
        sys.exit("bench: the web page cannot run here: no %s" % lack)
    import gzip

    print("Web page (MicroPython %s WebAssembly, firmware as .py), headless Chromium"
          % json.load(open(os.path.join(webbuild.PORT, "package.json")))["version"])
    root = tempfile.mkdtemp(prefix="web-bench-")
    with webdrive.site(root) as (url, sizes):
        packed = {}
        for name in sizes:
            with open(os.path.join(root, name), "rb") as f:
                packed[name] = len(gzip.compress(f.read(), 9))
        print("download (KB, gzipped in brackets): " + ", ".join(
            "%s %s (%s)" % (name, kb(sizes[name]), kb(packed[name])) for name in sizes)
            + "; total %s (%s)" % (kb(sum(sizes.values())), kb(sum(packed.values()))))
        # Diam's, P2 and P3 hard: the frames while the bots think, then a move of yours.
        keys = ["A", "DOWN", "DOWN", "RIGHT", "DOWN", "RIGHT", "UP", "UP", "UP", "UP", "A", "A"]
        loads = []
        frames = []
        for _ in range(args.loads):
            run = webdrive.in_the_browser(url + "?manual&seed=3",
                                          [{"keys": keys, "frames": True}])[0]
            loads.append((run["timing"]["load"], run["timing"]["firstFrame"]))
            frames.extend(run["frames"])
    loads.sort()
    middle = loads[len(loads) // 2]
    print("page load to MicroPython and the firmware ready: median %.0f ms; to the first "
          "frame: %.0f ms (%d loads)" % (middle[0], middle[1], len(loads)))
    frames.sort()
    print("frame time (App.frame and painting), 3 players, 2 hard bots thinking, %d frames: "
          "median %.1f ms, p95 %.1f ms, max %.1f ms" % (
              len(frames), frames[len(frames) // 2], frames[int(len(frames) * 0.95)], frames[-1]))


def kb(n):
    return f"{n / 1024:.1f}"


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description="Benchmarks (figures only).")
    sub = parser.add_subparsers(dest="command")
    games = sub.add_parser("games", help="per game: board time, heap, sizes (default)")
    games.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    games.add_argument("--players", type=int, default=2,
                       help="seats (clamped to the game's; default 2, Quartz 3)")
    games.add_argument("--length", choices=("quick", "standard"), default="quick",
                       help="game length (quick: a game package's QUICK options)")
    games.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                       help="the bots of the heap games (hard: capped at %d playouts)"
                       % HEAVY_PLAYOUTS)
    games.add_argument("--heavy", action="store_true",
                       help="largest tables, standard lengths, hard bots in the heap games")
    games.add_argument("--no-pico", action="store_true", help="skip the emulated Pico")
    games.add_argument("--no-heap", action="store_true",
                       help="skip the smallest-heap searches on the 32-bit ports")
    games.add_argument("--no-source", action="store_true",
                       help="smallest heaps from .mpy only (not from .py)")
    games.add_argument("--seconds", type=float, default=3.0,
                       help="time per CPython speed figure")
    games.set_defaults(func=bench_games)
    bots = sub.add_parser("bots", help="bot strength on CPython, hard capped as on the board")
    bots.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    bots.add_argument("-n", "--games-n", type=int, default=200, help="games per match")
    bots.add_argument("--ladder", action="store_true",
                      help="random / easy / normal / hard round-robin, 95%% intervals "
                      "(issue 17's ladder: -n 400)")
    bots.add_argument("--playouts", type=int, default=0,
                      help="hard's playout cap (default: what its budget allowed on the Pico)")
    bots.set_defaults(func=bench_bots)
    seats = sub.add_parser("seats", help="win share by turn position, bots on every seat")
    seats.add_argument("--games", nargs="+", metavar="NAME", default=["sixgems"])
    seats.add_argument("--players", nargs="+", type=int, help="only these player counts")
    seats.add_argument("-n", "--games-n", type=int, default=2000, help="normal games a count")
    seats.add_argument("--hard-n", type=int, default=0, help="hard games a count (slow)")
    seats.add_argument("--playouts", type=int, default=20,
                       help="hard's playout cap (SIXGEMS ran 17-25 on the emulated Pico)")
    seats.add_argument("--jobs", type=int, default=2, help="processes at once")
    seats.add_argument("--seed-base", type=int, default=30000,
                       help="game g is dealt with this seed + g (default 30000)")
    seats.set_defaults(func=bench_seats)
    tune = sub.add_parser("tune", help="a heuristic with changed settings against normal")
    tune.add_argument("game")
    tune.add_argument("variants", nargs="*", metavar="NAME=EXPR[,NAME=EXPR]",
                      help="settings of firmware/games/<game>/bot.py, one variant an argument "
                      "(-: as it is)")
    tune.add_argument("--players", type=int, default=2, help="seats (clamped to the game's)")
    tune.add_argument("--length", choices=("quick", "standard"), default="standard")
    tune.add_argument("--level", choices=("easy", "normal", "hard"), default="normal",
                      help="the variant's level (hard: the heuristic of HARD_PRIOR)")
    tune.add_argument("-n", "--games-n", type=int, default=2000, help="games a variant")
    tune.add_argument("--jobs", type=int, default=2, help="processes at once")
    tune.set_defaults(func=bench_tune)
    screen = sub.add_parser("screen", help="the MicroPython screen on the emulated Pico")
    screen.add_argument("--pack", choices=("picodisplay", "picodisplay2"),
                        default="picodisplay")
    screen.add_argument("--game", default="quartz")
    screen.add_argument("--players", type=int, default=4)
    screen.add_argument("--level", choices=("easy", "normal", "hard"), default="hard")
    screen.add_argument("--moves", type=int, default=9, help="cursor moves timed")
    screen.set_defaults(func=bench_screen)
    frozen = sub.add_parser("frozen", help="heap on the emulated Pico: .mpy against frozen")
    frozen.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    frozen.add_argument("--players", type=int, default=2,
                        help="seats (clamped to the game's; default 2, Quartz 3)")
    frozen.add_argument("--length", choices=("quick", "standard"), default="quick")
    frozen.set_defaults(func=bench_frozen)
    cpheap = sub.add_parser("cpheap", help="the frozen app's heap on CircuitPython, PyBadge-sized")
    cpheap.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    cpheap.add_argument("--spare", help="bytes more taken (e.g. 24k): a pass/fail run")
    cpheap.set_defaults(func=bench_cpheap)
    slices = sub.add_parser("slices", help="how long a frame waits on thinking bots")
    slices.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    slices.add_argument("--players", type=int, default=2,
                        help="seats (clamped to the game's; default 2, Quartz 3)")
    slices.add_argument("--length", choices=("quick", "standard"), default="standard")
    slices.add_argument("--level", choices=("easy", "normal", "hard"), default="hard")
    slices.set_defaults(func=bench_slices)
    presses = sub.add_parser("presses", help="button presses per turn, a scripted human")
    presses.add_argument("--games-n", type=int, default=3, help="games per game")
    presses.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    presses.add_argument("--chooser", choices=("normal", "hard"), default="normal",
                         help="the bot whose choices the scripted human wants")
    presses.set_defaults(func=bench_presses)
    linked = sub.add_parser("link", help="link play's board time and bytes per move")
    linked.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    linked.add_argument("--players", type=int, default=3, help="seats (clamped to the game's)")
    linked.set_defaults(func=bench_link)
    web = sub.add_parser("web", help="the web page in headless Chromium")
    web.add_argument("--loads", type=int, default=3, help="page loads timed")
    web.set_defaults(func=bench_web)
    for p in (games, bots):
        p.add_argument("--hard-decisions", type=int, default=5,
                       help="hard decisions timed on the emulated Pico per game")
        p.add_argument("--jobs", type=int, default=2, help="processes at once")
    if not argv or argv[0] not in ("games", "bots", "seats", "tune", "screen", "frozen", "cpheap",
                                   "slices", "presses", "link", "web", "-h", "--help"):
        argv.insert(0, "games")  # `games` is the default subcommand
    if argv[0] == "tune":  # its variants and options in any order
        args = tune.parse_intermixed_args(argv[1:])
    else:
        args = parser.parse_args(argv)
    try:
        args.func(args)
    except (pico.PicoError, FileNotFoundError) as exc:
        sys.exit("bench: %s" % exc)


if __name__ == "__main__":
    main()
