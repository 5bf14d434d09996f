# The display side of a Canvas (canvas.py) on MicroPython boards: the same cells, glyphs,
# font and colours as the displayio scene (scene.py), drawn with framebuf and sent to a
# panel (firmware/hw/st7789.py: write(x, y, w, h, pixels) puts big-endian RGB565 pixels in
# a window). No screen-sized buffer: the canvas already says what every cell shows, so a
# changed row is drawn again, from its first to its last changed cell, into a band of one
# cell row (width x 12 pixels, 5,760 bytes at 240 wide) and sent as one window. Built once;
# show() makes only the small row views it compares (memoryview slices), before it changes
# anything.
import framebuf  # pyright: ignore[reportMissingImports]

from firmware.ui import canvas, font6x12
from firmware.ui.look import DARK, PALETTE, PICTURES, POINTER_SHAPE, READS, SHAPES


def rgb565(rgb):
    """0xRRGGBB -> the RGB565 value framebuf stores, byte-swapped so that the bytes in memory
    are big-endian, the order the panel reads (framebuf writes 16-bit values little-endian)."""
    value = ((rgb >> 8) & 0xF800) | ((rgb >> 5) & 0x07E0) | ((rgb >> 3) & 0x001F)
    return ((value & 0xFF) << 8) | (value >> 8)


def shape_bits(rows):
    """A glyph shape ("#." strings of 6) -> 12 bytes of MONO_HLSB rows."""
    data = bytearray(len(rows))
    for y, row in enumerate(rows):
        bits = 0
        for x, pixel in enumerate(row):
            if pixel == "#":
                bits |= 0x80 >> x
        data[y] = bits
    return data


