# Reading a save (firmware/saveload.py), on CPython: what load() reads back (every 16-bit
# action, every history length around a line's 64), what it refuses and with which reason
# and message (every check of the first line, the line lengths, the checksum, the header, the
# history, the rules), the recovery order (.tmp, .sav, .old) and its notes, the .run mark,
# the `.badN` names a damaged file is kept under (never deleted, never overwritten), what
# keep_aside() moves, and the errors that say nothing about the file (which move nothing).
# Fast and focused: `make mutants MODULE=firmware/saveload.py` runs it (tools/mutants.py).
# The files are checked against zlib's CRC-32, not the firmware's own. A "fake" game (any
# 16-bit action is legal) takes the rules out of what is tested where only the format is.
import io
import os
import zlib

import pytest
from checks import fingerprint

import firmware.core
import firmware.save as save
import firmware.savefile as savefile
from firmware.core import load, unload
from firmware.core.prng import Prng
from firmware.save import SaveSlot
from firmware.savefile import SaveError
from firmware.saveheader import header

SEATS = ["human", "easy"]
PER_LINE = savefile.PER_LINE


# -- helpers ------------------------------------------------------------------------------
def framed(body):
    """`body` with the END line a good save ends with (zlib's CRC-32 of every byte)."""
    return body + b"END %08x\n" % zlib.crc32(body)


def history_lines(history):
    out = b""
    for start in range(0, len(history), PER_LINE):
        out += b"".join(b"%04x" % a for a in history[start : start + PER_LINE]) + b"\n"
    return out


def forged(head=None, history=(), first=b"GEMSAVE 1\n", count=None, name="diams",
           players=2, seats=None):
    """A save with a valid checksum around any first line, header line and history."""
    if head is None:
        count = len(history) if count is None else count
        head = header(name, players, 1, {}, seats or SEATS[:players], {}, count)
    return framed(first + head + history_lines(history))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def files(directory):
    return sorted(os.listdir(directory))


def played(name, players, seed, actions):
    state = load(name).new_game(players, seed)
    rng = Prng(seed)
    for _ in range(actions):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def reader():
    """firmware.saveload freshly imported (after any patch of what it imports)."""
    unload("firmware.saveload")
    from firmware import saveload

    return saveload


def damage(slot, data, load=None):
    """saveload.load() of `data` as the only save: the SaveError, after checking that the
    bytes were kept aside as they were and that nothing is offered after. `load`: a loader
    imported once (every import compiles the module again: PYTHONDONTWRITEBYTECODE)."""
    load = load or reader().load
    write(slot.path, data)
    with pytest.raises(SaveError) as info:
        load(slot)
    err = info.value
    assert err.kept is not None and read(err.kept) == data, (err.kept, err.reason)
    assert str(err) == ("The saved game cannot be resumed: %s. It was kept as %s; a new game "
                        "can start." % (err.reason, err.kept))
    assert load(slot) is None
    os.remove(err.kept)
    return err


class FakeState:
    """A game in which every action is legal but those in REFUSED: only the format counts."""

    game = "diams"

    def __init__(self, players, seed, options):
        self.players, self.seed, self.options = players, seed, options
        self.history = []

    def apply(self, action):
        if action in FakeGame.refused:
            raise FakeGame.refused[action]
        self.history.append(action)


class FakeGame:
    refused = {}
    setup_error = None

    @staticmethod
    def new_game(players, seed, options=None):
        if FakeGame.setup_error is not None:
            raise FakeGame.setup_error
        return FakeState(players, seed, options)


@pytest.fixture
def slot(tmp_path):
    return SaveSlot(str(tmp_path), sync=False)


@pytest.fixture
def fake(monkeypatch):
    """"diams" is FakeGame while the test runs (saveload imports load at each import)."""
    real = firmware.core.load
    FakeGame.refused = {}
    FakeGame.setup_error = None
    monkeypatch.setattr(firmware.core, "load", lambda name: FakeGame if name == "diams"
                        else real(name))
    unload("firmware.saveload")
    yield FakeGame
    unload("firmware.saveload")


class Os:
    """firmware.savefile's `os`, with faults: renames refused (OSError(30)) while `refuse` > 0
    (each refusal counts one down), every change refused when `read_only`, listdir failing
    or listing nothing, stat of paths ending in `broken` raising that error."""

    def __init__(self, refuse=0, read_only=False, listing=True, broken=None, error=None):
        self.refuse = refuse
        self.read_only = read_only
        self.listing = listing
        self.broken = broken
        self.error = error
        self.calls = []

    def _change(self, *call):
        self.calls.append(call)
        if self.read_only:
            raise OSError(30)

    def rename(self, a, b):
        self._change("rename", a, b)
        if self.refuse:
            self.refuse -= 1
            raise OSError(30)
        if os.path.exists(b):  # as on FAT: never onto an existing name
            raise OSError(17)
        os.rename(a, b)

    def remove(self, p):
        self._change("remove", p)
        os.remove(p)

    def mkdir(self, p):
        self._change("mkdir", p)
        os.mkdir(p)

    def stat(self, p):
        if self.broken is not None and p.endswith(self.broken):
            raise self.error
        return os.stat(p)

    def listdir(self, p):
        if self.listing is None:
            raise OSError(5)
        return os.listdir(p) if self.listing else []


# -- what is written and read back --------------------------------------------------------
EVERY_NIBBLE = [n * 0x1111 for n in range(16)] + [
    0x0123, 0x4567, 0x89AB, 0xCDEF, 0xFEDC, 0xBA98, 0x7654, 0x3210, 0xF000, 0x0F00, 0x00F0,
    0x000F, 0xFFFF, 0x0000, 0x8000, 0x0001, 0x1000, 0x0100, 0x0010, 0x9A0B, 0xA9B0]


