# The game flow apart from the screens (firmware/ui/match.py), by what it does: the move a
# bot chose is the move played; every human's log holds what the others did and what the
# rules said of it (a note), and no more than LOG_KEEP lines, the rest counted; what a move
# caused reaches the public log; the setup's options reach the game. Written against what
# is played, seen and saved, so it holds through a rework of the screens.
import sys

import pytest
from app_driver import make_sim, move_cursor_to, set_value, title_text
from checks import fingerprint
from move_log import at_random, moves

from firmware import buttons
from firmware.bots import Sliced
from firmware.core import GAMES, available, load
from firmware.core.prng import Prng
from firmware.games.diams import rules as diams_rules
from firmware.save import SaveSlot
from firmware.ui import match as match_module
from firmware.ui.match import Match
from firmware.ui.outcome import final_lines

HERE = [g for g in GAMES if available(g)]


class LastLegal(Sliced):
    """A bot that answers the last legal action: never the first when there is a choice."""

    def choose(self, view):
        return view["legal"][-1]


class Recording:
    """A real bot whose every answer is recorded."""

    def __init__(self, bot):
        self.bot = bot
        self.answers = []

    def start(self, view):
        self.bot.start(view)

    def step(self):
        return self.bot.step()

    def stop(self):
        self.bot.stop()

    def result(self):
        answer = self.bot.result()
        self.answers.append(answer)
        return answer


def min_players(game):
    return load(game).MIN_PLAYERS


@pytest.mark.parametrize("game", HERE)
def test_the_move_played_is_the_bots_choice(game):
    # Guards: Match.finish_thinking playing the first legal action (or any other) instead
    # of the one the bot returned.
    players = min_players(game)
    match = Match(load(game).new_game(players, 11), ["normal"] * players)
    match.bots = [LastLegal() for _ in range(players)]
    chosen = 0
    for _ in range(40):
        if match.over():
            break
        legal = match.legal()
        before = len(match.state.history)
        # (a slice may run out on a loaded machine before the bot's one step: more slices)
        assert any(match.think(1000) for _ in range(20))
        assert len(match.state.history) == before + 1
        assert match.state.history[len(match.state.history) - 1] == legal[-1]
        chosen += len(legal) > 1
    assert chosen >= 5  # real choices, not forced moves only


@pytest.mark.parametrize("game", HERE)
def test_a_real_bots_answers_are_the_moves_played(game):
    players = min_players(game)
    match = Match(load(game).new_game(players, 5), ["hard"] + ["normal"] * (players - 1), None,
                  budget_ms=None)
    match.bots = [Recording(b) for b in match.bots]
    for bot in match.bots:
        if hasattr(bot.bot, "playouts"):
            bot.bot.playouts = 4
    start = len(match.state.history)
    for _ in range(30):
        if match.over():
            break
        seat = match.current()
        assert match.think(1000)
        assert match.state.history[len(match.state.history) - 1] == match.bots[seat].answers[-1]
    played = list(match.state.history)[start:]
    answers = sorted(a for b in match.bots for a in b.answers)
    assert sorted(played) == answers


def test_b_while_a_bot_thinks_plays_its_best_so_far():
    # Guards: hurry() doing nothing, or playing something else than the search's best.
    state = load("diamonds").new_game(2, 3)
    match = Match(state, ["human", "hard"], None, budget_ms=60000)
    while match.human_turn():
        match.play(match.legal()[0])
    bot = match.bots[match.current()]
    assert not match.think(1)  # a slice: still thinking
    before = len(match.state.history)
    best = bot.search.best()
    match.hurry()
    assert len(match.state.history) == before + 1
    assert match.state.history[before] == best


def human_vs_bots(game, seed):
    players = max(3, min_players(game))
    match = Match(load(game).new_game(players, seed), ["human"] + ["normal"] * (players - 1))
    return match


