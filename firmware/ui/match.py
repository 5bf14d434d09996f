# One game being played on the handheld, apart from how it is drawn: the seats (human or a
# bot level), the bots, what each human has not yet acted upon (their news: one sentence a
# move), the save after every action, and taking back a human's picks. The screens
# (screens.py) read and drive it; the tests drive it directly too. Speaks only the rules
# contract and the bots' sliced form.
import gc

from firmware.bots import make_bot
from firmware.clock import ticks_diff, ticks_ms
from firmware.core import COLLECT, drop_part, game_part, load, replay, unload

HUMAN = "human"
LINKED = "linked"  # a seat played on another handheld at the end of a link (remote.py)
RESULTS = "results"  # a game's part: the words of a round's results
FINAL = "final"  # a game's part: the words of the game's end (firmware/ui/outcome.py)
SCORE_TABLE = "firmware.ui.scoretable"  # their tables (loaded with them, and unloaded)
LOG_KEEP = 24  # sentences kept per reader, the newest
BOT_BUDGET_MS = 2000  # a hard bot's thinking time per decision (the board budget)
NO_VIEW_TRIES = 3  # slices a bot waits for room for its view before it plays the first action


def _keep(log, line):
    log.append(line)
    if len(log) > LOG_KEEP:
        log.pop(0)


NO_ROOM = "(Too little memory free for this table now: the scores are on the table.)"


def write_words(game, kind, name, view, names, out):
    """The game's part `kind`.<name>(view, names, out): a round's words (RESULTS) or the
    game's end (FINAL), their modules and tables on the heap for the call only. A heap too
    fragmented to load them (late in a long game on a board) writes NO_ROOM instead: the game
    goes on."""
    room = True
    try:
        words = game_part(game, kind)
        if words is not None:
            getattr(words, name)(view, names, out)
    except MemoryError:
        room = False
    drop_part(game, RESULTS)  # (a game's final may import its results)
    drop_part(game, FINAL)
    unload(SCORE_TABLE)
    if COLLECT:  # (CPython: a full collection of a test run's heap, some 70 ms, for nothing)
        gc.collect()
    if not room:  # (once what the words loaded is off the heap: the line needs room too)
        try:
            out(NO_ROOM)
        except MemoryError:  # (the lines so far fill their list: they show without it)
            pass


def seat_name(seat, kind):
    return "P%d" % (seat + 1) if kind in (HUMAN, LINKED) else "P%d %s" % (seat + 1, kind)


