# What a board does at power-on (main.py calls run(); the Pico UF2 freezes both). `--selftest`
# (`micropython main.py --selftest`) or a file named `selftest` at the root: one full game of
# every game, bots on every seat, and a report (firmware/selftest.py). Otherwise the handheld
# app (firmware/app.py: its main() returns False on a board without a display, or when a key
# typed on a Pico's USB serial asks for the console), else the text console over the USB
# serial REPL: one human against bots; it asks for the players, seats, options and seed
# (Enter: default), and the game is saved after every move in /saves (firmware/save.py). A
# fault that stops the app from starting is reported in /crash.txt (firmware/crash.py), and
# the console runs. A file named `console` at the root: the console, even with a screen. A
# firmware built without the console (firmware/ui/console*.py) says so in one line instead.
from firmware import selftest
from firmware.core import find_module

NO_CONSOLE = ("The text console is not in this firmware: the games play on the screen "
              "(make flash puts the console on the board's drive).")


def start_app():
    """The app on the board's screen; False when there is no screen, when the console was
    asked for, or when the app could not start: the fault is reported and told, and the
    console runs instead of a traceback."""
    try:
        app = find_module("firmware.app")
        return app is not None and app.main()
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        from firmware import crash

        crash.report(exc)
        print("%s: the app could not start (%r); the console runs instead." % (
            crash.headline(exc), exc))
        return False


def console_requested():
    try:
        import os

        os.stat("console")
        return True
    except (OSError, ImportError):
        return False


def run():
    if selftest.requested():
        selftest.run()
    elif console_requested() or not start_app():
        try:
            from firmware.ui.console import play
        except ImportError as exc:  # a firmware built without it, to save flash (PyBadge)
            if "firmware.ui.console" not in str(exc):
                raise  # the console is there, and something it imports is not: a fault
            print(NO_CONSOLE)
            return
        from firmware.save import SaveSlot

        play("diams", slot=SaveSlot())  # saved after every move; offers to resume
