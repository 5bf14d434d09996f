"""Quartz on the handheld table screen (firmware/games/quartz/table.py): every seat's view drawn
at every step of random games at both widths, and what the viewer must see on the first
page (rows - 3 = 7 rows at 26 columns, 8 at 40) checked against the State."""

from randplay import random_game
from table_checks import NARROW, WIDE, names_for, render

from firmware.core.prng import Prng
from firmware.games.quartz import rules as quartz
from firmware.games.quartz import table as quartz_table
from firmware.ui import canvas
from firmware.ui.canvas import GEM, SOLID, tile


def names(players):
    return names_for(players)


def draw(view, size):
    return render(quartz_table, view, size[0], size[1])


def page_one(c, size):
    return c.texts()[: size[2]]


def check_drawn(c):
    for line in c.texts():
        assert all(32 <= ord(ch) < 127 for ch in line)
    assert c.used > 0


def test_random_games_draw_every_view_at_both_widths():
    phases = set()
    drawn = [0]

    def check(state, rng):
        for seat in range(state.players):
            view = state.view(seat)
            phases.add(view["phase"])
            for size in (NARROW, WIDE):
                check_drawn(draw(view, size))
                drawn[0] += 1

    for players in range(quartz.MIN_PLAYERS, quartz.MAX_PLAYERS + 1):
        for seed in range(2):
            random_game("quartz", players, seed + 10 * players, policy_seed=seed, check=check)
    assert drawn[0] > 1000
    assert set(quartz.PHASES) <= phases  # every phase drawn, game over included


def play_to(players, seed, phase, policy=1):
    """A state in `phase` (random play with a fixed policy)."""
    state = quartz.new_game(players, seed)
    rng = Prng(policy)
    while not state.is_over() and quartz.PHASES[state.phase] != phase:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def find_tile(c, rows, kind, colour):
    want = tile(kind, colour)
    for row in range(rows):
        for col in range(c.cols):
            if c.tile_at(row, col) == want:
                return row, col
    return None


def test_first_page_shows_dice_cart_chest_and_turn():
    state = play_to(4, 5, "roll")
    state.carts[0] = [2, 0, 1, 0, 0, 3, 1]
    state.chests[0] = [0, 0, 0, 0, 1, 0, 0]
    view = state.view(0)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        rows = page_one(c, size)
        text = "\n".join(rows)
        assert "Round %d/6" % view["round"] in rows[0]
        assert "P%d plays" % (view["turn"] + 1) in rows[0]
        # The five dice: their face letters on badges.
        dice = rows[1]
        letters = [dice[i] for i in range(len(dice)) if c.tile_at(1, i) != 0 and dice[i] != " "]
        assert letters == [quartz.FACE_LETTERS[f] for f in view["dice"]]
        # The viewer's cart: a gem of each kind held, its count just after.
        cart_row = 3
        for kind in range(quartz.NKINDS):
            spot = find_tile(c, size[2], GEM, quartz_table.KIND_COLOURS[kind])
            assert spot is not None  # in the legend at least
        line = rows[cart_row]
        for kind, n in ((0, 2), (2, 1), (5, 3), (6, 1)):
            col = quartz_table._label(c) + kind * quartz_table.CELL
            assert c.tile_at(cart_row, col) == tile(GEM, quartz_table.KIND_COLOURS[kind])
            assert line[col + 1] == str(n)
        # Nothing shown where the cart holds none.
        col = quartz_table._label(c) + 1 * quartz_table.CELL
        assert c.tile_at(cart_row, col) == 0
        chest = rows[cart_row + 1]
        col = quartz_table._label(c) + 4 * quartz_table.CELL
        assert c.tile_at(cart_row + 1, col) == tile(GEM, quartz_table.KIND_COLOURS[4])
        assert chest[col + 1] == "1"
        # The mover's rerolls: the free ones and the markers.
        n = view["rerolls"] + view["markers"][view["turn"]]
        assert ("%d reroll%s" % (n, "" if n == 1 else "s")) in text
        # Every other cart on the first page at 40 columns (4 players: 8 rows).
        if size is WIDE:
            for other in range(1, 4):
                assert any(r.startswith("P%d" % (other + 1)) for r in rows[4:])


def face_tile(face, picked=False):
    """The tile of a die showing `face`: its picture on a free or a picked die."""
    return canvas.PICTURES + quartz_table.FACES + face + (len(quartz.FACES) if picked else 0)


