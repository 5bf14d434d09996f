# Determinized Monte Carlo search (the "hard" level of every game), anytime and sliced.
#
# From the view of the seat to move: sample a full state consistent with the view (the game
# module's sample_state, in the manner of OpenSpiel's resampling from an information state),
# apply one candidate action, play on with a fast policy (the game's heuristic bot, deciding
# from each seat's view of the sampled state) for a few decisions, and value the result for
# the searching seat. Every candidate is tried on the same sample in turn (common random
# numbers: the comparison between candidates is paired, which needs far fewer playouts);
# the answer is the best total so far, the heuristic's own choice winning ties. The samples
# are quiet (GameState.quiet): their moves make no notes, which nothing here reads.
#
# The budget (time or playouts) is a ceiling: once half of it is spent at the end of a round
# and nothing beats the prior, the search ends (measured: no loss of strength against
# normal, and most decisions take half the time).
#
# Sliced: Search.step() does one playout and returns True while there is work left; best()
# is always a legal action. A game whose playouts are long on a board (Diploma: 1-2 s) has
# them cut finer (sliced=True, its bot module's SLICED): a step is then the sample and the
# candidate's move, or a piece of one decision of the playout (a heuristic's thought,
# firmware/bots Heuristic.thinking), so a frame never waits a whole playout or decision. Its
# SearchBot works the prior out in pieces too, before the search begins.
# A MemoryError while thinking ends the search with the best action found so far (on a
# board a fragmented heap must not cost the game). The clock is the
# port's integer milliseconds (firmware/clock.py): no float, no allocation, no lost
# resolution after hours of uptime on CircuitPython.
from firmware.clock import ticks_diff, ticks_ms

WIN = 1000  # evaluation of a game won outright (shared: divided among the winners)
REPACE = 8  # SearchBot: decisions answered without a search (too slow a pace) before a new try


def score_lead(state, seat):
    """Default evaluation for `seat`: its score minus the best other score (scores() as if
    the game ended now), plus WIN / winners once the game is over."""
    scores = state.scores()
    mine = scores[seat]
    best = None
    for s in range(len(scores)):
        if s != seat and (best is None or scores[s] > best):
            best = scores[s]
    value = mine - (best if best is not None else 0)
    if state.is_over():
        winners = state.winners()
        if seat in winners:
            value += WIN // len(winners)
    return value


