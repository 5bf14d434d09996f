# The simulator's board (tools/sim.py): a display made by the simulator (a Blinka displayio
# window, or a headless one for tests and screenshots) and buttons set from outside, from
# the keyboard or from a key script; a link port when the simulator links to another (issue
# 58). Same interface as the board profiles.
from firmware.hw import BUTTONS_OF


class HostBoard:
    link_port = None  # a function giving the link's port, when the simulator has one

    def __init__(self, display, name="pybadge", link=None):
        self.name = name
        if link is not None:  # (tools/simlink.py's socket, a test's cable end)
            self.link_port = lambda: link
        self.display = display
        self.width = display.width
        self.height = display.height
        self.held = 0
        # The help screen names the buttons of the board simulated (its profile's LINES).
        module = "firmware.hw." + BUTTONS_OF.get(name, name)
        self.lines = __import__(module, None, None, ("LINES",)).LINES

    def buttons(self):
        return self.held

    def beep(self, hz, ms):
        pass
