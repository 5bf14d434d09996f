"""The computer players of sixgems at every level, the hard level's determinized search included
(firmware/bots/search.py): every decision legal (sliced form = choose), no peeking at what
the seat cannot see, the MemoryError fallback, the time budget and stop(). Hard bots get a
tiny playout cap here (deterministic, quick). Portable: pytest and tools/mptest.py."""

from checks import count
from search_checks import budget_and_stop, every_decision_legal, memory_error_fallback, no_peeking

QUICK = {"length": "6"}


def test_every_decision_legal():
    every_decision_legal("sixgems", count(8, 2), QUICK)


def test_no_peeking():
    no_peeking("sixgems", count(4, 1), QUICK)


def test_memory_error_fallback():
    memory_error_fallback("sixgems", QUICK)


def test_budget_and_stop():
    budget_and_stop("sixgems", QUICK)
