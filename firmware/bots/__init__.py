# Computer players. A bot sees only what its seat may see: choose(view) receives the dict of
# State.view(seat) (with "legal", the actions open to that seat) and returns one of them.
# One module per game (firmware/games/<game>/bot.py, class Bot; a game without one gets
# RandomBot), imported on demand so the board's heap holds only the bot being played.
#
# Levels: "easy" is the game's heuristic with noise, "normal" the heuristic (knows the
# scoring), "hard" a determinized Monte Carlo search over the heuristic (firmware/bots/
# search.py: sample the hidden cards from the view with the game's sample_state, try each
# legal action, play on with the heuristic, keep the best average).
#
# Interface of every bot: choose(view) -> action (blocking; for "hard" it spends the budget).
# Sliced form, for the UI to keep animating and let a button cut thinking short:
#     bot.start(view)            # cheap
#     while bot.step():          # one small piece of work (a playout, or a decision of one) each
#         ...animate, poll buttons; bot.stop() ends it early...
#     action = bot.result()      # always legal, at any time after start()
# A heuristic's decision is a thought (Heuristic.thinking): a generator that yields between
# pieces of work and returns the action. Most games think in one piece; Diploma's heuristic
# weighs a board's hexes a few at a time (a whole decision took up to 260 ms on a board).
from firmware.core import game_part, load
from firmware.core.prng import SEED_LIMIT, Prng

LEVELS = ("easy", "normal", "hard")
HARD_PLAYOUTS = 4  # hard's cap on playouts per decision when no budget is given


class Sliced:
    """The sliced form for a bot that decides at once (RandomBot): all the work happens in
    start()."""

    _answer = None

    def start(self, view):
        self._answer = self.choose(view)  # type: ignore[attr-defined]

    def step(self):
        return False

    def stop(self):
        pass

    def result(self):
        return self._answer

    def thinking(self, view):
        """The decision on `view` as a thought (a generator of pieces, returning the action):
        choose() in one piece here; a heuristic's own in several (Heuristic)."""
        return at_once(self.choose, view)  # type: ignore[attr-defined]


def finish(thought):
    """Work a thought (a generator of pieces) out to its end: what it returns."""
    try:
        while True:
            next(thought)
    except StopIteration as done:
        return done.value


def at_once(decide, *args):
    """decide(*args) as a thought of one piece."""
    return decide(*args)
    yield  # never reached: it makes this a generator


class Heuristic(Sliced):
    """A game's heuristic bot (firmware/games/<game>/bot.py, class Bot): the subclass supplies
    _choose(view, legal), or _thoughts(view, legal) when a decision takes longer than a frame
    on a board. The answer is always legal: an error while thinking (a MemoryError on a
    board) falls back to the first legal action, unless `strict` (tests), which raises.

    Sliced, start() is cheap and each step() one piece of the thought. One thought at a time
    per game: a game's bots share scratch, and a bot keeps the view it weighs in itself."""

    seat = 0
    strict = False
    _thought = None  # the decision under way in the sliced form

    def choose(self, view):
        return finish(self.thinking(view))

    def thinking(self, view):
        """The decision on `view` as a generator: each next() does a piece of the work, and
        its return value (StopIteration's) is the action."""
        legal = view["legal"]
        if not legal:
            raise ValueError("seat %d has no decision to make now" % self.seat)
        return self._thinking(view, legal)

    def _thinking(self, view, legal):
        try:
            action = yield from self._thoughts(view, legal)
        except Exception:  # MemoryError on a board included: any legal move beats a crash
            if self.strict:
                raise
            action = legal[0]
        if action not in legal:
            if self.strict:
                raise AssertionError("bot chose %r, legal: %r" % (action, legal))
            action = legal[0]
        return action

    def _thoughts(self, view, legal):
        """The decision as a thought (a generator: yield between pieces, return the
        action); here _choose, in one piece."""
        return at_once(self._choose, view, legal)

    def _choose(self, view, legal):
        raise NotImplementedError

    def start(self, view):
        self._thought = self.thinking(view)
        self._answer = None

    def step(self):
        """One piece of the thought; False once the answer is known."""
        thought = self._thought
        if thought is None:
            return False
        try:
            next(thought)
            return True
        except StopIteration as done:
            self._thought = None
            self._answer = done.value
            return False

    def stop(self):
        """A button wants the answer now: the rest of the thought in one go (a heuristic has
        no "best so far" before its end)."""
        if self._thought is not None:
            self._answer = finish(self._thought)
            self._thought = None

    def result(self):
        self.stop()
        return self._answer


class RandomBot(Sliced):
    """Uniform choice among the legal actions (any game): a baseline for tests and new games."""

    def __init__(self, seat, seed=0):
        self.seat = seat
        self.rng = Prng(seed % SEED_LIMIT)

    def choose(self, view):
        legal = view["legal"]
        return legal[self.rng.randbelow(len(legal))]


def make_bot(game, seat, level="normal", seed=0, budget_ms=None, playouts=None):
    """A computer player for `seat` of `game` (a name of firmware.core.GAMES): an object
    with choose(view) -> action, where view = state.view(seat), and the sliced form above.
    For "hard": budget_ms = thinking time per decision in milliseconds of the machine that
    runs it (the board: 2000, firmware.ui.match.BOT_BUDGET_MS; `make bench` times it on the
    emulated Pico; a bot module's BUDGET_MS lowers it for its game), playouts = a cap on
    playouts per decision; with neither, HARD_PLAYOUTS playouts (deterministic)."""
    if level not in LEVELS:
        raise ValueError("unknown bot level %r; levels: %s" % (level, ", ".join(LEVELS)))
    seed = seed % SEED_LIMIT
    module = game_part(game, "bot")
    if module is None:
        return RandomBot(seat, seed)  # no heuristic for this game yet
    if level != "hard":
        return module.Bot(seat, level, seed)
    from firmware.bots.search import SearchBot

    if budget_ms is None and playouts is None:
        playouts = HARD_PLAYOUTS
    if budget_ms is not None:  # a game may think for less than the board's budget
        budget_ms = min(budget_ms, getattr(module, "BUDGET_MS", budget_ms))
    return SearchBot(load(game), module.Bot, seat, seed, budget_ms, playouts,
                     getattr(module, "DEPTH", 20), getattr(module, "evaluate", None),
                     getattr(module, "candidates", None), getattr(module, "BONUS", 0),
                     _hard_prior(module) if getattr(module, "HARD_PRIOR", False) else None,
                     getattr(module, "belief", None), getattr(module, "horizon", None),
                     getattr(module, "narrow", None), getattr(module, "SLICED", False))


# The "hard" heuristic of a game whose bot module sets HARD_PRIOR (the search's prior): one
# Bot for every hard seat of the newest game, as the playouts share their normal bots (it
# decides from the view's seat, keeps nothing between decisions and has no noise).
_prior = [None, None]  # the bot class, its hard heuristic


def _hard_prior(module):
    if _prior[0] is not module.Bot:
        _prior[1] = None  # the old one is garbage before the new one is made
        _prior[1] = module.Bot(0, "hard", 0)
        _prior[0] = module.Bot
    return _prior[1]
