# Diam's rule by rule. Each test names the rule ids of seeds/diams.md it checks.
# Tables are arranged by hand: D(q, i) is copy i of quality q, i = 0 the special-purity one.
from checks import play, raises, refused

from firmware.core.prng import Prng
from firmware.games.diams import rules as diams


def D(q, i=1):
    return (q - 1) * 5 + i


def table(players=2, hands=None, vaults=None, market=(), top=(), deck=None, turn=0,
          phase=diams.P_MAIN, options=None, **attrs):
    """A state with the given cards placed; unplaced cards form the deck under `top` (drawn
    first to last) with the closing card at the bottom, unless `deck` is given in full."""
    s = diams.new_game(players, 1, options)
    s.hands = [list(h) for h in (hands or [[]] * players)]
    s.vaults = [list(v) for v in (vaults or [[]] * players)]
    s.market = list(market)
    s.discard = []
    s.aside = []
    if deck is None:
        used = list(market) + list(top)
        for cards in s.hands + s.vaults:
            used += cards
        rest = [c for c in range(diams.CLOSING) if c not in used]
        deck = ([diams.CLOSING] if diams.CLOSING not in used else []) + rest + list(reversed(top))
    s.deck = list(deck)
    s.turn = turn
    s.first = turn
    s._clear_move()
    s.closer = -1
    s.turns_left = -1
    s.phase = phase
    for key in attrs:
        setattr(s, key, attrs[key])
    return s


def cards_in_play(s):
    total = len(s.deck) + len(s.market) + len(s.discard) + len(s.aside)
    for cards in s.hands + s.vaults:
        total += len(cards)
    return total


# ---- D-C components, D-V values, D-O options ------------------------------------------
def test_deck_of_54_cards_D_C1_D_C2_D_C3_D_C4():
    diamonds = [c for c in range(diams.DECK_SIZE) if diams.is_diamond(c)]
    assert len(diamonds) == 50
    for q in range(1, 11):
        of_q = [c for c in diamonds if diams.quality(c) == q]
        assert len(of_q) == 5
        assert len([c for c in of_q if diams.is_pure(c)]) == 1
    assert [diams.CARD_A, diams.CARD_B, diams.CARD_C, diams.CLOSING] == [50, 51, 52, 53]
    assert len(set(diams.COLOURS)) == 10
    assert (diams.COLOURS[0], diams.COLOURS[4], diams.COLOURS[6], diams.COLOURS[9]) == (
        "purple", "blue", "red", "brown")
    for players in range(2, 6):
        assert cards_in_play(diams.new_game(players, players)) == 54


def test_collection_values_D_V():
    assert [diams.collection_points(1, n) for n in range(6)] == [0, 0, 0, 4, 7, 12]
    assert [diams.collection_points(10, n) for n in (3, 4, 5)] == [2, 5, 10]
    assert diams.collection_points(2, 3) == 5
    for n in (3, 4, 5):  # quality 7 is the most valuable
        best = max(diams.collection_points(q, n) for q in range(1, 11))
        assert diams.collection_points(7, n) == best
    assert diams.vault_points([D(7, 0), D(7, 1), D(7, 2), D(7, 3), D(2, 1), D(2, 2)]) == 13


# D-V, the whole table: points of 3 / 4 / 5 diamonds, qualities 1 .. 10.
D_V = {3: (4, 5, 6, 7, 8, 9, 10, 2, 2, 2), 4: (7, 8, 9, 10, 11, 12, 13, 5, 5, 5),
       5: (12, 13, 14, 15, 16, 17, 18, 10, 10, 10)}


def test_collection_values_every_cell_D_V():
    for count in (3, 4, 5):
        for q in range(1, 11):
            assert diams.collection_points(q, count) == D_V[count][q - 1], (q, count)
            vault = [D(q, i) for i in range(count)]
            assert diams.vault_points(vault) == D_V[count][q - 1], (q, count)
        assert diams.collection_points(q, 2) == 0 and diams.collection_points(q, 1) == 0
    # Two collections add up; a pair and a lone diamond add nothing.
    vault = [D(8, i) for i in range(4)] + [D(9, i) for i in range(5)] + [D(2, 0), D(2, 1), D(3)]
    assert diams.vault_points(vault) == 5 + 10


def test_length_option_D_O1():
    assert diams.new_game(3, 1).rounds == 3
    assert diams.new_game(3, 1, {"length": "quick"}).rounds == 1
    raises(ValueError, diams.new_game, 3, 1, {"length": "long"})


def test_closing_card_position_D_O2():
    # Cards are drawn from the end of the deck list, so index 0 is the last card.
    for players, window in ((2, 15), (3, 15), (4, 5), (5, 5)):
        seen = []
        for seed in range(300):
            s = diams.new_game(players, seed)
            depth = s.deck.index(diams.CLOSING)
            assert 0 <= depth < window, (players, depth)
            if depth not in seen:
                seen.append(depth)
            fixed = diams.new_game(players, seed, {"closing": "fixed"})
            assert fixed.deck.index(diams.CLOSING) == 0
        assert len(seen) == window  # every position of the window occurs


# ---- D-S setup ---------------------------------------------------------------------------
def test_round_setup_D_S1_D_S2():
    saw_special_replaced = False
    for seed in range(200):
        s = diams.new_game(4, seed)
        assert len(s.market) == 3 and all(diams.is_diamond(c) for c in s.market)
        assert [len(h) for h in s.hands] == [3, 3, 3, 3]
        assert all(not diams.is_diamond(c) and c != diams.CLOSING for c in s.discard)
        assert s.vaults == [[], [], [], []] and s.aside == []
        assert cards_in_play(s) == 54
        if s.discard:
            saw_special_replaced = True
        if any(not diams.is_diamond(c) for h in s.hands for c in h):
            assert True  # specials may be dealt to hands
    assert saw_special_replaced


