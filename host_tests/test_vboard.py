# tools/vboard.py: real mpremote against the virtual board (MicroPython unix port on a pty).
import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from vboard import VirtualBoard

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
MPREMOTE = str(BIN / "mpremote") if (BIN / "mpremote").exists() else "mpremote"


def mpremote(device, *args, timeout=30, check=True):
    proc = subprocess.Popen([MPREMOTE, "connect", device, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        out = None
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    if check:
        assert proc.returncode == 0, out
    return out


@pytest.fixture
def board(tmp_path):
    vb = VirtualBoard(tmp_path / "flash", heap="128k")
    vb.start()
    try:
        assert vb.wait_ready(10)
        yield vb
    finally:
        vb.stop()


def test_exec_fs_and_soft_reset(board, tmp_path):
    out = mpremote(board.device, "exec", "import sys, gc; print(sys.implementation.name, "
                   "gc.mem_free() + gc.mem_alloc())")
    name, heap = out.split()
    assert name == "micropython" and 100_000 < int(heap) <= 128 * 1024
    src = tmp_path / "hello.py"
    src.write_text("print('hello from the board')\n")
    resets = board.resets
    out = mpremote(board.device, "fs", "cp", str(src), ":hello.py", "+", "fs", "ls", "+",
                   "fs", "sha256sum", ":hello.py", "+", "soft-reset", "+", "exec", "import hello")
    assert (Path(board.root) / "hello.py").read_bytes() == src.read_bytes()
    assert hashlib.sha256(src.read_bytes()).hexdigest() in out
    assert "hello.py" in out and "hello from the board" in out
    assert board.resets > resets  # each connection soft-resets, plus the soft-reset command
    mpremote(board.device, "fs", "mkdir", ":lib", "+", "fs", "rm", ":hello.py")
    assert not (Path(board.root) / "hello.py").exists() and (Path(board.root) / "lib").is_dir()


def test_ctrl_c_stops_a_running_program(board):
    assert mpremote(board.device, "exec", "while True: pass", timeout=2, check=False) is None
    assert "42" in mpremote(board.device, "exec", "print(6 * 7)", timeout=20)


def test_command_line_serves_until_killed(tmp_path):
    cmd = [sys.executable, str(ROOT / "tools" / "vboard.py"), "--root", str(tmp_path),
           "--heap", "64k"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        device = proc.stdout.readline().strip()
        assert device.startswith("/dev/")
        out = mpremote(device, "exec", "import gc, os; print(gc.mem_free() + gc.mem_alloc()); "
                       "open('made.txt', 'w').write('x')")
        assert int(out.split()[0]) <= 64 * 1024
        assert (tmp_path / "made.txt").read_text() == "x"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    time.sleep(0.1)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    assert str(tmp_path) not in ps
