# Why saving stopped, as the player reads it (issue 57: the handheld said "[Errno 2] No such
# file or directory: ... Not saving"): firmware/save.py's autosaver tells it in words, through
# firmware/saveoff.py. Portable: pytest runs it on CPython and tools/mptest.py on the
# MicroPython and CircuitPython unix ports, each with its own OSError.
import os
import sys

import firmware.save as save_module
from firmware.core import load
from firmware.save import SaveSlot

SEATS = ["human", "normal"]


class Refusing(SaveSlot):
    """A slot whose every save raises `error`, as the file system would."""

    def __init__(self, error):
        SaveSlot.__init__(self, "/nowhere", sync=False)
        self.error = error

    def save(self, game, seats, extra=None):
        raise self.error


def told(slot):
    """What the autosaver says over two moves: one line, in words, the game going on."""
    lines = []
    after = save_module.autosaver(slot, SEATS, lines.append)
    state = load("diams").new_game(2, 5)
    after(state)
    state.apply(state.legal_actions()[0])
    after(state)
    assert len(lines) == 1, lines  # said once
    line = lines[0]
    assert "Errno" not in line and "[" not in line, line
    assert line.startswith("Saving is off: "), line
    assert "goes on" in line and "cannot be resumed" in line, line
    assert "firmware.saveoff" not in sys.modules  # the words left the heap once said
    return line


def test_a_saves_folder_that_cannot_be_made_is_said_in_words():
    # this port's own OSError: the folder's parent is not there either (ENOENT)
    # fixed width: the same names' length, the same heap, each run
    folder = "/tmp/gemsave-gone-%03d/saves" % os.urandom(1)[0]
    assert "saves folder is missing" in told(SaveSlot(folder, sync=False))


def test_each_reason_saving_stops_is_said_in_words():
    """Guards: a known error told as the generic one; the generic one losing its number; a
    sentence the firmware wrote itself (or a ValueError's) replaced."""
    for error, words in ((OSError(2), "saves folder is missing"),
                         (OSError(20), "saves folder is missing"),
                         (OSError(30), "the drive is read-only"),
                         (OSError(28), "the drive is full"),
                         (OSError(5), "cannot be written (error 5)"),
                         (OSError(), "the drive cannot be written"),
                         (OSError("cannot remove x.old"), ": cannot remove x.old."),
                         (ValueError("a float that cannot be saved"), "a float that")):
        line = told(Refusing(error))
        assert words in line, (error.args, line)
