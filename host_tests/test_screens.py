# The handheld's menus, text pages and table by what a player sees and gets: the cursor and
# its "n/m", scrolling, pages, what each choice does (firmware/ui/screens.py, menus.py).
# Driven by buttons in the headless simulator (real Blinka displayio), read from the screen's
# labels, so the tests hold through a rework of the screen classes.
import importlib
import sys

import pytest
from app_driver import (
    cursor_row,
    keys_to,
    make_sim,
    move_cursor_to,
    set_value,
    setup_game,
    title_text,
    to_decision,
)

from firmware import buttons
from firmware.core import GAMES, about, available, dotted, load
from firmware.core.prng import Prng
from firmware.games.diams import rules as diams
from firmware.games.diams.help import HELP as DIAMS_HELP
from firmware.save import SaveSlot
from firmware.ui import canvas, screens
from firmware.ui.canvas import wrap
from firmware.ui.match import Match

HERE = [g for g in GAMES if available(g)]


def cursor_text(sim):
    return sim.texts()[cursor_row(sim)][1:].strip()


def right_of_title(sim):
    return title_text(sim).split()[-1]


# -- lists ------------------------------------------------------------------------------
def test_the_title_menu_lists_every_game_then_the_buttons_page_and_wraps_around():
    sim = make_sim("pybadge")
    items = [about(g).TITLE for g in HERE] + ["Buttons"]
    assert title_text(sim).startswith("Pocket Gem Games")
    seen = []
    for i in range(len(items)):
        seen.append(cursor_text(sim))
        assert right_of_title(sim) == "%d/%d" % (i + 1, len(items))
        sim.press(buttons.DOWN)
    assert seen == items
    assert cursor_text(sim) == items[0]  # past the last: the first again
    sim.press(buttons.UP)
    assert cursor_text(sim) == items[-1]  # before the first: the last
    assert sim.texts()[-1].strip() == "USB drive mode: no saving"  # no slot: no saving


def test_the_title_menu_says_saves_are_on(tmp_path):
    sim = make_sim("pybadge", SaveSlot(str(tmp_path), sync=False))
    assert sim.texts()[-1].strip() == "saves on"


def test_a_long_list_scrolls_to_keep_the_cursor_on_the_screen():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Diam's")
    sim.press(buttons.A)
    module = load("diams")
    set_value(sim, "Players", str(module.MAX_PLAYERS))
    count = 1 + module.MAX_PLAYERS + len(module.OPTIONS) + 2
    room = sim.app.rows - 2
    assert count > room  # the list is longer than the screen
    while not cursor_text(sim).startswith("Players"):
        sim.press(buttons.DOWN)
    rows = []
    for i in range(count):
        rows.append(cursor_text(sim))
        assert right_of_title(sim) == "%d/%d" % (i + 1, count)
        shown = sim.texts()[1 : 1 + room]
        assert len([r for r in shown if r.strip()]) == room  # the list fills the room
        sim.press(buttons.DOWN)
    assert rows[-2:] == ["Start game", "Rules help"]
    assert cursor_row(sim) == 1 and cursor_text(sim).startswith("Players")  # scrolled back
    sim.press(buttons.UP)
    assert cursor_row(sim) == room and cursor_text(sim) == "Rules help"  # the last row


def test_setup_values_turn_around_both_ways_and_a_on_a_value_changes_it():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Diamonds")
    sim.press(buttons.A)
    module = load("diamonds")
    low, high = module.MIN_PLAYERS, module.MAX_PLAYERS
    assert cursor_text(sim) == "Players: < %d >" % max(low, min(3, high))
    set_value(sim, "Players", str(high))
    sim.press(buttons.RIGHT)
    assert cursor_text(sim) == "Players: < %d >" % low  # past the most: the fewest
    sim.press(buttons.LEFT)
    assert cursor_text(sim) == "Players: < %d >" % high  # and back
    sim.press(buttons.A)  # A on a value: the next one
    assert cursor_text(sim) == "Players: < %d >" % low
    move_cursor_to(sim, "P2:")
    assert cursor_text(sim) == "P2: < normal >"  # the bots start at normal
    kinds = []
    for _ in range(4):
        sim.press(buttons.RIGHT)
        kinds.append(cursor_text(sim))
    assert kinds == ["P2: < hard >", "P2: < human >", "P2: < easy >", "P2: < normal >"]
    sim.press(buttons.LEFT)
    assert cursor_text(sim) == "P2: < easy >"
    move_cursor_to(sim, "P1:")
    assert cursor_text(sim) == "P1: < human >"  # the first seat starts human


@pytest.mark.parametrize("game", [g for g in HERE if load(g).OPTIONS])
def test_every_option_turns_through_its_choices(game):
    sim = make_sim("pybadge")
    move_cursor_to(sim, about(game).TITLE)
    sim.press(buttons.A)
    for key, choices in load(game).OPTIONS:
        move_cursor_to(sim, key.replace("_", " ") + ":")
        seen = []
        for _ in range(len(choices)):
            seen.append(cursor_text(sim))
            sim.press(buttons.RIGHT)
        assert seen == ["%s: < %s >" % (key.replace("_", " "), c) for c in choices]
        assert cursor_text(sim) == seen[0]
        sim.press(buttons.LEFT)
        assert cursor_text(sim) == seen[-1]


def test_b_on_the_setup_goes_back_to_the_title():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Quartz")
    sim.press(buttons.A)
    sim.press(buttons.B)
    assert title_text(sim).startswith("Pocket Gem Games")


