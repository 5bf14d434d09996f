# Diamonds rules in short: the handheld's rules help and the text console's ? both show HELP.
# It names no file: the handheld has none to read (the console adds RULES: console.py).
HELP = (
    "Diamonds in short:",
    " Cards 1-15 in four suits: D diamonds, H hearts, S spades, C clubs (8D: 8 of D).",
    " Each suit is an action on crystals:",
    "  D: +1 crystal from the supply to your vault     H: +1 to your showroom",
    "  S: move 1 from your showroom to your vault",
    "  C: steal 1 from the showroom of the thief-token holder; the token moves left.",
    " A round: the dealer picks 1-3; everyone picks that many cards to pass",
    "  (left; 2 players: the opponent; teams: the partner), all pass at once.",
    "  Tricks: follow the led suit if you can, no trumps. Can't follow: play any",
    "  card and take its suit's action at once. Highest card of the led suit wins",
    "  the trick and takes the led suit's action.",
    " Round end: most won cards of a suit (D, H, S, C in order; ties: nobody)",
    "  takes that action; a player who won no trick takes the diamond action twice.",
    " Score: showroom 1 point, vault 2 points; tie: most vault crystals.",
    " Options: perfect (every card dealt), show score (vaults public), teams (4/6).",
)
