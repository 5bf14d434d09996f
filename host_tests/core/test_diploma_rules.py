# Diploma rule by rule. Each test names the rule ids of seeds/diploma.md it checks.
# Tables are arranged by hand: T(colour, shape, n) is a line tile (colour 4 = grey; shape 0
# straight, 1 wide, 2 tight), M(n) a bonus mana spot; hexes as in diploma.COORDS (0 the
# centre, 1..6 ring 1, 7..18 ring 2).
# The heap: Diploma's rules module is about twice another game's; the smallest heap of this
# module is about 124k, 144k leaves a margin.
# mptest-heap: 144k
from checks import play, raises, refused

from firmware.games.diploma import rules as diploma

R, B, Y, GR, GREY = 0, 1, 2, 3, 4
STRAIGHT, WIDE, TIGHT = 0, 1, 2


def T(c, shape, n=0):
    return (80 if c == GREY else c * 20) + shape + 3 * n


def M(n=0):
    return 104 + n


def direction(a, b):
    for d in range(6):
        if diploma.NEIGH[a * 6 + d] == b:
            return d
    raise AssertionError("not adjacent")


def rot_for(tile, e1, e2):
    for r in range(6):
        e = diploma.ends(tile, r)
        if e is not None and sorted(e) == sorted([e1, e2]):
            return r
    raise AssertionError("no rotation")


def cycle(hexes, colours):
    """(hex, tile, rotation) laying a closed loop through `hexes` in order, tile i of colour
    colours[i] with the shape the turn needs."""
    out = []
    used = {}
    for i, h in enumerate(hexes):
        e1 = direction(h, hexes[i - 1])
        e2 = direction(h, hexes[(i + 1) % len(hexes)])
        shape = {3: STRAIGHT, 2: WIDE, 4: WIDE, 1: TIGHT, 5: TIGHT}[(e2 - e1) % 6]
        c = colours[i]
        n = used.get((c, shape), 0)
        used[(c, shape)] = n + 1
        t = T(c, shape, n)
        out.append((h, t, rot_for(t, e1, e2)))
    return out


TRIANGLE = [1, 2, 8]
RING = [1, 2, 3, 4, 5, 6]


