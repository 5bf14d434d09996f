"""Link play on two emulated Picos (issue 58, tools/picopair.py): both run the Pico UF2 with the
games frozen in, their UART1s wired together in one emulator process; one hosts a game of two
(P1 its player's, P2 linked), the other joins it, each player pressing buttons at their own
board (host_tests/core/hands.py). Over a cable that is cut for ten seconds, garbled, stalled,
and with each board reset mid-game (its flash kept: the host resumes its save), the game ends
as the same game played on one handheld by the same picks (CPython, the app with a text
screen): the same moves, the same final screen on both boards. Every byte the guest received
is checked: each update is its own seat's view of the host's game at that move, nothing of
the other seat's hidden cards.

Each game takes minutes of the emulator (a board's busy second is about five host seconds):
CI plays SIXGEMS, the shortest, over the faulty cable; POCKET_GEMS_PAIR=all plays every
hidden-hand game over a faulty cable and a clean one, as `make pairtest` does."""
import os

import picopair
import pytest
from hands import alone
from test_app_core import Board, TextScene

from firmware import linkplay
from firmware.app import App
from firmware.core import load
from firmware.link import Link

HIDDEN = ("diams", "diamonds", "sixgems", "diploma")  # the games with hidden hands or tiles
IN_CI = ("sixgems",)
GUEST_SEAT = 1
PACK = (40, 11)  # the Display Pack's rows of text (firmware/ui/fbscene.py: 240 x 135)


def reference(game, seed=picopair.SEED):
    """The game on one handheld: both seats its humans, the same picks. (history, texts)."""
    return alone(App(Board(), TextScene(*PACK), seed=seed), picopair.TITLES[game], 2, seed)


class Port:
    """The bytes a board received, read at once; what the decoder would answer, dropped."""

    def __init__(self, data):
        self.data = data

    def read(self):
        data, self.data = self.data, b""
        return data or None

    def write(self, data):
        pass


def updates(received):
    """The link's messages in the bytes a board received (each boot's apart: a board that
    starts again knows nothing), as that board's link delivered them: the updates, unpacked."""
    out = []
    for part in received:
        for kind, payload in Link(Port(part), 1, 0).poll(0):
            if kind == linkplay.UPDATE:
                out.append(linkplay.unpack(payload))
    return out


def check_updates(game, history, received, seed=picopair.SEED):
    """Every update the guest received, made whole from the one before it as the guest does,
    is the guest seat's view of the host's game after that many moves (a view the rules
    contract keeps free of the other seat's hidden cards): (updates, changes)."""
    rules = load(game)
    shadow = rules.new_game(2, seed)
    view = number = None
    changes = 0
    got = updates(received)
    for message in got:
        if "b" in message:
            assert view is not None and message["b"] == number, "a change of an unknown view"
            view = linkplay.patch(view, message["v"], message.get("x", ()))
            changes += 1
        else:
            assert message["s"] == GUEST_SEAT
            view = message["v"]
        number = message["u"]
        n = message["n"]
        if n < len(shadow.history):
            shadow = rules.new_game(2, seed)
        assert n <= len(history)
        while len(shadow.history) < n:
            shadow.apply(history[len(shadow.history)])
        assert view == linkplay.unpack(linkplay.pack(shadow.view(GUEST_SEAT))), n
    return len(got), changes


@pytest.fixture(scope="module")
def built():
    import pico
    import uf2

    try:
        return pico.prepare(), uf2.build("emu", log=lambda line: None)
    except (pico.PicoError, uf2.BuildError) as exc:
        pytest.fail(str(exc), pytrace=False)


def runs():
    """(game, whether the cable has faults): CI's, or every hidden-hand game both ways."""
    if os.environ.get("POCKET_GEMS_PAIR") == "all":
        return [(game, faults) for game in HIDDEN for faults in (True, False)]
    return [(game, True) for game in IN_CI]


@pytest.mark.parametrize("game,faulty", runs())
def test_two_picos_play_the_game_over_the_cable(built, game, faulty):
    emu, image = built
    faults = picopair.FAULTS if faulty else ()
    pair = picopair.run(game, faults=faults, emu=emu, image=image)
    print("pico pair %s%s: %s" % (game, " with faults" if faulty else "", pair.figures()))
    assert pair.status == 0, (pair.failure, pair.stderr[-2000:],
                              {name: b["stderr"] for name, b in pair.boards.items()})
    assert [f["fired"] is not None for f in pair.faults] == [True] * len(faults)
    resets = 1 if faulty else 0
    assert pair.boards["host"]["resets"] == pair.boards["guest"]["resets"] == resets
    history, texts = reference(game)
    assert pair.line("host", "HISTORY") == history
    assert texts[0] == "Game over"
    assert pair.line("host", "TEXTS") == pair.line("guest", "TEXTS") == texts
    guest = pair.boards["guest"]["received"]
    assert len(guest) == 1 + resets  # (the bytes of each of its boots)
    count, changes = check_updates(game, history, guest)
    print("the guest's updates: %d, %d of them changes; %d bytes" % (
        count, changes, sum(map(len, guest))))
    assert changes > 10 and count > changes
    if not faulty:
        assert count == changes + 1  # one whole view, then only changes
