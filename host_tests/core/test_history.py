# The compact history (firmware/core/base.py History): a sequence of 16-bit actions kept in
# pieces of CHUNK, so a long game never needs a large block of a board's heap.
from checks import raises

from firmware.core.base import CHUNK, History


def test_history_is_a_sequence_across_its_pieces():
    values = [(i * 7919) % 65536 for i in range(3 * CHUNK + 5)]
    h = History()
    for n, v in enumerate(values):
        assert len(h) == n
        h.append(v)
    assert len(h) == len(values) and list(h) == values
    assert [h[i] for i in range(len(values))] == values
    assert h[-1] == values[-1] and h[-len(values)] == values[0]
    assert h[CHUNK - 1] == values[CHUNK - 1] and h[CHUNK] == values[CHUNK]
    raises(IndexError, lambda: h[len(values)])
    raises(IndexError, lambda: h[-len(values) - 1])
    assert h[CHUNK - 2:CHUNK + 3] == values[CHUNK - 2:CHUNK + 3]
    assert h == values and h == History(values) and not (h == values[:-1])
    assert all(len(piece) <= CHUNK for piece in h.pieces)
    assert len(h.pieces) == 4


def test_history_copy_is_independent():
    h = History(range(CHUNK + 1))
    c = h.copy()
    c.append(5)
    h.append(9)
    assert len(h) == len(c) == CHUNK + 2
    assert h[-1] == 9 and c[-1] == 5 and list(h)[:-1] == list(c)[:-1]
