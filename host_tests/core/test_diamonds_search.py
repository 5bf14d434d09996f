"""Diamonds' own search and bot tests (test_search.py has every game's: legal decisions, no
peeking, the MemoryError fallback, the budget). Portable: pytest and tools/mptest.py."""

from checks import count


def test_the_bots_view_is_the_part_of_the_view_they_read():
    # State.bot_view (what a search's playouts show the bots): the same entries as view(),
    # and enough of them that strict bots (a missing entry raises) choose as from the view.
    # Guards: an entry left out that the heuristic or easy's noise reads, or one that differs.
    from firmware.bots import make_bot
    from firmware.core.prng import Prng
    from firmware.games.diamonds import rules as diamonds

    tables = ((2, None), (3, None), (4, {"teams": "on"}), (5, None), (6, None))
    for players, options in tables[:count(5, 2)]:
        state = diamonds.new_game(players, 40 + players, options)
        rng = Prng(players)
        bots = []
        for seat in range(players):
            for level in ("normal", "easy"):
                bot = make_bot("diamonds", seat, level, seat)
                bot.strict = True
                bots.append(bot)
        moves = 0
        while not state.is_over() and moves < count(400, 120):
            mover = state.current_player()
            for seat in range(players):
                lean = state.bot_view(seat)
                full = state.view(seat)
                for key in lean:
                    assert lean[key] == full[key], (key, lean[key], full[key])
            lean = state.bot_view(mover)
            full = state.view(mover)
            for bot in bots[2 * mover:2 * mover + 2]:
                assert bot.choose(lean) == bot.choose(full)
            legal = full["legal"]
            state.apply(legal[rng.randbelow(len(legal))])
            moves += 1


def test_the_hard_playouts_end_with_the_round_they_start_in():
    # Guards: hard's playouts going on into the next round's deal and pass (board time that
    # changes no score), or the horizon not reaching the search.
    from firmware.bots import make_bot
    from firmware.bots.search import Search, score_lead, shared_policy
    from firmware.core.prng import Prng
    from firmware.games.diamonds import bot as diamonds_bot
    from firmware.games.diamonds import rules as diamonds

    state = diamonds.new_game(2, 7)
    rng = Prng(3)
    while state.phase != diamonds.P_PASS:
        state.apply(state.legal_actions()[0])
    hard = make_bot("diamonds", state.turn, "hard", 1, None, 2)
    hard.start(state.view(state.turn))
    assert hard.search.horizon is diamonds_bot.horizon and hard.search.narrow is diamonds_bot.narrow
    # From the pass, a playout of 40 decisions plays the whole round (2 players: at most 6
    # picks, 2 confirms, 20 cards), whatever its phases, and stops at its end.
    view = state.view(state.turn)
    ends = []

    def evaluate_pass(sample, seat):
        ends.append((sample.round, sample.phase))
        return score_lead(sample, seat)

    policy = shared_policy(diamonds_bot.Bot, 2)
    Search(diamonds, view, policy, evaluate_pass, Prng(5), None, 4, 40,
           horizon=diamonds_bot.horizon).run()
    assert ends == [(state.round + 1, diamonds.P_COUNT)] * len(ends) and ends, ends
    while not (state.phase == diamonds.P_PLAY and len(state.hands[state.turn]) <= 2):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    view = state.view(state.turn)
    for horizon, crossed in ((diamonds_bot.horizon, False), (None, True)):
        seen = []  # (round, phase) of each playout's end

        def evaluate(sample, seat, seen=seen):
            seen.append((sample.round, sample.phase))
            return score_lead(sample, seat)

        Search(diamonds, view, policy, evaluate, Prng(5), None, 4, 40, horizon=horizon).run()
        # The round's end deals the next one (M-R7, M-R1): a playout may stop there, before
        # its dealer's first decision, or play on into it.
        assert seen
        assert any(r > state.round and p != diamonds.P_COUNT for r, p in seen) == crossed, seen