def test_a_humans_news_is_bounded_and_starts_again_at_their_decision(monkeypatch):
    # Guards: LOG_KEEP never applied (the news grows without bound in the board's memory),
    # the oldest kept instead of the newest, the news kept past the human's own decision.
    monkeypatch.setattr(match_module, "LOG_KEEP", 5)
    match = human_vs_bots("diams", 4)
    said = []  # every sentence written to seat 0 since its last decision
    longest = 0
    for move in moves(match, at_random(Prng(9))):
        if not move.bot:
            assert move.news == []  # they decided
            del said[:]
            continue
        said += move.told
        assert move.news == said[-5:]
        longest = max(longest, len(said))
        if longest > 5 and match.human_turn():
            break
    assert longest > 5 and len(match.news(0)) == 5
    assert len(match.public) == 5


def test_what_the_rules_said_reaches_every_other_humans_log():
    # Guards: a rule's note (a refill, a theft, a closing card) lost on its way to the
    # players; the acting human's own log filled with their own move.
    match = human_vs_bots("diams", 8)
    match.humans = match.readers = [0, 1]  # seat 1 a bot that also reads, as a second human
    rng = Prng(2)
    notes = 0
    for _ in range(400):
        if match.over():
            break
        seat = match.current()
        before = [len(match.news(reader)) for reader in (0, 1)]
        if match.human_turn():
            legal = match.legal()
            match.play(legal[rng.randbelow(len(legal))])
        else:
            match.think(1000)
        said = list(match.state.notes)
        for reader in (0, 1):
            news = match.news(reader)
            if reader == seat:  # not their own move (a human's decision empties it)
                assert len(news) <= before[reader], (seat, news)
            elif said:  # (indented under the move's sentence, or the move's own)
                assert [n.strip() for n in news[-len(said):]] == said, (said, news)
        for note in said:
            assert note in match.public or "  " + note in match.public
        notes += len(said)
    assert notes >= 5


@pytest.mark.parametrize("game", GAMES)
def test_the_shared_log_tells_a_table_with_a_human_what_an_onlooker_may_know(game):
    # The pause menu's Log (match.public) with a human at the table: each move in the words
    # of an onlooker who holds no hand (move_text's viewer: no seat), never a bot's vault
    # card or hand. A table of bots only: everything. Guards: the shared log written in the
    # all-seeing words (-1) while a human plays, which showed Diam's vault cards there.
    match = human_vs_bots(game, 5)
    onlooker = match.state.players
    state = load(game).new_game(match.state.players, 5)
    expected = []
    for move in moves(match, at_random(Prng(3)), limit=160):
        said = state.move_text(move.action, onlooker)
        if said is not None:
            expected.append(said)
        state.apply(move.action)
        expected.extend(n if said is None else "  " + n for n in state.notes)
    kept = match_module.LOG_KEEP
    assert match.public == expected[-kept:] and len(expected) > 10
    bots = Match(load(game).new_game(match.state.players, 5), ["normal"] * state.players)
    assert bots.onlooker == -1


def test_setup_options_reach_the_new_game(tmp_path):
    # Guards: the setup screen's chosen options dropped on the way to new_game.
    for game, title in (("diams", "Diam's"), ("diamonds", "Diamonds"), ("sixgems", "SIXGEMS")):
        module = load(game)
        sim = make_sim("pybadge", SaveSlot(str(tmp_path / game), sync=False))
        move_cursor_to(sim, title)
        sim.press(buttons.A)
        assert title_text(sim).startswith(title)
        players = max(module.MIN_PLAYERS, 4 if game == "diamonds" else 2)
        set_value(sim, "Players", str(players))
        want = {}
        for key, choices in module.OPTIONS:
            # the last choice: never the default
            set_value(sim, key.replace("_", " ") + ":", choices[-1])
            want[key] = choices[-1]
        move_cursor_to(sim, "Start game")
        sim.press(buttons.A)
        assert sim.app.match is not None, sim.texts()
        assert dict(sim.app.match.state.options) == want, (game, sim.app.match.state.options)
        assert len(sim.app.match.seats) == players


