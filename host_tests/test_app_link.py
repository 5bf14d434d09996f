"""Link play in the app (issue 58): two handhelds in the headless simulator, each its own App on
Blinka displayio, joined by a test cable (host_tests/core/cable.py) or by the simulator's
socket (tools/simlink.py). One hosts a game with a seat set to "linked" in its setup, the
other chooses "Join a game" at its title; each side's player presses buttons on their own
screen only. Their frames run one after the other on one virtual clock, as two boards
would side by side."""

import os
import sys

import pytest
from app_driver import keys_to, make_sim, move_cursor_to, screen, set_value, setup_game

from firmware import buttons
from firmware.core import GAMES
from firmware.core.prng import Prng
from firmware.save import SaveSlot
from firmware.ui import screens

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "core"))
from cable import cable  # noqa: E402

TITLES = {"diams": "Diam's", "diamonds": "Diamonds", "quartz": "Quartz: The Dice Game",
          "sixgems": "SIXGEMS", "diploma": "Diploma"}
FRAMES = 40000  # a whole game's frames at most (Diploma's, the longest: about 9,000)


class Hands:
    """A handheld's player: at each of their decisions a seeded pick among the table's
    choices (seat s picks with Prng(100 + s), whatever handheld it sits at), pressed as
    keys, a key a frame and a frame between two; A on every page of words; nothing at the
    game's end."""

    def __init__(self, sim, seats):
        self.sim = sim
        self.rngs = {seat: Prng(100 + seat) for seat in seats}
        self.keys = []
        self.up = True  # the last frame held no button
        self.cursors = []  # (seat, where the table's cursor was) at each decision

    def frame(self):
        sim = self.sim
        if not self.up:
            self.up = True
            sim.frame(0)
            return
        if not self.keys:
            self.keys = self.wanted()
        if self.keys:
            self.up = False
            sim.frame(self.keys.pop(0))
        else:
            sim.frame(0)

    def wanted(self):
        shown = screen(self.sim)
        match = self.sim.app.match
        if isinstance(shown, screens.TableScreen):
            if (not match.human_turn() or shown.moving or not shown.legal
                    or match.current() not in self.rngs):  # (a player who never decides)
                return []
            rng = self.rngs[match.current()]
            self.cursors.append((match.current(), shown.cursor))
            return keys_to(shown, rng.randbelow(len(shown.legal)))
        if type(shown) is screens.TextScreen:  # a round's result, the hand-over, ...
            return [buttons.A]
        return []


def over(sim):
    return sim.app.match is not None and sim.app.match.over() and \
        sim.texts()[0] == "Game over"


def run(sides, until, frames=FRAMES, each=None):
    """Frames of every side in turn until `until()`; `each(i)` before each round of them."""
    for i in range(frames):
        if until():
            return i
        if each is not None:
            each(i)
        for side in sides:
            side.frame()
    raise AssertionError("not done after %d frames: %r" % (frames, [s.sim.texts() for s in sides]))


def join(sim):
    move_cursor_to(sim, "Join a game")
    sim.press(buttons.A)
    assert sim.texts()[0] == "Join a game", sim.texts()


def linked_game(game, seats, seed=5, faults=None, slot=None, each=None):
    """A game of `game` hosted with `seats` (one "linked"), its guest joined first; both
    played to the end. (host sim, guest sim, the cable's two wires)."""
    host_end, guest_end, wires = cable(seed, **(faults or {}))
    host = make_sim(slot=slot, seed=seed, link=host_end)
    guest = make_sim(seed=seed, link=guest_end)
    host.app.pace_ms = guest.app.pace_ms = 0
    join(guest)
    setup_game(host, TITLES[game], len(seats), seats, settle=False)
    linked = seats.index("linked")
    sides = [Hands(host, [s for s in range(len(seats)) if seats[s] == "human"]),
             Hands(guest, [linked])]
    state = {"host": host, "guest": guest}
    run(sides, lambda: over(state["host"]) and over(state["guest"]),
        each=None if each is None else lambda i: each(i, state, sides, wires))
    state["guest"].hands = sides[1]  # (its player's decisions: where the cursor was)
    return state["host"], state["guest"], wires


