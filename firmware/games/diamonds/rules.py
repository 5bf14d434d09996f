# Diamonds (Mike Fitzgerald; 2-6 players): a trick-taking game where every suit is an action
# that gains, secures or steals crystals. Rule ids (M-C1, M-R4, ...) refer to seeds/diamonds.md.
# Rules only: no I/O.
#
# Cards are small ints 0..59: suit = card // 15 in the order D (diamonds), H (hearts),
# S (spades), C (clubs) -- also the order of the end-of-round majorities (M-R7) -- and
# rank = card % 15 + 1. Card text is ASCII ("8D", "15C") so every serial terminal shows it.
# Crystals are counts per side: a side is a player, or a team in team mode (M-O3).

from firmware.core.base import GameState, check_players, read_options
from firmware.games.diamonds import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's)

OPTIONS = (
    ("perfect", ("off", "on")),  # M-O1 perfect diamonds
    ("show_score", ("off", "on")),  # M-O2 vaults public
    ("teams", ("off", "on")),  # M-O3 team mode, 4 and 6 players only
)

# ---- Data: every number of the rules in one place --------------------------------------
SUITS = 4  # M-C1
RANKS = 15
DECK_SIZE = SUITS * RANKS  # 60
DIAMONDS = 0
HEARTS = 1
SPADES = 2
CLUBS = 3
SUIT_LETTERS = "DHSC"
SUIT_NAMES = ("Diamonds", "Hearts", "Spades", "Clubs")
SUIT_WORDS = ("diamond", "heart", "spade", "club")  # a suit in a sentence (plural: +s)
HAND_SIZE = 10  # M-R1
START_SHOWROOM = 3  # M-S1
PASS_COUNTS = (1, 2, 3)  # M-R2
NO_TRICK_DIAMONDS = 2  # M-R7 (b)
TWO_PLAYER_TRICK = 4  # M-R6
ROUNDS = (0, 0, 4, 6, 4, 5, 6)  # M-E1, by player count
PERFECT_TOP = (0, 0, 8, 9, 13, 15, 15)  # M-O1: highest rank kept, by player count
TEAM_COUNTS = (4, 6)  # M-O3
SHOWROOM_POINTS = 1  # M-E2
VAULT_POINTS = 2

# ---- Actions (small ints) ----------------------------------------------------------------
COUNT = 10  # + 1..3: the dealer's pass count (M-R2)
CONFIRM = 20  # pass the chosen cards (M-R2)
PICK = 100  # + card: choose a hand card for the pass
UNPICK = 200  # + card: put a chosen card back in the hand
PLAY = 300  # + card: play a card to the trick (M-R4)

# ---- Phases --------------------------------------------------------------------------------
P_COUNT = 0
P_PASS = 1
P_PLAY = 2
P_OVER = 3
PHASES = ("count", "pass", "play", "over")


# ---- Cards ---------------------------------------------------------------------------------
def suit(card):
    return card // RANKS


def rank(card):
    return card % RANKS + 1


def make_card(r, s):
    """Card of rank r (1..15) and suit s (0..3)."""
    return s * RANKS + r - 1


def card_text(card):
    """'8D', '15C' (ASCII: D diamonds, H hearts, S spades, C clubs)."""
    return "%d%s" % (rank(card), SUIT_LETTERS[suit(card)])


def cards_text(cards):
    return " ".join([card_text(c) for c in cards])


def deck_for(players, perfect):
    """M-R1 / M-O1: (the cards in play, the hand size)."""
    if perfect:
        top = PERFECT_TOP[players]
        cards = [c for c in range(DECK_SIZE) if rank(c) <= top]
        return cards, len(cards) // players
    return list(range(DECK_SIZE)), HAND_SIZE


def points(showroom, vault):
    """M-E2: 1 point per showroom crystal, 2 per vault crystal."""
    return SHOWROOM_POINTS * showroom + VAULT_POINTS * vault


