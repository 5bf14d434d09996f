# The save file, the part every save module shares: its format's constants, SaveError, the
# CRC-32, and the file system. firmware/save.py writes the file (and has the format),
# saveheader.py its header line, saveload.py reads it; each imports this one, none imports
# another above it. Every file operation of the three goes through this module's `os`, so a
# test puts its faults in one place.
import os
from array import array

VERSION = 1
MAGIC = b"GEMSAVE"
PER_LINE = 64  # actions on one history line: 257 bytes with its newline
# The longest line read: the first, the JSON header, the others. MicroPython's readline(n)
# takes n bytes before it reads, so each limit is what that line needs, no more.
MAGIC_MAX = 32
HEADER_MAX = 1024
LINE_MAX = PER_LINE * 4 + 8
HEX = b"0123456789abcdef"
try:
    from binascii import crc32 as _crc32
except ImportError:  # a board built without it: the pure Python CRC below
    _crc32 = None


class SaveError(ValueError):
    """A save that cannot be resumed. `str(err)` is a sentence for the screen; `kept` is the
    path the damaged file was moved to (None when it could not be moved)."""

    def __init__(self, message, kept=None, reason=""):
        super().__init__(message)
        self.kept = kept
        self.reason = reason  # what is wrong with the file, in a few words


class Crc32:
    """CRC-32 (the zlib/binascii one), fed in pieces; binascii's C code when present, else
    a table walk on two 16-bit halves so that every int stays small on the board."""

    _hi = None  # the tables of the pure Python version, built on first use
    _lo = None

    def __init__(self):
        self.fast = _crc32  # chosen once, so that a digest never mixes the two
        self.value = 0  # binascii's running value
        self.h = 0xFFFF  # the pure version's register, pre-inverted
        self.l = 0xFFFF
        if self.fast is None and Crc32._hi is None:
            Crc32._build()

    @staticmethod
    def _build():
        hi = array("H", [0] * 256)
        lo = array("H", [0] * 256)
        for n in range(256):
            h, low = 0, n
            for _ in range(8):
                odd = low & 1
                low = (low >> 1) | ((h & 1) << 15)
                h >>= 1
                if odd:
                    h ^= 0xEDB8
                    low ^= 0x8320
            hi[n] = h
            lo[n] = low
        Crc32._hi = hi
        Crc32._lo = lo

    def update(self, data):
        if self.fast is not None:
            self.value = self.fast(data, self.value)
            return
        hi, lo = Crc32._hi, Crc32._lo
        assert hi is not None and lo is not None
        h, low = self.h, self.l
        for byte in data:
            i = (low ^ byte) & 0xFF
            low = ((low >> 8) | ((h & 0xFF) << 8)) ^ lo[i]
            h = (h >> 8) ^ hi[i]
        self.h, self.l = h, low

    def hexdigest(self):
        if self.fast is not None:
            value = self.value & 0xFFFFFFFF
            return "%04x%04x" % (value >> 16, value & 0xFFFF)
        return "%04x%04x" % (self.h ^ 0xFFFF, self.l ^ 0xFFFF)


# What stat() raises for nothing there: ENOENT, ENOTDIR; and as the WebAssembly port (web/)
# numbers them (Emscripten's 44, 54), which its errno module does not say.
MISSING = (2, 20, 44, 54)


def absent(path):
    """Whether stat() says nothing is at `path`; False when there is, or when it cannot tell
    (EIO: the reader then says the save cannot be read now)."""
    try:
        os.stat(path)
        return False
    except OSError as exc:
        return bool(exc.args) and exc.args[0] in MISSING


def exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def remove(path):
    """Remove `path` if it is there; False when it is there and could not be removed."""
    try:
        os.remove(path)
    except OSError:
        return not exists(path)
    return True
