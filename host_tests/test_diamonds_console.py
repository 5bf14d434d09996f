"""Diamonds on the text console (firmware/ui/console_diamonds.py through console.py and
tools/play.py): all-bot games on CPython and MicroPython (the same output on both: a cross-port
check that covers team mode too), a scripted human, privacy. Rule ids: seeds/diamonds.md."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.core import diamonds as M
from firmware.core import load
from firmware.ui import console
from firmware.ui import console_diamonds as R

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
    (["--players", "5", "--bots-only"], 14, "5 players show score",
     ["--option", "show_score=on"]),
    (["--players", "6", "--bots-only"], 15, "6 players teams perfect",
     ["--option", "teams=on", "--option", "perfect=on"]),
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
    rounds = M.ROUNDS[int(re.search(r"Diamonds: (\d) players", out).group(1))]
    assert len(re.findall(r"^  P\d bot: pass \d cards?$", out, re.M)) == rounds  # M-R2
    assert "==== Round %d scored ====" % rounds in out
    assert "===== Game over =====" in out and "points" in out
    assert re.search(r"^Winners?: ", out, re.M)
    assert "Your options" not in out
    assert re.search(r"^  P\d bot: play \d+[DHSC]$", out, re.M)
    assert "wins the trick with" in out
    other = run_play("micropython", args)
    assert other.returncode == 0, other.stderr
    assert other.stdout == out


BAD_THEN_ONES = "x\n99\n\n?\n0\n" + "1\n" * 3000


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
def test_scripted_human_plays_a_game(interpreter):
    """A human typing bad inputs, the help, then always option 1 (the lowest card; confirm
    once the pass is chosen) finishes a 2-player game against a bot."""
    done = run_play(interpreter, ["--seats", "human,bot", "--seed", "5", "--option",
                                  "perfect=off", "--option", "show_score=off", "--option",
                                  "teams=off"], stdin=BAD_THEN_ONES)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Not a choice: 'x'" in out and "Not a choice: '99'" in out
    assert "Diamonds in short" in out
    assert "Your hand (P1): D: " in out
    assert "Your hand (P2" not in out
    assert "==== Round 4 scored ====" in out
    assert "===== Game over =====" in out
    for line in re.findall(r"^  P2 bot: choose .*$", out, re.M):
        assert line == "  P2 bot: choose a card to pass"  # M-R2: hidden from the human


class Script:
    def __init__(self, answer):
        self.answer = answer
        self.lines = []
        self.blocks = []
        self.mark = 0

    def out(self, line):
        self.lines.append(line)

    def inp(self, prompt):
        self.blocks.append((prompt, self.lines[self.mark:]))
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
                    assert line == "Your hand (P1): " + R._suit_groups(state.hands[0])
                assert not line.startswith("Your hand (P2")
                found = re.match(r"  P(\d) bot\s+hand\s+(\d+)", line)
                if found:
                    assert int(found.group(2)) == len(state.hands[int(found.group(1)) - 1])
                if "hand" in line and "vault" in line and line.startswith("  P"):
                    seat = int(line[3]) - 1
                    hidden = (options is None and seat != 0)
                    assert ("vault  ?" in line) == hidden, line
            checked[0] += 1
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot", "bot"], script.inp, script.out, 9)
    assert state.is_over() and checked[0] > 40


@pytest.mark.parametrize("players,options", [
    (6, {"teams": "on", "show_score": "on"}), (6, {"show_score": "on"}),
    (2, {"perfect": "on", "show_score": "on"}), (5, {"perfect": "on"})])
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
        R.table(view, ["P%d bot" % (s + 1) for s in range(players)], lines.append)
        legal = [a for a in state.legal_actions() if not M.UNPICK <= a < M.PLAY]
        state.apply(legal[rng % len(legal)])
        rng += 3
        if state.rounds_scored():
            R.round_result(state.view(0), ["P%d bot" % (s + 1) for s in range(players)],
                           lines.append)
    R.final(state.view(0), ["P%d bot" % (s + 1) for s in range(players)], lines.append)
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    for line in R.HELP:
        assert len(line) <= 80
