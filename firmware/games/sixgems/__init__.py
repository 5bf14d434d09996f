# SIXGEMS: gem cards, dice on a ring of six gem boards, settlement cards.
# One folder: rules, bot, table, choices, results, final, console, help; this package
# is what the menus and tools read without loading the rules (firmware/core's registry).

TITLE = "SIXGEMS"
MIN_PLAYERS = 2  # [invented]
MAX_PLAYERS = 4
QUICK = {"length": "6"}  # the options of its shortest game (selftest's quick mode)