def test_a_die_is_its_face_on_its_states_colour():
    # Free: its face's picture on teal; picked: on orange; used: a grey badge of its letter;
    # the face's letter under a picture (an outline shows it). Guards: a die showing another
    # face or another die's state, the picture without its letter, a used die as a picture.
    state = play_to(3, 7, "roll")
    legal = [a for a in state.legal_actions() if a >= quartz.DIE]
    state.apply(legal[0])
    views = [state.view(state.turn)]
    rng = Prng(5)
    state = quartz.new_game(3, 5)
    while not state.used:  # and a die used by an action
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    views.append(state.view(state.turn))
    seen = set()
    for view in views:
        picked = view["selected"] if view["phase"] == "roll" else view["group"]
        c = draw(view, NARROW)
        cols = [i for i in range(c.cols) if c.tile_at(1, i) != 0]
        for d in range(quartz.DICE):
            face = view["dice"][d]
            assert c.row_text(1)[cols[d]] == quartz.FACE_LETTERS[face]
            if view["used"][d]:
                assert c.tile_at(1, cols[d]) == tile(SOLID, quartz_table.DIE_USED)
                seen.add("used")
            else:
                assert c.tile_at(1, cols[d]) == face_tile(face, picked[d])
                seen.add("picked" if picked[d] else "free")
    assert seen == {"used", "picked", "free"}


def test_phases_say_what_is_being_done():
    for phase, word in (
        ("return", "New"),
        ("chest", "chest "),
        ("take", "take "),
        ("give", "give "),
    ):
        for seed in range(40):
            state = play_to(3, seed, phase, policy=seed)
            if quartz.PHASES[state.phase] == phase:
                break
        assert quartz.PHASES[state.phase] == phase
        view = state.view(state.turn)
        for size in (NARROW, WIDE):
            text = "\n".join(page_one(draw(view, size), size))
            assert word in text, (phase, text)
            if phase == "return":
                row = page_one(draw(view, size), size)[2]
                assert row.startswith("New")


def test_game_over_names_the_winners():
    state = random_game("quartz", 5, 3, policy_seed=4)
    view = state.view(0)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        assert c.texts()[0] == "Game over: P%d wins" % (view["winners"][0] + 1)
        tie = dict(view)
        tie["winners"] = [0, 3]
        assert draw(tie, size).texts()[0] == "Game over: tie P1 P4"
        # The points of every seat somewhere on the pages.
        text = "\n".join(c.texts())
        for s in range(5):
            assert str(view["scores"][s]) in text


def test_everything_public_the_drawing_reads_the_view_only():
    """Quartz has no hidden cards: two states with the same view draw the same screen."""
    import firmware.games.quartz.rules as mod

    state = play_to(4, 2, "act")
    view = state.view(1)
    other = mod.sample_state(view, Prng(9))
    for size in (NARROW, WIDE):
        a = draw(view, size)
        b = draw(other.view(1), size)
        assert a.texts() == b.texts() and bytes(a.tiles) == bytes(b.tiles)


def three_at_the_table():
    """3 players, P1 to roll; P1 holds crystals of four kinds, P2 two kinds."""
    state = play_to(3, 5, "roll")
    state.carts[0] = [2, 0, 1, 0, 0, 3, 1]
    state.chests[0] = [0, 0, 0, 0, 1, 0, 0]
    state.carts[1] = [0, 4, 0, 0, 0, 0, 2]
    return state


def gems_in(c, row):
    """(column, kind) of each crystal gem drawn on `row`, left to right."""
    found = []
    for col in range(c.cols):
        for kind in range(quartz.NKINDS):
            if c.tile_at(row, col) == tile(GEM, quartz_table.KIND_COLOURS[kind]):
                found.append((col, kind))
    return found


def count_after(c, row, col):
    """The number written just after the gem at `col` of `row`."""
    text = c.row_text(row)[col + 1 :] + " "
    return int(text[: text.index(" ")])