def test_rules_help_from_the_setup_shows_the_games_rules_and_comes_back_unchanged():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Diam's")
    sim.press(buttons.A)
    set_value(sim, "Players", "4")
    move_cursor_to(sim, "Rules help")
    sim.press(buttons.A)
    assert title_text(sim).startswith("Diam's rules")
    first = wrap(DIAMS_HELP[0], sim.app.cols)[0]
    assert sim.texts()[1].strip() == first.strip()
    assert sim.texts()[-1].strip() == "A: more  B: back"
    sim.press(buttons.B)
    assert title_text(sim).startswith("Diam's")
    move_cursor_to(sim, "Players")
    assert cursor_text(sim) == "Players: < 4 >"  # the setup as it was left


def test_rules_help_needs_no_text_console_and_leaves_the_heap(monkeypatch):
    """Each game's rules help is its help.py, not the console's renderer (a
    PyBadge firmware leaves the console out), and it is forgotten once its lines are shown."""
    monkeypatch.setitem(sys.modules, "firmware.ui.console", None)  # importing them fails
    for game in HERE:
        monkeypatch.setitem(sys.modules, dotted(game, "console"), None)
    sim = make_sim("pybadge")
    for game in HERE:
        name = dotted(game, "help")
        lines = importlib.import_module(name).HELP
        title = about(game).TITLE
        move_cursor_to(sim, title)
        sim.press(buttons.A)
        move_cursor_to(sim, "Rules help")
        sim.press(buttons.A)
        assert title_text(sim).startswith(title), game
        assert sim.texts()[1].strip() == wrap(lines[0], sim.app.cols)[0].strip(), game
        assert name not in sys.modules, game
        sim.press(buttons.B)
        sim.press(buttons.B)
        assert title_text(sim).startswith("Pocket Gem Games")


def test_rules_help_of_a_game_without_one_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "firmware.games.quartz.help", None)  # as if not there
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Quartz")
    sim.press(buttons.A)
    move_cursor_to(sim, "Rules help")
    sim.press(buttons.A)
    assert title_text(sim).startswith("Quartz: The Dice Game")
    assert sim.texts()[1].strip() == "No help for this game yet."
    sim.press(buttons.B)
    assert title_text(sim).startswith("Quartz")


def test_a_saved_game_is_offered_first_and_replaced_only_on_a_second_a(tmp_path):
    slot = SaveSlot(str(tmp_path), sync=False)
    sim = make_sim("pybadge", slot)
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    sim.press(buttons.START)
    move_cursor_to(sim, "Quit to the title")
    sim.press(buttons.A)
    assert cursor_text(sim) == "Resume Diam's" and cursor_row(sim) == 1
    history = list(slot.load().state.history)
    move_cursor_to(sim, "Quartz")
    sim.press(buttons.A)
    move_cursor_to(sim, "Start game")
    sim.press(buttons.A)
    assert sim.texts()[-1].strip() == "A again: replace the save"
    sim.press(buttons.DOWN)  # anything else: asked again
    sim.press(buttons.UP)
    sim.press(buttons.A)
    assert sim.texts()[-1].strip() == "A again: replace the save"
    assert list(slot.load().state.history) == history  # not replaced yet
    sim.press(buttons.A)
    assert sim.app.match is not None and sim.app.match.game == "quartz"


def test_resume_from_the_title_continues_the_saved_game(tmp_path):
    slot = SaveSlot(str(tmp_path), sync=False)
    sim = make_sim("pybadge", slot)
    setup_game(sim, "Quartz", 3, ["human", "normal", "easy"])
    to_decision(sim)
    history = list(sim.app.match.state.history)
    sim.press(buttons.START)
    move_cursor_to(sim, "Quit to the title")
    sim.press(buttons.A)
    assert sim.app.match is None
    sim.press(buttons.A)  # "Resume Quartz", the first item
    assert sim.app.match is not None and sim.app.match.game == "quartz"
    assert list(sim.app.match.state.history)[: len(history)] == history
    assert sim.app.match.seats == ["human", "normal", "easy"]


def test_the_buttons_page_names_this_boards_buttons_and_returns_to_the_title():
    for board in ("pybadge", "picodisplay"):
        sim = make_sim(board)
        move_cursor_to(sim, "Buttons")
        sim.press(buttons.A)
        assert title_text(sim).startswith("Buttons")
        assert wrap(sim.app.board.lines[0], sim.app.cols)[0] in sim.texts()  # as it is
        sim.press(buttons.B)
        assert title_text(sim).startswith("Pocket Gem Games")
        assert cursor_text(sim) == "Buttons"  # the same menu, where it was


# -- text pages -------------------------------------------------------------------------
def log_page(sim, lines):
    """A text page of `lines` as the app shows one (the pause menu's log)."""
    sim.app.match.public[:] = lines
    sim.press(buttons.START)
    move_cursor_to(sim, "Log of the game")
    sim.press(buttons.A)
    assert title_text(sim).startswith("Log")


def back_in_pause_then_table(sim):
    """A closed log page is back in the pause menu, where it was chosen (issue 57: the key
    that closes a page must not lead on into a move); its B gives the table back."""
    assert title_text(sim).startswith("Paused"), sim.texts()  # (menus is loaded anew)
    assert cursor_text(sim) == "Log of the game"
    sim.press(buttons.B)
    assert isinstance(sim.app.screen, screens.TableScreen)