def test_the_file_is_the_documented_format_and_reads_back(slot, fake):
    history = [(i * 2654435761) & 0xFFFF for i in range(130)]
    slot.save(("diams", 2, 7, {}, history), SEATS, {"screen": "table"})
    body = (b'GEMSAVE 1\n{"game": "diams", "players": 2, "seed": 7, "options": {}, "seats": '
            b'["human", "easy"], "extra": {"screen": "table"}, "actions": 130}\n'
            + history_lines(history))
    assert [len(line) for line in history_lines(history).split(b"\n")] == [256, 256, 8, 0]
    assert read(slot.path) == framed(body)
    saved = slot.load()
    assert saved.state.history == history
    assert saved.seats == SEATS and saved.extra == {"screen": "table"}
    assert saved.record == ("diams", 2, 7, {}, history)
    assert saved.record[4] is saved.state.history  # no second copy
    assert saved.notes == []
    assert (saved.state.players, saved.state.seed, saved.state.options) == (2, 7, {})
    assert files(slot.directory) == ["game.sav"] and slot.loaded == slot.path


@pytest.mark.parametrize("count", [0, 1, 2, 7, 63, 64, 65, 127, 128, 129, 200])
def test_every_history_length_and_every_hex_digit_reads_back(slot, fake, count):
    history = [EVERY_NIBBLE[i % len(EVERY_NIBBLE)] ^ (i // len(EVERY_NIBBLE))
               for i in range(count)]
    slot.save(("diams", 2, 3, {}, history), SEATS)
    data = read(slot.path)
    assert data.count(b"\n") == 3 + (count + PER_LINE - 1) // PER_LINE
    saved = slot.load()
    assert saved.state.history == history
    assert read(slot.path) == data


def test_every_action_value_reads_back(slot, fake):
    history = list(range(0, 65536, 7)) + [65535]
    slot.save(("diams", 2, 3, {}, history), SEATS)
    assert slot.load().state.history == history


def test_a_real_game_resumes_to_the_same_state(slot):
    state = played("diams", 3, 5, 70)
    slot.save(state, ["human", "normal", "hard"], {"n": [1, None, True]})
    saved = slot.load()
    assert fingerprint(saved.state) == fingerprint(state)
    assert saved.seats == ["human", "normal", "hard"] and saved.extra == {"n": [1, None, True]}
    assert saved.record[:4] == ("diams", 3, 5, state.options)
    assert list(saved.record[4]) == list(state.history)
    assert saved.record[4] is saved.state.history


def test_the_boards_collect_on_the_way(slot, fake, monkeypatch):
    monkeypatch.setattr(save, "COLLECT", True)
    monkeypatch.setattr(firmware.core, "COLLECT", True)  # what saveload reads at its import
    slot.save(("diams", 2, 3, {}, EVERY_NIBBLE), SEATS)
    assert slot.load().state.history == EVERY_NIBBLE


# -- damage: the first line ---------------------------------------------------------------
def test_empty_file(slot):
    assert damage(slot, b"").reason == "the file is empty"


@pytest.mark.parametrize("first, reason", [
    (b"GEMSAVE 2\n", "it is in format version 2; this firmware reads version 1"),
    (b"GEMSAVE 0\n", "it is in format version 0; this firmware reads version 1"),
    (b"GEMSAVE 11\n", "it is in format version 11; this firmware reads version 1"),
    (b"GEMSAVE -1\n", "it is in format version -1; this firmware reads version 1"),
    (b"GEMSAVE 01\n", "this is not a save file"),
    (b"GEMSAVE +1\n", "this is not a save file"),
    (b"GEMSAVE  1\n", "this is not a save file"),
    (b"GEMSAVE 1 \n", "this is not a save file"),
    (b"GEMSAVE 1\r\n", "this is not a save file"),
    (b"GEMSAVE 1\t\n", "this is not a save file"),
    (b"GEMSAVE \n", "this is not a save file"),
    (b"GEMSAVE x\n", "this is not a save file"),
    (b"GEMSAVE 1x\n", "this is not a save file"),
    (b"GEMSAVE\n", "this is not a save file"),
    (b"GEMSAVEX 1\n", "this is not a save file"),
    (b"GEMSAVE1\n", "this is not a save file"),
    (b"gemsave 1\n", "this is not a save file"),
    (b"XGEMSAVE 1\n", "this is not a save file"),
    (b"\n", "this is not a save file"),
    (b"GEMSAVE " + b"1" * 22 + b"\n",  # 31 bytes: the longest first line read
     "it is in format version 1111111111111111111111; this firmware reads version 1"),
    (b"GEMSAVE " + b"1" * 23 + b"\n", "a line is too long (not a save file?)"),
    (b"x" * 31 + b"\n", "a line is too long (not a save file?)"),
    (b"x" * 30 + b"\n", "this is not a save file"),
])
def test_the_first_line_is_exactly_gemsave_1(slot, first, reason):
    assert damage(slot, forged(first=first)).reason == reason


def test_a_good_first_line_with_a_good_rest_loads(slot, fake):
    write(slot.path, forged(history=[1, 2, 3]))
    assert slot.load().state.history == [1, 2, 3]


# -- damage: line lengths, the checksum, the end ------------------------------------------
def test_the_header_line_may_take_up_to_1023_bytes(slot, fake):
    # (1023 by the number: a save written by another version of the firmware reads the same)
    base = header("diams", 2, 1, {}, SEATS, {"k": ""}, 3)
    pad = 1023 - len(base)
    longest = header("diams", 2, 1, {}, SEATS, {"k": "x" * pad}, 3)
    assert len(longest) == 1023 > savefile.LINE_MAX
    write(slot.path, forged(longest, history=[5, 6, 7]))
    saved = slot.load()
    assert saved.state.history == [5, 6, 7] and saved.extra == {"k": "x" * pad}
    too_long = longest[:-1] + b" \n"  # one byte more: 1024
    err = damage(slot, forged(too_long, history=[5, 6, 7]))
    assert err.reason == "a line is too long (not a save file?)"


def test_a_history_line_may_take_up_to_263_bytes(slot, fake):
    assert savefile.LINE_MAX == 264
    head = header("diams", 2, 1, {}, SEATS, {}, 65)
    # 263 bytes (262 and a newline) pass the line check, then the history check refuses
    line = b"0" * 262 + b"\n"
    assert damage(slot, framed(b"GEMSAVE 1\n" + head + line)).reason == \
        "its history is not as long as announced"
    line = b"0" * 263 + b"\n"
    assert damage(slot, framed(b"GEMSAVE 1\n" + head + line)).reason == \
        "a line is too long (not a save file?)"
    # the first history line has the history's limit, not the header's
    line = b"0" * 300 + b"\n"
    assert damage(slot, framed(b"GEMSAVE 1\n" + head + line)).reason == \
        "a line is too long (not a save file?)"
    line = b"0" * 300 + b"\n"
    assert damage(slot, framed(b"GEMSAVE 1\n" + head + b"0000\n" + line)).reason == \
        "a line is too long (not a save file?)"


def test_the_checksum_covers_every_byte_before_end(slot, fake):
    good = forged(history=EVERY_NIBBLE)
    end = good.rindex(b"END ")
    load = reader().load
    for at in (0, 5, 9, 10, 20, end - 10, end - 1, end + 4, len(good) - 2):
        for mask in (1, 0x20):
            data = bytearray(good)
            data[at] ^= mask
            err = damage(slot, bytes(data), load)
            if at == end - 1:  # the newline before END: no END line any more
                assert err.reason == "the file is incomplete (cut short while being written)"
            elif at >= 10:
                assert err.reason == "its checksum does not match (the file was altered)", at
    upper = good[:end] + good[end:].upper()  # the digits in capitals: not what save() writes
    if upper != good:
        assert "checksum" in damage(slot, upper).reason
    assert damage(slot, good[:end] + b"END  " + good[end + 4:]).reason == \
        "its checksum does not match (the file was altered)"


@pytest.mark.parametrize("tail", [b"x", b"\n", b"END 00000000\n", b"\x00"])
def test_data_after_the_end_is_damage(slot, tail):
    assert damage(slot, forged(history=[1]) + tail).reason == "there is data after its end"


def test_every_cut_is_reported_for_what_it_is(slot, fake):
    good = forged(history=[0x1234, 0xABCD, 0xF0F0])
    load = reader().load
    for cut in range(len(good)):
        err = damage(slot, good[:cut], load)
        if cut == 0:
            want = "the file is empty"
        elif cut < 10:
            want = "this is not a save file"
        else:
            want = "the file is incomplete (cut short while being written)"
        assert err.reason == want, (cut, err.reason)


def test_no_end_line_or_an_end_line_not_at_a_line_start(slot):
    body = b"GEMSAVE 1\n" + header("diams", 2, 1, {}, SEATS, {}, 0)
    assert damage(slot, body).reason == "the file is incomplete (cut short while being written)"
    crc = b"%08x" % zlib.crc32(body)
    assert damage(slot, body + b"xEND " + crc + b"\n").reason == \
        "the file is incomplete (cut short while being written)"
    assert damage(slot, body + b"END " + crc).reason == \
        "the file is incomplete (cut short while being written)"


# -- damage: the header -------------------------------------------------------------------
@pytest.mark.parametrize("head", [b"{not json\n", b'{"game": "diams"}\n', b"[1, 2]\n",
                                  b"\xff\xfe{}\n", b"null\n", b"\n", b'"diams"\n'])
def test_a_header_that_is_not_readable(slot, head):
    assert damage(slot, forged(head)).reason == "its header is not readable"


def test_a_header_field_of_the_wrong_kind_says_which(slot):
    good = header("diams", 2, 1, {}, SEATS, {}, 0)
    head = good.replace(b'"human"', b'"a-robot-with-a-name-long-enough-to-be-cut"')
    with pytest.raises(ValueError) as info:
        header("diams", 2, 1, {}, ["a-robot-with-a-name-long-enough-to-be-cut", "easy"], {}, 0)
    assert len(str(info.value)) > 60
    assert damage(slot, forged(head)).reason == \
        "its header is malformed (%s)" % str(info.value)[:60]
    head = good.replace(b'"players": 2', b'"players": 3')
    assert damage(slot, forged(head)).reason == "its header is malformed (2 seats for 3 players)"


@pytest.mark.parametrize("old, new", [(b", ", b","), (b'{"game"', b'{ "game"'),
                                      (b"}\n", b" }\n"), (b'"options": {}', b'"options": {} ')])
def test_a_header_not_written_by_this_firmware(slot, old, new):
    head = header("diams", 2, 1, {}, SEATS, {}, 0).replace(old, new)
    assert damage(slot, forged(head)).reason == "its header is not in this firmware's format"


@pytest.mark.parametrize("count, announced", [(0, 1), (1, 0), (1, 2), (63, 64), (64, 63),
                                              (64, 65), (65, 64), (65, 66), (5, 10**9)])
def test_the_announced_count_is_the_history_length(slot, fake, count, announced):
    head = header("diams", 2, 1, {}, SEATS, {}, announced)
    err = damage(slot, forged(head, history=list(range(count))))
    assert err.reason == "its history is not as long as announced"


# -- damage: the history ------------------------------------------------------------------
@pytest.mark.parametrize("char", b"/:`gA \xff")
def test_a_history_digit_that_is_not_lowercase_hex(slot, fake, char):
    history = EVERY_NIBBLE + list(range(70 - len(EVERY_NIBBLE)))  # two lines, 64 and 6
    head = header("diams", 2, 1, {}, SEATS, {}, 70)
    text = history_lines(history)
    load = reader().load
    for at in (0, 1, 2, 3, 4 * 40 + 2, 4 * 63 + 3, 257 + 0, 257 + 4 * 5 + 1, 257 + 4 * 5 + 3):
        data = bytearray(text)
        data[at] = char
        err = damage(slot, framed(b"GEMSAVE 1\n" + head + bytes(data)), load)
        assert err.reason == "its history is malformed", (at, err.reason)


@pytest.mark.parametrize("body, count", [
    (b"0001" * 63 + b"\n" + b"0001" * 65 + b"\n", 128),  # the same size, not 64 a line
    (b"0001" * 65 + b"\n" + b"0001" * 63 + b"\n", 128),
    (b"0001" * 64 + b"0\n001\n", 65),  # no newline where one must be
    (b"0001" * 64 + b"a0001\n", 65),  # ... and every digit where one may be
    (b"0001\n0020003\n", 3),  # a newline where a digit must be
    (b"0001" * 64 + b"\n0001\n0020003\n", 67),
])
def test_history_lines_of_other_lengths(slot, fake, body, count):
    assert len(body) == 4 * count + (count + 63) // 64
    head = header("diams", 2, 1, {}, SEATS, {}, count)
    err = damage(slot, framed(b"GEMSAVE 1\n" + head + body))
    assert err.reason == "its history is malformed"


def test_a_file_that_reads_shorter_on_the_replay_is_not_replayed(slot, fake, monkeypatch):
    # a read error on the flash: the history read for the replay is shorter than the one the
    # checksum was checked on; no action is taken from the bytes of the line before
    history = [(i * 40503) & 0xFFFF for i in range(128)]
    good = forged(history=history)
    write(slot.path, good)
    saveload = reader()
    opened = []

    def shrinking(path, mode):
        opened.append(path)
        if len(opened) == 1:
            return open(path, mode)
        return io.BytesIO(good[: good.index(b"\n", 11) + 1 + 257 + 100])

    monkeypatch.setattr(saveload, "open", shrinking, raising=False)
    with pytest.raises(SaveError) as info:
        saveload.load(slot)
    assert info.value.reason == "its history is malformed"
    assert opened == [slot.path, slot.path]


def test_a_refused_move_says_which(slot, fake):
    history = list(range(100, 170))
    FakeGame.refused = {130: ValueError("illegal")}
    assert damage(slot, forged(history=history)).reason == "the rules refuse move 31 of 70"
    FakeGame.refused = {169: TypeError("odd")}
    assert damage(slot, forged(history=history)).reason == "the rules refuse move 70 of 70"
    FakeGame.refused = {100: IndexError()}
    assert damage(slot, forged(history=history)).reason == "the rules refuse move 1 of 70"


def test_a_real_game_refuses_an_illegal_move_and_its_setup(slot):
    state = played("diams", 2, 8, 10)
    slot.save(("diams", 2, 8, {}, list(state.history) + [65535]), SEATS)
    assert damage(slot, read(slot.path)).reason == "the rules refuse move 11 of 11"
    with pytest.raises(ValueError) as info:
        load("diams").new_game(9, 1, {})
    slot.save(("diams", 9, 1, {}, []), ["human"] * 9)
    assert damage(slot, read(slot.path)).reason == \
        "the rules refuse its setup (%s)" % str(info.value)[:60]


def test_a_setup_the_rules_refuse(slot, fake):
    FakeGame.setup_error = ValueError("x" * 100)
    assert damage(slot, forged()).reason == "the rules refuse its setup (%s)" % ("x" * 60)
    FakeGame.setup_error = KeyError("k")
    assert damage(slot, forged()).reason == "the rules refuse its setup ('k')"


def test_a_game_this_firmware_does_not_have(slot, monkeypatch):
    # a game of GAMES whose rules module is not on this board (left out of a small build)
    def missing(name):
        raise ImportError("no module named 'firmware.core.%s'" % name)

    monkeypatch.setattr(firmware.core, "load", missing)
    slot.save(("quartz", 2, 1, {}, []), SEATS)
    assert damage(slot, read(slot.path)).reason == "this firmware does not have the game 'quartz'"


# -- what is under a save's name ----------------------------------------------------------
def test_a_folder_or_a_pipe_under_a_save_name(slot, fake):
    for name in ("game.sav", "game.tmp", "game.old"):
        os.mkdir(slot.directory + "/" + name)
        with pytest.raises(SaveError) as info:
            slot.load()
        assert info.value.reason == "it is a folder, not a save file"
        assert info.value.kept == slot.directory + "/game.bad1"
        assert files(slot.directory) == ["game.bad1"]
        os.rmdir(info.value.kept)
        os.mkfifo(slot.directory + "/" + name)
        with pytest.raises(SaveError) as info:
            slot.load()
        assert info.value.reason == "it is not a file"
        assert files(slot.directory) == ["game.bad1"]
        os.remove(info.value.kept)


def test_a_slot_folder_that_is_a_file_has_no_save(tmp_path):
    write(str(tmp_path / "saves"), b"a file")
    slot = SaveSlot(str(tmp_path / "saves"), sync=False)
    assert slot.load() is None  # ENOTDIR: nothing there
    assert read(str(tmp_path / "saves")) == b"a file"


@pytest.mark.parametrize("error", [OSError(5), OSError(), OSError(13, "denied")])
@pytest.mark.parametrize("suffix", [".sav", ".tmp", ".old", ".run"])
def test_an_error_that_says_nothing_about_the_file_moves_nothing(slot, monkeypatch, error,
                                                                 suffix):
    good = forged()
    where = slot.old if suffix == ".old" else slot.path
    write(where, good)
    monkeypatch.setattr(savefile, "os", Os(broken=suffix, error=error))
    with pytest.raises(SaveError) as info:
        slot.load()
    assert info.value.kept is None
    assert info.value.reason == "it could not be read (%s)" % (error,)
    assert files(slot.directory) == [where[len(slot.directory) + 1:]] and read(where) == good


@pytest.mark.parametrize("where", ["loads", "header", "new_game", "apply"])
def test_a_memory_error_goes_out_and_moves_nothing(slot, fake, monkeypatch, where):
    write(slot.path, forged(history=[1, 2]))
    saveload = reader()

    def short(*args):
        raise MemoryError()

    if where == "loads":
        monkeypatch.setattr(saveload.json, "loads", short)
    elif where == "header":
        monkeypatch.setattr(saveload, "header", short)
    elif where == "new_game":
        FakeGame.setup_error = MemoryError()
    else:
        FakeGame.refused = {2: MemoryError()}
    with pytest.raises(MemoryError):
        saveload.load(slot)
    assert files(slot.directory) == ["game.sav"]
    # and through SaveSlot.load(): a SaveError that keeps nothing aside
    if where in ("new_game", "apply"):
        with pytest.raises(SaveError) as info:
            slot.load()
        assert info.value.kept is None
        assert info.value.reason == "there was not enough memory to read it"
        assert files(slot.directory) == ["game.sav"]


# -- recovery: newest first, nothing lost -------------------------------------------------
def copies(fake):
    """Three saves of one game, oldest first, and one the rules refuse (its last move)."""
    FakeGame.refused = {999: ValueError("illegal")}
    return (forged(history=[1, 2]), forged(history=[1, 2, 3]), forged(history=[1, 2, 3, 4]),
            forged(history=[1, 2, 3, 999]))


def test_a_complete_tmp_is_the_newest_save(slot, fake):
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer)
    write(slot.old, older)
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and saved.notes == []
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == newer
    assert slot.loaded == slot.path


