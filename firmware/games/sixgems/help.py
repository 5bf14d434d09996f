# SIXGEMS' rules in short: the handheld's rules help and the text console's ? both show HELP.
# It names no file: the handheld has none to read (the console adds RULES: console.py).
from firmware.games.sixgems import rules

HELP = (
    "SIXGEMS in short:",
    " FROM THE SOURCE: the settlement and the 12 settlement cards [source].",
    " RECONSTRUCTED by this project [invented]: card counts, setup, the turn,",
    " the end, 2-4 players. The real game's turn may differ.",
    " Ring of six gem boards: Ruby Topaz Emerald Sapphire Amethyst Diamond (Diamond",
    " touches Ruby). Blue dice A and B, a red die: on boards or in the centre.",
    " Start [invented]: against the first player's edge, by turn position (2p:",
    "  the 1st 10 points, the 2nd a gem on display and rolls the opening dice; 3p:",
    "  the 2nd 8 points, the 3rd a gem and the opening dice; 4p: the 1st rolls,",
    "  the 2nd 6 points, the 3rd a gem, the 4th a gem and 6 points).",
    " Your turn [invented]: play a gem card to your area; you may use its",
    "  face f: move a die showing f to an empty board or the centre, or turn the",
    "  die on the card's colour board to f; then settle with a settlement",
    "  card whose condition holds, or exchange one, or neither; draw to 3",
    "  gem cards.",
    " Settlement [source]: every die must be on a board. Bonus first,",
    "  then every player: + face x own gems under each blue die, - face x own gems",
    "  under the red die; totals never go below 0. The card becomes the",
    "  settler's wild gem: at a later settlement, place it on a colour you hold:",
    "  one more gem there. The settler rerolls and places the dice, then",
    "  draws a settlement card.",
    " End [invented]: after the 8th (or 6th/10th) settlement, or when every gem",
    "  card is played (a last settlement, no bonus). Most points, then most gems.",
    " Cards (X = the card's colour; you = the settler, all = every player):",
)

# One line per settlement card: condition -> range: bonus (G-K1 .. G-K12); the console's table
# shows them too.
CARDS = (
    "no die shows 5/6 -> you: swap a gem with another player",
    "all 6 colours among all gems -> you: X gems x highest die",
    "every die odd -> all: colours held 1/3/6/10/15/21",
    "you hold 3+ of a colour -> you: X gems x colours held",
    "no two dice adjacent -> you: 5, +10 if lowest total",
    "dice on 3 consecutive boards -> all: 2 per gem under blue",
    "dice add up to 15+ -> all: rank by X gems 7/5/2/2",
    "someone has 20+ points -> all: X gems x red die",
    "faces consecutive (6-1 too) -> all: X gems 1/3/5/7/10",
    "every die even -> all: leave out your most-held colour",
    "no die shows 1/2 -> you: 3 per X gem",
    "you hold 4+ colours -> you: 2 per gem under the red die",
)

HELP = HELP + tuple(["  %-16s %s" % (rules.settle_text(k), CARDS[k]) for k in range(12)])
