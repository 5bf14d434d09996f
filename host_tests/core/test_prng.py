# The project PRNG (firmware/core/prng.py): small ints, same stream on every port, no bias.
from checks import raises

from firmware.core import prng
from firmware.core.prng import Prng


def _order(a, m):
    # multiplicative order of a modulo the prime m, by its prime factors of m-1
    n = m - 1
    factors = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            if d not in factors:
                factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return all(pow(a, (m - 1) // p, m) != 1 for p in factors)


def test_components_have_full_period():
    # Each component multiplier must be a primitive root of its prime modulus.
    for m, a in ((prng._M1, prng._A1), (prng._M2, prng._A2), (prng._M3, prng._A3)):
        assert all(m % d for d in range(2, 182)), m  # prime (sqrt(32363) < 182)
        assert _order(a, m), (m, a)


def test_same_seed_same_stream_and_copy_continues_it():
    a = Prng(12345)
    b = Prng(12345)
    assert [a.next15() for _ in range(50)] == [b.next15() for _ in range(50)]
    c = a.copy()
    assert [a.randbelow(1000) for _ in range(20)] == [c.randbelow(1000) for _ in range(20)]
    d = Prng(0)
    d.set_state(a.get_state())
    assert a.next15() == d.next15()


def test_known_answer_vector():
    # Fixed outputs for seed 0 and 1: a change of algorithm breaks every save, so it must show.
    r = Prng(0)
    first = [r.next15() for _ in range(5)]
    r1 = Prng(1)
    second = [r1.next15() for _ in range(5)]
    assert first != second
    assert first == KNOWN_SEED0, first
    assert second == KNOWN_SEED1, second


# Recorded from this implementation; the MicroPython run of this test checks the same values.
KNOWN_SEED0 = [16205, 28911, 18163, 14033, 18726]
KNOWN_SEED1 = [30418, 19393, 19507, 893, 20230]


def test_neighbouring_seeds_differ():
    streams = []
    for seed in range(40):
        r = Prng(seed)
        streams.append(tuple(r.next15() for _ in range(4)))
    for i in range(len(streams)):
        for j in range(i + 1, len(streams)):
            assert streams[i] != streams[j]


def test_values_stay_small_ints():
    r = Prng(2**30 - 1)
    for _ in range(3000):
        r.randbelow(1 << 28)
        for part in r.get_state():
            assert 0 < part < 2**30


def test_bad_seeds_and_bounds_raise_value_error():
    raises(ValueError, Prng, -1)
    raises(ValueError, Prng, 2**30)
    raises(ValueError, Prng, "7")
    raises(ValueError, Prng(1).randbelow, 0)


def test_randbelow_is_uniform():
    r = Prng(99)
    counts = [0] * 6
    draws = 6000
    for _ in range(draws):
        counts[r.randbelow(6)] += 1
    chi2 = sum((c - draws / 6) ** 2 / (draws / 6) for c in counts)
    assert chi2 < 20.5, counts  # p ~ 0.001 for 5 degrees of freedom
    big = [r.randbelow(100000) for _ in range(2000)]
    assert min(big) >= 0 and max(big) < 100000
    assert sum(1 for v in big if v >= 50000) > 900


def test_shuffle_is_an_unbiased_permutation():
    r = Prng(7)
    seen = {}
    for _ in range(6000):
        items = [0, 1, 2]
        r.shuffle(items)
        key = tuple(items)
        seen[key] = seen.get(key, 0) + 1
    assert len(seen) == 6
    chi2 = sum((c - 1000) ** 2 / 1000 for c in seen.values())
    assert chi2 < 20.5, seen
    deck = list(range(54))
    r.shuffle(deck)
    assert sorted(deck) == list(range(54)) and deck != list(range(54))


# A reference written from prng.py's description (L'Ecuyer's three generators, their
# combination, the seed spread over the components, eight warm-up draws, rejection
# sampling on one draw up to SPAN and on two draws above), not from its code.
class _Reference:
    M = (32363, 31727, 31657)
    A = (157, 146, 142)
    SPAN = 32362

    def __init__(self, seed):
        m = self.M
        self.s = [1 + seed % (m[0] - 1), 1 + (seed // (m[0] - 1)) % (m[1] - 1),
                  1 + (seed * 7 + 12345) % (m[2] - 1)]
        for _ in range(8):
            self.draw()

    def draw(self):
        self.s = [self.s[k] * self.A[k] % self.M[k] for k in range(3)]
        return (self.s[0] - self.s[1] + self.s[2]) % self.SPAN

    def below(self, n):
        span = self.SPAN
        if n <= span:
            while True:
                z = self.draw()
                if z < span - span % n:
                    return z % n
        while True:
            z = self.draw() * span + self.draw()
            if z < span * span - (span * span) % n:
                return z % n


def test_large_seeds_and_both_sampler_paths_match_the_reference():
    # Guards: a wrong constant in the spread of a large seed (only seeds past 32362 and
    # past 32362 * 31726 reach the second and third terms) or in the two-draw path of
    # randbelow (n above SPAN), which the small seeds and n <= 32768 above never reach.
    for seed in (32361, 32362, 32363, 1026712000, 123456789, (1 << 30) - 1):
        r = Prng(seed)
        ref = _Reference(seed)
        assert [r.next15() for _ in range(6)] == [ref.draw() for _ in range(6)], seed
    for seed in (5, 987654321):
        for n in (2, 7, 32361, 32362, 32363, 100000, 1 << 20, (1 << 29) - 1):
            r = Prng(seed)
            ref = _Reference(seed)
            got = [r.randbelow(n) for _ in range(6)]
            assert got == [ref.below(n) for _ in range(6)], (seed, n)
            assert r.get_state() == tuple(ref.s)  # the same number of draws taken


def _state_drawing(z):
    # A generator state whose next next15() is exactly z (0 <= z < SPAN): the next
    # components are (z or SPAN, 1, 1), so the output is z; step each one back by its
    # multiplier's inverse modulo its prime.
    nxt = (z if z else prng.SPAN, 1, 1)
    mods = (prng._M1, prng._M2, prng._M3)
    mults = (prng._A1, prng._A2, prng._A3)
    return tuple(nxt[k] * pow(mults[k], mods[k] - 2, mods[k]) % mods[k] for k in range(3))


def test_randbelow_rejects_a_draw_equal_to_its_limit():
    # The rejection bound is exclusive: a draw equal to SPAN - SPAN % n would wrap round to
    # 0 and favour it, so it must be drawn again (one extra draw from the stream).
    for n in (20000, 16182, 7):
        limit = prng.SPAN - prng.SPAN % n
        state = _state_drawing(limit)
        r = Prng(0, state)
        probe = Prng(0, state)
        assert probe.next15() == limit
        after = probe.next15()
        if after < limit:
            assert r.randbelow(n) == after % n, n
            assert r.get_state() == probe.get_state()
        ref = _Reference(0)
        ref.s = list(state)
        r = Prng(0, state)
        assert r.randbelow(n) == ref.below(n) and r.get_state() == tuple(ref.s), n
    r = Prng(0, _state_drawing(prng.SPAN - 1))
    assert r.next15() == prng.SPAN - 1


def test_randbelow_refuses_n_from_2_to_the_29():
    r = Prng(3)
    before = r.get_state()
    raises(ValueError, r.randbelow, 1 << 29)
    raises(ValueError, r.randbelow, 1 << 30)
    raises(ValueError, r.randbelow, -4)
    assert r.get_state() == before  # nothing drawn for a refused bound
    assert 0 <= r.randbelow((1 << 29) - 1) < (1 << 29) - 1


def test_shuffle_and_choice_follow_fisher_yates_on_the_stream():
    # Fisher-Yates from the last place down: place i swaps with randbelow(i + 1), i > 0,
    # so a list of n items takes exactly n - 1 draws of the bounded sampler.
    for seed in (4, 77777):
        r = Prng(seed)
        ref = _Reference(seed)
        items = list(range(10))
        expect = list(range(10))
        r.shuffle(items)
        i = len(expect) - 1
        while i > 0:
            j = ref.below(i + 1)
            expect[i], expect[j] = expect[j], expect[i]
            i -= 1
        assert items == expect, seed
        assert r.get_state() == tuple(ref.s), seed
        word = bytearray(b"gem")
        r.copy().shuffle(word)
        assert sorted(word) == sorted(b"gem")
        one = [5]
        before = r.get_state()
        r.shuffle(one)
        assert one == [5] and r.get_state() == before  # nothing to shuffle: no draw
        colours = ("red", "green", "blue", "white", "black")
        for _ in range(5):
            k = ref.below(len(colours))
            assert r.choice(colours) == colours[k]
        assert r.get_state() == tuple(ref.s)
