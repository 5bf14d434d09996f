# Diam's (2-5 players): collect diamonds from the market, store sets of 3+ in your vault.
# Rule ids (D-C1, D-T6, ...) refer to seeds/diams.md. Rules only: no I/O.
#
# Cards are small ints: 0..49 diamonds (quality = card // 5 + 1; the first of each five,
# card % 5 == 0, is the special-purity one), 50..52 the special cards A B C, 53 the closing card.

from firmware.core.base import GameState, check_players, read_options
from firmware.games.diams import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's)

OPTIONS = (
    ("length", ("standard", "quick")),  # D-O1: 3 rounds by chips, or 1 round by points
    ("closing", ("standard", "fixed")),  # D-O2: closing card among the last cards, or last
)

# ---- Data: every number of the rules in one place --------------------------------------
QUALITIES = 10  # D-C1
COPIES = 5  # D-C1: five cards per quality, one of them special purity (D-C2)
# D-V: points of a vault collection of 3 / 4 / 5 cards, per quality 1..10.
VALUES = (
    (4, 7, 12),
    (5, 8, 13),
    (6, 9, 14),
    (7, 10, 15),
    (8, 11, 16),
    (9, 12, 17),
    (10, 13, 18),
    (2, 5, 10),
    (2, 5, 10),
    (2, 5, 10),
)
COLOURS = ("purple", "pink", "orange", "yellow", "blue", "green", "red", "white", "grey", "brown")
CARD_A = 50  # Compulsory Sale or Convoy (D-C3)
CARD_B = 51  # Compulsory Sale or Safecracker
CARD_C = 52  # Compulsory Sale or Sleight of Hand
CLOSING = 53  # D-C4
DECK_SIZE = 54
SPECIAL_LETTERS = "ABC"
MARKET_DEAL = 3  # D-S2, D-T10
HAND_DEAL = 3  # D-S2
MARKET_DRAW = 2  # D-T1
HAND_LIMIT = 5  # D-T9
CLOSING_WINDOW_SMALL = 15  # D-O2: last 15 cards with 2-3 players
CLOSING_WINDOW_LARGE = 5  # D-O2: last 5 cards with 4-5 players
PURITY_BONUS = 5  # D-E2
PURITY_TIE_BONUS = 2
HAND_BONUS = 3
CHIPS = (4, 3, 2, 1, 0)  # D-E3, by rank
ROUNDS = {"standard": 3, "quick": 1}  # D-O1

# ---- Actions (small ints; their meaning is fixed, action_text words them) --------------
DRAW_HAND = 0  # D-T1
DRAW_MARKET = 1
MARKET = 2  # D-T5: the three phase-2 choices
VAULT = 3
SALE_A = 4  # play special card A/B/C for its Compulsory Sale
SALE_B = 5
SALE_C = 6
CONVOY = 7  # card A's own power
SAFECRACKER = 8  # card B's own power
SLEIGHT = 9  # card C's own power
TAKE_ALL = 10  # D-T6 (a)
TAKE_NONE = 11  # D-T6 (c)
DONE = 12  # confirm a selection
SEAT = 20  # + seat: the opponent chosen
NAME = 30  # + quality: Safecracker names a quality
NAME_PURE = 50  # + quality: ... of special purity (NAME + 10 is 40: keep clear of it)
HAND = 100  # + card: a card of your hand
MARKET_CARD = 200  # + card: a market diamond
VAULT_CARD = 300  # + card: (Safecracker's victim) the vault diamond given up

# ---- Phases: who decides what now ------------------------------------------------------
P_DRAW = 0  # D-T1
P_MAIN = 1  # D-T5
P_PLACE = 2  # Market: choose the diamond to place
P_TAKE = 3  # Market: take all / a set summing to the placed quality / nothing
P_VAULT = 4  # Vault: select hand diamonds
P_SALE_CARD = 5  # Compulsory Sale: choose your diamond
P_SALE_SEAT = 6  # ... and the opponent
P_CONVOY = 7  # Convoy: select hand diamonds
P_SAFE_NAME = 8  # Safecracker: name a quality
P_SAFE_SEAT = 9  # ... and the opponent
P_SAFE_GIVE = 10  # ... the victim chooses what is taken
P_SLEIGHT = 11  # Sleight of Hand: choose a market diamond
P_DISCARD = 12  # D-T9: give up cards down to the hand limit
P_OVER = 13
PHASES = (
    "draw",
    "main",
    "place",
    "take",
    "vault",
    "sale card",
    "sale seat",
    "convoy",
    "safe name",
    "safe seat",
    "safe give",
    "sleight",
    "discard",
    "over",
)

_SALES = (SALE_A, SALE_B, SALE_C)


# ---- Cards ------------------------------------------------------------------------------
def is_diamond(card):
    return card < 50


