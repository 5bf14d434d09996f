# What a screen shows, as plain data: a grid of character cells (one line of text per row,
# one text colour per row) and, under the text, one glyph per cell (a coloured badge
# background, a gem, a dot). Screens and the games' table renderers draw here with a pen;
# scene.py copies what changed to the display. Portable and display-free, so the tests read
# exactly what is on the screen (texts()) on every port.
#
# Drawing: c.line(colour) starts the next row; then c.text("Market "), c.badge("7", RED),
# c.gem(GREEN), c.dot(BLUE), c.space(). Text past the right edge is cut; rows past the
# bottom are dropped (line() returns False), so a renderer never raises on a small screen.
# A table taller than the screen is paged (screens.TableScreen): a row drawn with
# line(more=True) goes on with the one above (a wrapped sentence, a hand of cards), so no
# page starts with it; own() says the rows so far hold the viewer's own things, which the
# first page shows whatever the news takes.

from array import array

# Colours: indices into scene.PALETTE. Badge backgrounds are dark enough for white text.
BLACK = 0  # also "no glyph": the cell shows the screen's background
WHITE = 1
GREY = 2
DIM = 3
RED = 4
ORANGE = 5
YELLOW = 6
GREEN = 7
CYAN = 8
BLUE = 9
PURPLE = 10
PINK = 11
BROWN = 12
NAVY = 13  # the cursor bar
GOLD = 14  # bright yellow text (titles, your seat)
TEAL = 15
COLOURS = 16

# Glyph kinds. The tile of a cell is 0 (none) or 1 + kind * COLOURS + colour.
SOLID = 0  # a filled cell: badge backgrounds, cursor bar
GEM = 1  # a cut gem (diamond shape)
DOT = 2  # a round crystal, chip or pip
FRAME = 3  # an outlined cell: a face-down card, an empty slot
KINDS = 4
# One tile past the glyphs: the cursor's pointer (a gold arrow), in the cell before the
# thing on a table that the choice under the cursor would pick.
POINTER = 1 + KINDS * COLOURS
# Then the pictures (look.PICTURES: a shape on a badge of its own colour), PICTURES + n.
# A picture's cell holds a letter too, which the scenes do not show: an outline drawn over
# the picture (a card or die no choice picks) shows it, and tests read it.
PICTURES = POINTER + 1

SPACE = 32
# A mark (Canvas.mark) of no choice: what the last move moved (the card a bot just played),
# which the table points at while the bots play.
MOVED = 0xFFFF
# The cells of a thing travelling across the screen at most (a bot's move shown moving: the
# scenes' sprite, screens.TableScreen): a card's "10" and its pip, a wide die.
SPRITE = 4
SEATS = 6  # the seats a table may mark the rows of (Canvas.seat): the most any game seats


def tile(kind, colour):
    return 1 + kind * COLOURS + colour


