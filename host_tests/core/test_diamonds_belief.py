"""What the Diamonds hard bot reads from its rivals' plays (firmware/games/diamonds/bot.py,
Belief) and how the search's samples use it (sample_state's `unlikely`): each read of a
known situation, never a card a normal rival really holds, the samples leaning on the
beliefs, and the hard bot searching through them. Rule ids: seeds/diamonds.md.
Portable: pytest and tools/mptest.py."""

from checks import count
from test_diamonds_rules import C, cards, play, table

from firmware.bots import make_bot
from firmware.core.prng import Prng
from firmware.games.diamonds import bot as diamonds_bot
from firmware.games.diamonds import rules as diamonds
from firmware.games.diamonds.belief import Belief


def read(s, seat=0):
    """A Belief of `seat` that has observed the position: the cards it rules out, per seat."""
    belief = Belief(seat, diamonds_bot)
    belief.observe(s.view(seat))
    return belief


def ruled_out(belief, seat):
    return [c for c in range(diamonds.DECK_SIZE) if belief.unlikely[seat][c]]


def test_a_rival_that_does_not_take_the_trick_threw_its_lowest_card_M_R4():
    s = play(table(2, ["10D 11D 2H 3H", "5D 9D 4H 6S"]), "10D", "5D")
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 4D")


def test_the_last_card_of_a_trick_is_the_cheapest_win_M_R5():
    # 2 players: tricks of four (M-R6), the rival plays 2nd and 4th. 11D over 8D: it holds
    # no 9D or 10D (a cheaper win); 2D, its 2nd card, was its lowest then.
    s = play(table(2, ["7D 8D 2H 3H", "2D 11D 4H 6S"]), "7D", "2D", "8D", "11D")
    assert ruled_out(read(s), 1) == cards("1D 9D 10D")


def test_a_strong_card_not_last_is_the_highest_of_its_suit():
    s = play(table(2, ["9D 2H 3H 4H", "2D 14D 4S 6S"]), "9D", "14D")
    assert ruled_out(read(s), 1) == cards("15D")
    # A narrow win not last: its lowest card, and nothing strong above (12+ or 5 over the top).
    s = play(table(2, ["9D 2H 3H 4H", "10D 4S 5S 6S"]), "9D", "10D")
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 12D 13D 14D 15D")
    s = play(table(2, ["3D 2H 3H 4H", "7D 4S 5S 6S"]), "3D", "7D")  # 4 over: not strong
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 4D 5D 6D 8D 9D 10D 11D 12D 13D 14D 15D")
    s = play(table(2, ["3D 2H 3H 4H", "8D 4S 5S 6S"]), "3D", "8D")  # 5 over: strong
    assert ruled_out(read(s), 1) == cards("9D 10D 11D 12D 13D 14D 15D")
    s = play(table(2, ["8D 2H 3H 4H", "11D 4S 5S 6S"]), "8D", "11D")  # under 12: not strong
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 12D 13D 14D 15D")


def test_off_suit_the_lowest_card_of_the_suit_worth_most_M_R4_M_A():
    # A diamond is always worth most: a heart off-suit means no diamond at all.
    s = play(table(2, ["9S 2S 3H 4H", "6H 8H 4C 6C"]), "9S", "6H")
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D 11D 12D 13D 14D "
                                          "15D 1H 2H 3H 4H 5H")
    # A club may be worth as much as a diamond (a steal): only the lower diamonds go.
    s = play(table(2, ["9S 2S 3H 4H", "4C 6C 8H 9H"]), "9S", "4C")
    assert ruled_out(read(s), 1) == cards("1D 2D 3D 1C 2C 3C")


def test_a_strong_lead_is_the_top_of_the_best_suit():
    # 13H led (hearts 1 point: score 2 * 13 * 13 = 338): no higher heart, no diamond over
    # 338 / 3 (11D: 363), nothing in a suit worth nothing over rank 18 (none).
    s = table(2, ["2H 3S 4S 5S", "13H 10D 4C 6C"], leader=1, showroom=[0, 0], thief=0)
    play(s, "13H")
    assert ruled_out(read(s), 1) == cards("11D 12D 13D 14D 15D 14H 15H")


def test_a_weak_lead_is_the_lowest_of_its_suit():
    # 5H led: no top card scored 8 ranks' worth, so nothing scores above a weak best's
    # most, 3 * 7 * 7 = 147: diamonds from 8, spades (1 point: its showroom has a crystal)
    # from 9, clubs (nothing to steal) from 13.
    s = table(2, ["2H 3S 4S 5S", "5H 9H 4C 6C"], leader=1, showroom=[0, 1], thief=0)
    play(s, "5H")
    assert ruled_out(read(s), 1) == cards("8D 9D 10D 11D 12D 13D 14D 15D 1H 2H 3H 4H "
                                          "9S 10S 11S 12S 13S 14S 15S 13C 14C 15C")


