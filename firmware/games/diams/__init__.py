# Diam's: collect diamonds from the market, store sets of 3+ in your vault.
# One folder: rules, bot, table, choices, results, final, console, help; this package
# is what the menus and tools read without loading the rules (firmware/core's registry).

TITLE = "Diam's"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
QUICK = {"length": "quick"}  # the options of its shortest game (selftest's quick mode)
