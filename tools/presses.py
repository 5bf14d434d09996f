"""Button presses a player needs, measured in the headless simulator (make bench ARGS=presses).

A scripted human plays each game against normal bots: at each of its decisions it wants what
a bot of its chooser's level would choose from its view (CHOOSERS: normal, the default, or
hard: the search, make_bot, seeded by the game's seed, so a run is the same each time), and
the bot's next choices while nothing new shows,
and presses the buttons the table needs to get them (the fewest, as a player who knows the
screen would: a shortcut of the table that does several at once, picks that commute in the
order nearest the cursor); on every other screen it presses A to go on. The presses are
counted per turn (a run of the human's decisions with no other seat in between, within one
round of the game), and a turn is sorted by the game's own kind (Diamonds' passing,
SIXGEMS's settling, ...). A game whose turn is many moves (Diploma's placement phase: tiles
laid, steps, buys) is also counted per move (MOVES: the decisions up to one the log tells,
state.move_text, sorted by its verb).
The keys that reach a choice are the screen's own (app_driver.keys_to: the list round, or a
game's placer over its board). The screens between turns (logs, results, pass the device)
count apart.

    .venv/bin/python tools/bench.py presses [--games diams] [--games-n 3] [--chooser hard]

A game's choices put the normal bot's likely move first: the normal chooser measures a
player who wants that; the hard one, a player who wants something else (a stronger move).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, HERE, os.path.join(ROOT, "host_tests"),
             os.path.join(ROOT, "host_tests", "core")):  # (app_driver: hands.py)
    if path not in sys.path:
        sys.path.insert(0, path)

from app_driver import keys_to, make_sim, setup_game  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.bots import make_bot  # noqa: E402
from firmware.core import about, load  # noqa: E402
from firmware.ui import screens  # noqa: E402

CHOOSERS = ("normal", "hard")  # the bot level whose choices the scripted human wants

# Every game is played by P1, the human, against normal bots, at its fewest players but two
# at least, or at the count here (Diamonds' passing is measured at three).
PLAYERS = {"diamonds": 3}


def table_of(game):
    """(players, seats) of the table `game` is measured at."""
    players = PLAYERS.get(game, max(2, about(game).MIN_PLAYERS))
    return players, ("human",) + ("normal",) * (players - 1)
FRAMES = 100000  # a game's frames at most (bots thinking and their moves on show included)


def turn_kind(game, phases, words):
    """The kind of a turn from the phases of its decisions (view["phase"]) and the words of
    the actions chosen."""
    if game == "diamonds":
        return "passing" if "count" in phases or "pass" in phases else "a trick"
    if game == "sixgems":
        for text in words:
            if text.startswith("settle"):
                return "settling"
    if game == "diploma" and "place" in phases:
        return "placement phase"  # (P-P: many moves, each one decision; also per move below)
    return "turn"


# Diploma's moves by the verb of their sentence (move_text): a kind of move each.
DIPLOMA_MOVES = (("lays", "lay a tile"), ("takes the", "draft a die"), ("uses", "magic"),
                 ("produces", "produce"), ("steps", "step"), ("jumps", "step"),
                 ("buys", "buy"), ("takes an extra", "buy"), ("ends", "end the placement"),
                 ("discards", "discard, steal"), ("steals", "discard, steal"),
                 ("declares", "declare, convert"), ("turns", "declare, convert"),
                 ("flips", "declare, convert"), ("is done", "declare, convert"))


def diploma_move(sentence):
    verb = sentence.split(" ", 1)[1]
    for start, kind in DIPLOMA_MOVES:
        if verb.startswith(start):
            return "move: " + kind
    return "move: other"


MOVES = {"diploma": diploma_move}  # games counted per move too: the kind of a move's sentence


def reach(sim, choice):
    """Press the buttons that pick `choice` at the table (the screen's fewest keys to it,
    then A). The number of presses."""
    keys = keys_to(sim.app.screen, sim.app.screen.legal.index(choice))
    for key in keys:
        sim.press(key)
    return len(keys)


def cost(table, index):
    return len(keys_to(table, index))


def wanted_run(state, seat, chooser, limit=16):
    """What the human wants from `state` on: the chooser's decisions while the seat stays on
    turn and nothing new is shown (the last may show something: a draw, a roll)."""
    probe = state.clone()
    run = []
    while len(run) < limit and probe.current_player() == seat:
        chooser.start(probe.view(seat))
        while chooser.step():
            pass
        action = chooser.result()
        revealed = probe.revealed
        probe.apply(action)
        run.append(action)
        if probe.revealed != revealed:
            break
    return run, fingerprint(probe, seat)


def fingerprint(state, seat):
    view = state.view(seat)
    view.pop("notes", None)  # (the words of picks made in another order differ)
    return repr(sorted(view.items()))


def ends_alike(state, seat, actions, target):
    probe = state.clone()
    for action in actions:
        if probe.current_player() != seat or action not in probe.legal_actions():
            return False
        probe.apply(action)
    return fingerprint(probe, seat) == target


def pick(sim, seat, chooser):
    """The choice a player who knows the screen makes for what the chooser wants: a choice
    (an action or a shortcut) that starts the chooser's run, or that the run makes later
    and that leaves the same table when made first (the cards of a pass in any order):
    the fewest presses for the run (each of its other actions a press at least)."""
    state = sim.app.match.state
    table = sim.app.screen
    run, target = wanted_run(state, seat, chooser)
    best = None
    for index, choice in enumerate(table.legal):
        actions = list(choice[1]) if isinstance(choice, tuple) else [choice]
        if actions != run[:len(actions)]:
            rest = list(run)
            for action in actions:
                if action not in rest:
                    break
                rest.remove(action)
            else:
                if not ends_alike(state, seat, actions + rest, target):
                    continue
            if len(rest) != len(run) - len(actions):
                continue
        key = (cost(table, index) - len(actions), -len(actions))  # (each action left: a
        # press at least)
        if best is None or key < best[0]:
            best = (key, choice)
    return best[1]


class Tally:
    def __init__(self):
        self.turns = {}  # kind -> [presses of each turn]
        self.decisions = {}  # kind -> decisions in those turns
        self.extra = {}  # kind -> the most presses beyond one a decision in one of them
        self.between = 0  # presses on other screens
        self.games = 0

    def add(self, kind, presses, decisions):
        self.turns.setdefault(kind, []).append(presses)
        self.decisions[kind] = self.decisions.get(kind, 0) + decisions
        self.extra[kind] = max(self.extra.get(kind, 0), presses - decisions)


def told(before, history, seat):
    """The last sentence the log tells of the seat's actions in `history` from the state
    `before` (a clone of the state they were played from) while it stays on turn; None when
    they were all picks (a move still to be completed)."""
    said = None
    for action in history[len(before.history):]:
        if before.current_player() != seat:
            break
        said = before.move_text(action) or said
        before.apply(action)
    return said


def play_one(game, seed, tally, chooser_level="normal"):
    players, seats = table_of(game)
    module = load(game)
    sim = make_sim("pybadge", seed=seed)
    setup_game(sim, module.TITLE, players, seats)
    human = 0
    if chooser_level not in CHOOSERS:
        raise ValueError("unknown chooser %r; choosers: %s" % (chooser_level, ", ".join(CHOOSERS)))
    chooser = make_bot(game, human, chooser_level, seed * 31 + 7)  # (hard: a playout cap,
    # no clock: the same choices on any machine)
    turn = []  # the human's decisions of the turn so far: (phase, words, presses)
    turn_round = None  # the round of the turn's decisions (a game's view's round)
    move_presses = move_decisions = 0
    move_kind = MOVES.get(game)

    def end_turn():
        if turn:
            tally.add(turn_kind(game, [d[0] for d in turn], [d[1] for d in turn]),
                      sum(d[2] for d in turn), len(turn))
            turn.clear()

    for _ in range(FRAMES):
        app = sim.app
        match = app.match
        screen = app.screen
        if match is None or (match.over() and not isinstance(screen, screens.TableScreen)
                             and "Game over" in sim.texts()[0]):
            break
        if isinstance(screen, screens.TableScreen) and match.human_turn() and not screen.moving:
            # (the last seat's move travelling as the turn comes: the player waits for it,
            # busy() below; A would land it and choose nothing)
            view = match.state.view(human)
            round_now = view.get("round", view.get("round_no"))
            if round_now != turn_round:  # a new round: a new turn (its first decision, e.g.
                end_turn()  # Diploma's magic before the roll, right after the human's
                # placement ended the last one)
            turn_round = round_now
            choice = pick(sim, human, chooser)
            words = screen.words(choice, human)
            before = match.state.clone() if move_kind else None
            pressed = reach(sim, choice)
            turn.append((view["phase"], words, pressed))
            if move_kind:  # (the app played the rest of a move with a lone choice too)
                move_presses += pressed
                move_decisions += 1
                said = told(before, sim.app.match.state.history, human)
                if said is not None:
                    tally.add(move_kind(said), move_presses, move_decisions)
                    move_presses = move_decisions = 0
            if [line for line in match.news(human) if not line.startswith("Only choice")]:
                end_turn()  # the bots played within that press (the app settles): the
                # human's run of decisions ended there
            continue
        end_turn()  # (the human's run of decisions ended, if there was one)
        if isinstance(screen, screens.TableScreen) and screen.busy():
            sim.frame(0)  # a bot thinks: no button
            continue
        sim.press(buttons.A)
        tally.between += 1
    else:
        raise RuntimeError("%s seed %d did not end in %d frames" % (game, seed, FRAMES))
    end_turn()
    tally.games += 1


def measure(game, games, first_seed=1, chooser="normal"):
    """The tally of `games` games of `game` from `first_seed` on, the scripted human wanting
    what a `chooser` bot (CHOOSERS) would choose."""
    tally = Tally()
    for k in range(games):
        play_one(game, first_seed + k, tally, chooser)
    return tally


def rows_of(game, tally):
    """Table rows: game, kind of turn, turns, decisions a turn, presses a turn (mean, p90,
    max), the most presses beyond one a decision in a turn (the keys that only move the
    cursor: a turn of many decisions needs a press each at least), presses on other
    screens a game."""
    rows = []
    for kind in sorted(tally.turns, key=lambda k: (k.startswith("move: "), k)):
        values = sorted(tally.turns[kind])
        n = len(values)
        p90 = values[min(n - 1, (9 * n + 9) // 10 - 1)]
        rows.append([game, kind, str(n), "%.1f" % (tally.decisions[kind] / n),
                     "%.1f" % (sum(values) / n), str(p90), str(values[-1]),
                     str(tally.extra[kind]),
                     "%.0f" % (tally.between / max(1, tally.games))])
    return rows


HEAD = ["game", "turn", "turns", "decisions", "presses", "p90", "max", "cursor max",
        "other screens/game"]
