# Drives the handheld app in the headless simulator (tools/sim.py: real Blinka displayio)
# by buttons only, reading the screen's labels to decide what to press, like a player.
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from hands import CURSOR_KEYS, keys_to  # noqa: E402, F401  (host_tests/core: portable)
from sim import Sim, headless_display  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.hw import SIZES  # noqa: E402
from firmware.ui import screens  # noqa: E402

BOARDS = ("pybadge", "picodisplay")


def make_sim(board="pybadge", slot=None, budget_ms=None, seed=1, crash_path=None, link=None):
    """The app headless; new games get seeds seed, seed + 1, ... (the same run every time).
    Crash reports go to `crash_path`, else to crash.txt beside the slot's folder. `link`: a
    link port (link play, issue 58)."""
    width, height = SIZES[board]
    return Sim(headless_display(width, height), board, slot, budget_ms, seed, crash_path, link)


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
        sim.press(buttons.DOWN)
    raise AssertionError("no %r on the list; screen: %r" % (text, sim.texts()))


def set_value(sim, label, value, limit=12):
    """On the setup screen: move to `label` and press RIGHT until it shows `value`."""
    move_cursor_to(sim, label)
    for _ in range(limit):
        if "< %s >" % value in sim.texts()[cursor_row(sim)]:
            return
        sim.press(buttons.RIGHT)
    raise AssertionError("%s never showed %r: %r" % (label, value, sim.texts()))


def setup_game(sim, title, players, seats, options=None, settle=True):
    """From the title menu to the first screen of a new game, by buttons. settle=False:
    return as soon as Start is pressed, while the bots may still be thinking."""
    assert type(screen(sim)).__name__ == "TitleScreen", sim.texts()
    move_cursor_to(sim, title)
    sim.press(buttons.A)
    assert title_text(sim).startswith(title), sim.texts()
    set_value(sim, "Players", str(players))
    for seat in range(players):
        set_value(sim, "P%d:" % (seat + 1), seats[seat])
    for key, value in (options or {}).items():
        set_value(sim, key.replace("_", " ") + ":", value)
    move_cursor_to(sim, "Start game")
    if sim.app.saved is not None:  # a saved game: the first A asks, the second replaces it
        sim.press(buttons.A)
        assert "replace the save" in sim.texts()[-1], sim.texts()
    if settle:
        sim.press(buttons.A)
    else:
        sim.frame(buttons.A)
        sim.frame(0)


def to_decision(sim):
    """Press A on every screen until a human decides at the table (A lands the last seat's
    move travelling first); at a game's end, a rematch (rematch())."""
    for _ in range(200):
        match = sim.app.match
        table = screen(sim)
        if (isinstance(table, screens.TableScreen) and match is not None
                and match.human_turn() and not table.moving):
            return
        if match is not None and match.over() and sim.texts()[0] == "Game over":
            rematch(sim)
        else:
            sim.press(buttons.A)
    raise AssertionError("no human decision in sight: %r" % sim.texts())


def rematch(sim):
    """On the game-over screen: A, its menu; Rematch (the same seats, the next seed)."""
    sim.press(buttons.A)
    move_cursor_to(sim, "Rematch")
    sim.press(buttons.A)


def play_decisions(sim, rng, count):
    """`count` human decisions by buttons (random choices of the table: legal actions and
    its shortcuts), then on to the next one."""
    for _ in range(count):
        to_decision(sim)
        choices = screen(sim).legal
        choose(sim, choices[rng.randbelow(len(choices))])
    to_decision(sim)


def choice_text(sim):
    """The decision shown at the bottom of the table (its one or two rows joined), read off
    the app's canvas: a card's picture in the words ('13' and a club pip) reads '13C'."""
    rows = sim.app.canvas.texts()
    if rows[-1].startswith(">"):
        return rows[-1][1:].strip()
    assert rows[-2].startswith(">"), rows
    return (rows[-2][1:] + " " + rows[-1].strip()).strip()


def choose(sim, choice):
    """On the table at a human's decision: move the cursor to `choice` (a legal action, or a
    shortcut of the table: (words, actions)) by the keys the screen takes (keys_to) and
    press A. An action the table offers only
    as the start of shortcuts (Quartz's 'pickaxe' as 'pickaxe with 2 dice') is chosen as
    the first of them. Checks that the screen showed the choice's words before pressing,
    and that exactly its actions were played. The actions played."""
    table = screen(sim)
    match = sim.app.match
    choices = table.legal
    if choice not in choices:
        choice = [c for c in choices if isinstance(c, tuple) and c[1][0] == choice][0]
    keys = keys_to(table, choices.index(choice))
    for key in keys[:-1]:
        sim.press(key)
    words = table.words(choice, match.current())
    shown = choice_text(sim)
    said = " ".join(words.split())[:20]
    if not shown.startswith(said):  # a row may draw its last word (Diploma: a rotation)
        said = said.rsplit(" ", 1)[0]
    assert shown.startswith(said), (words, shown)
    before = len(match.state.history)
    actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
    sim.press(keys[-1])
    assert list(match.state.history[before:before + len(actions)]) == actions
    return actions
