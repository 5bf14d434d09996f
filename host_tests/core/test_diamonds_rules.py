# Diamonds rule by rule. Each test names the rule ids of seeds/diamonds.md it checks.
# Tables are arranged by hand: C(8, "D") is 8D.
from checks import fingerprint, raises, refused

from firmware.core import record, replay
from firmware.games.diamonds import rules as diamonds


def C(r, s):
    return diamonds.make_card(r, "DHSC".index(s))


def cards(text):
    """'4D 10H' -> [C(4, 'D'), C(10, 'H')]."""
    return [C(int(w[:-1]), w[-1]) for w in text.split()]


def table(players, hands, leader=0, dealer=None, options=None, trick=(), thief=None,
          showroom=None, vault=None):
    """A state in trick play with the given hands (text per seat); every other card is set
    aside. `trick`: cards already played this trick, from the leader on."""
    s = diamonds.new_game(players, 1, options)
    s.hands = [sorted(cards(h)) for h in hands]
    s.trick = list(trick)
    used = list(s.trick)
    for h in s.hands:
        used += h
    s.aside = [c for c in range(diamonds.DECK_SIZE) if c not in used]
    s.chosen = [[] for _ in range(players)]
    s.won = [[] for _ in range(players)]
    s.tricks = [0] * players
    s.leader = leader
    s.dealer = (leader - 1) % players if dealer is None else dealer
    s.turn = (leader + len(s.trick)) % players
    s.phase = diamonds.P_PLAY
    s.count = 1
    if thief is not None:
        s.thief = thief
    if showroom is not None:
        s.showroom = list(showroom)
    if vault is not None:
        s.vault = list(vault)
    s.created = sum(s.showroom) + sum(s.vault)
    return s


def play(s, *texts):
    for text in texts:
        s.apply(diamonds.PLAY + cards(text)[0])
    return s


def no_unpick(s):
    # A fixed stepping through the legal actions could pick and take back forever.
    return [a for a in s.legal_actions() if not diamonds.UNPICK <= a < diamonds.PLAY]


def in_play(s):
    every = list(s.aside) + list(s.trick)
    for zone in s.hands + s.chosen + s.won:
        every += zone
    return sorted(every)


# ---- M-C components, M-S setup ---------------------------------------------------------------
def test_sixty_cards_four_suits_M_C1():
    assert diamonds.DECK_SIZE == 60
    for s in range(4):
        assert [diamonds.rank(c) for c in range(60) if diamonds.suit(c) == s] == list(range(1, 16))
    assert diamonds.card_text(C(8, "D")) == "8D" and diamonds.card_text(C(15, "C")) == "15C"
    assert diamonds.card_text(C(1, "H")) == "1H" and diamonds.card_text(C(10, "S")) == "10S"
    assert len(set(diamonds.card_text(c) for c in range(60))) == 60
    for players in range(2, 7):
        assert in_play(diamonds.new_game(players, players)) == list(range(60))


def test_setup_showrooms_dealer_thief_M_S1_M_S2_M_C3():
    dealers = set()
    for seed in range(60):
        for players in range(2, 7):
            s = diamonds.new_game(players, seed)
            assert s.showroom == [3] * players and s.vault == [0] * players  # M-S1
            assert s.thief == (s.dealer + 1) % players  # M-S2
            assert s.current_player() == s.dealer and s.phase == diamonds.P_COUNT
            if players == 5:
                dealers.add(s.dealer)
    assert dealers == {0, 1, 2, 3, 4}  # a random first dealer
    s = diamonds.new_game(4, 3, {"teams": "on"})
    assert s.showroom == [3, 3] and s.vault == [0, 0]  # M-C3: one per team


def test_crystal_supply_is_unlimited_M_C2():
    s = table(2, ["1S 2S", "3S 4S"], vault=[500, 0])
    for _ in range(3):
        s._suit_action(0, diamonds.DIAMONDS, "test")
    assert s.vault[0] == 503


# ---- M-R round ----------------------------------------------------------------------------------
def test_deal_ten_each_rest_aside_M_R1():
    for players in range(2, 7):
        s = diamonds.new_game(players, 10 + players)
        assert [len(h) for h in s.hands] == [10] * players
        assert len(s.aside) == 60 - 10 * players
        assert in_play(s) == list(range(60))


def test_dealer_moves_left_each_round_M_R1():
    s = diamonds.new_game(3, 4)
    dealers = [s.dealer]
    rng = 0
    while not s.is_over():
        legal = no_unpick(s)
        s.apply(legal[rng % len(legal)])
        rng += 7
        if s.round + 1 > len(dealers) and not s.is_over():
            dealers.append(s.dealer)
    assert len(dealers) == 6
    for r in range(1, 6):
        assert dealers[r] == (dealers[r - 1] + 1) % 3


