# The board self-test (firmware/selftest.py) on the host, by what it reports: which games it
# plays and how (the flag file's words, the quick mode), the facts of each game's line, and a
# failing game reported and passed over. test_pico.py runs it on the emulated Pico.
import re

import pytest

from firmware import selftest
from firmware.core import GAMES, available, load, replay

HERE = [g for g in GAMES if available(g)]
LINE = re.compile(
    r"selftest (\w+): ok, (\d+) players(.*), seed (\d+), (\d+) actions, "
    r"scores \[([-\d, ]*)\], winners ([P\d ]*), (\d+) ms$"
)


def run(**kw):
    out = []
    result = selftest.run(out=out.append, **kw)
    return result, out


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_asked_for_by_the_flag_or_the_flag_file(in_tmp):
    assert selftest.requested(["main.py", "--selftest"])
    assert not selftest.requested(["main.py"])
    assert not selftest.requested([])
    assert selftest.flag_words() == []
    (in_tmp / "selftest").write_text("")
    assert selftest.requested(["main.py"])
    assert selftest.flag_words() == []
    (in_tmp / "selftest").write_text("quick\ndiams  sixgems\n")
    assert selftest.flag_words() == ["quick", "diams", "sixgems"]


def test_the_flag_files_words_choose_quick_games(in_tmp):
    (in_tmp / "selftest").write_text("quick sixgems nonsense")
    ok, out = run()
    assert ok
    assert len(out) == 2, out
    match = LINE.match(out[0])
    assert match, out[0]
    assert match.group(1) == "sixgems"
    players = max(load("sixgems").MIN_PLAYERS, min(2, load("sixgems").MAX_PLAYERS))
    assert int(match.group(2)) == players  # the quick mode: two players
    assert match.group(3) == ", length 6"  # and the shortest game
    assert int(match.group(4)) == 2024  # the documented seed: the same games on every board
    assert out[1] == "selftest: 1 passed, 0 failed, 0 not on this board"


def test_asked_for_on_the_command_line(monkeypatch):
    monkeypatch.setattr("sys.argv", ["main.py", "--selftest"])
    assert selftest.requested()
    monkeypatch.setattr("sys.argv", ["main.py"])
    assert not selftest.requested()


def test_the_flag_files_quick_applies_to_the_games_asked_for(in_tmp):
    (in_tmp / "selftest").write_text("quick")
    ok, out = run(games=["diams"])
    assert ok
    match = LINE.match(out[0])
    assert match.group(2) == "2" and match.group(3) == ", length quick"


def test_the_full_self_test_plays_three_players(in_tmp):
    ok, out = run(games=["diams"], quick=False)
    assert ok
    match = LINE.match(out[0])
    assert match.group(2) == "3" and match.group(3) == ""


def test_arguments_win_over_the_flag_file(in_tmp):
    (in_tmp / "selftest").write_text("quick sixgems")
    ok, out = run(games=["quartz"], quick=False)
    assert ok and len(out) == 2
    match = LINE.match(out[0])
    assert match.group(1) == "quartz"
    module = load("quartz")
    assert int(match.group(2)) == max(module.MIN_PLAYERS, min(3, module.MAX_PLAYERS))
    assert match.group(3) == ""  # the default options


def test_every_game_is_played_and_a_missing_one_is_counted(in_tmp):
    ok, out = run(quick=True)
    assert ok
    lines = {}
    for line in out[:-1]:
        match = LINE.match(line)
        if match:
            lines[match.group(1)] = match
        else:
            assert line in ["selftest %s: not on this board" % g for g in GAMES], line
    assert sorted(lines) == sorted(HERE)
    assert out[-1] == "selftest: %d passed, 0 failed, %d not on this board" % (
        len(HERE), len(GAMES) - len(HERE))
    for game, match in lines.items():
        module = load(game)
        players = max(module.MIN_PLAYERS, min(2, module.MAX_PLAYERS))
        assert int(match.group(2)) == players
        options = selftest.quick_options(game) or {}
        assert match.group(3) == "".join(", %s %s" % kv for kv in sorted(options.items()))
        scores = [int(s) for s in match.group(6).split(", ")]
        assert len(scores) == players
        best = max(scores)
        winners = match.group(7).split()
        assert winners and all(scores[int(w[1:]) - 1] == best for w in winners), (game, match)
        assert int(match.group(5)) > 2 * players


def test_a_game_is_replayed_from_its_record_to_the_same_scores(in_tmp, monkeypatch):
    seen = []

    def replay_spy(*saved):
        state = replay(*saved)
        seen.append((len(state.history), list(state.scores())))
        return state

    monkeypatch.setattr(selftest, "replay", replay_spy)
    ok, out = run(games=["diams"], quick=True)
    assert ok
    match = LINE.match(out[0])
    assert seen == [(int(match.group(5)), [int(s) for s in match.group(6).split(", ")])]


def test_a_record_that_replays_to_other_scores_fails_the_game(in_tmp, monkeypatch):
    class Other:
        def __init__(self, state):
            self.state = state

        def scores(self):
            return [s + 1 for s in self.state.scores()]

    monkeypatch.setattr(selftest, "replay", lambda *saved: Other(replay(*saved)))
    ok, out = run(games=["diams", "quartz"], quick=True)
    assert not ok
    assert out[0].startswith("selftest diams: FAILED AssertionError: the record replays to")
    assert out[-1] == "selftest: 0 passed, 2 failed, 0 not on this board"


def test_an_illegal_bot_move_fails_that_game_and_the_next_one_is_played(in_tmp, monkeypatch):
    real = selftest.make_bot

    class Cheat:
        def choose(self, view):
            return ("not", "legal")

    def make_bot(game, seat, level, seed):
        return Cheat() if game == "diams" and seat == 1 else real(game, seat, level, seed)

    monkeypatch.setattr(selftest, "make_bot", make_bot)
    ok, out = run(games=["diams", "sixgems"], quick=True)
    assert not ok
    failed = [line for line in out if "FAILED" in line]
    assert failed == ["selftest diams: FAILED AssertionError: the bot of seat 1 chose "
                      "('not', 'legal'), not a legal action"]
    assert LINE.match(out[-2]).group(1) == "sixgems"
    assert out[-1] == "selftest: 1 passed, 1 failed, 0 not on this board"


def test_a_game_without_an_end_fails(in_tmp, monkeypatch):
    monkeypatch.setattr(selftest, "MAX_ACTIONS", 7)
    ok, out = run(games=["quartz"], quick=True)
    assert not ok
    assert out[0] == "selftest quartz: FAILED AssertionError: no end after 7 actions"


def test_the_bots_play_at_the_normal_level_from_distinct_seeds(in_tmp, monkeypatch):
    made = []
    real = selftest.make_bot

    def make_bot(game, seat, level, seed):
        made.append((seat, level, seed))
        return real(game, seat, level, seed)

    monkeypatch.setattr(selftest, "make_bot", make_bot)
    assert run(games=["sixgems"], quick=True)[0]
    assert [m[1] for m in made] == ["normal"] * len(made)
    assert [m[0] for m in made] == list(range(len(made)))
    assert len({m[2] for m in made}) == len(made)
