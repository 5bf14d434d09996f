"""The words of a scored round and of the game's end (each game's results.py and final.py), as the
console and the handheld's result screens show them: score tables (firmware/ui/scoretable.py,
a row per category, a column per seat or team) with exact lines for views set by hand, as
the games' states make them at a round's end and at the game's end. CPython, no display."""

from firmware.games.diamonds import final as final_diamonds
from firmware.games.diamonds import results as results_diamonds
from firmware.games.diams import final as final_diams
from firmware.games.diams import results as results_diams
from firmware.games.quartz import final as final_quartz
from firmware.games.quartz import results as results_quartz
from firmware.games.sixgems import final as final_sixgems
from firmware.games.sixgems import results as results_sixgems
from firmware.ui.scoretable import table

NAMES = ["Ann", "Bob", "Cy", "Dee"]
NARROW = 26  # letters on a row of the 160-pixel screens


def lines(fn, view, names=NAMES):
    out = []
    fn(view, names, out.append)
    return out


# -- The table itself ----------------------------------------------------------------------
def test_columns_are_as_wide_as_their_widest_entry_and_labels_line_up():
    out = []
    table(out.append, ["P1", "P2"], [("a", [3, -12]), ("longer", ["+4", 0])])
    assert out == [
        "        P1  P2",
        "a        3 -12",
        "longer  +4   0",
    ]


def test_a_table_too_wide_for_the_narrow_screen_comes_in_parts():
    out = []
    table(out.append, ["P%d" % s for s in range(1, 7)],
          [("quartz", [1, 2, 3, 4, 5, 6]), ("points", [10, -22, 35, 41, 58, 99])])
    assert out == [
        "        P1  P2  P3  P4  P5",
        "quartz   1   2   3   4   5",
        "points  10 -22  35  41  58",
        "        P6",
        "quartz   6",
        "points  99",
    ]


# -- Diam's --------------------------------------------------------------------------------
def diams_view(players=3, rounds=3, points=None, chips=None, breakdown=None):
    return {
        "players": players,
        "rounds": rounds,
        "points": points,
        "chips": chips,
        "breakdown": breakdown,
    }


def test_diams_round_tables_each_seats_points_by_source_and_chips():
    """D-V: collections in the vault, purity and hand bonuses, the points; D-E: the chips
    the round brings (4, 3, 2 by rank here: round_chips) and the chips in all."""
    view = diams_view(
        points=[[1, 2, 3], [30, 12, 21]],
        breakdown=[[24, 5, 1], [10, 2, 0], [17, 0, 4]],
        chips=[7, 2, 5],
    )
    assert lines(results_diams.round_result, view) == [
        "Round 2 of 3",
        "       P1 P2 P3",
        "vault  24 10 17",
        "purity  5  2  0",
        "hand    1  0  4",
        "points 30 12 21",
        "chips  +4 +2 +3",
        "in all  7  2  5",
    ]


def test_diams_quick_round_has_no_chips():
    view = diams_view(players=2, rounds=1, points=[[9, 14]],
                      breakdown=[[6, 2, 1], [11, 3, 0]], chips=[0, 0])
    assert lines(results_diams.round_result, view) == [
        "Round 1 of 1",
        "       P1 P2",
        "vault   6 11",
        "purity  2  3",
        "hand    1  0",
        "points  9 14",
    ]
    assert lines(final_diams.final, view) == []  # one round: its points say it all


def test_diams_final_after_two_rounds_tables_points_by_round_and_chips():
    """Two players, one of them winning rounds 1 and 2: the game ends after two rounds."""
    view = diams_view(players=2, points=[[20, 11], [18, 9]], chips=[8, 4])
    assert lines(final_diams.final, view) == [
        "Points by round, chips",
        "        P1 P2",
        "round 1 20 11",
        "round 2 18  9",
        "chips    8  4",
    ]


def test_diams_final_tie_on_chips_says_how_it_is_broken():
    view = diams_view(players=3, points=[[20, 11, 5], [18, 9, 7], [3, 25, 6]],
                      chips=[9, 9, 6])
    assert lines(final_diams.final, view)[2:] == [
        "round 1 20 11  5",
        "round 2 18  9  7",
        "round 3  3 25  6",
        "chips    9  9  6",
        "Tie on 9 chips (Ann, Bob): round 2 points decide, then round 3, then the total.",
    ]
    view["chips"] = [9, 8, 6]
    assert lines(final_diams.final, view)[6:] == []


