# Quartz rules, one test per rule or group (rule ids of seeds/quartz.md, "-" written "_").
# Hand-arranged tables: a fresh game whose bag, carts, chests and dice are then set by hand.
from checks import fingerprint, play, raises

from firmware.core import record, replay
from firmware.games.quartz import rules as quartz

Z = [0] * 7
QU, RB, EM, SA, RU, AM, UN = 0, 1, 2, 3, 4, 5, 6
P, H, C, T, S, W = 0, 1, 2, 3, 4, 5  # faces; W = helmet (wild)


def counts(**kw):
    c = [0] * 7
    for name in kw:
        c[quartz.KINDS.index(name)] = kw[name]
    return c


def arrange(players=3, dice=(P, P, P, P, P), bag=None, phase=quartz.P_ACT, turn=0, rerolls=0):
    """A game at the action step of `turn`'s turn (the first turn of round 1), with the given
    dice and bag, empty carts and chests."""
    s = quartz.new_game(players, 1)
    s.leader = turn
    s.turn = turn
    s.played = 0
    s.carts = [[0] * 7 for _ in range(players)]
    s.chests = [[0] * 7 for _ in range(players)]
    s.markers = [0] * players
    s.bag = list(bag) if bag is not None else counts(quartz=20)
    s.dice = list(dice)
    s._clear_turn()
    s.rerolls = rerolls
    s.phase = phase
    return s


# ---- Q-C, Q-S ------------------------------------------------------------------------------
def test_crystal_mix_Q_C1_Q_C2():
    assert quartz.KINDS == ("quartz", "rubellite", "emerald", "sapphire", "ruby", "amber",
                            "unstable")
    assert quartz.VALUES == (2, 3, 4, 5, 7, 9, -3)
    box = [row[2] for row in quartz.CRYSTALS]
    assert sum(box) == 70 and box[UN] == 13 and sum(box[:6]) == 57
    assert box == [14, 12, 10, 9, 7, 5, 13]


def test_removal_by_player_count_and_pairs_Q_S1_Q_S2():
    table = {3: [4, 4, 3, 3, 3, 2, 0], 4: [3, 3, 2, 2, 2, 1, 0], 5: [2, 2, 1, 1, 1, 1, 0],
             6: [0] * 7}
    for n in range(3, 7):
        s = quartz.new_game(n, 5)
        assert s.removed == table[n] and s.pairs == 6
        # The first turn has mined one crystal already (Q-T1).
        held = [sum(s.carts[p][k] for p in range(n)) for k in range(7)]
        assert sum(held) == 1
        for k in range(6):
            assert s.bag[k] + held[k] == quartz.CRYSTALS[k][2] - table[n][k]
        assert s.bag[UN] + held[UN] == 1  # Q-S2: one unstable crystal in the bag
        assert sum(s.bag) + sum(held) + 2 * s.pairs + sum(s.removed) == 70


def test_random_leader_starts_Q_S3():
    leaders = set()
    for seed in range(40):
        s = quartz.new_game(4, seed)
        assert s.turn == s.leader and s.current_player() == s.leader
        leaders.add(s.leader)
    assert leaders == {0, 1, 2, 3}


# ---- Q-T1 mine -----------------------------------------------------------------------------
def test_compulsory_mine_and_reroll_marker_Q_T1():
    s = arrange(bag=counts(unstable=1, ruby=0))
    play(s, quartz.END_TURN)  # P2's turn starts: mines the only crystal, an unstable one
    assert s.turn == 1 and s.carts[1] == counts(unstable=1) and s.markers[1] == 1
    assert "P2 mines an unstable, takes a reroll marker, cart 1" in s.notes
    s = arrange(bag=counts(ruby=3))
    play(s, quartz.END_TURN)
    assert s.carts[1] == counts(ruby=1) and s.markers[1] == 0
    s = arrange(bag=Z)  # an empty bag gives nothing, no marker
    play(s, quartz.END_TURN)
    assert s.carts[1] == Z and s.markers[1] == 0 and s.turn == 1
    assert "P2 mines nothing: the bag is empty" in s.notes


