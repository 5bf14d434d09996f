# Diamonds (Mike Fitzgerald): tricks whose suits gain, secure or steal crystals.
# One folder: rules, bot, table, choices, results, final, console, help; this package
# is what the menus and tools read without loading the rules (firmware/core's registry).

TITLE = "Diamonds"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