def test_first_player_random_then_rotates_D_S3():
    firsts = []
    for seed in range(60):
        s = diams.new_game(3, seed)
        if s.first not in firsts:
            firsts.append(s.first)
        assert s.turn == s.first
    assert sorted(firsts) == [0, 1, 2]


# ---- D-T turn ----------------------------------------------------------------------------
def test_draw_one_to_hand_or_two_to_market_D_T1():
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], top=[D(4), D(5), D(6)], phase=diams.P_DRAW)
    assert s.legal_actions() == [diams.DRAW_HAND, diams.DRAW_MARKET]
    play(s, diams.DRAW_HAND)
    assert sorted(s.hands[0]) == [D(1), D(4)] and s.phase == diams.P_MAIN
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], top=[D(4), D(5), D(6)], phase=diams.P_DRAW)
    play(s, diams.DRAW_MARKET)
    assert s.hands[0] == [D(1)] and s.market == [D(3), D(4), D(5)]


def test_special_drawn_for_market_goes_to_hand_D_T3():
    s = table(hands=[[D(1)], []], market=[D(3)], top=[diams.CARD_B, D(4), diams.CARD_C, D(5)],
              phase=diams.P_DRAW)
    play(s, diams.DRAW_MARKET)
    assert s.notes == ["card B came up for the market: into P1's hand",
                       "card C came up for the market: into P1's hand"]
    assert sorted(s.hands[0]) == [D(1), diams.CARD_B, diams.CARD_C]
    assert s.market == [D(3), D(4), D(5)] and s.discard == []


def test_empty_deck_skips_phase_one_D_T2():
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], deck=[], phase=diams.P_PLACE,
              closer=0, turns_left=1, aside=[diams.CLOSING])
    play(s, diams.HAND + D(1), diams.TAKE_NONE)
    assert s.turn == 1 and s.phase == diams.P_MAIN  # straight to phase 2


def test_closing_card_set_aside_and_replaced_D_T4():
    s = table(players=3, hands=[[D(1)], [], []], market=[D(3)], top=[diams.CLOSING, D(4)],
              phase=diams.P_DRAW, turn=1)
    play(s, diams.DRAW_HAND)
    assert s.notes == ["the closing card is out: one more turn each"]
    assert s.aside == [diams.CLOSING] and s.hands[1] == [D(4)]
    assert s.closer == 1 and s.turns_left == 2
    # The closing card as the last card: no replacement.
    s = table(hands=[[D(1)], []], market=[D(3)], deck=[diams.CLOSING], phase=diams.P_DRAW)
    play(s, diams.DRAW_HAND)
    assert s.aside == [diams.CLOSING] and s.hands[0] == [D(1)] and s.deck == []
    assert s.closer == 0


def test_closing_card_drawn_by_market_refill_D_T4_D_T10():
    s = table(hands=[[diams.CARD_C], []], market=[D(6)], top=[D(1), diams.CLOSING, D(2), D(3)])
    play(s, diams.SLEIGHT, diams.MARKET_CARD + D(6))
    assert s.market == [D(1), D(2), D(3)] and s.aside == [diams.CLOSING] and s.closer == 0


def test_phase_two_is_one_choice_and_skipped_when_impossible_D_T5():
    s = table(hands=[[D(1), D(1, 2), D(1, 3), diams.CARD_B], [D(2)]], market=[D(3)])
    assert s.legal_actions() == [diams.MARKET, diams.VAULT, diams.SALE_B, diams.SAFECRACKER]
    s = table(hands=[[], [D(2)]], market=[D(3)], deck=[], aside=[diams.CLOSING], closer=1,
              turns_left=1, turn=1, phase=diams.P_PLACE)
    play(s, diams.HAND + D(2), diams.TAKE_NONE)  # seat 0 has nothing to do: its phase 2 is skipped
    assert s.round == 1 and len(s.points) == 1


def test_market_take_all_of_the_quality_D_T6():
    s = table(hands=[[D(7, 1)], []], market=[D(7, 2), D(7, 3), D(2)])
    play(s, diams.MARKET)
    assert s.action_text(diams.HAND + D(7, 1)) == "place 7 red"
    play(s, diams.HAND + D(7, 1))
    assert s.action_text(diams.TAKE_ALL) == "take all 7s"
    assert diams.TAKE_ALL in s.legal_actions() and diams.MARKET not in s.legal_actions()
    play(s, diams.TAKE_ALL)
    assert sorted(s.hands[0]) == [D(7, 1), D(7, 2), D(7, 3)] and s.market == [D(2)]


def test_take_all_needs_another_diamond_of_the_quality_D_T6():
    s = table(hands=[[D(7, 1)], []], market=[D(2), D(5)])
    play(s, diams.MARKET, diams.HAND + D(7, 1))
    assert diams.TAKE_ALL not in s.legal_actions()  # [resolution]: it would only undo the move
    refused(s, diams.TAKE_ALL)