def test_only_the_compulsory_mine_gives_markers_Q_T1():
    s = arrange(dice=(P, P, P, W, H), bag=counts(unstable=9))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.DIE + 3, quartz.CONFIRM)
    assert s.carts[0] == counts(unstable=2) and s.markers[0] == 0


# ---- Q-T2 roll -----------------------------------------------------------------------------
def test_two_free_rerolls_then_markers_Q_C4_Q_T2():
    s = arrange(dice=(P, H, C, T, S), phase=quartz.P_ROLL, rerolls=2)
    s.markers[0] = 2
    legal = s.legal_actions()
    assert quartz.KEEP in legal and quartz.REROLL not in legal  # nothing picked yet
    assert [a for a in legal if a >= quartz.DIE] == [quartz.DIE + d for d in range(5)]
    play(s, quartz.DIE + 0, quartz.DIE + 2)
    assert quartz.DIE + 0 not in s.legal_actions()  # picks add up within one reroll
    dice = list(s.dice)
    play(s, quartz.REROLL)
    assert s.dice[1] == dice[1] and s.dice[3] == dice[3] and s.dice[4] == dice[4]
    assert s.rerolls == 1 and s.markers[0] == 2
    play(s, s.legal_actions()[-1], quartz.REROLL)
    assert s.rerolls == 0 and s.markers[0] == 2 and s.phase == quartz.P_ROLL
    play(s, s.legal_actions()[-1])
    said = s.move_text(quartz.REROLL)  # (the reroll's own line says the marker)
    play(s, quartz.REROLL)  # a marker for each extra reroll
    assert s.markers[0] == 1 and said == "P1 rerolls a die with a reroll marker"
    play(s, s.legal_actions()[-1], quartz.REROLL)
    assert s.markers[0] == 0 and s.phase == quartz.P_ACT  # nothing left: straight to the actions


def test_keep_dice_goes_to_actions_Q_T2():
    s = arrange(dice=(P, H, C, T, S), phase=quartz.P_ROLL, rerolls=2)
    play(s, quartz.DIE + 1, quartz.KEEP)
    assert s.phase == quartz.P_ACT and s.dice == [P, H, C, T, S] and s.rerolls == 2


def test_same_faces_are_one_reroll_choice_Q_T2():
    s = arrange(dice=(H, H, W, H, P), phase=quartz.P_ROLL, rerolls=2)
    assert s.legal_actions() == [quartz.KEEP, quartz.DIE + 0, quartz.DIE + 2, quartz.DIE + 4]
    play(s, quartz.DIE + 0)
    assert s.legal_actions() == [quartz.KEEP, quartz.REROLL, quartz.DIE + 1, quartz.DIE + 2,
                                 quartz.DIE + 4]


# ---- Q-T3 actions --------------------------------------------------------------------------
def test_pickaxe_one_crystal_per_die_Q_T3():
    s = arrange(dice=(P, P, W, H, H))
    assert s.legal_actions() == [quartz.END_TURN, quartz.ACTION + quartz.PICKAXE,
                                 quartz.ACTION + quartz.HAMMER]
    play(s, quartz.ACTION + quartz.PICKAXE)
    assert s.legal_actions() == [quartz.DIE + 0,
                                 quartz.DIE + 2]  # one die per face: pickaxe, helmet
    play(s, quartz.DIE + 0)
    assert s.legal_actions() == [quartz.CONFIRM, quartz.DIE + 1, quartz.DIE + 2]
    play(s, quartz.DIE + 1, quartz.CONFIRM)
    assert s.carts[0] == counts(quartz=2) and s.bag == counts(quartz=18)
    assert s.phase == quartz.P_ACT and s.legal_actions() == [quartz.END_TURN,
                                                             quartz.ACTION + quartz.HAMMER]


