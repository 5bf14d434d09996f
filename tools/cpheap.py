"""The heap of the frozen app on real CircuitPython, at a PyBadge's size (host tooling).

    .venv/bin/python tools/cpheap.py [--game NAME ...] [--spare 24k] [--sample]

A PyBadge cannot be emulated here; its interpreter can, on another chip: the emulated Pico
running the cp-emu firmware (tools/cpbuild.py: CircuitPython 9.2.9 with the app frozen in,
the PyBadge's module cuts). Both chips give the heap all the RAM between the firmware's own
data and the stack (24 KiB + 1 KiB on both), so the Pico is made a PyBadge by a ballast
taken first: the difference of those two spans, read from the two builds' ELF files
(ballast()), plus the 4 KiB the PyBadge's external flash borrows from the heap while a save
is written (CircuitPython's external_flash.c; the Pico's own flash has a buffer of its own).
The app runs as on the board, on its own display (the Pico Display Pack's profile: 240x135,
a bigger canvas than the PyBadge's 160x128) with its real displayio, from its title through
a whole game with bots on every seat, saving every move (tools/heapgame.py, MODE "board"),
hard bots capped at 8 playouts a decision (the playouts' garbage does not pile up).

--spare N takes N bytes more: the game must still end with no search or save cut short by
memory, which is what "N bytes to spare at its lowest point" means on a fragmenting heap.
--sample reports the lowest gc.mem_free() after a gc.collect() at every frame instead (the
figure; slower). --mpy puts the firmware's modules on the drive as CircuitPython .mpy, as
`make flash` does onto stock CircuitPython (they come first on sys.path): the same game from
the heap, for comparison. Each game at its largest player count unless --players.
"""

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import boardheap
import cpbuild
import cpico
import pico

ROOT = cpbuild.ROOT
SCRIPT = ROOT / "tools" / "heapgame.py"
FLASH_CACHE = 4096  # the PyBadge's external flash: a sector's cache while a save is written
STACK = 24 * 1024 + 1024  # CIRCUITPY_DEFAULT_STACK_SIZE + the exception stack, both chips


def symbols(elf):
    """{name: address} of an ELF's symbols (arm-none-eabi-nm)."""
    out = subprocess.run(["arm-none-eabi-nm", str(elf)], capture_output=True, text=True,
                         check=True).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            found[parts[2]] = int(parts[0], 16)
    return found


def heap_span(elf, chip):
    """The bytes CircuitPython gives its heap on a build: from the end of its static data
    to the stack's limit (port_heap_get_bottom/top of the SAMD51 and RP2040 ports)."""
    names = symbols(elf)
    if chip == "samd51":
        return names["_estack"] - names["_ebss"] - STACK
    return names["_ld_cp_dynamic_mem_end"] - names["_ld_cp_dynamic_mem_start"] - STACK


def ballast(log=lambda line: None):
    """(bytes to take on the emulated Pico, the PyBadge's heap span, the Pico's)."""
    pybadge = heap_span(cpbuild.build("pybadge", log=log).elf, "samd51")
    pico_span = heap_span(cpbuild.build("cp-emu", log=log).elf, "rp2040")
    return pico_span - pybadge + FLASH_CACHE, pybadge, pico_span


def script(case, taken, sample):
    """code.py: heapgame.py on the board's own display, the ballast first."""
    head = ("BALLAST = %d\nGAME = %r\nPLAYERS = %d\nLEVEL = %r\nPLAYOUTS = %d\nMODE = 'board'\n"
            "SAVES = '/saves'\nSEED = %d\nOPTIONS = %r\nSAMPLE = %r\n"
            % (taken, case.game, case.players, case.level, case.playouts, case.seed,
               case.options, sample))
    return head + SCRIPT.read_text()


RESULT = re.compile(r"heapgame: ok (\d+) (\d+) (\d+) (\d+)")
TITLE = re.compile(r"heapgame: title (\d+)")


