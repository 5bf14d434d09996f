# Diam's rules in short: the handheld's rules help and the text console's ? both show HELP.
# It names no file: the handheld has none to read (the console adds RULES: console.py).
HELP = (
    "Diam's in short:",
    " Collect diamonds (qualities 1-10, five of each, one of them special purity *).",
    " A turn: draw 1 card to your hand or 2 to the market, then one of:",
    "  market: put a hand diamond in the market, then take all market diamonds of its",
    "    quality, or other market diamonds adding up exactly to it, or nothing;",
    "  vault: store 3+ of a quality, plus qualities already in your vault;",
    "  a special card: Compulsory Sale (sell a quality: an opponent holding it must",
    "    sell too and you take them all), or its own power: A Convoy (store qualities",
    "    already in your vault), B Safecracker (take a named diamond from an opponent's",
    "    vault), C Sleight of Hand (take one market diamond).",
    " Hand limit 5 at the end of your turn. When the closing card comes out,",
    " everyone plays one more turn and the round is scored.",
    " Points: vault collections of 3/4/5 (7s are best, 8-10 worth little), +5 for the",
    " most special-purity diamonds in a vault (2 each if tied), +3 for the highest sum",
    " of qualities in hand. Standard: 3 rounds, chips 4/3/2/1/0 by rank;",
    " quick: 1 round by points.",
)
