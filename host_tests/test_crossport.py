# Cross-port check: the same seeds and the same random policy give the same histories and
# scores on CPython and on the MicroPython unix port (PRNG, shuffles and rules identical).
# MicroPython runs the firmware as the boards get it: compiled to .mpy by mpy-cross.
import os
import subprocess

from mpbuild import compile_file, compile_tree, find_tool
from randplay import fitting_option_sets, random_game

from firmware.core import GAMES, load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES_PER_PORT = 24

DRIVER = """
import sys
sys.path[:0] = [%r]
from randplay import fitting_option_sets, random_game
from firmware.core import load
name = %r
game = load(name)
print(game.__file__)
for i in range(%d):
    players = game.MIN_PLAYERS + i %% (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)
    sets = fitting_option_sets(game, players)
    options = sets[i %% len(sets)]
    s = random_game(name, players, 5000 + i, options, 77 + i)
    print(players, s.scores(), s.winners(), list(s.history))
"""


def cpython_lines(name):
    game = load(name)
    lines = []
    for i in range(GAMES_PER_PORT):
        players = game.MIN_PLAYERS + i % (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)
        sets = fitting_option_sets(game, players)
        options = sets[i % len(sets)]
        s = random_game(name, players, 5000 + i, options, 77 + i)
        lines.append("%d %s %s %s" % (players, s.scores(), s.winners(), list(s.history)))
    return lines


def test_same_games_on_cpython_and_micropython(tmp_path):
    exe = find_tool("micropython")
    compile_tree(ROOT, "firmware", tmp_path)
    compile_file(os.path.join(ROOT, "tools", "randplay.py"), tmp_path / "randplay.mpy",
                 "tools/randplay.py")
    checked = 0
    for name in GAMES:
        try:
            load(name)
        except ImportError:
            continue
        script = DRIVER % (str(tmp_path), name, GAMES_PER_PORT)
        out = subprocess.run([exe, "-X", "heapsize=256k", "-c", script], capture_output=True,
                             text=True, timeout=600, cwd=str(tmp_path))
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
        lines = out.stdout.splitlines()
        assert lines[0].endswith(name + "/rules.mpy"), lines[0]  # the compiled module ran
        assert lines[1:] == cpython_lines(name)
        checked += 1
    assert checked >= 1
