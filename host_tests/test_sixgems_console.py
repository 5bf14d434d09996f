"""SIXGEMS on the text console (firmware/games/sixgems/console.py): all-bot games on CPython and
MicroPython, a scripted human, privacy of hands, the help text. Rule ids: seeds/sixgems.md."""

import re

import pytest
from test_console import INTERPRETERS, Script, run_script

from firmware.core import load
from firmware.games.sixgems import console as sixgems_console
from firmware.games.sixgems import rules as sixgems
from firmware.ui import console

BOT_GAMES = [
    (["--seats", "bot,bot"], 31, "2 players, length 6", ["--option", "length=6"]),
    (["--seats", "bot,easy,hard"], 32, "3 players, default length 8", []),
    (["--players", "4", "--bots-only"], 33, "4 players, length 10", ["--option", "length=10"]),
]


def _game(extra):
    return ["--game", "sixgems", *extra]


@pytest.mark.parametrize("interpreter", INTERPRETERS)
@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_bots_only_game_plays_to_the_end(interpreter, seats, seed, what, options):
    """All seats bots: the game runs to its end (G-E1 or G-E2) without reading stdin, with
    each settlement's result per player (G-P3) and the game's result (G-E3)."""
    done = run_script(interpreter, _game([*seats, "--seed", str(seed), *options]))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert done.stderr == ""
    assert "===== Game over =====" in out
    assert re.search(r"^Winners? (\(tie\))?: ", out, re.M) or "Winner: " in out
    assert "Settlement 1 by P" in out or "Final settlement" in out
    # A move in one line (issue 57): the dice placed, a turn whole, in the game's names.
    assert re.search(r"^  P\d places blue A \d on \w+, blue B \d on \w+, red \d on \w+$", out,
                     re.M)
    assert re.search(r"^  P\d plays (%s) \d" % "|".join(sixgems.COLOURS), out, re.M)
    assert not re.search(r"^  P\d: ", out, re.M)  # no picks
    assert "Your options" not in out


@pytest.mark.parametrize("seats,seed,what,options", BOT_GAMES, ids=[g[2] for g in BOT_GAMES])
def test_cpython_and_micropython_play_the_same_game(seats, seed, what, options):
    args = _game([*seats, "--seed", str(seed), *options])
    assert run_script("cpython", args).stdout == run_script("micropython", args).stdout


@pytest.mark.parametrize("interpreter", INTERPRETERS)
def test_scripted_human_plays_a_game(interpreter):
    """A human typing bad inputs, then always the first choice, plays a whole game."""
    stdin = "x\n99\n\n?\n0\n" + "1\n" * 3000
    done = run_script(interpreter, _game(["--seats", "human,bot", "--seed", "5",
                                          "--option", "length=6"]), stdin=stdin)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "===== Game over =====" in out
    assert "Not a choice: 'x'" in out
    assert "FROM THE SOURCE" in out  # the help text was shown


def test_help_says_what_is_source_and_what_is_reconstructed():
    text = "\n".join(sixgems_console.HELP)
    assert "FROM THE SOURCE" in text and "RECONSTRUCTED" in text and "[invented]" in text
    for k in range(12):
        assert sixgems.settle_text(k) in text
    assert all(len(line) < 80 for line in sixgems_console.HELP)


def test_human_sees_only_own_hands():
    """Hands hidden (G-S1): at each decision the only hand printed is the human's, exactly;
    the others appear as counts matching the State; lines fit 80 columns."""
    state = load("sixgems").new_game(3, 10, {"length": "6"})
    checked = [0]
    exchanges = [0]

    def answer(prompt, recent):
        if "your choice" in prompt:
            for line in script.blocks[-1][1]:
                assert len(line) <= 80, line
                if line.startswith("Your gem cards: "):
                    gems = [sixgems.gem_text(c) for c in sorted(state.hands[0])]
                    text = ", ".join(gems) or "(none)"
                    assert line == "Your gem cards: " + text
                for k in range(12):
                    if line.startswith("  %-15s %s" % (sixgems.settle_text(k),
                                                       sixgems_console.CARDS[k])):
                        assert k in state.settle_hands[0]
                for bot in (1, 2):
                    found = re.match(r"  P%d bot\s+(\d+) pts .* hand (\d+)/(\d+)" % (bot + 1),
                                     line)
                    if found:
                        assert int(found.group(1)) == state.totals[bot]
                        assert int(found.group(2)) == len(state.hands[bot])
                        assert int(found.group(3)) == len(state.settle_hands[bot])
                    if re.match(r"  P%d .*exchanges" % (bot + 1), line):  # G-T3: unnamed
                        assert line.endswith(" exchanges a settlement card"), line
                        exchanges[0] += 1
            checked[0] += 1
        return "1"

    script = Script(answer)
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 9)
    assert state.is_over()
    assert checked[0] > 20 and exchanges[0] > 3, (checked, exchanges)


