# Text console front end: any mix of human and computer seats, stdin/stdout only (input()
# and print()), so it runs the same in a terminal and over a board's USB serial REPL.
# The loop speaks only the rules contract (new_game, legal_actions, apply, move_text,
# view, is_over, scores, winners, current_player, OPTIONS, TITLE); what a table looks like
# is the game's renderer, firmware/games/<game>/console.py, imported on demand (a game without
# one gets the plain dump of _Plain). A renderer has:
#   HELP               lines of short rules help (the game's help.py's)
#   RULES              optional: where every rule is written, said after HELP
#   table(view, names, out)          the whole table as `view["seat"]` may see it
#   status(view, names, out)         a short reminder between two decisions in a row
#   round_result(view, names, out)   the last scored round
#   final(view, names, out)          extra lines for the end of the game
#   turn_key(view)                   changes when a new turn starts (for the spectator log)
#   turn_line(view, names)           the spectator's line at the start of a turn
# A human sees only what state.view(seat) holds: the other seats' hidden cards never reach
# the screen, and the log words each action for the human who reads it.
import gc

from firmware.bots import LEVELS, make_bot
from firmware.clock import seed_from_clock
from firmware.core import COLLECT, game_part, load, unload
from firmware.core.prng import SEED_LIMIT

HUMAN = "human"
SCROLL = 40  # blank lines that push a player's screen away before the next human's turn
LOG_KEEP = 40  # log lines kept per human between two of their decisions
DEFAULT_PLAYERS = 3
# On the boards, collect after every action: the heap stays unfragmented (a console game
# then fits in a smaller heap). CPython needs no help and its full collection is slow.
CRASH_PATH = None  # where a fault's report goes; None: firmware.crash.default_path()


class Quit(Exception):
    """The player asked to stop, or the input ended."""


def ask(prompt, inp=input, default=""):
    """One stripped line of input; empty input gives `default`; end of input raises Quit."""
    try:
        line = inp(prompt)
    except EOFError:
        raise Quit() from None
    line = line.strip()
    return line if line else default


def parse_seat(text):
    """'human'/'h', 'bot'/'b' (normal level) or a level name -> 'human' or the bot level."""
    word = text.strip().lower()
    if word in ("human", "h"):
        return HUMAN
    if word in ("bot", "b", "cpu", "computer"):
        return "normal"
    if word in LEVELS:
        return word
    raise ValueError("a seat is human, bot or a bot level (%s), not %r" % (", ".join(LEVELS), text))


def default_seed():
    """A seed from the clock (the finest one the port has)."""
    return seed_from_clock(SEED_LIMIT)


def _ask_int(prompt, low, high, default, inp, out):
    while True:
        text = ask(prompt, inp)
        if not text:
            return default
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if low <= value <= high:
            return value
        out("Please type a number from %d to %d." % (low, high))


def here(seats):
    """A saved game's seats as the console plays them: a seat linked to another handheld
    (the app's link play) is a bot's here."""
    return ["normal" if kind == "linked" else kind for kind in seats]