def test_market_sum_take_D_T6_D_X2():
    s = table(hands=[[D(9)], []], market=[D(1), D(3), D(5), D(8)])
    play(s, diams.MARKET, diams.HAND + D(9))
    assert diams.MARKET_CARD + D(8) in s.legal_actions()
    play(s, diams.MARKET_CARD + D(1), diams.MARKET_CARD + D(3))
    refused(s, diams.MARKET_CARD + D(8))  # 1 + 3 + 8 overshoots 9
    refused(s, diams.DONE)  # 1 + 3 is not 9 yet
    refused(s, diams.TAKE_NONE)  # a started set must be completed
    play(s, diams.MARKET_CARD + D(5), diams.DONE)
    assert sorted(s.hands[0]) == [D(1), D(3), D(5)]
    assert sorted(s.market) == [D(8), D(9)]  # the placed 9 stays


def test_sum_take_single_card_of_equal_quality_D_T6():
    s = table(hands=[[D(4, 1)], []], market=[D(4, 2), D(6)])
    play(s, diams.MARKET, diams.HAND + D(4, 1), diams.MARKET_CARD + D(4, 2), diams.DONE)
    assert s.hands[0] == [D(4, 2)] and sorted(s.market) == [D(4, 1), D(6)]


def test_market_take_nothing_and_placement_is_irrevocable_D_T6():
    s = table(hands=[[D(8), D(2)], []], market=[D(3)])
    play(s, diams.MARKET, diams.HAND + D(8))
    assert D(8) in s.market and D(8) not in s.hands[0]
    assert s.legal_actions() == [diams.TAKE_NONE]  # no 8 to take, no set adds up to 8
    play(s, diams.TAKE_NONE)
    assert s.hands[0] == [D(2)] and s.turn == 1


def test_vault_with_extension_D_T7_D_X3():
    vault = [D(5, 0), D(5, 1), D(5, 2), D(7, 0), D(7, 1), D(7, 2)]
    hand = [D(1, 1), D(1, 2), D(1, 3), D(5, 3), D(5, 4), D(7, 3)]
    s = table(hands=[hand, []], vaults=[vault, []], market=[D(2)])
    play(s, diams.VAULT, diams.HAND + D(5, 3), diams.HAND + D(5, 4), diams.HAND + D(7, 3))
    refused(s, diams.DONE)  # extending alone is illegal
    play(s, diams.HAND + D(1, 1), diams.HAND + D(1, 2))
    refused(s, diams.DONE)  # the new quality needs 3
    play(s, diams.HAND + D(1, 3), diams.DONE)
    assert s.hands[0] == [] and len(s.vaults[0]) == 12
    # Without a set of three in hand the vault is not even offered.
    s = table(hands=[[D(5, 3), D(5, 4), D(7, 3)], []], vaults=[vault, []], market=[D(2)])
    assert diams.VAULT not in s.legal_actions()


def test_vault_refuses_a_pair_of_a_new_quality_D_T7():
    s = table(hands=[[D(2, 1), D(2, 2), D(3, 1), D(3, 2), D(3, 3)], []], market=[D(9)])
    play(s, diams.VAULT)
    assert s.legal_actions() == [diams.HAND + D(3, 1)]  # one per kind of card; no 2s
    refused(s, diams.HAND + D(2, 1))
    play(s, diams.HAND + D(3, 1), diams.HAND + D(3, 2), diams.HAND + D(3, 3), diams.DONE)
    assert sorted(s.vaults[0]) == [D(3, 1), D(3, 2), D(3, 3)]


def test_compulsory_sale_takes_all_of_the_quality_D_T8():
    hands = [[D(6, 1), diams.CARD_A], [D(6, 2), D(6, 3), D(2)], [D(6, 4)]]
    s = table(players=3, hands=hands, market=[D(6, 0), D(9)])
    play(s, diams.SALE_A)
    assert s.action_text(diams.HAND + D(6, 1)) == "sell 6 green"
    play(s, diams.HAND + D(6, 1))
    assert s.legal_actions() == [diams.SEAT + 1, diams.SEAT + 2]
    assert [s.action_text(a) for a in s.legal_actions()] == ["target P2", "target P3"]
    play(s, diams.SEAT + 1)
    assert s.notes == ["P2 gives up 2 x 6; P1 takes 4 x 6 from the market"]
    assert sorted(s.hands[0]) == [D(6, 0), D(6, 1), D(6, 2), D(6, 3)]
    assert s.hands[1] == [D(2)] and s.hands[2] == [D(6, 4)]
    assert s.market == [D(9)] and s.discard == [diams.CARD_A]


def test_compulsory_sale_against_a_player_without_the_quality_D_T8():
    s = table(hands=[[D(3), diams.CARD_C], [D(4)]], market=[D(3, 2)])
    play(s, diams.SALE_C, diams.HAND + D(3))  # two players: the opponent is not asked for
    assert s.view(1)["notes"] == ["P2 has no 3 in hand: the 3 stays in the market"]
    assert s.hands[0] == [] and s.hands[1] == [D(4)]
    assert sorted(s.market) == [D(3), D(3, 2)]


def test_compulsory_sale_emptying_the_market_refills_it_D_T8_D_T10():
    s = table(hands=[[D(3), diams.CARD_B], [D(3, 2)]], market=[], top=[D(8), D(9), D(10)])
    play(s, diams.SALE_B, diams.HAND + D(3))
    assert sorted(s.hands[0]) == [D(3), D(3, 2)] and s.market == [D(8), D(9), D(10)]


