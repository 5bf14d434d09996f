# firmware/ui/fbscene.py and firmware/hw/st7789.py on the MicroPython unix port (it has
# framebuf): the bytes the driver sends on the panel's bus, through a model of the ST7789
# (tools/panelmodel.py), give the same pixels as the displayio scene (firmware/ui/scene.py
# on Blinka, the simulator's) for the same canvas; only what changed is sent again.
import json
import os
import subprocess

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

import pytest  # noqa: E402
from mpbuild import find_tool  # noqa: E402
from panelmodel import PACKS, Panel  # noqa: E402
from sim import headless_display  # noqa: E402
from sim import pixels as displayio_pixels  # noqa: E402

from firmware.ui import canvas  # noqa: E402
from firmware.ui.scene import Scene  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Canvases drawn the same way on both sides: `c` is the canvas. Every colour as text, as a
# badge and as each glyph kind, every printable character, the pictures, the cursor bar and
# pointer, the right edge.
EVERYTHING = """
c.line(canvas.GOLD)
c.text("Pocket gems 0123456789 !?")
for colour in range(canvas.COLOURS):
    if c.col >= c.cols - 2:
        c.line(colour)
    c.badge(chr(65 + colour), colour)
    c.gem(colour)
    c.dot(colour)
    c.glyph(canvas.FRAME, colour)
line = "".join(chr(n) for n in range(32, 127))
for start in range(0, len(line), c.cols):
    c.line(canvas.WHITE + start // c.cols)
    c.text(line[start:start + c.cols])
c.line(canvas.CYAN)
c.text("cursor")
from firmware.ui.look import PICTURES
for n in range(len(PICTURES)):  # every game's pictures, a letter under each (not drawn)
    if c.col >= c.cols - 2:
        c.line(canvas.CYAN)
    c.picture(n, "PQR"[n % 3])
c.tiles[c.row * c.cols + c.col + 1] = canvas.POINTER  # the table's pointer (screens.py)
c.bar(c.row, canvas.NAVY)
c.at(c.rows - 1, 0, canvas.GREY)
c.right("the right edge")
"""
ONE_CELL = """
c.at(3, 5)
c.text("#")
"""
RECOLOUR = """
c.colours[1] = canvas.PINK
"""

# The MicroPython side: a recording SPI bus and pins, the real driver and scene.
DRIVER = """
import sys
sys.path[:0] = [%(root)r]
from firmware.hw.st7789 import Panel
from firmware.ui.fbscene import Scene
from firmware.ui import canvas
import binascii
import json

class Line:
    def __init__(self):
        self.level = 1
    def value(self, level=None):
        if level is None:
            return self.level
        self.level = level

dc = Line()
cs = Line()

class Bus:
    def write(self, data):
        if cs.level:
            raise ValueError("a write with the chip not selected")
        print("%%d %%s" %% (dc.level, binascii.hexlify(data).decode()))

panel = Panel(Bus(), dc, cs, %(width)d, %(height)d, %(x)d, %(y)d)
scene = Scene(panel)
c = canvas.Canvas(scene.cols, scene.rows)
print("show", scene.changes, json.dumps(scene.texts()))
for step in %(steps)r:
    exec(step, {"c": c, "canvas": canvas, "scene": scene})
    scene.show(c)
    print("show", scene.changes, json.dumps(scene.texts()))
"""


def run_micropython(pack, steps):
    """Run the driver and scene on the unix port; returns [(bytes sent as (dc, data)..., the
    scene's texts and change count)] per step, the start-up first."""
    width, height, x, y = PACKS[pack]
    script = DRIVER % {"root": ROOT, "width": width, "height": height, "x": x, "y": y,
                       "steps": steps}
    # (512k: the recording bus's hex of a whole-panel write is the test's, not the scene's)
    out = subprocess.run([find_tool("micropython"), "-X", "heapsize=512k", "-c", script],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-3000:]
    parts = [([], None)]
    for line in out.stdout.splitlines():
        kind, _, rest = line.partition(" ")
        if kind == "show":
            count, _, texts = rest.partition(" ")
            parts[-1] = (parts[-1][0], (int(count), json.loads(texts)))
            parts.append(([], None))
        else:
            parts[-1][0].append((int(kind), bytes.fromhex(rest)))
    return parts[:-1]