def quality(card):
    return card // COPIES + 1


def is_pure(card):
    return card % COPIES == 0


def card_text(card):
    """Short name: '7 red', '7* red' for special purity, 'card A', 'closing card'."""
    if is_diamond(card):
        q = quality(card)
        return "%d%s %s" % (q, "*" if is_pure(card) else "", COLOURS[q - 1])
    if card == CLOSING:
        return "closing card"
    return "card " + SPECIAL_LETTERS[card - CARD_A]


def _kind(card):
    # Cards of one kind are interchangeable: same quality and purity, or the same special.
    if is_diamond(card):
        return 100 + 2 * quality(card) + (1 if is_pure(card) else 0)
    return card


# ---- Pure scoring (D-V, D-E2, D-E3) -----------------------------------------------------
def collection_points(q, count):
    """D-V: points of `count` diamonds of quality `q` in a vault (0 below 3)."""
    if count < 3:
        return 0
    return VALUES[q - 1][count - 3]


def vault_points(vault):
    counts = [0] * (QUALITIES + 1)
    for card in vault:
        counts[quality(card)] += 1
    total = 0
    for q in range(1, QUALITIES + 1):
        total += collection_points(q, counts[q])
    return total


def hand_sum(hand):
    total = 0
    for card in hand:
        if is_diamond(card):
            total += quality(card)
    return total


def round_points(vaults, hands):
    """D-E2: (points per seat, [collections, purity bonus, hand bonus] per seat)."""
    n = len(vaults)
    collections = [vault_points(v) for v in vaults]
    pures = [0] * n
    for seat in range(n):
        for card in vaults[seat]:
            if is_diamond(card) and is_pure(card):
                pures[seat] += 1
    purity = [0] * n
    most = max(pures)
    if most > 0:
        leaders = [seat for seat in range(n) if pures[seat] == most]
        for seat in leaders:
            purity[seat] = PURITY_BONUS if len(leaders) == 1 else PURITY_TIE_BONUS
    sums = [hand_sum(h) for h in hands]
    bonus = [0] * n
    best = max(sums)
    leaders = [seat for seat in range(n) if sums[seat] == best]
    if len(leaders) == 1:
        bonus[leaders[0]] = HAND_BONUS
    points = [collections[s] + purity[s] + bonus[s] for s in range(n)]
    return points, [[collections[s], purity[s], bonus[s]] for s in range(n)]


def round_chips(points):
    """D-E3: chips by rank of points; a tie group gets the chips of the lowest rank it covers."""
    chips = []
    for p in points:
        above = 0
        level = 0
        for other in points:
            if other > p:
                above += 1
            elif other == p:
                level += 1
        chips.append(CHIPS[above + level - 1])
    return chips


def _sum_reachable(values, target):
    # Can some subset of `values` add up exactly to `target`? (bitset over 0..target)
    reach = 1
    mask = (1 << (target + 1)) - 1
    for v in values:
        reach = (reach | (reach << v)) & mask
    return (reach >> target) & 1 == 1


# ---- Game -------------------------------------------------------------------------------
def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players, seed, read_options(OPTIONS, options))


