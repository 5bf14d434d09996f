# Fewer presses (issue 14) in SIXGEMS: the table's choices (games/sixgems/choices.py) in
# the order they are likely. The rules: G-T2 (use the face), G-T3 (settle), G-P3 (what a gem
# scores), G-P4 (wild gems), G-S2 / G-P5 (placing the dice).
from app_driver import choice_text, make_sim, screen, setup_game, to_decision
from table_checks import choice_decisions, played, shortcuts

from firmware import buttons
from firmware.bots import make_bot
from firmware.games.sixgems import choices as sixgems_choices
from firmware.games.sixgems import rules as sixgems


def decisions(module, seeds, moves=200):
    """(state, view, legal, choices) at the decisions of random games of 2 to 4 seats, the
    table's shortcuts left out (below)."""
    for state, view, legal, choices in with_shortcuts(module, seeds, moves):
        yield state, view, legal, [c for c in choices if not isinstance(c, tuple)]


def with_shortcuts(module, seeds, moves=200):
    return choice_decisions(module.new_game, sixgems_choices.choices, seeds, moves,
                            lambda seed: 2 + seed % 3)


def sixgems_lead(view, seat, boards, faces):
    """What the dice as they lie give `seat` less the best other seat (G-P3, the rules'
    dice_points over each seat's real and wild gems)."""
    dice = [(boards[d], faces[d], d == sixgems.RED) for d in range(sixgems.DICE)]
    points = [sixgems.dice_points([view["real"][s][c] + view["wild"][s][c]
                                   for c in range(sixgems.BOARDS)],
                            dice) for s in range(view["players"])]
    return points[seat] - max([points[s] for s in range(view["players"]) if s != seat])


def sixgems_worth(state, view, action):
    """How much a die placed or a face used widens the mover's lead as the dice then lie
    (the dice not yet placed in the centre: not counted), played on a copy of the game; a
    gem card played, what a gem of its colour scores with the dice as they lie."""
    seat = view["seat"]
    if view["phase"] == "play":
        gems = [view["real"][seat][c] + view["wild"][seat][c] for c in range(sixgems.BOARDS)]
        dice = [(view["boards"][d], view["faces"][d],
                 d == sixgems.RED) for d in range(sixgems.DICE)]
        more = list(gems)
        more[sixgems.colour(action - sixgems.PLAY)] += 1
        return sixgems.dice_points(more, dice) - sixgems.dice_points(gems, dice)
    after = played(state, [action])
    boards = list(after.boards)
    if view["phase"] == "dice":
        for d in range(view["die_index"] + 1, sixgems.DICE):
            boards[d] = sixgems.CENTRE
    return sixgems_lead(view, seat, boards, after.faces)


def test_sixgems_the_likely_choice_first_the_one_that_does_nothing_last_G_T2_G_T3_G_K1():
    # A die placed and a face used: where the mover's lead grows most first (G-P3); a gem
    # card: the dearest colour first; among equals, and for the wild gems, the choice
    # that does nothing last (one UP from the first), the rest in the rules' order (but a
    # wild gem's, below); settling and swapping in the rules' order, no settlement and no
    # swap first (issue 57, below). Guards: the passive choice lost or first, a choice lost
    # or doubled, the order by the red die as a blue, a later die counted.
    seen = set()
    for state, view, legal, choices in decisions(sixgems, range(1, 20), 300):
        assert sorted(choices) == sorted(legal)
        phase = view["phase"]
        if phase in ("dice", "use", "play"):
            values = dict([(a, sixgems_worth(state, view, a)) for a in legal])
            assert choices == sorted(legal,
                                     key=lambda a: (-values[a], a in sixgems_choices.PASSIVE, a)), (
                phase, values, choices)
            if len(set(values.values())) > 1:
                seen.add(phase)
        elif len(legal) > 1 and legal[0] in sixgems_choices.PASSIVE:
            assert choices[-1] == legal[0]
            if phase != "wild":
                assert choices[:-1] == legal[1:]
            seen.add(phase)
        elif phase != "wild":
            assert choices == legal
            seen.add(phase)
    assert {"dice", "use", "play", "settle", "wild", "give", "take"} <= seen, seen


def test_sixgems_no_settlement_is_the_first_choice_so_a_never_exchanges_G_T3():
    # Issue 57: at G-T3's decision the first choice (where the cursor starts, what A picks)
    # is "no settlement", never a settlement card to exchange or to settle with. Guards:
    # the passive choice moved last again (the first row then exchanges or settles).
    seen = 0
    for _state, view, legal, choices in decisions(sixgems, range(1, 20), 300):
        if view["phase"] == "settle" and legal[-1] >= sixgems.EXCHANGE:
            assert choices[0] == sixgems.PASS, choices
            seen += 1
    assert seen > 20, seen


