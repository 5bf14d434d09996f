# How a canvas cell looks on a screen, whatever draws it (scene.py: displayio; fbscene.py:
# framebuf): the RGB of each canvas colour and the shape of each glyph kind.
from firmware.ui import canvas as C

# RGB of each canvas colour (canvas.BLACK ... canvas.TEAL). Badge backgrounds must carry
# white text, so the bright hues are toned down; GOLD and WHITE are for text.
PALETTE = (
    0x000000,  # BLACK
    0xF0F0F0,  # WHITE
    0x9A9A9A,  # GREY
    0x505050,  # DIM
    0xC81E1E,  # RED
    0xD2691E,  # ORANGE
    0xB49600,  # YELLOW
    0x1E9632,  # GREEN
    0x10A0B4,  # CYAN
    0x2850DC,  # BLUE
    0x8C32C8,  # PURPLE
    0xD2508C,  # PINK
    0x7A5028,  # BROWN
    0x1E2D78,  # NAVY
    0xFFD21E,  # GOLD
    0x0A7873,  # TEAL
)


# Glyph shapes on a 6 x 12 cell (the built-in font's), scaled to another cell size.
SHAPES = {
    C.SOLID: ("......", "######", "######", "######", "######", "######",
              "######", "######", "######", "######", "######", "......"),
    C.GEM: ("......", "......", ".####.", "######", "######", ".####.",
            ".####.", "..##..", "..##..", "......", "......", "......"),
    C.DOT: ("......", "......", "......", ".####.", "######", "######",
            "######", "######", ".####.", "......", "......", "......"),
    C.FRAME: ("......", "######", "#....#", "#....#", "#....#", "#....#",
              "#....#", "#....#", "#....#", "#....#", "######", "......"),
}
# The cursor's pointer (canvas.POINTER), always gold.
POINTER_SHAPE = ("......", "......", "#.....", "##....", "###...", "####..",
                 "#####.", "####..", "###...", "##....", "#.....", "......")
