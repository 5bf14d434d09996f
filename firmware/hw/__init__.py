# Board profiles: one small module per board, each with open() -> a Board object that has
#   name, width, height   the screen in pixels
#   display               a displayio display (the app sets display.root_group once)
#   buttons()             the buttons held now as one bitmask (firmware/hw/buttons.py), read
#                         once per frame; joysticks folded into the d-pad, chords folded on
#                         boards with four buttons
#   beep(hz, ms)          a short tone, or nothing on a board without a speaker
#   lines                 a sentence per button for the help screen (what does what)
# host.py is the simulator's board (tools/sim.py); the others run on CircuitPython.
PROFILES = ("pybadge", "pygamer", "picodisplay")
SIZES = {"pybadge": (160, 128), "pygamer": (160, 128), "picodisplay": (240, 135)}
# The button held at power-on that leaves CircuitPython's USB drive writable to the computer
# (boot.py): each profile's DRIVE_BUTTON, and tools/flash.py's error messages, read it here.
DRIVE_BUTTONS = {"pybadge": "SELECT", "pygamer": "SELECT", "picodisplay": "B"}


def profile_for(board_id):
    """CircuitPython's board.board_id -> the profile's name, or None for an unknown board.
    A Pico has no way to tell whether the Display Pack is on: the profile assumes it."""
    if board_id in ("pybadge", "pygamer"):
        return board_id
    if board_id.startswith("raspberry_pi_pico") or board_id.startswith("pimoroni_pico"):
        return "picodisplay"
    return None


def detect():
    """The profile name of the board running this, or None (no CircuitPython board module,
    or a board without a profile)."""
    try:
        import board  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    return profile_for(getattr(board, "board_id", ""))


def open_board(name):
    """Import firmware/hw/<name>.py and open its board."""
    if name not in PROFILES:  # host.py is the simulator's, made by tools/sim.py
        raise ValueError("unknown board %r; boards: %s" % (name, ", ".join(PROFILES)))
    module = __import__("firmware.hw." + name, None, None, ("open",))
    return module.open()
