# Your own things stay on page 1 (issue 57): a table taller than the screen is paged, and the
# news (the others' moves, above the choice) shares the screen with it. Played by buttons on
# both boards, every registered game, a human at P1 against normal bots; at each of P1's
# decisions the screen is read as a player reads it:
#   1. the news's "k/n" counter ends its sentence: the rows from the sentence's first row to
#      the counter read as the whole sentence (or its first words, cut with "..."), then the
#      counter, on the row just above the choice; no word of the sentence after it;
#   2. P1's own things (each game's hand, cards, dice: PROBES, found by their words in the
#      table as drawn, not by the table's own marking) are on page 1, whatever the news;
#   3. no page after the first starts with the continuation of a text the table wrapped
#      (a sentence cut by a page break: Diploma's "Circles: loop of 8+, round" / "the centre").
import re

import pytest
from app_driver import BOARDS, keys_to, make_sim, setup_game, to_decision

from firmware import buttons
from firmware.core import GAMES, about
from firmware.core.prng import Prng
from firmware.ui import canvas, screens

# Seats per game: the most news and seats that still play quickly.
PLAYERS = {"diams": 3, "diamonds": 4, "quartz": 4, "sixgems": 3, "diploma": 3}
DECISIONS = 60


def _after(rows, test):
    """The index after the last row for which test(row) holds, or -1 when none does."""
    end = -1
    for i in range(len(rows)):
        if test(rows[i]):
            end = i + 1
    return end


def _first(rows, test):
    for i in range(len(rows)):
        if test(rows[i]):
            return i
    return -1


def own_diams(rows):
    """Your hand and vault (and the vault's points, on a row of their own when they need it)."""
    end = _first(rows, lambda r: r.startswith("Vault")) + 1
    if end and end < len(rows) and re.match(r"^ *=\d+$", rows[end]):
        end += 1
    return end


def own_diamonds(rows):
    """Your hand, then your row in the table of seats (you first)."""
    return _first(rows, lambda r: re.match(r"^[ >]P1(T|\b)", r) is not None) + 1


def own_quartz(rows):
    """Your cart, then your chest on the row under it."""
    cart = _first(rows, lambda r: r.startswith("Cart") or r.startswith("P1 "))
    return cart + 2 if cart >= 0 else -1


def own_sixgems(rows):
    """Your gem cards, gems and settlement cards (or 'No settlement card')."""
    hand = _first(rows, lambda r: r.startswith("Hand"))
    end = hand + 2  # the hand, your gems
    while end < len(rows) and (rows[end].startswith(" #") or rows[end] == "No settlement card"):
        end += 1
    return end if hand >= 0 else -1


def own_diploma(rows):
    """What the phase asks with your dice, your board with your hand's tile kinds beside it:
    everything above your points line."""
    return _first(rows, lambda r: re.match(r"^\d+( points|pt) ", r) is not None)


PROBES = {"diams": own_diams, "diamonds": own_diamonds, "quartz": own_quartz,
          "sixgems": own_sixgems, "diploma": own_diploma}


def choice_top(rows):
    """The first row of the choice (one row or two, at the bottom, the first marked '>')."""
    return len(rows) - 1 if rows[-1].startswith(">") else len(rows) - 2


def same(shown, words, drawn):
    """Whether the words read off the screen are the sentence's: each as written, or as the
    game's say() draws it (Diploma: a tile's picture over its rotation's words, or after
    the words: 'Only choice: place mana spot h5 *')."""
    if shown == drawn:
        return True
    if len(shown) != len(words):
        return False
    for i in range(len(shown)):
        if shown[i] != words[i] and (len(drawn) != len(words) or shown[i] != drawn[i]):
            return False
    return True


def sentence_shown(rows, bottom, words, drawn, counter):
    """Whether the rows just above `bottom` read as the sentence `words` (whole, or its first
    words with '...' after the last), then `counter` (None: no counter): the number of rows
    (negative: cut), else 0."""
    for k in range(1, screens.NEWS_ROWS + 1):
        said = " ".join(rows[bottom - k:bottom]).split()
        if counter is not None:
            if not said or said[-1] != counter:
                continue
            said = said[:-1]
        if same(said, words, drawn):
            return k
        if said and said[-1].endswith("...") and len(said) <= len(words):
            last = len(said) - 1
            if same(said[:-1], words[:last], drawn[:last]) and words[last].startswith(
                    said[-1][:-3]):
                return -k
    return 0


def drawn_words(sim, sentence):
    """The words of `sentence` as the game's say() draws them on a row (or as written)."""
    say = getattr(sim.app.screen.renderer, "say", None)
    if say is None:
        return sentence.split()
    row = canvas.Canvas(len(sentence) + 8, 1)
    row.line()
    say(row, sentence)
    return row.row_text(0).split()


