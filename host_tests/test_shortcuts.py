# Fewer presses (issue 14): the table's shortcuts, several actions chosen as one (Quartz:
# an action with its dice, every die of a face rerolled), played and taken back as one pick,
# and where the cursor goes when the choices change. Quartz rules: Q-T2 (rerolls), Q-T3
# (an action's dice: its face or helmets, MIN_DICE of them at least, once a turn).
from itertools import combinations_with_replacement, product
from math import factorial

import pytest
from app_driver import choose, make_sim, setup_game, to_decision
from checks import fingerprint
from table_checks import choice_decisions, played, shortcuts

from firmware import buttons
from firmware.core import load
from firmware.core.prng import Prng
from firmware.games.quartz import bot as quartz_bot
from firmware.games.quartz import choices as quartz_choices
from firmware.games.quartz import rules as quartz
from firmware.save import SaveSlot
from firmware.ui import screens
from firmware.ui.match import Match


def quartz_decisions(seeds, moves=120, phases=None):
    """(state, view, legal, choices) at the decisions of random Quartz games: the choices
    after the likely one (choices.others, whole: test_quartz_choices.py checks the likely
    run first and the list the table shows). `phases`: the view phases whose choices the
    test reads (default: all); elsewhere they are None, not worked out."""
    wanted = None if phases is None else (lambda view: view["phase"] in phases)
    return choice_decisions(quartz.new_game, quartz_choices.others, seeds, moves,
                            wanted=wanted)


# The phases of a crystal's move (the choices of crystals and targets)
CRYSTAL_PHASES = ("return", "chest", "target", "give", "take")


def points_of(held):
    """What a holding (cart and chest, counts per kind) scores, no chest penalty (Q-F1, Q-F2:
    the rules' own scoring; a second seat with an emptier chest takes the penalty)."""
    return quartz.final_scores([held, [0] * quartz.NKINDS], [1, 0])[0]


def worth(moving, held, kind):
    """How much a player moving a crystal of `kind` wants it, the most first: taken, 10
    times the points it adds to `held` and 3 times its value (what the victim loses); into
    the chest, its value; given away or returned, the fewest points lost."""
    more = list(held)
    more[kind] += 1
    less = list(held)
    less[kind] -= 1
    if moving == "take":
        return 10 * (points_of(more) - points_of(held)) + 3 * quartz.VALUES[kind]
    if moving == "chest":
        return quartz.VALUES[kind]
    return points_of(less) - points_of(held)


def likely_move(pool, left, moving, held):
    """The counts per kind a `moving` move of `left` crystals from `pool` takes, one at a
    time the crystal wanted most (worth, the lower kind on a tie), `held` growing with what
    is taken (shrinking with what is given away or returned); and the worth summed."""
    pool = list(pool)
    held = list(held)
    moved = [0] * quartz.NKINDS
    total = 0
    while left > 0 and sum(pool):
        kind = max([k for k in range(quartz.NKINDS) if pool[k]],
                   key=lambda k, held=held: (worth(moving, held, k), -k))
        total += worth(moving, held, kind)
        moved[kind] += 1
        pool[kind] -= 1
        held[kind] += 1 if moving == "take" else 0 if moving == "chest" else -1
        left -= 1
    return moved, total


def held_by(view, seat):
    return [view["carts"][seat][k] + view["chests"][seat][k] for k in range(quartz.NKINDS)]


def dice_in(words):
    """3 of 'pickaxe with 3 dice'."""
    return int(words.split(" with ")[1].split()[0])