def test_a_scored_round_is_pending_until_its_words_are_read():
    # Guards: the round's result screen never due (or always due).
    match = Match(load("diams").new_game(2, 6), ["normal", "normal"])
    assert not match.pending_result()
    while not match.pending_result():
        assert match.think(1000)
    assert match.state.rounds_scored() == 1
    lines = []
    match.round_lines(lines.append)
    assert lines and not match.pending_result()


def start_diams_saving_to(folder):
    """A Diam's game started on the PyBadge with its saves in `folder`, which cannot be
    written: the "Not saving" page shows first."""
    sim = make_sim("pybadge", SaveSlot(str(folder), sync=False))
    move_cursor_to(sim, "Diam's")
    sim.press(buttons.A)
    move_cursor_to(sim, "Start game")
    sim.press(buttons.A)
    assert title_text(sim).startswith("Not saving"), sim.texts()
    return sim


def test_saving_that_fails_is_told_once(tmp_path):
    # Guards: the "Not saving" page skipped (the player never learns the game is not kept).
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the saves folder should be")
    sim = start_diams_saving_to(blocker)
    sim.press(buttons.A)
    assert not title_text(sim).startswith("Not saving")


@pytest.mark.parametrize("where", ("parent missing", "file in the way"))
def test_a_saves_folder_that_cannot_be_made_is_told_in_words(where, tmp_path):
    # Issue 57: the handheld said "[Errno 2] No such file or directory: ..." on its "Not
    # saving" page. Guards: the OSError shown as it prints; a page that does not say the game
    # goes on unsaved.
    folder = tmp_path / "gone" / "saves"
    if where == "file in the way":
        folder = tmp_path / "saves"
        folder.write_text("a file where the saves folder should be")
    sim = start_diams_saving_to(folder)
    page = " ".join(sim.texts()[1:])
    for _ in range(5):  # every page of it
        sim.press(buttons.DOWN)
        page += " " + " ".join(sim.texts()[1:])
    assert "Errno" not in page and "No such file" not in page, page
    assert "saves folder" in page and "goes on" in page, page
    assert "cannot be resumed" in page, page


def test_the_table_shows_the_human_deciding_else_the_last_one_seen():
    # Guards: viewer() showing the last human's hand to the next one, or a bot's hand.
    seed = next(s for s in range(1, 99) if load("diams").new_game(3, s).current_player() == 0)
    match = Match(load("diams").new_game(3, seed), ["normal", "human", "human"])
    assert not match.human_turn()
    assert match.viewer() == 1  # nobody seen yet: the first human
    while not match.human_turn():
        assert match.think(1000)
    assert match.viewer() == match.current() == 1
    assert match.needs_privacy()  # a second human: the device passes first
    match.shown = 1  # the screen showed seat 1's hand
    assert not match.needs_privacy()
    while match.current() == 1:
        match.play(match.legal()[0])
    assert match.current() == 2 and match.human_turn()
    assert match.viewer() == 2  # the human deciding, not the last one seen (seat 1)
    assert match.needs_privacy()  # seat 1's hand was the last on the screen
    while match.current() == 2:
        match.play(match.legal()[0])
    assert not match.human_turn()
    assert match.viewer() == 2  # a bot on turn: the last human seen
    bots_only = Match(load("diams").new_game(2, 2), ["normal", "easy"])
    assert bots_only.viewer() == 0 and not bots_only.needs_privacy()
    alone = Match(load("diams").new_game(2, 2), ["human", "normal"])
    assert not alone.needs_privacy()  # one human: nobody to hide the hand from


def test_a_hard_bot_thinks_two_seconds_of_board_time_by_default():
    # The board budget: 2000 ms a decision for the hard bot, no limit for the others
    # (they stop on their own).
    match = Match(load("diamonds").new_game(3, 2), ["hard", "normal", "human"])
    assert match.bots[0].budget_ms == 2000
    assert match_module.BOT_BUDGET_MS == 2000
    assert match.bots[2] is None
    chosen = Match(load("diamonds").new_game(3, 2), ["hard", "normal", "human"], None, 300)
    assert chosen.bots[0].budget_ms == 300


