# The handheld app on real CircuitPython: the firmware with the games frozen in
# (tools/cpbuild.py's cp-emu: CircuitPython 9.2.9 for the Pico, the same modules cut as on the
# PyBadge and the PyGamer, the same drive.h) booted on the emulated Pico (tools/cpico.py,
# ../shared/cpsrc/tools/cp-run.js) with a Pico Display Pack. The title is drawn by
# CircuitPython's own displayio in C through busio.SPI, decoded from the bus
# (tools/panelmodel.py) and compared with the desktop simulator's; the buttons are pressed
# on GP12-15 (tools/pico-screen.js); the drive starts blank (CircuitPython formats it) or
# from an image (mkfs.fat, mtools). The build is cached (tools/cpbuild.py), so `make test`
# builds it once per machine. Runs in `make test` (marked slow).
import os
import re

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import cpbuild  # noqa: E402
import cpico  # noqa: E402
import pico  # noqa: E402
import pytest  # noqa: E402
from buildkit import BuildError  # noqa: E402
from panelmodel import shots  # noqa: E402
from test_pico_screen import LINK_LOOP, in_the_simulator, same_screens  # noqa: E402

from firmware.core import GAMES  # noqa: E402

TIMEOUT = 1500  # wall seconds, against a hung emulator only
ROOT = pico.ROOT


@pytest.fixture(scope="module")
def firmware():
    try:
        pico.prepare()
        return cpbuild.build("cp-emu", log=lambda line: None).image
    except (BuildError, pico.PicoError, cpico.CpicoError) as exc:
        pytest.fail(str(exc), pytrace=False)


def test_power_on_from_a_blank_drive_shows_the_simulators_title_and_keys_move(firmware,
                                                                              tmp_path):
    # A board fresh from the UF2: CircuitPython formats the drive (its sample code.py),
    # drive.h puts boot.py and main.py there, boot.py gives the flash to the game, main.py
    # starts the frozen app, and CircuitPython's displayio draws the title.
    keys = ["DOWN", "DOWN", "A"]  # to Quartz, its setup screen
    record = tmp_path / "bus.bin"
    result = cpico.run(firmware, keys=pico.app_steps(keys) + [["end"]], screen=record,
                       timeout=TIMEOUT)
    assert result.status == 0, result.stdout[-3000:] + result.stderr[-2000:]
    print("cp-emu title: %s" % result.figures())
    out = result.stdout
    assert "boot.py output:" in out and "flash writable by the game" in out
    assert "main.py output:" in out and "code.py output:" not in out  # the sample is gone
    assert "Traceback" not in out
    pictures, panel = shots(record.read_bytes())
    assert panel.on
    simulator = in_the_simulator(keys, saves=tmp_path / "saves")
    assert "Pocket Gem Games" in simulator[0][1][0]
    listed = [line[1:] for line in simulator[0][1][1:1 + len(GAMES)]]
    assert len(listed) == len(GAMES) >= 5
    same_screens(tmp_path, [pictures[str(i)] for i in range(len(keys) + 1)], simulator, keys)


FROZEN = """
import os
import firmware.games.diams.rules as d
try:
    os.stat(d.__file__)
    print('on the drive', d.__file__)
except OSError:
    print('frozen', d.__file__)
print('files', sorted(os.listdir('/')))
"""


def test_selftest_plays_every_game_from_frozen_modules(firmware, tmp_path):
    # The flag file: main.py runs the self-test (quick: 2 players, the shortest lengths),
    # a whole game of each game with bots, from the frozen modules; then the REPL.
    drive = cpico.drive_image(tmp_path / "drive.img", {"selftest": "quick"})
    result = cpico.run(firmware, [FROZEN], drive=drive, timeout=TIMEOUT)
    print("cp-emu selftest quick: %s" % result.figures())
    assert result.status == 0, result.stdout[-3000:] + result.stderr[-2000:]
    out = result.stdout
    for name in GAMES:
        assert "selftest %s: ok, " % name in out, out[-3000:]
    assert "selftest: %d passed, 0 failed" % len(GAMES) in out
    assert "frozen firmware/games/diams/rules.py" in out
    assert "files ['boot.py', 'boot_out.txt', 'main.py', 'pocket-gems.txt', 'selftest']" in out


