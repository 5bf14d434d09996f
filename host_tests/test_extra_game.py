"""The proof that a game is one folder and one line of the registry (README, "Adding a
game"; issue 56, item 6). In a copy of the project, host_tests/extra_game/pebbles becomes
firmware/games/pebbles and "pebbles" one more line of GAMES (firmware/core/__init__.py),
nothing else changed; then the project's own generic suites run there, in a pytest of
their own, and must pass on Pebbles: the rules contract, random play and replay, saves,
the views' privacy, sample_state and the bots at every level (on CPython and, from .mpy,
on the 32-bit MicroPython), the handheld app from its title to a game's end in the
desktop simulator, the text console, the self-test. The real tree is never touched.

What it catches (each fails a suite here): a registry that needs a second edit (a game
list kept anywhere else: a menu, the console's --help, the self-test, the saves, the bots'
lookup); a module name made outside dotted()/game_part() (a part of Pebbles not found, or
found under another game's name); a front end that needs a part a game may leave out
(table, choices, results, final: Pebbles has none) or a hard-coded count of games; an
engine that fails a small game (2 players only, one option, turns of one pick, no compound
moves); .mpy builds or ports that name the games (Pebbles compiled and run under
micropython-i386 and the venv's MicroPython)."""

import difflib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "host_tests" / "extra_game" / "pebbles"
COPIED = ("firmware", "host_tests", "tools", "main.py", "boot.py", "pyproject.toml")
REGISTRY = Path("firmware", "core", "__init__.py")
LINE = '    "pebbles",\n'
MICROPYTHON_I386 = ROOT.parent / "shared" / "emu" / "micropython-i386"
LEFT_OUT = ("__pycache__", "*.mpy", ".pytest_cache")  # of the copy (and of its comparison)

# The existing generic tests that take every registered game (they iterate GAMES, or the
# games available here, or are parametrized over them): run as they are in the copy.
EXISTING = (
    "host_tests/core/test_contract.py",  # the whole contract suite
    "host_tests/core/test_save_portable.py::test_save_and_resume_identical_every_game",
    "host_tests/test_screens.py::test_the_title_menu_lists_every_game_then_the_buttons_page"
    "_and_wraps_around",
    "host_tests/test_screens.py::test_rules_help_needs_no_text_console_and_leaves_the_heap",
    "host_tests/test_screens.py::test_every_option_turns_through_its_choices[pebbles]",
    "host_tests/test_match.py::test_the_move_played_is_the_bots_choice[pebbles]",
    "host_tests/test_match.py::test_a_real_bots_answers_are_the_moves_played[pebbles]",
    "host_tests/test_match.py::test_take_back_returns_to_the_last_point_of_no_return[pebbles]",
    "host_tests/test_app.py::test_a_whole_game_by_buttons[pebbles-pybadge]",
    "host_tests/test_app.py::test_a_whole_game_by_buttons[pebbles-picodisplay]",
    "host_tests/test_selftest.py::test_every_game_is_played_and_a_missing_one_is_counted",
)

# Optional for a new game: test_contract.py's SCORED_IN_VIEW (a game that shows its scores in
# the view says so there). The sampling suite counts no box for a game without
# host_tests/core/<game>_checks.py (Pebbles has none: its random play below counts it).


