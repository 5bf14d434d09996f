"""Quartz for the generic suites (sampling_checks.py): what a seat cannot see (only the future
dice and draws: no card is hidden), and the crystals of the box."""
from firmware.core import load


def hidden(s, seat):
    return list(s.rng.get_state())


def conserved(s):
    box = [row[2] for row in load("quartz").CRYSTALS]
    for k in range(7):
        total = s.bag[k] + s.removed[k]
        for seat in range(s.players):
            total += s.carts[seat][k] + s.chests[seat][k]
        if k == 6:
            total += 2 * s.pairs
        assert total == box[k]