def test_two_bots_of_one_level_play_from_different_seeds():
    # Guards: every bot seeded alike (two easy bots then make the same random choices).
    match = Match(load("diams").new_game(3, 2), ["easy", "easy", "easy"])
    seeds = [bot.rng.get_state() for bot in match.bots]
    assert len(set(seeds)) == 3
    again = Match(load("diams").new_game(3, 2), ["easy", "easy", "easy"])
    assert [bot.rng.get_state() for bot in again.bots] == seeds  # a resumed game: the same


@pytest.mark.parametrize("game", HERE)
def test_take_back_returns_to_the_last_point_of_no_return(game, tmp_path):
    # A human may take back their own picks, the last one first, since another seat decided
    # or the game said a move showed something new (state.revealed); the save follows. Two
    # humans pass the device.
    # Guards: the point moved at the wrong time (picks lost to take-back, or a seen draw
    # undone), several picks undone at once, take-back to somewhere else, the save left on
    # the undone state. A game whose turns are one pick each (Pebbles) has nothing to take
    # back: it must never offer to.
    module = load(game)
    players = min(max(3, module.MIN_PLAYERS), module.MAX_PLAYERS)
    seats = ["human", "human"] + ["normal"] * (players - 2)
    slot = SaveSlot(str(tmp_path / game), sync=False)
    match = Match(load(game).new_game(players, 21), seats, slot)
    rng = Prng(5)
    mark = None  # (seat, history length, state) where the deciding human may go back to
    seen = {}  # history length -> the state's fingerprint then, since the mark
    taken = chances = 0
    for _ in range(250):
        if match.over():
            break
        if not match.human_turn():
            mark = None
            assert not match.can_take_back() and not match.take_back()
            assert match.think(1000)
            continue
        seat = match.current()
        if mark is None or mark[0] != seat:
            mark = (seat, len(match.state.history), match.state.clone())
            seen = {}
        seen[len(match.state.history)] = fingerprint(match.state)
        assert match.can_take_back() == (len(match.state.history) > mark[1]), (mark, taken)
        chances += len(match.state.history) > mark[1]
        if match.can_take_back() and rng.randbelow(2) == 0:
            history = list(match.state.history)
            assert match.take_back()
            assert list(match.state.history) == history[:-1]  # the last pick only
            assert fingerprint(match.state) == seen[len(history) - 1]
            assert match.public[-1] == "%s took back a pick" % match.names[seat]
            assert match.can_take_back() == (len(history) - 1 > mark[1])
            assert list(slot.load().state.history) == history[:-1]
            while match.take_back():  # and the rest, one by one, to the mark and no further
                pass
            assert list(match.state.history) == history[:mark[1]]
            assert fingerprint(match.state) == fingerprint(mark[2])
            assert not match.can_take_back()
            taken += 1
            continue
        revealed = match.state.revealed
        legal = match.legal()
        match.play(legal[rng.randbelow(len(legal))])
        if match.state.revealed != revealed:
            mark = None  # seen: no going back past it
    assert taken >= 2 or chances == 0, (taken, chances)


@pytest.mark.parametrize("first", [diams_rules.DRAW_MARKET, diams_rules.DRAW_HAND])
def test_a_draw_can_not_be_taken_back_D_T1(first):
    # The bug seen: "draw 2 to market" showed two new cards, B took it back, and "draw 1 to
    # hand" then took the top card the player had just seen. Diam's deck is shuffled at the
    # round's start, so no chance is drawn at the draw itself.
    match = Match(load("diams").new_game(2, 8), ["human", "easy"])
    while not match.human_turn() or match.state.phase != diams_rules.P_DRAW:
        if match.human_turn():
            match.play(match.legal()[0])
        else:
            assert match.think(1000)
    match.play(first)
    assert not match.can_take_back() and not match.take_back()
    assert match.state.history[-1] == first  # the draw stands


