# Choosing by pointing (issue 14): at a human's decision the table points at what the choice
# under the cursor picks (a card, a die, a seat: a gold pointer in the cell before it, or the
# cursor's bar under a word), draws what no choice picks as an outline, and turns its page to
# show what is pointed at. The renderers say what each thing on the table is with
# canvas.mark(action); these tests read the screen as a player sees it.
import re

import pytest
from app_driver import keys_to, make_sim, setup_game, to_decision

from firmware import buttons
from firmware.core.prng import Prng
from firmware.ui import canvas, screens

TABLES = {
    "diams": ("Diam's", 2, ["human", "normal"]),
    "diamonds": ("Diamonds", 3, ["human", "normal", "normal"]),
    "quartz": ("Quartz", 3, ["human", "normal", "normal"]),
    "sixgems": ("SIXGEMS", 2, ["human", "normal"]),
}


def pointed(sim):
    """What the screen points at, read off its cells: (row, first col, text) of the thing
    after the gold pointer, or of the word under the cursor's bar on a table row; None."""
    c = sim.app.canvas
    table = sim.app.screen
    found = []
    for row in range(1, 1 + table.room):
        base = row * c.cols
        for col in range(c.cols):
            if c.tiles[base + col] == canvas.POINTER:
                found.append((row, col + 1, thing(c, row, col + 1)))
        navy = canvas.tile(canvas.SOLID, canvas.NAVY)
        col = 0
        while col < c.cols:
            if c.tiles[base + col] == navy and c.chars[base + col] != canvas.SPACE:
                end = col
                while end < c.cols and c.tiles[base + end] == navy:
                    end += 1
                found.append((row, col, c.row_text(row)[col:end].strip()))
                col = end
            col += 1
    assert len(found) <= 1, found  # one cursor
    return found[0] if found else None


def thing(c, row, col):
    """The text of the badge (one run of a glyph) at a cell."""
    base = row * c.cols
    tile = c.tiles[base + col]
    end = col
    while end < c.cols and c.tiles[base + end] == tile:
        end += 1
    return c.row_text(row)[col:end]


def walk(sim, check):
    """At the human's decision: the cursor over every choice (by the keys the screen takes:
    DOWN down the list, a placer's keys over a board), check(action, spot)."""
    table = sim.app.screen
    legal = list(table.legal)
    for index in range(len(legal)):
        for key in keys_to(table, index)[:-1]:
            sim.press(key)
        check(legal[table.cursor], table.spot())


def decisions(game, seed, count, visit):
    """`count` human decisions of `game` by buttons, visit(sim) at each before a random
    choice is pressed."""
    title, players, seats = TABLES[game]
    sim = make_sim("pybadge", seed=seed)
    setup_game(sim, title, players, seats)
    rng = Prng(seed)
    for _ in range(count):
        to_decision(sim)
        if sim.app.match.over():
            break
        visit(sim)
        table = sim.app.screen
        legal = table.legal
        for key in keys_to(table, rng.randbelow(len(legal))):
            sim.press(key)
        if not isinstance(sim.app.screen, screens.TableScreen) and sim.app.match.over():
            break
    return sim


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_table_points_at_what_the_choice_picks(game):
    # Guards: no pointer (or two), a pointer at the wrong cell or on a page not shown, a
    # choice that picks a card left outlined, the pointer left on a choice with no place.
    seen = {"pointed": 0, "choices": 0}

    def visit(sim):
        table = sim.app.screen
        c = sim.app.canvas

        def check(action, spot):
            seen["choices"] += 1
            shown = pointed(sim)
            if spot < 0:
                assert shown is None, (action, shown, sim.texts())
                return
            seen["pointed"] += 1
            assert shown is not None, (action, sim.texts())
            row, col, text = shown
            assert text, (action, sim.texts())
            cols = c.cols
            body_row = spot // cols
            assert row == 1 + body_row - table.top, (action, shown, spot)
            assert col == spot % cols, (action, shown, spot)
            # What a choice picks is never drawn as "not a choice".
            for other in table.legal:
                marks = table.body.marks
                for i in range(table.body.marked):
                    if marks[i] == screens.aim(other):  # (a shortcut: at its aim)
                        cell = table.body.spots[i]
                        r = cell // cols - table.top
                        if 0 <= r < table.room:
                            assert c.tiles[(1 + r) * cols + cell % cols] != screens.DIMMED, other

        walk(sim, check)

    for seed in (1, 2):
        decisions(game, seed, 25, visit)
    assert seen["pointed"] > 0, seen


def test_diams_points_at_the_card_it_names_and_outlines_the_rest():
    # Diam's: each card choice points at the badge of that card (its quality in the words),
    # and, while cards are chosen, the cards no choice picks are outlined, the others not.
    # Guards: a mark with the wrong base (hand for market), the special card's sale and power
    # not on its badge, nothing outlined.
    checked = {"cards": 0, "outlined": 0}

    def visit(sim):
        c = sim.app.canvas

        def check(action, spot):
            shown = pointed(sim)
            if shown is None or not shown[2][:1].isalnum() or shown[2].startswith(("Market",
                                                                                     "Hand",
                                                                                     "Vault")):
                return
            label = re.sub(r"x\d+$", "", shown[2].strip())
            words = sim.app.screen.words(action, sim.app.match.current())
            if label in "ABC":  # a special card: itself, its sale or its power
                assert "card " + label in words, (label, words)
            else:  # its quality, as a word ("5" or "5*": a badge may group both; "5s": all)
                number = re.escape(label.rstrip("*"))
                assert re.search(r"(^|\s)%s[*s]?(\s|,|$)" % number, words), (label, words)
            checked["cards"] += 1
            checked["outlined"] += screens.DIMMED in c.tiles

        walk(sim, check)

    decisions("diams", 3, 30, visit)
    assert checked["cards"] > 10 and checked["outlined"] > 0, checked


