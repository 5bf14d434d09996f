# The web page's entry (web/page.js imports it): the app on the web page's board
# (firmware/hw/web.py) with its MicroPython renderer (ui/fbscene.py), as start.py runs it on
# a board. The page drives the frames and holds the buttons.
from firmware.app import App
from firmware.hw.web import WebBoard, WebPort, WebSlot
from firmware.ui.fbscene import Scene


class Page:
    """The app as the page runs it: frame(mask, now) with the buttons held and the page's
    virtual clock in ms (None: the port's ticks_ms()), busy() while the bots think or a move
    is being shown. `send` and `take`: the page's channel to another tab (WebPort), when it
    links."""

    def __init__(self, name, paint, beep=None, keep=None, seed=None, send=None, take=None):
        link = WebPort(send, take) if send is not None else None
        self.board = WebBoard(name, paint, beep, link)
        self.scene = Scene(self.board.display)
        slot = WebSlot(keep) if keep is not None else None
        self.app = App(self.board, self.scene, slot, slot is not None, None, seed)

    def frame(self, mask, now):
        self.board.held = mask  # read by the app's frame, as a board's buttons()
        self.app.frame(None, now)

    def busy(self):
        return self.app.busy()

    def text(self):
        """What the screen shows, a row a line (the page's tests read it)."""
        return "\n".join(self.scene.texts())
