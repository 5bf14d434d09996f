# Diam's on the text console (the protocol is in console.py). Renders from a seat's view
# only: other seats appear as counts (hand, vault, chips), never as cards.
from firmware.games.diams import rules

# HELP, final and round_result (console.py's renderer protocol) are written in help_diams.py,
# final_diams.py and results_diams.py.
from firmware.games.diams.final import final  # noqa: F401
from firmware.games.diams.help import HELP  # noqa: F401
from firmware.games.diams.results import round_result  # noqa: F401

# Where every rule is written, for the console's ? (a handheld's help names no file).
RULES = "Every rule: seeds/diams.md in the project's source."


def _cards(cards):
    if not cards:
        return "(none)"
    return ", ".join([rules.card_text(c) for c in cards])


def _vault(vault):
    """'4 yellow x3* = 7, 7 red x2 = 0': count per quality, * when the pure one is there."""
    if not vault:
        return "(empty)"
    parts = []
    q = 0
    count = 0
    pure = False
    for card in vault + [rules.CARD_A]:  # the sentinel closes the last group
        cq = rules.quality(card) if rules.is_diamond(card) else 0
        if cq != q:
            if count:
                parts.append(
                    "%d %s x%d%s = %d"
                    % (
                        q,
                        rules.COLOURS[q - 1],
                        count,
                        "*" if pure else "",
                        rules.collection_points(q, count),
                    )
                )
            q = cq
            count = 0
            pure = False
        count += 1
        if rules.is_diamond(card) and rules.is_pure(card):
            pure = True
    return ", ".join(parts)


def table(view, names, out):
    seat = view["seat"]
    out(
        "==== %s - round %d of %d - deck %d ===="
        % (rules.TITLE, view["round"], view["rounds"], view["deck"])
    )
    if view["closing_drawn"]:
        out(
            "Closing card drawn by %s: %d more turn(s) after this one, then scoring."
            % (names[view["closer"]], view["turns_left"])
        )
    out("Market: " + _cards(view["market"]))
    for other in range(view["players"]):
        mark = ""
        if other == view["turn"]:
            mark = "  <- turn"
        if other == seat:
            mark += "  (you)"
        out(
            "  %-7s hand %d  vault %2d  chips %2d%s"
            % (
                names[other],
                view["hand_counts"][other],
                view["vault_counts"][other],
                view["chips"][other],
                mark,
            )
        )
    _own(view, names, out)
    _situation(view, names, out)


def status(view, names, out):
    if view["phase"] in ("take", "sleight"):
        out("Market: " + _cards(view["market"]))
    out("Your hand (%s): %s" % (names[view["seat"]], _cards(view["hand"])))
    _situation(view, names, out)


def _own(view, names, out):
    name = names[view["seat"]]
    out("Your hand (%s): %s" % (name, _cards(view["hand"])))
    vault = view["vault"]
    out("Your vault (%s): %s -> %d points" % (name, _vault(vault), rules.vault_points(vault)))


def _situation(view, names, out):
    phase = view["phase"]
    mover = names[view["turn"]]
    selected = _cards(view["selected"])
    if phase == "draw":
        out("%s: draw 1 card to your hand or 2 to the market." % mover)
    elif phase == "main":
        out("%s: market, vault or a special card." % mover)
    elif phase == "place":
        out("Market: choose the diamond you put in the market.")
    elif phase == "take":
        q = rules.quality(view["placed"])
        got = 0
        for card in view["selected"]:
            got += rules.quality(card)
        out(
            "Placed %s: take all %ds, or other diamonds adding up to %d (picked %s = %d)."
            % (rules.card_text(view["placed"]), q, q, selected, got)
        )
    elif phase == "vault":
        out("Vault: 3+ of a quality, plus qualities already stored. Selected: " + selected)
    elif phase == "convoy":
        out("Convoy: qualities already in your vault. Selected: " + selected)
    elif phase == "sale card":
        out("Compulsory Sale: choose the diamond you sell.")
    elif phase == "sale seat":
        out("Compulsory Sale of %s: choose the opponent." % rules.card_text(view["placed"]))
    elif phase == "safe name":
        out("Safecracker: name a quality (* = the special-purity one only).")
    elif phase == "safe seat":
        out("Safecracker naming %s: choose the opponent." % _named(view))
    elif phase == "safe give":
        out("%s's Safecracker names %s: choose the diamond you give up." % (mover, _named(view)))
    elif phase == "sleight":
        out("Sleight of Hand: take one market diamond.")
    elif phase == "discard":
        out("Hand limit %d: give up %d card(s)."
            % (rules.HAND_LIMIT, len(view["hand"]) - rules.HAND_LIMIT))


def _named(view):
    q = view["named"]
    return "%d%s %s" % (q, "*" if view["named_pure"] else "", rules.COLOURS[q - 1])


def turn_key(view):
    return view["round"] * 8 + view["turn"]


def turn_line(view, names):
    return "-- round %d, %s to play, deck %d, market: %s" % (
        view["round"],
        names[view["turn"]],
        view["deck"],
        _cards(view["market"]),
    )