# -- Quartz --------------------------------------------------------------------------------
def quartz_view(players=3, round_=3, over=False):
    view = {
        "players": players,
        "round": round_,
        "over": over,
        "leader": 1,
        # KINDS order: quartz, rubellite, emerald, sapphire, ruby, amber, unstable
        "carts": [[1, 0, 2, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0], [0, 3, 0, 0, 1, 0, 0]][:players],
        "chests": [[2, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0]][:players],
        "scores": [25, 0, 28][:players],
    }
    quartz_round_ended(view)
    return view


def quartz_round_ended(view):
    """The view's "ended" (the last round as it ended: per seat its 7 counts held, then its
    chest's count) from its carts and chests, as if the round had just ended."""
    view["ended"] = []
    for cart, chest in zip(view["carts"], view["chests"]):
        view["ended"] += [cart[k] + chest[k] for k in range(7)] + [sum(chest)]


def test_quartz_round_tables_the_crystals_each_seat_holds():
    """Cart and chest together, a row per kind somebody holds (sapphire: nobody), and the
    points they make (Q-F: as test_quartz_final_explains_every_score works them out). All as
    the round ended: not the table now, where the next round's leader has mined (Q-T1)."""
    view = quartz_view()
    view["carts"][1][5] += 1  # P2 leads round 3 and opened it with an amber
    view["scores"] = [23, 4, 25]
    assert lines(results_quartz.round_result, view) == [
        "Round 2: P2 leads",
        "          P1 P2 P3",
        "quartz     3  0  0",
        "rubellite  0  0  4",
        "emerald    2  0  0",
        "ruby       0  0  1",
        "amber      1  0  0",
        "unstable   1  0  0",
        "in chest   3  0  1",
        "points    23 -5 25",
    ]


def test_quartz_last_round_counts_itself():
    view = quartz_view(round_=6, over=True)
    assert lines(results_quartz.round_result, view)[0] == "Round 6 of 6"


def test_quartz_final_explains_every_score():
    """Q-F1 values, Q-F2 sets, Q-F3 the fewest in the chest lose 5."""
    view = quartz_view(over=True)
    # Ann: 3 quartz (6) + 2 emeralds (8) + 1 amber (9) - 3 (unstable) = 20, a set of 3
    # quartz +3; Bob: nothing, the fewest in his chest; Cy: 4 rubellite (12) + 1 ruby (7),
    # a set of 4 +6.
    view["scores"] = [23, -5, 25]
    assert lines(final_quartz.final, view) == [
        "Final score",
        "         P1 P2 P3",
        "crystals 20  0 19",
        "sets     +3  0 +6",
        "in chest  3  0  1",
        "fewest    0 -5  0",
        "points   23 -5 25",
    ]


def test_quartz_final_tie_names_the_tie_break():
    view = quartz_view(players=2, over=True)
    view["chests"] = [[2, 0, 0, 0, 0, 1, 0], [0, 0, 0, 4, 0, 0, 0]]
    view["scores"] = [23, 26]
    assert lines(final_quartz.final, view)[2:] == [
        "crystals 20 20",
        "sets     +3 +6",
        "in chest  3  4",
        "fewest   -5  0",
        "points   23 26",
    ]
    view["scores"] = [26, 26]
    assert lines(final_quartz.final, view)[7:] == [
        "Tie on 26 points: the most quartz wins, then rubellite, ... up to amber."]


def test_quartz_round_of_six_seats_fits_the_narrow_screen():
    view = quartz_view()
    for key in ("carts", "chests"):
        view[key] = view[key] * 2
    view["players"] = 6
    view["carts"][4] = [0, 0, 0, 0, 0, 0, 5]  # -15, less the chest's 5: three letters
    view["scores"] = [25, 0, 28, 99, -15, 7]
    quartz_round_ended(view)
    for fn in (results_quartz.round_result, final_quartz.final):
        assert max(len(line) for line in lines(fn, view)[:-1]) <= NARROW


# -- Diamonds ------------------------------------------------------------------------------
def diamonds_view(teams=False, sides=3, public=True, over=False):
    seats = 4 if teams and sides == 2 else 6 if teams else sides
    won = []
    for seat in range(seats):  # won cards, seat by seat, suit by suit (D, H, S, C)
        won += [[3, 0, 1, 1], [0, 4, 2, 0], [1, 0, 0, 5], [1, 1, 0, 0], [0, 0, 1, 0],
                [2, 0, 0, 0]][seat]
    return {
        "teams": teams,
        "sides": sides,
        "rounds": 4,
        "phase": "over" if over else "count",
        # [won cards per seat and suit, majority side per suit (-1 none), seats with no
        # trick, tricks per seat]
        "results": [[won, [0, 1, 1, 2], [], [2] * seats],
                    [won, [0, 1, -1, 2], [1], [4, 0] + [3] * (seats - 2)]],
        "showroom": [4, 7, 2][:sides],
        "vaults": [5, 1, None][:sides] if not public else [5, 1, 3][:sides],
        "scores": [14, 9, 8][:sides] if public else None,
    }


