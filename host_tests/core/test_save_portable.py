# Save and resume (firmware/save.py), portable: pytest runs it on CPython and tools/mptest.py
# under the MicroPython unix port at 128k from .mpy. Each test works in its own folder under
# /tmp, made with os.mkdir and removed afterwards. A "power cut" is simulated by handing
# firmware.save an `os` that stops after a number of filesystem changes.
# The heap: this module's own code (some thirty tests, the damage tables) takes some 40 KB of a
# 64-bit heap before any test runs, so it asks for more than the default 128k; the save's
# board-sized heaps are tested by test_save.py (80k) and test_board_heap.py. Diploma's rules
# module (some 44 KB of a 64-bit heap, the others' 20-25 KB) loaded after the four others
# needed 176k, and failed there once at another checkout's path (fragmentation): 192k, which
# passed here down to 184k and still failed once in CI (the folder names differ from run to
# run). What this module checks is the save, not the heap: 256k, well clear of the edge.
# mptest-heap: 256k
import gc
import os
import time

from checks import IS_MICROPYTHON_FAMILY, fingerprint, raises, tidy

import firmware.save as save_module
import firmware.savefile as savefile
from firmware.core import GAMES, drop_part, load
from firmware.core.prng import Prng
from firmware.save import SaveSlot
from firmware.savefile import Crc32, SaveError

SEATS3 = ["human", "normal", "easy"]
_made = [0]


def make_dir():
    _made[0] += 1
    stamp = time.ticks_us() if hasattr(time, "ticks_us") else time.time_ns()  # type: ignore
    # fixed width, so that no run's names are longer than another's
    path = "/tmp/gemsave-%010d-%03d-%03d" % (stamp % 1000000007, _made[0], os.urandom(1)[0])
    os.mkdir(path)
    return path


def remove_dir(path):
    for name in os.listdir(path):
        if is_folder(path + "/" + name):
            remove_dir(path + "/" + name)
        else:
            os.remove(path + "/" + name)
    os.rmdir(path)


def is_folder(path):
    return os.stat(path)[0] & 0o170000 == 0o040000


def files(path):
    return sorted(os.listdir(path))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def played(name, players, seed, actions, options=None, last_bias=False):
    """A game of `name` after up to `actions` random legal actions (seeded)."""
    state = load(name).new_game(players, seed, options)
    rng = Prng(seed + 1)
    for _ in range(actions):
        if state.is_over():
            break
        legal = state.legal_actions()
        if last_bias and rng.randbelow(4):
            state.apply(legal[-1])
        else:
            state.apply(legal[rng.randbelow(len(legal))])
    return state


def unload_games():
    """Forget the game modules, so that the 128k heap holds one game at a time (a board
    plays one game at a time too)."""
    for name in GAMES:
        drop_part(name, "rules")
    tidy()


def in_dir(test):
    """Run test(directory) in a fresh folder, removed afterwards whatever happens."""
    directory = make_dir()
    real_os = savefile.os
    try:
        test(directory)
    finally:
        savefile.os = real_os
        remove_dir(directory)
        unload_games()


class PowerCut(BaseException):
    """Not an Exception: nothing in firmware.save may catch it (load() turns every Exception
    into a SaveError), as nothing survives a cut."""


class FaultyOs:
    """The `os` firmware.save sees: the filesystem stops (PowerCut, or `error` when given)
    at the change number `budget` (renames, removals, mkdir). `fat`: like FAT, a rename
    onto an existing file fails."""

    def __init__(self, budget=-1, error=None, fat=False):
        self.budget = budget
        self.error = error
        self.fat = fat
        self.changes = 0

    def _change(self):
        if self.budget == self.changes:
            raise self.error if self.error is not None else PowerCut()
        self.changes += 1

    def rename(self, a, b):
        self._change()
        if self.fat:
            try:
                os.stat(b)
                raise OSError(17)  # EEXIST
            except OSError as exc:
                if exc.args and exc.args[0] == 17:
                    raise
        os.rename(a, b)

    def remove(self, p):
        self._change()
        os.remove(p)

    def mkdir(self, p):
        self._change()
        os.mkdir(p)

    def stat(self, p):
        return os.stat(p)

    def listdir(self, p):
        return os.listdir(p)


def test_crc_matches_binascii_and_zlib_check_value():
    data = b"123456789"
    crc = Crc32()
    crc.update(data)
    assert crc.hexdigest() == "cbf43926"  # the standard CRC-32 check value
    kept = savefile._crc32
    try:
        savefile._crc32 = None  # the pure Python version boards without binascii use
        pure = Crc32()
        pure.update(data[:4])
        pure.update(memoryview(data)[4:])
        assert pure.hexdigest() == "cbf43926"
        pure = Crc32()
        pure.update(bytes(range(256)) * 3)
    finally:
        savefile._crc32 = kept
    fast = Crc32()
    fast.update(bytes(range(256)) * 3)
    assert pure.hexdigest() == fast.hexdigest()


def test_no_save_gives_none():
    def body(directory):
        slot = SaveSlot(directory)
        assert not slot.exists()
        assert slot.load() is None
        assert slot.resume() is None
        slot.clear()  # nothing to clear: no error
        # a slot whose folder does not exist yet makes it on its first save
        inner = SaveSlot(directory + "/sub", "x")
        assert inner.load() is None
        inner.save(played("diams", 2, 1, 5), ["human", "easy"])
        assert inner.load() is not None
        os.remove(inner.path)
        os.rmdir(directory + "/sub")

    in_dir(body)


