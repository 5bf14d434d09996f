# The display side of a Canvas (canvas.py): built once for a display, then show(canvas)
# copies only what changed. One TileGrid holds the glyph of every cell (a sheet of tiles
# drawn here at start-up, no image files), and one text label per row sits on top of it.
# Needs displayio, terminalio and adafruit_display_text (CircuitPython; Blinka on the host).
import displayio  # pyright: ignore[reportMissingImports]
import terminalio  # pyright: ignore[reportMissingImports]
from adafruit_display_text import bitmap_label  # pyright: ignore[reportMissingImports]

from firmware.ui import canvas as C

# RGB of each canvas colour (canvas.BLACK ... canvas.TEAL). Badge backgrounds must carry
# white text, so the bright hues are toned down; GOLD and WHITE are for text.
PALETTE = (
    0x000000,  # BLACK
    0xF0F0F0,  # WHITE
    0x9A9A9A,  # GREY
    0x505050,  # DIM
    0xC81E1E,  # RED
    0xD2691E,  # ORANGE
    0xB49600,  # YELLOW
    0x1E9632,  # GREEN
    0x10A0B4,  # CYAN
    0x2850DC,  # BLUE
    0x8C32C8,  # PURPLE
    0xD2508C,  # PINK
    0x7A5028,  # BROWN
    0x1E2D78,  # NAVY
    0xFFD21E,  # GOLD
    0x0A7873,  # TEAL
)


# Glyph shapes on a 6 x 12 cell (the built-in font's), scaled to another cell size.
SHAPES = {
    C.SOLID: ("......", "######", "######", "######", "######", "######",
              "######", "######", "######", "######", "######", "......"),
    C.GEM: ("......", "......", ".####.", "######", "######", ".####.",
            ".####.", "..##..", "..##..", "......", "......", "......"),
    C.DOT: ("......", "......", "......", ".####.", "######", "######",
            "######", "######", ".####.", "......", "......", "......"),
    C.FRAME: ("......", "######", "#....#", "#....#", "#....#", "#....#",
              "#....#", "#....#", "#....#", "#....#", "######", "......"),
}


def _draw_tile(sheet, index, kind, colour, w, h):
    """Draw glyph `kind` in `colour` into tile `index` of the sheet (tiles side by side)."""
    shape = SHAPES[kind]
    x0 = index * w
    for y in range(h):
        line = shape[y * 12 // h]
        for x in range(w):
            if line[x * 6 // w] == "#":
                sheet[x0 + x, y] = colour


class Scene:
    """A character grid over the whole display: cols x rows cells of the built-in font."""

    def __init__(self, display):
        font = terminalio.FONT
        box = font.get_bounding_box()
        self.cell_w = box[0]
        self.cell_h = box[1]
        self.cols = display.width // self.cell_w
        self.rows = display.height // self.cell_h
        x0 = (display.width - self.cols * self.cell_w) // 2
        y0 = (display.height - self.rows * self.cell_h) // 2
        palette = displayio.Palette(C.COLOURS)
        for i in range(C.COLOURS):
            palette[i] = PALETTE[i]
        palette.make_transparent(0)
        tiles = 1 + C.KINDS * C.COLOURS
        sheet = displayio.Bitmap(self.cell_w * tiles, self.cell_h, C.COLOURS)
        for kind in range(C.KINDS):
            for colour in range(1, C.COLOURS):
                _draw_tile(sheet, C.tile(kind, colour), kind, colour, self.cell_w, self.cell_h)
        self.grid = displayio.TileGrid(
            sheet, pixel_shader=palette, width=self.cols, height=self.rows,
            tile_width=self.cell_w, tile_height=self.cell_h, x=x0, y=y0,
        )
        self.root = displayio.Group()
        self.root.append(self.grid)
        self.labels = []
        self.shown = []  # the text each label shows now
        self.colours = bytearray(self.rows)
        for row in range(self.rows):
            label = bitmap_label.Label(
                font, text="", color=PALETTE[C.WHITE], anchor_point=(0, 0),
                anchored_position=(x0, y0 + row * self.cell_h),
            )
            self.labels.append(label)
            self.shown.append("")
            self.colours[row] = C.WHITE
            self.root.append(label)
        self.tiles = bytearray(self.cols * self.rows)
        self.changes = 0  # counts the show() calls that changed something
        display.root_group = self.root
        self.display = display

    def show(self, canvas):
        """Bring the display up to `canvas` (same size), touching only what changed."""
        cells = self.cols * self.rows
        tiles = canvas.tiles
        grid = self.grid
        cols = self.cols
        changed = False
        for i in range(cells):
            t = tiles[i]
            if t != self.tiles[i]:
                self.tiles[i] = t
                grid[i % cols, i // cols] = t
                changed = True
        for row in range(self.rows):
            text = canvas.row_text(row)
            if text != self.shown[row]:
                self.shown[row] = text
                self.labels[row].text = text
                changed = True
            colour = canvas.colours[row]
            if colour != self.colours[row]:
                self.colours[row] = colour
                self.labels[row].color = PALETTE[colour]
                changed = True
        if changed:
            self.changes += 1

    def texts(self):
        """What the labels show, row by row (tests read the screen with it)."""
        return [label.text for label in self.labels]