def test_an_action_with_its_dice_uses_its_face_first_then_helmets_Q_T3():
    # Each 'pickaxe with n dice' plays legally to the action done with n dice, the dice of
    # its face used before any helmet (a helmet fits a later action, a die of that face
    # none). Guards: a helmet spent while a die of the face was left, a count off by one,
    # the action left undone (a CONFIRM missing) or one CONFIRM too many (an illegal one).
    seen = 0
    for state, view, legal, choices in quartz_decisions(range(1, 13), phases=("act", "dice")):
        if view["phase"] not in ("act", "dice"):
            continue
        for words, actions in shortcuts(choices):
            kind = (actions[0] - quartz.ACTION if view["phase"] == "act" else view["action"])
            after = played(state, actions)
            assert after is not None, (words, actions, legal)
            done = (after.kinds_used >> kind) & 1
            assert done or after.phase in (quartz.P_ROLL, quartz.P_OVER), words  # (or the next
            # turn began: nothing was left to do)
            if not done:
                continue
            used = [d for d in range(quartz.DICE) if (after.used >> d) & 1
                    and not view["used"][d] and not view["group"][d]]  # by the shortcut
            n = dice_in(words)
            assert len(used) + sum(view["group"]) == n, (words, used, view["group"])
            assert words.startswith(quartz.FACES[kind]), words
            own_left = [d for d in range(quartz.DICE) if d not in used and not view["used"][d]
                        and not view["group"][d] and view["dice"][d] == kind]
            helmets = [d for d in used if view["dice"][d] == quartz.HELMET]
            assert not (helmets and own_left), (words, view["dice"], used)
            seen += 1
    assert seen > 150, seen


def test_every_count_of_every_open_action_is_offered_once_and_the_turn_can_end_Q_T3():
    # In the act phase the choices are the shortcuts (each open kind with each count from
    # its least to all its fitting dice) and ending the turn: nothing the rules allow is
    # out of reach (other dice of a face give the same), nothing twice.
    # Guards: a count left out (the least, or all), a kind not open offered, END_TURN lost.
    seen = 0
    for _state, view, legal, choices in quartz_decisions(range(1, 13), phases=("act",)):
        if view["phase"] != "act":
            continue
        assert choices[-1] == quartz.END_TURN and quartz.END_TURN in legal
        offered = []
        for words, actions in shortcuts(choices):
            if not [a for a in actions if quartz.SEAT <= a < quartz.CRYSTAL]:  # (not one on to a
                offered.append((actions[0] - quartz.ACTION, dice_in(words)))  # target: below)
        expected = []
        for action in legal[1:]:
            kind = action - quartz.ACTION
            fits = len([d for d in range(quartz.DICE) if not view["used"][d]
                        and view["dice"][d] in (kind, quartz.HELMET)])
            expected.extend([(kind, n) for n in range(quartz.MIN_DICE[kind], fits + 1)])
        assert sorted(offered) == sorted(expected), (offered, expected, view["dice"])
        aimed = len(shortcuts(choices)) - len(offered)  # (a steal, a transfer: at most one
        assert aimed <= 2 and len(choices) == len(expected) + 1 + aimed  # each)
        seen += 1
    assert seen > 40, seen


def weigher(view):
    """The normal bot weighing `view`'s dice: its plan's table of each action's value by
    dice (bot.py), from the view's crystals."""
    weigh = quartz_bot.Bot(view["current"])
    weigh.held = [held_by(view, s) for s in range(view["players"])]
    weigh.plan(view, sum([1 << d for d in range(quartz.DICE) if not view["used"][d]]))
    return weigh


def reroll_worth(weigh, kept, n):
    """The plan value (weigh's) of the dice `kept` (per face) and `n` rerolled, summed over
    the 6 ** 5 outcomes of five dice (every outcome of the n, each as often as it rolls)."""
    total = 0
    for faces in combinations_with_replacement(range(len(quartz.FACES)), n):
        counts = list(kept)
        ways = factorial(n)
        for face in set(faces):
            counts[face] += faces.count(face)
            ways //= factorial(faces.count(face))
        total += ways * weigh.dice_value(counts)
    return total * 6 ** (quartz.DICE - n)