def test_sixgems_a_pressed_through_turns_never_exchanges_a_settlement_card_G_T3():
    # Issue 57, on the handheld by buttons: A and only A at every decision of the human
    # seat. At each G-T3 decision where exchanging is legal the cursor starts on "no
    # settlement", and A passes: the human never exchanges (nor settles) a settlement card.
    # Guards: the exchange (or a settlement) first on the table, the cursor elsewhere.
    sim = make_sim("pybadge", None, seed=3)
    setup_game(sim, "SIXGEMS", 2, ["human", "normal"])
    match = sim.app.match
    seen = 0
    for _ in range(40):
        to_decision(sim)
        table = screen(sim)
        legal = match.legal()
        if match.state.view(match.current())["phase"] == "settle" and legal[-1] >= sixgems.EXCHANGE:
            assert table.legal[table.cursor] == sixgems.PASS, table.legal
            assert choice_text(sim).startswith("no settlement"), choice_text(sim)
            seen += 1
        before = len(match.state.history)
        sim.press(buttons.A)
        action = match.state.history[before]
        assert not sixgems.SETTLE <= action < sixgems.PLAY, (action, table.legal)
        if seen >= 3:
            break
    assert seen >= 3, seen


def test_sixgems_a_wild_gem_goes_first_where_the_dice_make_it_dearest_G_P3_G_P4():
    # The colours for a wild gem the dearest first: a blue die's face on its board scores,
    # the red die's costs (G-P3), a board with no die nothing; waiting last.
    # Guards: the red die counted as a blue, the order reversed.
    seen = 0
    for _state, view, _legal, choices in decisions(sixgems, range(1, 40), 300):
        if view["phase"] != "wild":
            continue
        worth = []
        for action in choices[:-1]:
            colour = action - sixgems.WILD
            value = 0
            for d in range(sixgems.DICE):
                if view["boards"][d] == colour:
                    value = -view["faces"][d] if d == sixgems.RED else view["faces"][d]
            worth.append(value)
        assert choices[-1] == sixgems.WAIT and worth == sorted(worth, reverse=True), worth
        seen += len(set(worth)) > 1
    assert seen > 5, seen


def normal_run(state, stop):
    """The normal bot's decisions for the seat on turn from `state` while it stays on turn
    and stop(state before the decision) is False (a copy is played)."""
    probe = state.clone()
    seat = probe.current_player()
    bot = make_bot("sixgems", seat, "normal", 1)
    run = []
    while probe.current_player() == seat and not stop(probe):
        action = bot.choose(probe.view(seat))
        run.append(action)
        probe.apply(action)
    return run


def test_sixgems_the_three_dice_as_a_normal_bot_places_them_are_one_choice_first_G_S2_G_P5():
    # Issue 57, four presses: at the first die, the three placed as a normal bot would
    # (each where it widens the placer's lead most, G-P3), one pick, first; the dice one by
    # one after it. Guards: another die's board, a die left out, the shortcut at a later die.
    seen = 0
    for state, view, _legal, choices in with_shortcuts(sixgems, range(1, 30), 300):
        cuts = shortcuts(choices)
        if view["phase"] != "dice" or view["die_index"] > 0:
            assert not [c for c in cuts if c[0].startswith("dice")], cuts
            continue
        words, actions, aim = choices[0]
        assert actions == normal_run(state, lambda s: s.phase != sixgems.P_DIE), words
        assert aim == actions[0] and played(state, actions) is not None
        boards = [sixgems.SHORT[a - sixgems.PLACE_DIE] for a in actions]
        assert words == "dice: A %s, B %s, red %s" % tuple(boards), words
        assert choices[1:] == [c for c in choices[1:] if not isinstance(c, tuple)]
        seen += 1
    assert seen > 10, seen


