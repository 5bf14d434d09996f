"""Heap a whole game needs on the boards' own interpreters, 32-bit (host tooling, CPython).

    .venv/bin/python tools/boardheap.py [--port circuitpython|micropython] [--mode app|match]
        [--game NAME ...] [--players N] [--level hard] [--playouts 8] [--source]
    .venv/bin/python tools/boardheap.py --heap 112k ...      one run at that heap: ok / failed

Runs tools/heapgame.py (one whole game: the app on a stand-in display, or the match without
screens; every seat a bot) under `../shared/cpy/circuitpython-9.2.9-unix-i386` or
`../shared/emu/micropython-i386`, the firmware compiled to that port's .mpy (or as .py with
--source), and finds the smallest `-X heapsize` with which the game ends (binary search,
1 KiB steps). Each game at its largest player count unless --players (clamped to what the
game allows).
"""

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import mpbuild

ROOT = mpbuild.ROOT
SHARED = ROOT.parent / "shared"
PORTS = {
    "circuitpython": SHARED / "cpy" / "circuitpython-9.2.9-unix-i386",
    # circuitpython.org's current release: it loads the same .mpy (mpy v6.3)
    "circuitpython10": SHARED / "cpy" / "circuitpython-10.2.1-unix-i386",
    "micropython": SHARED / "emu" / "micropython-i386",
}
LIBS = ROOT / "tools" / "boardlibs"  # the display stand-ins (app mode)
SCRIPT = ROOT / "tools" / "heapgame.py"
sys.path.insert(0, str(ROOT))
from firmware.core import GAMES, about  # noqa: E402 (the registry; a game's package, no rules)

MAX_PLAYERS = {game: about(game).MAX_PLAYERS for game in GAMES}
MIN_PLAYERS = {game: about(game).MIN_PLAYERS for game in GAMES}
# The budgets of `make flash` onto stock CircuitPython (firmware/ as .mpy on the drive): the
# PyBadge's, about 28 KB under its ~142 KB free: a whole game ends there (hard bots may cut a
# search short when memory runs out); the heap at which the app plays at full strength (no
# hard decision cut short); the match alone. The firmware with the games frozen in (make
# uf2) leaves far more (tools/cpheap.py measures it on real CircuitPython): these are what
# the stock firmware still plays. Measured with this harness: Quartz's 6-seat app at full
# strength 125 KiB, Diploma's match 106 KiB (the harness's own code is on the heap too, and
# a few lines more move the figures by a KiB or two).
# (The app's was 112 KiB until issue 56: the games' packages and their longer names take
# 0.5-0.7 KB more at a game's lowest point, and a 5-seat Diam's app needed 113 KiB then.)
# Issue 57 (the table's pages keep a player's own rows and whole sentences, the rounds'
# figures in Quartz's view, new dice faces and inks) took them to 117 (the 6-seat Diamonds
# app), 131 (Quartz at full strength) and 126 (Quartz with a human): held at those plus
# 1 KiB. The edge is chaotic (a hundred bytes of code moved a case by 1-4 KiB through the
# heap's fragmentation), and the PyBadge's own install is the UF2 now (issue 57: its budget
# is the frozen one): these hold the stock firmware's path at about 24 KB under a PyBadge's
# ~142 KB free (the app), 15 KB with a human at P1. Issue 57's moves in one sentence, the
# likely choices first, a bot's move travelling and the game's end on one screen took the
# 6-seat Quartz app to 120 KiB and with a human to 128: held at those plus 1 KiB (21 KB and
# 13 KB under a PyBadge's free heap).
# The match: Diploma's, with every move's sentence in its rules, measured 107-108 KiB and
# failed at 108 in a clean build (the chaotic edge): 110. Quartz's 6-seat app at full
# strength needed 134 KiB once the tables mark each seat's row for a card's travel (some
# 200 bytes of code, the edge moved 3 KiB): 135.
# Issue 58's first front end (a linked seat: a few lines in the Match, the Remote off the
# heap unless linked) moved the 6-seat Quartz app to 122 KiB (121 and 123 with either half
# of the change alone) and made its full-strength run fail at 135 once though 134 passed:
# 123 and 136.
# Issue 57's travels after a page turn (a crystal from a cart to a chest) and at a human's
# turn: the lowest free heap of every 4-game app (SAMPLE, after a collection) moved by 80 B
# (the table's code), the search's edge by up to 3 KiB either way from one version of the
# change to the next (Quartz's app 122-125 KiB, with a human 129-131, at full strength
# 135-137; travel's module now loaded and let go at more of its moves): 126, 132 and 138.
BUDGET = {"app": 126 * 1024, "match": 110 * 1024}
FULL_BUDGET = {"app": 138 * 1024, "match": 110 * 1024}
# With a human at P1 (--human: the table's choices module loaded at each of its decisions,
# a longer game of first choices): measured 116-128 KiB, held at 129 (132: above).
HUMAN_BUDGET = 132 * 1024
# The games whose app fits those budgets from .mpy. Diploma's does not (measured 133 KiB
# with normal bots, 134 with hard, 163 at full strength: about 128 KB live at its peak, its
# rules, bot and table code some 53 KB of it against 31 KB for SIXGEMS); the app tells a
# player so at the title (App.too_big) and that the UF2 plays it. Its match does fit (the
# console, the selftest; a hard bot there may play its best move so far when memory runs
# out). A PyGamer is no help: CircuitPython 9.2.9's board files give it the PyBadge's chip,
# a SAMD51J19 (192 KB of RAM: the two builds' heap spans are the same, tools/cpheap.py).
APP_GAMES = ("diams", "diamonds", "quartz", "sixgems")