class Scene:
    """A character grid over the whole panel: cols x rows cells of 6 x 12 pixels, centred."""

    def __init__(self, panel):
        w = self.cell_w = font6x12.WIDTH
        h = self.cell_h = font6x12.HEIGHT
        self.cols = panel.width // w
        self.rows = panel.height // h
        self.x0 = (panel.width - self.cols * w) // 2
        self.y0 = (panel.height - self.rows * h) // 2
        self.panel = panel
        colours = [rgb565(rgb) for rgb in PALETTE]
        key = 1  # the transparent colour of blit(): one no canvas colour uses
        while key in colours:
            key += 1
        self.key = key
        self.black = colours[canvas.BLACK]
        # A two-pixel palette per colour: a glyph's or letter's 0 bits become `key` (left
        # as they are), its 1 bits the colour.
        self.inks = [self.pair(key, value) for value in colours]
        # ... and one on black, for a letter on a cell without a glyph: drawn in one blit.
        self.on_black = [self.pair(self.black, value) for value in colours]
        self.shapes = [(shape_bits(SHAPES[kind]), w, h, framebuf.MONO_HLSB)
                       for kind in range(canvas.KINDS)]
        self.pointer = (shape_bits(POINTER_SHAPE), w, h, framebuf.MONO_HLSB)
        self.pictures = [(shape_bits(shape.split()), w, h, framebuf.MONO_HLSB)
                         for _ink, _paper, shape in PICTURES]
        font = memoryview(font6x12.FONT)
        size = (w + 7) // 8 * h
        self.letters = [(font[i * size:(i + 1) * size], w, h, framebuf.MONO_HLSB)
                        for i in range(font6x12.COUNT)]
        self.band = bytearray(panel.width * h * 2)
        # cells - 1 -> (a FrameBuffer over the band that many cells wide, the bytes it
        # covers): all made now, so that drawing allocates nothing once a row is found changed
        # (a MemoryError half-way would leave cells marked shown that never reached the panel).
        self.spans = []
        for cells in range(1, self.cols + 1):
            width = cells * w
            self.spans.append((framebuf.FrameBuffer(self.band, width, h, framebuf.RGB565),
                               memoryview(self.band)[:width * h * 2]))
        # The sprite (lift, glide, drop): a bot's move shown moving, its few cells drawn once
        # into their own pixels (a FrameBuffer per width), blitted over the cells it covers
        # at each step; the background comes back from the cells as they are shown.
        self.sprite = bytearray(canvas.SPRITE * w * h * 2)
        self.sprites = [framebuf.FrameBuffer(self.sprite, n * w, h, framebuf.RGB565)
                        for n in range(1, canvas.SPRITE + 1)]
        self.lifted = 0  # the sprite's cells, 0: none
        self.kept = False  # lift() since the last show(): a screen that does not keeps none
        self.sx = -1  # the sprite's top left pixel on the panel; -1: not yet placed
        self.sy = 0
        cells = self.cols * self.rows
        self.tiles = bytearray(cells)
        self.chars = bytearray(b" " * cells)  # what each cell shows (the table's travel reads)
        self.colours = bytearray([canvas.WHITE] * self.rows)
        self.shown_tiles = memoryview(self.tiles)  # rows compared whole, as buffers
        self.shown_chars = memoryview(self.chars)
        self.changes = 0  # counts the show() calls that changed something
        self.clear()

    @staticmethod
    def pair(zero, one):
        """A palette for blit(): a mono image's 0 bits become `zero`, its 1 bits `one`."""
        ink = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        ink.pixel(0, 0, zero)
        ink.pixel(1, 0, one)
        return ink

    def clear(self):
        """The whole panel black (the margins too): what the cells start as. At start-up
        only, while the band is still all zeros (black)."""
        band = self.band
        panel = self.panel
        h = self.cell_h
        for y in range(0, panel.height, h):
            lines = min(h, panel.height - y)
            panel.write(0, y, panel.width, lines,
                        memoryview(band)[:panel.width * lines * 2])

    def show(self, page):
        """Bring the panel up to `page` (a canvas of its size): each row from its first to its last
        changed cell, or the whole row when its text colour changed. The sprite stays over it
        only if lift() was called for this page (the table's travel), else it goes."""
        if self.lifted and not self.kept:
            self.drop()
        self.kept = False
        changed = False
        for row in range(self.rows):
            if self.show_row(page, row):
                changed = True
        if changed:
            self.changes += 1

    def show_row(self, page, row):
        cols = self.cols
        base = row * cols
        end = base + cols
        colour = page.colours[row]
        # Most rows of a frame are as they were: a comparison of whole rows (in C) finds
        # them; a cell at a time took 10 ms of a cursor move on the Pico.
        if (colour == self.colours[row]
                and page.chars_view[base:end] == self.shown_chars[base:end]
                and page.tiles_view[base:end] == self.shown_tiles[base:end]):
            return False
        tiles = page.tiles
        chars = page.chars
        first = -1
        last = -1
        if colour != self.colours[row]:
            self.colours[row] = colour
            first = 0
            last = cols - 1
        for col in range(cols):
            i = base + col
            if tiles[i] != self.tiles[i] or chars[i] != self.chars[i]:
                self.tiles[i] = tiles[i]
                self.chars[i] = chars[i]
                if first < 0 or col < first:
                    first = col
                if col > last:
                    last = col
        if first < 0:
            return False
        self.draw_span(row, first, last - first + 1)
        return True

    def draw_span(self, row, first, cells):
        """Draw cells first..first+cells-1 of `row` from what they show, the sprite over them
        where it lies, and send them."""
        fb, pixels = self.spans[cells - 1]
        w = self.cell_w
        x = self.x0 + first * w
        y = self.y0 + row * self.cell_h
        colour = self.colours[row]
        self.draw_cells(fb, self.tiles, self.chars, row * self.cols + first, cells, colour,
                        self.black, self.on_black[colour])
        if self.lifted and self.sx >= 0:  # (blit clips what lies outside the span)
            fb.blit(self.sprites[self.lifted - 1], self.sx - x, self.sy - y, self.key)
        self.panel.write(x, y, cells * w, self.cell_h, pixels)

    def draw_cells(self, fb, tiles, chars, i, cells, colour, paper, on_paper):
        """Draw `cells` cells of tiles/chars from index i into `fb` from its left edge on: a
        glyph on `paper`, a letter alone in the palette `on_paper` (its 0 bits the paper)."""
        w = self.cell_w
        h = self.cell_h
        key = self.key
        inks = self.inks
        x = 0
        for _ in range(cells):
            tile = tiles[i]
            ch = chars[i]
            if tile == canvas.POINTER:
                fb.fill_rect(x, 0, w, h, paper)
                fb.blit(self.pointer, x, 0, key, inks[canvas.GOLD])
            elif tile >= canvas.PICTURES:  # its shape in its ink on its badge
                ink, back, _shape = PICTURES[tile - canvas.PICTURES]
                fb.fill_rect(x, 0, w, h, paper)
                fb.blit(self.shapes[canvas.SOLID], x, 0, key, inks[back])
                fb.blit(self.pictures[tile - canvas.PICTURES], x, 0, key, inks[ink])
            elif tile:
                tile -= 1
                kind = tile // canvas.COLOURS
                under = tile % canvas.COLOURS
                fb.fill_rect(x, 0, w, h, paper)
                fb.blit(self.shapes[kind], x, 0, key, inks[under])
                if ch != canvas.SPACE:  # on a badge: an ink that reads on it (look.READS)
                    ink = colour
                    if kind == canvas.SOLID and not (READS[colour] >> under) & 1:
                        ink = canvas.BLACK if (DARK >> under) & 1 else canvas.WHITE
                    fb.blit(self.letters[ch - font6x12.FIRST], x, 0, key, inks[ink])
            elif ch != canvas.SPACE:
                fb.blit(self.letters[ch - font6x12.FIRST], x, 0, -1, on_paper)
            else:
                fb.fill_rect(x, 0, w, h, paper)
            i += 1
            x += w

    # -- the sprite: a thing travelling over the cells (screens.TableScreen) --
    def lift(self, page, cell, n):
        """The sprite shows cells cell..cell+n-1 of `page` (one row, canvas.SPRITE at most),
        from the next glide() on, while each show() is of a page lift() was called for."""
        n = min(n, canvas.SPRITE)
        colour = page.colours[cell // self.cols]
        self.draw_cells(self.sprites[n - 1], page.tiles, page.chars, cell, n, colour, self.key,
                        self.inks[colour])  # (its paper the blit's key: the cells show through)
        self.lifted = n
        self.kept = True

    def glide(self, src, dst, permille):
        """Put the sprite `permille` thousandths of the way from cell `src` to cell `dst`: the
        cells it leaves and covers drawn again, nothing else. Allocates nothing."""
        if not self.lifted:
            return
        cols = self.cols
        w = self.cell_w
        h = self.cell_h
        x = (src % cols) * w
        y = (src // cols) * h
        x = self.x0 + x + ((dst % cols) * w - x) * permille // 1000
        y = self.y0 + y + ((dst // cols) * h - y) * permille // 1000
        old_x = self.sx
        old_y = self.sy
        self.sx = x
        self.sy = y
        if old_x < 0:
            old_x = x
            old_y = y
        self.redraw_under(min(x, old_x), min(y, old_y), max(x, old_x), max(y, old_y),
                          self.lifted)

    def drop(self):
        """No sprite: the cells it covered drawn again."""
        n = self.lifted
        x = self.sx
        self.lifted = 0
        self.sx = -1
        if n and x >= 0:
            self.redraw_under(x, self.sy, x, self.sy, n)

    def redraw_under(self, left, top, right, bottom, n):
        """Draw again the cells under a sprite of n cells whose top left pixel lay anywhere
        from (left, top) to (right, bottom)."""
        w = self.cell_w
        h = self.cell_h
        right += n * w - 1
        bottom += h - 1
        first = max(0, (left - self.x0) // w)
        last = min(self.cols - 1, (right - self.x0) // w)
        for row in range(max(0, (top - self.y0) // h),
                         min(self.rows - 1, (bottom - self.y0) // h) + 1):
            self.draw_span(row, first, last - first + 1)

    def texts(self):
        """What each row shows, without trailing spaces (tests read the screen with it): not
        the letter under a picture (draw_span does not draw it)."""
        cols = self.cols
        chars = bytearray(self.chars)
        for i in range(len(chars)):
            if self.tiles[i] >= canvas.PICTURES:
                chars[i] = canvas.SPACE
        return [bytes(chars[r * cols:(r + 1) * cols]).decode().rstrip(" ")
                for r in range(self.rows)]