def test_an_illegal_move_is_refused_and_changes_nothing(tmp_path):
    # Guards: the log or the save written before the rules refused the move.
    slot = SaveSlot(str(tmp_path), sync=False)
    match = human_vs_bots("quartz", 3)
    match = Match(match.state, match.seats, slot)
    assert match.saved()
    while not match.human_turn():
        match.think(1000)
    history = list(match.state.history)
    logs = [list(log) for log in match.logs]
    public = list(match.public)
    for wrong in (("no such move",), 9999, -1):
        with pytest.raises(ValueError):
            match.play(wrong)
    assert list(match.state.history) == history
    assert [list(log) for log in match.logs] == logs and match.public == public
    assert list(slot.load().state.history) == history
    assert match.saved()


def test_a_finished_game_takes_no_more_moves():
    match = Match(load("diams").new_game(2, 6), ["easy", "easy"])
    while not match.over():
        assert match.think(1000)
    assert match.current() < 0 and not match.human_turn()
    assert not match.think(1000)  # nobody on turn: nothing to think about
    match.hurry()  # a button on the finished table: nothing to hurry
    with pytest.raises(ValueError):
        match.play(match.state.history[-1])
    assert match.pending_result()  # the last round: scored as the game ended, not shown
    lines = []
    final_lines(match, lines.append)
    scores = match.state.scores()
    winners = match.state.winners()
    assert lines[0] == ("%s wins" if len(winners) == 1 else "Tie: %s") % ", ".join(
        match.names[s] for s in winners)
    ranked = sorted(range(2), key=lambda s: -scores[s])
    assert lines[1:3] == ["%s %s: %d" % ("*" if s in winners else " ", match.names[s],
                                         scores[s]) for s in ranked]
    assert lines[3] == "Round %d of %d" % (match.scored, match.state.rounds)  # that round
    # The words and their tables left the heap once written (a board's heap in play).
    assert "firmware.games.diams.results" not in sys.modules
    assert "firmware.games.diams.final" not in sys.modules
    assert "firmware.ui.scoretable" not in sys.modules
    assert not match.pending_result()


def test_a_heap_too_fragmented_for_the_results_table_says_so_and_the_game_goes_on(
        monkeypatch):
    # Late in a long game a board's heap may have the bytes free but not in one piece for
    # the results' words (a MemoryError on loading them): a line says so, whatever the
    # words had loaded leaves the heap, the round counts as shown. Guards: the MemoryError
    # out of the frame (the crash screen), the table's module left loaded, the line lost.
    from firmware.ui import scoretable  # noqa: F401  (loaded, as the words would have)

    # The globals of the match module Match was made in: another test may have unloaded
    # firmware.ui.match since (an import would then give a new module, not the one patched).
    match_module = Match.round_lines.__globals__

    match = Match(load("diams").new_game(2, 6), ["easy", "easy"])
    while not match.pending_result():
        assert match.think(1000)

    def no_room(game, name):
        raise MemoryError("memory allocation failed, allocating 217 bytes")

    monkeypatch.setitem(match_module, "game_part", no_room)
    lines = []

    def out(line):  # the line, and whether the words' table was still loaded at it
        lines.append((line, "firmware.ui.scoretable" in sys.modules))

    match.round_lines(out)
    assert lines == [(match_module["NO_ROOM"], False)] and not match.pending_result()
    assert "firmware.ui.scoretable" not in sys.modules


def test_no_room_even_for_the_no_room_line_and_the_game_still_goes_on(monkeypatch):
    # The lines written before the MemoryError may fill their list: the line that says so
    # can fail too (a PyBadge's heap at a 6-player Diamonds game's end). Guards: that
    # MemoryError out of the frame (the crash screen).
    match = Match(load("diams").new_game(2, 6), ["easy", "easy"])
    while not match.pending_result():
        assert match.think(1000)
    match_module = Match.round_lines.__globals__

    def no_room(*args):
        raise MemoryError("memory allocation failed, allocating 256 bytes")

    monkeypatch.setitem(match_module, "game_part", no_room)
    match.round_lines(no_room)
    assert not match.pending_result()