def test_a_reroll_shortcut_rerolls_every_die_of_its_faces_and_those_picked_Q_T2():
    # 'reroll 2 steal, chest': every die of its faces and those picked, each face said
    # with its dice; each set of the faces showing (a helmet's never: it fits any action)
    # once, ROLLS at most; first the rerolls of the faces the plan needs least (a face's
    # dice with one helmet more, a die: the one face, the two, ...), the best on average
    # first (the normal bot's plan value over every outcome: how the hard bot picks its
    # reroll); then the others nearest the likely reroll's (`near`), then the fewer faces;
    # the marker's cost said; then the dice one at a time, keeping them last.
    # Guards: a die of a face left unrolled, a picked die dropped, a helmet rerolled, a set
    # twice or left out, the worst first, the cost not said, a die's pick lost.
    seen = 0
    weighed = 0
    for state, view, legal, _choices in quartz_decisions(range(1, 13), phases=()):
        if view["phase"] != "roll":
            continue
        dice = view["dice"]
        kept = [d for d in range(quartz.DICE) if not view["selected"][d]]
        shown = sorted({dice[d] for d in kept if dice[d] != quartz.HELMET})
        weigh = weigher(view)
        counts = [len([d for d in kept if dice[d] == face]) for face in range(6)]
        needs = {}  # a face's dice with one helmet more (a die more: any face), a die
        for f in shown:
            alone = [counts[f] if g == f else 0 for g in range(6)]
            alone[quartz.HELMET] = 1 if counts[f] < quartz.DICE else 0
            needs[f] = weigh.dice_value(alone) / counts[f]
        least = sorted(shown, key=lambda f: (needs[f], f))
        prefixes = [set(least[:i]) for i in range(1, len(least) + 1)]
        worth = {}
        for faces in prefixes:
            left = [0 if f in faces else counts[f] for f in range(6)]
            worth[tuple(sorted(faces))] = reroll_worth(weigh, left, quartz.DICE - sum(left))
        for near in [set()] + [{face} for face in shown]:
            choices = quartz_choices.others(view, legal, sum([1 << f for f in near]))
            assert choices[-1] == quartz.KEEP
            assert [c for c in choices if not isinstance(c, tuple) and c >= quartz.DIE] == [
                a for a in legal if a >= quartz.DIE]
            sets = []
            for words, actions in shortcuts(choices):
                assert actions[-1] == quartz.REROLL and played(state, actions) is not None, words
                probe = played(state, actions[:-1])
                picked = [d for d in range(quartz.DICE) if (probe.sel >> d) & 1]
                faces = {dice[a - quartz.DIE] for a in actions[:-1]}
                assert quartz.HELMET not in faces, words
                assert picked == [d for d in range(quartz.DICE) if view["selected"][d]
                                  or dice[d] in faces], (words, dice)
                for face in {dice[d] for d in picked}:
                    n = len([d for d in picked if dice[d] == face])
                    assert ("" if n == 1 else "%d " % n) + quartz.FACES[face] in words, words
                assert (", a marker" in words) == (view["rerolls"] == 0), words
                sets.append(faces)
                seen += 1
            want = []
            for mask in range(1, 1 << len(shown)):
                want.append({shown[i] for i in range(len(shown)) if (mask >> i) & 1})
            want.sort(key=lambda f: (f not in prefixes, -worth.get(tuple(sorted(f)), 0),
                                     len(f ^ near), len(f), sum([1 << g for g in f])))
            assert sets == want[:2 ** 4 - 1], (near, sets, want)  # (every set of four faces;
            # of five, the first 15: a list within paging)
            if len(set(worth.values())) > 1:
                weighed += 1
    assert seen > 200 and weighed > 100, (seen, weighed)


