# The web page (make web: the firmware on MicroPython's WebAssembly port, firmware/hw/web.py)
# in a real browser: Debian's Chromium, headless, driven by playwright-core
# (web/test/drive.mjs) with real key presses, the frames stepped from the test on the page's
# virtual clock so that nothing depends on timing. Every picture on the page's canvas is
# compared with the desktop simulator's (Blinka displayio, tools/sim.py) for the same seed
# and keys: pixel-identical. Then the page is loaded again and resumes the saved game from
# the browser's storage, as the simulator does from its save folder. Runs in `make test`
# (marked slow; `make toolchain` installs Chromium, Node.js and npm, `make pytest` runs npm ci).
import ast
import base64
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402
import webbuild  # noqa: E402
import webdrive  # noqa: E402
from hands import alone  # noqa: E402
from panelmodel import rgb888  # noqa: E402
from sim import Sim, headless_display  # noqa: E402
from sim import pixels as sim_pixels  # noqa: E402
from test_app_core import Board, TextScene  # noqa: E402
from webdrive import in_the_browser, in_two_tabs, missing  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.app import App  # noqa: E402
from firmware.hw import SIZES  # noqa: E402
from firmware.save import SaveSlot  # noqa: E402

# Diam's from the title: the setup (3 players: you and two normal bots), "Start game" (UP
# twice from the top wraps to it), the bots' first moves, your first decisions.
FIRST = ["A", "UP", "UP", "A", "A", "DOWN", "A"]
AGAIN = ["A", "A"]  # after the reload: "Resume Diam's", then a move of the resumed game


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built site served on 127.0.0.1 (a free port): its URL."""
    lack = missing()
    if lack is not None:
        pytest.fail("the web page cannot be tested here: no %s" % lack, pytrace=False)
    with webdrive.site(str(tmp_path_factory.mktemp("web"))) as (url, _):
        yield url


def rgb_of(step):
    """A browser step's canvas as rows of (r, g, b)."""
    raw = base64.b64decode(step["rgba"])
    width = step["width"]
    rows = []
    for y in range(step["height"]):
        row = raw[4 * width * y:4 * width * (y + 1)]
        rows.append([tuple(row[4 * x:4 * x + 3]) for x in range(width)])
    return rows


def in_the_simulator(board, seed, saves, keys):
    """The simulator's pictures (rows of (r, g, b)) and texts after start-up and each key,
    its saves in `saves` (a second call over the same folder: the page reloaded)."""
    width, height = SIZES[board]
    sim = Sim(headless_display(width, height), board, SaveSlot(saves, sync=False), None, seed)
    sim.settle()
    shots = []

    def shot():
        sim.refresh()
        shots.append(([[rgb888(v) for v in row] for row in sim_pixels(sim.display)],
                      sim.texts()))

    shot()
    for key in keys:
        sim.press(buttons.mask_of(key))
        shot()
    return shots


def first_difference(page, sim):
    for y in range(len(sim)):
        for x in range(len(sim[y])):
            if page[y][x] != sim[y][x]:
                return (x, y, page[y][x], sim[y][x])
    return None


@pytest.mark.parametrize("board", ["pybadge", "picodisplay"])
def test_the_page_plays_and_resumes_as_the_simulator_does(site, tmp_path, board):
    # Guards: the canvas painted with another colour conversion, at another place or size,
    # a frame the page runs that the simulator does not (or a key it misses), a save that
    # does not reach the browser's storage or does not come back on a reload, a beep that
    # does not reach the page.
    url = site + "?manual&seed=3&board=%s" % board
    runs = in_the_browser(url, [{"keys": FIRST, "shots": True}, {"keys": AGAIN, "shots": True}])
    saves = str(tmp_path / "saves")
    for run, keys in zip(runs, (FIRST, AGAIN)):
        expected = in_the_simulator(board, 3, saves, keys)
        assert len(run["steps"]) == len(expected) == len(keys) + 1
        for i, (step, (pixels, texts)) in enumerate(zip(run["steps"], expected)):
            assert step["text"] == texts, (i, step["text"], texts)
            assert (step["width"], step["height"]) == SIZES[board]
            diff = first_difference(rgb_of(step), pixels)
            assert diff is None, (board, i, keys[:i], "first differing pixel", diff)
    first, again = runs
    beeps = [step["beeps"] for step in first["steps"]]
    assert beeps[:4] == [0, 0, 0, 0] and beeps[4] == 1, beeps  # the tick: your turn, after
    # the bots' first moves (firmware/app.py), through the page's Web Audio beep
    assert "Diam's" in first["steps"][-1]["text"][0]  # a game in play...
    assert any("game.sav" in key for key in first["storage"])  # ...kept in the storage
    assert again["steps"][0]["text"][1] == ">Resume Diam's"  # the reload offers it
    assert again["steps"][1]["text"] == first["steps"][-1]["text"]  # and it comes back