def local_game(game, seats, seed=5):
    """The same game with the linked seat a human at the host (the device passed)."""
    sim = make_sim(seed=seed)
    sim.app.pace_ms = 0
    seats = ["human" if kind == "linked" else kind for kind in seats]
    setup_game(sim, TITLES[game], len(seats), seats, settle=False)
    hands = Hands(sim, [s for s in range(len(seats)) if seats[s] == "human"])
    run([hands], lambda: over(sim))
    sim.hands = hands
    return sim


@pytest.mark.parametrize("game", GAMES)
def test_a_linked_game_is_the_game_with_that_seat_at_the_host(game):
    """Every game to its end, the linked seat's player at the guest: move for move the game
    that seat's player makes as a human at the host (the same choices offered, the same
    picks), and the guest's results are the host's."""
    seats = ["human", "linked", "normal"]
    host, guest, wires = linked_game(game, seats)
    local = local_game(game, seats)
    state = host.app.match.state
    assert state.is_over()
    assert state.history == local.app.match.state.history
    assert guest.app.match.state.history == []  # (the guest's world: made up, no history)
    assert guest.texts()[1:] == host.texts()[1:] == local.texts()[1:]  # the winner, the scores
    assert guest.app.match.scored == state.rounds_scored()
    assert wires[0].carried and wires[1].carried
    # The cursor at each of the linked seat's decisions where it is at the host's table: on
    # the same place after a pick of a step (not back on the first while the pick is on the
    # wire).
    linked = seats.index("linked")
    here = [cursor for seat, cursor in local.hands.cursors if seat == linked]
    assert guest.hands.cursors == [(linked, cursor) for cursor in here]
    assert any(here), here


def test_the_waiting_guest_says_when_the_host_answers():
    """"Join a game" before any host: no answer; once a board answers on the link (here a
    bare link that only says HELLO, no game yet), the screen says so, and still waits."""
    from firmware.link import Link

    host_end, guest_end, _ = cable(11)
    guest = make_sim(link=guest_end)
    join(guest)
    for _ in range(30):
        guest.frame(0)
    assert "Link: no answer yet." in guest.texts()
    bare = Link(host_end, 77, 0)
    for i in range(30):
        bare.poll(33 * i)
        guest.frame(0)
    assert "Link: the host answers." in guest.texts(), guest.texts()
    assert guest.texts()[0] == "Join a game"


def test_the_guest_shows_its_seat_and_says_whose_turn_it_is():
    """The guest's table is its seat's (its name in the title bar); while the host decides
    for another seat its bottom line says whose turn it is; when its own pick is on its way,
    that it is sent; at its decision, its choices."""
    host_end, guest_end, _ = cable(3)
    host = make_sim(seed=3, link=host_end)
    guest = make_sim(seed=3, link=guest_end)
    join(guest)
    assert "Link: no answer yet." in guest.texts()
    setup_game(host, "Diam's", 2, ["human", "linked"], settle=False)
    lines = set()
    sides = [Hands(host, [0]), Hands(guest, [1])]
    run(sides, lambda: screen(guest).__class__.__name__ == "TableScreen"
        and guest.app.match.human_turn(), frames=400)
    assert guest.texts()[0].startswith("Diam's P2"), guest.texts()
    for _ in range(600):
        for side in sides:
            side.frame()
        lines.add(guest.app.canvas.texts()[-1])
        lines.add(host.app.canvas.texts()[-1])
    assert "P1 decides" in lines, sorted(lines)  # the guest, while the host's human decides
    assert "Sent to the host" in lines
    assert "P2 plays on the link" in lines  # the host, while the guest decides
    assert "No link to the host" not in lines


