# Quartz: The Dice Game on the text console (the protocol is in console.py). Renders from a
# seat's view only (in Quartz everything is public).
from firmware.games.quartz import rules

# HELP, final and round_result (console.py's renderer protocol) are written in help_quartz.py,
# final_quartz.py and results_quartz.py.
from firmware.games.quartz.final import final  # noqa: F401
from firmware.games.quartz.help import HELP  # noqa: F401
from firmware.games.quartz.results import round_result  # noqa: F401

# Where every rule is written, for the console's ? (a handheld's help names no file).
RULES = "Every rule: seeds/quartz.md in the project's source."

SHORT = ("Qz", "Rb", "Em", "Sa", "Ru", "Am", "Ob")  # crystal kinds, KINDS order


def _crystals(counts):
    """'Qz2 Am1' for 7 counts ('-' when empty)."""
    parts = []
    for kind in range(rules.NKINDS):
        if counts[kind]:
            parts.append("%s%d" % (SHORT[kind], counts[kind]))
    return " ".join(parts) if parts else "-"


def dice_line(view):
    """'Dice: 1:P 2:H^ 3:* 4:C. 5:S' ('.' used, '^' picked to reroll / for the action)."""
    parts = []
    picked = view["selected"] if view["phase"] == "roll" else view["group"]
    for die in range(rules.DICE):
        mark = ""
        if view["used"][die]:
            mark = "."
        elif picked[die]:
            mark = "^"
        parts.append("%d:%s%s" % (die + 1, rules.FACE_LETTERS[view["dice"][die]], mark))
    return "Dice: " + "  ".join(parts) + "   (. used, ^ picked)"


def table(view, names, out):
    seat = view["seat"]
    out(
        "==== %s - round %d of %d - leader %s ===="
        % (rules.TITLE, view["round"], view["rounds"], names[view["leader"]])
    )
    out("Bag %d: %s   pairs left %d" % (sum(view["bag"]), _crystals(view["bag"]), view["pairs"]))
    out("  %-7s %-26s %-18s %s %s" % ("", "cart", "chest", "mk", "points now"))
    for other in range(view["players"]):
        mark = ""
        if other == view["turn"]:
            mark = " <- turn"
        if other == seat:
            mark += " (you)"
        out(
            "  %-7s %-26s %-18s %2d %4d%s"
            % (
                names[other],
                _crystals(view["carts"][other]),
                _crystals(view["chests"][other]),
                view["markers"][other],
                view["scores"][other],
                mark,
            )
        )
    if view["phase"] != "over":
        out("Faces: P pickaxe, H hammer, C chest, T transfer, S steal, * helmet (wild)")
    _situation(view, names, out)


def status(view, names, out):
    phase = view["phase"]
    turn = view["turn"]
    if phase in ("chest", "give", "return"):
        out("Your cart: %s   chest: %s" % (_crystals(view["carts"][turn]),
                                          _crystals(view["chests"][turn])))
    elif phase == "take":
        target = view["target"]
        out("%s's cart: %s" % (names[target], _crystals(view["carts"][target])))
    _situation(view, names, out)


def _done_kinds(view):
    done = [rules.FACES[k] for k in range(5) if view["kinds_used"][k]]
    return ", ".join(done) if done else "none"


def _situation(view, names, out):
    phase = view["phase"]
    mover = names[view["turn"]]
    if phase == "over":
        return
    out(dice_line(view))
    if phase == "roll":
        out(
            "%s: %d free reroll(s) + %d marker(s): pick dice and reroll, or keep."
            % (mover, view["rerolls"], view["markers"][view["turn"]])
        )
    elif phase == "act":
        out("%s: choose an action or end the turn (done: %s)." % (mover, _done_kinds(view)))
    elif phase == "dice":
        n = 0
        for flag in view["group"]:
            n += flag
        out("%s: %s with %d die(s) so far: pick dice, then confirm."
            % (mover, rules.FACES[view["action"]], n))
    elif phase == "return":
        out("Hammer: return %d of the crystals just mined (%s)."
            % (view["left"], _crystals(view["mined"])))
    elif phase == "chest":
        out("Chest: %d more crystal(s) from your cart to your chest." % view["left"])
    elif phase == "target":
        verb = "transfer to" if view["action"] == rules.TRANSFER else "steal from"
        out("%s: choose the player to %s." % (rules.FACES[view["action"]].capitalize(), verb))
    elif phase == "give":
        out("Transfer: %d more crystal(s) to %s." % (view["left"], names[view["target"]]))
    elif phase == "take":
        out("Steal: %d more crystal(s) from %s." % (view["left"], names[view["target"]]))


def turn_key(view):
    return view["round"] * 8 + view["turn"]


def turn_line(view, names):
    return "-- round %d, %s to play (leader %s), bag %d: %s" % (
        view["round"],
        names[view["turn"]],
        names[view["leader"]],
        sum(view["bag"]),
        _crystals(view["bag"]),
    )