def test_save_and_resume_identical_every_game():
    def body(directory):
        slot = SaveSlot(directory)
        count = 0
        for name in GAMES:
            try:
                module = load(name)
            except ImportError:
                continue  # a game of a later issue
            players = module.MIN_PLAYERS + count % (module.MAX_PLAYERS - module.MIN_PLAYERS + 1)
            seats = ["human"] + ["normal"] * (players - 1)
            for actions in (0, 7, 60 if IS_MICROPYTHON_FAMILY else 150):
                state = played(name, players, 100 + count, actions)
                slot.save(state, seats, {"screen": "table", "n": actions})
                assert files(directory) == ["game.sav"]
                saved = slot.load()
                assert saved is not None
                assert fingerprint(saved.state) == fingerprint(state)
                assert saved.seats == seats
                assert saved.extra == {"screen": "table", "n": actions}
                game, players2, seed, options, history = saved.record
                assert (game, players2, seed) == (name, players, state.seed)
                assert options == state.options
                assert list(history) == list(state.history)
                resumed = slot.resume()
                assert resumed is not None
                assert fingerprint(resumed[0]) == fingerprint(state)
                assert resumed[1] == seats
                # the resumed game goes on exactly as the original would
                if not state.is_over():
                    action = state.legal_actions()[-1]
                    state.apply(action)
                    resumed[0].apply(action)
                    assert fingerprint(resumed[0]) == fingerprint(state)
                saved = resumed = state = None
                tidy()
            count += 1
            del module
            unload_games()
        assert count >= 4

    in_dir(body)


def test_finished_game_round_trips_and_clear_keeps_last():
    def body(directory):
        slot = SaveSlot(directory)
        state = played("quartz", 3, 5, 100000)
        assert state.is_over()
        slot.save(state, ["easy", "hard", "human"])
        saved = slot.load()
        assert saved is not None and saved.state.is_over()
        assert fingerprint(saved.state) == fingerprint(state)
        slot.clear()
        assert slot.load() is None
        assert files(directory) == ["game.last"]
        last = read(directory + "/game.last")
        other = played("diams", 3, 6, 30)
        slot.save(other, SEATS3)
        slot.clear()  # replaces the previous .last
        assert files(directory) == ["game.last"]
        assert read(directory + "/game.last") != last

    in_dir(body)


def test_save_from_record_tuple_and_bad_arguments():
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diamonds", 4, 9, 40)
        record = (state.game, state.players, state.seed, dict(state.options), list(state.history))
        slot.save(record, ["human"] * 4)
        from_tuple = read(slot.path)
        slot.save(state, ["human"] * 4)
        assert read(slot.path) == from_tuple  # the same bytes either way
        raises(ValueError, slot.save, state, ["human"] * 3)  # a seat missing
        bad = (state.game, state.players, state.seed, {}, [1, 70000])
        raises(ValueError, slot.save, bad, ["human"] * 4)
        assert read(slot.path) == from_tuple  # a refused save leaves the previous one
        assert files(directory) == ["game.sav"] or files(directory) == ["game.sav", "game.tmp"]

    in_dir(body)


def check_damage(directory, damage, phrase):
    """Save a game, damage the file with damage(bytes) -> bytes, then: load() reports it with
    `phrase` in its message, the damaged bytes are kept as game.badN, and a new game saves
    and loads."""
    slot = SaveSlot(directory)
    good = played("diams", 3, 21, 40)
    slot.save(good, SEATS3)
    damaged = damage(read(slot.path))
    write(slot.path, damaged)
    before = [n for n in files(directory) if n.startswith("game.bad")]
    err = raises(SaveError, slot.load)
    message = str(err)
    assert phrase in message, message
    assert "cannot be resumed" in message, message
    kept = err.kept
    assert kept is not None and kept.startswith(directory + "/game.bad")
    assert kept[len(directory) + 1 :] not in before  # a new name, never an old one
    assert kept in message
    assert read(kept) == damaged  # the very bytes, kept aside
    assert not slot.exists()
    assert slot.load() is None  # nothing offered any more: a new game can start
    fresh = played("diams", 2, 3, 12)
    slot.save(fresh, ["human", "hard"])
    saved = slot.load()
    assert saved is not None and fingerprint(saved.state) == fingerprint(fresh)
    os.remove(slot.path)
    return kept


def flip(position, mask=1):
    def damage(data):
        data = bytearray(data)
        data[position % len(data)] ^= mask
        return bytes(data)

    return damage


