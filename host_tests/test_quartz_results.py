"""Quartz's round summary (firmware/games/quartz/results.py) shows the round it names as that
round ended (Q-R): each seat's crystals, cart and chest together, its chest's count and its
points (Q-F). By the time the summary is written the next round has begun, its leader's
opening draw done (Q-T1): those figures are not the round's (issue 57). Checked against the
State's own figures at the moment each round ended, on the handheld's path (Match.round_lines,
a resumed game's too) and on the text console's. CPython."""

from test_console import Script

from firmware.core import record, replay
from firmware.core.prng import Prng
from firmware.games.quartz import rules as quartz
from firmware.ui import console
from firmware.ui.match import Match


def figures(state):
    """Every seat's crystals held (7 counts), chest count and points (Q-F) now."""
    n = state.players
    return ([state.holdings(s) for s in range(n)], [sum(state.chests[s]) for s in range(n)],
            state.scores())


class Watched(quartz.State):
    """A Quartz game that notes the figures of each round at the moment it ends (Q-R), before
    the next round's opening draw, and the leader of the next round (Q-R1)."""

    def __init__(self, players, seed):
        quartz.State.__init__(self, players, seed, {})
        self.round_ends = []

    def _end_round(self):
        ended = figures(self)
        quartz.State._end_round(self)
        self.round_ends.append(ended + (self.leader,))


def read_summary(lines):
    """A round summary's lines back into (heading, held per seat, chest counts, points, the
    lines read). Kinds nobody holds have no row: zero."""
    heading = lines[0]
    n = len(lines[1].split())
    rows = {}
    used = 2
    for line in lines[2:]:
        words = line.split()
        rows[" ".join(words[:-n])] = [int(cell) for cell in words[-n:]]
        used += 1
        if words[0] == "points":
            break
    held = [[0] * quartz.NKINDS for _ in range(n)]
    for kind in range(quartz.NKINDS):
        for seat, count in enumerate(rows.pop(quartz.KINDS[kind], [0] * n)):
            held[seat][kind] = count
    sizes = rows.pop("in chest")
    points = rows.pop("points")
    assert not rows, rows  # nothing else in the table
    return heading, held, sizes, points, used


def check_summary(lines, rnd, end):
    """The summary `lines` of round `rnd` show the figures `end` noted as it ended."""
    held, sizes, points, leader = end
    heading, shown_held, shown_sizes, shown_points, _ = read_summary(lines)
    assert heading == "Round %d: P%d leads" % (rnd, leader + 1)  # Q-R1
    assert shown_held == held, rnd  # Q-F1, Q-F2: cart and chest together
    assert shown_sizes == sizes, rnd  # Q-F3
    assert shown_points == points, rnd  # Q-F


def play_to_round_summary(match, rng):
    """Random legal actions until a round's summary is due on the handheld."""
    while not match.pending_result():
        legal = match.legal()
        match.play(legal[rng.randbelow(len(legal))])


def test_round_summary_shows_the_round_as_it_ended_Q_R_Q_F():
    """Rounds 1 to 5 on the handheld's path (the last one's summary comes with the game's end,
    which changes nothing after it)."""
    state = Watched(3, 17)
    match = Match(state, ["human"] * 3)
    rng = Prng(5)
    for rnd in range(1, 6):
        play_to_round_summary(match, rng)
        assert match.state is state and len(state.round_ends) == rnd
        if rnd == 1:  # (the case of the issue: the next round has begun, its draw made)
            assert figures(state) != state.round_ends[0][:3]
        lines = []
        match.round_lines(lines.append)
        check_summary(lines, rnd, state.round_ends[-1])


def test_a_resumed_game_shows_the_last_round_as_it_ended_Q_R_Q_F():
    """A game saved well into round 2 and resumed (its state replayed from its record): the
    summary the handheld shows first is round 1's, as round 1 ended."""
    state = Watched(4, 3)
    match = Match(state, ["human"] * 4)
    rng = Prng(8)
    play_to_round_summary(match, rng)
    for _ in range(25):
        legal = match.legal()
        match.play(legal[rng.randbelow(len(legal))])
    assert state.rounds_scored() == 1
    resumed = Match(replay(*record(state)), ["human"] * 4)
    assert resumed.pending_result()
    lines = []
    resumed.round_lines(lines.append)
    check_summary(lines, 1, state.round_ends[0])


def test_console_prints_each_round_as_it_ended_Q_R_Q_F():
    state = Watched(3, 21)
    script = Script(lambda prompt, recent: "")
    assert console.run(state, ["easy"] * 3, script.inp, script.out, 21)
    text = script.lines
    for rnd in range(1, 6):
        at = text.index("==== Round %d scored ====" % rnd) + 1
        check_summary(text[at:], rnd, state.round_ends[rnd - 1])
    at = text.index("==== Round 6 scored ====") + 1
    _, held, sizes, points, _ = read_summary(text[at:])
    assert (held, sizes, points) == state.round_ends[5][:3] == figures(state)