def test_perfect_diamonds_deck_and_deal_M_O1():
    expect = {2: (8, 16), 3: (9, 12), 4: (13, 13), 5: (15, 12), 6: (15, 10)}
    for players in range(2, 7):
        top, size = expect[players]
        s = diamonds.new_game(players, 7, {"perfect": "on"})
        assert [len(h) for h in s.hands] == [size] * players
        dealt = [c for h in s.hands for c in h]
        assert sorted(dealt) == [c for c in range(60) if diamonds.rank(c) <= top]  # all of them
        assert all(diamonds.rank(c) > top for c in s.aside)
        assert in_play(s) == list(range(60))


def test_dealer_chooses_the_pass_count_M_R2():
    s = diamonds.new_game(4, 2)
    dealer = s.dealer
    assert s.current_player() == dealer
    assert s.legal_actions() == [diamonds.COUNT + 1, diamonds.COUNT + 2, diamonds.COUNT + 3]
    refused(s, diamonds.CONFIRM)
    refused(s, diamonds.PICK + s.hands[dealer][0])
    s.apply(diamonds.COUNT + 2)
    assert s.count == 2 and s.phase == diamonds.P_PASS
    assert s.current_player() == dealer  # [project] the dealer chooses first
    assert "sets the pass: 2 cards" in s.notes[0]


def test_passing_is_secret_and_simultaneous_M_R2():
    s = diamonds.new_game(4, 5)
    n = 4
    s.apply(diamonds.COUNT + 3)
    before = [list(h) for h in s.hands]
    order = []
    chosen = []
    for step in range(n):
        seat = s.current_player()
        order.append(seat)
        picks = list(s.hands[seat][:3])
        for i in range(3):
            legal = s.legal_actions()
            assert diamonds.CONFIRM not in legal  # exactly the count, not fewer
            s.apply(diamonds.PICK + picks[i])
            v = s.view(seat)
            assert picks[i] not in v["hand"] and picks[i] in v["chosen"]
            for other in range(n):
                if other != seat:
                    w = s.view(other)
                    assert w["chosen"] == [] or other in order  # only their own
                    assert picks[i] not in w["hand"]  # not received before everyone chose
                    assert w["chosen_counts"][seat] == i + 1 and w["hand_counts"][seat] == 9 - i
        legal = s.legal_actions()
        assert legal[0] == diamonds.CONFIRM and all(a >= diamonds.UNPICK for a in legal[1:])
        chosen.append(picks)
        if step < n - 1:
            s.apply(diamonds.CONFIRM)
            # nobody's hand holds a card passed to them yet
            for seat2 in range(n):
                assert len(s.hands[seat2]) + len(s.chosen[seat2]) == 10
    assert order == [(s.dealer + k) % n for k in range(n)]
    s.apply(diamonds.CONFIRM)  # the last one: all pass at once to the left
    for i in range(n):
        seat = order[i]
        left = (seat + 1) % n
        assert all(c in s.hands[left] for c in chosen[i])
        kept = [c for c in before[seat] if c not in chosen[i]]
        assert all(c in s.hands[seat] for c in kept)
    assert [len(h) for h in s.hands] == [10] * n
    assert s.phase == diamonds.P_PLAY
    assert s.current_player() == (s.dealer + 1) % n  # M-R3


def test_pass_choice_can_be_taken_back_M_R2():
    s = diamonds.new_game(3, 8)
    s.apply(diamonds.COUNT + 1)
    seat = s.current_player()
    a, b = s.hands[seat][0], s.hands[seat][1]
    s.apply(diamonds.PICK + a)
    assert s.legal_actions() == [diamonds.CONFIRM, diamonds.UNPICK + a]
    refused(s, diamonds.PICK + b)  # no more than the count
    s.apply(diamonds.UNPICK + a)
    assert a in s.hands[seat] and s.chosen[seat] == []
    refused(s, diamonds.CONFIRM)
    s.apply(diamonds.PICK + b)
    s.apply(diamonds.CONFIRM)
    assert s.current_player() == (seat + 1) % 3
    assert s.action_text(diamonds.PICK + s.hands[(seat + 1) % 3][0],
                         seat) == "choose a card to pass"


def pass_top_two(s):
    """Both seats of a fresh 2-player game pass their two highest cards: {seat: cards}."""
    s.apply(diamonds.COUNT + 2)
    picks = {}
    for _ in range(2):
        seat = s.current_player()
        picks[seat] = s.hands[seat][-2:]
        for c in picks[seat]:
            s.apply(diamonds.PICK + c)
        s.apply(diamonds.CONFIRM)
    return picks


def test_two_players_pass_to_the_opponent_M_R2():
    s = diamonds.new_game(2, 3)
    picks = pass_top_two(s)
    for seat in (0, 1):
        assert all(c in s.hands[1 - seat] for c in picks[seat])


def test_first_lead_left_of_dealer_M_R3():
    for players in range(2, 7):
        s = diamonds.new_game(players, 30 + players)
        s.apply(diamonds.COUNT + 1)
        for _ in range(players):
            s.apply(diamonds.PICK + s.hands[s.current_player()][0])
            s.apply(diamonds.CONFIRM)
        assert s.current_player() == (s.dealer + 1) % players and s.trick == []


