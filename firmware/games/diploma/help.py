# Diploma's rules in short: the handheld's rules help and the text console's ? both show HELP.
# It names no file: the handheld has none to read (the console adds RULES: console.py).
from firmware.games.diploma import rules
from firmware.ui.canvas import wrap

HELP = (
    "Diploma in short.",
    " THIS GAME IS A RECONSTRUCTION: the rulebook is not available. Only the rules",
    " marked [seed] come from the publisher (an errata post); the numbers, tiles and",
    " card texts are [invented] by this project and may differ from the real game.",
    " [seed] Stones are double-sided (Red/Blue, Yellow/Green) and limited; your own",
    "  colour's production die gives 2 stones; 2 tiles each placement phase; hand",
    "  limit 4; sell one item a phase; a declared circle gives +10 with a matching",
    "  circle card; its tiles are removed (mana spots stay); 4 stone colours: +5.",
    " Round: draft 2 dice each (snake order); the die left is the judgement value.",
    "  Magic cards (1 mana a use) before the roll, after it, after the draft.",
    "  Produce: a die over the judgement gives 1 stone of its colour (2 if yours)",
    "  and the difference in gold; else the penalty: 1 mana, else 2 gold, else 1 pt.",
    "  The other die is your movement.",
    " Placement: you get 2 tiles (buy more: 2 gold). Step the pawn onto tiles",
    "  (a move each); lay a tile on an empty hex next to the pawn: every edge",
    "  towards a tile must meet line with line, blank with blank. A mana spot",
    "  gives 1 mana. Declare a closed loop of lines: the tiles go to your stacks",
    "  (3 of a colour: a stone; 3 grey: a mana), then convert: 4 colours of stones",
    "  +5, 1 mana: flip a stone or 1 point. At the end keep 4 tiles; the others",
    "  may steal the ones you discard (and must place them next time).",
    " End: when the revealed circle cards reach the number of players, or the",
    "  tiles run out; titles score; most points wins. Solo: 40 points.",
    " Phases: scan: magic before the roll; rolled: Oblivion, Rabbit Start; draft:",
    "  take a die; magic: change dice; assign: the production die; place: lay,",
    "  step, declare, buy, tools; spot: where the tile goes (and how turned): on",
    "  the handheld up/down take it to the next hex, left/right turn it, A lays it;",
    "  convert: stones and mana to points; discard: down to your limit; steal:",
    "  take a discarded tile or not; final: last conversions.",
    " The table: hexes in rows; a tile in its colour (grey ones grey) shows its",
    "  line: - west/east ends, \\ / diagonal ends, \\_/ a tight curve, ) ( wide.",
    "  * a mana spot, @ your pawn, + where the tile can go, gold: a loop to declare.",
)
HELP = HELP + tuple(wrap("  Magic-circle cards (loops that score): " + ", ".join(rules.CIRCLE_TEXT)
                         + ".", 78))
