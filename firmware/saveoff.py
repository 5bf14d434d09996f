# Why saving stopped, in a player's words (firmware/save.py's autosaver, once a game). Loaded
# only then, and forgotten once it has spoken: save.py, on the heap all game, stays as small
# as it was (the 6-seat Quartz app with a human is at the edge of its 120 KiB budget).
from firmware.core import unload
from firmware.savefile import MISSING


def sentence(exc):
    """What the player reads when saving stops: what happened, and that the game goes on
    unsaved. An OSError's number (args[0] on every port) is told as what it means, never as
    the error prints ("[Errno 2] ..."); the others (ValueError, save.py's own OSErrors) carry
    words already."""
    unload(__name__)
    return "Saving is off: %s. The game goes on, but it cannot be resumed later." % reason(exc)


def reason(exc):
    code = exc.args[0] if exc.args else None
    if not isinstance(code, int):
        return str(exc) if exc.args else "the drive cannot be written"
    if code in MISSING:
        return "the saves folder is missing and cannot be made"
    if code in (30, 69):  # EROFS (69: the WebAssembly port's number, as in MISSING)
        return "the drive is read-only"
    if code in (28, 51):  # ENOSPC
        return "the drive is full"
    return "the drive cannot be written (error %d)" % code