def test_a_long_text_page_scrolls_by_lines_and_by_pages_and_stops_at_its_ends():
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    lines = ["line %02d" % i for i in range(40)]
    log_page(sim, lines)
    room = sim.app.rows - 2

    def shown():
        return [r.strip() for r in sim.texts()[1 : 1 + room]]

    assert shown() == lines[:room] and right_of_title(sim) == "%d/40" % room
    sim.press(buttons.DOWN)
    assert shown() == lines[1 : 1 + room] and right_of_title(sim) == "%d/40" % (room + 1)
    sim.press(buttons.RIGHT)  # a page on
    assert shown() == lines[1 + room : 1 + 2 * room]
    for _ in range(5):
        sim.press(buttons.RIGHT)
    assert shown() == lines[40 - room :] and right_of_title(sim) == "40/40"  # the end
    sim.press(buttons.DOWN)
    assert shown() == lines[40 - room :]
    sim.press(buttons.UP)
    assert shown() == lines[39 - room : 39]
    sim.press(buttons.LEFT)  # a page back
    assert shown() == lines[39 - 2 * room : 39 - room]
    for _ in range(5):
        sim.press(buttons.LEFT)
    assert shown() == lines[:room]  # the start
    sim.press(buttons.UP)
    assert shown() == lines[:room]
    assert sim.texts()[-1].strip() == "A: more  B: back"
    sim.press(buttons.A)  # A reads on, a page at a time
    assert shown() == lines[room : 2 * room]
    for _ in range(40 // room + 1):
        if shown() == lines[40 - room :]:
            break
        sim.press(buttons.A)
    assert shown() == lines[40 - room :] and sim.texts()[-1].strip() != "A: more  B: back"
    sim.press(buttons.A)  # from the last page, A goes on
    back_in_pause_then_table(sim)
    log_page(sim, lines)
    sim.press(buttons.B)  # B goes back from any page
    back_in_pause_then_table(sim)


def test_a_short_text_page_has_no_position_and_does_not_scroll():
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    log_page(sim, ["only line"])
    assert title_text(sim).strip() == "Log"
    sim.press(buttons.DOWN)
    assert sim.texts()[1].strip() == "only line"
    sim.press(buttons.B)
    back_in_pause_then_table(sim)


def test_an_empty_log_says_so():
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    log_page(sim, [])
    assert sim.texts()[1].strip() == "Nothing yet."
    sim.press(buttons.START)  # START also leaves a text page
    back_in_pause_then_table(sim)


# -- the pause menu -----------------------------------------------------------------------
def test_the_pause_menu_goes_back_shows_help_and_quits():
    sim = make_sim("pybadge")
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    to_decision(sim)
    history = list(sim.app.match.state.history)
    sim.press(buttons.START)
    assert title_text(sim).startswith("Paused")
    assert sim.texts()[-1].strip() == "A: choose  B: back to game"
    sim.press(buttons.B)
    assert isinstance(sim.app.screen, screens.TableScreen)
    sim.press(buttons.START)
    sim.press(buttons.A)  # "Back to the game"
    assert isinstance(sim.app.screen, screens.TableScreen)
    sim.press(buttons.START)
    move_cursor_to(sim, "Rules help")
    sim.press(buttons.A)
    assert title_text(sim).startswith("Quartz: The Dice Game")  # its rules, "8/49" at the right
    assert sim.texts()[-1].strip() == "A: more  B: back"
    sim.press(buttons.B)
    assert title_text(sim).startswith("Paused")  # back where the help was chosen
    sim.press(buttons.B)
    assert isinstance(sim.app.screen, screens.TableScreen)
    assert list(sim.app.match.state.history) == history  # nothing played meanwhile
    sim.press(buttons.START)
    move_cursor_to(sim, "Quit to the title")
    sim.press(buttons.A)
    assert sim.app.match is None and title_text(sim).startswith("Pocket Gem Games")


# -- the table ----------------------------------------------------------------------------
def test_the_choice_moves_both_ways_around_and_a_plays_the_one_shown():
    sim = make_sim("pybadge")
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    to_decision(sim)
    match = sim.app.match
    legal = sim.app.screen.legal  # the game's actions and the table's shortcuts
    assert len(legal) > 2 and match.legal()[0] in legal
    seat = match.current()
    assert right_of_title(sim) == "1/%d" % len(legal)
    sim.press(buttons.UP)  # from the first: the last
    assert right_of_title(sim) == "%d/%d" % (len(legal), len(legal))
    assert sim.texts()[len(sim.texts()) - sim.app.screen.choice_rows].startswith(">")
    sim.press(buttons.DOWN)  # on: the first again
    assert right_of_title(sim) == "1/%d" % len(legal)
    sim.press(buttons.DOWN)
    sim.press(buttons.UP)
    sim.press(buttons.DOWN)
    sim.press(buttons.DOWN)
    assert right_of_title(sim) == "3/%d" % len(legal)
    before = len(match.state.history)
    sim.press(buttons.A)
    actions = list(legal[2][1]) if isinstance(legal[2], tuple) else [legal[2]]
    assert list(match.state.history[before:]) == actions
    assert match.current() != seat or sim.app.screen.legal != legal


def test_on_a_board_a_games_choices_leave_the_heap_after_each_decision(monkeypatch):
    # A board (COLLECT) loads the game's choices.py for a human's decision and lets it go at once:
    # the bots' search and the results need the heap. Guards: the module kept, the wrong
    # name unloaded, the choices not the module's (no shortcut).
    import sys

    monkeypatch.setattr(screens, "COLLECT", True)
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    table = sim.app.screen
    for _ in range(3):
        if not sim.app.match.human_turn():
            to_decision(sim)
        assert "firmware.games.diams.choices" not in sys.modules
        table.refresh()
        assert "firmware.games.diams.choices" not in sys.modules
        view = sim.app.match.state.view(sim.app.match.current())
        if view["phase"] == "main":
            assert [c for c in table.legal if isinstance(c, tuple)]  # (the places)
        sim.press(buttons.A)


def test_no_room_for_a_games_choices_leaves_the_rules_list_and_the_game_goes_on(monkeypatch):
    # A board's heap too fragmented to load the game's choices.py (late in a long game): the
    # rules' own choices, every one there, nothing half loaded left on the heap, and the
    # next decision tries again. Guards: the MemoryError reaching the crash screen, a
    # choice lost, the module left loaded.
    import sys

    monkeypatch.setattr(screens, "COLLECT", True)
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    while sim.app.match.state.view(0)["phase"] != "main":
        sim.press(buttons.A)
        to_decision(sim)
    real = screens.game_part

    def no_room(game, name):
        real(game, name)  # (loaded, then no room for what it builds)
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(screens, "game_part", no_room)
    table = sim.app.screen
    table.refresh()
    assert table.legal == sim.app.match.legal()  # the rules' list: no shortcut
    assert "firmware.games.diams.choices" not in sys.modules
    assert not getattr(sim.app.screen, "crash", False)
    monkeypatch.setattr(screens, "game_part", real)
    table.refresh()
    assert [c for c in table.legal if isinstance(c, tuple)]  # the shortcuts again


def test_the_table_has_no_work_between_frames_at_a_decision_or_the_end():
    # tick() is for the bots' thinking: at a human's decision (and when the game is over)
    # there is none, and nothing to draw again. Guards: a redraw every frame while the
    # player reads the table.
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    table = sim.app.screen
    assert sim.app.match.human_turn() and not table.tick(sim.now + 1000)
    assert not table.tick(sim.now + 5000)


def test_nothing_to_take_back_is_said_until_the_next_button():
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    assert not sim.app.match.can_take_back()
    sim.press(buttons.B)
    top = len(sim.texts()) - sim.app.screen.choice_rows  # where the choice was
    assert sim.texts()[top].strip() == "Nothing to take back"
    sim.press(buttons.DOWN)
    assert sim.texts()[top].startswith(">")


def test_select_turns_the_pages_of_a_table_taller_than_the_screen():
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 5, ["human"] + ["normal"] * 4)
    to_decision(sim)
    table = sim.app.screen
    assert table.pages > 1  # five players' table: more than one page on a PyBadge
    pages = table.pages
    first = sim.texts()[1:-2]
    assert title_text(sim).split()[-2] == "p1/%d" % pages
    sim.press(buttons.SELECT)
    assert title_text(sim).split()[-2] == "p2/%d" % pages
    assert sim.texts()[1:-2] != first
    for _ in range(pages - 1):
        sim.press(buttons.SELECT)
    assert title_text(sim).split()[-2] == "p1/%d" % pages  # around to the first
    assert sim.texts()[1:-2] == first


