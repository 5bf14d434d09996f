# The firmware on an emulated Raspberry Pi Pico (tools/pico.py: rp2040js running MicroPython
# 1.28's rp2 firmware, ../shared/emu), with the files `make flash` writes to a MicroPython
# board on its littlefs flash: the self-test plays every game to its end with bots; a game
# saved to the board's flash after every action, forgotten, resumed from the flash and played
# to its end, its file byte-identical to CPython's; a save written by CPython resumed on the
# board; main.py starting the self-test at boot when the flag file is there.
# Each run prints its board time (emulated cycles / 125 MHz; `make picotest` shows them).
# Without ../shared/emu these tests fail and say so (CI has it): they never skip.
import binascii
import json

import pico
import pytest

import firmware.selftest as selftest
from firmware.bots import make_bot
from firmware.core import GAMES, available, load, record
from firmware.save import SaveSlot

# Deterministic limits (emulated cycles, 125 M a board second): about 4x what each run takes.
SELFTEST_CYCLES = 3_500_000_000
SAVE_CYCLES = 2_500_000_000
MAIN_CYCLES = 125_000_000
# Wall clock, only against a hung emulator: generous for a loaded 2-core CI machine.
TIMEOUT = 1500


@pytest.fixture(scope="session")
def emu():
    try:
        return pico.prepare()
    except pico.PicoError as exc:
        problem = str(exc)
    pytest.fail("the emulated Pico cannot run: %s" % problem, pytrace=False)


def report(name, result):
    """The figures of a run, for `make picotest` (pytest -s) and for failures."""
    print("pico %s: %s" % (name, result.figures()))


def check(result):
    assert result.status == 0, "status %d\n%s\n%s" % (result.status, result.stdout,
                                                     result.error)


def test_quick_selftest_plays_every_game_to_its_end(emu, tmp_path):
    fs = pico.board_fs(tmp_path / "fs")
    assert (fs / "firmware" / "selftest.mpy").is_file() and not (fs / "firmware/save.py").exists()
    result = pico.run(code="from firmware import selftest\nselftest.run(quick=True)\n", fs=fs,
                      max_cycles=SELFTEST_CYCLES, timeout=TIMEOUT, emu=emu)
    report("selftest quick", result)
    print(result.stdout, end="")
    check(result)
    present = [name for name in GAMES if available(name)]
    for name in GAMES:
        if name in present:
            assert "selftest %s: ok, " % name in result.stdout, result.stdout
        else:
            assert "selftest %s: not on this board" % name in result.stdout, result.stdout
    summary = result.stdout.strip().splitlines()[-1]
    assert summary == "selftest: %d passed, 0 failed, %d not on this board" % (
        len(present), len(GAMES) - len(present)), result.stdout
    # The quick mode's settings, as the per-game lines say.
    assert "selftest diams: ok, 2 players, length quick, seed %d, " % selftest.SEED \
        in result.stdout, result.stdout


# -- save and resume through the board's flash -------------------------------------------------
# Runs on the board. GAME, PLAYERS, SEED, OPTIONS, SEATS, EXTRA, STEPS, HOST_GAME come first
# (pico.run's `pre`). Part 1: a new game, saved after every action by the front ends'
# autosaver to /saves/game.sav. Part 2: everything dropped (state, bots, slot, every firmware
# module), the game read back from the flash and played to its end with new bots, saved after
# each of its first MORE actions and at the end (the finished game becomes game.last). A save
# costs the board ~80-130 ms, mostly flash erases (counted at the chip's typical 45 ms per 4
# KiB block, see ../shared/emu/README.md), so not every action is saved here. Part 3:
# /saves/host.sav, written by CPython, resumed and played to its end. Lines "KEY json" out.
BOARD_SAVE = """
import binascii
import gc
import json
import os
import sys
import time


def show(key, value):
    print(key, json.dumps(value))


def as_json(rec):
    game, players, seed, options, history = rec
    return [game, players, seed, options, list(history)]


def file_hex(path):
    with open(path, "rb") as f:
        return binascii.hexlify(f.read()).decode()


def drop_firmware():
    for name in list(sys.modules):
        if name == "firmware" or name.startswith("firmware."):
            del sys.modules[name]
    gc.collect()


def new_bots(players, game, seed):
    from firmware.bots import make_bot

    bots = []
    for seat in range(players):
        bot = make_bot(game, seat, "normal", seed + 7919 * (seat + 1))
        bot.strict = True  # a bot's error must fail the test, not fall back quietly
        bots.append(bot)
    return bots


def play(state, bots, after, steps):
    n = 0
    while n < steps and not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.view(seat)))
        after(state)
        n += 1
    return n


def part1():
    from firmware.core import load, record
    from firmware.save import SaveSlot, autosaver

    slot = SaveSlot()
    state = load(GAME).new_game(PLAYERS, SEED, OPTIONS)
    after = autosaver(slot, SEATS, extra=EXTRA)
    start = time.ticks_ms()
    after(state)
    show("played", play(state, new_bots(PLAYERS, GAME, SEED), after, STEPS))
    show("ms_saving", time.ticks_diff(time.ticks_ms(), start))
    show("path", slot.path)
    show("saved", as_json(record(state)))
    show("bytes", file_hex(slot.path))
    show("files", sorted(os.listdir("/saves")))


def part2():
    from firmware.core import record
    from firmware.save import SaveSlot, autosaver

    slot = SaveSlot()
    saved = slot.load()
    show("loaded", as_json(saved.record))
    show("replayed", as_json(record(saved.state)))
    show("seats", [saved.seats, saved.extra])
    state = saved.state
    saved = None
    after = autosaver(slot, SEATS, extra=EXTRA)
    bots = new_bots(PLAYERS, GAME, SEED)
    more = play(state, bots, after, MORE)
    show("files", sorted(os.listdir("/saves")))
    more += play(state, bots, lambda s: None, 100000)
    show("more", more)
    show("over", state.is_over())
    after(state)  # the last save: the finished game becomes game.last
    show("final", as_json(record(state)))
    show("scores", list(state.scores()))
    show("files", sorted(os.listdir("/saves")))
    show("last", file_hex(slot.last))


def part3():
    from firmware.core import record
    from firmware.save import SaveSlot

    slot = SaveSlot(name="host")
    saved = slot.load()
    show("host", as_json(saved.record))
    show("host_seats", [saved.seats, saved.extra])
    state = saved.state
    saved = None
    play(state, new_bots(state.players, HOST_GAME, state.seed), lambda s: None, 100000)
    show("host_final", as_json(record(state)))


part1()
drop_firmware()
show("modules", [name for name in sys.modules if name.startswith("firmware")])
part2()
drop_firmware()
part3()
show("done", True)
"""

