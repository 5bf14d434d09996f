"""SIXGEMS on the text console (firmware/ui/console_sixgems.py): all-bot games on CPython and
MicroPython, a scripted human, privacy of hands, the help text. Rule ids: seeds/sixgems.md."""

import re

import pytest
from test_console import INTERPRETERS, Script, run_script

from firmware.core import load
from firmware.core import sixgems as G
from firmware.ui import console
from firmware.ui import console_sixgems as R

BOT_GAMES = [
    (["--seats", "bot,bot"], 31, "2 players, length 6", ["--option", "length=6"]),
    (["--seats", "bot,easy,hard"], 32, "3 players, default length 8", []),
    (["--players", "4", "--bots-only"], 33, "4 players, length 10", ["--option", "length=10"]),
]


def _game(extra):
    return ["--game", "sixgems", *extra]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_bots_only_game_plays_to_the_end(interpreter, seats, seed, what, options):
    """All seats bots: the game runs to its end (G-E1 or G-E2) without reading stdin, with
    each settlement's result per player (G-P3) and the game's result (G-E3)."""
    done = run_script(interpreter, _game([*seats, "--seed", str(seed), *options]))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert done.stderr == ""
    assert "===== Game over =====" in out
    assert re.search(r"^Winners? (\(tie\))?: ", out, re.M) or "Winner: " in out
    assert "==== Settlement 1: G-K" in out or "==== Final settlement" in out
    assert re.search(r"^  P\d bot: play ", out, re.M)
    assert "Your options" not in out


@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_cpython_and_micropython_play_the_same_game(seats, seed, what, options):
    args = _game([*seats, "--seed", str(seed), *options])
    assert run_script("cpython", args).stdout == run_script("micropython", args).stdout


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_scripted_human_plays_a_game(interpreter):
    """A human typing bad inputs, then always the first choice, plays a whole game."""
    stdin = "x\n99\n\n?\n0\n" + "1\n" * 3000
    done = run_script(interpreter, _game(["--seats", "human,bot", "--seed", "5",
                                          "--option", "length=6"]), stdin=stdin)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "===== Game over =====" in out
    assert "Not a choice: 'x'" in out
    assert "FROM THE SOURCE" in out  # the help text was shown


def test_help_says_what_is_source_and_what_is_reconstructed():
    text = "\n".join(R.HELP)
    assert "FROM THE SOURCE" in text and "RECONSTRUCTED" in text and "[invented]" in text
    for k in range(12):
        assert G.settle_text(k) in text
    assert all(len(line) < 80 for line in R.HELP)


def test_human_sees_only_own_hands():
    """Hands hidden (G-S1): at each decision the only hand printed is the human's, exactly;
    the others appear as counts matching the State; lines fit 80 columns."""
    state = load("sixgems").new_game(3, 9, {"length": "6"})
    checked = [0]

    def answer(prompt, recent):
        if "your choice" in prompt:
            for line in script.blocks[-1][1]:
                assert len(line) <= 80, line
                if line.startswith("Your gem cards: "):
                    text = ", ".join(G.gem_text(c) for c in sorted(state.hands[0])) or "(none)"
                    assert line == "Your gem cards: " + text
                for k in range(12):
                    if line.startswith("  %-15s %s" % (G.settle_text(k), R.CARDS[k])):
                        assert k in state.settle_hands[0]
                for bot in (1, 2):
                    found = re.match(r"  P%d bot\s+(\d+) pts .* hand (\d+)/(\d+)" % (bot + 1),
                                     line)
                    if found:
                        assert int(found.group(1)) == state.totals[bot]
                        assert int(found.group(2)) == len(state.hands[bot])
                        assert int(found.group(3)) == len(state.settle_hands[bot])
                    if line.startswith("  P%d bot: exchange" % (bot + 1)):
                        assert line.endswith("exchange a settlement card")
            checked[0] += 1
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 9)
    assert state.is_over()
    assert checked[0] > 20


def test_settlement_results_printed_match_the_state():
    lines = []
    state = console.play("sixgems", seats=["bot", "bot"], seed=44, options={"length": "6"},
                         inp=_no_input, out=lines.append)
    assert state is not None and state.is_over()
    text = "\n".join(lines)
    scores = state.scores()
    assert "Scores: P1 bot %d, P2 bot %d" % (scores[0], scores[1]) in text
    assert text.count("==== Settlement ") + text.count("==== Final settlement") == \
        len(state.results)


def _no_input(prompt):
    raise AssertionError("a bots-only game asked for input: %r" % prompt)
