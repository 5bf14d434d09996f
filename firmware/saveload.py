# Reading a save (firmware/save.py has the format): check, parse and replay it, finish an
# interrupted save, keep a damaged file aside. Imported by SaveSlot.load() and unloaded
# after it: a board's heap does not hold this code during play. Every filesystem call goes
# through firmware.savefile's `os` (the tests put their faults there).
#
# Recovery, newest first: a complete `.tmp` (a finished write not yet renamed: newer than
# `.sav`), then `.sav`, then `.old`. A `.tmp` that does not pass the checksum was cut short
# while written (the normal power cut) and is removed; anything under those names that is
# not a regular file is damage. Each copy is read in turn; a damaged one is kept aside as
# `.badN` (a rename: never deleted), and the first that loads is made `.sav` by save()'s own
# rename protocol; only then are older leftovers removed, each read first: a damaged one is
# kept aside too, with a note (never overwritten). So no step deletes the last good save
# before a newer one has loaded, nor any damaged file. Nothing is sized from the file before
# the file's own size was checked; every header field is checked, and the header must be to
# the byte what saveheader.py writes for the fields read (what the port's json read is what
# save() writes back, on every port). An error that says nothing about the file (MemoryError, an
# OSError while reading a regular file) goes out to SaveSlot.load(), which leaves the file.
import gc
import json

from firmware import savefile
from firmware.core import COLLECT
from firmware.core import load as load_game
from firmware.savefile import (
    HEADER_MAX,
    LINE_MAX,
    MAGIC,
    MAGIC_MAX,
    PER_LINE,
    VERSION,
    Crc32,
    SaveError,
    exists,
    remove,
)
from firmware.saveheader import FIELDS, header

# byte -> its hex value, 255 when not a lowercase hex digit ("0" is 48, "a" 97)
_HEXVAL = b"\xff" * 48 + bytes(range(10)) + b"\xff" * 39 + bytes(range(10, 16)) + b"\xff" * 153
# stat's file type bits (mode & 0o170000): 0o100000 a regular file, 0o040000 a folder, on
# every port (written out where used: no more names in this module's globals on the heap)
RESET = "the game stopped the board while it was being resumed"


class Saved:
    """What load() found: `state`, the state the save replays to; `seats`; `extra`, the front
    end's dict; `notes`, sentences for the player (an older copy resumed because a newer one
    was damaged), usually none; `record`, (game, players, seed, options, history) as saved,
    its history the state's own (no second copy on the heap: it grows if the game is played
    on). No methods: a Saved kept during play does not keep this module on the heap."""

    state = None  # what load() sets on each (class defaults for the type checker)
    seats = []
    extra = {}
    notes = []
    record = (None, None, None, None, None)  # (game, players, seed, options, history)


class _Damage(Exception):
    """Internal: what is wrong with a file (the reason, before it is kept aside)."""


def load(slot):
    """The saved game as a Saved, None when there is none; SaveError when every copy is
    damaged (each kept aside as `<name>.badN`). MemoryError and OSError go out as they are
    (SaveSlot.load() makes them a SaveError that moves nothing)."""
    slot.loaded = None
    if _mode(slot.run) == 0o100000:  # the last resume never reached its first frame
        if exists(slot.path):
            kept = _keep_aside(slot, slot.path)
            remove(slot.run)
            raise SaveError(_message(RESET, kept, slot.path), kept, RESET)
        remove(slot.run)
    damaged = []  # (reason, kept, path), newest first
    for path in (slot.tmp, slot.path, slot.old):
        mode = _mode(path)
        if mode is None:
            continue
        try:
            if mode != 0o100000:  # a folder (or a device, a pipe) under a save's name
                raise _Damage("it is a folder, not a save file" if mode == 0o040000 else
                              "it is not a file")
            if path == slot.tmp:
                try:
                    _check(path)  # complete: the newest save, not yet renamed
                except _Damage:
                    remove(path)  # cut short while being written: an older save stands
                    continue
            saved = _read(path)
        except _Damage as damage:
            damaged.append((str(damage), _keep_aside(slot, path), path))
            continue
        slot.loaded = _promote(slot, path, saved.notes)
        if damaged:
            reason, kept, where = damaged[0]
            saved.notes.insert(0,
                "The newest save was damaged (%s) and %s; the one before it was resumed."
                % (reason, "kept as " + kept if kept else "left in place as " + where)
            )
        return saved
    if not damaged:
        return None
    reason, kept, path = damaged[0]
    message = _message(reason, kept, path)
    if len(damaged) > 1:
        message += " %d older copies were damaged too." % (len(damaged) - 1)
    raise SaveError(message, kept, reason)


