# Board self-test (portable: CPython, MicroPython, CircuitPython).
# selftest.run() plays one full game of every game on the board, bots on every seat, checks
# that it ends, that every action was legal and that its record replays to the same scores,
# and prints one line per game and a summary line:
#   selftest diams: ok, 3 players, seed 2024, 301 actions, scores [...], winners P2, 812 ms
#   selftest: 4 passed, 0 failed, 1 not on this board
# selftest.run(quick=True) plays shorter games: 2 players (or the game's least) and each
# game's shortest length (QUICK): about 6 s on a Pico instead of about 12.
# main.py runs it instead of the game when started with --selftest (`micropython main.py
# --selftest`) or when a file named `selftest` sits next to it (the board's root). That file
# may hold words: `quick` for the quick mode, game names to play only those (e.g. `quick
# diams`); empty, it asks for the full self-test of every game.
import gc
import sys

from firmware.bots import make_bot
from firmware.clock import ticks_diff, ticks_ms
from firmware.core import COLLECT, GAMES, about, game_part, record, replay

FLAG = "selftest"  # a file of this name in the working directory (the board's root)
SEED = 2024
PLAYERS = 3  # clamped to each game's MIN_PLAYERS..MAX_PLAYERS
LEVEL = "normal"
MAX_ACTIONS = 20000  # a game longer than this is a bug (no end)
QUICK_PLAYERS = 2  # the quick mode's players, clamped like PLAYERS


def requested(argv=None):
    """True when the self-test is asked for: --selftest in argv, or the flag file."""
    if argv is None:
        argv = getattr(sys, "argv", None) or []
    if "--selftest" in argv:
        return True
    try:
        import os

        os.stat(FLAG)
        return True
    except (OSError, ImportError):
        return False


def flag_words():
    """The words of the flag file (e.g. ["quick", "diams"]); [] when it is absent or empty."""
    try:
        with open(FLAG) as f:
            return f.read(256).split()
    except OSError:
        return []


def play_one(name, players=PLAYERS, seed=SEED, level=LEVEL, out=print, options=None):
    """One full game of `name`, bots on every seat (`options`: the game's, None for its
    defaults). True when it passed, None when the game is not on this board; raises on a
    failure."""
    module = game_part(name, "rules")
    if module is None:
        out("selftest %s: not on this board" % name)
        return None
    players = max(module.MIN_PLAYERS, min(players, module.MAX_PLAYERS))
    start = ticks_ms()
    state = module.new_game(players, seed, options)
    bots = []
    for seat in range(players):
        bots.append(make_bot(name, seat, level, seed + 7919 * (seat + 1)))
    actions = 0
    while not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        action = bots[seat].choose(view)
        if action not in view["legal"]:
            raise AssertionError("the bot of seat %d chose %r, not a legal action" % (seat, action))
        state.apply(action)
        actions += 1
        if actions > MAX_ACTIONS:
            raise AssertionError("no end after %d actions" % MAX_ACTIONS)
        if COLLECT and actions % 16 == 0:  # (a board's heap; on CPython a full collection
            gc.collect()  # of a test run's heap costs some 70 ms and frees nothing needed)
    ms = ticks_diff(ticks_ms(), start)
    scores = list(state.scores())
    winners = list(state.winners())
    saved = record(state)
    state = view = bots = None
    if COLLECT:
        gc.collect()
    again = replay(*saved)
    if list(again.scores()) != scores:
        raise AssertionError("the record replays to other scores: %r" % (again.scores(),))
    chosen = ""
    for key, value in sorted((options or {}).items()):
        chosen += ", %s %s" % (key, value)
    out(
        "selftest %s: ok, %d players%s, seed %d, %d actions, scores %s, winners %s, %d ms"
        % (name, players, chosen, seed, actions, scores,
           " ".join("P%d" % (w + 1) for w in winners), ms)
    )
    return True


def quick_options(name):
    """The quick mode's options of game `name`: its shortest length, its package's QUICK (the
    other options at their default); None for a game without them or not on this board."""
    try:
        return getattr(about(name), "QUICK", None)
    except ImportError:
        return None


def run(games=None, out=print, quick=None):
    """Play every game in `games` (default: all of GAMES) once; True when none failed.
    quick: 2 players (or the game's least) and each game's shortest length (QUICK). When
    `quick` or `games` is not given, the flag file's words say: `quick`, game names."""
    if quick is None or games is None:
        words = flag_words()
        if quick is None:
            quick = "quick" in words
        if games is None:
            games = [word for word in words if word in GAMES] or None
    passed = failed = missing = 0
    for name in games or GAMES:
        if COLLECT:
            gc.collect()
        try:
            if quick:
                result = play_one(name, QUICK_PLAYERS, out=out, options=quick_options(name))
            else:
                result = play_one(name, out=out)
        except Exception as exc:  # report and go on with the next game
            failed += 1
            out("selftest %s: FAILED %s: %s" % (name, type(exc).__name__, exc))
            show = getattr(sys, "print_exception", None)
            if show is not None:
                show(exc)
            continue
        if result:
            passed += 1
        else:
            missing += 1
    gc.collect()
    out("selftest: %d passed, %d failed, %d not on this board" % (passed, failed, missing))
    return failed == 0
