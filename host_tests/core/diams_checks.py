"""Diam's for the generic suites (sampling_checks.py): what a seat cannot see, and the box."""
from checks import once


def hidden(s, seat):
    others = [x for x in range(s.players) if x != seat]
    return ([sorted(s.hands[x]) for x in others], [sorted(s.vaults[x]) for x in others],
            list(s.deck))


def conserved(s):
    once(54, [s.deck, s.market, s.discard, s.aside] + s.hands + s.vaults)
    for vault in s.vaults:
        for card in vault:
            assert card < 50  # vaults hold diamonds only
