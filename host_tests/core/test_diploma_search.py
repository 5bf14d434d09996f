"""Diploma's own search and bot tests (test_search.py has every game's: legal decisions, no
peeking, the MemoryError fallback, the budget). Portable: pytest and tools/mptest.py."""
# mptest-heap: 256k

QUICK = {}


def test_hard_plans_its_loops_on_every_port():
    """The hard level's loop plans (firmware/games/diploma/plan.py) run on every interpreter,
    CircuitPython included (the UF2's frozen app has the heap for them: tools/cpheap.py);
    normal has none."""
    from firmware.games.diploma.bot import Bot
    from firmware.games.diploma.plan import Plan

    assert isinstance(Bot(0, "hard").plan, Plan)
    assert Bot(0, "normal").plan is None


def test_hard_cuts_its_playouts_in_decisions():
    """Diploma's playouts take 0.4-1.1 s on a board: its search steps a decision at a time
    (SLICED), so a frame waits one decision, not a playout; the other games' bots step a
    playout at a time."""
    from firmware.bots import make_bot
    from firmware.core import load

    state = load("diploma").new_game(2, 5, QUICK)
    bot = make_bot("diploma", 0, "hard", 3, playouts=2)
    assert bot.sliced and not make_bot("diamonds", 0, "hard", 3, playouts=2).sliced
    search = None
    while search is None:  # the first decision the search has a choice in (the draft)
        seat = state.current_player()
        view = state.view(seat)
        bot.seat = seat
        assert bot.start(view) is None  # sliced: the prior is worked out in steps
        while bot.search is None and bot.step():
            pass
        search = bot.search
        if search is None or search.done:
            search = None
            state.apply(bot.result())
    steps = 0
    while bot.step():
        steps += 1
    assert search.playouts == 2 and steps > 2 * 2  # a playout in several steps
    assert bot.result() in view["legal"]


def test_hard_works_its_prior_out_in_steps_and_a_stop_there_answers_with_it():
    """Sliced, the hard bot's own heuristic (the prior) thinks in steps before its search
    begins (a tile to lay took up to 260 ms on a board, in one frame); a button meanwhile
    (stop) answers with the whole prior, the heuristic's choice, and starts no search."""
    from firmware.bots import _hard_prior, make_bot
    from firmware.core import load
    from firmware.games.diploma import bot as heuristic

    module = load("diploma")
    state = module.new_game(2, 6, QUICK)
    checked = 0
    while not state.is_over() and checked < 4:
        seat = state.current_player()
        view = state.view(seat)
        bot = make_bot("diploma", seat, "hard", 3, playouts=2)
        if view["phase"] == "place" and len(view["legal"]) > 1:
            want = _hard_prior(heuristic).choose(view)
            assert bot.start(view) is None and bot.search is None
            steps = 1
            while bot.step() and bot.search is None:
                steps += 1
            assert steps > 1  # the prior took steps
            bot.start(view)
            assert bot.step()  # a piece of the prior, then the button
            bot.stop()
            assert bot.search is None and not bot.step() and bot.result() == want
            bot.start(view)
            bot.step()
            assert bot.result() == want and bot.search is None  # result() alone: the same
            checked += 1
        state.apply(bot.choose(view))
    assert checked == 4
