# Property-based tests of the save format (firmware/save.py, firmware/saveload.py), issue 20:
# random records round-trip byte for byte; random damage (cuts, bit flips, insertions,
# deletions), forged headers with a valid checksum, odd folder layouts and power cuts between
# any two filesystem steps never make load() raise anything but SaveError, and never lose
# the last good copy. A deterministic sample of the same classes runs on MicroPython and
# CircuitPython too: host_tests/core/test_save_portable.py.
#
# Deterministic: derandomize=True (the examples come from each test's own source, not from a
# random seed or a database), so CI sees the same cases every run.
import builtins
import json
import os
import shutil
import tempfile
import zlib

import pytest
from checks import fingerprint
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import firmware.savefile as savefile
import firmware.saveheader as saveheader
from firmware.bots import LEVELS
from firmware.core import GAMES, available, load
from firmware.core.prng import SEED_LIMIT
from firmware.save import SaveSlot
from firmware.savefile import HEADER_MAX, SaveError
from firmware.saveheader import SEATS, encode

GAMES_HERE = [name for name in GAMES if available(name)]
DETERMINISTIC = settings(derandomize=True, database=None, deadline=None, max_examples=200,
                         suppress_health_check=[HealthCheck.too_slow,
                                                HealthCheck.data_too_large])


class Folder:
    """A fresh folder per example (pytest's tmp_path is one per test, not per example)."""

    def __enter__(self):
        self.path = tempfile.mkdtemp(prefix="gemprops-")
        return self.path

    def __exit__(self, *exc):
        savefile.os = os
        shutil.rmtree(self.path, ignore_errors=True)


def contents(folder):
    """{name: bytes or "folder"} of everything in `folder`."""
    out = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        out[name] = "folder" if os.path.isdir(path) else open(path, "rb").read()
    return out


def load_only(slot):
    """slot.load(), which may raise SaveError and nothing else."""
    try:
        return slot.load()
    except SaveError as err:
        assert isinstance(err.reason, str) and err.reason
        return err


# -- strategies ---------------------------------------------------------------------------
# Text a save can hold: every character of the Basic Multilingual Plane but the surrogates.
BMP = st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",))
KEYS = st.text(BMP, max_size=6)
SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(BMP, max_size=12)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(KEYS, inner, max_size=4), max_leaves=12)
EXTRAS = st.dictionaries(KEYS, VALUES, max_size=5) | st.dictionaries(
    st.just("k"), st.text(BMP, min_size=200, max_size=1100), min_size=1)  # near the limit


@st.composite
def games(draw, max_actions=60):
    """A state of a game this firmware has, after random legal actions, and its seats."""
    name = draw(st.sampled_from(GAMES_HERE))
    module = load(name)
    players = draw(st.integers(module.MIN_PLAYERS, module.MAX_PLAYERS))
    options = {key: draw(st.sampled_from(choices)) for key, choices in module.OPTIONS}
    seed = draw(st.integers(0, SEED_LIMIT - 1))
    try:
        state = module.new_game(players, seed, options)
    except ValueError:  # an option this player count does not allow (teams)
        options = {}
        state = module.new_game(players, seed)
    for pick in draw(st.lists(st.integers(0, 999), max_size=max_actions)):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[pick % len(legal)])
    seats = draw(st.lists(st.sampled_from(SEATS), min_size=players, max_size=players))
    return state, seats


