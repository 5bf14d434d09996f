"""Benchmarks: print figures, never judge them (tests never assert on time).

    .venv/bin/python tools/bench.py [games] [--games diams quartz] [--seconds 3] [--no-heap]
    .venv/bin/python tools/bench.py bots        (not written yet)

`games`, per game of firmware.core.GAMES: .mpy sizes; the smallest MicroPython heap at which a
random game completes (unix port, from .mpy, max over fixed seeds); random games per second
on CPython and on host MicroPython; mean actions per game; an estimated board time per game
(see boardtime.py).
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


def bench_bots(args):
    print("bots: not yet (no bots written)")


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
    bots = sub.add_parser("bots", help="bot thinking time (not yet)")
    bots.set_defaults(func=bench_bots)
    for p in (games, bots):
        p.add_argument("--root", type=Path, default=mpbuild.ROOT, help="project root")
    if not argv or argv[0] not in ("games", "bots", "-h", "--help"):
        argv.insert(0, "games")  # `games` is the default subcommand
    args = parser.parse_args(argv)
    args.func(args)


if __name__ == "__main__":
    main()
