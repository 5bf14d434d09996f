# The heap budgets of `make flash` onto stock CircuitPython, on CircuitPython 9.2.9 built
# 32-bit (the PyBadge's and PyGamer's interpreter, ../shared/cpy), from CircuitPython .mpy:
# every game at its largest table with hard bots on every seat plays to its end (not to the
# crash screen)
#   - through the whole app on a display stand-in (tools/boardlibs) at 126 KiB: about 16 KB
#     under what a PyBadge has free, for fragmentation and what the stand-ins leave out; a
#     hard bot may run out of memory in its search there and play its best move so far;
#   - through the app at full strength at 138 KiB: no hard decision or save cut short by memory;
#   - through the match alone (rules, bots, firmware/ui/match.py, saves) at 110 KiB, at
#     full strength;
#   - through the app with a human at P1 taking the first choice each time (the table's
#     choices module on the heap at each of its decisions, a longer game) at 132 KiB.
# (tools/boardheap.py's BUDGET says why they grew in issue 57.)
# Diploma: from .mpy its match only (the console, the selftest), at 110 KiB with searches
# allowed to be cut short; its app does not fit there, and says so at the title (the UF2,
# with the games frozen in, plays it: tools/cpheap.py).
# On CircuitPython 10.2.1 (circuitpython.org's release now) the same .mpy take 1-3 KiB more
# (measured: 108-113 KiB, Diam's the most), so its app budget is 4 KiB higher.
# tools/boardheap.py finds the smallest heap of each (--full: at full strength; make bench
# prints them). The runs are deterministic: a seed, playouts capped, the frame clock driven
# by the script.
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import boardheap  # noqa: E402

GAMES = sorted(boardheap.APP_GAMES)
CP10_MORE = 4 * 1024  # what 10.2.1 takes beyond 9.2.9 for the same .mpy, rounded up
CASES = [("app", False, False), ("app", True, False), ("match", True, False),
         ("app", False, True)]


@pytest.fixture(scope="module")
def folders(worker_id):
    return boardheap.build("circuitpython", name="test-" + worker_id)  # one per xdist worker


@pytest.mark.parametrize("mode,full,human", CASES,
                         ids=["app", "app-full", "match-full", "app-human"])
@pytest.mark.parametrize("game", GAMES)
def test_largest_table_of_hard_bots_fits_the_budget(folders, game, mode, full, human):
    heap = boardheap.budget(game, mode, full, human)
    case = boardheap.Case(game, boardheap.MAX_PLAYERS[game], mode, "hard", 8, human=human)
    ok, actions, out = boardheap.run(boardheap.interpreter("circuitpython"), heap,
                                     case.code(folders, "@SAVES@"))
    assert ok, "%s did not end at %d KiB:\n%s" % (case.name(), heap // 1024, out[-1500:])
    assert actions > 50  # a whole game was played
    if full:
        assert boardheap.cut_short(out) == 0, (
            "%s: searches or saves cut short by memory at %d KiB" % (case.name(), heap // 1024))


@pytest.mark.parametrize("game", GAMES)
def test_the_same_games_fit_on_circuitpython_10(folders, game):
    """circuitpython.org's current release (10.2.1 built 32-bit; it loads the same .mpy):
    the app plays there within 4 KiB of 9.2.9's budget (measured: 108-113 KiB)."""
    case = boardheap.Case(game, boardheap.MAX_PLAYERS[game], "app", "hard", 8)
    heap = boardheap.budget(game, "app") + CP10_MORE
    ok, actions, out = boardheap.run(boardheap.interpreter("circuitpython10"), heap,
                                     case.code(folders, "@SAVES@"))
    assert ok, "%s did not end at %d KiB on 10.2.1:\n%s" % (case.name(), heap // 1024,
                                                           out[-1500:])
    assert actions > 50


def test_diploma_match_fits_the_budget(folders):
    case = boardheap.Case("diploma", boardheap.MAX_PLAYERS["diploma"], "match", "hard", 8)
    heap = boardheap.budget("diploma", "match")
    ok, actions, out = boardheap.run(boardheap.interpreter("circuitpython"), heap,
                                     case.code(folders, "@SAVES@"))
    assert ok, "%s did not end at %d KiB:\n%s" % (case.name(), heap // 1024, out[-1500:])
    assert actions > 200  # a whole 4-player game (about 560 actions with normal bots)


def test_a_game_that_never_reached_its_end_does_not_count_as_fitting(folders):
    """Diploma's app at the PyBadge budget stops at the title ("does not fit in this board's
    memory"): no crash screen, and still not a fit."""
    case = boardheap.Case("diploma", 2, "app", "normal", 8)
    ok, actions, out = boardheap.run(boardheap.interpreter("circuitpython"),
                                     boardheap.budget("diploma", "app"),
                                     case.code(folders, "@SAVES@"))
    assert not ok and actions == 0, out[-1500:]
    assert "heapgame: the game did not" in out, out[-1500:]


def test_the_strings_interned_are_reported_only_when_asked(folders):
    """--qstrs: micropython.qstr_info()'s count at the end, appended to the script only then
    (a line more in the script moves the heap's layout)."""
    binary = boardheap.interpreter("circuitpython")
    counts = []
    for game in ("diams", "diploma"):
        case = boardheap.Case(game, 2, "app", "normal", 8, qstrs=True)
        ok, actions, out = boardheap.run(binary, 240 * 1024, case.code(folders, "@SAVES@"))
        assert ok and actions > 50, out[-1500:]
        counts.append(boardheap.qstrs(out))
    (diams, diams_pools), (diploma, _) = counts
    assert 900 < diams < diploma <= 1300 and diams_pools == 6  # Diploma's app has more code
    plain = boardheap.Case("diams", 2, "app", "normal", 8).code(folders, "@SAVES@")
    assert "qstr_info" not in plain
    assert boardheap.qstrs(boardheap.run(binary, 240 * 1024, plain)[2]) is None
