"""A cable for link play's tests (firmware/link.py, issue 58): two ends whose writes the other
end reads, in pieces of any size, with seeded faults. Portable (tools/mptest.py too)."""
from firmware.core.prng import Prng


class Wire:
    """One direction of a cable: what one end writes the other reads, in pieces of any size,
    after the faults asked for (per mille of writes: dropped whole, a byte garbled, cut off
    part way; per mille of reads, `chop`, that take only part of what came: a UART read at
    each 20 ms frame mostly has it all, up to 230 bytes at 115200 baud); `cut` loses
    everything while it is True (the cable out)."""

    def __init__(self, seed, drop=0, garble=0, short=0, chop=1000):
        self.rng = Prng(seed)
        self.drop, self.garble, self.short = drop, garble, short
        self.chop = chop  # per mille of reads that take only a part of what is there
        self.data = b""
        self.cut = False
        self.carried = 0  # bytes that went in

    def put(self, data):
        self.carried += len(data)
        if self.cut or self.rng.randbelow(1000) < self.drop:
            return
        if self.rng.randbelow(1000) < self.garble:
            at = self.rng.randbelow(len(data))
            data = data[:at] + bytes((data[at] ^ (1 << self.rng.randbelow(8)),)) + data[at + 1:]
        if self.rng.randbelow(1000) < self.short:
            data = data[:self.rng.randbelow(len(data))]
        self.data += data

    def take(self):
        size = len(self.data)
        if size and (self.chop >= 1000 or self.rng.randbelow(1000) < self.chop):
            size = self.rng.randbelow(size + 1)
        piece, self.data = self.data[:size], self.data[size:]
        return piece or None


class End:
    """A Link's port: writes go out on one wire, reads come from the other."""

    def __init__(self, out, back):
        self.out, self.back = out, back
        self.written = []  # the last writes, for the tests that read the bytes

    def write(self, data):
        if len(self.written) >= 40:  # (the last writes are what the tests read: a board's heap)
            self.written.pop(0)
        self.written.append(data)
        self.out.put(data)

    def read(self):
        return self.back.take()


def cable(seed, **faults):
    """The two ends of a cable, each direction with `faults`."""
    ab, ba = Wire(seed, **faults), Wire(seed + 1, **faults)
    return End(ab, ba), End(ba, ab), (ab, ba)
