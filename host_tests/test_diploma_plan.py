"""Loop plans of Diploma's hard bot (firmware/games/diploma/plan.py): the table of every loop
of 3 to 8 tiles, what a loop needs to meet each magic-circle card (P-K1..K12, checked against
the rules' circle_met), which loops a board leaves open, and what a lay changes. Rule ids:
seeds/diploma.md."""

import diploma_loops
import pytest

from firmware.bots import make_bot
from firmware.core.prng import Prng
from firmware.games.diploma import plan as diploma_plan
from firmware.games.diploma import rules as diploma

WIDE, TIGHT, STRAIGHT = 1, 2, 0  # shapes (kind = colour * 3 + shape)
RING = [1, 2, 3, 4, 5, 6]  # the centre's neighbours: the loop of 6 round the centre


def empty():
    board = [-1] * diploma.HEXES
    board[0] = diploma.CENTRE
    return board, [0] * diploma.HEXES


def masks_of(board, rots):
    return [diploma.KMASK[diploma.KINDS[t] * 6 + rots[h] % 6] if 0 <= t < diploma.LINE_TILES else 0
            for h, t in enumerate(board)]


def tile_for(mask, colour):
    """(tile, rotation) of `colour` (4 grey) whose line joins the edges of `mask`."""
    for shape in range(3):
        k = colour * 3 + shape
        for r in range(diploma.rotations(k)):
            if diploma.KMASK[k * 6 + r] == mask:
                return diploma.sample_tile(k), r
    raise AssertionError(mask)


def loop(i):
    s = diploma_plan._START[i]
    n = diploma_plan.LOOPS[s]
    loops = diploma_plan.LOOPS
    return list(loops[s + 2:s + 2 + n]), list(loops[s + 2 + n:s + 2 + 2 * n])


def find(hexes):
    for i in range(diploma_plan._COUNT):
        if sorted(loop(i)[0]) == sorted(hexes):
            return i
    raise AssertionError(hexes)


def lay_loop(i, colours, skip=()):
    """A board with loop i's tiles laid (colours in turn), but for the hexes in `skip`."""
    board, rots = empty()
    hexes, masks = loop(i)
    for j, (h, m) in enumerate(zip(hexes, masks)):
        if h not in skip:
            board[h], rots[h] = tile_for(m, colours[j % len(colours)])
    return board, rots


def test_the_table_is_every_loop_of_3_to_8_tiles():
    """LOOPS is what tools/diploma_loops.py makes: 148 loops (18 of 3, 18 of 4, 18 of 5, 19
    of 6, 24 of 7, 51 of 8), none through the centre; each, laid, is a closed loop for the
    rules (P-D1) with exactly its hexes."""
    assert diploma_plan.LOOPS == diploma_loops.table()
    sizes = [diploma_plan.LOOPS[diploma_plan._START[i]] for i in range(diploma_plan._COUNT)]
    assert [sizes.count(n) for n in range(3, 9)] == [18, 18, 18, 19, 24, 51]
    assert sum(2 + 2 * n for n in sizes) == len(diploma_plan.LOOPS)  # _COUNT (148) loops, no more
    for i in range(diploma_plan._COUNT):
        hexes, _ = loop(i)
        assert 0 not in hexes
        board, rots = lay_loop(i, [0, 1, 2, 3, 4])
        assert [sorted(lp) for lp in diploma.find_loops(board, rots)] == [sorted(hexes)]


def test_every_loop_a_game_closes_up_to_8_tiles_is_in_the_table():
    """Loops closed in games of normal bots with some random moves (P-P5), up to 8 tiles,
    are all in LOOPS."""
    table = {tuple(sorted(loop(i)[0])) for i in range(diploma_plan._COUNT)}
    seen = set()
    for seed in range(6):
        state = diploma.new_game(2, 300 + seed)
        bots = [make_bot("diploma", s, "normal", seed) for s in range(2)]
        rng = Prng(seed)
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            for lp in view["loops"]:
                if len(lp) <= 8:
                    assert tuple(sorted(lp)) in table
                    seen.add(tuple(sorted(lp)))
            action = bots[seat].choose(view)
            if rng.randbelow(5) == 0:
                action = view["legal"][rng.randbelow(len(view["legal"]))]
            state.apply(action)
    assert len(seen) > 5


