# Helpers for the core suites, which run both under pytest (CPython) and under the
# MicroPython and CircuitPython unix ports (tools/mptest.py --port ...): plain asserts, no
# pytest features.
import gc
import sys
from array import array

from firmware.core.base import History

# A MicroPython-family interpreter: MicroPython or CircuitPython (a MicroPython fork with the
# same core, gc module and small heaps, sys.implementation.name "circuitpython"). The tests
# take their board-sized paths on both: fewer games, checksums instead of deep copies, one
# game module at a time, allocation checks with gc.mem_alloc(). False only on CPython.
# (No test needs to tell CircuitPython from MicroPython: every suite passes on both as is.)
IS_MICROPYTHON_FAMILY = sys.implementation.name in ("micropython", "circuitpython")


def tidy():
    """Collect the garbage between a soak's rounds on a board's interpreter, whose small heap
    fragments otherwise. CPython's collector keeps up by itself, and a full collection of
    pytest's heap takes milliseconds: at every move it was most of these tests' time."""
    if IS_MICROPYTHON_FAMILY:
        gc.collect()


def raises(exc_type, fn, *args):
    """Call fn(*args), which must raise exc_type; return the exception."""
    try:
        fn(*args)
    except exc_type as exc:
        return exc
    raise AssertionError("%s not raised by %r%r" % (exc_type.__name__, fn, args))


def play(state, *actions):
    """Apply `actions` in turn (a rules test's moves); the state."""
    for action in actions:
        state.apply(action)
    return state


def refused(state, action):
    """`action` raises ValueError and leaves the state as it was (the rules contract)."""
    before = fingerprint(state)
    raises(ValueError, state.apply, action)
    assert fingerprint(state) == before


def count(on_cpython, on_micropython):
    """How many games a random-play test plays on this interpreter (`on_micropython` on
    MicroPython and CircuitPython alike)."""
    return on_micropython if IS_MICROPYTHON_FAMILY else on_cpython


def fingerprint(state):
    """Every attribute of a state, so that two states (or one state before and after a refused
    action) compare equal with ==. On CPython a deep copy, which pytest can diff; under
    MicroPython or CircuitPython two checksums folded over the same data, which allocate
    nothing on a fragmented board-sized heap."""
    if IS_MICROPYTHON_FAMILY:
        sums = [1, 7]
        _fold(sums, state.__dict__)
        return sums
    return [(key, _plain(state.__dict__[key])) for key in sorted(state.__dict__)]


def _plain(value):
    if hasattr(value, "get_state"):  # the PRNG
        return value.get_state()
    if isinstance(value, (list, tuple, array, History)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return sorted(value.items())
    if isinstance(value, bytearray):
        return bytes(value)
    return value


def _fold(sums, value):
    if hasattr(value, "get_state"):
        value = value.get_state()
    if isinstance(value, (list, tuple, bytearray, array, History)):
        _add(sums, 1000 + len(value))
        for v in value:
            _fold(sums, v)
    elif isinstance(value, dict):
        for key in sorted(value):
            _fold(sums, key)
            _fold(sums, value[key])
    elif isinstance(value, str):
        for ch in value:
            _add(sums, ord(ch))
    elif value is None:
        _add(sums, 999)
    else:
        _add(sums, int(value))


def _add(sums, n):
    # Two independent polynomial checksums, small ints only.
    sums[0] = (sums[0] * 31 + n) % 1000003
    sums[1] = (sums[1] * 37 + n) % 999983


def forged_save(data, **header):
    """The save file `data` (bytes) with fields of its JSON header replaced by `header` and
    its checksum made valid again: what only a deliberate edit or a firmware bug writes."""
    import json

    from firmware.savefile import Crc32

    lines = data.split(b"\n")
    fields = json.loads(lines[1])
    for key in header:
        fields[key] = header[key]
    lines[1] = json.dumps(fields).encode()
    body = b"\n".join(lines[:-2]) + b"\n"  # all but the END line (and the empty tail)
    crc = Crc32()
    crc.update(body)
    return body + ("END %s\n" % crc.hexdigest()).encode()


def once(total, parts):
    """Every card 0..total-1 exactly once across the lists `parts` (a game's box conserved)."""
    seen = bytearray(total)
    for part in parts:
        for card in part:
            assert seen[card] == 0, card
            seen[card] = 1
    assert sum(seen) == total


def games_here():
    """Every registered game whose rules are here, in GAMES order."""
    from firmware.core import GAMES, available

    return [name for name in GAMES if available(name)]


def let_go_of(game):
    """Every module of `game` (its package, rules, bots, ...) and its checks leave the heap."""
    from firmware.core import dotted, unload

    for name in [n for n in sys.modules if n == dotted(game) or n.startswith(dotted(game, ""))]:
        unload(name)
    sys.modules.pop(game + "_checks", None)
    gc.collect()


def every_game(test):
    """A test of one argument, `game`, run on every game here (games_here()): on CPython one
    pytest test per game; on MicroPython and CircuitPython one test that runs them in turn,
    each game's modules let go of before the next (one game's code on a board-sized heap)."""
    if not IS_MICROPYTHON_FAMILY:
        import pytest

        return pytest.mark.parametrize("game", games_here())(test)

    def each(game=None):  # (a game named: that one only, as on CPython)
        for name in [game] if game else games_here():
            print("game", name)
            test(name)
            let_go_of(name)

    return each
