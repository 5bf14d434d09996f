"""Fewer presses (issue 57) in Diploma: the table's choices (games/diploma/choices.py) in a
placement phase (P-P), the move a normal bot would make first as one pick, and A pressed
through a whole game. Rule ids: seeds/diploma.md."""

from app_driver import make_sim, setup_game
from table_checks import played
from test_diploma_table import placing_state, play_to

from firmware import buttons
from firmware.bots import make_bot
from firmware.core import load
from firmware.games.diploma import choices as diploma_choices
from firmware.games.diploma import rules as diploma
from firmware.ui import screens


def normal_bot_decisions(seeds):
    """(state, the seats' bots, the view of the seat on turn, its bot's action) at every
    decision of games of normal bots (2-4 seats by the seed); the action is applied after."""
    for seed in seeds:
        state = diploma.new_game(2 + seed % 3, seed)
        bots = [make_bot("diploma", s, "normal", seed) for s in range(state.players)]
        while not state.is_over():
            seat = state.current_player()
            view = state.view(seat)
            action = bots[seat].choose(view)
            yield state, bots, view, action
            state.apply(action)


def likely_run(state, bot):
    """A normal bot's move from a placement decision: its action; a tile's kind with the
    spot it picks next (P-P3); a step with the tile it lays from there, if it lays one."""
    seat = state.current_player()
    probe = state.clone()
    run = []
    while True:
        action = bot.choose(probe.view(seat))
        if run and run[-1] < diploma.JUMP and action < diploma.TILE:
            return run  # (a step not followed by a tile)
        run.append(action)
        probe.apply(action)
        if not (diploma.STEP <= action < diploma.JUMP or diploma.TILE <= action < diploma.PLACE):
            return run


def move_words(state, actions):
    """The words of a normal bot's placement move as one pick (`actions`: likely_run), the
    rules' own: a tile laid ('lay ' and the spot, P-P3), a step and its tile ('step h3, lay
    ...', or 'h3: ...' where that does not fit a row), else the action's."""
    if len(actions) == 1:
        return state.action_text(actions[0])
    probe = played(state, actions[:-1])
    assert probe is not None and probe.phase == diploma.P_SPOT
    said = probe.action_text(actions[-1]).replace("place ", "", 1)
    if len(actions) == 2:
        return "lay " + said
    step = "step h%d, lay " % (actions[0] - diploma.STEP)
    if len(step + said) > 25:  # (one row at 160x128)
        step = "h%d: " % (actions[0] - diploma.STEP)
    return step + said


def test_the_likely_placement_move_is_one_pick_first_as_a_normal_bot_makes_it_P_P():
    # Issue 57: in a placement phase (P-P) the move a normal bot would make is one pick: a
    # tile laid whole (P-P3: its kind, then the hex and turn the bot picks among the spots),
    # a step and the tile laid from there (P-P2), a buy, a declaration, the end of the
    # phase, ... in the rules' own words, first; a move giving something away (P-P4 a sale,
    # P-P7 a barrier, P-R4 a renewal, the swap tool) one DOWN, ending the phase first, so A
    # never gives. A tile laid that the bot follows with more tiles laid, or with the end of
    # the phase, is also one pick with them, first, while their words fit one row; the one
    # move then comes second. Games of normal bots. Guards: another spot than the bot's (a
    # spots list in another order, a step's choices off), a pick left out of a lay, a sale
    # first, the words of another hex or turn, the rules' choices lost; a run past a buy or
    # a declaration, a run cut short for nothing, a run's words not its moves'.
    seen = {}
    for state, bots, view, action in normal_bot_decisions(range(1, 7)):
        seat = view["seat"]
        if view["phase"] == "place":
            legal = view["legal"]
            order = diploma_choices.choices(view, legal)
            gives = diploma_choices.gives(action)
            cuts = [c for c in order if isinstance(c, tuple)]
            run = cuts[0] if len(cuts) == 2 else None
            assert order[len(cuts) + gives:] == diploma_choices.others(view, legal)
            assert 1 <= len(cuts) <= 2 - gives, cuts
            words, actions, aim = cuts[-1]
            assert actions == likely_run(state, bots[seat]) and aim == action, actions
            assert played(state, actions) is not None
            assert words == move_words(state, actions) and len(words) <= 25, words
            if len(actions) > 1:  # P-P3: the spot the bot picks, said as the rules do
                kind = "step, tile" if len(actions) == 3 else "tile"
            else:
                kind = "step" if diploma.STEP <= action < diploma.JUMP else action
            if gives:
                assert order[0] == diploma.END and order[1] == cuts[0], order
                kind = "gives"
            else:
                assert order[0] == cuts[0], order
            seen[kind] = seen.get(kind, 0) + 1
            probe = played(state, actions)
            said = words
            if run is not None:  # the moves after it: the bot's, each a tile laid or the end
                assert run[2] == aim and run[1][:len(actions)] == actions, (run, actions)
                rest = run[1][len(actions):]
                assert rest, run  # (never the one move twice)
                while rest:
                    after = likely_run(probe, bots[seat])
                    assert rest[:len(after)] == after, (run, after)
                    assert after[-1] >= diploma.PLACE or after == [diploma.END], after
                    said += ", " + ("end" if after == [diploma.END]
                                    else move_words(probe, after))
                    probe = played(probe, after)
                    rest = rest[len(after):]
                assert run[0] == said and len(said) <= 25, (run, said)
                seen["run"] = seen.get("run", 0) + 1
            if actions[-1] >= diploma.PLACE and probe.current_player() == seat \
                    and said[-5:] != ", end":  # (cut short: the next move no tile, or too long)
                after = likely_run(probe, bots[seat])
                more = "end" if after == [diploma.END] else move_words(probe, after)
                assert (after[-1] < diploma.PLACE and after != [diploma.END]
                        or len(said + ", " + more) > 25), (said, after, more)
    assert seen.get("tile", 0) > 50 and seen.get("step, tile", 0) > 20, seen
    assert seen.get("gives", 0) > 3 and seen.get(diploma.END, 0) > 20, seen
    assert seen.get(diploma.BUY, 0) > 10 and seen.get("run", 0) > 20, seen