class Match:
    def __init__(self, state, seats, slot=None, budget_ms=BOT_BUDGET_MS, link=None):
        self.state = state
        self.game = state.game
        self.module = load(state.game)
        self.seats = list(seats)
        self.names = [seat_name(s, self.seats[s]) for s in range(len(self.seats))]
        self.humans = [s for s in range(len(self.seats)) if self.seats[s] == HUMAN]
        self.remote = None  # the linked seat's end of the link (one cable, one guest)
        self.readers = list(self.humans)  # who is told each move (a linked seat's guest too)
        self.bots = []  # a seat's bot, its Remote if linked, None for a human here
        for seat in range(len(self.seats)):
            kind = self.seats[seat]
            if kind == HUMAN:
                self.bots.append(None)
            elif kind == LINKED:
                if link is None or self.remote is not None:
                    raise ValueError("a linked seat needs a link of its own")
                from firmware.ui.remote import Remote  # (on the heap in a linked game only)

                self.remote = Remote(link, seat)
                self.bots.append(self.remote)
                self.readers.append(seat)
            else:
                self.bots.append(make_bot(state.game, seat, kind, state.seed + 7919 * (seat + 1),
                                          budget_ms if kind == "hard" else None))
        # A log per human (their news: what the others did since that human's last
        # decision, and what was played for them), and one shared (the pause menu's log,
        # the news of a table of bots only), written for `onlooker`: with a human at the
        # table (here or linked) someone who holds no hand (no seat's number), so that no
        # one reads there what only another seat may know; at a table of bots, everything.
        self.logs = [[] for _ in self.seats]
        self.public = []
        self.onlooker = len(self.seats) if self.readers else -1
        self.scored = state.rounds_scored()
        self.results = 0  # rounds whose result screen was shown
        self.shown = -1  # the human whose hand was last on the screen
        self.thinking = -1  # the bot seat thinking now
        self._no_views = 0  # slices in a row its view found no room on the heap (think)
        self.save_off = None  # why saving stopped (a sentence), None while it works
        self.told = False  # the player has seen save_off
        self.bot_moved = False  # the last action was a bot's (the app beeps: your turn)
        self._saver = None
        if slot is not None:
            from firmware.save import autosaver

            self._saver = autosaver(slot, self.seats, self._saving_off)
            self._saver(state)
        self._undo = None  # a copy of the state at the human's last point of no return
        self._undo_seat = -1
        self._picks = []  # the history's length at each pick since that point (a take-back's)
        self.points = 0  # a human's decisions anew: something new shown, or a move of theirs
        # done (the table's cursor starts on the likely choice again)
        self._mark()

    # -- who plays --
    def over(self):
        return self.state.is_over()

    def current(self):
        return self.state.current_player()

    def human_turn(self):
        seat = self.current()
        return seat >= 0 and self.bots[seat] is None

    def viewer(self):
        """The seat whose view the table shows: the human deciding now, else the last
        human on the screen, else the first human, else seat 0 (a table of bots here), or 1
        when seat 0 is linked (its hand is its guest's only)."""
        if self.human_turn():
            return self.current()
        if self.shown >= 0:
            return self.shown
        return self.humans[0] if self.humans else int(self.readers == [0])

    def needs_privacy(self):
        """Two humans or more and the device must pass to another one (not in a game whose
        every seat sees everything: its rules module says PUBLIC = True)."""
        return (len(self.humans) > 1 and self.human_turn() and self.shown != self.current()
                and not getattr(self.module, "PUBLIC", False))

    def only_choice(self):
        """The human on turn has one legal action: it is played for them, and is not a pick
        to take back (a take-back would only play it again). Its words, as that human
        reads them; None when there was no such decision."""
        if not self.human_turn():
            return None
        legal = self.state.legal_actions()
        if len(legal) != 1:
            return None
        seat = self.current()
        words = self.text(legal[0], seat)
        bot_moved = self.bot_moved  # not the human's decision: the turn tick waits for one
        news = self.logs[seat]  # nor the end of their news: they have not read it yet
        shown = self.shown  # nor were they handed the device for it
        self.play_only(legal[0])
        self.bot_moved = bot_moved
        self.logs[seat] = news
        self.shown = shown
        self._log(seat, "Only choice: " + words)  # said, not asked
        return words

    def play_only(self, action):
        """Play the only choice of the seat on turn (a human's, a linked one's): not a pick to
        take back (a take-back would only play it again)."""
        nothing_picked = self._undo is not None and len(self.state.history) == self._undo_len
        self.play(action)
        if self._picks:  # taken back with the pick that left it the only choice
            self._picks.pop()
        if nothing_picked:  # the point of no return moves past it
            self._undo = None
            self._mark()

    # -- bots --
    def think(self, slice_ms):
        """Give the bot on turn `slice_ms` of thinking. True once its action is applied."""
        seat = self.current()
        if seat < 0:  # the game is over: nobody to think for
            return False
        bot = self.bots[seat]
        if bot is None:
            return False
        if bot is self.remote:
            return bot.move(self)
        start = ticks_ms()
        if self.thinking != seat:
            try:
                view = self.state.view(seat)
            except MemoryError:  # a fragmented heap: no room for the view now
                return self._no_view()
            self._no_views = 0
            self.thinking = seat
            bot.start(view)
        going = True
        while going and ticks_diff(ticks_ms(), start) < slice_ms:
            going = bot.step()
        if going:
            return False
        self.finish_thinking()
        return True

    def _no_view(self):
        """The bot on turn had no room for its view: it tries again at the next slice (what
        this frame held may be let go by then), and after NO_VIEW_TRIES plays the first legal
        action, which needs no view: the game goes on instead of ending on the crash screen."""
        gc.collect()
        self._no_views += 1
        if self._no_views < NO_VIEW_TRIES:
            return False
        self._no_views = 0
        self.play(self.state.legal_actions()[0])
        return True

    def link_tick(self, now):
        """Once a frame of the app's loop (`now` its ticks): the link's bytes both ways, the
        linked seat's answer taken, its view sent when the game moved (remote.py)."""
        if self.remote is not None:
            self.remote.poll(now, self)

    def linked_turn(self):
        """The linked seat's Remote while that seat decides on its handheld (the table says
        so, and offers to play it here after a while), else None."""
        remote = self.remote
        return remote if remote is not None and self.current() == remote.seat else None

    def hurry(self):
        """A button cut the thinking short: the bot answers with its best so far."""
        seat = self.current()
        if seat >= 0 and self.thinking == seat and self.bots[seat] is not None:
            self.bots[seat].stop()
            self.finish_thinking()

    def finish_thinking(self):
        seat = self.current()
        action = self.bots[seat].result()
        self.thinking = -1
        legal = self.state.legal_actions()
        if action not in legal:  # never apply an illegal action
            action = legal[0]
        self.play(action)

    # -- playing --
    def legal(self):
        return self.state.legal_actions()

    def text(self, action, viewer):
        return self.state.action_text(action, viewer)

    def play(self, action):
        """Apply one action of the seat on turn (ValueError, state unchanged, if illegal),
        log it for everyone else, save."""
        state = self.state
        seat = state.current_player()
        if seat < 0:
            raise ValueError("the game is over")
        legal = state.legal_actions()
        if action not in legal:  # before its words: they may not make sense
            raise ValueError("not a legal action now: %r" % (action,))
        # A move in one sentence (None: a pick, told with the move it completes or by its
        # notes); the level is in the title bar while the bot thinks.
        public = state.move_text(action, self.onlooker)
        lines = []
        if public is not None:
            for reader in range(len(self.seats)):
                if reader != seat and (reader in self.readers):
                    words = state.move_text(action, reader)  # what this reader may know
                    # The same words: one string in every log (a board's heap holds them all).
                    lines.append((reader, public if words == public else words))
        if self.bots[seat] in (None, self.remote):  # a human's pick, here or linked
            self._picks.append(len(state.history))
        try:
            state.apply(action)
        except MemoryError:
            state = self._replayed(action)
        for reader, line in lines:
            self._log(reader, line)
        if public is not None:
            self._public(public)
        for note in state.notes:  # what the move caused (indented under it), or the move
            line = note if public is None else "  " + note
            for reader in self.readers:
                if reader != seat:
                    self._log(reader, line)
            self._public(line)
        self.bot_moved = self.bots[seat] is not None
        if not self.bot_moved:
            self.shown = seat
            self.logs[seat] = []  # they decided: their news starts again
            self.points += public is not None and len(legal) > 1  # (a move done, not an only
            # choice played for them, as for a linked seat: the likely choice first)
        if state.is_over():
            self._retire_bots()
        self._mark()
        if self._saver is not None:
            self._saver(state)
        self.scored = self.state.rounds_scored()
        if COLLECT:
            gc.collect()

    def _replayed(self, action):
        """After a MemoryError in the middle of a move (a fragmented board heap), which may
        have left the state half changed: the game played again from its record, as a save
        loads (its history has every action before this one), then the move once more. A
        second MemoryError goes on out (the crash screen; the save holds the game as it was
        before the move)."""
        gc.collect()
        old = self.state  # its history read in place: no copy of it when memory ran out
        state = replay(old.game, old.players, old.seed, old.options, old.history)
        state.apply(action)
        self.state = state
        return state

    def play_all(self, actions):
        """A shortcut of the table (three dice for a pickaxe at once): several actions of
        the human on turn, one pick to take back. ValueError, the state unchanged, if one of
        them is not legal when its turn comes or the seat would change before the last."""
        seat = self.current()
        probe = self.state.clone()
        for action in actions:
            if probe.current_player() != seat or action not in probe.legal_actions():
                raise ValueError("not a legal shortcut now: %r" % (actions,))
            probe.apply(action)
        start = len(self._picks)
        for action in actions:
            self.play(action)
        del self._picks[start + 1:]  # one pick (none left if the point of no return moved)

    def _retire_bots(self):
        """The game is over: its bots and, on a board, their code leave the heap before the
        results are written (a board's heap is at its fullest at the end of a long game).
        CPython keeps the modules: its tests hold their classes."""
        self.bots = [None] * len(self.bots)
        if COLLECT:
            unload("firmware.bots.search")
            drop_part(self.game, "bot")

    def _saving_off(self, sentence):
        self.save_off = sentence

    def saved(self):
        """Whether the flash holds this game as its last applied action left it."""
        return self._saver is not None and self.save_off is None

    # -- taking back picks --
    def _mark(self):
        """Move the point a human may take back to, when something can't be unseen: another
        seat decided, or the game says a move showed something new (state.revealed: a card
        drawn or turned, dice rolled, a hidden hand or vault answered)."""
        state = self.state
        seat = state.current_player()
        if seat < 0 or self.bots[seat] not in (None, self.remote):  # not a human's turn
            self._undo = None
            self._undo_seat = -1
            return
        if (self._undo is None or self._undo_seat != seat
                or state.revealed != self._undo.revealed):
            self._undo = state.clone()
            self._undo_seat = seat
            self._undo_len = len(state.history)
            self._picks = []
            self.points += 1

    def can_take_back(self, linked=False):
        """Whether the human on turn here (`linked`: the linked seat on turn) has a pick to
        take back. (A point of no return is kept only while a human's seat is on turn.)"""
        return (self._undo is not None and len(self.state.history) > self._undo_len
                and (self.bots[self._undo_seat] is None) != linked)

    def take_back(self, linked=False):
        """Undo the last pick of the human on turn (`linked`: of the linked seat on turn): one
        at a time, back to the last point of no return at most; a shortcut's actions and an
        only choice it led to are one pick. False if none."""
        undo = self._undo
        if undo is None or not self.can_take_back(linked):
            return False
        history = self.state.history
        cut = self._picks.pop() if self._picks else len(history) - 1
        state = undo.clone()
        for i in range(self._undo_len, max(cut, self._undo_len)):  # the picks before it:
            state.apply(history[i])  # nothing was drawn or rolled since the point (_mark)
        self.state = state
        self.scored = self.state.rounds_scored()
        if self._saver is not None:
            self._saver(self.state)
        self._public("%s took back a pick" % self.names[self._undo_seat])
        return True

    # -- the logs --
    def _log(self, reader, line):
        _keep(self.logs[reader], line)

    def _public(self, line):
        _keep(self.public, line)

    def news(self, reader):
        """The sentences `reader` has not yet acted upon, oldest first: the other seats'
        moves since their last decision (each with what it caused) and what was played for
        them. A table of bots only: everything. Emptied by the reader's next decision."""
        return self.logs[reader] if reader in self.humans else self.public

    # -- rounds --
    def pending_result(self):
        return self.scored > self.results

    def round_lines(self, out):
        """The newest scored round, in the game's words (the game's results.py: on the heap only
        while it writes them)."""
        self.results = self.scored
        write_words(self.game, RESULTS, "round_result", self.state.view(self.viewer()),
                    self.names, out)

