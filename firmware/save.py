# Save and resume: one game in progress per slot, written after every applied action.
# Portable (CPython, MicroPython, CircuitPython): os, gc and builtins only; the file
# system, the format's constants and the CRC-32 are firmware/savefile.py's.
#
# The file `<directory>/<name>.sav`, text, version 1:
#   GEMSAVE 1\n
#   {"game": "diams", "players": 3, "seed": 42, "options": {...}, "seats": [...],
#    "extra": {...}, "actions": N}\n                      (one line of JSON)
#   the N actions of the history, 4 lowercase hex digits each (big-endian), 64 a line\n
#   END <CRC-32 of every byte above, 8 hex digits>\n
# The header and the history are firmware.core.record(state) plus the seats ("human" or a
# bot level per seat) and a small JSON dict for the front end.
#
# Atomic on every port: the new file is written in full as `<name>.tmp` (flushed, synced),
# then on the boards (no os.replace) the previous save is renamed to `<name>.old`,
# `<name>.tmp` to `<name>.sav`, and `<name>.old` removed: no step renames onto an existing
# file (FAT refuses it or removes the target first), and at every moment one complete save
# is on disk: `.sav`, or (between the two renames) `.tmp` and `.old`; load() finishes an
# interrupted save. CPython: os.replace(tmp, sav), atomic by itself.
# Reading (load: check, replay, recovery, keeping damage aside) is firmware/saveload.py.
# A damaged save is renamed to `<name>.bad1` (`.bad2`, ... never overwritten) and reported
# with SaveError (or an older copy is resumed, with a note); a finished game's save becomes
# `<name>.last` (see clear()). `<name>.run` marks a save being resumed (resuming()).
# The header is written by firmware/saveheader.py (the same bytes on every port); save()
# refuses (ValueError, nothing changed) what it cannot write that way, and everything load()
# refuses (see saveload.py). A slot keeps the header of its game up to the count, so the
# writer's code is on the heap only at a game's first save.
import gc
import sys

from firmware import savefile
from firmware.core import COLLECT, unload


def default_directory():
    """Where saves live: `/saves` on a board, `saves` under the current folder on a
    computer (CPython, or the MicroPython unix port)."""
    if sys.platform in ("linux", "darwin", "win32", "cygwin") or sys.platform.startswith(
        "freebsd"
    ):
        return "saves"
    return "/saves"


def code_can_write(path="/"):
    """False when the code may not write the flash: on CircuitPython, boot.py left the USB
    drive to the computer (SELECT, or B on the Pico Display, held at power-on)."""
    try:
        import storage  # pyright: ignore[reportMissingImports]
    except ImportError:
        return True
    try:
        return not storage.getmount(path).readonly
    except Exception:
        return True