@pytest.mark.parametrize("card", range(12))
def test_a_finished_loop_fits_a_card_exactly_when_the_rules_say_it_meets_it(card):
    """_fits with nothing lacking agrees with the rules' circle_met (P-K1..K12) on every
    loop of the table, in colourings that meet and miss the colour cards (K5 one colour, K6
    all four, K7 no grey, K10 two grey, K11 two colours)."""
    colourings = ([0], [2], [4], [0, 1], [0, 4], [4, 4, 1], [0, 1, 2, 3], [3, 2, 1, 0, 4],
                  [1, 1, 4, 4, 0])
    met = 0
    for i in range(diploma_plan._COUNT):
        hexes, _ = loop(i)
        for colours in colourings:
            board, rots = lay_loop(i, colours)
            assert diploma_plan._open(i, board, masks_of(board, rots)) == 0
            want = diploma.circle_met(card, hexes, board, rots)
            assert diploma_plan._fits(card, i, 0, diploma_plan._cols[i]) == want, (card, hexes,
                                                                                   colours)
            met += want
    assert met > 0


def test_the_lookups_hold_each_loops_edges_and_neighbourhood():
    """_AT: each loop's edge mask on each of its hexes (0 elsewhere); _NEAR: the bits of the
    hexes on it or next to it, no others."""
    for i in range(diploma_plan._COUNT):
        hexes, masks = loop(i)
        near = set(hexes)
        for h in hexes:
            near |= {diploma.NEIGH[h * 6 + d] for d in range(6)} - {255}
        for h in range(diploma.HEXES):
            want = masks[hexes.index(h)] if h in hexes else 0
            assert diploma_plan._AT[i * diploma.HEXES + h] == want
        assert diploma_plan._NEAR[i] == sum(1 << h for h in near)
    # _through: per hex, the loops on it in order, each once
    for h in range(diploma.HEXES):
        on = [diploma_plan._through[k] for k in range(diploma_plan._through_from[h],
                                                      diploma_plan._through_from[h + 1])]
        assert on == [i for i in range(diploma_plan._COUNT) if h in loop(i)[0]]


def test_a_lay_off_a_loop_blocks_it_exactly_when_the_loop_can_no_longer_be_made():
    """_blocks for every open loop, every empty hex off it and every tile's edges: true
    exactly when _open, with that tile laid, finds the loop cannot be made (P-P3)."""
    ring = find(RING)
    board, rots = lay_loop(ring, [0], skip=(3, 4, 5, 6))
    board[16], rots[16] = tile_for(1 | 8, 1)  # a straight on the rim
    masks = masks_of(board, rots)
    shapes = sorted({diploma.KMASK[k * 6 + r] for k in range(15) for r in range(6)})
    blocked = kept = 0
    for i in range(diploma_plan._COUNT):
        if diploma_plan._open(i, board, masks) == 255:
            continue
        on = loop(i)[0]
        for h in range(1, diploma.HEXES):
            if board[h] >= 0 or h in on:
                continue
            for mask in shapes:
                board[h], masks[h] = 0, mask  # a tile with those edges (red: colour plays no part)
                gone = diploma_plan._open(i, board, masks) == 255
                board[h], masks[h] = -1, 0
                assert diploma_plan._blocks(i, board, h, mask) == gone, (on, h, mask)
                blocked += gone
                kept += not gone
    assert blocked > 50 and kept > 100


def test_open_counts_the_tiles_a_loop_lacks_and_closes_it_on_a_wrong_tile():
    """A loop lacks its empty hexes; it cannot be made (255) with a tile of another line on
    one of its hexes, a mana spot there, or a line from a neighbour pointing into one of its
    empty hexes where its tile has no line end (P-P3: line meets line)."""
    ring = find(RING)
    board, rots = lay_loop(ring, [0], skip=(4, 5, 6))
    m = masks_of(board, rots)
    assert diploma_plan._open(ring, board, m) == 3
    assert diploma_plan._cols[ring] == 1  # red only
    # a straight on hex 4: the ring needs a wide curve there
    board[4], rots[4] = diploma.sample_tile(STRAIGHT), 0
    assert diploma_plan._open(ring, board, masks_of(board, rots)) == 255
    board[4] = diploma.LINE_TILES  # a mana spot
    assert diploma_plan._open(ring, board, masks_of(board, rots)) == 255
    # hex 13 (outside, next to hex 4) with a line end into hex 4, where the ring's wide
    # curve has a blank edge
    board[4] = -1
    d = [d for d in range(6) if diploma.NEIGH[13 * 6 + d] == 4][0]
    board[13], rots[13] = tile_for(1 << d | 1 << (d + 3) % 6, 1)
    assert diploma_plan._open(ring, board, masks_of(board, rots)) == 255


