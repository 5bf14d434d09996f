# A game played through the Match the handheld plays (firmware/ui/match.py), a human's or
# bots' seats, and what its logs were told at each action: the tests of the moves' words
# (issue 57: a move is one sentence) read the lines as they are written, every one of them
# (the Match keeps the newest LOG_KEEP).
from firmware.bots import make_bot
from firmware.core import load
from firmware.ui.match import Match


def human_vs_bots(game, players, seed, options=None):
    """A Match of `game`: a human at P1, normal bots in the other seats."""
    return Match(load(game).new_game(players, seed, options),
                 ["human"] + ["normal"] * (players - 1))


def at_random(rng):
    """A human's choice (for moves()): a legal action drawn from `rng`."""
    def choose(match):
        legal = match.legal()
        return legal[rng.randbelow(len(legal))]
    return choose


def as_bot(game, level, seed):
    """A human's choice (for moves()): what a bot of `level` in P1's seat would play."""
    bot = make_bot(game, 0, level, seed)

    def choose(match):
        bot.start(match.state.view(match.current()))
        while bot.step():
            pass
        return bot.result()
    return choose


class Move:
    """An action played: `seat` (its mover), `action`, `bot` (a bot's), `before` (the state
    before it, a copy), `read` (a human's: their news as they decided), `told` (the lines
    it wrote to the reader's log), `public` (to the public log), `news` (the reader's news
    after it), `slices` (a bot's: think() calls until it answered)."""

    def __init__(self, match, bot):
        self.seat = match.current()
        self.bot = bot
        self.before = match.state.clone()
        self.read = [] if bot else list(match.news(self.seat))
        self.action = -1
        self.slices = 0
        self.told = []
        self.public = []
        self.news = []


def moves(match, choose=None, reader=0, limit=None, slice_ms=1000):
    """Play `match` on (its first `limit` actions of the history, all if None), the humans
    choosing by choose(match) (see at_random, as_bot), the bots thinking `slice_ms` a slice:
    a Move for each action, yielded with the game as the action left it."""
    told = []
    public = []
    log = match._log
    keep = match._public

    def spy(who, line):
        if who == reader:
            told.append(line)
        log(who, line)

    def spy_public(line):
        public.append(line)
        keep(line)

    match._log = spy
    match._public = spy_public
    try:
        while not match.over() and (limit is None or len(match.state.history) < limit):
            done = len(match.state.history)
            move = Move(match, not match.human_turn())
            del told[:], public[:]
            if move.bot:
                move.slices = 1
                while not match.think(slice_ms):
                    move.slices += 1
            else:
                assert choose is not None, "a human seat and no choose()"
                match.play(choose(match))
            move.action = match.state.history[done]
            move.told = list(told)
            move.public = list(public)
            move.news = list(match.news(reader))
            yield move
    finally:
        match._log = log
        match._public = keep


def bot_moves(match, choose=None, reader=0, limit=None, slice_ms=1000):
    """moves(), the bots' only."""
    for move in moves(match, choose, reader, limit, slice_ms):
        if move.bot:
            yield move
