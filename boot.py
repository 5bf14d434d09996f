# Board start-up: who may write the flash. Only CircuitPython has a choice to make; on
# MicroPython and CPython this file does nothing.
#
# By default the code may write the flash (saves after every action) and the computer sees
# the USB drive read-only. Holding SELECT (PyBadge, PyGamer) or B (Pimoroni Pico Display
# Pack, on GP13) while the board powers on leaves CircuitPython's own mode: the USB drive
# writable to the computer (copy files, edit code) and no saving. The app reads which mode is
# on with firmware.save.code_can_write() (storage.getmount("/").readonly).
# Everything is wrapped: whatever fails here, the board still starts (a failure to read the
# button counts as "not held"; a failed remount leaves the drive to the computer).
import sys


def drive_button_held():
    """SELECT on the shift-register boards, B (GP13, to ground) on a Pico."""
    import time

    import board  # pyright: ignore[reportMissingImports]

    clock = getattr(board, "BUTTON_CLOCK", None)  # PyBadge, PyGamer: a 74HC165
    data = getattr(board, "BUTTON_OUT", None)
    latch = getattr(board, "BUTTON_LATCH", None)
    if clock is not None and data is not None and latch is not None:
        import keypad  # pyright: ignore[reportMissingImports]

        keys = keypad.ShiftRegisterKeys(
            clock=clock,
            data=data,
            latch=latch,
            key_count=8,
            value_when_pressed=True,
        )
        try:
            time.sleep(0.1)  # a few scans: a key already down reports a press
            held = False
            while True:
                event = keys.events.get()
                if event is None:
                    return held
                if event.key_number == 3:  # B=0 A=1 START=2 SELECT=3 (adafruit_pybadger)
                    held = event.pressed
        finally:
            keys.deinit()
    b_pin = getattr(board, "GP13", None)  # Pico Display Pack: A=GP12 B=GP13 X=GP14 Y=GP15
    if b_pin is not None:
        import digitalio  # pyright: ignore[reportMissingImports]

        pin = digitalio.DigitalInOut(b_pin)
        try:
            pin.switch_to_input(pull=digitalio.Pull.UP)
            for _ in range(5):  # down for the whole 40 ms: not a glitch
                if pin.value:
                    return False
                time.sleep(0.01)
            return True
        finally:
            pin.deinit()
    return False


def choose_mode():
    if sys.implementation.name != "circuitpython":
        return
    try:
        held = drive_button_held()
    except Exception:
        held = False
    if held:
        print("boot.py: USB drive writable by the computer; the game does not save")
        return
    try:
        import storage  # pyright: ignore[reportMissingImports]

        storage.remount("/", readonly=False)
        print("boot.py: flash writable by the game (saves on); hold SELECT/B at power-on "
              "for the USB drive")
    except Exception as exc:
        print("boot.py: remount failed (%r); USB drive left to the computer" % (exc,))


choose_mode()
