# Diploma on the text console (the protocol is in console.py). Renders from a seat's view
# only: other seats' hands of tiles and cards appear as counts, never as tiles or cards.
from firmware.games.diploma import rules

# HELP, final and round_result (console.py's renderer protocol) are written in help_diploma.py,
# final_diploma.py and results_diploma.py.
from firmware.games.diploma.final import final  # noqa: F401
from firmware.games.diploma.help import HELP  # noqa: F401
from firmware.games.diploma.results import round_result  # noqa: F401
from firmware.games.diploma.table import LINES
from firmware.ui.canvas import wrap

# Where every rule is written, for the console's ? (a handheld's help names no file).
RULES = "Every rule: seeds/diploma.md in the project's source."


def board_lines(view, seat):
    """A seat's board as text: each hex its number, its colour letter and its line
    ('@' the pawn, '*' a mana spot, '....' empty)."""
    tiles = view["boards"][seat]
    rots = view["rots"][seat]
    pawn = view["pawn"][seat]
    rows = [[" "] * 44 for _ in range(2 * rules.RADIUS + 1)]
    for h in range(rules.HEXES):
        q, r = rules.COORDS[h]
        col = (q + rules.RADIUS) * 8 + r * 4 + 8
        t = tiles[h]
        if t < 0:
            cell = "  . "
        elif t >= rules.LINE_TILES:
            cell = "  * "
        else:
            cell = rules.LETTERS[rules.tile_colour(t)] + LINES[rules.mask(t, rots[h])]
        if h == pawn:
            cell = cell[:2] + "@" + cell[3:]
        text = "%2d%s" % (h, cell)
        rows[r + rules.RADIUS][col:col + 6] = list(text)
    return ["".join(row).rstrip() for row in rows]


def tile_words(tiles):
    """'B tight x2, grey wide' for a list of tiles ('(none)')."""
    counts = [0] * 16
    for t in tiles:
        counts[rules.kind(t)] += 1
    out = []
    for k in range(16):
        if counts[k]:
            out.append(rules.kind_text(k) + (" x%d" % counts[k] if counts[k] > 1 else ""))
    return ", ".join(out) if out else "(none)"


def _dice(view):
    parts = []
    for d in range(len(view["dice_val"])):
        own = view["dice_own"][d]
        who = "free" if own < 0 else "P%d" % (own + 1)
        if d == view["judge"]:
            who = "judgement"
        parts.append("#%d %s%d %s" % (d + 1, rules.LETTERS[view["dice_col"][d]],
                                      view["dice_val"][d], who))
    return ", ".join(parts)


def _seat_line(view, names, s):
    st = view["stones"][s]
    return "  %-9s %3d pts mana %d gold %d stones R%d B%d Y%d G%d tiles %d circles %d" % (
        names[s], view["points"][s], view["mana"][s], view["gold"][s], st[0], st[1], st[2],
        st[3], view["hand_counts"][s], len(view["shown"][s]))


def table(view, names, out):
    seat = view["seat"]
    out("== %s (a reconstruction) - round %d, %s first - supply %d, discards %d =="
        % (rules.TITLE, view["round_no"], names[view["round_player"]], view["supply"],
           len(view["discards"])))
    for s in range(view["players"]):
        out(_seat_line(view, names, s) + (" (you)" if s == seat else ""))
    for i in range(1, view["players"]):
        s = (seat + i) % view["players"]
        out("%s's board:" % names[s])
        for line in board_lines(view, s):
            out(line)
    status(view, names, out)


def status(view, names, out):
    seat = view["seat"]
    out("Your board:")
    for line in board_lines(view, seat):
        out(line)
    for words in (
        "Your tiles: " + tile_words(view["hand"]),
        "Your circle cards: " + (", ".join([rules.CIRCLE_TEXT[k] for k in view["circles"]])
                                 or "(none)"),
        "Your magic: " + (", ".join([rules.MAGIC[k] for k in view["magic"]]) or "(none)")
        + "; items: " + (", ".join([rules.ITEMS[k] for k in view["items"]]) or "(none)"),
        "Dice: " + _dice(view) if view["dice_val"] else "",
    ):
        for line in wrap(words, 78) if words else ():
            out(line)
    _situation(view, names, out)


def _situation(view, names, out):
    phase = view["phase"]
    who = names[view["current"]] if view["current"] >= 0 else ""
    words = {
        "scan": "magic before the roll (Color Scan) or pass",
        "rolled": "magic after the roll (Oblivion, Rabbit Start) or pass",
        "draft": "take a die",
        "magic": "magic on the dice or pass",
        "assign": "choose the production die (the other moves the pawn)",
        "place": "lay a tile, step, declare a loop, buy, use a tool, or end",
        "spot": "choose the hex and the turn of the tile",
        "peek": "choose the tile to put on top of the supply",
        "convert": "convert stones and mana, or done",
        "final": "the last conversions, or done",
        "discard": "discard down to the hand limit",
        "steal": "steal a discarded tile, or not",
    }.get(phase)
    if words:
        out("%s: %s (phase %s)." % (who, words, phase))
    if phase in ("place", "spot"):
        out("Moves left: %d." % view["moves"])
        if view["loops"]:
            out("A closed loop can be declared: hexes " +
                "; ".join([" ".join([str(h) for h in lp]) for lp in view["loops"]]))
    if view["batch"]:
        for line in wrap("Discarded now: " + tile_words(view["batch"]), 78):
            out(line)
    if view["peek"]:
        out("Top of the supply: " + tile_words(view["peek"]))
    if phase == "over":
        out("Game over.")


def turn_key(view):
    return (view["round_no"], view["turn"], view["phase"] in ("place", "spot"))


def turn_line(view, names):
    if view["phase"] in ("place", "spot", "convert", "discard", "steal", "peek"):
        return "-- round %d, %s's placement phase" % (view["round_no"], names[view["turn"]])
    return "-- round %d, the dice (round player %s)" % (view["round_no"],
                                                        names[view["round_player"]])

