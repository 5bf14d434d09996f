# The handheld never dies (issue 20): a fault in any screen's key, tick or draw, or in a bot's
# turn, on both screen sizes, ends on the crash screen, not a traceback; the save on the
# flash is untouched; A goes back into the same game at the same move, reloaded from the
# save; B goes to the title; a crash report is written. A fault while a save is resumed keeps
# that save aside (no loop); the board reaches the title with any files in its saves folder.
import importlib
import os

import pytest
from app_driver import BOARDS, make_sim, move_cursor_to, screen, setup_game, title_text
from checks import fingerprint, forged_save

from firmware import buttons
from firmware.save import SaveSlot
from firmware.ui import screens

SEATS = ["human", "normal"]


def menu_list():
    """menus.ListScreen as imported now: the app unloads the menus when a game starts and
    imports them again for the title or the pause menu, a new class each time."""
    from firmware.ui import menus

    return menus.ListScreen


def result_screen():
    """outcome.ResultScreen as imported now: loaded at a game's end, let go at the title."""
    from firmware.ui import outcome

    return outcome.ResultScreen


class Armed:
    """Makes `cls.name` raise `exc` the next `times` calls on a screen whose class is named
    `target` (menus are unloaded and re-imported, so their classes are matched by name).
    `cls` may be a function giving the class: looked up when armed (menu_list)."""

    def __init__(self, monkeypatch, cls, name, target, exc, times=1):
        self.monkeypatch = monkeypatch
        self.cls = cls
        self.name = name
        self.target = target
        self.exc = exc
        self.left = 0
        self.raised = 0
        self.times = times
        self.patched = None
        if isinstance(cls, type):
            self._patch(cls)

    def _patch(self, cls):
        if self.patched is cls:
            return
        original = getattr(cls, self.name)
        armed = self

        def method(this, *args):
            if armed.left and type(this).__name__ == armed.target:
                armed.left -= 1
                armed.raised += 1
                raise armed.exc
            return original(this, *args)

        self.monkeypatch.setattr(cls, self.name, method)
        self.patched = cls

    def arm(self):
        if not isinstance(self.cls, type):
            self._patch(self.cls())
        self.left = self.times


def match_class():
    """The Match the app will play with (ui/match.py is loaded with a game and unloaded
    with it: a test before may have left another copy than this file's imports)."""
    return importlib.import_module("firmware.ui.match").Match


def read(path):
    with open(path, "rb") as f:
        return f.read()


def new_sim(tmp_path, board="pybadge"):
    saves = tmp_path / "saves"
    slot = SaveSlot(str(saves), sync=False)
    return make_sim(board, slot), slot, str(tmp_path / "crash.txt")


def to_table(sim):
    for _ in range(40):
        if isinstance(screen(sim), screens.TableScreen) and sim.app.match.human_turn():
            return
        sim.press(buttons.A)
    raise AssertionError(sim.texts())


def crashed(sim):
    return type(screen(sim)).__name__ == "CrashScreen"


# (the class whose method faults, the method, the screen it faults on, how to get there)
PLACES = (
    (menu_list, "key", "TitleScreen", "title"),
    (menu_list, "draw", "TitleScreen", "title"),
    (screens.Screen, "tick", "TitleScreen", "title"),
    (menu_list, "key", "SetupScreen", "setup"),
    (menu_list, "draw", "SetupScreen", "setup"),
    (screens.TableScreen, "key", "TableScreen", "table"),
    (screens.TableScreen, "draw", "TableScreen", "table"),
    (screens.TableScreen, "tick", "TableScreen", "table"),
    (menu_list, "key", "PauseScreen", "pause"),
    (menu_list, "draw", "PauseScreen", "pause"),
    (screens.Screen, "tick", "PauseScreen", "pause"),
    (screens.TextScreen, "key", "TextScreen", "help"),
    (screens.TextScreen, "draw", "TextScreen", "help"),
)