def test_every_play_of_the_round_is_read_once():
    s, belief = _after_the_pass(2, 5)
    bots = [diamonds_bot.Bot(0), diamonds_bot.Bot(1)]
    shown = list(s.trick)  # the rival's cards, in play order (it may have led already)
    while s.round == 0 and s.phase == diamonds.P_PLAY:
        seat = s.current_player()
        view = s.view(seat)
        view["legal"] = s.legal_actions()
        if seat == 0:
            belief.observe(view)
            assert belief.played == shown
        action = bots[seat].choose(view)
        if seat == 1:
            shown.append(action - diamonds.PLAY)
        s.apply(action)
    assert len(shown) >= 8


def test_the_beliefs_start_over_each_round_M_R1():
    s = play(table(2, ["10D 11D 2H 3H", "5D 9D 4H 6S"]), "10D", "5D")
    belief = read(s)
    assert ruled_out(belief, 1)
    nxt = table(2, ["10D 11D 2H 3H", "5D 9D 4H 6S"])  # a new deal: the hands are new
    nxt.round = s.round + 1
    belief.observe(nxt.view(0))
    assert ruled_out(belief, 1) == [] and belief.read == 0
    # A belief that saw only a round's pass takes the next round's hand as dealt.
    s = diamonds.new_game(2, 4)
    while s.phase != diamonds.P_PASS or s.current_player() != 0:
        s.apply(s.legal_actions()[0])
    belief = Belief(0, diamonds_bot)
    belief.observe(s.view(0))
    s.round += 1
    s.hands[0] = cards("2D 3D")
    belief.observe(s.view(0))
    assert belief.dealt == cards("2D 3D")


def _rules_out_held_cards(players, options, games):
    """Normal bots on every seat, seat 0 observing at its own decisions: (the beliefs read,
    the cards they ruled out in all, those a rival did hold)."""
    reads = marked = wrong = 0
    for g in range(games):
        s = diamonds.new_game(players, 40 + g, options)
        bots = [diamonds_bot.Bot(seat) for seat in range(players)]
        belief = Belief(0, diamonds_bot)
        while not s.is_over():
            seat = s.current_player()
            view = s.view(seat)
            view["legal"] = s.legal_actions()
            if seat == 0 and view["phase"] == "play":
                belief.observe(view)
                reads += 1
                for other in range(1, players):
                    out = belief.unlikely[other]
                    marked += sum(out)
                    wrong += len([c for c in s.hands[other] if out[c]])
            s.apply(bots[seat].choose(view))
    return reads, marked, wrong


def test_the_beliefs_never_rule_out_a_card_a_normal_rival_holds():
    for players, options in ((2, None), (3, None), (4, {"teams": "on"}), (5, None)):
        reads, marked, wrong = _rules_out_held_cards(players, options, count(12, 2))
        assert wrong == 0, (players, wrong)
        # They do say something: 2 players, about 21 of the 50 cards unseen per read.
        assert marked > 8 * reads * (players - 1), (players, marked, reads)


def test_a_seat_is_dealt_the_cards_it_is_believed_not_to_hold_last():
    hand = []
    pool = cards("2D 3D 4H 5H 6S")
    unlikely = bytearray(diamonds.DECK_SIZE)
    for c in cards("2D 4H"):
        unlikely[c] = 1
    left = diamonds._deal_into(hand, 4, 1 << diamonds.SPADES, pool, unlikely)
    assert hand == cards("3D 5H 2D 4H")  # the likely first, then the unlikely in pool order
    assert left == cards("6S")


def test_samples_lean_on_the_beliefs():
    s = play(table(2, ["10D 11D 2H 3H", "5D 9D 4H 6S"]), "10D", "5D")
    view = s.view(0)
    belief = read(s)
    rng = Prng(7)
    low = cards("1D 2D 3D 4D")
    for _ in range(20):
        held = belief.sample(view, rng).hands[1]
        assert len(held) == 3 and not [c for c in held if c in low], held
    # Without the beliefs the low diamonds come up (same seeds).
    rng = Prng(7)
    dealt = []
    for _ in range(20):
        dealt += diamonds.sample_state(view, rng).hands[1]
    assert [c for c in dealt if c in low]


def test_the_hard_bot_searches_samples_of_its_beliefs():
    s = play(table(2, ["10D 11D 12D 3H", "5D 9D 4H 6S"]), "10D", "5D")
    bot = make_bot("diamonds", 0, "hard", 1, None, 3)
    calls = []
    view = s.view(0)
    bot.see(view)  # the first view makes the Belief (2 players)
    sample = bot.belief.sample

    def counted(view, rng):
        calls.append(1)
        return sample(view, rng)

    bot.belief.sample = counted
    assert bot.choose(view) in view["legal"]
    assert len(calls) >= 1 and ruled_out(bot.belief, 1) == cards("1D 2D 3D 4D")


