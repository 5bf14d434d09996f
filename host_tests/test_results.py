"""The words of a scored round and of the game's end (firmware/ui/results_<game>.py), as the
console and the handheld's result screens show them: exact lines for views set by hand, as
the games' states make them at a round's end and at the game's end. CPython, no display."""

from firmware.ui import results_diamonds, results_diams, results_quartz, results_sixgems

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def lines(fn, view, names=NAMES):
    out = []
    fn(view, names, out.append)
    return out


# -- Diam's --------------------------------------------------------------------------------
def diams_view(players=3, rounds=3, points=None, chips=None, breakdown=None):
    return {
        "players": players,
        "rounds": rounds,
        "points": points,
        "chips": chips,
        "breakdown": breakdown,
    }


def test_diams_round_lists_each_seats_points_breakdown_and_chips():
    view = diams_view(
        points=[[1, 2, 3], [30, 12, 21]],
        breakdown=[[24, 5, 1], [10, 2, 0], [17, 0, 4]],
        chips=[7, 2, 5],
    )
    assert lines(results_diams.round_result, view) == [
        "==== Round 2 scored ====",
        "  Ann      30 points (collections 24, purity bonus 5, hand bonus 1)"
        "  +4 chips, 7 in all",
        "  Bob      12 points (collections 10, purity bonus 2, hand bonus 0)"
        "  +2 chips, 2 in all",
        "  Cy       21 points (collections 17, purity bonus 0, hand bonus 4)"
        "  +3 chips, 5 in all",
    ]


def test_diams_quick_round_has_no_chips():
    view = diams_view(players=2, rounds=1, points=[[9, 14]],
                      breakdown=[[6, 2, 1], [11, 3, 0]], chips=[0, 0])
    assert lines(results_diams.round_result, view) == [
        "==== Round 1 scored ====",
        "  Ann       9 points (collections 6, purity bonus 2, hand bonus 1)",
        "  Bob      14 points (collections 11, purity bonus 3, hand bonus 0)",
    ]
    assert lines(results_diams.final, view) == []  # one round: its points say it all


def test_diams_final_after_two_rounds_ends_with_chips_and_points_by_round():
    """Two players, one of them winning rounds 1 and 2: the game ends after two rounds."""
    view = diams_view(players=2, points=[[20, 11], [18, 9]], chips=[8, 4])
    assert lines(results_diams.final, view) == [
        "  Ann     chips  8, points by round: 20 18",
        "  Bob     chips  4, points by round: 11 9",
    ]


def test_diams_final_tie_on_chips_says_how_it_is_broken():
    view = diams_view(players=3, points=[[20, 11, 5], [18, 9, 7], [3, 25, 6]],
                      chips=[9, 9, 6])
    assert lines(results_diams.final, view) == [
        "  Ann     chips  9, points by round: 20 18 3",
        "  Bob     chips  9, points by round: 11 9 25",
        "  Cy      chips  6, points by round: 5 7 6",
        "  Tie on 9 chips (Ann, Bob): round 2 points decide, then round 3, then the total.",
    ]
    view["chips"] = [9, 8, 6]
    assert lines(results_diams.final, view)[3:] == []


# -- Quartz --------------------------------------------------------------------------------
def quartz_view(players=3, round_=3, over=False):
    return {
        "players": players,
        "round": round_,
        "over": over,
        "leader": 1,
        # KINDS order: quartz, rubellite, emerald, sapphire, ruby, amber, unstable
        "carts": [[1, 0, 2, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0], [0, 3, 0, 0, 1, 0, 0]][:players],
        "chests": [[2, 0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0]][:players],
        "scores": [25, 0, 28][:players],
    }


def test_quartz_round_lists_what_each_seat_holds():
    view = quartz_view()
    assert lines(results_quartz.round_result, view) == [
        "==== Round 2 over: leader Bob ====",
        "  Ann     holds Qz3 Em2 Am1 Ob1                chest  3  points now 25",
        "  Bob     holds -                              chest  0  points now 0",
        "  Cy      holds Rb4 Ru1                        chest  1  points now 28",
    ]


