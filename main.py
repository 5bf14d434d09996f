# Board entry point: firmware/start.py says what starts (the self-test, the app on the
# board's screen, or the text console). The Pico UF2 has this file frozen in; a /firmware/ on
# the board's filesystem (make flash) still replaces the frozen package, start.py included.
from firmware import start

start.run()