def test_a_pressed_through_a_whole_game_plays_legal_moves_and_never_gives_anything_away():
    # Issue 57: A and only A at every screen of a whole game against a normal bot: every
    # pick is legal (Match.play raises on an illegal one), each placement phase starts on
    # the likely move, and nothing is ever sold (P-P4), put as a barrier (P-P7), renewed
    # (P-R4) or swapped by the tool. Guards: a sale or a barrier first on the list, a
    # shortcut whose later picks are illegal (a spot off the pawn's neighbours).
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, load("diploma").TITLE, 2, ["human", "normal"])
    match = sim.app.match
    laid = 0
    for _ in range(20000):
        if match.over():
            break
        table = sim.app.screen
        if isinstance(table, screens.TableScreen) and match.human_turn():
            choice = table.legal[table.cursor]
            actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
            assert not [a for a in actions if diploma_choices.gives(a)], choice
            laid += len(actions) > 1 and actions[-1] >= diploma.PLACE
        elif isinstance(table, screens.TableScreen) and table.busy():
            sim.frame(0)
            continue
        sim.press(buttons.A)
    assert match.over() and laid > 5, laid


def test_the_die_the_production_and_the_conversion_a_normal_bot_picks_come_first_P_R_P_D4():
    # Issue 57: the die to draft (P-R1), the die to produce with (P-R2) and the conversion
    # (P-D4, and the final ones of P-E1) a normal bot would pick come first, every other
    # choice after it once; a conversion as a pick of its own in the rules' words (so the
    # cursor stays first for the next one); mana to points as many at once as the bot turns
    # one after another ("6 mana: 6 points", keeping what it keeps for the most-mana title
    # or for later). Games of normal bots. Guards: the heuristic's first instead of the
    # bot's, a choice lost or doubled, another conversion's words, all the mana turned
    # where the bot keeps some, one at a time.
    seen = {}
    runs = set()
    for state, bots, view, action in normal_bot_decisions(range(1, 5)):
        phase = view["phase"]
        if phase in ("draft", "assign", "convert", "final"):
            legal = view["legal"]
            order = diploma_choices.choices(view, legal)
            if phase in ("convert", "final"):
                run = bot_run(state, bots[view["seat"]], action)
                said = state.action_text(action)
                if len(run) > 1:
                    said = "%d mana: %d points" % (len(run), len(run))
                    runs.add((phase, len(run) < view["mana"][view["seat"]]))
                assert order[0] == (said, run, action), order
                order = order[1:]
            else:
                assert order[0] == action, (order, action)
            assert sorted(order) == sorted(legal), (order, legal)
            seen[phase] = seen.get(phase, 0) + (len(legal) > 1)
    assert seen.get("draft", 0) > 20 and seen.get("assign", 0) > 10, seen
    assert seen.get("convert", 0) + seen.get("final", 0) > 10, seen
    assert ("final", False) in runs and ("convert", True) in runs, runs


def bot_run(state, bot, action):
    """The bot's conversion and the same ones it makes after it, from the game itself."""
    seat = state.current_player()
    probe = state.clone()
    run = [action]
    probe.apply(action)
    while action == diploma.MANA_POINT and probe.current_player() == seat:
        if bot.choose(probe.view(seat)) != action:
            break
        run.append(action)
        probe.apply(action)
    return run