def test_a_tmp_alone_is_made_the_save_by_the_boards_protocol(slot, fake, monkeypatch):
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer)
    fat = Os()
    monkeypatch.setattr(savefile, "os", fat)
    assert slot.load().state.history == [1, 2, 3]
    d = slot.directory
    assert [c for c in fat.calls if c[0] == "rename"] == [
        ("rename", d + "/game.sav", d + "/game.old"), ("rename", d + "/game.tmp", d + "/game.sav")]
    assert files(d) == ["game.sav"] and read(slot.path) == newer


@pytest.mark.parametrize("cut", [0, 1, 9, 10, 30, -1, -9])
def test_a_tmp_cut_short_is_removed_and_the_save_stands(slot, fake, cut):
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer[:cut])
    saved = slot.load()
    assert saved.state.history == [1, 2] and saved.notes == []
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == older


def test_a_cut_tmp_then_an_old_left_between_the_renames(slot, fake):
    older, newer, _, _ = copies(fake)
    write(slot.old, older)
    write(slot.tmp, newer[:-3])
    saved = slot.load()
    assert saved.state.history == [1, 2] and saved.notes == []
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == older
    assert slot.loaded == slot.path


def test_only_a_cut_tmp_is_no_save(slot, fake):
    write(slot.tmp, copies(fake)[1][:-3])
    assert slot.load() is None and files(slot.directory) == []