def test_the_guests_pause_menu_stays_when_its_turn_comes():
    """The guest pauses (START) while the host's player decides; the host's move and the
    guest's turn come in the meantime: the menu stays up, and B shows the table at that
    decision."""
    host_end, guest_end, _ = cable(12, chop=0)
    host = make_sim(seed=12, link=host_end)
    guest = make_sim(seed=12, link=guest_end)
    host.app.pace_ms = guest.app.pace_ms = 0
    join(guest)
    setup_game(host, "Diam's", 2, ["human", "linked"], settle=False)
    sides = [Hands(host, []), Hands(guest, [1])]
    run(sides, lambda: host.app.match.current() == 0 and host.app.match.human_turn()
        and isinstance(screen(guest), screens.TableScreen)
        and not guest.app.match.human_turn(), frames=2000)
    press(guest, buttons.START)
    assert guest.texts()[0].startswith("Paused"), guest.texts()
    sides[0].rngs[0] = Prng(100)
    run(sides, lambda: host.app.match.current() == 1 and guest.app.match.human_turn(),
        frames=2000)
    for _ in range(10):
        guest.frame(0)
    assert guest.texts()[0].startswith("Paused"), guest.texts()
    press(guest, buttons.B)
    assert isinstance(screen(guest), screens.TableScreen) and screen(guest).legal
    assert guest.app.canvas.texts()[-1].startswith(">")


