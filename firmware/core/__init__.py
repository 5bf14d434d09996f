# The engine's registry: the games, in menu order, and the one place a game's module is named.
# A game is a package, firmware/games/<name>/ (its __init__: TITLE and the player counts; its
# parts: rules, bot, table, choices, results, final, console, help, each a module of its own).
# A part is imported only when asked for, so the board's heap holds just what the moment needs.

import sys

GAMES = (
    "diams",
    "diamonds",
    "quartz",
    "sixgems",
    "diploma",
)


def dotted(game, kind=None):
    """The module name of game `game`'s part `kind` (e.g. "bot"), or of its package: the one
    place a game's module name is made."""
    return "firmware.games." + game + ("." + kind if kind else "")


def game_part(game, kind):
    """Game `game`'s module `kind` ("rules", "bot", "table", "choices", "results", "final",
    "console", "help", or one of its own), or None when the game has no such part here."""
    return find_module(dotted(game, kind))


def drop_part(game, kind):
    """Let game `game`'s module `kind` leave the heap (unload())."""
    unload(dotted(game, kind))


def about(game):
    """Game `game`'s package (TITLE, MIN_PLAYERS, MAX_PLAYERS; QUICK, the options of its
    shortest game, if it has them): small, so a menu can list the games without their rules."""
    return __import__(dotted(game), None, None, ["TITLE"])


def titles():
    """Every game's TITLE, in GAMES order. A board lets go of the packages it loaded for them."""
    out = []
    for game in GAMES:
        package = dotted(game)
        loaded = package in sys.modules
        out.append(about(game).TITLE)
        if COLLECT and not loaded:
            unload(package)
    return out


def available(game):
    """Whether `game` has its rules here (rules.py or .mpy in its folder, or frozen into the
    board's firmware), without loading them from a file."""
    import os

    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."  # firmware/core
    rules = dotted(game, "rules")
    top = here[:len(here) - len("firmware/core")]  # the folder firmware/ is in
    for ending in (".py", ".mpy", None):
        try:
            os.stat(top + rules.replace(".", "/") + ending if ending else here)
        except OSError:
            continue
        return ending is not None  # else the games are on the filesystem, this one is not
    # Frozen into the firmware: no files to look at, so the importer is asked, and a module
    # it had to load for that is let go again (its bytecode stays in flash either way).
    loaded = rules in sys.modules
    found = find_module(rules) is not None
    if not loaded:
        unload(rules)
    return found


def load(name):
    """The rules module of game `name` (see the rules contract in the README)."""
    if name not in GAMES:
        raise ValueError("unknown game %r; games: %s" % (name, ", ".join(GAMES)))
    return __import__(dotted(name, "rules"), None, None, ["new_game"])


def find_module(dotted):
    """Import module `dotted` (e.g. "firmware.games.quartz.bot"), or None if it does not exist.
    An error inside an existing module is raised, not mistaken for its absence."""
    try:
        return __import__(dotted, None, None, ["x"])
    except ImportError as exc:
        words = str(exc).replace("'", " ").split()
        name = dotted
        while "." in name:  # the module, or a package on its way (a game not here)
            if name in words:
                return None
            name = name.rsplit(".", 1)[0]
        raise


# Whether unload() lets a module's code go: on a board's heap, yes; CPython's tests hold
# the modules (their classes, monkeypatched names), so there nothing is unloaded.
COLLECT = sys.implementation.name != "cpython"


def unload(name):
    """Forget module `name` (e.g. "firmware.ui.scene_build") so that a board frees its code
    once nothing else refers to it; the next import loads it again."""
    module = sys.modules.pop(name, None)
    if module is None or "." not in name:
        return
    parent, leaf = name.rsplit(".", 1)
    package = sys.modules.get(parent)
    if package is not None and getattr(package, leaf, None) is module:
        delattr(package, leaf)


def replay(name, players, seed, options, history):
    """Rebuild a game from its record: identical state on every port (saves, bug reports)."""
    state = load(name).new_game(players, seed, options)
    for action in history:
        state.apply(action)
    return state


def record(state):
    """The record that replay() turns back into the same state. Its history is a copy of
    the state's (compact: 2 bytes an action; list() of it gives plain ints)."""
    return (state.game, state.players, state.seed, dict(state.options), state.history.copy())
