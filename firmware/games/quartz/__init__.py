# Quartz: The Dice Game: mine crystals with dice, chest what you want to keep.
# One folder: rules, bot, table, choices, results, final, console, help; this package
# is what the menus and tools read without loading the rules (firmware/core's registry).

TITLE = "Quartz: The Dice Game"
MIN_PLAYERS = 3
MAX_PLAYERS = 6
