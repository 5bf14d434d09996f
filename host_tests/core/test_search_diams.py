"""The computer players of diams at every level, the hard level's determinized search included
(firmware/bots/search.py): every decision legal (sliced form = choose), no peeking at what
the seat cannot see, the MemoryError fallback, the time budget and stop(). Hard bots get a
tiny playout cap here (deterministic, quick). Portable: pytest and tools/mptest.py."""

from checks import count
from search_checks import budget_and_stop, every_decision_legal, memory_error_fallback, no_peeking

QUICK = {"length": "quick"}


def test_every_decision_legal():
    every_decision_legal("diams", count(8, 2), QUICK)


def test_no_peeking():
    no_peeking("diams", count(4, 1), QUICK)


def test_memory_error_fallback():
    memory_error_fallback("diams", QUICK)


def test_budget_and_stop():
    budget_and_stop("diams", QUICK)


def test_hard_bots_of_a_game_share_one_playout_policy():
    # One normal bot per seat for every hard bot of the table (a board's heap held
    # players x (players + 1) bots before), each deciding as its own seat.
    from firmware.bots import make_bot
    from firmware.core import load

    state = load("diams").new_game(3, 5, QUICK)
    bots = [make_bot("diams", s, "hard", 11 * s, playouts=2) for s in range(3)]
    policies = []
    for _ in range(12):
        seat = state.current_player()
        bots[seat].start(state.view(seat))
        while bots[seat].step():
            pass
        policies.append(bots[seat].search.policy)
        state.apply(bots[seat].result())
    assert len(set(id(p) for p in policies)) == 1
    assert [bot.seat for bot in policies[0]] == [0, 1, 2]
    assert len(set(b.seat for b in bots)) == 3
