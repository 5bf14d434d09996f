# A bot's move shown moving (issue 57 item 6): the card, die or crystal a bot moved travels on
# the scene's sprite from where the screen showed it to its place in about a third of a
# second, its place empty until it lands, the rest of the table still; A lands it at once.
# Read off the simulator's displayio (the sprite's group and tiles, the pixels), off
# MicroPython's framebuf scene (firmware/ui/fbscene.py: the pixels it sends, compared with
# displayio's), and on CircuitPython's own displayio (test_cp_pico.py).
import json
import os
import subprocess

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from app_driver import make_sim, setup_game  # noqa: E402
from mpbuild import find_tool  # noqa: E402
from panelmodel import Panel  # noqa: E402
from sim import pixels  # noqa: E402
from test_fbscene import displayio_picture, feed, run_micropython, windows  # noqa: E402

from firmware import buttons, core  # noqa: E402
from firmware.core.prng import Prng  # noqa: E402
from firmware.games.diamonds import rules as diamonds  # noqa: E402
from firmware.games.diams import rules as diams  # noqa: E402
from firmware.games.diams import table as diams_table  # noqa: E402
from firmware.games.diploma import rules as diploma  # noqa: E402
from firmware.games.diploma import table as diploma_table  # noqa: E402
from firmware.games.quartz import rules as quartz  # noqa: E402
from firmware.games.sixgems import rules as sixgems  # noqa: E402
from firmware.ui import canvas, screens, travel  # noqa: E402
from firmware.ui.look import PALETTE  # noqa: E402
from firmware.ui.match import seat_name  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRAME = 33  # the simulator's frame (tools/sim.py)


def rgb565(rgb):
    r, g, b = rgb >> 16, (rgb >> 8) & 255, rgb & 255
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


def humans_step(sim):
    """A step on the way to the bots' next move: A on a screen that is not the table, the
    choice under the cursor at a human's decision (nothing travelling). False, nothing done:
    the table waits on a bot or a travel (its next frame goes on with it)."""
    table = sim.app.screen
    if not isinstance(table, screens.TableScreen):
        sim.press(buttons.A)
        return True
    if sim.app.match.human_turn() and not table.moving:
        sim.frame(buttons.A)
        sim.frame(0)
        return True
    return False


def next_travel(sim, want=lambda action: True, limit=20000):
    """Frames, the human choosing the choice under the cursor, until a bot's action that
    `want(action)` starts a travel, at the frame it does: (the table, the action, its seat,
    the screen's rows just before)."""
    for _ in range(limit):
        app = sim.app
        table = app.screen
        match = app.match
        assert match is not None and not match.over(), "no travel in the whole game"
        if humans_step(sim):
            continue
        done = len(match.state.history)
        seat = match.current()
        before = sim.texts()
        sim.frame(0)
        if table.moving and table.since == sim.now and want(match.state.history[done]):
            assert match.bots[seat] is not None  # (a bot's move)
            return table, match.state.history[done], seat, before
    raise AssertionError("no travel in %d frames" % limit)


def at(sim, cell):
    """A screen cell's top left pixel."""
    _group, _glyphs, _letters, _ink, w, h, x0, y0 = sim.scene.sprite
    cols = sim.app.cols
    return x0 + cell % cols * w, y0 + cell // cols * h


def sprite_at(sim):
    """The sprite's top left pixel, or None when it is hidden."""
    group = sim.scene.sprite[0]
    return None if group.hidden else (group.x, group.y)


def lit(sim, x, y, cells, colour):
    """How many pixels of the `cells` cells at pixel (x, y) show `colour`."""
    sim.refresh()
    rows = pixels(sim.display)
    want = rgb565(PALETTE[colour])
    return sum(1 for j in range(12) for i in range(6 * cells) if rows[y + j][x + i] == want)


def trip(table):
    """The travel under way: (the screen cell it goes from, the one it lands on, its cells)."""
    moving = table.trip  # (the app's import of ui/travel.py: a test before may have reloaded it)
    assert table.moving and moving.__name__ == travel.__name__
    return moving.src, moving.dst, moving.size


def thing_shown(sim, table, cell, size):
    """The canvas shows the body's cells of a thing of `size` cells at screen cell `cell`."""
    c = sim.app.canvas
    body = sim.app.body
    spot = cell - c.cols + table.top * c.cols  # (the body's cell shown there)
    return all(c.tiles[cell + k] == body.tiles[spot + k] and c.tiles[cell + k]
               for k in range(size))


def badge_colour(sim):
    """The colour of the travelling thing's first cell (a badge)."""
    tile = sim.scene.sprite[1][0, 0]
    assert 0 < tile <= canvas.COLOURS  # a SOLID badge
    return tile - 1


