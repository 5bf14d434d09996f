"""Link play's front end (issue 58): a host's Match with a linked seat (firmware/ui/remote.py)
and a guest (firmware/ui/guest.py) at the other end of a cable play whole games of every
registered game: the same game, move for move, as one where that seat is a human at the host
choosing the same, over a clean cable and over a faulty one (drops, garbled and cut-off
writes, ten seconds unplugged, the guest and the host reset); every update the guest
received is that seat's view as the host's state had it then, and every line of its news
one a human in that seat at the host reads. Portable: tools/mptest.py runs it too."""
# mptest-heap: 512k

from cable import cable
from checks import IS_MICROPYTHON_FAMILY, count, every_game, raises

from firmware import link, linkplay
from firmware.core import about, load, replay
from firmware.core.prng import Prng
from firmware.savefile import Crc32
from firmware.ui.guest import Guest
from firmware.ui.match import HUMAN, LINKED, Match
from firmware.ui.screens import table_choices

STEP_MS = 20  # a frame of the app's loop
BOT_SLICE_MS = 60000  # a normal bot's decision in one call
CHOP = 100  # per mille of the cable's reads that have part of what came (cable.Wire)


def pick(match, seed, decision, view):
    """The scripted player of the guest's seat: one of the choices its table offers (the
    game's choices.py: a shortcut plays several actions at once), picked by the game's seed
    and the decision's number only, so that two runs that reach a decision pick alike."""
    choices = table_choices(match.game, view, match.legal())
    choice = choices[Prng(seed * 1009 + decision).randbelow(len(choices))]
    if isinstance(choice, tuple):
        match.play_all(choice[1])
    else:
        match.play(choice)


def table(game, seed):
    """(players, the seats' kinds, the guest's seat) of test game `seed`: the most seats,
    normal bots but one, that one the guest's seat (a different one each seed)."""
    package = about(game)
    players = package.MIN_PLAYERS + seed % (package.MAX_PLAYERS - package.MIN_PLAYERS + 1)
    seat = seed % players
    kinds = ["normal"] * players
    return players, kinds, seat


class Told:
    """A Match whose lines for one reader are all kept (the reference of the guest's news)."""

    def __init__(self, match, reader):
        self.lines = []
        log = match._log

        def keep(who, line):
            if who == reader:
                self.lines.append(line)
            log(who, line)

        match._log = keep


def seen(match, seat):
    """What the screens read of `match` at a decision of `seat`'s player: the decision's
    number, its choices and their words, the news, the round's result when one is due, and
    whether the bots moved just before (the app's beep)."""
    legal = match.legal()
    words = [match.text(action, seat) for action in legal]
    result = None
    if match.pending_result():
        result = []
        match.round_lines(result.append)
    return (match.decision if hasattr(match, "decision") else len(match.state.history),
            legal, words, list(match.news(seat)), result, match.bot_moved, match.viewer(),
            match.points)


def kept(entry):
    """A record's entry as kept: whole on CPython (pytest shows what differs), its CRC on
    MicroPython and CircuitPython (a whole Diploma game's entries fill a board-sized heap)."""
    if not IS_MICROPYTHON_FAMILY:
        return entry
    check = Crc32()
    check.update(repr(entry[:-1]).encode())
    return (check.hexdigest(), entry[-1])


def anew(record):
    """`record` (seen's) with each decision's `points` as whether it changed since the
    decision before (the table's cursor starts over: screens.TableScreen.refresh)."""
    out = []
    last = None
    for entry in record:
        out.append(entry[:-1] + (entry[-1] != last,))
        last = entry[-1]
    return out