def moved_card(game, view):
    """The card the last move put on the table, as its badge's text: Diamonds' last card
    played (of the trick, or of the trick just won), Diam's diamond placed in the market;
    SIXGEMS's die placed, moved or turned last this turn (its letter and face)."""
    from firmware.games.diamonds import rules as diamonds
    from firmware.games.diams import rules as diams
    from firmware.games.sixgems import table as table_sixgems
    if game == "sixgems":
        die = view["moved"]
        return "%s%d" % (table_sixgems.DIE_LETTERS[die], view["faces"][die]) if die >= 0 else None
    if game == "diamonds":
        trick = view["trick"] or view["last_trick"]
        return "%d" % diamonds.rank(trick[-1]) if trick else None
    if view["placed"] < 0 or view["placed"] not in view["market"]:
        return None
    return "%d" % diams.quality(view["placed"])


def quartz_moved(sim, view, shown):
    """What the pointer stands at, asserted to be what Quartz's last action moved
    (view["moved"]): "die", one it picked, rerolled or acted with (its letter, at its place
    in the dice row), "seat", the one it chose (the name under the bar), "cart" or "chest",
    the gem of the crystal's kind where it went; None (no pointer, asserted) when nothing
    moved or when that is on another page."""
    from firmware.games.quartz import rules as quartz
    moved = view["moved"]
    table = sim.app.screen
    c = sim.app.canvas
    spot = table.find(canvas.MOVED)
    first = table.top * c.cols
    if moved < 0 or not first <= spot < first + table.room * c.cols:
        assert shown is None, (moved, shown, sim.texts())
        return None
    assert shown is not None, (moved, sim.texts())
    row, col, text = shown
    line = c.row_text(row)
    if moved < quartz.SEAT:
        die = moved - quartz.DIE
        assert line.startswith("Dice ") and col == 5 + 2 * die, (moved, shown, line)
        assert text.strip() == quartz.FACE_LETTERS[view["dice"][die]], (moved, shown)
        return "die"
    if moved < quartz.IN_CART:
        mine = moved - quartz.SEAT == view["seat"]  # (a bot's target may be you: your cart's row)
        assert text == ("Cart" if mine else "P%d" % (moved - quartz.SEAT + 1)), (moved, shown)
        return "seat"
    base, mine = (quartz.IN_CHEST, "C ") if moved >= quartz.IN_CHEST else (quartz.IN_CART, "Cart ")
    seat, kind = divmod(moved - base, 8)  # (a chest's label: the name, the chest's picture)
    label = mine if seat == view["seat"] else "P%d%s" % (seat + 1, "C" if base == quartz.IN_CHEST
                                                         else " ")
    assert line.startswith(label), (moved, label, line)
    assert col - 5 - 3 * kind in (0, 1), (moved, shown)  # the gem (its count: crowded)
    return "chest" if base == quartz.IN_CHEST else "cart"


@pytest.mark.parametrize("game", ["diamonds", "diams", "sixgems", "quartz"])
def test_while_the_bots_play_the_table_points_at_what_the_last_move_moved(game):
    # A bot's move on show: the gold pointer before the card it played (placed), the die it
    # placed, moved or turned (SIXGEMS: at its board on the ring, or at it in the centre); at
    # the human's decision the cursor's own. Quartz: the die, the seat, the crystal where it
    # went (quartz_moved). Guards: no pointer on a bot's move, the pointer on another card or
    # die (the trick's first, an old one), the card outlined as no choice.
    title, players, seats = TABLES[game]
    sim = make_sim("pybadge", seed=3)
    setup_game(sim, title, players, seats)
    rng = Prng(3)
    seen = 0
    kinds = set()  # (Quartz: what the pointer stood at)
    for _ in range(20000):
        app = sim.app
        match = app.match
        table = app.screen
        if match is None or match.over() or seen >= 12 and (
                game != "quartz" or kinds >= {None, "die", "seat", "cart"}):
            break  # (Quartz: None and three kinds of thing)
        if not isinstance(table, screens.TableScreen):
            sim.press(buttons.A)
            continue
        if match.human_turn():
            for key in keys_to(table, rng.randbelow(len(table.legal)))[:-1]:
                sim.press(key)
            sim.frame(buttons.A)  # (no settling: the bots' moves are watched frame by frame)
            sim.frame(0)
            continue
        sim.frame(0)
        if sim.app.screen is not table or table.hold is None or not match.bot_moved:
            continue  # (a round's results came up: SIXGEMS's settlements)
        while table.moving:  # (what moved travels to its place first: test_travel.py)
            sim.frame(0)
        view = match.state.view(match.viewer())
        shown = pointed(sim)
        if game == "quartz":
            kind = quartz_moved(sim, view, shown)
            seen += kind is not None
            kinds.add(kind)
            continue
        want = moved_card(game, view)
        if want is None:
            assert shown is None, (shown, sim.texts())
            continue
        c = sim.app.canvas
        assert shown is not None, (want, sim.texts())
        row, col, text = shown
        if game == "sixgems":  # (the ring's board: its gem, then the die on it)
            text = c.row_text(row)[col:col + 3]
        assert re.sub(r"x\d+$", "", text.strip()).rstrip("*") == want, (want, shown)
        assert c.tiles[row * c.cols + col] != screens.DIMMED
        seen += 1
    assert seen >= 12, seen
    assert game != "quartz" or kinds >= {None, "die", "seat", "cart"}, kinds
