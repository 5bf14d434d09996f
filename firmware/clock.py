# Milliseconds for frame pacing, key repeat and a bot's thinking budget, without allocating:
# a small int that wraps (MicroPython's time.ticks_ms, CircuitPython's supervisor.ticks_ms,
# CPython's monotonic clock folded the same way). Compare two readings with ticks_diff only.
import time

PERIOD = 1 << 29  # CircuitPython's wrap (MicroPython brings its own ticks_* functions)
_HALF = PERIOD // 2
_PORT_MS = getattr(time, "ticks_ms", None)
_PORT_DIFF = getattr(time, "ticks_diff", None)
_PORT_ADD = getattr(time, "ticks_add", None)
_SUPERVISOR_MS = None
if _PORT_MS is None:
    try:
        import supervisor  # pyright: ignore[reportMissingImports]

        _SUPERVISOR_MS = supervisor.ticks_ms
    except ImportError:
        pass


def ticks_ms():
    if _PORT_MS is not None:
        return _PORT_MS()
    if _SUPERVISOR_MS is not None:
        return _SUPERVISOR_MS()
    return int(time.monotonic() * 1000) % PERIOD  # pyright: ignore[reportAttributeAccessIssue]


def ticks_diff(end, start):
    """end - start in milliseconds, right across one wrap of the counter."""
    if _PORT_DIFF is not None:
        return _PORT_DIFF(end, start)
    diff = (end - start) % PERIOD
    return diff - PERIOD if diff >= _HALF else diff


def ticks_add(ticks, delta):
    if _PORT_ADD is not None:
        return _PORT_ADD(ticks, delta)
    return (ticks + delta) % PERIOD


def seed_from_clock(limit):
    """A seed below `limit` from the finest clock the port has (a new deal each game)."""
    value = 0
    for name in ("time_ns", "monotonic_ns", "ticks_us"):
        fn = getattr(time, name, None)
        if fn is not None:
            try:
                value ^= fn()
            except Exception:
                pass
    try:
        value ^= int(time.time() * 1000)
    except Exception:
        pass
    return value % limit


def sleep_ms(ms):
    if ms > 0:
        time.sleep(ms / 1000)
