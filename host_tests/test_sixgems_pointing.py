# Choosing by pointing, SIXGEMS (issue 14): the table points at the thing each choice names
# (a gem card of the hand to play; a board of the ring to place a die on or move a die to,
# or the board of the die a choice turns or moves to the centre; a settlement card to settle
# with or exchange; a gem of your row for a wild gem, to give or to leave out; a gem of the
# other seat's row to take) and outlines what this decision's choices could pick but don't.
# Passing, not using the face, no swap and waiting point at nothing. Read off the screen as
# a player sees it: a card is its badge ("Ru5", "#3"), a board a gem of its colour on the
# second row followed by its die or "-", a gem of a row a gem of its colour.
import re

from randplay import random_game
from table_checks import SIZES, names_for
from test_pointing import decisions, pointed, walk

from firmware import app
from firmware.core.prng import Prng
from firmware.games.sixgems import rules as sixgems
from firmware.games.sixgems import table as sixgems_table
from firmware.ui import canvas, screens

NOWHERE = (sixgems.PASS, sixgems.NO_USE, sixgems.NO_SWAP,
           sixgems.WAIT)  # chosen from the choice row only
DIE = {"blue A": "A", "blue B": "B", "red": "R"}  # a die's words, its letter on the table
# The things each phase's choices pick (the others keep their colours): rows by their key.
PICKS = {"dice": "ring", "use": "ring", "play": "hand", "settle": "K", "wild": "own",
         "give": "own", "leave": "own", "take": "other"}


def render(view, cols, rows):
    """`view` drawn on a canvas with the app's room for marks."""
    c = canvas.Canvas(cols, rows, app.MARKS)
    sixgems_table.draw(c, view, names_for(view["players"]))
    assert c.marked < app.MARKS  # (every mark recorded: none lost past the lists' end)
    return c


def marks(c, key):
    """The cells marked with `key`."""
    return [c.spots[i] for i in range(c.marked) if c.marks[i] == key]


def kind_of(tile):
    return (tile - 1) // canvas.COLOURS, (tile - 1) % canvas.COLOURS


def things(sim, view):
    """Every card, board and gem on the screen a choice could pick: [(key, cells, dimmed)],
    key ("ring", board) / ("hand", "Ru5") / ("K", n) / ("P2", colour); cells [(row, col)]."""
    c = sim.app.canvas
    table = sim.app.screen
    found = []
    for row in range(1, 1 + table.room):
        base = row * c.cols
        tiles = [c.tiles[base + col] for col in range(c.cols)]
        text = c.row_text(row)
        runs = []  # (first col, last col + 1) of each run of one glyph, the pointer left out
        col = 0
        while col < c.cols:
            if tiles[col] and tiles[col] != canvas.POINTER:
                end = col
                while end < c.cols and tiles[end] == tiles[col]:
                    end += 1
                runs.append((col, end))
                col = end
            else:
                col += 1
        body = row - 1 + table.top
        if body == 2:  # what is decided now (a die, a card, a gem: shown, never picked)
            continue
        if body == 1:  # the ring: six boards (not the dice)
            gems = [r for r in runs
                    if kind_of(tiles[r[0]])[0] == canvas.GEM or tiles[r[0]] == screens.DIMMED]
            assert len(gems) == sixgems.BOARDS, (sim.texts(), gems)  # (a dimmed die: one more)
            for b in range(sixgems.BOARDS):
                at = gems[b][0]
                if tiles[at] != screens.DIMMED:
                    assert tiles[at] == canvas.tile(canvas.GEM, sixgems_table.GEM_COLOURS[b]), (b,
                                                                                      sim.texts())
                found.append((("ring", b), [(row, at)], tiles[at] == screens.DIMMED))
        elif text.startswith("Hand "):
            for start, end in runs:
                found.append((("hand", text[start:end]), [(row, x) for x in range(start, end)],
                              tiles[start] == screens.DIMMED))
        elif re.match(r" *#\d+ ", text) and runs and runs[0][0] == len(text) - len(text.lstrip()):
            start, end = runs[0]
            found.append((("K", int(text[start + 1:end])), [(row, x) for x in range(start, end)],
                          tiles[start] == screens.DIMMED))
        elif re.match(r"P\d ", text) and runs:  # a seat's gems (not its row of counts)
            s = int(text[1]) - 1
            held = [k for k in range(sixgems.BOARDS) if view["real"][s][k] + view["wild"][s][k]]
            assert len(runs) == len(held), (text, runs, held)
            for i in range(len(held)):
                at = runs[i][0]
                if tiles[at] != screens.DIMMED:
                    assert tiles[at] == canvas.tile(canvas.GEM,
                                                    sixgems_table.GEM_COLOURS[held[i]]), (text, i)
                found.append((("P%d" % (s + 1), held[i]), [(row, at)], tiles[at] == screens.DIMMED))
    return found


