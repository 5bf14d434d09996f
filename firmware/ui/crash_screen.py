# The crash screen: what a player sees after a fault in a frame (App.fault) instead of a
# traceback. Loaded only after a fault, once the game in memory has been let go and the heap
# collected, and let go again when the player leaves the screen: a game in play never holds
# its code (the PyBadge's heap is the tight one).
from firmware import buttons
from firmware.core import unload
from firmware.ui import canvas
from firmware.ui.canvas import wrap
from firmware.ui.screens import Screen, hint


def show(app, exc, facts, saved, over):
    """The crash screen for `exc` on `app`, the game already let go. facts: (game, actions)
    of the game that was in play, or None; saved: its save is on the flash as its last
    action left it; over: it had ended. Writes the crash report; a save that failed while it
    was being resumed is kept aside (no boot loop)."""
    from firmware.crash import headline

    lines = []
    slot = app.slot
    if app.resuming and slot is not None:  # the save failed as it was resumed: not again
        app.resuming = False
        kept = slot.keep_aside("the app failed while resuming it")
        slot.resumed()
        saved = False
        if kept is not None:
            lines.append("The saved game failed as it was resumed: it is kept as %s, "
                         "and a new game can start." % kept.rsplit("/", 1)[-1])
    elif saved:
        lines.append("Your game is saved.")
    elif over:
        lines.append("The game had ended: nothing is lost.")
    elif facts is not None:
        lines.append("This game was not saved: it cannot come back.")
    report = _report(app, exc, facts)
    if report is not None:
        lines.append("Details are in %s, for a bug report." % report.rsplit("/", 1)[-1])
    lines.append("")
    lines.append("%s: %s" % (type(exc).__name__, str(exc)[:60]))
    app.goto(CrashScreen(app, headline(exc), lines, app.reopen if saved else None))


def _report(app, exc, facts):
    """Append the fault to the crash report when the code may write the flash; its path,
    or None. The report's code is loaded only now, and let go after."""
    if not app.can_save:
        return None
    game, actions = facts if facts is not None else (None, None)
    try:
        from firmware import crash

        return crash.report(exc, app.crash_path, game, actions,
                            getattr(app.board, "name", None))
    except Exception:  # no memory even for the report: the screen still tells
        return None
    finally:
        unload("firmware.crash")


class CrashScreen(Screen):
    """What happened, whether the game is safe, the report's file; A goes back into the
    game (reloaded from its save) when there is one to go back to, B (or A otherwise) to
    the title. Texts are wrapped when drawn, so that a heap short of memory still shows it."""

    crash = True  # App.fault: a fault of this screen only draws it again

    def __init__(self, app, headline, lines, back):
        self.app = app
        self.headline = headline
        self.lines = lines  # short sentences, wrapped when drawn
        self.back = back  # what A does; None: there is no game to go back to (B: the title)

    def key(self, pressed):
        if pressed & buttons.A and self.back is not None:
            self.back()  # (app.reopen: this screen's code is let go with the game's)
        elif pressed & (buttons.A | buttons.B):
            self.app.home()

    def draw(self, c):
        c.at(0, 0, canvas.WHITE)
        c.text(self.headline)
        c.bar(0, canvas.RED)
        row = 2
        colour = canvas.WHITE
        for line in self.lines:
            if not line:  # the technical detail follows, in grey
                colour = canvas.GREY
            for part in wrap(line, c.cols):
                if row < c.rows - 1:
                    c.at(row, 0, colour)
                    c.text(part)
                row += 1
        hint(c, "A: to the game  B: title" if self.back is not None else "A: to the title")
