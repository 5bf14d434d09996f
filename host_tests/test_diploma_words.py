"""Diploma's choice words (firmware/games/diploma/words.py, the rules' action_text): what a
human reads in the menu names what the move does. Each legal action of random games at 1-4
players is read against the log's sentence for the same action (rules' move_text, written
apart from it) and against the state the action leaves: the die (its number, colour and
value), the hex and rotation, the tile kind, the card, the player, the colour. Guards: a die
numbered from 0 or another die's colour, a hex or rotation miscounted, the wrong kind of a
swap, a barrier on the wrong player, a colour off by one, a move's words another move's."""

import re

from firmware.core.prng import Prng
from firmware.games.diploma import rules as diploma

KIND_BY_TEXT = {diploma.kind_text(k): k for k in list(range(15)) + [diploma.MANA_KIND]}
COLOUR_BY_LETTER = {diploma.LETTERS[c]: c for c in range(5)}
DIE = re.compile(r"#(\d+) ([RBYGg])(\d)")


def die_words(state, d):
    """The log's words for die `d` (the rules' own)."""
    return state._die_words(d)


def after(state, action):
    s = state.clone()
    s.apply(action)
    return s


def check_dice(state, text, move):
    """Each die '#k Cv' the words name is die k-1 of that colour and value, the one the
    log's sentence names (P-R1 draft, Rabbit Start, the die magic)."""
    for number, letter, value in DIE.findall(text):
        d = int(number) - 1
        assert 0 <= d < len(state.dice_col), text
        assert COLOUR_BY_LETTER[letter] == state.dice_col[d], (text, state.dice_col)
        assert int(value) == state.dice_val[d], (text, state.dice_val)
        assert die_words(state, d) in move, (text, move)


def check(state, action):
    text = state.action_text(action)
    move = state.move_text(action)
    seat = state.decider
    check_dice(state, text, move)
    words = text.split(" ")
    if text.startswith("place "):  # P-P3: the chosen tile on hex h, turned r
        hexes = re.findall(r" h(\d+)", text)
        assert len(hexes) == 1 and ("on hex %s" % hexes[0]) in move, (text, move)
        assert diploma.kind_words(state.chosen) in move, (text, move)
        s = after(state, action)
        h = int(hexes[0])
        assert diploma.kind(s.boards[seat][h]) == state.chosen, (text, s.boards[seat])
        if state.chosen == diploma.MANA_KIND:
            assert text.startswith("place mana spot h"), text
        else:
            name = text[len("place "):text.index(" h")]
            assert KIND_BY_TEXT[name] == state.chosen, text
            rot = re.findall(r" r(\d)$", text)
            assert rot and s.rots[seat][h] == int(rot[0]), (text, s.rots[seat][h])
    elif text.startswith("tool: rotate h"):
        h, r = re.findall(r"h(\d+) to r(\d)$", text)[0]
        assert ("hex %s" % h) in move, (text, move)
        assert after(state, action).rots[seat][int(h)] == int(r), text
    elif text.startswith("lay a "):  # P-P3: the kind chosen to lay
        assert after(state, action).chosen == KIND_BY_TEXT[text[len("lay a "):]], text
    elif text.startswith("swap "):
        mine, theirs = text[len("swap "):].split(" for ")
        assert move.endswith("swaps a %s for a discarded %s (tool)" % (
            diploma.kind_words(KIND_BY_TEXT[mine]), diploma.kind_words(KIND_BY_TEXT[theirs]))), \
            (text, move)
    elif text.startswith(("discard ", "steal ")) and words[1] != "nothing":  # P-P6
        kind = KIND_BY_TEXT[text.split(" ", 1)[1]]
        assert move.endswith(diploma.kind_words(kind)), (text, move)
    elif text.startswith("Control "):
        assert move.count(" die") == 2 and len(DIE.findall(text)) == 2, (text, move)
    elif text.startswith("Illusion "):
        colour = text.rsplit(" ", 1)[1]
        assert move.endswith("turns " + colour.lower()), (text, move)
    elif text.startswith("renew "):
        magic, letter = re.findall(r"^renew (.+) -1([RBYG])$", text)[0]
        assert move.endswith("renews %s for a %s stone" % (
            magic, diploma.colour_word(COLOUR_BY_LETTER[letter]))), (text, move)
    elif text.startswith("barrier "):  # P-P7: the barrier and the player it goes on
        assert move.endswith("puts the " + text), (text, move)
    elif text.startswith("sell "):  # P-P4
        assert move.endswith("sells its %s card" % text[len("sell "):]), (text, move)
    elif text.startswith("declare circle at h"):  # P-P5: the loop's lowest hex
        low = int(text.rsplit("h", 1)[1])
        loop = diploma._loop_at(state.boards[seat], state.rots[seat], low)
        assert move.endswith("of %d tiles" % len(loop)), (text, move)
    elif text.startswith(("tool: jump to h", "step to h")):  # P-P2: the pawn's hex
        h = int(text.rsplit("h", 1)[1])
        assert move.endswith("to hex %d" % h) or move.endswith("to hex %d (tool)" % h), move
        assert after(state, action).pawn[seat] == h, text
    elif text.startswith("make "):  # P-R2: the production die, the movement die, the tool
        made = re.findall(r"^make ([RBYGg])(\d) move ([RBYGg])(\d)( \+own)?$", text)[0]
        said = re.findall(r"produces with the (\w+) (\d) die( \(own colour tool\))?, "
                          r"moves with the (\w+) (\d) die$", move)[0]
        assert diploma.colour_word(COLOUR_BY_LETTER[made[0]]) == said[0] and made[1] == said[1]
        assert diploma.colour_word(COLOUR_BY_LETTER[made[2]]) == said[3] and made[3] == said[4]
        assert bool(made[4]) == bool(said[2]), (text, move)
    elif text == "produce":
        assert state.phase != diploma.P_ASSIGN, text
    elif text.startswith("take die "):  # P-R1
        assert "takes the " in move and len(DIE.findall(text)) == 1, (text, move)
    elif text.startswith("Rabbit Start "):
        assert "Rabbit Start" in move and len(DIE.findall(text)) == 1, (text, move)
    elif text.startswith("Color Scan: a "):
        assert move.endswith("for a %s die" % text.split(" ")[3].lower()), (text, move)
    elif text.startswith("flip a "):  # P-D4
        assert move.endswith("flips a %s stone to %s" % (
            text.split(" ")[2].lower(), diploma.colour_word(
                diploma.COLOURS.index(text.split(" ")[2]) ^ 1))), (text, move)
    elif text.startswith("on top: "):  # the peek tool: the tile put on top
        top = after(state, action).supply[-1]
        assert diploma.kind(top) == KIND_BY_TEXT[text[len("on top: "):]], text
    elif text.startswith("4 stones: +"):  # P-D4: a set of four colours scores SET_POINTS
        s = after(state, action)
        assert s.points[seat] - state.points[seat] == int(words[2][1:]), (text, s.points)
    elif text.startswith("1 mana: "):  # P-D4
        s = after(state, action)
        assert s.points[seat] - state.points[seat] == 1 and s.mana[seat] == state.mana[seat] - 1
    else:  # the other one-word moves: the log says the same move
        named = [w.strip(":") for w in words if len(w.strip(":")) > 3]
        assert move is None or [w for w in named if w in move], (text, move)
    if text.startswith(("Upper ", "Downer ", "Change", "Control ", "Illusion ")):
        assert ("uses " + text.split(" #")[0]) in move, (text, move)
    return text.split(" ")[0]


