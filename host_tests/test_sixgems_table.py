"""SIXGEMS on the handheld table screen (firmware/games/sixgems/table.py): every seat's view
drawn at every step of random games at both widths; what the viewer must see on the first
page (rows - 3 = 7 rows at 26 columns, 8 at 40); other seats' hidden cards never drawn."""

from randplay import random_game
from table_checks import NARROW, WIDE, names_for, render

from firmware.core.prng import Prng
from firmware.games.sixgems import rules as sixgems
from firmware.games.sixgems import table as sixgems_table
from firmware.ui import canvas
from firmware.ui.canvas import GEM, SOLID, tile


def names(players):
    return names_for(players)


def draw(view, size):
    return render(sixgems_table, view, size[0], size[1])


def card_word(card):
    return "%s%d" % (sixgems.SHORT[sixgems.colour(card)], sixgems.face(card))


def words(k):
    """A settlement card's words as the screen's text has them: its gem a blank cell."""
    return sixgems_table.CARDS[k].replace("*", " ").rstrip()


def joined(texts):
    """The rows with a seat's wrapped wild gems (a row indented 3) back after ', '."""
    rows = []
    for row in texts:
        if row.startswith("   ") and row[3:4].isdigit() and rows:
            rows[-1] += ", " + row[3:]
        else:
            rows.append(row)
    return rows


def test_random_games_draw_every_view_at_both_widths():
    phases = set()
    drawn = [0]

    def check(state, rng):
        if rng.randbelow(2):  # every other step: the test stays fast
            return
        for seat in range(state.players):
            view = state.view(seat)
            phases.add(view["phase"])
            for size in (NARROW, WIDE):
                c = draw(view, size)
                for line in c.texts():
                    assert all(32 <= ord(ch) < 127 for ch in line)
                drawn[0] += 1

    for players in range(sixgems.MIN_PLAYERS, sixgems.MAX_PLAYERS + 1):
        for seed in range(6):
            options = {"length": ("8", "6", "10")[seed % 3]}
            random_game(
                "sixgems", players, seed + 10 * players, options, policy_seed=seed, check=check
            )
    assert drawn[0] > 1000
    assert {"dice", "play", "use", "settle", "wild", "over"} <= phases


def play_to(players, seed, phase, policy=1):
    return play_to_phase(sixgems.new_game(players, seed), phase, Prng(policy))


