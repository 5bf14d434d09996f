"""The text console (firmware/ui/console.py, tools/play.py, main.py): whole games with bots
only and with scripted humans, on CPython and on the MicroPython unix port (from source),
plus privacy between seats. Rule ids: seeds/diams.md."""

import importlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.core import GAMES, dotted, load
from firmware.games.diams import rules as diams
from firmware.ui import console

ROOT = Path(__file__).resolve().parent.parent
PLAY = str(ROOT / "tools" / "play.py")
TIMEOUT = 120


def micropython():
    """The `micropython` beside the running interpreter (the venv's bin), else on PATH."""
    here = Path(sys.executable).parent / "micropython"
    if here.is_file() and os.access(here, os.X_OK):
        return str(here)
    found = shutil.which("micropython")
    if found is None:
        raise FileNotFoundError("micropython not found next to %s nor on PATH" % sys.executable)
    return found


INTERPRETERS = ["cpython", "micropython"]


def run_script(interpreter, args, stdin=None, script=PLAY, cwd=ROOT):
    exe = sys.executable if interpreter == "cpython" else micropython()
    done = subprocess.run(
        [exe, script, *args],
        input=stdin,
        stdin=None if stdin is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=str(cwd),
        timeout=TIMEOUT,
    )
    return done


# ---- Bots only --------------------------------------------------------------------------

BOT_GAMES = [
    (
        ["--seats", "bot,bot"],
        11,
        "D-O1 quick, D-O2 fixed",
        ["--quick", "--option", "closing=fixed"],
    ),
    (["--seats", "bot,easy,hard"], 12, "D-O1 standard, 3 rounds", []),
    (["--players", "4", "--bots-only"], 13, "4 players, quick", ["--option", "length=quick"]),
    (
        ["--seats", "bot,bot,bot,bot,bot"],
        14,
        "5 players, standard, fixed",
        ["--option=closing=fixed"],
    ),
]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_bots_only_game_plays_to_the_end(interpreter, seats, seed, what, options):
    """All seats bots: the game runs to its end without reading stdin (stdin is closed),
    prints the log, every round's result (D-E2 breakdown) and the game's result."""
    done = run_script(interpreter, [*seats, "--seed", str(seed), *options])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert done.stderr == ""
    assert "===== Game over =====" in out
    assert re.search(r"^Winners? (\(tie\))?: ", out, re.M) or "Winner: " in out
    assert "==== Round 1 scored ====" in out
    for row in ("vault", "purity", "hand", "points"):  # D-V: the round's score table
        assert re.search(r"^%s +\d+( +\d+)+$" % row, out, re.M), row
    assert "Your options" not in out  # nobody was asked anything
    # A move in one sentence, seat first (issue 57): the draw, then the main move whole.
    assert re.search(r"^  P\d draws (a card|.+ to the market)$", out, re.M)
    assert re.search(r"^  P\d (places \d+\*? \w+ and takes|stores) ", out, re.M)
    assert not re.search(r"^  P\d:? (market|vault|place|take|select)( |$)", out, re.M)  # no picks
    if "--quick" in options or "length=quick" in options:
        assert "Round 2 scored" not in out


@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_cpython_and_micropython_play_the_same_game(seats, seed, what, options):
    """Same seed, same output on both interpreters: the rules, the bots and the console use
    only the project PRNG (the replay contract of DESIGN.md)."""
    args = [*seats, "--seed", str(seed), *options]
    assert run_script("cpython", args).stdout == run_script("micropython", args).stdout


def test_bots_only_game_in_process_matches_the_rules():
    """The console's result lines are the State's: scores() and winners() (D-E5 chips)."""
    lines = []
    state = console.play(
        "diams", seats=["bot", "bot", "bot"], seed=21, options={}, inp=_no_input, out=lines.append
    )
    assert state is not None and state.is_over()
    text = "\n".join(lines)
    scores = state.scores()
    expected = ", ".join("P%d bot %d" % (s + 1, scores[s]) for s in range(3))
    assert "Scores: " + expected in text
    winners = state.winners()
    if len(winners) == 1:
        assert "Winner: P%d bot" % (winners[0] + 1) in text


def _no_input(prompt):
    raise AssertionError("a bots-only game asked for input: %r" % prompt)


# ---- A scripted human --------------------------------------------------------------------