class Search:
    """One decision of `view["seat"]`, searched in small steps.

    module: the game's rules module (sample_state, new states); view: state.view(seat) with
    "legal"; policy: a list of objects with choose(view), one per seat, the fast playout
    policy; evaluate(state, seat) -> int, higher is better; rng: a Prng (samples and nothing
    else); budget_ms: stop after this many milliseconds (None: no time limit); playouts: stop
    after this many playouts (None: no limit; at least one of the two should be given);
    depth: decisions played after the candidate (the game's end also stops a playout);
    prior: the action to return when nothing better is known (the heuristic's choice);
    candidates(action) -> bool: which legal actions to search besides the prior (None: all);
    bonus: added to the prior's mean: another action must beat it by more than that (a few
    noisy playouts should not overrule a good heuristic); own: the searching seat's policy in
    the playouts (a game's hard heuristic, HARD_PRIOR: the seat plays on as it would; None:
    policy[seat]); deal(view, rng) -> state: the samples (None: module.sample_state);
    horizon(state) -> value: a playout also ends once this changes from what it was before
    the candidate (Diamonds: the round; None: depth and the game's end only); narrow(search):
    called after each round of candidates, it may drop some from legal, totals and tries
    together (Diamonds: after 2 rounds only the prior and the 2 best others go on; None:
    every candidate to the end); sliced: a step is one decision of a playout, not all of it
    (the same playouts and answer, in more steps)."""

    def __init__(self, module, view, policy, evaluate, rng, budget_ms=None, playouts=None,
                 depth=20, prior=None, candidates=None, bonus=0, own=None, deal=None,
                 horizon=None, narrow=None, sliced=False):
        self.module = module
        self.sliced = sliced
        # a playout cut in steps: [state, candidate, decisions left, mark, the thought of
        # the decision under way (None between decisions)]
        self.going = None
        self.horizon = horizon
        self.narrow = narrow
        self.deal = deal if deal is not None else module.sample_state
        self.own = own  # the searching seat's own playout policy (None: policy[seat])
        self.bonus = bonus
        self.view = view
        self.seat = view["seat"]
        self.policy = policy
        self.evaluate = evaluate
        self.rng = rng
        self.budget_ms = budget_ms
        self.max_playouts = playouts
        self.depth = depth
        legal = view["legal"]
        if prior is None or prior not in legal:
            prior = legal[0]
        if candidates is not None:  # e.g. no undo steps: searching them could loop forever
            legal = [a for a in legal if a == prior or candidates(a)]
        self.legal = legal
        self.prior = prior
        # Candidates in order, the prior first: totals[i] / tries[i] per legal[i].
        n = len(legal)
        self.totals = [0] * n
        self.tries = [0] * n
        self.playouts = 0
        self.sample = None  # the determinization shared by the candidates of this round
        self.next = 0  # the candidate of the next playout
        self.started = ticks_ms()
        self.done = False
        if n <= 1 or (playouts is not None and playouts <= 0):
            self.stop()  # nothing to search: the view is not kept either
        self.error = None  # the MemoryError that ended the search, if any

    def elapsed_ms(self):
        return ticks_diff(ticks_ms(), self.started)

    def step(self):
        """One playout (sliced: one piece of one). Returns False once the search is over
        (budget spent, or nothing to choose); best() is valid at any time."""
        if self.done:
            return False
        try:
            if not self._playout():
                return True  # the playout goes on at the next step
            if self.narrow is not None and self.next == 0:
                self.narrow(self)
        except MemoryError as exc:
            self.error = exc
            self.stop()
            return False
        self.playouts += 1
        half = False  # half the budget spent
        if self.max_playouts is not None:
            if self.playouts >= self.max_playouts:
                self.stop()
            half = 2 * self.playouts >= self.max_playouts
        if self.budget_ms is not None and not self.done:
            # Stop when one more playout could overrun the budget (twice the mean pace so
            # far: playouts vary in length).
            spent = self.elapsed_ms()
            ahead = spent + 2 * spent // self.playouts
            if ahead >= self.budget_ms:
                self.stop()
            half = half or 2 * ahead >= self.budget_ms
        if half and self.next == 0 and not self.done and self.best() == self.prior:
            # Half the budget spent, a round of candidates complete, and nothing beats the
            # heuristic's choice: the other half goes only to confirming a change (most
            # decisions end here: a median of 1 s on the board, at most 2).
            self.stop()
        return not self.done

    def run(self):
        """Think until the budget is spent; the best action."""
        while self.step():
            pass
        return self.best()

    def steps(self):
        """Generator form: yields after every step (the UI animates between yields)."""
        while self.step():
            yield self.playouts

    def stop(self):
        """End the search (its budget spent, or a button): best() stays valid. The view and
        the sample are let go: a finished search kept by each hard bot of a 6-player table
        held some 10 KB of a board's heap."""
        self.done = True
        self.sample = None
        self.view = None
        self.going = None

    def best(self):
        """The legal action with the best mean so far; the prior when none has been tried
        or on a tie with it."""
        legal = self.legal
        best = self.prior
        best_i = legal.index(best)
        if self.tries[best_i] == 0:
            return best
        # Compare means without division: a / b > c / d  <=>  a * d > c * b (b, d > 0).
        bn = self.tries[best_i]
        bt = self.totals[best_i] + self.bonus * bn
        for i in range(len(legal)):
            n = self.tries[i]
            if n == 0 or i == best_i:
                continue
            if self.totals[i] * bn > bt * n:
                best = legal[i]
                bt = self.totals[i]
                bn = n
        return best

    def _playout(self):
        """The playout of the next candidate: True once it is over and tallied (sliced: after
        its start, or one of its decisions, False while it goes on)."""
        going = self.going
        if going is None:
            going = self.going = self._begin()
            if self.sliced:
                return False
        state, index, left, mark, _ = going
        seat = self.seat
        policy = self.policy
        own = self.own
        horizon = self.horizon
        # The policy picks from the view's legal actions: no second legality check (a
        # game's states have apply_legal; other rules, the tests' toys, apply).
        play = getattr(state, "apply_legal", state.apply)
        # A game's bot_view(seat), where it has one, is the part of the view its bots read:
        # cheaper at every move of a playout (Diamonds: 29% of a decision on MicroPython).
        look = getattr(state, "bot_view", state.view)
        while left > 0 and not state.is_over():
            if horizon is not None and horizon(state) != mark:
                break
            mover = state.current_player()
            bot = own if mover == seat and own is not None else policy[mover]
            if self.sliced:
                if going[4] is None:
                    going[4] = bot.thinking(look(mover))
                try:
                    next(going[4])
                    return False  # a piece of the decision: the rest at the next steps
                except StopIteration as done:
                    going[4] = None
                    play(done.value)
            else:
                play(bot.choose(look(mover)))
            left -= 1
            if self.sliced and left > 0 and not state.is_over():
                going[2] = left
                return False
        self.going = None
        self.totals[index] += self.evaluate(state, seat)
        self.tries[index] += 1
        return True

    def _begin(self):
        """A playout's start: the round's sample (or a copy of it) with the next candidate
        played; [state, candidate's index, decisions left, the horizon's mark]."""
        legal = self.legal
        n = len(legal)
        i = self.next
        if i == 0 or self.sample is None:
            self.sample = self.deal(self.view, self.rng)
            self.sample.quiet = True  # no notes: none is read here (GameState._note)
            i = 0
        # The prior first in every round, then the others in legal order.
        pi = legal.index(self.prior)
        index = pi if i == 0 else (i - 1 if i - 1 < pi else i)
        self.next = (i + 1) % n
        if self.next == 0:  # the last candidate of the round plays on the sample itself
            state = self.sample
            self.sample = None
        else:
            state = self.sample.clone()
        horizon = self.horizon
        mark = horizon(state) if horizon is not None else None
        state.apply(legal[index])
        return [state, index, self.depth, mark, None]