def test_a_save_cut_short_is_kept_not_removed(slot, fake):
    older, _, _, _ = copies(fake)
    err = damage(slot, older[:-5])
    assert err.reason == "the file is incomplete (cut short while being written)"


def test_a_complete_tmp_the_rules_refuse_is_kept_and_the_save_resumed(slot, fake):
    older, _, _, refused = copies(fake)
    write(slot.path, older)
    write(slot.tmp, refused)
    saved = slot.load()
    d = slot.directory
    assert saved.state.history == [1, 2]
    assert saved.notes == ["The newest save was damaged (the rules refuse move 4 of 4) and kept "
                           "as %s/game.bad1; the one before it was resumed." % d]
    assert files(d) == ["game.bad1", "game.sav"] and read(d + "/game.bad1") == refused


def test_the_note_names_the_newest_damage(slot, fake):
    older, newer, _, refused = copies(fake)
    write(slot.tmp, refused)
    write(slot.path, newer[:-4] + b"0000\n")  # its checksum altered
    write(slot.old, older)
    saved = slot.load()
    d = slot.directory
    assert saved.state.history == [1, 2]
    assert saved.notes == ["The newest save was damaged (the rules refuse move 4 of 4) and kept "
                           "as %s/game.bad1; the one before it was resumed." % d]
    assert files(d) == ["game.bad1", "game.bad2", "game.sav"]
    assert read(d + "/game.bad1") == refused and read(d + "/game.sav") == older
    assert slot.loaded == slot.path
    # each Saved has its own notes
    write(slot.tmp, refused)
    again = slot.load()
    assert len(again.notes) == 1 and len(saved.notes) == 1
    assert type(saved).notes == []


