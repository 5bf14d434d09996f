# The display side of a Canvas (canvas.py): built once for a display, then show(canvas)
# copies only what changed. One TileGrid holds the glyph of every cell (a sheet of tiles
# drawn at start-up by scene_build.py, no image files); over it, one TileGrid per row shows the text
# as tiles of the built-in font (as CircuitPython's own terminal does), each row with a
# two-colour palette for its text colour. No label library: a changed character is one
# tile index, and the text costs a board's heap a few hundred bytes a row (bitmap_label
# took about 19 KB of code and 1.5 KB a row, and made a new bitmap at every change).
# Needs displayio and terminalio (CircuitPython; Blinka on the host), at start-up only.
from firmware.core import unload
from firmware.ui import canvas as C

FIRST = 32  # the font's tiles cover the printable ASCII a canvas holds (32..126)


class Scene:
    """A character grid over the whole display: cols x rows cells of the built-in font."""

    def __init__(self, display):
        from firmware.ui.scene_build import build

        (self.cols, self.rows, self.grid, self.font_index, self.lines, self.inks,
         self.rgb) = build(display)  # (rgb: look.PALETTE, the one part of look.py kept)
        unload("firmware.ui.scene_build")  # start-up code and shapes: off the heap from now
        unload("firmware.ui.look")
        self.tiles = bytearray(self.cols * self.rows)
        self.chars = bytearray(b" " * (self.cols * self.rows))  # what each cell shows
        self.colours = bytearray([C.WHITE] * self.rows)
        self.changes = 0  # counts the show() calls that changed something
        self.display = display

    def show(self, canvas):
        """Bring the display up to `canvas` (same size), touching only what changed.
        Allocates nothing."""
        cells = self.cols * self.rows
        tiles = canvas.tiles
        chars = canvas.chars
        grid = self.grid
        cols = self.cols
        index = self.font_index
        changed = False
        for i in range(cells):
            t = tiles[i]
            if t != self.tiles[i]:
                self.tiles[i] = t
                grid[i % cols, i // cols] = t
                changed = True
            ch = chars[i]
            if ch != self.chars[i]:
                self.chars[i] = ch
                self.lines[i // cols][i % cols, 0] = index[ch - FIRST]
                changed = True
        for row in range(self.rows):
            colour = canvas.colours[row]
            if colour != self.colours[row]:
                self.colours[row] = colour
                self.inks[row][1] = self.rgb[colour]
                changed = True
        if changed:
            self.changes += 1

    def texts(self):
        """What each row shows, without trailing spaces (tests read the screen with it)."""
        cols = self.cols
        return [bytes(self.chars[r * cols:(r + 1) * cols]).decode().rstrip(" ")
                for r in range(self.rows)]
