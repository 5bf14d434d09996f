# A bot's move shown moving (screens.TableScreen): what it moved travels on the scene's sprite
# from where the screen showed it to its place, the rest of the table still. Where it came
# from is read in the frame that draws the move, off the table as it was (the body not yet
# drawn again, the scene still showing the screen before) and as it is now. Loaded for that
# draw and the travel that follows, then let go (and the state below with it): a board's heap
# holds none of it while the bots think.
from firmware import core
from firmware.clock import ticks_diff
from firmware.ui import canvas

TRAVEL_MS = 330  # the thing travels this long to its place
# The move's draw: the screen cells (on the page then shown, from its top row of the body)
# of the thing its action marked, and of its mover's name (its seat's mark, Canvas.seat);
# the body cell of that mark.
marked = -1
from_mark = -1
from_name = -1
from_top = -1
launched = False  # ... the travel under way: from the screen cell src to dst, its cells
src = -1
dst = -1
size = 0


def take_off(table, seat):
    """Before the body is drawn again: where `seat`'s action's thing was, and its name."""
    global marked, from_mark, from_name, from_top, launched
    marked = table.find(table.match.state.history[-1])
    from_mark = shown_at(table, marked)
    from_name = shown_at(table, table.body.seats[seat] - 1)
    from_top = table.top
    launched = False


def fly(table, c):
    """In each draw from the move's on, the body on `c`: the travel launched at the first
    (or not: the module goes), then the sprite shows the thing, its place empty."""
    global launched, src, dst, size, from_top
    if not launched:
        launched = True
        trip = launch(table, c, table.find(canvas.MOVED))
        if trip is None:
            done(table)
            return
        src, dst, size = trip
        from_top = table.top  # (the page it travels on)
        table.moving = True
        show(table, c)
        table.scene.glide(src, dst, 0)
    elif table.top != from_top:  # (SELECT turned the page)
        land(table)
    else:
        show(table, c)


def show(table, c):
    table.scene.lift(c, dst, size)
    for i in range(dst, dst + size):
        c.tiles[i] = 0
        c.chars[i] = canvas.SPACE


