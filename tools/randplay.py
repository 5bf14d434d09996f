# Random play through the rules contract, in the manner of OpenSpiel's random_sim_test.
# Portable: the same code runs on CPython and under the MicroPython unix port, and the
# policy draws from the project's PRNG, so both give the same games for the same seeds.
from firmware.core import load
from firmware.core.prng import Prng

MAX_ACTIONS = 100000  # a game longer than this is a bug (every game must terminate)


def option_sets(module):
    """Every combination of the module's options, as dicts."""
    combos = [{}]
    for key, choices in module.OPTIONS:
        combos = [dict(list(c.items()) + [(key, choice)]) for c in combos for choice in choices]
    return combos


def fitting_option_sets(module, players):
    """option_sets(module) without the combinations new_game refuses for `players` (e.g.
    team mode with an odd number of players)."""
    sets = []
    for options in option_sets(module):
        try:
            module.new_game(players, 0, options)
        except ValueError:
            continue
        sets.append(options)
    return sets


def random_game(name, players, seed, options=None, policy_seed=0, check=None):
    """Play one game choosing uniformly among legal actions; `check(state, rng)` runs after
    every action. Returns the finished state."""
    state = load(name).new_game(players, seed, options)
    rng = Prng(policy_seed)
    count = 0
    while not state.is_over():
        legal = state.legal_actions()
        if not legal:
            raise AssertionError("no legal action while the game is not over")
        state.apply(legal[rng.randbelow(len(legal))])
        if check is not None:
            check(state, rng)
        count += 1
        if count > MAX_ACTIONS:
            raise AssertionError("game did not terminate")
    return state