def test_helmet_counts_as_any_face_alone_or_mixed_Q_C3_Q_T3():
    s = arrange(dice=(W, W, P, P, P))
    assert quartz.ACTION + quartz.STEAL in s.legal_actions()  # two helmets alone make a steal
    assert quartz.ACTION + quartz.CHEST in s.legal_actions()
    s = arrange(dice=(W, S, P, P, P))
    assert quartz.ACTION + quartz.STEAL in s.legal_actions()  # a steal and a helmet
    s = arrange(dice=(S, P, P, P, P))
    assert quartz.ACTION + quartz.STEAL not in s.legal_actions()  # N >= 2 for a steal
    play(s, quartz.ACTION + quartz.PICKAXE)
    # Once every fitting die is picked the action happens (no decision left).
    play(s, quartz.DIE + 1, quartz.DIE + 2, quartz.DIE + 3)
    assert s.legal_actions() == [quartz.CONFIRM, quartz.DIE + 4]
    play(s, quartz.DIE + 4)
    assert s.carts[0] == counts(quartz=4)
    assert s.turn == 1  # a lone steal die allows nothing: the turn is over (Q-T4)


def test_each_die_once_each_kind_once_Q_T3():
    s = arrange(dice=(P, W, H, H, W))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.CONFIRM)
    assert quartz.ACTION + quartz.PICKAXE not in s.legal_actions()  # each kind once per turn
    play(s, quartz.ACTION + quartz.HAMMER, quartz.DIE + 2, quartz.DIE + 3, quartz.CONFIRM)
    assert s.used == 0b01101
    # Two helmets left: any kind but pickaxe and hammer, once.
    assert s.legal_actions() == [quartz.END_TURN] + [quartz.ACTION + k for k in (quartz.CHEST,
                                                                                 quartz.TRANSFER,
                                                                          quartz.STEAL)]
    assert s.legal_actions() == [quartz.END_TURN] + [quartz.ACTION + k for k in (quartz.CHEST,
                                                                                 quartz.TRANSFER,
                                                                          quartz.STEAL)]
    play(s, quartz.ACTION + quartz.CHEST)
    assert s.legal_actions() == [quartz.DIE + 1]  # two helmets: one choice
    play(s, quartz.DIE + 1)
    assert s.legal_actions() == [quartz.DIE + 4]  # a chest needs 2 dice
    play(s, quartz.DIE + 4)  # no die left: the chest (of an empty cart) ends the turn
    assert s.turn == 1


def test_hammer_mine_five_return_two_Q_X2():
    s = arrange(dice=(H, H, H, W, W), bag=counts(quartz=2, ruby=2, amber=1))
    s.carts[0] = counts(amber=1)  # an amber in the cart before: it cannot go back
    play(s, quartz.ACTION + quartz.HAMMER, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3)
    play(s, quartz.DIE + 4)  # all five: the action happens
    assert s.phase == quartz.P_RETURN and s.left == 2 and s.mined == counts(quartz=2, ruby=2,
                                                                            amber=1)
    assert s.legal_actions() == [quartz.CRYSTAL + QU, quartz.CRYSTAL + RU, quartz.CRYSTAL + AM]
    play(s, quartz.CRYSTAL + QU)
    assert s.legal_actions() == [quartz.CRYSTAL + QU, quartz.CRYSTAL + RU, quartz.CRYSTAL + AM]
    play(s, quartz.CRYSTAL + QU)
    assert s.carts[0] == counts(ruby=2, amber=2)  # mined 5, returned 2, kept 3
    # No die left: the turn ended, and P2's compulsory mine drew one of the returned quartz.
    assert s.turn == 1 and s.carts[1] == counts(quartz=1) and s.bag == counts(quartz=1)


def test_hammer_with_two_dice_and_a_dry_bag_Q_T3():
    s = arrange(dice=(H, H, P, P, P), bag=counts(ruby=1))
    play(s, quartz.ACTION + quartz.HAMMER, quartz.DIE + 0, quartz.DIE + 1)
    # Mined 1 (the bag ran dry), return min(1, 1): only one kind, no choice.
    assert s.carts[0] == Z and s.bag == counts(ruby=1) and s.phase == quartz.P_ACT
    s = arrange(dice=(H, H, H, P, P), bag=counts(ruby=2, amber=1))
    play(s, quartz.ACTION + quartz.HAMMER, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2)
    assert s.phase == quartz.P_RETURN and s.left == 1
    play(s, quartz.CRYSTAL + RU)
    assert s.carts[0] == counts(ruby=1, amber=1) and s.bag == counts(ruby=1)