def test_the_view_after_a_step_is_the_rules_own_P_P2_P_P3():
    # The likely step with its tile is found on the view after the step (choices._stepped):
    # its pawn, its moves and its choices (steps onto tiles, jumps, the kinds that fit from
    # there) are what the rules give once the step is made. Random games, and a board
    # holding tile 0 (the first red straight) next to the hex stepped to. Guards: a step
    # off the tiles or onto one hex too far, the last move's step kept, a kind that fits
    # only from the old hex, tile 0 taken for an empty hex.
    def check(state):
        seat = state.current_player()
        view = state.view(seat)
        steps = [a for a in view["legal"] if diploma.STEP <= a < diploma.JUMP]
        for a in steps:
            there = diploma_choices._stepped(view, a - diploma.STEP)
            after = state.clone()
            after.apply(a)
            real = after.view(seat)
            assert sorted(there["legal"]) == sorted(real["legal"]), (a, there["legal"])
            assert there["pawn"] == real["pawn"] and there["moves"] == real["moves"]
        return len(steps)

    seen = 0
    for seed in range(1, 9):
        for skip in range(0, 12, 3):
            state = play_to(2 + seed % 3, seed, "place", skip)
            if not state.is_over():
                seen += check(state)
    state, seat = placing_state()
    state.boards[seat][1] = diploma.sample_tile(diploma.GREY * 3 + 0)  # west-east: steps
    state.rots[seat][1] = 0
    north_west = diploma.NEIGH[1 * 6 + 2]
    state.boards[seat][north_west] = 0  # tile 0, a red straight, north-west of hex 1
    state.rots[seat][north_west] = 1
    state.items[seat] = [diploma.T_JUMP]
    state.moves = 1  # (the step takes the last move: no steps from there)
    state.tiles[seat] = [diploma.sample_tile(2), diploma.sample_tile(diploma.MANA_KIND)]
    assert diploma.kind(0) == 0 and north_west != 255
    assert check(state) == 2  # (onto hex 1 and onto tile 0: both next to the centre)
    state.moves = 3
    assert check(state) == 2
    assert seen > 10, seen


def test_the_tile_chosen_goes_first_where_it_closes_a_loop_or_joins_the_most_lines_P_P3():
    # P-P3's second decision: the placements ordered by what laying the tile there does on
    # the board (the rules' own state after it): a loop closed first (it can be declared,
    # P-P5), then the most of its line ends joined to tiles around it; a mana spot joins
    # nothing. Guards: the rotation read from the wrong part of the action, a joined end
    # counted where there is no tile.
    seen = 0
    for seed in range(30):
        state = play_to(2 + seed % 3, seed, "spot", skip=seed % 5)
        if state.is_over():
            continue
        seat = state.current_player()
        view = state.view(seat)
        worth = []
        for a in diploma_choices.choices(view, view["legal"]):
            h, r = (a - diploma.PLACE) // 6, (a - diploma.PLACE) % 6
            after = state.clone()
            after.apply(a)
            board = after.boards[seat]
            if [lp for lp in after.view(seat)["loops"] if h in lp]:
                worth.append(100)
                continue
            if diploma.kind(board[h]) == diploma.MANA_KIND:
                worth.append(1)
                continue
            mine = diploma.mask(board[h], r)
            worth.append(len([d for d in range(6) if mine >> d & 1
                              and diploma.NEIGH[h * 6 + d] != 255
                              and board[diploma.NEIGH[h * 6 + d]] >= 0]))
        assert worth == sorted(worth, reverse=True), worth
        seen += len(set(worth)) > 1
    assert seen > 5, seen


def test_the_presses_bench_counts_a_new_rounds_first_decision_as_a_new_turn(monkeypatch):
    # tools/presses.py: a turn is the human's run of decisions within one round. The magic
    # asked before the next round's roll (phase "scan"), right after the human's placement
    # phase ended the round with no other seat in between, is the next turn's. Guards: the
    # placement's presses and the next round's counted as one turn (Diploma's worst turn
    # was 14 so).
    import presses

    runs = []
    kind = presses.turn_kind

    def kept(game, phases, words):
        runs.append(list(phases))
        return kind(game, phases, words)

    monkeypatch.setattr(presses, "turn_kind", kept)
    tally = presses.measure("diploma", 2)
    assert any("scan" in run for run in runs) and any("place" in run for run in runs)
    for run in runs:
        assert not any(p == "scan" and "place" in run[:i] for i, p in enumerate(run)), run
    # A turn with a placement is counted as the placement phase (P-P), the others apart;
    # with 'cursor max', the most presses beyond one a decision in one turn of a kind.
    phases = [run for run in runs if "place" in run]
    assert len(tally.turns["placement phase"]) == len(phases)
    assert len(tally.turns["turn"]) == len(runs) - len(phases)
    for kind_of in tally.turns:
        assert 0 <= tally.extra[kind_of] <= max(tally.turns[kind_of]) - 1
