"""Diploma on the handheld table screen (firmware/games/diploma/table.py) and its choices
(choices_diploma.py): each tile's line drawn at its hexes and rotation, the pawn, the hexes a
choice picks marked with those actions, a declarable loop in gold, the resources' words, the
dice of a draft, the other boards on the next page; every view of random games at both
widths. Rule ids: seeds/diploma.md."""

from table_checks import NARROW, WIDE, check_redealt_views_draw_alike, names_for, render

from firmware.core.prng import Prng
from firmware.games.diploma import choices as diploma_choices
from firmware.games.diploma import rules as diploma
from firmware.games.diploma import table as diploma_table
from firmware.ui import canvas


def draw(view, size=NARROW, marks=64):
    return render(diploma_table, view, size[0], size[1], names_for(view["players"]), marks)


def play_to(players, seed, phase, skip=0, policy=1):
    state = diploma.new_game(players, seed)
    rng = Prng(policy)
    while not state.is_over():
        if diploma.PHASES[state.phase] == phase:
            if skip == 0:
                break
            skip -= 1
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def hex_cells(c, h, first_row):
    """(the 3 characters, the 3 tiles) of hex h of a board drawn from `first_row` on."""
    base = (first_row + diploma_table.HEX_ROW[h]) * c.cols + diploma_table.HEX_COL[h]
    return bytes(c.chars[base:base + 3]).decode(), list(c.tiles[base:base + 3])


def marks_at(c, cell):
    return [c.marks[i] for i in range(c.marked) if c.spots[i] == cell]


def decode(pic):
    """The edges a line's picture shows, read as the module's comment says (E 0, NE 1,
    NW 2, W 3, SW 4, SE 5)."""
    a, b, e = pic
    out = set()
    if a == "-":
        out.add(3)
        if b == "\\":
            out.add(2)
        elif b == "/":
            out.add(4)
    if e == "-":
        out.add(0)
        if b == "/":
            out.add(1)
        elif b == "\\":
            out.add(5)
    out |= {"\\": {2}, "/": {4}, ")": {2, 4}}.get(a, set())
    out |= {"/": {1}, "\\": {5}, "(": {1, 5}}.get(e, set())
    return out


def test_every_line_picture_shows_exactly_its_two_edges_and_all_fifteen_differ():
    seen = set()
    for shape in range(3):
        for rot in range(6):
            m = diploma.MASKS[shape * 6 + rot]
            pic = diploma_table.LINES[m]
            assert len(pic) == 3
            assert decode(pic) == {d for d in range(6) if m >> d & 1}, (shape, rot, pic)
            seen.add(pic)
    assert len(seen) == 15


def placing_state(players=2, seed=4):
    """A state in a placement phase (P-P), the placing seat's board cleared but the centre."""
    state = play_to(players, seed, "place")
    seat = state.current_player()
    state.boards[seat] = [-1] * diploma.HEXES
    state.boards[seat][0] = diploma.CENTRE
    state.rots[seat] = [0] * diploma.HEXES
    state.pawn[seat] = 0
    return state, seat


def test_a_tile_is_drawn_at_its_hex_with_its_line_at_its_rotation_in_its_colour():
    state, seat = placing_state()
    red_tight = diploma.sample_tile(0 * 3 + 2)  # P-C2: R tight
    grey_straight = diploma.sample_tile(diploma.GREY * 3 + 0)
    state.boards[seat][3] = red_tight
    state.rots[seat][3] = 1  # edges 1, 2: round the top corner
    state.boards[seat][9] = grey_straight
    state.rots[seat][9] = 0  # west-east
    state.boards[seat][5] = diploma.LINE_TILES  # a bonus mana spot
    for size in (NARROW, WIDE):
        c = draw(state.view(seat), size)
        assert hex_cells(c, 3, 1) == ("\\_/", [canvas.tile(canvas.SOLID, canvas.RED)] * 3)
        assert hex_cells(c, 9, 1) == ("---", [canvas.tile(canvas.SOLID, canvas.GREY)] * 3)
        assert hex_cells(c, 5, 1) == (" * ", [canvas.tile(canvas.SOLID, canvas.CYAN)] * 3)
        assert hex_cells(c, 12, 1)[1] == [canvas.tile(canvas.SOLID, canvas.DIM)] * 3  # empty
        state.rots[seat][3] = 4  # the same tile turned: round the bottom corner
        c = draw(state.view(seat), size)
        assert hex_cells(c, 3, 1)[0] == "/-\\"
        state.rots[seat][3] = 1
    # The hexes sit in staggered rows: a hex's east neighbour 4 columns on, its south-east
    # neighbour a row down and 2 columns on.
    for h in range(diploma.HEXES):
        e, se = diploma.NEIGH[h * 6 + 0], diploma.NEIGH[h * 6 + 5]
        if e != 255:
            assert (diploma_table.HEX_ROW[e],
                    diploma_table.HEX_COL[e]) == (diploma_table.HEX_ROW[h],
                                                  diploma_table.HEX_COL[h] + 4)
        if se != 255:
            assert (diploma_table.HEX_ROW[se],
                    diploma_table.HEX_COL[se]) == (diploma_table.HEX_ROW[h] + 1,
                                                   diploma_table.HEX_COL[h] + 2)
    cols = diploma_table.HEX_COL
    assert min(cols) == 1 and max(cols) + 3 <= diploma_table.SIDE  # a pointer cell each


