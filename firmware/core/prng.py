# The project's own pseudo-random generator: identical sequences on CPython, MicroPython
# and CircuitPython, using small ints only (every intermediate stays below 2**30, so the
# board never allocates a big int).
#
# L'Ecuyer's combined multiplicative generator for 16-bit machines (CACM 31(6), 1988):
# three prime-modulus generators, each multiplier a primitive root of its modulus (checked
# in host_tests/core/test_prng.py), combined into one output in 1..32362.
# Period about 8.1e12: far more draws than any game makes.

_M1 = 32363
_A1 = 157
_M2 = 31727
_A2 = 146
_M3 = 31657
_A3 = 142
SPAN = 32362  # outputs of next15() are 0 .. SPAN - 1

SEED_LIMIT = 1 << 30  # seeds are 0 .. SEED_LIMIT - 1


class Prng:
    def __init__(self, seed=0, state=None):
        if state is not None:  # a copy: take the three components as they are
            self.s1, self.s2, self.s3 = state
            return
        if not isinstance(seed, int) or seed < 0 or seed >= SEED_LIMIT:
            raise ValueError("seed must be an int in 0..2**30-1, got %r" % (seed,))
        # Spread the seed over the three components (each must be in 1..m-1).
        self.s1 = 1 + seed % (_M1 - 1)
        self.s2 = 1 + (seed // (_M1 - 1)) % (_M2 - 1)
        self.s3 = 1 + (seed * 7 + 12345) % (_M3 - 1)
        # Warm up so that neighbouring seeds give unrelated streams.
        for _ in range(8):
            self.next15()

    def next15(self):
        """Next output, uniform in 0 .. SPAN - 1."""
        self.s1 = self.s1 * _A1 % _M1
        self.s2 = self.s2 * _A2 % _M2
        self.s3 = self.s3 * _A3 % _M3
        z = (self.s1 - self.s2 + self.s3) % SPAN
        return z

    def randbelow(self, n):
        """Uniform int in 0 .. n-1 without bias (rejection sampling), n < 2**29."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if n <= SPAN:
            limit = SPAN - SPAN % n
            while True:
                z = self.next15()
                if z < limit:
                    return z % n
        if n >= (1 << 29):
            raise ValueError("randbelow: n too large")
        # Two draws give 0 .. SPAN*SPAN - 1, still below 2**30.
        span2 = SPAN * SPAN
        limit = span2 - span2 % n
        while True:
            z = self.next15() * SPAN + self.next15()
            if z < limit:
                return z % n

    def shuffle(self, items):
        """Unbiased Fisher-Yates shuffle of a list or bytearray, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def choice(self, items):
        return items[self.randbelow(len(items))]

    def get_state(self):
        return (self.s1, self.s2, self.s3)

    def set_state(self, state):
        self.s1, self.s2, self.s3 = state

    def copy(self):
        return Prng(0, (self.s1, self.s2, self.s3))