def test_the_circle_and_the_conversions_name_their_hex_points_and_stones_P_P5_P_D4():
    # A closed loop laid by hand (random play seldom closes one): declared, then the
    # conversions of four stones, mana for a point, a stone flipped.
    from test_diploma_rules import TRIANGLE, B, Y, cycle, table

    s = table(2, laid=cycle(TRIANGLE, [diploma.GREY, B, Y]), stones=[[2, 2, 1, 1], [0] * 4],
              mana=[3, 1])
    seen = set()
    for action in (diploma.DECLARE + 1, diploma.SET, diploma.MANA_POINT, diploma.FLIP + 1):
        for legal in s.legal_actions():
            seen.add(check(s, legal))
        s.apply(action)
    assert {"declare", "4", "1", "flip"} <= seen, seen


def test_the_tools_name_their_hex_rotation_and_tiles_P_I():
    # The rotate and swap tools (random play seldom holds them with a tile to turn and a
    # discard to take): each choice of a placement phase holding every tool.
    from test_diploma_rules import STRAIGHT, B, R, T, table

    tools = [diploma.T_MOVE, diploma.T_ROTATE, diploma.T_JUMP, diploma.T_SWAP, diploma.T_PEEK]
    s = table(2, laid=[(1, T(R, STRAIGHT), 2), (2, T(B, 1), 0)], hand=[T(R, 0), T(B, 2)],
              items={0: tools}, discards=[T(B, 1, 1), T(diploma.GREY, 2)])
    seen = set()
    for legal in s.legal_actions():
        seen.add(check(s, legal).rstrip(":") + " " + s.action_text(legal).split(" ")[1])
    assert {"tool rotate", "swap R", "swap B", "tool jump"} <= seen, seen


def test_every_choice_names_what_the_move_does_P_R1_P_R2_P_P_P_D4():
    # Random games of 1 to 4 seats, every legal action of every decision read.
    seen = set()
    for seed in range(1, 9):
        players = 1 + seed % 4
        state = diploma.new_game(players, seed)
        rng = Prng(seed * 31)
        while not state.is_over():
            legal = state.legal_actions()
            for action in legal:
                seen.add(check(state, action))
            state.apply(legal[rng.randbelow(len(legal))])
    # Every kind of choice was read (a generator that missed some would prove nothing).
    for first in ("place", "lay", "take", "make", "step", "discard", "steal", "sell",
                  "barrier", "Control", "Illusion", "renew", "Upper", "Color", "Rabbit"):
        assert first in seen, (first, sorted(seen))