def test_convoy_extends_collections_D_T8():
    vault = [D(5, 0), D(5, 1), D(5, 2)]
    s = table(hands=[[D(5, 3), D(8), diams.CARD_A], []], vaults=[vault, []], market=[D(1)])
    assert diams.CONVOY in s.legal_actions()
    play(s, diams.CONVOY)
    assert s.legal_actions() == [diams.HAND + D(5, 3)]  # only qualities in the vault; DONE later
    play(s, diams.HAND + D(5, 3), diams.DONE)
    assert len(s.vaults[0]) == 4 and s.hands[0] == [D(8)] and s.discard == [diams.CARD_A]
    s = table(hands=[[D(8), diams.CARD_A], []], vaults=[vault, []], market=[D(1)])
    assert diams.CONVOY not in s.legal_actions()


def test_safecracker_victim_chooses_D_T8():
    s = table(hands=[[diams.CARD_B], []], vaults=[[], [D(9, 0), D(9, 1), D(9, 2), D(9, 3)]],
              market=[D(1)])
    play(s, diams.SAFECRACKER, diams.NAME + 9)
    assert s.current_player() == 1  # the victim's decision
    assert s.legal_actions() == [diams.VAULT_CARD + D(9, 0), diams.VAULT_CARD + D(9, 1)]
    assert s.view(1)["legal"] == s.legal_actions() and s.view(0)["legal"] == []
    play(s, diams.VAULT_CARD + D(9, 1))
    assert s.notes == ["P1 takes a 9 from P2's vault"]
    assert s.hands[0] == [D(9, 1)] and len(s.vaults[1]) == 3 and s.turn == 1


def test_safecracker_special_purity_and_misses_D_T8():
    vault = [D(9, 0), D(9, 1), D(9, 2), D(4, 1), D(4, 2), D(4, 3)]
    s = table(hands=[[diams.CARD_B], []], vaults=[[], vault], market=[D(1)])
    play(s, diams.SAFECRACKER, diams.NAME_PURE + 9)  # one card matches: no decision
    assert s.hands[0] == [D(9, 0)] and s.turn == 1
    for name in (diams.NAME_PURE + 4, diams.NAME + 2):  # no pure 4 in the vault; no 2 at all
        s = table(hands=[[diams.CARD_B], []], vaults=[[], vault], market=[D(1)])
        play(s, diams.SAFECRACKER, name)
        assert s.notes[0].startswith("P2's vault holds no ")
        assert s.hands[0] == [] and len(s.vaults[1]) == 6 and s.turn == 1


def test_safecracker_names_each_quality_with_or_without_purity_D_T8():
    s = table(hands=[[diams.CARD_B], []], vaults=[[], [D(10, 0), D(10, 1), D(1, 0)]],
              market=[D(1)])
    play(s, diams.SAFECRACKER)
    names = s.legal_actions()
    assert len(names) == 20 and len(set(names)) == 20
    assert [s.action_text(a) for a in (diams.NAME + 10, diams.NAME_PURE + 10, diams.NAME + 1)] == [
        "name 10 brown", "name 10* brown", "name 1 purple"]
    play(s, diams.NAME_PURE + 10)
    assert s.hands[0] == [D(10, 0)] and sorted(s.vaults[1]) == [D(1, 0), D(10, 1)]


def test_safecracker_three_players_and_cut_collection_D_T8():
    vault = [D(4, 0), D(4, 1), D(4, 2)]
    s = table(players=3, hands=[[diams.CARD_B], [diams.CARD_A, D(4, 3)], []],
              vaults=[[], vault, []], market=[D(1)])
    play(s, diams.SAFECRACKER, diams.NAME + 4, diams.SEAT + 1)
    play(s, diams.VAULT_CARD + D(4, 1))  # the victim keeps the special-purity one
    assert diams.vault_points(s.vaults[1]) == 0  # cut to 2: scores nothing ...
    s.phase = diams.P_MAIN
    play(s, diams.CONVOY, diams.HAND + D(4, 3),
         diams.DONE)  # ... but still present for an extension
    assert diams.vault_points(s.vaults[1]) == 7


def test_sleight_of_hand_and_market_refill_D_T8_D_T10():
    s = table(hands=[[diams.CARD_C], []], market=[D(6)], top=[D(1), diams.CARD_A, D(2), D(3)])
    play(s, diams.SLEIGHT, diams.MARKET_CARD + D(6))
    assert s.notes == ["the market was empty: 3 new cards"]
    assert s.hands[0] == [D(6)]
    assert s.market == [D(1), D(2), D(3)] and s.discard == [diams.CARD_C, diams.CARD_A]
    s = table(hands=[[diams.CARD_C], []], market=[])
    assert diams.SLEIGHT not in s.legal_actions()


def test_hand_limit_player_chooses_what_goes_D_T9():
    hand = [D(7, 1), D(1), D(2), diams.CARD_B, diams.CARD_C]
    s = table(players=3, hands=[hand, [], []], market=[D(7, 2), D(7, 3), D(9)])
    play(s, diams.MARKET, diams.HAND + D(7, 1), diams.TAKE_ALL)
    assert len(s.hands[0]) == 7 and s.phase == diams.P_DISCARD and s.current_player() == 0
    assert diams.HAND + diams.CARD_B in s.legal_actions() and diams.HAND + D(7,
                                                                             1) in s.legal_actions()
    play(s, diams.HAND + diams.CARD_B)
    assert s.discard == [diams.CARD_B] and s.current_player() == 0
    play(s, diams.HAND + D(1))
    assert D(1) in s.market and len(s.hands[0]) == 5 and s.turn == 1


def test_market_has_no_size_limit_D_T11():
    market = [D(q) for q in range(1, 11)] + [D(q, 2) for q in range(1, 5)]
    s = table(hands=[[D(9, 3)], []], market=market, phase=diams.P_DRAW)
    play(s, diams.DRAW_MARKET)
    assert len(s.market) == 16