def test_must_follow_suit_M_R4():
    s = table(3, ["4D 9D 2S", "3D 1H 7S", "5C 6C 8C"])
    play(s, "4D")
    assert s.legal_actions() == [diamonds.PLAY + C(3, "D")]  # P2 holds a diamond: must follow
    refused(s, diamonds.PLAY + C(1, "H"))
    play(s, "3D")
    assert s.legal_actions() == [diamonds.PLAY + c for c in cards("5C 6C 8C")]  # no diamond: any


def test_off_suit_action_immediately_M_R4():
    s = table(3, ["4D 9D", "3D 1H", "10H 6C"], showroom=[3, 3, 3])
    play(s, "4D", "3D")
    assert s.showroom == [3, 3, 3]
    said = s.move_text(diamonds.PLAY + C(10, "H"))
    assert said == "P3 cannot follow, plays 10H: +1 showroom crystal"
    play(s, "10H")  # P3 cannot follow: heart action at once, before the trick is decided
    assert s.acts[0] == 2 * 4 + diamonds.HEARTS
    assert s.showroom[2] == 4
    assert s.notes == ["P1 wins the trick with 4D: diamond action, +1 vault crystal"]


def test_highest_led_card_wins_and_takes_the_led_action_M_R5():
    s = table(3, ["4S 9D", "12S 1H", "15H 6C"], vault=[0, 0, 0], showroom=[3, 3, 3])
    play(s, "4S", "12S")
    play(s, "15H")  # 15H is higher but off-suit: 12S wins
    assert s.tricks == [0, 1, 0] and sorted(s.won[1]) == sorted(cards("4S 12S 15H"))
    assert s.acts == [2 * 4 + diamonds.HEARTS, 1 * 4 + diamonds.SPADES]
    assert s.showroom == [3, 2, 4] and s.vault == [0, 1, 0]  # spade: showroom -> vault
    assert s.current_player() == 1 and s.leader == 1  # the winner leads the next


def test_two_player_tricks_of_four_M_R6():
    s = table(2, ["4D 7D 1C 2C", "3D 9D 5S 6S"])
    play(s, "4D")
    assert s.current_player() == 1
    play(s, "3D")
    assert s.current_player() == 0 and len(s.trick) == 2
    play(s, "7D")  # the leader's second card must follow too
    play(s, "9D")
    assert s.tricks == [0, 1] and len(s.won[1]) == 4 and s.leader == 1


def test_two_player_each_off_suit_card_acts_M_R6():
    s = table(2, ["4S 1C 2C 3C", "5D 1H 2H 3H"], showroom=[3, 3], thief=1)
    play(s, "4S", "1H")  # B off-suit: heart
    play(s, "1C")  # A off-suit: club (steals from the holder B)
    assert s.showroom == [4, 3] and s.thief == 0
    play(s, "2H")  # B again off-suit: heart, then the trick is complete
    assert s.tricks == [1, 0]  # 4S the only led-suit card: A wins, spade action
    assert s.acts == [1 * 4 + diamonds.HEARTS, 0 * 4 + diamonds.SPADES]
    assert s.showroom == [3, 4] and s.vault == [1, 0]


def test_worked_example_M_X1():
    # A leads: A 4D, B 3D, A (no D) 10H -> A's heart action at once, B 8D. B wins with 8D,
    # takes one diamond action, and leads the next trick.
    s = table(2, ["4D 10H 5S 6S", "3D 8D 7C 9C"], leader=0, showroom=[3, 3], vault=[0, 0])
    play(s, "4D", "3D")
    assert s.legal_actions() == [diamonds.PLAY + c for c in cards("10H 5S 6S")]
    play(s, "10H")
    assert s.showroom == [4, 3] and s.vault == [0, 0]
    assert s.legal_actions() == [diamonds.PLAY + C(8, "D")]  # B must follow
    play(s, "8D")
    assert s.tricks == [0, 1]
    assert s.vault == [0, 1] and s.showroom == [4, 3]
    assert s.acts == [1 * 4 + diamonds.DIAMONDS]
    assert s.current_player() == 1 and s.leader == 1 and s.trick == []


# ---- M-A suit actions --------------------------------------------------------------------------
def test_diamond_and_heart_from_the_supply_M_A1_M_A2():
    s = table(3, ["1S", "2S", "3S"], showroom=[3, 3, 3], vault=[0, 0, 0])
    created = s.created
    s._suit_action(1, diamonds.DIAMONDS, "x")
    s._suit_action(2, diamonds.HEARTS, "x")
    assert s.vault == [0, 1, 0] and s.showroom == [3, 3, 4] and s.created == created + 2