def go(sim, where):
    if where == "setup":
        move_cursor_to(sim, "Diam's")
        sim.press(buttons.A)
        return
    if where == "title":
        return
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    if where in ("pause", "help"):
        sim.press(buttons.START)
        assert title_text(sim).startswith("Paused"), sim.texts()
    if where == "help":
        move_cursor_to(sim, "Rules help")
        sim.press(buttons.A)
        assert isinstance(screen(sim), screens.TextScreen), sim.texts()


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("cls,name,target,where", PLACES)
def test_a_fault_in_a_screen_shows_the_crash_screen_and_a_goes_back(
    board, cls, name, target, where, tmp_path, monkeypatch
):
    armed = Armed(monkeypatch, cls, name, target, KeyError("boom"))
    sim, slot, crash = new_sim(tmp_path, board)
    go(sim, where)
    in_game = sim.app.match is not None
    if in_game:
        before = read(slot.path)
        history = list(sim.app.match.state.history)
        state = fingerprint(sim.app.match.state)
    assert type(screen(sim)).__name__ == target, sim.texts()
    armed.arm()
    if name == "tick":
        sim.frame(0)  # no key: the screen only works
        sim.frame(0)  # the crash screen is drawn by the next frame
    elif name == "draw":
        sim.app.redraw()
        sim.frame(0)
        sim.frame(0)
    else:
        sim.press(buttons.DOWN)
    assert armed.raised == 1
    assert crashed(sim), sim.texts()
    rows = sim.texts()
    assert rows[0].startswith("Something went wrong"), rows
    text = " ".join(rows)
    assert "crash.txt" in text and "KeyError" in text, rows
    with open(crash) as f:  # the report names what failed and where
        report = f.read()
    assert "KeyError" in report and "boom" in report and "method" in report, report
    if not in_game:
        assert "A: to the title" in rows[-1], rows
        sim.press(buttons.A)
        assert type(screen(sim)).__name__ == "TitleScreen"
        return
    assert "Your game is saved" in text, rows
    assert "A: to the game" in rows[-1], rows
    assert sim.app.match is None  # the state that failed is let go
    assert read(slot.path) == before  # the save on the flash is as it was
    sim.press(buttons.A)
    match = sim.app.match
    assert match is not None and list(match.state.history) == history
    assert fingerprint(match.state) == state
    to_table(sim)
    assert list(sim.app.match.state.history) == history  # the same move, still to decide


@pytest.mark.parametrize("board", BOARDS)
def test_b_on_the_crash_screen_goes_to_the_title_with_the_game_saved(board, tmp_path, monkeypatch):
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", ValueError("bad"))
    sim, slot, _ = new_sim(tmp_path, board)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    history = list(sim.app.match.state.history)
    armed.arm()
    sim.press(buttons.A)
    assert crashed(sim)
    sim.press(buttons.B)
    assert type(screen(sim)).__name__ == "TitleScreen"
    assert "Resume Diam's" in " ".join(sim.texts())
    move_cursor_to(sim, "Resume Diam's")
    sim.press(buttons.A)
    assert list(sim.app.match.state.history) == history


@pytest.mark.parametrize("board", BOARDS)
def test_a_fault_in_a_bots_turn_shows_the_crash_screen(board, tmp_path, monkeypatch):
    oom = MemoryError("memory allocation failed")
    armed = Armed(monkeypatch, match_class, "think", "Match", oom)
    sim, slot, crash = new_sim(tmp_path, board)
    armed.arm()
    setup_game(sim, "Diam's", 2, ["normal", "human"])  # the bot opens
    assert armed.raised == 1
    assert crashed(sim), sim.texts()
    assert sim.texts()[0].startswith("Out of memory")
    before = read(slot.path)
    sim.press(buttons.A)  # the bot's turn again, from the save
    assert sim.app.match is not None
    to_table(sim)
    assert len(sim.app.match.state.history) >= 1  # the bot moved this time
    assert read(crash).count(b"MemoryError") >= 1
    assert before.startswith(b"GEMSAVE")


@pytest.mark.parametrize("board", BOARDS)
def test_out_of_memory_while_drawing_is_tried_again_once(board, tmp_path, monkeypatch):
    armed = Armed(monkeypatch, screens.TableScreen, "draw", "TableScreen", MemoryError(), times=1)
    sim, _, crash = new_sim(tmp_path, board)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    assert armed.raised == 1 and not crashed(sim)  # the second try drew the table
    assert isinstance(screen(sim), screens.TableScreen)
    assert not os.path.exists(crash)
    armed.times = 2
    armed.arm()
    sim.press(buttons.DOWN)
    assert armed.raised == 3 and crashed(sim)
    assert sim.texts()[0].startswith("Out of memory")


