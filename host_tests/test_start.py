"""firmware/start.py, what a board runs at power-on (main.py; frozen into the Pico UF2): the
self-test when asked for, else the app, else the console; a fault that stops the app from
starting is reported and the console runs instead of a traceback; a firmware without the
console says so in one line."""

import builtins
import importlib
import sys
import types

import pytest

from firmware import start


@pytest.fixture
def board(monkeypatch, tmp_path):
    """What run() started, in order; the app's main() answers `app.answer` (or raises it)."""
    done = []
    app = types.SimpleNamespace(answer=False)

    def app_main():
        done.append("app")
        if isinstance(app.answer, BaseException):
            raise app.answer
        return app.answer

    # The modules as start.py will find them now (other tests unload and import them again).
    crash = importlib.import_module("firmware.crash")
    save = importlib.import_module("firmware.save")
    console = importlib.import_module("firmware.ui.console")
    selftest = start.selftest
    monkeypatch.chdir(tmp_path)  # the flag files' folder (a board's root)
    monkeypatch.setattr(start, "find_module",
                        lambda name: types.SimpleNamespace(main=app_main)
                        if name == "firmware.app" else None)
    monkeypatch.setattr(selftest, "run", lambda *a, **k: done.append("selftest"))
    monkeypatch.setattr(save, "SaveSlot", lambda *a, **k: "slot")
    monkeypatch.setattr(console, "play",
                        lambda game, slot=None: done.append(("console", game, slot)))
    monkeypatch.setattr(crash, "report", lambda exc: done.append(("report", repr(exc))))
    app.done = done
    app.folder = tmp_path
    return app


def test_the_app_runs_and_the_console_only_when_it_ends(board):
    board.answer = True  # the app ran (a board whose app never returns)
    start.run()
    assert board.done == ["app"]
    board.done.clear()
    board.answer = False  # no display, or Enter typed on a Pico's serial
    start.run()
    assert board.done == ["app", ("console", "diams", "slot")]


def test_the_selftest_flag_runs_the_selftest_alone(board):
    (board.folder / "selftest").write_text("quick")
    start.run()
    assert board.done == ["selftest"]


def test_the_console_flag_skips_the_app(board):
    (board.folder / "console").write_text("")
    start.run()
    assert board.done == [("console", "diams", "slot")]


def test_an_app_that_cannot_start_is_reported_and_the_console_runs(board, capsys):
    board.answer = MemoryError("memory allocation failed")
    start.run()
    assert board.done == ["app", ("report", "MemoryError('memory allocation failed')"),
                          ("console", "diams", "slot")]
    said = capsys.readouterr().out
    assert said.startswith("Out of memory: the app could not start")
    assert "the console runs instead" in said


def test_ctrl_c_is_not_a_fault(board):
    board.answer = KeyboardInterrupt()  # mpremote stopping the app: the REPL, no console
    with pytest.raises(KeyboardInterrupt):
        start.run()
    assert board.done == ["app"]


def test_a_firmware_without_the_console_says_so_in_one_line(board, monkeypatch, capsys):
    # The PyBadge's firmware with the games frozen in leaves the text console out: None in
    # sys.modules makes its import raise ImportError, as a module not there does on a board.
    monkeypatch.setitem(sys.modules, "firmware.ui.console", None)
    board.answer = False  # no display, or Enter typed on a Pico's serial
    start.run()
    (board.folder / "console").write_text("")  # the console asked for by its flag file
    start.run()
    assert board.done == ["app"]  # no console, and nothing raised
    said = capsys.readouterr().out
    assert said == (start.NO_CONSOLE + "\n") * 2
    assert said.startswith("The text console is not in this firmware: the games play on the "
                           "screen (make flash puts the console on the board's drive).")


def test_a_console_that_fails_to_import_is_still_a_fault(board, monkeypatch):
    real = __import__

    def lacking(name, *args, **kwargs):
        if name == "firmware.ui.console":
            raise ImportError("no module named 'firmware.bots'")  # the console's own import
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", lacking)
    with pytest.raises(ImportError, match="firmware.bots"):
        start.run()
