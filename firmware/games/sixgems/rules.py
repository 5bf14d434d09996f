# SIXGEMS (2-4 players): play gem cards to your gem area, move and turn the dice on a ring
# of six gem boards, settle with a settlement card: bonus first, then every player scores
# the boards under the blue dice minus the board under the red die.
# Rule ids (G-C1, G-P3, G-K7, ...) refer to seeds/sixgems.md. Rules only: no I/O.
#
# The settlement rules (G-P, G-K) come from the source; the turn structure, setup, end and
# every number marked [invented] below are this project's reconstruction (see the seeds file).
#
# Cards are small ints: gem cards 0..71 (colour = card // 12, face = card % 12 // 2 + 1, two
# copies of each), settlement cards 0..11 (card k is G-K(k+1), its colour SETTLE_COLOURS[k]).
# Dice: 0 and 1 blue, 2 red; a die stands on board 0..5 or in the centre (-1).

from firmware.core.base import GameState, check_players, read_options
from firmware.games.sixgems import MAX_PLAYERS, MIN_PLAYERS, TITLE  # noqa: F401 (the contract's)

# G-E1: the game ends after the 8th (default), 6th or 10th settlement. The default must be
# the first choice, hence the order 8, 6, 10.
OPTIONS = (("length", ("8", "6", "10")),)

# ---- Data: every number of the rules in one place (corrections are one-line changes) ----
COLOURS = ("Ruby", "Topaz", "Emerald", "Sapphire", "Amethyst", "Diamond")  # G-C1 [invented]
SHORT = ("Ru", "To", "Em", "Sa", "Am", "Di")  # two-letter names for narrow screens
BOARDS = 6  # G-C1: a ring; boards i and i+-1 (mod 6) are adjacent
FACES = 6
COPIES = 2  # G-C3 [invented]: each colour x each face 1..6 x 2 copies = 72 gem cards
GEM_CARDS = BOARDS * FACES * COPIES
SETTLE_CARDS = 12  # G-C4
# G-C4 [invented]: settlement cards 1..12 take the colours in ring order, twice round.
SETTLE_COLOURS = (0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5)
HAND_GEMS = 3  # G-S1, G-T4 [invented]
HAND_SETTLE = 2  # G-S1 [invented]
DICE = 3  # G-C2: two blue, one red
RED = 2  # the index of the red die
CENTRE = -1
LENGTHS = {"8": 8, "6": 6, "10": 10}  # G-E1 [invented]
# G-S3 [invented]: a start against the first player's edge, by turn position from the first
# player: gem cards from the deck face up in the gem area, and points. G-S2 [invented]: the
# turn position that rolls and places the first dice. Set by `make bench ARGS=seats`, with
# normal and with hard bots on every seat (seeds/sixgems.md, G-S3: every position within 3
# points of an even share at both levels; with no start: 58/42, 42/32/26, 31/27/22/20).
START_GEMS = {2: (0, 1), 3: (0, 0, 1), 4: (0, 0, 1, 1)}
START_POINTS = {2: (10, 0), 3: (0, 8, 0), 4: (0, 6, 0, 6)}
OPENER = {2: 1, 3: 2, 4: 0}  # the last seat opens with 2 and 3 players: at 2, the first
# player's share fell 6 points with hard bots and 1 with normal (the opening dice are placed
# for the opener's own hand, and hard bots do that better)
# Settlement card conditions and bonuses (G-K):
K1_NOT = (5, 6)  # G-K1: no die shows these [faces lost in the seed; invented]
K3_TABLE = (0, 1, 3, 6, 10, 15, 21)  # G-K3: by the number of colours held
K4_SAME = 3  # G-K4: 3+ gems of one colour
K5_BONUS = 5  # G-K5
K5_LOWEST = 10  # G-K5: more for the lowest total (ties count as lowest)
K6_PER = 2  # G-K6: per gem of the colours under the blue dice
K7_SUM = 15  # G-K7: the dice add up to 15 or more
K7_RANKS = (7, 5, 2, 2)  # G-K7: by rank of X gems
K8_TOTAL = 20  # G-K8: some total of 20 or more
K9_TABLE = (0, 1, 3, 5, 7, 10)  # G-K9: by X gems, 5 or more -> 10
K11_NOT = (1, 2)  # G-K11: no die shows these
K11_PER = 3  # G-K11
K12_COLOURS = 4  # G-K12: 4+ colours held
K12_PER = 2  # G-K12: per gem of the colour under the red die
RANGE_ALL = (3, 6, 7, 8, 9, 10)  # G-K numbers whose bonus goes to all players (G-P2)
FINAL = SETTLE_CARDS  # the `settling` card of the G-E2 final settlement (no card, no bonus)