def test_the_logs_keep_the_newest_24_lines_in_order():
    # The news on the table and the pause menu's log: the newest 24 lines, oldest first.
    # Guards: another bound, or the oldest line kept while the ones after it go.
    match = human_vs_bots("quartz", 6)
    written = []
    for i in range(40):
        match._public("line %d" % i)
        match._log(0, "line %d" % i)
        written.append("line %d" % i)
    assert match.public == written[-24:]
    assert match.news(0) == written[-24:]


def test_seats_are_named_by_number_and_bot_level():
    match = Match(load("diams").new_game(4, 1), ["human", "easy", "human", "hard"])
    assert match.names == ["P1", "P2 easy", "P3", "P4 hard"]
    assert match.humans == [0, 2]


def test_thinking_on_a_humans_turn_plays_nothing_and_a_slice_of_no_time_only_starts():
    match = Match(load("diamonds").new_game(3, 4), ["human", "normal", "normal"])
    while not match.human_turn():
        match.think(1000)
    before = len(match.state.history)
    assert not match.think(1000)
    assert len(match.state.history) == before
    match.play(match.legal()[0])
    while match.human_turn():
        match.play(match.legal()[0])
    match.bots = [None, LastLegal(), LastLegal()]
    before = len(match.state.history)
    assert not match.think(0)  # no time: the bot has started, not answered
    assert len(match.state.history) == before
    assert match.think(1000) and len(match.state.history) == before + 1


def _to_a_lone_choice(game, seed):
    """A Match of `game` (seat 0 human, the rest bots) played on, the human choosing at
    random, until the human has one legal action; None if the game ends first."""
    module = load(game)
    match = Match(module.new_game(module.MIN_PLAYERS, seed),
                  ["human"] + ["normal"] * (module.MIN_PLAYERS - 1), None, None)
    rng = Prng(seed)
    while not match.over():
        if not match.human_turn():
            while not match.think(1000):
                pass
            continue
        legal = match.legal()
        if len(legal) == 1:
            return match
        match.play(legal[rng.randbelow(len(legal))])
    return None


@pytest.mark.parametrize("game", ["diamonds", "diams"])
def test_a_lone_choice_is_played_for_the_human_and_is_no_pick_to_take_back(game):
    """Guards: a forced move left to the human; played without its words; a take-back that
    only plays it again ("took back 1 pick" for a move nobody chose); the bots' turn tick
    lost to it."""
    found = 0
    for seed in range(1, 40):
        match = _to_a_lone_choice(game, seed)
        if match is None:
            continue
        seat = match.current()
        action = match.legal()[0]
        words = match.state.action_text(action, seat)
        before = len(match.state.history)
        picked = match.can_take_back()
        match.bot_moved = True
        assert match.only_choice() == words
        assert match.state.history[before] == action
        assert match.bot_moved  # the turn tick still sounds at the human's real decision
        if not picked:
            assert not match.can_take_back()
        assert match.only_choice() is None or len(match.state.history) > before + 1
        found += 1
        if found >= 3:
            break
    assert found >= 3


def test_a_pick_that_leaves_a_lone_choice_is_taken_back_with_it():
    """Diam's, two humans: a pick after which the same player has one legal action, played
    for them (only_choice); a take-back then undoes the pick itself, not only the forced move
    (which would only be played again). Guards: the lone choice kept as a pick of its own."""
    found = 0
    for seed in range(30):
        match = Match(load("diams").new_game(2, seed), ["human", "human"], None, None)
        rng = Prng(seed)
        while not match.over() and found < 3:
            if match.only_choice() is not None:
                continue
            legal = match.legal()
            seat = match.current()
            before = list(match.state.history)
            match.play(legal[rng.randbelow(len(legal))])
            if (not match.over() and match.current() == seat and len(match.legal()) == 1
                    and match.can_take_back()):
                assert match.only_choice() is not None
                assert match.take_back()
                assert list(match.state.history) == before
                found += 1
    assert found >= 3


