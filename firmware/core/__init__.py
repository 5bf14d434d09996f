# The rules of every game, no I/O. GAMES lists the game modules in menu order; a module is
# imported only when asked for, so the board's heap holds just the game being played.

import sys

GAMES = ("diams", "diamonds", "quartz", "sixgems", "diploma")
# Each game's TITLE, for menus that list the games without importing them all (a test
# checks they match the modules).
TITLES = ("Diam's", "Diamonds", "Quartz: The Dice Game", "SIXGEMS", "Diploma")


def available(name):
    """Whether game `name` has its rules module here (.py or .mpy beside this file, or frozen
    into the board's firmware), without loading it from a file."""
    import os

    folder = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    for ending in (".py", ".mpy", None):
        try:
            os.stat(folder + "/" + name + ending if ending else folder)
        except OSError:
            continue
        return ending is not None  # else this package is on the filesystem, the game is not
    # Frozen into the firmware: no files to look at, so the importer is asked, and a module
    # it had to load for that is let go again (its bytecode stays in flash either way).
    import sys

    dotted = "firmware.core." + name
    loaded = dotted in sys.modules
    found = find_module(dotted) is not None
    if not loaded:
        unload(dotted)
    return found


def load(name):
    """The rules module of game `name` (see the rules contract in the README)."""
    if name not in GAMES:
        raise ValueError("unknown game %r; games: %s" % (name, ", ".join(GAMES)))
    return __import__("firmware.core." + name, None, None, ["new_game"])


def find_module(dotted):
    """Import module `dotted` (e.g. "firmware.bots.quartz"), or None if it does not exist.
    An error inside an existing module is raised, not mistaken for its absence."""
    try:
        return __import__(dotted, None, None, ["x"])
    except ImportError as exc:
        if dotted in str(exc):
            return None
        raise


# Whether unload() lets a module's code go: on a board's heap, yes; CPython's tests hold
# the modules (their classes, monkeypatched names), so there nothing is unloaded.
COLLECT = sys.implementation.name != "cpython"


def unload(dotted):
    """Forget module `dotted` (e.g. "firmware.ui.console_diams") so that a board frees its
    code once nothing else refers to it; the next import loads it again."""
    import sys

    module = sys.modules.pop(dotted, None)
    if module is None or "." not in dotted:
        return
    parent, leaf = dotted.rsplit(".", 1)
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