def test_while_a_bot_thinks_the_table_says_who_and_hurrying_it_is_asked():
    sim = make_sim("pybadge", None, budget_ms=60000)
    setup_game(sim, "Diamonds", 3, ["human", "hard", "normal"], settle=False)
    match = sim.app.match
    for _ in range(400):
        if not match.human_turn():
            break
        to_decision(sim)
        sim.frame(buttons.A)
        sim.frame(0)
    seat = match.current()
    assert match.seats[seat] == "hard"
    for _ in range(3):
        sim.frame(0)
    rows = sim.texts()
    assert rows[-1].strip() == "%s thinks  A: hurry" % match.names[seat]
    assert title_text(sim).endswith(tuple("%s %s" % (match.names[seat], s) for s in screens.SPIN))
    before = len(match.state.history)
    for key in (buttons.A, buttons.B):  # a press asks; B: it thinks on
        sim.frame(key)
        sim.frame(0)
        assert sim.texts()[-1].strip() == "Hurry P%d? A: yes  B: no" % (seat + 1)
        assert len(match.state.history) == before
        sim.frame(buttons.B)
        sim.frame(0)
        assert sim.texts()[-1].strip() == "%s thinks  A: hurry" % match.names[seat]
        assert len(match.state.history) == before
    sim.frame(buttons.A)
    sim.frame(0)
    sim.frame(buttons.A)  # yes
    assert len(match.state.history) == before + 1  # answered at once, its best so far


def news_block(sim):
    """The rows between the table and the choice that say the others' moves: the rows just
    above the choice's, down from the first that ends with an "n/m" index."""
    rows = sim.texts()
    bottom = len(rows) - 1
    while not rows[bottom - 1].startswith(">") and rows[bottom].startswith(" "):
        bottom -= 1  # (the choice's second row)
    if rows[bottom - 1].startswith(">"):
        bottom -= 1
    return rows[:bottom]


def to_news(sim, count):
    """A human decision whose news holds at least `count` sentences."""
    rng_moves = 0
    while True:
        to_decision(sim)
        match = sim.app.match
        if len(match.news(match.current())) >= count:
            return match.news(match.current())
        sim.press(buttons.A)
        rng_moves += 1
        assert rng_moves < 60, sim.texts()