def test_settlement_results_printed_match_the_state():
    lines = []
    state = console.play("sixgems", seats=["bot", "bot"], seed=44, options={"length": "6"},
                         inp=_no_input, out=lines.append)
    assert state is not None and state.is_over()
    text = "\n".join(lines)
    scores = state.scores()
    assert "Scores: P1 bot %d, P2 bot %d" % (scores[0], scores[1]) in text
    assert text.count("\nSettlement ") + text.count("\nFinal settlement\n") == \
        len(state.results)
    # G-P3: each settlement's table ends on the totals after it; the last, the scores.
    totals = [line.split()[1:] for line in lines if line.startswith("total ")]
    assert len(totals) == len(state.results) + 1  # and the game's table of settlements
    assert totals[-1] == totals[-2] == [str(score) for score in scores]


def _no_input(prompt):
    raise AssertionError("a bots-only game asked for input: %r" % prompt)


# ---- The exact lines for constructed views -------------------------------------------------

NAMES3 = ["P1", "P2 bot", "P3 bot"]


def view(**changes):
    """P1's view of a fresh 3-player game (seed 5, length 6), with `changes`."""
    v = load("sixgems").new_game(3, 5, {"length": "6"}).view(0)
    v.update(changes)
    return v


def render(fn, v, names=NAMES3):
    got = []
    fn(v, names, got.append)
    return got


def test_table_shows_the_ring_the_dice_every_seat_and_own_cards():
    """The ring of boards with the dice on them (G-S2), every seat's points, gems (wild
    ones as +Nw, G-P4) and hand counts only (G-S1), the seat's own gem and settlement cards
    with each card's condition and bonus (G-K), the turn and the viewer marked."""
    v = view(
        seat=1, turn=2, current=2, phase="play", settlements=2, length=8, gem_deck=40,
        settle_deck=5, boards=[0, 3, 4], faces=[5, 2, 6], totals=[0, 17, 103],
        real=[[0] * 6, [1, 0, 2, 0, 0, 3], [0, 4, 0, 0, 0, 0]],
        wild=[[0] * 6, [0, 0, 1, 0, 0, 0], [0] * 6], hand_counts=[3, 2, 3],
        settle_counts=[2, 1, 3], pending=[0, 0, 2], hand=[14, 54], settle_hand=[3, 9],
    )
    assert render(sixgems_console.table, v) == [
        "==== SIXGEMS - settlements 2 of 8 - gem deck 40, settlement deck 5 ====",
        "Boards: Ru[A5] To[  ] Em[  ] Sa[B2] Am[R6] Di[  ]",
        "Dice: blue A 5 on Ruby, blue B 2 on Sapphire, red 6 on Amethyst",
        "  P1        0 pts  Ru0 To0 Em0 Sa0 Am0 Di0  hand 3/2",
        "  P2 bot   17 pts  Ru1 To0 Em2+1w Sa0 Am0 Di3  hand 2/1 (you)",
        "  P3 bot  103 pts  Ru0 To4 Em0 Sa0 Am0 Di0  hand 3/3  wild 2 <-",
        "Your gem cards: Topaz 2, Amethyst 4",
        "Your settlement cards:",
        "  card 4 Sapphire  you hold 3+ of a colour -> you: X gems x colours held",
        "  card 10 Sapphire every die even -> all: leave out your most-held colour",
        "P3 bot: play a gem card.",
    ]


def test_a_die_in_the_centre_is_on_no_board():
    """G-T2: a die moved to the centre shows on no board of the ring."""
    v = view(phase="settle", turn=0, current=0, boards=[-1, 5, -1], faces=[1, 3, 4],
             hand=[], settle_hand=[], real=[[0] * 6 for _ in range(3)], totals=[0, 0, 0])
    got = render(sixgems_console.table, v)
    assert got[1] == "Boards: Ru[  ] To[  ] Em[  ] Sa[  ] Am[  ] Di[B3]"
    assert got[2] == "Dice: blue A 1 on centre, blue B 3 on Diamond, red 4 on centre"
    assert "  P1        0 pts  Ru0 To0 Em0 Sa0 Am0 Di0  hand 3/2 <- (you)" in got
    assert got[-3:] == [
        "Your gem cards: (none)",
        "Your settlement cards: (none)",
        "P1: settle, exchange a settlement card, or neither.",
    ]