# The app has drawn its title and waits: the run ends there, the drive is read back.
SETTLED = cpico.SETTLED + [["end"]]


def drive_after(tmp_path, firmware, mine, keys=SETTLED):
    """(the run, {path: bytes} of the drive after it) from a drive holding `mine`."""
    drive = cpico.drive_image(tmp_path / "drive.img", mine)
    after = tmp_path / "after.img"
    result = cpico.run(firmware, drive=drive, keys=keys, drive_out=after, timeout=TIMEOUT)
    assert result.status == 0, result.stdout[-3000:] + result.stderr[-2000:]
    files = cpico.drive_files(after)
    files.pop("boot_out.txt", None)
    return result, files


def ours(name):
    return (ROOT / name).read_bytes()


def test_the_first_power_on_sets_aside_what_would_run_instead_and_keeps_it(firmware,
                                                                           tmp_path):
    # A drive that ran something else: another program's code.py and boot.py, a firmware/
    # folder an earlier `make flash` left (it would replace the frozen games), a library.
    mine = {"code.py": "print('my own program')\n", "boot.py": "print('my own boot')\n",
            "firmware/core/__init__.py": "raise ImportError('an old make flash')\n",
            "lib/mylib.py": "X = 1\n", "notes.txt": "keep me\n"}
    result, files = drive_after(tmp_path, firmware, mine)
    out = result.stdout
    assert "my own" not in out and "Traceback" not in out
    assert "flash writable by the game" in out and "main.py output:" in out
    assert files.pop("main.py") == ours("main.py") and files.pop("boot.py") == ours("boot.py")
    note = files.pop("pocket-gems.txt")
    assert note == (ROOT / "tools" / "frozen" / "circuitpython" / "pocket-gems.txt").read_bytes()
    moved = {"before-games/" + name: data.encode() for name, data in mine.items()
             if not name.startswith(("lib/", "notes"))}
    assert files == {**moved, "lib/mylib.py": b"X = 1\n", "notes.txt": b"keep me\n"}


def test_a_second_install_keeps_what_the_first_set_aside(firmware, tmp_path):
    # The note deleted (the owner asked for a new set-up): what is in the way goes beside
    # what an earlier install set aside, under a number; our own files stay where they are.
    mine = {"main.py": ours("main.py"), "boot.py": ours("boot.py"), "code.py": "second\n",
            "before-games/code.py": "first\n", "before-games/code.py.2": "older\n"}
    _, files = drive_after(tmp_path, firmware, mine)
    assert files.pop("pocket-gems.txt")
    assert files == {"main.py": ours("main.py"), "boot.py": ours("boot.py"),
                     "before-games/code.py": b"first\n", "before-games/code.py.2": b"older\n",
                     "before-games/code.py.3": b"second\n"}


def test_once_set_up_the_drive_is_the_owners(firmware, tmp_path):
    # After the first time (pocket-gems.txt there), a code.py of one's own runs instead of
    # the games and nothing is moved.
    mine = {"pocket-gems.txt": "set up\n", "main.py": ours("main.py"),
            "boot.py": ours("boot.py"), "code.py": "print('my own program')\n"}
    drive = cpico.drive_image(tmp_path / "drive.img", mine)
    result = cpico.run(firmware, ["import os; print('FILES', sorted(os.listdir('/')))"],
                       drive=drive, timeout=TIMEOUT)
    assert result.status == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "code.py output:\nmy own program\n" in result.text
    assert "FILES ['boot.py', 'boot_out.txt', 'code.py', 'main.py', 'pocket-gems.txt']" \
        in result.stdout


