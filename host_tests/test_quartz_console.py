"""Quartz on the text console (firmware/games/quartz/console.py through firmware/ui/console.py):
whole bots-only games on CPython and MicroPython, a scripted human game, and the renderer's
figures checked against the State. Rule ids: seeds/quartz.md."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_console import Script, micropython

from firmware.core import load
from firmware.games.quartz import console as console_quartz
from firmware.games.quartz import rules as quartz
from firmware.ui import console

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
    for r in range(1, 6):
        assert "\nRound %d: P" % r in out  # Q-R1: the leader of the next round
    assert "\nRound 6 of 6\n" in out
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
                    assert "".join(faces) == "".join(quartz.FACE_LETTERS[f] for f in state.dice)
            checked[0] += 1
            number = re.search(r"\[1-(\d+)", prompt)
            return number.group(1)
        return ""

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 12)
    assert state.is_over() and checked[0] > 30
    text = "\n".join(script.lines)
    assert "Round 6 of 6" in text and "===== Game over =====" in text
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
    # Q-F: the final table's "points" rows are every seat's score (six seats of two-
    # and three-letter scores: the table in parts, P1-P4 then P5-P6).
    final = lines[lines.index("Final score"):]
    points = []
    for line in final:
        if line.startswith("points "):
            points += line.split()[1:]
    assert points == [str(score) for score in state.scores()]


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


# ---- The exact lines for constructed views -------------------------------------------------

NAMES3 = ["P1", "P2 bot", "P3 bot"]


def view(**changes):
    """P1's view of a fresh 3-player game (seed 5), with `changes`."""
    v = load("quartz").new_game(3, 5).view(0)
    v.update(changes)
    return v


def render(fn, v, names=NAMES3):
    got = []
    fn(v, names, got.append)
    return got


def test_table_shows_bag_carts_chests_markers_and_the_dice():
    """Everything is public (Q-S): every seat's cart and chest by crystal kind (Q-C1),
    reroll markers and points now; the turn and the viewer marked; the dice with the used
    ('.') and the picked ('^') ones (Q-T2)."""
    v = view(
        seat=1, turn=2, leader=0, round=3, bag=[5, 4, 3, 2, 1, 1, 2], pairs=4,
        carts=[[1, 0, 0, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0]],
        chests=[[0, 0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 0]],
        markers=[0, 12, 1], scores=[2, 13, -5], phase="roll", rerolls=1,
        dice=[0, 1, 2, 3, 5], used=[0, 0, 0, 0, 0], selected=[0, 1, 0, 0, 1],
        group=[1, 0, 1, 0, 0],
    )
    assert render(console_quartz.table, v) == [
        "==== Quartz: The Dice Game - round 3 of 6 - leader P1 ====",
        "Bag 18: Qz5 Rb4 Em3 Sa2 Ru1 Am1 Ob2   pairs left 4",
        "          cart                       chest              mk points now",
        "  P1      Qz1                        -                   0    2",
        "  P2 bot  Rb2 Ob1                    Em3                12   13 (you)",
        "  P3 bot  -                          Ru1 Am1             1   -5 <- turn",
        "Faces: P pickaxe, H hammer, C chest, T transfer, S steal, * helmet (wild)",
        "Dice: 1:P  2:H^  3:C  4:T  5:*^   (. used, ^ picked)",
        "P3 bot: 1 free reroll(s) + 1 marker(s): pick dice and reroll, or keep.",
    ]


def test_the_dice_line_marks_the_action_dice_outside_the_roll():
    """Q-T3: once the dice are kept, '^' marks the dice picked for the action (not the
    ones picked to reroll), '.' the dice already used by an earlier action."""
    for phase in ("act", "dice", "return", "chest", "target", "give", "take"):
        v = view(phase=phase, dice=[4, 4, 0, 1, 5], used=[1, 0, 0, 0, 0],
                 selected=[0, 0, 0, 1, 1], group=[1, 1, 1, 0, 0], action=0)
        assert console_quartz.dice_line(v) == (
            "Dice: 1:S.  2:S^  3:P^  4:H  5:*   (. used, ^ picked)"), phase
    v = view(phase="roll", dice=[4, 4, 0, 1, 5], used=[0, 0, 0, 0, 0],
             selected=[0, 0, 0, 1, 1], group=[1, 1, 1, 0, 0])
    assert console_quartz.dice_line(v) == "Dice: 1:S  2:S  3:P  4:H^  5:*^   (. used, ^ picked)"


def test_the_game_over_table_has_no_dice_and_no_question():
    v = view(phase="over", turn=1)
    got = render(console_quartz.table, v)
    assert len(got) == 6
    assert got[-1].startswith("  P3 bot ")
    assert not any(line.startswith(("Dice:", "Faces:")) for line in got)
    assert render(console_quartz.status, v) == []