@pytest.mark.parametrize("board", BOARDS)
def test_the_crash_screens_layout_and_only_a_or_b_leave_it(board, tmp_path, monkeypatch):
    # Guards: the text overwriting the title's gap or the hint row, the detail not cut to
    # one short line, a key other than A or B leaving the screen.
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("x" * 100))
    sim, _, _ = new_sim(tmp_path, board)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    rows = sim.texts()
    assert rows[0].startswith("Something went wrong") and rows[1] == "", rows
    assert rows[2].startswith("Your game is saved"), rows
    assert rows[-1].rstrip() == "A: to the game  B: title", rows  # the hint row: the hint only
    # The detail: the exception's words cut at 60 characters (a line or two of the screen)
    assert screen(sim).lines[-1] == "KeyError: '" + "x" * 59, screen(sim).lines
    assert "KeyError:" in "".join(rows)
    for key in (buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT, buttons.START,
                buttons.SELECT):
        sim.press(key)
        assert crashed(sim) and sim.texts() == rows, key
    sim.press(buttons.B)
    assert type(screen(sim)).__name__ == "TitleScreen"


def test_no_memory_for_the_report_still_shows_the_crash_screen(tmp_path, monkeypatch):
    # Guards: a report that cannot be written (no memory even for it) ending the app.
    from firmware import crash

    def no_memory(*args):
        raise MemoryError()

    monkeypatch.setattr(crash, "report", no_memory)
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("k"))
    sim, _, crash_path = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    assert crashed(sim)
    text = " ".join(sim.texts())
    assert "Your game is saved" in text and "crash.txt" not in text, text
    assert not os.path.exists(crash_path)


def test_a_fault_of_the_crash_screen_is_not_reported_again(tmp_path, monkeypatch):
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("x"))
    from firmware.ui import crash_screen  # the module the next fault imports

    broken = Armed(monkeypatch, crash_screen.CrashScreen, "draw", "CrashScreen",
                   MemoryError(), times=4)
    sim, _, crash = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    broken.arm()
    sim.press(buttons.DOWN)  # the crash screen cannot draw, four times: no exception escapes
    assert crashed(sim) and broken.raised == 4
    assert read(crash).count(b"=== crash") == 1
    sim.frame(0)
    assert sim.texts()[0].startswith("Something went wrong")


def test_a_crash_screen_short_of_memory_comes_on_the_next_frame(tmp_path, monkeypatch):
    from firmware.ui import crash_screen

    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("x"))
    faults = []

    def short_of_memory(app, exc, *facts):
        faults.append(exc)
        raise MemoryError()

    monkeypatch.setattr(crash_screen, "show", short_of_memory)
    sim, slot, crash = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    before = read(slot.path)
    armed.arm()
    sim.frame(buttons.DOWN)  # no exception escapes; nothing to show yet
    assert len(faults) == 1 and not crashed(sim) and sim.app.match is None
    sim.frame(0)  # the crash screen's code loaded again, with memory this time
    assert crashed(sim) and len(faults) == 1
    text = " ".join(sim.texts())
    assert "Your game is saved" in text and "KeyError" in text, text
    assert read(slot.path) == before
    sim.press(buttons.A)
    assert isinstance(screen(sim), screens.TableScreen)
    assert sim.app.match.state.history.copy() == SaveSlot(slot.directory).load().record[4]


def test_keyboard_interrupt_still_stops_the_app(tmp_path, monkeypatch):
    armed = Armed(monkeypatch, menu_list, "key", "TitleScreen", KeyboardInterrupt())
    sim, _, _ = new_sim(tmp_path)
    armed.arm()
    with pytest.raises(KeyboardInterrupt):
        sim.press(buttons.DOWN)


def test_a_game_without_saving_says_it_cannot_come_back(monkeypatch):
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("k"))
    sim = make_sim("pybadge", None)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    text = " ".join(sim.texts())
    assert crashed(sim) and "cannot come back" in text and "crash.txt" not in text
    assert "A: to the title" in sim.texts()[-1]
    sim.press(buttons.A)
    assert type(screen(sim)).__name__ == "TitleScreen"


