# Save and resume (firmware/save.py), portable: pytest runs it on CPython and tools/mptest.py
# under the MicroPython unix port at 128k from .mpy. Each test works in its own folder under
# /tmp, made with os.mkdir and removed afterwards. A "power cut" is simulated by handing
# firmware.save an `os` that stops after a number of filesystem changes.
import gc
import os
import sys
import time

from checks import IS_MICROPYTHON_FAMILY, fingerprint, raises

import firmware.save as save_module
from firmware.core import GAMES, load
from firmware.core.prng import Prng
from firmware.save import Crc32, SaveError, SaveSlot

SEATS3 = ["human", "normal", "easy"]
_made = [0]


def make_dir():
    _made[0] += 1
    stamp = time.ticks_us() if hasattr(time, "ticks_us") else time.time_ns()  # type: ignore
    path = "/tmp/gemsave-%d-%d-%d" % (stamp % 1000000007, _made[0], os.urandom(2)[0])
    os.mkdir(path)
    return path


def remove_dir(path):
    for name in os.listdir(path):
        os.remove(path + "/" + name)
    os.rmdir(path)


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
    package = sys.modules.get("firmware.core")
    for name in GAMES:
        sys.modules.pop("firmware.core." + name, None)
        if package is not None and hasattr(package, name):
            delattr(package, name)
    gc.collect()


def in_dir(test):
    """Run test(directory) in a fresh folder, removed afterwards whatever happens."""
    directory = make_dir()
    real_os = save_module.os
    try:
        test(directory)
    finally:
        save_module.os = real_os
        remove_dir(directory)
        unload_games()


class PowerCut(Exception):
    """Not an OSError: nothing in firmware.save may catch it, as nothing survives a cut."""


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
    kept = save_module._crc32
    try:
        save_module._crc32 = None  # the pure Python version boards without binascii use
        pure = Crc32()
        pure.update(data[:4])
        pure.update(memoryview(data)[4:])
        assert pure.hexdigest() == "cbf43926"
        pure = Crc32()
        pure.update(bytes(range(256)) * 3)
    finally:
        save_module._crc32 = kept
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
                gc.collect()
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

    in_dir(body)


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
        slot = write_record(directory, ("chess", 2, 1, {}, []), ["human", "easy"])
        err = raises(SaveError, slot.load)
        assert "rules refuse its setup (unknown game" in str(err), str(err)
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
        save_module.os = FaultyOs(0, OSError(30))  # EROFS on any change
        err = raises(SaveError, slot.load)
        assert err.kept is None and "left in place" in str(err), str(err)
        raises(OSError, slot.save, played("diams", 3, 4, 11), SEATS3)
        save_module.os = os
        assert read(slot.path) == damaged  # nothing lost, nothing changed

    in_dir(body)


def test_fat_like_rename_works_for_many_saves():
    def body(directory):
        slot = SaveSlot(directory)
        save_module.os = FaultyOs(fat=True)
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
            save_module.os = os
            for name in files(directory):
                os.remove(directory + "/" + name)
            slot.save(first, SEATS3)
            save_module.os = FaultyOs(step)
            try:
                slot.save(second, SEATS3)
                finished = True
            except PowerCut:
                finished = False
            save_module.os = os
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
        for budget in (0, 1):  # the first rename, then the second
            save_module.os = FaultyOs(budget, OSError(5))
            raises(OSError, slot.save, played("diams", 3, 12, 26), SEATS3)
            save_module.os = os
            saved = slot.load()
            assert saved is not None
            got = fingerprint(saved.state)
            assert got == fingerprint(first) or budget == 1, budget
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
        save_module.os = FaultyOs(0, OSError(28))  # ENOSPC
        failing = save_module.autosaver(SaveSlot(directory, "b"), SEATS3, lines.append)
        state = load("quartz").new_game(3, 32)
        failing(state)
        failing(state)
        assert len(lines) == 1 and "Saving is off" in lines[0], lines

    in_dir(body)