# ---- Actions (small ints; their meaning is fixed, action_text words them) --------------
PASS = 10  # G-T3: neither settle nor exchange
NO_USE = 11  # G-T2: do not use the face
TURN = 12  # G-T2: turn the die on the played card's board to its face
NO_SWAP = 13  # G-K1: [project] the swap may be declined
WAIT = 14  # G-P4: keep the pending wild gems waiting
PLACE_DIE = 20  # + board: G-S2 / G-P5 place the next die
MOVE = 30  # + die * 7 + target (0..5 a board, 6 the centre): G-T2
WILD = 60  # + colour: place a pending wild gem (G-P4)
LEAVE = 70  # + colour: G-K10, the colour left out
GIVE = 80  # + colour: G-K1, your gem to swap
TAKE = 90  # + seat * 6 + colour: G-K1, the other player's gem
SETTLE = 120  # + settlement card: G-T3
EXCHANGE = 140  # + settlement card: G-T3 put it under the deck, draw the top one
PLAY = 200  # + gem card: G-T1

# ---- Phases: who decides what now ------------------------------------------------------
P_DIE = 0  # G-S2 / G-P5: place die number `die_index` (the settler or the first player)
P_PLAY = 1  # G-T1
P_USE = 2  # G-T2
P_SETTLE = 3  # G-T3
P_WILD = 4  # G-P4: an owner of pending wild gems places them (or waits)
P_GIVE = 5  # G-K1: the settler picks the gem to give
P_TAKE = 6  # G-K1: ... and the gem to take
P_LEAVE = 7  # G-K10: a player with tied colours picks the one left out
P_OVER = 8
PHASES = ("dice", "play", "use", "settle", "wild", "give", "take", "leave", "over")


# ---- Cards ------------------------------------------------------------------------------
def colour(card):
    return card // (FACES * COPIES)


def face(card):
    return card % (FACES * COPIES) // COPIES + 1


def gem_text(card):
    return "%s %d" % (COLOURS[colour(card)], face(card))


def settle_text(card):
    if card == FINAL:
        return "final settlement"
    return "card %d %s" % (card + 1, COLOURS[SETTLE_COLOURS[card]])


def die_text(die):
    return "red" if die == RED else ("blue A" if die == 0 else "blue B")


def board_text(board):
    return "centre" if board < 0 else COLOURS[board]


# ---- Pure scoring (G-P3, G-K) -----------------------------------------------------------
def dice_points(gems, dice):
    """G-P3 for one player: `gems` = 6 counts in ring order, `dice` = (board, face, is_red)
    per die, board -1 for the centre. No bonus, no floor."""
    total = 0
    for board, f, is_red in dice:
        if board < 0:
            continue
        if is_red:
            total -= f * gems[board]
        else:
            total += f * gems[board]
    return total


def adjacent(a, b):
    return (a - b) % BOARDS in (1, BOARDS - 1)


def colours_held(gems):
    n = 0
    for g in gems:
        if g > 0:
            n += 1
    return n


def condition(k, boards, faces, gems_all, totals, settler):
    """Does settlement card k (0-based: G-K(k+1)) allow settling? `boards`, `faces`: the
    three dice (index 2 red); `gems_all[seat]`: 6 counts (placed wild gems included);
    `totals`: running totals before this settlement. G-P1 (all dice on boards) is apart."""
    n = k + 1
    mine = gems_all[settler]
    if n == 1:  # G-K1
        return faces[0] not in K1_NOT and faces[1] not in K1_NOT and faces[2] not in K1_NOT
    if n == 2:  # G-K2: all six colours among all players
        for c in range(BOARDS):
            held = False
            for gems in gems_all:
                if gems[c] > 0:
                    held = True
            if not held:
                return False
        return True
    if n == 3:  # G-K3: every die odd
        return faces[0] % 2 == 1 and faces[1] % 2 == 1 and faces[2] % 2 == 1
    if n == 4:  # G-K4
        return max(mine) >= K4_SAME
    if n == 5:  # G-K5: no two dice on adjacent boards
        return not (adjacent(boards[0], boards[1]) or adjacent(boards[0], boards[2])
                    or adjacent(boards[1], boards[2]))
    if n == 6:  # G-K6: three consecutive boards of the ring
        for start in range(BOARDS):
            run = 0
            for i in range(3):
                b = (start + i) % BOARDS
                if b == boards[0] or b == boards[1] or b == boards[2]:
                    run += 1
            if run == 3:
                return True
        return False
    if n == 7:  # G-K7
        return faces[0] + faces[1] + faces[2] >= K7_SUM
    if n == 8:  # G-K8
        return max(totals) >= K8_TOTAL
    if n == 9:  # G-K9: three consecutive faces, 6 and 1 neighbours
        for start in range(FACES):
            run = 0
            for i in range(3):
                f = (start + i) % FACES + 1
                if f == faces[0] or f == faces[1] or f == faces[2]:
                    run += 1
            if run == 3 and faces[0] != faces[1] and faces[0] != faces[2] \
                    and faces[1] != faces[2]:
                return True
        return False
    if n == 10:  # G-K10: every die even
        return faces[0] % 2 == 0 and faces[1] % 2 == 0 and faces[2] % 2 == 0
    if n == 11:  # G-K11
        return faces[0] not in K11_NOT and faces[1] not in K11_NOT and faces[2] not in K11_NOT
    return colours_held(mine) >= K12_COLOURS  # G-K12