def test_truncated_saves_reported_and_kept():
    def body(directory):
        check_damage(directory, lambda d: d[: len(d) // 2], "incomplete")
        check_damage(directory, lambda d: d[:-1], "incomplete")  # inside its END line
        check_damage(directory, lambda d: d[: d.find(b"\n") + 1], "incomplete")
        check_damage(directory, lambda d: b"", "empty")
        check_damage(directory, lambda d: d[:5], "not a save file")

    in_dir(body)


def test_flipped_bytes_reported_and_kept():
    def body(directory):
        check_damage(directory, flip(-3), "checksum")  # in the checksum itself
        check_damage(directory, flip(-20), "checksum")  # in the history
        check_damage(directory, flip(40, 0x80), "checksum")  # in the header
        check_damage(directory, flip(0), "not a save file")

    in_dir(body)


def test_garbage_reported_and_kept():
    def body(directory):
        check_damage(directory, lambda d: b"hello, I am not a saved game\n" * 3, "not a save")
        check_damage(directory, lambda d: bytes(range(256)) * 4, "not a save file")
        check_damage(directory, lambda d: b"x" * 700, "too long")  # no newline at all
        check_damage(directory, lambda d: d + b"more", "after its end")

    in_dir(body)


def test_other_format_version_reported_and_kept():
    def body(directory):
        kept = check_damage(
            directory, lambda d: b"GEMSAVE 2" + d[9:], "format version 2; this firmware"
        )
        assert read(kept).startswith(b"GEMSAVE 2\n")
        check_damage(directory, lambda d: b"GEMSAVE x" + d[9:], "not a save file")
        # the first line as save() writes it, to the byte (guards: int()'s leniency)
        for first in (b"GEMSAVE 01", b"GEMSAVE  1", b"GEMSAVE 1 ", b"GEMSAVE 1\r"):
            check_damage(directory, lambda d, f=first: f + d[9:], "not a save file")

    in_dir(body)


def forge(path, header, history=(), tail=b""):
    """A file with a valid checksum around any header line (bytes, no newline) and history:
    what only a deliberate edit or a firmware bug writes. `tail`: bytes before END."""
    body = b"GEMSAVE 1\n" + header + b"\n"
    for start in range(0, len(history), 64):
        body += "".join(["%04x" % a for a in history[start : start + 64]]).encode() + b"\n"
    body += tail
    crc = Crc32()
    crc.update(body)
    write(path, body + b"END " + crc.hexdigest().encode() + b"\n")


def reforge(path, old, new):
    """The save at `path` with `old` replaced by `new` in its header, the checksum made valid."""
    lines = read(path).split(b"\n")
    assert old in lines[1], (old, lines[1])
    history = []
    for line in lines[2:-2]:
        history += [int(line[i : i + 4], 16) for i in range(0, len(line), 4)]
    forge(path, lines[1].replace(old, new), history)
    return read(path)


def write_record(directory, record, seats):
    """A save with a valid checksum of any record (save() does not check the rules)."""
    slot = SaveSlot(directory)
    slot.save(record, seats)
    return slot


def test_record_that_does_not_replay_reported_and_kept():
    def body(directory):
        state = played("diams", 3, 8, 20)
        history = list(state.history) + [65535]  # not a legal action there
        record = ("diams", 3, state.seed, dict(state.options), history)
        slot = write_record(directory, record, SEATS3)
        err = raises(SaveError, slot.load)
        assert "the rules refuse move %d of %d" % (len(history), len(history)) in str(err)
        assert err.kept == directory + "/game.bad1"
        raises(ValueError, slot.save, ("chess", 2, 1, {}, []), ["human", "easy"])
        forge(slot.path, b'{"game": "chess", "players": 2, "seed": 1, "options": {}, "seats":'
              b' ["human", "easy"], "extra": {}, "actions": 0}')
        err = raises(SaveError, slot.load)
        assert "header is malformed (not a game record)" in str(err), str(err)
        assert err.kept == directory + "/game.bad2"
        slot = write_record(directory, ("diams", 9, 1, {}, []), ["human"] * 9)
        err = raises(SaveError, slot.load)
        assert "rules refuse its setup (players must be" in str(err), str(err)
        assert err.kept == directory + "/game.bad3"
        slot = write_record(directory, ("diams", 3, 1, {"speed": "warp"}, []), SEATS3)
        assert "rules refuse" in str(raises(SaveError, slot.load))
        missing = [name for name in GAMES if not _loads(name)]
        if missing:  # a game of a later issue, saved by a newer firmware
            slot = write_record(directory, (missing[0], 2, 1, {}, []), ["human", "easy"])
            assert "does not have the game" in str(raises(SaveError, slot.load))
        assert slot.load() is None

    in_dir(body)


def _loads(name):
    try:
        load(name)
        return True
    except ImportError:
        return False
    finally:
        unload_games()


def test_malformed_header_with_valid_checksum_reported():
    def body(directory):
        slot = SaveSlot(directory)
        for header in (b"{not json", b'{"game": "diams"}', b"[1, 2]", b'{"game": 1, "players": 3,'
                       b' "seed": 1, "options": {}, "seats": [], "extra": {}, "actions": 0}'):
            content = b"GEMSAVE 1\n" + header + b"\n"
            crc = Crc32()
            crc.update(content)
            write(slot.path, content + b"END " + crc.hexdigest().encode() + b"\n")
            err = raises(SaveError, slot.load)
            assert "header" in str(err), str(err)
        # a history shorter than announced, checksum valid
        state = played("diams", 3, 2, 10)
        slot.save(state, SEATS3)
        data = read(slot.path)
        lines = data.split(b"\n")
        content = lines[0] + b"\n" + lines[1].replace(b'"actions": 10', b'"actions": 11')
        content += b"\n" + lines[2] + b"\n"
        crc = Crc32()
        crc.update(content)
        write(slot.path, content + b"END " + crc.hexdigest().encode() + b"\n")
        assert "history" in str(raises(SaveError, slot.load))
        assert len([n for n in files(directory) if n.startswith("game.bad")]) == 5

    in_dir(body)


def test_repeated_damage_never_overwrites_kept_files():
    def body(directory):
        kept = []
        for i in range(3):
            kept.append(check_damage(directory, flip(-20 - i), "checksum"))
        assert kept == [directory + "/game.bad1", directory + "/game.bad2",
                        directory + "/game.bad3"]
        contents = [read(k) for k in kept]
        assert contents[0] != contents[1] != contents[2]
        os.remove(kept[1])  # the user deleted one: the next still takes a new number
        nxt = check_damage(directory, flip(-30), "checksum")
        assert nxt == directory + "/game.bad4"
        assert [read(kept[0]), read(kept[2])] == [contents[0], contents[2]]

    in_dir(body)


def test_read_only_drive_reports_and_leaves_file():
    def body(directory):
        slot = SaveSlot(directory)
        slot.save(played("diams", 3, 4, 10), SEATS3)
        damaged = flip(-15)(read(slot.path))
        write(slot.path, damaged)
        savefile.os = FaultyOs(0, OSError(30))  # EROFS on any change
        err = raises(SaveError, slot.load)
        assert err.kept is None and "left in place" in str(err), str(err)
        raises(OSError, slot.save, played("diams", 3, 4, 11), SEATS3)
        savefile.os = os
        assert read(slot.path) == damaged  # nothing lost, nothing changed

    in_dir(body)


def test_fat_like_rename_works_for_many_saves():
    def body(directory):
        slot = SaveSlot(directory)
        savefile.os = FaultyOs(fat=True)
        state = load("diams").new_game(3, 77)
        rng = Prng(3)
        for _ in range(25):
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            slot.save(state, SEATS3)
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(state)
        assert files(directory) == ["game.sav"]

    in_dir(body)


def test_power_cut_at_every_step_of_a_save_keeps_a_valid_save():
    def body(directory):
        slot = SaveSlot(directory)
        first = played("diamonds", 3, 11, 30)
        second = played("diamonds", 3, 11, 31)
        want = (fingerprint(first), fingerprint(second))
        step = 0
        while True:
            savefile.os = os
            for name in files(directory):
                os.remove(directory + "/" + name)
            slot.save(first, SEATS3)
            savefile.os = FaultyOs(step)
            try:
                slot.save(second, SEATS3)
                finished = True
            except PowerCut:
                finished = False
            savefile.os = os
            saved = slot.load()  # the next power-on
            assert saved is not None, step
            got = fingerprint(saved.state)
            assert got in want, step
            if finished:
                assert got == want[1]
                break
            assert files(directory) == ["game.sav"], (step, files(directory))
            step += 1
        assert step >= 3  # rename, rename, remove

    in_dir(body)


def test_rename_refused_keeps_previous_save():
    def body(directory):
        slot = SaveSlot(directory)
        first = played("diams", 3, 12, 25)
        slot.save(first, SEATS3)
        second = played("diams", 3, 12, 26)
        for budget in (0, 1):  # the first rename, then the second
            savefile.os = FaultyOs(budget, OSError(5))
            raises(OSError, slot.save, second, SEATS3)
            savefile.os = os
            # the new file was complete (a refused rename is not a cut write): it is the
            # newest save, resumed and made .sav, the older one removed only after that
            saved = slot.load()
            assert saved is not None
            assert fingerprint(saved.state) == fingerprint(second), budget
            assert files(directory) == ["game.sav"], files(directory)
            slot.save(first, SEATS3)

    in_dir(body)


def test_partial_temp_file_is_ignored():
    def body(directory):
        slot = SaveSlot(directory)
        old = played("quartz", 3, 13, 20)
        new = played("quartz", 3, 13, 21)
        slot.save(new, SEATS3)
        complete = read(slot.path)
        os.remove(slot.path)
        for cut in (0, 1, 9, len(complete) // 2, len(complete) - 1):
            slot.save(old, SEATS3)
            write(slot.tmp, complete[:cut])  # a write that lost power part-way
            saved = slot.load()
            assert saved is not None and fingerprint(saved.state) == fingerprint(old), cut
            assert files(directory) == ["game.sav"]
        # caught between the renames: .old and a partial .tmp, no .sav
        os.rename(slot.path, slot.old)
        write(slot.tmp, complete[:-1])
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(old)
        assert files(directory) == ["game.sav"]
        # caught between the renames with the new file complete: it is the newest save
        os.rename(slot.path, slot.old)
        write(slot.tmp, complete)
        assert slot.exists()
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(new)
        assert files(directory) == ["game.sav"]
        # only a partial first save: no game, and the partial file is gone
        os.remove(slot.path)
        write(slot.tmp, complete[:20])
        assert slot.load() is None
        assert files(directory) == []

    in_dir(body)


def test_a_1000_action_game_saves_and_loads():
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diamonds", 6, 4, 1000, last_bias=True)
        assert len(state.history) == 1000 and not state.is_over()
        want = fingerprint(state)
        gc.collect()
        slot.save(state, ["human"] + ["hard"] * 5)
        size = os.stat(slot.path)[6]
        assert 4000 < size < 4600, size
        state = None
        gc.collect()
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == want
        assert len(saved.record[4]) == 1000

    in_dir(body)


def test_autosaver_saves_clears_and_reports_once():
    def body(directory):
        slot = SaveSlot(directory, sync=False)  # a save per action: no fsync wait on CPython
        lines = []
        after = save_module.autosaver(slot, SEATS3, lines.append, {"k": 1})
        state = load("quartz").new_game(3, 31)
        after(state)  # at the start
        assert slot.load() is not None
        rng = Prng(2)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            after(state)
            if not state.is_over() and len(state.history) % 17 == 0:
                saved = slot.load()
                assert saved is not None and fingerprint(saved.state) == fingerprint(state)
                assert saved.extra == {"k": 1}
        assert slot.load() is None  # finished: cleared
        assert files(directory) == ["game.last"]
        assert lines == []
        savefile.os = FaultyOs(0, OSError(28))  # ENOSPC
        failing = save_module.autosaver(SaveSlot(directory, "b"), SEATS3, lines.append)
        state = load("quartz").new_game(3, 32)
        failing(state)
        failing(state)
        assert len(lines) == 1 and "Saving is off" in lines[0], lines
        # an extra save() refuses (a float): said once too, not an exception every move
        # (guards: autosaver letting save()'s ValueError out into the front end)
        savefile.os = os
        lines = []
        refusing = save_module.autosaver(SaveSlot(directory, "c"), SEATS3, lines.append,
                                         {"ratio": 0.5})
        refusing(state)
        refusing(state)
        assert len(lines) == 1 and "Saving is off" in lines[0], lines
        assert "game.sav" not in files(directory) and "c.sav" not in files(directory)

    in_dir(body)


# -- issue 20: saves that no file can break ----------------------------------------------
# Each test below names the wrong version of firmware/save.py or saveload.py it catches.
HEADER_MAX = savefile.HEADER_MAX


def expect_damage(slot, data, phrase=""):
    """load() of a .sav holding `data`: SaveError (phrase in its reason), the bytes kept
    aside as they were, nothing offered after."""
    write(slot.path, data)
    err = raises(SaveError, slot.load)
    assert phrase in err.reason, (phrase, err.reason)
    assert err.kept is not None and read(err.kept) == data, err.kept
    assert slot.load() is None
    return err


def test_a_huge_announced_action_count_is_refused_before_anything_is_sized_by_it():
    # Guards: load() sizing the history (array of 2 bytes an action) from the header before
    # checking the file's size: at this port's heap a count of 999999 was a MemoryError.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diams", 3, 31, 70)
        for count in (999999, 10**12, 65536, 71, 69, 64, 0):
            slot.save(state, SEATS3)
            data = reforge(slot.path, b'"actions": 70', b'"actions": %d' % count)
            err = expect_damage(slot, data, "not as long as announced")
            os.remove(err.kept)
        # the same count with a matching history is a save like any other
        slot.save(state, SEATS3)
        saved = slot.load()
        assert saved is not None and len(saved.state.history) == 70

    in_dir(body)


FORGED = (
    # (what replaces `old` in a good header, what it guards against)
    (b'"seats": ["human", "normal", "easy"]', b'"seats": ["robot", "normal", "easy"]'),  # make_bot
    (b'"seats": ["human", "normal", "easy"]', b'"seats": ["", "normal", "easy"]'),
    (b'"seats": ["human", "normal", "easy"]', b'"seats": ["HUMAN", "normal", "easy"]'),
    (b'"seats": ["human", "normal", "easy"]', b'"seats": ["human", "normal"]'),
    (b'"seats": ["human", "normal", "easy"]', b'"seats": "hne"'),
    (b'"seats": ["human", "normal", "easy"]', b'"seats": {"human": 1, "normal": 2, "easy": 3}'),
    (b'"players": 3', b'"players": true'),  # True == 1 is an int in Python
    (b'"players": 3', b'"players": 3.0'),
    (b'"players": 3', b'"players": "3"'),
    (b'"seed": 31', b'"seed": true'),
    (b'"seed": 31', b'"seed": -1'),
    (b'"seed": 31', b'"seed": null'),
    (b'"actions": 5', b'"actions": true'),
    (b'"actions": 5', b'"actions": -5'),
    (b'"actions": 5', b'"actions": 5.0'),
    (b'"game": "diams"', b'"game": "DIAMS"'),
    (b'"game": "diams"', b'"game": "chess"'),
    (b'"game": "diams"', b'"game": 1'),
    (b'"game": "diams"', b'"game": ["diams"]'),
    (b'"options": {"closing"', b'"options": ["closing"'),
    (b'"options": {"closing"', b'"options": {1: 2, "closing"'),  # MicroPython's json reads it
    (b'"closing": "standard"', b'"closing": "warp"'),
    (b'"closing": "standard"', b'"closing": 1.5'),
    (b'"closing": "standard"', b'"closing": ["standard"]'),
    (b'"extra": {}', b'"extra": []'),
    (b'"extra": {}', b'"extra": {"a": 0.5}'),  # a float: other digits on another port
    (b'"extra": {}', b'"extra": {"b": 1, "a": 2}'),  # not sorted: not what save() writes
    (b'"extra": {}', b'"extra": {"a": "\xc3\xa9"}'),  # raw UTF-8: MicroPython's own json
    (b'"extra": {}', b'"extra": {"a": "\\ud83d\\ude00"}'),
    (b'"extra": {}', b'"extra": {"a": 1, "a": 1}'),
    (b'"extra": {}', b'"extra": {"a": 1 "b": 2}'),  # MicroPython's json reads it
    (b'"extra": {}', b'"extra": {"a": "\\x"}'),  # MicroPython's json reads it
    (b'"extra": {}', b'"extra": ' + b"[" * 20 + b"]" * 20),
    (b'"extra": {}', b'"extra": {}, "more": 1'),
    (b'"extra": {}, ', b''),
    (b', ', b','),  # compact JSON: the same fields, not the same bytes
    (b'{"game"', b'{ "game"'),
    (b'{"game"', b'["game"'),
)


def test_forged_headers_with_a_valid_checksum_are_refused():
    # Guards: a header field checked for its type only, or not at all (bad seats made resume
    # raise ValueError from make_bot; True is an int; a float prints differently per port),
    # and a header that only parses because this port's json is lenient.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diams", 3, 31, 5)
        for old, new in FORGED:
            slot.save(state, SEATS3)
            data = reforge(slot.path, old, new)
            err = expect_damage(slot, data)
            assert "header" in err.reason or "rules refuse" in err.reason, (new, err.reason)
            os.remove(err.kept)
        slot.save(state, SEATS3)
        assert slot.load() is not None  # and the unforged one loads

    in_dir(body)


def test_save_refuses_what_load_would_refuse_or_read_back_differently():
    # Guards: save() writing a float, a non-str key, a character beyond U+FFFF, a seat that
    # is not human or a bot level, a bool count, deep nesting, which load() refuses or
    # another port reads back as something else; and a refused save leaving a .tmp.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diams", 3, 32, 6)
        slot.save(state, SEATS3, {"k": [1, 2]})
        good = read(slot.path)
        deep = 0
        for _ in range(8):
            deep = [deep]
        bad_extras = ({"x": 1.5}, {"x": [0.0]}, {1: "a"}, {"x": {2: 3}}, {"x": b"ab"},
                      {"x": "\U0001f600"}, {"x": [deep]}, {"x": object()})
        for extra in bad_extras:
            raises(ValueError, slot.save, state, SEATS3, extra)
        for seats in (["robot", "normal", "easy"], ["", "easy", "easy"], ["HUMAN"] * 3,
                      SEATS3[:2], SEATS3 + ["easy"]):
            raises(ValueError, slot.save, state, seats)
        history = list(state.history)
        for record in (("diams", True, 1, {}, []), ("diams", 3, True, {}, []),
                       ("diams", 3, 1.0, {}, []), ("chess", 3, 1, {}, []),
                       ("diams", 3, 1, [], []), ("diams", 3, 1, {1: 2}, []),
                       ("diams", 3, 1, {}, history + [70000]), ("diams", 3, 1, {}, [True]),
                       ("diams", 3, 1, {}, [-1]), ("diams", 3, 1, {}, [1.0])):
            raises(ValueError, slot.save, record, SEATS3 if record[1] == 3 else ["human"])
        raises(ValueError, slot.save, state, SEATS3, {"x": [deep[0]] if False else deep})
        assert read(slot.path) == good  # nothing written, the previous save as it was
        assert files(directory) == ["game.sav"], files(directory)
        slot.save(state, SEATS3, {"x": deep[0]})  # eight levels deep: written and read
        saved = slot.load()
        assert saved is not None and saved.extra == {"x": deep[0]}

    in_dir(body)


# What save() writes for this record on every port: written once on CPython and checked
# under MicroPython and CircuitPython (their json.dumps writes raw UTF-8, keeps a dict's
# order or not, and prints floats with other digits).
CANON_EXTRA = {"name": "Zo\u00eb \u2603", "z": {"b": [True, False, None, -7], "a": {}},
               "a": "q\"\\\n\x7f/\x00", "\u00e9": 12345678901234}
CANON = (
    b'GEMSAVE 1\n{"game": "diams", "players": 2, "seed": 7, "options": {"closing": "standard", '
    b'"length": "standard"}, "seats": ["human", "easy"], "extra": {"a": "q\\"\\\\\\u000a\\u007f'
    b'/\\u0000", "name": "Zo\\u00eb \\u2603", "z": {"a": {}, "b": [true, false, null, -7]}, '
    b'"\\u00e9": 12345678901234}, "actions": 3}\n000000020089\nEND c24d48fb\n'
)


def test_the_same_bytes_on_every_port():
    # Guards: the port's json.dumps (raw UTF-8 on MicroPython, \u escapes on CPython; dict
    # order per port: this game's options are made in another order than sorted) in place
    # of save.py's own encoder; keys not sorted at every level.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diams", 2, 7, 3)
        slot.save(state, ["human", "easy"], CANON_EXTRA)
        assert read(slot.path) == CANON, read(slot.path)
        # read back, the same values, and written again, the same bytes
        saved = slot.load()
        assert saved is not None and saved.extra == CANON_EXTRA
        assert fingerprint(saved.state) == fingerprint(state)
        again = SaveSlot(directory, "again")
        again.save(saved.state, saved.seats, saved.extra)
        assert read(again.path) == CANON

    in_dir(body)


def test_header_length_edge_save_refuses_or_load_accepts():
    # Guards: save() checking the str length (not the encoded bytes) against a limit other
    # than the one load() reads with: a header of 1,023 bytes was written and then refused.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("quartz", 3, 33, 4)
        seats = ["human", "easy", "hard"]
        slot.save(state, seats, {"k": ""})
        base = len(read(slot.path).split(b"\n")[1]) + 1  # with its newline
        longest = 0
        for char, width in (("x", 1), ("\u00e9", 6), ("\"", 2)):
            for n in range(max(0, (HEADER_MAX - base - 12) // width),
                           (HEADER_MAX - base + 12) // width + 1):
                extra = {"k": char * n}
                try:
                    slot.save(state, seats, extra)
                except ValueError:
                    assert base + n * width >= HEADER_MAX, (char, n)
                    continue
                line = len(read(slot.path).split(b"\n")[1]) + 1
                assert line == base + n * width
                saved = slot.load()
                assert saved is not None and saved.extra == extra, (char, n)
                longest = max(longest, line)
        assert longest == HEADER_MAX - 1  # the limit itself is reached, not one byte less

    in_dir(body)


def test_folders_named_like_saves_are_kept_aside():
    # Guards: open() of a folder (IsADirectoryError / EISDIR) escaping load(); a folder
    # .sav blocking the promotion of a complete .tmp; a folder .old blocking every save.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("diamonds", 3, 34, 20)
        for names in ((".sav",), (".tmp",), (".old",), (".sav", ".tmp"),
                      (".sav", ".tmp", ".old")):
            for name in names:
                os.mkdir(directory + "/game" + name)
                write(directory + "/game" + name + "/inside", b"kept")
            err = raises(SaveError, slot.load)
            assert "folder" in err.reason, err.reason
            kept = [n for n in files(directory) if n.startswith("game.bad")]
            assert len(kept) == len(names), kept
            for n in kept:  # moved whole, content and all
                assert read(directory + "/" + n + "/inside") == b"kept"
                remove_dir(directory + "/" + n)
            assert files(directory) == [] and slot.load() is None
        # beside a good save: the save loads, the folders go aside, saving goes on
        for name in (".tmp", ".old", ".sav"):
            if name == ".sav":
                slot.save(state, SEATS3)
                os.rename(slot.path, slot.tmp)  # a complete save not yet renamed
            else:
                slot.save(state, SEATS3)
            os.mkdir(directory + "/game" + name)
            saved = slot.load()
            assert saved is not None and fingerprint(saved.state) == fingerprint(state), name
            assert "game.sav" in files(directory) and is_folder(directory + "/game.bad1")
            savefile.os = FaultyOs(fat=True)  # the boards' rename protocol
            slot.save(played("diamonds", 3, 34, 21), SEATS3)
            savefile.os = os
            assert files(directory) == ["game.bad1", "game.sav"], files(directory)
            os.rmdir(directory + "/game.bad1")
            os.remove(slot.path)

    in_dir(body)


def test_odd_names_beside_the_kept_files():
    # Guards: str.isdigit()/int() on what follows ".bad" (int("²") raises ValueError), and a
    # kept name chosen over a file that is already there.
    def body(directory):
        odd = ("game.bad\u00b2", "game.bad", "game.badx", "game.bad-1", "game.bad 3",
               "game.bad\u0663", "game.bad0012", "game.bad1234567", "game.bad.old", "game.tmp2")
        for name in odd:
            write(directory + "/" + name, name.encode())
        kept = check_damage(directory, flip(-20), "checksum")
        assert kept == directory + "/game.bad13"  # after 0012; seven digits are not ours
        for name in odd:
            assert read(directory + "/" + name) == name.encode()
        os.mkdir(directory + "/game.bad14")  # a folder with a number is taken too
        assert check_damage(directory, flip(-20), "checksum") == directory + "/game.bad15"
        # the folder cannot be listed: the numbers in use are found by trying them
        for n in (1, 2):
            write(directory + "/game.bad%d" % n, b"mine")
        savefile.os = NoListOs()
        kept = check_damage(directory, flip(-20), "checksum")
        savefile.os = os
        assert kept == directory + "/game.bad3", kept
        assert [read(directory + "/game.bad%d" % n) for n in (1, 2)] == [b"mine"] * 2

    in_dir(body)


class NoListOs(FaultyOs):
    """An `os` whose listdir fails (EIO)."""

    def listdir(self, p):
        raise OSError(5)


def test_recovery_resumes_the_newest_copy_that_loads_and_loses_none():
    # Guards: recovery deleting .old before the .tmp it preferred had loaded (the game was
    # lost although a good copy was on the flash); a complete .tmp ignored when .sav exists.
    def body(directory):
        slot = SaveSlot(directory)
        older = played("diams", 3, 35, 30)
        newer = played("diams", 3, 35, 31)
        slot.save(older, SEATS3)
        good_old = read(slot.path)
        slot.save(newer, SEATS3)
        good_new = read(slot.path)
        refused = list(newer.history) + [65535]
        slot.save(("diams", 3, newer.seed, {}, refused), SEATS3)  # CRC valid, rules refuse
        bad_new = read(slot.path)

        def layout(**contents):
            for name in files(directory):
                os.remove(directory + "/" + name)
            for name in contents:
                write(directory + "/game." + name, contents[name])

        # no .sav, a complete .tmp the rules refuse, a good .old: the .old is resumed
        layout(tmp=bad_new, old=good_old)
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(older)
        assert files(directory) == ["game.bad1", "game.sav"]
        assert read(directory + "/game.bad1") == bad_new and read(slot.path) == good_old
        assert len(saved.notes) == 1 and "game.bad1" in saved.notes[0], saved.notes
        # a complete .tmp is newer than .sav
        layout(tmp=good_new, sav=good_old)
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(newer)
        assert files(directory) == ["game.sav"] and read(slot.path) == good_new
        assert saved.notes == []
        layout(tmp=bad_new, sav=good_old)
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(older)
        assert files(directory) == ["game.bad1", "game.sav"]
        # a damaged .sav and a good .old: the .old
        layout(sav=flip(-20)(good_new), old=good_old)
        saved = slot.load()
        assert saved is not None and fingerprint(saved.state) == fingerprint(older)
        assert files(directory) == ["game.bad1", "game.sav"] and read(slot.path) == good_old
        # all three damaged: the newest reason, every copy kept
        layout(tmp=bad_new, sav=flip(-20)(good_new), old=good_old[:-30] + b"x" * 30)
        err = raises(SaveError, slot.load)
        assert "rules refuse" in err.reason and err.kept == directory + "/game.bad1"
        assert "2 older copies" in str(err), str(err)
        assert files(directory) == ["game.bad1", "game.bad2", "game.bad3"]
        # an incomplete .tmp (the normal power cut) is removed without a note
        layout(tmp=good_new[:-9], sav=good_old)
        saved = slot.load()
        assert saved is not None and saved.notes == [] and files(directory) == ["game.sav"]
        # a read-only drive: read in place, nothing moved, never raises but SaveError
        layout(sav=flip(-20)(good_new), old=good_old)
        savefile.os = FaultyOs(0, OSError(30))
        saved = slot.load()
        savefile.os = os
        assert saved is not None and fingerprint(saved.state) == fingerprint(older)
        assert "left in place" in saved.notes[0], saved.notes
        assert files(directory) == ["game.old", "game.sav"]

    in_dir(body)


def test_a_power_cut_while_recovery_renames_keeps_the_newest_save():
    # Guards: a recovery step that leaves no complete newest copy on the flash if the power
    # goes while it renames (every step of it, on the boards' protocol).
    def body(directory):
        slot = SaveSlot(directory)
        older = played("quartz", 3, 36, 12)
        newer = played("quartz", 3, 36, 13)
        slot.save(newer, SEATS3)
        good_new = read(slot.path)
        slot.save(older, SEATS3)
        step = 0
        while True:
            write(slot.tmp, good_new)  # a finished save caught before its renames
            savefile.os = FaultyOs(step, fat=True)
            try:
                cut = slot.load() is None
            except PowerCut:
                cut = True
            savefile.os = os
            saved = slot.load()
            assert saved is not None and fingerprint(saved.state) == fingerprint(newer), step
            assert files(directory) == ["game.sav"], (step, files(directory))
            slot.save(older, SEATS3)
            if not cut:
                break
            step += 1
        assert step >= 3

    in_dir(body)


class BrokenOs(FaultyOs):
    """An `os` whose stat raises `error` for paths ending in `suffix`."""

    def __init__(self, error, suffix):
        FaultyOs.__init__(self)
        self.stat_error = error
        self.suffix = suffix

    def stat(self, p):
        if p.endswith(self.suffix):
            raise self.stat_error
        return os.stat(p)


def test_memory_and_read_errors_are_a_save_error_that_moves_nothing():
    # Guards: a MemoryError (a board's short heap) or an EIO escaping load(), or a good save
    # kept aside just because the heap was short.
    def body(directory):
        slot = SaveSlot(directory)
        slot.save(played("diams", 3, 37, 9), SEATS3)
        good = read(slot.path)
        for error in (MemoryError(), OSError(5), RuntimeError("odd")):
            for suffix in (".sav", ".run", ".tmp"):
                savefile.os = BrokenOs(error, suffix)
                err = raises(SaveError, slot.load)
                savefile.os = os
                assert err.kept is None, (error, suffix)
                assert "memory" in err.reason or not isinstance(error, MemoryError)
                assert files(directory) == ["game.sav"] and read(slot.path) == good
        assert slot.load() is not None

    in_dir(body)


def test_resume_marker_keep_aside_and_their_faults():
    # Guards: a save that stopped the board while it was resumed being resumed at every start
    # (a boot loop); keep_aside()/resuming()/resumed() raising on a read-only drive.
    def body(directory):
        slot = SaveSlot(directory)
        state = played("sixgems", 2, 38, 10)
        slot.save(state, ["human", "hard"])
        good = read(slot.path)
        assert slot.load() is not None
        slot.resuming()
        assert files(directory) == ["game.run", "game.sav"] and read(slot.run) == b""
        slot.resumed()
        assert files(directory) == ["game.sav"]
        slot.resumed()  # twice: nothing to remove, no error
        assert slot.load() is not None  # no mark: resumed as usual
        slot.resuming()  # ... and the board reset before the game's first frame
        err = raises(SaveError, slot.load)
        assert err.kept == directory + "/game.bad1" and read(err.kept) == good
        assert "being resumed" in err.reason and err.kept in str(err)
        assert files(directory) == ["game.bad1"]
        slot.resuming()  # a mark with no save: removed, nothing to say
        assert slot.load() is None and files(directory) == ["game.bad1"]
        os.mkdir(slot.run)  # a folder is not the mark (resuming() never makes one)
        slot.save(state, ["human", "hard"])
        assert slot.load() is not None
        os.rmdir(slot.run)
        # keep_aside(): the save load() answered, by a new number; then none
        assert slot.keep_aside("the app failed") == directory + "/game.bad2"
        assert read(directory + "/game.bad2") == good
        assert slot.keep_aside("again") is None
        # read-only: nothing written, nothing raised
        slot.save(state, ["human", "hard"])
        savefile.os = FaultyOs(0, OSError(30))
        assert slot.load() is not None
        assert slot.keep_aside("x") is None
        slot.resumed()
        savefile.os = os
        ghost = SaveSlot(directory + "/missing")  # no folder: open() fails
        ghost.resuming()
        ghost.resumed()
        assert ghost.keep_aside("x") is None and ghost.load() is None

    in_dir(body)


def mutate(data, rng):
    """One random damage of `data` (seeded): cut, bit flip, insertion or deletion."""
    kind = rng.randbelow(4)
    at = rng.randbelow(len(data))
    if kind == 0:
        return data[:at]
    if kind == 1:
        return data[:at] + bytes([data[at] ^ (1 << rng.randbelow(8))]) + data[at + 1 :]
    if kind == 2:
        return data[:at] + bytes([rng.randbelow(256)]) + data[at:]
    return data[:at] + data[at + 1 :]


def test_random_damage_of_the_newest_copy_never_loses_the_older_one():
    # Guards: any exception other than SaveError out of load() for damaged bytes, and any
    # step that loses the last good copy: after damage to .sav (or a complete .tmp), the
    # good .old is resumed or still on the flash, byte for byte.
    def body(directory):
        slot = SaveSlot(directory)
        rng = Prng(2020)
        older = played("diams", 3, 39, 40)
        newer = played("diams", 3, 39, 41)
        slot.save(older, SEATS3)
        good_old = read(slot.path)
        slot.save(newer, SEATS3)
        good_new = read(slot.path)
        for trial in range(60 if IS_MICROPYTHON_FAMILY else 200):
            for name in files(directory):
                os.remove(directory + "/" + name)
            damaged = mutate(good_new, rng)
            write(slot.tmp if trial % 3 == 0 else slot.path, damaged)
            write(slot.old, good_old)
            try:
                saved = slot.load()
            except SaveError:
                saved = None
            assert saved is not None, trial  # the .old is always there to resume
            got = fingerprint(saved.state)
            assert got == fingerprint(older) or damaged == good_new, trial
            on_disk = [read(directory + "/" + n) for n in files(directory)]
            assert good_old in on_disk, trial

    in_dir(body)


def test_header_text_escapes_exactly_quote_backslash_and_non_printable():
    # Guards (mutants of saveheader.encode): a backslash or a quote in otherwise plain ASCII
    # written raw by the fast path; `~` (126, printable) escaped; the same bytes on every port.
    from firmware.saveheader import encode

    assert encode("a\\b") == '"a\\\\b"'
    assert encode('say "hi"') == '"say \\"hi\\""'
    assert encode('~"') == '"~\\""'
    assert encode(" ~") == '" ~"'
    assert encode("tab\there\x7f") == '"tab\\u0009here\\u007f"'
    assert encode("caf\u00e9") == '"caf\\u00e9"'


def test_header_takes_one_player_and_refuses_none():
    # Guards: a solo game (one seat) refused; a record with no player written.
    from firmware.saveheader import header

    line = header("diams", 1, 5, {}, ["human"], {}, 0)
    assert line == b'{"game": "diams", "players": 1, "seed": 5, "options": {}, ' \
                   b'"seats": ["human"], "extra": {}, "actions": 0}\n'
    assert raises(ValueError, header, "diams", 0, 5, {}, [], {}, 0)
    assert raises(ValueError, header, "diams", 2, 5, {}, ["human"], {}, 0)


class _FullHeap(SaveSlot):
    """A slot whose save() runs out of memory while `full` is set."""

    full = False

    def save(self, game, seats, extra=None):
        if self.full:
            raise MemoryError("memory allocation failed, allocating 185 bytes")
        SaveSlot.save(self, game, seats, extra)


def test_autosaver_skips_a_save_the_heap_has_no_room_for_and_catches_up():
    """Guards: a MemoryError while saving ends the game on the crash screen; a skipped save
    leaves a broken file; a finished game whose last save failed stays resumable."""

    def body(directory):
        slot = _FullHeap(directory, sync=False)
        lines = []
        after = save_module.autosaver(slot, SEATS3, lines.append)
        state = load("quartz").new_game(3, 33)
        after(state)
        rng = Prng(4)
        for _ in range(5):
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            after(state)
        before = fingerprint(state)
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        slot.full = True
        after(state)  # no exception: this move's save waits
        assert fingerprint(slot.load().state) == before  # the last one, whole
        slot.full = False
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
        after(state)
        assert fingerprint(slot.load().state) == fingerprint(state)  # caught up
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            slot.full = state.is_over()
            after(state)
        assert slot.load() is None  # over: cleared even so
        assert lines == []  # saving is not off: nothing to tell

    in_dir(body)
