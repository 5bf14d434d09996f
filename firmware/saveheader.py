# The header line of a save (firmware/save.py has the format): the record's fields as one
# line of JSON, written by a small encoder of the project's own, not the port's json.dumps:
# dict keys sorted, ASCII only (every other character a \u escape), no floats, so the bytes
# are the same on every port. ValueError for what it cannot write that way and for a record
# load() would refuse at a glance. Loaded at a game's first save (the slot keeps the line up
# to its count) and by firmware/saveload.py, which compares a header with this to the byte.
from firmware.core import GAMES
from firmware.savefile import HEADER_MAX

# "human", firmware.bots.LEVELS (a test checks) and "linked" (a seat on another handheld)
SEATS = ("human", "easy", "normal", "hard", "linked")
FIELDS = ("game", "players", "seed", "options", "seats", "extra", "actions")  # in this order
DEPTH = 8  # the deepest nesting of lists and dicts in a header (the boards' stacks are small)


def encode(value, depth=0):
    """`value` as JSON text, the same on every port: None, bools, ints, str (ASCII: `"`, `\\`
    and every character below 0x20 or from 0x7f escaped), lists (tuples) and dicts with str
    keys (sorted), nested at most DEPTH deep, nothing longer than a header; ValueError for
    anything else (floats: the boards print other digits; characters beyond U+FFFF: the
    ports read their escapes back differently). No block bigger than a header is made."""
    if isinstance(value, str) and len(value) <= HEADER_MAX:
        for n in value.encode():  # bytes: no str made per character (garbage, on a board)
            if n < 32 or n > 126 or n == 34 or n == 92:
                break
        else:  # printable ASCII, nothing to escape: the common case
            return '"' + value + '"'
        out = '"'  # runs of plain characters and escapes
        start = i = 0
        for ch in value:
            n = ord(ch)
            if n < 32 or n > 126 or ch == '"' or ch == "\\":
                if 0xD7FF < n < 0xE000 or n > 0xFFFF or len(out) > HEADER_MAX:
                    break
                out += value[start:i] + ("\\u%04x" % n if n < 32 or n > 126 else "\\" + ch)
                start = i + 1
            i += 1
        else:
            return out + value[start:] + '"'
    elif value is None or value is True or value is False:  # (not ints on MicroPython)
        return "null" if value is None else "true" if value else "false"
    elif isinstance(value, int):
        return str(value)
    elif depth < DEPTH and isinstance(value, (list, tuple, dict)) and len(value) < 342:
        if not isinstance(value, dict):  # (342: 3 bytes an item at least, a header's worth)
            return "[" + ", ".join([encode(v, depth + 1) for v in value]) + "]"
        keys = [k for k in value if isinstance(k, str)]
        if len(keys) == len(value):
            keys.sort()
            return "{" + ", ".join([encode(k) + ": " + encode(value[k], depth + 1)
                                    for k in keys]) + "}"
    raise ValueError("a %s that cannot be saved" % type(value).__name__)


def header(name, players, seed, options, seats, extra, count):
    """The header line (bytes, its newline included) of a record, the fields in a fixed
    order; ValueError for a record that load() would refuse at a glance or could not read
    back (saveload compares a header with this to the byte)."""
    for n in (players, seed, count):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError("%r is not a count" % (n,))
    if name not in GAMES or not isinstance(options, dict) or not isinstance(extra, dict):
        raise ValueError("not a game record")
    if len(seats) != players or players < 1:
        raise ValueError("%d seats for %d players" % (len(seats), players))
    for seat in seats:
        if seat not in SEATS:
            raise ValueError("a seat is one of %s, not %r" % (", ".join(SEATS), seat))
    values = (name, players, seed, options, list(seats), extra, count)
    line = "{" + ", ".join(['"%s": %s' % (FIELDS[i], encode(values[i])) for i in range(7)])
    line = (line + "}\n").encode()
    if len(line) >= HEADER_MAX:  # load() reads a line of fewer than HEADER_MAX bytes
        raise ValueError("the save header is too long (%d bytes)" % len(line))
    return line