def test_the_hard_bot_reads_no_beliefs_at_a_table_of_three():
    # Measured with 2 players only; its code and tables stay off a board's heap otherwise.
    s = play(table(3, ["10D 11D 12D 3H", "5D 9D 4H 6S", "2C 3C 4C 5C"]), "10D", "5D")
    bot = make_bot("diamonds", 2, "hard", 1, None, 3)
    view = s.view(2)
    assert bot.choose(view) in view["legal"] and bot.belief is None


def fits(belief, seat, hand):
    return belief._misfit(seat, hand) is None


def _after_the_pass(players, seed, options=None, me=0):
    """A game of normal bots up to seat `me`'s first play, its Belief observing its every
    decision: (the state, the belief)."""
    s = diamonds.new_game(players, seed, options)
    bots = [diamonds_bot.Bot(seat) for seat in range(players)]
    belief = Belief(me, diamonds_bot)
    while True:
        seat = s.current_player()
        view = s.view(seat)
        view["legal"] = s.legal_actions()
        if seat == me:
            belief.observe(view)
            if view["phase"] == "play":
                return s, belief
        s.apply(bots[seat].choose(view))


def test_the_pass_received_is_read_as_the_givers_lowest_cards_M_R2():
    s, belief = _after_the_pass(2, 5)
    assert belief.giver == 1 and sorted(belief.received) == sorted(s.given[1])
    assert sorted(belief.passed) == sorted(s.given[0])
    rival = sorted(s.hands[1])
    assert fits(belief, 1, rival)
    # Had it held an ace (rank 1) of its longest suit, it would have passed that first.
    counts = [len([c for c in rival if diamonds.suit(c) == x]) for x in range(diamonds.SUITS)]
    longest = counts.index(max(counts))
    ace = diamonds.make_card(1, longest)
    assert ace in s.aside  # the seed's deal: neither hand holds it
    top = [c for c in rival if c not in s.given[0]][-1]
    assert not fits(belief, 1, sorted([c for c in rival if c != top] + [ace]))
    assert fits(belief, 0, [ace])  # only the giver's hand is checked


def test_the_pass_is_read_with_two_players_and_partners_only_M_O3():
    for players, options, giver in ((2, None, 1), (4, {"teams": "on"}, 2),
                                    (6, {"teams": "on"}, 3), (3, None, -1), (4, None, -1)):
        seeds = 0
        for seed in range(count(6, 2)):
            s, belief = _after_the_pass(players, seed, options)
            assert belief.giver == giver, (players, options, belief.giver)
            if giver >= 0:
                assert fits(belief, giver, sorted(s.hands[giver])), (players, seed)
                seeds += 1
        assert seeds or giver < 0


def test_samples_deal_the_giver_a_hand_that_passes_what_it_did():
    s, belief = _after_the_pass(2, 5)
    view = s.view(0)
    rng = Prng(3)
    fit = sum([fits(belief, 1, belief.sample(view, rng).hands[1]) for _ in range(20)])
    rng = Prng(3)
    blind = sum([fits(belief, 1, diamonds.sample_state(view, rng).hands[1]) for _ in range(20)])
    assert fit >= 18 and blind <= 10, (fit, blind)
    # The same for seat 1, whose giver is seat 0.
    s, belief = _after_the_pass(2, 6, me=1)
    view = s.view(1)
    assert belief.giver == 0
    rng = Prng(3)
    fit = sum([fits(belief, 0, belief.sample(view, rng).hands[0]) for _ in range(20)])
    assert fit >= 18, fit


def test_a_misfit_card_is_swapped_for_one_the_seat_may_hold():
    belief = Belief(0, diamonds_bot)
    belief.giver = 1
    belief.unlikely = [bytearray(diamonds.DECK_SIZE) for _ in range(2)]
    belief.unlikely[1][C(7, "H")] = 1
    belief.unlikely[1][C(5, "C")] = 1

    def misfit(seat, dealt):  # the 2D must go, nothing else
        return C(2, "D") if C(2, "D") in dealt else None

    belief._misfit = misfit
    for seed in range(12):
        hand = cards("2D 9H 10H")
        pool = cards("3D 4S 5C 6C 7H")
        belief.mend(1, hand, pool, 1 << diamonds.DIAMONDS | 1 << diamonds.SPADES, Prng(seed))
        assert hand == sorted(cards("6C 9H 10H"))  # not 3D, 4S (void suits) nor 5C, 7H
        assert sorted(pool) == sorted(cards("2D 3D 4S 5C 7H"))  # every card kept


def test_a_pass_no_hand_explains_is_left_as_dealt():
    # The giver played a 1H it would have passed instead of what it did (not the normal
    # heuristic): no swap can mend that, the sample keeps its deal.
    belief = Belief(0, diamonds_bot)
    belief.giver = 1
    belief.teams = False
    belief.unlikely = [bytearray(diamonds.DECK_SIZE) for _ in range(2)]
    belief.passed = []
    belief.received = cards("5S")
    belief.played = cards("1H")
    hand = cards("9D 10D 11D")
    assert belief._misfit(1, hand) == -1
    dealt = list(hand)
    belief.mend(1, hand, cards("2C 3C"), 0, Prng(1))
    assert hand == dealt
