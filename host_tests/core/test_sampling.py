"""sample_state(view, rng) of every registered game (what the determinization search samples
from): for random mid-game states of every player count and option set, and every seat, the
sample shows the seat exactly the view it was made from (no key differs), offers the deciding
seat the same legal actions, varies the hidden part from sample to sample, depends on the
view alone (a state with other hidden cards gives the identical sample for the same rng
seed), has an empty history, conserves every card (a game's <game>_checks.py says its box),
and plays on to the end. And every move that may show its mover something new says so
(state.revealed): D-T3 draws, M-R1 deals, M-R2 passes, Q-T1 mining, Q-T2 rolls, G-P5 / G-T3
/ G-T4 draws, G-S2 rolls, Diploma's P-P1 tiles, P-R1 rolls, P-D4 item draws, P-R4 magic cards
and its magic windows. A game's own sampling tests are test_<game>_sampling.py.
Portable: runs under pytest and tools/mptest.py (one game at a time)."""
# The heap: each game's modules are let go of before the next, but the names they interned
# stay (some 2-8 KB a game on MicroPython): 192k for the five, as test_contract.py.
# mptest-heap: 192k

from checks import count, every_game
from sampling_checks import check_game, check_reveals, play_on


@every_game
def test_samples_match_the_view(game):
    check_game(game, count(20, 1))


@every_game
def test_samples_play_on(game):
    play_on(game, count(10, 2))


@every_game
def test_a_move_that_shows_something_new_says_so(game):
    quiet, revealing = check_reveals(game, count(5, 1))
    assert quiet > 50 and revealing > 5, (game, quiet, revealing)
