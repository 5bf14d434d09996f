"""Link play's front end (issue 58): a host's Match with a linked seat (firmware/ui/remote.py)
and a guest (firmware/ui/guest.py) at the other end of a cable play whole games of every
registered game: the same game, move for move, as one where that seat is a human at the host
choosing the same, over a clean cable and over a faulty one (drops, garbled and cut-off
writes, ten seconds unplugged, the guest and the host reset); every update the guest
received is that seat's view as the host's state had it then, and every line of its news
one a human in that seat at the host reads. Portable: tools/mptest.py runs it too."""
# mptest-heap: 384k

from cable import cable
from checks import count, every_game, raises

from firmware import link, linkplay
from firmware.core import about, load, replay
from firmware.core.prng import Prng
from firmware.ui.guest import Guest
from firmware.ui.match import HUMAN, LINKED, Match

STEP_MS = 20  # a frame of the app's loop
BOT_SLICE_MS = 60000  # a normal bot's decision in one call
CHOP = 100  # per mille of the cable's reads that have part of what came (cable.Wire)


def choose(seed, decision, legal):
    """The scripted player of the guest's seat: a pick that depends on the game's seed and
    the decision's number only, so that two runs that reach a decision pick alike."""
    return legal[Prng(seed * 1009 + decision).randbelow(len(legal))]


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


def local_game(game, seed):
    """The reference: the guest's seat a human at the host, picking as `choose` does."""
    players, kinds, seat = table(game, seed)
    kinds[seat] = HUMAN
    match = Match(load(game).new_game(players, seed), kinds)
    told = Told(match, seat)
    while not match.over():
        if match.human_turn():
            match.play(choose(seed, len(match.state.history), match.legal()))
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
        assert bool(message.get("ask")) == (shadow.current_player() == self.seat), n
        if self.said is not None:
            for line in message.get("news", ()):
                assert line in self.said or line.startswith("Only choice: "), line


def linked_game(game, seed, faults=None, resets=(), said=None):
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
            guest.play(choose(seed, guest.decision, guest.legal()))
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


def test_an_answer_the_rules_refuse_is_not_played_and_the_guest_decides_again():
    game = "diams"
    players, kinds = 3, [LINKED, "normal", "normal"]
    host_end, guest_end, _ = cable(5)
    host = Match(load(game).new_game(players, 5), kinds, link=link.Link(host_end, 1, 0))
    guest = Guest(link.Link(guest_end, 2, 0))
    now = 0
    while not guest.human_turn():
        now += STEP_MS
        host.link_tick(now)
        guest.link_tick(now)
        host.think(BOT_SLICE_MS)
    legal = host.legal()
    wrong = max(legal) + 1
    raises(ValueError, guest.play, wrong)  # the guest's own rules refuse it first
    assert guest.pending is None
    before = list(host.state.history)
    # A client of its own sends it anyway.
    guest.pending = linkplay.pack({"n": guest.decision, "a": [wrong]})
    guest.link.send(linkplay.ACTION, guest.pending)
    for _ in range(50):
        now += STEP_MS
        guest.link_tick(now)
        host.link_tick(now)
        host.think(BOT_SLICE_MS)
    assert host.state.history == before  # not played, and nothing else either
    assert guest.refused and guest.pending is None and guest.human_turn()
    guest.play(legal[0])
    for _ in range(50):
        now += STEP_MS
        guest.link_tick(now)
        host.link_tick(now)
        if len(host.state.history) > len(before):
            break
        host.think(BOT_SLICE_MS)
    assert host.state.history[:len(before) + 1] == before + [legal[0]]


def test_a_linked_seat_needs_its_own_link():
    state = load("diams").new_game(3, 1)
    raises(ValueError, Match, state, [LINKED, "normal", "normal"])
    host_end, _, _ = cable(1)
    two = link.Link(host_end, 1, 0)
    raises(ValueError, lambda: Match(state, [LINKED, LINKED, "normal"], link=two))


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
