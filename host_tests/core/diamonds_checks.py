"""Diamonds for the generic suites (sampling_checks.py): what a seat cannot see, and the box."""
from checks import once


def hidden(s, seat):
    others = [x for x in range(s.players) if x != seat]
    return ([list(s.hands[x]) for x in others], [sorted(s.chosen[x]) for x in others],
            list(s.aside))


def conserved(s):
    once(60, [s.aside, s.trick] + s.hands + s.chosen + s.won)
