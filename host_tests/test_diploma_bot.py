"""The Diploma computer player (firmware/games/diploma/bot.py): legality over whole games at every
level and player count, decisions from the view only, known situations (declare a loop, close
one, produce above the judgement value, sets at scoring), and strength against a random
player. Rule ids: seeds/diploma.md."""

import bot_checks
import pytest

from firmware.bots import LEVELS, RandomBot, finish, make_bot
from firmware.core import load
from firmware.core.prng import Prng
from firmware.games.diploma import bot as diploma_bot
from firmware.games.diploma import rules as diploma

RED_TIGHT = 2  # kind: Red (colour 0) * 3 + shape 2 (tight curve)
BLUE_TIGHT = 5
# Three tight curves round a vertex (P-D1): hexes 1, 2, 8 at these rotations close a loop.
LOOP3 = ((1, 5), (2, 3), (8, 1))


def strict_bot(seat, level="normal", seed=0):
    return bot_checks.strict_bot("diploma", seat, level, seed)


def play(state, choosers):
    while not state.is_over():
        seat = state.current_player()
        state.apply(choosers[seat](state.view(seat)))
    return state


def reach(phase, seed=1, players=2):
    """A state of a game between normal bots at seat 0's first decision in `phase`."""
    state = diploma.new_game(players, seed)
    bots = [strict_bot(s, "normal", seed) for s in range(players)]
    while not state.is_over():
        seat = state.current_player()
        if seat == 0 and state.phase == phase:
            return state
        state.apply(bots[seat].choose(state.view(seat)))
    raise AssertionError("phase %d never reached" % phase)


def empty_board(state, seat=0):
    state.boards[seat] = [-1] * diploma.HEXES
    state.boards[seat][0] = diploma.CENTRE
    state.rots[seat] = [0] * diploma.HEXES


def lay(state, hexes, seat=0):
    for h, r in hexes:
        state.boards[seat][h] = diploma.sample_tile(RED_TIGHT) + 3 * (h % 5)  # distinct red tights
        state.rots[seat][h] = r


def loop3_open(phase=diploma.P_PLACE):
    """Seat 0 deciding in `phase` with two of LOOP3's tight curves on an empty board: the
    third closes the loop."""
    state = reach(diploma.P_PLACE)
    empty_board(state)
    lay(state, LOOP3[:2])
    state.phase = phase
    state.decider = 0
    return state


# ---- Legality -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_bot_choice_is_always_legal(players):
    """Every phase (P-R1 draft, P-R2 assignment, P-R4 magic windows, P-P placement, spots,
    P-P6 discards and steals, P-D4 conversions, the final scoring): at every decision of
    whole games mixing bots of every level with random moves, choose(view) is legal."""
    phases = set()
    decisions = 0
    for seed in range(4):
        state = diploma.new_game(players, 40 + seed)
        bots = [strict_bot(s, LEVELS[(seed + s) % 2], seed) for s in range(players)]
        rng = Prng(seed + 100 * players)
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"], (seed, view["phase"], action, view["legal"])
            phases.add(view["phase"])
            decisions += 1
            if rng.randbelow(4) == 0:
                action = view["legal"][rng.randbelow(len(view["legal"]))]
            state.apply(action)
    assert decisions > 500
    for phase in ("draft", "assign", "place", "spot", "discard", "final"):
        assert phase in phases


def test_hard_with_a_few_playouts_is_legal_and_ends_games():
    for players in (2, 3):
        state = diploma.new_game(players, 7)
        bots = [make_bot("diploma", s, "hard" if s == 0 else "normal", s, playouts=2)
                for s in range(players)]
        for b in bots:
            b.strict = True
        steps = 0
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view["legal"]
            state.apply(action)
            steps += 1
        assert steps > 100 and state.winners() is not None


# ---- Decisions from the view only -------------------------------------------------------


def sample_views(count=200):
    return bot_checks.bot_views("diploma", count, 7, lambda seed: (1 + seed % 4, None))


def test_bot_is_stateless_deterministic_and_leaves_the_view_alone():
    bot_checks.assert_stateless("diploma", sample_views(120), ("easy", "normal"))


def test_bot_ignores_what_the_view_does_not_show():
    """Another deal of the hidden cards (sample_state) shows the same view and gets the
    same answer; filling in the keys that are only shown at the end changes nothing."""
    module = load("diploma")
    for i, view in enumerate(sample_views(120)):
        for level in ("easy", "normal"):
            bot = make_bot("diploma", view["seat"], level, 3)
            action = bot.choose(view)
            other = module.sample_state(view, Prng(i)).view(view["seat"])
            assert bot.choose(other) == action
            noisy = dict(view)
            n = view["players"]
            noisy["hands"] = [[0, 1, 2]] * n
            noisy["all_items"] = [[5, 6]] * n
            noisy["all_circles"] = [[0, 1]] * n
            assert bot.choose(noisy) == action
        only = dict(view)
        only["legal"] = [view["legal"][-1]]
        assert strict_bot(view["seat"]).choose(only) == view["legal"][-1]


# ---- Known situations ---------------------------------------------------------------------


