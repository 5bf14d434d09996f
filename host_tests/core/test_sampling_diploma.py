"""sample_state(view, rng) of diploma (what the determinization search samples from): for
random mid-game states of every player count and option set, and every seat, the sample
shows the seat exactly the view it was made from (no key differs), conserves every card /
crystal, offers the deciding seat the same legal actions, varies the hidden cards from
sample to sample, depends on the view alone (a state with other hidden cards gives the
identical sample for the same rng seed), has an empty history, and plays on to the end.
Portable: runs under pytest and tools/mptest.py."""
# mptest-heap: 160k

from checks import count
from sampling_checks import check_game, check_reveals, play_on


def test_samples_match_the_view():
    check_game("diploma", count(25, 2))


def test_samples_play_on():
    play_on("diploma", count(10, 2))


def test_a_move_that_shows_something_new_says_so():
    """P-P1 tiles received and bought, P-R1 rolls, P-D4 item draws, P-R4 replaced magic
    cards, the magic windows (who may act depends on hidden hands): each bumps
    state.revealed (the take-back window ends there)."""
    quiet, revealing = check_reveals("diploma", count(3, 1))
    assert quiet > 50 and revealing > 10, (quiet, revealing)