# Each phase's question (Q-T2 .. Q-T4), P3 bot to decide: (changes, the last line).
SITUATIONS = [
    ({"phase": "roll", "rerolls": 0, "markers": [0, 0, 3]},
     "P3 bot: 0 free reroll(s) + 3 marker(s): pick dice and reroll, or keep."),
    ({"phase": "act", "kinds_used": [0, 0, 0, 0, 0]},
     "P3 bot: choose an action or end the turn (done: none)."),
    ({"phase": "act", "kinds_used": [1, 0, 1, 0, 1]},
     "P3 bot: choose an action or end the turn (done: pickaxe, chest, steal)."),
    ({"phase": "act", "kinds_used": [0, 1, 0, 1, 0]},
     "P3 bot: choose an action or end the turn (done: hammer, transfer)."),
    ({"phase": "dice", "action": 1, "group": [0, 1, 1, 0, 1]},
     "P3 bot: hammer with 3 die(s) so far: pick dice, then confirm."),
    ({"phase": "dice", "action": 0, "group": [0, 0, 0, 0, 0]},
     "P3 bot: pickaxe with 0 die(s) so far: pick dice, then confirm."),
    ({"phase": "return", "left": 2, "mined": [1, 0, 0, 2, 0, 0, 1]},
     "Hammer: return 2 of the crystals just mined (Qz1 Sa2 Ob1)."),
    ({"phase": "chest", "left": 3}, "Chest: 3 more crystal(s) from your cart to your chest."),
    ({"phase": "target", "action": quartz.TRANSFER}, "Transfer: choose the player to transfer to."),
    ({"phase": "target", "action": quartz.STEAL}, "Steal: choose the player to steal from."),
    ({"phase": "give", "left": 1, "target": 0}, "Transfer: 1 more crystal(s) to P1."),
    ({"phase": "take", "left": 2, "target": 1}, "Steal: 2 more crystal(s) from P2 bot."),
]


def test_each_phase_tells_what_to_do():
    for changes, expected in SITUATIONS:
        v = view(turn=2, **changes)
        assert render(console_quartz.table, v)[-1] == expected, changes
        assert render(console_quartz.status, v)[-1] == expected, changes


def test_status_reminds_of_the_carts_an_action_moves():
    """Between two decisions of a turn: the mover's cart and chest while crystals go back
    to the bag, into the chest or to another cart; the target's cart while stealing."""
    carts = [[0, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 1, 0, 0], [0, 3, 0, 0, 0, 0, 1]]
    chests = [[0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 1, 0, 0, 0]]
    for phase in ("chest", "give", "return"):
        v = view(turn=2, phase=phase, carts=carts, chests=chests, left=1, target=1)
        got = render(console_quartz.status, v)
        assert got[0] == "Your cart: Rb3 Ob1   chest: Sa1", phase
        assert len(got) == 3, phase
    v = view(turn=2, phase="take", carts=carts, chests=chests, left=1, target=1)
    got = render(console_quartz.status, v)
    assert got[0] == "P2 bot's cart: Qz2 Ru1"
    assert got[-1] == "Steal: 1 more crystal(s) from P2 bot."
    for phase in ("roll", "act", "dice", "target"):
        v = view(turn=2, phase=phase, carts=carts, chests=chests, action=quartz.STEAL, target=1)
        got = render(console_quartz.status, v)
        assert len(got) == 2 and got[0].startswith("Dice: "), phase


def test_the_spectator_sees_a_line_per_turn():
    v = view(round=4, turn=1, leader=2, bag=[3, 0, 1, 0, 0, 0, 1])
    assert console_quartz.turn_line(v, NAMES3) == (
        "-- round 4, P2 bot to play (leader P3 bot), bag 5: Qz3 Em1 Ob1")
    keys = set()
    for rnd in range(1, 7):
        for turn in range(6):
            keys.add(console_quartz.turn_key(view(round=rnd, turn=turn)))
    assert len(keys) == 36  # a new line at each turn of each round (Q-R3: six rounds)


def test_a_bots_only_game_prints_one_line_per_turn():
    """The spectator's log: a line at the start of each turn (Q-T), then the actions."""
    lines = []
    state = console.play("quartz", seats=["bot", "bot", "bot"], seed=6, options={},
                         inp=_no_input, out=lines.append)
    assert state is not None and state.is_over()
    turns = [line for line in lines if line.startswith("-- round ")]
    assert len(turns) == quartz.ROUNDS * 3  # each of 3 players, each of 6 rounds
    first = re.match(r"-- round 1, (P\d bot) to play \(leader (P\d bot)\), bag 38: ", turns[0])
    assert first and first.group(1) == first.group(2), turns[0]  # the leader starts (Q-S3)


def _no_input(prompt):
    raise AssertionError("a bots-only game asked for input: %r" % prompt)
