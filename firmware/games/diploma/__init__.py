# Diploma: draft dice, lay hex tiles, close the lines into magic circles.
# One folder: rules, bot, table, choices, results, final, console, help; this package
# is what the menus and tools read without loading the rules (firmware/core's registry).

TITLE = "Diploma"
MIN_PLAYERS = 1
MAX_PLAYERS = 4
