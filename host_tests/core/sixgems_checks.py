"""SIXGEMS for the generic suites (sampling_checks.py): what a seat cannot see, and the box."""
from checks import once


def hidden(s, seat):
    others = [x for x in range(s.players) if x != seat]
    return ([sorted(s.hands[x]) for x in others], list(s.gem_deck),
            [sorted(s.settle_hands[x]) for x in others], list(s.settle_deck))


def conserved(s):
    once(72, [s.gem_deck] + s.hands + s.areas)
    wild = [k for k in range(12) if s.wild_owner[k] >= 0]
    if 0 <= s.settling < 12 and s.settling not in wild:
        wild.append(s.settling)
    once(12, [s.settle_deck, wild] + s.settle_hands)
