"""Benchmarks: print figures, never judge them (tests never assert on time).

    .venv/bin/python tools/bench.py [games] [--games diams quartz] [--seconds 3] [--no-heap]
    .venv/bin/python tools/bench.py bots [--games diams] [-n 200] [--playouts N] [--jobs 2]

`games`, per game of firmware.core.GAMES: .mpy sizes; the smallest MicroPython heap at which a
random game completes (unix port, from .mpy, max over fixed seeds); random games per second
on CPython and on host MicroPython; mean actions per game; an estimated board time per game
(see boardtime.py).

`bots`, per game (quick settings): win share of normal vs a uniformly random player and of
hard vs normal (one seat rotating, ties shared) on CPython over 2 processes; median and 95th
percentile time per decision on host MicroPython at each level with the board estimate; the
smallest heap that completes a game with hard bots on every seat. Takes minutes.
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

import boardtime
import mpbuild

MARK = "@bench"
HEAP_MIN_KIB, HEAP_MAX_KIB = 8, 2048
RUN_TIMEOUT = 120  # seconds for one MicroPython run; a thrashing tiny heap counts as no fit

# Runs under MicroPython. argv: build, its own folder, tools, mode, game, players, seed or ms.
DRIVER = """\
import sys
import time
build, here, tools, mode, name = sys.argv[1:6]
players, arg = int(sys.argv[6]), int(sys.argv[7])
for p in (tools, build, here):  # here (compiled randplay) first, tools' sources last
    sys.path.insert(0, p)
from randplay import random_game
if mode == "heap":
    state = random_game(name, players, arg)
    print("MARK fit", len(state.history))
else:
    n = actions = 0
    t0 = time.ticks_ms()
    while n == 0 or time.ticks_diff(time.ticks_ms(), t0) < arg:
        state = random_game(name, players, 1000 + n, None, n)
        actions += len(state.history)
        n += 1
    print("MARK rate", n, actions, time.ticks_diff(time.ticks_ms(), t0))
