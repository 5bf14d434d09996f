# Stand-in for CircuitPython's terminalio (see displayio.py here): the built-in 6x12 font.
class _Font:
    def get_bounding_box(self):
        return (6, 12)


FONT = _Font()