def majority(counts):
    """M-R7 (a): the index with strictly the most (> 0), or -1 on a tie or all zero."""
    best = -1
    top = 0
    tied = False
    for i in range(len(counts)):
        if counts[i] > top:
            top = counts[i]
            best = i
            tied = False
        elif counts[i] == top and top > 0:
            tied = True
    return -1 if tied else best


def trick_winner(cards):
    """M-R5 / M-R6: index in `cards` (play order) of the highest card of the led suit."""
    led = suit(cards[0])
    best = 0
    for i in range(1, len(cards)):
        if suit(cards[i]) == led and cards[i] > cards[best]:
            best = i
    return best


# ---- Game ------------------------------------------------------------------------------------
def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    merged = read_options(OPTIONS, options)
    if merged["teams"] == "on" and players not in TEAM_COUNTS:
        raise ValueError(
            "team mode needs 4 or 6 players (partners sit opposite), got %d" % players
        )
    return State(players, seed, merged)


class State(GameState):
    game = "diamonds"

    def __init__(self, players, seed, options, copy_of=None):
        if copy_of is not None:
            self._copy(copy_of)
            return
        n = players
        self._start(n, seed, options)
        self.teams = options["teams"] == "on"
        self.sides = n // 2 if self.teams else n  # M-O3: one showroom and vault per team
        self.rounds = ROUNDS[n]  # M-E1
        self.round = 0
        self.showroom = [START_SHOWROOM] * self.sides  # M-S1
        self.vault = [0] * self.sides
        self.created = START_SHOWROOM * self.sides  # crystals taken from the supply so far
        self.acts = []  # suit actions the last action caused: acting seat * 4 + suit
        self.results = []  # per scored round: [won counts n*4, majority side per suit, ...]
        self.dealer = self.rng.randbelow(n)  # M-S2
        self.thief = (self.dealer + 1) % n  # M-S2: left of the dealer
        self._setup_round()

    def _copy(self, other):
        self._copy_start(other)
        self.teams = other.teams
        self.sides = other.sides
        self.rounds = other.rounds
        self.round = other.round
        self.showroom = list(other.showroom)
        self.vault = list(other.vault)
        self.created = other.created
        self.acts = list(other.acts)
        self.results = [[list(part) for part in r] for r in other.results]
        self.dealer = other.dealer
        self.thief = other.thief
        self.hand_size = other.hand_size
        self.aside = list(other.aside)
        self.hands = [list(h) for h in other.hands]
        self.chosen = [list(c) for c in other.chosen]
        self.given = [list(g) for g in other.given]
        self.voids = list(other.voids)
        self.won = [list(w) for w in other.won]
        self.tricks = list(other.tricks)
        self.trick = list(other.trick)
        self.leader = other.leader
        self.last_trick = list(other.last_trick)
        self.last_leader = other.last_leader
        self.last_winner = other.last_winner
        self.count = other.count
        self.passed = other.passed
        self.turn = other.turn
        self.phase = other.phase

    def clone(self):
        return State(0, 0, None, self)

    # ---- Sides (M-O3) ----
    def side(self, seat):
        """The seat's side: itself, or its team (partners are seats i and i + n/2)."""
        return seat % self.sides if self.teams else seat

    def _side_name(self, side):
        if self.teams:
            return "team P%d+P%d" % (side + 1, side + self.sides + 1)
        return "P%d" % (side + 1)

    def _pass_target(self, seat):
        # M-R2: to the left (the next seat), 2 players: the opponent; M-O3: the partner.
        if self.teams:
            return (seat + self.sides) % self.players
        return (seat + 1) % self.players

    # ---- Round setup (M-R1) ----
    def _setup_round(self):
        n = self.players
        deck, self.hand_size = deck_for(n, self.options["perfect"] == "on")
        self._reveal()  # a new hand
        self.rng.shuffle(deck)
        self.aside = [c for c in range(DECK_SIZE) if c not in deck]  # M-O1 removed ranks
        self.hands = [[] for _ in range(n)]
        # One card at a time, starting left of the dealer [project]; the rest set aside.
        i = 0
        for _ in range(self.hand_size):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(deck[i])
                i += 1
        for hand in self.hands:
            hand.sort()
        self.aside.extend(deck[i:])
        self.aside.sort()
        self.chosen = [[] for _ in range(n)]  # cards chosen for the pass, not yet passed
        self.given = [[] for _ in range(n)]  # cards each seat passed, still in the taker's hand
        self.voids = [0] * n  # per seat, a bit per suit it showed it has none of (M-R4)
        self.won = [[] for _ in range(n)]  # each player's won cards (face down)
        self.tricks = [0] * n
        self.trick = []  # cards of the trick in progress, in play order
        self.leader = -1
        self.last_trick = []
        self.last_leader = -1
        self.last_winner = -1
        self.count = 0  # the pass count (M-R2)
        self.passed = 0  # players who have confirmed their pass
        self.turn = self.dealer
        self.phase = P_COUNT

    # ---- Suit actions (M-A) ----
    def _suit_action(self, seat, s, why=None, args=()):
        """Seat (a player; at the end of a round in team mode, a team's first seat) takes
        the action of suit s; a note tells it after the reason, `why % args` (none: a card's
        own action, its sentence tells it, move_text)."""
        self.acts.append(seat * SUITS + s)
        if why is not None and not self.quiet:  # (the text is made only to be kept)
            self._note("%s: %s action, %s", (why % args, SUIT_WORDS[s], self._suit_words(seat, s)))
        side = self.side(seat)
        if s == DIAMONDS:  # M-A1
            self.vault[side] += 1
            self.created += 1
        elif s == HEARTS:  # M-A2
            self.showroom[side] += 1
            self.created += 1
        elif s == SPADES:  # M-A3
            if self.showroom[side] > 0:
                self.showroom[side] -= 1
                self.vault[side] += 1
        else:  # M-A4: from the token's holder, unless it is the taker's side or has none
            victim = self.side(self.thief)
            self.thief = (self.thief + 1) % self.players
            if victim != side and self.showroom[victim] > 0:
                self.showroom[victim] -= 1
                self.showroom[side] += 1

    def _suit_words(self, seat, s):
        """What seat's action of suit s would do now ('steals a crystal from P2, thief token
        to P3': the seat, or its side, is the sentence's)."""
        side = self.side(seat)
        if s == DIAMONDS:
            return "+1 vault crystal"
        if s == HEARTS:
            return "+1 showroom crystal"
        if s == SPADES:
            return "a showroom crystal to the vault" if self.showroom[side] else "nothing to move"
        victim = self.side(self.thief)
        what = "nothing stolen"  # (its own token, or an empty showroom)
        if victim != side and self.showroom[victim]:
            what = "steals a crystal from " + self._side_name(victim)
        return "%s, thief token to P%d" % (what, (self.thief + 1) % self.players + 1)

    # ---- The contract ----
    def current_player(self):
        if self.phase == P_OVER:
            return -1
        return self.turn

    def legal_actions(self):
        phase = self.phase
        if phase == P_PLAY:
            hand = self.hands[self.turn]
            if self.trick:
                led = suit(self.trick[0])
                follow = [PLAY + c for c in hand if suit(c) == led]  # M-R4
                if follow:
                    return follow
            return [PLAY + c for c in hand]
        if phase == P_PASS:
            chosen = self.chosen[self.turn]
            if len(chosen) < self.count:
                actions = [PICK + c for c in self.hands[self.turn]]
            else:
                actions = [CONFIRM]
            for c in sorted(chosen):
                actions.append(UNPICK + c)
            return actions
        if phase == P_COUNT:
            return [COUNT + k for k in PASS_COUNTS]
        return []

    def _do(self, action):
        self.acts = []
        phase = self.phase
        if phase == P_PLAY:
            self._play(action - PLAY)
        elif phase == P_PASS:
            if action == CONFIRM:
                self._confirm()
            elif action >= UNPICK:
                self._unpick(action - UNPICK)
            else:
                self._pick(action - PICK)
        elif phase == P_COUNT:
            self._set_count(action - COUNT)

    # ---- Passing (M-R2) ----
    def _set_count(self, k):
        self.count = k
        self.passed = 0
        self.phase = P_PASS
        self.turn = self.dealer  # the dealer chooses first, then each seat to the left
        self._note("P%d (dealer) sets the pass: %d card%s each",
                   (self.dealer + 1, k, "" if k == 1 else "s"))

    def _pick(self, card):
        self.hands[self.turn].remove(card)
        self.chosen[self.turn].append(card)

    def _unpick(self, card):
        self.chosen[self.turn].remove(card)
        hand = self.hands[self.turn]
        hand.append(card)
        hand.sort()

    def _confirm(self):
        self.passed += 1
        if self.passed < self.players:
            self.turn = (self.turn + 1) % self.players
            return
        # Everyone has chosen: all pass at once.
        self._reveal()  # the cards passed to each seat
        n = self.players
        for seat in range(n):
            hand = self.hands[self._pass_target(seat)]
            hand.extend(self.chosen[seat])
            hand.sort()
        self.given = self.chosen
        self.chosen = [[] for _ in range(n)]
        if self.teams:
            self._note("everyone passes %d card(s) to the partner", self.count)
        elif n == 2:
            self._note("both players pass %d card(s) to the opponent", self.count)
        else:
            self._note("everyone passes %d card(s) to the left", self.count)
        self.phase = P_PLAY
        self.leader = (self.dealer + 1) % n  # M-R3
        self.turn = self.leader

    # ---- Trick play (M-R3 .. M-R6) ----
    def _trick_size(self):
        return TWO_PLAYER_TRICK if self.players == 2 else self.players

    def _play(self, card):
        seat = self.turn
        self.hands[seat].remove(card)
        for given in self.given:
            if card in given:
                given.remove(card)
        self.trick.append(card)
        if len(self.trick) > 1 and suit(card) != suit(self.trick[0]):
            self.voids[seat] |= 1 << suit(self.trick[0])
            # M-R4: could not follow: the played suit's action at once (move_text tells it).
            self._suit_action(seat, suit(card))
        if len(self.trick) < self._trick_size():
            self.turn = (seat + 1) % self.players
            return
        self._end_trick()

    def _end_trick(self):
        n = self.players
        cards = self.trick
        i = trick_winner(cards)
        winner = (self.leader + i) % n
        self.won[winner].extend(cards)
        self.tricks[winner] += 1
        self.last_trick = cards
        self.last_leader = self.leader
        self.last_winner = winner
        self.trick = []
        card = cards[i]
        if suit(cards[-1]) == suit(cards[0]):  # M-R5, told by the last card's sentence
            self._suit_action(winner, suit(cards[0]))
        else:  # (after an off-suit card, whose sentence tells its own action)
            self._suit_action(winner, suit(cards[0]), "P%d wins the trick with %d%s",
                              (winner + 1, rank(card), SUIT_LETTERS[suit(card)]))
        if self.hands[winner]:
            self.leader = winner
            self.turn = winner
            return
        self._end_round()

    # ---- End of round (M-R7) and game (M-E) ----
    def won_counts(self):
        """Won cards per seat and suit, flat: index seat * 4 + suit."""
        counts = [0] * (self.players * SUITS)
        for seat in range(self.players):
            for card in self.won[seat]:
                counts[seat * SUITS + suit(card)] += 1
        return counts

    def side_counts(self, counts, s):
        """Won cards of suit s per side (M-O3: partners combined)."""
        per = [0] * self.sides
        for seat in range(self.players):
            per[self.side(seat)] += counts[seat * SUITS + s]
        return per

    def _end_round(self):
        n = self.players
        counts = self.won_counts()
        majors = []
        for s in range(SUITS):  # M-R7 (a), in the order D, H, S, C
            per = self.side_counts(counts, s)
            side = majority(per)
            majors.append(side)
            if side < 0:
                if max(per) == 0:
                    self._note("round end: nobody won a %s: no action", SUIT_WORDS[s])
                else:
                    self._note("round end: most %ss tied (%d): no action",
                               (SUIT_WORDS[s], max(per)))
            else:
                self._suit_action(side, s, "round end: %s has the most %ss (%d)",
                                  (self._side_name(side), SUIT_WORDS[s], per[side]))
        none = []
        for k in range(1, n + 1):  # M-R7 (b), seat order from left of the dealer
            seat = (self.dealer + k) % n
            if self.tricks[seat] == 0:
                none.append(seat)
                for _ in range(NO_TRICK_DIAMONDS):
                    self._suit_action(seat, DIAMONDS, "round end: P%d won no trick", seat + 1)
        self.results.append([counts, majors, none, list(self.tricks)])
        if self.round + 1 >= self.rounds:  # M-E1
            self.phase = P_OVER
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % n  # M-R1: the deal moves left
        self._setup_round()

    def side_points(self):
        return [points(self.showroom[t], self.vault[t]) for t in range(self.sides)]

    def rounds_scored(self):
        return len(self.results)

    def scores(self):
        """M-E2: points of each seat's side (partners share their team's)."""
        per = self.side_points()
        return [per[self.side(seat)] for seat in range(self.players)]

    def winning_sides(self):
        """M-E2: most points, then most vault crystals, then shared."""
        per = self.side_points()
        best = max(per)
        tied = [t for t in range(self.sides) if per[t] == best]
        most = max([self.vault[t] for t in tied])
        return [t for t in tied if self.vault[t] == most]

    def winners(self):
        if not self.is_over():
            return []
        sides = self.winning_sides()
        return [seat for seat in range(self.players) if self.side(seat) in sides]

    # ---- What a seat may see ----
    def bot_view(self, seat):
        """The part of view(seat) the heuristic bots read (firmware/games/diamonds/bot.py), the
        same entries with the same values: a search's playouts ask for it at every move, and
        on MicroPython the full view's copies (notes, results, won cards) took 29% of a
        hard decision's time. (view() makes its own dict at once: one grown from this one
        took 2 KiB more of a PyBadge's heap.)"""
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "teams": self.teams,
            "sides": self.sides,
            "side": [self.side(s) for s in range(self.players)],
            "round": self.round + 1,
            "thief": self.thief,
            "phase": PHASES[self.phase],
            "hand": sorted(self.hands[seat]),
            "chosen": sorted(self.chosen[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "showroom": list(self.showroom),
            "leader": self.leader,
            "trick": list(self.trick),
            "led": suit(self.trick[0]) if self.trick else -1,
            "tricks": list(self.tricks),
            "legal": self.legal_actions() if seat == self.current_player() else [],
        }

    def view(self, seat):
        """Everything `seat` may know: its own hand and chosen cards, the others' counts, the
        cards it passed that the taker still holds, the suits each seat showed it lacks,
        the showrooms, the vaults of its own side (all of them with show score or once the
        game is over), the trick, the won cards per suit, the thief token."""
        over = self.phase == P_OVER
        own = self.side(seat)
        public = over or self.options["show_score"] == "on"
        counts = self.won_counts()
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "teams": self.teams,
            "sides": self.sides,
            "side": [self.side(s) for s in range(self.players)],
            "round": self.round + 1,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "thief": self.thief,
            "turn": self.turn,
            "current": self.current_player(),
            "phase": PHASES[self.phase],
            "count": self.count,
            "passed": self.passed,
            "hand_size": self.hand_size,
            "hand": sorted(self.hands[seat]),
            "chosen": sorted(self.chosen[seat]),
            "hand_counts": [len(h) for h in self.hands],
            # What play and the pass have shown of the hidden hands (sample_state uses them):
            "voids": list(self.voids),
            "given": sorted(self.given[seat]),
            "chosen_counts": [len(c) for c in self.chosen],
            "showroom": list(self.showroom),
            "vault": self.vault[own],
            "vaults": [self.vault[t] if public or t == own else None
                       for t in range(self.sides)],
            "leader": self.leader,
            "trick": list(self.trick),
            "led": suit(self.trick[0]) if self.trick else -1,
            "last_trick": list(self.last_trick),
            "last_leader": self.last_leader,
            "last_winner": self.last_winner,
            "won": [counts[s * SUITS:(s + 1) * SUITS] for s in range(self.players)],
            # Every card of a finished trick was played face up (sample_state needs them):
            "won_cards": [sorted(w) for w in self.won],
            "tricks": list(self.tricks),
            "results": [[list(part) for part in r] for r in self.results],
            "scores": self.scores() if public else None,
            "legal": self.legal_actions() if seat == self.current_player() else [],
            "notes": list(self.notes),
        }

    def move_text(self, action, viewer=-1):
        """A move in one sentence, before it is made: a pass at its confirm (M-R2: its cards
        named only to the passer and, once the last seat passes and all pass at once, the
        taker), a card with what it does (M-R4, M-R5). None: the dealer's count (its note
        tells it), a card chosen for the pass or taken back (the confirm tells them)."""
        seat = self.turn
        if action >= PLAY:
            return "P%d%s" % (seat + 1, self._play_words(action - PLAY))
        if action != CONFIRM:
            return None
        taker = self._pass_target(seat)
        chosen = self.chosen[seat]
        k = len(chosen)
        if viewer < 0 or viewer == seat or (viewer == taker and self.passed + 1 == self.players):
            what = cards_text(sorted(chosen))
        else:
            what = "%d card%s" % (k, "" if k == 1 else "s")
        return "P%d passes %s to P%d" % (seat + 1, what, taker + 1)

    def _play_words(self, card):
        """' plays 10D and wins the trick: +1 vault crystal': what playing `card` does: off
        suit, its own action (M-R4: a trick it ends is told by a note, the sentence kept to
        the news row's rows); else the action of the trick it ends (M-R5)."""
        seat = self.turn
        trick = self.trick
        if trick and suit(card) != suit(trick[0]):
            return " cannot follow, plays %s: %s" % (card_text(card),
                                                     self._suit_words(seat, suit(card)))
        words = " plays " + card_text(card)
        if len(trick) + 1 < self._trick_size():
            return words
        cards = trick + [card]
        winner = (self.leader + trick_winner(cards)) % self.players
        done = self._suit_words(winner, suit(cards[0]))
        if winner == seat:
            return "%s and wins the trick: %s" % (words, done)
        return "%s; P%d wins the trick: %s" % (words, winner + 1, done)

    def action_text(self, action, viewer=-1):
        """Short words for `action` now. A viewer other than the deciding seat is not told
        which card is chosen for a pass."""
        hidden = viewer >= 0 and viewer != self.current_player()
        if action >= PLAY:
            return "play " + card_text(action - PLAY)
        if action >= UNPICK:
            return "take back " + ("a card" if hidden else card_text(action - UNPICK))
        if action >= PICK:
            return "choose " + ("a card" if hidden else card_text(action - PICK)) + " to pass"
        if action == CONFIRM:
            return "pass the chosen cards"
        k = action - COUNT
        return "pass %d card%s" % (k, "" if k == 1 else "s")


