"""Diam's on the handheld table screen (firmware/games/diams/table.py): random games drawn from
every seat's view at every step at both screen widths, what the viewer must see on the first
page, and the hidden cards of the others never drawn. CPython, no display."""

from randplay import option_sets
from table_checks import SIZES, check_redealt_views_draw_alike, names_for
from table_checks import render as render_with

from firmware.core.prng import Prng
from firmware.games.diams import rules as diams
from firmware.games.diams import table as diams_table
from firmware.ui import canvas
from firmware.ui.canvas import Canvas


def render(view, cols, rows, names=None):
    return render_with(diams_table, view, cols, rows, names)


def first_page(c, page):
    return c.texts()[:page]


def row_of(c, prefix, limit):
    for r in range(limit):
        if c.row_text(r).startswith(prefix):
            return r
    return -1


CANVASES = [Canvas(cols, rows) for cols, rows, _ in SIZES]


def check_draw(view):
    for i in range(len(SIZES)):
        page = SIZES[i][2]
        c = CANVASES[i]
        c.clear()
        diams_table.draw(c, view, NAMES[view["players"]])
        assert c.used > 0
        if view["phase"] == "over":
            assert c.row_text(0) == "Game over"
            continue
        # The decision's essentials on the first page: market, hand, vault, who decides.
        texts = [c.row_text(r) for r in range(page)]
        for label in ("Market", "Hand", "Vault"):
            assert any(t.startswith(label) for t in texts), (label, texts)
        assert c.colours[0] in (canvas.GREY, canvas.ORANGE)


NAMES = [names_for(n) for n in range(diams.MAX_PLAYERS + 1)]


def test_random_games_draw_every_view():
    """Every seat's view after every action, both widths, every player count, each option
    value (two of the four option sets per player count, in turn)."""
    games = 0
    views = 0
    sets = option_sets(diams)
    for players in range(diams.MIN_PLAYERS, diams.MAX_PLAYERS + 1):
        for k in (players % 2, 2 + (players + 1) % 2):
            options = sets[k]
            seed = 100 * players + k
            s = diams.new_game(players, seed, options)
            rng = Prng(seed)
            steps = 0
            while True:
                for seat in range(players):
                    check_draw(s.view(seat))
                    views += 1
                if s.is_over():
                    break
                legal = s.legal_actions()
                s.apply(legal[rng.randbelow(len(legal))])
                steps += 1
                assert steps < 5000
            games += 1
    assert games == 4 * 2 and views > 1000


def fixed_state(players=3):
    """A state set by hand: seat 0 to play its main action."""
    s = diams.new_game(players, 7)
    s.market = [10, 11, 30]  # 3*, 3, 7*
    s.hands = [[5, 22, 31, diams.CARD_B], [45, 46, 47], [40, 41, diams.CARD_C]]
    s.vaults = [[15, 16, 17], [48, 49, 44], []]
    s.turn = 0
    s.phase = diams.P_MAIN
    return s


def test_first_page_shows_hand_market_vault_as_badges():
    s = fixed_state()
    view = s.view(0)
    for cols, rows, page in SIZES:
        c = render(view, cols, rows)
        texts = first_page(c, page)
        market = row_of(c, "Market", page)
        hand = row_of(c, "Hand", page)
        vault = row_of(c, "Vault", page)
        assert texts[market] == "Market 3*x2 7*"
        assert texts[hand] == "Hand   2* 5 7 B"
        assert texts[vault].startswith("Vault  4*x3") and texts[vault].endswith("=7")
        # Badges on the quality's colour: the 2* on pink, the 5 on blue, card B on teal.
        assert c.tile_at(hand, 7) == canvas.tile(canvas.SOLID, diams_table.QUALITY[1])
        assert c.tile_at(hand, 8) == canvas.tile(canvas.SOLID, diams_table.QUALITY[1])
        assert c.tile_at(hand, 9) == 0
        assert c.tile_at(hand, 10) == canvas.tile(canvas.SOLID, diams_table.QUALITY[4])
        assert c.tile_at(hand, 14) == canvas.tile(canvas.SOLID, diams_table.SPECIAL)
        assert c.tile_at(market, 7) == canvas.tile(canvas.SOLID, diams_table.QUALITY[2])
        assert c.tile_at(vault, 7) == canvas.tile(canvas.SOLID, diams_table.QUALITY[3])
        # Whose turn, and the others as counts with their chips.
        assert "You: market, vault or card" in texts
        assert any(t.startswith(" P2") and "hand 3 vault 3" in t for t in texts)
        assert any(t.startswith(" P3") and "hand 3 vault 0" in t for t in texts)


def test_other_seats_see_counts_and_the_mover():
    s = fixed_state()
    c = render(s.view(1), 26, 40)
    texts = first_page(c, 7)
    assert texts[row_of(c, "Hand", 7)] == "Hand   10*x3"
    assert any(t.startswith(">P1 hand 4 vault 3") for t in texts)
    assert "P1: market, vault or card" in texts


def test_take_phase_shows_placed_and_picks():
    s = fixed_state()
    s.apply(diams.MARKET)
    s.apply(diams.HAND + 31)  # place the 7
    view = s.view(0)
    c = render(view, 26, 40)
    texts = first_page(c, 7)
    assert "Placed 7: all or sum 7" in texts
    row = texts.index("Placed 7: all or sum 7")
    assert c.tile_at(row, 7) == canvas.tile(canvas.SOLID, diams_table.QUALITY[6])


