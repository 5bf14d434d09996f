"""Diam's on the text console (firmware/games/diams/console.py through firmware/ui/console.py):
the exact lines a player reads for constructed views (the table, the reminder between two
decisions, every phase's question, the spectator's line) and the action a typed number plays.
Whole games are in test_console.py. Rule ids: seeds/diams.md."""

from test_console import Script

from firmware.core import load
from firmware.games.diams import console as diams_console
from firmware.games.diams import rules as diams
from firmware.ui import console

NAMES = ["P1", "P2 bot", "P3 bot"]


def card(q, copy=1):
    """The card of quality `q`: copy 0 is the special-purity one (D-C2)."""
    return (q - 1) * diams.COPIES + copy


def view(**changes):
    """P1's view of a fresh 3-player quick game (seed 5), with `changes`."""
    v = load("diams").new_game(3, 5, {"length": "quick"}).view(0)
    v.update(changes)
    return v


def lines(render, v, names=NAMES):
    got = []
    render(v, names, got.append)
    return got


def test_table_shows_the_round_market_seats_and_own_hand_and_vault():
    """The seat's own hand and vault by name (D: hidden from the others), the others as
    counts, the turn and the viewer marked, the closing card's countdown (D-E1)."""
    v = view(
        seat=1,
        turn=2,
        round=2,
        rounds=3,
        deck=17,
        market=[card(1, 0), card(9)],
        closing_drawn=True,
        closer=2,
        turns_left=1,
        hand_counts=[4, 2, 11],
        vault_counts=[0, 5, 12],
        chips=[3, 10, 0],
        hand=[card(2), card(10, 0)],
        vault=[card(4, 0), card(4, 1), card(4, 2), card(7), card(7, 2)],
        phase="main",
    )
    assert lines(diams_console.table, v) == [
        "==== Diam's - round 2 of 3 - deck 17 ====",
        "Closing card drawn by P3 bot: 1 more turn(s) after this one, then scoring.",
        "Market: 1* purple, 9 grey",
        "  P1      hand 4  vault  0  chips  3",
        "  P2 bot  hand 2  vault  5  chips 10  (you)",
        "  P3 bot  hand 11  vault 12  chips  0  <- turn",
        "Your hand (P2 bot): 2 pink, 10* brown",
        "Your vault (P2 bot): 4 yellow x3* = 7, 7 red x2 = 0 -> 7 points",
        "P3 bot: market, vault or a special card.",
    ]


def test_table_before_the_closing_card_and_with_an_empty_market_and_vault():
    v = view(market=[], hand=[], vault=[], turn=0, phase="draw")
    got = lines(diams_console.table, v)
    assert got[1] == "Market: (none)"
    assert not any(line.startswith("Closing card") for line in got)
    assert "  P1      hand 3  vault  0  chips  0  <- turn  (you)" in got
    assert got[-3:] == [
        "Your hand (P1): (none)",
        "Your vault (P1): (empty) -> 0 points",
        "P1: draw 1 card to your hand or 2 to the market.",
    ]


def test_vault_groups_each_quality_with_its_points_and_purity():
    """D-V: a collection of 3/4/5 scores, fewer score 0; * marks the special purity."""
    vault = [
        card(1),
        card(1, 2),
        card(1, 3),
        card(1, 4),
        card(3, 0),
        card(8, 0),
        card(8),
        card(8, 2),
        card(8, 3),
        card(8, 4),
    ]
    v = view(vault=vault, hand=[])
    assert lines(diams_console.table, v)[-2] == (
        "Your vault (P1): 1 purple x4 = 7, 3 orange x1* = 0, 8 white x5* = 10 -> 17 points"
    )

    v = view(vault=[card(1, 0), card(1, 2), card(1, 3)])
    assert lines(diams_console.table, v)[-2] == "Your vault (P1): 1 purple x3* = 4 -> 4 points"


