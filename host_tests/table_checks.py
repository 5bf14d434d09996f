# What the four handheld-table suites (test_<game>_table.py) share: the two canvas sizes,
# seat names, drawing a view, and the check that redealing what a seat cannot see
# (the game's sample_state) leaves its screen exactly as it was.
from firmware.core.prng import Prng
from firmware.ui.canvas import Canvas

NARROW = (26, 40, 7)  # columns, canvas rows, rows of the first page (160x128)
WIDE = (40, 44, 8)  # 240x135
SIZES = (NARROW, WIDE)


def names_for(players):
    return ["P1"] + ["P%d normal" % (s + 1) for s in range(1, players)]


def render(table, view, cols, rows, names=None, marks=0):
    """`view` drawn by the renderer module `table` on a fresh canvas (recording `marks`)."""
    c = Canvas(cols, rows, marks)
    table.draw(c, view, names or names_for(view["players"]))
    return c


def same_screen(table, view, other):
    """Both views draw the same texts and the same glyphs at both widths."""
    for cols, rows, _ in SIZES:
        a = render(table, view, cols, rows)
        b = render(table, other, cols, rows)
        assert a.texts() == b.texts(), (a.texts(), b.texts())
        assert bytes(a.tiles) == bytes(b.tiles)


def check_redealt_views_draw_alike(game, table, setups, every, steps=400):
    """Random games of `game` (a rules module) for each (players, options) in `setups`:
    every `every` steps one seat's view and the same view redealt (sample_state) must draw
    the same screen. Returns how many views were checked."""
    rng = Prng(5)
    checked = 0
    for players, options in setups:
        state = game.new_game(players, 40 + players, options)
        play = Prng(players)
        for step in range(steps):
            if state.is_over():
                break
            if step % every == 0:
                seat = step % players
                view = state.view(seat)
                same_screen(table, view, game.sample_state(view, rng).view(seat))
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[play.randbelow(len(legal))])
    return checked


# -- the table's choices (firmware/games/<game>/choices.py) ---------------------------------
# A test file's games, kept until the file ends (conftest.py): by (new_game, choices,
# players, seed) [the game, its Prng, its decisions so far] (choice_decisions); by
# (decisions, *args) the whole list (kept).
_decided = {}


def choice_decisions(new_game, choices, seeds, moves, players=lambda seed: 3, wanted=None):
    """(state, view, legal, choices(view, legal)) at the decisions of random games, one a
    seed (new_game(players(seed), seed)), `moves` steps at most. The state is a copy; the
    decisions are kept for the next test that asks for the same games (several tests check
    the same ones, and working out the choices is what costs). `wanted(view)`: whether a
    test looks at that decision's choices (default: every one); where not, they are None
    and not worked out (Quartz's dice choices are most of a choice test's time)."""
    for seed in seeds:
        count = players(seed)
        key = (new_game, choices, count, seed)
        if key not in _decided:
            _decided[key] = [new_game(count, seed), Prng(seed), []]
        state, rng, made = _decided[key]
        for step in range(moves):
            if step == len(made):
                if state.is_over():
                    break
                legal = state.legal_actions()
                made.append([state.clone(), state.view(state.current_player()), legal, None])
                state.apply(legal[rng.randbelow(len(legal))])
            decision = made[step]
            if decision[3] is None and (wanted is None or wanted(decision[1])):
                decision[3] = choices(decision[1], decision[2])
            yield tuple(decision)


def kept(decisions, *args):
    """What `decisions(*args)` yields, as a list worked out once a test file (the tests of a
    file that walk the same games share it)."""
    key = (decisions,) + args
    if key not in _decided:
        _decided[key] = list(decisions(*args))
    return _decided[key]


def forget_decisions():
    _decided.clear()


def played(state, actions):
    """A copy of `state` with `actions` applied, each legal when its turn comes and the
    seat on turn the same until the last; None if not."""
    probe = state.clone()
    seat = probe.current_player()
    for action in actions:
        if probe.current_player() != seat or action not in probe.legal_actions():
            return None
        probe.apply(action)
    return probe


def shortcuts(choices):
    """The table's shortcuts among the choices: (words, actions[, aim])."""
    return [c for c in choices if isinstance(c, tuple)]