# ---- Generated in the copy: the portable core checks on Pebbles (pytest and mptest) -----
CORE_CHECKS = '''\
# Written by host_tests/test_extra_game.py into a copy of the project: the project's generic
# core checks on the extra game Pebbles. Portable: pytest, and tools/mptest.py's ports.
import test_contract as contract
import test_sampling
import test_search
from checks import count, fingerprint, refused
from randplay import option_sets, random_game

from firmware.core import GAMES, about, available, load, record, replay, titles
from firmware.core.prng import Prng

NAME = "pebbles"
SKIPPED = ("test_games_in_menu_order_and_diams_present",)  # a fixed tuple of the games


def test_the_registry_line_is_all_it_takes():
    assert GAMES.count(NAME) == 1 and GAMES[-1] == NAME
    assert available(NAME) and about(NAME).TITLE == "Pebbles" == titles()[-1]
    module = load(NAME)
    assert module.__name__ == "firmware.games.pebbles.rules"
    assert module.new_game(2, 1).game == NAME


def test_the_contract_suite_on_pebbles_alone():
    visits = [0]

    def pebbles_only():
        visits[0] += 1
        yield NAME, load(NAME)

    real = contract.implemented
    contract.implemented = pebbles_only
    ran = 0
    try:
        for key in sorted(dir(contract)):
            if key.startswith("test_") and key not in SKIPPED:
                getattr(contract, key)()
                ran += 1
    finally:
        contract.implemented = real
    assert ran >= 10 and visits[0] >= 8, (ran, visits[0])


class Checker:
    """After every action of a random game: the contract's promises, Pebbles' cards."""

    def __init__(self, module):
        self.module = module
        self.actions = 0

    def __call__(self, s, rng):
        self.actions += 1
        assert sorted(s.cards + s.deck) == sorted(self.module.CARDS)  # B-S2
        assert 0 <= s.pile <= self.module.PILE and sum(s.won) == s.played
        if s.is_over():
            assert s.legal_actions() == [] and s.played == s.rounds
            return
        legal = s.legal_actions()
        assert legal and legal == sorted(legal) and len(set(legal)) == len(legal)
        assert all(1 <= t <= min(3, s.pile) for t in legal)
        card = s.cards[s.current_player()]
        assert card not in legal or legal == [card]  # B-T2
        words = [s.action_text(a) for a in legal]
        assert all(words) and len(set(words)) == len(words), words
        for bad in (0, 4, 99, -1, card if legal != [card] else 5):
            refused(s, bad)
        if self.actions % 9 == 0:
            assert fingerprint(replay(*record(s))) == fingerprint(s)


def test_random_play_over_every_option():
    module = load(NAME)
    games = 0
    for options in option_sets(module):
        for seed in range(count(150, 8)):
            checker = Checker(module)
            s = random_game(NAME, 2, seed, options, seed + 7, checker)
            assert s.is_over() and len(s.winners()) == 1  # B-E2: an odd count of rounds
            assert s.scores()[s.winners()[0]] * 2 > s.rounds
            assert s.rounds_scored() == s.rounds == int(options["rounds"])
            assert fingerprint(replay(*record(s))) == fingerprint(s)
            assert checker.actions >= 4 * s.rounds
            games += 1
    assert games == 3 * count(150, 8)


def test_a_seat_sees_its_own_card_and_never_the_others_before_the_end():
    module = load(NAME)
    rng = Prng(8)
    for seed in range(count(30, 4)):
        s = module.new_game(2, seed)
        while not s.is_over():
            for seat in (0, 1):
                other = 1 - seat
                t = s.clone()
                t.cards[other] = 1 + s.cards[other] % 3  # another card in the other hand
                assert t.view(seat) == s.view(seat)
                assert s.view(seat)["card"] == s.cards[seat] and s.view(seat)["cards"] is None
                assert s.action_text(1, seat) == t.action_text(1, seat)
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        assert s.view(0)["cards"] == s.cards == s.view(1)["cards"]  # shown at the end


def test_the_generic_sampling_and_search_suites_on_pebbles():
    # test_sampling.py and test_search.py as they are, each test on Pebbles alone.
    ran = 0
    for suite in (test_sampling, test_search):
        for key in sorted(dir(suite)):
            if key.startswith("test_"):
                getattr(suite, key)(NAME)
                ran += 1
    assert ran == 7, ran
'''