def test_the_legend_shows_every_kinds_value_and_the_rows_line_up_under_it():
    view = three_at_the_table().view(0)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        legend = gems_in(c, 2)
        assert [kind for _, kind in legend] == list(range(quartz.NKINDS))  # all seven, in order
        assert [count_after(c, 2, col) for col, _ in legend] == list(quartz.VALUES)
        under = dict(legend)
        columns = {kind: col for col, kind in legend}
        # Your cart, your chest, the other carts: each kind under its legend gem.
        for row, counts in ((3, view["carts"][0]), (4, view["chests"][0]), (5, view["carts"][1])):
            held = gems_in(c, row)
            assert [kind for _, kind in held] == [k for k in range(quartz.NKINDS) if counts[k]]
            for col, kind in held:
                assert under[col] == kind and columns[kind] == col
                assert count_after(c, row, col) == counts[kind]
        assert c.row_text(6).split()[:2] == ["P3", "-"]  # nothing held


def test_row_labels_at_both_widths():
    view = three_at_the_table().view(0)
    narrow = draw(view, NARROW)
    assert [narrow.row_text(r).split()[0] for r in range(3, 7)] == ["Cart", "C", "P2", "P3"]
    # the chest's picture
    assert narrow.tile_at(4, 0) == quartz_table.FACES + quartz.CHEST + canvas.PICTURES
    wide = draw(view, WIDE)
    assert [wide.row_text(r).split()[0] for r in range(3, 7)] == ["P1", "chest", "P2", "P3"]
    # Seen from P2's seat: its own rows first, then P3 and P1 in turn order.
    view = three_at_the_table().view(1)
    narrow = draw(view, NARROW)
    assert [narrow.row_text(r).split()[0] for r in range(3, 7)] == ["Cart", "C", "P3", "P1"]
    assert narrow.row_text(3).split()[1:] == ["4", "2"]
    assert narrow.colours[6] == canvas.CYAN  # P1 plays
    assert narrow.colours[5] == canvas.WHITE  # (P3 waits: not in the mover's colour)
    wide = draw(view, WIDE)
    assert [wide.row_text(r).split()[0] for r in range(3, 7)] == ["P2", "chest", "P3", "P1"]


def test_seats_chest_points_and_markers():
    # At 40 columns, after each seat's crystals: its chest size and points under "chest
    # points"; at 26, on a later page, a row a seat: its points and its chest size in words;
    # then the reroll markers held. Guards: a figure under another heading, a seat's figures
    # on another's row, the markers of the seats without any said, six seats' markers cut.
    state = three_at_the_table()
    state.markers = [0, 2, 1]
    view = state.view(0)
    wide = draw(view, WIDE)
    heading = wide.row_text(2)
    assert heading.endswith(" chest points")
    end = len(heading)
    for row, seat in ((3, 0), (5, 1), (6, 2)):
        text = wide.row_text(row)
        assert len(text) == end  # the points flush with "points"
        assert text[end - 12:end - 7].strip() == "%d" % sum(view["chests"][seat])  # "chest"
        assert text[end - 7:].strip() == "%d" % view["scores"][seat]
    assert wide.row_text(7) == "Reroll markers: P2 2, P3 1"
    # At 26 columns those go to the second page, one row per seat.
    narrow = draw(view, NARROW)
    assert narrow.row_text(2).split() == [str(v) for v in quartz.VALUES]  # (the legend only)
    assert narrow.row_text(3).split() == ["Cart", "2", "1", "3", "1"]
    assert narrow.row_text(5).split() == ["P2", "4", "2"]
    for s in range(3):
        assert narrow.row_text(7 + s).split() == [
            "P%d" % (s + 1), "%d" % view["scores"][s], "points,",
            "%d" % sum(view["chests"][s]), "in", "chest"]
    assert narrow.row_text(10) == "Reroll markers: P2 2, P3 1"
    assert "points," not in "".join(wide.texts())
    state = quartz.new_game(6, 1)
    state.markers = [2, 0, 1, 3, 1, 1]
    for size in (NARROW, WIDE):
        c = draw(state.view(0), size)
        rows = [r for r in range(c.used) if c.row_text(r).startswith("Reroll markers")]
        said = " ".join([c.row_text(r) for r in range(rows[0], rows[0] + 2)])
        assert said.startswith("Reroll markers: P1 2, P3 1, P4 3, P5 1, P6 1"), said
        assert c.cut == 0
    state.markers = [0] * 6
    assert "Reroll markers: none" in draw(state.view(0), NARROW).texts()