def test_a_damaged_save_and_its_old_copy(slot, fake):
    older, newer, _, _ = copies(fake)
    write(slot.path, newer[:-2])
    write(slot.old, older)
    saved = slot.load()
    d = slot.directory
    assert saved.state.history == [1, 2]
    assert saved.notes == [
        "The newest save was damaged (the file is incomplete (cut short while being written)) "
        "and kept as %s/game.bad1; the one before it was resumed." % d]
    assert files(d) == ["game.bad1", "game.sav"] and read(slot.path) == older


def test_an_old_copy_alone_is_made_the_save(slot, fake):
    older, _, _, _ = copies(fake)
    write(slot.old, older)
    saved = slot.load()
    assert saved.state.history == [1, 2] and saved.notes == []
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == older
    assert slot.loaded == slot.path


def test_a_stale_old_copy_beside_a_good_save_is_removed(slot, fake):
    older, newer, _, _ = copies(fake)
    write(slot.path, newer)
    write(slot.old, older)
    assert slot.load().state.history == [1, 2, 3]
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == newer


@pytest.mark.parametrize("beside", ["tmp", "sav"])
def test_a_damaged_older_copy_is_kept_aside_not_overwritten(slot, fake, beside):
    # The README's promise: a damaged save is never deleted or overwritten. A complete `.tmp`
    # (the newest save) resumed over a damaged `.sav`, and a damaged `.old` beside the save
    # that loads: each is kept as `.badN`, with a note. Guards: the `.sav` replaced by the
    # `.tmp` unread, the `.old` removed unread.
    older, newer, _, _ = copies(fake)
    if beside == "tmp":  # the save written, the power cut before the renames; .sav altered
        write(slot.tmp, newer)
        write(slot.path, b"garbage")
    else:  # a board's rename protocol cut after .tmp became .sav; .old altered
        write(slot.path, newer)
        write(slot.old, b"garbage")
    saved = slot.load()
    assert saved.state.history == [1, 2, 3]
    assert files(slot.directory) == ["game.bad1", "game.sav"]
    assert read(slot.directory + "/game.bad1") == b"garbage" and read(slot.path) == newer
    assert saved.notes == ["An older copy of the save was damaged (this is not a save file); "
                           "it was kept as %s/game.bad1." % slot.directory]
    assert slot.load().notes == []  # said once