class SaveSlot:
    """One saved game: `<directory>/<name>.sav`. sync=False skips fsync/os.sync (tests and
    the desktop simulator, where a power cut is not the worry)."""

    def __init__(self, directory=None, name="game", sync=True):
        self.directory = default_directory() if directory is None else directory
        self.name = name
        self.sync = sync
        base = self.directory.rstrip("/") + "/" + name
        self.path = base + ".sav"
        self.tmp = base + ".tmp"
        self.old = base + ".old"
        self.last = base + ".last"
        self.run = base + ".run"
        self.loaded = None  # the path load() last answered a Saved from
        self._head = None  # (the record's fields but extra and count, its header up to the count)
        self._line = bytearray(savefile.PER_LINE * 4 + 1)  # a history line: kept, not made per save

    # -- writing --------------------------------------------------------------------------
    def save(self, game, seats, extra=None):
        """Save a game: a State (its history is read in place, not copied) or a record
        tuple (game, players, seed, options, history). seats: "human" or a bot level per
        seat; extra: a small dict for the front end. ValueError, with nothing written, for
        what load() would refuse at a glance or saveheader cannot write the same on every
        port; OSError when the flash cannot be written (CircuitPython's USB drive mode, a
        full drive). Either way the previous save is left as it was."""
        if isinstance(game, tuple):
            name, players, seed, options, history = game
            for value in history:  # a State's history holds 16-bit actions only
                if not isinstance(value, int) or isinstance(value, bool) or value >> 16:
                    raise ValueError("action %r does not fit a save" % (value,))
        else:
            name, players, seed = game.game, game.players, game.seed
            options, history = game.options, game.history
        header = self._header(name, players, seed, options, seats, extra, len(history))
        self._make_directory()
        self._write(self.tmp, header, history)
        if COLLECT:
            gc.collect()
        self._install()

    def _header(self, name, players, seed, options, seats, extra, count):
        """The header line (bytes) of this record; ValueError for what load() would refuse.
        Made by firmware/saveheader.py up to its count when the game changes (a record with an
        `extra` every time: a dict can change inside), else from the one kept."""
        head = self._head
        end = ("%d}\n" % count).encode()  # the header's end: `"actions": N}` and the newline
        if extra or head is None or head[0] != (name, players, seed, options, seats):
            from firmware import saveheader

            try:
                line = saveheader.header(name, players, seed, options, seats, extra or {}, count)
            finally:
                unload("firmware.saveheader")
            if not extra:  # kept with copies: the caller's own lists may change
                self._head = ((name, players, seed, dict(options), list(seats)),
                              line[: len(line) - len(end)])
            return line
        line = head[1] + end
        if len(line) >= savefile.HEADER_MAX:  # load() reads a shorter line
            raise ValueError("the save header is too long (%d bytes)" % len(line))
        return line

    def _install(self):
        """`.tmp` (complete) becomes `.sav`, with a complete save on disk at every moment;
        also how load() promotes a complete `.tmp` it found."""
        replace = getattr(savefile.os, "replace", None)
        if replace is not None:  # CPython: one atomic rename over the previous save
            replace(self.tmp, self.path)
        else:
            if savefile.exists(self.path):
                if not savefile.remove(self.old):
                    raise OSError("cannot remove " + self.old)
                savefile.os.rename(self.path, self.old)
            savefile.os.rename(self.tmp, self.path)
        savefile.remove(self.old)
        self._sync_fs()

    def _make_directory(self):
        if not savefile.exists(self.directory):
            savefile.os.mkdir(self.directory)

    def _write(self, path, header, history):
        crc = savefile.Crc32()
        line = self._line
        digits, per_line = savefile.HEX, savefile.PER_LINE
        with open(path, "wb") as f:
            first = "%s %d\n" % (savefile.MAGIC.decode(), savefile.VERSION)
            for data in (first.encode(), header):
                crc.update(data)
                f.write(data)
            view = memoryview(line)
            n = len(history)
            start = 0
            while start < n:
                stop = min(n, start + per_line)
                p = 0
                for i in range(start, stop):
                    value = history[i]
                    line[p] = digits[value >> 12]
                    line[p + 1] = digits[(value >> 8) & 15]
                    line[p + 2] = digits[(value >> 4) & 15]
                    line[p + 3] = digits[value & 15]
                    p += 4
                line[p] = 10
                chunk = view[: p + 1]
                crc.update(chunk)
                f.write(chunk)
                start = stop
            f.write(("END %s\n" % crc.hexdigest()).encode())
            f.flush()
            if self.sync and hasattr(savefile.os, "fsync"):
                savefile.os.fsync(f.fileno())

    def clear(self):
        """A finished game is not a loss: its save becomes `<name>.last` (replacing the
        previous one), the record of the last game played, which load() never offers."""
        if not savefile.exists(self.path):
            return
        savefile.remove(self.last)
        savefile.os.rename(self.path, self.last)
        self._sync_fs()

    def _sync_fs(self):
        # CPython syncs each file (fsync); the boards flush their filesystem cache here.
        if self.sync and not hasattr(savefile.os, "fsync") and hasattr(savefile.os, "sync"):
            try:
                savefile.os.sync()
            except OSError:
                pass

    # -- reading --------------------------------------------------------------------------
    def exists(self):
        """Whether load() has something to look at (a save, or an interrupted one)."""
        exists = savefile.exists
        return exists(self.path) or exists(self.old) or exists(self.tmp)

    def load(self):
        """The saved game as a firmware.saveload.Saved (its state already replayed), or None
        when there is none; else SaveError, and nothing else, whatever the files. A damaged
        file is moved aside to `<name>.badN` (SaveError, or an older copy resumed, with a
        note). The reading code (firmware/saveload.py) is on the heap only while it reads,
        and not at all when there is nothing to read (its names stay uninterned)."""
        absent = savefile.absent
        try:
            if absent(self.path) and absent(self.old) and absent(self.tmp) and absent(self.run):
                return None
        except Exception:  # (a board's odd error: the reader says what it is)
            pass
        return self._reader("load")

    def has_last(self):
        """Whether a finished game's record (`<name>.last`) is there to look at."""
        return savefile.exists(self.last)

    def last_game(self):
        """The last finished game (its record, replayed) as a firmware.saveload.Saved, None
        when there is none; SaveError when it cannot be read (the record is left as it is:
        nothing is lost, it only looks back)."""
        return self._reader("last")

    def keep_aside(self, reason=""):
        """Move the save load() answered (else `.sav`) aside to `<name>.badN`, as when the app
        failed while resuming it (`reason`, for the caller's message): the path it was moved
        to, or None when there is none or it cannot be moved. Never raises."""
        try:
            return self._reader("keep_current")
        except savefile.SaveError:
            return None

    def _reader(self, what):
        """firmware/saveload.py's `what`(self), the module on the heap only meanwhile; every
        exception but SaveError made a SaveError that moves nothing."""
        try:
            from firmware import saveload

            return getattr(saveload, what)(self)
        except savefile.SaveError:
            raise
        except MemoryError:  # the file stays: it may be good, the heap was short
            reason = "there was not enough memory to read it"
        except Exception as exc:  # OSError (EIO), a board's odd exception: nothing moved
            reason = "it could not be read (%s)" % (exc,)
        finally:
            unload("firmware.saveload")
            unload("firmware.saveheader")
        message = "The saved game cannot be resumed now: %s." % reason
        raise savefile.SaveError(message, None, reason)

    def resuming(self):
        """Mark `<name>.run` (empty) before the app resumes the save; load() keeps a save aside
        if the mark is still there (the board was reset or crashed while resuming). Never
        raises (a read-only drive: no mark)."""
        try:
            with open(self.run, "wb"):
                pass
            self._sync_fs()
        except Exception:
            pass

    def resumed(self):
        """The resumed game is on the screen: remove the mark. Never raises."""
        try:
            savefile.remove(self.run)
            self._sync_fs()
        except Exception:
            pass

    def resume(self):
        """(state, seats) of the saved game, or None; raises SaveError like load()."""
        saved = self.load()
        if saved is None:
            return None
        return saved.state, saved.seats


def autosaver(slot, seats, out=print, extra=None):
    """A callback for the front end to call after every applied action (and once at the
    start): saves the game to `slot`; when the game is over, saves it one last time and
    clears the slot (see SaveSlot.clear). When the flash cannot be written (CircuitPython's
    USB drive mode, a full drive), or `extra` cannot be saved (ValueError), it says so once
    through `out` and stops trying. A full heap (MemoryError, late in a long game on a
    board) skips this move's save: the flash keeps the one before, whole, and the next
    move's save writes the whole game."""
    off = []
    writable = code_can_write()  # (boot.py settles it for the run: asked once a game)

    def after_action(state):
        if off:
            return
        try:
            if not writable:
                raise OSError("the USB drive belongs to the computer")
            slot.save(state, seats, extra)
            if state.is_over():
                slot.clear()
        except (OSError, ValueError) as exc:
            off.append(exc)
            from firmware import saveoff  # (on the heap only while it speaks)

            out(saveoff.sentence(exc))
        except MemoryError:
            if state.is_over():  # a finished game must not be offered to resume
                try:
                    slot.clear()
                except (OSError, MemoryError):
                    pass

    return after_action
