"""A virtual MicroPython board for mpremote and tools/flash.py (host tooling, CPython, Linux).

    .venv/bin/python tools/vboard.py --root DIR [--heap 256k] [--micropython PATH]

prints the device path (a pseudo-terminal, e.g. /dev/pts/7) and serves until killed (Ctrl-C);
then `mpremote connect /dev/pts/7 ls`, `... fs cp main.py :main.py`, `tools/flash.py --port ...`.
From Python: `with VirtualBoard(root, heap="256k") as board: ... board.device ...`.

How it works: the MicroPython unix port (`micropython -X heapsize=...`) runs with its working
directory = `root` (the board's flash) on a pseudo-terminal of its own; a thread forwards bytes
between that terminal and a second one whose slave end is the device mpremote opens. The unix
port speaks the same REPL protocols as a board (friendly, raw, raw-paste) because it shares
their code; what it lacks is done here:
- soft reset: Ctrl-D at a REPL makes the unix port exit. The board is then restarted in the
  REPL mode it was in (raw or friendly), after the line `MPY: soft reboot` mpremote waits for.
  Any other exit (a crash, `sys.exit()`) restarts it the same way.
- Ctrl-C while a program runs: the unix port only sees it as a SIGINT, so a Ctrl-C arriving
  while the board is busy (its last output was not a prompt) is also sent as SIGINT. If that
  catches the unix port outside a program, it exits and the board restarts: a reset.
- USB with nobody listening: output is kept up to 1 MiB, then dropped.

Limitation: the unix port sees the host filesystem. Relative paths land in `root`
(`mpremote fs cp x :main.py`, `fs ls :`, `os.listdir()`), but absolute ones do not
(`:/main.py` is the host's /main.py). tools/flash.py uses relative paths only (on a real
board the working directory after a reset is `/`, so they mean the same there).
`sys.path` is `['', '.frozen', 'lib']` as on a board. boot.py and main.py are not run on a
reset (`run_main=True` runs main.py after a reset in friendly mode, like a board).
"""

import argparse
import os
import select
import signal
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

RAW_MARK = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_MARK = b'Type "help()" for more information.'
BANNER_END = b">>> "
SOFT_REBOOT = b"MPY: soft reboot\r\n"
KEEP = 1 << 20  # bytes of output kept for a client that is not reading


def parse_size(text):
    """'256k' -> 262144, '1m' -> 1048576, '4096' -> 4096."""
    text = str(text).strip().lower()
    scale = {"k": 1024, "m": 1024 * 1024}.get(text[-1:], 1)
    return int(text[:-1] if scale > 1 else text) * scale


def _micropython():
    here = Path(sys.executable).parent / "micropython"
    if here.is_file():
        return str(here)
    return "micropython"


def _raw(fd):
    tty.setraw(fd)


