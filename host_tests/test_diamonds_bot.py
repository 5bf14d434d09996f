"""The Diamonds computer player (firmware/games/diamonds/bot.py): legality over many states,
decisions from the view only, a few known situations, and strength against a uniformly random
player. Rule ids: seeds/diamonds.md."""


import bot_checks
import pytest
from randplay import fitting_option_sets

from firmware.bots import LEVELS, RandomBot, make_bot
from firmware.core import load
from firmware.games.diamonds import rules as diamonds


def strict_bot(seat, level="normal", seed=0):
    return bot_checks.strict_bot("diamonds", seat, level, seed)


def fitting(players):
    return fitting_option_sets(diamonds, players)


def C(r, s):
    return diamonds.make_card(r, "DHSC".index(s))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_bot_choice_is_always_legal(players):
    """Every phase (M-R2 count and pass, M-R4 play): at every decision of games mixing bot
    and random moves, over every fitting option set, choose(view) is in view["legal"]."""
    module = load("diamonds")
    phases = set()
    decisions = 0
    for options in fitting(players):
        for seed in range(3):
            state = module.new_game(players, seed, options)
            bots = [strict_bot(s, LEVELS[(seed + s) % len(LEVELS)], seed) for s in range(players)]
            rand = RandomBot(0, seed + 100 * players)
            step = 0
            while not state.is_over():
                seat = state.current_player()
                view = state.view(seat)
                action = bots[seat].choose(view)
                assert action in view["legal"], (seed, view["phase"], action, view["legal"])
                phases.add(view["phase"])
                decisions += 1
                step += 1
                if step % 3 == 0:  # a random move now and then: odd states too
                    action = rand.choose(view)
                state.apply(action)
    assert decisions > 300
    assert phases == {"count", "pass", "play"}


def sample_views(count=200):
    return bot_checks.bot_views("diamonds", count, 9, _setup)


def _setup(seed):
    players = 2 + seed % 5
    sets = fitting(players)
    return players, sets[seed % len(sets)]


def test_bot_is_stateless_deterministic_and_leaves_the_view_alone():
    bot_checks.assert_stateless("diamonds", sample_views(), LEVELS)


def test_bot_ignores_what_the_view_does_not_show():
    """Other hands and hidden vaults are not in the view; extra keys change nothing."""
    for view in sample_views(100):
        bot = strict_bot(view["seat"])
        action = bot.choose(view)
        noisy = dict(view)
        noisy["hands"] = [[0, 1, 2]] * view["players"]
        noisy["secret_vaults"] = [99] * view["players"]
        assert bot.choose(noisy) == action


def test_bot_answers_from_the_legal_list_it_is_given():
    for view in sample_views(100):
        bot = strict_bot(view["seat"])
        bot.strict = False
        only = dict(view)
        only["legal"] = [view["legal"][-1]]
        assert bot.choose(only) == view["legal"][-1]


def _view(players=3, **fields):
    state = load("diamonds").new_game(players, 1, None)
    view = state.view(0)
    view.update({"phase": "play", "current": 0, "turn": 0, "leader": 0, "trick": [],
                 "led": -1})
    view.update(fields)
    return view


def test_cannot_follow_takes_the_best_action_M_R4_M_A1():
    """Off-suit: the diamond (a vault crystal, 2 points) beats a heart; the lowest one."""
    view = _view(trick=[C(5, "S")], led=diamonds.SPADES, leader=2, hand=[C(3, "D"), C(9, "D"),
                                                                   C(14, "H")])
    view["legal"] = [diamonds.PLAY + c for c in view["hand"]]
    assert strict_bot(0).choose(view) == diamonds.PLAY + C(3, "D")


def test_last_player_wins_cheaply_M_R5():
    """Last to play with the trick's led action worth something: the lowest winning card."""
    view = _view(trick=[C(5, "D"), C(9, "D")], led=diamonds.DIAMONDS, leader=1,
                 hand=[C(2, "D"), C(10, "D"), C(15, "D")])
    view["legal"] = [diamonds.PLAY + c for c in view["hand"]]
    assert strict_bot(0).choose(view) == diamonds.PLAY + C(10, "D")


