"""The one place that turns host MicroPython time into an estimated board time.

BOARD_FACTOR: board time ≈ host MicroPython time × BOARD_FACTOR for a ~125 MHz Cortex-M
(an RP2040-class board). Assumed, not measured: replace it here (and only here) once a real
board has been timed against the unix port on this machine.
"""

BOARD_FACTOR = 60


def board_seconds(host_micropython_seconds):
    """Estimated seconds on a ~125 MHz Cortex-M for work taking this long on host MicroPython."""
    return host_micropython_seconds * BOARD_FACTOR


def describe():
    return f"host MicroPython time x {BOARD_FACTOR} (~125 MHz Cortex-M; assumed, not measured)"