def last(slot):
    """The last finished game's record as a Saved, None when there is none; SaveError when
    it is damaged (nothing moved)."""
    if _mode(slot.last) is None:
        return None
    try:
        return _read(slot.last)
    except _Damage as damage:
        raise SaveError("The last game's record cannot be read: %s." % damage, None,
                        str(damage)) from None


def _message(reason, kept, path):
    if kept is None:
        where = "It is left in place as %s (it could not be moved aside)." % path
    else:
        where = "It was kept as %s; a new game can start." % kept
    return "The saved game cannot be resumed: %s. %s" % (reason, where)


def _mode(path):
    """The file type bits of `path` (0o100000: a regular file), None when there is nothing
    there; an OSError that does not say so (EIO) goes out."""
    try:
        return savefile.os.stat(path)[0] & 0o170000
    except OSError as exc:
        if exc.args and exc.args[0] in savefile.MISSING:
            return None
        raise


def _promote(slot, path, notes):
    """Make `path`, which loaded, the `.sav` and remove the older `.old`: where it now is
    (where it was when the drive refuses: it is read in place). An older copy this replaces
    is read first: a damaged one is kept aside (a note in `notes`), never overwritten."""
    try:
        if path == slot.old:  # (read already: no other copy left to check)
            if exists(slot.path):  # a damaged `.sav` that could not be moved aside
                return path
            savefile.os.rename(path, slot.path)
            slot._sync_fs()
            return slot.path
        if _kept(slot, slot.old, notes):  # damaged, and it could not be moved: leave all
            return path
        if path == slot.tmp:
            if _kept(slot, slot.path, notes):
                return path
            slot._install()  # save()'s protocol: a complete save on disk at every step
    except OSError:
        return path if exists(path) else slot.path
    remove(slot.old)  # older than what loaded, and whole (or kept aside above)
    return slot.path


def _kept(slot, path, notes):
    """An older copy about to be replaced or removed: a damaged file (or a folder) is moved
    aside to `.badN` instead, with a note for a file. True when it is damaged and could not
    be moved: then nothing may go over it."""
    mode = _mode(path)
    if mode is None:
        return False
    reason = None
    if mode == 0o100000:
        try:
            _check(path)
            return False  # whole: superseded
        except _Damage as damage:
            reason = str(damage)
    kept = _keep_aside(slot, path)
    if reason is not None:
        notes.append("An older copy of the save was damaged (%s); it was %s." % (
            reason, "kept as " + kept if kept else "left in place as " + path))
    return kept is None


def keep_current(slot):
    """SaveSlot.keep_aside(): the save load() answered (else `.sav`) moved to `.badN`."""
    path = slot.loaded if slot.loaded and exists(slot.loaded) else slot.path
    if not exists(path):
        return None
    kept = _keep_aside(slot, path)
    if kept is not None:
        slot.loaded = None
    return kept


def _keep_aside(slot, path):
    """Rename `path` (a file or a folder) to the first unused `<name>.badN`, N above every
    N in use (ASCII digits only, at most six of them); None when it cannot be moved."""
    prefix = slot.name + ".bad"
    highest = 0
    try:
        names = savefile.os.listdir(slot.directory)
    except Exception:
        names = []
    for entry in names:
        digits = entry[len(prefix) :]
        if entry.startswith(prefix) and 0 < len(digits) < 7:
            for ch in digits:
                if not "0" <= ch <= "9":
                    break
            else:
                highest = max(highest, int(digits))
    base = slot.directory.rstrip("/") + "/" + prefix
    number = highest + 1
    while exists(base + str(number)):  # the listing failed or missed one: never overwrite
        number += 1
    kept = base + str(number)
    try:
        savefile.os.rename(path, kept)
    except OSError:
        return None
    slot._sync_fs()
    return kept


def _line(f, limit):
    """The next line (bytes, b"" at the end); one of `limit` bytes or more is damage."""
    line = f.readline(limit)
    if len(line) >= limit:
        raise _Damage("a line is too long (not a save file?)")
    return line