def bonuses(k, boards, faces, gems_all, totals, settler):
    """G-P2: the bonus points per seat of settlement card k (0 for G-K1's swap and G-K10's
    leaving out, which act otherwise). `totals`: before this settlement."""
    n = k + 1
    players = len(gems_all)
    x = SETTLE_COLOURS[k]
    out = [0] * players
    mine = gems_all[settler]
    if n == 2:
        out[settler] = mine[x] * max(faces)
    elif n == 3:
        for s in range(players):
            out[s] = K3_TABLE[colours_held(gems_all[s])]
    elif n == 4:
        out[settler] = mine[x] * colours_held(mine)
    elif n == 5:
        out[settler] = K5_BONUS + (K5_LOWEST if totals[settler] <= min(totals) else 0)
    elif n == 6:
        for s in range(players):
            out[s] = K6_PER * (gems_all[s][boards[0]] + gems_all[s][boards[1]])
    elif n == 7:
        for s in range(players):
            mx = gems_all[s][x]
            if mx > 0:
                above = 0
                for t in range(players):
                    if gems_all[t][x] > mx:
                        above += 1
                out[s] = K7_RANKS[above]
    elif n == 8:
        for s in range(players):
            out[s] = gems_all[s][x] * faces[RED]
    elif n == 9:
        for s in range(players):
            out[s] = K9_TABLE[min(gems_all[s][x], len(K9_TABLE) - 1)]
    elif n == 11:
        out[settler] = K11_PER * mine[x]
    elif n == 12:
        out[settler] = K12_PER * mine[boards[RED]]
    return out


def uses(boards, faces, played):
    """G-T2: the uses of gem card `played`'s face with the dice as they lie (the first: not
    using it; a die moved: MOVE + die * 7 + its board, 6 the centre)."""
    f = face(played)
    actions = [NO_USE]
    c = colour(played)
    for d in range(DICE):  # [project] turning to the same face: no move
        if boards[d] == c and faces[d] != f:
            actions.append(TURN)
    for d in range(DICE):
        if faces[d] != f:
            continue
        for target in range(BOARDS):
            if target not in boards:
                actions.append(MOVE + d * 7 + target)
        if boards[d] != CENTRE:
            actions.append(MOVE + d * 7 + 6)
    return actions


def settle_actions(hand, boards, faces, gems_all, totals, seat, deck):
    """G-T3: the choices of `seat` holding settlement cards `hand`, `deck` cards in the
    settlement deck: no settlement, a settlement whose condition holds (G-P1: every die on
    a board), an exchange (not with an empty deck [project])."""
    actions = [PASS]
    if CENTRE not in boards:
        for k in hand:
            if condition(k, boards, faces, gems_all, totals, seat):
                actions.append(SETTLE + k)
    if deck:
        for k in hand:
            actions.append(EXCHANGE + k)
    return sorted(actions)


# ---- Game -------------------------------------------------------------------------------
def new_game(players, seed, options=None):
    check_players(players, MIN_PLAYERS, MAX_PLAYERS)
    return State(players, seed, read_options(OPTIONS, options))