# ---- D-E end of round, scoring, end of game ----------------------------------------------
RED_VAULT = [D(4, 0), D(4, 1), D(4, 2), D(6, 0), D(6, 1), D(6, 2), D(6, 3), D(8, 0), D(8, 1),
             D(8, 2), D(9, 0), D(9, 1), D(9, 2), D(10, 1), D(10, 2), D(10, 3)]
GREEN_VAULT = [D(1, 0), D(1, 1), D(1, 2), D(2, 0), D(2, 1), D(2, 2), D(3, 0), D(3, 1), D(3, 2),
               D(5, 0), D(5, 1), D(5, 2), D(5, 3), D(5, 4), D(7, 1), D(7, 2), D(7, 3), D(7, 4)]
RED_HAND = [D(10, 4), D(9, 3), D(8, 3), D(6, 4)]  # qualities add up to 33
GREEN_HAND = [D(1, 3)]


def test_worked_round_end_D_E2_D_X1():
    points, parts = diams.round_points([RED_VAULT, GREEN_VAULT], [RED_HAND, GREEN_HAND])
    assert parts == [[25, 2, 3], [44, 2, 0]]
    assert points == [30, 46]
    assert diams.round_chips(points) == [3, 4]


def test_worked_round_end_through_the_last_turns_D_E1_D_X1():
    # Red (seat 0) drew the closing card; green plays the last turn, then the round is scored.
    s = table(hands=[RED_HAND, GREEN_HAND + [D(1, 4)]], vaults=[RED_VAULT, GREEN_VAULT],
              market=[D(7, 0)], deck=[], turn=1, closer=0, turns_left=0,
              aside=[diams.CLOSING], options={"length": "quick"})
    play(s, diams.MARKET, diams.HAND + D(1, 3), diams.TAKE_NONE)  # green keeps a 1: hand sum 1
    assert s.is_over() and s.points == [[30, 46]] and s.winners() == [1]
    assert s.scores() == [30, 46] and s.breakdown == [[25, 2, 3], [44, 2, 0]]


def test_bonuses_alone_tied_or_absent_D_E2():
    pure2 = [D(3, 0), D(4, 0)]
    points, parts = diams.round_points([pure2, [D(5, 0)], []], [[D(9)], [D(9, 2)], [D(1)]])
    assert [p[1] for p in parts] == [5, 0, 0]  # most special purity alone: 5
    assert [p[2] for p in parts] == [0, 0, 0]  # highest hand sum tied: nobody
    points, parts = diams.round_points([[D(3, 0)], [D(5, 0)], []], [[], [], [diams.CARD_A]])
    assert [p[1] for p in parts] == [2, 2, 0] and [p[2] for p in parts] == [0, 0, 0]
    points, parts = diams.round_points([[], []], [[D(2)], [diams.CARD_A, diams.CARD_B]])
    assert parts == [[0, 0, 3], [0, 0, 0]]  # specials add nothing to a hand's sum


def test_final_turns_one_each_after_the_closer_D_E1():
    hands = [[D(1)], [D(2)], [D(3)]]
    s = table(players=3, hands=hands, market=[D(9)], top=[diams.CLOSING, D(4)], turn=1,
              phase=diams.P_DRAW)
    turns = []
    while s.round == 0:
        if not turns or turns[-1] != s.turn:
            turns.append(s.turn)
        play(s, s.legal_actions()[0])
    assert turns == [1, 2, 0] and len(s.points) == 1


def test_victory_chips_with_ties_D_E3_D_X4():
    assert diams.round_chips([20, 15, 15, 5, 5]) == [4, 2, 2, 0, 0]
    assert diams.round_chips([7, 7]) == [3, 3]
    assert diams.round_chips([1, 9, 5]) == [2, 4, 3]
    assert diams.round_chips([0, 0, 0, 0]) == [1, 1, 1, 1]


def test_next_round_resets_the_table_D_E4():
    s = table(players=3, hands=[[D(1)], [D(2)], [D(3)]], vaults=[[D(7, 0), D(7, 1), D(7, 2)],
              [], []], market=[D(9)], deck=[], turn=2, closer=1, turns_left=0,
              aside=[diams.CLOSING], phase=diams.P_PLACE, first=1)
    play(s, diams.HAND + D(3), diams.TAKE_NONE)
    assert s.round == 1 and s.points[0] == [10 + 5, 3, 0]  # seat 1: hand bonus
    assert s.first == 2 and s.turn == 2  # left of the previous first player (D-S3)
    assert s.vaults == [[], [], []] and [len(h) for h in s.hands] == [3, 3, 3]
    assert len(s.market) == 3 and s.aside == [] and cards_in_play(s) == 54
    # The closing card is back in the deck: no closer, no countdown of last turns (as at
    # the start of a game).
    v = s.view(0)
    assert not v["closing_drawn"] and v["closer"] == -1 and v["turns_left"] == -1
    v = diams.new_game(3, 5).view(1)
    assert not v["closing_drawn"] and v["closer"] == -1 and v["turns_left"] == -1


def finished(chips, points, players=3, length="standard"):
    s = diams.new_game(players, 1, {"length": length})
    s.chips = chips
    s.points = points
    s.phase = diams.P_OVER
    return s