def step(table, now):
    """A frame of the travel: the sprite alone moves (eased: it slows to land). False:
    nothing else to draw."""
    spent = ticks_diff(now, table.since)
    if spent >= TRAVEL_MS or table.app.screen is not table:
        land(table)
        return False
    part = spent * 1000 // TRAVEL_MS
    table.scene.glide(src, dst, part * (2000 - part) // 1000)
    return False


def land(table):
    """The travel ends: the thing in its place."""
    if table.moving:
        table.moving = False
        table.scene.drop()
        table.app.redraw()
    done(table)


def done(table):
    """The table lets go of this module (a board: off the heap); at a human's decision its
    page turns to the choice (it showed the last seat's move until now)."""
    table.trip = None
    if table.match.human_turn() and table.find(canvas.MOVED) >= 0:
        table.aimed = -1
    if core.COLLECT:
        core.unload(__name__)


def shown_at(table, cell):
    """A body cell -> the screen cell it was shown at, its row kept within the table's rows
    (a thing off the page comes from the page's edge); -1 for -1."""
    cols = table.body.cols
    if cell < 0 or table.room < 1:
        return -1
    row = min(max(cell // cols - table.top, 0), table.room - 1)
    return (row + 1) * cols + cell % cols


def launch(table, c, spot):
    """What the move moved (`spot`: its MOVED mark in the body; `c`: the screen now, the
    body on it) -> (the screen cell it travels from, the one it lands on, its cells), or
    None. From where the screen showed it before, on the same page: the cell its action
    marked (if that was elsewhere, showed the same thing, and the thing changed); else, when
    it came to an empty place or a row laid out anew, or from a hidden hand to others of its
    kind or before them (a diamond placed in Diam's market), where the screen showed the
    same thing that it shows no longer (a die placed), else its mover's name (a card from a
    hidden hand). When the page turned to show it: from the cell its action marked, on this
    page or at the page's edge it lies beyond. Nothing moves when none of those holds (a die
    rerolled in its place, a word)."""
    body = table.body
    cols = c.cols
    first = table.top * cols
    if spot < 0 or not first <= spot < first + table.room * cols:
        return None
    at = spot - first + cols  # its screen cell
    shown = table.scene  # (its cells: the screen before the move)
    n = min(body.extent(spot), canvas.SPRITE)
    end = (at // cols + 1) * cols
    still = table.top == from_top  # (else the screen before shows another page)
    if still and at + n < end and c.tiles[at + n] and alike(c, at, shown, at, n):
        at += n  # the board the die went to: it is the die that moved
        n = min(body.extent(spot + n), canvas.SPRITE)
    if not any_tile(c, at, n):
        return None  # (words do not travel)
    if not still:  # the page turned to where it went: from where its action picked it,
        if marked < 0:  # on this page or beyond its edge (a crystal from a cart to a
            return None  # chest), else nothing is known to have moved
        src = shown_at(table, marked)
        return None if src == at else (src, at, n)  # (or it changed in its place)
    src = -1
    joined = False  # from its mover's hidden hand to others (not along its name's row):
    if marked < 0 and at // cols != from_name // cols and any_tile(shown, at, n):
        k = at + n  # beside its kind ("2" became "2x2": the words after it are new)
        joined = (k + 2 <= end and not c.tiles[k] and alike(c, at, shown, at, n)
                  and not alike(c, k, shown, k, 2))
        k = n + 1  # or put in before the rest: what was there is a few cells on now
        while not joined and k < min(n + 8, end - at):
            joined = alike(c, at + k, shown, at, min(6, end - at - k))
            k += 1
    if marked >= 0 and marked != spot:  # its action picked it elsewhere
        if alike(c, at, shown, at, min(n + 1, end - at)):
            return None  # (nothing changed where the mark is: nothing moved there)
        mark = from_mark
        for cell in range(mark, min(mark + 4, (mark // cols + 1) * cols - n + 1)):
            if alike(c, at, shown, cell, n):  # there, or a few cells on (a die after its
                src = cell  # board); not there: something else (a die used to mine)
                break
    elif joined or not any_tile(shown, at, n) or laid_anew(c, shown, at):
        src = seen(table, c, at, n)  # it came to an empty place, or to a row laid anew
        if src < 0 and marked < 0:
            src = from_name
    if src < 0 or src == at:
        return None
    return src, at, n


def seen(table, c, at, n):
    """The screen cell of the table's rows where the screen showed the thing that `c`
    shows at `at` (n cells) and shows it no longer, or -1."""
    tiles = table.scene.tiles
    want = c.tiles[at]
    for cell in range(c.cols, (table.room + 1) * c.cols - n):
        if (tiles[cell] == want and cell != at and tiles[cell - 1] != want
                and alike(c, at, table.scene, cell, n) and not alike(c, at, c, cell, n)):
            return cell  # (a thing's first cell: not the "3" of a "13")
    return -1


def alike(a, i, b, j, n):
    """Cells i.. of `a` show what cells j.. of `b` show (canvases or scenes: tiles and
    chars; a picture's letter is not shown)."""
    for k in range(n):
        t = a.tiles[i + k]
        if t != b.tiles[j + k] or t < canvas.PICTURES and a.chars[i + k] != b.chars[j + k]:
            return False
    return True


def laid_anew(c, shown, at):
    """The cells of its row before `at` differ between the canvas and the scene: the row was
    laid out anew (a trick begun where the last one was). The scene's pointer is no
    difference (the canvas has none yet)."""
    for i in range(at - at % c.cols, at):
        if shown.tiles[i] != canvas.POINTER and not alike(c, i, shown, i, 1):
            return True
    return False


def any_tile(a, i, n):
    """Cells i.. (n) of `a` (a canvas or a scene) show a thing: not only empty cells and
    dark badges with nothing written on them (an empty place drawn as one: Diploma's hex)."""
    tiles = a.tiles
    for k in range(i, i + n):
        tile = tiles[k]
        if tile and (tile != canvas.tile(canvas.SOLID, canvas.DIM) or a.chars[k] != canvas.SPACE):
            return True
    return False