def local_game(game, seed, record=None):
    """The reference: the guest's seat a human at the host, picking as `choose` does (an
    only choice played for them, as the app's route does); `record`: a list for what the
    screens read at each of its decisions (seen)."""
    players, kinds, seat = table(game, seed)
    kinds[seat] = HUMAN
    match = Match(load(game).new_game(players, seed), kinds)
    told = Told(match, seat)
    while not match.over():
        if match.human_turn():
            if match.only_choice() is None:
                if record is not None:
                    record.append(kept(seen(match, seat)))
                pick(match, seed, len(match.state.history), match.state.view(seat))
        else:
            match.think(BOT_SLICE_MS)
    return match.state, told.lines


class Watch:
    """Checks every update a guest's link delivers, as it comes (a board-sized heap keeps
    none): from the one before (or whole) it makes the view the host's state had at that
    decision, the seat's own, key for key; `ask` is set when that seat decides; each line of
    its news is one in `said` (a human's at that seat at the host) or an only choice. The
    host's state is followed by a shadow state of the game, its moves applied as the
    updates come, from the host's history."""

    def __init__(self, game, seed, hosts, said=None):
        players, _, self.seat = table(game, seed)
        self.hosts = hosts  # [the host's Match now] (a reset host is another)
        self.said = said
        self.shadow = load(game).new_game(players, seed)
        self.view = None
        self.number = 0
        self.updates = 0
        self.changes = 0

    def watch(self, guest):
        """Check what `guest`'s link delivers from now on (a new guest knows nothing)."""
        self.view = None
        poll = guest.link.poll

        def watched(now):
            got = poll(now)
            for kind, payload in got:
                if kind == linkplay.UPDATE:
                    self.check(linkplay.unpack(payload))
            return got

        guest.link.poll = watched

    def check(self, message):
        self.updates += 1
        if "b" in message:
            if self.view is None or message["b"] != self.number:
                return  # (the guest asks for the view whole: this one it can't use)
            self.view = linkplay.patch(self.view, message["v"], message.get("x", ()))
            self.changes += 1
        else:
            self.view = message["v"]
            assert message["s"] == self.seat
        self.number = message["u"]
        shadow = self.shadow
        history = self.hosts[0].state.history
        n = message["n"]
        assert len(shadow.history) <= n <= len(history)
        while len(shadow.history) < n:
            shadow.apply(history[len(shadow.history)])
        assert self.view == linkplay.unpack(linkplay.pack(shadow.view(self.seat))), n
        deciding = shadow.current_player() == self.seat and len(shadow.legal_actions()) > 1
        assert bool(message.get("ask")) == deciding, n
        if self.said is not None:
            for line in message.get("news", ()):
                assert line in self.said or line.startswith("Only choice: "), line


def linked_game(game, seed, faults=None, resets=(), said=None, record=None):
    """The game with the guest's seat linked, every update checked (Watch, `said` the
    lines its news may hold): (the host's final state, its Match, the guest, the Watch).
    `resets`: at which of the guest's decisions ("guest", n) or the host's moves ("host",
    n) a side starts again; `faults`: the cable's, and ten seconds unplugged at the guest's
    third decision."""
    players, kinds, seat = table(game, seed)
    kinds[seat] = LINKED
    host_end, guest_end, wires = cable(seed, chop=CHOP, **(faults or {}))
    state = load(game).new_game(players, seed)
    host = Match(state, kinds, link=link.Link(host_end, 1000 + seed, 0))
    guest = Guest(link.Link(guest_end, 2000 + seed, 0))
    hosts = [host]
    watch = Watch(game, seed, hosts, said)
    watch.watch(guest)
    now = 0
    picks = 0
    pending = list(resets)
    unplugged = -1
    for _ in range(200000):
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
        if pending and pending[0][0] == "host" and len(host.state.history) >= pending[0][1]:
            pending.pop(0)  # the host starts again from its save (the game's record)
            old = host.state
            again = replay(old.game, old.players, old.seed, old.options, old.history)
            host = Match(again, kinds, link=link.Link(host_end, 3000 + now, now))
            hosts[0] = host
        if pending and pending[0][0] == "guest" and picks >= pending[0][1]:
            pending.pop(0)  # the guest starts again, knowing nothing
            guest = Guest(link.Link(guest_end, 4000 + now, now))
            watch.watch(guest)
        if faults and picks == 3 and unplugged < 0:
            unplugged = now
            for wire in wires:
                wire.cut = True
        if unplugged >= 0 and now - unplugged >= 10000:
            for wire in wires:
                wire.cut = False
        if not host.over():
            host.think(BOT_SLICE_MS)
        if guest.human_turn():
            if record is not None:
                record.append(kept(seen(guest, seat)))
            pick(guest, seed, guest.decision, guest.view)
            picks += 1
        told = host.remote.told is host.state and host.remote.sent is not None
        if host.over() and guest.over() and told and not host.remote.link.busy():
            break
    assert host.over() and guest.over(), (game, seed, len(host.state.history))
    assert not pending and (not faults or unplugged >= 0), (game, seed, pending)  # all done
    assert len(watch.shadow.history) == len(host.state.history)  # it saw the end
    return host.state, host, guest, watch


