# Choosing by pointing, Quartz (issue 14): the table points at the die, the crystal or the
# seat each choice names (a die to reroll or for the action, an action kind at a die of its
# face, a crystal to return / chest / give / take, the other player of a transfer or a
# steal) and outlines the dice no choice picks; keep, reroll, confirm and end turn point at
# nothing. Read off the screen as a player sees it: a die is its face's picture (the face
# letter under it) or a used die's letter on a badge, a crystal a gem of its kind's colour
# with its count after it, a seat its name.
from test_pointing import decisions, pointed, walk

from firmware.core.prng import Prng
from firmware.games.quartz import rules as quartz
from firmware.games.quartz import table as quartz_table
from firmware.ui import canvas, screens

NOWHERE = (quartz.KEEP, quartz.REROLL, quartz.END_TURN,
           quartz.CONFIRM)  # chosen from the choice row only
PICKED = canvas.PICTURES + quartz_table.FACES + len(quartz.FACES)  # + face: a picked die's picture


def kind_of_tile(tile):
    """(glyph kind, colour) of a tile."""
    return (tile - 1) // canvas.COLOURS, (tile - 1) % canvas.COLOURS


def dice_shown(c, rooms):
    """The dice row on the screen: (row, [(first col, letter, tile)] in die order), or
    None when another page is shown."""
    for row in range(1, 1 + rooms):
        if not c.row_text(row).startswith("Dice "):
            continue
        base = row * c.cols
        dice = []
        col = 0
        while col < c.cols:
            tile = c.tiles[base + col]
            if tile and tile != canvas.POINTER:
                end = col + c.extent(base + col)  # (wide: a face on a badge of its paper)
                tiles = [c.tiles[base + i] for i in range(col, end)]
                face = [t for t in tiles if t >= canvas.PICTURES]  # its picture, if not used
                dice.append((col, c.row_text(row)[col:end].strip(), face[0] if face else tile))
                col = end
            else:
                col += 1
        return row, dice[:quartz.DICE]  # (then the faces of what the mover is doing)
    return None


def crystal_shown(c, row, col):
    """(kind, count, row label) of the crystal pointed at: a gem (the pointer before it), or
    the count after it (the cursor's bar, when a count of 10+ fills the pointer's cell)."""
    base = row * c.cols
    glyph, colour = kind_of_tile(c.tiles[base + col])
    if c.tiles[base + col] == 0 or glyph != canvas.GEM:  # the bar under the count
        col -= 1
        glyph, colour = kind_of_tile(c.tiles[base + col])
    assert c.tiles[base + col] and glyph == canvas.GEM, (row, col, c.texts())
    text = c.row_text(row)
    count = int(text[col + 1:col + 3].strip())
    return quartz_table.KIND_COLOURS.index(colour), count, text[:4].strip()


