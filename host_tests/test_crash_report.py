# The crash report (firmware/crash.py, issue 20): what it holds, that the newest reports stay
# within its size, that it never raises (a missing folder, a directory in its place, no
# memory, the drive in the computer's hands), and that the boards' interpreters write the
# traceback too (MicroPython 64-bit, CircuitPython 9.2.9 32-bit).
import os
import subprocess
import sys

import pytest
from mpbuild import find_tool

import firmware.save as save_module
from firmware import VERSION, crash

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CIRCUITPYTHON = os.path.join(os.path.dirname(ROOT), "shared", "cpy",
                             "circuitpython-9.2.9-unix-i386")


def failing_deep_inside(tag):
    raise KeyError(tag)


def caught(tag="boom"):
    try:
        failing_deep_inside(tag)
    except KeyError as exc:
        return exc
    raise AssertionError("no exception")


def test_a_report_says_what_a_bug_report_needs(tmp_path):
    path = str(tmp_path / "crash.txt")
    assert crash.report(caught(), path, "diams", 42, "pybadge") == path
    with open(path) as f:
        text = f.read()
    assert text.startswith(crash.SEPARATOR)
    assert "firmware: %s\n" % VERSION in text
    assert "board: pybadge\n" in text
    assert "python: cpython %d.%d." % sys.version_info[:2] in text
    assert "game: diams, 42 actions played\n" in text
    assert "free memory: n/a\n" in text
    assert "failing_deep_inside" in text and "KeyError: 'boom'" in text  # the traceback


def test_reports_are_appended_and_the_newest_kept_within_the_limit(tmp_path):
    path = str(tmp_path / "crash.txt")
    one = 0  # the size of one report (they differ by a digit or two)
    for n in range(40):
        assert crash.report(caught("fault-%02d" % n), path, "quartz", n) == path
        size = os.path.getsize(path)
        one = one or size
        assert size <= crash.LIMIT
        if n > 20:  # full: only the oldest report or two make room, never the lot
            assert size > crash.LIMIT - 2 * one, (n, size, one)
    with open(path) as f:
        text = f.read()
    reports = text.split(crash.SEPARATOR)[1:]
    assert len(reports) >= 2  # more than one fits
    assert "fault-39" in reports[-1] and "fault-%02d" % (40 - len(reports)) in reports[0]
    assert "fault-00" not in text  # the oldest were dropped whole
    assert text.count(crash.SEPARATOR) == len(reports)


def test_one_report_longer_than_the_limit_keeps_its_start_and_its_end(tmp_path):
    path = str(tmp_path / "crash.txt")
    crash.report(caught("old"), path)
    crash.report(caught("x" * 9000 + "THE END"), path, "sixgems", 7)
    with open(path) as f:
        text = f.read()
    assert len(text) <= crash.LIMIT
    assert text.startswith(crash.SEPARATOR + "firmware: ")
    assert "THE END" in text.splitlines()[-1]  # the exception line, last
    assert "[...]" in text and "'old'" not in text


def test_a_report_of_exactly_the_limit_is_kept_whole():
    assert crash._cut("a" * crash.LIMIT) == "a" * crash.LIMIT
    cut = crash._cut("b" * 3000 + "c" * 3000)
    assert len(cut) <= crash.LIMIT and cut.startswith("b") and cut.endswith("c")


def test_ctrl_c_while_reporting_still_stops_the_program(tmp_path, monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt()

    monkeypatch.setattr(crash, "_describe", interrupted)
    with pytest.raises(KeyboardInterrupt):
        crash.report(caught(), str(tmp_path / "crash.txt"))


@pytest.mark.parametrize("where", ("missing folder", "a directory"))
def test_a_report_that_cannot_be_written_returns_none(where, tmp_path):
    if where == "a directory":
        path = tmp_path / "crash.txt"
        path.mkdir()
    else:
        path = tmp_path / "nowhere" / "crash.txt"
    assert crash.report(caught(), str(path)) is None


def test_no_memory_even_for_the_report_returns_none(tmp_path, monkeypatch):
    def no_memory(*args):
        raise MemoryError()

    monkeypatch.setattr(crash, "_describe", no_memory)
    path = tmp_path / "crash.txt"
    assert crash.report(caught(), str(path)) is None
    assert not path.exists()


def test_nothing_is_written_while_the_drive_belongs_to_the_computer(tmp_path, monkeypatch):
    monkeypatch.setattr(save_module, "code_can_write", lambda path="/": False)
    path = tmp_path / "crash.txt"
    assert crash.report(caught(), str(path)) is None
    assert not path.exists()


def test_headline_and_default_path():
    assert crash.headline(MemoryError()) == "Out of memory"
    assert crash.headline(KeyError("x")) == "Something went wrong"
    assert crash.default_path() == "crash.txt"  # on a computer; /crash.txt on a board


BOARD_SCRIPT = """
import sys
sys.path.insert(0, %r)
from firmware import crash

def failing_deep_inside():
    raise ValueError("on the board")

try:
    failing_deep_inside()
except ValueError as exc:
    print("written", crash.report(exc, %r, "diamonds", 9, "picodisplay"))
"""


@pytest.mark.parametrize("port", ("micropython", "circuitpython"))
def test_the_boards_interpreters_write_the_traceback(port, tmp_path):
    exe = find_tool("micropython") if port == "micropython" else CIRCUITPYTHON
    assert exe and os.path.exists(exe), "no %s interpreter here" % port
    path = str(tmp_path / "crash.txt")
    done = subprocess.run([exe, "-c", BOARD_SCRIPT % (ROOT, path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "written " + path in done.stdout
    with open(path) as f:
        text = f.read()
    assert "python: %s " % port in text
    assert "game: diamonds, 9 actions played" in text and "board: picodisplay" in text
    assert "free memory: " in text and "n/a" not in text  # gc.mem_free() on the boards
    assert "failing_deep_inside" in text and "ValueError: on the board" in text