def test_chest_moves_n_minus_1_of_your_choice_Q_T3():
    s = arrange(dice=(C, C, W, P, P))
    s.carts[0] = counts(quartz=1, ruby=2, unstable=1)
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2)
    assert s.phase == quartz.P_CHEST and s.left == 2
    assert s.legal_actions() == [quartz.CRYSTAL + QU, quartz.CRYSTAL + RU, quartz.CRYSTAL + UN]
    play(s, quartz.CRYSTAL + RU, quartz.CRYSTAL + UN)
    assert s.chests[0] == counts(ruby=1, unstable=1) and s.carts[0] == counts(quartz=1, ruby=1)
    assert s.phase == quartz.P_ACT


def test_chest_partial_when_cart_is_short_Q_T3():
    s = arrange(dice=(C, C, C, C, P))
    s.carts[0] = counts(quartz=1, ruby=1)
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3)
    assert s.chests[0] == counts(quartz=1, ruby=1) and s.carts[0] == Z  # 2 of the 3 allowed
    s = arrange(dice=(C, C, P, P, P))
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 0,
         quartz.DIE + 1)  # empty cart: nothing moves
    assert s.chests[0] == Z and s.phase == quartz.P_ACT and s.kinds_used == 1 << quartz.CHEST


def test_transfer_to_a_chosen_player_Q_T3():
    s = arrange(players=4, dice=(T, T, T, P, P))
    s.carts[0] = counts(unstable=3, amber=1)
    play(s, quartz.ACTION + quartz.TRANSFER, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2)
    assert s.phase == quartz.P_TARGET and s.legal_actions() == [quartz.SEAT + 1, quartz.SEAT + 2,
                                                                quartz.SEAT + 3]
    play(s, quartz.SEAT + 2, quartz.CRYSTAL + UN, quartz.CRYSTAL + UN)
    assert s.carts[2] == counts(unstable=2) and s.carts[0] == counts(unstable=1, amber=1)


def test_transfer_with_an_empty_cart_does_nothing_Q_T3():
    s = arrange(dice=(T, T, P, P, P))
    play(s, quartz.ACTION + quartz.TRANSFER, quartz.DIE + 0, quartz.DIE + 1)
    assert s.phase == quartz.P_ACT and s.carts == [Z, Z, Z] and s.used == 0b11


def test_steal_from_a_chosen_player_not_from_chests_Q_T3():
    s = arrange(dice=(S, S, W, P, P))
    s.carts[1] = counts(quartz=1, amber=2)
    s.chests[1] = counts(ruby=5)
    s.carts[2] = counts(emerald=1)
    play(s, quartz.ACTION + quartz.STEAL, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.SEAT + 1)
    assert s.phase == quartz.P_TAKE and s.legal_actions() == [quartz.CRYSTAL + QU,
                                                              quartz.CRYSTAL + AM]
    play(s, quartz.CRYSTAL + AM)
    play(s, quartz.CRYSTAL + AM)
    assert s.carts[0] == counts(amber=2) and s.carts[1] == counts(quartz=1)
    assert s.chests[1] == counts(ruby=5)  # a chest is never touched


def test_steal_partial_and_from_empty_cart_Q_T3():
    s = arrange(dice=(S, S, S, S, P))
    s.carts[2] = counts(emerald=1, sapphire=1)
    play(s, quartz.ACTION + quartz.STEAL, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3, quartz.SEAT + 2)
    assert s.carts[0] == counts(emerald=1, sapphire=1) and s.carts[2] == Z  # 2 of 3
    assert "P1 steals 1 emerald and 1 sapphire from P3" in s.notes
    s = arrange(dice=(S, S, P, P, P))
    play(s, quartz.ACTION + quartz.STEAL, quartz.DIE + 0, quartz.DIE + 1, quartz.SEAT + 1)
    assert s.carts[0] == Z and s.phase == quartz.P_ACT
    assert s.notes == ["P1 steals nothing: P2's cart is empty"]


