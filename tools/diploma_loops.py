"""Every loop of 3 to 8 tiles a Diploma board can hold, for firmware/games/diploma/plan.py.

A loop of tiles is a cycle of hexes, each next to the one before and after it; the tile on a
hex joins the two edges facing them, so its shape follows (tight, wide or straight). The
centre holds no line (P-C3), so no loop passes it. A board would spend seconds on this search,
so the table is made here and pasted into the module:

    python tools/diploma_loops.py   # prints LOOPS; host_tests/test_diploma_plan.py checks it
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from firmware.games.diploma import rules as diploma  # noqa: E402

MAX_SIZE = 8  # P-K4 asks for 8 or more: a loop of 8 is the one a plan aims at


def loops(max_size=MAX_SIZE):
    """[(hexes, masks, encloses the centre)], hexes ascending, in a fixed order."""
    found = {}

    def masks_of(path):
        n = len(path)
        out = []
        for i in range(n):
            h = path[i]
            m = 0
            for d in range(6):
                if diploma.NEIGH[h * 6 + d] in (path[i - 1], path[(i + 1) % n]):
                    m |= 1 << d
            out.append(m)
        return out

    def walk(path):
        x = path[-1]
        for d in range(6):
            n = diploma.NEIGH[x * 6 + d]
            if n == 255 or n == 0:
                continue
            if n == path[0] and len(path) >= 3:
                found[tuple(sorted(zip(path, masks_of(path))))] = True
            elif n > path[0] and n not in path and len(path) < max_size:
                walk(path + [n])

    for start in range(1, diploma.HEXES):
        walk([start])
    out = []
    for key in sorted(found, key=lambda k: (len(k), k)):
        hexes = [h for h, _ in key]
        out.append((hexes, [m for _, m in key], diploma.enclosed(hexes, 0)))
    return out


def table(max_size=MAX_SIZE):
    """LOOPS as bytes: per loop its size n, 1 when the centre is inside it, n hexes, n masks."""
    out = bytearray()
    for hexes, masks, centre in loops(max_size):
        out += bytes([len(hexes), 1 if centre else 0]) + bytes(hexes) + bytes(masks)
    return bytes(out)


def literal(data, width=96):
    """A bytes literal in lines of at most `width` characters, for the module's source."""
    lines = []
    line = ""
    for b in data:
        piece = "\\x%02x" % b
        if len(line) + len(piece) > width - 8:
            lines.append('    b"%s"' % line)
            line = ""
        line += piece
    lines.append('    b"%s"' % line)
    return "LOOPS = (\n" + "\n".join(lines) + "\n)"


if __name__ == "__main__":
    print(literal(table()))