def test_team_bot_does_not_overtake_the_partner_M_O3():
    state = load("diamonds").new_game(4, 1, {"teams": "on"})
    view = state.view(0)
    # P2 led 5D, P3 (the partner) 14D, P4 2D; P1 last.
    view.update({"phase": "play", "current": 0, "turn": 0, "leader": 1, "led": diamonds.DIAMONDS,
                 "trick": [C(5, "D"), C(14, "D"), C(2, "D")],
                 "hand": [C(3, "D"), C(15, "D")]})
    view["legal"] = [diamonds.PLAY + c for c in view["hand"]]
    assert strict_bot(0).choose(view) == diamonds.PLAY + C(3, "D")


def test_pass_steps_end_with_confirm_M_R2():
    view = _view(phase="pass", count=1, chosen=[C(1, "S")], hand=[C(5, "D")])
    view["legal"] = [diamonds.CONFIRM, diamonds.UNPICK + C(1, "S")]
    assert strict_bot(0).choose(view) == diamonds.CONFIRM


@pytest.mark.parametrize("players,options,games", [
    (2, None, 40), (2, {"perfect": "on"}, 40), (3, None, 40), (4, {"teams": "on"}, 40)])
def test_bot_beats_random_players(players, options, games):
    """Strength (not timing): with fixed seeds and rotating seats, the normal bot wins (alone,
    or its team) more than 70% of 2- and 3-player games against uniformly random players,
    and more than half of the team games (a partner who plays at random)."""
    module = load("diamonds")
    wins = 0
    for seed in range(games):
        seat = seed % players
        state = module.new_game(players, 7000 + seed, options)
        choosers = [RandomBot(s, seed + s).choose for s in range(players)]
        choosers[seat] = strict_bot(seat, "normal", seed).choose
        while not state.is_over():
            s = state.current_player()
            state.apply(choosers[s](state.view(s)))
        winners = state.winners()
        if seat in winners and (len(winners) == 1 or state.teams and len(winners) == 2):
            wins += 1
    share = wins / games
    assert share > (0.5 if players == 4 else 0.7), share


# ---- More known situations: leading, following, passing, the last tricks of 2 players --------


def _lead_view(hand, players=3, **fields):
    view = _view(players, hand=list(hand), **fields)
    view["legal"] = [diamonds.PLAY + c for c in sorted(hand)]
    return view


def _choose(view, seat=0):
    return strict_bot(seat).choose(view) - diamonds.PLAY


def test_lead_the_top_card_of_the_best_suit():
    # The highest card of a suit: 14D (a vault crystal) beats 13D (not its suit's top) and 3H.
    assert _choose(_lead_view([C(13, "D"), C(14, "D"), C(3, "H")])) == C(14, "D")
    assert _choose(_lead_view([C(12, "H"), C(13, "H"), C(2, "S")])) == C(13, "H")


def test_weak_lead_the_long_suit_that_gives_rivals_least():
    # Nothing of rank 8 or more: the lowest card of the suit whose count less 2 per point its
    # action gives a rival is highest (rivals: diamonds 2, hearts 1; spades and clubs nothing
    # here, no showroom to steal from or to fill). Ties: the first suit.
    bare = {"showroom": [0, 0, 0], "thief": 0}
    d4h3c1 = [C(2, "D"), C(3, "D"), C(4, "D"), C(5, "D"), C(2, "H"), C(3, "H"), C(4, "H"),
              C(6, "C")]
    assert _choose(_lead_view(d4h3c1, **bare)) == C(2, "H")  # D 0, H 1, C 1
    d3h1 = [C(3, "D"), C(4, "D"), C(5, "D"), C(6, "H")]
    assert _choose(_lead_view(d3h1, **bare)) == C(3, "D")  # D -1, H -1
    s2c1 = [C(2, "S"), C(5, "S"), C(3, "C")]
    assert _choose(_lead_view(s2c1, **bare)) == C(2, "S")  # S 2, C 1
    h4s1 = [C(2, "H"), C(3, "H"), C(4, "H"), C(5, "H"), C(6, "S")]
    assert _choose(_lead_view(h4s1, **bare)) == C(2, "H")  # H 2, S 1
    # A rival's showroom (seat 2) makes spades worth a point to rivals: S 2 - 2 = 0 < C 1.
    filled = {"showroom": [0, 0, 1], "thief": 0}
    assert _choose(_lead_view(s2c1, **filled)) == C(3, "C")
    # The thief token with seat 1, whose showroom is empty: a club steals nothing from it.
    c2s1 = [C(2, "C"), C(5, "C"), C(4, "S")]
    assert _choose(_lead_view(c2s1, showroom=[0, 0, 0], thief=1)) == C(2, "C")  # C 2, S 1
    assert _choose(_lead_view(c2s1, showroom=[0, 2, 0], thief=1)) == C(4, "S")  # C -2, S -1


