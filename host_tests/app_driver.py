# Drives the handheld app in the headless simulator (tools/sim.py: real Blinka displayio)
# by buttons only, reading the screen's labels to decide what to press, like a player.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from sim import Sim, headless_display  # noqa: E402

from firmware.hw import SIZES  # noqa: E402
from firmware.hw import buttons as K  # noqa: E402
from firmware.ui import screens as S  # noqa: E402

BOARDS = ("pybadge", "picodisplay")


def make_sim(board="pybadge", slot=None, budget_ms=None, seed=1, crash_path=None):
    """The app headless; new games get seeds seed, seed + 1, ... (the same run every time).
    Crash reports go to `crash_path`, else to crash.txt beside the slot's folder."""
    width, height = SIZES[board]
    return Sim(headless_display(width, height), board, slot, budget_ms, seed, crash_path)


def screen(sim):
    return sim.app.screen


def title_text(sim):
    return sim.texts()[0]


def find_row(sim, text):
    """The row of the first label that contains `text`, or -1."""
    rows = sim.texts()
    for i in range(len(rows)):
        if text in rows[i]:
            return i
    return -1


def cursor_row(sim):
    """The row of a list screen marked with the cursor '>'."""
    rows = sim.texts()
    for i in range(1, len(rows)):
        if rows[i].startswith(">"):
            return i
    raise AssertionError("no cursor on the screen: %r" % rows)


def move_cursor_to(sim, text, limit=40):
    """Press DOWN on a list screen until the row marked '>' contains `text`."""
    for _ in range(limit):
        if text in sim.texts()[cursor_row(sim)]:
            return
        sim.press(K.DOWN)
    raise AssertionError("no %r on the list; screen: %r" % (text, sim.texts()))


def set_value(sim, label, value, limit=12):
    """On the setup screen: move to `label` and press RIGHT until it shows `value`."""
    move_cursor_to(sim, label)
    for _ in range(limit):
        if "< %s >" % value in sim.texts()[cursor_row(sim)]:
            return
        sim.press(K.RIGHT)
    raise AssertionError("%s never showed %r: %r" % (label, value, sim.texts()))


def setup_game(sim, title, players, seats, options=None, settle=True):
    """From the title menu to the first screen of a new game, by buttons. settle=False:
    return as soon as Start is pressed, while the bots may still be thinking."""
    assert type(screen(sim)).__name__ == "TitleScreen", sim.texts()
    move_cursor_to(sim, title)
    sim.press(K.A)
    assert title_text(sim).startswith(title), sim.texts()
    set_value(sim, "Players", str(players))
    for seat in range(players):
        set_value(sim, "P%d:" % (seat + 1), seats[seat])
    for key, value in (options or {}).items():
        set_value(sim, key.replace("_", " ") + ":", value)
    move_cursor_to(sim, "Start game")
    if sim.app.saved is not None:  # a saved game: the first A asks, the second replaces it
        sim.press(K.A)
        assert "replace the save" in sim.texts()[-1], sim.texts()
    if settle:
        sim.press(K.A)
    else:
        sim.frame(K.A)
        sim.frame(0)


def to_decision(sim):
    """Press A on every screen until a human decides at the table."""
    for _ in range(200):
        match = sim.app.match
        if isinstance(screen(sim), S.TableScreen) and match is not None and match.human_turn():
            return
        sim.press(K.A)
    raise AssertionError("no human decision in sight: %r" % sim.texts())


def play_decisions(sim, rng, count):
    """`count` human decisions by buttons (random legal actions), then on to the next one."""
    for _ in range(count):
        to_decision(sim)
        legal = sim.app.match.legal()
        choose(sim, legal[rng.randbelow(len(legal))])
    to_decision(sim)


def choice_text(sim):
    """The decision shown at the bottom of the table (its one or two rows joined)."""
    rows = sim.texts()
    if rows[-1].startswith(">"):
        return rows[-1][1:].strip()
    assert rows[-2].startswith(">"), rows
    return (rows[-2][1:] + " " + rows[-1].strip()).strip()


def choose(sim, action):
    """On the table at a human's decision: move the choice to `action` and press A.
    Checks that the screen showed the action's words before pressing."""
    table = screen(sim)
    match = sim.app.match
    legal = match.legal()
    index = legal.index(action)
    steps = (index - table.cursor) % len(legal)
    for _ in range(steps):
        sim.press(K.DOWN)
    words = match.text(action, match.current())
    shown = choice_text(sim)
    assert " ".join(words.split())[:20] == shown[:20], (words, shown)
    before = len(match.state.history)
    sim.press(K.A)
    assert match.state.history[before] == action
