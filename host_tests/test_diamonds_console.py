"""Diamonds on the text console (firmware/games/diamonds/console.py through console.py and
tools/play.py): all-bot games on CPython and MicroPython (the same output on both: a cross-port
check that covers team mode too), a scripted human, privacy. Rule ids: seeds/diamonds.md."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.core import load
from firmware.games.diamonds import console as diamonds_console
from firmware.games.diamonds import rules as diamonds
from firmware.ui import console

ROOT = Path(__file__).resolve().parent.parent
PLAY = str(ROOT / "tools" / "play.py")
TIMEOUT = 120


def micropython():
    here = Path(sys.executable).parent / "micropython"
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which("micropython")
    if found is None:
        raise FileNotFoundError("micropython not found")
    return found


def run_play(interpreter, args, stdin=None):
    exe = sys.executable if interpreter == "cpython" else micropython()
    return subprocess.run(
        [exe, PLAY, "--game", "diamonds", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=TIMEOUT,
    )


BOT_GAMES = [
    (["--seats", "bot,bot"], 11, "2 players M-R6", []),
    (["--seats", "bot,easy,hard"], 12, "3 players perfect", ["--option", "perfect=on"]),
    (["--players", "4", "--bots-only"], 13, "4 players teams", ["--option", "teams=on"]),
    (["--players", "5", "--bots-only"], 14, "5 players show score", ["--option", "show_score=on"]),
    (
        ["--players", "6", "--bots-only"],
        15,
        "6 players teams perfect",
        ["--option", "teams=on", "--option", "perfect=on"],
    ),
]


@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_bots_only_game_same_on_both_interpreters(seats, seed, what, options):
    """All seats bots: the game runs to its end without input on CPython and MicroPython,
    with the same output (rules, bots and console use only the project PRNG), every round
    scored (M-E1) and the final points (M-E2)."""
    args = [*seats, "--seed", str(seed), *options]
    done = run_play("cpython", args)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    rounds = diamonds.ROUNDS[int(re.search(r"Diamonds: (\d) players", out).group(1))]
    # M-R2: the dealer's count, then each pass in one line, its cards named (all bots)
    assert len(re.findall(r"^  P\d \(dealer\) sets the pass: \d cards? each$", out, re.M)) == rounds
    assert re.search(r"^  P\d passes (\d+[DHSC] ?){1,3} to P\d$", out, re.M)
    assert "choose" not in out
    assert "==== Round %d scored ====" % rounds in out
    assert "===== Game over =====" in out and "points" in out
    assert re.search(r"^Winners?: ", out, re.M)
    assert "Your options" not in out
    assert re.search(r"^  P\d plays \d+[DHSC]$", out, re.M)  # a card and what it did (M-R5)
    assert re.search(r"^  P\d plays \d+[DHSC] and wins the trick: ", out, re.M)
    other = run_play("micropython", args)
    assert other.returncode == 0, other.stderr
    assert other.stdout == out


BAD_THEN_ONES = "x\n99\n\n?\n0\n" + "1\n" * 3000


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
def test_scripted_human_plays_a_game(interpreter):
    """A human typing bad inputs, the help, then always option 1 (the lowest card; confirm
    once the pass is chosen) finishes a 2-player game against a bot."""
    done = run_play(
        interpreter,
        [
            "--seats",
            "human,bot",
            "--seed",
            "5",
            "--option",
            "perfect=off",
            "--option",
            "show_score=off",
            "--option",
            "teams=off",
        ],
        stdin=BAD_THEN_ONES,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Not a choice: 'x'" in out and "Not a choice: '99'" in out
    assert "Diamonds in short" in out
    assert "Your hand (P1): D: " in out
    assert "Your hand (P2" not in out
    assert "==== Round 4 scored ====" in out
    assert "===== Game over =====" in out
    # M-R2: the bot's pass in one line, its cards named only once they are the human's
    # (when the bot passes last: all pass at once); the dealer alternates over 4 rounds.
    assert not re.search(r"^  P2: ", out, re.M)  # no picks
    passes = re.findall(r"^  P2 passes .*$", out, re.M)
    hidden = [line for line in passes if re.fullmatch(r"  P2 passes \d cards? to P1", line)]
    assert len(hidden) == 2 and len(passes) == 4, passes


class Script:
    def __init__(self, answer):
        self.answer = answer
        self.lines = []
        self.blocks = []
        self.mark = 0

    def out(self, line):
        self.lines.append(line)

    def inp(self, prompt):
        self.blocks.append((prompt, self.lines[self.mark :]))
        self.mark = len(self.lines)
        return self.answer(prompt)


@pytest.mark.parametrize("options", [None, {"show_score": "on"}, {"teams": "on"}])
def test_human_sees_only_own_cards(options):
    """At every decision of a human against bots, the hand printed is the human's own,
    exactly; the others appear as counts; hidden vaults are '?' (M-O2)."""
    state = load("diamonds").new_game(4, 9, options)
    checked = [0]

    def answer(prompt):
        if "your choice" in prompt:
            for line in script.blocks[-1][1]:
                if line.startswith("Your hand"):
                    hand = diamonds_console._suit_groups(state.hands[0])
                    assert line == "Your hand (P1): " + hand
                assert not line.startswith("Your hand (P2")
                found = re.match(r"  P(\d) bot\s+hand\s+(\d+)", line)
                if found:
                    assert int(found.group(2)) == len(state.hands[int(found.group(1)) - 1])
                if "hand" in line and "vault" in line and line.startswith("  P"):
                    seat = int(line[3]) - 1
                    hidden = options is None and seat != 0
                    assert ("vault  ?" in line) == hidden, line
            checked[0] += 1
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot", "bot"], script.inp, script.out, 9)
    assert state.is_over() and checked[0] > 40


@pytest.mark.parametrize(
    "players,options",
    [
        (6, {"teams": "on", "show_score": "on"}),
        (6, {"show_score": "on"}),
        (2, {"perfect": "on", "show_score": "on"}),
        (5, {"perfect": "on"}),
    ],
)
def test_renderer_lines_fit_80_columns(players, options):
    """Every table, round result and final screen of a whole game: at most 80 columns."""
    state = load("diamonds").new_game(players, 3, options)
    # Two-digit crystal and card counts (a long game) must fit too.
    state.showroom = [15] * state.sides
    state.vault = [40] * state.sides
    state.created = sum(state.showroom) + sum(state.vault)
    lines = []
    rng = 0
    while not state.is_over():
        view = state.view(state.current_player())
        diamonds_console.table(view, ["P%d bot" % (s + 1) for s in range(players)], lines.append)
        legal = [a for a in state.legal_actions() if not diamonds.UNPICK <= a < diamonds.PLAY]
        state.apply(legal[rng % len(legal)])
        rng += 3
        if state.rounds_scored():
            diamonds_console.round_result(
                state.view(0), ["P%d bot" % (s + 1) for s in range(players)], lines.append
            )
    diamonds_console.final(state.view(0), ["P%d bot" % (s + 1) for s in range(players)],
                           lines.append)
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    for line in diamonds_console.HELP:
        assert len(line) <= 80


# ---- The exact lines for constructed views -------------------------------------------------


def card(r, s):
    return diamonds.make_card(r, "DHSC".index(s))


def view(players, changes, options=None):
    """P1's view of a fresh game (seed 5), with `changes`."""
    v = load("diamonds").new_game(players, 5, options).view(0)
    v.update(changes)
    return v