def test_a_faulty_cable_and_both_resets_end_in_the_same_game(tmp_path):
    """The cable drops, garbles and cuts writes, is out for ten seconds during the guest's
    decision; the guest's handheld resets (a new app, "Join a game" again) and so does the
    host's (a new app that resumes the save): the game ends as the clean one did."""
    seats = ["human", "linked", "normal"]
    clean, _, _ = linked_game("diamonds", seats)
    slot = SaveSlot(str(tmp_path / "saves"), sync=False)
    done = []

    def each(i, state, sides, wires):
        host, guest = state["host"], state["guest"]
        match = host.app.match
        if match is None or not isinstance(screen(host), screens.TableScreen):
            return
        moves = len(match.state.history)
        if "cut" not in done and match.current() == 1 and moves > 10:
            done.append("cut")
            wires[0].cut = wires[1].cut = True
            done.append(i + 10000 // 33)
        elif "cut" in done and len(done) == 2 and i >= done[1]:
            wires[0].cut = wires[1].cut = False
            done.append("back")
        elif "back" in done and "guest" not in done and moves > 40:
            done.append("guest")  # the guest's board resets: its app starts again
            state["guest"] = make_sim(seed=9, link=guest.board.link_port())
            state["guest"].app.pace_ms = 0
            join(state["guest"])
            sides[1].sim = state["guest"]
        elif "guest" in done and "host" not in done and moves > 70:
            done.append("host")  # the host's: its app starts again and resumes the save
            state["host"] = make_sim(slot=slot, seed=9, link=host.board.link_port())
            state["host"].app.pace_ms = 0
            assert state["host"].texts()[1] == ">Resume Diamonds", state["host"].texts()
            state["host"].press(buttons.A)
            sides[0].sim = state["host"]

    host, guest, _ = linked_game("diamonds", seats, faults={"drop": 30, "garble": 30,
                                                            "short": 30}, slot=slot, each=each)
    assert done[-1] == "host", done
    assert host.app.match.state.history == clean.app.match.state.history
    assert guest.texts()[1:] == host.texts()[1:]


def waiting_host(seed=4):
    """A host whose linked seat's player has joined but never presses a button: (host,
    its player, the guest's), at that seat's decision."""
    host_end, guest_end, _ = cable(seed)
    host = make_sim(seed=seed, link=host_end)
    guest = make_sim(seed=seed, link=guest_end)
    host.app.pace_ms = 0
    join(guest)
    setup_game(host, "Diam's", 3, ["human", "linked", "normal"], settle=False)
    sides = [Hands(host, [0]), Hands(guest, [])]
    run(sides, lambda: host.app.match.current() == 1 and host.app.match.remote.asked >= 0)
    return host, sides


def press(sim, key):
    sim.frame(key)
    sim.frame(0)


@pytest.mark.parametrize("kind", ["A bot plays P2", "Play P2 here"])
def test_a_seat_waited_on_goes_on_as_a_bot_or_here(kind):
    """Nobody answers at the other end: the host's table says whose turn it is and, after
    30 seconds, how long it has waited; A does nothing before, then offers to wait on or to
    play the seat here, as a bot or as a human; the game goes on to its end without the
    link, saved with that seat."""
    host, sides = waiting_host()
    table = screen(host)
    press(host, buttons.A)
    assert screen(host) is table, host.texts()  # (too early: nothing to choose)
    assert host.app.canvas.texts()[-1] == "P2 plays on the link"
    for _ in range(30000 // 33):
        for side in sides:
            side.frame()
    assert host.app.canvas.texts()[-1].startswith("P2 waited 3"), host.app.canvas.texts()
    assert host.app.canvas.texts()[-1].endswith("s  A: options")
    press(host, buttons.A)
    assert host.texts()[0].startswith("P2 on the link "), host.texts()
    move_cursor_to(host, "Wait for P2")
    press(host, buttons.A)
    assert screen(host) is table and host.app.match.remote is not None
    press(host, buttons.A)
    move_cursor_to(host, kind)
    press(host, buttons.A)
    match = host.app.match
    assert match.remote is None and host.app.link is None
    assert match.seats[1] == ("normal" if kind.startswith("A bot") else "human")
    assert match.names[1] == ("P2 normal" if kind.startswith("A bot") else "P2")
    hands = sides[0]
    hands.rngs[1] = Prng(101)
    run([hands], lambda: over(host))
    assert match.state.is_over()


def test_a_host_with_nobody_at_the_other_end_says_the_link_is_lost():
    """The host's first message is never answered: after three seconds its table says the
    link is lost, and A offers to play the seat without it."""
    host_end, _, _ = cable(8)
    host = make_sim(seed=8, link=host_end)
    host.app.pace_ms = 0
    setup_game(host, "Diam's", 2, ["linked", "human"], settle=False)
    lines = []
    for _ in range(4000 // 33):
        host.frame(0)
        lines.append(host.app.canvas.texts()[-1])
    assert lines[0] == "P1 plays on the link"
    assert lines[-1] == "P1: link lost  A: options"
    press(host, buttons.A)
    assert host.texts()[0].startswith("P1 on the link ")


def test_the_setup_offers_a_linked_seat_only_with_a_link_port():
    """A board without a link port: no "linked" seat, no "Join a game". With one: both, and
    one seat at most is linked."""
    alone = make_sim()
    assert "Join a game" not in alone.texts()
    move_cursor_to(alone, "Diam's")
    alone.press(buttons.A)
    with pytest.raises(AssertionError):
        set_value(alone, "P2:", "linked", limit=8)
    host_end, _, _ = cable(1)
    host = make_sim(link=host_end)
    move_cursor_to(host, "Diam's")
    host.press(buttons.A)
    set_value(host, "P2:", "linked")
    set_value(host, "P3:", "linked")
    move_cursor_to(host, "Start game")
    host.press(buttons.A)
    assert "One seat can be linked" in host.texts()[-1]
    assert host.app.match is None


def test_the_guest_waits_for_the_hosts_next_game_and_can_leave():
    """At the game's end the guest's "Rematch" waits for the host's; the host's rematch
    (the next seed) comes to it as a new game. B on the waiting screen: the title."""
    seats = ["human", "linked"]
    host, guest, _ = linked_game("sixgems", seats, seed=7)
    first = host.app.match.state.seed
    for sim in (guest, host):
        sim.frame(buttons.A)
        sim.frame(0)
        move_cursor_to(sim, "Rematch")
        sim.frame(buttons.A)
        sim.frame(0)
        if sim is guest:  # (the host still on its results: its link answers)
            assert guest.texts()[0] == "Join a game"
            assert "Link: the host answers." in guest.texts(), guest.texts()
            press(guest, buttons.A)  # (nothing to choose here: only B leaves)
            assert guest.texts()[0] == "Join a game"
    sides = [Hands(host, [0]), Hands(guest, [1])]
    run(sides, lambda: isinstance(screen(guest), screens.TableScreen), frames=300)
    assert host.app.match.state.seed == first + 1
    assert guest.app.match.scored == 0 and not guest.app.match.over()
    guest.app.home()  # (the title drawn at the next frame)
    guest.frame(0)
    join(guest)
    guest.press(buttons.B)
    assert " Join a game" in guest.texts() and guest.app.match is None


def test_a_linked_save_resumes_with_a_bot_on_a_board_without_a_link(tmp_path):
    """A host's save with a linked seat, resumed where there is no link port: a bot plays
    that seat (the save says so from then on)."""
    slot = SaveSlot(str(tmp_path / "saves"), sync=False)
    host_end, _, _ = cable(2)
    host = make_sim(slot=slot, link=host_end)
    setup_game(host, "Diam's", 2, ["human", "linked"], settle=False)
    assert slot.load().seats == ["human", "linked"]
    alone = make_sim(slot=slot)
    assert alone.texts()[1] == ">Resume Diam's"
    alone.press(buttons.A)
    assert alone.app.match.seats == ["human", "normal"]


def test_two_simulators_play_over_the_socket():
    """tools/simlink.py: the joiner may start before the host listens; the bytes go both
    ways; a whole game of two simulators over it; a closed end is listened for again."""
    from simlink import SocketPort

    host_port = SocketPort("host", 0)
    joiner = SocketPort("join", host_port.address[1])
    joiner.tried = -1.0
    for _ in range(200):
        joiner.write(b"hello")
        if host_port.read() == b"hello":
            break
    else:
        raise AssertionError("the socket never carried a byte")
    host_port.write(b"back")
    for _ in range(200):
        if joiner.read() == b"back":
            break
    else:
        raise AssertionError("nothing came back")
    host = make_sim(seed=6, link=host_port)
    guest = make_sim(seed=6, link=joiner)
    host.app.pace_ms = guest.app.pace_ms = 0
    join(guest)
    setup_game(host, "Diam's", 2, ["human", "linked"], settle=False)
    run([Hands(host, [0]), Hands(guest, [1])], lambda: over(host) and over(guest))
    assert guest.texts()[1:] == host.texts()[1:]
    joiner.close()
    for _ in range(100):  # (what was on its way first)
        if host_port.read() is None:
            break
    assert host_port.sock is None  # (it listens again)
    host_port.close()


def test_the_guest_takes_back_a_pick_with_b_as_at_the_host():
    """Diam's, P2 linked: in the middle of its turn the guest's B takes its last pick back,
    as it would for a human at the host (the host's rules, its point of no return); the
    host says so and the guest's table is at that decision again."""
    host_end, guest_end, _ = cable(21, chop=0)
    host = make_sim(seed=21, link=host_end)
    guest = make_sim(seed=21, link=guest_end)
    host.app.pace_ms = guest.app.pace_ms = 0
    join(guest)
    setup_game(host, "Diam's", 2, ["normal", "linked"], settle=False)

    def undoable():
        match = guest.app.match
        return isinstance(screen(guest), screens.TableScreen) and match.human_turn() \
            and match.can_take_back()

    run([Hands(host, []), Hands(guest, [1])], undoable, frames=6000)
    before = list(host.app.match.state.history)
    press(guest, buttons.B)
    assert guest.texts()[-1] == "Sent to the host", guest.texts()
    idle = [Hands(host, []), Hands(guest, [])]
    run(idle, lambda: guest.app.match.human_turn(), frames=400)
    back = host.app.match.state.history
    assert len(back) < len(before) and list(back) == before[:len(back)]
    assert host.app.match.public[-1] == "P2 took back a pick"
    assert guest.app.match.decision == len(back)
