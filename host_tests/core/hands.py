"""A player at a handheld, by its buttons: from the title through the menus to a game (or to
"Join a game"), then at each decision of its seats a pick among the table's choices, pressed
as keys, one a frame with a frame between two, each the next step from where the cursor is
(an update that redraws the table mid-way changes nothing); A on every page of words;
nothing once the game is over. The pick depends on the game's seed and the decision's
number only, so a board that starts again (a reset) picks as before, and a linked seat picks
what it would as a human at the host. Portable: the two emulated Picos of tools/picopair.py
run it, and so does the reference game on CPython (host_tests/test_pico_pair.py)."""
from firmware import buttons
from firmware.clock import ticks_diff
from firmware.core.prng import Prng

CURSOR_KEYS = (buttons.UP, buttons.DOWN, buttons.LEFT, buttons.RIGHT)


def keys_to(table, index):
    """The fewest cursor keys that take the table's cursor to choice `index`, as the screen
    itself moves it (TableScreen.moved: the list round, or a game's placer over its board),
    then A. An AssertionError if the screen offers no way there."""
    paths = {table.cursor: []}
    todo = [table.cursor]
    while todo and index not in paths:
        cursor = todo.pop(0)
        for key in CURSOR_KEYS:
            to = table.moved(key, cursor)
            if to >= 0 and to not in paths:
                paths[to] = paths[cursor] + [key]
                todo.append(to)
    assert index in paths, ("no keys reach choice %d" % index, table.legal)
    return paths[index] + [buttons.A]


def pick(seed, decision, count):
    """Which of `count` choices the player takes at decision number `decision`."""
    return Prng(seed * 1009 + decision).randbelow(count)


def toward(rows, text, key=buttons.A):
    """On a list screen (its rows' texts): `key` when the cursor's row holds `text`, else
    DOWN (the list goes round)."""
    for row in rows[1:]:
        if row.startswith(">"):
            return key if text in row else buttons.DOWN
    return 0


class Hands:
    """`seats`: the seats this player decides for; `game`: the title of the game to set up
    (the host: `setup` its (label, value) pairs, e.g. ("P2:", "linked")), None: join one (a
    guest). A save on the title is resumed. `said(line)` hears each pick: "pick N"."""

    def __init__(self, app, seats, seed, game=None, setup=(), said=None):
        self.app = app
        self.seats = seats
        self.seed = seed
        self.game = game
        self.setup = setup
        self.said = said
        self.up = True  # the last frame held no button
        self.told = -1  # the last decision said

    def mask(self):
        """The buttons to hold this frame."""
        if not self.up:
            self.up = True
            return 0
        key = self.wanted()
        self.up = not key
        return key

    def over(self):
        match = self.app.match
        return match is not None and match.over() and self.app.canvas.texts()[0] == "Game over"

    def wanted(self):
        app = self.app
        shown = app.screen
        kind = type(shown).__name__
        rows = app.canvas.texts()
        if kind == "TableScreen":
            return self.decide(shown, app.match)
        if kind == "TitleScreen":
            if self.game is None:
                return toward(rows, "Join a game")
            return toward(rows, "Resume " if app.saved is not None else self.game)
        if kind == "SetupScreen":
            for label, value in self.setup:
                for row in rows[1:]:
                    if label in row and "< %s >" % value not in row:
                        return toward(rows, label, buttons.RIGHT)
            return toward(rows, "Start game")
        if kind in ("TextScreen", "ResultScreen") and not self.over():
            return buttons.A  # a round's result, a hand-over, a note
        return 0

    def decide(self, table, match):
        if (not match.human_turn() or table.moving or not table.legal
                or match.current() not in self.seats):
            return 0
        decision = getattr(match, "decision", None)  # a guest's: the host's history length
        if decision is None:
            decision = len(match.state.history)
        if self.said is not None and decision != self.told:
            self.told = decision
            self.said("pick %d" % decision)
        return keys_to(table, pick(self.seed, decision, len(table.legal)))[0]


class Side:
    """One handheld of a linked pair, a frame at a time: its app with its Hands' buttons.
    frame(now) is True once its game is over on its screen and a few seconds have gone by
    (a last update the other side may need again; a host waits for its link to go quiet).
    A fault that brings up the crash screen raises, with its words."""

    def __init__(self, app, hands):
        self.app = app
        self.hands = hands
        self.ended = None

    def frame(self, now):
        app = self.app
        app.frame(self.hands.mask(), now)
        if getattr(app.screen, "crash", False):
            raise RuntimeError("the crash screen: %s %r" % (app.screen.headline, app.screen.lines))
        if not self.hands.over():
            return False
        if self.ended is None:
            self.ended = now
        after = ticks_diff(now, self.ended)
        link = app.link
        return after > 3000 and (link is None or not link.busy() or after > 20000)

    def result(self):
        """(the game's history at the host, None at a guest; the screen's rows)."""
        match = self.app.match
        history = None if hasattr(match, "decision") else list(match.state.history)
        return history, self.app.canvas.texts()


def alone(app, game, seats, seed, frames=40000):
    """The game `game` (its title) for `seats` humans on one handheld (`app`: the app with
    no link, seed `seed`) played by one Hands for them all, as a linked pair's players would
    pick: (its history, its final screen's rows)."""
    setup = [("Players", str(seats))] + [("P%d:" % (s + 1), "human") for s in range(seats)]
    app.pace_ms = 0
    hands = Hands(app, list(range(seats)), seed, game, setup)
    now = 0
    for _ in range(frames):
        now += 33
        app.frame(hands.mask(), now)
        if hands.over():
            return list(app.match.state.history), app.canvas.texts()
    raise AssertionError("no end of the game alone: %r" % app.canvas.texts())
