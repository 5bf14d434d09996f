"""Screenshots of link play for docs/screenshots (tools/shots.sh): two simulators in one
process, linked over the simulator's own socket (tools/simlink.py), a host with a seat set to
"linked" and its guest, each pressing A at its player's decisions; the pictures once the guest
has decided `--decisions` times and decides again: the guest's table (its hand), and the
host's (the linked seat's turn).

    python tools/linkshots.py OUT_DIR [--game diamonds] [--seed 2] [--decisions 2]
"""

import os
import sys

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]

from sim import Sim, headless_display, screenshot  # noqa: E402
from simlink import SocketPort  # noqa: E402

from firmware import buttons  # noqa: E402
from firmware.core import load  # noqa: E402
from firmware.hw import SIZES  # noqa: E402
from firmware.ui import screens  # noqa: E402


def decides(sim):
    match = sim.app.match
    return (isinstance(sim.app.screen, screens.TableScreen) and match is not None
            and match.human_turn() and not sim.app.screen.moving)


def main(argv):
    out = argv[0]
    args = dict(zip(argv[1::2], argv[2::2]))
    game = args.get("--game", "diamonds")
    seed = int(args.get("--seed", "2"))
    wanted = int(args.get("--decisions", "2"))
    listening = SocketPort("host", 0)
    joining = SocketPort("join", listening.address[1])
    sims = []
    for board, port in (("picodisplay", listening), ("pybadge", joining)):
        width, height = SIZES[board]
        sims.append(Sim(headless_display(width, height), board, None, None, seed, None, port))
    host, guest = sims
    guest.app.join()
    seats = ["human", "linked", "normal"]
    host.app._play(load(game).new_game(len(seats), seed, {}), seats)
    made = 0  # the guest's decisions so far
    for _ in range(20000):
        host.frame(buttons.A if decides(host) and host.now % 66 else 0)  # (A, then up)
        if decides(guest) and made == wanted:
            break
        if decides(guest) and guest.now % 66:
            made += 1
            guest.frame(buttons.A)
        else:
            guest.frame(0)
    else:
        raise SystemExit("linkshots: the guest never decided %d times" % wanted)
    for _ in range(40):  # (the host's table at the linked seat's turn, drawn)
        host.frame(0)
        guest.frame(0)
    os.makedirs(out, exist_ok=True)
    for name, sim in (("link-guest-pybadge", guest), ("link-host-picodisplay", host)):
        sim.refresh()
        screenshot(sim.display, os.path.join(out, name + ".png"))
        print(os.path.join(out, name + ".png"))
    listening.close()
    joining.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
