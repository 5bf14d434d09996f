# Board start-up (CircuitPython runs it before main.py): who may write the flash, decided by
# firmware/bootmode.py (on MicroPython and CPython nothing). A stub, because a firmware with
# the games frozen in writes this file onto the board's drive once: it must not need to change
# when the logic does.
from firmware import bootmode

bootmode.choose_mode()