def test_a_long_news_sentence_keeps_every_word_in_rows_that_fit():
    # Guards: a row's words lost in the re-wrap, the last row not leaving room for its "n/m"
    # (issue 57: it goes after the sentence's last word, never inside it), an indent kept,
    # room kept on a sentence that has no "n/m".
    for n in range(20, 31):
        sentence = "  P3: " + " ".join("word%d" % i for i in range(n))
        for cols in (26, 40):
            rows = screens.news_rows(sentence, cols)
            assert len(rows) >= 3 and not rows[0].startswith(" ")
            assert len(rows[-1]) <= cols - screens.NEWS_TAG
            assert all(len(row) <= cols for row in rows)
            assert " ".join(rows).split() == sentence.split()
            assert screens.news_rows(sentence, cols, 0) == wrap(sentence.strip(), cols)


def test_a_sentence_cut_short_ends_in_dots_and_leaves_room_for_its_index():
    # Guards: a cut row past its room, words of the next rows shown, no sign of the cut.
    rows = screens.news_rows("P1 wins the trick with 15C: club action, P1 steals a crystal"
                             " from P4; thief token to P1", 26)
    assert len(rows) == 4
    assert screens.cut_news(rows, 4, 26, screens.NEWS_TAG) == rows  # (they fit)
    cut = screens.cut_news(rows, 2, 26, screens.NEWS_TAG)
    assert cut == [rows[0], "15C: club action,..."]
    assert len(cut[-1]) <= 26 - screens.NEWS_TAG
    assert screens.cut_news(rows, 0, 26, screens.NEWS_TAG) == []


def test_a_page_past_the_tables_last_shows_its_first():
    # The table shrank under the page shown (a round ended, a take-back): its first page.
    # Guards: a blank page, a page number past the last.
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 5, ["human"] + ["normal"] * 4)
    to_decision(sim)
    table = sim.app.screen
    first = sim.texts()[1:-2]
    table.page = table.pages + 2
    sim.app.redraw()
    sim.frame(0)
    assert table.page == 0 and sim.texts()[1:-2] == first
    assert title_text(sim).split()[-2] == "p1/%d" % table.pages


def test_the_others_moves_are_said_above_the_choice_and_left_right_step_through_them():
    # Guards: the news not shown, the oldest shown first, LEFT/RIGHT stepping the wrong way
    # or past either end, UP/DOWN stepping it, a new decision keeping the old news.
    sim = make_sim("pybadge")
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    news = to_news(sim, 3)
    n = len(news)
    cols = sim.app.cols

    def shown():
        rows = sim.texts()
        choice = len(rows) - 1 if rows[-1].startswith(">") else len(rows) - 2
        for k in range(n):
            parts = screens.news_rows(news[k], cols)
            top = choice - len(parts)
            shown_rows = rows[top:choice - 1] + [rows[choice - 1][:cols - screens.NEWS_TAG]]
            if [r.rstrip() for r in shown_rows] == [p.rstrip() for p in parts]:
                assert rows[choice - 1].endswith("%d/%d" % (k + 1, n)), rows  # (its last row)
                return k
        raise AssertionError("no sentence of the news above the choice: %r" % rows)

    assert shown() == n - 1  # the newest
    assert sim.app.canvas.cut == 0  # nothing of it lost past an edge
    sim.press(buttons.LEFT)
    assert shown() == n - 2
    for _ in range(n + 2):
        sim.press(buttons.LEFT)
    assert shown() == 0  # the oldest, and no further
    sim.press(buttons.RIGHT)
    assert shown() == 1
    cursor = sim.app.screen.cursor
    sim.press(buttons.DOWN)  # the choice moves, the news stays
    assert shown() == 1 and sim.app.screen.cursor != cursor
    for _ in range(n + 2):
        sim.press(buttons.RIGHT)
    assert shown() == n - 1  # the newest, and no further
    match = sim.app.match
    before = len(match.state.history)
    sim.press(buttons.A)
    assert len(match.state.history) > before and news is not match.news(0)


def test_without_news_the_table_keeps_every_row_above_the_choice():
    # Guards: a row kept for the news when there is none (the table paged for nothing).
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 2, ["human", "normal"])
    to_decision(sim)
    match = sim.app.match
    assert match.news(0) == []  # P1 begins
    table = sim.app.screen
    rows = sim.texts()
    room = len(rows) - 1 - table.choice_rows
    assert rows[1:1 + room] == sim.app.body.texts()[:room]