class State(GameState):
    game = "diams"

    def __init__(self, players, seed, options, copy_of=None):
        if copy_of is not None:
            self._copy(copy_of)
            return
        self._start(players, seed, options)
        self.rounds = ROUNDS[options["length"]]
        self.round = 0  # index of the round being played
        self.first = -1  # first player of this round (D-S3)
        self.chips = [0] * players
        self.points = []  # points per seat of each round scored
        self.breakdown = []  # [collections, purity bonus, hand bonus] per seat, last round
        self._setup_round()

    def _copy(self, other):
        self._copy_start(other)
        self.rounds = other.rounds
        self.round = other.round
        self.first = other.first
        self.chips = list(other.chips)
        self.points = [list(p) for p in other.points]
        self.breakdown = [list(b) for b in other.breakdown]
        self.deck = list(other.deck)
        self.market = list(other.market)
        self.discard = list(other.discard)
        self.aside = list(other.aside)
        self.hands = [list(h) for h in other.hands]
        self.vaults = [list(v) for v in other.vaults]
        self.turn = other.turn
        self.phase = other.phase
        self.closer = other.closer
        self.turns_left = other.turns_left
        self.sel = list(other.sel)
        self.placed = other.placed
        self.named = other.named
        self.named_pure = other.named_pure
        self.victim = other.victim

    def clone(self):
        return State(0, 0, None, self)

    # ---- Round setup (D-S) ----
    def _setup_round(self):
        n = self.players
        if self.round == 0:
            self.first = self.rng.randbelow(n)  # D-S3
        else:
            self.first = (self.first + 1) % n
        deck = list(range(CLOSING))  # D-S1: every card but the closing one, shuffled ...
        self.rng.shuffle(deck)
        if self.options["closing"] == "fixed":  # ... then the closing card (D-O2)
            depth = 0
        else:
            window = CLOSING_WINDOW_SMALL if n <= 3 else CLOSING_WINDOW_LARGE
            depth = self.rng.randbelow(window)
        deck.insert(depth, CLOSING)  # cards are drawn from the end: index 0 comes out last
        self.deck = deck
        self.market = []
        self.discard = []
        self.aside = []
        self.hands = [[] for _ in range(n)]
        self.vaults = [[] for _ in range(n)]
        self.turn = self.first
        self.closer = -1  # the seat that drew the closing card (D-E1)
        self.turns_left = -1  # turns still to play after the current one, once closing
        self._clear_move()
        self._deal_market(MARKET_DEAL)  # D-S2
        for _ in range(HAND_DEAL):
            for seat in range(n):
                card = self._draw()
                if card >= 0:
                    self.hands[seat].append(card)
        self._start_turn()

    def _clear_move(self):
        self.sel = []  # cards selected for the move under way
        self.placed = -1  # the diamond placed in the market (Market, Compulsory Sale)
        self.named = 0  # Safecracker's named quality
        self.named_pure = False
        self.victim = -1

    # ---- Drawing (D-T3, D-T4, D-T10) ----
    def _draw(self):
        """Top card of the deck, or -1 if empty. The closing card is set aside (D-T4)."""
        if not self.deck:
            return -1
        self._reveal()
        card = self.deck.pop()
        if card == CLOSING:
            self.aside.append(card)
            self.closer = self.turn  # D-E1: the round ends after one more turn each
            self.turns_left = self.players - 1
            self._note("the closing card is out: one more turn each")
            if not self.deck:
                return -1
            card = self.deck.pop()
        return card

    def _deal_market(self, count):
        # D-S2, D-T10: specials go to the discard pile and are replaced.
        for _ in range(count):
            card = self._draw()
            while card >= 0 and not is_diamond(card):
                self.discard.append(card)
                card = self._draw()
            if card < 0:
                return
            self.market.append(card)

    def _refill_market(self):
        if not self.market:  # D-T10
            self._deal_market(MARKET_DEAL)
            self._note("the market was empty: %d new cards" % len(self.market))

    # ---- Turn flow ----
    def _start_turn(self):
        self._clear_move()
        if self.deck:
            self.phase = P_DRAW
        else:
            self._start_main()  # D-T2: no phase 1 with an empty deck

    def _start_main(self):
        self.phase = P_MAIN
        if not self._main_actions():  # D-T5: nothing possible, phase 2 skipped
            self._end_turn()

    def _end_turn(self):
        self._clear_move()
        if len(self.hands[self.turn]) > HAND_LIMIT:  # D-T9
            self.phase = P_DISCARD
            return
        self._next_turn()

    def _next_turn(self):
        if self.closer >= 0:  # D-E1
            if self.turns_left == 0:
                self._end_round()
                return
            self.turns_left -= 1
        self.turn = (self.turn + 1) % self.players
        self._start_turn()

    # ---- End of round and game (D-E) ----
    def _end_round(self):
        points, self.breakdown = round_points(self.vaults, self.hands)
        self.points.append(points)
        chips = round_chips(points)
        for seat in range(self.players):
            self.chips[seat] += chips[seat]
        if self.round + 1 >= self.rounds:
            self.phase = P_OVER
            return
        if self._early_end():
            self._note("P%d won rounds 1 and 2: the game ends" % (self._round_winner(0) + 1))
            self.phase = P_OVER
            return
        self.round += 1  # D-E4: every card back to the deck, set up again
        self._setup_round()

    def _round_winner(self, r):
        points = self.points[r]
        best = max(points)
        leaders = [seat for seat in range(self.players) if points[seat] == best]
        return leaders[0] if len(leaders) == 1 else -1

    def _early_end(self):
        # D-E5: with 2 players, one player winning rounds 1 and 2 ends the game.
        if self.players != 2 or len(self.points) != 2:
            return False
        winner = self._round_winner(0)
        return winner >= 0 and winner == self._round_winner(1)

    # ---- The contract ----
    def current_player(self):
        if self.phase == P_OVER:
            return -1
        if self.phase == P_SAFE_GIVE:
            return self.victim
        return self.turn

    def rounds_scored(self):
        return len(self.points)

    def scores(self):
        """Chips in the standard game, round points in the quick game (D-E5, D-E6)."""
        if self.rounds == 1:
            return list(self.points[0]) if self.points else [0] * self.players
        return list(self.chips)

    def winners(self):
        if not self.is_over():
            return []
        if self.rounds == 1:  # D-E6: most points, ties shared
            return GameState.winners(self)
        best = max(self.chips)
        tied = [seat for seat in range(self.players) if self.chips[seat] == best]
        # D-E5: round 2 points, then [resolution] round 3 points, then total points.
        keys = [lambda s: self.points[1][s]]
        if len(self.points) > 2:
            keys.append(lambda s: self.points[2][s])
        keys.append(lambda s: sum(p[s] for p in self.points))
        for key in keys:
            if len(tied) == 1:
                break
            top = max(key(s) for s in tied)
            tied = [s for s in tied if key(s) == top]
        return tied

    def legal_actions(self):
        phase = self.phase
        hand = self.hands[self.turn]
        if phase == P_DRAW:
            return [DRAW_HAND, DRAW_MARKET]
        if phase == P_MAIN:
            return self._main_actions()
        if phase == P_PLACE or phase == P_SALE_CARD:
            return _picks(HAND, hand, is_diamond)
        if phase == P_TAKE:
            return self._take_actions()
        if phase == P_VAULT:
            actions = _picks(HAND, hand, self._storable)
            if self._vault_selection_ok():
                actions.append(DONE)
            return sorted(actions)
        if phase == P_CONVOY:
            actions = _picks(HAND, hand, self._convoyable)
            if self.sel:
                actions.append(DONE)
            return sorted(actions)
        if phase == P_SALE_SEAT or phase == P_SAFE_SEAT:
            return [SEAT + s for s in range(self.players) if s != self.turn]
        if phase == P_SAFE_NAME:
            names = [NAME + q for q in range(1, QUALITIES + 1)]
            return names + [NAME_PURE + q for q in range(1, QUALITIES + 1)]
        if phase == P_SAFE_GIVE:
            return _picks(VAULT_CARD, self.vaults[self.victim], self._matches_name)
        if phase == P_SLEIGHT:
            return _picks(MARKET_CARD, self.market, is_diamond)
        if phase == P_DISCARD:
            return _picks(HAND, hand, None)
        return []

    def _do(self, action):
        phase = self.phase
        if phase == P_DRAW:
            self._draw_phase(action)
        elif phase == P_MAIN:
            self._choose_main(action)
        elif phase == P_PLACE:
            self._place(action - HAND)
        elif phase == P_TAKE:
            self._take(action)
        elif phase == P_VAULT:
            self._select_or(action, self._store_selection)
        elif phase == P_CONVOY:
            self._select_or(action, self._store_selection)
        elif phase == P_SALE_CARD:
            self._sale_card(action - HAND)
        elif phase == P_SALE_SEAT:
            self._compulsory_sale(action - SEAT)
        elif phase == P_SAFE_NAME:
            self._name(action)
        elif phase == P_SAFE_SEAT:
            self._safecracker(action - SEAT)
        elif phase == P_SAFE_GIVE:
            self._give(action - VAULT_CARD)
        elif phase == P_SLEIGHT:
            self._sleight(action - MARKET_CARD)
        elif phase == P_DISCARD:
            self._give_up(action - HAND)

    # ---- Phase 1 (D-T1 .. D-T4) ----
    def _draw_phase(self, action):
        hand = self.hands[self.turn]
        if action == DRAW_HAND:
            card = self._draw()
            if card >= 0:
                hand.append(card)
        else:
            for _ in range(MARKET_DRAW):
                card = self._draw()
                while card >= 0 and not is_diamond(card):
                    hand.append(card)  # D-T3: a special goes to the drawer's hand
                    self._note("%s came up for the market: into P%d's hand"
                               % (card_text(card), self.turn + 1))
                    card = self._draw()
                if card >= 0:
                    self.market.append(card)
        self._start_main()

    # ---- Phase 2 choice (D-T5, D-T8) ----
    def _main_actions(self):
        hand = self.hands[self.turn]
        has_diamond = False
        for card in hand:
            if is_diamond(card):
                has_diamond = True
        actions = []
        if has_diamond:
            actions.append(MARKET)
        if self._can_store():
            actions.append(VAULT)
        for card in hand:
            if not is_diamond(card):
                if has_diamond:
                    actions.append(_SALES[card - CARD_A])
                if card == CARD_A and self._can_convoy():
                    actions.append(CONVOY)
                elif card == CARD_B:
                    actions.append(SAFECRACKER)
                elif card == CARD_C and self.market:
                    actions.append(SLEIGHT)
        return sorted(actions)

    def _choose_main(self, action):
        if action == MARKET:
            self.phase = P_PLACE
        elif action == VAULT:
            self.phase = P_VAULT
        else:
            if action in _SALES:
                card = CARD_A + _SALES.index(action)
                self.phase = P_SALE_CARD
            elif action == CONVOY:
                card = CARD_A
                self.phase = P_CONVOY
            elif action == SAFECRACKER:
                card = CARD_B
                self.phase = P_SAFE_NAME
            else:
                card = CARD_C
                self.phase = P_SLEIGHT
            self.hands[self.turn].remove(card)  # D-T8: the card goes to the discard pile
            self.discard.append(card)

    # ---- Market (D-T6) ----
    def _place(self, card):
        self.hands[self.turn].remove(card)
        self.market.append(card)  # irrevocable
        self.placed = card
        self.phase = P_TAKE

    def _take_actions(self):
        target = quality(self.placed)
        taken = 0
        for card in self.sel:
            taken += quality(card)
        actions = []
        if not self.sel:
            actions.append(TAKE_NONE)
            for card in self.market:
                if card != self.placed and quality(card) == target:
                    # [resolution] (a) needs another diamond of that quality in the market
                    actions.append(TAKE_ALL)
                    break
        elif taken == target:
            actions.append(DONE)
        others = [c for c in self.market if c != self.placed and c not in self.sel]
        seen = []
        for card in sorted(others):
            k = _kind(card)
            if k in seen:
                continue
            seen.append(k)
            need = target - taken - quality(card)
            if need < 0:
                continue
            rest = [quality(c) for c in others if c != card]
            if _sum_reachable(rest, need):  # only picks that can still add up exactly
                actions.append(MARKET_CARD + card)
        return sorted(actions)

    def _take(self, action):
        hand = self.hands[self.turn]
        if action == TAKE_NONE:
            self._end_turn()
        elif action == TAKE_ALL:
            target = quality(self.placed)
            for card in [c for c in self.market if quality(c) == target]:
                self.market.remove(card)
                hand.append(card)
            self._refill_market()
            self._end_turn()
        elif action == DONE:
            for card in self.sel:  # the placed diamond stays in the market
                self.market.remove(card)
                hand.append(card)
            self._end_turn()
        else:
            self.sel.append(action - MARKET_CARD)

    # ---- Vault (D-T7) and Convoy (D-T8) ----
    def _in_vault(self, q):
        for card in self.vaults[self.turn]:
            if quality(card) == q:
                return True
        return False

    def _count(self, cards, q):
        count = 0
        for card in cards:
            if is_diamond(card) and quality(card) == q:
                count += 1
        return count

    def _can_store(self):
        hand = self.hands[self.turn]
        for q in range(1, QUALITIES + 1):
            if self._count(hand, q) >= 3:
                return True
        return False

    def _storable(self, card):
        # A diamond that some legal vault selection may hold: its quality is in the vault or
        # there are three of it in hand.
        if not is_diamond(card) or card in self.sel:
            return False
        q = quality(card)
        return self._in_vault(q) or self._count(self.hands[self.turn], q) >= 3

    def _vault_selection_ok(self):
        has_set = False
        for card in self.sel:
            q = quality(card)
            n = self._count(self.sel, q)
            if n >= 3:
                has_set = True
            elif not self._in_vault(q):
                return False
        return has_set  # extending alone is illegal

    def _can_convoy(self):
        for card in self.hands[self.turn]:
            if self._convoyable(card):
                return True
        return False

    def _convoyable(self, card):
        return is_diamond(card) and card not in self.sel and self._in_vault(quality(card))

    def _select_or(self, action, finish):
        if action == DONE:
            finish()
        else:
            self.sel.append(action - HAND)

    def _store_selection(self):
        for card in self.sel:
            self.hands[self.turn].remove(card)
            self.vaults[self.turn].append(card)
        self._end_turn()

    # ---- Compulsory Sale (D-T8) ----
    def _sale_card(self, card):
        self.hands[self.turn].remove(card)
        self.market.append(card)
        self.placed = card
        if self.players == 2:
            self._compulsory_sale(1 - self.turn)
        else:
            self.phase = P_SALE_SEAT

    def _compulsory_sale(self, opponent):
        self._reveal()  # what of that quality the opponent's hand holds
        q = quality(self.placed)
        theirs = [c for c in self.hands[opponent] if is_diamond(c) and quality(c) == q]
        if not theirs:
            self._note("P%d has no %d in hand: the %d stays in the market" % (opponent + 1, q, q))
        else:
            for card in theirs:
                self.hands[opponent].remove(card)
                self.market.append(card)
            hand = self.hands[self.turn]
            taken = [c for c in self.market if quality(c) == q]
            for card in taken:
                self.market.remove(card)
                hand.append(card)
            self._note("P%d gives up %d x %d; P%d takes %d x %d from the market"
                       % (opponent + 1, len(theirs), q, self.turn + 1, len(taken), q))
            self._refill_market()
        self._end_turn()

    # ---- Safecracker (D-T8) ----
    def _name(self, action):
        self.named_pure = action >= NAME_PURE
        self.named = action - (NAME_PURE if self.named_pure else NAME)
        if self.players == 2:
            self._safecracker(1 - self.turn)
        else:
            self.phase = P_SAFE_SEAT

    def _matches_name(self, card):
        return quality(card) == self.named and (is_pure(card) or not self.named_pure)

    def _safecracker(self, opponent):
        self._reveal()  # whether the vault holds the quality named
        self.victim = opponent
        choices = _picks(VAULT_CARD, self.vaults[opponent], self._matches_name)
        if not choices:
            self._note("P%d's vault holds no %d%s: nothing taken"
                       % (opponent + 1, self.named, "*" if self.named_pure else ""))
            self._end_turn()  # nothing matches: nothing happens
        elif len(choices) == 1:
            self._give(choices[0] - VAULT_CARD)  # one kind only: no decision for the victim
        else:
            self.phase = P_SAFE_GIVE  # the victim chooses which matching diamond goes

    def _give(self, card):
        self.vaults[self.victim].remove(card)
        self.hands[self.turn].append(card)  # [resolution] to the thief's hand
        self._note("P%d takes a %d from P%d's vault" % (self.turn + 1, quality(card),
                                                        self.victim + 1))
        self._end_turn()

    # ---- Sleight of Hand (D-T8) ----
    def _sleight(self, card):
        self.market.remove(card)
        self.hands[self.turn].append(card)
        self._refill_market()
        self._end_turn()

    # ---- Hand limit (D-T9) ----
    def _give_up(self, card):
        hand = self.hands[self.turn]
        hand.remove(card)
        if is_diamond(card):
            self.market.append(card)
        else:
            self.discard.append(card)
        self.sel.append(card)  # (face up: the move's sentence names them all at the last)
        if len(hand) <= HAND_LIMIT:
            self._clear_move()
            self._next_turn()

    # ---- What a seat may see ----
    def view(self, seat):
        """Everything `seat` may know, as plain data: other hands and vaults are counts only
        (the vault contents are hidden, as on the original screen), the deck is a count."""
        over = self.phase == P_OVER
        mover = self.turn
        return {
            "game": self.game,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "round": self.round + 1,
            "rounds": self.rounds,
            "first": self.first,
            "turn": mover,
            "current": self.current_player(),
            "phase": PHASES[self.phase],
            "deck": len(self.deck),
            "market": sorted(self.market),
            "discard": sorted(self.discard),
            "closing_drawn": len(self.aside) > 0,
            "closer": self.closer,
            "turns_left": self.turns_left,
            "hand": sorted(self.hands[seat]),
            "vault": sorted(self.vaults[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "vault_counts": [len(v) for v in self.vaults],
            # Everything is shown once the game is over.
            "hands": [sorted(h) for h in self.hands] if over else None,
            "vaults": [sorted(v) for v in self.vaults] if over else None,
            "chips": list(self.chips),
            "points": [list(p) for p in self.points],
            "breakdown": [list(b) for b in self.breakdown],
            "placed": self.placed,
            # Hand cards being selected are the mover's secret; market picks and cards
            # given up (face up) are public.
            "selected": (sorted(self.sel) if seat == mover or self.phase == P_TAKE
                         or self.phase == P_DISCARD else []),
            "selected_count": len(self.sel),
            "named": self.named,
            "named_pure": self.named_pure,
            "victim": self.victim,
            "legal": self.legal_actions() if seat == self.current_player() else [],
            "notes": list(self.notes),  # what the last action caused, in words (public)
        }

    def action_text(self, action, viewer=-1):
        """Short words for `action` in the present state. With a `viewer` seat other than the
        one deciding, a card that goes somewhere hidden is not named."""
        hidden = viewer >= 0 and viewer != self.current_player()
        phase = self.phase
        if action >= VAULT_CARD:
            card = action - VAULT_CARD
            if hidden and viewer != self.turn:
                return "give up a %d" % quality(card)
            return "give up " + card_text(card)
        if action >= MARKET_CARD:
            return "take " + card_text(action - MARKET_CARD)
        if action >= HAND:
            card = action - HAND
            name = "a card" if hidden else card_text(card)
            if phase == P_PLACE:
                return "place " + card_text(card)
            if phase == P_SALE_CARD:
                return "sell " + card_text(card)
            if phase == P_DISCARD:
                return "give up " + card_text(card)
            return "select " + name
        if action >= NAME_PURE:
            return "name %d* %s" % (action - NAME_PURE, COLOURS[action - NAME_PURE - 1])
        if action >= NAME:
            return "name %d %s" % (action - NAME, COLOURS[action - NAME - 1])
        if action >= SEAT:
            return "target P%d" % (action - SEAT + 1)
        if action == DONE:
            if phase == P_TAKE:
                return "take selected"
            return "store selected"
        if action == TAKE_ALL:
            return "take all %ds" % quality(self.placed)
        return _WORDS[action]


    def move_text(self, action, viewer=-1):
        """A whole move in one sentence ("P1 places 9 grey and takes 1*+1 purple and 7 red"),
        said by the action that completes it from the picks made (self.sel, self.placed);
        None for a pick, and for a Safecracker's victim's choice (its note tells it). A
        vault's cards are named to its player only; the draw to the hand never."""
        phase = self.phase
        who = "P%d " % (self.turn + 1)
        if phase == P_DRAW:  # D-T1: a sentence of its own, before the turn's main move
            if action == DRAW_HAND:
                return who + "draws a card"
            return who + "draws %s to the market" % _listed(self._market_draw())
        if phase == P_TAKE:  # D-T6
            if action >= MARKET_CARD:
                return None
            got = self.sel
            if action == TAKE_ALL:
                got = [c for c in self.market if quality(c) == quality(self.placed)]
            elif action == TAKE_NONE:
                got = []
            return who + "places %s and takes %s" % (card_text(self.placed), _listed(got))
        if phase == P_VAULT or phase == P_CONVOY:  # D-T7, D-T8
            if action != DONE:
                return None
            stored = _listed(self.sel)
            if viewer >= 0 and viewer != self.turn:  # D: vault contents are hidden
                stored = "%d card%s" % (len(self.sel), "s" if len(self.sel) > 1 else "")
            return who + ("plays Convoy and stores " if phase == P_CONVOY else "stores ") + (
                stored + " in the vault")
        two = self.players == 2  # the opponent is not asked
        if phase == P_SALE_CARD and two or phase == P_SALE_SEAT:
            if phase == P_SALE_CARD:
                card, other = action - HAND, 1 - self.turn
            else:
                card, other = self.placed, action - SEAT
            return who + "plays a Compulsory Sale of %s against P%d" % (card_text(card), other + 1)
        if phase == P_SAFE_NAME and two or phase == P_SAFE_SEAT:
            q, pure, other = self.named, self.named_pure, action - SEAT
            if phase == P_SAFE_NAME:
                pure = action >= NAME_PURE
                q, other = action - (NAME_PURE if pure else NAME), 1 - self.turn
            return who + "plays Safecracker on P%d's vault for %s%d%s %s" % (
                other + 1, "" if pure else "any ", q, "*" if pure else "", COLOURS[q - 1])
        if phase == P_SLEIGHT:
            return who + "plays Sleight of Hand and takes " + card_text(action - MARKET_CARD)
        if phase == P_DISCARD and len(self.hands[self.turn]) - 1 <= HAND_LIMIT:  # D-T9
            return who + "gives up %s (hand limit %d)" % (_listed(self.sel + [action - HAND]),
                                                         HAND_LIMIT)
        return None  # the main choice, a diamond placed, a pick, a card given up before the last

    def _market_draw(self):
        # The diamonds a draw to the market puts there (D-T3, D-T4: the others are passed).
        cards = []
        i = len(self.deck) - 1
        while i >= 0 and len(cards) < MARKET_DRAW:
            if is_diamond(self.deck[i]):
                cards.append(self.deck[i])
            i -= 1
        return cards


_COUNTS = ("", "", "two", "three", "four", "five")


def _listed(cards):
    """`cards` in a log's words, a quality's together: '1*+1 purple, three 7 red and card A'
    ('nothing' for none)."""
    cards = sorted(cards)  # (a quality's special-purity diamond first)
    parts = []
    i = 0
    while i < len(cards):
        card = cards[i]
        j = i + 1
        while j < len(cards) and is_diamond(card) and quality(cards[j]) == quality(card):
            j += 1
        if j - i == 1:
            parts.append(card_text(card))
        elif is_pure(card):
            labels = ["%d%s" % (quality(c), "*" if is_pure(c) else "") for c in cards[i:j]]
            parts.append("+".join(labels) + " " + COLOURS[quality(card) - 1])
        else:
            parts.append("%s %d %s" % (_COUNTS[j - i], quality(card), COLOURS[quality(card) - 1]))
        i = j
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


_WORDS = (
    "draw 1 to hand",
    "draw 2 to market",
    "market",
    "vault",
    "card A: Compulsory Sale",
    "card B: Compulsory Sale",
    "card C: Compulsory Sale",
    "card A: Convoy",
    "card B: Safecracker",
    "card C: Sleight of Hand",
    "take all",
    "take nothing",
)


def _picks(base, cards, allowed):
    """Sorted actions base + card for the allowed cards, one per kind of card (picking one
    of two identical diamonds is the same move)."""
    actions = []
    seen = []
    for card in sorted(cards):
        if allowed is not None and not allowed(card):
            continue
        k = _kind(card)
        if k not in seen:
            seen.append(k)
            actions.append(base + card)
    return actions


def _sample_vault(diamonds, count, rng):
    """`count` diamonds taken from the shuffled list `diamonds` the way vaults fill (D-T7):
    collections of 3 or more of one quality (3 to 5, a random quality among those with
    enough unseen copies), a remainder of 1-2 as lone diamonds (as Safecracker leaves)."""
    vault = []
    while count > 0:
        size = count
        if count >= 6:
            size = 3 + rng.randbelow(min(5, count - 3) - 2)
        elif count < 3:
            size = 1
        avail = [0] * (QUALITIES + 1)
        for card in diamonds:
            avail[quality(card)] += 1
        qs = [q for q in range(1, QUALITIES + 1) if avail[q] >= size]
        if not qs:  # no quality has enough unseen copies left: lone diamonds
            size = 1
            qs = [q for q in range(1, QUALITIES + 1) if avail[q] >= 1]
        q = qs[rng.randbelow(len(qs))]
        taken = 0
        i = 0
        while taken < size:
            if quality(diamonds[i]) == q:
                vault.append(diamonds.pop(i))
                taken += 1
            else:
                i += 1
        count -= size
    return vault


def sample_state(view, rng):
    """A full State consistent with `view` (for search, as OpenSpiel resamples from an
    information state): the cards `view["seat"]` cannot see -- other hands and vaults (the
    view shows their counts), the deck's order, the closing card's place in the deck (D-O2:
    uniform over the places the cards drawn so far leave possible) -- are dealt at random
    with `rng`: other vaults as collections of 3+ of a quality (D-T7, see _sample_vault),
    the rest uniformly among hands and deck; a mover's hidden selection is a random part of
    its hand. It ignores what only memory of the game would tell (sets seen stored,
    cards seen taken). The state has a fresh Prng drawn from `rng`, an empty history and a
    seed of its own: it is NOT replayable, use it only to look ahead."""
    n = view["players"]
    me = view["seat"]
    s = new_game(n, rng.randbelow(1 << 28), view["options"])
    s.notes = list(view["notes"])
    s.round = view["round"] - 1
    s.first = view["first"]
    s.chips = list(view["chips"])
    s.points = [list(p) for p in view["points"]]
    s.breakdown = [list(b) for b in view["breakdown"]]
    s.market = list(view["market"])
    s.discard = list(view["discard"])
    s.aside = [CLOSING] if view["closing_drawn"] else []
    s.turn = view["turn"]
    s.phase = PHASES.index(view["phase"])
    s.closer = view["closer"]
    s.turns_left = view["turns_left"]
    s.placed = view["placed"]
    s.named = view["named"]
    s.named_pure = view["named_pure"]
    s.victim = view["victim"]
    # Unseen: every card not in the market, the discard pile, my hand or my vault.
    shown = view["hands"] is not None  # once the game is over, everything is shown
    seen = bytearray(DECK_SIZE)
    seen[CLOSING] = 1  # placed below, apart
    for part in (view["market"], view["discard"], view["hand"], view["vault"]):
        for card in part:
            seen[card] = 1
    if shown:
        for seat in range(n):
            for card in view["hands"][seat] + view["vaults"][seat]:
                seen[card] = 1
    pool = [c for c in range(DECK_SIZE) if not seen[c]]
    diamonds = [c for c in pool if is_diamond(c)]
    rng.shuffle(diamonds)
    hands = view["hand_counts"]
    vaults = view["vault_counts"]
    for seat in range(n):
        if shown:
            s.vaults[seat] = list(view["vaults"][seat])
        elif seat == me:
            s.vaults[seat] = list(view["vault"])
        else:
            s.vaults[seat] = _sample_vault(diamonds, vaults[seat], rng)
    pool = diamonds + [c for c in pool if not is_diamond(c)]
    rng.shuffle(pool)
    i = 0
    for seat in range(n):
        if shown:
            s.hands[seat] = list(view["hands"][seat])
        elif seat == me:
            s.hands[seat] = list(view["hand"])
        else:
            s.hands[seat] = pool[i:i + hands[seat]]
            i += hands[seat]
    deck = pool[i:]
    if not view["closing_drawn"]:
        if view["options"]["closing"] == "fixed":
            depth = 0
        else:
            window = CLOSING_WINDOW_SMALL if n <= 3 else CLOSING_WINDOW_LARGE
            depth = rng.randbelow(min(window, view["deck"]))
        deck.insert(depth, CLOSING)
    s.deck = deck
    if view["selected"] or not view["selected_count"]:
        s.sel = list(view["selected"])
    else:  # the mover's selection (hand diamonds) is its secret
        s.sel = [c for c in s.hands[s.turn] if is_diamond(c)][:view["selected_count"]]
    return s
