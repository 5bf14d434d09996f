"""Diploma on the text console (firmware/games/diploma/console.py) and its result words
(results_diploma.py, final_diploma.py): every phase of random games at 1-4 players renders
without error in lines that fit; a bots-only game and a scripted human play to the end;
the help says the game is a reconstruction and covers every phase; hands stay private."""

import pytest
from test_console import INTERPRETERS, run_script

from firmware.core.prng import Prng
from firmware.games.diploma import console as diploma_console
from firmware.games.diploma import final as final_diploma
from firmware.games.diploma import results as results_diploma
from firmware.games.diploma import rules as diploma
from firmware.ui.scoretable import NARROW


def names(players):
    return ["P%d" % (s + 1) for s in range(players)]


def fit(words):
    """The score tables fit the 26 columns of the narrow screen (sentences wrap there)."""
    return all(len(w) <= NARROW or ":" in w for w in words) and all(len(w) <= 80
                                                                     for w in words)


def test_every_phase_of_random_games_renders_in_lines_that_fit():
    phases = set()
    for players in range(1, 5):
        for seed in range(2):
            state = diploma.new_game(players, 70 + seed)
            rng = Prng(seed)
            scored = 0
            while not state.is_over():
                seat = state.current_player()
                view = state.view(seat)
                phases.add(view["phase"])
                lines = []
                diploma_console.table(view, names(players), lines.append)
                diploma_console.status(view, names(players), lines.append)
                lines.append(diploma_console.turn_line(view, names(players)))
                assert diploma_console.turn_key(view) is not None
                assert [line for line in lines if len(line) > 80] == []
                if state.rounds_scored() > scored:
                    scored = state.rounds_scored()
                    words = []
                    results_diploma.round_result(view, names(players), words.append)
                    assert words and fit(words), words
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
            words = []
            final_diploma.final(state.view(0), names(players), words.append)
            assert fit(words), words
            if players == 1:
                assert words[-1].startswith("Solo: %d of 40 points" % state.points[0])
    assert {"scan", "draft", "assign", "place", "spot", "discard", "final"} <= phases, phases


def test_the_board_lines_show_each_hex_number_colour_and_line_and_the_pawn():
    state = diploma.new_game(2, 3)
    state.boards[0][3] = diploma.sample_tile(1 * 3 + 2)  # B tight
    state.rots[0][3] = 1
    state.pawn[0] = 3
    lines = diploma_console.board_lines(state.view(0), 0)
    assert len(lines) == 5
    text = "\n".join(lines)
    assert " 3B\\@/" in text  # hex 3, blue, the tight curve round the top, the pawn on it
    assert " 0  * " in text  # the centre's printed mana spot
    for h in range(diploma.HEXES):
        assert "%2d" % h in text


def test_help_says_reconstruction_and_names_every_phase_and_circle():
    text = "\n".join(diploma_console.HELP)
    assert "RECONSTRUCTION" in text and "[seed]" in text and "[invented]" in text
    for phase in ("scan", "rolled", "draft", "magic", "assign", "place", "spot", "convert",
                  "discard", "steal", "final"):
        assert " %s:" % phase in text, phase
    flat = " ".join(" ".join(diploma_console.HELP).split())
    for words in diploma.CIRCLE_TEXT:
        assert words in flat
    assert all(len(line) < 80 for line in diploma_console.HELP)


def test_a_seat_sees_only_its_own_tiles_and_cards():
    state = diploma.new_game(3, 8)
    rng = Prng(8)
    for _ in range(200):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    view = state.view(0)
    lines = []
    diploma_console.table(view, names(3), lines.append)
    mine = [line for line in lines if line.startswith("Your ")]
    assert any(line.startswith("Your tiles: ") for line in mine)
    shown = [line for line in mine if line.startswith("Your tiles: ")][0]
    assert shown == "Your tiles: " + diploma_console.tile_words(state.tiles[0])
    assert diploma_console.tile_words([diploma.sample_tile(5), diploma.sample_tile(5) + 3,
                                       diploma.LINE_TILES]) == \
        "B tight x2, mana"
    for s in (1, 2):
        assert "tiles %d" % len(state.tiles[s]) in lines[1 + s]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_a_bots_only_game_plays_to_the_end(interpreter):
    done = run_script(interpreter, ["--game", "diploma", "--seats", "bot,bot", "--seed", "4"])
    assert done.returncode == 0, done.stderr
    assert "===== Game over =====" in done.stdout
    assert "Final scoring" in done.stdout


def test_a_scripted_human_plays_a_game_and_reads_the_help():
    stdin = "?\n" + "1\n" * 4000
    done = run_script("cpython", ["--game", "diploma", "--seats", "human,bot", "--seed", "6"],
                      stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert "RECONSTRUCTION" in done.stdout
    assert "===== Game over =====" in done.stdout
    assert "Your board:" in done.stdout