def test_crystals_are_offered_the_likely_first():
    # Taking: the crystal that adds most to the mover's points (a set's bonus too), and a
    # little of what the victim loses; chesting: the dearest; giving and returning: the one
    # that costs the fewest points (an unstable one first). The same choices as the rules',
    # in another order. Guards: the order by value alone (a set's bonus left out), reversed.
    seen = set()
    for _state, view, legal, choices in quartz_decisions(range(1, 30), 200, CRYSTAL_PHASES):
        if not legal or legal[0] < quartz.CRYSTAL:
            continue
        choices = [c for c in choices if not isinstance(c, tuple)]
        assert sorted(choices) == sorted(legal)
        held = held_by(view, view["current"])
        phase = view["phase"]
        want = sorted(legal, key=lambda a: (-worth(phase, held, a - quartz.CRYSTAL), a))
        assert choices == want, (phase, held, choices, want)
        seen.add(phase)
        if phase == "take" and [quartz.VALUES[a - quartz.CRYSTAL] for a in choices] != sorted(
                [quartz.VALUES[a - quartz.CRYSTAL] for a in choices], reverse=True):
            seen.add("a set's bonus first")
    assert seen == {"take", "chest", "give", "return", "a set's bonus first"}, seen


def test_a_whole_crystal_move_at_once_moves_what_its_words_say_Q_T3():
    # 'steal 2 ruby, 1 amber from P3' (at the target step: the target, then its crystals),
    # 'put 2 ruby in the chest', 'give 1 obsidian to P2', 'return 1 quartz to the bag': the
    # whole move as one pick, the likely crystals (the dearest taken or chested, the
    # cheapest given or returned), the move over when it is played.
    # Guards: a count off by one, a crystal the game would have moved itself still in the
    # shortcut (illegal then), the wrong end of the values, a target's words on another.
    seen = set()
    counted = 0  # (the counts are read where the turn goes on: a turn's end moves some too)
    for state, view, _legal, choices in quartz_decisions(range(1, 120), 200, CRYSTAL_PHASES):
        phase = view["phase"]
        if phase not in CRYSTAL_PHASES:
            continue
        for words, actions in shortcuts(choices):
            after = played(state, actions)
            assert after is not None, (words, actions)
            assert after.left == 0 and after.phase not in (quartz.P_TARGET, quartz.P_TAKE,
                                                           quartz.P_GIVE,
                                                           quartz.P_CHEST, quartz.P_RETURN), words
            me = view["current"]
            verb = words.split()[0]
            seen.add(verb)
            if phase == "target":
                target = actions[0] - quartz.SEAT
                assert "P%d" % (target + 1) in words, words
            else:
                target = view["target"]
            if after.phase != quartz.P_ACT:
                continue
            moved = [after.chests[me][k] - view["chests"][me][k] for k in range(quartz.NKINDS)]
            if verb in ("steal", "give", "return"):  # (a return: from the cart too)
                mine = after.carts[me]
                moved = [abs(mine[k] - view["carts"][me][k]) for k in range(quartz.NKINDS)]
            said = ", ".join("%d %s" % (moved[k], quartz.KINDS[k]) for k in range(quartz.NKINDS)
                             if moved[k])
            assert said and said in words, (words, moved)
            source = (view["mined"] if verb == "return" else view["carts"][target]
                      if verb == "steal" else view["carts"][me])
            moving = {"steal": "take", "put": "chest"}.get(verb, verb)
            want, _ = likely_move(source, view["left"], moving, held_by(view, me))
            assert moved == want, (words, moved, want)  # the crystals wanted most
            counted += 1
    assert seen == {"steal", "give", "put", "return"} and counted > 100, (seen, counted)


