# SIXGEMS's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them. Loaded for a human's decision only (a board's
# heap).
from firmware.games.sixgems import rules

# The choice that does nothing (not using the face, the wild gems kept waiting, no swap):
# the rules list it first, the table last (one UP from the first), so a new step starts on
# the likely thing to do. Not "no settlement" (issue 57): G-T3's other choices give a
# settlement card away, so it stays first and A pressed through a turn keeps the cards.
PASSIVE = (rules.NO_USE, rules.WAIT, rules.NO_SWAP)


def worth(view, colour):
    """What a gem of `colour` scores as the dice lie (G-P3): a blue die's face on its board,
    less the red die's."""
    for d in range(rules.DICE):
        if view["boards"][d] == colour:
            return -view["faces"][d] if d == rules.RED else view["faces"][d]
    return 0


def edge(view, boards, faces):
    """The dice's points (G-P3) for the viewer with these boards and faces, less the best
    other seat's: what a settlement now would put between them."""
    dice = [(boards[d], faces[d], d == rules.RED) for d in range(rules.DICE)]
    mine = 0
    best = None
    for s in range(view["players"]):
        real = view["real"][s]
        wild = view["wild"][s]
        points = rules.dice_points([real[c] + wild[c] for c in range(rules.BOARDS)], dice)
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
        boards[d] = action - rules.PLACE_DIE
        for later in range(d + 1, rules.DICE):
            boards[later] = rules.CENTRE
    elif action == rules.TURN:
        played = view["played"]
        for d in range(rules.DICE):
            if boards[d] == rules.colour(played):
                faces[d] = rules.face(played)
    elif action != rules.NO_USE:
        d = (action - rules.MOVE) // 7
        target = (action - rules.MOVE) % 7
        boards[d] = rules.CENTRE if target == 6 else target
    return boards, faces


def _by(legal, value):
    """`legal` the highest value first; among equals in the rules' order, the passive last
    (keys unique: a port's sort need not be stable)."""
    return sorted(legal, key=lambda a: (-value(a) * 2 + (a in PASSIVE)) * 1024 + a)


def choices(view, legal):
    """The choices of a decision, the one that does nothing last (PASSIVE; settling keeps
    the rules' order, no settlement first); the likely first:
    a die where it widens the viewer's lead most (edge), a gem card of the dearest colour
    (worth), the face's use that leaves the best lead, a wild gem's dearest colour."""
    if len(legal) > 1 and legal[0] in PASSIVE:
        legal = legal[1:] + legal[:1]
    phase = view["phase"]
    if phase == "dice" or phase == "use":
        return _by(legal, lambda a: edge(view, *after(view, a)))
    if phase == "play":
        return _by(legal, lambda a: worth(view, rules.colour(a - rules.PLAY)))
    if phase == "wild":
        return sorted(legal, key=lambda a: 999 if a == rules.WAIT
                      else -worth(view, a - rules.WILD) * 16 + a)
    return legal