# -- no boot loop -------------------------------------------------------------------------
@pytest.mark.parametrize("board", BOARDS)
def test_a_fault_while_resuming_keeps_the_save_aside(board, tmp_path, monkeypatch):
    sim, slot, _ = new_sim(tmp_path, board)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    good = read(slot.path)
    armed = Armed(monkeypatch, screens.TableScreen, "draw", "TableScreen", KeyError("resume"),
                  times=2)
    sim, slot, _ = new_sim(tmp_path, board)  # the board starts again
    move_cursor_to(sim, "Resume Diam's")
    armed.arm()
    sim.press(buttons.A)
    assert crashed(sim), sim.texts()
    text = " ".join(sim.texts())
    assert "kept as game.bad1," in text, text  # its name, not the path of the folder
    assert "A: to the title" in sim.texts()[-1]  # no game to go back to: it is kept aside
    assert read(os.path.join(slot.directory, "game.bad1")) == good  # kept, byte for byte
    assert not slot.exists()
    assert not os.path.exists(os.path.join(slot.directory, "game.run"))
    sim.press(buttons.A)
    assert type(screen(sim)).__name__ == "TitleScreen"
    assert "Resume" not in " ".join(sim.texts())
    setup_game(sim, "Diam's", 2, SEATS)  # a new game starts and saves
    assert os.path.exists(slot.path)


def test_a_board_reset_while_resuming_does_not_resume_again(tmp_path):
    sim, slot, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    good = read(slot.path)
    slot.resuming()  # what resume leaves until the game's first frame: then the reset
    sim, slot, _ = new_sim(tmp_path)
    assert title_text(sim).startswith("Saved game"), sim.texts()
    text = " ".join(sim.texts())
    assert "game.bad1" in text, text
    assert read(os.path.join(slot.directory, "game.bad1")) == good
    sim.press(buttons.A)
    assert "Resume" not in " ".join(sim.texts())


def test_resuming_leaves_no_mark_once_the_game_is_drawn(tmp_path):
    sim, slot, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    sim, slot, _ = new_sim(tmp_path)
    move_cursor_to(sim, "Resume Diam's")
    sim.press(buttons.A)
    assert sim.app.match is not None
    assert not os.path.exists(os.path.join(slot.directory, "game.run"))
    sim, slot, _ = new_sim(tmp_path)  # and the next start offers it again
    assert "Resume Diam's" in " ".join(sim.texts())


def _layout(kind, folder, good):
    sav = os.path.join(folder, "game.sav")
    if kind == "none":
        os.remove(sav)
    elif kind == "folder":
        os.remove(sav)
        os.mkdir(sav)
        os.mkdir(os.path.join(folder, "game.tmp"))
    elif kind == "huge":
        with open(sav, "wb") as f:
            f.write(forged_save(good, actions=999999))
    elif kind == "seat":
        with open(sav, "wb") as f:
            f.write(forged_save(good, seats=["robot", "normal"]))
    elif kind == "garbage":
        with open(sav, "wb") as f:
            f.write(os.urandom(3000))
    elif kind == "oddnames":
        for name in ("game.bad\u00b2", "game.bad", "game.badx", "game.old"):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(b"odd")
    else:
        raise AssertionError(kind)


@pytest.mark.parametrize("kind", ("none", "folder", "huge", "seat", "garbage", "oddnames"))
def test_the_board_reaches_the_title_with_any_saves_folder(kind, tmp_path):
    sim, slot, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    good = read(slot.path)
    _layout(kind, slot.directory, good)
    sim, slot, _ = new_sim(tmp_path)  # the board starts again
    if title_text(sim).startswith("Saved game"):
        assert kind in ("folder", "huge", "seat", "garbage", "oddnames"), sim.texts()
        sim.press(buttons.B)
    assert type(screen(sim)).__name__ == "TitleScreen", sim.texts()
    if kind == "oddnames":
        assert "Resume Diam's" in " ".join(sim.texts())  # the save itself was fine
        move_cursor_to(sim, "Resume Diam's")
        sim.press(buttons.A)
        assert sim.app.match is not None
        return
    assert "Resume" not in " ".join(sim.texts())
    setup_game(sim, "Diam's", 2, SEATS)  # and a new game can start, and is saved
    to_table(sim)
    assert slot.load() is not None


class ReadOnlyOs:
    """firmware.save's `os` on a flash the code may not change: CircuitPython's drive mode
    (errno 30) or a full flash (errno 28); reading works."""

    def __init__(self, real, errno):
        self.real = real
        self.errno = errno

    def __getattr__(self, name):
        if name in ("rename", "remove", "mkdir", "rmdir", "replace", "sync"):
            def refuse(*args):
                raise OSError(self.errno, "read-only" if self.errno == 30 else "no space")
            return refuse
        return getattr(self.real, name)