def test_game_end_and_tie_breaks_D_E5():
    s = finished([9, 9, 3], [[10, 20, 1], [12, 10, 2], [30, 5, 0]])
    assert s.scores() == [9, 9, 3] and s.winners() == [0]  # round 2 points decide
    s = finished([9, 9, 3], [[10, 20, 1], [12, 12, 2], [30, 5, 0]])
    assert s.winners() == [0]  # then round 3 points [resolution]
    s = finished([9, 9, 3], [[10, 40, 1], [12, 12, 2], [30, 30, 0]])
    assert s.winners() == [1]  # then total points
    s = finished([9, 9, 3], [[10, 10, 1], [12, 12, 2], [30, 30, 0]])
    assert s.winners() == [0, 1]  # then shared


def test_two_player_game_ends_after_two_won_rounds_D_E5():
    s = table(hands=[[D(7, 3)], []], vaults=[[D(7, 0), D(7, 1), D(7, 2)], []], market=[D(9)],
              deck=[], turn=0, closer=1, turns_left=0, aside=[diams.CLOSING], phase=diams.P_PLACE,
              points=[[20, 5]], chips=[4, 3], round=1)
    play(s, diams.HAND + D(7, 3), diams.TAKE_NONE)
    assert s.is_over() and len(s.points) == 2 and s.chips == [8, 6] and s.winners() == [0]
    assert s.notes == ["P1 won rounds 1 and 2: the game ends"]
    # Different round winners: a third round is played.
    s = table(hands=[[D(7, 3)], []], vaults=[[D(7, 0), D(7, 1), D(7, 2)], []], market=[D(9)],
              deck=[], turn=0, closer=1, turns_left=0, aside=[diams.CLOSING], phase=diams.P_PLACE,
              points=[[5, 20]], chips=[3, 4], round=1)
    play(s, diams.HAND + D(7, 3), diams.TAKE_NONE)
    assert not s.is_over() and s.round == 2


def test_quick_game_one_round_by_points_D_E6():
    s = finished([4, 3, 2], [[12, 12, 3]], length="quick")
    assert s.scores() == [12, 12, 3] and s.winners() == [0, 1]


# ---- view: what a seat may know ----------------------------------------------------------
def test_view_shows_own_cards_and_counts_only():
    s = diams.new_game(3, 21)
    for seat in range(3):
        v = s.view(seat)
        assert v["hand"] == sorted(s.hands[seat]) and v["hands"] is None
        assert v["hand_counts"] == [3, 3, 3] and v["deck"] == len(s.deck)
        assert v["market"] == sorted(s.market)
    # Moving hidden cards around (another hand, the deck) changes nothing in seat 0's view.
    other = s.clone()
    other.hands[1][0], other.deck[5] = other.deck[5], other.hands[1][0]
    other.deck[10], other.deck[20] = other.deck[20], other.deck[10]
    assert other.view(0) == s.view(0)
    assert other.view(1) != s.view(1)


def test_view_hides_other_vaults_and_the_selection():
    vault = [D(5, 0), D(5, 1), D(5, 2)]
    s = table(hands=[[D(1, 1), D(1, 2), D(1, 3)], []], vaults=[vault, [D(2, 0), D(2, 1),
              D(2, 2)]], market=[D(9)])
    assert s.view(0)["vault"] == vault and s.view(0)["vault_counts"] == [3, 3]
    assert D(2, 0) not in s.view(0)["vault"]
    other = s.clone()
    other.vaults[1] = [D(8, 1), D(8, 2), D(8, 3)]  # same count, other contents
    assert other.view(0) == s.view(0)
    play(s, diams.VAULT, diams.HAND + D(1, 1))
    assert s.view(0)["selected"] == [D(1, 1)] and s.view(1)["selected"] == []
    assert s.action_text(diams.HAND + D(1, 2), 1) == "select a card"
    assert s.action_text(diams.HAND + D(1, 2), 0) == "select 1 purple"


def test_illegal_actions_leave_the_state_unchanged():
    s = table(hands=[[D(9), diams.CARD_A], []], market=[D(1), D(3), D(5)], phase=diams.P_DRAW)
    for bad in (-1, 2, 12, 999, diams.HAND + D(9), "x", None):
        refused(s, bad)
    play(s, diams.DRAW_MARKET)
    refused(s, diams.DRAW_HAND)
    refused(s, diams.CONVOY)  # nothing in the vault to extend
    play(s, diams.MARKET)
    refused(s, diams.HAND + diams.CARD_A)  # only diamonds are placed
    err = raises(ValueError, s.apply, 77)
    assert "illegal" in str(err)


def test_phase_two_choices_are_worded_D_T5_D_T8():
    s = table(hands=[[D(1), D(1, 2), D(1, 3), diams.CARD_A, diams.CARD_B, diams.CARD_C], [D(2)]],
              vaults=[[D(1, 0)], []], market=[D(3)])
    assert [s.action_text(a) for a in s.legal_actions()] == [
        "market", "vault", "card A: Compulsory Sale", "card B: Compulsory Sale",
        "card C: Compulsory Sale", "card A: Convoy", "card B: Safecracker",
        "card C: Sleight of Hand"]
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], phase=diams.P_DRAW)
    assert [s.action_text(a) for a in s.legal_actions()] == ["draw 1 to hand", "draw 2 to market"]


def test_safecracker_note_names_the_thief_D_T8():
    s = table(hands=[[], [diams.CARD_B]], vaults=[[D(9, 0), D(9, 1), D(9, 2)], []], market=[D(1)],
              turn=1)
    play(s, diams.SAFECRACKER, diams.NAME_PURE + 9)  # one match: taken at once
    assert s.notes == ["P2 takes a 9 from P1's vault"] and s.hands[1] == [D(9, 0)]


