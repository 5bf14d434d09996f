"""How well the glyphs of the app's screenshots read: the share of glyph edges under a
contrast of 4.5:1 (WCAG AA), and the worst colour pairs.

    .venv/bin/python tools/contrast.py                    # docs/screenshots/*.png but web-page.png
    .venv/bin/python tools/contrast.py build/shots/x/*.png

A screenshot is a board's screen (160x128 or 240x135, or a whole multiple of it: scaled back
down first) of 6 x 12 pixel cells, centred, as the scenes draw them (firmware/ui/scene.py,
fbscene.py). What lies under each pixel: a cell whose three corners of rows 1..10 (the rows a
badge fills: look.SHAPES[SOLID]; no letter of the font touches those three) share a colour
other than black, which covers more than half of those rows, is a badge (or the cursor bar,
or a picture's paper): that colour is under its rows 1..10; under everything else (a gem, a
dot, an outline, the pointer, a letter on the screen) is the screen's black. A pixel is ink
when its colour is not the colour under it. A glyph edge is a pair of horizontally or
vertically adjacent pixels, one ink and the other the colour under that ink: a letter on its
badge or on black, a gem, dot or outline on black, a picture's shape on its paper. The edge
of a badge or of the cursor bar against the black screen is two backgrounds and is not
counted, nor is ink against another glyph's ink.

Reads PNGs with pygame (the simulator's; Pillow is not in the venv). measure() takes rows of
0xRRGGBB values, so that tests can measure what a scene drew (host_tests/test_contrast.py).
"""
import glob
import os
import sys

SCREENS = ((160, 128), (240, 135))
CELL_W = 6
CELL_H = 12
AA = 4.5


def luminance(rgb):
    out = 0.0
    for shift, weight in ((16, 0.2126), (8, 0.7152), (0, 0.0722)):
        v = ((rgb >> shift) & 255) / 255
        v = v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        out += weight * v
    return out


def contrast(a, b):
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def rgb565_to_rgb(value):
    """An RGB565 pixel as the PNGs of tools/panelmodel.py show it (0xRRGGBB)."""
    r, g, b = (value >> 11) * 255 // 31, ((value >> 5) & 63) * 255 // 63, (value & 31) * 255 // 31
    return (r << 16) | (g << 8) | b


def paper(pixels, x, y):
    """The badge colour of the cell at (x, y), its top left pixel, or 0 (black)."""
    corners = {pixels[y + 1][x], pixels[y + 1][x + CELL_W - 1], pixels[y + 10][x + CELL_W - 1]}
    if len(corners) != 1:
        return 0
    colour = corners.pop()
    filled = sum(row[x:x + CELL_W].count(colour) for row in pixels[y + 1:y + 11])
    return colour if filled > CELL_W * 10 // 2 else 0


def under(pixels):
    """Rows of the colour under each pixel: a badge's in its cell's rows 1..10, else black."""
    height, width = len(pixels), len(pixels[0])
    out = [[0] * width for _ in range(height)]
    x0 = (width - width // CELL_W * CELL_W) // 2
    y0 = (height - height // CELL_H * CELL_H) // 2
    for y in range(y0, height - CELL_H + 1, CELL_H):
        for x in range(x0, width - CELL_W + 1, CELL_W):
            colour = paper(pixels, x, y)
            if colour:
                for row in out[y + 1:y + 11]:
                    row[x:x + CELL_W] = [colour] * CELL_W
    return out


def measure(pixels):
    """{(ink, under): glyph edges} of a screen (rows of 0xRRGGBB)."""
    below = under(pixels)
    edges = {}
    height, width = len(pixels), len(pixels[0])
    for y in range(height):
        for x in range(width):
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx >= width or ny >= height:
                    continue
                a, b = pixels[y][x], pixels[ny][nx]
                if a == b:
                    continue
                if a != below[y][x] and b == below[y][x]:
                    pair = (a, b)  # a is ink on b
                elif b != below[ny][nx] and a == below[ny][nx]:
                    pair = (b, a)
                else:
                    continue  # two backgrounds, or two glyphs' inks
                edges[pair] = edges.get(pair, 0) + 1
    return edges


def low_share(edges):
    """The share of glyph edges under 4.5:1 (0 for a screen without glyphs)."""
    total = sum(edges.values())
    low = sum(n for (a, b), n in edges.items() if contrast(a, b) < AA)
    return low / total if total else 0.0


def worst(edges, count=5):
    """The colour pairs under 4.5:1, most edges first: [(ink, under, ratio, edges)]."""
    low = [(a, b, contrast(a, b), n) for (a, b), n in edges.items() if contrast(a, b) < AA]
    return sorted(low, key=lambda pair: -pair[3])[:count]


def read_png(path):
    """Rows of 0xRRGGBB of a screenshot at the board's size, or None for another size."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(path)
    width, height = image.get_size()
    for w, h in SCREENS:
        scale = width // w
        if scale and (w * scale, h * scale) == (width, height):
            return [[image.get_at((x * scale, y * scale))[:3] for x in range(w)]
                    for y in range(h)], scale
    return None, 0


def report(path):
    pixels, scale = read_png(path)
    name = os.path.basename(path)
    if pixels is None:
        return "%s: not a board's screen size, skipped" % name
    pixels = [[(r << 16) | (g << 8) | b for r, g, b in row] for row in pixels]
    edges = measure(pixels)
    lines = ["%s%s: %.1f%% of %d glyph edges under 4.5:1"
             % (name, " (x%d)" % scale if scale > 1 else "", 100 * low_share(edges),
                sum(edges.values()))]
    for ink, ground, ratio, n in worst(edges):
        lines.append("    #%06x on #%06x %.1f:1  %d" % (ink, ground, ratio, n))
    return "\n".join(lines)


def main(paths):
    if not paths:
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                            "screenshots")
        paths = [p for p in sorted(glob.glob(os.path.join(root, "*.png")))
                 if os.path.basename(p) != "web-page.png"]
    for path in paths:
        print(report(path))


if __name__ == "__main__":
    main(sys.argv[1:])
