# What every game's State shares: argument checks, the legality check around apply, the
# compact history, public notes, and the default winners. A game subclass supplies
# legal_actions() and _do(action).
from array import array

from firmware.core.prng import Prng

try:
    from micropython import const  # the boards' compilers fold const() names into the code
except ImportError:  # CPython: the value itself

    def const(x):
        return x


def bind_builtins(names, where):
    """Bind the builtins `names` (len, range, ...) as globals of the module whose globals()
    is `where`. On the boards a name a module does not define is first looked for in the
    module's own table, which grows only once it is full, and a miss probes on to a free
    slot: in Diploma's rules (152 names in 167 slots) isinstance() cost 90 us of board time,
    13 in a small module. Bound, a builtin is found at once."""
    import builtins

    for name in names:
        where[name] = getattr(builtins, name)


def read_options(choices, options):
    """Merge `options` (key -> choice) over the defaults of OPTIONS; reject anything unknown."""
    merged = {}
    for key, allowed in choices:
        merged[key] = allowed[0]
    if options:
        for key in options:
            allowed = None
            for k, a in choices:
                if k == key:
                    allowed = a
            if allowed is None:
                raise ValueError("unknown option %r" % (key,))
            if options[key] not in allowed:
                raise ValueError(
                    "option %r must be one of %s, got %r" % (key, ", ".join(allowed), options[key])
                )
            merged[key] = options[key]
    return merged


def check_players(players, low, high):
    if not isinstance(players, int) or players < low or players > high:
        raise ValueError("players must be %d..%d, got %r" % (low, high, players))


CHUNK = 64  # actions per piece of the history: 128 bytes


class History:
    """The actions applied so far, 2 bytes each (a list costs 4-8 bytes an action), kept in
    pieces of CHUNK actions: a long game never needs a block of more than 128 bytes on a
    board's fragmented heap (one array grew 16 bytes at a time, each time into a new block
    of its whole size: where long games ran out of memory). A sequence: len, [i] (i < 0
    from the end; a slice gives a list), iteration, ==."""

    def __init__(self, actions=()):
        self.pieces = []
        self.count = 0
        for action in actions:
            self.append(action)

    def append(self, action):
        if self.count % CHUNK == 0:
            self.pieces.append(array("H"))
        self.pieces[-1].append(action)
        self.count += 1

    def copy(self):
        other = History()
        other.pieces = [array("H", piece) for piece in self.pieces]
        other.count = self.count
        return other

    def __len__(self):
        return self.count

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        return self.at(i)

    def at(self, i):
        """The action at index `i` (from the end when negative)."""
        if i < 0:
            i += self.count
        if not 0 <= i < self.count:
            raise IndexError("history index out of range")
        return self.pieces[i // CHUNK][i % CHUNK]

    def __iter__(self):
        for piece in self.pieces:
            yield from piece

    def __eq__(self, other):
        return list(self) == list(other)


class GameState:
    game = ""  # the module name in firmware.core, set by each game
    players = 0
    history = History()  # each State sets its own
    notes = []  # public sentences on what the last action caused (a refill, a theft, ...)
    revealed = 0  # how often a move has shown something new (see _reveal)
    quiet = False  # True: no notes kept (a search's sampled states: see _note)

    def _start(self, players, seed, options):
        """The contract's own fields of a new game: chance from the seed, nothing played."""
        self.players = players
        self.seed = seed
        self.options = options  # never mutated after new_game: copies share it
        self.history = History()
        self.notes = []
        self.revealed = 0
        self.rng = Prng(seed)

    def _copy_start(self, other):
        """The same fields copied from `other` (each game's clone copies the rest)."""
        self.players = other.players
        self.seed = other.seed
        self.options = other.options
        self.history = other.history.copy()
        self.notes = list(other.notes)
        self.revealed = other.revealed
        if other.quiet:  # (an attribute of the instance only when set)
            self.quiet = True
        self.rng = other.rng.copy()

    # What each game supplies:
    def current_player(self):
        raise NotImplementedError

    def legal_actions(self):
        raise NotImplementedError

    def _do(self, action):
        raise NotImplementedError

    def scores(self):
        raise NotImplementedError

    def action_text(self, action, viewer=-1):
        raise NotImplementedError

    def rounds_scored(self):
        """How many rounds (or settlements) have been scored: the front ends show each
        result once. A game of a single scoring keeps this default."""
        return 0

    def apply(self, action):
        """Play `action` for current_player(). An illegal one raises ValueError and changes
        nothing."""
        if self.is_over():
            raise ValueError("the game is over")
        if action not in self.legal_actions():
            raise ValueError(
                "illegal action %r for seat %d now; legal: %s"
                % (action, self.current_player(), self.legal_actions())
            )
        self.apply_legal(action)

    def apply_legal(self, action):
        """apply() for an action known to be legal now: one taken from this state's own
        legal_actions() or view's "legal" (the hard bots' playouts, where the second
        legality check was a quarter of the work). Anything else corrupts the state."""
        self.notes = []
        self._do(action)
        self.history.append(action)
        if self.is_over():  # the final scores may tell what was hidden (vaults, hands)
            self._reveal()

    def _note(self, text, args=None):
        """A note: `text`, or `text % args` made only when kept. A quiet state keeps none: the
        playouts of a search read no notes, and making them was some 15% of a Diamonds hard
        decision's time on MicroPython."""
        if not self.quiet:
            self.notes.append(text if args is None else text % args)

    def _reveal(self):
        """A move showed something its mover could not know before it: a card drawn or dealt,
        a die rolled, a crystal drawn from the bag, a hidden hand or vault answering, the final
        scores. A front end never lets a player take back a move past this (ui/match.py): the
        game says so, whatever chance it uses (check_reveals in the sampling suites)."""
        self.revealed += 1

    def move_text(self, action, viewer=-1):
        """The log's sentence for `action` of the seat on turn, said before it is applied
        ("P2 sells 9 grey and takes 1+7 purple and 7 red"): a whole move, seat first, in
        the players' words, as `viewer` may know it; or None for a pick that a later action
        completes (told whole then) or whose notes tell it (the die it rolled, the crystal
        it drew). The default: every action a move, as action_text says it."""
        return "P%d: %s" % (self.current_player() + 1, self.action_text(action, viewer))

    def is_over(self):
        return self.current_player() < 0

    def winners(self):
        """Seats with the best score (ties share); games with tie-breaks override this."""
        if not self.is_over():
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat in range(self.players) if scores[seat] == best]