def render(fn, v, names):
    got = []
    fn(v, names, got.append)
    return got


NAMES3 = ["P1", "P2 bot", "P3 bot"]
NAMES4 = ["P1", "P2 bot", "P3 bot", "P4 bot"]


def test_table_during_the_tricks():
    """M-R4: every seat's hand count, cards chosen to pass as a count only (M-R2), showroom
    and vault ('?' when hidden, M-O2), the suits won and the tricks; the last trick and the
    trick under way with the suit to follow; the seat to decide marked '>'."""
    v = view(
        3,
        {
            "seat": 1,
            "round": 2,
            "dealer": 0,
            "thief": 2,
            "current": 2,
            "phase": "play",
            "hand": [card(15, "C"), card(2, "D"), card(9, "D"), card(4, "S")],
            "hand_counts": [5, 4, 12],
            "chosen_counts": [0, 0, 2],
            "chosen": [],
            "showroom": [3, 12, 0],
            "vaults": [None, 7, 11],
            "won": [[1, 0, 2, 0], [0, 3, 0, 1], [0, 0, 0, 0]],
            "tricks": [1, 2, 0],
            "last_trick": [card(7, "H"), card(12, "H"), card(3, "S")],
            "last_leader": 2,
            "last_winner": 0,
            "trick": [card(5, "C")],
            "leader": 1,
            "led": 3,
        },
    )
    assert render(diamonds_console.table, v, NAMES3) == [
        "==== Diamonds - round 2 of 6 - dealer P1 - thief token P3 bot ====",
        "  P1      hand  5  showroom  3  vault  ?  won D1 H0 S2 C0, 1 trick",
        "  P2 bot  hand  4  showroom 12  vault  7  won D0 H3 S0 C1, 2 tricks (you)",
        "> P3 bot  hand 12 +2 to pass  showroom  0  vault 11  won D0 H0 S0 C0, 0 tricks",
        "Last trick: P3 7H, P1 12H, P2 3S -> P1 won",
        "Your hand (P2 bot): D: 2 9  H: -  S: 4  C: 15",
        "Trick: P2 5C. Follow Clubs if you can.",
    ]