class State(GameState):
    game = "sixgems"

    def __init__(self, players, seed, options, copy_of=None):
        if copy_of is not None:
            self._copy(copy_of)
            return
        self._start(players, seed, options)
        self.length = LENGTHS[options["length"]]
        self.totals = [0] * players
        self.settlements = 0  # settlements with a card so far (G-E1)
        self.results = []  # per settlement: [card, settler, bonus per seat..., result per seat...]
        self.wild_owner = [-1] * SETTLE_CARDS  # G-P4: the owner of each wild gem, or -1
        self.wild_colour = [-1] * SETTLE_CARDS  # its colour row, -1 while pending
        self.areas = [[] for _ in range(players)]  # gem cards played (G-C3)
        self.boards = [CENTRE] * DICE
        self.faces = [1] * DICE
        self.settling = -1  # the settlement card being resolved, FINAL for G-E2's, or -1
        self.decider = -1
        self.queue = []  # seats still to decide (wild gems, G-K10), in order
        self.wild_only = -1  # after G-K1's swap: the colour the wild gems may go to now
        self.leave = [-1] * players  # G-K10: the colour each seat leaves out
        self.give = -1  # G-K1: the colour given
        self.played = -1  # G-T1: the gem card played this turn
        self.used = NO_USE  # G-T2: what its face did (the turn's sentence tells it: move_text)
        self.moved = -1  # the die placed, moved or turned since the last roll or card played
        # (no rule: the table points at it while the bots play)
        self.die_index = 0
        self.turns = 0  # turns begun so far (for logs)
        # G-S1: shuffle, deal [invented]
        self.gem_deck = list(range(GEM_CARDS))
        self.rng.shuffle(self.gem_deck)
        self.settle_deck = list(range(SETTLE_CARDS))
        self.rng.shuffle(self.settle_deck)
        self.hands = [[] for _ in range(players)]
        self.settle_hands = [[] for _ in range(players)]
        for _ in range(HAND_GEMS):
            for seat in range(players):
                self.hands[seat].append(self.gem_deck.pop())
        for _ in range(HAND_SETTLE):
            for seat in range(players):
                self.settle_hands[seat].append(self.settle_deck.pop())
        # G-S2: a random first player; the opener rolls and places the dice.
        self.first = self.rng.randbelow(players)
        self._handicap()
        self.turn = self.first
        self._roll((self.first + OPENER[players]) % players)

    def _handicap(self):
        """G-S3: the gems on display and starting points by turn position (public)."""
        n = self.players
        self.start = [0] * n
        for k in range(n):
            seat = (self.first + k) % n
            for _ in range(START_GEMS[n][k]):
                card = self.gem_deck.pop()
                self.areas[seat].append(card)
                self._note("%s starts with %s %d on display" % (
                    self._name(seat), COLOURS[colour(card)], face(card)))
            if START_POINTS[n][k]:
                self.start[seat] = self.totals[seat] = START_POINTS[n][k]
                self._note("%s starts with %d points" % (self._name(seat), START_POINTS[n][k]))

    def _copy(self, o):
        self._copy_start(o)
        self.length = o.length
        self.totals = list(o.totals)
        self.start = list(o.start)
        self.settlements = o.settlements
        self.results = [list(r) for r in o.results]
        self.wild_owner = list(o.wild_owner)
        self.wild_colour = list(o.wild_colour)
        self.areas = [list(a) for a in o.areas]
        self.boards = list(o.boards)
        self.faces = list(o.faces)
        self.settling = o.settling
        self.decider = o.decider
        self.queue = list(o.queue)
        self.wild_only = o.wild_only
        self.leave = list(o.leave)
        self.give = o.give
        self.played = o.played
        self.used = o.used
        self.moved = o.moved
        self.die_index = o.die_index
        self.turns = o.turns
        self.gem_deck = list(o.gem_deck)
        self.settle_deck = list(o.settle_deck)
        self.hands = [list(h) for h in o.hands]
        self.settle_hands = [list(h) for h in o.settle_hands]
        self.first = o.first
        self.turn = o.turn
        self.phase = o.phase

    def clone(self):
        return State(0, 0, None, self)

    # ---- Gems ----
    def real_gems(self, seat):
        """Counts of the seat's gem cards per colour (no wild gems)."""
        counts = [0] * BOARDS
        for card in self.areas[seat]:
            counts[colour(card)] += 1
        return counts

    def gems(self, seat):
        """Counts per colour with the placed wild gems (G-P4): what scoring counts."""
        counts = self.real_gems(seat)
        for k in range(SETTLE_CARDS):
            if self.wild_owner[k] == seat and self.wild_colour[k] >= 0:
                counts[self.wild_colour[k]] += 1
        return counts

    def pending(self, seat):
        n = 0
        for k in range(SETTLE_CARDS):
            if self.wild_owner[k] == seat and self.wild_colour[k] < 0:
                n += 1
        return n

    def _all_gems(self):
        return [self.gems(s) for s in range(self.players)]

    def dice(self):
        """The dice as dice_points takes them: (board, face, is_red)."""
        return [(self.boards[d], self.faces[d], d == RED) for d in range(DICE)]

    # ---- Dice (G-S2, G-P5) ----
    def _roll(self, seat):
        self._reveal()
        for d in range(DICE):
            self.faces[d] = self.rng.randbelow(FACES) + 1
            self.boards[d] = CENTRE
        self.moved = -1
        self._note("%s rolls blue %d, blue %d, red %d"
                   % (self._name(seat), self.faces[0], self.faces[1], self.faces[2]))
        self.decider = seat
        self.die_index = 0
        self.phase = P_DIE

    def _place_die(self, board):
        self.boards[self.die_index] = board
        self.moved = self.die_index
        self.die_index += 1
        if self.die_index < DICE:
            return
        if self.settling >= 0:  # G-P5: the settler draws a settlement card
            self.settling = -1
            if self.settle_deck:
                self._reveal()
                self.settle_hands[self.turn].append(self.settle_deck.pop())
            self._end_turn()
        else:
            self._start_turn()

    def _name(self, seat):
        return "P%d" % (seat + 1)

    # ---- Turn (G-T) ----
    def _start_turn(self):
        self.played = -1
        self.decider = -1
        self.turns += 1
        if self.hands[self.turn]:
            self.phase = P_PLAY
        else:
            self._to_settle()  # [project] no gem card left: straight to G-T3

    def _play(self, card):  # G-T1
        self.hands[self.turn].remove(card)
        self.areas[self.turn].append(card)
        self.played = card
        self.used = NO_USE
        self.moved = -1
        self.phase = P_USE
        if len(self._use_actions()) == 1:
            self._to_settle()  # [project] the face cannot be used: nothing to decide

    def _to_settle(self):
        if self.settle_hands[self.turn]:
            self.phase = P_SETTLE
        else:
            self._end_turn()  # [project] no settlement card in hand (public): nothing to decide

    def _use(self, action):  # G-T2
        self.used = action
        if action == TURN:
            die = self._die_on(colour(self.played))
            self.faces[die] = face(self.played)
            self.moved = die
        elif action != NO_USE:
            die = (action - MOVE) // 7
            target = (action - MOVE) % 7
            self.boards[die] = CENTRE if target == 6 else target
            self.moved = die
        self._to_settle()

    def _die_on(self, board):
        for d in range(DICE):
            if self.boards[d] == board:
                return d
        return -1

    def _use_actions(self):
        return uses(self.boards, self.faces, self.played)

    def _settle_actions(self):
        return settle_actions(self.settle_hands[self.turn], self.boards, self.faces,
                              self._all_gems(), self.totals, self.turn, len(self.settle_deck))

    def _settle_choice(self, action):  # G-T3
        if action == PASS:
            self._end_turn()
        elif action >= EXCHANGE:
            k = action - EXCHANGE
            self.settle_hands[self.turn].remove(k)
            self.settle_deck.insert(0, k)  # under the deck
            self._reveal()
            self.settle_hands[self.turn].append(self.settle_deck.pop())
            self._end_turn()
        else:
            k = action - SETTLE
            self.settle_hands[self.turn].remove(k)
            self._begin_settlement(k)

    def _end_turn(self):  # G-T4
        hand = self.hands[self.turn]
        while len(hand) < HAND_GEMS and self.gem_deck:
            self._reveal()
            hand.append(self.gem_deck.pop())
        if not self.gem_deck:  # G-E2
            empty = True
            for h in self.hands:
                if h:
                    empty = False
            if empty:
                self._note("no gem card left: the final settlement (G-E2)")
                self._begin_settlement(FINAL)
                return
        self.turn = (self.turn + 1) % self.players
        self._start_turn()

    # ---- Settlement (G-P) ----
    def _order(self):
        """Seats in decision order: the settler (the seat whose turn it is), then clockwise."""
        return [(self.turn + i) % self.players for i in range(self.players)]

    def _begin_settlement(self, k):
        self.settling = k
        self.leave = [-1] * self.players
        self.give = -1
        self.wild_only = -1
        self.queue = [s for s in self._order() if self._can_place_wild(s)]
        self._next_wild()

    def _can_place_wild(self, seat):
        if not self.pending(seat):
            return False
        real = self.real_gems(seat)
        if self.wild_only >= 0:
            return real[self.wild_only] > 0
        return max(real) > 0  # G-P4: never the first gem of a colour

    def _next_wild(self):
        if self.queue:
            self.decider = self.queue.pop(0)
            self.phase = P_WILD
            return
        if self.wild_only >= 0:  # back from G-K1's swap
            self.wild_only = -1
            self._score()
        else:
            self._bonus_step()

    def _wild_actions(self):
        real = self.real_gems(self.decider)
        actions = [WAIT]
        for c in range(BOARDS):
            if real[c] > 0 and (self.wild_only < 0 or c == self.wild_only):
                actions.append(WILD + c)
        return actions

    def _wild(self, action):
        seat = self.decider
        if action == WAIT:
            self._next_wild()
            return
        c = action - WILD
        for k in range(SETTLE_CARDS):
            if self.wild_owner[k] == seat and self.wild_colour[k] < 0:
                self.wild_colour[k] = c  # fixed from now on (G-P4)
                break
        if self._can_place_wild(seat):
            return  # more pending wild gems: the same seat decides again
        self._next_wild()

    def _bonus_step(self):  # G-P2 decisions before the points
        k = self.settling
        if k == 0:  # G-K1
            if self._give_actions():
                self.decider = self.turn
                self.phase = P_GIVE
                return
            self._note("swap: none is possible")
        elif k == 9:  # G-K10
            for s in self._order():
                gems = self.gems(s)
                most = max(gems)
                if most == 0:
                    continue
                tied = [c for c in range(BOARDS) if gems[c] == most]
                if len(tied) == 1:
                    self.leave[s] = tied[0]
                    self._note("%s leaves out %s" % (self._name(s), COLOURS[tied[0]]))
                else:
                    self.queue.append(s)
            if self.queue:
                self.decider = self.queue.pop(0)
                self.phase = P_LEAVE
                return
        self._score()

    # ---- G-K1 swap ----
    def _give_actions(self):
        mine = self.real_gems(self.turn)
        others = [0] * BOARDS  # how many other seats' gems there are per colour
        for s in range(self.players):
            if s != self.turn:
                real = self.real_gems(s)
                for c in range(BOARDS):
                    others[c] += real[c]
        total = sum(others)
        actions = []
        for c in range(BOARDS):
            if mine[c] > 0 and total - others[c] > 0:  # [project] a different colour
                actions.append(GIVE + c)
        return actions

    def _take_actions(self):
        actions = [NO_SWAP]
        for s in range(self.players):
            if s == self.turn:
                continue
            real = self.real_gems(s)
            for c in range(BOARDS):
                if real[c] > 0 and c != self.give:
                    actions.append(TAKE + s * BOARDS + c)
        return actions

    def _card_of(self, seat, c):
        best = -1
        for card in self.areas[seat]:
            if colour(card) == c and (best < 0 or card < best):
                best = card
        return best

    def _swap(self, other, c):
        me = self.turn
        d = self.give
        had = self.real_gems(me)[c]
        mine = self._card_of(me, d)
        theirs = self._card_of(other, c)
        self.areas[me].remove(mine)
        self.areas[other].remove(theirs)
        self.areas[me].append(theirs)
        self.areas[other].append(mine)
        for seat in (me, other):  # a placed wild gem needs a real gem of its colour
            real = self.real_gems(seat)
            for k in range(SETTLE_CARDS):
                if self.wild_owner[k] == seat and self.wild_colour[k] >= 0 \
                        and real[self.wild_colour[k]] == 0:
                    self._note("%s's wild gem on %s is pending again"
                               % (self._name(seat), COLOURS[self.wild_colour[k]]))
                    self.wild_colour[k] = -1
        if had == 0:  # a new colour: the settler's pending wild gems may go there at once
            self.wild_only = c
            if self._can_place_wild(me):
                self.queue = [me]
                self._next_wild()
                return
            self.wild_only = -1
        self._score()

    def _give_or_take(self, action):
        if action == NO_SWAP:
            self._score()
        elif self.phase == P_GIVE:
            self.give = action - GIVE
            self.phase = P_TAKE
        else:
            self._swap((action - TAKE) // BOARDS, (action - TAKE) % BOARDS)

    # ---- G-K10 ----
    def _leave_actions(self):
        gems = self.gems(self.decider)
        most = max(gems)
        return [LEAVE + c for c in range(BOARDS) if gems[c] == most]

    def _leave(self, c):
        self.leave[self.decider] = c
        if self.queue:
            self.decider = self.queue.pop(0)
        else:
            self._score()

    # ---- G-P2 .. G-P4: the points ----
    def _score(self):
        k = self.settling
        settler = self.turn
        gems_all = self._all_gems()
        n = self.players
        if k == FINAL:
            bonus = [0] * n  # G-E2: no bonus
        else:
            bonus = bonuses(k, self.boards, self.faces, gems_all, self.totals, settler)
        dice = self.dice()
        result = [0] * n
        for s in range(n):
            gems = gems_all[s]
            if self.leave[s] >= 0:  # G-K10
                gems[self.leave[s]] = 0
            result[s] = bonus[s] + dice_points(gems, dice)
            total = self.totals[s] + result[s]
            self.totals[s] = total if total > 0 else 0  # G-P3: never below 0
        self.results.append([k, settler] + bonus + result)
        for s in range(n):
            self._note("%s: %+d (bonus %d) -> %d"
                       % (self._name(s), result[s], bonus[s], self.totals[s]))
        self.decider = -1
        if k == FINAL:
            self.phase = P_OVER
            return
        self.wild_owner[k] = settler  # G-P4: face down, pending
        self.wild_colour[k] = -1
        self.settlements += 1
        if self.settlements >= self.length:  # G-E1
            self.phase = P_OVER
            self.settling = -1
            return
        self._roll(settler)  # G-P5

    # ---- The contract ----
    def current_player(self):
        if self.phase == P_OVER:
            return -1
        if self.phase in (P_DIE, P_WILD, P_GIVE, P_TAKE, P_LEAVE):
            return self.decider
        return self.turn

    def rounds_scored(self):
        return len(self.results)  # settlements

    def scores(self):
        return list(self.totals)

    def winners(self):
        """G-E3: most points, then most gems (placed wild gems included), then shared."""
        if not self.is_over():
            return []
        best = max(self.totals)
        tied = [s for s in range(self.players) if self.totals[s] == best]
        if len(tied) > 1:
            counts = [sum(self.gems(s)) for s in range(self.players)]
            most = max([counts[s] for s in tied])
            tied = [s for s in tied if counts[s] == most]
        return tied

    def legal_actions(self):
        phase = self.phase
        if phase == P_DIE:
            taken = self.boards[:self.die_index]
            return [PLACE_DIE + b for b in range(BOARDS) if b not in taken]
        if phase == P_PLAY:
            actions = []
            for card in sorted(self.hands[self.turn]):
                if card % COPIES == 0 or PLAY + card - 1 not in actions:
                    actions.append(PLAY + card)  # one of two identical cards
            return actions
        if phase == P_USE:
            return self._use_actions()
        if phase == P_SETTLE:
            return self._settle_actions()
        if phase == P_WILD:
            return self._wild_actions()
        if phase == P_GIVE:
            return [NO_SWAP] + self._give_actions()
        if phase == P_TAKE:
            return self._take_actions()
        if phase == P_LEAVE:
            return self._leave_actions()
        return []

    def _do(self, action):
        phase = self.phase
        if phase == P_DIE:
            self._place_die(action - PLACE_DIE)
        elif phase == P_PLAY:
            self._play(action - PLAY)
        elif phase == P_USE:
            self._use(action)
        elif phase == P_SETTLE:
            self._settle_choice(action)
        elif phase == P_WILD:
            self._wild(action)
        elif phase == P_GIVE or phase == P_TAKE:
            self._give_or_take(action)
        elif phase == P_LEAVE:
            self._leave(action - LEAVE)

    # ---- What a seat may see ----
    def view(self, seat):
        """Everything `seat` may know: its own hands; for every seat the gem area (counts per
        colour), wild gems placed per colour and pending, hand sizes; dice, totals, decks."""
        over = self.phase == P_OVER
        n = self.players
        wild = [[0] * BOARDS for _ in range(n)]
        pend = [0] * n
        for k in range(SETTLE_CARDS):
            owner = self.wild_owner[k]
            if owner >= 0:
                if self.wild_colour[k] >= 0:
                    wild[owner][self.wild_colour[k]] += 1
                else:
                    pend[owner] += 1
        return {
            "game": self.game,
            "seat": seat,
            "players": n,
            "options": dict(self.options),
            "length": self.length,
            "settlements": self.settlements,
            "turns": self.turns,
            "first": self.first,
            "start": list(self.start),  # G-S3: the starting points
            "turn": self.turn,
            "current": self.current_player(),
            "phase": PHASES[self.phase],
            "boards": list(self.boards),
            "faces": list(self.faces),
            "die_index": self.die_index,
            "gem_deck": len(self.gem_deck),
            "settle_deck": len(self.settle_deck),
            "hand": sorted(self.hands[seat]),
            "settle_hand": sorted(self.settle_hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "settle_counts": [len(h) for h in self.settle_hands],
            "real": [self.real_gems(s) for s in range(n)],
            "wild": wild,
            "pending": pend,
            "totals": list(self.totals),
            "results": [list(r) for r in self.results],
            "played": self.played,
            "moved": self.moved,
            "settling": self.settling,
            "leave": list(self.leave),
            "give": self.give,
            "wild_only": self.wild_only,
            # Public details a search needs to rebuild the table (sample_state):
            "areas": [sorted(a) for a in self.areas],  # gem cards are played face up
            "wild_owner": list(self.wild_owner),
            "wild_colour": list(self.wild_colour),
            "queue": list(self.queue),
            "decider": self.decider,
            # Everything is shown once the game is over.
            "hands": [sorted(h) for h in self.hands] if over else None,
            "settle_hands": [sorted(h) for h in self.settle_hands] if over else None,
            "legal": self.legal_actions() if seat == self.current_player() else [],
            "notes": list(self.notes),
        }

    def move_text(self, action, viewer=-1):
        """A move in one sentence, before it is made: the dice at the last one placed (G-S2,
        G-P5), a turn whole at its last step (G-T1..G-T3: the settlement card exchanged
        named only to its holder), a wild gem placed or kept waiting (G-P4), the swap at
        the gem taken (G-K1), a colour left out (G-K10). None: a die before the last, a card
        played or its face used while the turn goes on, the gem given for a swap."""
        seat = self.current_player()
        phase = self.phase
        if phase == P_DIE:
            if self.die_index < DICE - 1:
                return None
            dice = ["%s %d on %s" % (die_text(d), self.faces[d], COLOURS[self.boards[d]])
                    for d in range(DICE - 1)]
            words = "places %s, %s" % (", ".join(dice), self.action_text(action))
        elif phase <= P_SETTLE:  # a turn: a card played, its face used, a settlement or not
            if (phase == P_PLAY and len(uses(self.boards, self.faces, action - PLAY)) > 1) \
                    or (phase < P_SETTLE and self.settle_hands[seat]):
                return None  # the turn goes on
            words = self._turn_words(action, seat == viewer or viewer < 0)
        elif phase == P_WILD:
            n = self.pending(seat)
            words = ("keeps %d wild gem%s waiting" % (n, "" if n == 1 else "s")
                     if action == WAIT else "places a wild gem on " + COLOURS[action - WILD])
        elif action == NO_SWAP:
            words = "makes no swap"
        elif phase == P_GIVE:
            return None  # the gem taken tells the swap
        elif phase == P_TAKE:
            other, c = divmod(action - TAKE, BOARDS)
            words = "swaps a %s gem for P%d's %s gem" % (COLOURS[self.give], other + 1, COLOURS[c])
        else:
            words = "leaves out " + COLOURS[action - LEAVE]
        return "P%d %s" % (seat + 1, words)

    def _turn_words(self, action, named):
        """'plays Ruby 6, turns blue B to 6, exchanges a settlement card': this turn's steps
        (G-T1..G-T3) with `action`, the last; the card exchanged `named` or not."""
        played = action - PLAY if action >= PLAY else self.played
        use = action if self.phase == P_USE else self.used if self.phase == P_SETTLE else -1
        parts = ["plays " + gem_text(played)] if played >= 0 else []
        if use == TURN:  # (the die on the card's colour, to its face)
            parts.append("turns %s to %d" % (die_text(self._die_on(colour(played))),
                                             face(played)))
        elif use >= MOVE:  # (a die showing the card's face)
            target = (use - MOVE) % 7
            parts.append("moves %s to %s" % (die_text((use - MOVE) // 7),
                                             board_text(CENTRE if target == 6 else target)))
        if action >= EXCHANGE and action < PLAY:
            parts.append("exchanges " + (settle_text(action - EXCHANGE) if named
                                         else "a settlement card"))
        elif action >= SETTLE and action < PLAY:
            parts.append("settles with " + settle_text(action - SETTLE))
        elif not parts:
            parts.append("makes no settlement")
        if len(parts) == 2:
            return parts[0] + " and " + parts[1]
        return ", ".join(parts)  # (three: a console line of 80 columns at most)

    def action_text(self, action, viewer=-1):
        """Short words for `action` now. A settlement card put under the deck is named only
        to the seat that holds it."""
        hidden = viewer >= 0 and viewer != self.current_player()
        if action >= PLAY:
            return "play " + gem_text(action - PLAY)
        if action >= EXCHANGE:
            if hidden:
                return "exchange a settlement card"
            return "exchange " + settle_text(action - EXCHANGE)
        if action >= SETTLE:
            return "settle with " + settle_text(action - SETTLE)
        if action >= TAKE:
            s = (action - TAKE) // BOARDS
            return "take P%d's %s" % (s + 1, COLOURS[(action - TAKE) % BOARDS])
        if action >= GIVE:
            return "give your " + COLOURS[action - GIVE]
        if action >= LEAVE:
            return "leave out " + COLOURS[action - LEAVE]
        if action >= WILD:
            return "wild gem on " + COLOURS[action - WILD]
        if action >= MOVE:
            die = (action - MOVE) // 7
            target = (action - MOVE) % 7
            return "move %s %d %s->%s" % (die_text(die), self.faces[die],
                                          board_text(self.boards[die]),
                                          board_text(CENTRE if target == 6 else target))
        if action >= PLACE_DIE:
            d = self.die_index
            return "%s %d on %s" % (die_text(d), self.faces[d], COLOURS[action - PLACE_DIE])
        if action == TURN:
            die = self._die_on(colour(self.played)) if self.played >= 0 else 0
            return "turn %s on %s to %d" % (die_text(die), board_text(self.boards[die]),
                                            face(self.played) if self.played >= 0 else 0)
        return _WORDS[action - PASS]


_WORDS = ("no settlement", "do not use the face", "turn", "no swap", "keep wild gems waiting")


def sample_state(view, rng):
    """A full State consistent with `view` (for search, as OpenSpiel resamples from an
    information state): the gem cards and settlement cards `view["seat"]` cannot see (other
    hands, both decks' order) are dealt uniformly at random with `rng`; all else is copied.
    It ignores what only memory of the game would tell (e.g. the card an exchange put under
    the settlement deck). The state has a fresh Prng drawn from `rng`, an empty history and
    a seed of its own: it is NOT replayable, use it only to look ahead."""
    n = view["players"]
    me = view["seat"]
    s = new_game(n, rng.randbelow(1 << 28), view["options"])
    s.notes = list(view["notes"])
    s.totals = list(view["totals"])
    s.start = list(view["start"])
    s.settlements = view["settlements"]
    s.results = [list(r) for r in view["results"]]
    s.wild_owner = list(view["wild_owner"])
    s.wild_colour = list(view["wild_colour"])
    s.areas = [list(a) for a in view["areas"]]
    s.boards = list(view["boards"])
    s.faces = list(view["faces"])
    s.settling = view["settling"]
    s.decider = view["decider"]
    s.queue = list(view["queue"])
    s.wild_only = view["wild_only"]
    s.leave = list(view["leave"])
    s.give = view["give"]
    s.played = view["played"]
    s.moved = view["moved"]
    s.die_index = view["die_index"]
    s.turns = view["turns"]
    s.first = view["first"]
    s.turn = view["turn"]
    s.phase = PHASES.index(view["phase"])
    # Gem cards: neither in my hand nor in any gem area.
    shown = view["hands"] is not None  # once the game is over, everything is shown
    seen = bytearray(GEM_CARDS)
    for card in view["hand"]:
        seen[card] = 1
    if shown:
        for hand in view["hands"]:
            for card in hand:
                seen[card] = 1
    for area in view["areas"]:
        for card in area:
            seen[card] = 1
    pool = [c for c in range(GEM_CARDS) if not seen[c]]
    rng.shuffle(pool)
    counts = view["hand_counts"]
    i = 0
    for seat in range(n):
        if shown:
            s.hands[seat] = list(view["hands"][seat])
        elif seat == me:
            s.hands[seat] = list(view["hand"])
        else:
            s.hands[seat] = pool[i:i + counts[seat]]
            i += counts[seat]
    s.gem_deck = pool[i:]
    # Settlement cards: neither in my hand, nor wild gems, nor the one being settled.
    seen = bytearray(SETTLE_CARDS)
    for k in view["settle_hand"]:
        seen[k] = 1
    if shown:
        for hand in view["settle_hands"]:
            for k in hand:
                seen[k] = 1
    for k in range(SETTLE_CARDS):
        if view["wild_owner"][k] >= 0:
            seen[k] = 1
    if 0 <= view["settling"] < SETTLE_CARDS:
        seen[view["settling"]] = 1
    pool = [k for k in range(SETTLE_CARDS) if not seen[k]]
    rng.shuffle(pool)
    counts = view["settle_counts"]
    i = 0
    for seat in range(n):
        if shown:
            s.settle_hands[seat] = list(view["settle_hands"][seat])
        elif seat == me:
            s.settle_hands[seat] = list(view["settle_hand"])
        else:
            s.settle_hands[seat] = pool[i:i + counts[seat]]
            i += counts[seat]
    s.settle_deck = pool[i:]
    return s