def test_the_page_loads_fast_and_downloads_little(site):
    # What a visitor waits for and downloads (the figures: make bench web). Guards: a
    # runtime or bundle that did not make it into the site, a page that never gets ready.
    runs = in_the_browser(site + "?manual", [{"keys": [], "shots": False}])
    timing = runs[0]["timing"]
    assert timing["load"] > 0 and timing["firstFrame"] >= timing["load"]
    assert runs[0]["steps"][0]["text"][0].startswith("Pocket Gem Games")


def test_the_page_runs_its_own_frames_from_the_keyboard_and_the_buttons(site):
    # Without ?manual the page's requestAnimationFrame loop runs the app: a key held on the
    # keyboard and a button on the screen's pad each move the title's cursor. Guards: a loop
    # that never starts, keys or pad buttons that never reach the buttons held, a button
    # stuck down (the cursor would run on past one row).
    run = in_the_browser(site, [{"live": True, "url": site + "?seed=1", "keys": ["DOWN"],
                                 "buttons": ["DOWN", "UP"]}])[0]
    cursors = [[row for row in step["text"] if row.startswith(">")] for step in run["steps"]]
    assert cursors == [[">Diamonds"], [">Quartz: The Dice Game"], [">Diamonds"]], cursors


def test_the_page_offers_the_uf2s_that_were_built(tmp_path):
    uf2s = tmp_path / "uf2"
    uf2s.mkdir()
    (uf2s / "pocket-gems-pybadge.uf2").write_bytes(b"U" * 2048)
    (uf2s / "pocket-gems-pico.uf2").write_bytes(b"P" * 4096)
    html, names = webbuild.downloads(str(uf2s))
    assert names == ["pocket-gems-pybadge.uf2", "pocket-gems-pico.uf2"]
    assert '<a href="pocket-gems-pybadge.uf2" download>Adafruit PyBadge</a> (2 KB)' in html
    assert "PYBADGEBOOT" in html and "BOOTSEL" in html and "PyGamer" not in html
    assert webbuild.downloads(str(tmp_path / "nothing")) == ("", [])
    lack = missing()
    if lack is not None:
        pytest.fail("the web page cannot be built here: no %s" % lack, pytrace=False)
    site = tmp_path / "site"
    sizes = webbuild.build(str(site), str(uf2s))
    page = (site / "index.html").read_text()
    assert html in page and webbuild.MARK not in page
    assert (site / "pocket-gems-pico.uf2").read_bytes() == b"P" * 4096
    assert not any(name.endswith(".uf2") for name in sizes)  # offered, not loaded
    webbuild.build(str(site), str(tmp_path / "nothing"))  # none built: no paragraph
    page = (site / "index.html").read_text()
    assert webbuild.MARK not in page and "uf2" not in page


HANDS = os.path.join(os.path.dirname(__file__), "core", "hands.py")
TAB = """
app = page.app
app.pace_ms = 0
side = Side(app, Hands(app, SEATS, 5, GAME, SETUP))
clock = [1000]


def pair_frame():
    clock[0] += 33
    return side.frame(clock[0])


def pair_result():
    return repr(side.result())
"""


def tab_script(game, seats, setup):
    """A tab's player (host_tests/core/hands.py), run in the page's MicroPython."""
    with open(HANDS) as source:
        hands = source.read()
    return hands + "\nGAME = %r\nSEATS = %r\nSETUP = %r\n" % (game, seats, setup) + TAB


def test_two_tabs_play_a_linked_game(site):
    # Link play between two tabs of one browser (?link: a BroadcastChannel carries the
    # link's bytes): one hosts SIXGEMS with P2 linked, the other joins; each tab's player
    # presses its own buttons (hands.py, the frames in turn). The game is the one the same
    # picks make on one handheld, and both tabs end on its final screen. Guards: a channel
    # that carries nothing (the host would wait on P2 for ever), bytes mangled on the way
    # (hex both ways), a page that does not offer linking with ?link.
    url = site + "?manual&seed=5&board=picodisplay&link="
    setup = (("Players", "2"), ("P1:", "human"), ("P2:", "linked"))
    frames, results = in_two_tabs([url + "host", url + "guest"],
                                  [tab_script("SIXGEMS", [0], setup), tab_script(None, [1], ())],
                                  4000)
    (history, host_texts), (none, guest_texts) = [ast.literal_eval(r) for r in results]
    print("two tabs: SIXGEMS in %d frames" % frames)
    expected, texts = alone(App(Board(), TextScene(40, 11), seed=5), "SIXGEMS", 2, 5)
    assert none is None  # (the guest holds no game of its own)
    assert history == expected
    assert host_texts == guest_texts == texts and texts[0] == "Game over"