def test_a_shortcut_is_one_pick_to_play_and_to_take_back(tmp_path):
    # Guards: a shortcut taken back an action at a time, the save left on the undone
    # state, an illegal shortcut half played.
    slot = SaveSlot(str(tmp_path / "q"), sync=False)
    match = Match(quartz.new_game(3, 4), ["human", "normal", "normal"], slot)
    checked = 0
    rng = Prng(4)
    for _ in range(300):
        if match.over() or checked >= 6:
            break
        if not match.human_turn():
            assert match.think(1000)
            continue
        view = match.state.view(match.current())
        choices = quartz_choices.others(view, match.legal())  # (the likely run most often
        mine = shortcuts(choices)  # ends at a roll or a draw: nothing to take back)
        if not mine or view["phase"] == "roll":  # (a reroll shows new dice: no take-back)
            match.play(choices[rng.randbelow(len(choices))] if not mine else match.legal()[0])
            continue
        words, actions = mine[rng.randbelow(len(mine))]
        before = fingerprint(match.state)
        history = list(match.state.history)
        with pytest.raises(ValueError):
            match.play_all(actions + [quartz.CONFIRM,
                                      quartz.CONFIRM])  # one too many: refused whole
        assert fingerprint(match.state) == before and list(slot.load().state.history) == history
        match.play_all(actions)
        assert list(match.state.history) == history + actions
        if match.can_take_back() and match.state.history[len(history):] == actions:
            picks = len(history) > match._undo_len
            assert match.take_back()
            assert list(match.state.history) == history  # the whole shortcut, at once
            assert fingerprint(match.state) == before
            assert list(slot.load().state.history) == history
            assert match.can_take_back() == picks
            match.play_all(actions)
            checked += 1
    assert checked >= 3, checked


def test_an_only_choice_is_taken_back_with_the_pick_that_left_it():
    # Diam's: a pick that leaves one choice (played for the player) and B: both go, not only
    # the forced one (which the table would play again at once: B would do nothing).
    found = 0
    for seed in range(1, 60):
        module = load("diams")
        match = Match(module.new_game(2, seed), ["human", "normal"], None, None)
        rng = Prng(seed)
        for _ in range(200):
            if match.over():
                break
            if not match.human_turn():
                assert match.think(1000)
                continue
            history = list(match.state.history)
            legal = match.legal()
            action = legal[rng.randbelow(len(legal))]
            match.play(action)
            if (match.can_take_back() and match.only_choice() is not None
                    and match.can_take_back()):  # (still their turn, nothing new seen)
                assert len(match.state.history) == len(history) + 2
                assert match.take_back()
                assert list(match.state.history) == history
                found += 1
                break
        if found >= 2:
            break
    assert found >= 2, found


def test_follow_keeps_the_choice_else_its_place_and_a_new_decision_or_step_starts_first():
    assert screens.follow([1, 2, 3], 1, [3, 2], False) == 1  # the same choice, where it sits now
    assert screens.follow([1, 2, 3], 1, [3, 2], True) == 1  # (also after something new)
    assert screens.follow([1, 2, 3, 4], 2, [5, 6, 7, 8], False) == 2  # its place
    assert screens.follow([1, 2, 3, 4], 3, [1, 6], False) == 1  # its place, the list shorter
    assert screens.follow([1, 2, 3, 4], 1, [5, 3, 4], False) == 1  # one gone: its place
    assert screens.follow([1, 2, 3, 4], 2, [5, 6, 4], False) == 2
    # The last pick opened a new step (several choices gone, a new one first: 'pass the
    # chosen cards' once the third card is chosen): the first.
    assert screens.follow([1, 2, 3, 4], 3, [5, 6], False) == 0
    assert screens.follow([1, 2, 3, 4, 7], 3, [5, 4, 7], False) == 1  # (still the same choice)
    assert screens.follow([1, 2, 3, 4], 2, [5, 6, 7, 8], True) == 0  # something new: the first
    assert screens.follow([], 0, [5, 6], False) == 0
    assert screens.follow([("a", [1, 2]), 3], 0, [3, ("a", [1, 2])], False) == 1  # a shortcut