class VirtualBoard:
    """The unix port on a pseudo-terminal, `root` as its flash. start()/stop() or `with`."""

    def __init__(self, root, heap="256k", micropython=None, run_main=False, log=None):
        self.root = str(Path(root).resolve())
        self.heap = parse_size(heap)
        self.micropython = micropython or _micropython()
        self.run_main = run_main
        self.log = log  # optional callable(direction, bytes) for debugging
        self.device = None
        self.resets = 0  # how many times the board restarted
        self._proc = None
        self._board_fd = None  # master of the board's own terminal
        self._client_fd = None  # master of the device's terminal
        self._client_slave = None  # kept open: no EIO when no client is connected
        self._to_board = bytearray()
        self._to_client = bytearray()
        self._held = bytearray()  # client input held back while the board restarts
        self._booting = None  # None, or (stage, deadline, buffer) while restarting
        self._raw = False  # the REPL mode last seen in the output
        self._tail = b""  # the last bytes of output (mode marks, prompt detection)
        self._stop = threading.Event()
        self._thread = None
        self._lock = threading.Lock()
        self.error = None

    # -- life cycle -------------------------------------------------------------------------
    def start(self):
        Path(self.root).mkdir(parents=True, exist_ok=True)
        self._client_fd, self._client_slave = os.openpty()
        _raw(self._client_slave)
        self.device = os.ttyname(self._client_slave)
        os.set_blocking(self._client_fd, False)
        self._spawn()
        self._booting = ("banner", time.monotonic() + 10, bytearray(), False)
        self._thread = threading.Thread(target=self._serve, name="vboard", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self._kill()
        for fd in (self._client_fd, self._client_slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._client_fd = self._client_slave = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def wait_ready(self, timeout=10):
        """Block until the board has finished (re)starting."""
        end = time.monotonic() + timeout
        while self._booting is not None and time.monotonic() < end:
            time.sleep(0.01)
        return self._booting is None

    def hard_reset(self):
        """Kill the interpreter (as pulling the power would); the board restarts."""
        proc = self._proc
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)

    @property
    def pid(self):
        return self._proc.pid if self._proc is not None else None

    # -- the interpreter --------------------------------------------------------------------
    def _spawn(self):
        master, slave = os.openpty()
        _raw(slave)
        env = dict(os.environ)
        env["MICROPYPATH"] = ":.frozen:lib"
        argv = [self.micropython, "-X", "heapsize=%d" % self.heap]
        self._proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=self.root,
            env=env,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        os.set_blocking(master, False)
        self._board_fd = master
        self._to_board = bytearray()

    def _kill(self):
        proc = self._proc
        if proc is not None:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        if self._board_fd is not None:
            try:
                os.close(self._board_fd)
            except OSError:
                pass
        self._board_fd = None
        self._proc = None

    def _restart(self):
        """The interpreter exited: print the soft-reboot line and start a fresh one."""
        self._kill()
        self.resets += 1
        self._emit(SOFT_REBOOT)
        self._spawn()
        self._booting = ("banner", time.monotonic() + 10, bytearray(), self._raw)

    # -- the forwarding loop ----------------------------------------------------------------
    def _emit(self, data):
        """Board output towards the client (and the mode/prompt tracking)."""
        if not data:
            return
        tail = self._tail + bytes(data)
        raw_at = tail.rfind(RAW_MARK)
        friendly_at = tail.rfind(FRIENDLY_MARK)
        if raw_at >= 0 or friendly_at >= 0:
            self._raw = raw_at > friendly_at
        self._tail = tail[-64:]
        if self.log:
            self.log("out", bytes(data))
        self._to_client += data
        if len(self._to_client) > KEEP:
            del self._to_client[: len(self._to_client) - KEEP]

    def _idle(self):
        """The board's last output is a prompt: it is waiting for input, not running code."""
        return self._tail.endswith(b">") or self._tail.endswith(BANNER_END)

    def _from_client(self, data):
        if self.log:
            self.log("in", data)
        if self._booting is not None:
            self._held += data
            return
        if b"\x03" in data and not self._idle() and self._proc is not None:
            # Ctrl-C while a program runs: the unix port wants a SIGINT.
            self._to_board += data
            self._flush_board()
            try:
                os.kill(self._proc.pid, signal.SIGINT)
            except ProcessLookupError:
                pass
            return
        self._to_board += data
        # A submitted command makes the board busy until its next prompt.
        if (b"\x04" if self._raw else b"\r") in data:
            self._tail = self._tail + b"\x00"

    def _boot_step(self, data):
        """Swallow the unix port's banner; bring it to the mode the board was in."""
        stage, deadline, buf, raw = self._booting
        buf += data
        if stage == "banner":
            if buf.endswith(BANNER_END) or BANNER_END in buf:
                if raw:
                    self._booting = ("raw", deadline, bytearray(), raw)
                    self._to_board += b"\x01"
                    return
                if self.run_main and os.path.exists(os.path.join(self.root, "main.py")):
                    self._emit(bytes(buf))
                    self._booting = None
                    self._to_board += b"import main\r"
                    self._after_boot()
                    return
                self._emit(bytes(buf))
                self._booting = None
                self._after_boot()
        elif stage == "raw":
            at = buf.find(RAW_MARK + b">")
            if at >= 0:
                self._emit(bytes(buf[at:]))
                self._booting = None
                self._after_boot()

    def _after_boot(self):
        held = bytes(self._held)
        self._held = bytearray()
        if held:
            self._from_client(held)

    def _flush_board(self):
        if self._to_board and self._board_fd is not None:
            try:
                n = os.write(self._board_fd, self._to_board)
                del self._to_board[:n]
            except (BlockingIOError, InterruptedError):
                pass
            except OSError:
                self._to_board = bytearray()

    def _serve(self):
        try:
            self._loop()
        except Exception as exc:  # pragma: no cover - reported to the owner
            self.error = exc
            raise

    def _loop(self):
        while not self._stop.is_set():
            board, client = self._board_fd, self._client_fd
            rlist = [client] + ([board] if board is not None else [])
            wlist = []
            if self._to_client:
                wlist.append(client)
            if self._to_board and board is not None:
                wlist.append(board)
            r, w, _ = select.select(rlist, wlist, [], 0.02)
            if client in r:
                try:
                    data = os.read(client, 4096)
                except (BlockingIOError, InterruptedError):
                    data = b""
                except OSError:
                    data = b""
                if data:
                    self._from_client(data)
            dead = False
            if board is not None and board in r:
                try:
                    data = os.read(board, 4096)
                except (BlockingIOError, InterruptedError):
                    data = b""
                except OSError:  # EIO: the interpreter has gone
                    data = b""
                    dead = True
                if data:
                    if self._booting is not None:
                        self._boot_step(data)
                    else:
                        self._emit(data)
            if client in w and self._to_client:
                try:
                    n = os.write(client, self._to_client)
                    del self._to_client[:n]
                except (BlockingIOError, InterruptedError):
                    pass
            self._flush_board()
            if self._booting is not None and time.monotonic() > self._booting[1]:
                self._booting = None  # never came up: give up waiting, pass things through
                self._after_boot()
            proc = self._proc
            if proc is not None and (dead or proc.poll() is not None):
                if proc.poll() is None:
                    try:
                        proc.wait(1)
                    except subprocess.TimeoutExpired:
                        pass
                if proc.poll() is not None:
                    self._drain()
                    self._restart()

    def _drain(self):
        while self._board_fd is not None:
            try:
                data = os.read(self._board_fd, 4096)
            except OSError:
                break
            if not data:
                break
            if self._booting is not None:
                self._boot_step(data)
            else:
                self._emit(data)


def main(argv=None):
    parser = argparse.ArgumentParser(description="A virtual MicroPython board on a pty.")
    parser.add_argument("--root", required=True, type=Path, help="the board's flash (a folder)")
    parser.add_argument("--heap", default="256k", help="heap size (default 256k)")
    parser.add_argument("--micropython", default=None, help="the unix port to run")
    parser.add_argument("--run-main", action="store_true", help="run main.py after a reset")
    args = parser.parse_args(argv)
    board = VirtualBoard(args.root, args.heap, args.micropython, args.run_main)
    board.start()
    print(board.device, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()


if __name__ == "__main__":
    main()