def test_sixgems_the_likely_whole_settlement_is_one_choice_second_G_T1_G_T2_G_T3():
    # Issue 57, four presses: at the card to play, or the face's use, the settlement a
    # normal bot would make from here (its card, its use of the face, the settlement card:
    # G-T1..G-T3), as one pick one DOWN from the first: A alone still plays the likely card
    # and settles nothing (below). Guards: offered when the bot would exchange or pass, a
    # step other than the bot's, the words naming another card, the shortcut first.
    seen = {}
    for state, view, _legal, choices in with_shortcuts(sixgems, range(1, 60), 300):
        phase = view["phase"]
        cuts = [c for c in shortcuts(choices) if c[0].startswith("settle")]
        if phase not in ("play", "use"):
            assert cuts == [], (phase, cuts)
            continue
        run = normal_run(state, lambda s: s.phase not in (sixgems.P_PLAY, sixgems.P_USE,
                                                          sixgems.P_SETTLE))
        ends = [i for i in range(len(run))
                if run[i] == sixgems.PASS or sixgems.SETTLE <= run[i] < sixgems.PLAY]
        run = run[:ends[0] + 1] if ends else run  # to the turn's settlement or not
        if not (run and sixgems.SETTLE <= run[-1] < sixgems.EXCHANGE and len(run) > 1):
            assert cuts == [], (run, cuts)
            continue
        assert len(cuts) == 1 and choices[1] == cuts[0], choices
        words, actions, aim = cuts[0]
        assert actions == run and aim == actions[0], (actions, run)
        k = run[-1] - sixgems.SETTLE
        head = "settle %d %s: " % (k + 1, sixgems.COLOURS[sixgems.SETTLE_COLOURS[k]])
        assert words.startswith(head), words
        if phase == "play":
            assert words[len(head):].startswith("play " + sixgems.gem_text(run[0] - sixgems.PLAY))
        assert len(words) <= 50  # two rows of the choice at 160x128
        seen[phase] = seen.get(phase, 0) + 1
    assert seen.get("play", 0) > 5 and seen.get("use", 0) > 5, seen


def test_sixgems_no_swap_first_and_the_likely_swap_one_down_as_one_choice_G_K1():
    # Issue 57: at G-K1's gem to give, "no swap" first (what A picks: a gem is never given
    # away by A alone), then the swap a normal bot would make (the gem given and the gem
    # taken, G-K1's two steps) as one legal pick, in words; none when the bot declines.
    # At the gem to take, "no swap" first too. Guards: the swap first, no swap last again,
    # the bot's give with another take, a same-colour swap, words naming other gems.
    seen = 0
    for state, view, legal, choices in with_shortcuts(sixgems, range(1, 60), 300):
        if view["phase"] not in ("give", "take"):
            continue
        assert choices[0] == sixgems.NO_SWAP, choices
        cuts = shortcuts(choices)
        run = normal_run(state, lambda s: s.phase not in (sixgems.P_GIVE, sixgems.P_TAKE))
        if view["phase"] == "take" or sixgems.NO_SWAP in run[:2]:
            assert cuts == [], (run, cuts)
            continue
        assert len(cuts) == 1 and choices[1] == cuts[0] and choices[2:] == legal[1:], choices
        words, actions, aim = cuts[0]
        assert actions == run[:2] and aim == actions[0], (actions, run)
        after = played(state, actions)
        assert after is not None and after.phase not in (sixgems.P_GIVE, sixgems.P_TAKE)
        give = actions[0] - sixgems.GIVE
        other, take = divmod(actions[1] - sixgems.TAKE, sixgems.BOARDS)
        assert give != take
        assert words == "swap %s for P%d's %s" % (sixgems.COLOURS[give], other + 1,
                                                  sixgems.COLOURS[take]), words
        seen += 1
    assert seen > 10, seen


def test_sixgems_a_pressed_at_a_swap_makes_no_swap_one_down_a_makes_the_likely_one_G_K1():
    # Issue 57, on the handheld by buttons: at G-K1's first step the cursor starts on "no
    # swap" and A declines the swap; one DOWN is the likely swap, and A there makes it
    # whole. Guards: the swap (or a gem to give) first, the shortcut not one DOWN.
    state = None
    for seed in range(1, 60):
        probe = sixgems.new_game(2 + seed % 3, seed)
        bots = [make_bot("sixgems", s, "normal", seed) for s in range(probe.players)]
        while not probe.is_over() and probe.phase != sixgems.P_GIVE:
            probe.apply(bots[probe.current_player()].choose(probe.view(probe.current_player())))
        if probe.phase == sixgems.P_GIVE:
            state = probe
            break
    assert state is not None
    seat = state.current_player()
    for down in (0, 1):
        seats = ["normal"] * state.players
        seats[seat] = "human"
        sim = make_sim("pybadge", seed=5)
        sim.app._play(state.clone(), seats)
        to_decision(sim)
        table = screen(sim)
        match = sim.app.match
        assert match.state.phase == sixgems.P_GIVE
        assert table.legal[table.cursor] == sixgems.NO_SWAP
        assert choice_text(sim).startswith("no swap"), choice_text(sim)
        before = len(match.state.history)
        if down:
            sim.press(buttons.DOWN)
            assert choice_text(sim).startswith("swap "), choice_text(sim)
        sim.press(buttons.A)
        history = match.state.history
        made = [history[i] for i in range(before, len(history))]
        if down:
            assert len(made) >= 2 and sixgems.GIVE <= made[0] < sixgems.TAKE <= made[1], made
        else:
            assert made[0] == sixgems.NO_SWAP, made
