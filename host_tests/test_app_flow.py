# The app's frame and flow by what a player meets (firmware/app.py): each new game gets its
# own deal; the turn tick sounds when a human's turn comes after the bots, and only then;
# the frame runs on the clock it is given (a held direction repeats on that clock); a resumed
# game's mark on the flash is removed once, when the game is on the screen; a board without
# a display falls back to the console.
import sys

from app_driver import choose, make_sim, move_cursor_to, setup_game, title_text, to_decision

from firmware import buttons
from firmware.core.prng import Prng
from firmware.save import SaveSlot

SEATS = ["human", "normal"]


def test_each_new_game_gets_the_next_seed(tmp_path):
    # Guards: every game from one title dealt from the same seed (the same cards again).
    sim = make_sim("pybadge", None, seed=40)  # no save: the title offers no Resume
    setup_game(sim, "Diam's", 2, SEATS)
    assert sim.app.match.state.seed == 40
    sim.press(buttons.START)
    move_cursor_to(sim, "Quit to the title")
    sim.press(buttons.A)
    setup_game(sim, "Diam's", 2, SEATS)
    assert sim.app.match.state.seed == 41


class Beeps:
    def __init__(self, board):
        self.heard = []
        board.beep = lambda hz, ms: self.heard.append((hz, ms))


def test_the_turn_tick_sounds_when_the_bots_hand_back_and_never_else(tmp_path):
    # Guards: a tick on every human move (or none) instead of when the bots hand the turn
    # back. Diamonds' passing makes the human pick three times in a row.
    sim = make_sim("pybadge", None, seed=3)
    beeps = Beeps(sim.board)
    setup_game(sim, "Diamonds", 2, SEATS)
    match = sim.app.match
    rng = Prng(6)
    handbacks = 0
    seen = 0  # the history's length after the human's last move
    for _ in range(30):
        to_decision(sim)  # through "While you waited": A on every text screen
        if match.over():
            break
        handbacks += len(match.state.history) > seen  # the bots moved since
        assert len(beeps.heard) == handbacks, (len(beeps.heard), handbacks)
        legal = match.legal()
        seen = len(match.state.history) + 1  # (choose() lets the bots answer after it)
        choose(sim, legal[rng.randbelow(len(legal))])
    assert 3 <= handbacks < 30  # ticks came, and not after every pick
    assert all(hz == 880 for hz, _ in beeps.heard)


def test_two_humans_never_hear_the_tick(tmp_path):
    sim = make_sim("pybadge", None, seed=3)
    beeps = Beeps(sim.board)
    setup_game(sim, "Diamonds", 2, ["human", "human"])
    rng = Prng(1)
    for _ in range(12):
        to_decision(sim)
        legal = sim.app.match.legal()
        choose(sim, legal[rng.randbelow(len(legal))])
    assert beeps.heard == []


def test_the_frame_runs_on_the_clock_it_is_given(monkeypatch):
    # Guards: frame() reading the board's clock when it was given the time (key repeat,
    # a bot's slices and the simulator's virtual clock all follow the time given). The
    # board's clock is stopped here: only the given time can make a held key repeat.
    from firmware import app as app_module

    monkeypatch.setattr(app_module, "ticks_ms", lambda: 0)
    sim = make_sim("pybadge", None)
    app = sim.app
    assert title_text(sim).startswith("Pocket Gem Games")
    app.frame(0, 1000)
    app.frame(buttons.DOWN, 2000)  # pressed: one step
    for now in range(3000, 9000, 1000):  # held: past the repeat delay at every frame
        app.frame(buttons.DOWN, now)
    app.frame(0, 10000)
    items = app.screen.items()
    assert len(items) > 2
    assert app.screen.cursor == 7 % len(items), app.screen.cursor  # 1 + 6 repeats


