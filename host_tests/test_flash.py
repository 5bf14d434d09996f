# tools/flash.py end to end: real mpremote (its serial transport, and the command for the
# checks), real mpy-cross, against tools/vboard.py's virtual board (the MicroPython unix port
# on a pseudo-terminal, 256 KiB heap). Every test has its own project copy, build folder and
# board, so they run in parallel (pytest-xdist). The error tests that need a board state the
# virtual board cannot take (read-only, full, several boards) alter what the board reports.
# CircuitPython boards are a drive folder (with its boot_out.txt), or the virtual board
# reporting itself as CircuitPython; their .mpy come from CircuitPython's own mpy-cross
# (../shared/cpy/ beside the checkout, as in CI: the tests that need it skip without it), and
# CircuitPython's 32-bit unix port from there loads what a drive flash wrote.
import errno
import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import flash
import mpbuild
import pytest
from vboard import VirtualBoard

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
MPREMOTE = str(BIN / "mpremote") if (BIN / "mpremote").exists() else "mpremote"
HEAP = "256k"
SAVE = b'{"format": 1, "game": "diams"}'


def _circuitpython_compiler():
    try:
        return mpbuild.circuitpython_mpy_cross()
    except FileNotFoundError:
        return None


CP_MPY_CROSS = _circuitpython_compiler()
needs_cp_compiler = pytest.mark.skipif(
    CP_MPY_CROSS is None,
    reason="CircuitPython's mpy-cross is not at ../shared/cpy/ beside the checkout (nor "
    "$MPY_CROSS_CIRCUITPYTHON, nor on PATH; mpbuild.CP_HOWTO says how to build it): no "
    "CircuitPython .mpy to check (CI has ../shared)",
)
# CircuitPython's own interpreter (unix port, 32-bit), to load what a drive flash wrote.
CP_UNIX = mpbuild.CP_SHARED.parent / "circuitpython-9.2.9-unix-i386"
CP_HEADER = b"C\x06"  # CircuitPython 9 and 10 load .mpy v6 with magic 'C'
BOOT_OUT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; PyBadge\n"


def _ignore(_folder, names):
    return [n for n in names if n == "__pycache__" or n.endswith((".pyc", ".mpy"))]


@pytest.fixture(scope="session")
def warm_cache(tmp_path_factory):
    """A .mpy cache built once per worker, copied into each test's build folder."""
    build = tmp_path_factory.mktemp("warm")
    flash.build(ROOT, "micropython", build, compile_mpy=True)
    return build / "cache"


@pytest.fixture
def project(tmp_path):
    """A copy of what gets flashed: boot.py, main.py, firmware/."""
    dest = tmp_path / "project"
    dest.mkdir()
    for name in flash.SOURCES:
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "firmware", dest / "firmware", ignore=_ignore)
    return dest


@pytest.fixture
def build_dir(tmp_path, warm_cache):
    build = tmp_path / "build"
    shutil.copytree(warm_cache, build / "cache")
    return build


@pytest.fixture
def board(tmp_path):
    """A virtual board whose flash holds a save; stopped (processes killed) whatever happens."""
    root = tmp_path / "board"
    (root / "saves").mkdir(parents=True)
    (root / "saves" / "slot1.json").write_bytes(SAVE)
    vb = VirtualBoard(root, heap=HEAP)
    vb.start()
    try:
        assert vb.wait_ready(10)
        yield vb
    finally:
        vb.stop()


def run_flash(board, project, build_dir, *extra, timeout=90):
    cmd = [sys.executable, str(ROOT / "tools" / "flash.py"), "--port", board.device,
           "--root", str(project), "--build-dir", str(build_dir), *extra]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return proc.returncode, out, err


