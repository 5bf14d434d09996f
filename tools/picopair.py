"""Link play on two emulated Picos (issue 58): both run the Pico UF2 with the games frozen in
(tools/uf2.py's "emu" build), their UART1s wired together in one emulator process
(tools/pico-pair.js). One hosts a game whose second seat is "linked", the other joins it;
each board's player presses buttons at its own app (host_tests/core/hands.py: the same picks
at the same decisions, whichever board asks), the app drawing on its Display Pack as at
power-on. Faults (pico-pair.js's) cut, garble, stall the cable or reset a board mid-game.

    .venv/bin/python tools/picopair.py diams                  # a clean game, its figures
    .venv/bin/python tools/picopair.py sixgems --faults --echo

The result: each board's output (the host's game history and final screen, the guest's), its
board time and resets, and the bytes each board received on its UART1.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import pico  # noqa: E402
import uf2  # noqa: E402

ROOT = TOOLS.parent
HANDS = ROOT / "host_tests" / "core" / "hands.py"
TITLES = {"diams": "Diam's", "diamonds": "Diamonds", "sixgems": "SIXGEMS", "diploma": "Diploma"}
SEED = 5
CLOCK_HZ = pico.CLOCK_HZ
# What each board runs after the app it started at power-on is stopped: the app again, on the
# pack, saving as at power-on, its buttons pressed by the Hands (hands.py's Side: to the
# game's end and a few seconds more), then what it shows.
SIDE = """
from firmware import hw
from firmware.app import App, FRAME_MS
from firmware.clock import sleep_ms, ticks_diff, ticks_ms
from firmware.save import SaveSlot, code_can_write
from firmware.ui.fbscene import Scene

board = hw.open_board("picodisplay")
app = App(board, Scene(board.display), SaveSlot(), code_can_write(), None, SEED)
app.pace_ms = 0
side = Side(app, Hands(app, SEATS, SEED, GAME, SETUP, print))
while True:
    start = ticks_ms()
    if side.frame(start):
        break
    sleep_ms(FRAME_MS - ticks_diff(ticks_ms(), start))
history, texts = side.result()
print("HISTORY", history)
print("TEXTS", texts)
"""


def side_script(game, seats, seed, setup):
    """The board's script: the Hands (hands.py's source) and SIDE."""
    head = "GAME = %r\nSEATS = %r\nSEED = %d\nSETUP = %r\n" % (game, seats, seed, setup)
    return HANDS.read_text() + "\n" + head + SIDE


class Pair:
    """A pair's run: status, failure, board_s (the lockstep's board time at the end),
    boards {name: {stdout, stderr, resets, busy_cycles, received (the bytes of each
    boot)}}, faults (with the board ms each fired at, None if never), host_seconds."""

    def __init__(self, data, status, stderr, host_seconds):
        self.status = status
        self.stderr = stderr
        self.host_seconds = host_seconds
        self.failure = data.get("failure")
        self.board_s = data.get("board_s")
        self.faults = data.get("faults", [])
        self.boards = data.get("boards", {})
        for board in self.boards.values():
            board["received"] = [bytes.fromhex(part) for part in board["received"]]

    def line(self, board, head):
        """The value printed on `board`'s line that starts with `head` (a Python literal)."""
        import ast

        for line in self.boards[board]["stdout"].splitlines():
            if line.startswith(head + " "):
                return ast.literal_eval(line[len(head) + 1:])
        return None

    def figures(self):
        busy = ", ".join("%s %.1f s busy%s" % (
            name, board["busy_cycles"] / CLOCK_HZ,
            " (%d resets)" % board["resets"] if board["resets"] else "")
            for name, board in self.boards.items())
        return "%.1f s board time (%s), %.0f s host wall" % (
            self.board_s or 0, busy, self.host_seconds)


def run(game, seed=SEED, faults=(), echo=False, timeout=3000, max_board_s=1800, emu=None,
        image=None):
    """A game of `game` for two (P1 a human at the host, P2 linked: the guest's), with
    `faults` (pico-pair.js's); returns a Pair."""
    emu = Path(emu) if emu else pico.prepare()
    image = Path(image) if image else uf2.build("emu", log=lambda line: None)
    setup = (("Players", "2"), ("P1:", "human"), ("P2:", "linked"))
    boards = [{"name": "host", "script": side_script(TITLES[game], [0], seed, setup)},
              {"name": "guest", "script": side_script(None, [1], seed, ())}]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "pair.json"
        config = Path(folder) / "config.json"
        config.write_text(json.dumps({
            "emu": str(emu), "firmware": str(image), "boards": boards, "faults": list(faults),
            "out": str(out), "timeout": timeout, "max_board_s": max_board_s, "echo": echo}))
        started = time.monotonic()
        node = str(pico.node_bin() / "node")
        proc = subprocess.run([node, str(TOOLS / "pico-pair.js"), str(config)],
                              stdout=subprocess.PIPE, stderr=None if echo else subprocess.PIPE,
                              timeout=timeout + 120)
        host = time.monotonic() - started
        data = json.loads(out.read_text()) if out.exists() else {}
    err = proc.stderr.decode("utf-8", "replace") if proc.stderr else ""
    return Pair(data, proc.returncode, err, host)


# A fault of each kind, at the guest's and the host's decisions (the picks each prints).
FAULTS = [
    {"board": "guest", "at": 3, "do": "cut", "ms": 10000},
    {"board": "host", "at": 8, "do": "garble", "ms": 15000, "every": 61},
    {"board": "guest", "at": 13, "do": "stall", "ms": 2500},
    {"board": "guest", "at": 17, "do": "reset", "who": "guest"},
    {"board": "host", "at": 22, "do": "reset", "who": "host"},
]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(TITLES))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--faults", action="store_true", help="a fault of each kind (FAULTS)")
    parser.add_argument("--echo", action="store_true", help="the boards' output as it comes")
    args = parser.parse_args(argv)
    pair = run(args.game, args.seed, FAULTS if args.faults else (), args.echo)
    print("status %d%s: %s" % (pair.status, " (%s)" % pair.failure if pair.failure else "",
                               pair.figures()))
    for name, board in pair.boards.items():
        print("%s: %d bytes received, %s" % (name, sum(map(len, board["received"])), board["stderr"]
                                              or "no error"))
    print("host's history: %r" % pair.line("host", "HISTORY"))
    print("texts: %r / %r" % (pair.line("host", "TEXTS"), pair.line("guest", "TEXTS")))
    for fault in pair.faults:
        print("fault %s at %s ms" % (json.dumps(fault), fault["fired"]))
    return 0 if pair.status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