def named(words, seat):
    """The thing the words of a choice name, as things() keys it; None: nothing."""
    colour = r"(%s)" % "|".join(sixgems.COLOURS)
    die = r"(blue A|blue B|red)"
    m = re.match(r"play %s (\d)$" % colour, words)
    if m:
        return ("hand", sixgems.SHORT[sixgems.COLOURS.index(m.group(1))] + m.group(2))
    m = re.match(r"(settle with|exchange) card (\d+) %s$" % colour, words)
    if m:
        return ("K", int(m.group(2)))
    m = re.match(r"%s \d on %s$" % (die, colour), words)  # placing a die
    if m:
        return ("ring", sixgems.COLOURS.index(m.group(2)))
    m = re.match(r"move %s \d (\w+)->(\w+)$" % die, words)  # (a board or the centre)
    if m:  # to a board: that board; to the centre: the board the die leaves
        to = m.group(3) if m.group(3) != "centre" else m.group(2)
        return ("ring", sixgems.COLOURS.index(to))
    m = re.match(r"turn %s on %s to \d$" % (die, colour), words)
    if m:
        return ("ring", sixgems.COLOURS.index(m.group(2)))
    m = re.match(r"(wild gem on|give your|leave out) %s$" % colour, words)
    if m:
        return ("P%d" % (seat + 1), sixgems.COLOURS.index(m.group(2)))
    m = re.match(r"take (P\d)'s %s$" % colour, words)
    if m:
        return (m.group(1), sixgems.COLOURS.index(m.group(2)))
    return None


def test_sixgems_points_at_the_thing_it_names_and_outlines_the_rest():
    # Guards: a card, board or gem marked with another's action (the pointer then before a
    # thing the words do not name), a mark made before the pen moves to the board's or the
    # colour's column, a gem to take marked on your own row, the die's own choices (turn, to
    # the centre) not at its board; the twin of a card in hand or the dice outlined though
    # offered; marks of another phase (the ring or the gems outlined, their colours lost,
    # while cards are chosen); a choice with nothing on the table pointing somewhere.
    seen = {"pointed": 0, "things": 0, "outlined": 0}
    kinds = set()

    def visit(sim):
        table = sim.app.screen
        match = sim.app.match
        seat = match.current()
        view = match.state.view(seat)
        phase = view["phase"]
        keys = [named(table.words(screens.aim(a), seat), seat) for a in table.legal]
        picks = PICKS[phase]

        def check(action, spot):
            if isinstance(action, tuple):  # a shortcut (the dice, a settlement): at its aim
                action = screens.aim(action)
            words = table.words(action, seat)
            want = named(words, seat)
            shown = pointed(sim)
            if action in NOWHERE:
                assert want is None and spot < 0 and shown is None, (words, shown)
                return
            assert want is not None, words  # every other choice names a thing...
            seen["things"] += 1
            assert shown is not None, (words, sim.texts())  # ...and is pointed at
            seen["pointed"] += 1
            kinds.add(phase)
            on = sim.texts()
            drawn = things(sim, view)
            at = [t for t in drawn if (shown[0], shown[1]) in t[1]]
            assert at and at[0][0] == want, (words, shown, at, on)
            if want[0] == "ring" and (words.endswith("->centre") or words.startswith("turn")):
                letter = DIE[re.match(r"\w+ (blue A|blue B|red)", words).group(1)]
                assert on[shown[0]][shown[1] + 1] == letter, (words, on)  # its die after it
            elif want[0] == "ring":
                assert on[shown[0]][shown[1] + 1] == "-", (words, on)  # an empty board
            # Outlined: what this phase's choices could pick but none does; nothing else.
            dimmed = 0
            for key, cells, dull in drawn:
                mine = key[0] == "P%d" % (seat + 1)
                kind = "own" if mine else "other" if key[0][0] == "P" else key[0]
                assert dull == (kind == picks and key not in keys), (words, key, on)
                dimmed += len(cells) if dull else 0
            c = sim.app.canvas
            screen = c.tiles[c.cols:(1 + table.room) * c.cols]
            assert screen.count(screens.DIMMED) == dimmed, (words, on)  # (no die, no badge else)
            seen["outlined"] += dimmed > 0

        walk(sim, check)

    for seed in (3, 44):  # (two games that reach every kind of decision)
        decisions("sixgems", seed, 80, visit)
    assert seen["pointed"] == seen["things"] > 100, seen
    assert seen["outlined"] > 20, seen
    assert kinds == set(PICKS), kinds