def displayio_picture(pack, steps):
    """The simulator's pixels (Blinka displayio, firmware/ui/scene.py) after the steps."""
    width, height = PACKS[pack][:2]
    display = headless_display(width, height)
    scene = Scene(display)
    c = canvas.Canvas(scene.cols, scene.rows)
    for step in steps:
        exec(step, {"c": c, "canvas": canvas, "scene": scene})
        scene.show(c)
    display.refresh()
    return displayio_pixels(display), scene.texts()


def feed(panel, sent):
    for dc, data in sent:
        panel.send(dc, data)


@pytest.mark.parametrize("pack", ["picodisplay", "picodisplay2"])
def test_same_pixels_as_the_displayio_scene(pack):
    parts = run_micropython(pack, [EVERYTHING])
    panel = Panel()
    for sent, _ in parts:
        feed(panel, sent)
    want, texts = displayio_picture(pack, [EVERYTHING])
    got = panel.picture(pack)
    assert len(got) == len(want) and len(got[0]) == len(want[0])
    diffs = [(x, y) for y in range(len(want)) for x in range(len(want[0]))
             if got[y][x] != want[y][x]]
    assert not diffs, "%d pixels differ, first %s" % (len(diffs), diffs[:5])
    colours = {value for row in got for value in row}
    assert len(colours) >= 16  # every colour is on the screen: a blank one would differ
    assert parts[-1][1] == (1, texts)


def test_start_up_sequence_leaves_the_panel_on_upright_and_black():
    (start, _), = run_micropython("picodisplay", [])
    panel = Panel()
    feed(panel, start)
    assert panel.commands[0] == 0x01  # a software reset first: no setting left from before
    assert panel.awake and panel.on and panel.inverted  # out of sleep, on, IPS colours
    assert panel.colmod == 0x55  # 16-bit colour
    assert panel.madctl == 0x70  # landscape, as the pack is mounted
    assert panel.others == []
    # The whole pack cleared (margins too): every visible pixel written black.
    width, height = PACKS["picodisplay"][:2]
    assert panel.pixels_written == width * height
    assert {v for row in panel.picture() for v in row} == {0}


def windows(sent):
    """The RAMWR windows in the bytes sent: [(x0, x1, y0, y1, pixel bytes)]."""
    panel = Panel()
    found = []
    for dc, data in sent:
        before = panel.commands[:]
        panel.send(dc, data)
        if not dc and panel.commands[len(before):][-1:] == [0x2C]:
            found.append([panel.x0, panel.x1, panel.y0, panel.y1, 0])
        elif dc and panel.command == 0x2C:
            found[-1][4] += len(data)
    return [tuple(w) for w in found]


def test_only_what_changed_is_sent_again():
    parts = run_micropython("picodisplay", [EVERYTHING, ONE_CELL, "", RECOLOUR])
    x, y = PACKS["picodisplay"][2:]
    y0 = (135 - 11 * 12) // 2  # 11 rows of 12 pixels, centred
    # One cell, row 3 column 5: a window of 6 x 12 pixels there, nothing else.
    assert windows(parts[2][0]) == [(x + 30, x + 35, y + y0 + 36, y + y0 + 47, 6 * 12 * 2)]
    assert parts[2][1][0] == 2
    # Nothing changed: nothing sent, the count of changes stays.
    assert parts[3][0] == [] and parts[3][1][0] == 2
    # A row's text colour: that whole row again.
    assert windows(parts[4][0]) == [(x, x + 239, y + y0 + 12, y + y0 + 23, 240 * 12 * 2)]
    # And the screen is still the one displayio shows for the same steps.
    panel = Panel()
    for sent, _ in parts:
        feed(panel, sent)
    want, texts = displayio_picture("picodisplay", [EVERYTHING, ONE_CELL, "", RECOLOUR])
    assert panel.picture() == want
    assert parts[-1][1][1] == texts