def play_to_phase(state, phase, rng):
    while not state.is_over() and sixgems.PHASES[state.phase] != phase:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def test_first_page_shows_hand_gems_cards_and_ring():
    state = play_to(3, 4, "play")
    rng = Prng(5)
    while not any(state.view(state.turn)["real"][state.turn]):  # (to a turn with gems: their
        state.apply(rng.choice(state.legal_actions()))  # row's columns are checked)
        state = play_to_phase(state, "play", rng)
    seat = state.turn
    view = state.view(seat)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        rows = c.texts()[: size[2]]
        text = "\n".join(rows)
        assert "Settlement %d/%d" % (view["settlements"], view["length"]) in rows[0]
        assert "P%d plays" % (seat + 1) in rows[0]
        # The gem cards in hand: colour + face on a badge of the colour.
        hand_row = [i for i in range(len(rows)) if rows[i].startswith("Hand")][0]
        for card in view["hand"]:
            word = card_word(card)
            col = rows[hand_row].index(word)
            assert c.tile_at(hand_row, col) == tile(SOLID,
                                                    sixgems_table.GEM_COLOURS[sixgems.colour(card)])
        # The settlement cards: Kn on the card's colour.
        for k in view["settle_hand"]:
            row = [i for i in range(len(rows)) if rows[i].startswith(" #%d " % (k + 1))][0]
            assert c.tile_at(row, 1) == tile(SOLID,
                                             sixgems_table.GEM_COLOURS[sixgems.SETTLE_COLOURS[k]])
            assert words(k) in rows[row]
            star = sixgems_table.CARDS[k].find("*")  # the card's colour: a gem of it in its words
            gems = [col for col in range(c.cols) if c.tile_at(row, col) >= tile(GEM, 0)
                    and c.tile_at(row, col) < tile(GEM + 1, 0)]
            colour = sixgems_table.GEM_COLOURS[sixgems.SETTLE_COLOURS[k]]
            want = [rows[row].index(words(k)) + star] if star >= 0 else []
            assert gems == want and all(c.tile_at(row, g) == tile(GEM, colour) for g in gems)
        # The ring: the six board colours, then the dice on them.
        for b in range(sixgems.BOARDS):
            kind = SOLID if size is WIDE else GEM
            col = 1 + b * (6 if size is WIDE else 4)  # (a blank cell first: the pointer's)
            assert c.tile_at(1, col) == tile(kind, sixgems_table.GEM_COLOURS[b])
        for d in range(sixgems.DICE):  # its letter on its colour, its face's pips, the number
            face = view["faces"][d]  # under them
            word = "%s%d" % (sixgems_table.DIE_LETTERS[d], face)
            row = 1 if view["boards"][d] >= 0 else 2
            col = rows[row].index(word)
            assert c.tile_at(row, col) == tile(SOLID, sixgems_table.DIE_COLOURS[d])
            assert c.tile_at(row, col + 1) == canvas.PICTURES + sixgems_table.DIE_PIPS[d] + face - 1
        # Your gems per colour and points on a row of their own.
        gems_row = hand_row + 1
        assert rows[gems_row].startswith("P%d" % (seat + 1))
        real = view["real"][seat]
        for k in range(sixgems.BOARDS):
            col = (7 if size is WIDE else 4) + k * sixgems_table.CELL  # (after "P1 " and its pad)
            if real[k]:
                assert c.tile_at(gems_row, col) == tile(GEM, sixgems_table.GEM_COLOURS[k])
                assert rows[gems_row][col + 1 :].startswith(str(real[k]))
        assert (
            rows[gems_row]
            .rstrip()
            .endswith(str(view["totals"][seat]) + (" pts" if size is WIDE else ""))
        )
        assert text.count("\n") == size[2] - 1


def test_ok_marks_the_cards_that_can_settle_now():
    for seed in range(60):
        state = play_to(2, seed, "settle", policy=seed)
        legal = state.legal_actions()
        settles = [a - sixgems.SETTLE for a in legal if sixgems.SETTLE <= a < sixgems.EXCHANGE]
        if settles:
            break
    assert settles
    c = draw(state.view(state.turn), NARROW)
    for k in state.settle_hands[state.turn]:
        row = [r for r in c.texts() if r.startswith(" #%d " % (k + 1))][0]
        assert row.endswith(" ok") == (k in settles), row


def test_other_hands_are_never_drawn():
    """A seat's screen depends on what it may see only: the same view with other hands and
    decks dealt anew (sample_state) draws the same screen, and another seat's gem cards
    that the viewer cannot see appear nowhere on it."""
    checked = 0
    for seed in range(12):
        state = play_to(2 + seed % 3, seed, ("play", "settle", "use")[seed % 3], policy=seed)
        if state.is_over():
            continue
        for seat in range(state.players):
            view = state.view(seat)
            other = sixgems.sample_state(view, Prng(seed + 77))
            for size in (NARROW, WIDE):
                a = draw(view, size)
                b = draw(other.view(seat), size)
                assert a.texts() == b.texts() and bytes(a.tiles) == bytes(b.tiles)
                text = "\n".join(a.texts())
                shown = set(card_word(x) for x in view["hand"])
                if view["played"] >= 0:
                    shown.add(card_word(view["played"]))
                for s in range(state.players):
                    if s == seat:
                        continue
                    for card in state.hands[s]:
                        if card_word(card) not in shown:
                            assert card_word(card) not in text
                    for k in state.settle_hands[s]:
                        if k not in state.settle_hands[seat]:
                            assert "#%d " % (k + 1) not in text.replace("Last #", "")
                checked += 1
    assert checked > 20