def test_each_bot_move_stays_on_the_table_a_moment_and_a_skips_ahead():
    # Guards: the bots' moves flashing past unread, the pause held while a human decides,
    # A while a move is shown hurrying a bot instead of skipping the pauses, the pauses
    # skipped past the human's next decision.
    sim = make_sim("pybadge")
    app = sim.app
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    to_decision(sim)
    match = app.match
    for skip in (False, True):
        to_decision(sim)
        while match.human_turn():  # the human's turn, to its end
            sim.frame(buttons.A)
            sim.frame(0)
        moves = []  # the virtual ms of each bot move, up to the next round's result
        length = len(match.state.history)
        for _ in range(4000):
            if match.human_turn() or not isinstance(app.screen, screens.TableScreen):
                break
            sim.frame(0)
            if len(match.state.history) != length:
                length = len(match.state.history)
                moves.append(sim.now)
                if match.human_turn() or not isinstance(app.screen, screens.TableScreen):
                    break
                if app.screen.rush:  # skipped: no pause
                    assert app.screen.hold is None and skip and len(moves) > 2
                    continue
                assert app.screen.hold is not None, moves
                assert sim.texts()[-1].strip() == "A: skip ahead"
                if skip and len(moves) == 2:
                    sim.frame(buttons.A)  # skip ahead
                    sim.frame(0)
                    assert match.current() >= 0 and app.screen.rush
        gaps = [moves[i + 1] - moves[i] for i in range(len(moves) - 1)]
        assert len(gaps) >= 3, moves
        if not skip:
            assert min(gaps) >= app.pace_ms, gaps
        else:
            assert gaps[0] >= app.pace_ms and max(gaps[1:]) < app.pace_ms, gaps
    to_decision(sim)
    assert app.screen.hold is None and not app.screen.rush  # the human's turn: no pause


# -- the drawing's details -------------------------------------------------------------------
NAVY_BAR = canvas.tile(canvas.SOLID, canvas.NAVY)


def test_the_title_bar_cuts_the_left_words_only_to_make_room_for_the_right_ones():
    grid = canvas.Canvas(26, 10)
    screens.title_bar(grid, "x" * 40)
    assert grid.row_text(0) == "x" * 26  # nothing at the right: the whole width
    grid = canvas.Canvas(26, 10)
    screens.title_bar(grid, "y" * 40, "3/12")
    assert grid.row_text(0) == "y" * 21 + " 3/12"
    assert grid.tile_at(0, 21) == NAVY_BAR and grid.colours[0] == canvas.GOLD


def test_the_list_cursor_is_a_bar_with_a_mark_and_the_items_sit_one_column_in():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Diam's")
    sim.press(buttons.A)
    rows = sim.texts()
    assert rows[1] == ">Players: < 3 >" and rows[2] == " P1: < human >"
    grid = sim.app.canvas
    assert grid.tile_at(1, grid.cols - 1) == NAVY_BAR  # the cursor's row
    assert grid.tile_at(2, grid.cols - 1) != NAVY_BAR


def test_buttons_without_a_meaning_on_a_list_do_nothing():
    sim = make_sim("pybadge")
    move_cursor_to(sim, "Quartz")
    sim.press(buttons.A)
    for key in (buttons.START, buttons.SELECT):
        sim.press(key)
        assert title_text(sim).startswith("Quartz")  # not back to the title
        assert cursor_text(sim).startswith("Players")


def test_the_choice_sits_on_barred_rows_at_the_bottom_one_or_two_as_its_words_need():
    # Guards: a choice cut instead of wrapped, a second row kept when no choice of the
    # decision needs it (a table row lost), the bar on a row that isn't the choice.
    sim = make_sim("pybadge")
    setup_game(sim, "SIXGEMS", 3, ["human", "normal", "normal"])
    grid = sim.app.canvas
    last = grid.cols - 1
    blocks = set()
    rng = Prng(3)
    for _ in range(40):
        to_decision(sim)
        table = sim.app.screen
        match = sim.app.match
        top = grid.rows - table.choice_rows
        needs = [len(wrap(table.words(a, match.current()), grid.cols - 1))
                 for a in table.legal]  # (an action's words, or a shortcut's own)
        assert table.choice_rows == max(needs)
        for _ in range(min(4, len(table.legal))):
            two = needs[table.cursor] > 1
            assert sim.texts()[top].startswith(">"), sim.texts()
            assert grid.tile_at(top, last) == NAVY_BAR
            assert grid.tile_at(top - 1, last) != NAVY_BAR
            if table.choice_rows == 2:
                assert (grid.tile_at(grid.rows - 1, last) == NAVY_BAR) == two, sim.texts()
            sim.press(buttons.DOWN)
        blocks.add(table.choice_rows)
        if blocks == {1, 2}:
            return
        legal = table.legal
        sim.press(buttons.UP)
        choose_any = legal[rng.randbelow(len(legal))]
        for _ in range((legal.index(choose_any) - table.cursor) % len(legal)):
            sim.press(buttons.DOWN)
        sim.press(buttons.A)
    raise AssertionError("never both a one-row and a two-row choice: %r" % blocks)


def test_the_cursor_stays_on_its_action_or_its_place_from_decision_to_decision():
    sim = make_sim("pybadge")
    setup_game(sim, "Quartz", 3, ["normal", "normal", "human"])
    to_decision(sim)
    assert right_of_title(sim) == "1/%d" % len(sim.app.screen.legal)
    moved = fresh = 0
    for _ in range(60):
        to_decision(sim)
        table = sim.app.screen
        legal = table.legal  # (Quartz: the game's actions and the table's shortcuts)
        sim.press(buttons.DOWN)
        under = table.cursor
        assert right_of_title(sim) == "%d/%d" % (under + 1, len(legal))
        chosen = legal[under]
        points = sim.app.match.points
        match = sim.app.match
        phase = match.state.view(match.current())["phase"]
        sim.press(buttons.A)
        to_decision(sim)
        now = table.legal
        if not now:  # (no decision after it: the game's end)
            assert match.over()
            break
        if chosen in now:  # the same choice, wherever it now sits
            assert now[table.cursor] == chosen
        elif (match.points != points  # new dice, the others' moves, the turn's next step
              or match.state.view(match.current())["phase"] != phase):  # (a target after
            assert table.cursor == 0  # a steal): the first
            fresh += 1
        else:  # the same place, or the first of a step the pick opened (several gone
            opened = len(now) < len(legal) - 1 and now[0] not in legal  # at once, a new
            assert table.cursor == (0 if opened else min(under, len(now) - 1))  # first)
            moved += table.cursor > 0
    assert moved and fresh