def test_the_hard_evaluation_counts_crystals_by_side():
    # Guards: a showroom crystal counted at its score before the game's end (it may still be
    # stolen), a partner counted as a rival (M-O3), the game's end without its true score
    # lead or the win.
    from firmware.core.prng import Prng
    from firmware.games.diamonds import bot as diamonds_bot
    from firmware.games.diamonds import rules as diamonds

    state = diamonds.new_game(3, 4)
    state.vault = [3, 1, 2]
    state.showroom = [2, 6, 0]
    # Seat 0: 60 + 2 x 7 = 74 tenths; the best rival, seat 1: 20 + 6 x 7 = 62.
    assert diamonds_bot.evaluate(state, 0) == 74 - 62
    assert diamonds_bot.evaluate(state, 1) == 62 - 74
    assert diamonds_bot.evaluate(state, 2) == 40 - 74
    teams = diamonds.new_game(4, 4, {"teams": "on"})  # seats 0 and 2 against 1 and 3
    teams.vault = [5, 2]
    teams.showroom = [1, 0]
    for seat in (0, 2):
        assert diamonds_bot.evaluate(teams, seat) == 100 + diamonds_bot.SHOWROOM - 40
    for seat in (1, 3):
        assert diamonds_bot.evaluate(teams, seat) == 40 - 100 - diamonds_bot.SHOWROOM
    rng = Prng(9)
    over = diamonds.new_game(2, 11)
    while not over.is_over():
        legal = over.legal_actions()
        over.apply(legal[rng.randbelow(len(legal))])
    scores = over.scores()
    winners = over.winners()
    for seat in range(2):
        won = diamonds_bot.WIN // len(winners) if seat in winners else 0
        assert diamonds_bot.evaluate(over, seat) == 10 * (scores[seat] - scores[1 - seat]) + won
    over.vault = [4, 4]  # a tie (M-E2): the win shared
    over.showroom = [3, 3]
    assert over.winners() == [0, 1]
    assert diamonds_bot.evaluate(over, 0) == diamonds_bot.evaluate(over, 1) == diamonds_bot.WIN // 2


def test_a_search_plays_on_quiet_samples():
    # GameState.quiet (a quiet state keeps no notes and plays the same: test_contract.py).
    # Guards: the search's samples not made quiet, so its playouts make every note.
    from firmware.bots import make_bot
    from firmware.bots.search import Search
    from firmware.core.prng import Prng
    from firmware.games.diamonds import rules as diamonds

    bots = [make_bot("diamonds", s, "easy", s) for s in range(2)]
    state = diamonds.new_game(2, 5)
    while state.phase != diamonds.P_PLAY:
        state.apply(bots[state.current_player()].choose(state.view(state.current_player())))
    dealt = []

    def deal(view, rng):
        dealt.append(diamonds.sample_state(view, rng))
        return dealt[-1]

    policy = [make_bot("diamonds", s, "normal", s) for s in range(2)]
    seat = state.current_player()
    view = state.view(seat)
    # Whole rounds of candidates: each sample is played on by its round's last candidate.
    Search(diamonds, view, policy, lambda s, seat: 0, Prng(3), None, 2 * len(view["legal"]), 20,
           view["legal"][0], deal=deal).run()
    assert dealt and all(s.quiet and s.notes == [] for s in dealt)


def test_the_hard_bot_reads_the_rivals_plays_with_two_players_only():
    # Belief (firmware/games/diamonds/belief.py) was measured with 2 players; at larger
    # tables its tables cost a board's heap. Guards: the player count tested wrong.
    from firmware.games.diamonds import bot as diamonds_bot
    from firmware.games.diamonds.belief import Belief

    assert isinstance(diamonds_bot.belief(1, 2), Belief) and diamonds_bot.belief(1, 2).seat == 1
    for players in (3, 4, 5, 6):
        assert diamonds_bot.belief(0, players) is None
