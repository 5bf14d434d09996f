# SIXGEMS's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them. Loaded for a human's decision only (a board's
# heap).
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


def edge(view, boards, faces):
    """The dice's points (G-P3) for the viewer with these boards and faces, less the best
    other seat's: what a settlement now would put between them."""
    dice = [(boards[d], faces[d], d == G.RED) for d in range(G.DICE)]
    mine = 0
    best = None
    for s in range(view["players"]):
        real = view["real"][s]
        wild = view["wild"][s]
        points = G.dice_points([real[c] + wild[c] for c in range(G.BOARDS)], dice)
        if s == view["seat"]:
            mine = points
        elif best is None or points > best:
            best = points
    return mine - (best or 0)


def after(view, action):
    """(boards, faces) once `action` (placing a die, using the played card's face) is done;
    the dice not yet placed in the centre."""
    boards = list(view["boards"])
    faces = list(view["faces"])
    if view["phase"] == "dice":
        d = view["die_index"]
        boards[d] = action - G.PLACE_DIE
        for later in range(d + 1, G.DICE):
            boards[later] = G.CENTRE
    elif action == G.TURN:
        played = view["played"]
        for d in range(G.DICE):
            if boards[d] == G.colour(played):
                faces[d] = G.face(played)
    elif action != G.NO_USE:
        d = (action - G.MOVE) // 7
        target = (action - G.MOVE) % 7
        boards[d] = G.CENTRE if target == 6 else target
    return boards, faces


def _by(legal, value):
    """`legal` the highest value first; among equals in the rules' order, the passive last
    (keys unique: a port's sort need not be stable)."""
    return sorted(legal, key=lambda a: (-value(a) * 2 + (a in PASSIVE)) * 1024 + a)


def choices(view, legal):
    """The choices of a decision, the one that does nothing last (PASSIVE); the likely first:
    a die where it widens the viewer's lead most (edge), a gem card of the dearest colour
    (worth), the face's use that leaves the best lead, a wild gem's dearest colour."""
    if len(legal) > 1 and legal[0] in PASSIVE:
        legal = legal[1:] + legal[:1]
    phase = view["phase"]
    if phase == "dice" or phase == "use":
        return _by(legal, lambda a: edge(view, *after(view, a)))
    if phase == "play":
        return _by(legal, lambda a: worth(view, G.colour(a - G.PLAY)))
    if phase == "wild":
        return sorted(legal, key=lambda a: 999 if a == G.WAIT
                      else -worth(view, a - G.WILD) * 16 + a)
    return legal
