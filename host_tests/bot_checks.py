# Checks shared by the per-game bot suites (CPython): a strict bot, views collected from
# bot games, and the check that a bot is a function of (view, seed) alone.
import copy

from firmware.bots import make_bot
from firmware.core import load


def strict_bot(game, seat, level="normal", seed=0):
    """A bot whose bugs raise instead of falling back to legal[0]. Hard gets one playout per
    decision here (its search is tested in host_tests/core/test_search_*)."""
    bot = make_bot(game, seat, level, seed, playouts=1)
    bot.strict = True
    return bot


def bot_views(game, count, every, setup):
    """`count` views of the deciding seat, one every `every` decisions of games between
    normal bots; setup(seed) -> (players, options) of the game played with that seed."""
    module = load(game)
    views = []
    seed = 0
    while len(views) < count:
        players, options = setup(seed)
        state = module.new_game(players, seed, options)
        bots = [strict_bot(game, s, "normal", seed) for s in range(players)]
        step = 0
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            if step % every == 0:
                views.append(view)
            state.apply(bots[seat].choose(view))
            step += 1
        seed += 1
    return views[:count]


def assert_stateless(game, views, levels):
    """The same (view, seed) gives the same action whatever the bot saw before; the view is
    not modified; a deep copy of the view (plain data) gives the same answer."""
    for level in levels:
        first = strict_bot(game, 0, level, 5)
        answers = []
        for view in views:
            before = copy.deepcopy(view)
            answers.append(first.choose(view))
            assert view == before
        fresh = strict_bot(game, 0, level, 5)
        for view, answer in zip(reversed(views), reversed(answers)):
            assert fresh.choose(copy.deepcopy(view)) == answer