def budget(game, mode, full=False, human=False):
    """The heap budget (bytes) of a game's app or match (full: at full strength; human: the
    app with a human at P1) from .mpy on a PyBadge or PyGamer."""
    if mode == "match":
        return (FULL_BUDGET if full else BUDGET)["match"]
    return FULL_BUDGET["app"] if full else HUMAN_BUDGET if human else BUDGET["app"]


def interpreter(port):
    path = PORTS[port]
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing: the boards' interpreters are in ../shared "
                                f"beside the checkout (see its cpy/ and emu/ READMEs)")
    return str(path)


def build(port, source=False, name=None):
    """(the firmware tree the interpreter imports: .mpy of that port, or the sources; the
    display stand-ins' folder). The stand-ins go in as .mpy too: a board's displayio is
    compiled code, so their bytecode on the heap is already an overcharge, and compiling
    them there would add more. `name`: the build folders' name (build/heap-NAME, default
    the port's), for runs side by side."""
    name = name or port
    flavour = "circuitpython" if port.startswith("circuitpython") else "micropython"
    if source:
        out = ROOT
    else:
        out, _ = mpbuild.build_firmware(ROOT, flavour, ROOT / "build" / ("heap-" + name))
    tool = (mpbuild.circuitpython_mpy_cross() if flavour == "circuitpython"
            else mpbuild.micropython_mpy_cross())
    libs = ROOT / "build" / ("heap-" + name + "-libs")
    shutil.rmtree(libs, ignore_errors=True)
    for src in sorted(LIBS.rglob("*.py")):
        rel = src.relative_to(LIBS)
        mpbuild.compile_file(src, libs / rel.with_suffix(".mpy"),
                             mpbuild.module_name(rel.as_posix()), tool)
    return out, libs


def parse_heap(text):
    text = str(text).strip().lower()
    if text.endswith("k"):
        return int(float(text[:-1]) * 1024)
    return int(text)


class Case:
    def __init__(self, game, players, mode="app", level="hard", playouts=8, seed=2024,
                 options=None, human=False, qstrs=False):
        self.human = human  # (app: P1 a human, heapgame.HUMAN)
        self.qstrs = qstrs  # print micropython.qstr_info() at the end (QSTR_REPORT)
        self.game = game
        self.players = players
        self.mode = mode
        self.level = level
        self.playouts = playouts
        self.seed = seed
        self.options = options

    def name(self):
        return "%s %dp %s%s %s" % (self.game, self.players, "human + " if self.human else "",
                                    self.level, self.mode)

    def code(self, folders, saves):
        """The script of this case: the firmware tree and the stand-ins imported as `t` and
        `l` (run() links them in its own folder), the saves in `saves` ("@SAVES@": run()'s)."""
        tree, libs = folders
        paths = ["t"] + (["l"] if self.mode == "app" else [])
        head = ("%s\t%s\t%s\nimport sys\nsys.path[:] = %r\nGAME = %r\nPLAYERS = %d\n"
                "LEVEL = %r\nPLAYOUTS = %d\nMODE = %r\nSAVES = %r\nSEED = %d\nOPTIONS = %r\n"
                "HUMAN = %r\n"
                % (LINKS, tree, libs, paths, self.game, self.players, self.level,
                   self.playouts, self.mode, str(saves), self.seed, self.options, self.human))
        return head + SCRIPT.read_text() + (QSTR_REPORT if self.qstrs else "")


# Appended only when asked: any line more in the script moves the heap's layout, and a
# case at the edge of its budget can pass or fail by that alone.
QSTR_REPORT = "\nimport micropython\nmicropython.qstr_info()\n"


def qstrs(out):
    """(strings interned for good, pools) at a run's end (a case with qstrs=True); None if
    the run did not get there. A full pool asks for one twice its size, in one block: on
    the unix ports the pools end at 20, 60, 140, ..., 1260 and 2540 strings."""
    found = re.search(r"n_pool=(\d+), n_qstr=(\d+)", out)
    return (int(found.group(2)), int(found.group(1))) if found else None


LINKS = "#links"  # a case's first line: the folders run() links as t and l


