# Pebbles' rules in short: the handheld's rules help and the text console's ? both show HELP.

HELP = (
    "Pebbles in short (rule ids B-xx):",
    " A pile of 12 stones (B-S1). Each round deals each player a hidden card",
    "  from 1 1 2 2 3 3; the other two are set aside unseen (B-S2).",
    " Your turn: take 1, 2 or 3 stones (B-T1), but never your card's number,",
    "  unless no other take is left (B-T2).",
    " Whoever takes the last stone wins the round (B-E1); its loser begins",
    "  the next (B-S3; the first round's first player by lot).",
    " After 5 rounds (or 3, or 1: B-O1) the most rounds won wins (B-E2).",
)