def sampling_table(players, opponent_vault, opponent_hand):
    """Seat 0's view leaves unseen only the opponents' cards: every other diamond is in the
    market, every special in the discard pile, the deck is empty."""
    hands = [[]] + [list(opponent_hand)] + [[] for _ in range(players - 2)]
    vaults = [[]] + [list(opponent_vault)] + [[] for _ in range(players - 2)]
    hidden = list(opponent_vault) + list(opponent_hand)
    market = [c for c in range(50) if c not in hidden]
    return table(players, hands=hands, vaults=vaults, market=market, deck=[],
                 discard=[diams.CARD_A, diams.CARD_B,
                          diams.CARD_C], aside=[diams.CLOSING], closer=1,
                 turns_left=0)


def test_sampled_vaults_hold_lone_diamonds_of_any_quality_D_T8():
    # Two 1s and two 2s unseen, three of them in the opponent's vault: no quality has three,
    # so the vault is sampled as lone diamonds (as Safecracker leaves), a 1 as likely as a 2.
    s = sampling_table(2, [D(1, 1), D(2, 1), D(2, 2)], [D(1, 2)])
    view = s.view(0)
    firsts = []
    for seed in range(30):
        t = diams.sample_state(view, Prng(seed))
        vault = t.vaults[1]
        assert len(vault) == 3 and len(t.hands[1]) == 1
        assert sorted(vault + t.hands[1]) == sorted([D(1, 1), D(1, 2), D(2, 1), D(2, 2)])
        q = diams.quality(vault[0])
        if q not in firsts:
            firsts.append(q)
    assert sorted(firsts) == [1, 2]


def test_sampled_closing_card_window_D_O2():
    # Before the closing card is out, a sample puts it among the last 15 cards (2-3 players)
    # or the last 5 (4-5 players) of the deck, as D-O2 deals it.
    for players, window in ((2, 15), (3, 15), (4, 5), (5, 5)):
        s = diams.new_game(players, 3)
        view = s.view(0)
        assert not view["closing_drawn"] and view["deck"] > 15
        depths = []
        for seed in range(60):
            depth = diams.sample_state(view, Prng(seed)).deck.index(diams.CLOSING)
            assert 0 <= depth < window, (players, depth)
            if depth not in depths:
                depths.append(depth)
        assert max(depths) >= window - 3 and len(depths) > window // 2, (players, depths)


def test_safecracker_and_compulsory_sale_say_they_revealed_D_T8():
    """What the opponent's vault or hand holds is hidden (the view shows counts): naming a
    quality, or selling into their hand, tells the mover something whatever the outcome,
    so the game says so (state.revealed; the handheld's take-back stops there)."""
    for vault in ([D(9, 0)], [D(4, 1)]):  # a hit and a miss
        s = table(hands=[[diams.CARD_B], []], vaults=[[], vault], market=[D(1)])
        play(s, diams.SAFECRACKER)
        before = s.revealed
        play(s, diams.NAME + 9)
        assert s.revealed > before, vault
    for theirs in ([D(3, 2)], [D(4)]):
        s = table(hands=[[D(3), diams.CARD_C], theirs], market=[D(3, 1)])
        play(s, diams.SALE_C)
        before = s.revealed
        play(s, diams.HAND + D(3))
        assert s.revealed > before, theirs
    s = table(hands=[[D(3), diams.CARD_A], []], market=[D(1)])
    before = s.revealed
    play(s, diams.MARKET, diams.HAND + D(3))  # a diamond into the market from one's own hand: quiet
    assert s.revealed == before


# ---- A move in one sentence (move_text): the log's words for a whole move ---------------
def said(s, actions, viewer=-1):
    """What move_text says for each of `actions`, each applied after it is said."""
    out = []
    for action in actions:
        out.append(s.move_text(action, viewer))
        s.apply(action)
    return out


def test_a_draw_is_a_sentence_of_its_own_D_T1_D_T3():
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], phase=diams.P_DRAW)
    assert s.move_text(diams.DRAW_HAND) == "P1 draws a card"
    assert s.move_text(diams.DRAW_HAND, 1) == "P1 draws a card"  # never named: it is hidden
    # D-T3: the special goes to the hand, the next diamond to the market; the two diamonds
    # named are the two that land face up (public at once), the special its note's.
    s = table(hands=[[D(1)], [D(2)]], market=[D(3)], top=[D(4), diams.CARD_A, D(6, 0)],
              phase=diams.P_DRAW)
    for viewer in (-1, 0, 1):
        assert s.move_text(diams.DRAW_MARKET, viewer) == (
            "P1 draws 4 yellow and 6* green to the market")
    play(s, diams.DRAW_MARKET)
    assert sorted(s.market) == [D(3), D(4), D(6, 0)]