def between(a, b, p):
    """p lies on the segment a..b, strictly inside."""
    ax, ay = a
    bx, by = b
    px, py = p
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    inside = min(ax, bx) <= px <= max(ax, bx) and min(ay, by) <= py <= max(ay, by)
    return abs(cross) <= 2 * max(abs(bx - ax), abs(by - ay)) and inside and p != a and p != b


def is_play(action):
    return diamonds.PLAY <= action < diamonds.PLAY + diamonds.DECK_SIZE


def diamonds_sim(board="pybadge", seed=2):
    sim = make_sim(board, seed=seed)
    setup_game(sim, "Diamonds", 3, ["human", "normal", "normal"], settle=False)
    return sim


def test_a_bots_card_travels_from_its_seat_to_the_trick_in_a_third_of_a_second():
    # Guards: no travel, a travel from nowhere near its mover, its place shown before it
    # lands, the rest of the table redrawn while it travels (or the table drawn again at
    # each of its frames: board time), a travel that never ends or jumps to its end.
    sim = diamonds_sim()
    table, action, seat, before = next_travel(sim, is_play)
    c = sim.app.canvas
    src, dst, size = trip(table)
    # From the mover's name (its hand is hidden) to the trick's row, its place empty.
    name = "P%d" % (seat + 1)
    assert before[src // c.cols][src % c.cols:src % c.cols + 2] == name, (before, src)
    assert dst // c.cols in (1, 2) and ("trick" in c.row_text(1) or "last" in c.row_text(1))
    assert table.find(canvas.MOVED) - table.top * c.cols + c.cols == dst
    assert not any(c.tiles[dst + k] for k in range(size))
    assert size == len(diamonds.card_text(action - diamonds.PLAY)), size
    glyphs = sim.scene.sprite[1]
    body = sim.app.body
    spot = table.find(canvas.MOVED)
    assert [glyphs[k, 0] for k in range(size)] == list(body.tiles[spot:spot + size])
    colour = badge_colour(sim)
    assert sprite_at(sim) == at(sim, src)
    assert lit(sim, *at(sim, src), size, colour) >= 30  # the card, over the name
    assert lit(sim, *at(sim, dst), size, colour) == 0  # its place empty
    changes = sim.scene.changes
    seen = []
    half = 0
    draws = []
    app = sim.app
    draw = app.draw
    app.draw = lambda: draws.append(sim.now) or draw()  # (the table drawn: board time)
    while table.moving:
        sim.frame(0)
        seen.append((sim.now - table.since, sprite_at(sim)))
        if table.moving:
            assert between(at(sim, src), at(sim, dst), seen[-1][1]), seen
            assert sim.scene.changes == changes  # nothing else drawn
            assert not draws  # (the sprite alone moves: the table is not drawn again)
        if len(seen) == 5:
            half = lit(sim, *seen[-1][1], size, colour)  # the card half-way, in pixels
    del app.draw
    assert draws == [sim.now]  # ...until it lands
    # At each frame nearer its place, landed at a third of a second (330 ms).
    steps = [p for _ms, p in seen[:-1]]
    far = [abs(x - at(sim, dst)[0]) + abs(y - at(sim, dst)[1]) for x, y in steps]
    assert far == sorted(far, reverse=True) and len(set(far)) == len(far), seen
    assert seen[-1] == (travel.TRAVEL_MS, None) and seen[-2][0] < travel.TRAVEL_MS, seen
    assert half >= 30
    assert thing_shown(sim, table, dst, size)  # the card in its place
    assert lit(sim, *at(sim, dst), size, colour) >= 30


def test_a_card_from_a_hidden_hand_starts_at_its_seats_mark_not_at_its_name():
    # The travel reads where its mover's row is from the table's seat mark (Canvas.seat),
    # not off the drawn text: a table that marks each seat a row higher moves the start
    # there. Guards: the start found by searching the screen for "P2".
    sim = diamonds_sim()
    body = sim.app.body
    mark = body.seat

    def a_row_higher(seat):
        body.row -= 1
        mark(seat)
        body.row += 1

    body.seat = a_row_higher
    table, _action, mover, before = next_travel(sim, is_play)
    src, _dst, _size = trip(table)
    assert src == travel.from_name >= 0
    text = before[src // sim.app.cols]
    assert text[src % sim.app.cols:][:2] != "P%d" % (mover + 1), (text, before)
    assert ("P%d" % (mover + 1)) in before[src // sim.app.cols + 1], before  # (a row higher)


def test_each_table_marks_the_other_seats_names_first_on_their_rows():
    # Every game's table marks each seat's name where it starts that seat's row (Canvas.seat:
    # where a card from its hidden hand starts its travel): the topmost row that starts with
    # another seat's name is the one marked; Diploma's, the name beside its board, where its
    # hand is counted (a tile it lays travels from there to the board). Guards: a seat's
    # mark on another seat's name, a cell off its name, a seat left unmarked where its name
    # starts a row; Diploma's on its dice row or its words, pages away from its board.
    checked = set()
    for game in ("diams", "diamonds", "quartz", "sixgems", "diploma"):
        module = core.load(game)
        renderer = core.game_part(game, "table")
        for cols in (26, 40):
            players = module.MAX_PLAYERS
            state = module.new_game(players, 3)
            rng = Prng(cols)
            names = [seat_name(s, "normal" if s else "human") for s in range(players)]
            for step in range(120):
                if state.is_over():
                    break
                if step % 6 == 0:
                    body = canvas.Canvas(cols, 32, 64)
                    renderer.draw(body, state.view(0), names)
                    for s in range(1, players):
                        cell = body.seats[s] - 1
                        want = (first_name(body, s) if game != "diploma"
                                else beside_board(body, s))
                        assert cell == want or want < 0 and named(body, cell, s), (
                            game, s, cell, want, body.texts())
                        if cell >= 0:
                            checked.add(game)
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
    assert checked == {"diams", "diamonds", "quartz", "sixgems", "diploma"}, checked


def named(body, cell, seat):
    """The body shows the seat's name "P<n>" at `cell`."""
    text = body.row_text(cell // body.cols)[cell % body.cols:] if cell >= 0 else ""
    return text[:2] == "P%d" % (seat + 1) and not text[2:3].isdigit()


def beside_board(body, seat):
    """Diploma: the body's cell of the seat's name beside its board (its hand's count after
    it), or -1."""
    side = diploma_table.SIDE + 1
    for row in range(body.used):
        cell = row * body.cols + side
        if named(body, cell, seat) and body.row_text(row)[side + 3:side + 4] in "h":
            return cell
    return -1


def first_name(body, seat):
    """The body's cell of the topmost seat's name "P<n>" first on a row (after blanks, the
    pointer of the seat on turn ">" and a board's empty cells), or -1."""
    for row in range(body.used):
        text = body.row_text(row)
        cell = row * body.cols + len(text) - len(text.lstrip(" >"))
        if named(body, cell, seat):
            return cell
    return -1


def test_a_lands_a_travelling_move_at_once():
    # Guards: A waiting for the travel, the sprite left on the screen, A hurrying the next bot
    # instead of skipping ahead.
    sim = diamonds_sim()
    app = sim.app
    while True:  # (a move a bot's turn follows: A skips ahead)
        table, _action, _seat, _before = next_travel(sim, is_play)
        if table.hold is not None:
            break
    sim.frame(0)
    assert table.moving and sprite_at(sim) is not None
    _src, dst, size = trip(table)
    slice_ms = app.slice_ms
    app.slice_ms = 0  # (the next bot waits: this frame shows the move landed)
    sim.frame(buttons.A)
    app.slice_ms = slice_ms
    assert not table.moving and sprite_at(sim) is None and table.trip is None
    assert thing_shown(sim, table, dst, size)
    assert table.rush and not table.asking  # skipped ahead as before ...
    moves = len(app.match.state.history)
    while app.screen is table and not app.match.human_turn():
        sim.frame(0)
        assert not table.moving  # ... with no travel either, the last move's included
    assert len(app.match.state.history) > moves


def test_a_humans_own_move_does_not_travel():
    # Guards: the human's card flying from their own name while they watch.
    sim = diamonds_sim()
    for _ in range(20000):
        app = sim.app
        match = app.match
        table = app.screen
        if (isinstance(table, screens.TableScreen) and match.human_turn() and not table.moving
                and any(is_play(a) for a in match.legal())):
            break
        if isinstance(table, screens.TableScreen) and match.human_turn() and not table.moving:
            sim.frame(buttons.A)
        sim.frame(0)
    done = len(match.state.history)
    slice_ms = app.slice_ms
    app.slice_ms = 0  # (the bots wait: this frame is the human's move alone)
    sim.frame(buttons.A)
    app.slice_ms = slice_ms
    assert len(match.state.history) == done + 1 and is_play(match.state.history[done])
    assert table.find(canvas.MOVED) >= 0  # the table points at the human's card ...
    assert not table.moving and table.trip is None and sprite_at(sim) is None  # ... in place


def test_a_die_changed_in_its_place_does_not_travel():
    # Quartz: a die picked, rerolled or acted with stays where it is; nothing on the table
    # says where a reroll came from (its source is unknown): nothing moves. Guards: the
    # mover's name taken as the source of every move whose action marked nothing.
    sim = make_sim("pybadge", seed=4)
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"], settle=False)
    dice = 0
    rerolls = 0  # (an action that marks nothing on the table)
    for _ in range(40000):
        app = sim.app
        match = app.match
        table = app.screen
        if match is None or match.over() or dice >= 20 and rerolls >= 3:
            break
        if humans_step(sim):
            continue
        done = len(match.state.history)
        sim.frame(0)
        if len(match.state.history) == done + 1 and app.screen is table:
            moved = match.state.moved
            if quartz.DIE <= moved < quartz.SEAT and table.find(canvas.MOVED) >= 0:
                dice += 1
                rerolls += match.state.history[done] == quartz.REROLL
                assert not table.moving, (match.state.history[done], sim.texts())
    assert dice >= 20 and rerolls >= 3, (dice, rerolls)


def test_a_bots_die_travels_from_beside_place_to_its_board():
    # SIXGEMS: the die to place is shown after "place"; placed (its action marks the board it
    # goes to), it travels from there to its board on the ring. Guards: the board's own gem
    # taken for the die, a travel from the board to itself, from the mover's name.
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, "SIXGEMS", 3, ["human", "normal", "normal"], settle=False)
    place = sixgems.PLACE_DIE
    table, action, _seat, before = next_travel(sim, lambda a: place <= a < place + 6)
    c = sim.app.canvas
    cols = c.cols
    src, dst, size = trip(table)
    assert before[src // cols].startswith("place "), (before, src)
    assert dst // cols == 2 and dst % cols == 2 + 4 * (action - place)  # after its board's gem
    assert size == 2  # the die: its letter's badge, its face's pips
    glyphs = sim.scene.sprite[1]
    body = sim.app.body
    spot = table.find(canvas.MOVED) + 1
    assert [glyphs[k, 0] for k in range(2)] == list(body.tiles[spot:spot + 2])
    assert not c.tiles[dst] and c.tiles[dst - 1]  # the die's place empty, its board's gem shown
    while table.moving:
        sim.frame(0)
    assert thing_shown(sim, table, dst, size)


def test_a_diploma_bots_tile_travels_from_its_hand_to_an_empty_hex():
    # Diploma: a bot lays a tile (its hand hidden: counted beside its board) on an empty
    # hex, drawn as a dark badge; the tile travels from the seat's name beside the board to
    # the hex, in its colour, and lands there. Guards: an empty hex's dark badge taken for a
    # thing (no travel: none did before), the travel from the seat's name on the dice row
    # pages away, the tile's cells not the hex's.
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, "Diploma", 2, ["human", "normal"], settle=False)
    table, action, seat, before = next_travel(sim, lambda a: a >= diploma.PLACE)
    cols = sim.app.canvas.cols
    src, dst, size = trip(table)
    hexed = (action - diploma.PLACE) // 6
    assert size == 3 and dst % cols == diploma_table.HEX_COL[hexed]  # the hex's 3 cells
    assert before[src // cols][src % cols:].startswith("P%d h" % (seat + 1)), (before, src)
    assert before[dst // cols][dst % cols:dst % cols + 3] == "   "  # (an empty hex before)
    kind = sim.app.match.state.view(seat)["boards"][seat][hexed]
    colour = diploma_table.picture(kind, 0)[1]
    assert badge_colour(sim) == colour != canvas.DIM
    while table.moving:
        sim.frame(0)
    assert thing_shown(sim, table, dst, size)


def placed_by_a_bot(sim):
    """A check for next_travel: the action is a bot's diamond placed in Diam's market (D-T6:
    the card from its hand the state now holds as placed)."""
    state = sim.app.match.state
    return lambda a: diams.HAND <= a < diams.HAND + diams.CARD_A and state.placed == a - diams.HAND


def test_a_diams_bots_diamond_travels_from_its_name_into_the_market_D_T6():
    # Diam's: a bot places a diamond from its hidden hand in the market (D-T6). It travels
    # from where the screen showed the seat's name to its place in the market, in its
    # colour, and lands there: beside the diamonds of its quality when it joins them ("5"
    # becomes "5x2": the badge shows what it showed, the count after it is new), or put in
    # among the others (the badges after it a few cells on). Guards: a diamond that joins
    # others, or is put in before them, taken for nothing moving (11 of 159 placements
    # travelled before, only those to an empty place); from elsewhere than the name.
    sim = make_sim("pybadge", seed=4)
    setup_game(sim, "Diam's", 3, ["human", "normal", "normal"], settle=False)
    cols = sim.app.canvas.cols
    seen = set()
    for _ in range(8):
        table, action, seat, before = next_travel(sim, placed_by_a_bot(sim))
        src, dst, size = trip(table)
        card = action - diams.HAND
        # From the seat's name, where the screen showed it first (its mark: the cell
        # before it; "P3: place a diamond" while it chose, else its row under the market)
        named = [r for r in range(1, len(before))
                 if before[r][:3].lstrip(" >").startswith("P%d" % (seat + 1))]
        assert src % cols == 0 and named and named[0] == src // cols > dst // cols, (
            "\n".join(before), src, dst)
        market = sim.texts()[dst // cols]
        assert market.startswith("Market"), (market, dst)
        quality = "%d" % diams.quality(card)
        assert badge_colour(sim) == diams_table.QUALITY[diams.quality(card) - 1]
        was = before[dst // cols][dst % cols:dst % cols + len(quality)]
        while table.moving:
            sim.frame(0)
        assert thing_shown(sim, table, dst, size)
        after = sim.texts()[dst // cols][dst % cols:]
        assert after.startswith(quality) and size == len(after.split()[0].split("x")[0]), (
            after, quality, size)
        if was == quality:  # joined its quality's badge: a count after it now
            assert after[size:size + 1] == "x", after
            seen.add("joined")
        else:  # put in before others: what was there is a few cells on
            assert before[dst // cols][dst % cols:].strip() in after, (before, after)
            seen.add("put in")
    assert seen == {"joined", "put in"}, seen


def test_a_thing_counted_on_its_movers_own_row_does_not_travel_from_its_name():
    # Quartz: a crystal a bot mines joins its kind in its own cart, on the row of its name
    # (the gem stays, its count after it grows). It is not shown hopping from the name along
    # that row (Diam's diamond above travels: the market is not its mover's row). Guards:
    # the rule for a thing that joined others, or was put in before them, applied on the
    # name's row too (4 crystals so, seeds 3 to 5).
    hops = travels = 0
    for seed in (3, 4, 5):
        sim = make_sim("pybadge", seed=seed)
        setup_game(sim, "Quartz", 3, ["human", "normal", "normal"], settle=False)
        cols = sim.app.canvas.cols
        match = sim.app.match
        for _ in range(40000):
            if match.over():
                break
            if humans_step(sim):
                continue
            table = sim.app.screen
            shown = list(sim.scene.tiles)  # (the screen before the frame)
            sim.frame(0)
            if table.moving and table.since == sim.now:
                src, dst, _size = trip(table)
                travels += 1
                hops += (src == table.trip.from_name and src // cols == dst // cols
                         and shown[dst] != 0)  # (something there before: not an empty place)
        assert match.over()
    assert travels > 20 and hops == 0, (travels, hops)


def test_a_tile_bought_into_a_hidden_hand_does_not_travel(monkeypatch):
    # Diploma: a bot buys a tile (P-P1): it goes from the supply into its hidden hand, and
    # only the count beside its board changes. Nothing is shown moving. Guards: the rule for
    # a thing that joined others of its kind taking a badge after it for their count (one
    # buy travelled so, seed 3).
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, "Diploma", 2, ["human", "normal"], settle=False)
    match = sim.app.match
    launched = []  # (the action drawn, whether it travels) of each move drawn
    launch = travel.launch

    def launching(table, c, spot):
        trip = launch(table, c, spot)
        launched.append((match.state.history[-1], trip is not None))
        return trip

    monkeypatch.setattr(travel, "launch", launching)
    for _ in range(60000):
        if match.over():
            break
        if not humans_step(sim):
            sim.frame(0)
    buys = [went for action, went in launched if action == diploma.BUY]
    assert match.over() and len(buys) > 5 and not any(buys), launched
    assert len([went for _action, went in launched if went]) > 10  # (others do)


def test_a_bots_last_move_before_the_humans_turn_travels_too():
    # SIXGEMS, 2 players: the die the bot moves as the human's turn comes (the last die it
    # places after a roll, the human's card next; the table drawn for the human's decision)
    # travels as the bots' other moves do, and lands on its board. The human waits a frame
    # at each of its turns (A would land a travel at once). Guards: the die marked only while
    # another seat decides (at the human's decision it was not: none of those travelled).
    trips = last_moves_travelled("SIXGEMS", 2, (3, 4, 5))
    assert len(trips) >= 2, trips
    for view, size in trips:
        assert view["phase"] == "play" and size == 2  # (its turn's first decision; the die:
        # its letter's badge, its face's pips)


def test_a_quartz_bots_last_crystal_before_the_humans_turn_travels_too():
    # Quartz, 5 players: a bot's last move of its turn may move a crystal (mined into its
    # cart, given, taken), and the human's turn follows at once (its first crystal drawn,
    # its dice rolled). The crystal the bot moved last travels to where it went, on the
    # bots' page, then the table turns to the human's decision. Guards: crystals marked only
    # while another seat decides (none travelled as the turn came: 0 here before); marked at
    # the human's own decisions too (after it has used a die: asserted here).
    trips = last_moves_travelled("Quartz", 5, (1, 2, 3))
    assert len(trips) >= 2, trips
    for view, size in trips:
        assert view["phase"] in ("roll", "act") and not any(view["used"])  # (nothing used)
        assert view["moved"] >= quartz.IN_CART and size == 1  # a crystal: its gem


def test_a_crystal_that_goes_to_another_page_comes_from_that_pages_edge():
    # Quartz: a bot puts a crystal from its cart (page 2) into its chest (page 3); the table
    # turns to the chest, and the crystal travels from the page's top row, under the column
    # it had in the cart, to its chest. Guards: no travel once the page turns (0 of these
    # travelled before); from the chest's own cell (here and in the game's next travels);
    # the thing not the one marked moved.
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"], settle=False)
    state = sim.app.match.state
    table, _action, seat, before = next_travel(sim, lambda a: state.moved >= quartz.IN_CHEST)
    cols = sim.app.canvas.cols
    src, dst, size = trip(table)
    assert before[0] != sim.texts()[0]  # (its "p2/4" now "p3/4")
    spot = dst - cols + table.top * cols
    assert table.find(canvas.MOVED) == spot and size == 1  # a crystal: its gem
    glyphs = sim.scene.sprite[1]
    assert glyphs[0, 0] == table.body.tiles[spot]
    kind = state.moved - quartz.IN_CHEST - seat * 8
    assert 0 <= kind < quartz.NKINDS and state.chests[seat][kind] > 0
    assert src // cols == 1 and src != dst  # from the top row: the cart is above the page
    assert src % cols == table.trip.marked % cols  # (the crystal its action picked there)
    while table.moving:
        sim.frame(0)
    assert thing_shown(sim, table, dst, size)
    for _ in range(12):  # (the rest of the game's travels: none from its own place)
        table, _action, _seat, _before = next_travel(sim)
        src, dst, size = trip(table)
        assert src != dst
        while table.moving:
            sim.frame(0)


def last_moves_travelled(title, players, seeds):
    """The moves of the seat before the human's that travel as the human's turn comes, in
    games of `title` (P1 the human, normal bots) of `seeds`, each checked on its way: from
    elsewhere, the thing marked as moved, "A: skip ahead" under it (not the human's choice
    yet), then the table at the human's decision. [(the human's view then, its cells)]."""
    trips = []
    for seed in seeds:
        trips += seed_travels(last_move_sim(title, players, seed))
    return trips


def seed_travels(sim):
    trips = []
    while to_last_move_travel(sim):
        table = sim.app.screen
        src, dst, size = trip(table)
        assert src != dst
        cols = sim.app.canvas.cols
        spot = dst - cols + table.top * cols  # (its body cell: at the mark, or the die after
        glyphs = sim.scene.sprite[1]  # its board)
        assert spot - table.find(canvas.MOVED) in (0, 1)
        assert [glyphs[k, 0] for k in range(size)] == list(table.body.tiles[spot:spot + size])
        assert sim.texts()[-1].startswith("A: skip ahead"), sim.texts()
        assert sim.texts()[0].endswith(" %d/%d" % (table.cursor + 1, len(table.legal)))
        trips.append((sim.app.match.state.view(0), size))
        top = table.top
        while table.moving:
            sim.frame(0)
        assert table.top != top or thing_shown(sim, table, dst, size)
        assert any(row.startswith(">") for row in sim.texts()), sim.texts()
    return trips


def last_move_sim(title, players, seed):
    sim = make_sim("pybadge", seed=seed)
    setup_game(sim, title, players, ["human"] + ["normal"] * (players - 1), settle=False)
    return sim


def to_last_move_travel(sim):
    """Frames (humans_step's) to the frame a move travels as the human's turn comes; False
    at the game's end."""
    match = sim.app.match
    for _ in range(20000):
        if match.over():
            return False
        if humans_step(sim):
            continue
        table = sim.app.screen
        sim.frame(0)
        if match.human_turn() and table.moving and table.since == sim.now:
            return True
    raise AssertionError("the game did not end")


def test_a_on_the_last_move_travelling_lands_it_and_decides_nothing():
    # At the human's decision, A on the last seat's move travelling lands it; the human's
    # choice waits for the next A. Guards: A landing it and playing the choice under the
    # cursor at once (as A lands a bot's move and skips ahead while the bots play).
    sim = last_move_sim("SIXGEMS", 2, 3)
    assert to_last_move_travel(sim)
    match = sim.app.match
    table = sim.app.screen
    done = len(match.state.history)
    sim.frame(buttons.A)
    assert not table.moving and table.trip is None
    assert len(match.state.history) == done and match.human_turn()
    assert any(row.startswith(">") for row in sim.texts()), sim.texts()
    sim.frame(0)
    sim.frame(buttons.A)
    assert len(match.state.history) > done


# -- MicroPython's framebuf scene ------------------------------------------------------------
CARD = """
c.line(canvas.WHITE)
c.text("Market")
c.line(canvas.CYAN)
c.text("trick P1: ")
c.badge("7", canvas.RED)
c.picture(1, "H")
c.space()
c.badge("10", canvas.BLUE)
c.picture(0, "D")
for i in range(5):
    c.line(canvas.GOLD if i == 2 else canvas.WHITE)
    c.text(" P%d  hand 3 vault %d   shows through" % (i + 1, i))
    c.gem(canvas.GREEN)
"""
# The "10" of diamonds (3 cells: row 1, after "trick P1: 7H ") flies from P3's row.
DST = "(c.cols + 13)"
SRC = "(4 * c.cols + 1)"
LAND = """
c.at(1, 13)
c.badge("10", canvas.BLUE)
c.picture(0, "D")
"""
LIFT = LAND + """
scene.lift(c, %s, 3)
for k in range(3):
    c.tiles[%s + k] = 0
    c.chars[%s + k] = canvas.SPACE
""" % (DST, DST, DST)  # (as the table does at each frame it draws: the card lifted, its place
# emptied)


def glide(permille):
    return LIFT + "scene.glide(%s, %s, %d)\n" % (SRC, DST, permille)


def test_the_framebuf_sprite_shows_what_displayio_shows_and_leaves_nothing_behind():
    # Each step on both scenes, then their pixels compared: the card at 30% and at 80% of its
    # way (its place empty), then landed (no sprite: what it covered drawn again). Each glide
    # sends only the few cells around the sprite. Guards: a sprite drawn opaque or in the
    # wrong ink, left behind where it was, covering the wrong cells.
    steps = [CARD, glide(300), glide(800), LAND]
    parts = run_micropython("picodisplay", steps)
    panel = Panel()
    for k in range(len(parts)):
        feed(panel, parts[k][0])
        if k == 0:
            continue
        want, _texts = displayio_picture("picodisplay", steps[:k])
        got = panel.picture("picodisplay")
        diffs = [(x, y) for y in range(len(want)) for x in range(len(want[0]))
                 if got[y][x] != want[y][x]]
        assert not diffs, "step %d: %d pixels differ, first %s" % (k, len(diffs), diffs[:5])
        if k in (2, 3):  # the card on its way: its blue badge lit there
            blue = rgb565(PALETTE[canvas.BLUE])
            assert sum(row.count(blue) for row in got) >= 60
    # The second glide (half the way at once): the cells between its two places, a window a
    # row (rows 1-4, columns 4-14 at most), not the screen.
    sent = windows(parts[3][0])
    assert 0 < len(sent) <= 4 and sum(w[4] for w in sent) // 2 <= 4 * 14 * 6 * 12, sent
    landed, _texts = displayio_picture("picodisplay", [CARD])
    assert panel.picture("picodisplay") == landed  # as if nothing had travelled


# The app on MicroPython's framebuf scene (the web page's and the Pico's): Diamonds until a
# bot's card travels, the panel's pixels a third of the way and once landed, and a fresh
# scene's drawing of the same canvas to compare with.
APP = """
import sys
sys.path[:0] = [%(root)r]
import json
from firmware import buttons
from firmware.app import App
from firmware.ui import screens
from firmware.ui.fbscene import Scene

class Panel:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height * 2)
    def write(self, x, y, w, h, pixels):
        for r in range(h):
            at = ((y + r) * self.width + x) * 2
            self.pixels[at:at + 2 * w] = pixels[2 * w * r:2 * w * (r + 1)]

class Board:
    lines = ("A: choose",)
    def buttons(self):
        return 0
    def beep(self, hz, ms):
        pass

panel = Panel(160, 128)
scene = Scene(panel)
app = App(Board(), scene, None, False, None, 2)
now = [0]
def frame(mask):
    now[0] += 33
    app.frame(mask, now[0])
frame(0)
app.start("diamonds", ["human", "normal", "normal"], {})
for _ in range(20000):
    table = app.screen
    if not isinstance(table, screens.TableScreen):
        frame(buttons.A)
        frame(0)
        continue
    if app.match.human_turn() and not table.moving:
        frame(buttons.A)
        frame(0)
        continue
    frame(0)
    if table.moving and table.since == now[0]:
        break
trip = table.trip
out = {"src": trip.src, "dst": trip.dst, "size": trip.size, "cols": scene.cols}
frame(0)
frame(0)
frame(0)
out["mid"] = [scene.sx, scene.sy]
out["mid_pixels"] = bytes(panel.pixels).hex()
while table.moving:
    frame(0)
frame(0)
out["landed"] = bytes(panel.pixels).hex()
fresh = Panel(160, 128)
Scene(fresh).show(app.canvas)
out["fresh"] = bytes(fresh.pixels).hex()
print("OUT " + json.dumps(out))
"""


def test_the_app_on_framebuf_shows_the_move_travelling():
    script = APP % {"root": ROOT}
    out = subprocess.run([find_tool("micropython"), "-X", "heapsize=4m", "-c", script],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]
    found = json.loads([line for line in out.stdout.splitlines() if line.startswith("OUT ")][0][4:])
    cols = found["cols"]
    x0 = (160 - cols * 6) // 2
    y0 = (128 - 10 * 12) // 2

    def place(cell):
        return x0 + cell % cols * 6, y0 + cell // cols * 12

    def picture(hexed):
        data = bytes.fromhex(hexed)
        return [[(data[2 * (y * 160 + x)] << 8) | data[2 * (y * 160 + x) + 1]
                 for x in range(160)] for y in range(128)]

    src = place(found["src"])
    dst = place(found["dst"])
    mid = tuple(found["mid"])
    assert between(src, dst, mid), (src, dst, mid)
    landed = picture(found["landed"])
    middle = picture(found["mid_pixels"])
    size = found["size"]
    # The card's lit pixels, where it landed, were on the way at the sprite's place; its
    # place was empty then.
    card = [(i, j) for j in range(12) for i in range(6 * size) if landed[dst[1] + j][dst[0] + i]]
    assert len(card) >= 30
    assert all(middle[mid[1] + j][mid[0] + i] == landed[dst[1] + j][dst[0] + i] for i, j in card)
    if abs(mid[0] - dst[0]) >= 6 * size or abs(mid[1] - dst[1]) >= 12:
        assert not any(middle[dst[1] + j][dst[0] + i] for i, j in card)
    assert found["landed"] == found["fresh"]  # nothing of the sprite left anywhere


def test_the_travels_code_leaves_the_heap_when_it_lands(monkeypatch):
    # firmware/ui/travel.py is on a board's heap (COLLECT: a board's interpreter) from a
    # bot's move's draw until its travel lands, not while the bots think. Guards: the travel's
    # code kept loaded all game.
    import sys

    from firmware import core

    monkeypatch.setattr(core, "COLLECT", True)
    sim = diamonds_sim()
    name = "firmware.ui.travel"
    table, _action, _seat, _before = next_travel(sim, is_play)
    assert table.moving and name in sys.modules  # (its travel under way)
    while table.moving:
        sim.frame(0)
    assert table.trip is None and name not in sys.modules
    while not sim.app.match.human_turn():  # the bots think, move, travel, land...
        sim.frame(0)
        if sim.app.match.thinking >= 0:
            assert name not in sys.modules  # ... never thinking with it


def test_alike_compares_each_cell_with_its_own_counterpart():
    # Cells i.. of one canvas against cells j.. of another, cell by cell: a letter's tile
    # shows its letter, a picture's does not.
    a, b = canvas.Canvas(8, 1), canvas.Canvas(8, 1)
    for k, ch in enumerate(b"AB"):
        a.tiles[1 + k] = b.tiles[4 + k] = 1
        a.chars[1 + k] = b.chars[4 + k] = ch
    assert travel.alike(a, 1, b, 4, 2)
    b.chars[5] = ord("C")  # the second cell's letter differs
    assert not travel.alike(a, 1, b, 4, 2)
    b.chars[3] = ord("B")  # the cell before it shows what a's second does: no matter
    assert not travel.alike(a, 1, b, 4, 2)
    a.tiles[2] = b.tiles[5] = canvas.PICTURES  # a picture: its letter is not shown
    assert travel.alike(a, 1, b, 4, 2)
    b.tiles[5] = canvas.PICTURES + 1
    assert not travel.alike(a, 1, b, 4, 2)


def test_shown_at_keeps_a_cell_within_the_tables_rows_and_none_for_none():
    class Table:  # the body's width, the rows the table shows, the page's top row
        class body:  # noqa: N801
            cols = 10

        room = 3
        top = 2

    table = Table()
    assert travel.shown_at(table, -1) == -1
    assert travel.shown_at(table, 2 * 10 + 4) == 1 * 10 + 4  # the page's first row
    assert travel.shown_at(table, 3 * 10 + 7) == 2 * 10 + 7
    assert travel.shown_at(table, 0 * 10 + 5) == 1 * 10 + 5  # above the page: its top edge
    assert travel.shown_at(table, 9 * 10 + 1) == 3 * 10 + 1  # below: its bottom edge
    table.room = 0
    assert travel.shown_at(table, 2 * 10 + 4) == -1
