# SIXGEMS's choices on the handheld table (screens.TableScreen.refresh): the rules'
# actions in the order a player likely takes them. Loaded for a human's decision only (a
# board's heap).
from firmware.core import sixgems as G

# The choice that does nothing (not using the face, no settlement, the wild gems kept
# waiting, no swap): the rules list it first, the table last (one UP from the first), so a
# new step starts on the likely thing to do.
PASSIVE = (G.NO_USE, G.PASS, G.WAIT, G.NO_SWAP)


def worth(view, colour):
    """What a gem of `colour` scores as the dice lie (G-P3): a blue die's face on its board,
    less the red die's."""
    for d in range(G.DICE):
        if view["boards"][d] == colour:
            return -view["faces"][d] if d == G.RED else view["faces"][d]
    return 0


def choices(view, legal):
    """The choices of a decision, the one that does nothing last (PASSIVE); a wild gem's
    colours the dearest first (worth)."""
    if len(legal) > 1 and legal[0] in PASSIVE:
        legal = legal[1:] + legal[:1]
    if view["phase"] == "wild":
        legal = sorted(legal, key=lambda a: 999 if a == G.WAIT  # (keys unique: a port's
                       else -worth(view, a - G.WILD) * 16 + a)  # sort need not be stable)
    return legal
