"""The computer players of every registered game at every level, the hard level's
determinized search included (firmware/bots/search.py): every decision legal (sliced form =
choose), no peeking at what the seat cannot see, the MemoryError fallback, the time budget and
stop(). Hard bots get a tiny playout cap here (deterministic, quick); each game plays with
its package's QUICK options (its shortest game). A game's own search tests are
test_<game>_search.py. Portable: pytest and tools/mptest.py (one game at a time)."""
# mptest-heap: 256k

from checks import count, every_game
from search_checks import budget_and_stop, every_decision_legal, memory_error_fallback, no_peeking

from firmware.core import about


def quick(game):
    return getattr(about(game), "QUICK", {})


@every_game
def test_every_decision_legal(game):
    every_decision_legal(game, count(8, 2), quick(game), count(200, 80))


@every_game
def test_no_peeking(game):
    no_peeking(game, count(3, 1), quick(game), count(90, 40))


@every_game
def test_memory_error_fallback(game):
    memory_error_fallback(game, quick(game))


@every_game
def test_budget_and_stop(game):
    budget_and_stop(game, quick(game))