def test_the_best_lay_at_a_hex_is_the_best_rotation_that_fits_P_P3():
    """_best_at(x), the gain the bot reads for every empty hex, is the best of _gain over the
    hand's kinds and the rotations that fit there by the rules (D.fits): never a rotation
    whose line end meets a blank edge, never a fitting one missed. Guards: the edges of the
    neighbours read from the wrong side (their masks' bits)."""
    checked = fitting = 0
    for view in sample_views(200):
        if view["phase"] != "place" or not view["hand"]:
            continue
        seat = view["seat"]
        bot = strict_bot(seat)
        bot.choose(view)  # the bot's board, rotations, circle cards and kinds of this view
        board, rots = view["boards"][seat], view["rots"][seat]
        m = finish(bot._masks())
        for x in range(diploma.HEXES):
            if board[x] >= 0:
                continue
            best = diploma_bot._NEG
            for k in bot.kinds:
                for r in range(diploma.rotations(k)):
                    if diploma.fits(board, rots, x, diploma.sample_tile(k), r):
                        fitting += 1
                        best = max(best, bot._gain(m, x, k, r))
            assert bot._best_at(m, x, bot.kinds)[0] == best, (x, view["hand"])
            checked += 1
    assert checked > 200 and fitting > 200


def test_declares_an_open_loop_first_P_P5():
    state = reach(diploma.P_PLACE)
    empty_board(state)
    lay(state, LOOP3)
    view = state.view(0)
    assert diploma.DECLARE + 1 in view["legal"]
    assert strict_bot(0).choose(view) == diploma.DECLARE + 1
    # with two loops, the one that meets a held card (P-D2): a loop of 3 (K1) ...
    state.circles[0] = [0]
    assert strict_bot(0).choose(state.view(0)) == diploma.DECLARE + 1


def other_loop3(avoid):
    """Three tight curves closing a loop of 3 on hexes not in `avoid`: [(hex, rotation)]."""
    board = [-1] * diploma.HEXES
    rots = [0] * diploma.HEXES
    tile = diploma.sample_tile(RED_TIGHT)
    for a in range(1, diploma.HEXES):
        for b in range(a + 1, diploma.HEXES):
            for c in range(b + 1, diploma.HEXES):
                trio = (a, b, c)
                if set(trio) & set(avoid) or diploma.distance(a, b) + diploma.distance(a, c) \
                        + diploma.distance(b, c) != 3:
                    continue
                for ra in range(6):
                    for rb in range(6):
                        for rc in range(6):
                            for h, r in zip(trio, (ra, rb, rc)):
                                board[h], rots[h] = tile, r
                            if diploma.find_loops(board, rots):
                                return list(zip(trio, (ra, rb, rc)))
                            for h in trio:
                                board[h] = -1
    raise AssertionError("no loop of 3")


def test_declares_the_loop_that_meets_a_held_card_first_P_P5_P_D2():
    """Two loops of 3 on the board: a mixed one on hexes 1, 2, 8 and a red one higher up.
    Holding "3 of one colour" (K5), the bot declares the red loop; with no card they tie
    and it declares the lower."""
    state = reach(diploma.P_PLACE)
    empty_board(state)
    for k, (h, r) in enumerate(LOOP3):  # blue, yellow, green: not one colour
        state.boards[0][h] = diploma.sample_tile((k + 1) * 3 + 2)
        state.rots[0][h] = r
    second = other_loop3([h for h, _ in LOOP3] + [0])
    lay(state, second)
    assert len(diploma.find_loops(state.boards[0], state.rots[0])) == 2
    red = diploma.DECLARE + min(h for h, _ in second)
    mixed = diploma.DECLARE + LOOP3[0][0]
    assert mixed < red
    state.circles[0] = [4]
    assert strict_bot(0).choose(state.view(0)) == red
    state.circles[0] = []
    assert strict_bot(0).choose(state.view(0)) == mixed


def test_counts_the_line_ends_pointing_into_a_hex():
    """_ends_into / _fillable: two tight curves of a loop of 3 point both their loose ends
    into the third hex (2 ends: closable); no end points into a far hex (1: open)."""
    state = loop3_open()
    bot = strict_bot(0)
    bot.choose(state.view(0))
    m = finish(bot._masks())
    board = state.boards[0]
    assert diploma_bot._ends_into(m, 8) == 2
    assert diploma_bot._fillable(m, board, 8, -1) == 2
    far = [x for x in range(diploma.HEXES) if board[x] < 0 and diploma.distance(x, 1) > 1
           and diploma.distance(x, 2) > 1]
    assert far and all(diploma_bot._ends_into(m, x) == 0 for x in far)
    assert all(diploma_bot._fillable(m, board, x, -1) == 1 for x in far)


def test_hopes_for_a_loop_whose_size_meets_a_held_card():
    """_hope: K1-K4 by a loop's size (3, 4, 6, 8+); the other cards are not sizes."""
    assert [diploma_bot._hope([0], n) > 0 for n in (3, 4)] == [True, False]
    assert [diploma_bot._hope([1], n) > 0 for n in (3, 4, 5)] == [False, True, False]
    assert [diploma_bot._hope([2], n) > 0 for n in (5, 6, 7)] == [False, True, False]
    assert [diploma_bot._hope([3], n) > 0 for n in (7, 8, 12)] == [False, True, True]
    assert not any(diploma_bot._hope(list(range(4, 12)), n) for n in range(3, 13))
    assert diploma_bot._hope([9, 1], 4) == diploma_bot._W_HOPE


def test_reach_counts_the_steps_over_tiles_P_P2():
    """_reach: steps to every tile within the movement (P-P2), 255 beyond; the first step
    of the way to each."""
    state = reach(diploma.P_PLACE)
    bot = strict_bot(0)
    bot.board = [0] * diploma.HEXES  # every hex holds a tile
    for moves in (1, 2):
        bot._reach(0, moves)
        for h in range(diploma.HEXES):
            d = diploma.distance(0, h)
            assert diploma_bot._dist[h] == (d if d <= moves else 255), (moves, h)
    bot._reach(0, 2)
    for h in range(7, diploma.HEXES):
        first = diploma_bot._first[h]
        assert diploma.distance(first, h) == 1 and diploma.distance(0, first) == 1
    assert state.phase == diploma.P_PLACE


