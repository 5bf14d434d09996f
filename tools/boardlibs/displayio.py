# Stand-in for CircuitPython's displayio on the 32-bit unix ports (no display there), for
# heap measurements of the whole app (tools/boardheap.py). It allocates what the real C
# objects hold in the board's heap: a Bitmap's pixel words, a TileGrid's tile indices.
# (The app draws text as tiles of the built-in font: no label library to charge.)
class Palette:
    def __init__(self, count):
        self._colours = [0] * count

    def __setitem__(self, i, rgb):
        self._colours[i] = rgb

    def make_transparent(self, i):
        pass


class Bitmap:
    def __init__(self, width, height, value_count):
        bits = 1
        while (1 << bits) < value_count:
            bits *= 2  # 1, 2, 4, 8 bits a pixel, as CircuitPython stores them
        self.width = width
        self.height = height
        self._stride = (width * bits + 31) // 32 * 4
        self._bits = bits
        self._data = bytearray(self._stride * height)

    def __setitem__(self, xy, value):
        x, y = xy
        bit = x * self._bits
        i = y * self._stride + bit // 8
        shift = bit % 8
        mask = ((1 << self._bits) - 1) << shift
        self._data[i] = (self._data[i] & ~mask) | ((value << shift) & mask)

    def __getitem__(self, xy):
        x, y = xy
        bit = x * self._bits
        return (self._data[y * self._stride + bit // 8] >> (bit % 8)) & ((1 << self._bits) - 1)


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self._tiles = bytearray([default_tile] * (width * height))

    def __setitem__(self, xy, tile):
        x, y = xy
        self._tiles[y * self.width + x] = tile


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._items = []

    def append(self, item):
        self._items.append(item)