def reference(value, depth=0):
    """The header's JSON as saveheader.py's comment specifies it, written independently of
    it: ValueError for nesting deeper than saveheader.DEPTH (the only refusal the strategies
    reach)."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(
            "\\" + ch if ch in '"\\' else ch if 32 <= ord(ch) < 127 else "\\u%04x" % ord(ch)
            for ch in value) + '"'
    if depth >= saveheader.DEPTH:
        raise ValueError("too deep")
    if isinstance(value, list):
        return "[" + ", ".join(reference(v, depth + 1) for v in value) + "]"
    return "{" + ", ".join(reference(k) + ": " + reference(value[k], depth + 1)
                           for k in sorted(value)) + "}"


def reference_header(state, seats, extra):
    fields = (("game", state.game), ("players", state.players), ("seed", state.seed),
              ("options", dict(state.options)), ("seats", list(seats)), ("extra", extra),
              ("actions", len(state.history)))
    return "{" + ", ".join('"%s": %s' % (k, reference(v)) for k, v in fields) + "}"


def test_the_seat_names_are_human_the_bot_levels_and_linked():
    # Guards: saveheader.SEATS (what save() writes and load() accepts) drifting from the bots'
    # levels: a saved seat make_bot refuses, or a level the saves cannot hold; and the app's
    # linked seat (issue 58), which a host's save holds (firmware/ui/match.py's kind).
    from firmware.ui.match import LINKED

    assert SEATS == ("human",) + LEVELS + (LINKED,)


# -- round trips --------------------------------------------------------------------------
@DETERMINISTIC
@given(games(), EXTRAS)
def test_random_records_round_trip_byte_for_byte(game, extra):
    # Guards: a save that loads to another state, seats or extra; a header the loader reads
    # back differently (escapes, key order); save() writing what load() refuses (the header
    # limit counted in characters, or not the limit load() reads with).
    state, seats = game
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        try:
            want = reference_header(state, seats, extra).encode()
        except ValueError:
            want = None  # nested too deep
        try:
            slot.save(state, seats, extra)
        except ValueError:  # refused only when too long or too deep, with nothing written
            event("refused")
            assert want is None or len(want) + 1 >= HEADER_MAX, len(want)
            assert contents(folder) == {}
            return
        first = open(slot.path, "rb").read()
        line = first.split(b"\n")[1]
        event("saved, header of %d00+ bytes" % (len(line) // 100))
        assert line == want  # the documented encoding, to the byte
        assert len(line) + 1 < HEADER_MAX and line.isascii()
        assert json.loads(line)["extra"] == extra  # CPython's json reads our encoding
        saved = slot.load()
        assert saved is not None and saved.notes == []
        assert fingerprint(saved.state) == fingerprint(state)
        assert saved.seats == seats and saved.extra == extra
        assert list(saved.record[4]) == list(state.history)
        again = SaveSlot(os.path.join(folder, "again"), sync=False)
        again.save(saved.state, saved.seats, saved.extra)
        assert open(again.path, "rb").read() == first


@DETERMINISTIC
@given(VALUES)
def test_the_encoder_is_json_that_every_reader_reads_back(value):
    # Guards: an escape CPython's json reads as another string; a non-ASCII byte written.
    text = encode({"v": value})
    assert text.isascii()
    assert json.loads(text) == {"v": value}
    assert encode(json.loads(text)) == text


@DETERMINISTIC
@given(st.one_of(st.floats(allow_nan=True), st.text(min_size=1).map(lambda t: t + "\U0001f48e"),
                 st.sampled_from(["\ud800", "a\udfff", b"bytes", 1j, {1: 2}, {"a": {(): 1}}])))
def test_what_another_port_would_write_differently_is_refused(value):
    # Guards: floats (single-precision boards print other digits), characters beyond U+FFFF
    # and lone surrogates (the ports read their escapes back differently), non-str keys.
    with pytest.raises(ValueError):
        encode({"v": value})
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        with pytest.raises(ValueError):
            slot.save(("diams", 2, 1, {}, []), ["human", "easy"], {"v": value})
        assert contents(folder) == {}


# -- damage -------------------------------------------------------------------------------
def _good_pair():
    state = load("diamonds").new_game(4, 77)
    for _ in range(90):
        state.apply(state.legal_actions()[-1])
    older_bytes = {}
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        slot.save(state, ["human", "easy", "normal", "hard"], {"where": "table"})
        older_bytes = open(slot.path, "rb").read()
        older = fingerprint(state)
        state.apply(state.legal_actions()[0])
        slot.save(state, ["human", "easy", "normal", "hard"], {"where": "table"})
        newer_bytes = open(slot.path, "rb").read()
    return older_bytes, older, newer_bytes, fingerprint(state)


OLDER, OLDER_PRINT, NEWER, NEWER_PRINT = _good_pair()

MUTATION = st.tuples(st.sampled_from(["cut", "flip", "insert", "delete", "replace"]),
                     st.integers(0, 10**6), st.integers(0, 255))


def mutate(data, mutations):
    for kind, where, byte in mutations:
        at = where % (len(data) + 1)
        if kind == "cut":
            data = data[:at]
        elif kind == "flip":
            if data:
                at = min(at, len(data) - 1)
                data = data[:at] + bytes([data[at] ^ (1 << byte % 8)]) + data[at + 1:]
        elif kind == "insert":
            data = data[:at] + bytes([byte]) + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + 1:]
        else:
            data = data[:at] + bytes([byte]) * (byte % 7) + data[at + byte % 5:]
    return data


@DETERMINISTIC
@given(st.lists(MUTATION, min_size=1, max_size=4), st.sampled_from(["sav", "tmp"]))
def test_random_damage_never_raises_and_never_loses_the_older_copy(mutations, where):
    # Guards: any exception but SaveError for damaged bytes; a recovery step that deletes
    # the good older copy (.old, or .sav beside a damaged complete .tmp) before a newer one
    # has loaded.
    damaged = mutate(NEWER, mutations)
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        older_name = "game.old" if where == "sav" else "game.sav"
        with open(os.path.join(folder, older_name), "wb") as f:
            f.write(OLDER)
        with open(os.path.join(folder, "game." + where), "wb") as f:
            f.write(damaged)
        got = load_only(slot)
        assert not isinstance(got, SaveError) and got is not None  # the older copy is there
        files = contents(folder)
        if damaged == NEWER:  # mutations that undid each other
            assert fingerprint(got.state) == NEWER_PRINT and files == {"game.sav": NEWER}
            return
        # resumed, and made the save; the damaged newer copy kept aside as game.bad1 (a .tmp
        # that fails its checksum is a write cut short: simply removed)
        assert fingerprint(got.state) == OLDER_PRINT
        if where == "sav":
            assert files == {"game.sav": OLDER, "game.bad1": damaged}
            assert len(got.notes) == 1 and "game.bad1" in got.notes[0]
        else:
            assert files == {"game.sav": OLDER} and got.notes == []


def _reforge(data, header_text):
    """`data` with its header line replaced by `header_text` (bytes), checksum recomputed."""
    lines = data.split(b"\n")
    lines[1] = header_text
    body = b"\n".join(lines[:-2]) + b"\n"
    return body + b"END %08x\n" % zlib.crc32(body)


FIELD_VALUES = (st.none() | st.booleans() | st.integers(-(2**40), 2**40)
                | st.floats(allow_nan=False, allow_infinity=False)
                | st.sampled_from(["human", "easy", "hard", "robot", "", "HUMAN", "diams",
                                   "diamonds", "chess", "normal", "on", "off"])
                | st.lists(st.sampled_from(["human", "easy", "normal", "hard", "robot", ""]),
                           max_size=7)
                | st.dictionaries(st.sampled_from(["perfect", "teams", "show_score", "x"]),
                                  st.sampled_from(["on", "off", 1, None]), max_size=3)
                # and values a save may hold, so that some forged headers are resumable
                | st.lists(st.sampled_from(SEATS), min_size=4, max_size=4)
                | st.fixed_dictionaries({"perfect": st.sampled_from(["on", "off"]),
                                         "show_score": st.sampled_from(["on", "off"]),
                                         "teams": st.sampled_from(["on", "off"])})
                | st.dictionaries(KEYS, SCALARS, max_size=3))


@DETERMINISTIC
@given(st.dictionaries(st.sampled_from(["game", "players", "seed", "options", "seats", "extra",
                                        "actions", "more"]), FIELD_VALUES, max_size=3),
       st.sampled_from(["json", "compact", "raw"]), st.binary(max_size=8), st.integers(0, 1200))
def test_forged_headers_with_a_valid_checksum_give_a_resumable_save_or_save_error(
        changes, style, junk, at):
    # Guards: a header field accepted with a value resume or the rules cannot take (a seat
    # make_bot refuses, True as a player count, a huge action count that sizes a buffer);
    # a Saved that could not be saved again as it is.
    header = json.loads(NEWER.split(b"\n")[1])
    header.update(changes)
    if style == "json":
        text = json.dumps(header).encode()
    elif style == "compact":
        text = json.dumps(header, separators=(",", ":")).encode()
    else:  # a few raw bytes somewhere in the line (long lines included)
        text = json.dumps(header).encode()
        text = text[:at] + junk * (1 + at // 40) + text[at:]
    data = _reforge(NEWER, text.replace(b"\n", b" "))
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        with open(slot.path, "wb") as f:
            f.write(data)
        got = load_only(slot)
        event("refused: " + got.reason[:30] if isinstance(got, SaveError) else "resumed")
        if isinstance(got, SaveError):
            assert got.kept is not None and open(got.kept, "rb").read() == data
            return
        assert got is not None
        # resumable: seats the bots know, one per player, the state replayed, saved again
        assert len(got.seats) == got.state.players
        assert all(seat in ("human",) + LEVELS for seat in got.seats)
        slot.save(got.state, got.seats, got.extra)
        again = slot.load()
        assert again is not None and fingerprint(again.state) == fingerprint(got.state)
        if json.loads(text)["options"] == got.state.options:
            assert open(slot.path, "rb").read() == data  # what load() accepts, save() writes
        # (else the rules completed the options with their defaults: {} for a Diamonds game)


LAYOUT_ITEM = st.sampled_from(["good-old", "good-new", "damaged", "partial", "folder", "empty"])


@DETERMINISTIC
@given(st.fixed_dictionaries({}, optional={"sav": LAYOUT_ITEM, "tmp": LAYOUT_ITEM,
                                            "old": LAYOUT_ITEM, "run": LAYOUT_ITEM}),
       st.lists(st.sampled_from(["game.bad", "game.bad\u00b2", "game.bad0", "game.bad07",
                                 "game.badx", "game.bad1", "game.bad\u0661", "game.bad99999999",
                                 "game.bad-2", "game.last", "game.sav2"]), max_size=4),
       st.booleans())
def test_any_folder_layout_gives_a_save_none_or_save_error(layout, odd, read_only):
    # Guards: IsADirectoryError/EISDIR out of load(); int() of a non-ASCII digit in a .badN
    # name; a kept name chosen over an existing file; a good copy lost to recovery; a
    # read-only drive making load() raise.
    data = {"good-old": OLDER, "good-new": NEWER, "damaged": NEWER[:40] + b"?" + NEWER[41:],
            "partial": NEWER[: len(NEWER) // 2], "empty": b""}
    with Folder() as folder:
        for name in odd:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(name.encode())
        for ending, kind in layout.items():
            path = os.path.join(folder, "game." + ending)
            if kind == "folder":
                os.mkdir(path)
                with open(os.path.join(path, "inside"), "wb") as f:
                    f.write(b"x")
            else:
                with open(path, "wb") as f:
                    f.write(data[kind])
        before = contents(folder)
        slot = SaveSlot(folder, sync=False)
        if read_only:
            savefile.os = ReadOnlyOs()
        got = load_only(slot)
        savefile.os = os
        event("SaveError" if isinstance(got, SaveError) else "Saved" if got else "None")
        after = contents(folder)
        for name in odd:  # never touched
            assert after[name] == name.encode()
        if isinstance(got, SaveError) and got.kept is not None:
            assert os.path.exists(got.kept)
        if read_only:
            assert after == before  # nothing changed, and nothing raised but SaveError
        order = [e for e in ("tmp", "sav", "old") if e in layout]
        if layout.get("run", "folder") != "folder" and "sav" in layout:  # the resume mark
            assert isinstance(got, SaveError) and "resumed" in got.reason
            if not read_only:
                assert "game.run" not in after and "game.sav" not in after
                kept = got.kept[len(folder) + 1:]
                assert after[kept] == before["game.sav"]
            return
        winner = next((e for e in order if layout[e] in ("good-old", "good-new")), None)
        if winner is not None:  # the newest good copy is resumed (in place when read-only)
            assert got is not None and not isinstance(got, SaveError), got
            want = data[layout[winner]]
            assert fingerprint(got.state) == (OLDER_PRINT if want == OLDER else NEWER_PRINT)
            if not read_only:
                assert after["game.sav"] == want
        if read_only:
            return
        # every copy newer than what loaded, but a .tmp cut short, is kept aside whole
        kept = [after[n] for n in after if n.startswith("game.bad") and n not in odd]
        for ending in order[: order.index(winner) if winner else len(order)]:
            if ending == "tmp" and layout[ending] in ("damaged", "partial", "empty"):
                assert "game.tmp" not in after  # a write cut short: removed
                continue
            assert before["game." + ending] in kept, (ending, layout)
        if winner is None:
            assert got is None or isinstance(got, SaveError)
            assert (got is None) == (kept == []), (got, layout)


class ReadOnlyOs:
    """firmware.save's `os` on a drive that refuses every change (EROFS)."""

    def __getattr__(self, name):
        if name in ("rename", "remove", "mkdir", "rmdir", "replace", "sync"):
            def refuse(*args):
                raise OSError(30, "read-only")
            return refuse
        return getattr(os, name)


