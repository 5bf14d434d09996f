"""Diploma's moves in the log (issue 57, the contract's move_text): each whole move of a
bot is one sentence in the players' words, colours named ("P3 lays a red tight tile on hex
1"), what it caused indented under it; picking the tile to lay says nothing until it is
laid; the human's news row shows the newest sentence. Rule ids: seeds/diploma.md."""

import re

from app_driver import choose, make_sim, setup_game, to_decision
from move_log import moves

from firmware.core.prng import Prng
from firmware.games.diploma import rules as diploma
from firmware.ui.match import LOG_KEEP, Match

# The short words of the choice list, never the log's: "R tight", "h1", "r2", "#3 Y2".
CHOICE_WORDS = re.compile(r"\b[RBYG] (straight|wide|tight)\b|\bh\d|\br\d\b|#\d")


def is_pick(action):
    """P-P3: the tile chosen to lay, and the peek tool; the action after them says the move."""
    return diploma.TILE <= action < diploma.PLACE or action == diploma.PEEK


def test_every_bot_move_is_one_line_of_its_own_seat_in_words_and_picks_say_nothing():
    match = Match(diploma.new_game(3, 7), ["normal", "normal", "hard"], budget_ms=30)
    kinds = set()
    for move in moves(match, limit=400, slice_ms=50):
        seat, action, lines = move.seat, move.action, move.public
        if is_pick(action):
            assert lines == [], (action, lines)  # (the peek's tile on top is its next move)
            continue
        told = [line for line in lines if not line.startswith("  ")]
        assert told == lines[:1] and len(told) == 1, (action, lines)  # the move, then what
        line = told[0]  # it caused
        assert line.startswith("P%d " % (seat + 1)), line
        assert not CHOICE_WORDS.search(line), line
        if action >= diploma.PLACE:
            kinds.add("lay")
            assert re.match(r"P\d lays a ((red|blue|yellow|green|grey) (straight|wide|tight)"
                            r" tile|mana spot) on hex \d+$", line), line
        elif diploma.DRAFT <= action < diploma.PROD:
            kinds.add("draft")
            assert re.match(r"P\d takes the (red|blue|yellow|green) [1-6] die$", line), line
        elif action == diploma.BUY:
            kinds.add("buy")
            assert line == "P%d buys a tile" % (seat + 1)
    assert {"lay", "draft", "buy"} <= kinds, kinds


def test_the_tile_a_peek_puts_on_top_stays_hidden_in_the_log():
    # The peek tool (P-I): the pick says nothing, the tile put on top is not named (no one
    # else may know it; its seat made the move).
    state = diploma.new_game(2, 5)
    while not (state.phase == diploma.P_PLACE and state.decider == 0):
        state.apply(state.legal_actions()[0])
    state.items[0].append(diploma.T_PEEK)
    assert state.move_text(diploma.PEEK) is None
    state.apply(diploma.PEEK)
    for i in range(len(diploma.top_tiles(state.supply))):
        for viewer in (1, -1):
            assert state.move_text(diploma.PICK_TOP + i, viewer) == \
                "P1 peeks (tool) and puts a tile on top"


def test_the_news_row_shows_each_bot_move_once_in_a_line_of_its_own():
    sim = make_sim("pybadge", seed=11)
    setup_game(sim, "Diploma", 2, ["human", "normal"])
    match = sim.app.match
    played = []  # (seat, what the human's log should say of it) of every action
    since = [0]  # the actions up to the human's last decision (its news starts after them)
    play = match.play
    only_choice = match.only_choice
    lone = [False]

    def recording(action):
        played.append((match.current(), action, match.state.move_text(action, 0)))
        if match.current() == 0 and not lone[0]:
            since[0] = len(played)
        play(action)

    def said_for_them():  # (a lone choice is played for the human: their news stays)
        lone[0] = True
        try:
            return only_choice()
        finally:
            lone[0] = False

    match.play = recording
    match.only_choice = said_for_them
    rng = Prng(3)
    checked = 0
    for _ in range(40):
        to_decision(sim)
        if match.over():
            break
        theirs = [(a, text) for seat, a, text in played[since[0]:] if seat == 1]
        said = [text for a, text in theirs if not is_pick(a)]  # a move each, from the history
        news = [line for line in match.news(0) if not line.startswith("Only choice")]
        moves = [line for line in news if not line.startswith("  ")]  # (not what they caused)
        if said:
            # Each of the bot's moves since: its one sentence (the newest LOG_KEEP lines kept).
            assert moves == said[len(said) - len(moves):], (moves, said)
            assert len(moves) == len(said) or len(match.news(0)) == LOG_KEEP, (moves, said)
            screen = " ".join(" ".join(sim.texts()).split())
            newest = match.news(0)[-1].strip()
            assert newest[:14] in screen, (newest, sim.texts())  # (its tile drawn after)
            checked += 1
        legal = sim.app.screen.legal
        choose(sim, legal[rng.randbelow(min(3, len(legal)))])
    assert checked >= 5, checked