GAME, PLAYERS, SEED, OPTIONS = "diams", 2, 2024, {"closing": "fixed", "length": "quick"}
SEATS, EXTRA = ["human", "normal"], {"screen": "table", "turn": 3}
STEPS, MORE = 20, 5  # actions saved before the resume, and after it
HOST = ("sixgems", 3, 99, {"length": "6"}, 25)  # game, players, seed, options, actions
HOST_SEATS, HOST_EXTRA = ["normal", "human", "easy"], {"from": "cpython"}


def bots(game, players, seed):
    made = []
    for seat in range(players):
        bot = make_bot(game, seat, "normal", seed + 7919 * (seat + 1))
        bot.strict = True
        made.append(bot)
    return made


def play(state, players, steps):
    n = 0
    while n < steps and not state.is_over():
        seat = state.current_player()
        state.apply(players[seat].choose(state.view(seat)))
        n += 1
    return n


def as_json(rec):
    return json.loads(json.dumps([rec[0], rec[1], rec[2], rec[3], list(rec[4])]))


def cpython_bytes(tmp_path, name, rec, seats, extra):
    folder = tmp_path / ("cpython-" + name)
    slot = SaveSlot(str(folder), name=name, sync=False)
    slot.save(tuple(rec), seats, extra)
    return (folder / (name + ".sav")).read_bytes()