BAD_THEN_ONES = "x\n99\n\n?\n0\n-1\n" + "1\n" * 3000


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_scripted_human_plays_a_quick_game(interpreter):
    """A human seat typing bad inputs ('x', '99', '', '0', '-1': a message and the question
    again, nothing applied), the help ('?'), then always option 1, finishes a quick game
    (D-O1) against a bot; the output has the human's hand, never the bot's."""
    done = run_script(
        interpreter, ["--seats", "human,bot", "--quick", "--seed", "5"], stdin=BAD_THEN_ONES
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout
    assert "Not a choice: 'x'" in out
    assert "Not a choice: '99'" in out
    assert "Not a choice: '0'" in out
    assert "Type a number from 1 to 2, ? for help, q to quit." in out  # the empty line
    assert "Diam's in short" in out  # help
    assert "Your hand (P1): " in out
    assert "Your vault (P1): " in out
    assert "Your hand (P2" not in out and "Your vault (P2" not in out
    assert "==== Round 1 scored ====" in out
    assert "===== Game over =====" in out
    assert "Winner" in out
    # The bot's vault moves name no card (D: hidden hands and vaults), only their count.
    stores = re.findall(r"^  P2 stores .*$", out, re.M)
    assert stores
    for line in stores:
        assert re.match(r"^  P2 stores \d+ cards in the vault$", line), line


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_end_of_input_quits_cleanly(interpreter):
    """EOF (the input ends half-way) stops the game with a message, no traceback."""
    args = ["--seats", "human,bot", "--seed", "1", "--option", "closing=fixed"]
    done = run_script(interpreter, args, stdin="1\n1\n")
    assert done.returncode == 0
    assert done.stderr == ""
    assert "Game stopped." in done.stdout


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_main_py_runs_the_console_with_defaults_and_resumes(interpreter, tmp_path):
    """main.py (the board's entry point): setup questions answered with Enter give one
    human against two bots; the game starts and stops cleanly when the input ends, saved
    after every move (saves/ in the working folder); the next start offers to resume it."""
    main = str(ROOT / "main.py")
    done = run_script(interpreter, [], stdin="\n" * 6 + "1\n" * 4, script=main, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Players (2-5) [3]" in out
    assert "Diam's: 3 players" in out
    assert "  P2 bot" in out and "  P3 bot" in out
    assert "Your hand (P1): " in out
    assert "Game stopped." in out
    assert (tmp_path / "saves" / "game.sav").exists()
    again = run_script(interpreter, [], stdin="\n" + "1\n" * 2, script=main, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "A saved game: Diam's, 3 players" in again.stdout
    assert "Players (2-5)" not in again.stdout  # resumed, not set up anew
    assert "Your hand (P1): " in again.stdout


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_play_py_help(interpreter):
    done = run_script(interpreter, ["--help"], stdin="")
    assert done.returncode == 0, done.stderr
    assert "--bots-only" in done.stdout and "--seats" in done.stdout


def test_play_py_rejects_bad_arguments():
    for args in (
        ["--players", "9"],
        ["--seats", "human,robot"],
        ["--option", "length=long"],
        ["--frobnicate"],
        ["--seed"],
        ["--game", "chess"],
        ["--seed", "abc"],
    ):
        done = run_script("cpython", args, stdin="")
        assert done.returncode == 2, args
        assert "play.py: " in done.stdout and "--help" in done.stdout


# ---- In process: privacy, pass-and-play, quitting --------------------------------------


class Script:
    """inp() for the console: answers from a function of the prompt, recording every
    prompt with the output printed since the previous one."""

    def __init__(self, answer):
        self.answer = answer
        self.lines = []
        self.blocks = []  # (prompt, lines printed since the previous prompt)
        self.mark = 0

    def out(self, line):
        self.lines.append(line)

    def inp(self, prompt):
        self.blocks.append((prompt, self.lines[self.mark :]))
        self.mark = len(self.lines)
        return self.answer(prompt, self.lines[-40:])


def _cards(cards):
    return ", ".join(diams.card_text(c) for c in sorted(cards)) or "(none)"


def test_human_sees_only_own_cards():
    """Privacy (D: hands and vaults hidden but for their counts): at every decision of a
    human against two bots, the only hand and vault printed are the human's own, exactly;
    the bots appear as counts that match the State; the bots' vault picks are unnamed."""
    state = load("diams").new_game(3, 9, {"length": "quick"})
    checked = [0]
    stored = [0]  # the bots' vault moves read

    def answer(prompt, recent):
        if "your choice" in prompt:
            block = script.blocks[-1][1]
            for line in block:
                if line.startswith("Your hand"):
                    assert line == "Your hand (P1): " + _cards(state.hands[0])
                if line.startswith("Your vault"):
                    assert line.startswith("Your vault (P1): ")
                    assert str(diams.vault_points(state.vaults[0])) + " points" in line
                for bot in (1, 2):
                    found = re.match(r"  P%d bot\s+hand (\d+)\s+vault\s+(\d+)" % (bot + 1), line)
                    if found:
                        assert int(found.group(1)) == len(state.hands[bot])
                        assert int(found.group(2)) == len(state.vaults[bot])
                    if re.match(r"  P%d (stores|plays Convoy and stores) " % (bot + 1), line):
                        assert re.search(r" stores (\d+ cards|a card) in the vault$", line), line
                        stored[0] += 1
                assert "Your hand (P2" not in line and "Your hand (P3" not in line
            checked[0] += 1
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 9)
    assert state.is_over()
    assert checked[0] > 10 and stored[0] > 0


def test_pass_and_play_hides_the_previous_player():
    """Two humans: before each switch of human, 40 blank lines push the previous screen
    away and a 'Pass to Pn' prompt waits for Enter; then only that seat's hand is shown."""
    state = load("diams").new_game(2, 4, {"length": "quick"})
    passes = []

    def answer(prompt, recent):
        if prompt.startswith("Pass to"):
            passes.append(prompt)
            assert recent[-console.SCROLL :] == [""] * console.SCROLL
            return ""
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "human"], script.inp, script.out, 4)
    assert state.is_over()
    assert passes
    viewer = None
    for prompt, block in script.blocks:
        if prompt.startswith("Pass to P"):
            viewer = int(prompt[len("Pass to P")]) - 1
            continue
        for line in block:
            if line.startswith("Your hand ("):
                assert line.startswith("Your hand (P%d)" % (viewer + 1))
        assert prompt.startswith("P%d, your choice" % (viewer + 1))


