"""SIXGEMS's moves in the log (issue 57, GameState.move_text): a human at P1 against normal
bots, through the Match the handheld plays (firmware/ui/match.py). Every bot move is one
line of P1's log (its news row): the three dice placed, a turn whole (the card played, its
face used, the settlement or the exchange), a wild gem, a swap, a colour left out; what
they caused under them, indented. No line names a card P1 may not see (G-T3: the
settlement card exchanged is its holder's). Rule ids: seeds/sixgems.md."""

import re

import move_log
import pytest
from app_driver import make_sim, setup_game
from move_log import as_bot, human_vs_bots

from firmware import buttons
from firmware.games.sixgems import rules as sixgems
from firmware.ui import screens

GEM = re.compile(r"\b(%s) ([1-6])\b" % "|".join(sixgems.COLOURS))
SETTLEMENT = re.compile(r"\bcard (\d+) (%s)\b" % "|".join(sixgems.COLOURS))


def is_pick(state, action):
    """A step that a later action of the same seat completes: a die before the third
    (G-S2, G-P5), a card played or its face used while the turn goes on (G-T1, G-T2), the
    gem given for a swap (G-K1)."""
    view = state.view(state.current_player())
    phase = view["phase"]
    if phase == "dice":
        return view["die_index"] < sixgems.DICE - 1
    if phase in ("play", "use"):
        after = state.clone()
        after.apply(action)
        return (after.current_player() == view["seat"] and after.turns == state.turns
                and sixgems.PHASES[after.phase] in ("use", "settle"))
    return phase == "give" and action != sixgems.NO_SWAP


def bot_moves(players, seed, limit=400):
    """Play a game (its first `limit` actions), P1 choosing as a normal bot would: for each
    bot action, (seat, whether it is a pick, the lines it added to P1's log, P1's news just
    after, P1's view then)."""
    match = human_vs_bots("sixgems", players, seed)
    return [(move.seat, move.action, is_pick(move.before, move.action), move.told, move.news,
             match.state.view(0))
            for move in move_log.bot_moves(match, as_bot("sixgems", "normal", seed), 0, limit)]


GAMES = [(3, 7), (2, 5), (4, 3)]


@pytest.mark.parametrize("players,seed", GAMES, ids=["3p", "2p", "4p"])
def test_each_bot_move_is_one_line_of_the_log_and_in_the_news(players, seed):
    kinds = set()
    for seat, action, pick, lines, news, _ in bot_moves(players, seed):
        told = [line for line in lines if not line.startswith("  ")]  # under it: indented
        if pick:
            assert lines == [], (action, lines)  # the move it is a step of tells it
            continue
        assert len(told) == 1 and lines[0] == told[0], (action, lines)
        assert told[0].startswith("P%d " % (seat + 1)), told  # seat first, in words
        assert told[0] in news  # the news row shows it (LEFT / RIGHT through the news)
        kinds.add(told[0].split()[1])  # the verb
        if " settles with " in told[0]:
            kinds.add("settles")
    assert kinds >= {"places", "plays", "settles"}, kinds


@pytest.mark.parametrize("players,seed", GAMES, ids=["3p", "2p", "4p"])
def test_no_line_names_a_card_the_reader_may_not_see_G_T3(players, seed):
    exchanges = 0
    for _, action, _, lines, _, view in bot_moves(players, seed):
        played = set()
        for area in view["areas"]:
            played |= set((sixgems.colour(c), sixgems.face(c)) for c in area)
        mine = set((sixgems.colour(c), sixgems.face(c)) for c in view["hand"])
        settled = set(k for k in range(sixgems.SETTLE_CARDS) if view["wild_owner"][k] >= 0)
        settled.add(view["settling"])  # (being settled: shown)
        for line in lines:
            for colour, face in GEM.findall(line):
                gem = (sixgems.COLOURS.index(colour), int(face))
                assert gem in played | mine, line
            for number, _ in SETTLEMENT.findall(line):
                assert int(number) - 1 in settled | set(view["settle_hand"]), line
        if sixgems.EXCHANGE <= action < sixgems.PLAY:
            assert lines[0].endswith(" exchanges a settlement card"), lines
            exchanges += 1
    assert exchanges > 3


def test_the_table_shows_a_bots_turn_in_one_sentence():
    """On the handheld: at P1's decisions the news row holds the newest sentence, a whole
    move in words (not 'P2: play Ruby 6')."""
    sim = make_sim("picodisplay", seed=7)
    setup_game(sim, "SIXGEMS", 3, ("human", "normal", "normal"))
    rows = []
    for _ in range(600):
        table = sim.app.screen
        if isinstance(table, screens.TableScreen) and sim.app.match.human_turn():
            news = sim.app.match.news(0)
            if news:
                tag = screens.NEWS_TAG if len(news) > 1 else 0
                first = screens.news_rows(news[-1], sim.app.cols, tag)[0]
                start = " ".join(first.split()[:3])  # (a page with one row of news: cut)
                assert any(row.startswith(start) for row in sim.texts()), (first, sim.texts())
                rows.append(news[-1])
            if len(rows) >= 8:
                break
        sim.press(buttons.A)
    assert any(re.match(r"P\d plays \w+ \d", row) for row in rows), rows
    assert not any(re.match(r"P\d: ", row) for row in rows), rows