def test_a_move_is_told_whole_in_one_note_Q_T3():
    # Issue 57: the log's line of a move. Its picks say nothing (move_text None); once done,
    # one note tells it: the crystals picked one by one with those moved by themselves, what
    # a pickaxe mined and the crystals in the cart after it, a bag run dry. Guards: the last
    # pick's crystals alone, a line a crystal, the bag's emptiness on a line of its own.
    s = arrange(dice=(C, C, C, C, P))
    s.carts[0] = counts(quartz=2, ruby=1, amber=1)
    for action in (quartz.ACTION + quartz.CHEST, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
                   quartz.DIE + 3, quartz.CRYSTAL + AM):
        assert s.move_text(action) is None
        play(s, action)
        assert s.notes == []
    play(s, quartz.CRYSTAL + RU)  # the last one of three: a quartz, by itself
    assert s.notes == ["P1 puts 1 quartz, 1 ruby and 1 amber in the chest"]
    s = arrange(dice=(P, P, W, C, C), bag=counts(amber=5))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.CONFIRM)
    assert s.notes == ["P1 mines an amber with the pickaxe, cart 1"]
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 2, quartz.DIE + 3, quartz.DIE + 4)
    assert s.notes[0] == "P1 puts an amber in the chest"  # (then P2's turn begins)
    s = arrange(dice=(P, P, C, C, C), bag=counts(amber=1))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.DIE + 1)  # (its last die)
    assert s.notes == ["P1 mines an amber with the pickaxe: the bag is empty, cart 1"]
    assert s.move_text(quartz.END_TURN) == "P1 ends the turn"


def test_actions_in_any_order_Q_T3():
    # Chest first, then pickaxe: the pickaxe's crystals are not chested.
    s = arrange(dice=(C, C, P, P, H), bag=counts(amber=5))
    s.carts[0] = counts(quartz=1)
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 0, quartz.DIE + 1)
    assert s.chests[0] == counts(quartz=1)
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 2, quartz.DIE + 3)
    assert s.carts[0] == counts(amber=2)


# ---- Q-T4 ----------------------------------------------------------------------------------
def test_turn_ends_at_will_or_without_dice_Q_T4():
    s = arrange(dice=(P, P, P, P, P))
    play(s, quartz.END_TURN)
    assert s.turn == 1 and s.played == 1
    s = arrange(dice=(P, P, P, P, P))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3, quartz.DIE + 4)
    assert s.turn == 1  # every die used: the turn is over
    # Dice left but no action they allow (a lone chest die): the turn ends by itself.
    s = arrange(dice=(P, P, P, P, C))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3)
    assert s.turn == 1


# ---- Q-R -----------------------------------------------------------------------------------
def end_round(s):
    for _ in range(s.players - s.played):
        s.phase = quartz.P_ACT
        s.apply(quartz.END_TURN)


def test_leader_marker_most_amber_then_ruby_Q_R1():
    s = arrange(players=4, bag=counts(quartz=40))
    s.carts[1] = counts(amber=1, ruby=1)
    s.chests[2] = counts(amber=1, ruby=2)  # chest crystals count too
    s.carts[3] = counts(ruby=5)
    end_round(s)
    assert s.leader == 2 and s.round == 1 and s.turn == 2
    assert "the leader marker goes to P3" in s.notes


def test_leader_marker_tie_down_to_quartz_Q_R1():
    s = arrange(players=3, bag=counts(unstable=40))  # the mines below change no key
    s.carts[1] = counts(amber=1, quartz=1)
    s.carts[2] = counts(amber=1)
    end_round(s)
    assert s.leader == 1  # tied on amber .. rubellite, P2 has more quartz


def test_leader_marker_stays_on_a_full_tie_Q_R1():
    s = arrange(players=3, bag=counts(quartz=40), turn=2)
    s.chests[0] = counts(amber=1)
    s.chests[1] = counts(amber=1)
    s.bag = counts(unstable=40)  # every compulsory mine draws unstable: no effect on the key
    end_round(s)
    assert s.leader == 2 and s.turn == 2


def test_pairs_into_the_bag_after_rounds_1_to_5_and_end_Q_R2_Q_R3():
    s = arrange(players=3, bag=Z)
    for r in range(5):
        end_round(s)
        assert s.round == r + 1 and s.pairs == 5 - r
        assert "round %d over: a pair of unstable crystals goes into the bag" % (r + 1) in s.notes
    assert not s.is_over()
    end_round(s)
    assert s.is_over() and s.pairs == 1 and s.current_player() == -1  # 5 pairs used
    assert s.legal_actions() == []
    # 10 unstable crystals went into the bag; the compulsory mines of 15 turns drew them.
    total = sum(s.bag) + sum(sum(c) for c in s.carts)
    assert total == 10


