"""Diamonds' moves in the log (issue 57, GameState.move_text): a human at P1 against normal
bots, through the Match the handheld plays (firmware/ui/match.py). Every bot move is one
line of P1's log (its news row): the dealer's count, a pass whole at its confirm (not a line
a card chosen), a card with what it did; the round's end under it, indented. No line names
a card P1 may not see (M-R2: a pass's cards only to the passer and, once all pass, the
taker). Rule ids: seeds/diamonds.md."""

import re

import move_log
import pytest
from app_driver import make_sim, setup_game
from move_log import as_bot, human_vs_bots

from firmware import buttons
from firmware.games.diamonds import rules as diamonds
from firmware.ui import screens

CARD = re.compile(r"\b(\d+)([DHSC])\b")  # '10D' (the table draws its pip over the D)


def named_cards(line):
    """The cards a line names."""
    return [diamonds.make_card(int(rank), "DHSC".index(suit))
            for rank, suit in CARD.findall(line)]


def seen_by(view, history):
    """The cards the view's seat may know: its hand, its choice and the cards it passed
    that the taker still holds, and every card played so far (face up, M-R4)."""
    played = set(a - diamonds.PLAY for a in history if a >= diamonds.PLAY)
    return set(view["hand"]) | set(view["chosen"]) | set(view["given"]) | played


def is_move(action):
    """A move of its own (M-R2, M-R4): the dealer's count, a pass confirmed, a card played;
    not a card chosen for the pass or taken back."""
    return not diamonds.PICK <= action < diamonds.PLAY


def bot_moves(players, seed, options=None, limit=400):
    """Play a game (its first `limit` actions), P1 choosing as a normal bot would: for each
    bot action, (seat, action, the lines it added to P1's log, P1's news just after, what P1
    may see then)."""
    match = human_vs_bots("diamonds", players, seed, options)
    return [(move.seat, move.action, move.told, move.news,
             seen_by(match.state.view(0), match.state.history))
            for move in move_log.bot_moves(match, as_bot("diamonds", "normal", seed), 0, limit)]


GAMES = [(3, 7, None), (2, 5, None), (4, 3, {"teams": "on"})]


@pytest.mark.parametrize("players,seed,options", GAMES, ids=["3p", "2p", "4p teams"])
def test_each_bot_move_is_one_line_of_the_log_and_in_the_news(players, seed, options):
    moves = bot_moves(players, seed, options)
    kinds = set()
    for seat, action, lines, news, _ in moves:
        told = [line for line in lines if not line.startswith("  ")]  # under it: indented
        if not is_move(action):
            assert lines == [], (action, lines)  # a pick: the confirm tells it
            continue
        assert len(told) == 1 and lines[0] == told[0], (action, lines)
        assert told[0].startswith("P%d " % (seat + 1)), told  # seat first, in words
        assert told[0] in news  # the news row shows it (LEFT / RIGHT through the news)
        if action >= diamonds.PLAY:
            kinds.add("trick" if "wins the trick" in told[0] else "play")
            if "cannot follow" in told[0]:
                kinds.add("off suit")
        else:
            kinds.add("pass" if action == diamonds.CONFIRM else "count")
    assert kinds >= {"count", "pass", "play", "trick"}, kinds


@pytest.mark.parametrize("players,seed,options", GAMES, ids=["3p", "2p", "4p teams"])
def test_no_line_names_a_card_the_reader_may_not_see_M_R2(players, seed, options):
    named = 0
    passes = []
    for _, action, lines, _, seen in bot_moves(players, seed, options):
        for line in lines:
            cards = named_cards(line)
            assert set(cards) <= seen, (line, sorted(set(cards) - seen))
            named += len(cards)
        if action == diamonds.CONFIRM:
            passes.append(lines[0])
    assert named > 20
    # Every pass is told, its cards named to P1 only when P1 takes them (the last pass).
    hidden = [line for line in passes if re.match(r"P\d passes \d cards? to P\d$", line)]
    shown = [line for line in passes if line not in hidden]
    assert hidden and shown and all(line.endswith(" to P1") for line in shown), passes


def test_the_table_shows_a_bots_pass_and_play_in_words():
    """On the handheld: at P1's decisions the news row holds the newest sentence, a whole
    move in words (not 'P2: choose ...')."""
    sim = make_sim("picodisplay", seed=7)
    setup_game(sim, "Diamonds", 3, ("human", "normal", "normal"))
    rows = []
    for _ in range(400):
        table = sim.app.screen
        if isinstance(table, screens.TableScreen) and sim.app.match.human_turn():
            news = sim.app.match.news(0)
            if news:
                tag = screens.NEWS_TAG if len(news) > 1 else 0
                first = screens.news_rows(news[-1], sim.app.cols, tag)[0]
                start = first[:CARD.search(first + " 0D").start()]  # (before a card's pip)
                assert any(row.startswith(start) for row in sim.texts()), (first, sim.texts())
                rows.append(news[-1])
            if len(rows) >= 6:
                break
            sim.press(buttons.A)
        else:
            sim.press(buttons.A)
    assert any(re.match(r"P\d (passes|plays|cannot follow)", row) for row in rows), rows
    assert not any(": choose" in row for row in rows)