def test_every_choice_of_a_thing_has_a_pointer_cell_at_both_widths():
    # Whole random games, 2 to 4 players, every decision drawn at 26 and 40 columns (the
    # app's own games above are 26 columns, 2 players): each choice but the four of the
    # choice row only is marked once at least, on a thing drawn (a glyph) with a blank cell
    # before it for the pointer. Guards: a board or a settlement card at column 0 (no cell
    # before it), a die's choice on the die where the gem before it leaves no cell, a mark
    # on a card, gem or board not drawn (a board's "-": no glyph), a seat's row past the
    # second one unmarked.
    checked = [0, 0]

    def check(state, rng):
        seat = state.current_player()
        if seat < 0 or rng.randbelow(3):  # (every third step: the test stays fast)
            return
        view = state.view(seat)
        for cols, rows, _ in SIZES:
            c = render(view, cols, rows)
            for action in state.legal_actions():
                spots = marks(c, action)
                if action in NOWHERE:
                    assert not spots, state.action_text(action)
                    continue
                assert spots, (state.action_text(action), c.texts())
                for cell in spots:
                    assert c.tiles[cell] and cell % cols, (state.action_text(action), cell)
                    assert c.tiles[cell - 1] == 0 and c.chars[cell - 1] == canvas.SPACE, (
                        state.action_text(action), c.texts())
                checked[0] += 1
            checked[1] += 1

    for players in range(sixgems.MIN_PLAYERS, sixgems.MAX_PLAYERS + 1):
        for seed in range(3):
            random_game("sixgems", players, 70 + seed, None, policy_seed=seed, check=check)
    assert checked[0] > 1000 and checked[1] > 200, checked


def test_either_copy_of_a_card_in_hand_is_lit():
    # Two identical gem cards in hand: legal_actions offers one of them (the even copy), so
    # each badge carries both copies' actions: neither is outlined, and the pointer goes to
    # the first. Guards: a badge marked with its own card only (the twin then outlined).
    state = sixgems.new_game(2, 1)
    rng = Prng(1)
    while sixgems.PHASES[state.phase] != "play":
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    twin = 2 * sixgems.FACES * sixgems.COPIES + 4 * sixgems.COPIES  # an Emerald 5 and its copy (+1)
    state.hands[state.turn] = [twin, twin + 1, 0]
    legal = state.legal_actions()
    assert sixgems.PLAY + twin in legal and sixgems.PLAY + twin + 1 not in legal
    for cols, rows, _ in SIZES:
        c = render(state.view(state.turn), cols, rows)
        hand = [r for r in range(rows) if c.row_text(r).startswith("Hand ")][0]
        text = c.row_text(hand)
        badges = [hand * cols + i for i in range(len(text)) if text[i:i + 3] == "Em5"]
        assert len(badges) == 2, text
        for cell in badges:
            offered = [c.marks[i] for i in range(c.marked)
                       if c.spots[i] == cell and c.marks[i] in legal]
            assert offered == [sixgems.PLAY + twin], (cell, text)
        assert marks(c, sixgems.PLAY + twin)[0] == badges[0]  # (the first mark: the pointer's)