# ---- Q-F -----------------------------------------------------------------------------------
def test_worked_check_Q_X1():
    holdings = [counts(quartz=3, emerald=4, amber=1, unstable=2), counts(ruby=1)]
    points = quartz.final_scores(holdings, [2, 1])
    assert points[0] == 3 * 2 + 4 * 4 + 9 - 6 + 3 + 6 == 34  # no chest penalty
    assert points[1] == 7 - 5


def test_values_and_set_bonuses_Q_F1_Q_F2():
    assert quartz.final_scores([counts(unstable=4)], [1]) == [-12 - 5]
    for n, bonus in ((1, 0), (2, 0), (3, 3), (4, 6), (5, 10), (6, 10), (9, 10)):
        assert quartz.final_scores([counts(sapphire=n), Z], [1, 0]) == [5 * n + bonus, -5]
    assert quartz.final_scores([counts(unstable=5), Z], [1, 0])[0] == -15  # no bonus for unstable


def test_chest_penalty_every_tied_player_Q_F3():
    holdings = [counts(quartz=1), counts(quartz=1), counts(quartz=1)]
    assert quartz.final_scores(holdings, [1, 0, 0]) == [2, -3, -3]
    assert quartz.final_scores(holdings, [2, 2, 2]) == [-3, -3, -3]
    # Unstable crystals in the chest count toward its size.
    s = arrange()
    s.chests[0] = counts(unstable=1)
    s.chests[1] = counts(quartz=1)
    s.chests[2] = counts(quartz=2)
    assert s.scores() == [-3 - 5, 2 - 5, 4]


def test_winner_tie_break_most_quartz_then_up_Q_F4():
    s = arrange()
    s.phase = quartz.P_OVER
    # Empty chests everywhere: everybody loses 5 (Q-F3).
    s.carts = [counts(amber=1), counts(quartz=2, sapphire=1), counts(rubellite=3)]
    assert s.scores() == [4, 4, 7]
    assert s.winners() == [2]
    s.carts = [counts(emerald=1, sapphire=1), counts(quartz=2, sapphire=1), counts(quartz=1)]
    assert s.scores() == [4, 4, -3]
    assert s.winners() == [1]  # two quartz beat none
    s.carts = [counts(ruby=1), counts(quartz=1, sapphire=1), counts(rubellite=1, emerald=1)]
    assert s.scores() == [2, 2, 2] and s.winners() == [1]
    s.carts = [counts(emerald=1, rubellite=1), Z, counts(rubellite=1, emerald=1)]
    assert s.winners() == [0, 2]  # still tied: shared


# ---- Contract details ----------------------------------------------------------------------
def test_everything_is_public_in_the_view():
    s = arrange(dice=(S, S, P, P, P))
    s.carts[1] = counts(amber=1)
    s.chests[2] = counts(ruby=1)
    s.markers[2] = 3
    v = s.view(2)
    assert v["carts"][1] == counts(amber=1) and v["chests"][2] == counts(ruby=1)
    assert v["markers"] == [0, 0, 3] and v["dice"] == [S, S, P, P, P]
    assert v["bag"] == s.bag and v["leader"] == 0 and v["round"] == 1 and v["legal"] == []
    assert s.view(0)["legal"] == s.legal_actions()


def test_illegal_actions_refused_without_change():
    s = arrange(dice=(S, S, P, P, P))
    before = fingerprint(s)
    for bad in (quartz.CONFIRM, quartz.REROLL, quartz.KEEP, quartz.ACTION + quartz.CHEST,
                quartz.DIE + 0, quartz.SEAT + 1,
                quartz.CRYSTAL, 999, -1):
        raises(ValueError, s.apply, bad)
        assert fingerprint(s) == before
    play(s, quartz.ACTION + quartz.STEAL, quartz.DIE + 0)
    raises(ValueError, s.apply, quartz.CONFIRM)  # a steal needs 2 dice
    raises(ValueError, s.apply, quartz.DIE + 2)  # a pickaxe die does not fit a steal