def test_one_human_gets_no_privacy_prompt():
    state = load("diams").new_game(2, 4, {"length": "quick"})
    script = Script(lambda prompt, recent: "1")
    assert console.run(state, ["bot", "human"], script.inp, script.out, 4)
    assert not any(p.startswith("Pass to") for p, _ in script.blocks)


def test_a_game_without_a_renderer_still_plays(monkeypatch):
    """The loop speaks only the rules contract: without a renderer (a new game), the plain
    one shows the seat's view and the game still runs to its end."""
    monkeypatch.setattr(console, "renderer_for", lambda game: console._Plain)
    state = load("diams").new_game(2, 6, {"length": "quick"})
    script = Script(lambda prompt, recent: "1")
    assert console.run(state, ["human", "bot"], script.inp, script.out, 6)
    assert state.is_over()
    assert any(line.startswith("hand: ") for line in script.lines)
    assert not any(line.startswith("hands: ") for line in script.lines)
    assert "===== Game over =====" in script.lines


@pytest.mark.parametrize("game", GAMES)
def test_the_help_ends_with_the_file_that_has_every_rule(game):
    """On the console (on a computer, beside the project's files) '?' shows the game's rules
    help, then the seeds/ file with every rule in it; the handheld's help names no file
    (issue 57; test_screens.py)."""
    module = load(game)
    players = max(2, module.MIN_PLAYERS)
    state = module.new_game(players, 3, None)
    answers = iter(["?", "q", "y"])
    script = Script(lambda prompt, recent: next(answers))
    seats = ["human"] + ["bot"] * (players - 1)
    assert console.run(state, seats, script.inp, script.out, 3) is False
    lines = list(importlib.import_module(dotted(game, "help")).HELP)
    at = script.lines.index(lines[0])
    assert script.lines[at : at + len(lines)] == lines
    pointer = "Every rule: seeds/%s.md in the project's source." % game
    assert script.lines[at + len(lines)] == pointer
    assert (ROOT / "seeds" / (game + ".md")).is_file()


def test_quit_asks_for_confirmation():
    state = load("diams").new_game(2, 3, None)
    answers = iter(["q", "n", "q", "y"])
    script = Script(lambda prompt, recent: next(answers))
    assert console.run(state, ["human", "bot"], script.inp, script.out, 3) is False
    assert script.lines[-1] == "Game stopped."
    assert list(state.history) == []  # nothing was played for the human


