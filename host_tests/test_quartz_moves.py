# A move is one line (issue 57): the log, the news row and the console say each whole move
# of a Quartz turn in one sentence (state.move_text, or the note that tells it), never a
# die or a crystal picked. A move: a reroll with its picked dice (Q-T2), an action with its
# dice and what it caused (Q-T3: the crystals mined, put in the chest, given, stolen), a
# hammer's return, ending the turn (Q-T4). Counted here from the history, apart from the
# rules' words.
from app_driver import make_sim, setup_game, to_decision
from move_log import at_random, human_vs_bots, moves
from table_checks import played

from firmware import buttons
from firmware.core.prng import Prng
from firmware.games.quartz import rules as quartz
from firmware.ui import screens
from firmware.ui.match import Match

CRYSTAL_MOVES = (quartz.P_TARGET, quartz.P_CHEST, quartz.P_GIVE, quartz.P_TAKE)


def said(counts):
    """The crystals of a move as a player says them: 'an amber', '2 quartz and 1 emerald'."""
    parts = ["%d %s" % (counts[k], quartz.KINDS[k]) for k in range(quartz.NKINDS) if counts[k]]
    if sum(counts) == 1:
        kind = [k for k in range(quartz.NKINDS) if counts[k]][0]
        return ("an " if quartz.KINDS[kind][0] in "aeiou" else "a ") + quartz.KINDS[kind]
    if len(parts) < 2:
        return parts[0] if parts else "nothing"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def diff(after, before):
    return [after[k] - before[k] for k in range(quartz.NKINDS)]