def test_action_words_distinct():
    s = quartz.new_game(5, 9)
    seen = 0
    while not s.is_over() and seen < 300:
        legal = s.legal_actions()
        words = [s.action_text(a) for a in legal]
        assert all(words) and len(set(words)) == len(words), words
        s.apply(legal[seen * 7 % len(legal)])
        seen += 1


def test_replay_rebuilds_mid_game():
    s = quartz.new_game(6, 77)
    for i in range(120):
        legal = s.legal_actions()
        s.apply(legal[(i * 5 + 3) % len(legal)])
    assert fingerprint(replay(*record(s))) == fingerprint(s)


# ---- Added for the mutation sample ---------------------------------------------------------
def test_each_player_once_a_round_from_the_leader_Q_T_Q_R():
    s = arrange(players=3, bag=counts(quartz=40))
    assert s.rounds_scored() == 0
    end_round(s)
    assert s.round == 1 and s.played == 0 and s.rounds_scored() == 1
    assert s.view(0)["played"] == 0 and s.view(0)["round"] == 2
    for seat in (0, 1, 2):  # the leader (P1 kept it), then clockwise, once each
        assert s.turn == seat and s.round == 1
        s.phase = quartz.P_ACT
        s.apply(quartz.END_TURN)
    assert s.round == 2 and s.turn == 0 and s.played == 0 and s.rounds_scored() == 2
    for _ in range(4):
        end_round(s)
    assert s.is_over() and s.rounds_scored() == 6


def test_transfer_of_one_kind_settles_with_a_note_Q_T3():
    s = arrange(players=4, dice=(T, T, T, P, P))
    s.carts[0] = counts(unstable=3)
    play(s, quartz.ACTION + quartz.TRANSFER, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2)
    assert s.action_text(quartz.SEAT + 2) == "transfer to P3 (cart 0)"
    play(s, quartz.SEAT + 2)  # one kind only: nothing to choose, 2 of them go
    assert s.carts[2] == counts(unstable=2) and s.carts[0] == counts(unstable=1)
    assert "P1 gives 2 unstable to P3" in s.notes and s.phase == quartz.P_ACT
    v = s.view(0)
    assert v["used"] == [1, 1, 1, 0, 0] and v["group"] == [0, 0, 0, 0, 0]


def test_action_words_exact_Q_T3():
    s = arrange(players=4, dice=(P, S, S, W, C))
    s.carts[0] = counts(ruby=1, amber=1)
    s.carts[1] = counts(quartz=2, emerald=1)
    assert s.action_text(quartz.ACTION + quartz.PICKAXE) == "pickaxe (up to 2 dice)"
    assert s.action_text(quartz.ACTION + quartz.CHEST) == "chest (up to 2 dice)"
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0)
    assert s.action_text(quartz.DIE + 3) == "use a helmet die"
    assert s.action_text(quartz.CONFIRM) == "do pickaxe with 1 die"
    play(s, quartz.DIE + 3)  # both fitting dice are in: the pickaxe happens
    assert s.carts[0] == counts(quartz=2, ruby=1, amber=1) and s.phase == quartz.P_ACT
    play(s, quartz.ACTION + quartz.STEAL, quartz.DIE + 1)
    assert s.group == 0b10 and s.view(0)["group"] == [0, 1, 0, 0, 0]
    play(s, quartz.DIE + 2)  # every fitting die is in: the steal happens
    assert s.phase == quartz.P_TARGET
    assert s.action_text(quartz.SEAT + 1) == "steal from P2 (cart 3)"
    assert s.action_text(quartz.SEAT + 3) == "steal from P4 (cart 0)"
    play(s, quartz.SEAT + 1)
    assert s.action_text(quartz.CRYSTAL + QU) == "take a quartz from P2"
    assert s.action_text(quartz.CRYSTAL + EM) == "take an emerald from P2"
    s = arrange(players=3, dice=(T, T, P, P, P))
    s.carts[0] = counts(ruby=1, amber=1)
    play(s, quartz.ACTION + quartz.TRANSFER, quartz.DIE + 0, quartz.DIE + 1, quartz.SEAT + 2)
    assert s.phase == quartz.P_GIVE
    assert s.action_text(quartz.CRYSTAL + AM) == "give an amber to P3"
    assert s.action_text(quartz.CRYSTAL + RU) == "give a ruby to P3"
    s = arrange(dice=(C, C, C, P, P))
    s.carts[0] = counts(ruby=2, amber=1)
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 0, quartz.DIE + 1, quartz.CONFIRM)
    assert s.phase == quartz.P_CHEST
    assert s.action_text(quartz.CRYSTAL + RU) == "put a ruby in the chest"
    s = arrange(dice=(H, H, P, P, C), phase=quartz.P_ROLL, rerolls=1)
    assert s.action_text(quartz.KEEP) == "keep these dice, act"
    assert s.action_text(quartz.DIE + 0) == "pick a hammer to reroll"
    play(s, quartz.DIE + 4)
    assert s.action_text(quartz.REROLL) == "reroll 1 die (free)"
    assert s.action_text(quartz.KEEP) == "cancel, keep dice, act"