def test_the_pawn_is_an_at_sign_on_a_white_middle_cell_of_its_hex():
    state, seat = placing_state()
    state.boards[seat][2] = diploma.sample_tile(3 * 3 + 0)
    state.pawn[seat] = 2
    c = draw(state.view(seat))
    chars, tiles = hex_cells(c, 2, 1)
    assert chars[1] == "@" and tiles[1] == canvas.tile(canvas.SOLID, diploma_table.PAWN)
    assert tiles[0] == canvas.tile(canvas.SOLID, canvas.GREEN)
    assert "@" not in hex_cells(c, 0, 1)[0]
    assert sum(row.count("@") for row in c.texts()[1:6]) == 1


def test_the_hexes_a_placement_can_pick_show_a_plus_and_carry_those_actions():
    state = play_to(3, 4, "spot", skip=3)
    seat = state.current_player()
    view = state.view(seat)
    legal = view["legal"]
    picked = {(a - diploma.PLACE) // 6 for a in legal}
    assert picked
    c = draw(view)
    for h in range(diploma.HEXES):
        chars, _ = hex_cells(c, h, 1)
        cell = (1 + diploma_table.HEX_ROW[h]) * c.cols + diploma_table.HEX_COL[h]
        if h in picked:
            assert chars == " + ", h
            assert marks_at(c, cell) == sorted(a for a in legal if (a - diploma.PLACE) // 6 == h)
            assert c.chars[cell - 1] == canvas.SPACE and c.tiles[cell - 1] == 0  # the pointer's
        else:
            assert chars != " + " and marks_at(c, cell) == []
    assert c.texts()[0].startswith("^v hex <> turn")  # the placer's keys (the + hexes)


def test_steps_are_marked_on_the_hexes_they_go_to():
    for seed in range(20):
        state = play_to(2, seed, "place", skip=4)
        seat = state.current_player()
        view = state.view(seat)
        steps = [a for a in view["legal"] if diploma.STEP <= a < diploma.JUMP]
        if not steps:
            continue
        c = draw(view)
        for a in steps:
            h = a - diploma.STEP
            assert a in marks_at(c,
                                 (1 + diploma_table.HEX_ROW[h]) * c.cols + diploma_table.HEX_COL[h])
        return
    raise AssertionError("no step in sight")


def loop_of_three(state, seat):
    """Three tight red curves round a corner of hexes 1, 2, 7 or the like: a closed loop
    (P-D1) on the seat's board."""
    tight = diploma.sample_tile(2)
    for a in range(1, diploma.HEXES):
        for b in range(a + 1, diploma.HEXES):
            for e in range(b + 1, diploma.HEXES):
                near = [diploma.NEIGH[a * 6 + d] for d in range(6)]
                if b not in near or e not in near or e not in [diploma.NEIGH[b * 6 + d]
                                                               for d in range(6)]:
                    continue
                tiles = [-1] * diploma.HEXES
                tiles[0] = diploma.CENTRE
                tiles[a] = tiles[b] = tiles[e] = tight
                for r in range(216):
                    rots = [0] * diploma.HEXES
                    rots[a], rots[b], rots[e] = r % 6, r // 6 % 6, r // 36
                    if diploma.find_loops(tiles, rots):
                        state.boards[seat] = tiles
                        state.rots[seat] = rots
                        return [a, b, e]
    raise AssertionError("no loop of three")


def test_a_loop_that_can_be_declared_is_gold_and_its_declaration_points_at_it():
    state, seat = placing_state(2, 6)
    loop = loop_of_three(state, seat)
    state.pawn[seat] = loop[0]
    view = state.view(seat)
    assert view["loops"] == [loop]
    assert diploma.DECLARE + loop[0] in state.legal_actions()
    for size in (NARROW, WIDE):
        c = draw(view, size)
        gold = canvas.tile(canvas.SOLID, diploma_table.LOOP)
        for h in range(diploma.HEXES):
            tiles = hex_cells(c, h, 1)[1]
            assert (tiles[1] == gold) == (h in loop), h
            assert tiles[0] == (canvas.tile(canvas.SOLID, canvas.RED) if h in loop else tiles[0])
        cell = (1 + diploma_table.HEX_ROW[loop[0]]) * c.cols + diploma_table.HEX_COL[loop[0]]
        assert diploma.DECLARE + loop[0] in marks_at(c, cell)
        assert c.texts()[0].startswith("Declare your loop!")
        # The choices put the declaration first (the likely move, as a normal bot makes it).
        assert diploma_choices.choices(view, view["legal"])[0][1] == [diploma.DECLARE + loop[0]]
        assert diploma_choices.others(view, view["legal"])[0] == diploma.DECLARE + loop[0]


def test_resources_line_says_points_mana_gold_and_stones_by_colour():
    state, seat = placing_state()
    state.points[seat], state.mana[seat], state.gold[seat] = 12, 3, 7
    state.stones[seat] = [2, 0, 11, 1]
    narrow = draw(state.view(seat))
    row = narrow.texts()[6]
    assert row.startswith("12pt 3mana 7g"), row
    assert row.endswith(" 2  0  11  1"), row
    gems = [narrow.tile_at(6, col) for col in range(narrow.cols)
            if narrow.tile_at(6, col) > canvas.COLOURS]
    assert gems == [canvas.tile(canvas.GEM, col) for col in diploma_table.TILE_COLOURS[:4]]
    wide = draw(state.view(seat), WIDE)
    assert wide.texts()[6].startswith("12 points  3 mana  7 gold")


def test_the_hand_is_beside_the_board_a_picture_and_a_count_per_kind():
    state, seat = placing_state()
    state.tiles[seat] = [diploma.sample_tile(2), diploma.sample_tile(2) + 3,
                         diploma.LINE_TILES]  # 2 R tight
    view = state.view(seat)
    c = draw(view)
    rows = c.texts()
    assert rows[1][diploma_table.SIDE + 1:] == "\\_/x2"
    assert rows[2][diploma_table.SIDE + 1:] == " *"
    w = draw(view, WIDE).texts()
    side = diploma_table.SIDE
    assert w[1][side + 1:] == "\\_/ R tight x2" and w[2][side + 1:] == " *  mana"
    # Choosing the kind to lay (P-P3) points at it.
    kinds = sorted(set([diploma.kind(t) for t in view["hand"]]))
    tiles = [a for a in view["legal"] if diploma.TILE <= a < diploma.PLACE]
    assert tiles
    for a in tiles:
        row = 1 + kinds.index(a - diploma.TILE)
        assert marks_at(c, row * c.cols + diploma_table.SIDE + 1) == [a]


def test_drafting_shows_the_free_dice_marked_and_each_seats_dice():
    state = play_to(3, 2, "draft", skip=2)
    seat = state.current_player()
    view = state.view(seat)
    c = draw(view)
    row = c.texts()[0]
    assert row.startswith("Draft")
    free = [d for d in range(len(view["dice_val"])) if view["dice_own"][d] < 0]
    values = "".join([ch for ch in row[5:] if ch != " "])
    assert values == "".join(["%d" % view["dice_val"][d] for d in free])
    marked = [c.marks[i] for i in range(c.marked)]
    for a in view["legal"]:
        assert a in marked
        d = a - diploma.DRAFT
        cell = c.spots[marked.index(a)]
        assert c.tiles[cell] == canvas.tile(canvas.SOLID,
                                            diploma_table.TILE_COLOURS[view["dice_col"][d]])
        assert chr(c.chars[cell]) == "%d" % view["dice_val"][d]
    owners = c.texts()[1].split()
    for s in range(3):
        assert ("You" if s == seat else "P%d" % (s + 1)) in owners


def test_the_other_boards_come_after_the_first_page_with_their_numbers():
    state, seat = placing_state(3, 4)
    other = (seat + 1) % 3
    state.boards[other][4] = diploma.sample_tile(1 * 3 + 0)  # B straight
    state.rots[other][4] = 2
    state.points[other] = 9
    view = state.view(seat)
    c = draw(view)
    rows = c.texts()
    side = diploma_table.SIDE
    first = [r for r in range(c.rows) if rows[r][side + 1:].startswith("P%d" % (other + 1))]
    assert first and first[0] >= NARROW[2]  # not on the first page
    top = first[0]
    assert hex_cells(c, 4, top) == ("\\-\\", [canvas.tile(canvas.SOLID, canvas.BLUE)] * 3)
    assert rows[top + 1][diploma_table.SIDE + 1:] == "9pt"
    wide = draw(view, WIDE).texts()
    assert any(r[diploma_table.SIDE + 1:].startswith("9 points") for r in wide)


def test_what_the_placing_seat_moved_is_marked_on_its_board_and_its_pawn_before_that():
    # C.MOVED (the table turns to it and points there while a bot plays; a bot's tile travels
    # from its hand to it): on the placing seat's board, as another seat watches, the hex
    # its last move laid a tile on or stepped to; before any such move of its phase (a buy,
    # nothing yet) its pawn's hex, so the page is on that board before its first tile lands
    # (on a still page: it travels); nothing at the viewer's own placement. Guards: the mark
    # on the viewer's board, on no board until a tile is laid, at the viewer's own turn.
    state, seat = placing_state(3, 4)
    watcher = (seat + 1) % 3
    state.boards[seat][4] = diploma.sample_tile(1 * 3 + 0)
    state.pawn[seat] = 4
    for moved, want in ((-1, 4), (9, 9)):
        state.moved = moved
        c = draw(state.view(watcher))
        spots = [c.spots[i] for i in range(c.marked) if c.marks[i] == canvas.MOVED]
        rows = c.texts()
        side = diploma_table.SIDE
        top = [r for r in range(c.rows) if rows[r][side + 1:].startswith("P%d" % (seat + 1))][0]
        cell = (top + diploma_table.HEX_ROW[want]) * c.cols + diploma_table.HEX_COL[want]
        assert spots == [cell], (moved, spots, cell)
    assert canvas.MOVED not in [c.marks[i] for i in range(c.marked)
                                for c in [draw(state.view(seat))]]


def test_the_phase_line_says_what_each_phase_asks():
    seen = {}
    for seed in range(3):
        state = diploma.new_game(2, seed)
        rng = Prng(seed)
        while not state.is_over() and len(seen) < 12:
            seat = state.current_player()
            view = state.view(seat)
            row = draw(view).texts()[0]
            seen.setdefault(view["phase"], row)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    for phase, row in seen.items():
        if phase in ("rolled", "draft"):
            assert row.startswith("Rolled" if phase == "rolled" else "Draft"), row
        elif phase == "place":
            assert row.startswith(("Place or step", "Declare your loop!")), row
        else:
            assert row.startswith(diploma_table.PHASE_WORDS[phase][:10]), (phase, row)
    assert {"draft", "assign", "place", "spot"} <= set(seen)


def test_random_games_draw_every_view_at_both_widths_within_the_canvas():
    phases = set()
    drawn = 0
    for players in range(1, 5):
        for seed in range(2):
            state = diploma.new_game(players, 30 + seed)
            rng = Prng(seed + players)
            steps = 0
            while not state.is_over() and steps < 1500:
                steps += 1
                if rng.randbelow(3) == 0:
                    for seat in range(players):
                        view = state.view(seat)
                        phases.add(view["phase"])
                        for size in (NARROW, WIDE):
                            c = render(diploma_table, view, size[0], 32, names_for(players), 64)
                            assert c.cut == 0, (size, c.texts())
                            assert c.used < 32, c.texts()
                            for line in c.texts():
                                assert all(32 <= ord(ch) < 127 for ch in line)
                            drawn += 1
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
    assert drawn > 500
    assert {"draft", "assign", "place", "spot", "discard"} <= phases, phases


def test_redealing_what_a_seat_cannot_see_leaves_its_screen_alike():
    assert check_redealt_views_draw_alike(diploma, diploma_table, [(2, {}), (3, {})], 37, 300) > 10


def test_say_draws_a_placement_with_its_tile_at_its_rotation():
    c = canvas.Canvas(26, 2)
    c.at(0, 1)
    diploma_table.say(c, "place R tight h7 r1")
    assert c.row_text(0) == " place R tight h7 \\_/"
    assert c.tile_at(0, 19) == canvas.tile(canvas.SOLID, canvas.RED)
    c.at(1, 0)
    diploma_table.say(c, "lay a grey straight")
    assert c.row_text(1) == "lay a grey straight ---"
    assert c.tile_at(1, 20) == canvas.tile(canvas.SOLID, canvas.GREY)
    c = canvas.Canvas(26, 1)
    c.at(0, 0)
    diploma_table.say(c, "step to h4")
    assert c.row_text(0) == "step to h4" and not any(c.tiles)


def test_say_draws_the_tile_of_a_logged_move_in_place_of_the_word_tile():
    # The log's sentences name colours (rules.move_text): "a red tight tile" shows the kind's
    # picture over "tile", once (a grey one too); words with no tile stay plain.
    c = canvas.Canvas(40, 3)
    c.at(0, 0)
    diploma_table.say(c, "P3 lays a red tight tile on hex 1")
    assert c.row_text(0) == "P3 lays a red tight \\_/ on hex 1"
    assert [c.tile_at(0, col) for col in range(20, 23)] == [canvas.tile(canvas.SOLID,
                                                                         canvas.RED)] * 3
    assert sum(1 for col in range(40) if c.tile_at(0, col)) == 3
    c.at(1, 0)
    diploma_table.say(c, "P2 discards a grey wide tile")
    assert c.row_text(1) == "P2 discards a grey wide /--"
    assert sum(1 for col in range(40) if c.tile_at(1, col)) == 3
    c.at(2, 0)
    diploma_table.say(c, "P2 takes the red 4 die")
    assert c.row_text(2) == "P2 takes the red 4 die" and not any(c.tiles[80:])


def test_choices_put_a_loop_closing_placement_first_then_those_joining_lines():
    counted = 0
    for seed in range(12):
        state = play_to(2, seed, "spot", skip=seed % 4)
        if state.is_over():
            continue
        view = state.view(state.current_player())
        legal = view["legal"]
        order = diploma_choices.choices(view, legal)
        assert sorted(order) == sorted(legal)
        worth = [diploma_choices.place_joins(view, a) for a in order]
        assert worth == sorted(worth, reverse=True)
        counted += 1
    assert counted > 5


def test_choices_draft_the_best_die_and_produce_with_the_die_that_beats_the_judgement():
    for seed in range(6):
        state = play_to(2, seed, "assign")
        view = state.view(state.current_player())
        best = diploma_choices.choices(view, view["legal"])[0]
        mine = [d for d in range(len(view["dice_own"])) if view["dice_own"][d] == view["seat"]]
        p = mine[(best - diploma.PROD) // 2]
        j = view["judgement"]
        if max(view["dice_val"][d] for d in mine) > j + 2 * (view["under"][view["seat"]] ==
                                                             diploma.B_JUDGE):
            assert view["dice_val"][p] > j
    state = play_to(3, 1, "draft")
    view = state.view(state.current_player())
    first = diploma_choices.choices(view, view["legal"])[0] - diploma.DRAFT
    assert view["dice_val"][first] >= max(view["dice_val"][a - diploma.DRAFT]
                                          for a in view["legal"]) - 1


def test_choices_in_a_placement_put_a_fitting_tile_first_and_ending_it_one_up_away():
    # P-P: the tiles that fit first (the one joining more lines before a lone one), the
    # steps to where more of the hand fits next; ending the phase is the list's last choice
    # (UP once from the first) and buying a tile the one before it; with an empty hand,
    # buying comes first.
    state, seat = placing_state()
    state.boards[seat][1] = diploma.sample_tile(diploma.GREY * 3 + 0)
    state.rots[seat][1] = 0  # west-east: a line end into hex 2, next to the pawn
    state.tiles[seat] = [diploma.sample_tile(diploma.MANA_KIND), diploma.sample_tile(2)]
    state.gold[seat] = 9
    state.moves = 2
    view = state.view(seat)
    order = diploma_choices.others(view, view["legal"])
    assert sorted(order) == sorted(view["legal"])
    assert order[-1] == diploma.END and order[-2] == diploma.BUY
    tiles = [a for a in order if diploma.TILE <= a < diploma.PLACE]
    assert order[:len(tiles)] == tiles and tiles[0] == diploma.TILE + 2  # R tight: joins
    steps = [a for a in order if diploma.STEP <= a < diploma.JUMP]
    assert order[len(tiles):len(tiles) + len(steps)] == steps
    state.tiles[seat] = []
    view = state.view(seat)
    order = diploma_choices.others(view, view["legal"])
    assert order[0] == diploma.BUY and order[-1] == diploma.END
    assert diploma_choices.choices(view, view["legal"])[1:] == order  # (after the likely)
