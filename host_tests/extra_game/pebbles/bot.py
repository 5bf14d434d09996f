# A Pebbles player (rule ids B-xx: rules.py). It decides from its seat's view only: the pile
# and its own card (B-T2 is in the legal takes already). It takes the last stone when it may
# (B-E1); else it leaves a multiple of 4, which no take of 1 to 3 empties; else it leaves
# more than 3, which the other cannot take at once; else it takes 1 (the longer the round,
# the likelier the other's card is in the way). The hard level searches over it
# (firmware/bots/search.py, with the rules' sample_state and the scores' lead).
from firmware.bots import Heuristic
from firmware.core.prng import SEED_LIMIT, Prng

NOISE = {"easy": 3, "normal": 0, "hard": 0}  # easy: about 1 decision in 3 a random take


def value(left):
    """How good leaving `left` stones is for the seat that takes now (higher is better)."""
    if left == 0:
        return 3  # B-E1: the round is won
    if left % 4 == 0:
        return 2
    if left > 3:
        return 1
    return 0  # the other may take them all


class Bot(Heuristic):
    def __init__(self, seat, level="normal", seed=0):
        self.seat = seat
        self.seed = seed
        self.noise = NOISE[level]
        self.strict = False  # tests: raise instead of falling back to the first legal action

    def _choose(self, view, legal):
        pile = view["pile"]
        if self.noise:
            # Drawn from (seed, view): the same view always gets the same answer.
            rng = Prng((self.seed * 31 + view["played"] * 17 + pile) % SEED_LIMIT)
            if rng.randbelow(self.noise) == 0:
                return legal[rng.randbelow(len(legal))]
        best = legal[0]
        for take in legal:  # (the smallest of equals: legal is sorted)
            if value(pile - take) > value(pile - best):
                best = take
        return best
