# A finished game in words for the handheld: the winner first, then every seat's score from
# the best down, then the game's own breakdown (results_<game>.py: the last settlement if
# it was not shown yet, the vaults revealed, the tie-break). The screen that shows it offers
# a rematch (same seats and options, the next seed) or the title; the title shows the last
# finished game again from its record on the flash. Loaded at a game's end only (its bots
# have left the heap by then) and for the title's "Last game".
from firmware.core import find_module, unload
from firmware.hw import buttons as K
from firmware.ui import canvas as C
from firmware.ui.screens import NEXT, PREV, Screen, hint, title_bar

RESULTS = "firmware.ui.results_"  # + game


def summary(state, names, out, unseen_round=False):
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
    words = find_module(RESULTS + state.game)
    if words is None:
        return
    view = state.view(winners[0] if winners else 0)  # a finished game hides nothing
    if unseen_round:
        words.round_result(view, names, out)
    words.final(view, names, out)
    unload(RESULTS + state.game)


class ResultScreen(Screen):
    """The winner on the title's next row (gold), the lines under it scrolled with the
    d-pad; A and B as `choices` says: ((hint, action for A), (hint, action for B))."""

    def __init__(self, app, title, lines, choices):
        from firmware.ui.canvas import wrap

        self.app = app
        self.title = title
        self.head = wrap(lines[0], app.cols)[0] if lines else ""
        self.lines = []
        for line in lines[1:]:
            for part in wrap(line, app.cols):
                self.lines.append(part)
        self.top = 0
        self.choices = choices

    def key(self, pressed):
        room = self.app.rows - 3
        last = max(0, len(self.lines) - room)
        if pressed & PREV:
            self.top = max(0, self.top - (1 if pressed & K.UP else room))
        elif pressed & NEXT:
            self.top = min(last, self.top + (1 if pressed & K.DOWN else room))
        elif pressed & K.A:
            self.choices[0][1]()
            return
        elif pressed & K.B:
            self.choices[1][1]()
            return
        self.app.redraw()

    def draw(self, c):
        room = c.rows - 3
        more = ""
        if len(self.lines) > room:
            more = "%d/%d" % (min(self.top + room, len(self.lines)), len(self.lines))
        title_bar(c, self.title, more)
        c.at(1, 0, C.GOLD)
        c.text(self.head)
        for i in range(room):
            if self.top + i < len(self.lines):
                c.at(2 + i, 0, C.WHITE)
                c.text(self.lines[self.top + i])
        hint(c, "%s  %s" % (self.choices[0][0], self.choices[1][0]))