@pytest.mark.parametrize("errno", (30, 28))
def test_the_board_reaches_the_title_when_the_flash_cannot_be_written(errno, tmp_path,
                                                                      monkeypatch):
    import builtins

    import firmware.savefile as savefile

    sim, slot, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    history = list(sim.app.match.state.history)
    os.rename(slot.path, slot.old)  # a save caught between its renames: needs a rename
    real_open = builtins.open

    def open_for_reading(path, mode="r", *args):
        if "w" in mode or "a" in mode:
            raise OSError(errno, "cannot write")
        return real_open(path, mode, *args)

    monkeypatch.setattr(savefile, "os", ReadOnlyOs(os, errno))
    monkeypatch.setattr(builtins, "open", open_for_reading)
    sim, slot, _ = new_sim(tmp_path)  # the board starts again
    assert type(screen(sim)).__name__ == "TitleScreen", sim.texts()
    move_cursor_to(sim, "Resume Diam's")  # read where it is
    sim.press(buttons.A)
    for _ in range(10):
        if sim.app.match is not None and sim.app.match.save_off:
            break
        sim.press(buttons.A)
    assert sim.app.match.save_off, sim.texts()  # the player is told saving is off
    # in words (issue 57), not "[Errno 30] cannot write"
    said = sim.app.match.save_off
    assert ("read-only" if errno == 30 else "full") in said and "Errno" not in said, said
    assert list(sim.app.match.state.history)[: len(history)] == history
    monkeypatch.undo()
    assert os.path.exists(slot.old)  # nothing was lost


# The game's code, the crash screen's and the report's: loaded for a game or a fault only.
GAME_CODE = ("firmware.games.diams.rules", "firmware.games.diams.bot", "firmware.games.diams.table",
             "firmware.ui.match", "firmware.ui.crash_screen", "firmware.crash")


def unload_game_code():
    from firmware.core import unload

    for name in GAME_CODE:
        unload(name)


def test_the_fault_lets_go_of_the_game_and_its_code(tmp_path, monkeypatch):
    import sys

    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("k"))
    unload_game_code()  # as on a board at start (other tests of this process loaded them)
    sim, _, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    assert crashed(sim)
    app = sim.app
    assert app.match is None and app.table is None and app.saved is None
    assert "firmware.crash" not in sys.modules  # loaded for the report, then let go
    for name in GAME_CODE[:4]:  # the heap is the game's no more: the crash screen fits
        assert name not in sys.modules, name
    sim.press(buttons.B)
    assert type(screen(sim)).__name__ == "TitleScreen"
    assert "firmware.ui.crash_screen" not in sys.modules  # let go with its screen
    # The title offers the game: its rules read again (one copy of them, the new one).
    assert "firmware.games.diams.rules" in sys.modules
    assert "Resume Diam's" in " ".join(sim.texts())
    sim.press(buttons.A)
    assert sim.app.match.state.__class__.__module__ == "firmware.games.diams.rules"
    assert type(sim.app.match.state) is sys.modules["firmware.games.diams.rules"].State


@pytest.mark.parametrize("how", ["quit", "game over"])
def test_the_title_after_a_game_lets_go_of_its_code(how, tmp_path):
    import sys

    unload_game_code()
    sim, slot, _ = new_sim(tmp_path)
    seats = SEATS if how == "quit" else ["normal", "normal"]
    setup_game(sim, "Diam's", 2, seats, {"length": "quick"}, settle=False)
    assert "firmware.games.diams.bot" in sys.modules and "firmware.ui.match" in sys.modules
    if how == "quit":
        to_table(sim)
        sim.press(buttons.START)
        move_cursor_to(sim, "Quit to the title")
        sim.press(buttons.A)
    else:
        while not sim.app.match.over():
            sim.press(buttons.A)
        assert title_text(sim).startswith("Game over")
        sim.press(buttons.B)  # the results: B, to the title
    assert type(screen(sim)).__name__ == "TitleScreen"
    offered = "Resume Diam's" in " ".join(sim.texts())
    assert offered == (how == "quit")
    for name in GAME_CODE[1:]:  # the bots, the table, the match: until a game starts
        assert name not in sys.modules, name
    # The rules stay only to hold the game the title offers.
    assert ("firmware.games.diams.rules" in sys.modules) == offered