def test_a_resumed_games_mark_is_removed_once_when_it_is_drawn(tmp_path, monkeypatch):
    # Guards: the mark removed on every redraw (a flash write each frame), never, or for a
    # new game.
    slot = SaveSlot(str(tmp_path), sync=False)
    sim = make_sim("pybadge", slot)
    setup_game(sim, "Diam's", 2, SEATS)
    calls = []
    real = SaveSlot.resumed

    def counted(self):
        calls.append(1)
        real(self)

    monkeypatch.setattr(SaveSlot, "resumed", counted)
    for _ in range(3):
        sim.press(buttons.DOWN)
    assert calls == []  # a new game: no mark, nothing to remove
    sim2 = make_sim("pybadge", slot)
    assert "Resume Diam's" in " ".join(sim2.texts())
    sim2.press(buttons.A)
    assert len(calls) == 1 and not sim2.app.resuming
    for _ in range(3):
        sim2.press(buttons.DOWN)
    assert len(calls) == 1


def test_without_a_board_the_app_says_so_and_the_console_runs():
    # Guards: main() claiming a display on a computer (main.py would then not fall back).
    from firmware import app

    assert app.main() is False


def test_the_buttons_page_shows_this_boards_own_buttons():
    # Guards: every board shown the generic line instead of its own buttons (the Pico
    # Display's four buttons work by chords: a player must be told).
    for board, words in (("picodisplay", "X+Y: pause menu (START)"), ("pybadge", "START")):
        sim = make_sim(board, None)
        move_cursor_to(sim, "Buttons")
        sim.press(buttons.A)
        assert title_text(sim).startswith("Buttons")
        assert any(words in row for row in sim.texts()), (board, sim.texts())


def test_the_tick_sounds_once_per_hand_back_not_again_after_the_pause_menu():
    # Guards: the tick kept armed after it sounded (it sounds again whenever the table is
    # shown again: after the pause menu, the log, the help).
    sim = make_sim("pybadge", None, seed=3)
    beeps = Beeps(sim.board)
    setup_game(sim, "Diamonds", 2, ["normal", "human"])  # the bot opens, then hands back
    to_decision(sim)
    assert len(beeps.heard) == 1
    sim.press(buttons.START)
    assert title_text(sim).startswith("Paused")
    sim.press(buttons.A)  # back to the game
    to_decision(sim)
    assert len(beeps.heard) == 1


def test_a_key_typed_on_the_serial_ends_the_app_for_the_console(monkeypatch):
    # A Pico cannot tell whether its pack is on: a key typed on its serial ends run(), and
    # main() returns False for the console. Guards: run() never looking (the console out of
    # reach without a pack) or ending before the frames it owes (the app never shown).
    from firmware import app as app_module

    sim = make_sim("picodisplay", None)
    typed = iter([False, False, False, True])
    sim.board.typed = lambda: next(typed)
    frames = []
    monkeypatch.setattr(sim.app, "frame", lambda mask, now: frames.append(now))
    monkeypatch.setattr(app_module, "sleep_ms", lambda ms: None)
    assert sim.app.run() is None
    assert len(frames) == 3


def test_main_on_a_board_runs_until_the_console_is_asked_for(monkeypatch, tmp_path, capsys):
    # main() as on a Pico: the pack's board opened, the hint on the serial, frames until a
    # key is typed there, then False (firmware/start.py runs the console). Guards: main()
    # claiming it ran for good (the console never reached) or losing the hint.
    from sim import HostBoard, headless_display

    from firmware import app as app_module
    from firmware import hw

    board = HostBoard(headless_display(*hw.SIZES["picodisplay"]), "picodisplay")
    typed = iter([False, False, True])
    board.typed = lambda: next(typed)
    monkeypatch.chdir(tmp_path)  # the saves' folder, as a board's root
    monkeypatch.setattr(hw, "detect", lambda: "picodisplay")
    monkeypatch.setattr(hw, "open_board", lambda name: board)
    monkeypatch.setattr(app_module, "sleep_ms", lambda ms: None)
    assert app_module.main() is False
    assert "Press Enter here for the text console." in capsys.readouterr().out
    assert "firmware.hw" not in sys.modules  # the profiles' code left the heap at start


def test_main_without_the_panel_says_so_and_gives_the_console(monkeypatch, capsys):
    from firmware import app as app_module
    from firmware import hw

    def no_panel(name):
        raise OSError("SPI busy")

    monkeypatch.setattr(hw, "detect", lambda: "picodisplay")
    monkeypatch.setattr(hw, "open_board", no_panel)
    assert app_module.main() is False
    assert capsys.readouterr().out == (
        "no display (OSError('SPI busy')): the text console runs instead\n")