""".replace("MARK", MARK)


class MicroPythonRunner:
    """Compiles the firmware, randplay and the driver to .mpy, then runs the driver."""

    def __init__(self, root):
        self.root = root
        self.build, self.sizes = mpbuild.build_firmware(root)
        self.here = root / "build" / "bench"
        self.here.mkdir(parents=True, exist_ok=True)
        for stale in self.here.glob("*"):
            stale.unlink()
        # From .mpy, so the heap figure does not include compiling these from source.
        (self.here / "bench_driver.py").write_text(DRIVER)
        mpbuild.compile_file(self.here / "bench_driver.py", self.here / "bench_driver.mpy",
                             "bench_driver.py")
        (self.here / "bench_driver.py").unlink()
        randplay = root / "tools" / "randplay.py"
        if randplay.is_file():
            mpbuild.compile_file(randplay, self.here / "randplay.mpy", "tools/randplay.py")
        self.micropython = mpbuild.find_tool("micropython")

    def run(self, heap_kib, mode, name, players, arg):
        """Output lines of the driver, or None if it failed (nonzero exit, timeout)."""
        cmd = [self.micropython]
        if heap_kib:
            cmd += ["-X", f"heapsize={heap_kib}k"]
        cmd += ["-c", f"import sys\nsys.path.insert(0, {str(self.here)!r})\nimport bench_driver",
                str(self.build), str(self.here), str(self.root / "tools"),
                mode, name, str(players), str(arg)]
        try:
            done = subprocess.run(cmd, cwd=self.here, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout.splitlines() if done.returncode == 0 else None

    def fits(self, kib, name, players, seed):
        lines = self.run(kib, "heap", name, players, seed)
        return lines is not None and any(line.startswith(MARK + " fit") for line in lines)

    def min_heap(self, name, players, seeds):
        """Smallest heap (KiB) that fits every seed, or None if even the maximum does not."""
        best = None
        for seed in seeds:
            if best is not None and self.fits(best, name, players, seed):
                continue  # this seed needs no more than the ones before
            lo, hi = (best or HEAP_MIN_KIB), HEAP_MAX_KIB
            if not self.fits(hi, name, players, seed):
                return None
            if best is None and self.fits(lo, name, players, seed):
                best = lo
                continue
            while hi - lo > 1:  # invariant: lo does not fit, hi fits
                mid = (lo + hi) // 2
                if self.fits(mid, name, players, seed):
                    hi = mid
                else:
                    lo = mid
            best = hi
        return best

    def rate(self, name, players, seconds):
        """(games per second, mean actions per game) on host MicroPython, default heap."""
        lines = self.run(None, "rate", name, players, int(seconds * 1000))
        for line in lines or ():
            if line.startswith(MARK + " rate"):
                n, actions, ms = (int(w) for w in line.split()[2:5])
                return n * 1000 / max(ms, 1), actions / n
        return None


def cpython_rate(random_game, name, players, seconds):
    """(games per second, mean actions per game) in this CPython process."""
    n = actions = 0
    t0 = time.perf_counter()
    while n == 0 or time.perf_counter() - t0 < seconds:
        actions += len(random_game(name, players, 1000 + n, None, n).history)
        n += 1
    return n / (time.perf_counter() - t0), actions / n


def progress(text):
    print(text, file=sys.stderr, flush=True)


def bench_games(args):
    root = args.root.resolve()
    for path in (root / "tools", root):  # firmware.core and randplay from source on CPython
        sys.path.insert(0, str(path))
    import firmware.core as core  # needs the path above

    names = args.games or list(core.GAMES)
    unknown = [n for n in names if n not in core.GAMES]
    if unknown:
        sys.exit(f"unknown game(s): {', '.join(unknown)}; GAMES = {', '.join(core.GAMES)}")
    progress("compiling .mpy ...")
    mp = MicroPythonRunner(root)
    core_bytes = mpbuild.total_size(mp.sizes, "firmware/core/")
    random_game = None

    rows = []
    for name in names:
        try:
            module = core.load(name)
        except ImportError:
            if (root / "firmware" / "core" / f"{name}.py").exists():
                raise  # written but broken: not the same as "not implemented yet"
            rows.append((name, None))
            continue
        if random_game is None:
            from randplay import random_game  # tools/ is on the path now
        players = min(max(args.players, module.MIN_PLAYERS), module.MAX_PLAYERS)
        row = {"players": players, "mpy": mp.sizes.get(f"firmware/core/{name}.mpy"),
               "core": core_bytes, "heap": "-"}
        if not args.no_heap:
            progress(f"{name}: heap search, seeds {args.seeds} ...")
            kib = mp.min_heap(name, players, args.seeds)
            row["heap"] = f">{HEAP_MAX_KIB}" if kib is None else str(kib)
        progress(f"{name}: random games, {args.seconds:g} s on CPython then on MicroPython ...")
        row["cpy"], row["actions"] = cpython_rate(random_game, name, players, args.seconds)
        row["mpy_rate"] = mp.rate(name, players, args.seconds)
        rows.append((name, row))
    print_table(rows, args)


def print_table(rows, args):
    head = ("game", "seats", ".mpy B", "core B", "heap KiB", "CPy g/s", "MPy g/s",
            "actions/g", "board s/g")
    lines = []
    for name, row in rows:
        if row is None:
            lines.append((name, "not implemented yet"))
            continue
        mpy_rate = row["mpy_rate"]
        lines.append((
            name, str(row["players"]), str(row["mpy"]), str(row["core"]), row["heap"],
            f"{row['cpy']:.1f}",
            f"{mpy_rate[0]:.1f}" if mpy_rate else "failed",
            f"{row['actions']:.1f}",
            f"{boardtime.board_seconds(1 / mpy_rate[0]):.2f}" if mpy_rate else "-",
        ))
    widths = [max([len(head[i])] + [len(c[i]) for c in lines if len(c) == len(head)])
              for i in range(len(head))]
    fmt = "  ".join(f"{{:{'<' if i == 0 else '>'}{w}}}" for i, w in enumerate(widths))
    print(fmt.format(*head))
    print("  ".join("-" * w for w in widths))
    for cells in lines:
        print(fmt.format(*cells) if len(cells) == len(head) else f"{cells[0]}: {cells[1]}")
    print()
    print(f"heap KiB  smallest `micropython -X heapsize` ({HEAP_MIN_KIB}..{HEAP_MAX_KIB} KiB, "
          "1 KiB steps) at which a random game")
    print("          with that many seats completes from .mpy, max over seeds "
          f"{', '.join(map(str, args.seeds))} (GC makes it +-1 KiB).")
    print("          The unix port is 64-bit: a 32-bit board needs up to about half of it.")
    print(f"g/s       random games per second over ~{args.seconds:g} s: CPython in-process, "
          "host MicroPython (unix port)")
    print("actions/g mean actions per random game")
    print("board s/g estimated seconds per random game on the board:")
    print(f"          {boardtime.describe()}")


# ---- bots ------------------------------------------------------------------------------
# Quick settings for the bot benchmark: (game, seats, options).
BOT_GAMES = (
    ("diams", 2, {"length": "quick"}),
    ("diamonds", 2, {}),
    ("quartz", 3, {}),
    ("sixgems", 2, {"length": "6"}),
)
BOARD_BUDGET_MS = {"normal": 300, "hard": 2000}  # the per-decision limits on the board

# Runs under MicroPython. argv: build, mode (time|heap), game, players, level, seed, budget_ms,
# playouts, options as key=value,... Plays one game with `level` bots on every seat.
BOTS_DRIVER = """\
import sys
import time
build, mode, name = sys.argv[1:4]
players, level, seed = int(sys.argv[4]), sys.argv[5], int(sys.argv[6])
budget, playouts, opts = int(sys.argv[7]), int(sys.argv[8]), sys.argv[9]
sys.path.insert(0, build)
from firmware.core import load
from firmware.bots import make_bot
options = {}
for pair in opts.split(","):
    if pair:
        k, v = pair.split("=")
        options[k] = v
