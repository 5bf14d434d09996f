"""Placing a Diploma tile with a cursor on the board (issue 57): once a tile is chosen
(P-P3's second decision, phase spot), UP/DOWN move between the hexes that take it in the
board's reading order, LEFT/RIGHT turn it to the rotations that fit there, the hex under the
cursor shows the tile as it would lie, A lays exactly that, B takes it back. The cursor
starts on the likeliest placement. Rule ids: seeds/diploma.md."""

from app_driver import CURSOR_KEYS, keys_to, make_sim
from test_diploma_table import placing_state

from firmware import buttons
from firmware.games.diploma import choices as diploma_choices
from firmware.games.diploma import rules as diploma
from firmware.games.diploma import table as diploma_table
from firmware.ui import canvas

RED_TIGHT = 0 * 3 + 2
GREY_STRAIGHT = diploma.GREY * 3 + 0


def spot_table(kind, board=None):
    """The app at a human's placement with `kind` chosen (the tile picked by its choice),
    the pawn at the centre of a board holding `board` (hex -> (kind, rotation)) besides."""
    state, seat = placing_state()
    for h, (k, r) in (board or {}).items():
        state.boards[seat][h] = diploma.sample_tile(k) + 3 * (h % 2)  # (another of the kind)
        state.rots[seat][h] = r
    state.tiles[seat] = [diploma.sample_tile(kind) + 6, diploma.sample_tile(GREY_STRAIGHT) + 9]
    state.gold[seat] = 9  # (buying stays a choice after the placement: no lone END)
    seats = ["normal"] * state.players
    seats[seat] = "human"
    sim = make_sim("pybadge", seed=5)
    sim.app._play(state, seats)
    table = sim.app.screen
    for key in keys_to(table, table.legal.index(diploma.TILE + kind)):
        sim.press(key)
    assert sim.app.match.state.phase == diploma.P_SPOT and table.placer is not None
    return sim, seat


def preview(sim):
    """(the characters, the tiles) the screen shows at the hex the cursor is on."""
    table = sim.app.screen
    c = sim.app.canvas
    at = table.spot() + c.cols - table.top * c.cols  # (under the title bar)
    return bytes(c.chars[at:at + 3]).decode(), list(c.tiles[at:at + 3])


