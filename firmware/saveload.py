# Reading a save (firmware/save.py has the format): check, parse and replay it, finish an
# interrupted save, keep a damaged file aside. Imported by SaveSlot.load() and unloaded
# after it: a board's heap does not hold this code during play. Every filesystem call goes
# through firmware.save's `os` (the tests put their faults there).
import gc
import json
from array import array

from firmware import save
from firmware.core import load as load_game
from firmware.save import (
    COLLECT,
    HEADER_MAX,
    HEX,
    LINE_MAX,
    MAGIC,
    MAGIC_MAX,
    PER_LINE,
    VERSION,
    Crc32,
    Saved,
    SaveError,
    _Damage,
    _exists,
    _remove,
)

_HEXVAL = bytearray(b"\xff" * 256)  # byte -> its hex value, 255 when not a hex digit
for _i in range(16):
    _HEXVAL[HEX[_i]] = _i


def load(slot):
    """The saved game as a Saved (its state already replayed), or None when there is
    none. A damaged file (truncated, altered, garbage, another format version, a record
    the rules refuse) is moved aside to `<name>.badN` and SaveError raised."""
    path = _recover(slot)
    if path is None:
        return None
    try:
        saved = _read(path)
    except _Damage as damage:
        reason = str(damage)
        kept = _keep_aside(slot, path)
        if kept is None:
            where = "It is left in place as %s (the drive is read-only)." % path
        else:
            where = "It was kept as %s; a new game can start." % kept
        message = "The saved game cannot be resumed: %s. %s" % (reason, where)
        raise SaveError(message, kept, reason) from None
    if path == slot.path:
        _remove(slot.tmp)  # what an interrupted later save left
        _remove(slot.old)
    return saved


def _recover(slot):
    """The path of the save to read, finishing an interrupted save first."""
    if _exists(slot.path):
        return slot.path
    found = None
    if _exists(slot.tmp):
        try:
            _check(slot.tmp)  # complete: the newest save, caught between the renames
            found = slot.tmp
        except _Damage:
            _remove(slot.tmp)  # cut short while being written: the older save stands
    if found is None and _exists(slot.old):
        found = slot.old
    if found is None:
        return None
    try:
        save.os.rename(found, slot.path)
        _remove(slot.old)
        slot._sync_fs()
        return slot.path
    except OSError:  # a read-only drive: read it where it is
        return found


def _keep_aside(slot, path):
    """Rename `path` to the first unused `<name>.badN`; None when it cannot be moved."""
    prefix = slot.name + ".bad"
    highest = 0
    try:
        names = save.os.listdir(slot.directory)
    except OSError:
        names = []
    for entry in names:
        if entry.startswith(prefix) and entry[len(prefix) :].isdigit():
            highest = max(highest, int(entry[len(prefix) :]))
    kept = slot.directory.rstrip("/") + "/" + prefix + str(highest + 1)
    try:
        save.os.rename(path, kept)
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
    """Check the first line and the checksum; returns the number of bytes checked.
    Raises _Damage."""
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


def _read(path):
    """Check, parse and replay the save at `path`: a Saved; raises _Damage."""
    _check(path)
    if COLLECT:
        gc.collect()
    with open(path, "rb") as f:
        f.readline(MAGIC_MAX)  # checked
        try:
            header = json.loads(f.readline(HEADER_MAX).decode())
        except (ValueError, UnicodeError):
            raise _Damage("its header is not readable") from None
        name, players, seed, options, seats, extra, count = _fields(header)
        history = array("H", bytearray(2 * count))  # read in place, then replayed
        done = 0
        while done < count:
            line = f.readline(LINE_MAX)
            want = min(PER_LINE, count - done)
            if len(line) != 4 * want + 1 or line[-1] != 10:
                raise _Damage("its history is malformed")
            p = 0
            for i in range(done, done + want):
                a = _HEXVAL[line[p]]
                b = _HEXVAL[line[p + 1]]
                c = _HEXVAL[line[p + 2]]
                d = _HEXVAL[line[p + 3]]
                if a > 15 or b > 15 or c > 15 or d > 15:
                    raise _Damage("its history is malformed")
                history[i] = (a << 12) | (b << 8) | (c << 4) | d
                p += 4
            done += want
        if not f.readline(LINE_MAX).startswith(b"END "):
            raise _Damage("its history is longer than announced")
    if COLLECT:
        gc.collect()
    # firmware.core.replay, step by step, so that a refusal can say which move
    done = -1
    try:
        state = load_game(name).new_game(players, seed, options)
        for done in range(count):
            state.apply(history[done])
    except MemoryError:
        raise
    except ImportError:
        raise _Damage("this firmware does not have the game %r" % (name,)) from None
    except Exception as exc:  # ValueError from the rules, or data they cannot take
        if done < 0:
            raise _Damage("the rules refuse its setup (%s)" % (str(exc)[:60],)) from None
        raise _Damage("the rules refuse move %d of %d" % (done + 1, count)) from None
    return Saved((name, players, seed, options, history), seats, extra, state)


def _fields(header):
    """The header's fields, type-checked; raises _Damage."""
    try:
        name = header["game"]
        players = header["players"]
        seed = header["seed"]
        options = header["options"]
        seats = header["seats"]
        extra = header["extra"]
        count = header["actions"]
    except (KeyError, TypeError):
        raise _Damage("its header lacks a field") from None
    ok = (
        isinstance(name, str)
        and isinstance(players, int)
        and isinstance(seed, int)
        and isinstance(options, dict)
        and isinstance(seats, list)
        and len(seats) == players
        and isinstance(extra, dict)
        and isinstance(count, int)
        and 0 <= count < 1000000
    )
    if ok:
        for seat in seats:
            ok = ok and isinstance(seat, str)
    if not ok:
        raise _Damage("its header is malformed")
    return name, players, seed, options, seats, extra, count
