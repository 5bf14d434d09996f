# Choosing by pointing, Diamonds (issue 14): the table points at the card each choice names
# (playing it to the trick, choosing it for the pass, taking a chosen card back) and
# outlines the cards no choice picks; the pass count and the confirm point at nothing. Read
# off the screen as a player sees it: a hand badge shows the rank alone and its colour tells
# the suit (the four-colour deck), a chosen card shows both.
import re

from app_driver import make_sim, setup_game, to_decision
from test_pointing import TABLES, decisions, pointed, walk

from firmware import buttons
from firmware.games.diamonds import rules as diamonds
from firmware.games.diamonds import table as diamonds_table
from firmware.ui import canvas, screens


def base_of(action):
    """The card action's base (PLAY, UNPICK, PICK), or None (a pass count, the confirm)."""
    for base in (diamonds.PLAY, diamonds.UNPICK, diamonds.PICK):
        if action >= base:
            return base
    return None


def check_card(sim, action):
    """The cursor's card choice points at a lit badge of the card its words name."""
    c = sim.app.canvas
    words = sim.app.match.text(action, sim.app.match.current())
    shown = pointed(sim)
    assert shown is not None, (words, sim.texts())
    row, col, text = shown
    colour = c.tiles[row * c.cols + col] - canvas.tile(canvas.SOLID, 0)
    assert colour in diamonds_table.SUIT, (words, shown)  # a card badge, lit (not an outline)
    letter = diamonds.SUIT_LETTERS[diamonds_table.SUIT.index(colour)]
    if text[-1].isalpha():  # a chosen card: its letter on the badge too
        assert text[-1] == letter, (words, shown)
        card = text
    else:  # a hand card: the rank alone
        card = text + letter
    assert (" %s " % card) in (" %s " % words), (card, words, sim.texts())


def outlines(c, rows):
    """The texts of the outlined badges (S.DIMMED runs) on the table's rows of the screen."""
    found = []
    for row in range(1, 1 + rows):
        base = row * c.cols
        col = 0
        while col < c.cols:
            if c.tiles[base + col] == screens.DIMMED:
                end = col
                while end < c.cols and c.tiles[base + end] == screens.DIMMED:
                    end += 1
                found.append(c.row_text(row)[col:end])
                col = end
            col += 1
    return found


def test_diamonds_points_at_the_card_it_names_and_outlines_the_rest():
    # Guards: a mark on the wrong card (or on the suit's letter), the hand marked PLAY while
    # passing (or PICK while playing), the chosen cards unmarked or marked as picks, the
    # trick's cards marked (then outlined), a pass count or the confirm pointing at
    # something, nothing outlined or the wrong cards.
    seen = {"cards": 0, "passing": 0, "playing": 0, "outlined": 0}

    def visit(sim):
        match = sim.app.match
        view = match.state.view(match.current())
        legal = sim.app.screen.legal
        # The cards no choice picks, as the table shows them: outlined, and nothing else.
        dull = []
        for card in view["hand"]:
            if diamonds.PICK + card not in legal and diamonds.PLAY + card not in legal:
                dull.append("%d" % diamonds.rank(card))
        for card in view["chosen"]:
            if diamonds.UNPICK + card not in legal:
                dull.append(diamonds.card_text(card))

        def check(action, spot):
            if isinstance(action, tuple):  # the likely pass (M-R2): at its first card
                assert action[0].startswith("pass ") and action[2] == action[1][0], action
                action = screens.aim(action)
            base = base_of(action)
            if base is None:  # the pass count, the confirm: nothing on the table
                assert pointed(sim) is None, (action, sim.texts())
                return
            check_card(sim, action)  # every card a choice names is pointed at
            seen["cards"] += 1
            seen["playing" if base == diamonds.PLAY else "passing"] += 1
            shown = outlines(sim.app.canvas, sim.app.screen.room)
            assert sorted(shown) == sorted(dull), (shown, dull, sim.texts())
            seen["outlined"] += len(dull) > 0

        walk(sim, check)

    for seed in (3, 4):
        decisions("diamonds", seed, 30, visit)
    assert seen["passing"] > 10 and seen["playing"] > 10, seen
    assert seen["outlined"] > 5, seen