def check_news(sim, rows, news, where):
    """Check 1 on one page: the counter (if the news has more than one sentence) closes the
    newest sentence on the row just above the choice. 'whole', 'cut' or 'absent'."""
    bottom = choice_top(rows)
    words = news[-1].split()
    counter = "%d/%d" % (len(news), len(news)) if len(news) > 1 else None
    if counter is not None:
        at = [r for r in range(1, bottom) if rows[r].endswith(" " + counter)]
        for r in at:  # a counter anywhere: it ends the sentence, just above the choice
            assert r == bottom - 1, ("the counter has rows of the news under it", where, rows)
    shown = sentence_shown(rows, bottom, words, drawn_words(sim, news[-1]), counter)
    if shown > 0:
        return "whole"
    if shown < 0:
        return "cut"
    if counter is not None:
        assert not [r for r in rows[1:bottom] if r.endswith(" " + counter)], (
            "a counter, not after its sentence", where, rows)
    return "absent"


def turn_to_first_page(sim):
    for _ in range(8):
        if " p" not in sim.texts()[0] or " p1/" in sim.texts()[0]:
            return
        sim.press(buttons.SELECT)
    raise AssertionError(sim.texts())


def page_count(sim):
    found = re.search(r" p\d+/(\d+) ", sim.texts()[0] + " ")
    return int(found.group(1)) if found else 1


def check_decision(sim, game, wrapped):
    table = sim.app.screen
    match = sim.app.match
    news = match.news(0)
    # The table drawn again with the wraps recorded.
    del wrapped[:]
    table.drawn = (None, -1, -1)
    sim.app.redraw()
    sim.frame(0)
    turn_to_first_page(sim)
    body = sim.app.body.texts()[:sim.app.body.used]
    rows = sim.app.canvas.texts()
    where = (game, sim.app.cols, len(match.state.history))
    # 2. Your own things on page 1, as drawn.
    own = PROBES[game](body)
    assert own > 0, ("the probe found none of P1's own things", where, body)
    shown = rows[1:1 + own]
    spot = table.spot() if table.placer is not None else -1
    if 0 <= spot < own * sim.app.cols:  # (a placer's preview over the body: not compared)
        row, col = divmod(spot, sim.app.cols)
        for lines in (shown, body):
            lines[row] = (lines[row][:col].ljust(col) + "###" + lines[row][col + 3:]).rstrip()
    assert shown == body[:own], ("P1's own things pushed off page 1", where, rows, body)
    # 1. The news and its counter, on each page.
    shown = check_news(sim, rows, news, where) if news else "none"
    pages = page_count(sim)
    continued = set()
    for parts in wrapped:
        for part in parts[1:]:
            continued.add(part.rstrip())
    for page in range(2, pages + 1):
        sim.press(buttons.SELECT)
        rows = sim.app.canvas.texts()
        if news:
            on_page = check_news(sim, rows, news, where)
            if shown != "whole" and page == 2:  # (cut or left out on page 1: whole on page 2)
                assert on_page == "whole", ("the news never shown whole", where, rows)
        # 3. No page starts with the rest of a wrapped text.
        first = rows[1].rstrip()
        assert first not in continued, ("a page starts mid-sentence", where, rows, body)
    if news and pages == 1:
        assert shown == "whole", ("the news not shown", where, rows)
    return shown


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
def test_own_things_stay_on_page_1_and_pages_and_counters_keep_sentences_whole(
        game, board, monkeypatch):
    # Guards: a long news sentence pushing P1's hand, cards, seat or settlement cards to page
    # 2; the counter drawn on the news's first row (reading "takes a 24/24 reroll marker");
    # a page break between a wrapped sentence's rows; the news left off every page.
    assert game in PROBES, "a new game: say in PROBES how its own things read on its table"
    wrapped = []
    wrap = canvas.wrap

    def recording(text, width):
        parts = wrap(text, width)
        wrapped.append(parts)
        return parts

    monkeypatch.setattr(canvas, "wrap", recording)
    players = PLAYERS.get(game, about(game).MIN_PLAYERS)
    sim = make_sim(board, seed=3)
    setup_game(sim, about(game).TITLE, players, ["human"] + ["normal"] * (players - 1))
    rng = Prng(7)
    seen = {"whole": 0, "cut": 0, "absent": 0, "none": 0, "paged": 0}
    for _ in range(DECISIONS):
        to_decision(sim)
        seen[check_decision(sim, game, wrapped)] += 1
        seen["paged"] += page_count(sim) > 1
        table = sim.app.screen
        for key in keys_to(table, rng.randbelow(len(table.legal))):
            sim.press(key)
    assert seen["whole"] > 0 and seen["paged"] > 0, seen  # (the checks had news and pages)