# ---- What the last action moved (no rule: the handheld points at it in a bot's turn) ------
def test_moved_names_the_die_the_seat_or_where_a_crystal_went():
    # Guards: a give marked in the mover's cart, a steal in the victim's, a chest move in the
    # cart, the action's dice named by a die of another face, an old move still named.
    s = arrange(players=4, dice=(P, S, S, W, C), rerolls=1, phase=quartz.P_ROLL)
    play(s, quartz.DIE + 4)
    assert s.moved == quartz.DIE + 4 and s.view(1)["moved"] == quartz.DIE + 4  # picked to reroll
    play(s, quartz.KEEP)
    assert s.moved == -1
    s.carts[2] = counts(ruby=2)
    play(s, quartz.ACTION + quartz.STEAL)
    assert s.moved == quartz.DIE + 1  # the first die of its face
    play(s, quartz.DIE + 3)
    assert s.moved == quartz.DIE + 3
    play(s, quartz.DIE + 1)
    assert s.moved == quartz.DIE + 1
    play(s, quartz.DIE + 2)  # (the last fitting die: the steal is done, its first die named)
    assert s.moved == quartz.DIE + 1 and s.phase == quartz.P_TARGET
    play(s, quartz.SEAT + 2)  # both rubies go at once (Q-T3's settling)
    assert s.moved == quartz.IN_CART + 0 * 8 + RU and s.carts[0] == counts(ruby=2)
    s = arrange(players=4, dice=(T, W, T, C, C))
    s.carts[0] = counts(quartz=1, amber=1, emerald=1)
    play(s, quartz.ACTION + quartz.TRANSFER, quartz.DIE + 1, quartz.DIE + 0, quartz.CONFIRM)
    assert s.moved == quartz.DIE + 0  # the action done: the first die of its face
    play(s, quartz.SEAT + 3, quartz.CRYSTAL + AM)
    assert s.moved == quartz.IN_CART + 3 * 8 + AM  # in the target's cart
    play(s, quartz.ACTION + quartz.CHEST, quartz.DIE + 3, quartz.DIE + 4, quartz.CRYSTAL + EM)
    assert s.moved == quartz.IN_CHEST + 0 * 8 + EM and s.chests[0] == counts(emerald=1)
    s = arrange(dice=(H, H, H, H, P), bag=counts(ruby=2, amber=2), turn=2)
    play(s, quartz.ACTION + quartz.HAMMER, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2,
         quartz.DIE + 3)
    assert s.phase == quartz.P_RETURN and s.carts[2] == counts(ruby=2, amber=2)  # (2 go back)
    play(s, quartz.CRYSTAL + RU)
    assert s.moved == quartz.IN_CART + 2 * 8 + RU  # back to the bag: the rubies left in the cart
    play(s, quartz.CRYSTAL + RU)
    assert s.moved == -1 and s.carts[2] == counts(amber=2)  # none of its kind left
    s = arrange(dice=(P, P, W, C, C), bag=counts(amber=3))
    play(s, quartz.ACTION + quartz.PICKAXE, quartz.DIE + 0, quartz.DIE + 1, quartz.DIE + 2)
    assert s.moved == quartz.IN_CART + AM  # mined into the mover's cart
    c = s.clone()
    assert c.moved == s.moved
