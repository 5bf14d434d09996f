# Who may write the flash, decided at power-on (boot.py calls choose_mode(); CircuitPython runs
# boot.py before main.py). Only CircuitPython has a choice to make; on MicroPython and CPython
# choose_mode() does nothing.
#
# By default the code may write the flash (saves after every action) and the computer sees
# the USB drive read-only. Holding the board's drive button (its profile's DRIVE_BUTTON:
# SELECT on PyBadge and PyGamer, B on the Pimoroni Pico Display Pack) while the board powers
# on leaves CircuitPython's own mode: the USB drive writable to the computer (copy files,
# edit code) and no saving. The app reads which mode is on with firmware.save.code_can_write()
# (storage.getmount("/").readonly).
# Everything is wrapped: whatever fails here, the board still starts (a failure to read the
# button counts as "not held"; a failed remount leaves the drive to the computer). A board
# without a profile (firmware.hw.detect() is None) has no drive button: the game gets the
# flash.
import sys


def drive_button():
    """(the button's name, whether it is held now) from the board's profile."""
    from firmware.hw import detect
    from firmware.hw.kit import DRIVE_BUTTONS

    name = detect()
    if name is None:
        return None, False
    profile = __import__("firmware.hw." + name, None, None, ("drive_button_held",))
    return DRIVE_BUTTONS[name], profile.drive_button_held()


def choose_mode():
    if sys.implementation.name != "circuitpython":
        return
    button = None
    try:
        button, held = drive_button()
    except Exception as exc:
        print("boot.py: could not read the drive button (%r)" % (exc,))
        held = False
    if held:
        print("boot.py: USB drive writable by the computer; the game does not save")
        return
    try:
        import storage  # pyright: ignore[reportMissingImports]

        storage.remount("/", readonly=False)
        if button:
            print("boot.py: flash writable by the game (saves on); hold %s at power-on "
                  "for the USB drive" % button)
        else:
            print("boot.py: flash writable by the game (saves on)")
    except Exception as exc:
        print("boot.py: remount failed (%r); USB drive left to the computer" % (exc,))
