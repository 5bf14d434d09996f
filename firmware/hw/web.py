# The web page's board (web/: MicroPython's WebAssembly port in a browser): the app and its
# MicroPython renderer (ui/fbscene.py) unchanged, on a panel that hands each window of
# big-endian RGB565 pixels to the page's script, which paints it on an HTML canvas as the
# panel would. The page drives the frames (requestAnimationFrame, or a test one at a time),
# holds the buttons from the keyboard and the on-screen buttons, beeps through Web Audio and
# keeps the saves (a folder of the page's in-memory filesystem) in the browser's storage.
# Opened with ?link, the page links to another tab of the same browser (link play, issue 58:
# a BroadcastChannel carries the link's bytes as hex text).
# What the page gives: callables, so that nothing here imports the port's `js` module.
from firmware.hw import BUTTONS_OF, SIZES
from firmware.save import SaveSlot

SAVES = "/saves"  # the in-memory folder the page fills from, and keeps in, its storage


def hex_of(data):
    """Pixels as hex text: the port hands text to the page cheaply, a bytearray not at all
    (its to_js() leaves one unconverted)."""
    from binascii import hexlify

    return hexlify(data).decode()


class WebPanel:
    """fbscene's panel: write(x, y, w, h, pixels) with big-endian RGB565 `pixels`."""

    def __init__(self, width, height, paint):
        self.width = width
        self.height = height
        self.paint = paint  # paint(x, y, w, h, hex): the page's

    def write(self, x, y, w, h, pixels):
        self.paint(x, y, w, h, hex_of(pixels))


class WebPort:
    """The link's port (firmware/link.py) over the page's channel to another tab: `send(hex)`
    posts bytes, `take()` gives the hex of all that came since ("" for none), at once."""

    def __init__(self, send, take):
        self.send = send
        self.take = take

    def write(self, data):
        self.send(hex_of(data))

    def read(self):
        from binascii import unhexlify

        text = self.take()
        return unhexlify(text) if text else None


class WebBoard:
    """The board profile: the screen of a real board (`name`: its size and its buttons'
    words on the help screen), the buttons the page holds, its beep; `link`: a WebPort
    when the page links to another tab."""

    link_port = None  # a function giving the link's port, when the page has one

    def __init__(self, name, paint, beep=None, link=None):
        if name not in SIZES:
            raise ValueError("unknown board %r; boards: %s" % (name, ", ".join(SIZES)))
        self.name = name
        self.width, self.height = SIZES[name]
        self.display = WebPanel(self.width, self.height, paint)
        self.held = 0
        self.tone = beep
        if link is not None:
            self.link_port = lambda: link
        module = "firmware.hw." + BUTTONS_OF.get(name, name)
        self.lines = __import__(module, None, None, ("LINES",)).LINES

    def buttons(self):
        return self.held

    def beep(self, hz, ms):
        if self.tone is not None:
            self.tone(hz, ms)


class WebSlot(SaveSlot):
    """The save slot in the page's in-memory folder: after every write the page copies the
    folder to the browser's storage (`keep`), so a reload resumes the game."""

    def __init__(self, keep, directory=SAVES):
        SaveSlot.__init__(self, directory, sync=False)
        self.keep = keep

    def _sync_fs(self):
        self.keep()