def test_save_to_the_board_flash_and_resume_from_it(emu, tmp_path):
    # What the board should do, on CPython: STEPS actions, then new bots to the end.
    state = load(GAME).new_game(PLAYERS, SEED, OPTIONS)
    assert play(state, bots(GAME, PLAYERS, SEED), STEPS) == STEPS
    at_save = as_json(record(state))
    play(state, bots(GAME, PLAYERS, SEED), 100000)
    assert state.is_over()
    final = as_json(record(state))
    # A save CPython writes, for the board to resume.
    game, players, seed, options, steps = HOST
    host_state = load(game).new_game(players, seed, options)
    assert play(host_state, bots(game, players, seed), steps) == steps
    host_at = as_json(record(host_state))
    host_file = cpython_bytes(tmp_path, "host", host_at, HOST_SEATS, HOST_EXTRA)
    play(host_state, bots(game, players, seed), 100000)
    host_final = as_json(record(host_state))

    fs = pico.board_fs(tmp_path / "fs", {"saves/host.sav": host_file})
    pre = "GAME=%r; PLAYERS=%d; SEED=%d; OPTIONS=%r; SEATS=%r; EXTRA=%r; STEPS=%d; MORE=%d; " \
        "HOST_GAME=%r" % (GAME, PLAYERS, SEED, OPTIONS, SEATS, EXTRA, STEPS, MORE, game)
    result = pico.run(code=BOARD_SAVE, pre=pre, fs=fs, max_cycles=SAVE_CYCLES, timeout=TIMEOUT,
                      emu=emu)
    report("save and resume", result)
    print("pico save and resume: %d saves (%d actions) took %s ms of board time"
          % (STEPS + 1, STEPS, result.stdout.split("ms_saving ")[-1].split()[0]))
    check(result)
    got = {}
    for line in result.stdout.splitlines():
        key, _, value = line.partition(" ")
        got.setdefault(key, []).append(json.loads(value))
    assert got["done"] == [True], result.stdout
    # Part 1: saved after every action on the board's littlefs, the same game as on CPython.
    assert got["played"] == [STEPS] and got["path"] == ["/saves/game.sav"]
    assert got["saved"] == [at_save]
    assert got["files"][0] == ["game.sav", "host.sav"]
    board_bytes = binascii.unhexlify(got["bytes"][0])
    assert board_bytes == cpython_bytes(tmp_path, "game", at_save, SEATS, EXTRA)
    # Part 2: nothing of the game left in memory, read back from the flash, identical.
    assert got["modules"] == [[]]
    assert got["loaded"] == [at_save] and got["replayed"] == [at_save]
    assert got["seats"] == [[SEATS, EXTRA]]
    assert got["more"] == [len(final[4]) - STEPS] and got["over"] == [True]
    assert got["final"] == [final]
    assert got["scores"] == [list(state.scores())]
    assert got["files"][1] == ["game.sav", "host.sav"]  # saved over, .tmp/.old gone
    assert got["files"][2] == ["game.last", "host.sav"]  # finished: nothing to resume
    assert binascii.unhexlify(got["last"][0]) == cpython_bytes(tmp_path, "last", final, SEATS,
                                                               EXTRA)
    # Part 3: CPython's save resumed on the board and played to the same end.
    assert got["host"] == [host_at] and got["host_seats"] == [[HOST_SEATS, HOST_EXTRA]]
    assert got["host_final"] == [host_final]


# Forged saves on the board's flash (issue 20): a valid checksum over a header that announces
# 999,999 actions (once a MemoryError at the title, every start) and one with a seat that is
# no player ("robot"). What main.py runs on a Pico without a display, the console, reaches
# its first question with the reason shown; the input then ends (EOF: "Bye.").
BOARD_FORGED = """
import os
from firmware.save import SaveSlot
from firmware.ui.console import play


def inp(prompt):
    print("PROMPT " + prompt)
    raise EOFError


for name in ("huge", "robot"):
    print("CASE " + name)
    play("diams", slot=SaveSlot(name=name), inp=inp)
print("FILES " + " ".join(sorted(os.listdir("/saves"))))
"""


def test_forged_saves_reach_the_console_prompt_on_the_board(emu, tmp_path):
    from checks import forged_save

    state = load("diams").new_game(2, 7, {"length": "quick"})
    play(state, bots("diams", 2, 7), 12)
    good = cpython_bytes(tmp_path, "good", as_json(record(state)), ["human", "normal"], {})
    huge = forged_save(good, actions=999999)
    robot = forged_save(good, seats=["robot", "normal"])
    fs = pico.board_fs(tmp_path / "fs", {"saves/huge.sav": huge, "saves/robot.sav": robot})
    result = pico.run(code=BOARD_FORGED, fs=fs, max_cycles=SAVE_CYCLES, timeout=TIMEOUT, emu=emu)
    report("forged saves to the console prompt", result)
    print(result.stdout, end="")
    check(result)  # no traceback: the script ran to its end
    out = result.stdout
    huge_part, robot_part = out.split("CASE robot")
    for part, kept in ((huge_part, "huge.bad1"), (robot_part, "robot.bad1")):
        assert "cannot be resumed" in part and kept in part, out
        assert "PROMPT Players" in part and "Bye." in part, out
    assert "FILES huge.bad1 robot.bad1" in out, out


def test_main_runs_the_selftest_at_boot_with_the_flag_file(emu, tmp_path):
    # The flag file's words: the quick mode, one game (the full self-test is ~12 board s).
    fs = pico.board_fs(tmp_path / "fs", {selftest.FLAG: "quick diamonds\n"})
    result = pico.run(code="import os\nprint(sorted(os.listdir('/')))\n", fs=fs,
                      with_main=True, boot_log=True, max_cycles=MAIN_CYCLES, timeout=TIMEOUT,
                      emu=emu)
    print("pico main.py at boot: %s (the self-test: boot %.3f s)"
          % (result.figures(), result.boot_seconds or 0))
    check(result)
    boot = result.stderr.replace("\r\n", "\n")
    assert "selftest diamonds: ok, 2 players, seed %d, " % selftest.SEED in boot, boot
    assert "selftest: 1 passed, 0 failed, 0 not on this board" in boot, boot
    assert "selftest diams" not in boot
    # main.py returned and the board went on to its REPL, where the script ran.
    assert result.stdout.strip() == str(sorted(["boot.py", "main.py", "firmware",
                                                selftest.FLAG])), result.stdout