def test_while_a_bot_thinks_the_table_is_drawn_once_not_every_frame(monkeypatch):
    from firmware.games.diamonds import table as table_diamonds
    drawn = []
    real = table_diamonds.draw

    def counting(body, view, names):
        drawn.append(len(sim.app.match.state.history))
        real(body, view, names)

    monkeypatch.setattr(table_diamonds, "draw", counting)
    sim = make_sim("pybadge", None, budget_ms=60000)
    setup_game(sim, "Diamonds", 3, ["human", "hard", "normal"], settle=False)
    match = sim.app.match
    for _ in range(400):  # on to the hard bot's turn, some moves into the game
        if match.human_turn():
            to_decision(sim)
            sim.frame(buttons.A)
        elif match.seats[match.current()] == "hard":
            if len(match.state.history) > 2:
                break
            sim.frame(buttons.A)  # hurried: on with the game
            sim.frame(0)
            sim.frame(buttons.A)
        sim.frame(0)
    assert match.seats[match.current()] == "hard"
    sim.frame(0)
    del drawn[:]
    for _ in range(10):
        sim.frame(0)
    assert drawn == [], drawn  # the spinner turns; the table waits for a move
    before = len(match.state.history)
    sim.frame(buttons.A)
    sim.frame(0)
    sim.frame(buttons.A)
    sim.frame(0)
    assert len(match.state.history) > before and drawn[-1] > before  # the move: drawn again


@pytest.mark.parametrize("game", HERE)
def test_a_table_is_drawn_by_its_renderer_else_in_the_consoles_words(game):
    from firmware.core import game_part

    match = Match(load(game).new_game(load(game).MIN_PLAYERS, 3),
                  ["human"] * load(game).MIN_PLAYERS)
    view = match.state.view(0)
    renderer = game_part(game, "table")  # (a game may have none: the console's words below)
    if renderer is not None:
        body = canvas.Canvas(26, 64)
        screens.draw_table(body, renderer, match, view)
        want = canvas.Canvas(26, 64)
        renderer.draw(want, view, match.names)
        assert body.texts() == want.texts() and bytes(body.tiles) == bytes(want.tiles)
    assert renderer is not None or game not in GAMES[:5]  # the five games have their tables
    body = canvas.Canvas(26, 64)
    screens.draw_table(body, None, match, view)  # no handheld table: the console's words
    lines = []
    game_part(game, "console").table(view, match.names, lines.append)
    words = [part for line in lines for part in wrap(line, 26)]
    assert [t for t in body.texts() if t] == [w.rstrip() for w in words if w.strip()][:64]


def test_the_choice_stays_where_it_was_after_the_pause_menu():
    sim = make_sim("pybadge")
    setup_game(sim, "Quartz", 3, ["human", "normal", "normal"])
    to_decision(sim)
    legal = sim.app.screen.legal
    sim.press(buttons.DOWN)
    sim.press(buttons.DOWN)
    sim.press(buttons.START)
    sim.press(buttons.B)
    assert right_of_title(sim) == "3/%d" % len(legal)


def close_rules_help(sim, key):
    """Close the rules help as its hint says: with A, read on a page an A to the last page,
    whose hint is "A: back", then A; with B, at once (every page's hint says "B: back")."""
    assert title_text(sim).startswith("Diam's rules"), sim.texts()
    if key == buttons.A:
        for _ in range(40):
            if sim.texts()[-1].strip() == "A: back":
                break
            assert sim.texts()[-1].strip() == "A: more  B: back", sim.texts()
            sim.press(buttons.A)
        assert sim.texts()[-1].strip() == "A: back", sim.texts()
    else:
        assert "B: back" in sim.texts()[-1], sim.texts()
    sim.press(key)


def draw_two_in_diams(help_closed_by=None):
    """A new Diam's game to its human's first decision; the cursor moved onto "draw 2 to
    market" (D-T1), the rules help opened from the pause menu and closed with
    `help_closed_by` (if given), then A. The app, and the history and screen before that A."""
    sim = make_sim("pybadge")
    setup_game(sim, "Diam's", 3, ["human", "normal", "normal"])
    to_decision(sim)
    match = sim.app.match
    table = sim.app.screen
    sim.press(buttons.DOWN)  # off the first choice: a cursor put back to it would show
    assert table.cursor == 1 and table.words(table.legal[1], match.current()) == "draw 2 to market"
    history = list(match.state.history)
    shown = sim.texts()
    if help_closed_by is not None:
        sim.press(buttons.START)
        move_cursor_to(sim, "Rules help")
        sim.press(buttons.A)
        close_rules_help(sim, help_closed_by)
        assert title_text(sim).startswith("Paused"), sim.texts()  # where the help was chosen
        assert cursor_text(sim) == "Rules help"
        sim.press(buttons.A)  # one more A there: the help again, no move on the table
        assert title_text(sim).startswith("Diam's rules"), sim.texts()
        assert list(match.state.history) == history
        close_rules_help(sim, help_closed_by)
        sim.press(buttons.B)  # the pause menu's B: back to the game
        assert sim.app.screen is table
        assert list(match.state.history) == history  # nothing played by the closing keys
        assert table.cursor == 1 and sim.texts() == shown  # the table as it was
    sim.press(buttons.A)
    return sim, history