def test_pressing_a_on_a_shortcut_plays_it_and_b_takes_it_back():
    # On the screen: the choice row shows the shortcut's words, A plays all its actions,
    # one B takes them all back.
    sim = make_sim("pybadge", seed=2)
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    for _ in range(40):
        to_decision(sim)
        table = sim.app.screen
        match = sim.app.match
        mine = [c for c in shortcuts(table.legal)  # (no die rolled nor crystal drawn: they
                if match.state.view(match.current())["phase"] in ("act", "dice")  # can't be
                and c[1][0] in (quartz.ACTION + quartz.CHEST, quartz.ACTION + quartz.STEAL,
                                quartz.ACTION + quartz.TRANSFER)]  # taken back)
        if mine:
            history = list(match.state.history)
            actions = choose(sim, mine[0])
            assert len(actions) > 1
            if (not isinstance(sim.app.screen, screens.TableScreen) or not match.can_take_back()
                    or len(match.state.history) != len(history) + len(actions)):
                continue  # (the turn ended, or a lone choice followed: not this case)
            sim.press(buttons.B)
            assert list(match.state.history) == history
            return
        choose(sim, table.legal[0])
    raise AssertionError("no shortcut taken back")


def act_worth(weigh, view, kind, actions):
    """What the action of `kind` with the dice of `actions` is worth to the normal bot: its
    value with those dice (the plan's table) and the best the dice left do for the other
    actions, every helmet left tried on every other action (or none)."""
    free = [d for d in range(quartz.DICE) if not view["used"][d]]
    dice = [a - quartz.DIE for a in actions if quartz.DIE <= a < quartz.DIE + quartz.DICE]
    left = [view["dice"][d] for d in free if d not in dice]
    best = 0
    for uses in product(range(6), repeat=left.count(quartz.HELMET)):  # (5: idle)
        counts = [left.count(k) + uses.count(k) for k in range(5)]
        best = max(best, sum([weigh.table[k][counts[k]] for k in range(5) if k != kind]))
    return weigh.table[kind][len(dice)] + best


def test_each_action_is_offered_the_best_first_by_the_plan_and_one_die_is_a_die_Q_T3():
    # Each open kind with each count of its dice, the best first by what the normal bot's
    # plan makes of it: the action's value with those dice, and the best plan of the dice
    # left for the other actions (a steal of two dice and a pickaxe of the helmet before a
    # steal of three, when the plan says so); the likely count of each kind before its
    # others on a tie; a steal's, a transfer's best count on to its likely target just
    # before it; '1 die', not '1 dice'. Mining is worth nothing from a bag of unstable
    # crystals (every other round here). Guards: the play order alone, a count's worth
    # without the dice it leaves, mining valued from the wrong bag, a count off by one,
    # another count aimed.
    seen = 0
    differ = 0
    aimed = 0
    for _state, view, legal, choices in quartz_decisions(range(1, 13), phases=("act",)):
        if view["phase"] != "act":
            continue
        if view["round"] % 2:  # (every other round, a bag of unstable crystals: no mining)
            view = dict(view)
            view["bag"] = [1, 0, 0, 0, 0, 0, 9]
            choices = quartz_choices.others(view, legal)
        weigh = weigher(view)
        plain = [c for c in shortcuts(choices)  # (not a steal's on to a target: below)
                 if not [a for a in c[1] if quartz.SEAT <= a < quartz.CRYSTAL]]
        worths = []
        for words, actions in plain:
            n = dice_in(words)
            assert words.endswith("%d %s" % (n, "die" if n == 1 else "dice")), words
            worths.append(act_worth(weigh, view, actions[0] - quartz.ACTION, actions))
        assert worths == sorted(worths, reverse=True), (plain, worths)
        for at, choice in enumerate(choices):  # a steal, a transfer on to its target: its
            if isinstance(choice, tuple) and choice not in plain:  # best count's, the first
                kinds = [c for c in plain if c[1][0] == choice[1][0]]  # of its kind
                assert choices[at + 1] == kinds[0], (choice, choices)
                aimed += 1
        if len(set(worths)) > 2:
            differ += 1
        seen += 1
    assert seen > 60 and differ > 30 and aimed > 30, (seen, differ, aimed)