def test_closes_a_loop_when_it_can_P_P3_P_D1():
    state = loop3_open()
    state.pawn[0] = 1
    state.tiles[0] = [diploma.sample_tile(3 * 3 + 0),
                      diploma.sample_tile(3 * 3 + 2)]  # G straight, G tight
    view = state.view(0)
    bot = strict_bot(0)
    assert diploma.TILE + 11 in view["legal"]
    assert bot.choose(view) == diploma.TILE + 11
    state.apply(diploma.TILE + 11)
    view = state.view(0)
    assert bot.choose(view) == diploma.PLACE + 8 * 6 + 1
    state.apply(diploma.PLACE + 8 * 6 + 1)
    assert bot.choose(state.view(0)) == diploma.DECLARE + 1


def test_walks_to_where_a_loop_closes_P_P2():
    state = loop3_open()
    state.pawn[0] = 0  # hex 8 is two steps away: one step onto hex 1 or 2
    state.moves = 2
    state.tiles[0] = [diploma.sample_tile(3 * 3 + 2)]
    assert strict_bot(0).choose(state.view(0)) in (diploma.STEP + 1, diploma.STEP + 2)


def test_never_lays_a_line_off_the_board_when_a_live_one_is_open():
    """A straight on a rim hex pointing off the board is dead; the bot lays it live."""
    state = reach(diploma.P_PLACE)
    empty_board(state)
    state.tiles[0] = [diploma.sample_tile(0)]  # red straight
    state.pawn[0] = 0
    state.phase = diploma.P_SPOT
    state.chosen = 0
    view = state.view(0)
    a = strict_bot(0).choose(view)
    h, r = (a - diploma.PLACE) // 6, (a - diploma.PLACE) % 6
    for e in diploma.ends(diploma.sample_tile(0), r):
        assert diploma.NEIGH[h * 6 + e] != 255


def test_hard_builds_the_loop_its_card_asks_for_P_K():
    """Holding P-K5 (a loop of 3 of one colour) with a red tight curve started on the loop
    of hexes 1, 2, 8 and a blue one on 4, 5, 14, and a blue tight curve in hand: normal lays it
    on the first loop it finds (hex 2, beside the red: that loop will not meet the card);
    hard on the blue loop (hex 5), the second tile of a loop that can meet it
    (firmware/games/diploma/plan.py)."""
    state = reach(diploma.P_PLACE)
    empty_board(state)
    for h, r, colour in ((1, 5, 0), (4, 2, 1)):  # tight curves: (hex, rotation, colour)
        state.boards[0][h] = diploma.sample_tile(colour * 3 + 2)
        state.rots[0][h] = r
    state.pawn[0] = 0
    state.circles[0] = [4]
    state.tiles[0] = [diploma.sample_tile(BLUE_TIGHT)]
    state.decider = 0
    # (level, where it lays, the loop's last hex and that tile's edges)
    for level, spot, last, edges in (("normal", 2, 8, 6), ("hard", 5, 14, 48)):
        game = state.clone()
        bot = strict_bot(0, level)
        game.apply(bot.choose(game.view(0)))  # TILE: the red tight curve
        action = bot.choose(game.view(0))
        assert (action - diploma.PLACE) // 6 == spot, level
        game.apply(action)
        # a blue tight curve on the last hex closes the loop: it meets the card on blue alone
        board, rots = game.boards[0], game.rots[0]
        board[last] = diploma.sample_tile(BLUE_TIGHT) + 9
        rots[last] = [r for r in range(6) if diploma.KMASK[BLUE_TIGHT * 6 + r] == edges][0]
        (loop,) = diploma.find_loops(board, rots)
        assert diploma.circle_met(4, loop, board, rots) == (level == "hard"), level


