# Stand-in for adafruit_display_text.bitmap_label on the 32-bit unix ports (see
# ../displayio.py), charging the heap what the real library takes on a CircuitPython board
# (measured with its .mpy, ../shared/cpy/README.md): about 19 KB once imported, and about
# 1.5 KB per label showing text, its bitmap made anew whenever the text changes.
IMPORTED = bytearray(19 * 1024)  # the library's code and tables
PER_LABEL = 1536


class Label:
    def __init__(self, font, text="", color=0xFFFFFF, anchor_point=None,
                 anchored_position=None, **kwargs):
        self.font = font
        self.color = color
        self.anchor_point = anchor_point
        self.anchored_position = anchored_position
        self._text = ""
        self._bitmap = None
        self.text = text

    @property
    def text(self):
        return self._text

    @text.setter
    def text(self, value):
        self._text = value
        self._bitmap = None  # the old bitmap is garbage before the new one is made
        if value:
            self._bitmap = bytearray(PER_LABEL)
