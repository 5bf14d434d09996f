# Link play's board time (issue 58), run on the emulated Raspberry Pi Pico: tools/bench.py
# puts this module on the board's flash as .mpy beside the firmware and calls main(). One
# whole game, normal bots and one linked seat whose guest runs on the same board at the
# other end of a cable in memory, picking at random: both ends' work timed by the emulated
# 125 MHz clock, the bytes counted. Portable (MicroPython); prints "@bench KEY value ..."
# lines for bench.py.
#   sizes   the updates' payload bytes: count, mean, max, and the first's (whole)
#   host    us of the host's link_tick that sends an update (view, JSON, frame, CRC): mean p95 max
#   guest   us of the guest's link_tick that takes one (CRC, JSON, patch, sample_state)
#   move    a guest's pick to its next view, the boards' work only: its pick (play), the
#           host's taking and playing it, the update, the guest's taking it: mean p95 max
#   bytes   the bytes on the wire for that move, each way: guest->host mean max, host->guest
#   parts   that move's mean us in its steps: the guest's pick (play, its ACTION out), the
#           host's link ticks (taking it, the update out), the host's playing it, the guest's
#           taking the update
import time

from firmware.core import load
from firmware.core.prng import Prng
from firmware.link import Link
from firmware.ui.guest import Guest
from firmware.ui.match import LINKED, Match

MARK = "@bench"
FRAME_MS = 33


def say(key, values):
    print(MARK, key, " ".join([str(v) for v in values]))


class End:
    """An end of the cable: writes go on one list, reads take all of the other's."""

    def __init__(self, out, back):
        self.out = out
        self.back = back
        self.written = 0

    def write(self, data):
        self.out.append(bytes(data))
        self.written += len(data)

    def read(self):
        if not self.back:
            return None
        data = b"".join(self.back)
        del self.back[:]
        return data


def spread(values):
    values = sorted(values)
    if not values:
        return [0, 0, 0]
    return [sum(values) // len(values), values[len(values) * 95 // 100], values[-1]]


def main(game, players, seed, seat):
    us = time.ticks_us
    diff = time.ticks_diff
    ab = []
    ba = []
    host_end = End(ab, ba)
    guest_end = End(ba, ab)
    kinds = ["normal"] * players
    kinds[seat] = LINKED
    host = Match(load(game).new_game(players, seed), kinds, link=Link(host_end, 1, 0))
    guest = Guest(Link(guest_end, 2, 0))
    remote = host.remote
    rng = Prng(seed)
    payloads = []  # the updates' sizes, as the Remote queues them
    send = remote.link.send

    def counted(kind, payload=b""):
        payloads.append(len(payload))
        send(kind, payload)

    remote.link.send = counted
    host_us = []
    guest_us = []
    sizes = []
    whole = 0  # the first update's: whole
    moves = []  # us of each guest move's work, end to end
    up = []  # bytes guest -> host for it
    down = []  # bytes host -> guest for it
    pending = None  # [us so far, bytes up, bytes down] of the guest's move under way
    parts = [0, 0, 0, 0]  # its steps' us, summed over the moves (see "parts")
    part = None  # those of the move under way
    now = 0
    for _ in range(100000):
        if host.over() and guest.over() and remote.told is host.state:
            break
        now += FRAME_MS
        number = remote.number
        written = host_end.written
        t0 = us()
        host.link_tick(now)
        spent = diff(us(), t0)
        if remote.number != number:  # an update went
            host_us.append(spent)
            sizes.append(payloads[-1])
            if number == 0:
                whole = payloads[-1]
        if pending is not None:  # (the frame that takes its ACTION, the one that answers)
            pending[0] += spent
            pending[2] += host_end.written - written
            part[1] += spent
        t0 = us()
        changed = guest.link_tick(now)
        spent = diff(us(), t0)
        if changed:
            guest_us.append(spent)
            if pending is not None and remote.told is host.state:
                pending[0] += spent
                part[3] += spent
                for i in range(4):
                    parts[i] += part[i]
                moves.append(pending[0])
                up.append(pending[1])
                down.append(pending[2])
                pending = None
        if not host.over():
            before = len(host.state.history)
            t0 = us()
            host.think(1000000)
            spent = diff(us(), t0)
            if pending is not None and len(host.state.history) > before:
                pending[0] += spent
                part[2] += spent
        if guest.human_turn():
            legal = guest.legal()
            written = guest_end.written
            t0 = us()
            guest.play(legal[rng.randbelow(len(legal))])
            pending = [diff(us(), t0), 0, 0]
            t0 = us()
            guest.link_tick(now)  # (its ACTION goes out on this frame)
            pending[0] += diff(us(), t0)
            pending[1] = guest_end.written - written
            part = [pending[0], 0, 0, 0]
    say("sizes", [len(sizes), sum(sizes) // max(1, len(sizes)), max(sizes), whole])
    say("host", spread(host_us))
    say("guest", spread(guest_us))
    say("move", spread(moves))
    say("bytes", [sum(up) // max(1, len(up)), max(up or [0]),
                  sum(down) // max(1, len(down)), max(down or [0])])
    say("parts", [v // max(1, len(moves)) for v in parts])
    say("done", [len(host.state.history)])
