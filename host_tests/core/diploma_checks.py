"""Diploma for the generic suites (sampling_checks.py): what a seat cannot see, and the box."""
from checks import once


def hidden(s, seat):
    others = [x for x in range(s.players) if x != seat]
    return ([sorted(s.tiles[x]) for x in others], list(s.supply),
            [sorted(s.items[x]) for x in others], list(s.item_deck),
            [sorted(s.circles[x]) for x in others], list(s.circle_deck),
            [sorted(s.magic[x]) for x in others], list(s.magic_deck))


def conserved(s):
    boards = [[t for t in b if 0 <= t < 120] for b in s.boards]
    once(120, [s.supply, s.discards, s.batch] + s.tiles + s.stacks + boards)
    under = [[b] for b in s.under if b >= 0]
    once(24, [s.item_deck, s.item_used] + s.items + under)
    once(12, [s.circle_deck] + s.circles + s.shown)
    once(10, [s.magic_deck, s.magic_used] + s.magic)