def test_hard_adds_its_plans_to_every_lay_it_weighs():
    """Over the placements of played games, hard's value of every lay (a tile or a mana spot,
    on every empty hex, closing a loop or not) is normal's plus what it brings the plans:
    diploma_plan's delta(). With LOOP3 one tile from closing for a held P-K1 among them."""
    closing = spots = checked = 0
    state = loop3_open()
    state.circles[0] = [0]
    for view in [state.view(0)] + sample_views(200):
        if view["phase"] != "place" or not view["circles"] or checked > 3000:
            continue
        seat = view["seat"]
        bots = [diploma_bot.Bot(seat, level) for level in ("normal", "hard")]
        for bot in bots:
            bot.board = view["boards"][seat]
            bot.rots = view["rots"][seat]
            bot.circles = view["circles"]
        m = finish(bots[1]._masks())  # (and the plans, for this board and these cards)
        board = bots[1].board
        for h in range(diploma.HEXES):
            if board[h] >= 0:
                continue
            for k in range(diploma.MANA_KIND + 1):
                for r in range(diploma.rotations(k)):
                    plain = bots[0]._gain(m, h, k, r)
                    spot = k == diploma.MANA_KIND
                    towards = bots[1].plan.delta(board, h, 0 if spot else diploma.KMASK[k * 6 + r],
                                                 -1 if spot else k // 3)
                    assert bots[1]._gain(m, h, k, r) == plain + towards, (h, k, r)
                    checked += 1
                    if not spot:
                        m[h] = diploma.KMASK[k * 6 + r]
                        closed = diploma_bot._trace(m, h,
                                                    diploma_bot._LOW[m[h]])[1] == diploma_bot._LOOP
                        m[h] = 0
                        closing += closed and towards != 0
                    spots += spot and towards != 0
    assert checked > 1000 and closing > 0 and spots > 0


def test_produces_with_the_die_above_the_judgement_value_P_R2():
    state = reach(diploma.P_ASSIGN)
    mine = state.my_dice(0)
    j = state.judge
    state.dice_val[j] = 3
    for low, high in ((mine[0], mine[1]), (mine[1], mine[0])):
        state.dice_val[low] = 2
        state.dice_val[high] = 5
        state.items[0] = [i for i in state.items[0] if i != diploma.T_OWN]
        action = strict_bot(0).choose(state.view(0))
        k = (action - diploma.PROD) // 2
        assert mine[k] == high


def test_drafts_a_high_die_of_its_own_colour_P_R1():
    state = reach(diploma.P_DRAFT)
    free = state._free_dice()
    for d in range(len(state.dice_val)):
        state.dice_val[d] = 1
        state.dice_col[d] = 1
    best = free[-1]
    state.dice_val[best] = 6
    state.dice_col[best] = 0
    assert strict_bot(0).choose(state.view(0)) == diploma.DRAFT + best


def test_hard_drafts_away_the_die_the_next_drafter_needs_P_R1():
    """Die 0 is seat 0's colour (2 stones, P-R2), die 1 seat 1's; the rest are 1s. Normal
    takes its best die; hard, with seat 1 drafting next (view "order"), takes seat 1's
    instead, and takes its own best when it drafts again next itself."""
    state = reach(diploma.P_DRAFT)
    for d in range(len(state.dice_val)):
        state.dice_own[d] = -1
        state.dice_val[d] = 1
        state.dice_col[d] = 2 + d % 2
    state.dice_val[0], state.dice_col[0] = 5, 0
    state.dice_val[1], state.dice_col[1] = 6, 1
    state.stones = [[0, 0, 0, 0], [0, 0, 0, 0]]
    state.order = [1, 1, 0]
    assert strict_bot(0).choose(state.view(0)) == diploma.DRAFT
    hard = diploma_bot.Bot(0, "hard")
    hard.strict = True
    assert hard.choose(state.view(0)) == diploma.DRAFT + 1
    state.order = [0, 1, 1]
    assert hard.choose(state.view(0)) == diploma.DRAFT


def magic_window(cards, mine, theirs, judge):
    """A 2-player state in the magic window after the draft (P-M), seat 0 to decide with 3
    mana and magic `cards`; dice given as (value, colour): seat 0's two, seat 1's two, then
    the judgement die (die 4). No stones yet, no barriers, no own-colour tool."""
    state = reach(diploma.P_ASSIGN)
    dice = list(mine) + list(theirs) + [judge]
    state.dice_val = [v for v, _ in dice]
    state.dice_col = [c for _, c in dice]
    state.dice_own = [0, 0, 1, 1, -1]
    state.judge = 4
    state.stones = [[0, 0, 0, 0], [0, 0, 0, 0]]
    state.under = [-1, -1]
    state.step = [0, 0]
    state.items[0] = [i for i in state.items[0] if i != diploma.T_OWN]
    state.mana = [3, 3]
    state.magic[0] = list(cards)
    state.phase = diploma.P_MAGIC
    state.decider = 0
    state.passes = 0
    state.undo = []
    return state


def magic_choices(state):
    """(normal's, hard's) choice in the window."""
    hard = diploma_bot.Bot(0, "hard")
    hard.strict = True
    view = state.view(0)
    return strict_bot(0).choose(view), hard.choose(view)


def test_normal_changes_its_own_production_die_when_that_pays_P_M():
    """Both of seat 0's dice are under the judgement value 4 (a penalty). Change 6 on one
    of them makes it produce: the 1 (the 2 moves further). Normal uses it on its own die;
    with no mana it passes."""
    state = magic_window([diploma.SIX_C], ((2, 1), (1, 2)), ((5, 2), (5, 3)), (4, 3))
    assert magic_choices(state)[0] == diploma.CHANGE6 + 1
    state.magic[0] = [diploma.UPPER_C]  # a 2 -> 3 or 1 -> 2 stays under 4: nothing pays
    assert magic_choices(state)[0] == diploma.PASS


def test_normal_turns_a_die_only_to_its_own_colour_with_illusion_P_M():
    """No red or blue chip is left (P-C1): seat 0's red 6 produces nothing. Illusion to
    yellow would give a stone (worth normal's mana), but normal turns dice to its own
    colour (red) only: it passes."""
    state = magic_window([diploma.ILLUSION_C], ((6, 0), (2, 1)), ((1, 2), (1, 3)), (3, 3))
    state.chips = [0, 10]
    assert diploma.ILLUSION + 0 * 4 + 2 in state.legal_actions()
    assert magic_choices(state)[0] == diploma.PASS


def test_hard_changes_the_judgement_die_when_that_saves_its_production_P_M():
    """Both of seat 0's dice (2s) are under the judgement value 4: a penalty (P-R3). Change 1
    on the judgement die makes them produce. Normal changes only its own dice (a 1 helps
    nothing) and passes; hard changes the judgement die, seat 1's 5s producing anyway."""
    state = magic_window([diploma.ONE_C], ((2, 1), (2, 2)), ((5, 2), (5, 3)), (4, 3))
    assert magic_choices(state) == (diploma.PASS, diploma.CHANGE1 + 4)


def test_hard_leaves_the_judgement_die_when_the_change_helps_the_other_more_P_M(monkeypatch):
    """As above, but seat 1's dice are 3s of its own colour: Change 1 on the judgement die
    would turn its penalty into 2 stones (P-R2), more than seat 0's one stone: hard passes
    (weighing seat 1's dice at _HARD_OPP tenths), as it would not at 0."""
    state = magic_window([diploma.ONE_C], ((2, 2), (2, 2)), ((3, 1), (3, 1)), (4, 3))
    assert magic_choices(state) == (diploma.PASS, diploma.PASS)
    monkeypatch.setattr(diploma_bot, "_HARD_OPP", 0)
    assert diploma_bot.Bot(0, "hard").choose(state.view(0)) == diploma.CHANGE1 + 4


def test_hard_swaps_its_worst_die_for_the_others_best_with_control_P_M():
    """Control swaps two drafted dice of two seats: hard gives its 1 for seat 1's 6 of seat
    0's colour (2 stones above the judgement value 3); normal leaves Control alone."""
    state = magic_window([diploma.CONTROL_C], ((1, 2), (4, 2)), ((6, 0), (2, 3)), (3, 3))
    assert magic_choices(state) == (diploma.PASS, diploma.CONTROL + 0 * 9 + 2)


def test_hard_swaps_the_best_pair_of_dice_with_control_P_M():
    """Control's candidates in order (0, 2), (0, 3), (1, 2), (1, 3): the best is the last,
    seat 0's 1 for seat 1's 6 of seat 0's colour, each tried from the dice as they are."""
    state = magic_window([diploma.CONTROL_C], ((4, 1), (1, 2)), ((2, 3), (6, 0)), (3, 3))
    assert magic_choices(state)[1] == diploma.CONTROL + 1 * 9 + 3


def test_hard_spends_no_mana_on_a_small_gain_P_M():
    """Upper on seat 0's producing 5 gives one more gold: less than the mana (_W_MAGIC and
    _MAGIC_MIN): hard passes."""
    state = magic_window([diploma.UPPER_C], ((5, 1), (2, 2)), ((5, 2), (5, 3)), (3, 3))
    assert magic_choices(state)[1] == diploma.PASS


def test_hard_values_a_stone_below_normal():
    """The hard heuristic's stone weight (_HARD_W_STONE) is its own: with normal's weight
    instead, it decides otherwise in some dice decisions of whole games."""
    differ = 0
    for view in sample_views(300):
        if view["phase"] not in ("draft", "assign"):
            continue
        hard = diploma_bot.Bot(view["seat"], "hard", 4)
        heavy = diploma_bot.Bot(view["seat"], "hard", 4)
        hard.strict = heavy.strict = True
        heavy.w_stone = diploma_bot._W_STONE
        assert hard.w_stone < heavy.w_stone
        differ += hard.choose(view) != heavy.choose(view)
    assert differ > 0


def assign_state(mine, judge, chips=diploma.PAIR_CHIPS):
    """Seat 0 (Red) assigning its dice (P-R2) with the own-colour tool: its two dice given as
    (value, colour), the judgement die (value, colour); `chips` left in the Red/Blue pair."""
    state = magic_window([], mine, ((1, 2), (1, 3)), judge)
    state.phase = diploma.P_ASSIGN
    state.items[0] = [diploma.T_OWN]
    state.chips = [chips, diploma.PAIR_CHIPS]
    return state


def test_uses_the_own_colour_tool_when_it_makes_more_stones_P_R2_P_I():
    """A Blue 5 above the judgement value produces 1 Blue stone, or 2 Red ones with the tool
    (P-I): worth the tool. With one chip left in the Red/Blue pair it makes 1 stone either
    way: the tool is kept, even when Red is the colour its sets lack. On a die of its own
    colour it adds nothing: kept."""
    for level in ("normal", "hard"):
        bot = diploma_bot.Bot(0, level)
        bot.strict = True
        state = assign_state(((5, 1), (2, 2)), (3, 3))
        assert bot.choose(state.view(0)) == diploma.PROD + 1  # die 0 produces, with the tool
        state = assign_state(((5, 1), (2, 2)), (3, 3), chips=1)
        assert bot.choose(state.view(0)) == diploma.PROD
        state.stones[0] = [0, 1, 1, 1]  # a Red stone (the set's missing colour) is worth
        assert bot.choose(state.view(0)) == diploma.PROD  # more, still not a spent tool more
        state = assign_state(((5, 0), (2, 2)), (3, 3))
        assert bot.choose(state.view(0)) == diploma.PROD


def placement(items, gold=0):
    """Seat 0 in its placement phase (P-P) on an empty board with an empty hand, no stones
    (no barrier affordable) and these items: nothing to lay, so it ends or sells."""
    state = reach(diploma.P_PLACE)
    empty_board(state)
    state.tiles[0] = []
    state.stones[0] = [0, 0, 0, 0]
    state.items[0] = list(items)
    state.gold[0] = gold
    state.penalties = [0] * state.players
    state.sets = [0] * state.players
    state.mana = [0] * state.players
    state.sold = 0
    return state


def test_sells_an_item_it_has_no_use_for_and_keeps_the_rest_P_P4():
    """P-P4: the tools it plays and the titles that will score are kept; a tool it never
    plays (peek), a title that will not score (most gold while another holds more, no
    penalty after one paid, 3 sets with none made yet) is sold for gold. Barriers stay."""
    bot = strict_bot(0)
    kept = [diploma.T_MOVE, 10, 15, 16, diploma.B_JUDGE]
    state = placement(kept + [diploma.T_PEEK])
    assert diploma.SELL + diploma.T_MOVE in state.view(0)["legal"]
    assert bot.choose(state.view(0)) == diploma.SELL + diploma.T_PEEK
    for item, setup, sells in (
            (12, lambda st: st.gold.__setitem__(1, 5), True),  # most gold: the other has more
            (12, lambda st: None, False),  # 1 gold against 0: it scores
            (14, lambda st: st.penalties.__setitem__(0, 1), True),  # no penalty: one was paid
            (14, lambda st: None, False),
            (17, lambda st: None, True),  # 3 sets: none made yet
            (17, lambda st: st.sets.__setitem__(0, 1), False)):
        state = placement(kept + [item], gold=1)
        state.gold[1] = 0
        setup(state)
        want = diploma.SELL + item if sells else diploma.END
        assert bot.choose(state.view(0)) == want, (item, state.gold, state.penalties)
    state = placement(kept)
    assert bot.choose(state.view(0)) == diploma.END


def loop3_round(a, b):
    """Two tight curves on neighbouring hexes a and b that a third on their common ring-2
    neighbour c closes into a loop of 3 (P-D1): ((a, rot), (b, rot)), (c, rot)."""
    c = [x for x in range(7, diploma.HEXES)
         if diploma.distance(x, a) == 1 and diploma.distance(x, b) == 1][0]
    board = [-1] * diploma.HEXES
    board[0] = diploma.CENTRE
    for h in (a, b, c):
        board[h] = diploma.sample_tile(RED_TIGHT)
    rots = [0] * diploma.HEXES
    for ra in range(6):
        for rb in range(6):
            for rc in range(6):
                rots[a], rots[b], rots[c] = ra, rb, rc
                if diploma.find_loops(board, rots):
                    return ((a, ra), (b, rb)), (c, rc)
    raise AssertionError("no loop of 3 round %d, %d" % (a, b))


def test_jumps_to_where_a_loop_closes_P_P5_P_I():
    """The jump tool (P-I) takes the pawn to any tile: with no movement left, nothing worth
    laying by the pawn (the hard heuristic's _HARD_PLACE_MIN) and a loop to close across
    the board, the bot jumps next to the closing hex. It then closes the loop."""
    two, (close, _) = loop3_round(5, 6)
    state = reach(diploma.P_PLACE)
    empty_board(state)
    lay(state, two)
    state.boards[0][11] = diploma.sample_tile(12)  # a Green straight far away
    state.rots[0][11] = 0
    state.pawn[0] = 11
    state.moves = 0
    state.tiles[0] = [diploma.sample_tile(RED_TIGHT)]
    state.items[0] = [diploma.T_JUMP]
    bot = diploma_bot.Bot(0, "hard")
    bot.strict = True
    action = bot.choose(state.view(0))
    assert action - diploma.JUMP in (5, 6) and diploma.distance(action - diploma.JUMP, close) == 1
    state.apply(action)
    assert bot.choose(state.view(0)) == diploma.TILE + RED_TIGHT
    state.items[0] = []
    state.pawn[0] = 11
    state.gold[0] = 0
    assert bot.choose(state.view(0)) == diploma.END  # no tool (nor gold): nothing worth laying


def test_peeks_the_tile_that_closes_a_loop_first_P_I():
    """The peek tool (P-I): of the top tiles, the one worth most laid comes first."""
    state = loop3_open(diploma.P_PEEK)
    tight = [t for t in state.supply if diploma.kind(t) % 3 == 2 and t < diploma.LINE_TILES][0]
    straight = [t for t in state.supply if diploma.kind(t) % 3 == 0 and t < diploma.LINE_TILES][:4]
    rest = [t for t in state.supply if t != tight and t not in straight]
    for at in range(5):
        top = straight[:at] + [tight] + straight[at:]  # the top one first
        state.supply = rest + list(reversed(top))
        view = state.view(0)
        assert view["peek"] == top
        assert strict_bot(0).choose(view) == diploma.PICK_TOP + at


def test_produces_with_the_die_that_leaves_the_better_move_P_R2():
    """Of a Blue 5 and its own Red 2 over a judgement 1: producing with the Red 2 makes two
    stones and leaves the 5 to move; the Blue 5 makes one stone and 3 gold more but leaves
    a move of 2. Both levels produce with the 2."""
    for level in ("normal", "hard"):
        bot = diploma_bot.Bot(0, level)
        bot.strict = True
        state = assign_state(((5, 1), (2, 0)), (1, 3))
        state.items[0] = []
        assert bot.choose(state.view(0)) == diploma.PROD + 2, level


def test_keeps_mana_for_the_most_mana_title_at_the_end_P_D4_P_I():
    """Final conversions: mana to points, except the mana that the most-mana title (+3)
    needs, while it is no more than the title's worth."""
    state = reach(diploma.P_PLACE)
    state.phase = diploma.P_FINAL
    state.decider = 0
    state.stones[0] = [0, 0, 0, 0]
    state.mana = [2] + [1] * (state.players - 1)
    for items, want in (([11], diploma.DONE), ([10], diploma.MANA_POINT), ([], diploma.MANA_POINT)):
        state.items[0] = items
        assert strict_bot(0).choose(state.view(0)) == want, items
    state.items[0] = [11]
    state.mana[0] = diploma.TITLE_MOST_MANA + 1
    assert strict_bot(0).choose(state.view(0)) == diploma.MANA_POINT


def test_the_search_values_points_mana_gold_and_stones_in_tenths():
    """The hard search's evaluation (_worth): a point and a mana 10 tenths, a gold 2, a stone
    _W_STONE, for the seat against the best other."""
    state = reach(diploma.P_PLACE)
    base = diploma_bot.evaluate(state, 0)
    for change, delta in ((lambda: state.points.__setitem__(0, state.points[0] + 1), 10),
                          (lambda: state.mana.__setitem__(0, state.mana[0] + 1), 10),
                          (lambda: state.gold.__setitem__(0, state.gold[0] + 1), 2),
                          (lambda: state.stones[0].__setitem__(2, state.stones[0][2] + 1),
                           diploma_bot._W_STONE),
                          (lambda: state.stones[0].__setitem__(0, state.stones[0][0] + 1),
                           diploma_bot._W_STONE)):
        change()
        now = diploma_bot.evaluate(state, 0)
        assert now - base == delta
        base = now


def test_the_line_ends_into_every_hex_of_played_boards():
    """_ends_into against the rules' own line ends (D.ends) on the boards of whole games:
    every empty hex, every direction."""
    checked = 0
    for view in sample_views(60):
        board = view["boards"][view["seat"]]
        rots = view["rots"][view["seat"]]
        bot = strict_bot(view["seat"])
        bot.board, bot.rots = board, rots
        m = finish(bot._masks())
        for x in range(diploma.HEXES):
            if board[x] >= 0:
                continue
            want = 0
            for d in range(6):
                n = diploma.NEIGH[x * 6 + d]
                if n != 255 and diploma.ends(board[n],
                                             rots[n]) and (d + 3) % 6 in diploma.ends(board[n],
                                                                                   rots[n]):
                    want += 1
            assert diploma_bot._ends_into(m, x) == want, (x, board, rots)
            checked += want
    assert checked > 20


def test_converts_sets_and_mana_at_the_end_P_D4():
    state = reach(diploma.P_PLACE)
    state.phase = diploma.P_FINAL
    state.decider = 0
    state.stones[0] = [1, 1, 2, 0]  # a flip of a Yellow stone to Green completes a set
    state.mana[0] = 2
    state.items[0] = []
    bot = strict_bot(0)
    assert bot.choose(state.view(0)) == diploma.FLIP + 2
    state.apply(diploma.FLIP + 2)
    assert bot.choose(state.view(0)) == diploma.SET
    state.apply(diploma.SET)
    assert bot.choose(state.view(0)) == diploma.MANA_POINT


def final_conversions(bot, stones, mana):
    """Seat 0's final scoring phase (P-E1) played by `bot` from these stones and mana: (the
    points it made, the stones left)."""
    state = reach(diploma.P_PLACE)
    state.phase = diploma.P_FINAL
    state.decider = 0
    state.stones[0] = list(stones)
    state.mana[0] = mana
    state.items[0] = []
    points = state.points[0]
    while state.phase == diploma.P_FINAL and state.decider == 0:
        state.apply(bot.choose(state.view(0)))
    return state.points[0] - points, state.stones[0]


@pytest.mark.parametrize("stones,mana,points,left", [
    ([3, 0, 2, 0], 2, 5, [1, 0, 0, 0]),  # a flip in each pair: a set (normal: 2 mana points)
    ([4, 0, 2, 2], 2, 10, [0, 0, 0, 0]),  # two flips of Red: two sets
    ([4, 0, 2, 2], 1, 5 + 0, [2, 0, 1, 1]),  # one flip pays one set, none left for a point
    ([2, 2, 3, 0], 3, 5 + 2, [1, 1, 1, 0]),  # Yellow/Green hold one set: 2 mana left
    ([3, 1, 0, 0], 4, 4, [3, 1, 0, 0]),  # no Yellow/Green stone: no set, mana to points
    ([2, 0, 2, 0], 1, 1, [2, 0, 2, 0]),  # a set needs 2 flips: the mana is a point
])
def test_hard_flips_stones_into_the_most_sets_at_the_end_P_D4(stones, mana, points, left):
    """The hard heuristic's final conversions: the most sets of 4 colours that its mana can
    flip the stones into (a set is 5 points, a flip costs a mana point), then mana to
    points. Guards: a flip of the short colour (it moves the wrong way), a flip that buys no
    set, a plan that counts one pair only."""
    hard = strict_bot(0, "hard")
    assert final_conversions(hard, stones, mana) == (points, left)
    normal = final_conversions(strict_bot(0), stones, mana)
    if stones == [3, 0, 2, 0]:
        assert normal == (2, [3, 0, 2, 0])  # normal flips only for a set one flip away


def test_steals_only_a_tile_that_closes_a_loop_P_P6():
    state = loop3_open(diploma.P_STEAL)
    state.batch = [diploma.sample_tile(0), diploma.sample_tile(2)]  # a straight and a tight curve
    assert strict_bot(0).choose(state.view(0)) == diploma.STEAL + RED_TIGHT
    state.batch = [diploma.sample_tile(0)]
    assert strict_bot(0).choose(state.view(0)) == diploma.NO_STEAL


def test_hard_starts_from_its_own_heuristic():
    """The hard level's prior is the heuristic at level "hard" (buys before ending a
    placement, _HARD_HAND_LOW): with no playouts it answers what that heuristic answers, and
    the two levels differ somewhere over whole games."""
    differ = 0
    for view in sample_views(200):
        seat = view["seat"]
        own = diploma_bot.Bot(seat, "hard", 4)
        own.strict = True
        hard = make_bot("diploma", seat, "hard", 4, playouts=0)
        assert hard.choose(view) == own.choose(view)
        differ += own.choose(view) != strict_bot(seat, "normal", 4).choose(view)
    assert differ > 0


def test_hard_searches_the_dice_and_steals_only():
    for a in (diploma.DRAFT, diploma.DRAFT + 4, diploma.PROD, diploma.PROD + 3, diploma.NO_STEAL,
              diploma.STEAL + 5):
        assert diploma_bot.candidates(a)
    for a in (diploma.PASS, diploma.END, diploma.BUY, diploma.TILE + 3, diploma.PLACE + 7,
              diploma.STEP + 2, diploma.DONE, diploma.SET,
              diploma.RABBIT, diploma.STEAL - 1):
        assert not diploma_bot.candidates(a)
    assert diploma_bot.candidates(diploma.RABBIT - 1)  # the last kind to steal


def test_the_bot_reads_the_hand_limit_as_the_rules_do_P_P6_P_P7():
    """The hand the bot keeps under (P-P6): the rules' own limit in every state, the hand
    barrier's while it acts (P-P7: its first BARRIER_ROUNDS rounds), no other barrier's."""
    checked = set()
    state = load("diploma").new_game(3, 5)
    for seat in range(3):
        for under in (-1, diploma.B_HAND, diploma.B_JUDGE):
            for step in (0, diploma.BARRIER_ROUNDS - 1, diploma.BARRIER_ROUNDS):
                state.under[seat], state.step[seat] = under, step
                view = state.view(seat)
                assert diploma_bot._hand_limit(view, seat) == state.hand_limit(seat), (under, step)
                checked.add(state.hand_limit(seat))
    assert checked == {diploma.HAND_LIMIT, diploma.BARRIER_HAND}


# ---- Strength ---------------------------------------------------------------------------


def test_normal_beats_random_player():
    """In 30 two-player games with alternating seats, the normal bot wins alone at least 90%
    of the games against a uniformly random player."""
    wins = 0
    games = 30
    for seed in range(games):
        seat = seed % 2
        state = diploma.new_game(2, 9000 + seed)
        choosers = [None, None]
        choosers[seat] = strict_bot(seat, "normal", seed).choose
        choosers[1 - seat] = RandomBot(1 - seat, seed).choose
        play(state, choosers)
        if state.winners() == [seat]:
            wins += 1
    assert wins / games >= 0.9, wins


def test_easy_beats_random_but_not_normal():
    wins_random = wins_normal = 0
    games = 20
    for seed in range(games):
        seat = seed % 2
        for other in ("random", "normal"):
            state = diploma.new_game(2, 9500 + seed)
            choosers = [None, None]
            choosers[seat] = strict_bot(seat, "easy", seed).choose
            rival = RandomBot(1 - seat, seed) if other == "random" else \
                strict_bot(1 - seat, "normal", seed)
            choosers[1 - seat] = rival.choose
            play(state, choosers)
            if state.winners() == [seat]:
                if other == "random":
                    wins_random += 1
                else:
                    wins_normal += 1
    assert wins_random / games >= 0.7, wins_random
    assert wins_normal / games <= 0.5, wins_normal


def test_a_decision_is_worked_out_a_piece_at_a_time(monkeypatch):
    """The handheld's frame waits for one piece of a decision (Heuristic.thinking), not for
    the whole of it (a tile to lay took up to 260 ms on a board): no piece weighs more than
    one hex (_best_at), reads more than _PIECE loops of the plan, or tries more than one
    magic card besides the lead it must beat; the pieces add up to choose()'s answer, and so
    does the sliced form. Guards: a lost yield, a piece that skips work, a sliced answer
    from a thought cut short."""
    from firmware.games.diploma import plan as diploma_plan

    calls = {"hex": 0, "loop": 0, "lead": 0}

    def counting(name, fn):
        def call(*args):
            calls[name] += 1
            return fn(*args)
        return call

    monkeypatch.setattr(diploma_bot.Bot, "_best_at", counting("hex", diploma_bot.Bot._best_at))
    monkeypatch.setattr(diploma_plan, "_open", counting("loop", diploma_plan._open))
    monkeypatch.setattr(diploma_bot.Bot, "_dice_lead", counting("lead", diploma_bot.Bot._dice_lead))
    pieces = {}
    for view in sample_views(160):
        for level in ("normal", "hard"):
            bot = diploma_bot.Bot(view["seat"], level, 3)
            want = bot.choose(view)
            thought = bot.thinking(view)
            n = 0
            while True:
                for name in calls:
                    calls[name] = 0
                try:
                    next(thought)
                except StopIteration as done:
                    assert done.value == want, (view["phase"], level)
                    break
                n += 1
                assert (calls["hex"] <= 1 and calls["loop"] <= diploma_plan._PIECE
                        and calls["lead"] <= 2), \
                    (view["phase"], level, calls)
            pieces[view["phase"]] = max(pieces.get(view["phase"], 0), n)
            bot.start(view)
            steps = 0
            while bot.step():
                steps += 1
            assert bot.result() == want and steps == n
    assert pieces["place"] > 5 and pieces["spot"] > 5 and pieces["magic"] > 5, pieces


def test_a_button_during_a_thought_gets_the_whole_thoughts_answer():
    """stop() (a button hurrying the bot) works the rest of the decision out at once: the
    answer is the heuristic's, never a legal action picked for want of one."""
    for view in sample_views(60):
        if view["phase"] != "place":
            continue
        bot = diploma_bot.Bot(view["seat"], "hard", 3)
        want = bot.choose(view)
        bot.start(view)
        bot.step()
        bot.stop()
        assert not bot.step() and bot.result() == want
        bot.start(view)
        bot.step()
        assert bot.result() == want  # result() alone: the same