def plan_for(cards, board, rots):
    plan = diploma_plan.Plan()
    plan.load(cards, board, masks_of(board, rots))
    return plan


def test_a_lay_on_the_best_loop_gains_its_next_step_and_a_wrong_one_loses_it():
    """Holding P-K3 (a loop of 6) with 3 of the ring round the centre laid: the ring lacks 3
    (PLAN[3]); its tile on hex 4 brings it to PLAN[2]; another tile there, or a mana spot,
    leaves the best other loop of 6."""
    ring = find(RING)
    board, rots = lay_loop(ring, [0], skip=(4, 5, 6))
    plan = plan_for([2], board, rots)
    assert plan.before == diploma_plan.PLAN[3]
    _, masks = loop(ring)
    want = masks[RING.index(4)]
    assert plan.delta(board, 4, want, 1) == diploma_plan.PLAN[2] - diploma_plan.PLAN[3]
    wrong = plan.delta(board, 4, 1 | 8, 1)  # a straight
    spot = plan.delta(board, 4, 0, -1)
    assert wrong < 0 and spot < 0
    assert diploma_plan.PLAN[3] + wrong == diploma_plan.PLAN[3] + spot
    # the ring's last tile: the plan ends (the card's points come with the loop itself)
    board, rots = lay_loop(ring, [0], skip=(6,))
    plan = plan_for([2], board, rots)
    assert plan.before == diploma_plan.PLAN[1]
    assert plan.delta(board, 6, masks[RING.index(6)], 2) == -diploma_plan.PLAN[1]


def test_a_lay_next_to_a_loop_blocks_it_when_its_line_points_into_the_loop_wrongly():
    """Hex 13 touches the ring's hex 4: a straight there whose line runs into hex 4 (where
    the ring's wide curve is blank) blocks the ring; one along the rim does not."""
    ring = find(RING)
    board, rots = lay_loop(ring, [0], skip=(4, 5, 6))
    plan = plan_for([2], board, rots)
    into = [d for d in range(6) if diploma.NEIGH[13 * 6 + d] == 4][0]
    blocking = 1 << into | 1 << (into + 3) % 6
    assert diploma_plan._blocks(ring, board, 13, blocking)
    assert plan.delta(board, 13, blocking, 0) < 0
    along = [m for m in (1 | 8, 2 | 16, 4 | 32) if not m >> into & 1][0]
    assert not diploma_plan._blocks(ring, board, 13, along)
    assert plan.delta(board, 13, along, 0) == 0


def test_colour_cards_follow_the_colours_laid():
    """P-K5 (3 of one colour): a loop of 3 with a red tile gains from a second red, not from
    a blue; P-K7 (no grey): a grey tile on its loop gains nothing."""
    i = find([1, 2, 8])
    board, rots = lay_loop(i, [0], skip=(2, 8))
    _, masks = loop(i)
    m2 = masks[loop(i)[0].index(2)]
    plan = plan_for([4], board, rots)
    assert plan.before == diploma_plan.PLAN[2]
    assert plan.delta(board, 2, m2, 0) == diploma_plan.PLAN[1] - diploma_plan.PLAN[2]
    assert plan.delta(board, 2, m2, 1) <= 0
    plan = plan_for([6], board, rots)
    assert plan.delta(board, 2, m2, 0) == diploma_plan.PLAN[1] - diploma_plan.PLAN[2]
    assert plan.delta(board, 2, m2, diploma.GREY) <= 0