def test_spade_moves_showroom_to_vault_M_A3():
    s = table(3, ["1S", "2S", "3S"], showroom=[1, 3, 3], vault=[0, 0, 0])
    s._suit_action(0, diamonds.SPADES, "x")
    assert s.showroom == [0, 3, 3] and s.vault == [1, 0, 0]
    s._suit_action(0, diamonds.SPADES, "x")  # empty showroom: nothing
    assert s.showroom == [0, 3, 3] and s.vault == [1, 0, 0]
    assert s.notes[-1] == "x: spade action, nothing to move"


def test_club_steals_from_the_token_holder_and_moves_it_M_A4():
    s = table(4, ["1S", "2S", "3S", "4S"], showroom=[3, 3, 0, 3], thief=1)
    s._suit_action(0, diamonds.CLUBS, "x")
    assert s.showroom == [4, 2, 0, 3] and s.thief == 2
    assert s.notes[-1] == "x: club action, steals a crystal from P2, thief token to P3"
    s._suit_action(0, diamonds.CLUBS, "x")  # the holder's showroom is empty: nothing, token moves
    assert s.showroom == [4, 2, 0, 3] and s.thief == 3
    s._suit_action(3, diamonds.CLUBS, "x")  # [resolution] the holder itself: nothing, token moves
    assert s.showroom == [4, 2, 0, 3] and s.thief == 0
    assert s.notes[-1] == "x: club action, nothing stolen, thief token to P1"


def test_club_off_suit_and_winner_both_move_the_token_M_A4_M_R4_M_R5():
    s = table(3, ["4C 9D", "3C 1H", "5H 6D"], showroom=[3, 3, 3], thief=2)
    play(s, "4C", "3C", "6D")  # P3 off-suit diamond, P1 wins: club from P3
    assert s.showroom == [4, 3, 2] and s.thief == 0 and s.vault[2] == 1