def setup(module, players=None, seats=None, options=None, seed=None, inp=input, out=print):
    """Fill in whatever the caller left as None by asking (Enter takes the default):
    the players, each seat (human or bot), the options when a human plays, the seed.
    Returns (seats, options, seed); seats: 'human' or a bot level per seat."""
    if seats is None:
        if players is None:
            players = _ask_int(
                "Players (%d-%d) [%d]: "
                % (module.MIN_PLAYERS, module.MAX_PLAYERS, DEFAULT_PLAYERS),
                module.MIN_PLAYERS,
                module.MAX_PLAYERS,
                DEFAULT_PLAYERS,
                inp,
                out,
            )
        seats = []
        for seat in range(players):
            default = HUMAN if seat == 0 else "bot"
            while True:
                text = ask(
                    "P%d: human or bot (%s) [%s]: " % (seat + 1, "/".join(LEVELS), default), inp
                )
                try:
                    seats.append(parse_seat(text or default))
                    break
                except ValueError as exc:
                    out(str(exc))
    else:
        seats = [parse_seat(s) for s in seats]
    if players is not None and players != len(seats):
        raise ValueError("%d players but %d seats" % (players, len(seats)))
    has_human = HUMAN in seats
    if options is None:
        options = {}
        while has_human:
            for key, choices in module.OPTIONS:
                while True:
                    text = ask("%s (%s) [%s]: " % (key, "/".join(choices), choices[0]), inp)
                    if text.isdigit() and 1 <= int(text) <= len(choices):
                        text = choices[int(text) - 1]  # a choice's number will do too
                    if not text or text in choices:
                        options[key] = text or choices[0]
                        break
                    out("Please type one of: %s." % ", ".join(choices))
            try:  # some options fit only some player counts (e.g. teams)
                module.new_game(len(seats), 0, options)
                break
            except ValueError as exc:
                out("%s - please choose again." % exc)
    if seed is None:
        seed = default_seed()
        if has_human:
            seed = _ask_int("Seed [%d]: " % seed, 0, SEED_LIMIT - 1, seed, inp, out)
    return seats, options, seed


def play(
    game="diams", players=None, seats=None, seed=None, options=None, inp=input, out=print,
    slot=None,
):
    """Set up (asking for what is not given) and play one game on the console. Returns the
    finished state, or None when a player quit. With `slot` (a firmware.save.SaveSlot) it
    first offers to resume the game saved there, and saves after every action. A fault in
    the game (anything but KeyboardInterrupt) is reported (firmware/crash.py) and the game
    resumed from its save if the player wants: never a traceback."""
    resuming = [False]  # a resumed game that has not yet applied an action
    state = None
    try:
        saved = offer_resume(slot, inp, out) if slot is not None else None
        if saved is not None:
            state, seats = saved.state, here(saved.seats)
            seed = state.seed
            resuming[0] = True
        else:
            module = load(game)
            seats, options, seed = setup(module, players, seats, options, seed, inp, out)
            state = module.new_game(len(seats), seed, options)
        saved = None
        while True:
            try:
                return _game(state, seats, seed, slot, resuming, inp, out)
            except (KeyboardInterrupt, Quit):
                raise
            except Exception as exc:
                saved = _fault(exc, state, slot, resuming, inp, out)
            state = None
            if saved is None:
                return None
            state, seats, seed = saved.state, here(saved.seats), saved.state.seed
            resuming[0] = True
            saved = None
    except Quit:
        out("Bye.")
        return None


def _game(state, seats, seed, slot, resuming, inp, out):
    """play()'s game: saved after every action; the finished state, or None on a quit."""
    out(
        "%s: %d players, seed %d, options %s"
        % (load(state.game).TITLE, len(seats), seed, _options_text(state))
    )
    after = None
    if slot is not None:
        from firmware.save import autosaver

        save = autosaver(slot, seats, out)
        if resuming[0]:
            slot.resuming()  # a mark on the flash until the resumed game applies an action

        def saved(state):
            save(state)
            if resuming[0] and len(state.history) > start:
                resuming[0] = False
                slot.resumed()

        after = saved
        start = len(state.history)
        save(state)
    finished = run(state, seats, inp, out, seed, after)
    if resuming[0] and slot is not None:
        resuming[0] = False
        slot.resumed()
    return state if finished else None


def _fault(exc, state, slot, resuming, inp, out):
    """After a fault in a game: a crash report, what happened in a player's words, and the
    game again from its save (a Saved) if the player wants it, else None. A fault before a
    resumed game applied an action keeps that save aside instead (it would fail again)."""
    game, actions = state.game, len(state.history)
    try:
        over = state.is_over()
    except Exception:
        over = False
    state = None
    gc.collect()
    from firmware import crash

    path = crash.report(exc, CRASH_PATH, game, actions) if slot is not None else None
    out("")
    out("%s (%s: %s)." % (crash.headline(exc), type(exc).__name__, exc))
    unload("firmware.crash")
    if path is not None:
        out("Details are in %s, for a bug report." % path)
    if slot is None:
        out("This game was not saved: it cannot come back.")
        return None
    if resuming[0]:
        resuming[0] = False
        kept = slot.keep_aside("the console failed while resuming it")
        slot.resumed()
        out("The saved game failed as it was resumed: it is kept as %s, and the next start "
            "begins a new game." % kept)
        return None
    if over:
        out("The game had ended: its record is kept as %s." % slot.last)
        return None
    if ask("Your game is saved. Enter: resume it, q: quit ", inp).lower() in ("q", "quit"):
        return None
    return offer_saved(slot, out)