def test_quartz_last_round_counts_itself():
    view = quartz_view(round_=6, over=True)
    assert lines(results_quartz.round_result, view)[0] == "==== Round 6 over: leader Bob ===="


def test_quartz_final_explains_every_score():
    view = quartz_view(over=True)
    # Ann: 3 quartz (6) + 2 emeralds (8) + 1 amber (9) - 3 (obsidian) = 20, a set of 3
    # quartz +3; Bob: nothing, the fewest in his chest; Cy: 4 rubellite (12) + 1 ruby (7),
    # a set of 4 +6.
    view["scores"] = [23, -5, 25]
    assert lines(results_quartz.final, view) == [
        "  Ann     crystals  20, sets +3, chest 3 = 23",
        "  Bob     crystals   0, sets +0, chest 0 (fewest: -5) = -5",
        "  Cy      crystals  19, sets +6, chest 1 = 25",
    ]


def test_quartz_final_tie_names_the_tie_break():
    view = quartz_view(players=2, over=True)
    view["chests"] = [[2, 0, 0, 0, 0, 1, 0], [0, 0, 0, 4, 0, 0, 0]]
    view["scores"] = [23, 26]
    assert lines(results_quartz.final, view) == [
        "  Ann     crystals  20, sets +3, chest 3 (fewest: -5) = 23",
        "  Bob     crystals  20, sets +6, chest 4 = 26",
    ]
    view["scores"] = [26, 26]
    assert lines(results_quartz.final, view)[2:] == [
        "  Tie on 26 points: the most quartz wins, then rubellite, ... up to amber."]


# -- Diamonds ------------------------------------------------------------------------------
def diamonds_view(teams=False, sides=3, public=True, over=False):
    return {
        "teams": teams,
        "sides": sides,
        "phase": "over" if over else "count",
        # [won cards per suit, majority side per suit (-1 none), seats with no trick, tricks]
        "results": [[[3, 4, 2, 1], [0, 1, 1, 2], [], [2, 3, 5]],
                    [[5, 1, 0, 4], [2, -1, 0, 1], [1], [4, 0, 6]]],
        "showroom": [4, 7, 2][:sides],
        "vaults": [5, 1, None][:sides] if not public else [5, 1, 3][:sides],
        "scores": [14, 9, 8][:sides] if public else None,
    }


def test_diamonds_round_names_the_majorities_and_the_crystals():
    view = diamonds_view()
    assert lines(results_diamonds.round_result, view) == [
        "==== Round 2 scored ====",
        "  Majorities: D: P3, H: nobody, S: P1, C: P2",
        "  No trick (2 D actions each): Bob",
        "  P1           showroom  4  vault  5  points 14",
        "  P2           showroom  7  vault  1  points 9",
        "  P3           showroom  2  vault  3  points 8",
    ]


def test_diamonds_round_seen_by_a_seat_hides_the_vaults():
    view = diamonds_view(public=False)
    view["results"] = view["results"][:1]
    assert lines(results_diamonds.round_result, view) == [
        "==== Round 1 scored ====",
        "  Majorities: D: P1, H: P2, S: P2, C: P3",
        "  P1           showroom  4",
        "  P2           showroom  7",
        "  P3           showroom  2",
    ]
    # At the end, only the vaults the seat knows are counted up.
    assert lines(results_diamonds.final, view) == [
        "  P1           showroom  4 + vault  5 x 2 = 14 points",
        "  P2           showroom  7 + vault  1 x 2 = 9 points",
    ]