def moves_finished(before, action, after, start):
    """The moves `action` finishes, as (kind, words the line must start with): a reroll,
    ending the turn, an action (a chest, transfer or steal once its crystals have moved), a
    hammer's return. `start`: the state before the action's dice were picked (what its
    crystals moved: a diff of the mover's cart or chest)."""
    seat = before.turn
    same = (after.turn, after.round, after.is_over()) == (seat, before.round, False)
    me = "P%d " % (seat + 1)
    if action == quartz.REROLL:
        n = bin(before.sel).count("1")
        return [("reroll", me + "rerolls " + ("a die" if n == 1 else "%d dice" % n))]
    if action == quartz.END_TURN:
        return [("end", me + "ends the turn")]
    out = []
    kind = before.kind
    done = before.phase == quartz.P_GROUP and not (same and after.phase == quartz.P_GROUP)
    mine = after.carts[seat] if after.turn != seat or same else None  # (None: a new round's
    # first crystal went into it)
    if done and kind == quartz.PICKAXE:
        got = said(diff(mine, before.carts[seat])) if mine else ""
        out.append(("pickaxe", me + "mines " + got))
    if done and kind == quartz.HAMMER:
        n = bin(before.group).count("1") + (action != quartz.CONFIRM)
        out.append(("hammer", me + "mines "))
        if min(n // 2, sum(before.bag)) and not (same and after.phase == quartz.P_RETURN):
            out.append(("return", me + "returns "))  # (by itself: one kind, or all)
    if before.phase == quartz.P_RETURN and not (same and after.phase == quartz.P_RETURN):
        out.append(("return", me + "returns "))
    moving = before.phase in CRYSTAL_MOVES or (done and kind > quartz.HAMMER)
    if moving and not (same and after.phase in CRYSTAL_MOVES):
        target = action - quartz.SEAT if before.phase == quartz.P_TARGET else before.target
        if kind == quartz.CHEST:
            words = "puts %s in the chest" % said(diff(after.chests[seat], start.chests[seat]))
        elif kind == quartz.TRANSFER and not sum(start.carts[seat]):
            words = "gives nothing"
        elif kind == quartz.TRANSFER:
            words = "gives %s to P%d" % (said(diff(start.carts[seat], after.carts[seat])),
                                         target + 1)
        elif mine:
            words = "steals %s from P%d" % (said(diff(mine, start.carts[seat])), target + 1)
        else:
            words = "steals "
        out.append((quartz.FACES[kind], me + words))
    return out


def events(before, after):
    """The lines of what no seat decides: a turn's first crystal (Q-T1) and a round's end
    (Q-R1 the leader marker moving, Q-R2 the pair into the bag)."""
    lines = 0
    if after.round != before.round or after.is_over():
        lines += after.leader != before.leader
        lines += not after.is_over()  # the pair
    if (after.turn, after.round) != (before.turn, before.round) and not after.is_over():
        lines += 1  # the next turn's crystal
    return lines


def play_logged(players, seed, check):
    """A human at P1 (random choices) against normal bots, through the Match: check(before,
    action, after, lines, seat, start) at every bot action, `lines` the public log's new
    lines, each answered in one slice; and at each of P1's decisions, P1's log is the lines
    since their last one."""
    match = human_vs_bots("quartz", players, seed)
    start = None
    since = []  # the public lines since P1's last decision
    bot_moves = 0
    for move in moves(match, at_random(Prng(seed)), slice_ms=10000):
        before = move.before
        if before.phase == quartz.P_GROUP:
            start = start or before
        else:
            start = None if before.phase not in CRYSTAL_MOVES else start
        if move.bot:
            assert move.slices == 1
            bot_moves += check(before, move.action, match.state, move.public, move.seat,
                               start or before)
            since += move.public
        else:
            assert move.read == since[-24:], (move.read, since)
            since = []
    return bot_moves


def check_one_line_a_move(before, action, after, lines, seat, start):
    moves = moves_finished(before, action, after, start)
    assert len(lines) == len(moves) + events(before, after), (moves, lines)
    for (kind, words), line in zip(moves, lines):
        assert line.startswith(words), (kind, words, line)  # the move, seat first
    for line in lines:
        for pick in ("pick ", "use a ", "(up to", "take a", "keep these"):
            assert pick not in line, line  # never a pick of the move
    return len(moves)


def test_each_bot_move_is_one_line_in_the_log_Q_T2_Q_T3_Q_T4():
    # Guards: a line a die picked (the old 'P1: use a hammer die'), an action and what it
    # mined on two lines, a steal's crystals a line each, a move told twice (by its words
    # and a note), a move left untold (a steal of nothing, a crystal moved by itself), the
    # human's log not the same lines.
    moves = 0
    for players, seed in ((3, 7), (4, 2), (6, 5)):
        moves += play_logged(players, seed, check_one_line_a_move)
    assert moves > 150, moves


def test_a_turn_of_the_old_eleven_lines_is_a_few_sentences():
    # The issue's own turn: P1's first turn of seed 7 (3 players), picks and all, is told
    # in its moves only.
    state = quartz.new_game(3, 7)
    seat = state.current_player()
    lines = []
    bots = Match(state, ["normal"] * 3)
    bots._public = lines.append
    while bots.state.current_player() == seat:
        assert bots.think(10000)
    mine = [line for line in lines if line.startswith("P%d " % (seat + 1))]
    assert 2 <= len(mine) <= 6, lines
    assert all(not line.startswith("P%d:" % (seat + 1)) for line in lines), lines


def test_a_marker_reroll_says_so_in_its_line_Q_T2():
    # With no free reroll left, a reroll spends a marker: told in the reroll's line, not a
    # line of its own.
    state = quartz.new_game(3, 3)
    state.rerolls = 0
    state.markers[state.turn] = 1
    state.apply(quartz.DIE + 0)
    assert state.move_text(quartz.REROLL) == (
        "P%d rerolls a die with a reroll marker" % (state.turn + 1))
    state.apply(quartz.REROLL)
    assert not [note for note in state.notes if "spends" in note], state.notes


def test_the_news_row_says_the_bots_moves_whole():
    # On the handheld: at P1's decisions the news is the bots' moves, one sentence each, the
    # newest above the choice and LEFT stepping back through the others.
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    cols = sim.app.cols
    seen = 0
    for _ in range(4):
        to_decision(sim)
        news = list(sim.app.match.news(0))
        for back in range(len(news)):
            sentence = news[len(news) - 1 - back]
            assert not sentence.startswith(("P2:", "P3:")), sentence
            rows = [r.rstrip() for r in sim.texts()]
            first = screens.news_rows(sentence, cols)[0].rstrip()
            assert [r for r in rows if r.startswith(first)], (sentence, rows)
            seen += sentence.startswith(("P2 ", "P3 "))
            sim.press(buttons.LEFT)
        legal = sim.app.screen.legal
        choice = legal[0]
        actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
        assert played(sim.app.match.state, actions) is not None
        for _ in range(len(sim.app.screen.legal)):  # back on the first choice
            if sim.app.screen.cursor == 0:
                break
            sim.press(buttons.UP)
        sim.press(buttons.A)
    assert seen >= 4, seen
