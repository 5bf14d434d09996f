# The simulator's board (tools/sim.py): a display made by the simulator (a Blinka displayio
# window, or a headless one for tests and screenshots) and buttons set from outside, from
# the keyboard or from a key script. Same interface as the board profiles.
class HostBoard:
    def __init__(self, display, name="pybadge"):
        self.name = name
        self.display = display
        self.width = display.width
        self.height = display.height
        self.held = 0
        # The help screen names the buttons of the board simulated (its profile's LINES).
        self.lines = __import__("firmware.hw." + name, None, None, ("LINES",)).LINES

    def buttons(self):
        return self.held

    def beep(self, hz, ms):
        pass