def test_while_the_dice_are_placed_only_the_placed_ones_show():
    """G-S2 / G-P5: the dice are placed one by one: the ring shows those already placed,
    no dice line, and the question names the die to place now with the faces rolled."""
    v = view(phase="dice", turn=2, current=2, die_index=2, boards=[1, 2, 0], faces=[6, 1, 3])
    got = render(sixgems_console.table, v)
    assert got[1] == "Boards: Ru[  ] To[A6] Em[B1] Sa[  ] Am[  ] Di[  ]"
    assert not any(line.startswith("Dice: ") for line in got)
    assert got[-1] == (
        "P3 bot rolled blue A 6, blue B 1, red 3: choose a board for red (3).")
    v = view(phase="dice", turn=2, current=2, die_index=1, boards=[1, 2, 0], faces=[6, 1, 3],
             hand=[14, 54], settle_hand=[1, 8])
    assert render(sixgems_console.status, v) == [
        "Boards: Ru[  ] To[A6] Em[  ] Sa[  ] Am[  ] Di[  ]",
        "Your gem cards: Topaz 2, Amethyst 4",
        "Your settlement cards:",
        "  card 2 Topaz     all 6 colours among all gems -> you: X gems x highest die",
        "  card 9 Emerald   faces consecutive (6-1 too) -> all: X gems 1/3/5/7/10",
        "P3 bot rolled blue A 6, blue B 1, red 3: choose a board for blue B (1).",
    ]


# Each phase's question, P2 bot to decide: (changes, the last line).
SITUATIONS = [
    ({"phase": "play"}, "P2 bot: play a gem card."),
    ({"phase": "use", "played": 14},
     "P2 bot played Topaz 2: use its face 2 to move or turn a die?"),
    ({"phase": "settle"}, "P2 bot: settle, exchange a settlement card, or neither."),
    ({"phase": "wild", "turn": 0, "settling": 4, "wild_only": -1},
     "P1 settles with card 5 Amethyst: P2 bot, place a pending wild gem or keep waiting."),
    ({"phase": "wild", "turn": 0, "settling": 4, "wild_only": 0},
     "P1 settles with card 5 Amethyst: P2 bot, place a pending wild gem (now only on Ruby) or "
     "keep waiting."),
    ({"phase": "wild", "turn": 2, "settling": 0, "wild_only": 3},
     "P3 bot settles with card 1 Ruby: P2 bot, place a pending wild gem (now only on Sapphire) "
     "or keep waiting."),
    ({"phase": "give"}, "Swap: P2 bot chooses a gem of yours to swap (or no swap)."),
    ({"phase": "take", "give": 2}, "Swap: P2 bot gives an Emerald gem: choose the gem to take."),
    ({"phase": "leave"}, "Card 10: P2 bot, choose which of your most-held colours is left out."),
]


def test_each_phase_tells_what_to_do():
    for changes, expected in SITUATIONS:
        v = view(**dict({"turn": 1, "current": 1}, **changes))
        assert render(sixgems_console.table, v)[-1] == expected, changes
        assert render(sixgems_console.status, v)[-1] == expected, changes


def test_the_game_over_has_no_question():
    """G-E3: at the end nobody is to decide (current -1): no question after the cards."""
    v = view(phase="over", turn=1, current=-1, settle_hand=[], boards=[0, 1, 2])
    assert render(sixgems_console.table, v)[-1] == "Your settlement cards: (none)"
    assert render(sixgems_console.status, v)[-1] == "Your settlement cards: (none)"


def test_the_spectator_sees_a_line_per_turn():
    v = view(phase="play", turn=1, settlements=3, length=10, gem_deck=21, boards=[2, 2, -1],
             faces=[4, 5, 6])
    assert sixgems_console.turn_line(v, NAMES3) == (
        "-- P2 bot's turn, settlements 3 of 10, gem deck 21, boards: "
        "Ru[  ] To[  ] Em[B5] Sa[  ] Am[  ] Di[  ]")
    assert sixgems_console.turn_key(view(turns=4)) != sixgems_console.turn_key(view(turns=5))


def test_the_help_lists_every_settlement_card_with_its_bonus():
    """G-K1 .. G-K12: a line per card, its condition and bonus, after the rules."""
    assert sixgems_console.HELP[0] == "SIXGEMS in short:"
    cards = sixgems_console.CARDS
    assert sixgems_console.HELP[-12:] == tuple("  %-16s %s" % (sixgems.settle_text(k), cards[k])
                                               for k in range(12))
    assert sixgems_console.HELP[-1] == (
        "  card 12 Diamond  you hold 4+ colours -> you: 2 per gem under the red die")
