# Checks of sample_state(view, rng) for test_sampling.py, which runs them on every game, one
# at a time (a 128k MicroPython heap holds one game's code). Portable.
import sys

from checks import fingerprint, tidy
from randplay import fitting_option_sets

from firmware.core import load
from firmware.core.prng import Prng


def mid_game_states(name, per_setup):
    """(state, tag) pairs at random points of random games of `name`: every player count,
    every option set that fits it (a generator: one state in memory at a time)."""
    module = load(name)
    rng = Prng(11)
    for players in range(module.MIN_PLAYERS, module.MAX_PLAYERS + 1):
        sets = fitting_option_sets(module, players)
        for k in range(per_setup):
            options = sets[k % len(sets)]
            state = module.new_game(players, 100 * players + k, options)
            steps = rng.randbelow(220)
            while steps > 0 and not state.is_over():
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
                steps -= 1
            yield state


class _Without:
    """A state's attributes but its own PRNG's: what fingerprint() folds."""

    def __init__(self, state):
        self.__dict__ = {key: value for key, value in state.__dict__.items() if key != "rng"}


def hooks(name):
    """The game's own checks, host_tests/core/<name>_checks.py, when it has one: `hidden(s,
    seat)` (what `seat` cannot see in `s`, as one comparable value) and `conserved(s)` (every
    card of the box once). Without them a sample's hidden part is everything of the state but
    its PRNG (the view is the same: what differs is hidden), and nothing is counted."""
    try:
        module = __import__(name + "_checks")
    except ImportError:
        module = None
    hidden = getattr(module, "hidden", None) or (lambda s, seat: fingerprint(_Without(s)))
    conserved = getattr(module, "conserved", None) or (lambda s: None)
    return hidden, conserved


def forget_hooks(name):
    sys.modules.pop(name + "_checks", None)


def check_game(name, per_setup):
    module = load(name)
    hidden, conserved = hooks(name)
    checked = 0
    varied = 0
    for state in mid_game_states(name, per_setup):
        for seat in range(state.players):
            sample = other = again = None
            tidy()
            view = state.view(seat)
            sample = module.sample_state(view, Prng(seat + 7))
            assert sample.view(seat) == view, (name, seat, view["phase"])
            assert len(sample.history) == 0
            conserved(sample)
            if seat == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            # The view alone decides: a state with other hidden cards (itself a sample, so
            # consistent with the view) gives the identical sample for the same rng seed.
            other = module.sample_state(view, Prng(seat + 99))
            assert other.view(seat) == view
            again = module.sample_state(other.view(seat), Prng(seat + 7))
            assert fingerprint(again) == fingerprint(sample)
            # The hidden part varies from sample to sample.
            if hidden(sample, seat) != hidden(other, seat):
                varied += 1
            checked += 1
    assert checked > 0
    assert varied * 10 >= checked * 5, (name, varied, checked)  # most samples differ
    forget_hooks(name)


def play_on(name, per_game):
    """A sample is a working state: random play from it reaches the end of the game."""
    module = load(name)
    rng = Prng(3)
    played = 0
    for state in mid_game_states(name, 1):
        if played >= per_game:
            break
        played += 1
        if state.is_over():
            continue
        seat = state.current_player()
        s = module.sample_state(state.view(seat), rng)
        steps = 0
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
            steps += 1
            assert steps < 20000
        assert len(s.scores()) == s.players


def check_reveals(name, games, samples=3):
    """A move that may show its mover something new says so (state.revealed moves): the
    take-back window of ui/match.py rests on it. Walking
    random games, each legal action (a few at each point) is applied to the state and to
    samples of the world its mover cannot tell apart (sample_state from the mover's view:
    other hands, the deck's order, future dice). If the game did not say "revealed", the
    same seat must be on turn in every world and the mover see the very same view there:
    nothing it saw came from hidden cards or chance, whoever plays next. Returns (quiet
    moves checked, revealing moves)."""
    module = load(name)
    rng = Prng(41)
    quiet = revealing = 0
    for k in range(games):
        players = module.MIN_PLAYERS + k % (module.MAX_PLAYERS - module.MIN_PLAYERS + 1)
        sets = fitting_option_sets(module, players)
        state = module.new_game(players, 500 + k, sets[k % len(sets)])
        while not state.is_over():
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.view(seat)
            for i in range(min(4, len(legal))):
                action = legal[rng.randbelow(len(legal))] if i else legal[-1]
                after = state.clone()
                after.apply(action)
                if after.revealed != state.revealed:
                    revealing += 1
                    continue
                quiet += 1
                seen = after.view(seat)
                for _ in range(samples):
                    world = module.sample_state(view, rng)
                    world.apply(action)
                    what = (name, state.action_text(action, seat), after.current_player())
                    assert world.current_player() == after.current_player(), what
                    assert world.view(seat) == seen, what
                world = after = None
            state.apply(legal[rng.randbelow(len(legal))])
            tidy()
    return quiet, revealing
