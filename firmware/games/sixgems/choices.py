# SIXGEMS's choices on the handheld table (screens.TableScreen.refresh): the rules' actions
# in the order a player likely takes them, and shortcuts ((words, actions, aim): several
# actions as one pick): the three dice placed, the likely whole settlement, the likely swap.
# Loaded for a human's decision only (a board's heap).
from firmware.games.sixgems import rules
from firmware.games.sixgems.bot import Bot  # (on the heap already while bots play)

# The choice that does nothing (not using the face, the wild gems kept waiting): the rules
# list it first, the table last (one UP from the first), so a new step starts on the likely
# thing to do. Not "no settlement" nor "no swap" (issue 57): G-T3's other choices give a
# settlement card away, G-K1's a gem, so they stay first and A pressed through a turn keeps
# the cards and the gems (the likely swap is one DOWN: swap).
PASSIVE = (rules.NO_USE, rules.WAIT)


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


def dice(view):
    """'dice: A Sa, B Di, red Ru': the three dice placed as one pick (G-S2, G-P5), each where
    it widens the viewer's lead most with the later ones in the centre (edge), as a normal
    bot places them: (words, actions, aim)."""
    boards = list(view["boards"])
    actions = []
    for d in range(rules.DICE):
        best = -1
        top = 0
        for b in range(rules.BOARDS):
            if b not in boards[:d]:
                boards[d] = b
                value = edge(view, boards[:d + 1] + [rules.CENTRE] * (rules.DICE - d - 1),
                             view["faces"])
                if best < 0 or value > top:  # (the first of equals, as the bot)
                    best = b
                    top = value
        boards[d] = best
        actions.append(rules.PLACE_DIE + best)
    return ("dice: A %s, B %s, red %s" % tuple([rules.SHORT[b] for b in boards]), actions,
            actions[0])


def settlement(view):
    """'settle 11 Amethyst: play Sapphire 6, blue B to Am': the rest of the turn as one
    pick, when a normal bot would end it in a settlement (G-T1..G-T3): its decisions on the
    views the turn's steps would show (the card played, the dice its face moved), each
    step's choices as the rules give them; or None."""
    seat = view["seat"]
    if not view["settle_hand"]:
        return None  # (the turn ends without G-T3)
    bot = Bot(seat)
    step = dict(view)  # (the next step's view: only what the turn changes is new)
    actions = []
    played = view["played"]
    if view["phase"] == "play":
        played = bot.choose(view) - rules.PLAY
        actions.append(rules.PLAY + played)
        real = [list(gems) for gems in view["real"]]
        real[seat][rules.colour(played)] += 1
        step["real"] = real
        step["played"] = played
        step["phase"] = "use"
        step["legal"] = rules.uses(view["boards"], view["faces"], played)
    if len(step["legal"]) > 1:  # (one: the face has no use, the rules go on to G-T3)
        actions.append(bot.choose(step))
        step["boards"], step["faces"] = after(step, actions[-1])
    wild = view["wild"]
    gems = [[step["real"][s][c] + wild[s][c] for c in range(rules.BOARDS)]
            for s in range(view["players"])]
    step["phase"] = "settle"
    step["legal"] = rules.settle_actions(view["settle_hand"], step["boards"], step["faces"],
                                         gems, view["totals"], seat, view["settle_deck"])
    k = bot.choose(step) - rules.SETTLE
    if not 0 <= k < rules.SETTLE_CARDS:
        return None
    words = []
    for action in actions:
        if action >= rules.PLAY:
            words.append("play " + rules.gem_text(played))
        elif action == rules.TURN:
            words.append("%s to %d" % (rules.die_text(view["boards"].index(
                rules.colour(played))), rules.face(played)))
        elif action >= rules.MOVE:  # (never the centre: G-P1)
            die, target = divmod(action - rules.MOVE, 7)
            words.append("%s to %s" % (rules.die_text(die), rules.SHORT[target]))
    actions.append(rules.SETTLE + k)
    return ("settle %d %s: %s" % (k + 1, rules.COLOURS[rules.SETTLE_COLOURS[k]],
                                   ", ".join(words)), actions, actions[0])


def swap(view):
    """'swap Ruby for P2's Amethyst': G-K1's swap as a normal bot makes it (the gem to give,
    then the gem to take, each step's choices as the rules give them) as one pick; None
    when the bot would decline it at either step."""
    bot = Bot(view["seat"])
    give = bot.choose(view)
    if give == rules.NO_SWAP:
        return None
    c = give - rules.GIVE
    legal = [rules.NO_SWAP]
    for s in range(view["players"]):
        for x in range(rules.BOARDS):
            if s != view["seat"] and view["real"][s][x] > 0 and x != c:
                legal.append(rules.TAKE + s * rules.BOARDS + x)
    step = dict(view)  # (the take step's view: the gem given chosen)
    step["phase"] = "take"
    step["give"] = c
    step["legal"] = legal
    take = bot.choose(step)
    if take == rules.NO_SWAP:
        return None
    other, x = divmod(take - rules.TAKE, rules.BOARDS)
    return ("swap %s for P%d's %s" % (rules.COLOURS[c], other + 1, rules.COLOURS[x]),
            [give, take], give)


def choices(view, legal):
    """The choices of a decision, the one that does nothing last (PASSIVE; settling keeps
    the rules' order, no settlement first); the likely first:
    a die where it widens the viewer's lead most (edge), the three at once first (dice), a
    gem card of the dearest colour (worth), the face's use that leaves the best lead, a
    wild gem's dearest colour; the likely whole settlement one DOWN from the first card or
    use (settlement: A pressed through a turn settles nothing, G-T3); no swap first, the
    likely swap one DOWN (swap: A pressed through never swaps, G-K1)."""
    phase = view["phase"]
    if phase == "dice":
        ordered = _by(legal, lambda a: edge(view, *after(view, a)))
        return [dice(view)] + ordered if view["die_index"] == 0 else ordered
    if phase == "use" or phase == "play":
        if phase == "use":
            ordered = _by(legal, lambda a: edge(view, *after(view, a)))
        else:
            ordered = _by(legal, lambda a: worth(view, rules.colour(a - rules.PLAY)))
        whole = settlement(view)
        return ordered[:1] + [whole] + ordered[1:] if whole is not None else ordered
    if phase == "give":
        whole = swap(view)
        return legal[:1] + [whole] + legal[1:] if whole is not None else legal
    if phase == "wild":
        return sorted(legal, key=lambda a: 999 if a == rules.WAIT
                      else -worth(view, a - rules.WILD) * 16 + a)
    return legal
