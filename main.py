# Board entry point. No display app yet: the text console (over the serial REPL on a board,
# or `micropython main.py` on a computer), one human against bots by default; it asks for
# the players, the seats, the options and the seed, Enter taking the default each time.
from firmware.ui.console import play

play("diams")