def test_a_drive_left_without_a_program_gets_main_py_again(firmware, tmp_path):
    mine = {"pocket-gems.txt": "set up\n", "saves/keep.txt": "x"}
    result, files = drive_after(tmp_path, firmware, mine)
    # boot.py is not written again: without it the drive stays the computer's, as the
    # owner chose; main.py starts the games
    assert files == {"main.py": ours("main.py"), "pocket-gems.txt": b"set up\n",
                     "saves/keep.txt": b"x"}
    assert "main.py output:" in result.stdout and "boot.py output:" not in result.stdout


TITLE = """
from firmware import hw
from firmware.app import App
from firmware.ui.scene import Scene
board = hw.open_board(hw.detect())
app = App(board, Scene(board.display), None, False, seed=1)
app.frame(0, 0)
gc.collect()
print("title free", gc.mem_free(), "ballast", len(BALLAST_BLOCK or ()))
"""


def test_the_ballast_leaves_the_heap_of_a_pybadge(firmware, tmp_path):
    # tools/cpheap.py: a PyBadge's heap on the emulated Pico. The PyGamer's build gives its
    # heap the same span (CircuitPython 9.2.9 gives both a SAMD51J19); the ballast takes the
    # difference to the Pico's plus the external flash's cache, and the app's free heap at
    # the title drops by that (heapgame.py's ballast, then the app to its title; measured:
    # 169,472 -> 120,832 B, 64 B more than the ballast; now 166,832 -> 119,344 B).
    import cpheap

    taken, pybadge, pico_span = cpheap.ballast()
    pygamer = cpheap.heap_span(cpbuild.build("pygamer", log=lambda line: None).elf, "samd51")
    assert pybadge == pygamer and 150_000 < pybadge < pico_span < 240_000
    assert taken == pico_span - pybadge + cpheap.FLASH_CACHE
    harness = cpheap.SCRIPT.read_text()
    head = harness[:harness.index("\nCUT = ")]  # the ballast, before the game's part
    free = []
    for ballast in (0, taken):
        drive = cpico.drive_image(tmp_path / "drive.img", {
            "pocket-gems.txt": "set up\n",
            "code.py": "BALLAST = %d\n%s\n%s" % (ballast, head, TITLE)})
        result = cpico.run(firmware, ["print('done')"], drive=drive, timeout=TIMEOUT)
        found = re.search(r"title free (\d+) ballast (\d+)", result.text)
        assert result.status == 0 and found, result.text[-2000:]
        free.append(int(found.group(1)))
        assert 0.9 * ballast <= int(found.group(2)) <= ballast  # the heap area it grew: the rest
    # The heap's areas grow in their own steps, so the app's free heap at the title drops by
    # the ballast give or take part of one: 64 B off at a ballast of 48,576 B, 1,344 B off at
    # 48,832 (once the firmware's cuts for link play moved the two heaps' spans).
    assert abs(free[0] - free[1] - taken) <= 2048
    print("the PyBadge's heap at the title: %d B free (the Pico's: %d)" % (free[1], free[0]))


# A bot's move shown moving (issue 57 item 6, host_tests/test_travel.py) on CircuitPython's own
# displayio: the same game to the same travel on the board (code.py on the drive, frames on
# a clock of its own) and in the simulator: the sprite's place at each step, and the screen
# a few steps in and once landed, decoded from the bus, the simulator's (the title bar aside:
# its spinner turns as often as the bots took frames to think, which differs).
TRAVEL_LOOP = """
def to_travel(app, frame, screens, buttons):
    for _ in range(20000):
        table = app.screen
        if not isinstance(table, screens.TableScreen) or (app.match.human_turn()
                                                          and not table.moving):
            frame(buttons.A)
            frame(0)
            continue
        now = frame(0)
        if table.moving and table.since == now:
            return table
"""
TRAVEL_BOARD = TRAVEL_LOOP + """
import time
from firmware import buttons, hw
from firmware.app import App
from firmware.ui import screens
from firmware.ui.scene import Scene
board = hw.open_board(hw.detect())
display = board.display
display.auto_refresh = False
scene = Scene(display)
app = App(board, scene, None, False, seed=2)
clock = [0]
def frame(mask):
    clock[0] += 33
    app.frame(mask, clock[0])
    return clock[0]
frame(0)
app.start("diamonds", ["human", "normal", "normal"], {})
table = to_travel(app, frame, screens, buttons)
group = scene.sprite[0]
trip = table.trip
print("travel", trip.src, trip.dst, trip.size, group.x, group.y, group.hidden)
for _ in range(3):
    frame(0)
    print("step", group.x, group.y, group.hidden)
display.refresh()
print("drawn mid")
time.sleep(2)
while table.moving:
    frame(0)
print("landed", group.hidden)
display.refresh()
print("drawn landed")
time.sleep(2)
"""