def test_quartz_points_at_the_die_crystal_and_seat_it_names_and_outlines_the_rest():
    # Guards: a die marked with its own action (the second of two equal dice then outlined
    # though it is offered, and pointed at nothing), a mark on the wrong die or a picked die
    # outlined (its orange lost), an action kind at a die of another face; a crystal mark
    # on the wrong row (the own cart while taking) or before the pen moves to the kind's
    # column (the pointer then before a count, not a gem); a seat at the wrong name; a
    # choice with nothing on the table pointing somewhere.
    seen = {"dice": 0, "kinds": 0, "crystals": 0, "seats": 0, "pointed": 0,
            "outlined": 0, "rows": 0}

    def visit(sim):
        c = sim.app.canvas
        table = sim.app.screen
        match = sim.app.match
        seat = match.current()
        view = match.state.view(seat)
        phase = view["phase"]
        legal = [screens.aim(c) for c in table.legal]
        picked = view["selected"] if phase == "roll" else view["group"]
        faces = view["dice"]

        def dull(die):
            """Whether no choice picks `die` (the table outlines it)."""
            face = faces[die]
            if phase == "act":  # (no die a choice: nothing is outlined, as off the table)
                on_table = [f for f in faces if f != quartz.HELMET and quartz.ACTION + f in legal]
                return (bool(on_table) and face != quartz.HELMET
                        and quartz.ACTION + face not in legal)
            if phase not in ("roll", "dice") or picked[die]:
                return False
            offered = [quartz.DIE + e for e in range(quartz.DICE) if faces[e] == face]
            return view["used"][die] or not [a for a in offered if a in legal]

        def check(choice, spot):
            shown = pointed(sim)
            words = table.words(choice, seat)
            action = screens.aim(choice)  # a shortcut: at its first action, or its aim
            if action in NOWHERE:
                assert shown is None, (words, shown, sim.texts())
                return
            row_dice = dice_shown(c, table.room)
            if row_dice is not None:  # every die as the view has it, outlined or not
                seen["rows"] += 1
                row, dice = row_dice
                assert [d[1] for d in dice] == [quartz.FACE_LETTERS[f] for f in faces], dice
                for die in range(quartz.DICE):
                    tile = dice[die][2]
                    assert (tile == screens.DIMMED) == dull(die), (words, die, sim.texts())
                    if picked[die] and not view["used"][die]:  # its face, on orange
                        assert tile == PICKED + faces[die], (die, sim.texts())
                seen["outlined"] += screens.DIMMED in [d[2] for d in dice]
            if quartz.ACTION <= action < quartz.DIE:  # an action kind: a die of its face, if any
                kind = action - quartz.ACTION
                seen["kinds"] += 1
                if kind not in faces:  # (only helmets make it: nothing to point at)
                    assert shown is None, (words, sim.texts())
                    return
                assert shown is not None and row_dice is not None, (words, sim.texts())
                assert shown[0] == row_dice[0] and shown[2].strip() == quartz.FACE_LETTERS[kind]
                assert quartz.FACES[kind] in words, (words, shown)
                seen["pointed"] += 1
                return
            assert shown is not None, (words, sim.texts())
            seen["pointed"] += 1
            row, col, text = shown
            if quartz.DIE <= action < quartz.SEAT:  # the very die the choice picks, its face named
                seen["dice"] += 1
                assert row_dice is not None and row == row_dice[0], (words, sim.texts())
                cols = [d[0] for d in row_dice[1]]
                assert col == cols[action - quartz.DIE], (words, shown, sim.texts())
                face = quartz.FACES[quartz.FACE_LETTERS.index(text.strip())]
                if not (isinstance(choice, tuple) and phase == "dice"):  # (a helmet for an
                    assert (" %s" % face) in (" %s" % words), (face, words)  # action)
            elif quartz.SEAT <= action < quartz.CRYSTAL:  # the name that starts the seat's row
                seen["seats"] += 1
                other = action - quartz.SEAT
                assert col == 0 and text == "P%d" % (other + 1), (words, shown)
                assert ("P%d" % (other + 1)) in words.replace(",", " ").split(), (words, shown)
            else:  # a crystal of the row it comes from, its kind named
                seen["crystals"] += 1
                kind, count, label = crystal_shown(c, row, col)
                assert kind == action - quartz.CRYSTAL and quartz.KINDS[kind] in words, (kind,
                                                                                         words)
                if phase == "return":
                    source, where = view["mined"], "New"
                elif phase == "take":
                    source, where = view["carts"][view["target"]], "P%d" % (view["target"] + 1)
                else:
                    source, where = view["carts"][seat], "Cart"
                assert label == where and count == source[kind], (label, count, words)

        walk(sim, check)

    for seed in (1, 2, 13, 3):  # (games that reach every kind of decision)
        decisions("quartz", seed, 40, visit)
    # Every die, crystal and seat a choice names was pointed at, and there were plenty.
    assert seen["pointed"] >= seen["dice"] + seen["crystals"] + seen["seats"], seen
    assert seen["dice"] > 100 and seen["kinds"] > 30, seen
    assert seen["crystals"] > 10 and seen["seats"] > 8, seen
    assert seen["outlined"] > 20 and seen["rows"] > 200, seen


def test_quartz_marks_leave_the_pointer_a_cell():
    # At both widths, on random tables: each mark of a die or a gem has a blank cell before
    # it (the pointer's), else it sits on a word (the bar); a count of 10 or more fills the
    # cell before the next gem, so that crystal is marked on its count instead.
    # Guards: a mark before the pen moves to the kind's column, a crowded gem left pointless.
    rng = Prng(7)
    crowded = 0
    for cols in (26, 40):
        for seed in range(40):
            state = quartz.new_game(3, seed)
            for _ in range(rng.randbelow(60)):
                if state.is_over():
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
            if state.is_over():
                continue
            if rng.randbelow(3) == 0:  # a full cart: counts of 10+
                state.carts[state.turn] = [12, 10, 0, 1, 0, 0, 11]
                state.phase, state.left = quartz.P_CHEST, 2
            view = state.view(state.current_player())
            c = canvas.Canvas(cols, 40, 32)
            quartz_table.draw(c, view, ["P1", "P2 normal", "P3 normal"])
            marks = c.marks[:c.marked]
            for i in range(len(marks)):
                cell = c.spots[i]
                if c.tiles[cell]:  # a die or a gem: the pointer's cell before it
                    assert c.tiles[cell - 1] == 0 and c.chars[cell - 1] == canvas.SPACE, (
                        cols, marks[i], c.texts())
                else:  # a word: a name, or a count after its gem
                    assert c.chars[cell] != canvas.SPACE, (marks[i], c.texts())
                    if marks[i] >= quartz.CRYSTAL:
                        crowded += 1
                        assert kind_of_tile(c.tiles[cell - 1])[0] == canvas.GEM
                        assert c.chars[cell - 2] != canvas.SPACE  # (the count of 10+ before)
            legal = view["legal"]
            for action in legal:  # each die, crystal and seat a choice names is marked
                if action >= quartz.DIE and action not in marks:
                    raise AssertionError((cols, action, c.texts()))
    assert crowded > 0
