# How a canvas cell looks on a screen, whatever draws it (scene.py: displayio; fbscene.py:
# framebuf): the RGB of each canvas colour and the shape of each glyph kind.
from firmware.ui import canvas

# RGB of each canvas colour (canvas.BLACK ... canvas.TEAL). GOLD and WHITE are for text. The
# colours of gems and outlines on the black screen read there at 4.5:1 (WCAG AA), and white
# letters read on their badges: DIM, RED, BLUE and PURPLE sit in the narrow band of brightness
# where both hold (4.5 to 4.6:1 each way; only with a pure white), white reading a little
# better than black (DARK). Each is an exact RGB565 colour: the panels show it unrounded.
PALETTE = (
    0x000000,  # BLACK
    0xFFFFFF,  # WHITE
    0x9A9A9A,  # GREY
    0x737573,  # DIM
    0xE61C20,  # RED
    0xD2691E,  # ORANGE
    0xB49600,  # YELLOW
    0x1E9632,  # GREEN
    0x10A0B4,  # CYAN
    0x3969F6,  # BLUE
    0xA440EE,  # PURPLE
    0xD2508C,  # PINK
    0x7A5028,  # BROWN
    0x1E2D78,  # NAVY
    0xFFD21E,  # GOLD
    0x0A7873,  # TEAL
)


# Glyph shapes on a 6 x 12 cell (the built-in font's), scaled to another cell size.
SHAPES = {
    canvas.SOLID: ("......", "######", "######", "######", "######", "######",
              "######", "######", "######", "######", "######", "......"),
    canvas.GEM: ("......", "......", ".####.", "######", "######", ".####.",
            ".####.", "..##..", "..##..", "......", "......", "......"),
    canvas.DOT: ("......", "......", "......", ".####.", "######", "######",
            "######", "######", ".####.", "......", "......", "......"),
    canvas.FRAME: ("......", "######", "#....#", "#....#", "#....#", "#....#",
              "#....#", "#....#", "#....#", "#....#", "######", "......"),
}
# The cursor's pointer (canvas.POINTER), always gold; a pixel column clear on each side: a
# badge fills its cell's width, and an arrow against the die before it read as part of it
# (issue 57).
POINTER_SHAPE = ("......", "......", "......", ".#....", ".##...", ".###..",
                 ".####.", ".###..", ".##...", ".#....", "......", "......")

# Pictures (canvas.PICTURES + n): (ink, paper, shape), the shape in `ink` on a badge of
# `paper` (the SOLID shape), the ink the one that reads on it (READS, DARK); the shape's 12
# rows in one string, a space apart (one object, not 12: a board's heap at start-up). The
# games' pictures side by side, each game's first at its table's constant:
#   0  the suit pips of Diamonds (games/diamonds/table.py PIPS + suit: diamonds, hearts, spades,
#      clubs), on their suit's colour (its SUIT);
#   4  the faces of Quartz's dice (games/quartz/table.py FACES + face: pickaxe, hammer, chest,
#      transfer, steal, helmet) on a free die's teal, then the same on a picked die's orange
#      (+ 6, black ink: white on orange is 3.6:1); a used die is a grey badge of its letter;
#   16 the faces of SIXGEMS's dice (games/sixgems/table.py DIE_PIPS: one to six pips), white on a
#      blue die, then on a red one.
# The faces of Quartz's dice (games/quartz/rules.py FACES order): pickaxe (a curved head,
# pointed both ends, on a handle slanting down to the left), hammer (a block head on a
# straight handle: a T; issue 57, the pickaxe was a T too), chest, transfer (two arrows),
# steal (a grabbing hand), helmet.
QUARTZ_FACES = (
    "...... ...... .###.. #..##. ...### ..##.#"
    " ..#... .##... .#.... ##.... ...... ......",
    "...... ...... ###### ###### ###### ..##.."
    " ..##.. ..##.. ..##.. ..##.. ...... ......",
    "...... ...... ...... .####. ###### ......"
    " ##..## ###### ###### ...... ...... ......",
    "...... ...... ....#. .##### ....#. ......"
    " .#.... #####. .#.... ...... ...... ......",
    "...... ...... #.#.#. #.#.#. #####. ######"
    " #####. .###.. .###.. ...... ...... ......",
    "...... ...... ...... ..##.. .####. .####."
    " .####. ###### ###### ...... ...... ......",
)
SIXGEMS_FACES = (  # one to six pips
    "...... ...... ...... ...... ...... ..##.."
    " ..##.. ...... ...... ...... ...... ......",
    "...... ...... ....## ....## ...... ......"
    " ...... ...... ##.... ##.... ...... ......",
    "...... ...... ....## ....## ...... ..##.."
    " ..##.. ...... ##.... ##.... ...... ......",
    "...... ...... ##..## ##..## ...... ......"
    " ...... ...... ##..## ##..## ...... ......",
    "...... ...... ##..## ##..## ...... ..##.."
    " ..##.. ...... ##..## ##..## ...... ......",
    "...... ...... ##..## ##..## ...... ##..##"
    " ##..## ...... ##..## ##..## ...... ......",
)
PICTURES = (  # the suit pips
    (canvas.WHITE, canvas.BLUE, "...... ...... ...... ..#... .###.. .###.."
                      " #####. .###.. .###.. ..#... ...... ......"),
    (canvas.WHITE, canvas.RED, "...... ...... ...... .#.#.. #####. #####."
                     " #####. .###.. ..#... ...... ...... ......"),
    (canvas.WHITE, canvas.DIM, "...... ...... ...... ..#... .###.. #####."
                     " #####. ..#... .###.. ...... ...... ......"),
    (canvas.BLACK, canvas.GREEN, "...... ...... ...... .###.. .###.. #####."
                       " #####. ..#... .###.. ...... ...... ......"),
)
PICTURES += tuple([(canvas.WHITE, canvas.TEAL, face) for face in QUARTZ_FACES])
PICTURES += tuple([(canvas.BLACK, canvas.ORANGE, face) for face in QUARTZ_FACES])
PICTURES += tuple([(canvas.WHITE, canvas.BLUE, face) for face in SIXGEMS_FACES])
PICTURES += tuple([(canvas.WHITE, canvas.RED, face) for face in SIXGEMS_FACES])


# The ink of a letter on a badge: its row's colour where that reads at 4.5:1 or more (WCAG
# AA) on the badge, else white or black, whichever reads better. READS[row colour] has bit b
# set when that colour reads on a badge of colour b; DARK has bit b set when black reads
# better than white on b. Written out (a board does not work it out at start-up) as bits, not
# a 256-byte table, for the heap; host_tests/test_looks.py works them out from PALETTE and
# prints them when they part.
READS = (
    0x4FFE,  # black
    0xB619,  # white
    0x0001,  # grey
    0x0003,  # dim
    0x0003,  # red
    0x0001,  # orange
    0x0001,  # yellow
    0x0001,  # green
    0x0001,  # cyan
    0x0003,  # blue
    0x0003,  # purple
    0x0001,  # pink
    0x4002,  # brown
    0x4002,  # navy
    0x3001,  # gold
    0x0002,  # teal
)
DARK = 0x49E6
