"""What the firmware builds share (tools/uf2.py: MicroPython for the Pico; tools/cpbuild.py:
CircuitPython for the PyBadge, the PyGamer and the emulated Pico): the error that says what
to do, the cache of build trees ($POCKET_GEMS_CACHE, else ~/.cache/pocket-gems) with its
lock, the ARM toolchain check, make, and the build date."""

import fcntl
import os
import shutil
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
INSTALL = "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake"


class BuildError(Exception):
    """A build that cannot run or failed; the message says what to do."""


def shared_dir():
    return ROOT.parent / "shared"


def missing_tools(tools=("arm-none-eabi-gcc", "cmake", "make")):
    """What the build needs and this machine lacks (names to say in the message)."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if "arm-none-eabi-gcc" in tools and "arm-none-eabi-gcc" not in missing:
        libc = subprocess.run(["arm-none-eabi-gcc", "-print-file-name=libc.a"],
                              capture_output=True, text=True).stdout.strip()
        if not os.path.isabs(libc):  # the compiler without newlib's C library
            missing.append("libnewlib-arm-none-eabi")
    return missing


def check_toolchain(tools=("arm-none-eabi-gcc", "cmake", "make")):
    missing = missing_tools(tools)
    if missing:
        raise BuildError("make uf2 needs %s: %s" % (", ".join(missing), INSTALL))


def cache_root():
    return Path(os.environ.get("POCKET_GEMS_CACHE") or Path.home() / ".cache" / "pocket-gems")


@contextmanager
def cache_lock():
    """One build at a time in the cache (parallel tests share it)."""
    cache_root().mkdir(parents=True, exist_ok=True)
    with open(cache_root() / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def cached_copy(src, name, log):
    """The cached copy of the source tree `src` named `name` (made on first use; a copy half
    made is made again)."""
    tree = cache_root() / name
    done = tree / ".copied"
    if not done.exists():
        if tree.exists():
            shutil.rmtree(tree)
        log("copying %s to %s" % (src, tree))
        shutil.copytree(src, tree, symlinks=True)
        done.touch()
    return tree


def source_date():
    """The build date in the banner: the checkout's last commit (the same bytes from the
    same commit); now when there is no git."""
    got = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
                         capture_output=True, text=True)
    stamp = got.stdout.strip()
    return stamp if got.returncode == 0 and stamp.isdigit() else str(int(time.time()))


def make(args, cwd, env=None):
    """Runs make on every core; (seconds taken, its output). A failure raises BuildError
    with the output's tail."""
    started = time.monotonic()
    done = subprocess.run(["make", "-j%d" % max(2, os.cpu_count() or 2)] + args, cwd=cwd,
                          env=env, capture_output=True, text=True)
    if done.returncode:
        tail = (done.stdout + done.stderr).strip().splitlines()[-25:]
        raise BuildError("make %s failed in %s:\n%s" % (" ".join(args), cwd, "\n".join(tail)))
    return time.monotonic() - started, done.stdout + done.stderr