state = load(name).new_game(players, seed, options)
bots = [make_bot(name, s, level, seed + s, budget if budget > 0 else None,
                 playouts if playouts > 0 else None) for s in range(players)]
times = []
counts = []
while not state.is_over():
    seat = state.current_player()
    view = state.view(seat)
    bot = bots[seat]
    t0 = time.ticks_us()
    bot.start(view)
    while bot.step():
        pass
    action = bot.result()
    dt = time.ticks_diff(time.ticks_us(), t0)
    if len(view["legal"]) > 1:
        times.append(dt)
        search = getattr(bot, "search", None)
        counts.append(search.playouts if search is not None else 0)
    view = None
    state.apply(action)
if mode == "time":
    print("MARK times", " ".join([str(t) for t in times]))
    print("MARK playouts", " ".join([str(c) for c in counts]))
print("MARK fit", len(state.history))
""".replace("MARK", MARK)


class BotRunner:
    """The bots driver under host MicroPython, from the .mpy build of firmware/."""

    def __init__(self, root):
        self.build, _ = mpbuild.build_firmware(root)
        self.here = root / "build" / "bench_bots"
        self.here.mkdir(parents=True, exist_ok=True)
        src = self.here / "bots_driver.py"
        src.write_text(BOTS_DRIVER)
        mpbuild.compile_file(src, self.here / "bots_driver.mpy", "bots_driver.py")
        src.unlink()
        self.micropython = mpbuild.find_tool("micropython")

    def run(self, heap_kib, mode, name, players, options, level, seed, budget_ms, playouts):
        cmd = [self.micropython]
        if heap_kib:
            cmd += ["-X", f"heapsize={heap_kib}k"]
        opts = ",".join(f"{k}={v}" for k, v in options.items())
        cmd += ["-c", f"import sys\nsys.path.insert(0, {str(self.here)!r})\nimport bots_driver",
                str(self.build), mode, name, str(players), level, str(seed), str(budget_ms),
                str(playouts), opts]
        try:
            done = subprocess.run(cmd, cwd=self.here, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=600)
        except subprocess.TimeoutExpired:
            return None
        return done.stdout.splitlines() if done.returncode == 0 else None

    def times(self, name, players, options, level, seeds, budget_ms):
        """(us per decision, playouts per decision) over games with `level` on every seat."""
        times, playouts = [], []
        for seed in seeds:
            for line in self.run(None, "time", name, players, options, level, seed,
                                 budget_ms, 0) or ():
                words = line.split()
                if line.startswith(MARK + " times"):
                    times += [int(w) for w in words[2:]]
                elif line.startswith(MARK + " playouts"):
                    playouts += [int(w) for w in words[2:]]
        return times, playouts

    def min_heap(self, name, players, options, seed, playouts):
        """Smallest heap (KiB) at which a game with hard bots on every seat completes."""
        def fits(kib):
            lines = self.run(kib, "heap", name, players, options, "hard", seed, 0, playouts)
            return lines is not None and any(x.startswith(MARK + " fit") for x in lines)

        lo, hi = HEAP_MIN_KIB, 512
        if not fits(hi):
            return None
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if fits(mid):
                hi = mid
            else:
                lo = mid
        return hi


def percentile(values, p):
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def _play_match(job):
    """One game on CPython: (game, players, options, seed, lineup) -> share of the first
    kind. lineup: per seat ("random" | "normal" | "hard:<playouts>")."""
    name, players, options, seed, lineup, subject = job
    from firmware.bots import RandomBot, make_bot
    from firmware.core import load

    state = load(name).new_game(players, seed, options)
    bots = []
    for seat, who in enumerate(lineup):
        if who == "random":
            bots.append(RandomBot(seat, seed * 7 + seat))
        elif who.startswith("hard:"):
            bots.append(make_bot(name, seat, "hard", seed * 7 + seat, None, int(who[5:])))
        else:
            bots.append(make_bot(name, seat, who, seed * 7 + seat))
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat)))
    winners = state.winners()
    mine = [s for s in winners if lineup[s] == subject]
    return len(mine) / len(winners)


def match(pool, name, players, options, games, subject, other):
    """Share of the wins of `subject` (one seat, rotating; ties counted as shares) against
    `other` on the remaining seats, over `games` games."""
    jobs = []
    for g in range(games):
        lineup = [other] * players
        lineup[g % players] = subject
        jobs.append((name, players, options, 20000 + g // players, tuple(lineup), subject))
    shares = pool.map(_play_match, jobs, chunksize=2)
    return sum(shares) / games


def bench_bots(args):
    import multiprocessing

    root = args.root.resolve()
    for path in (root / "tools", root):
        sys.path.insert(0, str(path))
    host_hard_ms = max(1, BOARD_BUDGET_MS["hard"] // boardtime.BOARD_FACTOR)
    progress("compiling .mpy ...")
    mp = BotRunner(root)
    rows = []
    pool = multiprocessing.Pool(args.jobs)
    for name, players, options in BOT_GAMES:
        if args.games and name not in args.games:
            continue
        row = {"name": name, "players": players}
        progress(f"{name}: decision times on host MicroPython ...")
        seeds = list(range(1, args.time_games + 1))
        for level in ("normal", "hard"):
            budget = host_hard_ms if level == "hard" else 0
            times, playouts = mp.times(name, players, options, level, seeds, budget)
            row[level] = (percentile(times, 50), percentile(times, 95), len(times))
            if level == "hard":
                row["playouts"] = percentile(playouts, 50)
        cap = args.playouts or max(1, row["playouts"])
        row["cap"] = cap
        progress(f"{name}: heap with hard bots on every seat ({cap} playouts) ...")
        row["heap"] = None if args.no_heap else mp.min_heap(name, players, options, 1, cap)
        progress(f"{name}: {args.games_n} games normal vs random ...")
        row["nr"] = match(pool, name, players, options, args.games_n, "normal", "random")
        progress(f"{name}: {args.games_n} games hard ({cap} playouts) vs normal ...")
        row["hn"] = match(pool, name, players, options, args.games_n, f"hard:{cap}", "normal")
        rows.append(row)
        print_bot_row(row, args, header=len(rows) == 1)
    pool.close()
    print()
    print(f"win %     one seat of the first kind (rotating over the seats) against the second "
          f"kind on every other seat, {args.games_n} games on CPython")
    print("          (quick settings: Diam's length=quick, SIXGEMS length=6; 2 seats, Quartz 3:")
    print("          even strength is 50%, 33% for Quartz); a shared win counts as a share.")
    print("          hard plays with a cap of `cap` playouts per decision: the median number")
    print(f"          its board budget ({BOARD_BUDGET_MS['hard']} ms = {host_hard_ms} ms host "
          "MicroPython) allowed in the timing games.")
    print("ms p50/95  time per decision with a real choice (2+ legal actions) on host MicroPython")
    print(f"          (.mpy, {args.time_games} games, that level on every seat; hard with its "
          f"{host_hard_ms} ms budget), and the board estimate:")
    print(f"          {boardtime.describe()}. Limits: normal {BOARD_BUDGET_MS['normal']} ms, "
          f"hard {BOARD_BUDGET_MS['hard']} ms on the board.")
    print("heap KiB  smallest `micropython -X heapsize` (1 KiB steps, 64-bit unix port, seed 1)")
    print("          at which a game with hard bots (cap playouts) on every seat completes.")


def print_bot_row(row, args, header):
    head = ("game", "seats", "normal/rand", "hard/normal", "cap", "normal ms p50/95",
            "board", "hard ms p50/95", "board", "heap KiB")
    if header:
        print("  ".join(head))
    f = boardtime.BOARD_FACTOR
    n50, n95, _ = (t / 1000 for t in row["normal"])  # microseconds -> ms
    h50, h95, _ = (t / 1000 for t in row["hard"])
    cells = (row["name"], str(row["players"]), f"{100 * row['nr']:.1f}%",
             f"{100 * row['hn']:.1f}%", str(row["cap"]), f"{n50:.2f}/{n95:.2f}",
             f"{n50 * f:.0f}/{n95 * f:.0f}", f"{h50:.1f}/{h95:.1f}",
             f"{h50 * f:.0f}/{h95 * f:.0f}", str(row["heap"]) if row["heap"] else "-")
    print("  ".join(c.rjust(len(h)) for c, h in zip(cells, head)), flush=True)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(description="Benchmarks (figures only).")
    sub = parser.add_subparsers(dest="command")
    games = sub.add_parser("games", help="per-game sizes, heap and speed (default)")
    games.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    games.add_argument("--players", type=int, default=4, help="seats (clamped to the game's)")
    games.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3],
                       help="seeds for the heap search")
    games.add_argument("--seconds", type=float, default=3.0, help="time per speed figure")
    games.add_argument("--no-heap", action="store_true", help="skip the heap search")
    games.set_defaults(func=bench_games)
    bots = sub.add_parser("bots", help="bot strength, thinking time and heap")
    bots.add_argument("--games", nargs="+", metavar="NAME", help="only these games")
    bots.add_argument("-n", "--games-n", type=int, default=200, help="games per match")
    bots.add_argument("--time-games", type=int, default=3, help="games timed per level")
    bots.add_argument("--playouts", type=int, default=0,
                      help="hard's playout cap in matches (default: what its budget allowed)")
    bots.add_argument("--jobs", type=int, default=2, help="processes for the matches")
    bots.add_argument("--no-heap", action="store_true", help="skip the heap search")
    bots.set_defaults(func=bench_bots)
    for p in (games, bots):
        p.add_argument("--root", type=Path, default=mpbuild.ROOT, help="project root")
    if not argv or argv[0] not in ("games", "bots", "-h", "--help"):
        argv.insert(0, "games")  # `games` is the default subcommand
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