def table(players=2, seat=0, laid=(), hand=(), moves=0, items=None, phase=diploma.P_PLACE,
          dice=None, **attrs):
    """A placement phase of `seat` (also the round player) with the tiles `laid` =
    (hex, tile, rotation) on its board and `hand` in its hand; no items, magic or circles
    unless given. dice: (colour, value) per seat's two dice (production first), then the
    judgement die."""
    s = diploma.new_game(players, 5)
    s.tiles = [[] for _ in range(players)]
    s.items = [[] for _ in range(players)]
    s.magic = [[] for _ in range(players)]
    s.circles = [[] for _ in range(players)]
    s.item_deck = list(range(24))
    s.magic_deck = list(range(10))
    s.circle_deck = list(range(12))
    s.supply = [t for t in range(diploma.TILES) if t not in hand and t not in [x[1] for x in laid]]
    for h, t, r in laid:
        s.boards[seat][h] = t
        s.rots[seat][h] = r
    s.tiles[seat] = list(hand)
    if items:
        for k in items:
            s.items[k] = list(items[k])
            for i in items[k]:
                s.item_deck.remove(i)
    if dice is None:
        dice = [(R, 3), (B, 4)] * players + [(Y, 2)]
    s.dice_col = [c for c, _ in dice]
    s.dice_val = [v for _, v in dice]
    s.dice_own = [k // 2 for k in range(2 * players)] + [-1]
    s.judge = 2 * players
    s.prod = [2 * k for k in range(players)]
    s.phase = phase
    s.turn = s.decider = s.round_player = seat
    s.moves = moves
    s.final = 0
    s.sold = 0
    for key in attrs:
        setattr(s, key, attrs[key])
    return s


def place(s, k, h, r):
    """Lay a tile of kind k on hex h at rotation r (two decisions: the tile, the spot)."""
    s.apply(diploma.TILE + k)
    s.apply(diploma.PLACE + h * 6 + r)


def fits_now(s, k, h, r):
    """Whether the seat to play could lay a kind k tile there now."""
    return diploma.PLACE + h * 6 + r in s.spots(s.current_player(), k)


def windowless(players, seed):
    """A new game whose players hold no magic: the round goes straight to the draft."""
    s = diploma.new_game(players, seed)
    s.magic_deck += [m for h in s.magic for m in h]
    s.magic = [[] for _ in range(players)]
    s.round_no = 0
    s._new_round()
    return s


# ---- Components and setup ----
def test_board_of_19_hexes_centre_spot_and_pawn_P_C3():
    assert diploma.HEXES == 19 and diploma.COORDS[0] == (0, 0)
    assert sorted(diploma.NEIGH[0:6]) == [1, 2, 3, 4, 5, 6]
    rim = [h for h in range(19) if 255 in list(diploma.NEIGH[h * 6:h * 6 + 6])]
    assert rim == list(range(7, 19))
    s = diploma.new_game(3, 1)
    for seat in range(3):
        assert s.boards[seat][0] == diploma.CENTRE and s.boards[seat].count(-1) == 18
        assert s.pawn[seat] == 0


def test_tiles_colours_grey_mana_spots_and_shapes_in_thirds_P_C2():
    kinds = [diploma.kind(t) for t in range(diploma.TILES)]
    for c in range(4):
        assert [diploma.tile_colour(t) for t in range(diploma.TILES)].count(c) == 20
        assert [kinds.count(c * 3 + sh) for sh in range(3)] == [7, 7, 6]
    assert [kinds.count(12 + sh) for sh in range(3)] == [8, 8, 8]
    assert kinds.count(diploma.MANA_KIND) == 16 and diploma.ends(M(), 0) is None
    # one line joining two edges: straight opposite, wide two apart, tight neighbours
    assert diploma.ends(T(R, STRAIGHT), 1) == (1, 4)
    assert diploma.ends(T(R, WIDE), 5) == (5, 1)
    assert diploma.ends(T(R, TIGHT), 2) == (2, 3)
    assert diploma.rotations(0) == 3 and diploma.rotations(1) == 6
    assert diploma.rotations(diploma.MANA_KIND) == 1
    # sample_tile (the samplers' and tests' stand-in for a kind) is a tile of that kind
    for k in list(range(15)) + [diploma.MANA_KIND]:
        assert diploma.kind(diploma.sample_tile(k)) == k, k


def test_setup_two_of_each_card_one_mana_three_gold_P_S1_P_S2_P_C4_P_C5():
    firsts = set()
    for seed in range(12):
        s = diploma.new_game(4, seed)
        for seat in range(4):
            assert len(s.items[seat]) == 2 and len(s.circles[seat]) == 2
            assert len(s.magic[seat]) == 2
            assert s.mana[seat] == 1 and s.gold[seat] == 3 and s.points[seat] == 0
        firsts.add(s.round_player)
        assert len(s.item_deck) == 16 and len(s.circle_deck) == 4 and len(s.magic_deck) == 2
    assert len(firsts) > 1  # a random first round player
    assert s.chips == [10, 10]


# ---- Round: dice, production, penalty ----
def test_dice_count_snake_draft_and_judgement_die_P_R1():
    s = windowless(3, 2)
    assert s.phase == diploma.P_DRAFT and len(s.dice_val) == 7
    r = s.round_player
    order = []
    while s.phase == diploma.P_DRAFT:
        order.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert order == [r, (r + 1) % 3, (r + 2) % 3, (r + 2) % 3, (r + 1) % 3, r]
    assert s.dice_own.count(-1) == 1 and s.judge == s.dice_own.index(-1)
    assert s.view(0)["judgement"] == s.dice_val[s.judge]
    solo = windowless(1, 2)
    assert len(solo.dice_val) == 3
    solo.apply(solo.legal_actions()[0])
    solo.apply(solo.legal_actions()[0])
    assert solo.dice_own.count(0) == 2 and solo.judge >= 0


def test_production_stones_gold_own_colour_double_and_penalty_P_R2():
    # P1 (Red) produces with a Red 5 over judgement 2: 2 Red stones, 3 gold; P2 (Blue)
    # with a Red 2: no more than the judgement, the penalty.
    s = table(2, dice=[(R, 5), (B, 1), (R, 2), (Y, 6), (Y, 2)], phase=diploma.P_ASSIGN,
              order=[1], prod=[-1, -1])
    s.supply = s.supply[:60]
    play(s, diploma.PROD)  # P1: first die produces
    assert s.prod[0] == 0 and s.current_player() == 1
    s.apply(diploma.PROD)  # P2: the Red 2 produces
    assert s.stones[0] == [2, 0, 0, 0] and s.gold[0] == 3 + 3
    assert s.stones[1] == [0, 0, 0, 0] and s.mana[1] == 0 and s.gold[1] == 3
    assert s.chips[0] == 8
    assert s.phase == diploma.P_PLACE and s.moves == 1  # P1 moves with the Blue 1


def test_production_choice_of_die_P_R2():
    s = table(2, dice=[(R, 1), (B, 6), (R, 2), (Y, 6), (Y, 3)], phase=diploma.P_ASSIGN,
              order=[1], prod=[-1, -1])
    assert s.legal_actions() == [diploma.PROD, diploma.PROD + 2]
    play(s, diploma.PROD + 2, diploma.PROD + 2)
    assert s.stones[0] == [0, 1, 0, 0] and s.gold[0] == 6  # Blue 6 over 3: one Blue stone
    assert s.stones[1] == [0, 0, 1, 0] and s.gold[1] == 6
    assert s.moves == 1


def test_penalty_chain_mana_then_gold_then_point_never_below_zero_P_R3():
    s = table(2)
    s.mana[0], s.gold[0], s.points[0] = 1, 3, 1
    s.penalty(0, "test")
    assert (s.mana[0], s.gold[0], s.points[0]) == (0, 3, 1)
    s.penalty(0, "test")
    assert (s.mana[0], s.gold[0], s.points[0]) == (0, 1, 1)
    s.penalty(0, "test")
    assert (s.mana[0], s.gold[0], s.points[0]) == (0, 0, 1)
    s.penalty(0, "test")
    assert (s.mana[0], s.gold[0], s.points[0]) == (0, 0, 0)
    s.penalty(0, "test")
    assert (s.mana[0], s.gold[0], s.points[0]) == (0, 0, 0)
    assert s.penalties[0] == 5 and "penalty" in s.notes[-1]


def test_stones_from_the_pair_side_and_none_from_an_empty_pair_P_C1():
    s = table(2)
    assert s.gain_stone(0, B, 2) == 2 and s.chips == [8, 10]  # Blue from the Red/Blue pair
    assert s.gain_stone(1, GR) == 1 and s.chips == [8, 9]
    s.chips[0] = 1
    assert s.gain_stone(0, R, 2) == 1 and s.stones[0][R] == 1 and s.chips[0] == 0
    assert s.gain_stone(1, B) == 0 and s.stones[1][B] == 0  # the pair's supply is empty
    assert s.gain_stone(1, Y) == 1  # the other pair still gives


def test_magic_costs_mana_reusable_on_any_die_counter_and_window_ends_P_R4_P_M():
    s = table(2, phase=diploma.P_MAGIC, dice=[(R, 3), (B, 4), (Y, 2), (GR, 5), (Y, 1)])
    s.magic = [[diploma.UPPER_C], [diploma.COUNTER_C]]
    s.mana = [2, 1]
    s.passes = 0
    s.decider = 0
    assert diploma.UPPER + 3 in s.legal_actions()  # another player's die
    s.apply(diploma.UPPER + 3)
    assert s.dice_val[3] == 6 and s.mana[0] == 1 and s.current_player() == 0
    assert diploma.UPPER + 3 not in s.legal_actions()  # a 6 cannot go up
    s.apply(diploma.UPPER + 4)  # again: reusable while there is mana; the judgement die too
    assert s.dice_val[4] == 2 and s.mana[0] == 0
    assert s.current_player() == 1  # no mana left: P1 is passed over
    assert s.legal_actions() == [diploma.PASS, diploma.COUNTER]
    s.apply(diploma.COUNTER)  # cancels the last use only
    assert s.dice_val[4] == 1 and s.dice_val[3] == 6 and s.mana[1] == 0
    assert s.phase == diploma.P_ASSIGN  # nobody has mana: the window closes


def test_magic_ping_pong_ends_when_mana_runs_out_P_R4():
    s = table(2, phase=diploma.P_MAGIC, dice=[(R, 3), (B, 4), (Y, 2), (GR, 5), (Y, 1)])
    s.magic = [[diploma.UPPER_C], [diploma.DOWNER_C]]
    s.mana = [3, 3]
    s.passes = 0
    s.decider = 0
    steps = 0
    while s.phase == diploma.P_MAGIC:
        legal = s.legal_actions()
        s.apply(legal[1] if len(legal) > 1 else diploma.PASS)  # Upper / Downer on die 0
        steps += 1
        assert steps < 20
    assert s.mana == [0, 0] and s.dice_val[0] == 3


def test_replace_a_magic_card_for_one_stone_P_R4():
    s = table(2)
    s.magic[0] = [diploma.OBLIVION_C]
    s.magic_deck = [5, 7]
    s.stones[0] = [0, 0, 1, 0]
    s.chips[1] = 9
    assert s.legal_actions().count(diploma.REPLACE + diploma.OBLIVION_C * 4 + Y) == 1
    refused(s, diploma.REPLACE + diploma.OBLIVION_C * 4 + R)  # no Red stone
    s.apply(diploma.REPLACE + diploma.OBLIVION_C * 4 + Y)
    assert s.magic[0] == [7] and s.magic_used == [diploma.OBLIVION_C]
    assert s.stones[0] == [0, 0, 0, 0] and s.chips[1] == 10


def test_color_scan_oblivion_rabbit_start_control_change_illusion_P_M():
    s = diploma.new_game(2, 9)
    s.magic = [[diploma.SCAN_C, diploma.RABBIT_C], [diploma.OBLIVION_C, diploma.CONTROL_C]]
    s.mana = [3, 3]
    s.round_player = 0
    s.round_no = 0
    s._new_round()
    assert s.phase == diploma.P_SCAN and s.current_player() == 0
    play(s, diploma.SCAN + GR, diploma.SCAN + GR, diploma.PASS)
    assert s.phase == diploma.P_ROLLED and s.dice_col[:2] == [GR, GR] and len(s.dice_col) == 5
    before = list(s.dice_col)
    play(s, diploma.PASS, diploma.OBLIVION)  # P1 passes; P2 rerolls every die, colours kept
    assert s.dice_col == before and s.mana[1] == 2
    s.apply(diploma.PASS)
    assert s.current_player() == 0  # a use opens the window again
    d = s.legal_actions()[-1] - diploma.RABBIT
    play(s, diploma.RABBIT + d)
    assert s.dice_own[d] == 0 and s.mana == [0, 2]
    # P2 still has mana and Oblivion, but only before Rabbit Start: the window closes
    assert s.phase == diploma.P_DRAFT and s.current_player() == 0  # snake: P1 first
    while s.phase == diploma.P_DRAFT:
        s.apply(s.legal_actions()[0])
    assert s.dice_own.count(0) == 2 and s.dice_own.count(1) == 2
    assert s.phase == diploma.P_MAGIC and s.current_player() == 1  # P1 has no after-draft card
    mine = s.my_dice(1)
    other = s.my_dice(0)
    i, j = min(mine[0], other[0]), max(mine[0], other[0])
    s.apply(diploma.CONTROL + i * 9 + j)
    assert s.dice_own[mine[0]] == 0 and s.dice_own[other[0]] == 1
    # Change 6 / Change 1 / Illusion set a die's value or colour
    s2 = table(2, phase=diploma.P_MAGIC, dice=[(R, 3), (B, 4), (Y, 2), (GR, 5), (Y, 1)])
    s2.magic = [[diploma.SIX_C, diploma.ONE_C, diploma.ILLUSION_C], []]
    s2.mana = [3, 0]
    s2.passes, s2.decider = 0, 0
    play(s2, diploma.CHANGE6 + 0, diploma.CHANGE1 + 3, diploma.ILLUSION + 1 * 4 + GR)
    assert s2.dice_val[0] == 6 and s2.dice_val[3] == 1 and s2.dice_col[1] == GR


def test_round_player_passes_left_and_a_new_round_begins_P_R5():
    s = table(3, seat=2)
    s.magic = [[], [], []]
    s.turn = 2
    s.round_player = 0
    s.decider = 2
    s.apply(diploma.END)
    assert s.round_player == 1 and s.round_no == 2 and s.phase == diploma.P_DRAFT
    assert s.current_player() == 1


# ---- Placement ----
def test_receive_two_tiles_buy_for_two_gold_P_P1():
    s = table(2, seat=1)
    s.turn, s.decider = 0, 0
    s.round_player = 0
    top = s.supply[-4:]
    s.apply(diploma.END)  # P2's placement begins: 2 tiles from the supply
    assert sorted(s.tiles[1]) == sorted(top[2:]) and s.current_player() == 1
    s.gold[1] = 3
    s.apply(diploma.BUY)
    assert s.gold[1] == 1 and len(s.tiles[1]) == 3
    assert diploma.BUY not in s.legal_actions()  # 1 gold is not enough


def test_pawn_steps_only_onto_tiles_with_its_movement_P_P2():
    s = table(2, laid=cycle(TRIANGLE, [R, R, R])[:2], moves=2)
    legal = s.legal_actions()
    assert diploma.STEP + 1 in legal and diploma.STEP + 2 in legal and diploma.STEP + 3 not in legal
    play(s, diploma.STEP + 1, diploma.STEP + 2)
    assert s.pawn[0] == 2 and s.moves == 0
    assert not [a for a in s.legal_actions() if diploma.STEP <= a < diploma.STEP + 19]
    s = table(2, moves=4, dice=[(R, 3), (B, 4)] * 2 + [(Y, 2)], under=[diploma.B_MOVE, -1])
    s.moves = 0
    s.turn, s.decider = 1, 1
    s.round_player = 1
    s.apply(diploma.END)  # P1's placement: movement 4 - 2 under the barrier
    assert s.current_player() == 0 and s.moves == 2


def test_placement_next_to_the_pawn_with_matching_lines_mana_spot_P_P3():
    s = table(2, hand=[T(R, STRAIGHT), M()])
    legal = s.legal_actions()
    assert diploma.TILE + 0 in legal and diploma.TILE + diploma.MANA_KIND in legal
    # only hexes 1..6 (next to the pawn); no line end may face the centre's blank edges
    for k in (0, diploma.MANA_KIND):
        for a in s.spots(0, k):
            h, r = (a - diploma.PLACE) // 6, (a - diploma.PLACE) % 6
            assert 1 <= h <= 6
            e = diploma.ends(diploma.sample_tile(k), r)
            assert e is None or direction(h, 0) not in e
    assert diploma.ends(T(R, STRAIGHT), 0) == (0, 3) and direction(1, 0) == 1
    s.apply(diploma.TILE + 0)
    assert s.phase == diploma.P_SPOT and s.legal_actions() == s.spots(0, 0)
    assert len(s.legal_actions()) == 6 * 3 - 6  # 6 hexes x 3 rotations, 1 of 3 faces the centre
    s.apply(diploma.PLACE + 1 * 6 + 0)
    assert s.boards[0][1] == T(R, STRAIGHT) and s.tiles[0] == [M()]
    assert s.phase == diploma.P_PLACE
    # hex 2 touches hex 1 through hex 1's edge 0 (a line end): a mana spot cannot go there
    assert not fits_now(s, diploma.MANA_KIND, 2, 0)
    assert fits_now(s, diploma.MANA_KIND, 3, 0)
    mana = s.mana[0]
    place(s, diploma.MANA_KIND, 3, 0)
    assert s.mana[0] == mana + 1
    # a line end meets a line end, a blank edge a blank edge
    t = T(B, TIGHT)
    assert diploma.fits(s.boards[0], s.rots[0], 2, t, rot_for(t, 3, 2)) is False  # faces centre
    assert diploma.fits(s.boards[0], s.rots[0], 2, t, rot_for(t, 3, 4))  # joins hex 1's line
    assert not diploma.fits(s.boards[0], s.rots[0], 2, t, rot_for(t, 4, 5))  # blank onto its end


def test_sell_one_item_per_placement_phase_for_two_gold_P_P4():
    s = table(2, items={0: [diploma.T_MANA, 12, diploma.B_STEAL]})
    assert diploma.SELL + 12 in s.legal_actions()
    s.apply(diploma.SELL + 12)
    assert s.gold[0] == 5 and s.item_used == [12] and s.sold == 1
    assert not [a for a in s.legal_actions() if diploma.SELL <= a < diploma.SELL + 24]
    refused(s, diploma.SELL + diploma.T_MANA)
    s.apply(diploma.MANA1)  # tools are used as often as held
    assert s.mana[0] == 2 and diploma.T_MANA in s.item_used


def test_declare_only_with_a_closed_loop_P_P5_P_D1():
    laid = cycle(TRIANGLE, [R, R, R])
    s = table(2, laid=laid[:2])
    assert not [a for a in s.legal_actions() if diploma.DECLARE <= a < diploma.DECLARE + 19]
    assert diploma.find_loops(s.boards[0], s.rots[0]) == []
    s = table(2, laid=laid)
    assert diploma.find_loops(s.boards[0], s.rots[0]) == [[1, 2, 8]]
    assert diploma.DECLARE + 1 in s.legal_actions() and s.view(0)["loops"] == [[1, 2, 8]]
    assert s.view(1)["loops"] == []


def test_declare_reveals_met_card_removes_exactly_the_loop_warps_pawn_P_D2_P_D3():
    laid = cycle(TRIANGLE, [R, R, R]) + [(3, M(1), 0)]
    s = table(2, laid=laid, circles=[[2, 0], []], pawn=[8, 0])
    s.item_deck = [20]
    s.apply(diploma.DECLARE + 1)
    assert s.shown[0] == [0] and s.circles[0] == [2] and s.points[0] == 10
    assert [s.boards[0][h] for h in (1, 2, 8)] == [-1, -1, -1]
    assert s.boards[0][3] == M(1) and s.boards[0][0] == diploma.CENTRE  # mana spots stay
    assert s.pawn[0] == 0  # hex 8 removed: nearest tiles at distance 2 are 0 and 3 -> 0
    assert sorted(s.stacks[0]) == sorted([t for _, t, _ in laid[:3]])
    assert s.stones[0] == [1, 0, 0, 0] and s.down[0][R] == 3  # 3 Red tiles: a Red stone
    assert s.items[0] == [20] and s.phase == diploma.P_CONVERT  # P-D4: an item card
    assert any("warps to hex 0" in n for n in s.notes)


def test_warp_to_nearest_tile_ties_lowest_hex_P_D3():
    laid = cycle(TRIANGLE, [R, B, Y]) + [(9, M(1), 0), (18, M(2), 0)]
    s = table(2, laid=laid, pawn=[8, 0])
    s.apply(diploma.DECLARE + 1)
    # from hex 8: hex 9 at distance 1, hex 18 at 2
    assert diploma.distance(8, 9) == 1 and diploma.distance(8, 18) == 2 and s.pawn[0] == 9
    assert s.stones[0] == [0, 0, 0, 0] and s.points[0] == 0  # no card met, no stone
    laid = cycle(TRIANGLE, [R, B, Y]) + [(7, M(1), 0), (9, M(2), 0)]
    s = table(2, laid=laid, pawn=[8, 0])
    s.apply(diploma.DECLARE + 1)
    assert s.pawn[0] == 7  # 7 and 9 both at distance 1: the lower index


def test_stacks_turn_three_for_a_stone_grey_for_mana_none_from_empty_pair_P_D3():
    s = table(2)
    s.stacks[0] = [T(B, 0, 0), T(B, 0, 1), T(B, 1, 0), T(B, 1, 1), T(GREY, 0, 0),
                   T(GREY, 0, 1), T(GREY, 0, 2), T(Y, 0, 0), T(Y, 0, 1), T(Y, 0, 2)]
    s.chips[1] = 0
    mana = s.mana[0]
    s._stack(0)
    assert s.stones[0] == [0, 1, 0, 0] and s.down[0] == [0, 3, 3, 0, 3]
    assert s.mana[0] == mana + 1  # 3 grey: 1 mana; Yellow turned, its pair empty
    s._stack(0)
    assert s.stones[0] == [0, 1, 0, 0]  # face-down tiles do not count again


def test_conversions_set_flip_mana_point_P_D4():
    s = table(2, phase=diploma.P_CONVERT, stones=[[1, 2, 1, 1], [0, 0, 0, 0]], chips=[7, 8])
    s.mana[0] = 2
    legal = s.legal_actions()
    assert legal == [diploma.DONE, diploma.SET, diploma.MANA_POINT, diploma.FLIP + R,
                     diploma.FLIP + B, diploma.FLIP + Y,
                     diploma.FLIP + GR]
    s.apply(diploma.SET)
    assert s.stones[0] == [0, 1, 0, 0] and s.points[0] == 5 and s.chips == [9, 10]
    s.apply(diploma.FLIP + B)
    assert s.stones[0] == [1, 0, 0, 0] and s.mana[0] == 1 and s.flips[0] == 1
    s.apply(diploma.MANA_POINT)
    assert s.points[0] == 6 and s.mana[0] == 0
    assert s.legal_actions() == [diploma.DONE]
    scored = s.rounds_scored()
    s.apply(diploma.DONE)
    assert s.phase == diploma.P_PLACE and s.rounds_scored() == scored + 1


def test_hand_limit_discard_face_up_steal_in_turn_order_from_the_left_P_P6():
    hand = [T(R, 0), T(R, 1), T(B, 2), T(Y, 0), T(GR, 1), T(GR, 2)]
    s = table(4, seat=1, hand=hand)
    s.round_player = 0
    s.under = [-1, -1, -1, diploma.B_STEAL]  # P4 cannot steal
    s.step = [0, 0, 0, 1]
    s.apply(diploma.END)
    assert s.phase == diploma.P_DISCARD and s.current_player() == 1
    play(s, diploma.DISCARD + diploma.kind(T(R, 0)), diploma.DISCARD + diploma.kind(T(B, 2)))
    assert len(s.tiles[1]) == 4 and s.phase == diploma.P_STEAL
    assert s.view(0)["batch"] == [T(R, 0), T(B, 2)]  # face up
    assert s.current_player() == 2  # P3 first (the discarder's left), P4 skipped, then P1
    s.apply(diploma.STEAL + diploma.kind(T(B, 2)))
    assert s.current_player() == 0 and s.tiles[2] == [T(B, 2)]
    assert s.legal_actions() == [diploma.NO_STEAL, diploma.STEAL + diploma.kind(T(R, 0))]
    s.apply(diploma.NO_STEAL)
    assert s.discards == [T(R, 0)] and s.batch == []
    assert s.turn == 2 and s.owed[2] == [diploma.kind(T(B, 2))]


def test_hand_limit_three_under_a_barrier_P_P6_P_P7():
    s = table(2, hand=[T(R, 0), T(R, 1), T(B, 2), T(Y, 0)], under=[diploma.B_HAND, -1])
    s.apply(diploma.END)
    assert s.phase == diploma.P_DISCARD


def test_stolen_tile_placed_next_phase_or_penalty_P_P6():
    s = table(2, hand=[T(B, 2)], owed=[[diploma.kind(T(B, 2))], []])
    s.mana[0] = 1
    s.apply(diploma.END)
    assert s.mana[0] == 0 and s.penalties[0] == 1 and s.owed[0] == []
    assert any("stolen tile" in n for n in s.notes)
    s = table(2, hand=[T(B, WIDE)], owed=[[diploma.kind(T(B, WIDE))], []])
    place(s, diploma.kind(T(B, WIDE)), 2, 4)
    assert s.owed[0] == []
    s.apply(diploma.END)
    assert s.penalties[0] == 0


def test_barrier_costs_stones_onto_empty_under_slides_three_rounds_then_immunity_P_P7():
    s = table(3, items={0: [diploma.B_JUDGE]}, stones=[[1, 0, 1, 0], [0] * 4, [0] * 4],
              chips=[9, 9], under=[-1, -1, diploma.B_MOVE], step=[0, 0, 3])
    legal = [a for a in s.legal_actions() if diploma.BARRIER <= a < diploma.REPLACE]
    assert legal == [diploma.BARRIER + 1]  # only P2's Under slot is empty
    s.apply(diploma.BARRIER + 1)
    assert s.under[1] == diploma.B_JUDGE and s.step[1] == 0 and s.stones[0] == [0, 0, 0, 0]
    assert s.chips == [10, 10] and s.acting(1, diploma.B_JUDGE)
    for rnd in range(3):
        s.round_no = 0
        s.turn = (s.round_player + 2) % 3
        s._next_placement()  # the round changes
        assert s.step[1] == rnd + 1
    assert not s.acting(1, diploma.B_JUDGE)
    assert any("face down" in n for n in s.notes)
    # face down: P2 pays no production penalty any more; P1 still does
    s = table(2, dice=[(R, 1), (B, 1), (R, 1), (B, 1), (Y, 6)], phase=diploma.P_ASSIGN,
              order=[1], prod=[-1, -1], under=[-1, diploma.B_JUDGE], step=[0, 3])
    s.mana = [1, 1]
    play(s, diploma.PROD, diploma.PROD)
    assert s.mana == [0, 1] and s.penalties == [1, 0]


def test_judgement_plus_two_under_the_barrier_P_P7():
    s = table(2, dice=[(R, 4), (B, 1), (B, 4), (B, 1), (Y, 3)], phase=diploma.P_ASSIGN,
              order=[1], prod=[-1, -1], under=[diploma.B_JUDGE, -1], step=[1, 0])
    s.mana = [1, 1]
    play(s, diploma.PROD, diploma.PROD)
    assert s.mana[0] == 0 and s.stones[0] == [0, 0, 0, 0]  # 4 is not over 3 + 2
    assert s.stones[1] == [0, 2, 0, 0] and s.gold[1] == 4


# ---- End ----
def test_game_ends_when_revealed_cards_reach_the_players_P_E1():
    laid = cycle(TRIANGLE, [R, R, R])
    s = table(2, laid=laid, circles=[[0], [5]], shown=[[], [1]])
    play(s, diploma.DECLARE + 1, diploma.DONE)
    assert s.phase == diploma.P_PLACE  # the declaring player goes on
    s.apply(diploma.END)
    assert s.phase == diploma.P_FINAL and s.current_player() == 0
    play(s, diploma.DONE, diploma.DONE)
    assert s.is_over() and s.rounds_scored() == 3


def test_final_round_deals_two_at_a_time_from_the_round_player_P_E2():
    s = table(3, dice=[(R, 3), (B, 4)] * 3 + [(Y, 2)], phase=diploma.P_ASSIGN, order=[1, 2],
              prod=[-1, -1, -1])
    s.round_player = s.decider = 1
    s.order = [2, 0]
    s.supply = [T(R, 0), T(R, 1), T(B, 0)]  # fewer than 2 x 3: the final round
    play(s, diploma.PROD, diploma.PROD, diploma.PROD)
    assert s.final == 1
    assert s.tiles == [[], [T(B, 0), T(R, 1)], [T(R, 0)]]
    assert s.current_player() == 1 and s.phase == diploma.P_PLACE
    assert diploma.BUY not in s.legal_actions()
    s.items[1] = [12]
    assert not [a for a in s.legal_actions() if diploma.SELL <= a < diploma.SELL + 24]
    play(s, diploma.END, diploma.END,
         diploma.END)  # everyone plays a placement phase (P1 with none)
    assert s.phase == diploma.P_FINAL and [s.current_player()] == [1]


def test_titles_score_at_the_end_and_tie_breaks_points_stones_mana_P_E3():
    s = table(3, phase=diploma.P_FINAL, queue=[], decider=0)
    s.items = [[10, 11, 14], [13, 16], [12]]
    s.shown = [[3], [], []]
    s.mana = [4, 4, 1]
    s.gold = [0, 1, 2]
    s.flips = [0, 2, 0]
    s.largest = [3, 6, 0]
    s.penalties = [0, 1, 1]
    s.apply(diploma.DONE)
    assert s.title_pts == [2 + 3 + 4, 2 + 3, 3]
    assert s.is_over()
    s.points = [10, 10, 9]
    s.stones = [[1, 0, 0, 0], [1, 0, 0, 0], [5, 0, 0, 0]]
    s.mana = [2, 3, 0]
    assert s.winners() == [1]  # tied points and stones: more mana
    s.mana = [3, 3, 0]
    assert s.winners() == [0, 1]  # shared
    s.stones[0] = [1, 1, 0, 0]
    assert s.winners() == [0]


def test_solo_wins_only_at_forty_points_P_E4():
    s = table(1, phase=diploma.P_FINAL, queue=[], decider=0)
    s.points = [39]
    s.apply(diploma.DONE)
    assert s.is_over() and s.winners() == []
    s.points = [40]
    assert s.winners() == [0]
    assert diploma.MIN_PLAYERS == 1 and diploma.SOLO_TARGET == 40


# ---- Magic-circle cards ----
def test_magic_circle_cards_P_K():
    def met(laid, loop):
        board = [-1] * 19
        rots = [0] * 19
        board[0] = diploma.CENTRE
        for h, t, r in laid:
            board[h] = t
            rots[h] = r
        return [k for k in range(12) if diploma.circle_met(k, loop, board, rots)]

    assert met(cycle(TRIANGLE, [R, R, R]), TRIANGLE) == [0, 4, 6, 11]
    assert met(cycle(TRIANGLE, [R, GREY, R]), TRIANGLE) == [0, 11]
    ring = cycle(RING, [R, B, Y, GR, R, B])
    assert met(ring, RING) == [2, 5, 6, 7, 8]  # encloses and touches the centre
    ring = cycle(RING, [R, GREY, R, GREY, R, R])
    assert met(ring, RING) == [2, 7, 8, 9, 10]
    rhombus = [1, 2, 8, 7]  # 1-2-8-7: four hexes
    laid = cycle(rhombus, [B, B, B, B])
    board = [-1] * 19
    rots = [0] * 19
    for h, t, r in laid:
        board[h] = t
        rots[h] = r
    assert diploma.find_loops(board, rots) == [sorted(rhombus)]
    assert met(laid, sorted(rhombus)) == [1, 6]  # two of the centre's neighbours only
    big = [1, 8, 9, 10, 3, 4, 5, 6]
    laid = cycle(big, [R] * 8)
    assert met(laid, sorted(big))[:2] == [3, 6]  # 8 or more; 5 centre neighbours: K9
    assert 8 in met(laid, sorted(big))


# ---- Tools and contract ----
def test_tools_move_rotate_jump_extra_gold_peek_P_I():
    laid = [(1, T(R, STRAIGHT), 2)]
    s = table(2, laid=laid,
              items={0: [diploma.T_MOVE, diploma.T_ROTATE, diploma.T_JUMP, diploma.T_EXTRA,
                                       diploma.T_GOLD, diploma.T_PEEK]})
    play(s, diploma.MOVE2)
    assert s.moves == 2
    assert diploma.ROTATE + 1 * 6 + 0 in s.legal_actions()
    s.apply(diploma.ROTATE + 1 * 6 + 0)
    assert s.rots[0][1] == 0
    play(s, diploma.JUMP + 1)
    assert s.pawn[0] == 1
    n = len(s.tiles[0])
    play(s, diploma.EXTRA, diploma.GOLD3)
    assert len(s.tiles[0]) == n + 1 and s.gold[0] == 6
    top = s.supply[-5:][::-1]
    s.apply(diploma.PEEK)
    assert s.phase == diploma.P_PEEK and s.view(0)["peek"] == top and s.view(1)["peek"] == []
    s.apply(s.legal_actions()[-1])
    i = s.history[-1] - diploma.PICK_TOP
    assert s.supply[-1] == top[i] and s.phase == diploma.P_PLACE
    assert s.items[0] == []


def test_shield_own_colour_and_swap_tools_P_I():
    s = table(2, items={0: [diploma.T_SHIELD]})
    s.penalty(0, "test")
    assert s.mana[0] == 1 and s.penalties[0] == 0 and s.items[0] == []
    s = table(2, dice=[(Y, 5), (B, 1), (R, 2), (Y, 6), (Y, 2)], phase=diploma.P_ASSIGN,
              order=[1], prod=[-1, -1], items={0: [diploma.T_OWN]})
    assert s.legal_actions() == [diploma.PROD, diploma.PROD + 1, diploma.PROD + 2, diploma.PROD + 3]
    play(s, diploma.PROD + 1, diploma.PROD)
    assert s.stones[0] == [2, 0, 0, 0]  # the Yellow 5 counts as Red: 2 stones
    s = table(2, hand=[T(R, 0)], items={0: [diploma.T_SWAP]}, discards=[T(B, 1)])
    s.apply(diploma.SWAP_TILE + diploma.kind(T(R, 0)) * 16 + diploma.kind(T(B, 1)))
    assert s.tiles[0] == [T(B, 1)] and s.discards == [T(R, 0)]


def test_illegal_actions_refused_and_state_unchanged():
    s = table(2, hand=[T(R, 0)])
    for a in (diploma.BUY + 100, diploma.STEP + 5, diploma.DECLARE + 1, diploma.PLACE + 9 * 6,
              diploma.TILE + 3, diploma.DONE,
              65535, -1):
        refused(s, a)
    s = windowless(2, 4)
    refused(s, diploma.END)
    while not s.is_over():
        s.apply(s.legal_actions()[0])
    raises(ValueError, s.apply, diploma.END)


def test_view_shows_counts_of_hidden_things_only():
    s = windowless(3, 6)
    v = s.view(0)
    assert v["hand"] == sorted(s.tiles[0]) and v["magic"] == sorted(s.magic[0])
    assert v["supply"] == len(s.supply) and v["hand_counts"] == [len(h) for h in s.tiles]
    assert v["hands"] is None and v["all_items"] is None
    assert isinstance(v["supply"], int) and v["legal"] == (s.legal_actions()
                                                           if s.current_player() == 0 else [])
    assert v["phase"] == "draft" and len(v["boards"]) == 3 and len(v["boards"][0]) == 19
    words = [s.action_text(a) for a in s.legal_actions()]
    assert len(set(words)) == len(words)


def test_a_view_holds_exactly_the_keys_it_is_made_with():
    # view() makes its dict at its final size from _VIEW_KEYS (no table outgrown per key on
    # a board's heap): a key set in view() but missing from that list would grow it again.
    from firmware.core.prng import Prng

    rng = Prng(3)
    state = diploma.new_game(3, 11)
    for _ in range(150):
        if state.is_over():
            break
        for seat in range(3):
            assert sorted(state.view(seat)) == sorted(diploma._VIEW_KEYS)
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])


