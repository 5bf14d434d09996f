# The display side of a Canvas (canvas.py): built once for a display, then show(canvas)
# copies only what changed. One TileGrid holds the glyph of every cell (a sheet of tiles
# drawn at start-up by scene_build.py, no image files); over it, one TileGrid per row shows the text
# as tiles of the built-in font (as CircuitPython's own terminal does), each row with a
# two-colour palette for its text colour. No label library: a changed character is one
# tile index, and the text costs a board's heap a few hundred bytes a row (bitmap_label
# took about 19 KB of code and 1.5 KB a row, and made a new bitmap at every change).
# Needs displayio and terminalio (CircuitPython; Blinka on the host), at start-up only.
from firmware.core import unload
from firmware.ui import canvas
from firmware.ui.look import DARK, READS

FIRST = canvas.SPACE  # the font's tiles cover the printable ASCII a canvas holds (32..126)


def layer(tile, colour):
    """Where a letter of a row in `colour` shows over `tile`: 0 on its row's TileGrid (in the
    row's colour), on a badge that colour does not read on (look.READS) 1 on the white
    letters' layer, 2 on the black letters'."""
    if 0 < tile <= canvas.COLOURS and not (READS[colour] >> (tile - 1)) & 1:
        return 2 if (DARK >> (tile - 1)) & 1 else 1
    return 0


class Scene:
    """A character grid over the whole display: cols x rows cells of the built-in font."""

    def __init__(self, display):
        from firmware.ui.scene_build import build

        (self.cols, self.rows, self.grid, self.font_index, self.lines, self.inks,
         self.badge_letters, self.rgb, self.sprite) = build(display)  # (rgb: look.PALETTE,
        unload("firmware.ui.scene_build")  # kept with READS and DARK; the start-up code and
        unload("firmware.ui.look")  # shapes: off the heap from now)
        cells = self.cols * self.rows
        self.tiles = bytearray(cells)
        self.chars = bytearray(b" " * cells)  # what each cell shows (the table's travel reads)
        self.colours = bytearray([canvas.WHITE] * self.rows)
        self.changes = 0  # counts the show() calls that changed something
        self.display = display
        self.lifted = 0  # the sprite's cells (lift), 0: none
        self.moves = 0  # counts the sprite's moves (glide, drop): a window refreshes then
        self.kept = False  # lift() since the last show(): a screen that does not keeps none

    def show(self, page):
        """Bring the display up to `page` (a canvas of its size), touching only what changed.
        Allocates nothing. The sprite stays over it only if lift() was called for this page
        (the table's travel), else it goes."""
        if self.lifted and not self.kept:
            self.drop()
        self.kept = False
        cells = self.cols * self.rows
        tiles = page.tiles
        chars = page.chars
        colours = page.colours
        shown_tiles = self.tiles
        shown_chars = self.chars
        shown_colours = self.colours  # (brought up to date after the cells)
        grid = self.grid
        cols = self.cols
        index = self.font_index
        pictures = canvas.PICTURES
        changed = False
        for i in range(cells):
            t = tiles[i]
            ch = chars[i] if t < pictures else canvas.SPACE  # (a picture's letter is not shown)
            row = i // cols
            colour = colours[row]
            if t == shown_tiles[i] and ch == shown_chars[i] and colour == shown_colours[row]:
                continue
            col = i - row * cols
            was = layer(shown_tiles[i], shown_colours[row])  # (what is shown, before)
            now = layer(t, colour)
            if t != shown_tiles[i]:
                shown_tiles[i] = t
                grid[col, row] = t
                changed = True
            if now != was or ch != shown_chars[i]:
                if now != was:  # the letter leaves the layer it showed in
                    if was:
                        self.badge_letters[was - 1][col, row] = index[0]
                    else:
                        self.lines[row][col, 0] = index[0]
                shown_chars[i] = ch
                if now:
                    self.badge_letters[now - 1][col, row] = index[ch - FIRST]
                else:
                    self.lines[row][col, 0] = index[ch - FIRST]
                changed = True
        for row in range(self.rows):
            colour = colours[row]
            if colour != shown_colours[row]:
                shown_colours[row] = colour
                self.inks[row][1] = self.rgb[colour]
                changed = True
        if changed:
            self.changes += 1

    # -- the sprite: a thing travelling over the cells (screens.TableScreen) --
    def lift(self, page, cell, n):
        """The sprite shows cells cell..cell+n-1 of `page` (one row, canvas.SPRITE at most),
        from the next glide() on, while each show() is of a page lift() was called for."""
        n = min(n, canvas.SPRITE)
        _group, glyphs, letters, ink, _w, _h, _x0, _y0 = self.sprite
        colour = page.colours[cell // self.cols]
        inked = -1  # (one ink for its letters: the first one's)
        index = self.font_index
        for k in range(canvas.SPRITE):
            t = page.tiles[cell + k] if k < n else 0
            ch = page.chars[cell + k] if k < n and t < canvas.PICTURES else canvas.SPACE
            glyphs[k, 0] = t
            letters[k, 0] = index[ch - FIRST]
            if ch != canvas.SPACE and inked < 0:
                on = layer(t, colour)
                inked = canvas.WHITE if on == 1 else canvas.BLACK if on == 2 else colour
        ink[1] = self.rgb[colour if inked < 0 else inked]
        self.lifted = n
        self.kept = True

    def glide(self, src, dst, permille):
        """Put the sprite `permille` thousandths of the way from cell `src` to cell `dst`."""
        if not self.lifted:
            return
        group, _glyphs, _letters, _ink, w, h, x0, y0 = self.sprite
        cols = self.cols
        x = (src % cols) * w
        y = (src // cols) * h
        group.x = x0 + x + ((dst % cols) * w - x) * permille // 1000
        group.y = y0 + y + ((dst // cols) * h - y) * permille // 1000
        group.hidden = False
        self.moves += 1

    def drop(self):
        """No sprite."""
        self.lifted = 0
        self.sprite[0].hidden = True
        self.moves += 1

    def texts(self):
        """What each row shows, without trailing spaces (tests read the screen with it)."""
        cols = self.cols
        return [bytes(self.chars[r * cols:(r + 1) * cols]).decode().rstrip(" ")
                for r in range(self.rows)]