def offer_saved(slot, out, none="There is no saved game."):
    """slot.load(), or None with the reason told (load() raises only SaveError; any other
    exception is told the same way: this is where a damaged flash must not end the game)."""
    try:
        saved = slot.load()
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # firmware.save.SaveError
        out(str(exc) or repr(exc))
        return None
    if saved is None and none:
        out(none)
    return saved


def offer_resume(slot, inp=input, out=print):
    """The game saved in `slot` (a firmware.save.Saved) if the player wants it back, else
    None. A damaged save is reported (firmware.save has kept it aside) and None returned."""
    saved = offer_saved(slot, out, "")
    if saved is None:
        return None
    for note in getattr(saved, "notes", ()):
        out(note)
    state = saved.state
    out(
        "A saved game: %s, %d players, %d actions played."
        % (load(state.game).TITLE, state.players, len(state.history))
    )
    if ask("Resume it? (Y/n, n starts a new game over it) ", inp).lower() in ("", "y", "yes"):
        return saved
    return None


def _options_text(state):
    parts = []
    for key in sorted(state.options):
        parts.append("%s=%s" % (key, state.options[key]))
    return " ".join(parts)


def renderer_for(game):
    """The game's console renderer module (its console.py), or the plain one."""
    return game_part(game, "console") or _Plain


def run(state, seats, inp=input, out=print, seed=0, after_action=None):
    """Play `state` to its end. seats[seat]: 'human', 'bot' or a bot level. Returns False
    when a human quit (or the input ended), True when the game is over. after_action(state)
    runs after every applied action (the save)."""
    game = state.game
    renderer = renderer_for(game)
    seats = [parse_seat(s) for s in seats]
    players = len(seats)
    names = []
    bots = []
    humans = []
    for seat in range(players):
        if seats[seat] == HUMAN:
            names.append("P%d" % (seat + 1))
            bots.append(None)
            humans.append(seat)
        else:
            names.append("P%d bot" % (seat + 1))
            bots.append(make_bot(game, seat, seats[seat], seed + 7919 * (seat + 1)))
    logs = [[] for _ in range(players)]  # per human: what happened since their last decision
    dropped = [0] * players
    shown = -1  # the human whose information is on the screen
    last = -1  # the seat that made the previous decision
    scored = 0
    turn_key = None
    try:
        while True:
            over = state.is_over()
            seat = 0 if over else state.current_player()
            view = state.view(seat)
            count = state.rounds_scored()
            if count > scored:
                scored = count
                if len(humans) == 1:
                    _flush_log(logs, dropped, humans[0], out)
                elif not humans:
                    out("")
                if len(humans) > 1:
                    for human in humans:
                        _log(logs, dropped, human, "-- round %d scored --" % count)
                out("==== Round %d scored ====" % count)
                renderer.round_result(view, names, out)
            if over:
                break
            bot = bots[seat]
            if bot is not None:
                action = bot.choose(view)
                if action not in view["legal"]:  # never apply an illegal action
                    action = view["legal"][0]
                if not humans:
                    key = renderer.turn_key(view)
                    if key != turn_key:
                        turn_key = key
                        out(renderer.turn_line(view, names))
            else:
                if shown != seat and len(humans) > 1:
                    for _ in range(SCROLL):
                        out("")
                    ask("Pass to %s - press Enter " % names[seat], inp)
                full = last != seat or shown != seat
                shown = seat
                action = _human(state, view, seat, names, renderer, logs, dropped, full, inp, out)
            said = state.move_text(action)  # a move in one sentence (None: a pick)
            if said is not None:
                for human in humans:
                    if human != seat:  # a human's log shows what the others did since
                        _log(logs, dropped, human, state.move_text(action, human))
                if not humans:
                    out("  " + said)
            state.apply(action)
            lead = "" if said is None else "  -> "  # the move itself, or what it caused
            for note in state.notes:  # public, shown to everyone
                if not humans or seat in humans:
                    out("  " + lead + note)
                for human in humans:
                    if human != seat:
                        _log(logs, dropped, human, lead + note)
            last = seat
            if after_action is not None:
                after_action(state)
            if COLLECT:
                gc.collect()
    except Quit:
        out("Game stopped.")
        return False
    if len(humans) == 1:
        _flush_log(logs, dropped, humans[0], out)
    _results(state, names, renderer, out)
    return True