def test_follow_with_a_strong_card_only_when_it_is_likely_to_hold():
    # Seat 2 led; seat 0 second of three: not last. A card 5 ranks above the top or of rank
    # 12+ is played; a narrow win is not tried (the lowest goes).
    def follow(top, hand):
        view = _view(trick=[top], led=diamonds.DIAMONDS, leader=2, hand=hand)
        view["legal"] = [diamonds.PLAY + c for c in hand]
        return _choose(view)

    assert follow(C(9, "D"), [C(2, "D"), C(10, "D")]) == C(2, "D")
    assert follow(C(3, "D"), [C(2, "D"), C(8, "D")]) == C(8, "D")
    assert follow(C(3, "D"), [C(2, "D"), C(7, "D")]) == C(2, "D")
    assert follow(C(9, "D"), [C(2, "D"), C(12, "D")]) == C(12, "D")
    assert follow(C(9, "D"), [C(5, "D"), C(11, "D"), C(14, "D")]) == C(14, "D")


def test_two_players_let_a_rival_without_a_trick_win_one_at_the_end():
    # M-R7 (b): a rival with no trick at the round's end takes 4 points: duck. With a trick
    # won, play to win.
    hand = [C(2, "H"), C(14, "D")]

    def lead(tricks, counts):
        return _choose(_lead_view(hand, 2, tricks=tricks, hand_counts=counts))

    assert lead([3, 0], [2, 2]) == C(2, "H")
    assert lead([3, 2], [2, 2]) == C(14, "D")
    assert lead([3, 0], [4, 4]) == C(14, "D")  # two tricks left: not yet


def test_pass_the_lowest_cards_of_the_longest_suits_diamonds_kept():
    # Not teams: rank less 2 per card of the suit in hand, the lowest first; on a tie the
    # later suit goes (diamonds kept longest).
    def passes(hand, chosen=()):
        view = _view(phase="pass", count=1, chosen=list(chosen), hand=hand)
        view["legal"] = [diamonds.PICK + c for c in hand if c not in chosen]
        return strict_bot(0).choose(view) - diamonds.PICK

    long_d = [C(2, "D"), C(3, "D"), C(4, "D"), C(5, "D"), C(1, "H")]
    assert passes(long_d) == C(2, "D")  # 2 - 8 beats 1 - 2
    assert passes([C(3, "D"), C(3, "C"), C(9, "H")]) == C(3, "C")  # a tie: clubs go
    assert passes([C(3, "C"), C(3, "D"), C(9, "H")]) == C(3, "C")
    assert passes([C(9, "H"), C(2, "S"), C(3, "S")]) == C(2, "S")
    # Chosen cards no longer count towards their suit.
    assert passes(long_d, [C(3, "D"), C(4, "D"), C(5, "D")]) == C(1, "H")  # 2 - 2 vs 1 - 2


def test_team_pass_gives_the_highest_card():
    state = load("diamonds").new_game(4, 1, {"teams": "on"})
    view = state.view(0)
    hand = [C(3, "D"), C(13, "H"), C(9, "S")]
    view.update({"phase": "pass", "hand": hand, "chosen": []})
    view["legal"] = [diamonds.PICK + c for c in hand]
    assert strict_bot(0).choose(view) == diamonds.PICK + C(13, "H")


def test_easy_noise_never_undoes_a_pick():
    # The random decisions of easy leave M-R2's unpick out (an undo could loop forever).
    hand = [C(3, "D"), C(13, "H"), C(9, "S"), C(4, "C")]
    randoms = 0
    for seed in range(80):
        view = _view(phase="pass", count=2, chosen=[hand[0]], hand=hand, round=1 + seed % 3)
        view["legal"] = [diamonds.UNPICK + hand[0]] + [diamonds.PICK + c for c in hand[1:]]
        action = strict_bot(0, "easy", seed).choose(view)
        assert diamonds.PICK <= action < diamonds.UNPICK, (seed, action)
        randoms += action != strict_bot(0, "normal", seed).choose(view)
    assert randoms > 5


# ---- A won position: the order of two off-suit actions (M-R4, M-A2, M-A3) ----------------