def _check(path):
    """Check the first line, the line lengths and the checksum; returns the number of bytes
    before the END line. Raises _Damage."""
    crc = Crc32()
    size = 0
    with open(path, "rb") as f:
        line = _line(f, MAGIC_MAX)
        if not line:
            raise _Damage("the file is empty")
        _check_magic(line)
        limit = HEADER_MAX
        while line:
            if line.startswith(b"END "):
                if line[-1] != 10:
                    break  # cut short inside its last line
                if line != b"END " + crc.hexdigest().encode() + b"\n":
                    raise _Damage("its checksum does not match (the file was altered)")
                if f.read(1):
                    raise _Damage("there is data after its end")
                return size
            crc.update(line)
            size += len(line)
            line = _line(f, limit)
            limit = LINE_MAX
    raise _Damage("the file is incomplete (cut short while being written)")


def _check_magic(line):
    if not line.startswith(MAGIC + b" "):
        raise _Damage("this is not a save file")
    try:
        version = int(line[len(MAGIC) + 1 :].strip())
    except ValueError:
        raise _Damage("this is not a save file") from None
    if version != VERSION:
        raise _Damage(
            "it is in format version %d; this firmware reads version %d" % (version, VERSION)
        )
    if line != ("%s %d\n" % (MAGIC.decode(), version)).encode():  # "GEMSAVE 01": not ours
        raise _Damage("this is not a save file")


def _read(path):
    """Check, parse and replay the save at `path`: a Saved; raises _Damage."""
    size = _check(path)
    if COLLECT:
        gc.collect()
    with open(path, "rb") as f:
        size -= len(f.readline(MAGIC_MAX))  # checked
        line = f.readline(HEADER_MAX)  # shorter than HEADER_MAX: checked
        size -= len(line)  # what is left: the history lines
        try:
            header_read = json.loads(line.decode())
            fields = [header_read[key] for key in FIELDS]
        except MemoryError:
            raise
        except Exception:  # ValueError, UnicodeError, KeyError, TypeError, a port's own
            raise _Damage("its header is not readable") from None
        name, players, seed, options, seats, extra, count = fields
        try:
            same = header(name, players, seed, options, seats, extra, count) == line
        except MemoryError:
            raise
        except Exception as exc:  # ValueError, TypeError: a field of the wrong kind
            raise _Damage("its header is malformed (%s)" % (str(exc)[:60],)) from None
        if not same:  # what this firmware would not have written (and could not write back)
            raise _Damage("its header is not in this firmware's format")
        # 4 hex digits an action, a newline every PER_LINE: before anything is done by count
        if count > size or 4 * count + (count + PER_LINE - 1) // PER_LINE != size:
            raise _Damage("its history is not as long as announced")
        if COLLECT:
            gc.collect()
        # firmware.core.replay, line by line as read (no copy of the history on the heap),
        # so that a refusal can say which move
        try:
            state = load_game(name).new_game(players, seed, options)
        except MemoryError:
            raise
        except ImportError:
            raise _Damage("this firmware does not have the game %r" % (name,)) from None
        except Exception as exc:  # ValueError from the rules, or data they cannot take
            raise _Damage("the rules refuse its setup (%s)" % (str(exc)[:60],)) from None
        done = 0
        line = bytearray(4 * PER_LINE + 1)  # every line read into it: no garbage per line
        while done < count:
            want = min(PER_LINE, count - done)
            if want < PER_LINE:
                line = bytearray(4 * want + 1)
            if f.readinto(line) != len(line) or line[-1] != 10:
                raise _Damage("its history is malformed")
            for p in range(0, 4 * want, 4):
                a = _HEXVAL[line[p]]
                b = _HEXVAL[line[p + 1]]
                c = _HEXVAL[line[p + 2]]
                d = _HEXVAL[line[p + 3]]
                if a > 15 or b > 15 or c > 15 or d > 15:
                    raise _Damage("its history is malformed")
                done += 1
                try:
                    state.apply((a << 12) | (b << 8) | (c << 4) | d)
                except MemoryError:
                    raise
                except Exception:  # ValueError from the rules, or an action they choke on
                    raise _Damage("the rules refuse move %d of %d" % (done, count)) from None
    saved = Saved()
    saved.state = state
    saved.seats = seats
    saved.extra = extra
    saved.notes = []
    saved.record = (name, players, seed, options, state.history)
    return saved
