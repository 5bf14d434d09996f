# Save and resume on CPython, beyond the portable suite (host_tests/core/test_save_portable.py,
# which pytest runs too): every single-byte corruption and every truncation of a save is
# reported (never another exception, never a wrong game); the pure Python CRC against zlib;
# a save written by MicroPython (from .mpy) is byte-identical to CPython's and resumes to the
# same state; the 1000-action save under MicroPython at 80k and 128k heaps; boot.py's filesystem
# mode with fake CircuitPython modules.
import os
import subprocess
import sys
import types
import zlib

import pytest
from checks import fingerprint
from mpbuild import compile_tree, find_tool

import firmware.save as save_module
import firmware.savefile as savefile
from firmware.core import load
from firmware.core.prng import Prng
from firmware.save import SaveSlot
from firmware.savefile import Crc32, SaveError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEATS = ["human", "normal", "easy"]


def played(name, players, seed, actions):
    state = load(name).new_game(players, seed)
    rng = Prng(seed)
    for _ in range(actions):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def test_file_layout_is_the_documented_one(tmp_path):
    slot = SaveSlot(str(tmp_path))
    state = played("diams", 3, 5, 100)
    slot.save(state, SEATS, {"screen": "table"})
    lines = (tmp_path / "game.sav").read_bytes().split(b"\n")
    assert lines[0] == b"GEMSAVE 1"
    assert lines[1].startswith(b'{"game": "diams", "players": 3, "seed": 5,')
    assert [len(line) for line in lines[2:4]] == [256, 36 * 4]
    history = [int(lines[2 + i // 64][4 * (i % 64) : 4 * (i % 64) + 4], 16) for i in range(100)]
    assert history == list(state.history)
    assert lines[4] == b"END %08x" % zlib.crc32(b"\n".join(lines[:4]) + b"\n")
    assert lines[5:] == [b""]


class BoardOs:
    """A board's os (FAT, no os.replace, no fsync: os.sync flushes), over the real files;
    `sync_error`: what os.sync() raises."""

    def __init__(self, sync_error=None):
        self.sync_error = sync_error
        self.synced = 0
        self.stat, self.remove, self.mkdir, self.listdir = os.stat, os.remove, os.mkdir, os.listdir

    def rename(self, a, b):
        if os.path.exists(b):  # FAT: never onto an existing name
            raise OSError(17, "exists")
        os.rename(a, b)

    def sync(self):
        self.synced += 1
        if self.sync_error is not None:
            raise self.sync_error


def test_a_board_whose_flush_fails_still_saves(tmp_path, monkeypatch):
    # os.sync() refused (a board's filesystem busy): the save is written and renamed in
    # place all the same. Guards: the error let out of save().
    board = BoardOs(OSError(5, "EIO"))
    monkeypatch.setattr(savefile, "os", board)
    slot = SaveSlot(str(tmp_path))
    state = played("diams", 3, 4, 30)
    slot.save(state, SEATS)
    slot.save(played("diams", 3, 4, 31), SEATS)
    assert board.synced == 2
    assert sorted(os.listdir(tmp_path)) == ["game.sav"]
    assert list(slot.load().state.history) == list(played("diams", 3, 4, 31).history)


def test_an_old_copy_that_cannot_go_stops_the_save_with_an_os_error(tmp_path, monkeypatch):
    # On a board, `.sav` becomes `.old` before `.tmp` becomes `.sav`; a `.old` that cannot be
    # removed first (here a folder) stops the save with an OSError the autosaver reports,
    # and the save before stays. Guards: another exception type (the app would crash).
    monkeypatch.setattr(savefile, "os", BoardOs())
    slot = SaveSlot(str(tmp_path))
    slot.save(played("diams", 3, 4, 30), SEATS)
    before = (tmp_path / "game.sav").read_bytes()
    os.mkdir(slot.old)
    with pytest.raises(OSError, match="cannot remove .*game.old"):
        slot.save(played("diams", 3, 4, 31), SEATS)
    assert (tmp_path / "game.sav").read_bytes() == before
    assert len(slot.load().state.history) == 31  # the complete `.tmp`, newer, resumed


@pytest.mark.parametrize("size", [0, 1, 5, 63, 64, 65, 1000, 4097])
def test_pure_crc_matches_zlib(size, monkeypatch):
    data = bytes((i * 131 + size) % 256 for i in range(size))
    monkeypatch.setattr(savefile, "_crc32", None)
    crc = Crc32()
    crc.update(data[: size // 3])
    crc.update(memoryview(data)[size // 3 :])
    assert crc.hexdigest() == "%08x" % zlib.crc32(data)


def test_the_pure_crc_tables_are_built_only_for_the_pure_crc(monkeypatch):
    # A board with binascii never spends the tables' 1 KB of heap; one without builds them
    # at its first CRC. Guards: the tables built for the fast CRC, or not for the pure one.
    monkeypatch.setattr(Crc32, "_hi", None)
    monkeypatch.setattr(Crc32, "_lo", None)
    Crc32().update(b"123456789")
    assert Crc32._hi is None and Crc32._lo is None
    monkeypatch.setattr(savefile, "_crc32", None)
    crc = Crc32()
    crc.update(b"123456789")
    assert crc.hexdigest() == "cbf43926" and len(Crc32._hi) == len(Crc32._lo) == 256


def test_a_port_without_binascii_takes_the_pure_crc(monkeypatch):
    # savefile imported where binascii is not there (a board built without it): the pure
    # CRC, the same digests. Guards: the ImportError not caught.
    monkeypatch.setitem(sys.modules, "binascii", None)  # its import raises ImportError
    monkeypatch.delitem(sys.modules, "firmware.savefile")
    import firmware.savefile as without

    try:
        assert without._crc32 is None
        crc = without.Crc32()
        crc.update(b"123456789")
        assert crc.hexdigest() == "cbf43926"
    finally:
        monkeypatch.undo()
        import firmware

        firmware.savefile = savefile  # the package's name back on the module the others use


def test_every_byte_flip_and_every_truncation_is_reported(tmp_path):
    slot = SaveSlot(str(tmp_path))
    state = played("diamonds", 4, 8, 70)
    slot.save(state, ["human"] * 4)
    good = (tmp_path / "game.sav").read_bytes()
    damaged = []
    for position in range(len(good)):
        for mask in (0x01, 0x20, 0x80):
            data = bytearray(good)
            data[position] ^= mask
            damaged.append(bytes(data))
    damaged += [good[:cut] for cut in range(len(good))]
    damaged += [good + b"\n", good + good]
    for data in damaged:
        (tmp_path / "game.sav").write_bytes(data)
        with pytest.raises(SaveError) as info:
            slot.load()
        assert "cannot be resumed" in str(info.value)
        assert (tmp_path / "game.bad1").read_bytes() == data
        os.remove(tmp_path / "game.bad1")
        assert sorted(os.listdir(tmp_path)) == []
    (tmp_path / "game.sav").write_bytes(good)
    saved = slot.load()
    assert saved is not None and fingerprint(saved.state) == fingerprint(state)


def test_the_reading_code_leaves_the_heap_after_a_load(tmp_path):
    # A board holds firmware/saveload.py only while it reads a save, not during play.
    slot = SaveSlot(str(tmp_path))
    slot.save(played("quartz", 3, 2, 12), ["human", "easy", "hard"])
    saved = slot.load()
    assert saved is not None and len(saved.state.history) == 12
    assert "firmware.saveload" not in sys.modules
    (tmp_path / "game.sav").write_bytes(b"GEMSAVE 1\nnot json\n")
    with pytest.raises(SaveError):
        slot.load()
    assert "firmware.saveload" not in sys.modules


def test_with_nothing_to_read_the_reading_code_is_not_loaded(tmp_path, monkeypatch):
    # The app looks at the slot at every title: with no save there, saveload.py is not
    # imported (on a board its names would be interned for good). Guards: the import made
    # anyway (here it fails, which load() would report as a SaveError).
    monkeypatch.setitem(sys.modules, "firmware.saveload", None)
    monkeypatch.delattr(sys.modules["firmware"], "saveload", raising=False)  # (an earlier
    # test's import may have left it on the package: the import would find it there)
    slot = SaveSlot(str(tmp_path / "saves"))
    assert slot.load() is None
    os.mkdir(tmp_path / "saves")
    assert slot.load() is None
    (tmp_path / "saves" / "game.last").write_bytes(b"a finished game's record")
    assert slot.load() is None
    (tmp_path / "saves" / "game.run").write_bytes(b"")  # a resume's mark: saveload's to clear
    with pytest.raises(SaveError):
        slot.load()


def test_default_directory_and_code_can_write_on_a_computer():
    assert save_module.default_directory() == "saves"
    assert SaveSlot().path == "saves/game.sav"
    assert SaveSlot("/saves/", "p").path == "/saves/p.sav"
    assert save_module.code_can_write() is True


def test_code_can_write_reads_circuitpython_mount(monkeypatch):
    mount = types.SimpleNamespace(readonly=True)
    storage = types.ModuleType("storage")
    storage.getmount = lambda path: mount  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "storage", storage)
    assert save_module.code_can_write() is False
    mount.readonly = False
    assert save_module.code_can_write() is True
    lines = []
    mount.readonly = True
    after = save_module.autosaver(SaveSlot("/nonexistent-dir-never-made"), SEATS, lines.append)
    after(played("diams", 3, 1, 2))
    after(played("diams", 3, 1, 3))
    assert lines == ["Saving is off: the USB drive belongs to the computer. The game goes on, "
                     "but it cannot be resumed later."]


# A game played and saved on MicroPython, then loaded by a second run, as on a board: saved
# during play, resumed after a restart (in one run, a stale pointer the conservative GC
# finds on the C stack can keep the played state alive through the load: a flaky figure).
MP_SAVE = """
import sys
sys.path[:0] = [%r]
from firmware.core import load
from firmware.core.prng import Prng
from firmware.save import SaveSlot
name, players, seed, actions, last, extra, directory = %r
state = load(name).new_game(players, seed)
rng = Prng(seed)
slot = SaveSlot(directory)
seats = ["human"] + ["normal"] * (players - 1)
for done in range(actions):
    if done == 1:  # the autosaver's early save: the heap still young
        slot.save(state, seats, extra)
    legal = state.legal_actions()
    state.apply(legal[-1] if last and rng.randbelow(4) else legal[rng.randbelow(len(legal))])
slot.save(state, seats, extra)
print("saved")
"""
MP_LOAD = """
import sys
sys.path[:0] = [%r]
from firmware.save import SaveSlot
name, players, seed, actions, last, extra, directory = %r
saved = SaveSlot(directory).load()
assert len(saved.record[4]) == actions
print("ok")
"""


def mp_save(build, directory, args, heap):
    """Save (one run), then load (another run) on MicroPython at `heap`: the load's run."""
    exe = find_tool("micropython")
    values = (str(build), tuple(args) + (str(directory),))
    for script in (MP_SAVE, MP_LOAD):
        done = subprocess.run([exe, "-X", "heapsize=%s" % heap, "-c", script % values],
                              capture_output=True, text=True, timeout=300, cwd=str(build))
        if done.returncode != 0:
            break
    return done


@pytest.fixture(scope="module")
def mpy_build(tmp_path_factory):
    build = tmp_path_factory.mktemp("mpy")
    compile_tree(ROOT, "firmware", build)
    return build


# Non-ASCII text, nested dicts made in an order that is not sorted, big ints: MicroPython's
# json.dumps writes them otherwise than CPython's (raw UTF-8; its own dict order).
EXTRA = {"who": "Zo\u00eb \u2603 \u00e9t\u00e9", "z": {"y": 1, "b": [None, True, -2**40]},
         "a": "tab\there \"quoted\" back\\slash"}


def test_micropython_save_is_byte_identical_and_resumes_on_cpython(mpy_build, tmp_path):
    # Guards: a save written on one port that another port re-saves as other bytes.
    out = mp_save(mpy_build, tmp_path, ("diams", 4, 9, 120, False, EXTRA), "128k")
    assert out.returncode == 0, out.stdout + out.stderr
    written = (tmp_path / "game.sav").read_bytes()
    state = played("diams", 4, 9, 120)
    saved = SaveSlot(str(tmp_path)).load()
    assert saved is not None and fingerprint(saved.state) == fingerprint(state)
    assert saved.extra == EXTRA
    again = tmp_path / "cpython"
    SaveSlot(str(again)).save(state, ["human", "normal", "normal", "normal"], EXTRA)
    assert (again / "game.sav").read_bytes() == written


@pytest.mark.parametrize("heap", ["80k", "128k"])
def test_1000_action_save_and_load_under_micropython(mpy_build, tmp_path, heap):
    # diamonds, 6 players, mostly the last legal action: a game still going at 1000 actions.
    # Saved early too, as the app's autosaver does (at the start, then after every action):
    # a first save only after 1000 actions failed or passed by the heap's size (72k-92k,
    # 64-bit) when importing firmware/saveheader.py needed a bigger qstr pool (one block
    # for 320 names) in a fragmented heap.
    out = mp_save(mpy_build, tmp_path, ("diamonds", 6, 4, 1000, True, None), heap)
    assert out.returncode == 0 and out.stdout.startswith("ok"), out.stdout + out.stderr
    assert 4000 < (tmp_path / "game.sav").stat().st_size < 4600


# -- boot.py (what it reads on a board: host_tests/test_hw.py) ------------------------------
def test_boot_does_nothing_on_cpython_and_micropython(tmp_path):
    done = subprocess.run([sys.executable, os.path.join(ROOT, "boot.py")], capture_output=True,
                          text=True, cwd=str(tmp_path))
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    done = subprocess.run([find_tool("micropython"), os.path.join(ROOT, "boot.py")],
                          capture_output=True, text=True, cwd=str(tmp_path))
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""


# -- the console front end (once firmware/ui/console.py takes a slot: see the save report) --
def scripted(lines):
    feed = iter(lines)

    def inp(prompt=""):
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return inp


def console_with_slot():
    import inspect

    from firmware.ui import console

    return console if "slot" in inspect.signature(console.play).parameters else None


@pytest.mark.skipif(console_with_slot() is None, reason="console.play() takes no slot yet")
def test_console_saves_every_action_and_offers_resume(tmp_path):
    console = console_with_slot()
    assert console is not None
    slot = SaveSlot(str(tmp_path), sync=False)
    seats = ["human", "easy", "easy"]
    # the human picks choice 1 twelve times, then quits
    quit_script = scripted(["1"] * 12 + ["q", "y"])
    assert console.play("diams", seats=seats, seed=42, options={}, inp=quit_script,
                        out=[].append, slot=slot) is None
    saved = slot.load()
    assert saved is not None and saved.seats == seats and len(saved.state.history) > 12
    mid = list(saved.state.history)
    out = []  # Enter resumes; then choice 1 until the end
    final = console.play("diams", inp=scripted([""] + ["1"] * 5000), out=out.append, slot=slot)
    assert any("A saved game: Diam's, 3 players" in line for line in out), out[:5]
    assert final is not None and final.is_over() and list(final.history[: len(mid)]) == mid
    assert slot.load() is None and (tmp_path / "game.last").exists()  # finished: cleared
    # a damaged save is reported, kept aside, and a new game starts
    slot.save(saved.state, seats)
    data = bytearray((tmp_path / "game.sav").read_bytes())
    data[-5] ^= 1
    (tmp_path / "game.sav").write_bytes(bytes(data))
    out = []
    console.play("diams", seats=["easy", "easy"], seed=1, options={}, inp=scripted([]),
                 out=out.append, slot=slot)
    assert any("cannot be resumed" in line and "game.bad1" in line for line in out), out[:3]
    assert (tmp_path / "game.bad1").read_bytes() == bytes(data)


def test_a_games_later_saves_load_no_header_code(tmp_path, monkeypatch):
    # Guards: the header rebuilt (its writer's module loaded into a board's heap, its JSON
    # made) on every move instead of once a game; a cached header reused for another game
    # or with an `extra` (a dict can change inside).
    import builtins

    slot = SaveSlot(str(tmp_path), sync=False)
    state = played("diams", 3, 1, 10)
    seats = ["human", "normal", "easy"]
    loaded = []
    real = builtins.__import__

    def spy(name, globals=None, locals=None, fromlist=(), level=0):
        if name == "firmware" and fromlist and "saveheader" in fromlist:
            loaded.append(name)
        return real(name, globals, locals, fromlist, level)

    monkeypatch.setattr(builtins, "__import__", spy)
    slot.save(state, seats)
    assert len(loaded) == 1
    state.apply(state.legal_actions()[0])
    slot.save(state, seats)
    assert len(loaded) == 1  # the same game: the kept header, the count changed
    assert slot.load().record[4] == state.history
    other = played("diams", 3, 2, 4)
    slot.save(other, seats)
    assert len(loaded) == 2 and slot.load().record[2] == 2  # another game: made again
    slot.save(other, seats, {"turn": 1})
    slot.save(other, seats, {"turn": 2})
    assert len(loaded) == 4 and slot.load().extra == {"turn": 2}