class Outcome:
    """One game's run: ended (normally), actions, cut (searches or saves cut short by
    memory), title / low / end (free heap at the title, at its lowest, at the game's end:
    bytes, None unless sampled), and the cpico Run."""

    def __init__(self, result, sample):
        self.result = result
        found = RESULT.search(result.text)
        title = TITLE.search(result.text)
        self.ended = found is not None and result.status == 0
        self.actions, self.end, self.cut, self.low = (
            (int(found.group(i)) for i in (1, 2, 3, 4)) if self.ended else (0, None, 0, None))
        self.title = int(title.group(1)) if title and sample else None
        if not sample:
            self.low = None


def mpy_files():
    """{drive path: bytes}: firmware/ as `make flash` writes it onto stock CircuitPython."""
    import flash

    built = flash.build(ROOT, "circuitpython", ROOT / "build" / "cpheap-flash",
                        flash.compiler("circuitpython"), True, [], None)
    return {path: Path(local).read_bytes() for path, local in built.items()
            if path.startswith("firmware/")}


def run(firmware, case, taken, sample=False, timeout=cpico.TIMEOUT, mpy=False):
    """An Outcome: one game through the app with `taken` bytes of the heap taken first (mpy:
    the firmware's modules from the drive as .mpy, not the frozen ones)."""
    files = mpy_files() if mpy else {}
    files.update({"pocket-gems.txt": "set up\n", "boot.py": (ROOT / "boot.py").read_bytes(),
                  "code.py": script(case, taken, sample)})
    with tempfile.TemporaryDirectory() as tmp:
        drive = cpico.drive_image(Path(tmp) / "drive.img", files)
        result = cpico.run(firmware, ["print('done')"], drive=drive, timeout=timeout)
    return Outcome(result, sample)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=sorted(boardheap.MAX_PLAYERS))
    parser.add_argument("--players", type=int)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--playouts", type=int, default=8)
    parser.add_argument("--timeout", type=int, default=4 * 3600, help="wall seconds a game")
    parser.add_argument("--spare", default="0", help="bytes taken on top of the PyBadge's "
                        "ballast (e.g. 24k)")
    parser.add_argument("--sample", action="store_true",
                        help="the lowest free heap after a collection at every frame")
    parser.add_argument("--mpy", action="store_true", help="the modules from the drive as "
                        ".mpy (make flash onto stock CircuitPython), not frozen")
    args = parser.parse_args(argv)
    try:
        pico.prepare()
        taken, pybadge, pico_span = ballast()
        firmware = cpbuild.build("cp-emu").image
    except (cpbuild.BuildError, pico.PicoError, cpico.CpicoError) as exc:
        print("cpheap: %s" % exc, file=sys.stderr)
        return 2
    spare = boardheap.parse_heap(args.spare)
    print("cpheap: PyBadge heap span %d B, the emulated Pico's %d B: ballast %d B (with the "
          "flash's %d), %d B more to spare; the modules %s" % (
              pybadge, pico_span, taken, FLASH_CACHE, spare,
              "from the drive as .mpy" if args.mpy else "frozen"))
    failed = 0
    for game in args.game or sorted(boardheap.MAX_PLAYERS):
        players = max(boardheap.MIN_PLAYERS[game],
                      min(args.players or 99, boardheap.MAX_PLAYERS[game]))
        case = boardheap.Case(game, players, "app", args.level, args.playouts)
        got = run(firmware, case, taken + spare, args.sample, args.timeout, args.mpy)
        if not got.ended:
            failed += 1
            print("%-26s FAILED (%s)\n%s" % (case.name(), got.result.figures(),
                                             got.result.text[-1500:]), flush=True)
            continue
        text = "ok, %d actions, %d cut short by memory, %s" % (got.actions, got.cut,
                                                               got.result.figures())
        if got.low is not None:
            text += "; free KB: title %.1f, lowest %.1f, end %.1f" % (
                got.title / 1024, got.low / 1024, got.end / 1024)
        failed += bool(got.cut and spare)
        print("%-26s %s" % (case.name(), text), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
