# The guest's screen until the host's game is on (issue 58): after the title's "Join a game"
# and at a game's end, while the host starts the next one. It says what the guest waits for
# and whether the host answers on the link; the table comes with the host's first view of a
# game in play; B goes back to the title (the link let go). Loaded only while shown.
from firmware import buttons
from firmware.core import unload
from firmware.ui import canvas
from firmware.ui.screens import Screen, hint, title_bar


def wait(app):
    """Show the waiting screen (app.join, a guest's game over: firmware/ui/outcome.py)."""
    app.goto(WaitScreen(app))


class WaitScreen(Screen):
    """What a guest waits for and how the link is; the table comes with the host's first
    view of a game in play. B: the title (the link let go)."""

    def __init__(self, app):
        self.app = app
        self.heard = None  # the link's state last drawn

    def key(self, pressed):
        if pressed & buttons.B:
            self.app.home()

    def tick(self, now):
        guest = self.app.match
        if guest.ready() and not guest.over():
            self.app.route()
            unload("firmware.ui.waiting")  # (this code, off the heap during the game)
            return True  # (the table's first frame)
        heard = guest.link.peer is not None
        if heard != self.heard:
            self.heard = heard
            return True
        return False

    def draw(self, c):
        title_bar(c, "Join a game")
        lines = ["Waiting for the host.", "",
                 "On the other handheld:", "a game's setup, a seat", "set to linked, Start.", "",
                 "Link: the host answers." if self.heard else "Link: no answer yet."]
        for i in range(len(lines)):
            c.at(2 + i, 0, canvas.WHITE)
            c.text(lines[i])
        hint(c, "B: back to the title")
