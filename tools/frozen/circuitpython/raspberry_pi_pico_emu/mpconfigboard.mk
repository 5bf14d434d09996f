USB_VID = 0x239A
USB_PID = 0x80F4
USB_PRODUCT = "Pico"
USB_MANUFACTURER = "Raspberry Pi"

CHIP_VARIANT = RP2040
CHIP_FAMILY = rp2

EXTERNAL_FLASH_DEVICES = "W25Q16JVxQ"

# Pocket gem games, for the tests on the emulated Pico: the stock raspberry_pi_pico (above)
# with its console also on UART0 (mpconfigboard.h), the games frozen in and the same modules
# left out as on the PyBadge and PyGamer (games.mk), so that the app is tested without them;
# and the Pico's own extras no game uses. bitbangio stays: the RP2040's busio.I2C uses it.
include boards/$(BOARD)/games.mk
CIRCUITPY_BITBANGIO = 1
CIRCUITPY__EVE = 0
CIRCUITPY_PICODVI = 0
CIRCUITPY_RGBMATRIX = 0
CIRCUITPY_USB_HOST = 0
