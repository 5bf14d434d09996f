# What the Diamonds hard bot reads of its rivals' hands from their plays and the pass (rule
# ids M-xx refer to seeds/diamonds.md): the search's samples keep it (firmware/bots/search.py,
# SearchBot's belief; firmware/games/diamonds/bot.py, belief() makes it with 2 players).
from firmware.games.diamonds import rules

FIT_SWAPS = 20  # Belief.mend: cards of a sampled hand swapped at most to fit the pass


class Belief:
    """The cards each rival is believed not to hold, read from its plays this round as the
    normal heuristic (firmware/games/diamonds/bot.py) makes them (it follows with its lowest card
    unless it takes the trick, leads the top card of its best suit, ...). A model, not a
    rule: a rival that plays otherwise only makes the samples lean the wrong way, since a
    card believed away is still dealt when the others run short (rules.sample_state's
    `unlikely`).

    The pass is read the same way, with 2 players and between partners (M-O3), where the
    seat that passed to this one also took its pass: from the hand it was dealt, the
    heuristic passes what it did (mend, sample_state's `mend`).

    observe(view) at each of the searching seat's decisions reads the plays since its last
    one (the trick and the last trick hold them all: the seat plays in every trick), and
    the pass; sample(view, rng) deals the hidden cards from the view with the beliefs.
    `heuristic` is the normal bot's module (bot.py: next_pass, action_values, WEAK_LEAD), the
    player the rivals are read as; it makes the Belief (belief()), so this module does not
    import it."""

    def __init__(self, seat, heuristic):
        self.seat = seat
        self.heuristic = heuristic
        self.round = -1
        self.read = 0  # the round's cards played that are already read
        self.unlikely = []  # per seat, a bytearray: 1 = believed not held
        # The pass (M-R2) with the seat that passes to this one and takes its pass (2
        # players; the partner, M-O3): what the heuristic passes from the hand it was dealt.
        self.giver = -1  # that seat (-1: none, or the pass not seen this round)
        self.dealt = None  # this seat's hand as dealt (seen at its pass)
        self.opened = False  # play began, the pass below was read
        self.received = []  # the cards the giver passed it
        self.passed = []  # the cards it passed the giver
        self.played = []  # the giver's cards played this round
        self.teams = False

    def observe(self, view):
        n = view["players"]
        trick = view["trick"]
        last = view["last_trick"]
        played = len(trick)
        for pile in view["won_cards"]:
            played += len(pile)
        if view["round"] != self.round or played < self.read or not self.unlikely:
            self.round = view["round"]  # a new round (or a game loaded): nothing known yet
            self.read = 0
            self.unlikely = [bytearray(rules.DECK_SIZE) for _ in range(n)]
            self.giver = -1
            self.dealt = None
            self.opened = False
            self.played = []
        self._see_pass(view)
        first = played - len(trick) - len(last)  # the round's index of the last trick's lead
        for cards, leader in ((last, view["last_leader"]), (trick, view["leader"])):
            for i in range(len(cards)):
                seat = (leader + i) % n
                if first + i >= self.read and seat != self.seat:
                    if seat == self.giver:
                        self.played.append(cards[i])
                    self._read_play(view, seat, cards, leader, i, first + i)
            first += len(cards)
        self.read = played

    def sample(self, view, rng):
        return rules.sample_state(view, rng, self.unlikely, self.mend if self.giver >= 0 else None)

    def mend(self, seat, hand, pool, void, rng):
        """Swaps the cards of the giver's `hand` that _misfit names for random cards of
        `pool` it may hold (not of a `void` suit nor unlikely), until it names none."""
        unlikely = self.unlikely[seat]
        for _ in range(FIT_SWAPS):
            bad = self._misfit(seat, hand)
            if bad is None or bad < 0:
                return
            spare = [i for i in range(len(pool)) if not (void >> rules.suit(pool[i])) & 1
                     and not unlikely[pool[i]]]
            if not spare:
                return
            i = spare[rng.randbelow(len(spare))]
            hand[hand.index(bad)] = pool[i]
            pool[i] = bad
            hand.sort()

    def _misfit(self, seat, hand):
        """Would the giver, dealt the hand it holds in this sample (with the cards it played,
        less those this seat passed it, plus those it passed), have passed what it did? None
        if so; else the card of `hand` it would have passed instead, -1 if that one is not
        in `hand` (played)."""
        if seat != self.giver:
            return None
        passed = self.passed
        received = self.received
        cards = [c for c in hand if c not in passed]
        for c in self.played:
            if c not in passed:
                cards.append(c)
        cards.extend(received)
        cards.sort()
        for _ in range(len(received)):
            c = self.heuristic.next_pass(cards, self.teams)
            if c not in received:
                return c if c in hand else -1
            cards.remove(c)
        return None

    def _see_pass(self, view):
        """At the seat's pass: its hand as dealt; at its first play: what the pass brought."""
        if view["phase"] == "pass":
            if self.dealt is None:
                self.dealt = view["hand"] + view["chosen"]
            return
        if self.dealt is None or self.opened:
            return
        self.opened = True
        n = view["players"]
        hand = view["hand"]
        self.received = [c for c in hand if c not in self.dealt]
        self.passed = [c for c in self.dealt if c not in hand]
        giver = (self.seat + view["sides"]) % n if view["teams"] else (self.seat - 1) % n
        if (n == 2 or view["teams"]) and len(self.received) == view["count"]:
            self.giver = giver
            self.teams = view["teams"]

    def _read_play(self, view, seat, cards, leader, i, index):
        n = view["players"]
        if n == 2 and index >= 2 * view["hand_size"] - rules.TWO_PLAYER_TRICK \
                and not view["tricks"][self.seat]:
            return  # the last trick: it may have ducked to give the bot a trick (_deny)
        card = cards[i]
        s = rules.suit(card)
        r = rules.rank(card)
        if i == 0:
            # What the actions are worth now is what they were worth at the lead only if
            # no card has been played since (a trick's end and off-suit cards change them).
            if len(cards) == 1:  # (the last trick is whole)
                self._read_lead(seat, s, r, self.heuristic.action_values(view, seat))
            return
        out = self.unlikely[seat]
        if s != rules.suit(cards[0]):
            # Off-suit: the lowest card of the suit whose action was worth most. Only what
            # holds whatever the actions were worth then (the action has since changed them):
            # a diamond is always worth most, and a club at most as much.
            _rule_out(out, s, 1, r - 1)
            if s != rules.DIAMONDS:
                _rule_out(out, rules.DIAMONDS, 1, rules.RANKS if s != rules.CLUBS else r - 1)
            return
        top_i = 0
        for k in range(i):
            if rules.suit(cards[k]) == s and cards[k] > cards[top_i]:
                top_i = k
        top = rules.rank(cards[top_i])
        sides = view["side"]
        friend = view["teams"] and sides[(leader + top_i) % n] == sides[seat]
        size = rules.TWO_PLAYER_TRICK if n == 2 else n
        if r < top or friend:
            _rule_out(out, s, 1, r - 1)  # it threw its lowest card
        elif i == size - 1:
            _rule_out(out, s, top + 1, r - 1)  # last to play: the cheapest win
        elif r >= 12 or r - top >= 5:
            _rule_out(out, s, r + 1, rules.RANKS)  # its strong card: its highest
        else:
            _rule_out(out, s, 1, r - 1)  # no likely win: its lowest, ...
            _rule_out(out, s, min(12, top + 5), rules.RANKS)  # ... and nothing strong above

    def _read_lead(self, seat, s, r, values):
        """_lead: the top card of the suit with the best (value + 1) * rank ** 2 (strong);
        when that top card is below WEAK_LEAD, the lowest card of some suit (weak)."""
        out = self.unlikely[seat]
        lead = self.heuristic.WEAK_LEAD
        weak = (max(values) + 1) * (lead - 1) * (lead - 1)  # the most a weak best
        score = (values[s] + 1) * r * r
        if r < lead:  # weak
            _rule_out(out, s, 1, r - 1)
            score = weak
            strong = False
        else:  # strong, unless a weak best top card scored above it
            strong = score > weak
            if strong:
                _rule_out(out, s, r + 1, rules.RANKS)
            else:
                score = weak
        for d in range(rules.DECK_SIZE):
            t = rules.suit(d)
            if t != s:
                rd = rules.rank(d)
                other = (values[t] + 1) * rd * rd
                if other > score or (other == score and t < s and strong):
                    out[d] = 1


def _rule_out(out, s, low, high):
    """Marks the ranks low..high of suit s as believed not held."""
    for r in range(low, high + 1):
        out[rules.make_card(r, s)] = 1