def test_game_over_and_last_settlement():
    state = random_game("sixgems", 3, 5, {"length": "6"}, policy_seed=2)
    view = state.view(1)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        top = c.texts()[0]
        assert top.startswith("Game over")
        for s in range(3):
            assert ("P%d" % (s + 1) in top) == (s in state.winners())
        text = "\n".join(c.texts())
        assert "Last #" in text or "Final:" in text


def state_in(phase, players=3):
    """The first of a few seeded random games to reach `phase`."""
    for seed in range(30):
        state = play_to(players, seed, phase, policy=seed)
        if sixgems.PHASES[state.phase] == phase:
            return state
    raise AssertionError(phase)


def test_wild_gems_waiting_seat_rows_and_the_last_settlement():
    state = state_in("wild")  # P1 places a wild gem in P2's turn
    view = state.view(0)
    assert (view["current"], view["turn"]) == (0, 1)
    c = draw(view, NARROW)
    texts = c.texts()
    assert texts[0] == "Settlement %d/%d    P1 plays" % (view["settlements"], view["length"])
    k = view["settling"]  # the card being settled, its badge after the question
    number = " #%d" % (k + 1) if 0 <= k < sixgems.SETTLE_CARDS else ""
    assert texts[2] == "P1: place wild?" + number
    assert texts[3].startswith("Hand " if view["hand"] else "Hand -")
    assert texts[3].endswith(" wild %d" % view["pending"][0])
    # Your gems: each colour's gem then its count, the points at the right edge.
    gems = [view["real"][0][k] + view["wild"][0][k] for k in range(sixgems.BOARDS)]
    row = texts[4]
    assert row.split() == ["P1"] + ["%d" % n for n in gems if n] + ["%d" % view["totals"][0]]
    assert row.endswith(" %d" % view["totals"][0]) and len(row) == 26
    cols = [col for col in range(26) if c.tile_at(4, col)]
    assert [c.tile_at(4, col) for col in cols] == [
        tile(GEM, sixgems_table.GEM_COLOURS[k]) for k in range(sixgems.BOARDS) if gems[k]
    ]
    for col, n in zip(cols, [n for n in gems if n]):
        assert row[col + 1 :].split()[0] == "%d" % n
    # Your settlement cards: "#n" (n from 1) and the condition in short.
    for i, k in enumerate(view["settle_hand"]):
        row = " #%-2d %s" % (k + 1, words(k))
        assert texts[5 + i] in (row, row + " " * (len(texts[5 + i]) - len(row) - 3) + " ok")
    # The seat whose turn it is in cyan.
    others = 5 + len(view["settle_hand"])
    assert texts[others].startswith("P2") and c.colours[others] == canvas.CYAN
    assert texts[others + 1].startswith("P3") and c.colours[others + 1] == canvas.WHITE
    # Page 2: the wild gems waiting, the last settlement's points.
    assert joined(texts)[others + 2] == "P1 cards: %d gem, %d #, %d wild +%d waiting" % (
        view["hand_counts"][0],
        view["settle_counts"][0],
        sum(view["wild"][0]),
        view["pending"][0],
    )
    last = view["results"][-1]

    def told(result):
        return "Last #%d P%d: %s" % (result[0] + 1, result[1] + 1,
                                    " ".join("%+d" % result[5 + s] for s in range(3)))

    assert told(last) in texts
    # With an earlier settlement before it, the last one is still the one told.
    earlier = list(last)
    earlier[1] = (last[1] + 1) % 3
    earlier[5:8] = [last[5 + s] + 7 for s in range(3)]
    more = dict(view, results=[earlier] + list(view["results"]))
    texts = draw(more, NARROW).texts()
    assert told(last) in texts and told(earlier) not in texts