def test_diamonds_round_tables_the_suits_won_and_the_crystals():
    """M-R7 (a): each suit's majority marked (its action), spades tied: nobody's; (b) a seat
    with no trick takes 2 diamond actions; M-E2: a point per showroom crystal, 2 per vault."""
    view = diamonds_view()
    assert lines(results_diamonds.round_result, view) == [
        "Round 2 of 4",
        "         P1 P2 P3",
        "diamonds *3  0  1",
        "hearts    0 *4  0",
        "spades    1  2  0",
        "clubs     1  0 *5",
        "showroom  4  7  2",
        "vault     5  1  3",
        "points   14  9  8",
        "*: most won: suit's action",
        "No trick: P2",
        "  2 diamond actions each",
    ]


def test_diamonds_round_seen_by_a_seat_hides_the_vaults():
    view = diamonds_view(public=False)
    view["results"] = view["results"][:1]
    assert lines(results_diamonds.round_result, view)[1:7] == [
        "         P1 P2 P3",
        "diamonds *3  0  1",
        "hearts    0 *4  0",
        "spades    1 *2  0",
        "clubs     1  0 *5",
        "showroom  4  7  2",
    ]
    assert lines(results_diamonds.round_result, view)[7:] == ["*: most won: suit's action"]
    # At the end, only the vaults the seat knows are counted up.
    assert lines(final_diamonds.final, view) == [
        "Vaults revealed",
        "         P1 P2 P3",
        "showroom  4  7  2",
        "vault     5  1  ?",
        "points   14  9  ?",
        "Points: showroom + 2 x vault",
    ]


def test_diamonds_teams_are_named_by_their_seats():
    """M-O3: partners' cards count together; the winning team: most points, then most
    vault crystals (M-E2)."""
    view = diamonds_view(teams=True, sides=2, over=True)
    view["results"] = [[view["results"][0][0], [0, 1, 1, 0], [], [2, 3, 5, 0]]]
    assert lines(results_diamonds.round_result, view) == [
        "Round 1 of 4",
        "Teams: T1 (P1+P3), T2 (P2+P4)",
        "         T1 T2",
        "diamonds *4  1",
        "hearts    0 *5",
        "spades    1 *2",
        "clubs    *6  0",
        "showroom  4  7",
        "vault     5  1",
        "points   14  9",
        "*: most won: suit's action",
    ]
    assert lines(final_diamonds.final, view)[6:] == [
        "Points: showroom + 2 x vault", "Winning team: T1 (P1+P3)"]
    view["showroom"] = [4, 6]
    view["vaults"] = [5, 6]  # 14 and 18 points
    assert lines(final_diamonds.final, view)[-1] == "Winning team: T2 (P2+P4)"
    view["showroom"] = [8, 6]
    view["vaults"] = [5, 6]  # 18 each: the most vault crystals wins
    assert lines(final_diamonds.final, view)[-1] == "Winning team: T2 (P2+P4)"
    view["vaults"] = [6, 6]  # 20 and 18
    assert lines(final_diamonds.final, view)[-1] == "Winning team: T1 (P1+P3)"
    view["showroom"] = [6, 6]  # 18 and 18, 6 vault crystals each
    assert lines(final_diamonds.final, view)[-1] == "Winning teams (tie): T1 (P1+P3), T2 (P2+P4)"


def test_diamonds_teams_of_three():
    view = diamonds_view(teams=True, sides=3, over=True)
    view["results"] = [[view["results"][0][0], [0, 1, 1, 2], [], [2, 3, 5, 0, 1, 1]]]
    out = lines(results_diamonds.round_result, view)
    assert out[1] == "Teams: T1 (P1+P4), T2 (P2+P5), T3 (P3+P6)"
    # seats 1+4, 2+5, 3+6 together, suit by suit
    assert out[2:7] == [
        "         T1 T2 T3",
        "diamonds *4  0  3",
        "hearts    1 *4  0",
        "spades    1 *3  0",
        "clubs     1  0 *5",
    ]


