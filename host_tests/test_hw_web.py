# The web page's board profile (firmware/hw/web.py) on CPython: what it hands the page and what
# it takes from it. The page itself, on MicroPython's WebAssembly port in Chromium:
# test_web.py.
import pytest

from firmware.hw import SIZES, web
from firmware.hw.picodisplay import LINES as PICO_LINES
from firmware.hw.pybadge import LINES as BADGE_LINES
from firmware.save import SaveSlot


def test_the_board_takes_a_real_boards_screen_and_button_words():
    painted = []
    board = web.WebBoard("picodisplay", lambda *args: painted.append(args))
    assert (board.width, board.height) == SIZES["picodisplay"] == (240, 135)
    assert (board.display.width, board.display.height) == (240, 135)
    assert board.lines == PICO_LINES and web.WebBoard("pybadge", None).lines == BADGE_LINES
    assert board.buttons() == 0  # nothing held before the page says so
    board.held = 0x11
    assert board.buttons() == 0x11
    with pytest.raises(ValueError, match="unknown board 'gameboy'; boards: pybadge, "):
        web.WebBoard("gameboy", None)


def test_the_panel_hands_the_page_each_window_as_hex():
    # Guards: bytes handed as they are (the port's to_js() leaves a bytearray unconverted).
    painted = []
    panel = web.WebBoard("pybadge", lambda *args: painted.append(args)).display
    panel.write(6, 12, 2, 1, bytearray(b"\xf8\x00\x07\xe0"))
    panel.write(0, 0, 1, 1, memoryview(b"\x00\x1f"))
    assert painted == [(6, 12, 2, 1, "f80007e0"), (0, 0, 1, 1, "001f")]


def test_a_beep_reaches_the_page_or_nothing_when_it_has_no_sound():
    heard = []
    web.WebBoard("pybadge", None, lambda hz, ms: heard.append((hz, ms))).beep(880, 40)
    assert heard == [(880, 40)]
    web.WebBoard("pybadge", None).beep(880, 40)  # no beep given: silent, no error


def test_every_write_of_the_slot_is_kept_by_the_page(tmp_path):
    # The page copies the saves folder to the browser's storage when the slot says so: after a
    # save, the resume marks and a clear. Guards: a save the page is not told of (lost on a
    # reload).
    from firmware.core import load

    kept = []
    slot = web.WebSlot(lambda: kept.append(1), str(tmp_path))
    state = load("diams").new_game(2, 5)
    slot.save(state, ["human", "normal"])
    assert kept == [1] and slot.exists()
    slot.resuming()
    slot.resumed()
    assert kept == [1, 1, 1]
    slot.clear()
    assert kept == [1, 1, 1, 1] and not slot.exists()
    assert isinstance(slot, SaveSlot) and web.WebSlot(None).directory == web.SAVES


def test_a_linked_page_hands_the_link_bytes_as_hex_and_a_plain_one_offers_no_link():
    posted = []
    inbox = ["a75c01", ""]
    port = web.WebPort(posted.append, lambda: inbox.pop(0))
    board = web.WebBoard("pybadge", None, None, port)
    assert board.link_port() is port
    port.write(b"\xa7\x5c\x00\xff")
    assert posted == ["a75c00ff"]
    assert port.read() == b"\xa7\x5c\x01"
    assert port.read() is None  # nothing came
    assert web.WebBoard("pybadge", None).link_port is None  # (the app offers no link)
