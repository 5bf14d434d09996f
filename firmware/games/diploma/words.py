# Diploma's choices in words (the contract's action_text, which the rules' State.action_text
# hands over to): short, for a list at 26 columns ("place R tight h1 r2"; the table draws the
# tile's picture for the rotation). A module of its own: a game of bots only never loads it
# (its log speaks rules' move_text), so a board's heap holds it only once a human decides.
# The rules hand over their own module (`rules`) with the state: they import this one when
# asked, so this one does not import them (no circle).


def die_text(state, d, rules):
    return "#%d %s%d" % (d + 1, rules.LETTERS[state.dice_col[d]], state.dice_val[d])


WORDS = ("no magic", "end placement", "done converting", "steal nothing",
         "4 stones: +%d points", "1 mana: 1 point", "buy a tile",
         "tool: extra tile", "tool: +2 movement", "tool: +1 mana", "tool: +3 gold",
         "tool: peek 5 tiles", "Oblivion: reroll all", "Counter the last magic")


def action_text(state, action, rules):
    """Short words for `action` now (every legal action has its own)."""
    kind_text = rules.kind_text
    if action >= rules.PLACE:
        a = action - rules.PLACE
        if state.chosen == rules.MANA_KIND:
            return "place mana spot h%d" % (a // 6)
        return "place %s h%d r%d" % (kind_text(state.chosen), a // 6, a % 6)
    if action >= rules.TILE:
        return "lay a " + kind_text(action - rules.TILE)
    if action >= rules.ROTATE:
        a = action - rules.ROTATE
        return "tool: rotate h%d to r%d" % (a // 6, a % 6)
    if action >= rules.SWAP_TILE:
        a = action - rules.SWAP_TILE
        return "swap %s for %s" % (kind_text(a // 16), kind_text(a % 16))
    if action >= rules.CONTROL:
        a = action - rules.CONTROL
        return "Control %s<>%s" % (die_text(state, a // 9, rules), die_text(state, a % 9, rules))
    if action >= rules.ILLUSION:
        a = action - rules.ILLUSION
        return "Illusion %s to %s" % (die_text(state, a // 4, rules), rules.COLOURS[a % 4])
    if action >= rules.UPPER:
        a = action - rules.UPPER
        return "%s %s" % (rules.MAGIC[rules.DIE_CARDS[a // 10]], die_text(state, a % 10, rules))
    if action >= rules.REPLACE:
        a = action - rules.REPLACE
        return "renew %s -1%s" % (rules.MAGIC[a // 4], rules.LETTERS[a % 4])
    if action >= rules.BARRIER:
        a = action - rules.BARRIER
        return "barrier %s on P%d" % (rules.ITEMS[rules.B_JUDGE + a // 4], a % 4 + 1)
    if action >= rules.SELL:
        return "sell %s" % rules.ITEMS[action - rules.SELL]
    if action >= rules.DECLARE:
        return "declare circle at h%d" % (action - rules.DECLARE)
    if action >= rules.JUMP:
        return "tool: jump to h%d" % (action - rules.JUMP)
    if action >= rules.STEP:
        return "step to h%d" % (action - rules.STEP)
    if action >= rules.PROD:
        a = action - rules.PROD
        if state.phase != rules.P_ASSIGN:
            return "produce"
        mine = state.my_dice(state.decider)
        p, m = mine[a // 2], mine[1 - a // 2]
        return "make %s move %s%s" % (die_text(state, p, rules)[3:], die_text(state, m, rules)[3:],
                                      " +own" if a % 2 else "")
    if action >= rules.DRAFT:
        return "take die " + die_text(state, action - rules.DRAFT, rules)
    if action >= rules.RABBIT:
        return "Rabbit Start " + die_text(state, action - rules.RABBIT, rules)
    if action >= rules.STEAL:
        return "steal " + kind_text(action - rules.STEAL)
    if action >= rules.DISCARD:
        return "discard " + kind_text(action - rules.DISCARD)
    if action >= rules.PICK_TOP:
        i = action - rules.PICK_TOP
        top = rules.top_tiles(state.supply)
        return "on top: " + (kind_text(rules.kind(top[i])) if i < len(top) else "tile %d" % i)
    if action >= rules.SCAN:
        return "Color Scan: a %s die" % rules.COLOURS[action - rules.SCAN]
    if action >= rules.FLIP:
        return "flip a %s stone" % rules.COLOURS[action - rules.FLIP]
    words = WORDS[action]
    return words % rules.SET_POINTS if "%" in words else words
