"""Quartz on the text console (firmware/ui/console_quartz.py through firmware/ui/console.py):
whole bots-only games on CPython and MicroPython, a scripted human game, and the renderer's
figures checked against the State. Rule ids: seeds/quartz.md."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_console import Script, micropython

from firmware.core import load
from firmware.core import quartz as Q
from firmware.ui import console, console_quartz

ROOT = Path(__file__).resolve().parent.parent
PLAY = str(ROOT / "tools" / "play.py")


def run_play(interpreter, args, stdin=None):
    exe = sys.executable if interpreter == "cpython" else micropython()
    return subprocess.run(
        [exe, PLAY, "--game", "quartz", *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=300,
    )


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
@pytest.mark.parametrize("players", [3, 6])
def test_bots_only_game_plays_to_the_end(interpreter, players):
    """Q-R3: six rounds, a round result after each, the final breakdown (Q-F) and winner."""
    done = run_play(interpreter, ["--bots-only", "--players", str(players), "--seed", "3"])
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    for r in range(1, 7):
        assert "==== Round %d over: leader " % r in out
    assert "===== Game over =====" in out and "Scores: " in out
    assert re.search(r"Winners?( \(tie\))?: P\d", out)
    assert out.count("round 1 over: a pair of unstable crystals goes into the bag") == 1


def test_cpython_and_micropython_play_the_same_game():
    args = ["--bots-only", "--players", "4", "--seed", "8"]
    a = run_play("cpython", args)
    b = run_play("micropython", args)
    assert a.returncode == 0 and b.returncode == 0
    assert a.stdout == b.stdout


def test_scripted_human_always_last_choice():
    """A human always taking the last option (picks every die, rerolls, builds actions, picks
    crystals) against two bots: the game ends; the table shows the human's seat and every
    cart, dice line and crystal counts that match the State."""
    state = load("quartz").new_game(3, 12)
    checked = [0]

    def answer(prompt, recent):
        if "your choice" in prompt:
            block = script.blocks[-1][1]
            for line in block:
                found = re.match(r"Bag (\d+): ", line)
                if found:
                    assert int(found.group(1)) == sum(state.bag)
                if line.startswith("Dice: "):
                    faces = re.findall(r"\d:(\S)", line)
                    assert "".join(faces) == "".join(Q.FACE_LETTERS[f] for f in state.dice)
            checked[0] += 1
            number = re.search(r"\[1-(\d+)", prompt)
            return number.group(1)
        return ""

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 12)
    assert state.is_over() and checked[0] > 30
    text = "\n".join(script.lines)
    assert "==== Round 6 over" in text and "===== Game over =====" in text
    assert "(you)" in text and "Dice: " in text


def test_scripted_human_with_help_and_bad_input():
    answers = iter(["?", "x", "99"] + ["1"] * 2000)
    script = Script(lambda prompt, recent: next(answers))
    state = load("quartz").new_game(4, 2)
    assert console.run(state, ["human", "bot", "easy", "hard"], script.inp, script.out, 2)
    text = "\n".join(script.lines)
    assert "Quartz: The Dice Game in short" in text
    assert "Not a choice: 'x'" in text and "Not a choice: '99'" in text
    assert state.is_over()


def test_renderer_lines_fit_80_columns():
    state = load("quartz").new_game(6, 4)
    lines = []
    names = ["P%d bot" % (s + 1) for s in range(6)]
    from firmware.bots import make_bot

    bots = [make_bot("quartz", s, "normal", s) for s in range(6)]
    while not state.is_over():
        view = state.view(state.current_player())
        console_quartz.table(view, names, lines.append)
        console_quartz.status(view, names, lines.append)
        state.apply(bots[view["seat"]].choose(view))
    view = state.view(0)
    console_quartz.round_result(view, names, lines.append)
    console_quartz.final(view, names, lines.append)
    for line in lines + list(console_quartz.HELP):
        assert len(line) <= 80, line
    scores = state.scores()
    for seat in range(6):
        assert any(line.startswith("  P%d bot " % (seat + 1)) and line.endswith("= %d"
                   % scores[seat]) for line in lines)


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
def test_scripted_human_through_play_py(interpreter):
    """tools/play.py with a human seat typing a bad choice, the help, then alternately the
    first and the last option: the game ends and the human's table was shown."""
    lines = []
    for i in range(3000):
        lines.append("1" if i % 2 else "9")  # 9 is the last option or a 'not a choice'
    done = run_play(interpreter, ["--seats", "human,bot,easy", "--seed", "5"],
                    stdin="x\n?\n" + "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "Not a choice: 'x'" in out and "Quartz: The Dice Game in short" in out
    assert "  P1      " in out and "(you)" in out and "Dice: " in out
    assert "===== Game over =====" in out