def test_hidden_cards_never_drawn():
    """The others' hands and vaults (tens, cards C, 9s here) appear nowhere on any page,
    neither as text nor as a badge of their colour; the game over shows them all."""
    s = fixed_state()
    s.hands = [[5, 22], [45, 46, 47], [diams.CARD_C, 40]]
    s.vaults = [[], [41, 42, 43], []]
    s.market = [11]
    view = s.view(0)
    for cols, rows, _ in SIZES:
        c = render(view, cols, rows)
        for label in ("Market", "Hand", "Vault"):
            row = c.row_text(row_of(c, label, rows))
            assert "10" not in row and "9" not in row
        for colour in (diams_table.QUALITY[8], diams_table.QUALITY[9]):
            assert canvas.tile(canvas.SOLID, colour) not in c.tiles
        # Card C shows only in the legend (one C badge), never as a held card.
        legend = [r for r in range(c.used) if "Sleight" in c.row_text(r)]
        specials = [i for i in range(cols * rows) if c.tiles[i] == canvas.tile(canvas.SOLID,
                                                                          diams_table.SPECIAL)]
        assert all(i // cols in legend for i in specials)


def test_hidden_information_does_not_change_the_drawing():
    """Redealing what a seat cannot see (sample_state) leaves its drawing unchanged."""
    setups = ((2, None), (3, None), (5, None))
    assert check_redealt_views_draw_alike(diams, diams_table, setups, 9) > 20


def test_game_over_reveals_and_points():
    s = diams.new_game(2, 3, {"length": "quick"})
    rng = Prng(1)
    while not s.is_over():
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    view = s.view(0)
    c = render(view, 26, 40)
    texts = c.texts()
    assert texts[0] == "Game over"
    assert texts[1] == "Points"
    for seat in range(2):
        assert texts[2 + seat].split()[1] == "%d" % view["points"][-1][seat]
    assert sum(1 for t in texts if "vault" in t and t.startswith("P")) == 2


def test_closing_card_and_chips_share_the_first_row():
    s = fixed_state()
    s.aside = [diams.CLOSING]
    s.closer = 1
    s.turns_left = 1
    s.chips = [12, 3, 4]
    narrow = render(s.view(0), 26, 40)
    assert narrow.row_text(0) == "R1/3 closing: 1 more    12"
    assert narrow.colours[0] == canvas.ORANGE
    assert narrow.tile_at(0, 23) == canvas.tile(canvas.DOT, diams_table.CHIP)
    wide = render(s.view(0), 40, 44)
    assert wide.row_text(0) == "Round 1/3 closing: 1 more       12 chips"


def test_a_long_market_wraps_under_its_first_badge():
    """At 26 columns a badge that ends on the last column stays on its row; the next one
    starts a row under the first badge."""
    s = fixed_state()
    s.market = [1, 6, 11, 16, 21, 26, 31, 36, 41, 42, 46]  # qualities 1-8, two 9s, a 10
    narrow = render(s.view(0), 26, 40)
    assert narrow.texts()[1:3] == ["Market 1 2 3 4 5 6 7 8 9x2", "       10"]
    assert narrow.tile_at(2, 7) == canvas.tile(canvas.SOLID, diams_table.QUALITY[9])
    wide = render(s.view(0), 40, 44)
    assert wide.row_text(1) == "Market 1 2 3 4 5 6 7 8 9x2 10"


def test_a_group_without_its_pure_diamond_has_no_star():
    s = fixed_state()
    s.hands[0] = [41, 46, 47, 48]  # a 9, three 10s none of them the pure one
    s.vaults[0] = [15, 16]  # the pure 4 and another
    c = render(s.view(0), 26, 40)
    assert c.row_text(row_of(c, "Hand", 7)) == "Hand   9 10x3"
    assert c.row_text(row_of(c, "Vault", 7)).startswith("Vault  4*x2 ")


def test_the_other_seats_rows_at_both_widths():
    s = fixed_state()
    s.chips = [2, 5, 1]
    narrow = render(s.view(0), 26, 40)
    assert narrow.texts()[5:7] == [" P2 hand 3 vault 3  5", " P3 hand 3 vault 0  1"]
    assert narrow.tile_at(5, 19) == canvas.tile(canvas.DOT, diams_table.CHIP)
    wide = render(s.view(0), 40, 44)
    assert wide.texts()[5:7] == [" P2 normal  hand 3 vault 3  5", " P3 normal  hand 3 vault 0  1"]


def test_whose_decision_in_gold_for_you_cyan_for_another():
    s = fixed_state()
    s.turn = 1  # P2 decides; seat 0 watches
    c = render(s.view(0), 26, 40)
    assert c.row_text(4) == "P2: market, vault or card"
    assert c.colours[4] == canvas.CYAN
    assert c.row_text(5).startswith(">P2 hand 3") and c.colours[5] == canvas.GOLD
    mine = render(s.view(1), 26, 40)
    assert mine.row_text(4) == "You: market, vault or card"
    assert mine.colours[4] == canvas.GOLD


def test_discard_says_how_many_to_give_up():
    s = fixed_state()
    s.hands[0] = [1, 6, 11, 16, 21, 26, 31]
    s.phase = diams.P_DISCARD
    c = render(s.view(0), 26, 40)
    assert c.row_text(2) == "Hand   1 2 3 4 5 6 7"
    assert c.row_text(4) == "You: give up 2 (limit 5)"


def test_safecracker_target_shows_the_named_quality_badge():
    s = fixed_state()
    s.phase = diams.P_SAFE_SEAT
    for named, pure in ((10, False), (3, True)):
        s.named = named
        s.named_pure = pure
        c = render(s.view(0), 26, 40)
        text = "%d%s" % (named, "*" if pure else "")
        assert c.row_text(4) == "You: Safe: target for " + text
        assert c.tile_at(4, 23) == canvas.tile(canvas.SOLID, diams_table.QUALITY[named - 1])
