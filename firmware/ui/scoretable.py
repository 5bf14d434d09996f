# The score tables of a round's and a game's results (each game's results.py and final.py),
# on the handheld's result screens and in the console alike: a row per category, a column
# per seat or team, each column as wide as its widest entry, so that up to six columns fit
# the 26 letters of a 160-pixel screen (more, or wider: the labels cut short, else the table
# in parts).

NARROW = 26  # letters on a row of the 160-pixel screens
SHORTEST = 7  # letters a label may be cut to ("rubellite": "rubelli")


def seat_heads(count, letter="P"):
    """The column heads of `count` seats (or teams, letter "T"): P1, P2, ..."""
    return ["%s%d" % (letter, s + 1) for s in range(count)]


def table(out, heads, rows):
    """Write the table: `heads` name the columns, `rows` are (label, cells), a cell a
    number or a short string ("+4", "*3")."""
    label = 0
    width = 0
    for head in heads:
        width = max(width, len(head))
    for name, cells in rows:
        label = max(label, len(name))
        for cell in cells:
            width = max(width, len(str(cell)))
    cell_form = " %" + str(width) + "s"
    room = NARROW - len(heads) * (width + 1)  # for the labels, on one narrow row
    if SHORTEST <= room < label:
        label = room  # the labels cut short rather than the table in parts
    per = max(1, (NARROW - label) // (width + 1))  # columns a row has room for
    for first in range(0, len(heads), per):  # too many: the table in parts, side by side
        last = first + per
        out(_line("", heads[first:last], label, cell_form))
        for name, cells in rows:
            out(_line(name, cells[first:last], label, cell_form))


def _line(name, cells, label, cell_form):
    text = name[:label] + " " * (label - len(name))
    for cell in cells:
        text += cell_form % (cell,)
    return text


def signed(numbers):
    """'+4', '0', '-3' for each number: the cells of a row of gains."""
    return ["%+d" % n if n else "0" for n in numbers]