# ---- M-R7 end of round -------------------------------------------------------------------------
def test_round_end_majorities_in_order_ties_give_nothing_M_R7():
    # Last trick of a round: P1 leads 2H; P2 follows 1H; P3 follows 3H and wins.
    s = table(3, ["2H", "1H", "3H"], showroom=[3, 3, 3], vault=[0, 0, 0], thief=0)
    # Won so far: P1 3 D, 1 S; P2 3 D (tie with P1 on D), 2 C; P3 2 H, 1 S.
    s.won = [cards("1D 2D 3D 1S"), cards("4D 5D 6D 1C 2C"), cards("4H 5H 2S")]
    s.tricks = [1, 1, 1]
    s.aside = [c for c in s.aside if c not in s.won[0] + s.won[1] + s.won[2]]
    assert in_play(s) == list(range(60))
    s.round = 0
    play(s, "2H", "1H", "3H")
    result = s.results[0]
    # D tied 3-3: nobody; H P3 (5); S tied 1-1 (P1, P3): nobody; C P2 (2).
    assert result[1] == [-1, 2, -1, 1]
    kinds = [a % 4 for a in s.acts]
    seats = [a // 4 for a in s.acts]
    assert kinds == [diamonds.HEARTS, diamonds.HEARTS, diamonds.CLUBS] and seats == [2, 2, 1]
    assert s.round == 1  # next round dealt


def test_off_suit_cards_count_for_majorities_M_R7():
    s = table(2, ["1S 2S", "3D 4D"], showroom=[3, 3], vault=[0, 0])
    play(s, "1S", "3D", "2S", "4D")  # A wins with two spades and B's two diamonds
    # Majorities: D A (2), S A (2): both A's, after the trick's spade action.
    assert [a for a in s.results[0][1]] == [0, -1, 0, -1]
    # B won no trick: two diamond actions after the majorities.
    assert s.results[0][2] == [1]
    assert s.acts == [1 * 4 + diamonds.DIAMONDS, 0 * 4 + diamonds.SPADES,
                      0 * 4 + diamonds.DIAMONDS, 0 * 4 + diamonds.SPADES, 1 * 4 + diamonds.DIAMONDS,
                      1 * 4 + diamonds.DIAMONDS]


def test_no_trick_double_diamond_in_seat_order_M_R7():
    s = table(4, ["2H", "1H", "3H", "4H"], leader=2, dealer=1, vault=[0, 0, 0, 0])
    play(s, "3H", "4H", "2H", "1H")  # P4 wins; P1, P2, P3 won nothing
    assert s.results[0][2] == [2, 0, 1]  # from left of the dealer (P2): P3, P1, P2
    assert s.vault == [2, 2, 2, 0]
    tail = s.acts[-6:]
    assert tail == [2 * 4, 2 * 4, 0, 0, 1 * 4, 1 * 4]


# ---- M-E end of game ---------------------------------------------------------------------------
def test_rounds_by_player_count_M_E1():
    expect = {2: 4, 3: 6, 4: 4, 5: 5, 6: 6}
    for players in range(2, 7):
        s = diamonds.new_game(players, 2)
        i = 0
        while not s.is_over():
            legal = no_unpick(s)
            s.apply(legal[i * 13 % len(legal)])
            i += 1
        assert len(s.results) == expect[players] == s.rounds
        assert s.current_player() == -1 and s.legal_actions() == []


def test_scores_and_tie_breaks_M_E2():
    assert diamonds.points(3, 4) == 11
    s = table(3, ["1S", "2S", "3S"], showroom=[5, 3, 7], vault=[3, 4, 2])
    s.phase = diamonds.P_OVER
    assert s.scores() == [11, 11, 11]
    assert s.winners() == [1]  # most vault crystals
    s.vault = [4, 4, 2]
    s.showroom = [3, 3, 7]
    assert s.winners() == [0, 1]  # [resolution] still tied: shared
    s.showroom = [3, 3, 9]
    assert s.winners() == [2]


# ---- M-O options ---------------------------------------------------------------------------------
def test_show_score_makes_vaults_public_M_O2():
    hidden = diamonds.new_game(3, 5)
    hidden.vault = [4, 5, 6]
    v = hidden.view(1)
    assert v["vault"] == 5 and v["vaults"] == [None, 5, None] and v["scores"] is None
    shown = diamonds.new_game(3, 5, {"show_score": "on"})
    shown.vault = [4, 5, 6]
    v = shown.view(1)
    assert v["vaults"] == [4, 5, 6] and v["scores"] == [11, 13, 15]


def test_team_mode_player_counts_M_O3():
    for players in (2, 3, 5):
        exc = raises(ValueError, diamonds.new_game, players, 1, {"teams": "on"})
        assert "team mode needs 4 or 6 players" in str(exc)
    assert diamonds.new_game(4, 1, {"teams": "on"}).sides == 2
    assert diamonds.new_game(6, 1, {"teams": "on"}).sides == 3


def test_team_mode_passes_to_the_partner_M_O3():
    s = diamonds.new_game(6, 9, {"teams": "on"})
    s.apply(diamonds.COUNT + 1)
    picks = {}
    for _ in range(6):
        seat = s.current_player()
        picks[seat] = s.hands[seat][0]
        s.apply(diamonds.PICK + picks[seat])
        s.apply(diamonds.CONFIRM)
    for seat in range(6):
        assert picks[seat] in s.hands[(seat + 3) % 6]


def test_team_mode_shared_crystals_and_majorities_M_O3():
    opts = {"teams": "on"}
    s = table(4, ["2H", "1H", "3H", "4H"], leader=0, dealer=3, options=opts,
              showroom=[3, 3], vault=[0, 0], thief=1)
    # P1 and P3 (team 0) won 2 + 2 clubs; P2 won 3 clubs: the team has the majority.
    s.won = [cards("1C 2C"), cards("3C 4C 5C"), cards("6C 7C"), []]
    s.tricks = [1, 1, 1, 0]
    s.aside = [c for c in s.aside if c not in s.won[0] + s.won[1] + s.won[2]]
    assert in_play(s) == list(range(60))
    assert s.view(0)["vaults"] == [0, None] and s.view(1)["vaults"] == [None, 0]
    play(s, "2H", "1H", "3H", "4H")  # P4 wins: heart for team 1 (P2+P4)
    assert s.results[0][1] == [-1, 1, -1, 0]
    # Team 0 clubs: steals from P2's team (the holder's team); the token moves on.
    # P1, P3 won a trick; P4 won this one; P2 won one earlier: no no-trick bonus.
    assert s.results[0][2] == []
    assert s.showroom == [3 + 1, 3 + 1 + 1 - 1]
    assert s.thief == 2


def test_team_mode_no_trick_bonus_per_player_and_own_team_token_M_O3():
    s = table(4, ["2H", "1H", "3H", "4H"], leader=0, dealer=3, options={"teams": "on"},
              showroom=[3, 3], vault=[0, 0], thief=2)
    s._suit_action(0, diamonds.CLUBS, "x")  # P3 (P1's partner) holds the token: nothing
    assert s.showroom == [3, 3] and s.thief == 3
    s._suit_action(0, diamonds.CLUBS, "x")  # P4 is in the other team: steal
    assert s.showroom == [4, 2] and s.thief == 0
    play(s, "2H", "1H", "3H", "4H")  # P4 wins the only trick: P1, P2, P3 won nothing
    assert s.results[0][2] == [0, 1, 2]
    # team 0 gets 2 + 2 (P1, P3), team 1 gets 2 (P2) + the heart majority (P4's team).
    assert s.vault == [4, 2]


def test_team_mode_scores_and_winners_M_O3_M_E2():
    s = table(6, ["1S"] * 1 + ["2S", "3S", "4S", "5S", "6S"], options={"teams": "on"},
              showroom=[3, 5, 1], vault=[2, 1, 3])
    s.phase = diamonds.P_OVER
    assert s.scores() == [7, 7, 7, 7, 7, 7]
    assert s.winners() == [2, 5]  # most vault crystals: team P3+P6


# ---- Views and words ---------------------------------------------------------------------------
def test_view_shows_only_what_the_seat_may_know():
    s = table(3, ["4D 9D", "3D 1H", "10H 6C"], thief=2)
    play(s, "4D")
    v = s.view(1)
    assert v["hand"] == cards("3D 1H") and v["hand_counts"] == [1, 2, 2]
    assert v["trick"] == [C(4, "D")] and v["led"] == diamonds.DIAMONDS and v["leader"] == 0
    assert v["thief"] == 2 and v["showroom"] == [3, 3, 3]
    assert v["legal"] == [diamonds.PLAY + C(3, "D")] and s.view(0)["legal"] == []
    for key in ("hands", "chosen_all"):
        assert key not in v
    assert v["won"] == [[0, 0, 0, 0]] * 3


def test_view_shows_the_suits_a_seat_did_not_follow_M_R4():
    s = table(3, ["4D 9D 2S", "3H 1H 7S", "5C 6D 8C"])
    play(s, "4D", "3H")  # P2 shows it has no diamond
    voids = s.view(0)["voids"]
    assert voids == [0, 1 << diamonds.DIAMONDS, 0] and s.view(2)["voids"] == voids
    play(s, "6D")  # P3 follows: nothing shown
    assert s.view(1)["voids"] == [0, 1 << diamonds.DIAMONDS, 0]
    play(s, "5C", "2S")  # P3 won and leads a club: P1 shows it has none
    play(s, "7S")
    assert s.view(0)["voids"] == [1 << diamonds.CLUBS,
                                  1 << diamonds.DIAMONDS | 1 << diamonds.CLUBS, 0]


def test_view_shows_the_passer_the_cards_the_taker_still_holds_M_R2():
    s = diamonds.new_game(2, 3)
    picks = pass_top_two(s)
    for seat in (0, 1):
        assert s.view(seat)["given"] == sorted(picks[seat])
    taker = s.current_player()
    card = next(a - diamonds.PLAY for a in s.legal_actions()
                if a - diamonds.PLAY in picks[1 - taker])
    s.apply(diamonds.PLAY + card)
    assert s.view(1 - taker)["given"] == [c for c in sorted(picks[1 - taker]) if c != card]
    assert s.view(taker)["given"] == sorted(picks[taker])
    assert s.clone().view(1 - taker)["given"] == s.view(1 - taker)["given"]


def test_action_words_are_distinct_and_hide_pass_choices():
    s = diamonds.new_game(3, 1)
    words = [s.action_text(a) for a in s.legal_actions()]
    assert words == ["pass 1 card", "pass 2 cards", "pass 3 cards"]
    s.apply(diamonds.COUNT + 2)
    seat = s.current_player()
    legal = s.legal_actions()
    words = [s.action_text(a, seat) for a in legal]
    assert len(set(words)) == len(words) == 10
    assert s.action_text(legal[0], (seat + 1) % 3) == "choose a card to pass"
    s.apply(legal[0])
    assert s.action_text(diamonds.UNPICK + legal[0] - diamonds.PICK,
                         (seat + 1) % 3) == "take back a card"


def test_replay_and_clone():
    s = diamonds.new_game(5, 77, {"perfect": "on"})
    i = 0
    while not s.is_over() and i < 200:
        legal = no_unpick(s)
        s.apply(legal[i * 5 % len(legal)])
        i += 1
    again = replay(*record(s))
    assert fingerprint(again) == fingerprint(s)
    copy = s.clone()
    assert fingerprint(copy) == fingerprint(s)  # every attribute copied
    before = fingerprint(s)
    copy.apply(copy.legal_actions()[0])
    assert fingerprint(s) == before


def test_two_player_perfect_round_has_eight_tricks_of_four_M_R6_M_O1():
    s = diamonds.new_game(2, 12, {"perfect": "on"})
    i = 0
    while not s.results:
        legal = no_unpick(s)
        s.apply(legal[i * 7 % len(legal)])
        i += 1
    won, majors, none, tricks = s.results[0]
    assert sum(tricks) == 8 and sum(won) == 32
    for seat in range(2):
        assert sum(won[seat * 4:seat * 4 + 4]) == 4 * tricks[seat]


def test_round_end_notes_are_public_words_M_R7():
    s = table(3, ["2H", "1H", "3H"], leader=0, dealer=2, showroom=[3, 3, 3], vault=[0, 0, 0])
    play(s, "2H", "1H", "3H")
    text = "\n".join(s.notes)
    assert "round end: P3 has the most hearts (3)" in text
    assert "round end: nobody won a diamond: no action" in text
    assert "round end: P1 won no trick: diamond action" in text
    assert "round end: P2 won no trick: diamond action" in text
    for v in (s.view(0), s.view(1)):
        assert v["notes"] == s.notes


# ---- Added for the mutation sample -------------------------------------------------------------
def test_two_to_six_players():
    for players in (0, 1, 7, 8):
        raises(ValueError, diamonds.new_game, players, 1)
    for players in range(2, 7):
        assert diamonds.new_game(players, 1).players == players


def test_hands_dealt_sorted_and_no_trick_yet_M_R1():
    s = diamonds.new_game(4, 6)
    for h in s.hands:
        assert h == sorted(h)
    v = s.view(0)
    assert v["last_trick"] == [] and v["last_leader"] == -1 and v["last_winner"] == -1
    assert v["leader"] == -1 and v["led"] == -1
    s.apply(diamonds.COUNT + 1)
    seat = s.current_player()
    assert s.legal_actions() == [diamonds.PICK + c for c in sorted(s.hands[seat])]


def test_a_single_card_is_a_majority_M_R7():
    assert diamonds.majority([0, 1, 0]) == 1 and diamonds.majority([1, 0]) == 0
    assert diamonds.majority([0, 0, 0]) == -1 and diamonds.majority([2, 2, 1]) == -1
    # Last trick: P3 wins three hearts; P1 won a single club before: the club majority.
    s = table(3, ["2H", "1H", "3H"], showroom=[3, 3, 3], vault=[0, 0, 0], thief=1)
    s.won = [cards("1C"), [], []]
    s.tricks = [1, 0, 0]
    s.aside = [c for c in s.aside if c not in s.won[0]]
    play(s, "2H", "1H", "3H")
    assert s.results[0][1] == [-1, 2, -1, 0]
    assert "round end: P1 has the most clubs (1)" in "\n".join(s.notes)


def test_team_names_in_the_notes_M_O3():
    opts = {"teams": "on"}
    s = table(4, ["2H", "1H", "3H", "4H"], leader=0, dealer=3, options=opts,
              showroom=[3, 3], vault=[0, 0], thief=1)
    s.won = [cards("1C 2C"), cards("3C 4C 5C"), cards("6C 7C"), []]
    s.tricks = [1, 1, 1, 0]
    s.aside = [c for c in s.aside if c not in s.won[0] + s.won[1] + s.won[2]]
    play(s, "2H", "1H", "3H", "4H")
    text = "\n".join(s.notes)
    assert "round end: team P2+P4 has the most hearts (4)" in text
    assert "round end: team P1+P3 has the most clubs (4)" in text
    assert "(4): club action, steals a crystal from team P2+P4" in text


def test_pass_notes_name_the_direction_M_R2():
    for players, options, words in ((2, None, "both players pass 2 card(s) to the opponent"),
                                    (3, None, "everyone passes 2 card(s) to the left"),
                                    (4, {"teams": "on"},
                                     "everyone passes 2 card(s) to the partner")):
        s = diamonds.new_game(players, 4, options)
        s.apply(diamonds.COUNT + 2)
        for _ in range(players):
            hand = s.hands[s.current_player()]
            s.apply(diamonds.PICK + hand[0])
            s.apply(diamonds.PICK + hand[0])
            s.apply(diamonds.CONFIRM)
        assert s.notes == [words]


def test_play_words_M_R4():
    s = table(3, ["4D 9D 15C", "3D 1H", "10H 6C"])
    assert [s.action_text(a) for a in s.legal_actions()] == ["play 4D", "play 9D", "play 15C"]
    assert s.action_text(diamonds.PLAY + C(10, "H"), 1) == "play 10H"


def test_club_notes_name_the_next_token_holder_M_A4():
    # Every club action's note says who holds the thief token next (the seat after the holder).
    s = table(4, ["1S", "2S", "3S", "4S"], showroom=[3, 3, 0, 3], thief=2)
    s._suit_action(0, diamonds.CLUBS, "x")
    empty = "nothing stolen, thief token to P4"  # P3's showroom is empty
    assert s.notes[-1] == "x: club action, " + empty
    s._suit_action(3, diamonds.CLUBS, "y")
    held = "nothing stolen, thief token to P1"  # its own token
    assert s.notes[-1] == "y: club action, " + held
    s._suit_action(2, diamonds.CLUBS, "z")
    assert s.notes[-1] == "z: club action, steals a crystal from P1, thief token to P2"
    assert s.showroom == [2, 3, 1, 3] and s.thief == 1


# ---- A move in one sentence (move_text, issue 57) ----------------------------------------------
def test_a_card_is_told_with_what_it_does_M_R4_M_R5():
    # P1 leads 9D, P2 follows 3D, P3 cannot follow with 1C, P4 ends the trick with 10D (4 seats).
    s = table(4, ["9D 2H", "3D 4H", "1C 5H", "10D 6H"], showroom=[3, 3, 3, 3], vault=[0] * 4,
              thief=1)
    assert s.move_text(diamonds.PLAY + C(9, "D")) == "P1 plays 9D"
    play(s, "9D")
    assert s.move_text(diamonds.PLAY + C(3, "D"), 0) == "P2 plays 3D"
    play(s, "3D")
    assert s.move_text(diamonds.PLAY + C(1, "C")) == (
        "P3 cannot follow, plays 1C: steals a crystal from P2, thief token to P3")
    play(s, "1C")
    assert s.notes == []  # the play's sentence told its club action: not told twice
    assert s.showroom == [3, 2, 4, 3] and s.thief == 2  # (said before, done once)
    said = s.move_text(diamonds.PLAY + C(10, "D"), 1)
    assert said == "P4 plays 10D and wins the trick: +1 vault crystal"
    play(s, "10D")
    assert s.vault == [0, 0, 0, 1] and s.notes == []


def test_a_card_that_ends_a_trick_for_another_names_the_winner_M_R5():
    s = table(3, ["15D 2H", "3D 4H", "9D 1H"], showroom=[3, 3, 3], vault=[0] * 3)
    play(s, "15D", "3D")
    assert s.move_text(diamonds.PLAY + C(9, "D")) == (
        "P3 plays 9D; P1 wins the trick: +1 vault crystal")
    play(s, "9D")
    assert s.notes == [] and s.vault == [1, 0, 0]


def test_an_off_suit_card_that_ends_a_trick_leaves_the_trick_to_a_note_M_R4_M_R5():
    # Its own action in its sentence; the trick's under it (a sentence of both took more
    # than the news row's five rows at 26 columns).
    s = table(3, ["15D 2H", "3D 4H", "9S 1H"], showroom=[3, 3, 3], vault=[0] * 3)
    play(s, "15D", "3D")
    assert s.move_text(diamonds.PLAY + C(9, "S")) == (
        "P3 cannot follow, plays 9S: a showroom crystal to the vault")
    play(s, "9S")
    assert s.notes == ["P1 wins the trick with 15D: diamond action, +1 vault crystal"]
    assert s.showroom == [3, 3, 2] and s.vault == [1, 0, 1]


def test_the_round_end_is_told_under_the_last_card_M_R7():
    s = table(3, ["2H", "1H", "3H"], leader=0, dealer=2, showroom=[3, 3, 3], vault=[0, 0, 0])
    play(s, "2H", "1H")
    assert s.move_text(diamonds.PLAY + C(3, "H")) == (
        "P3 plays 3H and wins the trick: +1 showroom crystal")
    play(s, "3H")
    assert s.notes[0] == "round end: nobody won a diamond: no action"  # the trick's is said


def test_a_pass_is_one_sentence_its_cards_named_to_the_passer_and_then_the_taker_M_R2():
    s = diamonds.new_game(3, 4)
    dealer = s.current_player()
    assert s.move_text(diamonds.COUNT + 2) is None  # its note tells it
    s.apply(diamonds.COUNT + 2)
    assert s.notes == ["P%d (dealer) sets the pass: 2 cards each" % (dealer + 1)]
    for k in range(3):
        seat = s.current_player()
        taker = (seat + 1) % 3
        hand = s.hands[seat]
        low, high = hand[0], hand[-1]
        assert s.move_text(diamonds.PICK + high) is None  # picks: the confirm tells them
        s.apply(diamonds.PICK + high)
        assert s.move_text(diamonds.UNPICK + high) is None
        s.apply(diamonds.PICK + low)
        named = "P%d passes %s to P%d" % (seat + 1, diamonds.cards_text([low, high]), taker + 1)
        hidden = "P%d passes 2 cards to P%d" % (seat + 1, taker + 1)
        assert s.move_text(diamonds.CONFIRM) == named  # (all seeing: the bots-only console)
        assert s.move_text(diamonds.CONFIRM, seat) == named
        third = (seat + 2) % 3
        assert s.move_text(diamonds.CONFIRM, third) == hidden
        # The taker sees them once they are its: when the last seat passes, all pass at once.
        assert s.move_text(diamonds.CONFIRM, taker) == (named if k == 2 else hidden)
        s.apply(diamonds.CONFIRM)


def words_of(cards):
    """'2D and 14 of clubs': cards in a sentence, in deck order."""
    names = ["%d of %ss" % (diamonds.rank(c), diamonds.SUIT_WORDS[diamonds.suit(c)])
             for c in sorted(cards)]
    return "the " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1
                     else names[0])


def test_a_team_steal_names_the_sides_M_O3():
    s = table(4, ["9D", "1C", "3D", "4D"], options={"teams": "on"}, showroom=[3, 3],
              vault=[0, 0], thief=2)
    play(s, "9D")
    assert s.move_text(diamonds.PLAY + C(1, "C")) == (
        "P2 cannot follow, plays 1C: steals a crystal from team P1+P3, thief token to P4")


def test_take_back_words_name_the_card_card_0_too_M_R2():
    # Each chosen card of a pass is put back by its own words: the lowest card's action
    # (UNPICK + 0) too, not worded as a pick. Guard: the pick's words from UNPICK on.
    s = diamonds.new_game(3, 1)
    for card in range(diamonds.DECK_SIZE):
        assert s.action_text(diamonds.UNPICK + card) == "take back " + diamonds.card_text(card)
