"""Play a game on the text console, under CPython or MicroPython (`make play`, `make play-mp`).
Portable on purpose (no argparse, no os.path): MicroPython runs this file from source.
Usage: USAGE below (`--help` prints it)."""

import sys

USAGE = """\
python tools/play.py [--game diams] [--players N] [--seats human,bot,bot] [--seed N]
                     [--option key=value]... [--quick] [--bots-only] [--setup]

--seats     one word per seat: human, bot, or a bot level (easy, normal, hard);
            default: human then bots (--players of them in all, 3 by default)
--players   the number of players (with the default seats)
--seed      the game's seed (default: from the clock)
--option    a game option, repeatable (the games and their options are listed below);
            without any, a human is asked for them (Enter = default)
--quick     the same as --option length=quick
--bots-only every seat a bot: a self-playing demo that reads no input
--setup     ask for everything (players, seats, options, seed)"""


def _root(path):
    """The project root: the parent of this script's folder, from __file__ by string ops
    (under MicroPython sys.path[0] is the script's folder, and there is no os.path)."""
    path = path.replace("\\", "/")
    cut = path.rfind("/")
    folder = path[:cut] if cut >= 0 else "."
    if folder == "":
        return "/"
    last = folder[folder.rfind("/") + 1 :]
    if last in (".", ".."):
        return folder + "/.."
    cut = folder.rfind("/")
    if cut < 0:
        return "."
    if cut == 0:
        return "/"
    return folder[:cut]


_VALUED = ("--game", "--players", "--seats", "--seed", "--option")


class UsageError(Exception):
    pass


def parse(argv):
    """argv (without the program name) -> dict of settings; raises UsageError."""
    args = {
        "game": "diams",
        "players": None,
        "seats": None,
        "seed": None,
        "options": None,
        "bots_only": False,
        "setup": False,
        "help": False,
    }
    i = 0
    while i < len(argv):
        arg = argv[i]
        i += 1
        value = None
        if arg.startswith("--") and "=" in arg:
            arg, value = arg.split("=", 1)
        if arg in _VALUED and value is None:
            if i >= len(argv):
                raise UsageError("%s needs a value" % arg)
            value = argv[i]
            i += 1
        if arg in ("-h", "--help"):
            args["help"] = True
        elif arg == "--game":
            args["game"] = value
        elif arg == "--players":
            args["players"] = _int(arg, value)
        elif arg == "--seats":
            args["seats"] = [s for s in str(value).split(",") if s]
        elif arg == "--seed":
            args["seed"] = _int(arg, value)
        elif arg == "--option":
            text = str(value)
            if "=" not in text:
                raise UsageError("--option takes key=value, got %r" % text)
            key, choice = text.split("=", 1)
            if args["options"] is None:
                args["options"] = {}
            args["options"][key.strip()] = choice.strip()
        elif arg == "--quick":
            if args["options"] is None:
                args["options"] = {}
            args["options"]["length"] = "quick"
        elif arg == "--bots-only":
            args["bots_only"] = True
        elif arg == "--setup":
            args["setup"] = True
        else:
            raise UsageError("unknown argument %r" % arg)
    return args


def _int(name, text):
    try:
        return int(text)
    except ValueError:
        raise UsageError("%s takes a whole number, got %r" % (name, text)) from None


def settings(args, module, default_seed):
    """The (players, seats, seed, options) to hand to the console; None = ask."""
    players = args["players"]
    seats = args["seats"]
    if args["bots_only"]:
        if seats is not None:
            raise UsageError("--bots-only and --seats do not go together")
        seats = ["bot"] * (players if players is not None else 3)
    if seats is None and not args["setup"]:
        seats = ["human"] + ["bot"] * ((players if players is not None else 3) - 1)
    if seats is not None:
        if players is not None and players != len(seats):
            raise UsageError("--players %d but %d seats" % (players, len(seats)))
        players = len(seats)
    if players is not None and not module.MIN_PLAYERS <= players <= module.MAX_PLAYERS:
        raise UsageError(
            "%s takes %d to %d players" % (module.TITLE, module.MIN_PLAYERS, module.MAX_PLAYERS)
        )
    seed = args["seed"]
    if seed is None and not args["setup"]:
        seed = default_seed()
    return players, seats, seed, args["options"]


def games_help(load):
    """One line per game that exists: its players and options (first choice = default)."""
    from firmware.core import GAMES

    lines = ["", "games:"]
    for name in GAMES:
        try:
            module = load(name)
        except ImportError:
            continue  # not written yet
        options = " ".join(["%s=%s" % (key, "|".join(choices)) for key, choices in module.OPTIONS])
        lines.append("  --game %-9s %s, %d-%d players  %s" % (
            name, module.TITLE, module.MIN_PLAYERS, module.MAX_PLAYERS, options or "(no options)"))
    return "\n".join(lines)


def main(argv):
    sys.path.insert(0, _root(__file__))
    from firmware.core import load
    from firmware.core.base import read_options
    from firmware.core.prng import SEED_LIMIT
    from firmware.ui import console

    try:
        args = parse(argv)
        if args["help"]:
            print(USAGE)
            print(games_help(load))
            return 0
        try:
            module = load(args["game"])
        except (ValueError, ImportError) as exc:
            raise UsageError(str(exc)) from None
        players, seats, seed, options = settings(args, module, console.default_seed)
        if seats is not None:
            for seat in seats:
                try:
                    console.parse_seat(seat)
                except ValueError as exc:
                    raise UsageError(str(exc)) from None
        if seed is not None and not 0 <= seed < SEED_LIMIT:
            raise UsageError("--seed must be 0..%d" % (SEED_LIMIT - 1))
        if options is not None:
            try:
                read_options(module.OPTIONS, options)
                if players is not None:  # some options fit only some player counts
                    module.new_game(players, 0, options)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
    except UsageError as exc:
        print("play.py: %s (try --help)" % exc)
        return 2
    console.play(args["game"], players, seats, seed, options)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