# -- power cuts -------------------------------------------------------------------------
class PowerCut(BaseException):
    """Not an Exception: load() turns every Exception into SaveError, and nothing survives
    a real cut."""


class CuttingOs:
    """firmware.save's `os`, the power going at filesystem change number `budget` (renames,
    removals, mkdir, replace); `fat`: no os.replace and no rename over a file (the boards)."""

    def __init__(self, budget, fat):
        self.budget = budget
        self.fat = fat
        self.changes = 0

    def _change(self):
        if self.changes == self.budget:
            raise PowerCut()
        self.changes += 1

    def __getattr__(self, name):
        if name == "replace" and self.fat:
            raise AttributeError(name)
        real = getattr(os, name)
        if name not in ("rename", "remove", "mkdir", "rmdir", "replace"):
            return real

        def change(*args):
            self._change()
            if name == "rename" and self.fat and os.path.exists(args[1]):
                raise OSError(17, "exists")
            return real(*args)
        return change


@DETERMINISTIC
@given(st.integers(0, 8), st.booleans(), st.integers(0, 8), st.booleans())
def test_a_power_cut_between_any_two_steps_keeps_a_good_save(save_cut, fat, load_cut, twice):
    # Guards: a save or a recovery step after which no complete copy of the newest finished
    # save (or of the one before it, when the newest was cut) is on the flash.
    with Folder() as folder:
        slot = SaveSlot(folder, sync=False)
        with open(slot.path, "wb") as f:
            f.write(OLDER)
        state = slot.load().state
        state.apply(state.legal_actions()[0])  # NEWER's state
        savefile.os = CuttingOs(save_cut, fat)
        try:
            slot.save(state, ["human", "easy", "normal", "hard"], {"where": "table"})
            finished = True
        except PowerCut:
            finished = False
        if twice:  # the power goes again while the next start recovers
            savefile.os = CuttingOs(load_cut, fat)
            try:
                load_only(slot)
            except PowerCut:
                pass
        savefile.os = os
        got = load_only(slot)
        assert got is not None and not isinstance(got, SaveError), got
        printed = fingerprint(got.state)
        assert printed == NEWER_PRINT or (not finished and printed == OLDER_PRINT)
        assert contents(folder) == {"game.sav": NEWER if printed == NEWER_PRINT else OLDER}


# -- errors that say nothing about the file -----------------------------------------------
@pytest.mark.parametrize("error", [MemoryError(), OSError(5, "EIO"), OSError(21, "EISDIR")])
def test_an_error_while_reading_a_file_moves_nothing(error, tmp_path, monkeypatch):
    # Guards: a good save kept aside because the heap was short or the flash hiccupped, or
    # such an error escaping load().
    slot = SaveSlot(str(tmp_path), sync=False)
    (tmp_path / "game.sav").write_bytes(NEWER)
    real_open = builtins.open

    def failing_open(path, *args, **kwargs):
        if str(path).endswith(".sav"):
            raise error
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", failing_open)
    with pytest.raises(SaveError) as info:
        slot.load()
    monkeypatch.undo()
    assert info.value.kept is None and "now" in str(info.value)
    assert contents(str(tmp_path)) == {"game.sav": NEWER}
    assert fingerprint(slot.load().state) == NEWER_PRINT