def sample_state(view, rng, unlikely=None, mend=None):
    """A full State consistent with `view` (for search, as OpenSpiel resamples from an information
    state): the cards `view["seat"]` cannot see (other hands, cards others chose to pass, the
    undealt cards) are dealt at random with `rng`, as far as the view allows: the cards the seat
    passed stay in the taker's hand, and a seat that did not follow a suit gets none of it
    (M-R4; should those suits leave too few cards, the last seats take what is left). unlikely:
    None, or per seat a bytearray of DECK_SIZE, 1 for a card the seat is believed not to hold (a
    bot's reading of its plays): dealt to it only when the other cards run short. mend: None, or
    mend(seat, hand, pool, void, rng), called with each hand dealt, may swap cards of `hand`
    with cards of `pool` (those not dealt yet) to fit what a bot has seen (`void`: the seat's
    void suits, a bit set). A side's vault count that the view hides is guessed as the seat's
    own side's (the only hidden number). The state has a fresh Prng drawn from `rng`, an empty
    history and a seed of its own: it is NOT replayable, use it only to look ahead."""
    n = view["players"]
    me = view["seat"]
    s = new_game(n, rng.randbelow(1 << 28), view["options"])
    s.notes = list(view["notes"])
    s.round = view["round"] - 1
    s.showroom = list(view["showroom"])
    own = view["vault"]
    s.vault = [own if v is None else v for v in view["vaults"]]
    s.created = sum(s.showroom) + sum(s.vault)
    s.results = [[list(part) for part in r] for r in view["results"]]
    s.dealer = view["dealer"]
    s.thief = view["thief"]
    s.hand_size = view["hand_size"]
    s.won = [list(w) for w in view["won_cards"]]
    s.tricks = list(view["tricks"])
    s.trick = list(view["trick"])
    s.leader = view["leader"]
    s.last_trick = list(view["last_trick"])
    s.last_leader = view["last_leader"]
    s.last_winner = view["last_winner"]
    s.count = view["count"]
    s.passed = view["passed"]
    s.turn = view["turn"]
    s.phase = PHASES.index(view["phase"])
    # Unseen: the cards in play (M-O1) not in my hand or choice, the trick or the won piles.
    deck = deck_for(n, view["options"]["perfect"] == "on")[0]
    seen = bytearray(DECK_SIZE)
    for card in view["hand"]:
        seen[card] = 1
    for card in view["chosen"]:
        seen[card] = 1
    for card in view["trick"]:
        seen[card] = 1
    for pile in view["won_cards"]:
        for card in pile:
            seen[card] = 1
    given = view["given"]
    for card in given:
        seen[card] = 1
    pool = [c for c in deck if not seen[c]]
    rng.shuffle(pool)
    s.voids = list(view["voids"])
    taker = s._pass_target(me)
    s.given[me] = list(given)
    s.hands[me] = list(view["hand"])
    s.chosen[me] = list(view["chosen"])
    for seat in _most_voids_first(s.voids, me):
        hand = list(given) if seat == taker else []
        out = unlikely[seat] if unlikely is not None else None
        pool = _deal_into(hand, view["hand_counts"][seat], s.voids[seat], pool, out)
        hand.sort()
        if mend is not None:
            mend(seat, hand, pool, s.voids[seat], rng)
        s.hands[seat] = hand
        k = view["chosen_counts"][seat]
        s.chosen[seat] = pool[:k]
        pool = pool[k:]
    aside = [c for c in range(DECK_SIZE) if c not in deck] + pool
    aside.sort()
    s.aside = aside
    return s


def _most_voids_first(voids, me):
    """The other seats, the one with the most void suits first (it has the fewest cards
    it may take)."""
    seats = [(-sum((v >> x) & 1 for x in range(SUITS)), seat)
             for seat, v in enumerate(voids) if seat != me]
    seats.sort()
    return [seat for _, seat in seats]


def _deal_into(hand, size, void, pool, unlikely=None):
    """Fills `hand` up to `size` from `pool` in its order, skipping the suits in the bit
    set `void` and the cards marked in the bytearray `unlikely`, then from the unlikely
    cards, then from the void suits if those were too few: the cards left."""
    later = []  # believed not held
    last = []  # of a void suit, or past a full hand
    for card in pool:
        if len(hand) >= size or (void >> suit(card)) & 1:
            last.append(card)
        elif unlikely is not None and unlikely[card]:
            later.append(card)
        else:
            hand.append(card)
    left = later + last
    need = size - len(hand)
    if need > 0:
        hand.extend(left[:need])
        left = left[need:]
    return left