def test_the_cursor_reaches_every_placement_shows_it_and_a_lays_exactly_that_b_takes_it_back():
    # P-P3. Guards: a placement no keys reach, a key onto an illegal spot, a preview of
    # another rotation or colour than what A lays, B not undoing it.
    sim, seat = spot_table(RED_TIGHT, {1: (GREY_STRAIGHT, 0)})
    table = sim.app.screen
    match = sim.app.match
    legal = list(table.legal)
    assert len({(a - diploma.PLACE) // 6 for a in legal}) >= 4 and len(legal) >= 12
    view = match.state.view(seat)
    best = max(diploma_choices.place_joins(view, a) for a in legal)
    assert table.cursor == 0 and diploma_choices.place_joins(view, legal[0]) == best  # likeliest
    for target in legal:
        keys = keys_to(table, legal.index(target))
        assert set(keys[:-1]) <= set(CURSOR_KEYS)
        for key in keys[:-1]:
            sim.press(key)
        assert table.legal[table.cursor] == target
        h, r = (target - diploma.PLACE) // 6, (target - diploma.PLACE) % 6
        shown = preview(sim)
        line = diploma_table.LINES[diploma.MASKS[2 * 6 + r]]  # a tight curve at r
        assert shown == (line, [canvas.tile(canvas.SOLID, canvas.RED)] * 3), (target, shown)
        spot = table.spot()
        sim.press(buttons.A)
        state = match.state
        assert diploma.kind(state.boards[seat][h]) == RED_TIGHT and state.rots[seat][h] == r
        body = table.body  # the table drawn again: the tile laid is the one shown
        assert (bytes(body.chars[spot:spot + 3]).decode(), list(body.tiles[spot:spot + 3])) \
            == shown
        sim.press(buttons.B)  # taken back: the tile is still to place
        assert match.state.phase == diploma.P_SPOT and match.state.boards[seat][h] == -1
        assert list(table.legal) == legal
    sim.press(buttons.B)  # and the tile's choice too
    assert match.state.phase == diploma.P_PLACE and match.human_turn()


def test_up_down_go_round_the_hexes_in_reading_order_left_right_turn_the_tile_at_its_hex():
    # Guards: UP/DOWN skipping a hex or stuck on one, jumping across the board out of
    # order, LEFT/RIGHT leaving the hex or missing a rotation that fits, turning one way only.
    sim, seat = spot_table(RED_TIGHT, {1: (GREY_STRAIGHT, 0)})
    table = sim.app.screen
    legal = list(table.legal)

    def hexes():
        return (table.legal[table.cursor] - diploma.PLACE) // 6

    def reading(h):
        return (diploma_table.HEX_ROW[h], diploma_table.HEX_COL[h])

    order = sorted({(a - diploma.PLACE) // 6 for a in legal}, key=reading)
    start = order.index(hexes())
    for key, step in ((buttons.DOWN, 1), (buttons.UP, -1)):
        for i in range(1, len(order) + 1):
            sim.press(key)
            assert hexes() == order[(start + step * i) % len(order)]
            first = [a for a in legal if (a - diploma.PLACE) // 6 == hexes()][0]
            assert table.legal[table.cursor] == first  # at its likeliest turn
    for h in order:
        while hexes() != h:
            sim.press(buttons.DOWN)
        fits = {(a - diploma.PLACE) % 6 for a in legal if (a - diploma.PLACE) // 6 == h}
        for key, turn in ((buttons.LEFT, 1), (buttons.RIGHT, -1)):  # anticlockwise / clockwise
            seen = []
            for _ in range(len(fits)):
                r = (table.legal[table.cursor] - diploma.PLACE) % 6
                sim.press(key)
                assert hexes() == h
                nxt = (table.legal[table.cursor] - diploma.PLACE) % 6
                assert nxt == next((r + turn * i) % 6 for i in range(1, 7)
                                   if (r + turn * i) % 6 in fits)
                seen.append(nxt)
            assert set(seen) == fits


def test_a_straight_turns_through_the_rotations_that_fit_and_a_mana_spot_stays():
    # P-C2 / P-P3: a straight has 3 distinct rotations (next to the pawn's tile at most 2
    # fit), a mana spot one: LEFT leaves it as it is.
    for kind, colour in ((GREY_STRAIGHT, canvas.GREY), (diploma.MANA_KIND, canvas.CYAN)):
        sim, seat = spot_table(kind)
        table = sim.app.screen
        h = (table.legal[0] - diploma.PLACE) // 6
        fits = {a for a in table.legal if (a - diploma.PLACE) // 6 == h}
        assert len(fits) == (2 if kind == GREY_STRAIGHT else 1)
        seen = set()
        for _ in range(4):
            seen.add(table.legal[table.cursor])
            assert preview(sim)[1] == [canvas.tile(canvas.SOLID, colour)] * 3
            sim.press(buttons.LEFT)
        assert seen == fits
    assert preview(sim)[0] == " * "


def test_the_placement_screenshot_shows_the_tile_where_the_cursor_is(tmp_path):
    # tools/shots.sh's diploma-place-pybadge: its keys end on a placement with the cursor
    # moved and the tile turned, the board showing the tile there (the picture the choice
    # ends with, at a hex of the board).
    from test_app import run_sim, shot_arguments

    done = run_sim(["--headless", "--no-save", "--print"]
                   + shot_arguments("diploma-place-pybadge"), tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("^v hex <> turn"), lines
    choice = lines[-1]
    assert choice.startswith(">place R tight h"), lines
    picture = choice.rsplit(" ", 1)[1]
    board = [line[:diploma_table.SIDE] for line in lines[2:7]]
    assert any(picture in row for row in board), (picture, lines)