def test_every_move_is_one_sentence_of_its_seat_the_tile_pick_and_peek_none():
    # The contract's move_text: each legal action of random games says its whole move, seat
    # first, colours named; the tile picked to lay (P-P3) and the peek tool say nothing (the
    # placement, the tile put on top, tell the move). Run on the boards' interpreters too.
    from firmware.core.prng import Prng

    rng = Prng(5)
    seen = set()
    for players in (1, 3):
        state = diploma.new_game(players, 20 + players)
        for _ in range(400):
            if state.is_over():
                break
            seat = state.current_player()
            legal = state.legal_actions()
            for a in legal:
                said = state.move_text(a, seat)
                if diploma.TILE <= a < diploma.PLACE or a == diploma.PEEK:
                    assert said is None
                    continue
                assert said.startswith("P%d " % (seat + 1)) and ":" not in said[:4], said
                for short in (" R ", " G ", "#") + tuple(" h%d" % d for d in range(10)):
                    assert short not in said, said  # (the choice list's short words)
                seen.add(said.split(" ")[1])
            state.apply(legal[rng.randbelow(len(legal))])
    for verb in ("lays", "takes", "uses", "produces", "steps", "buys", "ends", "discards"):
        assert verb in seen, (verb, seen)
    s = table(2, hand=[T(R, TIGHT)])
    s.apply(diploma.TILE + diploma.kind(T(R, TIGHT)))
    assert s.move_text(s.legal_actions()[0]).startswith("P1 lays a red tight tile on hex ")
