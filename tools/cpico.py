"""CircuitPython on the emulated Pico (host tooling, CPython): the firmware with the games
frozen in (tools/cpbuild.py's cp-emu: CircuitPython 9.2.9 for the Pico, its console also on
UART0) booted on rp2040js by ../shared/cpsrc/tools/cp-run.js, with tools/pico-screen.js
recording the Pico Display Pack's SPI bus and pressing its buttons, as for MicroPython
(tools/pico.py). The app draws with CircuitPython's own displayio, in C, through busio.SPI.

    .venv/bin/python tools/cpico.py run -c "import gc; print(gc.mem_free())"
    .venv/bin/python tools/cpico.py app --keys DOWN,A --shots build/cpshots

The board's CIRCUITPY drive is blank unless a drive image is given (drive_image(): a FAT
image made with mkfs.fat and mcopy, Debian's dosfstools and mtools): CircuitPython formats
it at power-on, and the firmware puts boot.py and main.py there, which start the app
(tools/frozen/circuitpython/drive.h). Commands typed at the REPL (run(commands=...)) come
once main.py has ended: with a `selftest` flag file on the drive it plays the self-test and
ends. Each run boots a fresh board; what it wrote to the drive can be read back at the end
of its steps (run(drive_out=...), drive_files()).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pico
from buildkit import shared_dir

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
TIMEOUT = 1800  # wall seconds of one run: against a hung emulator only
CLOCK_HZ = pico.CLOCK_HZ
FIGURES = re.compile(r"cp-run: (?:(?P<failure>.*); )?(?P<cycles>\d+) cycles \(.*\), board clock "
                     r"(?P<clock>[\d.]+) s, wall (?P<wall>[\d.]+) s")
# CircuitPython's terminal codes in what it prints: a window title (ESC ] 0; ... ESC \),
# clearing a line (ESC [ 2K, ESC [ 0G).
TERMINAL_CODES = re.compile(r"\x1b\][^\x1b]*\x1b\\|\x1b\[[0-9;]*[A-Za-z]|\r")
DRIVE_KIB = 1024  # CIRCUITPY on a 2 MB Pico: the flash's second MiB
# Steps (tools/pico-screen.js): the app started by main.py has drawn its title and waits.
# (CircuitPython's console on UART0 takes no Ctrl-C while code runs, unlike its USB serial:
# a run that needs the REPL puts a `selftest` flag file on the drive, main.py runs the
# self-test and ends, and the commands follow; one that needs the drive afterwards reads it
# back, run(drive_out=...).)
SETTLED = [["until", "main.py output:", 120000], ["quiet", pico.SETTLE_MS]]


class CpicoError(Exception):
    """The emulated board cannot run: the message says why."""


class Run:
    """One run: stdout (what the board printed on its serial), text (the same without the
    terminal's codes), stderr (cp-run's and
    pico-screen's lines), status (0: done; 2: a timeout or the board idle for good; 3: a
    text awaited never printed), cycles and board_seconds (the CPU's busy cycles / 125 MHz),
    board_clock (the emulated clock at the end, seconds), host_seconds."""

    def __init__(self, stdout, stderr, status, host_seconds):
        self.stdout, self.stderr, self.status = stdout, stderr, status
        self.text = TERMINAL_CODES.sub("", stdout)
        self.host_seconds = host_seconds
        found = FIGURES.search(stderr)
        self.cycles = int(found["cycles"]) if found else None
        self.board_seconds = self.cycles / CLOCK_HZ if found else None
        self.board_clock = float(found["clock"]) if found else None

    def figures(self):
        if self.cycles is None:
            return "no figures (status %d, %.1f s host)" % (self.status, self.host_seconds)
        return "%.3f s board time busy, board clock %.3f s, %.1f s host wall" % (
            self.board_seconds, self.board_clock, self.host_seconds)

    def __repr__(self):
        return "<cpico Run status %d: %s>" % (self.status, self.figures())


def runner():
    path = shared_dir() / "cpsrc" / "tools" / "cp-run.js"
    if not path.exists():
        raise CpicoError("no %s: the shared folder cpsrc/ must sit beside this checkout"
                         % path)
    return path


def drive_image(dest, files):
    """A CIRCUITPY drive image at `dest` holding `files` ({path on the drive: bytes or
    str}; folders made as needed), as a board formats it (FAT12, 512-byte sectors)."""
    missing = [tool for tool in ("mkfs.fat", "mcopy", "mmd") if shutil.which(tool) is None]
    if missing:
        raise CpicoError("a drive image needs %s: apt-get install dosfstools mtools "
                         "(make toolchain)" % ", ".join(missing))
    dest = Path(dest)
    dest.unlink(missing_ok=True)
    quiet = {"capture_output": True, "check": True}
    subprocess.run(["mkfs.fat", "-C", "-F", "12", "-n", "CIRCUITPY", "-S", "512", str(dest),
                    str(DRIVE_KIB)], **quiet)
    made = set()
    staging = dest.parent / (dest.name + ".files")
    shutil.rmtree(staging, ignore_errors=True)
    for name, data in sorted(files.items()):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if folder not in made:
                subprocess.run(["mmd", "-i", str(dest), "::" + folder], **quiet)
                made.add(folder)
        local = staging / name.strip("/")
        local.parent.mkdir(parents=True, exist_ok=True)
        local.write_bytes(data.encode() if isinstance(data, str) else data)
        subprocess.run(["mcopy", "-i", str(dest), str(local), "::" + name.strip("/")], **quiet)
    shutil.rmtree(staging, ignore_errors=True)
    return dest


def drive_files(image):
    """{path: bytes} of the files in a drive image (mtools), folders walked."""
    listing = subprocess.run(["mdir", "-i", str(image), "-/", "-b", "::"],
                             capture_output=True, text=True, check=True).stdout
    files = {}
    for line in listing.splitlines():
        name = line.strip()[2:] if line.strip().startswith("::") else line.strip()
        if not name or name.endswith("/"):
            continue
        data = subprocess.run(["mtype", "-i", str(image), "::" + name], capture_output=True,
                              check=True).stdout
        files[name.lstrip("/")] = data
    return files


def one_line(code):
    """Python code of several lines as one line the REPL takes."""
    return code if "\n" not in code.strip() else "exec(%r)" % code


def run(firmware, commands=(), drive=None, keys=None, screen=None, drive_out=None,
        timeout=TIMEOUT, emu=None, uart1=None):
    """Boot `firmware` (a CircuitPython firmware.bin for the Pico) on a fresh emulated Pico
    with the drive image `drive` (None: blank), run the steps `keys` (tools/pico-screen.js),
    recording the panel's bus into `screen`, and type each of `commands` (code; several
    lines are exec'd) at the REPL once code.py or main.py has ended. The run ends at the
    prompt after the last command, or at the steps' ["end"] (then the drive as it is is
    written to `drive_out`: drive_files() reads it). uart1="loop": UART1's TX wired to its RX
    (the link cable's, tools/pico-screen.js)."""
    emu = Path(emu) if emu else pico.prepare()
    cmd = [str(emu_node(emu)), str(runner()), "--firmware", str(firmware),
           "--timeout", str(int(timeout))]
    if drive is not None:
        cmd += ["--fs-image", str(drive)]
    for code in commands:
        cmd += ["-c", one_line(code)]
    env = pico._environ()
    env["NODE_OPTIONS"] = (env.get("NODE_OPTIONS", "") + " --require "
                           + str(TOOLS / "pico-screen.js")).strip()
    env["NODE_PATH"] = str(emu / "node_modules")  # cp-run.js and the hook: one rp2040js
    env["PICO_SCREEN_EMU"] = str(emu)
    if uart1 is not None:
        env["PICO_SCREEN_UART1"] = uart1
    if screen is not None:
        env["PICO_SCREEN_OUT"] = str(screen)
    if screen is not None or keys:
        env["PICO_SCREEN_KEYS"] = json.dumps(keys or [])
    if drive_out is not None:
        env["PICO_SCREEN_FLASH_OUT"] = str(drive_out)
    started = time.monotonic()
    proc = subprocess.run(cmd, env=env, capture_output=True, timeout=timeout + 120)
    host = time.monotonic() - started
    return Run(proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace"),
               proc.returncode, host)


def emu_node(emu):
    return pico.node_bin() / "node"


def firmware_image(log=lambda line: None):
    """The cp-emu firmware (built or taken from the cache, tools/cpbuild.py)."""
    import cpbuild

    return cpbuild.build("cp-emu", log=log).image


def app_shots(args):
    import panelmodel

    keys = [k.strip().upper() for k in args.keys.split(",") if k.strip()]
    args.shots.mkdir(parents=True, exist_ok=True)
    record = args.shots / "bus.bin"
    steps = pico.app_steps(keys) + [["end"]]
    result = run(firmware_image(print), keys=steps, screen=record, timeout=args.timeout)
    if result.status != 0 or not record.exists():
        sys.stderr.write(result.stdout[-3000:] + result.stderr)
        return result.status or 1
    pictures, _ = panelmodel.shots(record.read_bytes())
    for i in range(len(keys) + 1):
        name = "%03d-%s.png" % (i, (["start"] + keys)[i])
        panelmodel.write_png(args.shots / name, pictures[str(i)])
        print(args.shots / name)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("run", help="boot the board with a `selftest` flag file (words: "
                         "--selftest), then type the code at its REPL")
    one.add_argument("--selftest", default="quick diams", help="the flag file's words")
    one.add_argument("-c", dest="code", action="append", default=[], help="code to run")
    one.add_argument("--firmware", type=Path, help="another CircuitPython firmware.bin")
    one.add_argument("--timeout", type=int, default=TIMEOUT)
    app = sub.add_parser("app", help="the app's title on the Display Pack: a PNG per key")
    app.add_argument("--keys", default="", help="comma-separated: A B UP DOWN LEFT RIGHT "
                     "START SELECT")
    app.add_argument("--shots", type=Path, required=True, help="the folder of the PNGs")
    app.add_argument("--timeout", type=int, default=TIMEOUT)
    args = parser.parse_args(argv)
    try:
        pico.prepare(out=lambda line: print(line, file=sys.stderr))
        if args.command == "app":
            return app_shots(args)
        firmware = args.firmware or firmware_image(print)
        with tempfile.TemporaryDirectory() as tmp:
            drive = drive_image(Path(tmp) / "drive.img", {"selftest": args.selftest})
            result = run(firmware, args.code, drive=drive, timeout=args.timeout)
    except (CpicoError, pico.PicoError) as exc:
        print("cpico: %s" % exc, file=sys.stderr)
        return 2
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    print("cpico: %s" % result.figures(), file=sys.stderr)
    return result.status


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