def test_a_damaged_old_and_save_beside_a_complete_tmp_are_both_kept(slot, fake):
    older, newer, _, _ = copies(fake)
    write(slot.tmp, newer)
    write(slot.path, b"garbage one")
    write(slot.old, b"garbage two")
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and len(saved.notes) == 2
    assert files(slot.directory) == ["game.bad1", "game.bad2", "game.sav"]
    kept = sorted(read(slot.directory + "/" + name) for name in ("game.bad1", "game.bad2"))
    assert kept == [b"garbage one", b"garbage two"] and read(slot.path) == newer


def test_a_folder_old_beside_a_good_save_is_kept_aside(slot, fake):
    _, newer, _, _ = copies(fake)
    write(slot.path, newer)
    os.mkdir(slot.old)
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and saved.notes == []
    assert files(slot.directory) == ["game.bad1", "game.sav"]
    assert os.path.isdir(slot.directory + "/game.bad1")


def test_a_folder_save_beside_a_complete_tmp_is_kept_aside(slot, fake):
    _, newer, _, _ = copies(fake)
    write(slot.tmp, newer)
    os.mkdir(slot.path)
    write(slot.path + "/inside", b"x")
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and saved.notes == []
    assert files(slot.directory) == ["game.bad1", "game.sav"] and read(slot.path) == newer
    assert read(slot.directory + "/game.bad1/inside") == b"x"


@pytest.mark.parametrize("layout, older", [
    (("tmp", "sav", "old"), 2), (("tmp", "sav"), 1), (("sav", "old"), 1), (("tmp", "old"), 1),
    (("sav",), 0),
])
def test_every_copy_damaged(slot, fake, layout, older):
    _, _, _, refused = copies(fake)
    bad = {"tmp": refused, "sav": b"GEMSAVE 9\n", "old": b"junk"}
    for name in layout:
        write(slot.directory + "/game." + name, bad[name])
    with pytest.raises(SaveError) as info:
        slot.load()
    err = info.value
    d = slot.directory
    first = {"tmp": "the rules refuse move 4 of 4",
             "sav": "it is in format version 9; this firmware reads version 1",
             "old": "this is not a save file"}[layout[0]]
    assert err.reason == first and err.kept == d + "/game.bad1"
    message = ("The saved game cannot be resumed: %s. It was kept as %s/game.bad1; a new game "
               "can start." % (first, d))
    if older:
        message += " %d older copies were damaged too." % older
    assert str(err) == message
    assert files(d) == ["game.bad%d" % (n + 1) for n in range(len(layout))]
    assert [read(d + "/game.bad%d" % (n + 1)) for n in range(len(layout))] == \
        [bad[name] for name in layout]


# -- a drive that refuses changes ---------------------------------------------------------
def test_read_only_damage_is_left_in_place_and_said(slot, fake, monkeypatch):
    data = b"GEMSAVE 9\n"
    write(slot.path, data)
    monkeypatch.setattr(savefile, "os", Os(read_only=True))
    with pytest.raises(SaveError) as info:
        slot.load()
    assert info.value.kept is None
    assert str(info.value) == (
        "The saved game cannot be resumed: it is in format version 9; this firmware reads "
        "version 1. It is left in place as %s (it could not be moved aside)." % slot.path)
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == data