# ---- Generated in the copy: the front ends on Pebbles (pytest on CPython) ---------------
FRONT_ENDS = '''\
# Written by host_tests/test_extra_game.py into a copy of the project: the handheld app,
# the text console, the bots and the self-test on the extra game Pebbles.
import bot_checks
import pytest
import test_app
import test_console
import test_crossport
from app_driver import BOARDS, make_sim, move_cursor_to, screen, setup_game, to_decision

from firmware import selftest
from firmware.bots import RandomBot, make_bot
from firmware.core import game_part, load
from firmware.ui import console
from firmware.ui import screens
from firmware.ui.canvas import Canvas, wrap
from firmware.ui.match import Match


def test_the_title_lists_pebbles_and_choosing_it_reaches_its_table():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Pebbles")
    setup_game(sim, "Pebbles", 2, ["human", "normal"], {"rounds": "3"})
    to_decision(sim)
    match = sim.app.match
    assert isinstance(screen(sim), screens.TableScreen) and match.game == "pebbles"
    shown = "\\n".join(sim.texts())
    assert "Pile: %d" % match.state.pile in shown, shown  # the console's words: no table.py
    assert "Your card (P1): %d" % match.state.cards[0] in shown, shown
    assert match.seats == ["human", "normal"] and match.state.options == {"rounds": "3"}


def test_without_a_table_py_the_table_is_the_consoles_words():
    # The half of test_screens' renderer test that a game without table.py can take.
    assert game_part("pebbles", "table") is None and game_part("pebbles", "choices") is None
    match = Match(load("pebbles").new_game(2, 3), ["human"] * 2)
    view = match.state.view(0)
    body = Canvas(26, 64)
    screens.draw_table(body, None, match, view)
    lines = []
    game_part("pebbles", "console").table(view, match.names, lines.append)
    words = [part for line in lines for part in wrap(line, 26)]
    assert [t for t in body.texts() if t] == [w.rstrip() for w in words if w.strip()][:64]
    assert len(words) >= 4


def test_a_human_on_the_console_sees_their_card_only():
    state = load("pebbles").new_game(2, 9, {"rounds": "3"})
    asked = []

    def answer(prompt, recent):
        if "your choice" in prompt:
            block = script.blocks[-1][1]
            cards = [line for line in block if line.startswith("Your card")]
            mine = state.cards[0]
            if len(asked) != 1:  # (after "?": the help and the options only)
                assert cards == ["Your card (P1): %d - never take %d (B-T2)" % (mine, mine)]
            asked.append(prompt)
            if len(asked) == 1:
                return "?"
        return "1"

    script = test_console.Script(answer)
    assert console.run(state, ["human", "bot"], script.inp, script.out, 9)
    assert state.is_over() and len(asked) > 5
    at = script.lines.index("Pebbles in short (rule ids B-xx):")  # ? shows its HELP, then
    assert script.lines[at + 1].startswith(" A pile of 12 stones")  # where every rule is
    assert "Every rule, with its id: rules.py in Pebbles' folder." in script.lines[at:]
    for n in (1, 2, 3):
        assert "==== Round %d scored ====" % n in script.lines
    assert "Scores: P1 %d, P2 bot %d" % tuple(state.scores()) in script.lines
    assert any(line.startswith("Last round's cards: P1 ") for line in script.lines)


def test_play_py_lists_pebbles_and_plays_it_alike_on_cpython_and_micropython():
    listed = test_console.run_script("cpython", ["--help"])
    assert "--game pebbles   Pebbles, 2-2 players  rounds=5|3|1" in listed.stdout
    args = ["--game", "pebbles", "--bots-only", "--players", "2", "--seed", "4",
            "--option", "rounds=3"]
    runs = [test_console.run_script(i, args) for i in test_console.INTERPRETERS]
    for done in runs:
        assert done.returncode == 0 and done.stderr == "", done.stderr
        out = done.stdout
        assert "===== Game over =====" in out and "==== Round 3 scored ====" in out
        assert "Your options" not in out and "  P1: take " in out
    assert runs[0].stdout == runs[1].stdout


def test_the_same_games_on_cpython_and_micropython(tmp_path, monkeypatch):
    # test_crossport.py's own test, on Pebbles alone (it compiles the firmware to .mpy).
    monkeypatch.setattr(test_crossport, "GAMES", ("pebbles",))
    test_crossport.test_same_games_on_cpython_and_micropython(tmp_path)


def test_the_bots_decide_from_the_view_and_seed_alone():
    views = bot_checks.bot_views("pebbles", 60, 2, lambda seed: (2, {"rounds": "1"}))
    bot_checks.assert_stateless("pebbles", views, ("easy", "normal", "hard"))


def test_the_normal_bot_beats_a_random_player():
    wins = 0
    for seed in range(200):
        state = load("pebbles").new_game(2, seed, {"rounds": "1"})
        mine = seed % 2  # the normal bot's seat
        bots = [RandomBot(0, seed), RandomBot(1, seed)]
        bots[mine] = make_bot("pebbles", mine, "normal", seed)
        while not state.is_over():
            seat = state.current_player()
            state.apply(bots[seat].choose(state.view(seat)))
        wins += state.winners() == [mine]
    assert wins > 130, wins


def test_the_self_test_plays_pebbles():
    lines = []
    assert selftest.run(["pebbles"], lines.append, True)
    assert lines[0].startswith("selftest pebbles: ok, 2 players, rounds 1, seed 2024, "), lines
'''