def test_a_market_move_is_one_sentence_placed_and_taken_D_T6_D_X2():
    # The place and the picks say nothing; the take says the whole move. Guards: the picks
    # each a sentence, the placed diamond or a picked one left out, a quality's cards not
    # kept together.
    s = table(hands=[[D(9), D(2)], []], market=[D(1, 0), D(1, 2), D(3), D(4)])
    got = said(s, [diams.MARKET, diams.HAND + D(9), diams.MARKET_CARD + D(1, 0),
                   diams.MARKET_CARD + D(1, 2), diams.MARKET_CARD + D(3), diams.MARKET_CARD + D(4)])
    assert got == [None] * 6  # (the set adds up but is not yet taken: 'done' is the move)
    assert s.move_text(diams.DONE) == (
        "P1 places 9 grey and takes 1*+1 purple, 3 orange and 4 yellow")
    assert s.move_text(diams.DONE, 1) == s.move_text(diams.DONE)  # all of it public
    s = table(hands=[[D(8, 1)], []], market=[D(8, 0), D(8, 2), D(2)])
    assert said(s, [diams.MARKET, diams.HAND + D(8, 1), diams.TAKE_ALL]) == [
        None, None, "P1 places 8 white and takes 8*+8+8 white"]
    s = table(hands=[[D(7, 1)], []], market=[D(7, 2), D(7, 3), D(2)])
    assert said(s, [diams.MARKET, diams.HAND + D(7, 1), diams.TAKE_ALL])[-1] == (
        "P1 places 7 red and takes three 7 red")
    s = table(hands=[[D(9)], []], market=[D(2)])
    assert said(s, [diams.MARKET, diams.HAND + D(9), diams.TAKE_NONE])[-1] == (
        "P1 places 9 grey and takes nothing")


def test_a_vault_move_names_its_cards_only_to_its_player_D_T7_D_X3():
    s = table(hands=[[D(1, 0), D(1, 2), D(1, 3), D(5, 1), D(5, 2), D(7)], []],
              vaults=[[D(5, 3), D(7, 2)], []], market=[D(9)])
    picks = [diams.VAULT] + [diams.HAND + c for c in (D(1, 0), D(1, 2), D(1, 3), D(5, 1),
                                                       D(5, 2), D(7))]
    other = s.clone()
    assert said(s, picks) == [None] * 7
    assert said(other, picks, 1) == [None] * 7
    assert s.move_text(diams.DONE) == "P1 stores 1*+1+1 purple, two 5 blue and 7 red in the vault"
    assert s.move_text(diams.DONE, 0) == s.move_text(diams.DONE)
    assert s.move_text(diams.DONE, 1) == "P1 stores 6 cards in the vault"  # D: vaults hidden


def test_special_cards_say_the_power_and_its_whole_move_D_T8():
    # Compulsory Sale: said with its opponent (asked with 3 players, implied with 2).
    s = table(players=3, hands=[[D(6), diams.CARD_B], [D(6, 2)], []], market=[D(1)])
    assert said(s, [diams.SALE_B, diams.HAND + D(6), diams.SEAT + 1]) == [
        None, None, "P1 plays a Compulsory Sale of 6 green against P2"]
    assert s.notes == ["P2 gives up 1 x 6; P1 takes 2 x 6 from the market"]
    s = table(hands=[[D(6), diams.CARD_C], [D(2)]], market=[D(1)])
    assert said(s, [diams.SALE_C, diams.HAND + D(6)]) == [
        None, "P1 plays a Compulsory Sale of 6 green against P2"]
    # Convoy: its cards hidden from the others, as a vault move's.
    s = table(hands=[[D(7), D(4), diams.CARD_A], []], vaults=[[D(7, 2), D(4, 2)], []],
              market=[D(1)])
    play(s, diams.CONVOY, diams.HAND + D(7), diams.HAND + D(4))
    assert s.move_text(diams.DONE) == "P1 plays Convoy and stores 4 yellow and 7 red in the vault"
    assert s.move_text(diams.DONE, 1) == "P1 plays Convoy and stores 2 cards in the vault"
    # Safecracker: the quality named (any of it, or the special-purity one) and the vault.
    s = table(hands=[[diams.CARD_B], []], vaults=[[], [D(9, 2)]], market=[D(1)])
    assert said(s, [diams.SAFECRACKER, diams.NAME + 9]) == [
        None, "P1 plays Safecracker on P2's vault for any 9 grey"]
    s = table(players=3, hands=[[diams.CARD_B], [], []], vaults=[[], [], [D(8, 0)]], market=[D(1)])
    assert said(s, [diams.SAFECRACKER, diams.NAME_PURE + 8, diams.SEAT + 2]) == [
        None, None, "P1 plays Safecracker on P3's vault for 8* white"]
    # The victim's choice is told by its note (the thief's catch, by quality only).
    s = table(hands=[[diams.CARD_B], []], vaults=[[], [D(9, 0), D(9, 2)]], market=[D(1)])
    play(s, diams.SAFECRACKER, diams.NAME + 9)
    assert s.current_player() == 1 and s.move_text(diams.VAULT_CARD + D(9, 0)) is None
    play(s, diams.VAULT_CARD + D(9, 0))
    assert s.notes == ["P1 takes a 9 from P2's vault"]
    s = table(hands=[[diams.CARD_C], []], market=[D(7), D(2)])
    assert said(s, [diams.SLEIGHT, diams.MARKET_CARD + D(7)]) == [
        None, "P1 plays Sleight of Hand and takes 7 red"]


def test_giving_up_cards_is_one_sentence_D_T9():
    hand = [D(1, 0), D(4), D(6), D(6, 2), D(6, 3), D(9), diams.CARD_A]
    s = table(hands=[hand, []], market=[D(2)], phase=diams.P_DISCARD)
    assert said(s, [diams.HAND + D(1, 0)], 1) == [None]  # more to give up: the move goes on
    assert s.move_text(diams.HAND + diams.CARD_A, 1) == (
        "P1 gives up 1* purple and card A (hand limit 5)")  # face up: public
    play(s, diams.HAND + diams.CARD_A)
    assert s.turn == 1 and len(s.hands[0]) == 5
    s = table(hands=[hand[:6], []], market=[D(2)], phase=diams.P_DISCARD)
    assert s.move_text(diams.HAND + D(9)) == "P1 gives up 9 grey (hand limit 5)"