def test_placed_wild_gems_show_without_any_waiting():
    state = state_in("leave")
    view = state.view(0)
    texts = draw(view, NARROW).texts()
    for s in range(3):
        wild = sum(view["wild"][s])
        want = "P%d cards: %d gem, %d #" % (s + 1, view["hand_counts"][s], view["settle_counts"][s])
        if wild or view["pending"][s]:
            want += ", %d wild" % wild
        if view["pending"][s]:
            want += " +%d waiting" % view["pending"][s]
        assert want in joined(texts)
    assert any(sum(view["wild"][s]) and not view["pending"][s] for s in range(3))
    assert any(not sum(view["wild"][s]) for s in range(3))
    k = view["settling"]
    row = texts[2]
    assert row == "P%d leaves out #%d" % (view["current"] + 1, k + 1)
    c = draw(view, NARROW)
    assert c.tile_at(2, len(row) - 1) == tile(SOLID,
                                              sixgems_table.GEM_COLOURS[sixgems.SETTLE_COLOURS[k]])


def test_dice_in_the_centre_flush_right_and_the_mover_in_cyan():
    state = state_in("dice")
    view = state.view(0)
    for size in (NARROW, WIDE):
        c = draw(view, size)
        row = c.row_text(2)
        centre = [d for d in range(sixgems.DICE)
                  if view["boards"][d] < 0 and d != view["die_index"]]
        assert centre
        assert row.endswith(
            "ctr " + " ".join("%s%d" % (sixgems_table.DIE_LETTERS[d],
                                        view["faces"][d]) for d in centre)
        )
        assert len(row) == size[0]
        mover = [
            r for r in range(c.used) if c.row_text(r).startswith("P%d " % (view["current"] + 1))
        ][0]
        if view["current"] != 0:
            assert c.colours[mover] == canvas.CYAN
        # A seat without gems: a dash, then its points.
        for seat in range(view["players"]):
            if sum(view["real"][seat]) + sum(view["wild"][seat]) == 0:
                rows = [c.row_text(r) for r in range(3, c.used)]
                row = [t for t in rows if t.startswith("P%d " % (seat + 1))][0]
                assert row.split() == ["P%d" % (seat + 1), "-", "%d" % view["totals"][seat]] + (
                    ["pts"] if size is WIDE else []
                )


def test_settle_asks_without_a_card():
    state = state_in("settle")
    view = state.view(state.current_player())
    for size in (NARROW, WIDE):
        assert draw(view, size).row_text(2) == "settle?"


def test_game_over_says_who_wins():
    state = random_game("sixgems", 3, 4, policy_seed=2)
    view = state.view(0)
    won = " ".join("P%d" % (s + 1) for s in state.winners())
    word = "wins" if len(state.winners()) == 1 else "tie"
    assert draw(view, NARROW).row_text(0) == "Game over: %s %s" % (won, word)