def test_diamonds_teams_are_named_by_their_seats():
    view = diamonds_view(teams=True, sides=2, over=True)
    view["results"] = [[[3, 4, 2, 1], [1, 0, -1, 1], [], [2, 3, 5, 0]]]
    assert lines(results_diamonds.round_result, view) == [
        "==== Round 1 scored ====",
        "  Majorities: D: T2 (P2+P4), H: T1 (P1+P3), S: nobody, C: T2 (P2+P4)",
        "  T1 (P1+P3)   showroom  4  vault  5  points 14",
        "  T2 (P2+P4)   showroom  7  vault  1  points 9",
    ]
    assert lines(results_diamonds.final, view) == [
        "  T1 (P1+P3)   showroom  4 + vault  5 x 2 = 14 points",
        "  T2 (P2+P4)   showroom  7 + vault  1 x 2 = 9 points",
        "Winning team: T1 (P1+P3)",
    ]
    view["showroom"] = [4, 6]
    view["vaults"] = [5, 6]  # 14 and 18 points
    assert lines(results_diamonds.final, view)[2] == "Winning team: T2 (P2+P4)"
    view["showroom"] = [8, 6]
    view["vaults"] = [5, 6]  # 18 each: the most vault crystals wins
    assert lines(results_diamonds.final, view)[2] == "Winning team: T2 (P2+P4)"
    view["vaults"] = [6, 6]  # 20 and 18
    assert lines(results_diamonds.final, view)[2] == "Winning team: T1 (P1+P3)"
    view["showroom"] = [6, 6]  # 18 and 18, 6 vault crystals each
    assert lines(results_diamonds.final, view)[2] == "Winning teams (tie): T1 (P1+P3), T2 (P2+P4)"


def test_diamonds_teams_of_three():
    view = diamonds_view(teams=True, sides=3, over=True)
    view["results"] = [[[3, 4, 2, 1], [2, 0, 1, -1], [], [2, 3, 5, 0, 1, 1]]]
    assert lines(results_diamonds.round_result, view)[1] == (
        "  Majorities: D: T3 (P3+P6), H: T1 (P1+P4), S: T2 (P2+P5), C: nobody")


def test_diamonds_final_without_teams_names_no_team():
    view = diamonds_view(over=True)
    assert lines(results_diamonds.final, view) == [
        "  P1           showroom  4 + vault  5 x 2 = 14 points",
        "  P2           showroom  7 + vault  1 x 2 = 9 points",
        "  P3           showroom  2 + vault  3 x 2 = 8 points",
    ]


def test_diamonds_teams_before_the_end_name_no_winner():
    view = diamonds_view(teams=True, sides=2)
    assert len(lines(results_diamonds.final, view)) == 2


# -- SIXGEMS -------------------------------------------------------------------------------
def sixgems_view(results, totals, players=3):
    return {
        "players": players,
        "results": results,
        "totals": totals,
        "real": [[1, 2, 0, 0, 1, 0], [0, 0, 3, 1, 0, 0], [2, 2, 2, 0, 0, 0]][:players],
        "wild": [[1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0]][:players],
    }


def test_sixgems_settlement_lists_each_seats_points():
    # [card, settler] + bonus per seat + points per seat
    results = [[0, 0, 0, 0, 0, 1, 2, 3], [4, 2, 3, 0, 1, 12, -4, 7]]
    view = sixgems_view(results, [21, 5, 15])
    assert lines(results_sixgems.round_result, view) == [
        "==== Settlement 2: card 5 Amethyst by Cy ====",
        "  Ann      +12 (bonus 3)  total 21",
        "  Bob       -4 (bonus 0)  total 5",
        "  Cy        +7 (bonus 1)  total 15",
    ]


def test_sixgems_final_settlement_has_no_card():
    from firmware.core import sixgems as G

    results = [[0, 0, 0, 0, 0, 1, 2, 3], [G.FINAL, 1, 0, 0, 0, 5, 6, 0]]
    view = sixgems_view(results, [6, 8, 3])
    assert lines(results_sixgems.round_result, view) == [
        "==== Final settlement (no gem card left, no bonus) ====",
        "  Ann       +5 (bonus 0)  total 6",
        "  Bob       +6 (bonus 0)  total 8",
        "  Cy        +0 (bonus 0)  total 3",
    ]


def test_sixgems_final_tie_counts_the_gems_of_the_tied():
    view = sixgems_view([], [20, 17, 20])
    assert lines(results_sixgems.final, view) == [
        "  Tie on 20 points: most gems wins: Ann 5 gems, Cy 6 gems"]
    view["totals"] = [20, 21, 19]
    assert lines(results_sixgems.final, view) == []