SITUATIONS = [
    ({"phase": "draw"}, "P3 bot: draw 1 card to your hand or 2 to the market."),
    ({"phase": "main"}, "P3 bot: market, vault or a special card."),
    ({"phase": "place"}, "Market: choose the diamond you put in the market."),
    (
        {"phase": "take", "placed": card(6), "selected": [card(2), card(3, 0)]},
        "Placed 6 green: take all 6s, or other diamonds adding up to 6 (picked 2 pink, "
        "3* orange = 5).",
    ),
    (
        {"phase": "take", "placed": card(5, 0), "selected": []},
        "Placed 5* blue: take all 5s, or other diamonds adding up to 5 (picked (none) = 0).",
    ),
    (
        {"phase": "vault", "selected": [card(4), card(4, 2), card(4, 3)]},
        "Vault: 3+ of a quality, plus qualities already stored. Selected: 4 yellow, "
        "4 yellow, 4 yellow",
    ),
    (
        {"phase": "convoy", "selected": []},
        "Convoy: qualities already in your vault. Selected: (none)",
    ),
    ({"phase": "sale card"}, "Compulsory Sale: choose the diamond you sell."),
    (
        {"phase": "sale seat", "placed": card(7, 0)},
        "Compulsory Sale of 7* red: choose the opponent.",
    ),
    ({"phase": "safe name"}, "Safecracker: name a quality (* = the special-purity one only)."),
    (
        {"phase": "safe seat", "named": 9, "named_pure": False},
        "Safecracker naming 9 grey: choose the opponent.",
    ),
    (
        {"phase": "safe give", "named": 1, "named_pure": True},
        "P3 bot's Safecracker names 1* purple: choose the diamond you give up.",
    ),
    ({"phase": "sleight"}, "Sleight of Hand: take one market diamond."),
    (
        {"phase": "discard", "hand": [card(q) for q in range(1, 9)]},
        "Hand limit 5: give up 3 card(s).",
    ),
]


def test_each_phase_tells_what_to_do():
    for changes, expected in SITUATIONS:
        v = view(turn=2, **changes)
        assert lines(diams_console.table, v)[-1] == expected, changes["phase"]
        assert lines(diams_console.status, v)[-1] == expected, changes["phase"]


def test_the_game_over_has_no_question():
    v = view(phase="over")
    assert lines(diams_console.table, v)[-1].startswith("Your vault (P1): ")


def test_status_reminds_of_the_hand_and_the_market_only_when_taking_from_it():
    hand = [card(2), card(5)]
    market = [card(3, 0), card(10)]
    for phase in ("take", "sleight"):
        v = view(phase=phase, hand=hand, market=market, placed=card(4), selected=[])
        got = lines(diams_console.status, v)
        assert got[:2] == ["Market: 3* orange, 10 brown", "Your hand (P1): 2 pink, 5 blue"]
        assert len(got) == 3
    for phase in ("main", "vault", "discard"):
        v = view(phase=phase, hand=hand, market=market, selected=[])
        got = lines(diams_console.status, v)
        assert got[0] == "Your hand (P1): 2 pink, 5 blue"
        assert len(got) == 2


def test_the_spectator_sees_a_line_per_turn():
    v = view(round=2, turn=1, deck=30, market=[card(6), card(6, 0)])
    assert diams_console.turn_line(v, NAMES) == (
        "-- round 2, P2 bot to play, deck 30, market: 6 green, 6* green")
    keys = set()
    for rnd in (1, 2, 3):
        for turn in range(5):
            keys.add(diams_console.turn_key(view(round=rnd, turn=turn)))
    assert len(keys) == 15  # a new line at each new turn of each round


# ---- Typed commands ----------------------------------------------------------------------


def typed(*answers):
    """The console's input: `answers` in turn, then the end of input (the game stops)."""
    left = list(answers)

    def answer(prompt, recent):
        if not left:
            raise EOFError
        return left.pop(0)

    return Script(answer)


def test_the_typed_number_plays_that_option():
    """'2' plays the second of the options listed (draw 2 to the market, D-T1): the option
    list numbers the legal actions in order and the choice is applied."""
    state = load("diams").new_game(3, 5, {"length": "quick"})
    assert state.current_player() == 0
    script = typed("2")
    assert console.run(state, ["human", "bot", "bot"], script.inp, script.out, 5) is False
    assert list(state.history) == [diams.DRAW_MARKET]
    assert "Your options:" in script.lines
    assert "   1) draw 1 to hand" in script.lines
    assert "   2) draw 2 to market" in script.lines
    assert script.lines[-1] == "Game stopped."