def test_no_lone_choice_when_there_is_a_choice_or_a_bot_on_turn():
    module = load("diams")
    match = Match(module.new_game(2, 3), ["human", "normal"], None, None)
    assert match.human_turn() and len(match.legal()) > 1
    before = list(match.state.history)
    assert match.only_choice() is None and list(match.state.history) == before
    match = Match(module.new_game(2, 3), ["normal", "human"], None, None)
    assert not match.human_turn()
    assert match.only_choice() is None and list(match.state.history) == before


def test_a_bot_with_no_room_for_its_view_waits_then_plays_the_first_action(monkeypatch):
    # On a fragmented board heap, state.view() for the bot on turn may raise MemoryError:
    # the bot tries again at its next slices, and after NO_VIEW_TRIES plays the first legal
    # action; the game goes on (never the crash screen). Guards: the MemoryError out of
    # think(), a bot marked as thinking that never started (its last answer replayed),
    # waiting forever, or giving up at once when the next slice has room.
    match = Match(load("diamonds").new_game(3, 4), ["normal", "normal", "normal"])
    match.bots = [LastLegal(), LastLegal(), LastLegal()]
    real = type(match.state).view
    fail = [0]

    def view(state, seat):
        if fail[0]:
            fail[0] -= 1
            raise MemoryError("memory allocation failed, allocating 568 bytes")
        return real(state, seat)

    monkeypatch.setattr(type(match.state), "view", view)
    fail[0] = 1  # one slice without room: the next one decides as usual
    before = len(match.state.history)
    legal = match.legal()
    assert not match.think(1000) and len(match.state.history) == before
    assert match.think(1000) and match.state.history[-1] == legal[-1]
    fail[0] = 99  # never any room
    before = len(match.state.history)
    legal = match.legal()
    for _ in range(match_module.NO_VIEW_TRIES - 1):
        assert not match.think(1000) and len(match.state.history) == before
    assert match.think(1000) and match.state.history[-1] == legal[0] and len(legal) > 1
    fail[0] = 0
    before = len(match.state.history)
    legal = match.legal()
    assert match.think(1000) and match.state.history[-1] == legal[-1]  # counted afresh


def test_a_move_out_of_memory_halfway_is_played_again_from_the_record(monkeypatch):
    # A MemoryError in the middle of a rules move (a fragmented board heap) may leave the
    # state half changed: the match plays the game again from its record, then the move,
    # and goes on (not the crash screen); a second MemoryError goes on out. Guards: the
    # half-changed state kept, the move lost or played twice, the MemoryError swallowed.
    rules = load("diams")
    match = Match(rules.new_game(3, 4), ["normal", "normal", "normal"])
    twin = rules.new_game(3, 4)  # the same moves, never interrupted
    for _ in range(12):
        action = match.legal()[-1]
        match.play(action)
        twin.apply(action)
    real = type(match.state)._do
    fail = [0]

    def half_done(state, action):
        real(state, action)  # the move's changes are made ...
        if fail[0]:
            fail[0] -= 1
            raise MemoryError("memory allocation failed, allocating 64 bytes")  # ... not its end

    monkeypatch.setattr(type(match.state), "_do", half_done)
    old = match.state
    fail[0] = 1
    action = match.legal()[-1]
    match.play(action)
    twin.apply(action)
    assert match.state is not old and list(match.state.history) == list(twin.history)
    assert fingerprint(match.state) == fingerprint(twin)
    for _ in range(5):  # and the game goes on as the twin's
        action = match.legal()[0]
        match.play(action)
        twin.apply(action)
    assert fingerprint(match.state) == fingerprint(twin)
    fail[0] = 2  # no room even after the collection
    with pytest.raises(MemoryError):
        match.play(match.legal()[0])