def last_trick(first=None):
    """2 players with perfect diamonds (M-O1: every card dealt, so the bot knows the rival's
    last card), the last trick of the last round. P2 led 7C and keeps 8C; P1 has no club:
    4H and 2S, each played off-suit takes its action at once (M-R4). P1's showroom is empty
    and P1 holds the thief token: 4H first (a crystal to the showroom) then 2S (moved to the
    vault) wins 16 to 15; 2S first moves nothing, and P2's club steals the heart's crystal:
    14 to 16. `first`: P1's card played, and the round played out."""
    state = diamonds.new_game(2, 1, {"perfect": "on"})
    state.round = state.rounds - 1
    last = [C(7, "C"), C(8, "C"), C(4, "H"), C(2, "S")]
    rest = [c for c in range(diamonds.DECK_SIZE) if diamonds.rank(c) <= 8 and c not in last]
    state.won = [rest[:12], rest[12:]]
    state.tricks = [3, 4]
    state.hands = [[C(2, "S"), C(4, "H")], [C(8, "C")]]
    state.chosen = [[], []]
    state.trick = [C(7, "C")]
    state.leader = 1
    state.turn = 0
    state.phase = diamonds.P_PLAY
    state.thief = 0
    state.showroom = [0, 4]
    state.vault = [6, 5]
    if first is not None:
        state.apply(diamonds.PLAY + first)
        while not state.is_over():
            state.apply(state.legal_actions()[0])
    return state


def test_normal_and_hard_take_the_heart_before_the_spade():
    assert last_trick(C(4, "H")).winners() == [0]
    assert last_trick(C(2, "S")).winners() == [1]
    for level in ("normal", "hard"):
        state = last_trick()
        bot = make_bot("diamonds", 0, level, 5, None, 8)
        bot.strict = True
        assert bot.choose(state.view(0)) == diamonds.PLAY + C(4, "H"), level


def test_cannot_follow_ties_go_to_the_first_legal_card():
    # Off-suit with a 3 of spades and a 3 of clubs, neither action worth anything (no
    # showroom of its own, the thief token with seat 1 whose showroom is empty): the first.
    view = _view(trick=[C(5, "D")], led=diamonds.DIAMONDS, leader=2, hand=[C(3, "S"), C(3, "C")],
                 showroom=[0, 0, 2], thief=1)
    view["legal"] = [diamonds.PLAY + c for c in view["hand"]]
    assert strict_bot(0).choose(view) == diamonds.PLAY + C(3, "S")


def test_easy_plays_at_random_about_a_third_of_the_time():
    # NOISE: 35% of easy's decisions are uniform among the legal cards (here 4, so about 26%
    # differ from normal's choice). The seeds whose lead differs are recorded: a change of
    # the share or of the draw changes them.
    hand = [C(2, "D"), C(9, "H"), C(5, "S"), C(13, "C")]
    view = _view(hand=hand)
    view["legal"] = [diamonds.PLAY + c for c in hand]
    normal = strict_bot(0).choose(view)
    assert normal == diamonds.PLAY + C(13, "C")
    differ = [s for s in range(300) if strict_bot(0, "easy", s).choose(view) != normal]
    assert len(differ) == 80
    assert differ[:12] == [0, 1, 4, 5, 7, 10, 13, 17, 19, 20, 21, 27]


def test_hard_lead_in_a_recorded_position():
    # The hard level (6 playouts, seed 3) in a position of a 4-player game: what its
    # playouts see in DEPTH decisions decides the lead (recorded: a change of the playout
    # length or of the bonus changes it).
    view = load("diamonds").new_game(4, 1, {"show_score": "on"}).view(2)
    view.update({
        "round": 2, "dealer": 1, "thief": 1, "turn": 2, "current": 2, "phase": "play",
        "count": 3, "passed": 4, "hand": [3, 20, 23, 29, 31, 34, 42, 51], "chosen": [],
        "hand_counts": [8, 8, 8, 8], "chosen_counts": [0, 0, 0, 0],
        "showroom": [5, 5, 2, 4], "vault": 3, "vaults": [3, 1, 3, 2], "leader": 2,
        "trick": [], "led": -1, "last_trick": [58, 57, 50, 47], "last_leader": 2,
        "last_winner": 2, "won_cards": [[], [], [45, 46, 47, 48, 50, 57, 58, 59], []],
        "tricks": [0, 0, 2, 0],
        "results": [[[4, 7, 2, 7, 4, 4, 0, 0, 1, 1, 9, 1, 0, 0, 0, 0], [-1, 0, 2, 0], [3],
                     [5, 2, 3, 0]]],
        "legal": [diamonds.PLAY + c for c in [3, 20, 23, 29, 31, 34, 42, 51]]})
    bot = make_bot("diamonds", 2, "hard", 3, None, 6)
    assert bot.choose(view) == diamonds.PLAY + 20  # (29, the heuristic's lead, with BONUS 10)