def travel_in_the_simulator():
    from sim import Sim, headless_display
    from sim import pixels as sim_pixels

    from firmware import buttons
    from firmware.ui import screens

    sim = Sim(headless_display(240, 135), "picodisplay", None, None, 2)
    sim.app.start("diamonds", ["human", "normal", "normal"], {})

    def frame(mask):
        sim.frame(mask)
        return sim.now

    found = {}
    exec(TRAVEL_LOOP, found)
    table = found["to_travel"](sim.app, frame, screens, buttons)
    group = sim.scene.sprite[0]
    trip = table.trip
    lines = ["travel %d %d %d %d %d %s" % (trip.src, trip.dst, trip.size, group.x, group.y,
                                            group.hidden)]
    for _ in range(3):
        sim.frame(0)
        lines.append("step %d %d %s" % (group.x, group.y, group.hidden))
    sim.refresh()
    mid = sim_pixels(sim.display)
    while table.moving:
        sim.frame(0)
    lines.append("landed %s" % group.hidden)
    sim.refresh()
    return lines, mid, sim_pixels(sim.display)


def test_a_bots_move_travels_on_circuitpythons_displayio(firmware, tmp_path):
    drive = cpico.drive_image(tmp_path / "drive.img", {"pocket-gems.txt": "set up\n",
                                                       "code.py": TRAVEL_BOARD})
    record = tmp_path / "bus.bin"
    steps = [["until", "drawn mid", 600000], ["quiet", 300], ["shot", "mid"],
             ["until", "drawn landed", 60000], ["quiet", 300], ["shot", "landed"], ["end"]]
    result = cpico.run(firmware, drive=drive, keys=steps, screen=record, timeout=TIMEOUT)
    print("cp-emu travel: %s" % result.figures())
    assert result.status == 0, result.text[-3000:] + result.stderr[-2000:]
    assert "Traceback" not in result.text, result.text[-3000:]
    said = [line.strip() for line in result.text.splitlines()
            if line.strip().startswith(("travel ", "step ", "landed "))]
    lines, mid, landed = travel_in_the_simulator()
    assert said == lines, (said, lines)
    assert [line.split()[-1] for line in lines] == ["False"] * 4 + ["True"]  # shown, then gone
    pictures, _panel = shots(record.read_bytes())
    for name, want in (("mid", mid), ("landed", landed)):
        got = pictures[name]
        diffs = sum(a != b for r1, r2 in zip(got[13:], want[13:]) for a, b in zip(r1, r2))
        assert diffs == 0, "%s: %d pixels differ under the title bar" % (name, diffs)
    assert mid[13:] != landed[13:]  # (the card on its way, then in its place)


def test_the_link_cables_uart_carries_what_it_is_given(firmware, tmp_path):
    # The link cable's port on CircuitPython's busio.UART (GP4 TX, GP5 RX, the Pico's profile),
    # its TX wired back to its RX at 115200 baud: host_tests/test_pico_screen.py's check.
    drive = cpico.drive_image(tmp_path / "drive.img", {"pocket-gems.txt": "set up\n",
                                                        "code.py": LINK_LOOP})
    result = cpico.run(firmware, ["print('done')"], drive=drive, timeout=TIMEOUT, uart1="loop")
    assert "LINK None True 2063 True True" in result.text, result.text[-2000:]
