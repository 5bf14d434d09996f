# Board profiles: one small module per board, each with open() -> a Board object that has
#   name, width, height   the screen in pixels
#   display               a displayio display (the app sets display.root_group once)
#   buttons()             the buttons held now as one bitmask (firmware/buttons.py), read
#                         once per frame; joysticks folded into the d-pad, chords folded on
#                         boards with four buttons
#   beep(hz, ms)          a short tone, or nothing on a board without a speaker
#   lines                 a sentence per button for the help screen (what does what)
# host.py is the simulator's board (tools/sim.py); the others run on CircuitPython, and the
# Pico Display packs also on MicroPython (picodisplay_mp.py: framebuf, hw/st7789.py).
PROFILES = ("pybadge", "pygamer", "picodisplay")
MP_PROFILES = ("picodisplay", "picodisplay2")
SIZES = {"pybadge": (160, 128), "pygamer": (160, 128), "picodisplay": (240, 135),
         "picodisplay2": (320, 240)}
# On MicroPython a Pico cannot tell which pack is on: a file of this name at the root of its
# flash says the Pack 2.0 (320 x 240); without it, the Pack (240 x 135).
PACK2_FLAG = "picodisplay2"
# The module of a profile's buttons (its LINES, for the help screen), when not its own name.
BUTTONS_OF = {"picodisplay2": "picodisplay"}


def profile_for(board_id):
    """CircuitPython's board.board_id -> the profile's name, or None for an unknown board.
    A Pico has no way to tell whether the Display Pack is on: the profile assumes it."""
    if board_id in ("pybadge", "pygamer"):
        return board_id
    if board_id.startswith("raspberry_pi_pico") or board_id.startswith("pimoroni_pico"):
        return "picodisplay"
    return None


def on_micropython():
    import sys

    return sys.implementation.name == "micropython"


def micropython_profile(machine, pack2):
    """MicroPython's os.uname().machine ("Raspberry Pi Pico with RP2040", "Raspberry Pi Pico W
    with RP2040", "Raspberry Pi Pico2 with RP2350", ...) -> the profile's name, or None."""
    if not machine.startswith("Raspberry Pi Pico"):
        return None
    return "picodisplay2" if pack2 else "picodisplay"


def detect():
    """The profile name of the board running this, or None (a board without a profile, the
    unix ports, CPython)."""
    try:
        import board  # pyright: ignore[reportMissingImports]
    except ImportError:
        board = None
    if board is not None:  # CircuitPython
        return profile_for(getattr(board, "board_id", ""))
    if not on_micropython():
        return None
    import os

    try:
        os.stat(PACK2_FLAG)
        pack2 = True
    except OSError:
        pack2 = False
    return micropython_profile(os.uname().machine, pack2)


def open_board(name):
    """Open the board of profile `name`: firmware/hw/<name>.py on CircuitPython,
    firmware/hw/picodisplay_mp.py on MicroPython."""
    micropython = on_micropython()
    known = MP_PROFILES if micropython else PROFILES
    if name not in known:  # host.py is the simulator's, made by tools/sim.py
        raise ValueError("unknown board %r; boards: %s" % (name, ", ".join(known)))
    if micropython:
        from firmware.hw import picodisplay_mp

        return picodisplay_mp.open(name)
    module = __import__("firmware.hw." + name, None, None, ("open",))
    return module.open()
