# Pebbles: two players take 1, 2 or 3 stones from a pile; each holds a hidden card, the one
# take it may not make. Whoever takes the last stone wins the round; the most rounds win.
# An extra game of the tests, not of the firmware: host_tests/test_extra_game.py copies this
# folder to firmware/games/pebbles in a copy of the project and adds one line to the
# registry, the proof that a game is one folder and one line. Its parts: rules, bot,
# console, help (no table, choices, results or final: the front ends' stand-ins show it).

TITLE = "Pebbles"
MIN_PLAYERS = 2
MAX_PLAYERS = 2
QUICK = {"rounds": "1"}  # the options of its shortest game (selftest's quick mode)
