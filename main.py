# Board entry point. `--selftest` (`micropython main.py --selftest`) or a file named
# `selftest` beside this one: one full game of every game, bots on every seat, and a report
# (firmware/selftest.py). Otherwise the handheld app (firmware/app.py: its main() returns
# False on a board without a display), else the text console over the USB serial REPL: one
# human against bots; it asks for the players, seats, options and seed (Enter: default), and
# the game is saved after every move in /saves (firmware/save.py).
from firmware import selftest
from firmware.core import find_module

if selftest.requested():
    selftest.run()
else:
    app = find_module("firmware.app")
    if app is None or not app.main():
        from firmware.save import SaveSlot
        from firmware.ui.console import play

        play("diams", slot=SaveSlot())  # saved after every move; offers to resume
