"""firmware/start.py, what a board runs at power-on (main.py; frozen into the Pico UF2): the
self-test when asked for, else the app, else the console; a fault that stops the app from
starting is reported and the console runs instead of a traceback."""

import importlib
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