def test_setup_asks_with_defaults():
    """Setup questions: Enter takes the default each time (3 players, P1 human, bots,
    the first choice of each option D-O1 D-O2, the offered seed)."""
    module = load("diams")
    script = Script(lambda prompt, recent: "")
    seats, options, seed = console.setup(module, inp=script.inp, out=script.out)
    assert seats == ["human", "normal", "normal"]
    assert options == {"length": "standard", "closing": "standard"}
    assert 0 <= seed < 2**30
    answers = iter(["7", "4", "robot", "h", "b", "easy", "hard", "fast", "quick", "", "12"])
    script = Script(lambda prompt, recent: next(answers))
    seats, options, seed = console.setup(module, inp=script.inp, out=script.out)
    assert seats == ["human", "normal", "easy", "hard"]
    assert options == {"length": "quick", "closing": "standard"}
    assert seed == 12
    assert any("from 2 to 5" in line for line in script.lines)  # 7 players refused
    assert any("robot" in line for line in script.lines)
    assert any("one of: standard, quick" in line for line in script.lines)


# ---- tools/play.py arguments -------------------------------------------------------------


def test_play_arguments():
    import play

    args = play.parse(["--seed=5", "--option", "closing=fixed", "--quick", "--players", "4"])
    module = load("diams")
    players, seats, seed, options = play.settings(args, module, lambda: 99)
    assert (players, seed) == (4, 5)
    assert seats == ["human", "bot", "bot", "bot"]
    assert options == {"closing": "fixed", "length": "quick"}
    players, seats, seed, options = play.settings(play.parse([]), module, lambda: 99)
    assert (players, seats, seed, options) == (3, ["human", "bot", "bot"], 99, None)
    players, seats, seed, options = play.settings(play.parse(["--bots-only"]), module, lambda: 1)
    assert seats == ["bot", "bot", "bot"]


@pytest.mark.parametrize(
    "path,root",
    [
        ("tools/play.py", "."),
        ("./tools/play.py", "."),
        ("/work/x/tools/play.py", "/work/x"),
        ("/tools/play.py", "/"),
        ("play.py", "./.."),
        ("../tools/play.py", ".."),
    ],
)
def test_play_finds_the_project_root(path, root):
    import play

    assert play._root(path) == root


def test_setup_asks_again_for_options_that_do_not_fit_the_players():
    """Team mode needs 4 or 6 players (M-O3): with 3 seats it is refused and asked again."""
    module = load("diamonds")
    answers = iter(["", "", "on", "", "", "off", "5"])
    script = Script(lambda prompt, recent: next(answers))
    seats, options, seed = console.setup(module, 3, ["human", "bot", "bot"], inp=script.inp,
                                         out=script.out)
    assert options == {"perfect": "off", "show_score": "off", "teams": "off"} and seed == 5
    assert any("team mode needs 4 or 6 players" in line for line in script.lines)


# ---- Setup answers, typed choices, the log between two decisions -------------------------


def test_setup_refuses_numbers_out_of_range_and_words(monkeypatch):
    """A number question asks again for a word or a number out of range (players 2-5, a
    seed from 0); an option may be typed as its number (D-O1: 2 = quick), a number past
    the choices is refused; Enter takes the offered seed."""
    monkeypatch.setattr(console, "default_seed", lambda: 77)
    module = load("diams")
    answers = iter(["x", "1", "6", "2", "", "", "2", "3", "1", "-1", "abc", "%d" % 2**30, ""])
    script = Script(lambda prompt, recent: next(answers))
    seats, options, seed = console.setup(module, inp=script.inp, out=script.out)
    assert seats == ["human", "normal"]
    assert options == {"length": "quick", "closing": "standard"}
    assert seed == 77
    prompts = [p for p, _ in script.blocks]
    assert prompts.count("Players (2-5) [3]: ") == 4
    assert prompts.count("Seed [77]: ") == 4
    assert script.lines.count("Please type a number from 2 to 5.") == 3
    assert script.lines.count("Please type a number from 0 to %d." % (2**30 - 1)) == 3
    assert script.lines.count("Please type one of: standard, fixed.") == 1
    answers = iter(["0", "12"])
    script = Script(lambda prompt, recent: next(answers))
    assert console.setup(module, 2, ["h", "b"], {}, inp=script.inp, out=script.out)[2] == 0


