# The simulator's board (tools/sim.py): a display made by the simulator (a Blinka displayio
# window, or a headless one for tests and screenshots) and buttons set from outside, from
# the keyboard or from a key script. Same interface as the board profiles.
LINES = {
    "pybadge": ("d-pad: move, <>: change", "A: choose  B: back/undo", "START: pause menu",
                "SELECT: next table page"),
    "picodisplay": ("X/Y: up/down, A: choose", "B: back/undo, X+Y: pause", "B+Y: next page",
                    "A+X / A+Y: left/right"),
}


class HostBoard:
    def __init__(self, display, name="pybadge"):
        self.name = name
        self.display = display
        self.width = display.width
        self.height = display.height
        self.held = 0
        self.lines = LINES.get(name, LINES["pybadge"])

    def buttons(self):
        return self.held

    def beep(self, hz, ms):
        pass