# The playout policy: one "normal" heuristic bot per seat. A normal bot decides from the
# view alone (no noise, nothing kept between decisions: tests check it), so every hard bot
# of a game shares one list instead of building its own (a 6-player table of hard bots
# held 42 bots, about 24 KB on a board's heap). Only the newest game's list is kept.
_policy = [None, 0, []]  # heuristic class, players, the bots


def shared_policy(heuristic, players):
    """One normal `heuristic` bot per seat, the same list for every caller of a game."""
    if _policy[0] is not heuristic or _policy[1] != players:
        _policy[2] = []  # the old bots are garbage before the new ones are made
        _policy[2] = [heuristic(s, "normal", s) for s in range(players)]
        _policy[0] = heuristic
        _policy[1] = players
    return _policy[2]


def _digest(seed, view):
    """A seed from the bot's seed and what the view shows the seat (its own cards and the
    actions open to it): the same view always gets the same search."""
    d = seed % (1 << 28)
    for key in ("legal", "hand"):
        part = view.get(key)
        if isinstance(part, list):
            for a in part:
                if isinstance(a, int):
                    d = (d * 31 + a + 1) % (1 << 28)
    return d


class SearchBot:
    """The "hard" player: determinized Monte Carlo over the game's heuristic (see Search).

    choose(view) thinks until the budget is spent; the sliced form for the UI is
    start(view), then step() until it returns False (or stop() on a button), then result().
    budget_ms: milliseconds of thinking per decision on the machine running it (None: no
    time limit); playouts: a cap on playouts per decision (None: no cap). With a cap only,
    decisions are deterministic (same seed, same view, same answer)."""

    def __init__(self, module, heuristic, seat, seed=0, budget_ms=None, playouts=None,
                 depth=20, evaluate=None, candidates=None, bonus=0,
                 prior_bot=None, belief=None, horizon=None, narrow=None, sliced=False):
        from firmware.core.prng import Prng

        self._prng = Prng
        self.module = module  # the rules module (sample_state)
        self.heuristic = heuristic  # the bot class of the game (playout policy and prior)
        self.seat = seat
        self.seed = seed
        self.budget_ms = budget_ms
        self.playouts = playouts
        self.depth = depth
        self.evaluate = evaluate if evaluate is not None else score_lead
        self.candidates = candidates
        self.bonus = bonus
        self.prior_bot = prior_bot  # the prior's heuristic, also the seat's own playout
        # policy (None: the playouts' normal bot)
        # What the rivals' plays showed: belief(seat, players) makes, at the first view, the
        # game's Belief or None; a Belief observe(view)s each decision and sample(view, rng)s
        # for the search (None: module.sample_state from the view alone).
        self.make_belief = belief
        self.belief = None
        self.horizon = horizon  # where a playout ends besides its depth (Search's horizon)
        self.narrow = narrow  # between rounds of candidates, drops some (Search's narrow)
        self.sliced = sliced  # a step is one decision of a playout (Search's sliced)
        self.strict = False  # tests: the heuristic's errors raise instead of falling back
        self.search = None
        self.answer = None  # the last finished search's choice (or the prior)
        self.thought = None  # the prior being worked out (sliced), by `thinker`
        self.thinker = None
        self.view = None  # the view of the decision until its search begins
        self.pace = 0  # ms a playout took in the last search that ran one (0: not known)
        self.skips = 0  # decisions in a row answered without a search (start)

    def see(self, view):
        """A view of this seat at a decision made without this bot (a benchmark playing
        another bot for the seat): what it shows is read as at the bot's own decisions."""
        make = self.make_belief
        if make is not None:  # the first view: the table's size is known
            self.make_belief = None
            self.belief = make(self.seat, view["players"])
        if self.belief is not None:
            self.belief.observe(view)

    def start(self, view):
        """Begin a decision: the heuristic's choice (the prior), then the search. Sliced,
        the prior is worked out in step()s and this returns None; otherwise it is found
        here and this returns the Search (None: the prior is the answer, no search)."""
        legal = view["legal"]
        if not legal:
            raise ValueError("seat %d has no decision to make now" % self.seat)
        self.see(view)  # every decision, searched or not: no play goes unread
        policy = shared_policy(self.heuristic, view["players"])
        thinker = self.prior_bot  # the heuristic's own choice for this seat
        if thinker is None:
            thinker = policy[self.seat]
        self.thinker = thinker
        self.search = None
        self.answer = None
        self.view = view  # until the prior is known
        self.thought = thinker.thinking(view)
        if not self.sliced:
            self._think_out(True)
        return self.search

    def _think_out(self, search):
        """The rest of the prior's thought at once (see _think)."""
        while self._think(search):
            pass

    def _think(self, search):
        """A piece of the prior's thought; once it ends, the search begins (`search`: a stop
        takes the prior as the answer). True while the prior is still being worked out."""
        thinker = self.thinker
        thought = self.thought
        if thinker is None or thought is None:
            return False
        thinker.strict = self.strict
        try:
            next(thought)
            return True
        except StopIteration as done:
            self.thought = None
            view = self.view
            self.view = None
            self.answer = done.value
            if search:
                self._begin(view, done.value)
            return False
        finally:
            thinker.strict = False

    def _begin(self, view, prior):
        budget = self.budget_ms
        if budget is not None and 3 * self.pace >= budget and self.skips < REPACE:
            # At the last search's pace the budget's stop rule (Search.step) would end this
            # one after its first playout, the prior's own, which cannot change the answer:
            # the heuristic answers at once (Diploma on a board: 1.1 s a playout). Every
            # REPACE decisions a search runs anyway, for a fresh pace.
            self.skips += 1
            return
        self.skips = 0
        belief = self.belief
        rng = self._prng(_digest(self.seed, view))
        try:
            self.search = Search(self.module, view, shared_policy(self.heuristic,
                                                                   view["players"]),
                                 self.evaluate, rng, self.budget_ms, self.playouts,
                                 self.depth, prior, self.candidates, self.bonus,
                                 self.prior_bot, belief.sample if belief is not None else None,
                                 self.horizon, self.narrow, self.sliced)
        except MemoryError:  # no room to search at all: the heuristic's choice is the answer
            self.search = None

    def step(self):
        if self.thought is not None:
            return self._think(True) or self.search is not None
        return self.search.step() if self.search is not None else False

    def stop(self):
        """A button: the best answer so far (still working out the prior: the prior)."""
        self._think_out(False)
        if self.search is not None:
            self.search.stop()

    def result(self):
        """The best action so far. Once the search is over it is let go (its lists stayed
        on the heap until this bot's next turn) and its answer kept."""
        if self.thought is not None:  # no answer before the prior's
            self.stop()
        search = self.search
        if search is None:
            return self.answer
        answer = search.best()
        if search.done:
            self._ended(search)
            self.answer = answer
        return answer

    def _ended(self, search):
        self.search = None
        if search.playouts:
            self.pace = search.elapsed_ms() // search.playouts

    def choose(self, view):
        self.start(view)
        self._think_out(True)
        search = self.search
        if search is None:
            return self.answer
        action = search.run()
        self._ended(search)
        return action