def test_the_die_moved_last_is_marked_where_it_is_on_the_ring_or_in_the_centre():
    # C.MOVED (the table points there while the bots play): at the board of the die placed,
    # moved or turned last, or before it in the centre, while another seat decides; no mark
    # when no die moved this turn, nor at the viewer's own decision (a board is a choice
    # then, outlined when none picks it). Guards: the mark on another board or die, at a die
    # in the centre left unmarked, a mark at the viewer's decision.
    seen = set()
    for seed in range(12):
        state = sixgems.new_game(2, seed)
        rng = Prng(seed)
        while not state.is_over() and len(seen) < 4:
            view = state.view(0)
            moved = view["moved"] if state.current_player() != 0 else -1
            for size in (NARROW, WIDE):
                c = render(sixgems_table, view, size[0], size[1], marks=64)
                spots = [c.spots[i] for i in range(c.marked) if c.marks[i] == canvas.MOVED]
                if moved < 0:
                    assert spots == []
                    continue
                assert len(spots) == 1, spots
                row, col = divmod(spots[0], c.cols)
                word = "%s%d" % (sixgems_table.DIE_LETTERS[moved], view["faces"][moved])
                board = view["boards"][moved]
                if board >= 0:  # the board's cell (its gem or name), the die after it
                    assert (row, col) == (1, 1 + board * (6 if size is WIDE else 4))
                    assert c.row_text(1)[col:].split()[0 if size is NARROW else 1] == word
                    seen.add("ring")
                else:
                    assert row == 2 and c.row_text(2)[col:col + 2] == word
                    seen.add("centre")
            if moved < 0:
                seen.add("none" if view["moved"] < 0 else "mine")
            legal = state.legal_actions()
            to_centre = [a for a in legal
                         if sixgems.MOVE <= a < sixgems.WILD and (a - sixgems.MOVE) % 7 == 6]
            state.apply(to_centre[0] if to_centre else legal[rng.randbelow(len(legal))])
    assert seen == {"ring", "centre", "none", "mine"}, seen


def test_each_die_shows_its_face_as_the_pips_of_that_face_on_its_colour():
    # A die is its letter, then a picture: the face's pips on the die's colour, the same
    # pips for that face on every die (blue A and B the same picture), a face's own
    # picture each (no two faces alike). Guards: a die's pictures off by one face, a blue
    # die drawn on another game's picture, the red die's paper blue.
    from firmware.ui import look

    seen = {}  # (die, face) -> picture
    for seed in range(40):
        state = play_to(2 + seed % 3, seed, "play", seed)
        view = state.view(0)
        c = draw(view, NARROW)
        row = 1  # the ring: each board's gem, then the die on it
        for col in range(1, c.cols):
            letter = c.row_text(row)[col - 1:col]
            n = c.tile_at(row, col) - canvas.PICTURES
            if letter in sixgems_table.DIE_LETTERS and 0 <= n < len(look.PICTURES):
                die = sixgems_table.DIE_LETTERS.index(letter)
                face = view["faces"][die]
                assert c.row_text(row)[col] == str(face)  # (the number under the pips)
                seen[die, face] = n
    assert len(seen) > 12, seen
    shapes = {}
    for (die, face), n in seen.items():
        ink, paper, shape = look.PICTURES[n]
        assert paper == sixgems_table.DIE_COLOURS[die], (die, face, n)
        assert shapes.setdefault(face, shape) == shape, (die, face)  # one face, one shape
        if (1 - die, face) in seen and die < sixgems.RED:
            assert seen[1 - die, face] == n  # both blue dice: the same picture
    assert len(set(shapes.values())) == len(shapes) == 6


def test_a_swap_says_what_is_given_then_the_settlement_card():
    # G-K1: choosing what to take, the situation row shows the gem given ("for a gem");
    # choosing what to give (or a wild gem, or what to leave out), the settlement card.
    # Guards: the gem shown at the wrong step, the card lost.
    seen = set()
    for seed in range(200):
        state = sixgems.new_game(2 + seed % 3, seed)
        rng = Prng(seed)
        while not state.is_over() and len(seen) < 2:
            phase = sixgems.PHASES[state.phase]
            view = state.view(state.current_player())
            if phase in ("give", "take") and 0 <= view["settling"] < sixgems.SETTLE_CARDS:
                c = draw(view, WIDE)
                text = c.row_text(2)
                if phase == "take":
                    assert "for a gem" in text and "#%d" % (view["settling"] + 1) not in text
                    col = text.index(" for a gem") - 1
                    assert c.tile_at(2, col) == tile(GEM, sixgems_table.GEM_COLOURS[view["give"]])
                else:
                    assert "for a gem" not in text and "#%d" % (view["settling"] + 1) in text
                seen.add(phase)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
        if len(seen) == 2:
            break
    assert seen == {"give", "take"}, seen
