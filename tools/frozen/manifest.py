# The Pico firmware's frozen modules (tools/uf2.py, `make uf2`): the rp2 port's own, the games
# (firmware/, every module: bytecode run from flash, nothing of it in the heap) and the board's
# entry point main.py, which the firmware runs at boot. Modules on the board's filesystem
# come first on sys.path (`make flash`), so a /firmware/ there replaces this package whole.
# Paths are relative to this file (MicroPython's manifest rules).
include("$(PORT_DIR)/boards/manifest.py")
package("firmware", base_path="../..")
module("main.py", base_path="../..")