@pytest.mark.parametrize("key", (buttons.A, buttons.B), ids=("A", "B"))
def test_closing_the_rules_help_gives_the_table_back_as_it_was(key):
    # Issue 57 ("A: back" went on into a move: the next A drew 2 cards): the rules help,
    # opened from the pause menu at a human's decision and closed with the key its hint
    # names, goes back to the pause menu, where one more A opens the help again; B there
    # gives the table back as it was (asserted in draw_two_in_diams): no move played, the
    # cursor where it was, the same screen. The next A then does what it
    # does in the same game without the help: "draw 2 to market", once (and the market
    # placing that is then the only choice, said on the table).
    sim, history = draw_two_in_diams(key)
    same, same_history = draw_two_in_diams()
    assert history == same_history  # the same game up to here
    played = list(sim.app.match.state.history[len(history):])
    assert played == list(same.app.match.state.history[len(history):]), played
    assert played == [diams.DRAW_MARKET, diams.MARKET]  # the draw, then the lone market
    assert sim.texts() == same.texts()


@pytest.mark.parametrize("board", ("pybadge", "picodisplay"))
def test_no_games_rules_help_on_the_handheld_points_at_a_file(board):
    # The handheld has no files of the project's to read: its rules help names none
    # (issue 57: "every rule: seeds/diams.md"). Every page of every registered game's help.
    sim = make_sim(board)
    for game in GAMES:
        title = about(game).TITLE
        move_cursor_to(sim, title)
        sim.press(buttons.A)
        move_cursor_to(sim, "Rules help")
        sim.press(buttons.A)
        assert isinstance(sim.app.screen, screens.TextScreen), sim.texts()
        assert title_text(sim).startswith(title), sim.texts()  # "<title> rules", cut to fit
        rows = []
        for _ in range(60):  # a page at a time to the last
            rows += sim.texts()[1:-1]
            if sim.texts()[-1].strip() != "A: more  B: back":
                break
            sim.press(buttons.RIGHT)
        text = " ".join(rows)
        assert "seeds/" not in text and ".md" not in text, (game, text)
        sim.press(buttons.B)
        sim.press(buttons.B)
        assert title_text(sim).startswith("Pocket Gem Games")


def test_a_text_shorter_than_the_screen_hints_its_own_way_on():
    # Lines that fit on one page: no "A: more" (nothing more to read), the screen's own hint,
    # and A goes on at once. Lines past the page: "A: more" until the last page. Guards: the
    # hint's test turned into "not the last page exactly" (a short text then asks for more).
    sim = make_sim("pybadge")
    went = []
    short = screens.TextScreen(sim.app, "Short", ["one line", "two lines"], lambda: went.append(1),
                         "A: back to play")
    sim.app.goto(short)
    sim.press(buttons.DOWN)  # (no scrolling past the end)
    assert sim.texts()[-1] == "A: back to play", sim.texts()
    long = screens.TextScreen(sim.app, "Long", ["line %d" % i for i in range(20)], None, "A: done")
    sim.app.goto(long)
    sim.press(buttons.DOWN)
    assert sim.texts()[-1] == "A: more  B: back", sim.texts()
    sim.app.goto(short)
    sim.press(buttons.A)
    assert went == [1]


@pytest.mark.parametrize("game", ["diamonds", "diploma"])
def test_after_a_move_of_their_own_the_cursor_starts_on_the_likely_choice(game):
    # Issue 57: a pick that completes a move the log tells (a die mined, a tile laid, a
    # sale taken one DOWN) starts the same seat's next decision on the first choice, the
    # likely one, not on the row the last pick was made from (a choice that is still one
    # keeps the cursor). Random picks. Guards: the cursor left on its place after a move of
    # one's own (the rule for a pick that is part of a move: a card of a pass).
    sim = make_sim("pybadge", seed=5)
    players = max(2, about(game).MIN_PLAYERS)
    setup_game(sim, about(game).TITLE, players, ["human"] + ["normal"] * (players - 1))
    rng = Prng(11)
    moved_on = kept_place = 0
    for _ in range(150):
        to_decision(sim)
        table = sim.app.screen
        match = sim.app.match
        legal = table.legal
        index = rng.randbelow(len(legal))
        choice = legal[index]
        actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
        probe = match.state.clone()
        told = False
        for action in actions:  # (a lone choice is not the player's: a spot with no other)
            told = told or (probe.move_text(action) is not None
                            and len(probe.legal_actions()) > 1)
            probe.apply(action)
        step = table.step  # (its seat, its phase)
        revealed = match.state.revealed
        for key in keys_to(table, index):
            sim.press(key)
        now = table.legal
        if (not told or not match.human_turn() or sim.app.screen is not table
                or choice in now):  # (a choice still there keeps the cursor: buy again)
            continue
        assert table.cursor == 0, (choice, now[table.cursor])
        moved_on += 1
        same = revealed == match.state.revealed and step == table.step  # (else anew)
        opened = len(now) < len(legal) - 1 and now[0] not in legal  # (first already)
        kept_place += same and not opened and min(index, len(now) - 1) > 0
    assert moved_on > 10 and kept_place > 3, (moved_on, kept_place)