def _log(logs, dropped, seat, line):
    log = logs[seat]
    log.append(line)
    if len(log) > LOG_KEEP:
        log.pop(0)
        dropped[seat] += 1


def _flush_log(logs, dropped, seat, out):
    log = logs[seat]
    if not log:
        return
    out("Since your last move:")
    if dropped[seat]:
        out("  (%d earlier actions not shown)" % dropped[seat])
    for line in log:
        out("  " + line)
    logs[seat] = []
    dropped[seat] = 0


def _human(state, view, seat, names, renderer, logs, dropped, full, inp, out):
    """Show `seat` its table and log, ask for one of the legal actions."""
    if full:
        out("")
        renderer.table(view, names, out)
    else:
        renderer.status(view, names, out)
    _flush_log(logs, dropped, seat, out)
    legal = view["legal"]
    _options(state, seat, legal, out)
    while True:
        text = ask("%s, your choice [1-%d, ?=help, q=quit]: " % (names[seat], len(legal)), inp)
        word = text.lower()
        if word in ("?", "h", "help"):
            for line in renderer.HELP:
                out(line)
            rules = getattr(renderer, "RULES", None)  # (the handheld's help names no file)
            if rules:
                out(rules)
            _options(state, seat, legal, out)
            continue
        if word in ("q", "quit"):
            if ask("Quit the game? (y/N) ", inp).lower() in ("y", "yes"):
                raise Quit()
            continue
        try:
            number = int(text)
        except ValueError:
            number = 0
        if 1 <= number <= len(legal):
            return legal[number - 1]
        if text:
            out(
                "Not a choice: %r. Type a number from 1 to %d, ? for help, q to quit."
                % (text, len(legal))
            )
        else:
            out("Type a number from 1 to %d, ? for help, q to quit." % len(legal))


def _options(state, seat, legal, out):
    out("Your options:")
    number = 1
    for action in legal:
        out("  %2d) %s" % (number, state.action_text(action, seat)))
        number += 1


def _results(state, names, renderer, out):
    out("")
    out("===== Game over =====")
    renderer.final(state.view(0), names, out)
    scores = state.scores()
    parts = []
    for seat in range(len(names)):
        parts.append("%s %d" % (names[seat], scores[seat]))
    out("Scores: " + ", ".join(parts))
    winners = state.winners()
    if len(winners) == 1:
        out("Winner: " + names[winners[0]])
    else:
        out("Winners: " + ", ".join([names[s] for s in winners]))


class _Plain:
    """Renderer for a game without its own: the public counts and the seat's own data."""

    HELP = ("No help for this game yet.",)

    @staticmethod
    def table(view, names, out):
        for key in sorted(view):
            if key not in ("legal", "hands", "vaults"):
                out("%s: %r" % (key, view[key]))

    @staticmethod
    def status(view, names, out):
        out("phase: %r" % (view.get("phase"),))

    @staticmethod
    def round_result(view, names, out):
        pass

    @staticmethod
    def final(view, names, out):
        pass

    @staticmethod
    def turn_key(view):
        return view.get("turn")

    @staticmethod
    def turn_line(view, names):
        return "-- %s" % names[view.get("current", 0)]