@every_game
def test_a_linked_seat_plays_the_same_game_as_a_human_at_the_host(game):
    for seed in range(count(2, 1)):
        reference, lines = local_game(game, seed)
        final, host, guest, watch = linked_game(game, seed, said=set(lines))
        assert final.history == reference.history, (game, seed)
        assert final.scores() == reference.scores()
        seat = table(game, seed)[2]
        assert watch.view == linkplay.unpack(linkplay.pack(final.view(seat)))
        assert guest.view == watch.view and guest.over()
        assert watch.changes > watch.updates // 2  # (most as their changes only)
        assert host.remote.link.resent == 0


@every_game
def test_the_guests_screens_read_what_a_human_at_the_host_reads(game):
    # At each of its decisions: the same choices in the same words, the same news (the
    # others' moves since its last decision, an only choice played for it), the same
    # round's result when one is due, the same turn after the bots (the app's beep).
    for seed in range(count(2, 1)):
        here, linked = [], []
        local_game(game, seed, here)
        linked_game(game, seed, record=linked)
        assert len(linked) == len(here) > 3, (game, seed)
        here, linked = anew(here), anew(linked)
        for i in range(len(here)):
            assert linked[i] == here[i], (game, seed, i)


@every_game
def test_a_faulty_cable_and_both_sides_reset_still_play_the_same_game(game):
    faults = {"drop": 60, "garble": 60, "short": 40}
    for seed in range(count(2, 1)):
        reference, _ = local_game(game, seed)
        final, host, guest, watch = linked_game(
            game, seed, faults, resets=(("guest", 2), ("host", 30), ("guest", 6)))
        assert final.history == reference.history, (game, seed)
        assert host.remote.link.resent and guest.link.resent  # (the faults were met)
        assert guest.view == watch.view == linkplay.unpack(
            linkplay.pack(final.view(table(game, seed)[2])))


def run_until(host, guest, now, done, steps=500):
    for _ in range(steps):
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
        if done():
            break
        if not host.over():
            host.think(BOT_SLICE_MS)
    return now