def mpremote(board, *args, timeout=60):
    proc = subprocess.Popen([MPREMOTE, "connect", board.device, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, out
    return out


def expected(project, build_dir):
    """{board path: sha256} of what a flash of `project` puts on a MicroPython board."""
    files = flash.build(project, "micropython", build_dir, compile_mpy=True)
    return {path: hashlib.sha256(src.read_bytes()).hexdigest() for path, src in files.items()}


def on_board(board):
    """{path: sha256} of every file on the board but the saves."""
    root = Path(board.root)
    found = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith("saves/"):
            found[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def copied(out):
    return [line.split()[1] for line in out.splitlines() if line.startswith("copy ")]


def summary(out):
    return [line for line in out.splitlines() if line.startswith("flashed ")][-1]


def test_flash_empty_board_then_nothing_changed(board, project, build_dir):
    code, out, err = run_flash(board, project, build_dir)
    assert code == 0, out + err
    want = expected(project, build_dir)
    assert on_board(board) == want
    assert sorted(copied(out)) == sorted(want)
    assert "board: MicroPython 1.29" in out
    assert not [p for p in want if p.startswith("firmware/") and p.endswith(".py")]
    assert (Path(board.root) / "saves" / "slot1.json").read_bytes() == SAVE
    # The board runs what was copied (through mpremote, from the .mpy files).
    out2 = mpremote(board, "exec",
                    "import firmware.games.diams.rules as d; print(d.TITLE, d.__file__)")
    assert "Diam's" in out2 and ".mpy" in out2
    # Again with nothing changed: nothing copied, nothing removed.
    code, out, err = run_flash(board, project, build_dir)
    assert code == 0, out + err
    assert copied(out) == []
    assert "copied 0 files" in summary(out) and "removed 0 stale" in summary(out)
    assert on_board(board) == want


def test_one_change_one_copy_and_stale_files_go_but_saves_stay(board, project, build_dir):
    code, out, err = run_flash(board, project, build_dir)
    assert code == 0, out + err
    with open(project / "firmware" / "core" / "prng.py", "a") as f:
        f.write("\nFLASH_TEST = 1\n")
    root = Path(board.root)
    (root / "firmware" / "core" / "old_game.mpy").write_bytes(b"M\x06stale")
    (root / "firmware" / "games" / "diams" / "rules.py").write_text("# a source beside its .mpy\n")
    (root / "firmware" / "gone").mkdir()
    (root / "firmware" / "gone" / "x.mpy").write_bytes(b"stale")
    (root / "saves" / "slot2.json.part").write_bytes(b"half a save")
    (root / "notes.txt").write_text("not ours")
    code, out, err = run_flash(board, project, build_dir)
    assert code == 0, out + err
    assert copied(out) == ["firmware/core/prng.mpy"]
    assert "copied 1 files" in summary(out)
    assert on_board(board) == dict(expected(project, build_dir), **{"notes.txt": hashlib.sha256(
        b"not ours").hexdigest()})
    assert not (root / "firmware" / "gone").exists()
    assert (root / "saves" / "slot1.json").read_bytes() == SAVE
    assert (root / "saves" / "slot2.json.part").read_bytes() == b"half a save"
    assert "FLASH_TEST" in mpremote(board, "exec", "import firmware.core.prng as p; print(dir(p))")


def test_dry_run_lists_the_plan_and_writes_nothing(board, project, build_dir):
    code, out, err = run_flash(board, project, build_dir, "--dry-run")
    assert code == 0, out + err
    assert "firmware/games/diams/rules.mpy" in copied(out)
    assert "dry run: would copy" in out
    assert on_board(board) == {}


def test_killed_midway_then_flashed_again_is_consistent(tmp_path, project, build_dir):
    """The flash is killed while it writes firmware/games/diams/rules.mpy (between two chunks, seen
    from the board's side); the board then holds whole old-or-new files and one .part; the
    next flash finishes the job and removes the .part."""
    state = {"open": False, "proc": None, "killed": False}

    def watch(direction, data):
        if direction != "in" or state["killed"]:
            return
        if b"diams/rules.mpy.part" in data:
            state["open"] = True
        elif state["open"] and b"f.write(" in data and state["proc"] is not None:
            os.killpg(state["proc"].pid, signal.SIGKILL)
            state["killed"] = True

    root = tmp_path / "board"
    (root / "saves").mkdir(parents=True)
    (root / "saves" / "slot1.json").write_bytes(SAVE)
    cmd = [sys.executable, str(ROOT / "tools" / "flash.py"), "--root", str(project),
           "--build-dir", str(build_dir)]
    with VirtualBoard(root, heap=HEAP, log=watch) as board:
        assert board.wait_ready(10)
        proc = subprocess.Popen(cmd + ["--port", board.device], stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        state["proc"] = proc
        try:
            out, _ = proc.communicate(timeout=60)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        assert state["killed"] and proc.returncode == -signal.SIGKILL, out
        want = expected(project, build_dir)
        half = on_board(board)
        assert "firmware/games/diams/rules.mpy.part" in half
        assert "firmware/games/diams/rules.mpy" not in half
        for path, digest in half.items():  # every other file there is whole
            assert path.endswith(".part") or want.get(path) == digest, path
        code, out, err = run_flash(board, project, build_dir)
        assert code == 0, out + err
        assert on_board(board) == want  # no .part left, everything new
        assert "firmware/games/diams/rules.mpy" in copied(out) and "boot.py" not in copied(out)
        assert (root / "saves" / "slot1.json").read_bytes() == SAVE
        out = mpremote(board, "exec", "import firmware.games.diams.rules as d; print(d.TITLE)")
        assert "Diam's" in out


def test_selftest_of_every_game_through_mpremote(board, project, build_dir):
    code, out, err = run_flash(board, project, build_dir)
    assert code == 0, out + err
    from firmware.core import GAMES

    present = [g for g in GAMES if (project / "firmware" / "games" / g / "rules.py").exists()]
    assert "diams" in present
    out = mpremote(board, "exec", "from firmware import selftest; selftest.run()", timeout=120)
    for game in GAMES:
        if game in present:
            assert "selftest %s: ok," % game in out, out
        else:
            assert "selftest %s: not on this board" % game in out, out
    assert "selftest: %d passed, 0 failed" % len(present) in out, out
    # main.py runs it when the flag file is there (as on a board at power-on).
    (Path(board.root) / "selftest").write_text("")
    out = mpremote(board, "exec", "import main", timeout=120)
    assert "selftest: %d passed, 0 failed" % len(present) in out, out


def circuitpy_drive(tmp_path, boot_out=BOOT_OUT):
    """A folder standing for a CIRCUITPY drive: its boot_out.txt and a save."""
    drive = tmp_path / "CIRCUITPY"
    (drive / "saves").mkdir(parents=True)
    (drive / "saves" / "slot1.json").write_bytes(SAVE)
    (drive / "boot_out.txt").write_text(boot_out)
    return drive


def files_under(root):
    """{path: bytes} of every file under `root` (a drive or a board folder)."""
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(Path(root).rglob("*")) if p.is_file()}


def older_lib(root):
    """Put in `root`'s lib/ what a board may hold there that is not ours: the user's libraries
    and adafruit_display_text as an older flash copied it (the app no longer uses it; a .py
    beside its .mpy too). Returns {path: bytes} of lib/, which every flash must leave alone."""
    lib = Path(root) / "lib"
    (lib / "adafruit_display_text").mkdir(parents=True)
    (lib / "adafruit_display_text" / "__init__.mpy").write_bytes(CP_HEADER + b"older flash")
    (lib / "adafruit_display_text" / "bitmap_label.mpy").write_bytes(CP_HEADER + b"older")
    (lib / "adafruit_display_text" / "label.py").write_text("# an older flash\n")
    (lib / "adafruit_display_text" / "label.mpy").write_bytes(CP_HEADER + b"older")
    (lib / "neopixel").mkdir()
    (lib / "neopixel" / "__init__.py").write_text("mine\n")
    (lib / "adafruit_ticks.mpy").write_bytes(CP_HEADER + b"theirs")
    return lib_files(root)


def lib_files(root):
    """{path: bytes} of every file under `root`'s lib/."""
    return {p: data for p, data in files_under(root).items() if p.startswith("lib/")}


def assert_circuitpython_tree(found, project):
    """`found` ({path: bytes} of a board) holds every module of the project's firmware as a
    CircuitPython .mpy and no .py of it, boot.py and main.py as sources, no x.py beside an
    x.mpy anywhere but in lib/ (not ours), no .part."""
    found = {p: data for p, data in found.items() if not p.startswith("lib/")}
    modules = sorted(p.relative_to(project).with_suffix("").as_posix()
                     for p in (project / "firmware").rglob("*.py"))
    assert modules
    for module in modules:
        assert found[module + ".mpy"][:2] == CP_HEADER, module
        assert module + ".py" not in found, module
    for path, data in found.items():
        if path.endswith(".mpy"):
            assert data[:2] == CP_HEADER, path
            assert path[:-4] + ".py" not in found, path
        elif path.startswith("firmware/"):
            assert not path.endswith(".py"), path
    for name in flash.SOURCES:
        assert found[name] == (project / name).read_bytes()
    assert not [p for p in found if p.endswith(".part")]


@needs_cp_compiler
def test_drive_mode_ships_circuitpython_mpy_and_keeps_saves_and_lib(tmp_path, project,
                                                                    build_dir):
    """A CircuitPython drive gets every module as CircuitPython .mpy (header C 06), never a
    .py beside it; boot.py and main.py as sources; the saves untouched; lib/ untouched (the
    user's libraries, an older flash's adafruit_display_text): nothing is copied there, nothing
    removed; a second flash copies nothing."""
    drive = circuitpy_drive(tmp_path)
    lib = older_lib(drive)
    assert flash.main(["--drive", str(drive), "--root", str(project),
                       "--build-dir", str(build_dir)]) == 0
    found = files_under(drive)
    assert_circuitpython_tree(found, project)
    assert (drive / "saves" / "slot1.json").read_bytes() == SAVE
    assert lib_files(drive) == lib
    lines = []
    flash.flash(drive=str(drive), root=project, build_dir=build_dir, out=lines.append)
    assert "copied 0 files" in lines[-1]
    assert files_under(drive) == found


@needs_cp_compiler
@pytest.mark.parametrize("machine,told", [("Adafruit PyBadge with samd51j19", True),
                                          ("Adafruit PyGamer with samd51j19", True),
                                          ("Raspberry Pi Pico with rp2040", False)])
def test_a_pybadge_is_told_the_uf2_plays_every_game(tmp_path, project, build_dir, machine,
                                                    told):
    # From .mpy Diploma does not fit a PyBadge's or PyGamer's heap: the flash says which
    # file does, read from the board's name in boot_out.txt (a Pico fits it).
    drive = circuitpy_drive(tmp_path, "Adafruit CircuitPython 9.2.9 on 2025-09-07; %s\n"
                            % machine)
    lines = []
    summary = flash.flash(drive=str(drive), root=project, build_dir=build_dir, dry_run=True,
                          out=lines.append)
    assert summary["board"] == "CircuitPython 9.2.9 (%s)" % machine
    notes = [line for line in lines if "pocket-gems-pybadge.uf2" in line]
    assert len(notes) == int(told) and (not told or "Diploma does not fit" in notes[0])


@needs_cp_compiler
@pytest.mark.skipif(not CP_UNIX.is_file(), reason="CircuitPython's unix port is not at "
                    "../shared/cpy/ beside the checkout: nothing to load the .mpy with")
def test_circuitpython_loads_what_the_drive_flash_wrote(tmp_path, project, build_dir):
    """CircuitPython 9.2.9 itself (its unix port, 32-bit) imports the flashed .mpy modules
    from the drive alone and runs main.py's self-test of every game from them."""
    drive = circuitpy_drive(tmp_path)
    flash.flash(drive=str(drive), root=project, build_dir=build_dir, out=lambda line: None)
    code = ("import sys\nsys.path[:] = [%r]\n"
            "import firmware.games.diams.rules as d, firmware.ui.console as c\n"
            "print(d.__file__, c.__file__, d.TITLE)" % str(drive))
    done = subprocess.run([str(CP_UNIX), "-X", "heapsize=256k", "-c", code],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == [str(drive / "firmware/games/diams/rules.mpy"),
                                   str(drive / "firmware/ui/console.mpy"), "Diam's"]
    done = subprocess.run([str(CP_UNIX), "-X", "heapsize=256k", "main.py", "--selftest"],
                          capture_output=True, text=True, timeout=120, cwd=drive)
    assert done.returncode == 0, done.stdout + done.stderr
    assert ", 0 failed" in done.stdout and "selftest diams: ok," in done.stdout, done.stdout


def test_source_flag_ships_py_and_says_what_it_costs(tmp_path, project, build_dir, capsys):
    """--source ships .py on purpose (no compiler needed) and says it costs heap, and leaves
    lib/ alone as a .mpy flash does; a second flash copies nothing."""
    drive = circuitpy_drive(tmp_path)
    lib = older_lib(drive)
    assert flash.main(["--drive", str(drive), "--root", str(project), "--build-dir",
                       str(build_dir), "--source"]) == 0
    assert "--source: shipping .py sources" in capsys.readouterr().out
    assert (drive / "firmware" / "games" / "diams" / "rules.py").read_bytes() == (
        project / "firmware" / "games" / "diams" / "rules.py").read_bytes()
    assert not list((drive / "firmware").rglob("*.mpy")) and not list(drive.rglob("*.part"))
    assert (drive / "saves" / "slot1.json").read_bytes() == SAVE
    assert lib_files(drive) == lib
    lines = []
    flash.flash(drive=str(drive), root=project, build_dir=build_dir, out=lines.append,
                source=True)
    assert "copied 0 files" in lines[-1]


@needs_cp_compiler
def test_stale_py_and_mpy_replaced_both_ways(tmp_path, project, build_dir):
    """Both ports import x.py before x.mpy: whichever form a flash ships, the other one left
    by an earlier flash is removed, so the board holds exactly one of them."""
    drive = circuitpy_drive(tmp_path)

    def flash_drive(**kw):
        lines = []
        flash.flash(drive=str(drive), root=project, build_dir=build_dir, out=lines.append, **kw)
        return "\n".join(lines)

    flash_drive(source=True)  # an older flash of sources
    sources = {p for p in files_under(drive) if p.endswith(".py") and p not in flash.SOURCES}
    assert "firmware/games/diams/rules.py" in sources
    out = flash_drive()
    found = files_under(drive)
    assert_circuitpython_tree(found, project)
    removed = {line.split()[1] for line in out.splitlines() if line.startswith("remove ")}
    assert removed == sources  # every .py of the older flash, and only those
    # One stale .py beside its .mpy (a flash interrupted long ago, a copy by hand): it goes,
    # nothing else moves.
    (drive / "firmware" / "games" / "diams" / "rules.py").write_text("TITLE = 'stale'\n")
    out = flash_drive()
    assert "remove firmware/games/diams/rules.py (stale)" in out and copied(out) == []
    assert files_under(drive) == found
    # And back to sources: every .mpy goes.
    flash_drive(source=True)
    assert not list(drive.rglob("*.mpy"))
    assert (drive / "firmware" / "games" / "diams" / "rules.py").is_file()


@needs_cp_compiler
def test_circuitpython_over_serial_ships_circuitpython_mpy(board, project, build_dir,
                                                           monkeypatch, capsys):
    """Over the serial REPL (a CircuitPython board that lets code write its flash): the
    firmware as CircuitPython .mpy, written as .part, checked and renamed; a .py of an older
    flash beside a new .mpy is removed; lib/ (the user's, an older flash's
    adafruit_display_text) is left alone."""
    _altered_probe(monkeypatch, kind="circuitpython")
    lib = older_lib(board.root)
    (Path(board.root) / "firmware" / "games" / "diams").mkdir(parents=True)
    (Path(board.root) / "firmware" / "games" / "diams" / "rules.py").write_text("TITLE = 'stale'\n")
    assert flash.main(["--port", board.device, "--root", str(project), "--build-dir",
                       str(build_dir), "--no-reset"]) == 0, capsys.readouterr()
    found = {path: data for path, data in files_under(board.root).items()
             if not path.startswith("saves/")}
    assert_circuitpython_tree(found, project)
    assert lib_files(board.root) == lib


def test_drive_button_named_from_the_profiles():
    from firmware.hw import PROFILES
    from firmware.hw.kit import DRIVE_BUTTONS

    assert flash.drive_buttons(ROOT) == DRIVE_BUTTONS
    assert sorted(DRIVE_BUTTONS) == sorted(PROFILES)
    assert flash.DRIVE_BUTTON == "SELECT (PyBadge/PyGamer) or B (Pico Display Pack)"


# -- the errors, each with its fix ------------------------------------------------------------
class Port:
    def __init__(self, device, description):
        self.device, self.description, self.product = device, description, description
        self.vid, self.pid = 0x239A, 0x8033

    def __lt__(self, other):
        return self.device < other.device


def _error(capsys, argv):
    assert flash.main(argv) == 1
    return capsys.readouterr().err


def test_error_no_board(monkeypatch, capsys):
    import serial.tools.list_ports

    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: [])
    err = _error(capsys, [])
    assert "No board found" in err and "--port" in err and "data cable" in err


def test_error_several_boards(monkeypatch, capsys):
    import serial.tools.list_ports

    ports = [Port("/dev/ttyACM1", "PyGamer"), Port("/dev/ttyACM0", "PyBadge")]
    monkeypatch.setattr(serial.tools.list_ports, "comports", lambda: ports)
    err = _error(capsys, [])
    assert "Several boards found" in err and "--port /dev/ttyACM0" in err and "PyGamer" in err


def test_error_board_busy(board, project, build_dir, capsys):
    import serial

    held = serial.Serial(board.device, exclusive=True)  # another program has the port
    try:
        err = _error(capsys, ["--port", board.device, "--root", str(project),
                              "--build-dir", str(build_dir)])
    finally:
        held.close()
    assert "is busy" in err and "Close it" in err


def _altered_probe(monkeypatch, **changes):
    real = flash.SerialTarget._probe

    def probe(self):
        info = real(self)
        info.update(changes)
        return info

    monkeypatch.setattr(flash.SerialTarget, "_probe", probe)


def test_error_read_only_says_which_button(board, project, build_dir, monkeypatch, capsys):
    _altered_probe(monkeypatch, read_only=errno.EROFS, kind="circuitpython")
    err = _error(capsys, ["--port", board.device, "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert "read-only" in err and flash.DRIVE_BUTTON in err and "--drive" in err
    assert on_board(board) == {}


def test_error_read_only_drive(tmp_path, project, build_dir, monkeypatch, capsys):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    real = os.replace

    def refuse(src, dst):  # what a drive the board owns does to the computer's writes
        raise OSError(errno.EROFS, "Read-only file system", str(dst))

    monkeypatch.setattr(os, "replace", refuse)
    err = _error(capsys, ["--drive", str(drive), "--root", str(project),
                          "--build-dir", str(build_dir), "--source"])
    monkeypatch.setattr(os, "replace", real)
    assert "is read-only" in err and flash.DRIVE_BUTTON in err and "holding" in err


def test_error_not_enough_space_says_how_much(board, project, build_dir, monkeypatch, capsys):
    _altered_probe(monkeypatch, free=4096)
    err = _error(capsys, ["--port", board.device, "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert "Not enough space" in err and "4.0 KiB is free" in err and "Free at least" in err
    assert on_board(board) == {}


def test_error_no_drive(tmp_path, capsys):
    err = _error(capsys, ["--drive", str(tmp_path / "nowhere")])
    assert "No drive at" in err and "CIRCUITPY" in err


def test_error_circuitpython_compiler_missing(tmp_path, project, build_dir, board,
                                              monkeypatch, capsys):
    """Without CircuitPython's mpy-cross a CircuitPython flash stops, exit status 1, with how
    to get the compiler, and writes nothing: never a quiet fallback to .py. On a drive and
    over serial; with $MPY_CROSS_CIRCUITPYTHON naming a missing file, and with no compiler
    anywhere."""
    drive = circuitpy_drive(tmp_path)
    before = files_under(drive)
    missing = tmp_path / "no" / "mpy-cross-circuitpython"
    monkeypatch.setenv(mpbuild.CP_ENV, str(missing))
    err = _error(capsys, ["--drive", str(drive), "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert "%s=%s is not an executable file" % (mpbuild.CP_ENV, missing) in err
    assert mpbuild.CP_HOWTO in err and "adafruit/circuitpython" in err and "--source" in err
    assert files_under(drive) == before
    _altered_probe(monkeypatch, kind="circuitpython")
    err = _error(capsys, ["--port", board.device, "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert mpbuild.CP_HOWTO in err
    assert on_board(board) == {}
    # Nowhere at all: not named, not beside the checkout, not on PATH.
    monkeypatch.delenv(mpbuild.CP_ENV)
    monkeypatch.setattr(mpbuild, "CP_SHARED", missing)
    monkeypatch.setenv("PATH", str(tmp_path / "no"))
    err = _error(capsys, ["--drive", str(drive), "--root", str(project),
                          "--build-dir", str(build_dir), "--dry-run"])
    assert mpbuild.CP_HOWTO in err and "flash: A CircuitPython board needs" in err
    assert files_under(drive) == before


def test_error_micropython_mpy_for_a_circuitpython_board(tmp_path, project, build_dir,
                                                         capsys):
    """--mpy-cross naming MicroPython's compiler for a CircuitPython board: its .mpy (magic
    'M') would be refused by the board, so the flash stops before writing anything."""
    drive = circuitpy_drive(tmp_path)
    before = files_under(drive)
    err = _error(capsys, ["--drive", str(drive), "--root", str(project), "--build-dir",
                          str(build_dir), "--mpy-cross", mpbuild.micropython_mpy_cross()])
    assert "MicroPython's .mpy, which CircuitPython refuses" in err and "--mpy-cross" in err
    assert files_under(drive) == before


@needs_cp_compiler
def test_error_circuitpython_8_needs_an_update(tmp_path, project, build_dir, capsys):
    """CircuitPython 8 loads .mpy v5, not the v6 of CircuitPython 9's compiler: the flash
    says to install CircuitPython 9 or later and writes nothing."""
    drive = circuitpy_drive(tmp_path, "Adafruit CircuitPython 8.2.10 on 2024-02-14; PyBadge\n")
    before = files_under(drive)
    err = _error(capsys, ["--drive", str(drive), "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert "CircuitPython 8.2.10" in err and "CircuitPython 9 or later" in err
    assert files_under(drive) == before


def test_error_module_that_does_not_compile(board, project, build_dir, capsys):
    (project / "firmware" / "core" / "broken.py").write_text("def half(:\n")
    err = _error(capsys, ["--port", board.device, "--root", str(project),
                          "--build-dir", str(build_dir)])
    assert "firmware/core/broken.py" in err and "Fix that module" in err
    assert on_board(board) == {}


def test_error_board_does_not_answer(capsys):
    master, slave = os.openpty()  # a serial port with nothing behind it
    try:
        err = _error(capsys, ["--port", os.ttyname(slave)])
    finally:
        os.close(master)
        os.close(slave)
    assert "does not answer" in err and "reset button" in err