def test_the_likely_target_comes_first_Q_T3():
    # A transfer's target: the leader first (the unstable crystals where they hurt most; on
    # a tie the later seat); a steal's: the cart whose crystals are worth most to take (the
    # likely move's worth summed); the whole move's shortcut of each target in that order,
    # then the targets. Guards: the order reversed, a steal aimed by points, a target lost.
    seen = set()
    for _state, view, legal, choices in quartz_decisions(range(1, 60), 200, ("target",)):
        if view["phase"] != "target":
            continue
        targets = [c for c in choices if not isinstance(c, tuple)]
        assert sorted(targets) == sorted(legal)
        runs = [c[1][0] for c in shortcuts(choices)]
        assert runs == [t for t in targets if t in runs]
        if view["action"] == quartz.TRANSFER:
            aims = [(view["scores"][t - quartz.SEAT], t) for t in targets]
        else:
            held = held_by(view, view["current"])
            aims = [(likely_move(view["carts"][t - quartz.SEAT], view["left"], "take", held)[1],
                     -t) for t in targets]
        assert aims == sorted(aims, reverse=True), (view["action"], aims)
        if len(set([a[0] for a in aims])) > 1:
            seen.add(view["action"])
    assert seen == {quartz.TRANSFER, quartz.STEAL}, seen


def test_a_steal_or_a_transfer_goes_on_to_its_likely_target_in_one_pick_Q_T3():
    # 'steal 2 ruby from P3 with 3 dice': the steal's (transfer's) likely dice, then the
    # likely target (the cart whose crystals are worth most to take; the leader for a
    # transfer), then its likely crystals, as one pick in place of the plain shortcut first;
    # the plain one still offered. Guards: another target, a crystal count off by one, the
    # plain shortcut lost (no other target then), a target whose cart is empty.
    seen = set()
    for state, view, _legal, choices in quartz_decisions(range(1, 60), 200, ("act",)):
        if view["phase"] != "act":
            continue
        me = view["current"]
        for words, actions in shortcuts(choices):
            seats = [a - quartz.SEAT for a in actions if quartz.SEAT <= a < quartz.CRYSTAL]
            if not seats:
                continue
            kind = actions[0] - quartz.ACTION
            n = dice_in(words)
            at = choices.index((words, actions))  # the plain shortcut right after it
            assert choices[at + 1] == ("%s with %d dice" % (quartz.FACES[kind], n),
                                       [a for a in actions if a < quartz.SEAT]), (words, choices)
            others = [s for s in range(view["players"]) if s != me]
            if kind == quartz.TRANSFER:
                best = max(others, key=lambda s: (view["scores"][s], s))
            else:
                held = held_by(view, me)
                best = max(others, key=lambda s, carts=view["carts"], n=n, held=held: (
                    likely_move(carts[s], n - 1, "take", held)[1], -s))
            assert seats == [best], (words, view["carts"], view["scores"])
            assert words.startswith(quartz.FACES[kind] + " ") and "P%d with" % (best + 1) in words
            after = played(state, actions)
            assert after is not None, words
            done = (after.kinds_used >> kind) & 1
            assert done or after.phase in (quartz.P_ROLL,
                                           quartz.P_OVER), words  # (or the turn's end)
            if done and after.phase == quartz.P_ACT:
                mine = after.carts[me]
                moved = [abs(mine[k] - view["carts"][me][k]) for k in range(quartz.NKINDS)]
                said = ", ".join("%d %s" % (moved[k], quartz.KINDS[k]) for k in range(quartz.NKINDS)
                                 if moved[k])
                assert said and (" %s %s P" % (said, "to" if kind == quartz.TRANSFER else "from")
                                 in words), (words, moved)
                seen.add(kind)
    assert seen == {quartz.STEAL, quartz.TRANSFER}, seen
