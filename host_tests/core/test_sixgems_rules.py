# SIXGEMS rule by rule. Each test names the rule ids of seeds/sixgems.md it checks.
# Tables are arranged by hand: G(colour, face, copy) is a gem card; K(n) is settlement card
# G-Kn; colours in ring order RU TO EM SA AM DI = 0..5.
from checks import play, raises, refused

from firmware.games.sixgems import rules as sixgems

RU, TO, EM, SA, AM, DI = 0, 1, 2, 3, 4, 5


def G(c, f, copy=0):
    return c * 12 + (f - 1) * 2 + copy


def K(n):
    return n - 1


def area(*colours):
    """Gem cards for the colours listed (each colour as often as it appears), faces 1.."""
    cards = []
    used = {}
    for c in colours:
        i = used.get(c, 0)
        used[c] = i + 1
        cards.append(G(c, i // 2 + 1, i % 2))
    return cards


def table(players=2, areas=None, hands=None, settle=None, dice=((RU, 1), (EM, 1), (AM, 1)),
          totals=None, turn=0, phase=sixgems.P_SETTLE, wild=(), top=(), stop=(), **attrs):
    """A state with the given cards placed: `dice` = (board, face) for blue A, blue B, red;
    `wild` = (card, owner, colour or -1); unplaced gem cards form the gem deck under `top`
    (drawn first to last), unplaced settlement cards the settlement deck under `stop`."""
    s = sixgems.new_game(players, 1)
    s.areas = [list(a) for a in (areas or [[]] * players)]
    s.hands = [list(h) for h in (hands or [[]] * players)]
    s.settle_hands = [list(h) for h in (settle or [[]] * players)]
    used = list(top)
    for cards in s.areas + s.hands:
        used += cards
    s.gem_deck = [c for c in range(sixgems.GEM_CARDS) if c not in used] + list(reversed(top))
    s.wild_owner = [-1] * 12
    s.wild_colour = [-1] * 12
    sused = list(stop)
    for k, owner, c in wild:
        s.wild_owner[k] = owner
        s.wild_colour[k] = c
        sused.append(k)
    for h in s.settle_hands:
        sused += h
    s.settle_deck = [k for k in range(12) if k not in sused] + list(reversed(stop))
    s.boards = [b for b, _ in dice]
    s.faces = [f for _, f in dice]
    s.totals = list(totals or [0] * players)
    s.turn = turn
    s.first = turn
    s.phase = phase
    s.decider = -1
    s.settling = -1
    s.queue = []
    s.played = -1
    for key in attrs:
        setattr(s, key, attrs[key])
    return s


def place_dice(s, b1, b2, b3):
    return play(s, sixgems.PLACE_DIE + b1, sixgems.PLACE_DIE + b2, sixgems.PLACE_DIE + b3)


def cond(n, dice=((RU, 1), (EM, 1), (AM, 1)), gems=None, totals=None, settler=0):
    gems = gems or [[0] * 6, [0] * 6]
    return sixgems.condition(K(n), [b for b, _ in dice], [f for _, f in dice], gems,
                       totals or [0] * len(gems), settler)


def bonus(n, dice=((RU, 1), (EM, 1), (AM, 1)), gems=None, totals=None, settler=0):
    gems = gems or [[0] * 6, [0] * 6]
    return sixgems.bonuses(K(n), [b for b, _ in dice], [f for _, f in dice], gems,
                     totals or [0] * len(gems), settler)


# ---- G-C components, G-E1 option ------------------------------------------------------
def test_components_G_C1_G_C2_G_C3_G_C4():
    assert sixgems.COLOURS == ("Ruby", "Topaz", "Emerald", "Sapphire", "Amethyst", "Diamond")
    assert sixgems.adjacent(0, 1) and sixgems.adjacent(0, 5) and sixgems.adjacent(5, 0)
    assert not sixgems.adjacent(0, 2)
    assert sixgems.GEM_CARDS == 72
    kinds = [(sixgems.colour(c), sixgems.face(c)) for c in range(72)]
    for c in range(6):
        for f in range(1, 7):
            assert kinds.count((c, f)) == 2
    assert [sixgems.SETTLE_COLOURS[k] for k in range(12)] == [0, 1, 2, 3, 4, 5] * 2
    assert sixgems.DICE == 3 and sixgems.RED == 2
    assert sixgems.dice_points([1] * 6, [(0, 3, False), (1, 3, False), (2, 3, True)]) == 3


def test_length_option_default_first_G_E1():
    assert sixgems.OPTIONS == (("length", ("8", "6", "10")),)
    assert sixgems.new_game(2, 1).length == 8
    assert sixgems.new_game(2, 1, {"length": "6"}).length == 6
    assert sixgems.new_game(2, 1, {"length": "10"}).length == 10
    raises(ValueError, sixgems.new_game, 2, 1, {"length": "7"})


# ---- G-S setup --------------------------------------------------------------------------
def test_deal_G_S1():
    for players in (2, 3, 4):
        s = sixgems.new_game(players, players)
        assert [len(h) for h in s.hands] == [3] * players
        assert [len(h) for h in s.settle_hands] == [2] * players
        shown = sum(sixgems.START_GEMS[players])  # G-S3: on display from the deck
        assert len(s.gem_deck) == 72 - 3 * players - shown
        assert len(s.settle_deck) == 12 - 2 * players
        cards = list(s.gem_deck)
        for h in s.hands + s.areas:
            cards += h
        assert sorted(cards) == list(range(72))


def test_later_seats_start_with_gems_on_display_and_points_G_S3():
    # By turn position from the first player (G-S2): START_GEMS cards from the gem deck face
    # up in the gem area, START_POINTS on the total (at 2 players the first player's, since
    # the second opens); said in the notes, public in every view. Guards: counting from seat
    # 0 (not the first player), gems from a hand, points to the wrong position, a view that
    # hides them.
    assert sixgems.START_GEMS[2] == (0, 1) and sixgems.START_POINTS[3] == (0, 8, 0)
    assert sixgems.START_POINTS[2] == (10, 0)
    for players in (2, 3, 4):
        for seed in range(12):
            s = sixgems.new_game(players, seed)
            top = sixgems.new_game(players, seed)  # the deck's top cards before G-S3: the same deal
            for k in range(players):
                seat = (s.first + k) % players
                assert len(s.areas[seat]) == sixgems.START_GEMS[players][k]
                assert s.totals[seat] == s.start[seat] == sixgems.START_POINTS[players][k]
                assert len(s.hands[seat]) == 3
            assert sum(len(a) for a in s.areas) == sum(sixgems.START_GEMS[players])
            assert top.areas == s.areas
            for seat in range(players):
                view = s.view(seat)
                assert view["start"] == s.start and view["totals"] == s.totals
            text = "\n".join(s.notes)
            for k in range(players):
                seat = (s.first + k) % players
                for card in s.areas[seat]:
                    assert "P%d starts with %s %d on display" % (
                        seat + 1, sixgems.COLOURS[sixgems.colour(card)], sixgems.face(card)) in text
                if sixgems.START_POINTS[players][k]:
                    assert "P%d starts with %d points" % (
                        seat + 1, sixgems.START_POINTS[players][k]) in text


def test_the_opener_rolls_and_places_then_the_first_player_begins_G_S2():
    # The opener: the last seat in turn order with 2 and 3 players, the first player with 4
    # (OPENER). Guards: the first player opening, the opener counted from seat 0.
    assert sixgems.OPENER == {2: 1, 3: 2, 4: 0}
    for players in (2, 3, 4):
        firsts = []
        for seed in range(40):
            s = sixgems.new_game(players, seed)
            if s.first not in firsts:
                firsts.append(s.first)
            opener = (s.first + sixgems.OPENER[players]) % players
            assert s.phase == sixgems.P_DIE and s.current_player() == opener
            assert s.boards == [-1] * 3 and s.view(0)["decider"] == opener
            assert s.legal_actions() == [sixgems.PLACE_DIE + b for b in range(6)]
            assert "P%d rolls" % (opener + 1) in "\n".join(s.notes)
        assert sorted(firsts) == list(range(players))
    s = sixgems.new_game(2, 5)
    assert s.current_player() == 1 - s.first
    faces = list(s.faces)
    play(s, sixgems.PLACE_DIE + SA)
    assert sixgems.PLACE_DIE + SA not in s.legal_actions()  # one die per board
    refused(s, sixgems.PLACE_DIE + SA)
    play(s, sixgems.PLACE_DIE + RU, sixgems.PLACE_DIE + DI)
    assert s.boards == [SA, RU, DI] and s.faces == faces
    assert s.phase == sixgems.P_PLAY and s.current_player() == s.first


# ---- G-T turn ---------------------------------------------------------------------------
def test_play_a_gem_card_G_T1():
    s = table(hands=[[G(RU, 3, 0), G(RU, 3, 1), G(TO, 5)], [G(EM, 1)]], phase=sixgems.P_PLAY,
              dice=((RU, 5), (EM, 1), (AM, 1)))
    # The two copies of Ruby 3 are one choice.
    assert s.legal_actions() == [sixgems.PLAY + G(RU, 3, 0), sixgems.PLAY + G(TO, 5)]
    refused(s, sixgems.PLAY + G(EM, 1))
    play(s, sixgems.PLAY + G(TO, 5))
    assert s.areas[0] == [G(TO, 5)] and s.phase == sixgems.P_USE and s.played == G(TO, 5)


def test_nothing_to_decide_is_skipped_G_T2_G_T3():
    # The face cannot be used (no die shows 6, no die on Topaz): straight to G-T3.
    s = table(hands=[[G(TO, 6)], [G(RU, 1)]], settle=[[K(3)], []], phase=sixgems.P_PLAY)
    play(s, sixgems.PLAY + G(TO, 6))
    assert s.phase == sixgems.P_SETTLE and s.turn == 0
    # No settlement card in hand either: the turn ends.
    s = table(hands=[[G(TO, 6)], [G(RU, 1)]], phase=sixgems.P_PLAY)
    play(s, sixgems.PLAY + G(TO, 6))
    assert s.phase == sixgems.P_PLAY and s.turn == 1


def test_use_the_face_move_or_turn_G_T2():
    # Blue A shows 4 on Ruby, blue B 2 on Emerald, red 4 on Amethyst; Emerald 4 played.
    s = table(hands=[[G(EM, 4)], []], dice=((RU, 4), (EM, 2), (AM, 4)), phase=sixgems.P_PLAY,
              settle=[[K(3)], []])
    play(s, sixgems.PLAY + G(EM, 4))
    legal = s.legal_actions()
    moves = [sixgems.MOVE + d * 7 + t for d in (0, 2) for t in (TO, SA, DI, 6)]
    assert legal == sorted([sixgems.NO_USE, sixgems.TURN] + moves)
    texts = [s.action_text(a) for a in legal]
    assert len(set(texts)) == len(texts)
    assert s.action_text(sixgems.TURN) == "turn blue B on Emerald to 4"  # to the played face
    play(s, sixgems.TURN)
    assert s.faces == [4, 4, 4] and s.phase == sixgems.P_SETTLE
    # Moving a die to the centre.
    s = table(hands=[[G(TO, 4)], []], dice=((RU, 4), (EM, 2), (AM, 4)), phase=sixgems.P_PLAY)
    play(s, sixgems.PLAY + G(TO, 4))
    assert sixgems.TURN not in s.legal_actions()  # no die on Topaz
    play(s, sixgems.MOVE + 2 * 7 + 6)
    assert s.boards == [RU, EM, -1]
    # No die shows the face: only "do not use"; a die in the centre may come back.
    s = table(hands=[[G(TO, 6)], []], dice=((RU, 4), (-1, 6), (AM, 4)), phase=sixgems.P_PLAY)
    play(s, sixgems.PLAY + G(TO, 6))
    assert s.legal_actions() == [sixgems.NO_USE] + [sixgems.MOVE + 7 + t for t in (TO, EM, SA, DI)]


def test_settle_needs_condition_and_all_dice_on_boards_G_T3_G_P1():
    s = table(settle=[[K(3), K(10)], []], dice=((RU, 1), (EM, 3), (AM, 5)))
    assert s.legal_actions() == [sixgems.PASS, sixgems.SETTLE + K(3), sixgems.EXCHANGE + K(3),
                                 sixgems.EXCHANGE + K(10)]
    refused(s, sixgems.SETTLE + K(10))
    s = table(settle=[[K(3)], []], dice=((RU, 1), (-1, 3), (AM, 5)))
    assert sixgems.SETTLE + K(3) not in s.legal_actions()  # G-P1: a die in the centre


def test_exchange_instead_of_settling_G_T3():
    s = table(settle=[[K(3), K(7)], []], stop=[K(5)], hands=[[], [G(RU, 1)]])
    deck = len(s.settle_deck)
    assert s.action_text(sixgems.EXCHANGE + K(3), 1) == "exchange a settlement card"
    assert s.action_text(sixgems.EXCHANGE + K(3), 0) == "exchange card 3 Emerald"
    play(s, sixgems.EXCHANGE + K(3))
    assert sorted(s.settle_hands[0]) == [K(5), K(7)] and s.settle_deck[0] == K(3)
    assert len(s.settle_deck) == deck and s.turn == 1  # the turn is over
    # With an empty settlement deck there is nothing to exchange with.
    s = table(settle=[[K(3)], [k for k in range(12) if k != K(3)]])
    assert s.legal_actions() == [sixgems.PASS, sixgems.SETTLE + K(3)]


def test_draw_back_up_to_three_G_T4():
    s = table(hands=[[G(RU, 1), G(RU, 2)], [G(TO, 1)]], top=[G(DI, 6), G(DI, 5)],
              phase=sixgems.P_PLAY)
    play(s, sixgems.PLAY + G(RU, 1), sixgems.NO_USE)  # no settlement card: G-T3 is skipped
    assert sorted(s.hands[0]) == sorted([G(RU, 2), G(DI, 6), G(DI, 5)])
    assert s.turn == 1 and s.phase == sixgems.P_PLAY


# ---- G-P settlement ---------------------------------------------------------------------
def test_dice_points_G_P3():
    dice = [(RU, 6, False), (EM, 2, False), (AM, 1, True)]
    assert sixgems.dice_points([2, 1, 3, 0, 0, 0], dice) == 18
    assert sixgems.dice_points([1, 0, 0, 3, 2, 0], dice) == 4
    assert sixgems.dice_points([0, 0, 0, 0, 5, 0], dice) == -5
    assert sixgems.dice_points([9, 9, 9, 9, 9, 9],
                               [(-1, 6, False), (-1, 6, False), (-1, 6, True)]) == 0


def test_worked_example_G_X1():
    # Blue 6 on Ruby, blue 2 on Emerald, red 1 on Amethyst (no two adjacent: G-K5 holds).
    # A: 1 Topaz (no die), 2 Ruby, 3 Emerald; B: 3 Sapphire, 2 Amethyst, 1 Ruby.
    a = area(TO, RU, RU, EM, EM, EM)
    b = area(SA, SA, SA, AM, AM, RU)
    s = table(areas=[a, b], settle=[[K(5)], []], dice=((RU, 6), (EM, 2), (AM, 1)),
              totals=[10, 5])
    play(s, sixgems.SETTLE + K(5))
    assert s.results[-1] == [K(5), 0, 5, 0, 23, 4]
    assert s.totals == [33, 9]
    assert "P1: +23 (bonus 5) -> 33" in s.notes and "P2: +4 (bonus 0) -> 9" in s.notes


def test_bonus_first_then_floor_of_zero_G_P2_G_P3():
    # G-K11 (Amethyst): settler 3 x Amethyst gems; red 6 on Topaz costs P1 and P2.
    s = table(areas=[area(AM, TO, TO), area(TO, TO, TO)], settle=[[K(11)], []],
              dice=((SA, 3), (DI, 4), (TO, 6)), totals=[5, 7])
    play(s, sixgems.SETTLE + K(11))
    assert s.results[-1] == [K(11), 0, 3, 0, 3 - 12, -18]
    assert s.totals == [0, 0]  # never below 0


def test_wild_gem_pending_then_placed_by_its_owner_G_P4():
    s = table(areas=[area(RU), area(TO, TO)], settle=[[K(11)], [K(3)]],
              dice=((RU, 3), (EM, 4), (AM, 5)), top=[G(DI, 1), G(DI, 2)])
    play(s, sixgems.SETTLE + K(11))
    assert s.wild_owner[K(11)] == 0 and s.wild_colour[K(11)] == -1  # pending
    assert s.pending(0) == 1 and s.gems(0) == s.real_gems(0)
    place_dice(s, RU, EM, AM)
    assert s.turn == 1
    # P2 settles; P1 owns the pending wild gem: P1 decides first (only Ruby: no new colour).
    s.faces = [3, 5, 1]
    play(s, sixgems.SETTLE + K(3))
    assert s.phase == sixgems.P_WILD and s.current_player() == 0
    assert s.legal_actions() == [sixgems.WAIT, sixgems.WILD + RU]
    assert s.action_text(sixgems.WILD + RU) == "wild gem on Ruby"
    assert s.view(1)["pending"] == [1, 0] and s.view(1)["wild"] == [[0] * 6, [0] * 6]
    refused(s, sixgems.WILD + TO)  # cannot start a colour
    assert s.move_text(sixgems.WILD + RU, 1) == "P1 places a wild gem on Ruby"
    play(s, sixgems.WILD + RU)
    assert s.wild_colour[K(11)] == RU and s.gems(0)[RU] == 2
    # Every seat sees the placed wild gem (one, on Ruby) and the settler's new pending one.
    assert s.view(1)["wild"] == [[1, 0, 0, 0, 0, 0], [0] * 6]
    assert s.view(1)["pending"] == [0, 1]
    # Blue 3 on Ruby: P1 scores 2 Ruby gems; G-K3 bonus 1 colour -> 1 (results hold
    # [card, settler, bonus per seat, bonus + dice points per seat]).
    assert s.results[-1] == [K(3), 1, 1, 1, 1 + 6, 1]


def test_wild_gem_order_settler_then_clockwise_and_waiting_G_P4():
    s = table(players=3, areas=[area(RU), area(TO), area(EM)], settle=[[], [], [K(3)]],
              turn=2, dice=((SA, 3), (DI, 5), (AM, 1)),
              wild=[(K(1), 0, -1), (K(2), 2, -1), (K(4), 0, -1)])
    play(s, sixgems.SETTLE + K(3))
    assert s.current_player() == 2 and s.legal_actions() == [sixgems.WAIT, sixgems.WILD + EM]
    play(s, sixgems.WAIT)
    assert s.current_player() == 0  # then P1 (P2 has no pending wild gem)
    play(s, sixgems.WILD + RU)
    assert s.current_player() == 0  # a second pending wild gem: P1 again
    play(s, sixgems.WAIT)
    assert s.wild_colour[K(1)] == RU and s.wild_colour[K(4)] == -1 and s.wild_colour[K(2)] == -1
    assert s.phase == sixgems.P_DIE and s.current_player() == 2
    # A player without any gem cannot place a wild gem: not asked.
    s = table(areas=[[], area(TO)], settle=[[], [K(3)]], turn=1,
              dice=((SA, 3), (DI, 5), (AM, 1)), wild=[(K(1), 0, -1)])
    play(s, sixgems.SETTLE + K(3))
    assert s.phase == sixgems.P_DIE


def test_settler_rerolls_places_and_draws_G_P5():
    s = table(areas=[area(RU), []], settle=[[K(11)], []], stop=[K(6)],
              dice=((RU, 3), (EM, 4), (AM, 5)), hands=[[], [G(TO, 1)]])
    play(s, sixgems.SETTLE + K(11))
    assert s.phase == sixgems.P_DIE and s.current_player() == 0 and s.boards == [-1, -1, -1]
    assert s.notes[-1].startswith("P1 rolls blue ")
    place_dice(s, TO, SA, DI)
    assert s.boards == [TO, SA, DI] and s.settle_hands[0] == [K(6)]
    assert s.turn == 1 and s.phase == sixgems.P_PLAY
    # No card left: none drawn.
    s = table(areas=[area(RU), []], settle=[[K(11)], list(range(10)) + [11]],
              dice=((RU, 3), (EM, 4), (AM, 5)), hands=[[], [G(TO, 1)]])
    place_dice(play(s, sixgems.SETTLE + K(11)), TO, SA, DI)
    assert s.settle_hands[0] == []


# ---- G-E end ------------------------------------------------------------------------------
def test_game_ends_right_after_the_last_settlement_G_E1():
    for length in ("6", "8", "10"):
        n = int(length)
        s = table(areas=[area(RU), []], settle=[[K(11)], []], options={"length": length},
                  length=n, settlements=n - 1, dice=((RU, 3), (EM, 4), (AM, 5)))
        play(s, sixgems.SETTLE + K(11))
        assert s.is_over() and s.settlements == n and s.current_player() == -1
        assert s.scores() == [3, 0] and s.winners() == [0]


def test_final_settlement_when_gem_cards_run_out_G_E2():
    # Empty gem deck; P1 plays the last gem card; G-K card would not count: no bonus.
    s = table(areas=[area(RU, RU), area(TO)], hands=[[G(EM, 2)], []],
              dice=((RU, 5), (-1, 6), (TO, 1)), phase=sixgems.P_PLAY, totals=[3, 4])
    s.gem_deck = []
    play(s, sixgems.PLAY + G(EM, 2))  # no die to use, no settlement card: the turn ends at once
    assert s.is_over() and s.results[-1] == [sixgems.FINAL, 0, 0, 0, 10, -1]
    assert s.totals == [13, 3]
    # A player without gem cards skips G-T1 and G-T2 while the others still play.
    s = table(areas=[area(RU), area(TO)], hands=[[], [G(EM, 2), G(DI, 3)]],
              settle=[[K(3)], []], phase=sixgems.P_PLAY, turn=1)
    s.gem_deck = []
    play(s, sixgems.PLAY + G(EM, 2), sixgems.NO_USE)
    assert not s.is_over() and s.turn == 0 and s.phase == sixgems.P_SETTLE
    play(s, sixgems.PASS)
    assert s.turn == 1 and s.phase == sixgems.P_PLAY
    play(s, sixgems.PLAY + G(DI, 3))
    assert s.is_over() and s.results[-1][0] == sixgems.FINAL  # every hand empty after P2's turn


def test_wild_gems_placed_before_the_final_settlement_G_E2_G_P4():
    s = table(areas=[area(RU), area(TO)], hands=[[G(EM, 2)], []], phase=sixgems.P_PLAY,
              dice=((RU, 5), (SA, 6), (TO, 1)), wild=[(K(4), 1, -1)])
    s.gem_deck = []
    play(s, sixgems.PLAY + G(EM, 2))
    assert s.phase == sixgems.P_WILD and s.current_player() == 1
    play(s, sixgems.WILD + TO)
    assert s.is_over() and s.results[-1] == [sixgems.FINAL, 0, 0, 0, 5, -2]


def test_tie_breaks_G_E3():
    s = table(areas=[area(RU, RU), area(TO, TO, TO)], totals=[9, 9], phase=sixgems.P_OVER)
    assert s.winners() == [1]
    s = table(areas=[area(RU, RU), area(TO)], totals=[9, 9], phase=sixgems.P_OVER,
              wild=[(K(1), 1, TO)])
    assert s.winners() == [0, 1]  # placed wild gems count as gems
    s = table(areas=[area(RU, RU), area(TO)], totals=[9, 10], phase=sixgems.P_OVER)
    assert s.winners() == [1]


# ---- G-K the twelve settlement cards --------------------------------------------------
def test_card_1_condition_G_K1():
    assert cond(1, ((RU, 1), (EM, 4), (AM, 3)))
    assert not cond(1, ((RU, 5), (EM, 4), (AM, 3)))
    assert not cond(1, ((RU, 1), (EM, 4), (AM, 6)))
    assert bonus(1, gems=[[3] * 6, [3] * 6]) == [0, 0]


def test_card_1_swap_case_a_G_K1():
    s = table(areas=[area(RU, RU), area(TO, EM)], settle=[[K(1)], []],
              dice=((RU, 1), (TO, 2), (SA, 3)))
    play(s, sixgems.SETTLE + K(1))
    assert s.phase == sixgems.P_GIVE and s.legal_actions() == [sixgems.NO_SWAP, sixgems.GIVE + RU]
    play(s, sixgems.GIVE + RU)
    assert s.legal_actions() == [sixgems.NO_SWAP, sixgems.TAKE + 6 + TO, sixgems.TAKE + 6 + EM]
    assert s.move_text(sixgems.TAKE + 6 + TO, 1) == "P1 swaps a Ruby gem for P2's Topaz gem"
    assert s.move_text(sixgems.NO_SWAP) == "P1 makes no swap"
    play(s, sixgems.TAKE + 6 + TO)
    assert s.real_gems(0) == [1, 1, 0, 0, 0, 0] and s.real_gems(1) == [1, 0, 1, 0, 0, 0]
    # Scored after the swap: blue 1 Ruby, blue 2 Topaz.
    assert s.results[-1] == [K(1), 0, 0, 0, 3, 1]


def test_card_1_swap_case_b_pending_wild_placed_at_once_G_K1():
    s = table(areas=[area(RU, RU), area(TO, EM)], settle=[[K(1)], []],
              dice=((RU, 1), (TO, 2), (SA, 3)), wild=[(K(5), 0, -1)])
    play(s, sixgems.SETTLE + K(1))
    play(s, sixgems.WAIT)  # kept waiting at the start of the settlement
    play(s, sixgems.GIVE + RU, sixgems.TAKE + 6 + TO)
    assert s.phase == sixgems.P_WILD and s.current_player() == 0
    assert s.legal_actions() == [sixgems.WAIT, sixgems.WILD + TO]  # the new colour only
    play(s, sixgems.WILD + TO)
    assert s.wild_colour[K(5)] == TO
    assert s.results[-1] == [K(1), 0, 0, 0, 1 + 4, 1]


def test_card_1_swap_case_c_wild_gem_pending_again_G_K1():
    s = table(areas=[area(RU, TO), area(EM)], settle=[[K(1)], []],
              dice=((RU, 1), (TO, 2), (SA, 3)), wild=[(K(5), 0, TO), (K(6), 1, EM)])
    play(s, sixgems.SETTLE + K(1), sixgems.GIVE + TO, sixgems.TAKE + 6 + EM)
    # P1 lost its only Topaz: the wild gem there is pending again; P2 got a Topaz and keeps
    # its Emerald-less wild gem... which had no real Emerald left: pending too.
    assert s.wild_colour[K(5)] == -1 and s.wild_colour[K(6)] == -1
    assert "P1's wild gem on Topaz is pending again" in s.notes
    assert "P2's wild gem on Emerald is pending again" in s.notes
    # P1 gained Emerald, a new colour: its pending wild gem may go there at once.
    assert s.phase == sixgems.P_WILD and s.legal_actions() == [sixgems.WAIT, sixgems.WILD + EM]
    play(s, sixgems.WAIT)
    assert s.results[-1] == [K(1), 0, 0, 0, 1, 2]


def test_card_1_swap_keeps_other_seats_wild_gems_G_K1_G_P4():
    # P2 settles and swaps its Emerald for P1's Topaz: only the two swappers' wild gems are
    # checked, each against its own owner's gems. P1's wild gem on Ruby stays placed (P1
    # still has a real Ruby), though the settler P2 has no Ruby.
    s = table(areas=[area(RU, TO), area(EM)], settle=[[], [K(1)]], turn=1,
              dice=((RU, 1), (TO, 2), (SA, 3)), wild=[(K(5), 0, RU)])
    play(s, sixgems.SETTLE + K(1), sixgems.GIVE + EM, sixgems.TAKE + TO)
    assert s.real_gems(0) == [1, 0, 1, 0, 0, 0] and s.real_gems(1) == [0, 1, 0, 0, 0, 0]
    assert s.wild_colour[K(5)] == RU and s.gems(0)[RU] == 2
    assert not [n for n in s.notes if "pending again" in n]
    # Blue 1 on Ruby (P1: 2 gems with the wild one), blue 2 on Topaz (P2: 1).
    assert s.results[-1] == [K(1), 1, 0, 0, 2, 2]


def test_card_1_no_swap_G_K1():
    s = table(areas=[area(RU), area(RU)], settle=[[K(1)], []], dice=((RU, 1), (TO, 2), (SA, 3)))
    play(s, sixgems.SETTLE + K(1))  # only same-colour gems: nothing to swap, no decision
    assert "swap: none is possible" in s.notes and s.phase == sixgems.P_DIE
    s = table(areas=[area(RU), area(TO)], settle=[[K(1)], []], dice=((RU, 1), (TO, 2), (SA, 3)))
    play(s, sixgems.SETTLE + K(1), sixgems.NO_SWAP)
    assert s.real_gems(0)[RU] == 1 and s.phase == sixgems.P_DIE


def test_card_2_all_colours_G_K2():
    gems = [[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 1]]
    assert cond(2, gems=gems)
    assert not cond(2, gems=[[1, 1, 1, 0, 0, 0], [0, 0, 0, 1, 1, 0]])
    # X = Topaz: 1 Topaz gem x the highest die 5.
    assert bonus(2, ((RU, 1), (EM, 5), (AM, 3)), gems=gems) == [1 * 5, 0]
    assert bonus(2, ((RU, 1), (EM, 5), (AM, 3)), gems=gems, settler=1) == [0, 0]


def test_card_3_every_die_odd_G_K3():
    assert cond(3, ((RU, 1), (EM, 3), (AM, 5)))
    assert not cond(3, ((RU, 1), (EM, 3), (AM, 4)))
    assert not cond(3, ((RU, 1), (EM, 2), (AM, 5)))  # each die counts: blue B even
    assert not cond(3, ((RU, 6), (EM, 3), (AM, 5)))  # blue A even
    gems = [[1, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1], [2, 2, 0, 0, 0, 0], [0] * 6]
    assert bonus(3, gems=gems) == [1, 21, 3, 0]
    assert sixgems.K3_TABLE == (0, 1, 3, 6, 10, 15, 21)


def test_card_4_three_of_one_colour_G_K4():
    assert cond(4, gems=[[3, 0, 0, 0, 0, 0], [0] * 6])
    assert not cond(4, gems=[[2, 2, 2, 0, 0, 0], [5] * 6])
    # X = Sapphire: 2 Sapphire gems x 3 colours.
    assert bonus(4, gems=[[3, 0, 0, 2, 1, 0], [0, 0, 0, 4, 0, 0]]) == [6, 0]


def test_card_5_no_adjacent_dice_G_K5():
    assert cond(5, ((RU, 1), (EM, 1), (AM, 1)))
    assert not cond(5, ((RU, 1), (EM, 1), (DI, 1)))  # Diamond and Ruby are neighbours
    assert not cond(5, ((RU, 1), (SA, 1), (AM, 1)))
    assert bonus(5, totals=[12, 3]) == [5, 0]
    assert bonus(5, totals=[3, 3]) == [15, 0]  # ties count as lowest
    assert bonus(5, totals=[3, 12], settler=0) == [15, 0]


def test_card_6_three_consecutive_boards_G_K6():
    assert cond(6, ((RU, 1), (TO, 1), (EM, 1)))
    assert cond(6, ((DI, 1), (TO, 1), (RU, 1)))  # round the ring
    assert not cond(6, ((RU, 1), (TO, 1), (SA, 1)))
    # Blue dice on Amethyst and Diamond, red on Ruby: 2 per gem of those colours.
    gems = [[5, 0, 0, 0, 2, 1], [0, 0, 0, 0, 0, 4], [1, 1, 1, 1, 0, 0]]
    assert bonus(6, ((AM, 1), (DI, 1), (RU, 1)), gems=gems) == [6, 8, 0]


def test_card_7_dice_add_to_15_G_K7():
    assert cond(7, ((RU, 6), (EM, 5), (AM, 4)))
    assert not cond(7, ((RU, 6), (EM, 5), (AM, 3)))
    # X = Ruby: 3, 3, 1, 0 Ruby gems -> 7, 7, 2, nothing.
    gems = [[3, 0, 0, 0, 0, 0], [3, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0, 5, 0, 0, 0, 0]]
    assert bonus(7, gems=gems) == [7, 7, 2, 0]
    gems = [[4] + [0] * 5, [3] + [0] * 5, [2] + [0] * 5, [1] + [0] * 5]
    assert bonus(7, gems=gems) == [7, 5, 2, 2]


def test_card_8_someone_has_20_G_K8():
    assert cond(8, totals=[3, 20])
    assert not cond(8, totals=[19, 19])
    # X = Topaz x the red die's face 4.
    gems = [[0, 2, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0]]
    assert bonus(8, ((RU, 6), (EM, 5), (AM, 4)), gems=gems, totals=[0, 20]) == [8, 12]


def test_card_9_consecutive_faces_G_K9():
    for faces in ((4, 5, 6), (5, 6, 1), (6, 1, 2), (2, 1, 3)):
        assert cond(9, ((RU, faces[0]), (EM, faces[1]), (AM, faces[2]))), faces
    for faces in ((1, 2, 4), (5, 5, 6), (1, 3, 5)):
        assert not cond(9, ((RU, faces[0]), (EM, faces[1]), (AM, faces[2]))), faces
    # X = Emerald: 1->1, 2->3, 3->5, 4->7, 5 or more->10, none 0.
    gems = [[0, 0, n, 0, 0, 0] for n in (0, 1, 2, 3, 4, 5, 7)]
    assert sixgems.bonuses(K(9), [0, 2, 4], [1, 2, 3], gems, [0] * 7, 0) == [0, 1, 3, 5, 7, 10, 10]


def test_card_10_every_die_even_leave_out_G_K10():
    assert cond(10, ((RU, 2), (EM, 4), (AM, 6)))
    assert not cond(10, ((RU, 2), (EM, 4), (AM, 5)))
    assert not cond(10, ((RU, 2), (EM, 3), (AM, 6)))  # each die counts: blue B odd
    assert not cond(10, ((RU, 1), (EM, 4), (AM, 6)))  # blue A odd
    assert bonus(10, gems=[[3] * 6, [1] * 6]) == [0, 0]
    # P2 settles. P1: Ruby 2, Emerald 2 (tie); P2: Emerald 3 (alone); P3: nothing.
    s = table(players=3, areas=[area(RU, RU, EM, EM), area(EM, EM, EM, RU), []],
              settle=[[], [K(10)], []], turn=1, dice=((RU, 2), (EM, 4), (AM, 6)))
    play(s, sixgems.SETTLE + K(10))
    assert s.notes == ["P2 leaves out Emerald"]  # its one colour with the most: no decision
    assert s.phase == sixgems.P_LEAVE and s.current_player() == 0 and s.leave[1] == EM
    assert s.legal_actions() == [sixgems.LEAVE + RU, sixgems.LEAVE + EM]
    assert s.action_text(sixgems.LEAVE + RU) == "leave out Ruby"
    assert s.move_text(sixgems.LEAVE + EM, 1) == "P1 leaves out Emerald"
    play(s, sixgems.LEAVE + EM)
    # P1 scores Ruby only: 2x2; P2: Ruby 1x2 (Emerald left out).
    assert s.results[-1] == [K(10), 1, 0, 0, 0, 4, 2, 0]
    assert not [note for note in s.notes if "leaves out" in note]  # said once, above


def test_card_11_no_1_or_2_G_K11():
    assert cond(11, ((RU, 3), (EM, 4), (AM, 6)))
    assert not cond(11, ((RU, 3), (EM, 2), (AM, 6)))
    assert not cond(11, ((RU, 1), (EM, 4), (AM, 6)))
    # X = Amethyst: 3 per Amethyst gem.
    assert bonus(11, gems=[[0, 0, 0, 0, 4, 1], [0, 0, 0, 0, 2, 0]]) == [12, 0]


def test_card_12_four_colours_G_K12():
    assert cond(12, gems=[[1, 1, 1, 1, 0, 0], [0] * 6])
    assert not cond(12, gems=[[1, 1, 1, 0, 0, 0], [1] * 6])
    # 2 per gem of the colour under the red die (Amethyst).
    assert bonus(12, gems=[[1, 1, 1, 1, 3, 0], [0, 0, 0, 0, 5, 0]]) == [6, 0]


def test_placed_wild_gems_count_for_conditions_and_bonuses_G_P4_G_K4():
    s = table(areas=[area(RU, RU), []], settle=[[K(4)], []], wild=[(K(1), 0, RU)],
              dice=((RU, 1), (EM, 1), (AM, 1)))
    assert sixgems.SETTLE + K(4) in s.legal_actions()


# ---- The contract on a hand-made table --------------------------------------------------
def test_illegal_actions_refused_and_texts_distinct():
    s = table(settle=[[K(3), K(10)], []], dice=((RU, 1), (EM, 3), (AM, 5)))
    for bad in (-1, 0, sixgems.PLAY, sixgems.SETTLE + K(10), sixgems.WILD, 9999):
        refused(s, bad)
    texts = [s.action_text(a) for a in s.legal_actions()]
    assert len(set(texts)) == len(texts) and all(texts)


def test_view_hides_hands_G_S1():
    s = sixgems.new_game(3, 4)
    v = s.view(1)
    assert v["hand"] == sorted(s.hands[1]) and v["settle_hand"] == sorted(s.settle_hands[1])
    assert v["hand_counts"] == [3, 3, 3] and v["settle_counts"] == [2, 2, 2]
    assert v["hands"] is None and v["settle_hands"] is None
    assert v["legal"] == ([] if s.current_player() != 1 else s.legal_actions())
    for key in v:  # no other seat's cards anywhere
        if key not in ("hand", "settle_hand", "legal"):
            assert v[key] != sorted(s.hands[0]) or not s.hands[0]


def test_second_wild_gem_leaves_the_first_on_ruby_G_P4():
    # G-P4: a placed wild gem never moves again. P1's first wild gem goes to Ruby (colour 0);
    # placing the second on Topaz must place the still pending one, not move the first.
    s = table(areas=[area(RU, TO), area(EM)], settle=[[], [K(3)]], turn=1,
              dice=((RU, 3), (TO, 5), (AM, 1)), wild=[(K(1), 0, -1), (K(4), 0, -1)])
    play(s, sixgems.SETTLE + K(3))
    assert s.current_player() == 0 and s.pending(0) == 2
    play(s, sixgems.WILD + RU)
    assert s.wild_colour[K(1)] == RU and s.pending(0) == 1
    assert s.current_player() == 0 and s.legal_actions() == [sixgems.WAIT, sixgems.WILD + RU,
                                                             sixgems.WILD + TO]
    assert s.view(1)["pending"] == [1, 0] and s.view(1)["wild"][0] == [1, 0, 0, 0, 0, 0]
    play(s, sixgems.WILD + TO)
    assert s.wild_colour[K(1)] == RU and s.wild_colour[K(4)] == TO and s.pending(0) == 0
    assert s.gems(0) == [2, 2, 0, 0, 0, 0]
    # Both count: G-K3 by 2 colours -> 3; blue 3 on Ruby x 2 + blue 5 on Topaz x 2 = 16.
    assert s.results[-1] == [K(3), 1, 3, 1, 3 + 16, 1]


def test_blue_dice_side_by_side_are_adjacent_G_K5():
    # Each pair of dice counts: blue A beside blue B (Ruby, Topaz), the red die apart.
    assert not cond(5, ((RU, 1), (TO, 1), (AM, 1)))
    assert not cond(5, ((DI, 1), (RU, 1), (EM, 1)))  # Diamond and Ruby, round the ring
    assert not cond(5, ((RU, 1), (EM, 1), (SA, 1)))  # blue B beside red
    assert cond(5, ((TO, 1), (SA, 1), (DI, 1)))


def test_dice_show_one_to_six_G_C2_G_S2():
    seen = []
    for seed in range(40):
        for f in sixgems.new_game(2, seed).faces:
            assert 1 <= f <= 6, f
            if f not in seen:
                seen.append(f)
    assert sorted(seen) == [1, 2, 3, 4, 5, 6]


def test_fresh_game_view_and_turn_count_G_S2_G_T4():
    s = sixgems.new_game(3, 8)
    opener = (s.first + 2) % 3  # G-S2: the last seat in turn order opens
    v = s.view(s.first)
    assert v["phase"] == "dice" and v["current"] == opener and v["decider"] == opener
    assert v["die_index"] == 0 and v["turns"] == 0 and v["settlements"] == 0
    # Nothing played, settled, given or restricted yet: the "none" values.
    assert v["played"] == -1 and v["give"] == -1 and v["settling"] == -1
    assert v["wild_only"] == -1 and v["leave"] == [-1, -1, -1] and v["queue"] == []
    place_dice(s, RU, EM, AM)
    assert s.view(0)["turns"] == 1 and s.view(0)["played"] == -1
    turns = [s.turn]
    while len(turns) < 4:  # three more turns, each counted once as it begins
        play(s, s.legal_actions()[0])
        if s.phase == sixgems.P_PLAY and s.turn != turns[-1]:
            turns.append(s.turn)
            assert s.view(0)["turns"] == len(turns)
    assert turns[1:] == [(turns[0] + i) % 3 for i in (1, 2, 3)]


def test_no_colour_restriction_left_after_the_swap_G_K1_G_P4():
    # G-K1 case A: a new colour but no pending wild gem; case B: placed or kept waiting.
    s = table(areas=[area(RU, RU), area(TO, EM)], settle=[[K(1)], []],
              dice=((RU, 1), (TO, 2), (SA, 3)))
    play(s, sixgems.SETTLE + K(1), sixgems.GIVE + RU, sixgems.TAKE + 6 + TO)
    assert s.phase == sixgems.P_DIE and s.view(1)["wild_only"] == -1
    for last in (sixgems.WILD + TO, sixgems.WAIT):
        s = table(areas=[area(RU, RU), area(TO, EM)], settle=[[K(1)], []],
                  dice=((RU, 1), (TO, 2), (SA, 3)), wild=[(K(5), 0, -1)])
        play(s, sixgems.SETTLE + K(1), sixgems.WAIT, sixgems.GIVE + RU, sixgems.TAKE + 6 + TO)
        assert s.view(1)["wild_only"] == TO
        play(s, last)
        assert s.phase == sixgems.P_DIE and s.view(1)["wild_only"] == -1


# ---- A move in one sentence (move_text, issue 57) ----------------------------------------------
def test_a_turn_is_one_sentence_at_its_last_step_G_T1_G_T2_G_T3():
    # Blue A 4 on Ruby, blue B 2 on Emerald, red 4 on Amethyst; P1 plays Emerald 4, turns
    # blue B to 4, exchanges G-K3 (named to P1 only) or settles with G-K10 (every die even).
    def fresh():
        return table(hands=[[G(EM, 4), G(DI, 1)], []], dice=((RU, 4), (EM, 2), (AM, 4)),
                     phase=sixgems.P_PLAY, settle=[[K(3), K(10)], []])

    s = fresh()
    assert s.move_text(sixgems.PLAY + G(EM, 4)) is None  # the face and the settlement to come
    play(s, sixgems.PLAY + G(EM, 4))
    assert s.move_text(sixgems.TURN) is None
    play(s, sixgems.TURN)
    exchange = sixgems.EXCHANGE + K(3)
    assert s.move_text(exchange, 1) == (
        "P1 plays Emerald 4, turns blue B to 4, exchanges a settlement card")
    assert s.move_text(exchange, 0) == s.move_text(exchange) == (
        "P1 plays Emerald 4, turns blue B to 4, exchanges card 3 Emerald")
    assert s.move_text(sixgems.SETTLE + K(10), 1) == (
        "P1 plays Emerald 4, turns blue B to 4, settles with card 10 Sapphire")
    assert s.move_text(sixgems.PASS, 1) == "P1 plays Emerald 4 and turns blue B to 4"
    play(s, sixgems.SETTLE + K(10))
    assert not [note for note in s.notes if "settles" in note]  # said once, by the move
    # A die moved; the face not used; no use possible (the turn's one step but the last).
    s = fresh()
    play(s, sixgems.PLAY + G(EM, 4), sixgems.MOVE + 2 * 7 + 6)
    assert s.move_text(sixgems.PASS) == "P1 plays Emerald 4 and moves red to centre"
    s = fresh()
    play(s, sixgems.PLAY + G(EM, 4), sixgems.NO_USE)
    assert s.move_text(exchange, 1) == "P1 plays Emerald 4 and exchanges a settlement card"
    s = fresh()
    play(s, sixgems.PLAY + G(DI, 1))  # no die shows 1, none on Diamond: straight to G-T3
    assert s.phase == sixgems.P_SETTLE
    assert s.move_text(sixgems.PASS) == "P1 plays Diamond 1"


def test_a_turn_without_a_settlement_card_ends_at_its_card_or_face_G_T3():
    s = table(hands=[[G(EM, 4), G(DI, 1)], []], dice=((RU, 4), (EM, 2), (AM, 4)),
              phase=sixgems.P_PLAY)
    assert s.move_text(sixgems.PLAY + G(DI, 1)) == "P1 plays Diamond 1"  # nothing else to do
    assert s.move_text(sixgems.PLAY + G(EM, 4)) is None
    play(s, sixgems.PLAY + G(EM, 4))
    assert s.move_text(sixgems.MOVE + 0 * 7 + TO) == "P1 plays Emerald 4 and moves blue A to Topaz"
    assert s.move_text(sixgems.NO_USE) == "P1 plays Emerald 4"
    # No gem card left either: the settlement choice alone.
    s = table(settle=[[K(3)], []], dice=((RU, 1), (EM, 3), (AM, 5)))
    assert s.move_text(sixgems.PASS) == "P1 makes no settlement"
    assert s.move_text(sixgems.SETTLE + K(3)) == "P1 settles with card 3 Emerald"


def test_the_dice_are_one_sentence_at_the_last_G_S2_G_P5():
    s = table(phase=sixgems.P_DIE, dice=((-1, 5), (-1, 3), (-1, 6)), decider=1, die_index=0)
    assert s.move_text(sixgems.PLACE_DIE + RU) is None
    play(s, sixgems.PLACE_DIE + RU)
    assert s.move_text(sixgems.PLACE_DIE + TO, 0) is None
    play(s, sixgems.PLACE_DIE + TO)
    assert s.move_text(sixgems.PLACE_DIE + EM, 0) == (
        "P2 places blue A 5 on Ruby, blue B 3 on Topaz, red 6 on Emerald")


def test_wild_gems_kept_waiting_are_counted_G_P4():
    s = table(players=3, areas=[area(RU), area(TO), area(EM)], settle=[[], [], [K(3)]],
              turn=2, dice=((SA, 3), (DI, 5), (AM, 1)), wild=[(K(5), 0, -1), (K(7), 0, -1)])
    play(s, sixgems.SETTLE + K(3))
    assert s.current_player() == 0
    assert s.move_text(sixgems.WAIT, 2) == "P1 keeps 2 wild gems waiting"