def test_further_rows_the_other_chests_the_bag_and_the_dice_words():
    state = three_at_the_table()
    state.chests[2] = [0, 0, 3, 0, 0, 0, 0]
    view = state.view(0)
    words = ("Dice: P pickaxe H hammer C chest T transfer S steal * helmet: any"
             " Picked: orange, used: grey")  # (a face's picture has its letter under it)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        texts = c.texts()[: c.used]
        chests = [r for r in range(c.used) if texts[r].startswith(("P2C ", "P3C "))]
        assert [texts[r].split()[0] for r in chests] == ["P2C", "P3C"]  # (name, picture)
        assert c.tile_at(chests[0], 2) == quartz_table.FACES + quartz.CHEST + canvas.PICTURES
        assert texts[chests[0]].split()[1:] == ["-"]
        assert [k for _, k in gems_in(c, chests[1])] == [2]
        bag = chests[1] + 1
        assert texts[bag].startswith("Bag")
        assert [k for _,
                k in gems_in(c, bag)] == [k for k in range(quartz.NKINDS) if view["bag"][k]]
        tail = texts[bag + 1 :]
        if size is WIDE:
            assert texts[bag].endswith(" %d pairs" % view["pairs"])
        else:
            assert tail[0] == "%d in the bag, %d pairs" % (sum(view["bag"]), view["pairs"])
            assert len(tail[0]) <= size[0]  # nothing cut at 26 columns
            tail = tail[1:]
        assert " ".join(tail) == words
        assert all(len(t) <= size[0] for t in tail)


def test_dice_badges_are_wider_at_40_columns():
    view = three_at_the_table().view(0)
    letters = "".join(quartz.FACE_LETTERS[f] for f in view["dice"])
    narrow = draw(view, NARROW)
    assert narrow.row_text(1).startswith("Dice " + " ".join(letters))
    assert sum(1 for col in range(26) if narrow.tile_at(1, col)) == 5
    wide = draw(view, WIDE)
    assert wide.row_text(1).startswith("Dice " + " ".join(" %s " % ch for ch in letters))
    assert sum(1 for col in range(40) if wide.tile_at(1, col)) == 15


def test_choosing_an_action_says_which_are_done():
    seen = set()
    for seed in range(24):
        state = play_to(3, seed, "act", policy=seed)
        for _ in range(seed % 4):  # up to three actions into the turn
            if quartz.PHASES[state.phase] != "act":
                break
            legal = [a for a in state.legal_actions() if a != quartz.END_TURN]
            if not legal:
                break
            state.apply(legal[0])
            while quartz.PHASES[state.phase] not in ("act", "roll", "over"):
                state.apply(state.legal_actions()[0])
        if quartz.PHASES[state.phase] != "act":
            continue
        view = state.view(0)
        done = [k for k in range(5) if view["kinds_used"][k]]
        want = "done " + " ".join([quartz.FACE_LETTERS[k] for k in done]) if done else "choose"
        c = draw(view, NARROW)
        assert c.row_text(1).endswith(" " + want) and len(c.row_text(1)) == c.cols
        # The actions done as their faces' pictures, a space apart.
        assert [c.tile_at(1, c.cols - 2 * i - 1) for i in range(len(done))] == [
            face_tile(k) for k in reversed(done)]
        seen.add(len(done))
    assert {0, 1, 2} <= seen, seen


def test_the_hammer_says_how_many_crystals_go_back():
    for seed in range(40):
        state = play_to(3, seed, "return", policy=seed)
        if quartz.PHASES[state.phase] == "return":
            break
    view = state.view(state.turn)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        assert c.row_text(1).endswith(" return %d" % view["left"])
        assert len(c.row_text(1)) == size[0]  # flush right
        # The crystals just mined, where the legend stands otherwise, in orange.
        assert c.row_text(2).startswith("New")
        assert c.colours[2] == canvas.ORANGE
        mined = [k for k in range(quartz.NKINDS) if view["mined"][k]]
        assert [k for _, k in gems_in(c, 2)] == mined
        assert [count_after(c, 2, col) for col, _ in gems_in(c, 2)] == [
            view["mined"][k] for k in mined
        ]


def test_the_wide_layout_needs_40_columns():
    """One column short of 40: the 26-column layout (the points on rows of their own, the
    bag's total in words), only with more room for the words."""
    view = three_at_the_table().view(0)
    c = render(quartz_table, view, 39, 40)
    texts = c.texts()
    assert [texts[r].split()[0] for r in range(3, 7)] == ["Cart", "C", "P2", "P3"]
    assert "points" not in texts[2] and texts[3].split() == ["Cart", "2", "1", "3", "1"]
    assert [t.split()[:3] for t in texts[7:10]] == [
        ["P%d" % (s + 1), "%d" % view["scores"][s], "points,"] for s in range(3)
    ]
    bag = next(r for r, t in enumerate(texts) if t.startswith("Bag"))
    assert "pairs" not in texts[bag]
    assert texts[bag + 1] == "%d in the bag, %d pairs" % (sum(view["bag"]), view["pairs"])