class Canvas:
    def __init__(self, cols, rows, marks=0):
        """`marks`: how many things mark() may record (a table's body; the lists are made
        here, once: a board's heap is too fragmented late in a game to grow them)."""
        self.cols = cols
        self.rows = rows
        self.chars = bytearray(cols * rows)
        self.tiles = bytearray(cols * rows)
        self.colours = bytearray(rows)
        self.joined = bytearray(rows)  # 1: the row goes on with the one above (line(more))
        # A blank row, copied a row at a time: a board clears a screen in a fraction of the
        # time a cell at a time took (5.6 ms of a 40 ms cursor move on the Pico).
        self.blank_chars = bytes([SPACE]) * cols
        self.blank_tiles = bytes(cols)
        self.chars_view = memoryview(self.chars)  # rows read without a copy (blit, fbscene)
        self.tiles_view = memoryview(self.tiles)
        self.used = rows
        self.marks = array("H", bytes(2 * marks))  # the keys mark() set since the clear...
        self.spots = array("H", bytes(2 * marks))  # ...and the cell of each (row * cols + col)
        self.seats = array("H", bytes(2 * SEATS if marks else 0))  # seat() since the clear:
        # each seat's cell + 1, 0 for none (the cell: seats[seat] - 1)
        self.clear()

    def clear(self):
        """Every row blank again: the rows drawn on since the last clear (the rest are)."""
        cols = self.cols
        for r in range(self.used):
            base = r * cols
            self.chars[base:base + cols] = self.blank_chars
            self.tiles[base:base + cols] = self.blank_tiles
            self.colours[r] = WHITE
            self.joined[r] = 0
        self.row = -1  # the pen: line() moves it to row 0 first
        self.col = 0
        self.used = 0  # rows drawn on
        self.cut = 0  # characters lost past the right edge since the clear (tests read it)
        self.marked = 0  # the marks recorded
        for i in range(len(self.seats)):
            self.seats[i] = 0
        self.mine = 0  # the rows from the top that hold the viewer's own things (own())

    # -- the pen --
    def line(self, colour=WHITE, indent=0, more=False):
        """Start the next row in `colour`; `more`: it goes on with the row above (a page
        does not break between them). False when the canvas is full (drawing is then
        ignored until clear())."""
        self.row += 1
        self.col = indent
        if self.row >= self.rows:
            return False
        self.colours[self.row] = colour
        self.joined[self.row] = 1 if more else 0
        self.used = self.row + 1
        return True

    def lines(self, text, colour=WHITE):
        """`text` wrapped to the width on the next rows, kept together on a page."""
        more = False
        for part in wrap(text, self.cols):
            self.line(colour, 0, more)
            self.text(part)
            more = True

    def own(self):
        """The rows drawn so far hold the viewer's own things (their hand, cards, dice) and
        what is above them: a table taller than the screen shows them all on its first
        page, the news fitting in below them."""
        self.mine = self.used

    def at(self, row, col=0, colour=None):
        """Put the pen at a given cell (for fixed layouts: header, prompt, status)."""
        self.row = row
        self.col = col
        if 0 <= row < self.rows:
            if colour is not None:
                self.colours[row] = colour
            if row + 1 > self.used:
                self.used = row + 1

    def mark(self, key):
        """Say that what is drawn next at the pen is `key` (0..65535; a table renderer: the
        action that would pick that card or die), so that a cursor can point at it. The
        marks of one thing (several actions pick it) are made one after the other."""
        n = self.marked
        if n < len(self.marks) and self._room():
            self.marks[n] = key
            self.spots[n] = self.row * self.cols + self.col
            self.marked = n + 1

    def seat(self, seat):
        """Say that what is drawn next at the pen is the seat's name, first on the seat's
        row of the table (a table renderer; where a card from its hidden hand comes from).
        The topmost is kept."""
        if 0 <= seat < len(self.seats) and self._room():
            cell = self.row * self.cols + self.col + 1
            if not self.seats[seat] or cell < self.seats[seat]:
                self.seats[seat] = cell

    def extent(self, cell):
        """The cells from `cell` on that show one thing: a badge's run of one glyph, else a
        word."""
        end = (cell // self.cols + 1) * self.cols
        i = cell
        tile = self.tiles[cell]
        if tile:  # (a picture after a badge is its end: a card's suit)
            while i < end and (self.tiles[i] == tile or self.tiles[i] >= PICTURES):
                i += 1
        else:
            while i < end and self.chars[i] != SPACE:
                i += 1
        return max(1, i - cell)

    def _room(self):
        return 0 <= self.row < self.rows and self.col < self.cols

    def text(self, s):
        if not self._room():
            if 0 <= self.row < self.rows:
                self.cut += len(s)
            self.col += len(s)
            return
        base = self.row * self.cols
        for ch in s:
            if self.col >= self.cols:
                self.cut += 1
                break
            code = ord(ch)
            self.chars[base + self.col] = code if 32 <= code < 127 else 63  # '?' for the rest
            self.col += 1
        return

    def space(self, n=1):
        self.col += n

    def glyph(self, kind, colour, n=1):
        for _ in range(n):
            if self._room():
                self.tiles[self.row * self.cols + self.col] = 1 + kind * COLOURS + colour
            self.col += 1

    def picture(self, n, letter):
        """Picture n of look.PICTURES at the pen, `letter` (one character) under it."""
        if self._room():
            self.tiles[self.row * self.cols + self.col] = PICTURES + n
            self.chars[self.row * self.cols + self.col] = ord(letter)
        self.col += 1

    def gem(self, colour, n=1):
        self.glyph(GEM, colour, n)

    def dot(self, colour, n=1):
        self.glyph(DOT, colour, n)

    def badge(self, s, colour):
        """`s` in white-ish text on a `colour` background, one cell per character."""
        start = self.col
        self.text(s)
        end = self.col
        self.col = start
        self.glyph(SOLID, colour, end - start)

    def bar(self, row, colour, start=0, end=None):
        """A background under the empty cells of `row` (the cursor, the header)."""
        if not 0 <= row < self.rows:
            return
        if end is None or end > self.cols:
            end = self.cols
        base = row * self.cols
        fill = 1 + SOLID * COLOURS + colour
        if row + 1 > self.used:
            self.used = row + 1
        for col in range(start, end):
            if self.tiles[base + col] == 0:
                self.tiles[base + col] = fill

    def right(self, s, colour=None):
        """`s` flush with the right edge of the pen's row."""
        self.col = self.cols - len(s)
        if self.col < 0:
            self.col = 0
        if colour is not None and 0 <= self.row < self.rows:
            self.colours[self.row] = colour
        self.text(s)

    # -- copies and reading --
    def blit(self, source, first, row, count):
        """Copy `count` rows of `source` (a Canvas as wide or wider) from row `first` to
        this canvas's row `row` on."""
        for i in range(count):
            src = first + i
            dst = row + i
            if not (0 <= src < source.rows and 0 <= dst < self.rows):
                continue
            s = src * source.cols
            d = dst * self.cols
            n = self.cols
            self.chars[d:d + n] = source.chars_view[s:s + n]
            self.tiles[d:d + n] = source.tiles_view[s:s + n]
            self.colours[dst] = source.colours[src]
            if dst + 1 > self.used:
                self.used = dst + 1

    def row_text(self, row):
        """The text of one row, without trailing spaces."""
        base = row * self.cols
        end = base + self.cols
        while end > base and self.chars[end - 1] == SPACE:
            end -= 1
        return bytes(self.chars[base:end]).decode()

    def texts(self):
        """Every row's text: what a test reads off the screen."""
        return [self.row_text(r) for r in range(self.rows)]

    def tile_at(self, row, col):
        return self.tiles[row * self.cols + col]


def wrap(text, width):
    """Words of `text` in lines of at most `width` characters (a longer word is cut); a
    text that fits is kept as it is (a table's row keeps its columns)."""
    if len(text) <= width:
        return [text]
    lines = []
    indent = 0
    while indent < len(text) and text[indent] == " ":
        indent += 1
    pad = " " * min(indent, width // 3)
    line = pad
    for word in text.split():
        while len(word) > width - len(pad):
            if line.strip():
                lines.append(line)
            lines.append(pad + word[: width - len(pad)])
            word = word[width - len(pad):]
            line = pad
        if not word:
            continue
        if len(line) + (1 if line.strip() else 0) + len(word) > width:
            lines.append(line)
            line = pad + word
        elif line.strip():
            line += " " + word
        else:
            line = pad + word
    if line.strip() or not lines:
        lines.append(line)
    return lines
