# Pocket gem games: what a board with the games frozen in changes from the stock board.
#
# A deeper Python stack: the app's calls reach 22 frames deep while a hard bot plays a
# Diploma playout through the rules' phases (frame > think > search > apply > ... > the
# next round's draft), over CircuitPython's 1,536 bytes ("RuntimeError: pystack exhausted",
# found on the emulated Pico). 4 KiB, taken from the heap.
CFLAGS += -DCIRCUITPY_PYSTACK_SIZE=4096

# Python features firmware/ never uses, for the flash link play's modules need (issue 58, 8.3 KB
# on the PyBadge): complex numbers, OrderedDict, deque, and exFAT (CIRCUITPY is a 2 MB FAT
# drive). The app runs on the emulated Pico's build with the same cuts (test_cp_pico.py).
CFLAGS += -DMICROPY_PY_BUILTINS_COMPLEX=0 -DMICROPY_PY_COLLECTIONS_ORDEREDDICT=0
CFLAGS += -DMICROPY_PY_COLLECTIONS_DEQUE=0 -DMICROPY_FATFS_EXFAT=0

# The CircuitPython modules it leaves out, to make room for the games in the flash. The
# handheld app imports only displayio, terminalio, fourwire, busdisplay, busio, keypad,
# digitalio, analogio, audiocore, audioio/audiopwmio, storage, supervisor, json, binascii,
# traceback and the core (gc, sys, os, time, array); host_tests/test_cp_pico.py runs the app
# on a build with the same cuts. neopixel_write stays: the board's start-up code resets the
# NeoPixels. After a change here the build starts clean (tools/cpbuild.py).
CIRCUITPY_STAGE = 0
CIRCUITPY_ULAB = 0
CIRCUITPY_AUDIOMP3 = 0
CIRCUITPY_BLEIO_HCI = 0
CIRCUITPY_BLEIO = 0
CIRCUITPY_SYNTHIO = 0
CIRCUITPY_USB_MIDI = 0
CIRCUITPY_USB_HID = 0
CIRCUITPY_MSGPACK = 0
CIRCUITPY_RE = 0
CIRCUITPY_SDCARDIO = 0
CIRCUITPY_PS2IO = 0
CIRCUITPY_I2CTARGET = 0
CIRCUITPY_PULSEIO = 0
CIRCUITPY_FREQUENCYIO = 0
CIRCUITPY_EPAPERDISPLAY = 0
CIRCUITPY_BITMAPTOOLS = 0
CIRCUITPY_VECTORIO = 0
CIRCUITPY_ROTARYIO = 0
CIRCUITPY_COUNTIO = 0
CIRCUITPY_TOUCHIO = 0
CIRCUITPY_RAINBOWIO = 0
CIRCUITPY_ZLIB = 0
CIRCUITPY_ONEWIREIO = 0
CIRCUITPY_BITBANGIO = 0
CIRCUITPY_AUDIOMIXER = 0
CIRCUITPY_AUDIOBUSIO = 0
CIRCUITPY_PIXELBUF = 0
CIRCUITPY_RTC = 0
CIRCUITPY_GETPASS = 0
CIRCUITPY_WARNINGS = 0
CIRCUITPY_MAX3421E = 0
CIRCUITPY_USB_HOST = 0
CIRCUITPY_AESIO = 0
CIRCUITPY_FLOPPYIO = 0
CIRCUITPY_GIFIO = 0
CIRCUITPY_JPEGIO = 0
CIRCUITPY_QRIO = 0
CIRCUITPY_IMAGECAPTURE = 0
CIRCUITPY_FRAMEBUFFERIO = 0
CIRCUITPY_PARALLELDISPLAYBUS = 0
CIRCUITPY_I2CDISPLAYBUS = 0
CIRCUITPY_SPITARGET = 0
CIRCUITPY_NEOPIXEL_WRITE = 1
