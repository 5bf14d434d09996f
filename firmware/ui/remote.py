# A linked seat on the host (issue 58): a player deciding on another handheld at the end of
# a link (firmware/link.py). The host's Match keeps it in that seat's place among the bots
# and asks it for the seat's actions (move); it tells the guest that seat's view(seat) and
# nothing else (firmware/linkplay.py's messages): never a state, never another seat's view,
# and only the news that seat may read (the Match's log for it, which it empties). The view
# goes as the keys that changed since the last one sent, or whole after a start or a RESYNC;
# one update at a time on the wire, so a cable out for a while piles up nothing but news.
# While the seat decides there, the host's table says so (line); after WAIT_MS, or with the
# cable out, A offers to go on without that handheld: a bot or a human here (unlink).
# On the heap in a linked game only: the Match of every other game has none of this.
from firmware import buttons, linkplay
from firmware.bots import make_bot
from firmware.clock import ticks_diff
from firmware.link import HELLO

HUMAN = "human"  # (a seat kind, as the Match's)
WAIT_MS = 30000  # a decision this long on the other handheld: the host may go on without it


class Remote:
    def __init__(self, link, seat):
        self.link = link
        self.seat = seat
        self.name = "P%d" % (seat + 1)  # (a linked seat's, as a human's: the table's lines)
        self.sent = None  # the last view sent (None: send it whole)
        self.number = 0  # updates sent in this start
        self.told = None  # the state and its history's length at the last update
        self.told_len = -1
        self.refused = -1  # the decision whose answer the rules refused (the guest is told)
        self.answer = None  # (decision, actions) the guest chose, not yet played
        self.own = 0  # the history's length after this seat's last move (and only choices
        # right after it): longer when another seat moved since (the guest's "your turn")
        self.asked = -1  # the history's length when the seat's decision began ...
        self.since = 0  # ... and the ticks then

    def poll(self, now, match):
        """Move the link's bytes; take the guest's answers and requests; send an update of
        the match's state when it moved and the last update is through."""
        for kind, payload in self.link.poll(now):
            if kind == HELLO:  # the guest (re)started: its view whole
                self.sent = None
                continue
            try:
                message = linkplay.unpack(payload)
            except ValueError:
                continue  # (a client's mistake: nothing to do with it)
            if kind == linkplay.RESYNC:
                self.sent = None
            elif kind == linkplay.TAKEBACK:  # (asked at this decision only: never twice)
                if message.get("n") == len(match.state.history) and \
                        not match.take_back(True):
                    self.refused = len(match.state.history)  # none to take back: the
                    self.sent = None  # guest is told, and decides on
            elif kind == linkplay.ACTION:
                actions = message.get("a")
                if isinstance(actions, list) and actions:
                    self.answer = (message.get("n"), actions)
        state = match.state
        if state.current_player() == self.seat and self.asked != len(state.history):
            self.asked = len(state.history)
            self.since = now
        moved = self.sent is None or state is not self.told or len(state.history) != self.told_len
        if moved and not self.link.busy():
            self.update(match)
            self.link.flush(now)  # (out now: a bot's turn may take the rest of the frame)

    def move(self, match):
        """The seat's decision (Match.think): True once an action of it is played. An only
        choice is played for it (its guest reads it in its news); else its guest's answer
        to this decision, once the link brought one. An answer the rules refuse is not
        played: the guest is told and decides again."""
        state = match.state
        legal = state.legal_actions()
        if len(legal) == 1:
            match.logs[self.seat].append("Only choice: " + state.action_text(legal[0], self.seat))
            mine = self.own == len(state.history)
            match.play_only(legal[0])
            if mine:
                self.own = len(match.state.history)
            return True
        answer = self.answer
        self.answer = None
        if answer is None or answer[0] != len(state.history):
            return False  # (an answer to another decision: one played already, say)
        actions = answer[1]
        for action in actions:
            if not isinstance(action, int):
                return False
        try:
            if len(actions) == 1:  # (play checks it: no copy of the state to try it on)
                match.play(actions[0])
            else:
                match.play_all(actions)
        except ValueError:
            self.refused = len(state.history)
            self.sent = None  # its view whole again: it was not the host's
            return False
        self.own = len(match.state.history)
        return True

    def update(self, match):
        """Send the guest its view of the match's state (what changed since the last one
        sent), its news since, and whether it decides now."""
        state = match.state
        view = state.view(self.seat)  # (a view is its caller's: no later move changes it)
        sent = self.sent
        changed = {}
        for key in view:  # (compared as values: packing each key was half this update's work)
            if sent is None or key not in sent or sent[key] != view[key]:
                changed[key] = view[key]
        message = {"u": self.number + 1, "n": len(state.history), "v": changed,
                   "r": state.rounds_scored(), "rv": state.revealed}
        if self.sent is None:  # whole: who the guest is, at which table
            message["g"] = match.game
            message["s"] = self.seat
            message["seats"] = match.seats
            message["names"] = match.names
        else:
            message["b"] = self.number
            gone = [key for key in self.sent if key not in view]
            if gone:
                message["x"] = gone
        news = match.logs[self.seat]
        if news:
            message["news"] = news
        if state.current_player() == self.seat and len(state.legal_actions()) > 1:
            message["ask"] = 1  # (an only choice is played for it: move)
            if len(state.history) != self.own:
                message["bm"] = 1  # the others moved: its turn comes after them
            if match.can_take_back(True):
                message["tb"] = 1  # a pick of this turn it may take back
        if self.refused == len(state.history):
            message["no"] = self.refused
        self.link.send(linkplay.UPDATE, linkplay.pack(message))
        match.logs[self.seat] = []
        self.sent = view
        self.number += 1
        self.told = state
        self.told_len = len(state.history)

    # -- the host's table while the seat decides there --
    def waited(self, now):
        """How the wait for the seat looks: "lost" (the cable out), "slow" (WAIT_MS), or
        None."""
        if self.link.lost(now):
            return "lost"
        if self.asked >= 0 and ticks_diff(now, self.since) > WAIT_MS:
            return "slow"
        return None

    def line(self, now):
        """The table's bottom line (26 columns at most)."""
        name = self.name
        waited = self.waited(now)
        if waited == "lost":
            return "%s: link lost  A: options" % name
        if waited == "slow":
            return "%s waited %ds  A: options" % (name, ticks_diff(now, self.since) // 1000)
        return "%s plays on the link" % name

    def key(self, app, pressed):
        """A, once the wait is long or the cable out: wait on, or play the seat here."""
        if pressed & buttons.A and self.waited(app.now) is not None:
            from firmware.ui.menus import MenuScreen

            name = self.name
            app.goto(MenuScreen(app, name + " on the link", (
                ("Wait for " + name, app.route),
                ("A bot plays " + name, lambda: unlink(app, "normal")),
                ("Play %s here" % name, lambda: unlink(app, HUMAN))), app.route))


def unlink(app, kind):
    """The linked seat becomes `kind` (a bot level, or a human here): the game goes on
    without the other handheld, saved so; the link is let go."""
    match = app.match
    seat = match.remote.seat
    match.remote = None
    match.seats[seat] = kind  # (the save's own list: its next save says the new seat)
    if kind == HUMAN:  # (its name stays: a linked seat's is a human's, "P2")
        match.bots[seat] = None
        match.humans = sorted(match.humans + [seat])
    else:
        match.names[seat] += " " + kind  # ("P2 normal", as a bot's from the start)
        match.bots[seat] = make_bot(match.game, seat, kind, match.state.seed + 7919 * (seat + 1))
        match.readers.remove(seat)
    app.link = None
    app.table = None  # (its names: a new one)
    app.route()
