# Pebbles (2 players): take stones from a pile, never your hidden card's number of them.
# Rule ids: B-S1 a round's pile; B-S2 the deal; B-S3 who begins; B-T1 a take; B-T2 the card's
# ban; B-E1 a round's end; B-E2 the game's end; B-O1 its length. Rules only: no I/O.
from firmware.core.base import GameState, check_players, read_options

from . import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's; its package's)

OPTIONS = (("rounds", ("5", "3", "1")),)  # B-O1: rounds played (an odd count: no tie, B-E2)

PILE = 12  # B-S1: stones at the start of each round
CARDS = (1, 1, 2, 2, 3, 3)  # B-S2: the deck; a card is the take its holder may not make
TAKES = (1, 2, 3)  # B-T1: an action is the number of stones taken


def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players, seed, read_options(OPTIONS, options))


class State(GameState):
    game = "pebbles"

    def __init__(self, players, seed, options, copy_of=None):
        if copy_of is not None:
            self._copy_start(copy_of)
            self.rounds = copy_of.rounds
            self.played = copy_of.played
            self.won = list(copy_of.won)
            self.pile = copy_of.pile
            self.turn = copy_of.turn
            self.cards = list(copy_of.cards)
            self.deck = list(copy_of.deck)
            return
        self._start(players, seed, options)
        self.rounds = int(options["rounds"])
        self.played = 0  # rounds finished
        self.won = [0] * players  # rounds won, per seat
        self._deal(self.rng.randbelow(players))  # B-S3: the first round's first player by lot

    def clone(self):
        return State(0, 0, None, self)

    def _deal(self, first):
        # B-S1, B-S2: a full pile, a hidden card to each seat, the rest set aside unseen.
        self._reveal()  # a card its seat did not know
        deck = list(CARDS)
        self.rng.shuffle(deck)
        self.cards = deck[:self.players]
        self.deck = deck[self.players:]
        self.pile = PILE
        self.turn = first

    # ---- The contract ----
    def current_player(self):
        return self.turn  # -1 once over

    def legal_actions(self):
        if self.turn < 0:
            return []
        takes = [t for t in TAKES if t <= self.pile]  # B-T1
        allowed = [t for t in takes if t != self.cards[self.turn]]
        return allowed or takes  # B-T2: the card's number only when no other take is left

    def _do(self, take):
        self.pile -= take
        if self.pile:
            self.turn = (self.turn + 1) % self.players
            return
        winner = self.turn  # B-E1: the last stone wins the round
        self.won[winner] += 1
        self.played += 1
        self._note("P%d took the last stone: round %d is P%d's (cards: %s)",
                   (winner + 1, self.played, winner + 1, " ".join([str(c) for c in self.cards])))
        if self.played >= self.rounds:  # B-E2
            self.turn = -1
        else:
            self._deal((winner + 1) % self.players)  # B-S3: the round's loser begins

    def scores(self):
        return list(self.won)  # B-E2: the most rounds won wins

    def rounds_scored(self):
        return self.played

    def view(self, seat):
        """What `seat` may know: its own card, not the other's (both shown once the game is
        over); the cards set aside are never shown."""
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "rounds": self.rounds,
            "played": self.played,
            "won": list(self.won),
            "pile": self.pile,
            "turn": self.turn,
            "current": self.turn,
            "card": self.cards[seat],
            "cards": list(self.cards) if self.turn < 0 else None,
            "legal": self.legal_actions() if seat == self.turn else [],
            "notes": list(self.notes),
        }

    def action_text(self, action, viewer=-1):
        return "take %d%s" % (action, ", the last" if action == self.pile else "")


def sample_state(view, rng):
    """A State consistent with `view` for the hard bot's search: what its seat has not seen
    (the other's card, unless shown; the order of the cards set aside) dealt with `rng`. A
    fresh Prng, an empty history: NOT replayable, only to look ahead. It ignores what only
    memory tells (the other's takes)."""
    s = new_game(view["players"], rng.randbelow(1 << 28), view["options"])
    unseen = list(CARDS)
    for card in view["cards"] or [view["card"]]:
        unseen.remove(card)
    rng.shuffle(unseen)
    s.cards = list(view["cards"] or [view["card"], view["card"]])
    if not view["cards"]:
        s.cards[1 - view["seat"]] = unseen.pop()  # the other seat's, from the unseen cards
    s.deck = unseen
    s.played = view["played"]
    s.won = list(view["won"])
    s.pile = view["pile"]
    s.turn = view["turn"]
    s.notes = list(view["notes"])
    return s