def _fixed_layout():
    """The command prefix that runs a program without address-space randomisation
    (setarch -R), where the machine has it. The unix ports' garbage collector scans the C
    stack conservatively: with the addresses moving from run to run, a stale word there
    kept a different block alive each time, and a run at the edge of its budget passed or
    failed by chance (1 in 8 runs of Quartz's full-strength app at 124 KiB). run() passes
    an empty environment and the interpreter's path as a link of fixed length too: those
    strings sit above the stack and move it."""
    tool = shutil.which("setarch")
    if tool is None:
        return []
    prefix = [tool, platform.machine(), "-R"]
    try:
        subprocess.run(prefix + ["true"], check=True, capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return []  # a sandbox may forbid changing the personality
    return prefix


FIXED_LAYOUT = _fixed_layout()


def run(binary, heap, code, timeout=900):
    """(ended normally, actions, the output) of one run at `heap` bytes. A run whose game
    reached the crash screen did not end normally. It runs in a folder of its own where the
    script's paths are short names of fixed length (t, l, s: the folders linked there; i:
    the interpreter): the strings a run keeps on its heap are the same at every checkout's
    path, so is the heap's layout, and so are the figures."""
    work = tempfile.mkdtemp(prefix="heapgame-")
    try:
        if code.startswith(LINKS):
            first, code = code.split("\n", 1)
            _, tree, libs = first.split("\t")
            os.symlink(tree, os.path.join(work, "t"))
            os.symlink(libs, os.path.join(work, "l"))
        os.mkdir(os.path.join(work, "s"))
        os.symlink(os.path.abspath(binary), os.path.join(work, "i"))  # a path of fixed length
        done = subprocess.run(FIXED_LAYOUT + ["./i", "-X", "heapsize=%d" % heap, "-c",
                               code.replace("@SAVES@", "s")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, timeout=timeout, cwd=work, env={})
    except subprocess.TimeoutExpired:
        return False, 0, "timed out after %d s" % timeout
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out = done.stdout.decode("utf-8", "replace")
    for line in out.splitlines():
        if line.startswith("heapgame: ok"):
            return done.returncode == 0, int(line.split()[2]), out
    return False, 0, out


def cut_short(out):
    """How many hard decisions of a run ran out of memory (and played their best so far)."""
    for line in out.splitlines():
        if line.startswith("heapgame: ok"):
            return int(line.split()[4])
    return 0


def smallest(binary, code, lo=16 * 1024, hi=512 * 1024, step=1024, full=False):
    """The smallest heap (bytes, a multiple of `step`) at which the game ends (full: with
    no hard decision cut short by memory); None if not even at `hi`. Heap use is not quite
    monotonic (fragmentation): this is one threshold."""

    def fits(heap):
        ok, _, out = run(binary, heap, code)
        return ok and not (full and cut_short(out)), out

    ok, out = fits(hi)
    if not ok:
        return None, out
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if fits(mid)[0]:
            hi = mid
        else:
            lo = mid
    return hi, ""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", choices=sorted(PORTS), default="circuitpython")
    parser.add_argument("--mode", choices=("app", "match"), action="append")
    parser.add_argument("--game", action="append", choices=sorted(MAX_PLAYERS))
    parser.add_argument("--players", type=int)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--source", action="store_true", help="import .py, not .mpy")
    parser.add_argument("--heap", help="one run at this heap (e.g. 112k) instead of a search")
    parser.add_argument("--full", action="store_true",
                        help="the smallest heap at which no hard decision runs out of memory")
    parser.add_argument("--human", action="store_true",
                        help="app: P1 a human taking the first choice (its choices module)")
    parser.add_argument("--qstrs", action="store_true",
                        help="with --heap: the strings interned at the end (qstr pools)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.qstrs and not args.heap:  # the report would move the layout the search measures
        parser.error("--qstrs needs --heap")
    binary = interpreter(args.port)
    folders = build(args.port, args.source)
    cases = [Case(g, max(MIN_PLAYERS[g], min(args.players or 99, MAX_PLAYERS[g])), m,
                  args.level, args.playouts, human=args.human, qstrs=args.qstrs)
             for m in (args.mode or ["app", "match"]) for g in (args.game or sorted(MAX_PLAYERS))]

    def one(case):
        code = case.code(folders, "@SAVES@")
        if args.heap:
            ok, actions, out = run(binary, parse_heap(args.heap), code)
            if not ok:
                return case, "FAILED\n" + out[-800:]
            text = "ok, %d actions, %d searches or saves cut short by memory" % (
                actions, cut_short(out))
            if case.qstrs:
                text += ", %d qstrs in %d pools" % (qstrs(out) or (0, 0))
            return case, text
        heap, out = smallest(binary, code, full=args.full)
        if heap is None:
            return case, "FAILED even at 512 KiB\n" + out[-800:]
        most = budget(case.game, case.mode, args.full, case.human)
        fits = case.mode == "match" or case.game in APP_GAMES
        return case, "%6.2f KiB (budget %d KiB: %s)" % (
            heap / 1024, most // 1024, ("within" if heap <= most else "OVER") if fits
            else "its app is the UF2's")

    print("%s, firmware from %s, %s bots capped at %d playouts"
          % (Path(binary).name, "source" if args.source else ".mpy", args.level, args.playouts))
    failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for case, text in pool.map(one, cases):
            print("%-28s %s" % (case.name(), text), flush=True)
            failed += "FAILED" in text
    return 1 if failed else 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.exit(main())