def test_the_next_card_passed_counts_the_suits_in_hand_M_R2():
    from firmware.games.diamonds.bot import next_pass

    # Rank less 2 per card of its suit in hand: 3H -1, 4H 0, 2S -2, 9S 5: the 2S ...
    assert next_pass([C(3, "H"), C(4, "H"), C(2, "S"), C(9, "S")], False) == C(2, "S")
    # ... and with a third heart, 3H -3 goes first.
    assert next_pass([C(3, "H"), C(4, "H"), C(5, "H"), C(2, "S"), C(9, "S")], False) == C(3, "H")


def test_what_each_suit_action_is_worth_to_the_bot_M_A():
    from firmware.games.diamonds.bot import action_values

    view = {"side": [0, 1], "showroom": [0, 1], "thief": 1}
    assert action_values(view, 0) == (2, 1, 0, 2)  # a club steals the thief's one crystal
    view["showroom"] = [0, 0]
    assert action_values(view, 0) == (2, 1, 0, 0)  # nothing to steal
    view["thief"] = 0
    assert action_values(view, 0) == (2, 1, 0, 1)  # the token with the bot: it moves on
    view["showroom"] = [1, 0]
    assert action_values(view, 0) == (2, 1, 1, 1)  # a spade secures a crystal of its own


def test_the_trick_is_won_by_its_highest_card_of_the_led_suit_M_R5():
    # Last to play, 9D then 5D played: only the 10D beats the 9D.
    view = _view(trick=[C(9, "D"), C(5, "D")], led=diamonds.DIAMONDS, leader=1,
                 hand=[C(7, "D"), C(10, "D")])
    view["legal"] = [diamonds.PLAY + c for c in view["hand"]]
    assert _choose(view) == C(10, "D")


def test_lead_scores_value_plus_one_times_rank_squared():
    # Spades worth nothing here: 14S scores 1 * 196, over 9H's 2 * 81.
    bare = {"showroom": [0, 0, 0], "thief": 0}
    assert _choose(_lead_view([C(9, "H"), C(14, "S")], **bare)) == C(14, "S")
    # A top card of rank 8 (WEAK_LEAD) is led, not the long suit's lowest.
    assert _choose(_lead_view([C(8, "D"), C(2, "H"), C(3, "H"), C(4, "H")], **bare)) == C(8, "D")


def test_two_players_duck_only_in_the_last_trick():
    # 2 players, the bot's 2nd card of the 4th trick (3 cards left), the rival without a
    # trick: one trick is still to come, so it plays to win (12D, strong).
    view = _view(2, trick=[C(5, "D"), C(9, "D")], led=diamonds.DIAMONDS, leader=0,
                 hand=[C(2, "D"), C(12, "D"), C(3, "H")], hand_counts=[3, 3], tricks=[3, 0])
    view["legal"] = [diamonds.PLAY + c for c in (C(2, "D"), C(12, "D"))]
    assert _choose(view) == C(12, "D")


def test_hard_searches_every_action_but_taking_back_a_pick_M_R2():
    from firmware.games.diamonds.bot import candidates

    assert candidates(diamonds.PICK + 5) and candidates(diamonds.PLAY + 5)
    assert candidates(diamonds.CONFIRM)
    assert not candidates(diamonds.UNPICK + 5)


def test_weak_lead_two_players_a_rival_cannot_steal_from_itself():
    # The thief token with the rival, whose showroom has crystals: a club it takes steals
    # nothing (its own showroom), so clubs give it nothing; spades give it 1: 2C leads.
    view = _lead_view([C(2, "C"), C(5, "C"), C(4, "S")], 2, showroom=[0, 2], thief=1)
    assert _choose(view) == C(2, "C")


def test_duck_with_the_lowest_rank_of_every_suit():
    view = _lead_view([C(14, "D"), C(2, "H"), C(9, "S")], 2, tricks=[3, 0],
                      hand_counts=[2, 2])
    assert _choose(view) == C(2, "H")