def test_read_only_old_copy_is_read_in_place_and_keep_aside_moves_it(slot, fake, monkeypatch):
    older, newer, _, _ = copies(fake)
    damaged = newer[:-2]
    write(slot.path, damaged)
    write(slot.old, older)
    drive = Os(read_only=True)
    monkeypatch.setattr(savefile, "os", drive)
    saved = slot.load()
    assert saved.state.history == [1, 2]
    assert saved.notes == [
        "The newest save was damaged (the file is incomplete (cut short while being written)) "
        "and left in place as %s; the one before it was resumed." % slot.path]
    assert slot.loaded == slot.old
    assert files(slot.directory) == ["game.old", "game.sav"]
    assert slot.keep_aside("crashed") is None  # still read-only: nothing moved
    assert slot.loaded == slot.old
    drive.read_only = False
    kept = slot.keep_aside("crashed")  # the copy that was resumed, not the damaged one
    assert kept == slot.directory + "/game.bad1" and read(kept) == older
    assert slot.loaded is None
    assert files(slot.directory) == ["game.bad1", "game.sav"] and read(slot.path) == damaged


def test_a_damaged_save_that_stays_and_a_good_old_copy(slot, fake, monkeypatch):
    # the damaged .sav cannot be moved, the drive takes other changes: .old read in place
    older, newer, _, _ = copies(fake)
    write(slot.path, newer[:-2])
    write(slot.old, older)
    monkeypatch.setattr(savefile, "os", Os(refuse=1))
    saved = slot.load()
    assert saved.state.history == [1, 2]
    assert "left in place as %s;" % slot.path in saved.notes[0]
    assert slot.loaded == slot.old and files(slot.directory) == ["game.old", "game.sav"]


def test_a_tmp_that_cannot_be_renamed_is_read_in_place(slot, fake, monkeypatch):
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer)
    monkeypatch.setattr(savefile, "os", Os(refuse=1))  # the first rename (.sav to .old) refused
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and saved.notes == []
    assert slot.loaded == slot.tmp
    assert files(slot.directory) == ["game.sav", "game.tmp"]
    kept = slot.keep_aside("crashed")  # what was resumed goes aside: the .tmp
    assert kept == slot.directory + "/game.bad1" and read(kept) == newer
    assert files(slot.directory) == ["game.bad1", "game.sav"] and read(slot.path) == older


def test_a_tmp_renamed_to_old_then_refused(slot, fake, monkeypatch):
    # the drive takes .sav -> .old, then refuses .tmp -> .sav: the .tmp is still read
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer)
    drive = Os()
    real = drive.rename

    def rename(a, b):
        if a == slot.tmp:
            drive.calls.append(("rename", a, b))
            raise OSError(30)
        real(a, b)

    drive.rename = rename
    monkeypatch.setattr(savefile, "os", drive)
    saved = slot.load()
    assert saved.state.history == [1, 2, 3] and slot.loaded == slot.tmp
    assert files(slot.directory) == ["game.old", "game.tmp"]


def test_an_old_copy_that_cannot_be_renamed_is_read_in_place(slot, fake, monkeypatch):
    older, _, _, _ = copies(fake)
    write(slot.old, older)
    monkeypatch.setattr(savefile, "os", Os(refuse=1))
    saved = slot.load()
    assert saved.state.history == [1, 2] and slot.loaded == slot.old
    assert files(slot.directory) == ["game.old"]


def test_a_tmp_whose_rename_went_through_though_refused(slot, fake, monkeypatch):
    # the drive says no after the rename was made: the file is where it went
    _, newer, _, _ = copies(fake)
    write(slot.tmp, newer)
    drive = Os()
    real = drive.rename

    def rename(a, b):
        real(a, b)
        raise OSError(5)

    drive.rename = rename
    monkeypatch.setattr(savefile, "os", drive)
    saved = slot.load()
    assert saved.state.history == [1, 2, 3]
    assert slot.loaded == slot.path and files(slot.directory) == ["game.sav"]


# -- the mark of a save being resumed -----------------------------------------------------
RESET = "the game stopped the board while it was being resumed"


def test_a_save_that_stopped_the_board_is_kept_aside(slot, fake):
    good = forged(history=[1, 2])
    write(slot.path, good)
    slot.resuming()
    with pytest.raises(SaveError) as info:
        slot.load()
    d = slot.directory
    assert info.value.reason == RESET and info.value.kept == d + "/game.bad1"
    assert str(info.value) == ("The saved game cannot be resumed: %s. It was kept as "
                               "%s/game.bad1; a new game can start." % (RESET, d))
    assert files(d) == ["game.bad1"] and read(d + "/game.bad1") == good


def test_a_mark_without_a_save_is_removed_and_the_copies_load(slot, fake):
    write(slot.old, forged(history=[4]))
    slot.resuming()
    assert slot.load().state.history == [4]
    assert files(slot.directory) == ["game.sav"]


def test_a_mark_on_a_read_only_drive(slot, fake, monkeypatch):
    write(slot.path, forged())
    slot.resuming()
    monkeypatch.setattr(savefile, "os", Os(read_only=True))
    with pytest.raises(SaveError) as info:
        slot.load()
    assert info.value.kept is None and info.value.reason == RESET
    assert "It is left in place as %s (it could not be moved aside)." % slot.path \
        in str(info.value)
    assert files(slot.directory) == ["game.run", "game.sav"]


def test_a_folder_named_like_the_mark_is_not_the_mark(slot, fake):
    write(slot.path, forged(history=[3]))
    os.mkdir(slot.run)
    assert slot.load().state.history == [3]
    assert files(slot.directory) == ["game.run", "game.sav"]


# -- the names a damaged file is kept under -----------------------------------------------
BAD = b"GEMSAVE 9\n"


def kept_name(slot):
    write(slot.path, BAD)
    with pytest.raises(SaveError) as info:
        slot.load()
    assert read(info.value.kept) == BAD
    return info.value.kept[len(slot.directory) + 1:]