def test_diamonds_final_without_teams_names_no_team():
    view = diamonds_view(over=True)
    assert lines(final_diamonds.final, view) == [
        "Vaults revealed",
        "         P1 P2 P3",
        "showroom  4  7  2",
        "vault     5  1  3",
        "points   14  9  8",
        "Points: showroom + 2 x vault",
    ]


def test_diamonds_teams_before_the_end_name_no_winner():
    view = diamonds_view(teams=True, sides=2)
    assert not any("Winning" in line for line in lines(final_diamonds.final, view))


# -- SIXGEMS -------------------------------------------------------------------------------
def sixgems_view(results, totals, players=3):
    return {
        "players": players,
        "results": results,
        "totals": totals,
        "real": [[1, 2, 0, 0, 1, 0], [0, 0, 3, 1, 0, 0], [2, 2, 2, 0, 0, 0]][:players],
        "wild": [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0]][:players],
    }


def test_sixgems_settlement_tables_each_seats_points():
    """G-P2..G-P4: the dice's points and the card's bonus, their sum, the totals after."""
    # [card, settler] + bonus per seat + points per seat
    results = [[0, 0, 0, 0, 0, 1, 2, 3], [4, 2, 3, 0, 1, 12, -4, 7]]
    view = sixgems_view(results, [21, 5, 15])
    assert lines(results_sixgems.round_result, view) == [
        "Settlement 2 by P3",
        "card 5 Amethyst",
        "        P1  P2  P3",
        "dice    +9  -4  +6",
        "bonus   +3   0  +1",
        "points +12  -4  +7",
        "total   21   5  15",
    ]


def test_sixgems_final_settlement_has_no_card():
    from firmware.games.sixgems import rules as sixgems
    results = [[0, 0, 0, 0, 0, 1, 2, 3], [sixgems.FINAL, 1, 0, 0, 0, 5, 6, 0]]
    view = sixgems_view(results, [6, 8, 3])
    assert lines(results_sixgems.round_result, view) == [
        "Final settlement",
        "       P1 P2 P3",
        "dice   +5 +6  0",
        "bonus   0  0  0",
        "points +5 +6  0",
        "total   6  8  3",
    ]
    assert lines(final_sixgems.final, view) == [
        "Points by settlement",
        "      P1 P2 P3",
        "1     +1 +2 +3",
        "final +5 +6  0",
        "total  6  8  3",
    ]


def test_sixgems_final_table_starts_with_the_later_seats_points_G_S3():
    # Guards: the starting points left out (the total then more than its rows), or a "start"
    # row of zeros where nobody started with points (2 players: a gem, no points).
    results = [[0, 0, 0, 0, 0, 1, 2, 3]]
    view = sixgems_view(results, [1, 10, 3])
    view["start"] = [0, 8, 0]
    assert lines(final_sixgems.final, view)[1:5] == [
        "      P1 P2 P3",
        "start  0  8  0",
        "1     +1 +2 +3",
        "total  1 10  3",
    ]
    view["start"] = [0, 0, 0]
    assert "start" not in "\n".join(lines(final_sixgems.final, view))


def test_sixgems_final_tie_counts_the_gems_of_the_tied():
    view = sixgems_view([], [20, 17, 20])
    assert lines(final_sixgems.final, view)[-1] == (
        "Tie on 20 points: most gems wins: Ann 5 gems, Cy 6 gems")
    view["totals"] = [20, 21, 19]
    assert "Tie" not in lines(final_sixgems.final, view)[-1]


def test_columns_are_as_wide_as_their_heads_over_one_digit_cells():
    out = []
    table(out.append, ["P1", "P2"], [("a", [1, 2])])
    assert out == ["  P1 P2", "a  1  2"]


def test_a_label_is_cut_to_the_room_three_letter_cells_leave():
    out = []
    table(out.append, ["P1", "P2", "P3", "P4"], [("a long label", [-12, 3, 4, 5])])
    assert out == [
        "            P1  P2  P3  P4",
        "a long lab -12   3   4   5",
    ]


def test_long_labels_are_cut_short_before_the_table_comes_in_parts():
    out = []
    table(out.append, ["P%d" % s for s in range(1, 7)],
          [("rubellite", [1, 2, 3, 4, 5, 6]), ("points", [10, 22, 35, 41, 58, 9])])
    assert out == [
        "         P1 P2 P3 P4 P5 P6",
        "rubellit  1  2  3  4  5  6",
        "points   10 22 35 41 58  9",
    ]
