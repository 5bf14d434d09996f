# Quartz's rules in short: the handheld's rules help and the text console's ? both show HELP.
# It names no file: the handheld has none to read (the console adds RULES: console.py).
HELP = (
    "Quartz: The Dice Game in short:",
    " Crystals: Qz quartz 2, Rb rubellite 3, Em emerald 4, Sa sapphire 5, Ru ruby 7,",
    "  Am amber 9, Ob unstable -3. Six rounds; a turn each, the leader first.",
    " Your turn: mine 1 crystal (unstable: +1 reroll marker); roll 5 dice,",
    "  reroll any of them twice, plus once per marker you spend: pick dice,",
    "  then reroll.",
    " Dice: P pickaxe, H hammer, C chest, T transfer, S steal, * helmet (any face).",
    " Actions, each kind and die once: choose the action, its dice, confirm:",
    "  P x N: mine N.  H x N (2+): mine N, return half of them (rounded down).",
    "  C x N (2+): N-1 from cart to chest (safe).  T x N (2+): N-1 from your cart to",
    "  another cart.  S x N (2+): take N-1 from another cart.",
    " End the turn when you like.",
    " Round end: most amber (then ruby...) takes the leader marker; 2 unstable go",
    "  into the bag.",
    " Score: values + sets of a kind 3:+3, 4:+6, 5+:+10; fewest in chest -5.",
)