@pytest.mark.parametrize("present, want", [
    ((), "game.bad1"),
    (("game.bad5",), "game.bad6"),
    (("game.bad1", "game.bad3"), "game.bad4"),
    (("game.bad9", "game.bad10"), "game.bad11"),
    (("game.bad000100",), "game.bad101"),  # six digits: ours
    (("game.bad999999",), "game.bad1000000"),
    (("game.bad1234567",), "game.bad1"),  # seven: not ours
    (("game.bad", "game.badx", "game.bad1a", "game.bad-4", "game.bad 4", "game.bad\u0663",
      "game.bad\u00b2", "game.bad4.old"), "game.bad1"),
    (("other.bad7", "xgame.bad7", "game.bak8", "game.bad7x", "savegame17"), "game.bad1"),
])
def test_a_kept_file_takes_a_number_above_every_one_in_use(slot, present, want):
    for name in present:
        write(slot.directory + "/" + name, b"theirs")
    assert kept_name(slot) == want
    for name in present:
        assert read(slot.directory + "/" + name) == b"theirs"


def test_a_numbered_folder_counts(slot):
    os.mkdir(slot.directory + "/game.bad4")
    assert kept_name(slot) == "game.bad5"


@pytest.mark.parametrize("listing", [None, False])
def test_a_listing_that_fails_or_misses_never_overwrites(slot, monkeypatch, listing):
    for n in (1, 2, 4):
        write(slot.directory + "/game.bad%d" % n, b"mine")
    monkeypatch.setattr(savefile, "os", Os(listing=listing))
    assert kept_name(slot) == "game.bad3"
    assert kept_name(slot) == "game.bad5"
    assert [read(slot.directory + "/game.bad%d" % n) for n in (1, 2, 4)] == [b"mine"] * 3


def test_a_slot_folder_with_a_trailing_slash_and_another_name(tmp_path):
    slot = SaveSlot(str(tmp_path) + "/", "chess", sync=False)
    write(slot.path, BAD)
    with pytest.raises(SaveError) as info:
        slot.load()
    assert info.value.kept == str(tmp_path) + "/chess.bad1"
    assert files(str(tmp_path)) == ["chess.bad1"]


# -- keep_aside(): after the app failed with a resumed save --------------------------------
def test_keep_aside_moves_the_save_that_was_resumed_then_nothing(slot, fake):
    good = forged(history=[1])
    write(slot.path, good)
    assert slot.load() is not None
    assert slot.keep_aside("the app failed") == slot.directory + "/game.bad1"
    assert read(slot.directory + "/game.bad1") == good and slot.loaded is None
    assert slot.keep_aside("again") is None
    assert files(slot.directory) == ["game.bad1"]


def test_keep_aside_without_a_load_moves_the_save(slot, fake):
    write(slot.path, BAD)
    assert slot.keep_aside("x") == slot.directory + "/game.bad1"
    assert files(slot.directory) == ["game.bad1"]


def test_keep_aside_when_the_resumed_copy_is_gone_moves_the_save(slot, fake):
    write(slot.path, BAD)
    slot.loaded = slot.tmp  # what was read has gone since
    assert slot.keep_aside("x") == slot.directory + "/game.bad1"
    assert files(slot.directory) == ["game.bad1"] and read(slot.directory + "/game.bad1") == BAD


def test_keep_aside_refused_keeps_what_was_loaded(slot, fake, monkeypatch):
    older, newer, _, _ = copies(fake)
    write(slot.path, older)
    write(slot.tmp, newer)
    monkeypatch.setattr(savefile, "os", Os(refuse=1))
    slot.load()
    assert slot.loaded == slot.tmp
    monkeypatch.setattr(savefile, "os", Os(refuse=1))
    assert slot.keep_aside("x") is None and slot.loaded == slot.tmp
    assert slot.keep_aside("x") == slot.directory + "/game.bad1"
    assert read(slot.directory + "/game.bad1") == newer


# -- writing: atomic, the previous save complete at every step ----------------------------
def test_save_writes_the_tmp_in_full_then_renames(slot, monkeypatch):
    seen = []

    class Watching(Os):
        def rename(self, a, b):
            seen.append((a[len(slot.directory) + 1:], b[len(slot.directory) + 1:], read(a)))
            Os.rename(self, a, b)

    monkeypatch.setattr(savefile, "os", Watching())
    first = forged(history=[])
    slot.save(("diams", 2, 1, {}, []), SEATS)
    slot.save(("diams", 2, 1, {}, [7]), SEATS)
    second = forged(history=[7])
    assert seen == [("game.tmp", "game.sav", first), ("game.sav", "game.old", first),
                    ("game.tmp", "game.sav", second)]
    assert files(slot.directory) == ["game.sav"] and read(slot.path) == second


@pytest.mark.parametrize("errno", [2, 20, 44, 54])
def test_nothing_there_is_no_save_whatever_the_port_numbers_it(tmp_path, monkeypatch, errno):
    # The WebAssembly port (the web page) says a missing file with Emscripten's numbers (44,
    # 54 for ENOENT, ENOTDIR), its errno module with Linux's: either is "no save", a new game
    # can start. Any other error (EIO) is not "nothing there": the save is not given up.
    # Guards: the web page's title saying the (absent) save "could not be read (44)".
    slot = SaveSlot(str(tmp_path), sync=False)

    def stat(path, *args, **kwargs):
        raise OSError(errno)

    monkeypatch.setattr(savefile.os, "stat", stat)
    assert slot.load() is None
    errno = 5
    with pytest.raises(SaveError, match="could not be read"):
        slot.load()