def test_a_typed_number_plays_that_option():
    """The options are numbered in the order of the legal actions, in the words of the
    seat who decides; the number typed plays that action ('2': draw 2 to the market, D-T1;
    later the last number of a longer list plays the last legal action)."""
    state = load("diams").new_game(2, 5, {"length": "quick"})
    assert state.current_player() == 0
    typed = []  # (the answer, the action it must play, the history's length then)

    def answer(prompt, recent):
        if len(typed) > 1 and typed[-1][0] != "1":
            raise EOFError  # the game stops after the long list's last option
        legal = state.legal_actions()
        start = len(recent) - 1 - recent[::-1].index("Your options:")
        assert recent[start + 1:] == ["  %2d) %s" % (i + 1, state.action_text(a, 0))
                                      for i, a in enumerate(legal)]
        if not typed:
            number = 2
        else:
            number = len(legal) if len(legal) > 2 else 1
        typed.append(("%d" % number, legal[number - 1], len(state.history)))
        return typed[-1][0]

    script = Script(answer)
    assert console.run(state, ["human", "bot"], script.inp, script.out, 5) is False
    assert state.history[0] == diams.DRAW_MARKET
    assert "   2) draw 2 to market" in script.lines
    assert len(typed) > 2 and typed[-1][0] != "1"
    for number, action, at in typed:
        assert state.history[at] == action, number
    assert script.lines[-1] == "Game stopped."


def test_run_without_a_seed_seeds_the_bots_as_seed_0():
    """A replay: run() without a seed plays the game that seed 0 plays (the bots' seeds
    derive from it), another seed plays another."""
    def history(**seed):
        state = load("quartz").new_game(3, 3)
        assert console.run(state, ["easy"] * 3, _no_input, [].append, **seed)
        return list(state.history)

    assert history() == history(seed=0)
    assert history() != history(seed=5)


def expected_logs(game, players, seed, options, human, history, keep=40):
    """The 'Since your last move' blocks a lone human must read, replayed from `history`:
    every other seat's action in the human's words and what it caused, flushed at each of
    the human's decisions, at each round scored and at the end; the last `keep` lines of
    each, with the count of those left out."""
    state = load(game).new_game(players, seed, options)
    blocks, log = [], []

    def flush():
        if log:
            block = ["Since your last move:"]
            if len(log) > keep:
                block.append("  (%d earlier actions not shown)" % (len(log) - keep))
            blocks.append(block + ["  " + line for line in log[-keep:]])
            del log[:]

    scored = 0
    for action in history:
        if state.rounds_scored() > scored:
            scored = state.rounds_scored()
            flush()
        seat = state.current_player()
        said = state.move_text(action, human)  # a move's sentence; None: a pick
        if seat == human:
            flush()
        elif said is not None:
            log.append(said)
        state.apply(action)
        if seat != human:
            log.extend(("  -> " if said is not None else "") + note for note in state.notes)
    flush()
    return blocks


def shown_logs(lines):
    blocks = []
    for i, line in enumerate(lines):
        if line == "Since your last move:":
            j = i + 1
            while j < len(lines) and lines[j].startswith("  "):
                j += 1
            blocks.append(lines[i:j])
    return blocks


def test_the_log_shows_what_the_others_did_since_the_last_decision(monkeypatch):
    """One human among five bots (Quartz, Q-T: a bot's turn is several moves): before each
    decision, after each round scored (Q-R) and at the end, the human reads what the others
    did since, each move and its effect; only the last LOG_KEEP lines of it (12 here: a
    Quartz move is one line since issue 57, five bots' turns fill fewer than the 40 kept),
    with the count of the earlier ones; each line once."""
    monkeypatch.setattr(console, "LOG_KEEP", 12)
    options = {}
    state = load("quartz").new_game(6, 4, options)
    script = Script(lambda prompt, recent: "1")
    assert console.run(state, ["easy", "easy", "human", "easy", "easy", "easy"],
                       script.inp, script.out, 4)
    assert state.is_over()
    expected = expected_logs("quartz", 6, 4, options, 2, list(state.history), keep=12)
    shown = shown_logs(script.lines)
    assert shown == expected
    assert len(shown) > load("quartz").ROUNDS  # the rounds' ends split the log too
    cut = [b for b in shown if b[1].endswith("earlier actions not shown)")]
    assert cut and all(len(b) == 2 + 12 for b in cut)
    assert any(len(b) < 12 for b in shown)

