# The game flow apart from the screens (firmware/ui/match.py), by what it does: the move a
# bot chose is the move played; every human's log holds what the others did and what the
# rules said of it (a note), and no more than LOG_KEEP lines, the rest counted; what a move
# caused reaches the public log; the setup's options reach the game. Written against what
# is played, seen and saved, so it holds through a rework of the screens.
import pytest
from app_driver import make_sim, move_cursor_to, set_value, title_text

from firmware.bots import Sliced
from firmware.core import GAMES, available, load
from firmware.core.prng import Prng
from firmware.hw import buttons as K
from firmware.save import SaveSlot
from firmware.ui import match as match_module
from firmware.ui.match import Match

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
        assert match.think(1000)
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


def test_a_humans_log_is_bounded_and_counts_what_it_dropped(monkeypatch):
    # Guards: LOG_KEEP never applied (the log grows without bound in the board's memory),
    # or the dropped lines not counted.
    monkeypatch.setattr(match_module, "LOG_KEEP", 5)
    match = human_vs_bots("diams", 4)
    rng = Prng(9)
    written = 0
    while not match.over() and written < 40:
        if match.human_turn():
            legal = match.legal()
            match.play(legal[rng.randbelow(len(legal))])
            continue
        seat_before = len(match.logs[0]) + match.dropped[0]
        match.think(1000)
        written += len(match.logs[0]) + match.dropped[0] - seat_before
    assert written > 10
    assert len(match.logs[0]) == 5
    assert match.dropped[0] == written - 5  # every line past the last five, counted
    assert len(match.public) == 5
    lines, dropped = match.unread(0)
    assert len(lines) == 5 and dropped == written - 5
    assert match.unread(0) == ([], 0)  # read once


def test_what_the_rules_said_reaches_every_other_humans_log():
    # Guards: a rule's note (a refill, a theft, a closing card) lost on its way to the
    # players; the acting human's own log filled with their own move.
    match = human_vs_bots("diams", 8)
    match.humans = [0, 1]  # seat 1 is a bot that also reads, as a second human would
    rng = Prng(2)
    notes = 0
    for _ in range(400):
        if match.over():
            break
        seat = match.current()
        for reader in (0, 1):
            match.unread(reader)
        if match.human_turn():
            legal = match.legal()
            match.play(legal[rng.randbelow(len(legal))])
        else:
            match.think(1000)
        said = ["  " + n for n in match.state.notes]
        for reader in (0, 1):
            new = match.logs[reader]
            if reader == seat:
                assert not new, (seat, new)
            else:
                for note in said:
                    assert note in new, (note, new)
        for note in said:
            assert note in match.public
        notes += len(said)
    assert notes >= 5


def test_setup_options_reach_the_new_game(tmp_path):
    # Guards: the setup screen's chosen options dropped on the way to new_game.
    for game, title in (("diams", "Diam's"), ("diamonds", "Diamonds"), ("sixgems", "SIXGEMS")):
        module = load(game)
        sim = make_sim("pybadge", SaveSlot(str(tmp_path / game), sync=False))
        move_cursor_to(sim, title)
        sim.press(K.A)
        assert title_text(sim).startswith(title)
        players = max(module.MIN_PLAYERS, 4 if game == "diamonds" else 2)
        set_value(sim, "Players", str(players))
        want = {}
        for key, choices in module.OPTIONS:
            set_value(sim, key + ":", choices[-1])  # the last choice: never the default
            want[key] = choices[-1]
        move_cursor_to(sim, "Start game")
        sim.press(K.A)
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


def test_saving_that_fails_is_told_once(tmp_path):
    # Guards: the "Not saving" page skipped (the player never learns the game is not kept).
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the saves folder should be")
    sim = make_sim("pybadge", SaveSlot(str(blocker), sync=False))
    move_cursor_to(sim, "Diam's")
    sim.press(K.A)
    move_cursor_to(sim, "Start game")
    sim.press(K.A)
    assert title_text(sim).startswith("Not saving"), sim.texts()
    sim.press(K.A)
    assert not title_text(sim).startswith("Not saving")