def test_an_answer_the_rules_refuse_is_not_played_and_the_guest_decides_again():
    game = "diams"
    players, kinds = 3, [LINKED, "normal", "normal"]
    host_end, guest_end, _ = cable(5)
    host = Match(load(game).new_game(players, 5), kinds, link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = run_until(host, guest, 0, guest.human_turn)
    legal = host.legal()
    wrong = max(legal) + 1
    raises(ValueError, guest.play, wrong)  # the guest's own rules refuse it first
    assert guest.pending is None
    before = list(host.state.history)
    # A client of its own sends it anyway.
    guest.pending = (linkplay.ACTION, linkplay.pack({"n": guest.decision, "a": [wrong]}))
    guest.link.send(*guest.pending)
    now = run_until(host, guest, now, lambda: False, 50)
    assert host.state.history == before  # not played, and nothing else either
    assert guest.refused and guest.pending is None and guest.human_turn()
    guest.play(legal[0])
    assert not guest.refused  # (the table's word on it goes with the new pick)
    run_until(host, guest, now, lambda: len(host.state.history) > len(before), 50)
    assert host.state.history[:len(before) + 1] == before + [legal[0]]


def test_a_guest_takes_back_a_pick_of_its_turn_as_a_human_at_the_host_would():
    """Diam's, the guest's seat in the middle of its turn (a pick made, the turn on): B asks
    the host, which takes the pick back with its rules (to the point of no return at most)
    and sends the view as it was before it; the guest decides again, and the game plays on
    to its end. At a turn's first decision there is nothing to take back: the guest says so
    itself, and a client that asks anyway is told no and decides on."""
    host_end, guest_end, _ = cable(21)
    host = Match(load("diams").new_game(2, 21), ["normal", LINKED],
                 link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = 0
    picked = []  # the decisions the guest's player made (an only choice is none of them)
    for _ in range(200):
        now = run_until(host, guest, now, guest.human_turn)
        if guest.can_take_back():
            break
        assert not guest.take_back() and guest.pending is None  # (nothing of this turn yet)
        picked.append(guest.decision)
        pick(guest, 21, guest.decision, guest.view)
    assert guest.can_take_back(), "no turn of two picks"
    before = list(host.state.history)
    # One asked at another decision (sent again after a reset, say): not taken back.
    guest.link.send(linkplay.TAKEBACK, linkplay.pack({"n": guest.decision - 1}))
    now = run_until(host, guest, now, lambda: False, 30)
    assert host.state.history == before and guest.human_turn()
    assert host.can_take_back(True) and not host.can_take_back()  # (the linked seat's, not a
    assert guest.take_back() and not guest.human_turn()  # human's here) ... sent
    assert guest.pending == (linkplay.TAKEBACK, linkplay.pack({"n": len(before)}))
    now = run_until(host, guest, now, guest.human_turn)
    back = list(host.state.history)
    assert len(back) < len(before) and back == before[:len(back)]
    assert guest.decision == len(back) and guest.view == wire(host.state.view(1))
    assert guest.decision in picked  # back to a pick of its own, not to an only choice
    assert host.public[-1] == "P2 took back a pick"
    assert not guest.can_take_back() or host.can_take_back(True)
    while guest.can_take_back():  # back to the turn's first decision
        guest.take_back()
        now = run_until(host, guest, now, guest.human_turn)
    turn = list(host.state.history)
    # A client that asks anyway: told no (the host's rules), nothing changes, it decides on.
    guest._answer(linkplay.TAKEBACK, {"n": guest.decision})
    now = run_until(host, guest, now, guest.human_turn, 50)
    assert host.state.history == turn and guest.human_turn() and guest.pending is None
    while not (host.over() and guest.over()):
        now = run_until(host, guest, now, lambda: guest.human_turn() or host.over(), 2000)
        if guest.human_turn():
            pick(guest, 21, guest.decision, guest.view)
            assert not guest.can_take_back() and not guest.take_back()  # (its pick is on
            # its way: the host takes it, then says whether it may be taken back)
    assert host.over() and guest.over()


def test_the_host_sends_the_update_in_the_tick_that_finds_the_game_moved():
    """The update goes out in the link tick that makes it, not at the next frame's, after a
    bot's whole decision in this one (the guest's next view waited for it)."""
    host_end, guest_end, _ = cable(4)
    host = Match(load("diams").new_game(2, 4), [LINKED, "normal"],
                 link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = run_until(host, guest, 0, guest.human_turn)
    before = len(host.state.history)
    guest.play(guest.legal()[0])
    for _ in range(20):
        now += STEP_MS
        guest.link_tick(now)
        host.link_tick(now)
        host.think(BOT_SLICE_MS)
        if len(host.state.history) > before:
            break
    assert len(host.state.history) > before
    host.link_tick(now + STEP_MS)
    sent = host.remote.link
    assert not sent.queue and sent.flight is not None
    kinds = [kind for kind, _, _ in link.Reader().feed(host_end.written[-1])]
    assert kinds == [linkplay.UPDATE]


def test_a_change_carries_only_the_keys_that_changed():
    """An update that builds on the last one holds the view's keys whose values differ from
    the last view sent, no other (a whole view each time is 0.7-1.6 KB of wire)."""
    host_end, guest_end, _ = cable(6)
    host = Match(load("diams").new_game(2, 6), ["normal", LINKED],
                 link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    sent = []
    send = host.remote.link.send

    def keep(kind, payload=b""):
        if kind == linkplay.UPDATE:
            sent.append(linkplay.unpack(payload))
        send(kind, payload)

    host.remote.link.send = keep
    now = 0
    for decision in range(60):
        now = run_until(host, guest, now, lambda: guest.human_turn() or host.over(), 2000)
        if host.over():
            break
        pick(guest, 6, decision, guest.view)
    changes = 0
    view = None
    for message in sent:
        if "b" in message:
            for key in message["v"]:
                assert key not in view or view[key] != message["v"][key], key
            assert len(message["v"]) < len(view)
            changes += 1
            view = linkplay.patch(view, message["v"], message.get("x", ()))
        else:
            view = message["v"]
    assert changes > 20, changes


def keeps_the_turn(state, actions):
    """Whether `actions` leave the seat on turn deciding, and show nothing new (no roll,
    no draw): a pick it may take back."""
    probe = state.clone()
    seat, revealed = probe.current_player(), probe.revealed
    for action in actions:
        probe.apply(action)
    return probe.current_player() == seat and probe.revealed == revealed


def test_a_guests_shortcut_is_one_pick_to_take_back():
    """Quartz, the guest's seat: a shortcut of the table (a pickaxe's dice at once) goes to
    the host as one pick, and B takes it back whole, as for a human at the host
    (test_shortcuts.py), not one of its actions at a time."""
    host_end, guest_end, _ = cable(8)
    host = Match(load("quartz").new_game(3, 8), ["normal", LINKED, "normal"],
                 link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = 0
    checked = 0
    for decision in range(300):
        now = run_until(host, guest, now, lambda: guest.human_turn() or host.over(), 2000)
        if host.over() or checked >= 2:
            break
        choices = table_choices("quartz", guest.view, guest.legal())
        several = [c[1] for c in choices if isinstance(c, tuple) and len(c[1]) > 1
                   and keeps_the_turn(host.state, c[1])]
        if not several:
            pick(guest, 8, decision, guest.view)
            continue
        actions = several[0]
        before = list(host.state.history)
        guest.play_all(actions)
        now = run_until(host, guest, now, guest.human_turn)
        assert host.state.history == before + actions and guest.can_take_back()
        assert host._picks[-1] == len(before)  # one pick, where it began
        assert guest.take_back()
        now = run_until(host, guest, now, guest.human_turn)
        assert host.state.history == before  # the whole shortcut, at once
        assert guest.decision == len(before) and guest.view == wire(host.state.view(1))
        checked += 1
    assert checked >= 1, "no shortcut of the guest's to take back"


def wire(view):
    return linkplay.unpack(linkplay.pack(view))


def test_a_linked_seat_needs_its_own_link():
    state = load("diams").new_game(3, 1)
    raises(ValueError, Match, state, [LINKED, "normal", "normal"])
    host_end, _, _ = cable(1)
    two = link.Link(host_end, 1, 0)
    raises(ValueError, lambda: Match(state, [LINKED, LINKED, "normal"], link=two))


def test_a_guests_answer_goes_again_after_a_host_reset_and_is_played_once():
    game, kinds = "diamonds", [LINKED, "normal", "normal", "normal"]
    for played_before_reset in (False, True):
        host_end, guest_end, wires = cable(9)
        state = load(game).new_game(len(kinds), 9)
        host = Match(state, kinds, link=link.Link(host_end, 1, 0))
        guest = Guest(link.Link(guest_end, 2, 0))
        now = run_until(host, guest, 0, guest.human_turn)
        choice = guest.legal()[-1]
        decision = len(host.state.history)
        guest.play(choice)
        if played_before_reset:  # the answer came and was played (and saved) ...
            now = run_until(host, guest, now, lambda h=host, d=decision: len(h.state.history) > d)
            saved = host.state.history
        else:  # ... or the cable lost it and the host never had it
            for wire in wires:
                wire.cut = True
            now = run_until(host, guest, now, lambda: False, 20)
            for wire in wires:
                wire.cut = False
            saved = host.state.history[:decision]
        assert guest.pending is not None
        # The host starts again from its save: the guest hears its HELLO and sends the
        # answer again, which the host plays if it had not, and never twice.
        again = replay(game, len(kinds), 9, host.state.options, saved)
        host = Match(again, kinds, link=link.Link(host_end, 3, now))
        now = run_until(host, guest, now, guest.human_turn)
        # As a human at the host who picked it once: the same moves to their next decision.
        mine = replay(game, len(kinds), 9, host.state.options, list(saved[:decision]) + [choice])
        local = Match(mine, [HUMAN] + kinds[1:])
        while not local.human_turn():
            local.think(BOT_SLICE_MS)
        assert list(host.state.history) == list(local.state.history), played_before_reset
        assert guest.decision == len(local.state.history) and guest.pending is None


def test_an_answer_to_another_decision_is_never_played():
    # A resend of an answer already played (a host reset between its play and the guest
    # hearing of it) names an earlier decision: dropped, even where its action is legal.
    game, kinds = "diams", [LINKED, "normal", "normal"]
    host_end, guest_end, _ = cable(11)
    host = Match(load(game).new_game(len(kinds), 11), kinds, link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = run_until(host, guest, 0, guest.human_turn)
    before = list(host.state.history)
    legal = guest.legal()
    for stale in (guest.decision - 1, guest.decision + 1, "x"):
        guest.link.send(linkplay.ACTION, linkplay.pack({"n": stale, "a": [legal[0]]}))
        now = run_until(host, guest, now, lambda: False, 30)
        assert list(host.state.history) == before, stale
        assert guest.human_turn()
    for wrong in ({"n": guest.decision}, {"n": guest.decision, "a": ["0"]}, [1], b"\xff"):
        payload = wrong if isinstance(wrong, bytes) else linkplay.pack(wrong)
        guest.link.send(linkplay.ACTION, payload)
        now = run_until(host, guest, now, lambda: False, 30)
        assert list(host.state.history) == before, wrong
    guest.play(legal[0])
    now = run_until(host, guest, now, lambda: len(host.state.history) > len(before))
    assert list(host.state.history) == before + [legal[0]]


def written_messages(end):
    """The game's messages in an end's last writes (cable.End): [(kind, message)]."""
    frames = link.Reader().feed(b"".join(end.written))
    return [(kind, linkplay.unpack(payload)) for kind, _, payload in frames
            if kind >= link.FIRST_KIND]


def joined(seed, kinds):
    """A host's Match (`kinds`, one LINKED) and a guest over a clean cable, once the guest
    has the host's first update: (host, guest, the cable's ends and wires, now)."""
    host_end, guest_end, wires = cable(seed, chop=0)
    state = load("diams").new_game(len(kinds), seed)
    host = Match(state, kinds, link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    assert not guest.ready() and guest.current() == -1 and not guest.human_turn()
    now = 0
    while not guest.ready():
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
    return host, guest, (host_end, guest_end, wires), now


def test_a_guest_asks_for_the_view_whole_when_a_change_does_not_fit_and_waits_for_it():
    host, guest, (_, guest_end, wires), now = joined(12, [LINKED, "normal", "normal"])
    assert guest.number == 1 and guest.think(0) and not guest.think(0)
    first = guest.view
    guest_end.written[:] = []

    def update(payload):  # a frame from the host, as the next in its stream
        wires[0].put(link.frame(linkplay.UPDATE, guest.link.expect, payload))
        return guest.link_tick(now)

    # A change built on another update than the last: RESYNC, once, and changes wait.
    for base in (7, 1):
        update(linkplay.pack({"u": 9, "b": base, "n": 0, "v": {"round": 99}, "r": 0, "rv": 0}))
    assert [k for k, _ in written_messages(guest_end)] == [linkplay.RESYNC]
    assert guest.view == first and guest.resyncing  # the second, fitting one: not taken
    # A payload it cannot read: the same (one RESYNC asked already).
    assert update(b"{not json") is False
    assert [k for k, _ in written_messages(guest_end)] == [linkplay.RESYNC]
    # The whole view again: taken, and changes build on it.
    assert update(linkplay.pack({"u": 1, "n": 0, "v": first, "r": 0, "rv": 0, "g": "diams",
                                 "s": 0, "seats": host.seats, "names": host.names}))
    assert not guest.resyncing and guest.number == 1
    assert update(linkplay.pack({"u": 2, "b": 1, "n": 0, "v": {"round": 2}, "x": ["legal"],
                                 "r": 0, "rv": 0, "news": ["P2 draws a card"]}))
    assert guest.view["round"] == 2 and "legal" not in guest.view and guest.number == 2
    assert guest.news(0) == ["P2 draws a card"] and first["round"] != 2 and "legal" in first


def test_patch_sets_and_leaves_out_keys_on_a_new_dict():
    view = {"a": 1, "b": [2], "c": 3}
    assert linkplay.patch(view, {"b": [4], "d": 5}, ["c", "z"]) == {"a": 1, "b": [4], "d": 5}
    assert view == {"a": 1, "b": [2], "c": 3}


def test_the_messages_numbers_and_fields_are_the_readmes():
    assert (linkplay.UPDATE, linkplay.ACTION, linkplay.RESYNC, linkplay.TAKEBACK) == (3, 4, 5, 6)
    assert linkplay.pack({"a": [7, 2]}) == b'{"a":[7,2]}'  # (compact; keys in any order)
    assert linkplay.unpack(linkplay.pack({"n": 4, "a": [7, 2]})) == {"n": 4, "a": [7, 2]}
    for bad in (b"[1]", b"{nope", b"\xff", b"3"):
        raises(ValueError, linkplay.unpack, bad)
    # The host's first update: whole, numbered 1, who the guest is and at which table.
    host, guest, (host_end, _, _), _ = joined(13, ["normal", LINKED, "normal"])
    (kind, message), = written_messages(host_end)
    assert kind == linkplay.UPDATE and message["u"] == 1 and "b" not in message
    assert (message["g"], message["s"], message["n"]) == ("diams", 1, 0)
    assert message["seats"] == ["normal", "linked", "normal"]
    assert message["names"] == ["P1 normal", "P2", "P3 normal"]  # (a player, as a human)
    assert message["v"] == linkplay.unpack(linkplay.pack(host.state.view(1)))
    assert "ask" not in message and "news" not in message
    assert guest.seat == 1 and guest.viewer() == 1 and guest.names == message["names"]


def test_a_guest_that_joins_after_a_round_is_not_shown_its_result():
    # A guest started again mid-game has missed the rounds before: it shows the next
    # round's result when that comes, not the last one's at once.
    host, guest, (_, guest_end, _), now = joined(14, ["normal", LINKED, "normal"])
    while host.state.rounds_scored() < 1:
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
        host.think(BOT_SLICE_MS)
        if guest.human_turn():
            guest.play(guest.legal()[0])
    guest = Guest(link.Link(guest_end, 3, now))
    while not guest.ready():
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
    assert guest.scored >= 1 and not guest.pending_result()
