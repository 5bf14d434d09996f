# SIXGEMS on the text console (the protocol is in console.py). Renders from a seat's view
# only: other seats' hands appear as counts, never as cards.
from firmware.games.sixgems import rules

# HELP, final and round_result (console.py's renderer protocol) are written in help_sixgems.py,
# final_sixgems.py and results_sixgems.py.
from firmware.games.sixgems.final import final  # noqa: F401
from firmware.games.sixgems.help import CARDS, HELP  # noqa: F401
from firmware.games.sixgems.results import round_result  # noqa: F401

# Where every rule is written, for the console's ? (a handheld's help names no file).
RULES = "Every rule: seeds/sixgems.md in the project's source."


def _die(view, d):
    b = view["boards"][d]
    where = "centre" if b < 0 else rules.COLOURS[b]
    return "%s %d on %s" % (rules.die_text(d), view["faces"][d], where)


def _ring(view):
    parts = []
    for b in range(rules.BOARDS):
        mark = "  "
        for d in range(rules.DICE):
            if view["boards"][d] == b and (view["phase"] != "dice" or d < view["die_index"]):
                mark = ("R" if d == rules.RED else "AB"[d]) + str(view["faces"][d])
        parts.append("%s[%s]" % (rules.SHORT[b], mark))
    return " ".join(parts)


def _gems(view, seat):
    real = view["real"][seat]
    wild = view["wild"][seat]
    parts = []
    for c in range(rules.BOARDS):
        text = "%s%d" % (rules.SHORT[c], real[c])
        if wild[c]:
            text += "+%dw" % wild[c]
        parts.append(text)
    return " ".join(parts)


def table(view, names, out):
    seat = view["seat"]
    out("==== %s - settlements %d of %d - gem deck %d, settlement deck %d ===="
        % (rules.TITLE, view["settlements"], view["length"], view["gem_deck"], view["settle_deck"]))
    out("Boards: " + _ring(view))
    if view["phase"] != "dice":
        out("Dice: " + ", ".join([_die(view, d) for d in range(rules.DICE)]))
    for other in range(view["players"]):
        mark = ""
        if other == view["turn"]:
            mark = " <-"
        if other == seat:
            mark += " (you)"
        pend = view["pending"][other]
        out("  %-7s %3d pts  %s  hand %d/%d%s%s"
            % (names[other], view["totals"][other], _gems(view, other),
               view["hand_counts"][other], view["settle_counts"][other],
               "  wild %d" % pend if pend else "", mark))
    _own(view, names, out)
    _situation(view, names, out)


def status(view, names, out):
    out("Boards: " + _ring(view))
    _own(view, names, out)
    _situation(view, names, out)


def _own(view, names, out):
    out("Your gem cards: " + (", ".join([rules.gem_text(c) for c in view["hand"]]) or "(none)"))
    cards = view["settle_hand"]
    out("Your settlement cards:" + ("" if cards else " (none)"))
    for k in cards:
        out("  %-16s %s" % (rules.settle_text(k), CARDS[k]))


def _situation(view, names, out):
    phase = view["phase"]
    mover = names[view["current"]] if view["current"] >= 0 else ""
    if phase == "dice":
        d = view["die_index"]
        out("%s rolled blue A %d, blue B %d, red %d: choose a board for %s."
            % (mover, view["faces"][0], view["faces"][1], view["faces"][2], _die_name(view, d)))
    elif phase == "play":
        out("%s: play a gem card." % mover)
    elif phase == "use":
        played = view["played"]
        out("%s played %s: use its face %d to move or turn a die?"
            % (mover, rules.gem_text(played), rules.face(played)))
    elif phase == "settle":
        out("%s: settle, exchange a settlement card, or neither." % mover)
    elif phase == "wild":
        only = view["wild_only"]
        where = " (now only on %s)" % rules.COLOURS[only] if only >= 0 else ""
        out("%s settles with %s: %s, place a pending wild gem%s or keep waiting."
            % (names[view["turn"]], rules.settle_text(view["settling"]), mover, where))
    elif phase == "give":
        out("Swap: %s chooses a gem of yours to swap (or no swap)." % mover)
    elif phase == "take":
        colour = rules.COLOURS[view["give"]]
        out("Swap: %s gives %s %s gem: choose the gem to take."
            % (mover, "an" if colour[0] in "AEIOU" else "a", colour))
    elif phase == "leave":
        out("Card 10: %s, choose which of your most-held colours is left out." % mover)


def _die_name(view, d):
    return "%s (%d)" % (rules.die_text(d), view["faces"][d])


def turn_key(view):
    return view["turns"]


def turn_line(view, names):
    return "-- %s's turn, settlements %d of %d, gem deck %d, boards: %s" % (
        names[view["turn"]], view["settlements"], view["length"], view["gem_deck"], _ring(view))
