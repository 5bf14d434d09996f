# A finished game for the handheld: its words (the winner first, then every seat's score
# from the best down, then the game's own breakdown: the last round if it was not shown
# yet, from the game's results.py, SIXGEMS's final settlement; then its final.py's: the
# vaults revealed, the tie-break) and the screen that shows them with a rematch (same
# seats and options, the next seed) or the title; the title's "Last game's results" reads
# the last finished game back from its record on the flash. Loaded at a game's end only
# (its bots have left the heap by then) and for the title's item, so none of it sits on a
# board's heap during play.
from firmware import buttons
from firmware.ui import canvas
from firmware.ui.canvas import wrap
from firmware.ui.match import FINAL, RESULTS, seat_name, write_words
from firmware.ui.screens import TextScreen


def summary(state, names, out, unseen_round):
    """The lines of a finished game: who won, the scores ranked, the game's breakdown.
    unseen_round: the last round's result was not on the screen yet (it comes first in
    the breakdown: SIXGEMS's final settlement)."""
    winners = state.winners()
    scores = state.scores()
    best = [names[s] for s in winners]
    out(("%s wins" if len(best) == 1 else "Tie: %s") % ", ".join(best))
    order = sorted(range(len(names)), key=lambda s: (s not in winners, -scores[s], s))
    for seat in order:
        out("%s %s: %d" % ("*" if seat in winners else " ", names[seat], scores[seat]))
    view = state.view(0)  # any seat's: a finished game hides nothing
    if unseen_round:
        write_words(state.game, RESULTS, "round_result", view, names, out)
    write_words(state.game, FINAL, "final", view, names, out)


def rematch(app, state, seats):
    """The finished game `state` again: the same seats and options, the next seed."""
    from firmware.core.prng import SEED_LIMIT

    app.start(state.game, seats, state.options, (state.seed + 1) % SEED_LIMIT)


def final_lines(match, out):
    """The finished game of `match`: the winner, the scores ranked, the game's breakdown with
    the last round's result if it was not shown."""
    unseen = match.pending_result()
    match.results = match.scored
    summary(match.state, match.names, out, unseen)


def game_over(app):
    """The game in play has ended: its results, A: rematch, B: title."""
    match = app.match
    lines = []
    final_lines(match, lines.append)
    if match.save_off:
        lines.append(match.save_off)
    state = match.state
    seats = match.seats
    app.goto(ResultScreen(app, "Game over", lines,
                          (("A: rematch", lambda: rematch(app, state, seats)),
                           ("B: title", app.home))))


def last_game(app):
    """The title's "Last game's results": read from its record on the flash
    (firmware/save.py), with a rematch of it."""
    lines = []
    choices = (("A: title", app.home), ("B: title", app.home))
    slot = app.slot
    try:
        saved = slot.last_game() if slot is not None else None
    except Exception as exc:  # SaveError: said, the record left as it is
        lines = ["Not readable", str(exc)]
        saved = None
    if saved is not None:
        names = [seat_name(s, saved.seats[s]) for s in range(len(saved.seats))]
        summary(saved.state, names, lines.append, saved.state.rounds_scored() > 0)
        choices = (("A: rematch", lambda: rematch(app, saved.state, saved.seats)),
                   ("B: title", app.home))
    app.goto(ResultScreen(app, "Last game", lines or ["No finished game yet"], choices))


class ResultScreen(TextScreen):
    """A text page with the winner on the row under the title bar (gold, kept while the
    rest scrolls); A and B as `choices` says: ((hint, action for A), (hint, action for B))."""

    first = 2  # the winner's row stays above the lines

    def __init__(self, app, title, lines, choices):
        TextScreen.__init__(self, app, title, lines[1:])
        self.head = wrap(lines[0], app.cols)[0] if lines else ""
        self.choices = choices

    def key(self, pressed):
        if pressed & buttons.A:
            self.choices[0][1]()
        elif pressed & buttons.B:
            self.choices[1][1]()
        elif not pressed & buttons.START:  # the d-pad scrolls (START: nothing to pause)
            TextScreen.key(self, pressed)

    def draw(self, c):
        TextScreen.draw(self, c)
        c.at(1, 0, canvas.GOLD)
        c.text(self.head)

    def hint_now(self, room):
        return "%s  %s" % (self.choices[0][0], self.choices[1][0])
