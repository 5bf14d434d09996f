# Computer players. A bot sees only what its seat may see: choose(view) receives the dict of
# State.view(seat) (with "legal", the actions open to that seat) and returns one of them.
# One module per game (firmware/bots/<game>.py, class Bot; a game without one gets
# RandomBot), imported on demand so the board's heap holds only the bot being played.
from firmware.core import find_module
from firmware.core.prng import SEED_LIMIT, Prng

# Levels the menu offers. Today every game's bot is one greedy heuristic; "easy" adds noise
# to it and "hard" is the same as "normal" until the Monte Carlo search exists.
LEVELS = ("easy", "normal", "hard")


class RandomBot:
    """Uniform choice among the legal actions (any game): a baseline for tests and new games."""

    def __init__(self, seat, seed=0):
        self.seat = seat
        self.rng = Prng(seed % SEED_LIMIT)

    def choose(self, view):
        legal = view["legal"]
        return legal[self.rng.randbelow(len(legal))]


def make_bot(game, seat, level="normal", seed=0):
    """A computer player for `seat` of `game` (a name of firmware.core.GAMES): an object
    with choose(view) -> action, where view = state.view(seat)."""
    if level not in LEVELS:
        raise ValueError("unknown bot level %r; levels: %s" % (level, ", ".join(LEVELS)))
    module = find_module("firmware.bots." + game)
    if module is None:
        return RandomBot(seat, seed)  # no heuristic for this game yet
    return module.Bot(seat, level, seed % SEED_LIMIT)