def test_grey_tiles_count_for_the_two_grey_card():
    """P-K10 (5+ tiles, 2+ grey): a loop of 5 with 3 red tiles lacks 2, both to be grey; a
    grey tile brings it one nearer, a red one leaves it out of reach."""
    starts = diploma_plan._START
    i = [i for i in range(diploma_plan._COUNT) if diploma_plan.LOOPS[starts[i]] == 5][0]
    hexes, masks = loop(i)
    board, rots = lay_loop(i, [0], skip=hexes[3:])
    plan = plan_for([9], board, rots)
    assert plan.before == diploma_plan.PLAN[2]
    assert plan.delta(board, hexes[3], masks[3],
                      diploma.GREY) == diploma_plan.PLAN[1] - diploma_plan.PLAN[2]
    assert plan.delta(board, hexes[3], masks[3], 0) < diploma_plan.PLAN[1] - diploma_plan.PLAN[2]


def test_no_cards_no_plan():
    board, rots = empty()
    plan = plan_for([], board, rots)
    assert plan.before == 0 and plan.delta(board, 1, 1 | 8, 0) == 0


def test_a_plan_loaded_again_reads_the_board_again_when_anything_changed(monkeypatch):
    """load() keeps the last board's loops while the same plan asks of the same board, cards
    and edges (a turn's steps, its tile, its spot): a lay in place on the same list, other
    cards, or another plan's load in between (the loops' scratch is shared) all read anew."""
    def edges(board, rots):  # as the bot gives them: a bytearray
        return bytearray(masks_of(board, rots))

    ring = find(RING)
    _, ring_masks = loop(ring)
    want = ring_masks[RING.index(4)]
    board, rots = lay_loop(ring, [0], skip=(4, 5, 6))
    plan = diploma_plan.Plan()
    plan.load([2], board, edges(board, rots))
    other = plan_for([2], *empty())  # every loop of 6 lacks its 6 tiles there
    assert other.before == diploma_plan.PLAN[6]
    plan.load([2], board, edges(board, rots))
    assert plan.before == diploma_plan.PLAN[3]
    assert plan.delta(board, 4, want, 1) == diploma_plan.PLAN[2] - diploma_plan.PLAN[3]
    board[4], rots[4] = tile_for(want, 1)  # the same list, one more tile
    plan.load([2], board, edges(board, rots))
    assert plan.before == diploma_plan.PLAN[2]
    assert plan.delta(board, 5, ring_masks[RING.index(5)],
                      1) == diploma_plan.PLAN[1] - diploma_plan.PLAN[2]
    plan.load([2, 6], board, edges(board, rots))  # a second card: its best loop too
    assert plan.before == 2 * diploma_plan.PLAN[2]
    three = plan_for([0], board, rots).before  # P-K1, a loop of 3: other loops, other value
    assert three != diploma_plan.PLAN[2]
    plan.load((2,), board, edges(board, rots))
    assert plan.before == diploma_plan.PLAN[2]
    plan.load([2], board, edges(board, rots))  # the same cards as a list: the same plan
    plan.load([0], board, edges(board, rots))
    assert plan.before == three
    # and nothing changed, nothing is read again: no loop opened anew
    opened = []
    real_open = diploma_plan._open
    monkeypatch.setattr(diploma_plan, "_open",
                        lambda *args: opened.append(args) or real_open(*args))
    plan.load([0], list(board), edges(board, rots))
    assert opened == [] and plan.before == three
    plan.load([0, 2], board, edges(board, rots))
    assert len(opened) == diploma_plan._COUNT


def test_a_load_cut_short_is_no_load():
    """loading() in pieces (a frame of the handheld each): a thought dropped halfway (a
    button, a search stopped) leaves no claim that its board is loaded, so the next load of
    that board reads it whole; a load worked out in pieces equals one made at once."""
    ring = find(RING)
    board, rots = lay_loop(ring, [0], skip=(4, 5, 6))
    edges = bytearray(masks_of(board, rots))
    whole = plan_for([2], board, rots).before
    plan = diploma_plan.Plan()
    thought = plan.loading([2], board, edges)
    next(thought)
    next(thought)  # a part of the loops read, then dropped
    thought = None
    plan.load([2], board, edges)
    assert plan.before == whole == diploma_plan.PLAN[3]
    pieces = 0
    for _ in diploma_plan.Plan().loading([2, 6], board, edges):
        pieces += 1
    assert pieces >= diploma_plan._COUNT // diploma_plan._PIECE
