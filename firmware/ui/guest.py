# The guest's end of link play (issue 58): a handheld whose player holds one seat of a game
# the host (at the other end of the link) plays. It knows only what the host's Remote sends
# (firmware/linkplay.py): its seat's view, the news of each move as that seat may read it,
# whether it decides now. From the view it makes a world of its own (the game's
# sample_state: the hidden part made up, never shown) whose legal actions are the host's,
# and the screens read it as they read a Match: the same table, choices and results as for
# a human at the host. A pick goes to the host, which plays it with the rules like any
# other; the table moves when the host's next view comes. Until the host's first view (and
# between two of its games) the app shows firmware/ui/waiting.py.
from firmware import linkplay
from firmware.core import load
from firmware.link import HELLO
from firmware.ui.match import HUMAN, LOG_KEEP, RESULTS, write_words


class InOrder:
    """The chance of the guest's world: what the view hides dealt in order, unshuffled. Any
    deal the view allows serves (the world answers only this seat's choices and their
    words), and the shuffles were half a guest's work at each update (Diploma's on a board)."""

    def randbelow(self, n):
        return 0

    def shuffle(self, items):
        pass


class Guest:
    def __init__(self, link):
        self.link = link
        self.game = None  # the host's game, once its first update came (ready)
        self.module = None
        self.seat = -1
        self.seats = []
        self.names = []
        self.humans = []
        self.view = None  # the last view the host sent
        self.state = None  # the world made from it
        self.number = 0  # the host's number of that update (the next change must build on it)
        self.decision = -1  # the host's history length at that view: what an answer names
        self.asked = False  # the host waits for this seat's answer
        self.undoable = False  # ... and would take back a pick of this turn
        self.pending = None  # (kind, payload) of the answer sent for self.decision (a pick
        # or a take-back), not yet played
        self.refused = False  # the host's rules refused the last answer
        self.resyncing = False  # a RESYNC was sent: changes wait for the whole view
        self.log = []  # the news this player has not yet acted upon
        self.scored = 0  # rounds the host has scored
        self.results = 0  # rounds whose result screen was shown
        self.revealed = -1  # the host's count of moves that showed something new
        self.points = 0  # decisions anew (something new shown): the table's cursor starts over
        self.fresh = False  # an update came since the screens last asked (think)
        self.bot_moved = False  # another seat's move made this one decide (the app beeps)
        self.save_off = None  # the host saves; nothing is saved here
        self.told = True
        self.thinking = -1
        self.shown = -1

    def ready(self):
        """Whether the host's first view has come: before it there is no table to show."""
        return self.state is not None

    # -- the link --
    def link_tick(self, now):
        """Once a frame (`now` its ticks): the link's bytes both ways and what the host
        sent. True when the table changed."""
        changed = False
        for kind, payload in self.link.poll(now):
            if kind == HELLO:  # the host (re)started: it sends the view whole, and an
                if self.pending is not None:  # answer it may not have had goes again
                    self.link.send(*self.pending)
            elif kind == linkplay.UPDATE:
                try:
                    changed = self._update(linkplay.unpack(payload)) or changed
                except (ValueError, KeyError, TypeError, IndexError):
                    self._resync()  # (a message this guest can't read: the view anew)
        if changed:
            self.fresh = True
        return changed

    def _resync(self):
        if not self.resyncing:
            self.resyncing = True
            self.link.send(linkplay.RESYNC, b"{}")

    def _update(self, message):
        """Apply an update; False when it could not be (a change to a view this guest does
        not have: it asks for the view whole)."""
        if "b" in message:
            if self.resyncing or self.view is None or message["b"] != self.number:
                self._resync()
                return False
            view = linkplay.patch(self.view, message["v"], message.get("x", ()))
        else:
            view = message["v"]
            if message["g"] != self.game:
                self.module = load(message["g"])
                self.game = message["g"]
            self.seat = message["s"]
            self.seats = message["seats"]
            self.names = message["names"]
            self.humans = [self.seat]
            self.shown = self.seat
            self.resyncing = False
            if self.state is None or self.state.is_over() or message["n"] < self.decision:
                self.results = message["r"]  # a new game (or joined late: past rounds)
                self.log = []
        world = self.module.sample_state(  # pyright: ignore[reportOptionalMemberAccess]
            view, InOrder())
        self.view = view
        self.state = world
        self.number = message["u"]
        news = message.get("news", ())
        for line in news:
            self.log.append(line)
        if len(self.log) > LOG_KEEP:
            self.log[:len(self.log) - LOG_KEEP] = []
        decision = message["n"]
        asked = bool(message.get("ask"))
        self.refused = message.get("no") == self.decision and self.pending is not None
        if decision != self.decision or self.refused:
            self.pending = None  # played (or refused): this seat decides anew
        self.bot_moved = bool(message.get("bm"))
        if self.bot_moved or message["rv"] != self.revealed or "b" not in message:
            self.points += 1  # another seat moved, or a move showed something new
        self.decision = decision
        self.asked = asked
        self.undoable = bool(message.get("tb"))
        self.revealed = message["rv"]
        self.scored = message["r"]
        return True

    # -- what the screens read, as of a Match --
    def over(self):
        return self.state is not None and self.state.is_over()

    def current(self):
        return self.state.current_player() if self.state is not None else -1

    def human_turn(self):
        """This seat decides now: the host asked, and no answer is on its way."""
        return (self.asked and self.pending is None and self.state is not None
                and self.state.current_player() == self.seat)

    def viewer(self):
        return self.seat

    def needs_privacy(self):
        return False  # (one player's device)

    def only_choice(self):
        return None  # (the host plays it, and its words come in the news)

    def think(self, slice_ms):
        """Whether an update came since the last call (the screens' route then): the host
        thinks for the other seats, this side only waits for it."""
        fresh = self.fresh
        self.fresh = False
        return fresh

    def hurry(self):
        pass

    def linked_turn(self):
        """This side while the host decides for another seat (the table's bottom line
        says whose turn it is: line), None on this seat's turn and at the game's end."""
        return self if self.state is not None and not self.over() and not self.human_turn() \
            else None

    def line(self, now):
        if self.link.lost(now):
            return "No link to the host"
        turn = self.current()
        if turn == self.seat:
            return "Sent to the host"
        return "%s %s" % (self.names[turn], "decides" if self.seats[turn] == HUMAN else "thinks")

    def key(self, app, pressed):
        pass  # (the host's bots are the host's to hurry)

    def legal(self):
        return self.state.legal_actions()  # pyright: ignore[reportOptionalMemberAccess]

    def text(self, action, viewer):
        return self.state.action_text(  # pyright: ignore[reportOptionalMemberAccess]
            action, viewer)

    def play(self, action):
        self.play_all([action])

    def play_all(self, actions):
        """Send the host this seat's pick (one action, or a shortcut's several): ValueError,
        nothing sent, if it is not this seat's to make now or one of them is not legal
        when its turn comes."""
        if not self.human_turn():
            raise ValueError("not this seat's decision now")
        probe = self.state
        told = 0  # moves it completes (not by a lone choice): its next decision starts anew,
        # as at the host (Match.play)
        for action in actions:
            legal = probe.legal_actions()  # pyright: ignore[reportOptionalMemberAccess]
            if probe.current_player() != self.seat or action not in legal:  # pyright: ignore[reportOptionalMemberAccess]
                raise ValueError("not a legal pick now: %r" % (actions,))
            told += probe.move_text(action) is not None and len(legal) > 1  # pyright: ignore[reportOptionalMemberAccess]
            if len(actions) > 1:  # (a shortcut's actions: tried one after the other on a copy)
                if probe is self.state:
                    probe = probe.clone()  # pyright: ignore[reportOptionalMemberAccess]
                probe.apply(action)  # pyright: ignore[reportOptionalMemberAccess]
        self._answer(linkplay.ACTION, {"n": self.decision, "a": list(actions)})
        self.points += told
        self.refused = False
        self.log = []  # they decided: their news starts again
        self.bot_moved = False

    def _answer(self, kind, message):
        self.pending = (kind, linkplay.pack(message))
        self.link.send(*self.pending)

    def can_take_back(self):
        """A pick of this turn the host would take back (its rules and its point of no
        return: the host's Match says so in each update)."""
        return self.undoable and self.human_turn()

    def take_back(self):
        """Ask the host to take back this seat's last pick; the table moves when its view
        comes. False if there is none."""
        if not self.can_take_back():
            return False
        self._answer(linkplay.TAKEBACK, {"n": self.decision})
        return True

    def saved(self):
        return False

    def news(self, reader):
        return self.log

    @property
    def public(self):
        return self.log

    def pending_result(self):
        return self.scored > self.results

    def round_lines(self, out):
        self.results = self.scored
        write_words(self.game, RESULTS, "round_result", self.view, self.names, out)
