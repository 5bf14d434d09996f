# Diamonds on the text console (the protocol is in console.py). Renders from a seat's view
# only: other hands are counts, other vaults are hidden unless the view shows them (show score,
# game over). Cards in ASCII: 8D = 8 of diamonds, H hearts, S spades, C clubs.
from firmware.games.diamonds import rules

# HELP, final and round_result (console.py's renderer protocol) are written in help_diamonds.py,
# final_diamonds.py and results_diamonds.py.
from firmware.games.diamonds.final import final  # noqa: F401
from firmware.games.diamonds.help import HELP  # noqa: F401
from firmware.games.diamonds.results import _side_name, round_result  # noqa: F401

# Where every rule is written, for the console's ? (a handheld's help names no file).
RULES = "Every rule: seeds/diamonds.md in the project's source."


def _suit_groups(cards):
    """'D: 4 9  H: 1  S: -  C: 12 15' (cards sorted by suit, then rank)."""
    parts = []
    for s in range(rules.SUITS):
        ranks = [str(rules.rank(c)) for c in sorted(cards) if rules.suit(c) == s]
        parts.append("%s: %s" % (rules.SUIT_LETTERS[s], " ".join(ranks) if ranks else "-"))
    return "  ".join(parts)


def _cards(cards):
    return rules.cards_text(cards) if cards else "(none)"


def _vault_text(view, side):
    v = view["vaults"][side]
    return "?" if v is None else "%d" % v


def _trick_text(view, cards, leader, names):
    n = view["players"]
    parts = []
    for i in range(len(cards)):
        parts.append("P%d %s" % ((leader + i) % n + 1, rules.card_text(cards[i])))
    return ", ".join(parts)


def table(view, names, out):
    seat = view["seat"]
    n = view["players"]
    out(
        "==== %s - round %d of %d - dealer %s - thief token %s ===="
        % (rules.TITLE, view["round"], view["rounds"], names[view["dealer"]], names[view["thief"]])
    )
    if view["teams"]:
        for t in range(view["sides"]):
            won = [0, 0, 0, 0]  # M-O3: majorities count the partners' cards together
            for other in range(n):
                if view["side"][other] == t:
                    for s in range(rules.SUITS):
                        won[s] += view["won"][other][s]
            out("  %-12s showroom %2d  vault %2s  won D%d H%d S%d C%d"
                % (_side_name(view, t), view["showroom"][t], _vault_text(view, t),
                   won[0], won[1], won[2], won[3]))
    playing = view["phase"] in ("play", "over")
    for other in range(n):
        won = view["won"][other]
        # "> " marks the seat to decide; at most 80 columns with 2-digit counts.
        line = "%s%-7s hand %2d" % ("> " if other == view["current"] else "  ", names[other],
                                    view["hand_counts"][other])
        if view["chosen_counts"][other]:
            line += " +%d to pass" % view["chosen_counts"][other]  # M-R2: a count only
        if not view["teams"]:
            line += "  showroom %2d  vault %2s" % (view["showroom"][other],
                                                  _vault_text(view, other))
        if playing:
            line += "  won D%d H%d S%d C%d, %d trick%s" % (
                won[0], won[1], won[2], won[3], view["tricks"][other],
                "" if view["tricks"][other] == 1 else "s")
        if other == seat:
            line += " (you)"
        out(line)
    if view["last_trick"]:
        out("Last trick: %s -> P%d won" % (
            _trick_text(view, view["last_trick"], view["last_leader"], names),
            view["last_winner"] + 1))
    _own(view, names, out)
    _situation(view, names, out)


def status(view, names, out):
    _own(view, names, out)
    _situation(view, names, out)


def _own(view, names, out):
    name = names[view["seat"]]
    out("Your hand (%s): %s" % (name, _suit_groups(view["hand"])))
    if view["chosen"]:
        out("Chosen to pass: %s" % _cards(view["chosen"]))


def _situation(view, names, out):
    phase = view["phase"]
    mover = names[view["current"]] if view["current"] >= 0 else ""
    n = view["players"]
    if phase == "count":
        out("%s (dealer): how many cards does everyone pass, 1, 2 or 3?" % mover)
    elif phase == "pass":
        seat = view["current"]
        if view["teams"]:
            to = (seat + view["sides"]) % n
        else:
            to = (seat + 1) % n
        out("%s: choose %d card(s) to pass to %s (%d chosen); %d of %d players done."
            % (mover, view["count"], names[to], view["chosen_counts"][seat], view["passed"], n))
    elif phase == "play":
        if view["trick"]:
            out("Trick: %s. Follow %s if you can."
                % (_trick_text(view, view["trick"], view["leader"], names),
                   rules.SUIT_NAMES[view["led"]]))
        else:
            out("%s leads the trick." % mover)


def turn_key(view):
    done = 0
    for t in view["tricks"]:
        done += t
    return view["round"] * 1000 + (0 if view["phase"] in ("count", "pass") else 100 + done)


def turn_line(view, names):
    if view["phase"] in ("count", "pass"):
        return "-- round %d, %s deals; showrooms %s" % (
            view["round"], names[view["dealer"]], " ".join(["%d" % c for c in view["showroom"]]))
    done = 0
    for t in view["tricks"]:
        done += t
    return "-- round %d, trick %d, %s leads; showrooms %s, thief token %s" % (
        view["round"], done + 1, names[view["leader"]],
        " ".join(["%d" % c for c in view["showroom"]]), names[view["thief"]])