def test_the_dice_row_names_the_action_and_its_target():
    # What the mover is doing, at the dice row's end: the action's face letter while its
    # dice are picked, the other player of a give or a take by name, P1 included.
    # Guards: a letter shown as "?" for some kinds, a target seat 0 shown as "?".
    seen = set()
    for seed in range(60):
        state = quartz.new_game(3, seed)
        rng = Prng(seed)
        for _ in range(150):
            if state.is_over():
                break
            view = state.view(state.current_player())
            phase = view["phase"]
            before, faces, after = quartz_table._doing(view, names_for(3))
            text = before + "".join(quartz.FACE_LETTERS[k] for k in faces) + after
            if phase == "dice":
                assert text.startswith(quartz.FACE_LETTERS[view["action"]] + " x"), text
                seen.add(("dice", view["action"]))
            elif phase in ("give", "take"):
                assert text.endswith("P%d" % (view["target"] + 1)), text
                seen.add((phase, view["target"]))
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    assert {("dice", k) for k in range(5)} <= seen, seen
    assert ("take", 0) in seen, seen


def test_what_the_last_move_moved_is_marked_while_another_seat_decides_or_as_your_turn_comes():
    # C.MOVED (the table points there while the bots play): the die, the seat's name (yours:
    # your cart's row), the crystal's gem in the cart or chest it went to; at the viewer's
    # own decision only a crystal, before a die of the turn is used (the last seat's move).
    # Guards: a mark on the die or row before or after, another seat's row, a chest's crystal
    # marked in the cart, a die or seat marked at your own decision, a crystal after a die.
    state = three_at_the_table()
    state.turn = 1  # (P2 moves; P1 watches)
    base = state.view(0)
    rows = {"Cart": 3, "chest": 4, "P2": 5, "P3": 6}
    cases = [(quartz.DIE + 3, 1, None), (quartz.SEAT + 2, rows["P3"], "P3"),
             (quartz.SEAT + 0, rows["Cart"],
             "Cart"), (quartz.IN_CART + 1 * 8 + 1, rows["P2"], 1), (quartz.IN_CART + 0 * 8 + 5,
             rows["Cart"], 5), (quartz.IN_CHEST + 0 * 8 + 4, rows["chest"], 4)]
    for moved, row, what in cases:
        view = dict(base)
        view["moved"] = moved
        c = render(quartz_table, view, NARROW[0], 40,
                   marks=64)  # (every page: the bag's row too)
        spots = [c.spots[i] for i in range(c.marked) if c.marks[i] == canvas.MOVED]
        assert len(spots) == 1, (moved, spots)
        r, col = divmod(spots[0], c.cols)
        assert r == row, (moved, r)
        if moved < quartz.SEAT:
            assert col == 5 + 2 * (moved - quartz.DIE)  # the die's own cell in "Dice a b c d e"
        elif moved < quartz.IN_CART:
            assert col == 0 and c.row_text(r).split()[0] == what
        else:
            assert col == quartz_table._label(c) + what * quartz_table.CELL  # the gem of that kind
            assert c.tile_at(r, col) == tile(GEM, quartz_table.KIND_COLOURS[what])
        view["current"] = 0  # the viewer's own decision: no mark, but a crystal the last
        # seat moved as the viewer's turn comes (no die of the turn used yet)
        c = render(quartz_table, view, NARROW[0], 40, marks=64)
        marked = [c.spots[i] for i in range(c.marked) if c.marks[i] == canvas.MOVED]
        assert marked == (spots if moved >= quartz.IN_CART else []), (moved, marked)
        view["used"] = [0, 0, 1, 0, 0]
        c = render(quartz_table, view, NARROW[0], 40, marks=64)
        assert canvas.MOVED not in [c.marks[i] for i in range(c.marked)]
        for seat in range(3):  # a seat is one thing on the table: its cart's row, once
            assert [c.marks[i] for i in range(c.marked)].count(quartz.SEAT + seat) == 1
