"""Diam's own search and bot tests (test_search.py has every game's: legal decisions, no
peeking, the MemoryError fallback, the budget). Portable: pytest and tools/mptest.py."""

QUICK = {"length": "quick"}


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


def test_a_finished_search_is_let_go_and_its_answer_kept():
    # What a hard bot keeps between its turns on a board's heap: its answer, not its search.
    from firmware.bots import make_bot
    from firmware.bots.search import Search, shared_policy
    from firmware.core import load
    from firmware.core.prng import Prng

    state = load("diams").new_game(3, 9, QUICK)
    bot = make_bot("diams", state.current_player(), "hard", 3, playouts=2)
    bot.strict = True
    view = state.view(state.current_player())
    search = bot.start(view)
    assert all(not b.strict for b in shared_policy(bot.heuristic, 3))  # only for the prior
    while bot.step():
        pass
    assert search.view is None and search.sample is None  # over: the view let go
    answer = bot.result()
    assert answer in view["legal"] and bot.search is None
    assert bot.result() == answer  # asked again: the same answer
    one = dict(view)
    one["legal"] = view["legal"][:1]
    forced = Search(load("diams"), one, shared_policy(bot.heuristic, 3), lambda s, seat: 0,
                    Prng(1), playouts=5)
    assert forced.done and forced.view is None and forced.best() == one["legal"][0]