def test_a_fault_while_the_title_is_made_at_start(tmp_path, monkeypatch):
    from firmware.app import App

    real = App.title
    calls = [0]

    def title(self):
        calls[0] += 1
        if calls[0] == 1:
            raise MemoryError()
        real(self)

    monkeypatch.setattr(App, "title", title)
    sim, _, crash = new_sim(tmp_path)
    assert crashed(sim) and sim.texts()[0].startswith("Out of memory")
    assert os.path.exists(crash)
    sim.press(buttons.A)
    assert type(screen(sim)).__name__ == "TitleScreen"


def test_a_fault_after_the_game_ended_says_nothing_is_lost(tmp_path, monkeypatch):
    armed = Armed(monkeypatch, result_screen, "key", "ResultScreen", KeyError("end"))
    sim, slot, _ = new_sim(tmp_path)
    setup_game(sim, "Diam's", 2, ["normal", "easy"], {"length": "quick"})
    for _ in range(50):
        if title_text(sim).startswith("Game over"):
            break
        sim.press(buttons.A)
    assert title_text(sim).startswith("Game over"), sim.texts()
    armed.arm()
    sim.press(buttons.A)
    text = " ".join(sim.texts())
    assert crashed(sim) and "The game had ended: nothing is lost." in text, text
    assert "A: to the title" in sim.texts()[-1]
    assert os.path.exists(slot.last)


def test_the_words_of_a_game_that_was_not_saved(monkeypatch):
    armed = Armed(monkeypatch, screens.TableScreen, "key", "TableScreen", KeyError("k"))
    sim = make_sim("picodisplay", None)
    setup_game(sim, "Diam's", 2, SEATS)
    to_table(sim)
    armed.arm()
    sim.press(buttons.DOWN)
    assert "This game was not saved: it cannot come back." in " ".join(sim.texts())


def test_a_save_that_cannot_be_read_now_is_told_in_its_own_words(tmp_path, monkeypatch):
    from firmware.savefile import SaveError

    def short_of_memory(self):
        raise SaveError("Not enough memory to read the saved game now.")

    monkeypatch.setattr(SaveSlot, "load", short_of_memory)
    sim, _, _ = new_sim(tmp_path)
    assert title_text(sim).startswith("Saved game")
    assert " ".join(screen(sim).lines) == "Not enough memory to read the saved game now."


def test_a_frame_with_nothing_new_draws_nothing(tmp_path):
    sim, _, _ = new_sim(tmp_path)
    shown = []
    show = sim.app.scene.show
    sim.app.scene.show = lambda canvas: shown.append(1) or show(canvas)
    for _ in range(5):
        sim.frame(0)
    assert shown == []
    sim.press(buttons.DOWN)
    assert len(shown) == 1


@pytest.mark.parametrize("where", ["bots", "table"])
@pytest.mark.parametrize("board", BOARDS)
def test_a_game_that_does_not_fit_in_memory_says_so_at_the_title(board, where, tmp_path,
                                                                  monkeypatch):
    # Diploma's rules, bots and table from .mpy need more heap than a PyBadge (or a PyGamer:
    # the same chip's RAM) has; the UF2 plays it. Guards:
    # the game's start ending on the crash screen, the half-made match kept on the heap, or
    # a message naming another game.
    def no_room(*args, **kwargs):
        raise MemoryError("memory allocation failed, allocating 235 bytes")

    sim, slot, crash = new_sim(tmp_path, board)
    # The classes the app will use now: an earlier test may have let go of the modules
    # imported at the top of this file (the app imports them anew).
    if where == "bots":
        target = match_class()
    else:
        target = importlib.import_module(type(sim.app).__module__).screens.TableScreen
    monkeypatch.setattr(target, "__init__", no_room)
    setup_game(sim, "Diploma", 2, SEATS, settle=False)
    assert not crashed(sim) and sim.app.match is None
    words = " ".join(sim.texts())
    assert sim.texts()[0].startswith("Memory") and "Diploma does not fit" in words, words
    assert "games built in" in words and "make uf2" in words and not os.path.exists(crash)
    sim.press(buttons.A)
    assert type(screen(sim)).__name__ == "TitleScreen"
