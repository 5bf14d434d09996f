"""The computer players of diploma at every level, the hard level's determinized search included
(firmware/bots/search.py): every decision legal (sliced form = choose), no peeking at what
the seat cannot see, the MemoryError fallback, the time budget and stop(). Hard bots get a
tiny playout cap here (deterministic, quick). Portable: pytest and tools/mptest.py."""
# mptest-heap: 256k

from checks import count
from search_checks import budget_and_stop, every_decision_legal, memory_error_fallback, no_peeking

QUICK = {}


def test_every_decision_legal():
    every_decision_legal("diploma", count(8, 2), QUICK, count(300, 80))


def test_no_peeking():
    no_peeking("diploma", count(4, 1), QUICK, count(120, 40))


def test_memory_error_fallback():
    memory_error_fallback("diploma", QUICK)


def test_budget_and_stop():
    budget_and_stop("diploma", QUICK)


def test_hard_plans_its_loops_on_every_port():
    """The hard level's loop plans (firmware/bots/diploma_plan.py) run on every interpreter,
    CircuitPython included (Diploma's app fits a PyGamer's budgets with them:
    host_tests/test_board_heap.py); normal has none."""
    from firmware.bots.diploma import Bot
    from firmware.bots.diploma_plan import Plan

    assert isinstance(Bot(0, "hard").plan, Plan)
    assert Bot(0, "normal").plan is None