def test_diamonds_points_into_a_suit_that_wraps():
    # A suit too long for one row goes on under its letter: each card is still pointed at.
    # Guards: a mark set before the wrap (on the row above, where no badge is: no pointer).
    # Random deals rarely give such a suit: the human is dealt the ten top hearts (swapped
    # with whoever held them) at their first pass choice.
    title, players, seats = TABLES["diamonds"]
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, title, players, seats)
    to_decision(sim)
    state = sim.app.match.state
    if state.phase == diamonds.P_COUNT:  # the human deals: pass 1, then on to their pass
        sim.press(buttons.A)
        to_decision(sim)
    seat = state.current_player()
    assert state.phase == diamonds.P_PASS and not state.chosen[seat], sim.texts()
    hearts = [diamonds.make_card(r, diamonds.HEARTS) for r in range(diamonds.RANKS - 9,
                                                                    diamonds.RANKS + 1)]
    mine = state.hands[seat]
    spare = [card for card in mine if card not in hearts]
    for pile in state.hands + state.chosen + [state.aside]:
        for i in range(len(pile)):
            if pile is not mine and pile[i] in hearts:
                pile[i] = spare.pop()
        pile.sort()
    mine[:] = hearts
    table = sim.app.screen
    table.drawn = (None, -1, -1)  # drawn again from the rigged state
    table.refresh()
    sim.press(buttons.DOWN)
    sim.press(buttons.UP)
    assert sim.app.canvas.row_text(3).startswith("  "), sim.texts()  # it wrapped
    picks = []

    def check(action, spot):
        if not isinstance(action, tuple) and base_of(action) == diamonds.PICK:
            check_card(sim, action)
            picks.append(action)

    walk(sim, check)
    assert sorted(picks) == [diamonds.PICK + card for card in hearts], picks


def test_diamonds_words_show_each_card_with_its_pip():
    # The choice's words ('choose 3S to pass', 'play 15C') and the news show each card's suit
    # as its pip, the pip of that suit, and nothing else as a picture. Guards: the choice row
    # or the news drawn as plain text, a wrong suit's pip, a pip on a seat or a count.
    seen = {"choice": 0, "news": 0}

    def pips(c, row):
        """The cards a row shows with a pip: '7D' for each pip after '7'."""
        text = c.row_text(row)
        found = []
        for col in range(c.cols):
            tile = c.tiles[row * c.cols + col]
            if tile >= canvas.PICTURES:
                suit = tile - canvas.PICTURES - diamonds_table.PIPS
                assert text[col] == diamonds.SUIT_LETTERS[suit], (text, col)
                start = col
                while start > 0 and text[start - 1].isdigit():
                    start -= 1
                found.append(text[start:col + 1])
        return found

    def named(text):
        return [w.strip(".,:;()") for w in text.split() if re.fullmatch(r"\d+[DHSC][.,:;)]?", w)]

    def visit(sim):
        c = sim.app.canvas
        table = sim.app.screen
        rows = range(c.rows - table.choice_rows, c.rows)
        words = " ".join(c.row_text(row) for row in rows)
        assert [p for row in rows for p in pips(c, row)] == named(words), sim.texts()
        seen["choice"] += len(named(words)) > 0
        news = range(1 + table.room, c.rows - table.choice_rows)
        said = " ".join(c.row_text(row) for row in news)
        assert [p for row in news for p in pips(c, row)] == named(said), sim.texts()
        seen["news"] += len(named(said)) > 0

    for seed in (3, 4):
        decisions("diamonds", seed, 30, visit)
    assert seen["choice"] > 10 and seen["news"] > 5, seen