def test_table_in_team_mode_counts_the_partners_together():
    """M-O3: a line per team (showroom, vault, the suits its players won together), then the
    players without showroom and vault; a new trick: who leads."""
    v = view(
        4,
        {
            "current": 3,
            "phase": "play",
            "dealer": 1,
            "thief": 0,
            "won": [[1, 2, 0, 0], [0, 0, 3, 0], [4, 0, 0, 1], [0, 1, 0, 5]],
            "tricks": [2, 1, 0, 3],
            "showroom": [5, 14],
            "vaults": [2, None],
            "trick": [],
            "last_trick": [],
        },
        {"teams": "on"},
    )
    assert render(diamonds_console.table, v, NAMES4) == [
        "==== Diamonds - round 1 of 4 - dealer P2 bot - thief token P1 ====",
        "  T1 (P1+P3)   showroom  5  vault  2  won D5 H2 S0 C1",
        "  T2 (P2+P4)   showroom 14  vault  ?  won D0 H1 S3 C5",
        "  P1      hand 10  won D1 H2 S0 C0, 2 tricks (you)",
        "  P2 bot  hand 10  won D0 H0 S3 C0, 1 trick",
        "  P3 bot  hand 10  won D4 H0 S0 C1, 0 tricks",
        "> P4 bot  hand 10  won D0 H1 S0 C5, 3 tricks",
        "Your hand (P1): " + diamonds_console._suit_groups(v["hand"]),
        "P4 bot leads the trick.",
    ]


