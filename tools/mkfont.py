"""Write firmware/ui/font6x12.py: the built-in font of the displayio screens as bytes, for the
framebuf screens of MicroPython boards (host tooling, CPython + Blinka).

    .venv/bin/python tools/mkfont.py            # rewrite the module
    .venv/bin/python tools/mkfont.py --check    # exit 1 when the module is out of date

The glyphs are read the way the displayio scene reads them (firmware/ui/scene_build.py, font_tiles:
terminalio's font, Terminus 12 px, the font CircuitPython builds in), so both back ends show
the same pixels. Each glyph is 12 bytes, one per row, bit 7 the leftmost of its 6 pixels
(framebuf.MONO_HLSB), glyphs in character order from 32 (space) to 126 (~).
"""

import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

OUT = os.path.join(ROOT, "firmware", "ui", "font6x12.py")
HEADER = '''\
# The text font of the framebuf screens (fbscene.py): 95 glyphs, 32 (space) to 126 (~), of
# 6 x 12 pixels, 12 bytes each (a byte per row, bit 7 the leftmost pixel: framebuf.MONO_HLSB).
# Written by tools/mkfont.py from the font of the displayio screens (terminalio), so both
# show the same pixels: Terminus 12 px, Copyright (C) 2018 Dimitar Toshkov Zhekov,
# licensed under the SIL Open Font License 1.1 (docs/licenses/terminus-OFL.txt).
WIDTH = 6
HEIGHT = 12
FIRST = 32
COUNT = 95
'''


def glyph_rows():
    """The font's rows as bytes, through the displayio scene's own reading of it."""
    import terminalio

    from firmware.ui import scene_build as scene

    w, h = 6, 12
    sheet, index = scene.font_tiles(terminalio.FONT, w, h)
    data = bytearray()
    for i in range(scene.GLYPHS):
        tile = index[i]
        for y in range(h):
            bits = 0
            for x in range(w):
                if sheet[tile * w + x, y]:
                    bits |= 0x80 >> x
            data.append(bits)
    return bytes(data)


def module_text():
    data = glyph_rows()
    lines = [HEADER, "FONT = (\n"]
    for i in range(0, len(data) // 12):  # a glyph a line
        chunk = data[i * 12:(i + 1) * 12]
        name = chr(32 + i) if i else "space"
        lines.append('    b"%s"  # %s\n' % ("".join("\\x%02x" % b for b in chunk), name))
    lines.append(")\n")
    return "".join(lines)


def main(argv):
    text = module_text()
    if "--check" in argv:
        with open(OUT) as f:
            same = f.read() == text
        print("%s is %s" % (OUT, "up to date" if same else "out of date: run tools/mkfont.py"))
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