def copy_project(tree):
    """The project's files the suites need, into `tree` (no .venv, build/, caches)."""
    ignore = shutil.ignore_patterns(*LEFT_OUT, "extra_game", "test_extra_game.py")
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=ignore)
        else:
            shutil.copy2(source, tree / name)


def add_game(tree):
    """Pebbles' folder into the copy's firmware/games, its name into the copy's GAMES: one
    line. Returns the registry's diff."""
    shutil.copytree(GAME, tree / "firmware" / "games" / "pebbles",
                    ignore=shutil.ignore_patterns("__pycache__"))
    path = tree / REGISTRY
    before = path.read_text()
    lines = before.splitlines(keepends=True)
    start = lines.index("GAMES = (\n")
    end = lines.index(")\n", start)
    lines.insert(end, LINE)
    path.write_text("".join(lines))
    return [d for d in difflib.unified_diff(before.splitlines(keepends=True), lines, n=0)
            if d[:1] in "+-" and d[:3] not in ("+++", "---")]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the project with Pebbles' folder and its registry line, and the generated
    suites (one copy per xdist worker: the two tests below may run side by side)."""
    tree = tmp_path_factory.mktemp("extra") / "project"
    tree.mkdir()
    copy_project(tree)
    added = add_game(tree)
    (tree / "host_tests" / "core" / "test_pebbles_generic.py").write_text(CORE_CHECKS)
    (tree / "host_tests" / "test_pebbles_front_ends.py").write_text(FRONT_ENDS)
    return tree, added


def test_a_game_is_one_folder_and_one_registry_line(project):
    tree, added = project
    assert added == ["+" + LINE]  # the one change outside the game's folder
    left_out = [arg for pattern in LEFT_OUT for arg in ("-x", pattern)]
    changed = subprocess.run(["diff", "-r", "-q", *left_out, str(ROOT / "firmware"),
                              str(tree / "firmware")],
                             capture_output=True, text=True).stdout.splitlines()
    assert sorted(changed) == sorted([
        "Files %s and %s differ" % (ROOT / REGISTRY, tree / REGISTRY),
        "Only in %s: pebbles" % (tree / "firmware" / "games")]), changed

    # CPython: the existing generic tests and the generated ones, in one pytest.
    generated = ["host_tests/core/test_pebbles_generic.py",
                 "host_tests/test_pebbles_front_ends.py"]
    env = dict(os.environ, BLINKA_OS_AGNOSTIC="1")
    env.pop("PYTEST_ADDOPTS", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA",
         *EXISTING, *generated],
        cwd=str(tree), capture_output=True, text=True, timeout=600, env=env)
    out = done.stdout
    assert done.returncode == 0, out[-6000:] + done.stderr[-2000:]
    passed = re.findall(r"^PASSED (\S+)", out, re.M)
    for node in EXISTING:
        if "::" in node:
            assert node in passed, (node, out[-3000:])
    assert len([p for p in passed if p.startswith(EXISTING[0] + "::")]) >= 12
    for module, least in zip(generated, (5, 8)):
        assert len([p for p in passed if p.startswith(module + "::")]) >= least, module
    assert not re.search(r"^(FAILED|ERROR|SKIPPED)", out, re.M), out[-3000:]


def test_the_core_checks_pass_on_micropython_too(project):
    # MicroPython 1.28, 32-bit (the Pico's core): the generated core checks from .mpy.
    tree, _ = project
    env = dict(os.environ, MICROPYTHON_I386=str(MICROPYTHON_I386))
    done = subprocess.run(
        [sys.executable, "tools/mptest.py", "--port", "micropython-i386", "--root", str(tree),
         "-v", "host_tests/core/test_pebbles_generic.py"],
        cwd=str(tree), capture_output=True, text=True, timeout=600, env=env)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    found = re.search(r"^micropython-i386: (\d+) passed, 0 failed$", done.stdout, re.M)
    assert found and int(found.group(1)) >= 5, done.stdout[-3000:]