def test_passing_tells_to_whom_and_how_many_are_done():
    """M-R2: the cards go left; with 2 players to the opponent; in teams to the partner."""
    chosen = [card(1, "D"), card(14, "S")]
    v = view(
        3,
        {
            "phase": "pass",
            "current": 2,
            "count": 2,
            "passed": 1,
            "chosen_counts": [2, 0, 1],
            "chosen": chosen,
        },
    )
    got = render(diamonds_console.status, v, NAMES3)
    assert got == [
        "Your hand (P1): " + diamonds_console._suit_groups(v["hand"]),
        "Chosen to pass: 1D 14S",
        "P3 bot: choose 2 card(s) to pass to P1 (1 chosen); 1 of 3 players done.",
    ]
    assert "won D" not in "\n".join(render(diamonds_console.table, v, NAMES3))  # no tricks yet
    v = view(
        4,
        {"phase": "pass", "current": 3, "count": 3, "passed": 0, "chosen_counts": [0, 0, 0, 3]},
        {"teams": "on"},
    )
    assert render(diamonds_console.status, v, NAMES4)[-1] == (
        "P4 bot: choose 3 card(s) to pass to P2 bot (3 chosen); 0 of 4 players done."
    )
    v = view(
        4, {"phase": "pass", "current": 1, "count": 1, "passed": 2, "chosen_counts": [0, 0, 0, 0]}
    )
    assert render(diamonds_console.status, v, NAMES4)[-1] == (
        "P2 bot: choose 1 card(s) to pass to P3 bot (0 chosen); 2 of 4 players done."
    )


def test_the_dealer_is_asked_for_the_count():
    v = view(3, {"phase": "count", "current": 1, "chosen": []})
    assert render(diamonds_console.status, v, NAMES3) == [
        "Your hand (P1): " + diamonds_console._suit_groups(v["hand"]),
        "P2 bot (dealer): how many cards does everyone pass, 1, 2 or 3?",
    ]
    v = view(3, {"phase": "count", "current": 0, "chosen": []})
    assert render(diamonds_console.status, v, NAMES3)[-1] == (
        "P1 (dealer): how many cards does everyone pass, 1, 2 or 3?"
    )
    v = view(3, {"phase": "over", "current": -1, "chosen": []})
    assert render(diamonds_console.status, v,
                  NAMES3) == ["Your hand (P1): " + diamonds_console._suit_groups(v["hand"])]


def test_hand_grouped_by_suit():
    hand = [card(12, "C"), card(3, "H"), card(1, "C"), card(15, "H"), card(10, "H")]
    assert diamonds_console._suit_groups(hand) == "D: -  H: 3 10 15  S: -  C: 1 12"
    assert diamonds_console._suit_groups([]) == "D: -  H: -  S: -  C: -"


def test_the_spectator_sees_a_line_per_deal_and_per_trick():
    v = view(3, {"phase": "pass", "round": 3, "dealer": 2, "showroom": [4, 0, 11]})
    assert diamonds_console.turn_line(v, NAMES3) == "-- round 3, P3 bot deals; showrooms 4 0 11"
    assert diamonds_console.turn_key(v) == diamonds_console.turn_key(view(3,
                                                                          {"phase": "count",
                                                                           "round": 3}))
    v = view(
        3,
        {
            "phase": "play",
            "round": 3,
            "leader": 1,
            "thief": 0,
            "tricks": [2, 0, 3],
            "showroom": [1, 2, 3],
        },
    )
    assert diamonds_console.turn_line(v, NAMES3) == (
        "-- round 3, trick 6, P2 bot leads; showrooms 1 2 3, thief token P1"
    )
    keys = set()
    for rnd in (1, 2):
        keys.add(diamonds_console.turn_key(view(3, {"phase": "pass", "round": rnd})))
        for done in range(12):
            keys.add(diamonds_console.turn_key(view(3,
                                                    {"phase": "play", "round": rnd,
                                                     "tricks": [done, 0, 0]})))
    assert len(keys) == 26  # each deal and each trick of each round: a new line


def test_the_typed_number_plays_that_option():
    """The dealer (P1 here) types 3: everyone passes 3 cards (M-R2)."""
    state = load("diamonds").new_game(3, 7)
    dealer = state.current_player()
    seats = ["bot"] * 3
    seats[dealer] = "human"
    answers = ["3"]

    def answer(prompt):
        if not answers:
            raise EOFError
        return answers.pop(0)

    script = Script(answer)
    assert console.run(state, seats, script.inp, script.out, 7) is False
    assert state.history[0] == diamonds.COUNT + 3
    assert dealer == 0 and "   3) pass 3 cards" in script.lines
