# Loop plans for Diploma's hard bot (rule ids P-xx refer to seeds/diploma.md).
#
# LOOPS lists every loop of 3 to 8 tiles a board can hold: which hexes, and the two edges the
# tile on each joins. For a board and the seat's magic-circle cards, Plan keeps the loops still
# open (every placed tile on them is the loop's own; every empty hex on them can still take
# the loop's tile) that would meet a card (P-K), and how many tiles each lacks. A lay is worth
# what it brings the best such loop of each card: PLAN[tiles lacking], so the bot builds
# towards a loop of 6 for P-K3 or a ring round the centre for P-K9, where the greedy value of
# lines (games/diploma/bot.py) sees a card only once a loop closes. Not on CircuitPython (no heap
# for it there: games/diploma/bot.py, PLANS).
from firmware.bots import finish
from firmware.core.base import const
from firmware.games.diploma import rules

_HEXES = rules.HEXES
_NEIGH = rules.NEIGH
_KINDS = rules.KINDS
_LINES = rules.LINE_TILES
_GREY = rules.GREY
_LOW = rules.LOW
_CENTRE_TOUCH = const(3)  # as the rules' P-K9 (host_tests/test_diploma_plan.py checks)
_PIECE = const(20)  # loops read between two pauses of load's thought

# Tenths of a point by the tiles a loop still lacks, 0..8 (the tile that closes it ends its
# plan: the card's points come with the loop, P-D2). Against normal, 2,000 games (seeds
# 20000..): 63.1% without plans; 67.6% counting loops lacking 1-4 tiles (50, 25, 10, 4);
# 70.8% down to 7 (.., 12, 6, 3, 1); 72.6% flatter (.., 30, 18, 10, 6, 3, 1); 72.9% this
# (72.7% with ties between loops broken as now).
PLAN = (0, 50, 35, 24, 16, 10, 6, 3, 1)

# per loop: its size n, 1 when the centre is inside it, n hexes, n edge masks
# (tools/diploma_loops.py makes it; host_tests/test_diploma_plan.py checks it)
LOOPS = (
    b"\x03\x00\x01\x06\x12\x0c\x30\x03\x03\x00\x01\x07\x12\x18\x06\x21\x03\x00\x01\x02\x08\x21"
    b"\x18\x06\x03\x00\x01\x07\x08\x30\x03\x0c\x03\x00\x02\x03\x0a\x03\x30\x0c\x03\x00\x02\x09"
    b"\x0a\x21\x06\x18\x03\x00\x02\x08\x09\x30\x03\x0c\x03\x00\x03\x0b\x0c\x03\x0c\x30\x03\x00"
    b"\x03\x04\x0c\x06\x21\x18\x03\x00\x03\x0a\x0b\x21\x06\x18\x03\x00\x04\x0c\x0d\x03\x0c\x30"
    b"\x03\x00\x04\x0d\x0e\x06\x18\x21\x03\x00\x04\x05\x0e\x0c\x03\x30\x03\x00\x05\x0e\x0f\x06"
    b"\x18\x21\x03\x00\x05\x0f\x10\x0c\x30\x03\x03\x00\x05\x06\x10\x18\x06\x21\x03\x00\x06\x10"
    b"\x11\x0c\x30\x03\x03\x00\x06\x11\x12\x18\x21\x06\x04\x00\x01\x06\x11\x12\x0c\x28\x21\x05"
    b"\x04\x00\x01\x02\x07\x08\x11\x18\x03\x0a\x04\x00\x01\x06\x07\x12\x14\x30\x06\x22\x04\x00"
    b"\x01\x02\x08\x09\x21\x28\x05\x0c\x04\x00\x01\x07\x08\x12\x28\x05\x0c\x21\x04\x00\x02\x03"
    b"\x0a\x0b\x03\x11\x0a\x18\x04\x00\x02\x08\x09\x0a\x11\x03\x0a\x18\x04\x00\x02\x03\x09\x0a"
    b"\x22\x30\x06\x14\x04\x00\x03\x04\x0b\x0c\x05\x21\x0c\x28\x04\x00\x03\x04\x0c\x0d\x06\x22"
    b"\x14\x30\x04\x00\x03\x0a\x0b\x0c\x22\x06\x14\x30\x04\x00\x04\x0c\x0d\x0e\x05\x0c\x28\x21"
    b"\x04\x00\x04\x05\x0d\x0e\x0a\x03\x18\x11\x04\x00\x04\x05\x0e\x0f\x0c\x05\x28\x21\x04\x00"
    b"\x05\x0e\x0f\x10\x0a\x18\x11\x03\x04\x00\x05\x06\x0f\x10\x14\x06\x30\x22\x04\x00\x05\x06"
    b"\x10\x11\x18\x0a\x11\x03\x04\x00\x06\x10\x11\x12\x14\x30\x22\x06\x05\x00\x01\x02\x07\x08"
    b"\x12\x09\x18\x05\x0a\x21\x05\x00\x01\x06\x10\x11\x12\x0c\x24\x30\x22\x05\x05\x00\x01\x02"
    b"\x07\x08\x09\x11\x28\x03\x09\x0c\x05\x00\x01\x06\x07\x11\x12\x14\x28\x06\x21\x24\x05\x00"
    b"\x01\x02\x08\x09\x0a\x21\x09\x05\x0a\x18\x05\x00\x01\x06\x07\x08\x12\x24\x30\x05\x0c\x22"
    b"\x05\x00\x02\x03\x0a\x0b\x0c\x03\x12\x0a\x14\x30\x05\x00\x02\x03\x08\x09\x0a\x12\x30\x03"
    b"\x0a\x14\x05\x00\x02\x03\x09\x0a\x0b\x22\x11\x06\x12\x18\x05\x00\x03\x04\x0b\x0c\x0d\x05"
    b"\x22\x0c\x24\x30\x05\x00\x03\x04\x0c\x0d\x0e\x06\x24\x14\x28\x21\x05\x00\x03\x04\x0a\x0b"
    b"\x0c\x24\x21\x06\x14\x28\x05\x00\x04\x05\x0c\x0d\x0e\x09\x03\x0c\x28\x11\x05\x00\x04\x05"
    b"\x0d\x0e\x0f\x0a\x05\x18\x09\x21\x05\x00\x04\x05\x0e\x0f\x10\x0c\x09\x28\x11\x03\x05\x00"
    b"\x05\x06\x0e\x0f\x10\x12\x06\x18\x11\x22\x05\x00\x05\x06\x0f\x10\x11\x14\x0a\x30\x12\x03"
    b"\x05\x00\x05\x06\x10\x11\x12\x18\x12\x11\x22\x06\x06\x01\x01\x02\x03\x04\x05\x06\x05\x0a"
    b"\x14\x28\x11\x22\x06\x00\x01\x02\x06\x07\x08\x12\x05\x18\x30\x05\x0a\x22\x06\x00\x01\x02"
    b"\x07\x08\x09\x12\x09\x28\x05\x09\x0c\x21\x06\x00\x01\x05\x06\x10\x11\x12\x0c\x18\x22\x11"
    b"\x22\x05\x06\x00\x01\x02\x07\x08\x09\x0a\x11\x09\x03\x09\x0a\x18\x06\x00\x01\x06\x07\x10"
    b"\x11\x12\x14\x24\x06\x30\x22\x24\x06\x00\x01\x02\x03\x08\x09\x0a\x21\x0a\x30\x05\x0a\x14"
    b"\x06\x00\x01\x06\x07\x08\x11\x12\x24\x28\x05\x0c\x21\x24\x06\x00\x02\x03\x04\x0a\x0b\x0c"
    b"\x03\x14\x21\x0a\x14\x28\x06\x00\x02\x03\x08\x09\x0a\x0b\x12\x11\x03\x0a\x12\x18\x06\x00"
    b"\x02\x03\x09\x0a\x0b\x0c\x22\x12\x06\x12\x14\x30\x06\x00\x03\x04\x0b\x0c\x0d\x0e\x05\x24"
    b"\x0c\x24\x28\x21\x06\x00\x03\x04\x05\x0c\x0d\x0e\x06\x28\x03\x14\x28\x11\x06\x00\x03\x04"
    b"\x0a\x0b\x0c\x0d\x24\x22\x06\x14\x24\x30\x06\x00\x04\x05\x0c\x0d\x0e\x0f\x09\x05\x0c\x28"
    b"\x09\x21\x06\x00\x04\x05\x0d\x0e\x0f\x10\x0a\x09\x18\x09\x11\x03\x06\x00\x04\x05\x06\x0e"
    b"\x0f\x10\x0c\x11\x06\x28\x11\x22\x06\x00\x05\x06\x0e\x0f\x10\x11\x12\x0a\x18\x11\x12\x03"
    b"\x06\x00\x05\x06\x0f\x10\x11\x12\x14\x12\x30\x12\x22\x06\x07\x01\x01\x02\x03\x04\x05\x06"
    b"\x0a\x05\x09\x24\x28\x11\x22\x0c\x07\x01\x01\x02\x03\x04\x05\x06\x0c\x05\x0a\x12\x09\x11"
    b"\x22\x18\x07\x01\x01\x02\x03\x04\x05\x06\x0e\x05\x0a\x14\x24\x12\x22\x30\x07\x01\x01\x02"
    b"\x03\x04\x05\x06\x10\x05\x0a\x14\x28\x09\x24\x21\x07\x00\x01\x02\x06\x07\x08\x11\x12\x05"
    b"\x18\x28\x05\x0a\x21\x24\x07\x00\x01\x02\x06\x07\x08\x09\x12\x05\x28\x30\x05\x09\x0c\x22"
    b"\x07\x00\x01\x02\x07\x08\x09\x0a\x12\x09\x09\x05\x09\x0a\x18\x21\x07\x01\x01\x02\x03\x04"
    b"\x05\x06\x12\x09\x0a\x14\x28\x11\x12\x03\x07\x00\x01\x05\x06\x0f\x10\x11\x12\x0c\x14\x22"
    b"\x30\x12\x22\x05\x07\x00\x01\x02\x03\x07\x08\x09\x0a\x11\x0a\x30\x03\x09\x0a\x14\x07\x00"
    b"\x01\x05\x06\x07\x10\x11\x12\x14\x18\x22\x06\x11\x22\x24\x07\x00\x01\x02\x03\x08\x09\x0a"
    b"\x0b\x21\x0a\x11\x05\x0a\x12\x18\x07\x01\x01\x02\x03\x04\x05\x06\x08\x24\x12\x14\x28\x11"
    b"\x22\x06\x07\x00\x01\x06\x07\x08\x10\x11\x12\x24\x24\x05\x0c\x30\x22\x24\x07\x00\x02\x03"
    b"\x04\x0a\x0b\x0c\x0d\x03\x14\x22\x0a\x14\x24\x30\x07\x00\x02\x03\x08\x09\x0a\x0b\x0c\x12"
    b"\x12\x03\x0a\x12\x14\x30\x07\x00\x02\x03\x04\x09\x0a\x0b\x0c\x22\x14\x21\x06\x12\x14\x28"
    b"\x07\x00\x03\x04\x05\x0b\x0c\x0d\x0e\x05\x28\x03\x0c\x24\x28\x11\x07\x00\x03\x04\x05\x0c"
    b"\x0d\x0e\x0f\x06\x28\x05\x14\x28\x09\x21\x07\x00\x03\x04\x0a\x0b\x0c\x0d\x0e\x24\x24\x06"
    b"\x14\x24\x28\x21\x07\x00\x04\x05\x0c\x0d\x0e\x0f\x10\x09\x09\x0c\x28\x09\x11\x03\x07\x00"
    b"\x04\x05\x06\x0d\x0e\x0f\x10\x0a\x11\x06\x18\x09\x11\x22\x07\x00\x04\x05\x06\x0e\x0f\x10"
    b"\x11\x0c\x11\x0a\x28\x11\x12\x03\x07\x00\x05\x06\x0e\x0f\x10\x11\x12\x12\x12\x18\x11\x12"
    b"\x22\x06\x08\x01\x01\x02\x03\x04\x05\x06\x0a\x0b\x05\x09\x05\x28\x11\x22\x0a\x18\x08\x01"
    b"\x01\x02\x03\x04\x05\x06\x0a\x0c\x05\x09\x22\x09\x11\x22\x0c\x18\x08\x01\x01\x02\x03\x04"
    b"\x05\x06\x0a\x0e\x05\x09\x24\x24\x12\x22\x0c\x30\x08\x01\x01\x02\x03\x04\x05\x06\x0a\x10"
    b"\x05\x09\x24\x28\x09\x24\x0c\x21\x08\x01\x01\x02\x04\x05\x06\x0a\x0b\x0c\x05\x09\x09\x11"
    b"\x22\x0a\x14\x28\x08\x00\x01\x02\x06\x07\x08\x09\x0a\x12\x05\x09\x30\x05\x09\x0a\x18\x22"
    b"\x08\x01\x01\x02\x03\x04\x05\x06\x0b\x0c\x05\x0a\x11\x09\x11\x22\x0c\x28\x08\x01\x01\x02"
    b"\x03\x04\x05\x06\x0c\x0e\x05\x0a\x12\x05\x12\x22\x18\x30\x08\x01\x01\x02\x03\x04\x05\x06"
    b"\x0c\x10\x05\x0a\x12\x09\x09\x24\x18\x21\x08\x01\x01\x02\x03\x04\x05\x06\x0c\x0d\x05\x0a"
    b"\x12\x0a\x11\x22\x14\x30\x08\x01\x01\x02\x03\x05\x06\x0c\x0d\x0e\x05\x0a\x12\x12\x22\x14"
    b"\x28\x11\x08\x01\x01\x02\x03\x04\x05\x06\x0d\x0e\x05\x0a\x14\x22\x12\x22\x18\x11\x08\x01"
    b"\x01\x02\x03\x04\x05\x06\x0e\x10\x05\x0a\x14\x24\x0a\x24\x30\x21\x08\x01\x01\x02\x03\x04"
    b"\x05\x06\x0e\x0f\x05\x0a\x14\x24\x14\x22\x28\x21\x08\x01\x01\x02\x03\x04\x06\x0e\x0f\x10"
    b"\x05\x0a\x14\x24\x24\x28\x11\x22\x08\x01\x01\x02\x03\x04\x05\x06\x0f\x10\x05\x0a\x14\x28"
    b"\x05\x24\x30\x22\x08\x01\x01\x02\x03\x04\x05\x06\x10\x11\x05\x0a\x14\x28\x09\x28\x11\x03"
    b"\x08\x00\x01\x02\x06\x07\x08\x10\x11\x12\x05\x18\x24\x05\x0a\x30\x22\x24\x08\x01\x01\x02"
    b"\x03\x04\x05\x06\x09\x0a\x05\x28\x24\x28\x11\x22\x06\x14\x08\x00\x01\x02\x06\x07\x08\x09"
    b"\x11\x12\x05\x28\x28\x05\x09\x0c\x21\x24\x08\x01\x01\x02\x03\x04\x05\x06\x0a\x12\x09\x09"
    b"\x24\x28\x11\x12\x0c\x03\x08\x01\x01\x02\x03\x04\x05\x06\x0c\x12\x09\x0a\x12\x09\x11\x12"
    b"\x18\x03\x08\x01\x01\x02\x03\x04\x05\x06\x0e\x12\x09\x0a\x14\x24\x12\x12\x30\x03\x08\x01"
    b"\x01\x02\x03\x04\x05\x06\x10\x12\x09\x0a\x14\x28\x09\x14\x21\x03\x08\x01\x01\x02\x03\x04"
    b"\x05\x10\x11\x12\x09\x0a\x14\x28\x09\x11\x22\x05\x08\x01\x01\x02\x03\x04\x05\x06\x11\x12"
    b"\x09\x0a\x14\x28\x11\x0a\x21\x05\x08\x00\x01\x02\x03\x07\x08\x09\x0a\x12\x09\x0a\x30\x05"
    b"\x09\x0a\x14\x21\x08\x00\x01\x05\x06\x0e\x0f\x10\x11\x12\x0c\x12\x22\x18\x11\x12\x22\x05"
    b"\x08\x00\x01\x02\x03\x07\x08\x09\x0a\x0b\x11\x0a\x11\x03\x09\x0a\x12\x18\x08\x01\x01\x02"
    b"\x03\x04\x05\x06\x07\x12\x11\x0a\x14\x28\x11\x12\x06\x22\x08\x01\x01\x02\x03\x04\x05\x06"
    b"\x07\x08\x14\x12\x14\x28\x11\x22\x03\x0a\x08\x00\x01\x05\x06\x07\x0f\x10\x11\x12\x14\x14"
    b"\x22\x06\x30\x12\x22\x24\x08\x00\x01\x02\x03\x08\x09\x0a\x0b\x0c\x21\x0a\x12\x05\x0a\x12"
    b"\x14\x30\x08\x01\x01\x02\x03\x04\x05\x06\x08\x0a\x24\x11\x24\x28\x11\x22\x06\x0c\x08\x01"
    b"\x01\x02\x03\x04\x05\x06\x08\x0c\x24\x12\x12\x09\x11\x22\x06\x18\x08\x01\x01\x02\x03\x04"
    b"\x05\x06\x08\x0e\x24\x12\x14\x24\x12\x22\x06\x30\x08\x01\x01\x02\x03\x04\x05\x06\x08\x10"
    b"\x24\x12\x14\x28\x09\x24\x06\x21\x08\x01\x01\x02\x03\x04\x05\x06\x08\x09\x24\x22\x14\x28"
    b"\x11\x22\x05\x0c\x08\x01\x01\x03\x04\x05\x06\x08\x09\x0a\x24\x24\x28\x11\x22\x05\x0a\x14"
    b"\x08\x00\x01\x05\x06\x07\x08\x10\x11\x12\x24\x18\x22\x05\x0c\x11\x22\x24\x08\x01\x01\x02"
    b"\x03\x04\x05\x06\x08\x12\x28\x12\x14\x28\x11\x12\x06\x03\x08\x00\x02\x03\x04\x0a\x0b\x0c"
    b"\x0d\x0e\x03\x14\x24\x0a\x14\x24\x28\x21\x08\x00\x02\x03\x04\x08\x09\x0a\x0b\x0c\x12\x14"
    b"\x21\x03\x0a\x12\x14\x28\x08\x01\x02\x03\x04\x05\x06\x07\x08\x12\x12\x14\x28\x11\x12\x05"
    b"\x0a\x22\x08\x00\x02\x03\x04\x09\x0a\x0b\x0c\x0d\x22\x14\x22\x06\x12\x14\x24\x30\x08\x00"
    b"\x03\x04\x05\x0b\x0c\x0d\x0e\x0f\x05\x28\x05\x0c\x24\x28\x09\x21\x08\x00\x03\x04\x05\x0c"
    b"\x0d\x0e\x0f\x10\x06\x28\x09\x14\x28\x09\x11\x03\x08\x00\x03\x04\x05\x0a\x0b\x0c\x0d\x0e"
    b"\x24\x28\x03\x06\x14\x24\x28\x11\x08\x00\x04\x05\x06\x0c\x0d\x0e\x0f\x10\x09\x11\x06\x0c"
    b"\x28\x09\x11\x22\x08\x00\x04\x05\x06\x0d\x0e\x0f\x10\x11\x0a\x11\x0a\x18\x09\x11\x12\x03"
    b"\x08\x00\x04\x05\x06\x0e\x0f\x10\x11\x12\x0c\x11\x12\x28\x11\x12\x22\x06"
)

_COUNT = const(148)  # loops in LOOPS (host_tests/test_diploma_plan.py checks)
_START = [0] * _COUNT  # where each loop starts in LOOPS (made whole at once: a list grown
# an item at a time leaves its old copies as holes in a board's heap)
for _k in range(1, _COUNT):
    _START[_k] = _START[_k - 1] + 2 + 2 * LOOPS[_START[_k - 1]]
del _k


# Looked up at every lay the bot weighs (a board's time): per loop, its edge mask on each hex
# (_AT[loop * _HEXES + hex], 0 off it) and the bits of the hexes on it or next to it
_AT = bytearray(_COUNT * _HEXES)
_NEAR = [0] * _COUNT
for _k in range(_COUNT):
    for _j in range(_START[_k] + 2, _START[_k] + 2 + LOOPS[_START[_k]]):
        _AT[_k * _HEXES + LOOPS[_j]] = LOOPS[_j + LOOPS[_START[_k]]]
        _NEAR[_k] |= 1 << LOOPS[_j]
        for _d in range(6):
            if _NEIGH[LOOPS[_j] * 6 + _d] != 255:
                _NEAR[_k] |= 1 << _NEIGH[LOOPS[_j] * 6 + _d]
del _k, _j, _d

# The loops through each hex, by loop (those of hex x at _through[_through_from[x]:
# _through_from[x + 1]]): delta() reads those of the hex it weighs
_through = bytearray((len(LOOPS) - 2 * _COUNT) // 2)  # every loop's every hex
_through_from = [0] * (_HEXES + 1)
for _k in range(_COUNT):
    for _j in range(_START[_k] + 2, _START[_k] + 2 + LOOPS[_START[_k]]):
        _through_from[LOOPS[_j] + 1] += 1
for _j in range(_HEXES):
    _through_from[_j + 1] += _through_from[_j]
_d = list(_through_from)  # where the next loop of each hex goes
for _k in range(_COUNT):
    for _j in range(_START[_k] + 2, _START[_k] + 2 + LOOPS[_START[_k]]):
        _through[_d[LOOPS[_j]]] = _k
        _d[LOOPS[_j]] += 1
del _k, _j, _d


def _tight(i):
    """Tight curves on loop i (P-K12): its two edges side by side."""
    s = _START[i]
    n = LOOPS[s]
    count = 0
    for j in range(s + 2 + n, s + 2 + 2 * n):
        m = LOOPS[j]
        a = _LOW[m]
        if (_LOW[m ^ (1 << a)] - a) % 6 in (1, 5):
            count += 1
    return count


def _ring(i):
    """Hexes of loop i next to the centre (P-K9)."""
    s = _START[i]
    count = 0
    for j in range(s + 2, s + 2 + LOOPS[s]):
        if LOOPS[j] <= 6:
            count += 1
    return count


# Scratch of the last load(), made once (a decision allocates nothing): tiles lacking (255:
# the loop cannot be made) and colours placed (bits 0..4 by colour, grey the bit 4; grey
# tiles, up to 3, counted from bit 5); the loops by tiles lacking, fewest first; per card,
# the open loops that can meet it, fewest lacking (best) first (_ranked[card slot * _COUNT + k])
_need = bytearray(_COUNT)
_cols = bytearray(_COUNT)
_per_need = [0] * 10  # load()'s counting sort by tiles lacking
_order = bytearray(_COUNT)
_ranked = bytearray(2 * _COUNT)  # two cards a seat (P-S1); load() makes room for more
_loaded = None  # the Plan whose load() the scratch holds


def _fits(card, i, need, cols):
    """Whether loop i, lacking `need` tiles with colours `cols` placed, can still meet `card`
    (P-K1..K12) when its lacking tiles are of the right colours."""
    size = LOOPS[_START[i]]
    if card < 5:
        if card == 4:  # P-K5: 3 of one colour
            c = cols & 31
            return size == 3 and not c & (c - 1) and not c & 16
        return size == (3, 4, 6)[card] if card < 3 else size >= 8
    if card == 5:  # P-K6: the four colours
        miss = 0
        for c in range(4):
            miss += not cols >> c & 1
        return miss <= need
    if card == 6:  # P-K7: no grey
        return not cols & 16
    if card == 7:  # P-K8: round a mana spot (the centre is one)
        return LOOPS[_START[i] + 1] == 1
    if card == 8:  # P-K9: round the centre
        return _ring(i) >= _CENTRE_TOUCH
    if card == 9:  # P-K10: 5+ tiles, 2+ grey
        return size >= 5 and (cols >> 5) + need >= 2
    if card == 10:  # P-K11: 6+ tiles in exactly two colours
        c = cols & 31
        two = c & (c - 1)
        return size >= 6 and not two & (two - 1) and (two > 0 or c > 0 and need > 0)
    return _tight(i) >= 3  # P-K12


def _same(a, b):
    """Whether two sequences hold the same items (a list and a tuple alike)."""
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True


class Plan:
    """The open loops of one board towards the seat's cards: load() once a decision, then
    delta() for each lay the bot weighs."""

    def __init__(self):
        self.cards = ()
        self.ranked = [0, 0]  # per card slot: how many loops _ranked holds for it
        self.best = [0, 0]  # delta()'s scratch: per card slot, its best loop's value
        self.before = 0  # the sum of each card's best value
        self.board = [0] * _HEXES  # what the last load() read, to know it again
        self.masks = bytearray(_HEXES)

    def load(self, cards, board, masks):
        """The loops open on `board` (edge masks `masks`, a bytearray) for the magic-circle
        cards held."""
        finish(self.loading(cards, board, masks))

    def loading(self, cards, board, masks):
        """load() as a thought (firmware/bots Heuristic): a piece every _PIECE loops (all of
        them took 130 ms on a board)."""
        global _ranked, _loaded
        # A turn asks again and again of a board that has not changed (steps, then the tile,
        # then its spot): the last load stands while no other Plan has loaded since.
        if _loaded is self and board == self.board and masks == self.masks and \
                _same(cards, self.cards):
            return
        _loaded = None  # until the end: a load cut short is none
        self.cards = tuple(cards)
        for x in range(_HEXES):
            self.board[x] = board[x]
            self.masks[x] = masks[x]
        self.before = 0
        if not cards:
            _loaded = self
            return
        # tiles lacking, and how many open loops lack each count
        per_need = _per_need
        for n in range(10):
            per_need[n] = 0
        for i in range(_COUNT):
            need = _open(i, board, masks)
            _need[i] = need
            if need != 0 and need != 255:
                per_need[need + 1] += 1
            if i % _PIECE == _PIECE - 1:
                yield
        for n in range(9):
            per_need[n + 1] += per_need[n]
        # a counting sort: per_need[n] walks on as each place fills
        for i in range(_COUNT):
            need = _need[i]
            if need != 0 and need != 255:
                _order[per_need[need]] = i
                per_need[need] += 1
        if len(_ranked) < len(cards) * _COUNT:
            _ranked = bytearray(len(cards) * _COUNT)
        ranked = self.ranked
        while len(ranked) < len(cards):
            ranked.append(0)
            self.best.append(0)
        before = 0
        for j in range(len(cards)):
            card = cards[j]
            k = j * _COUNT
            for n in range(per_need[9]):
                i = _order[n]
                if _fits(card, i, _need[i], _cols[i]):
                    _ranked[k] = i
                    k += 1
            ranked[j] = k - j * _COUNT
            if k > j * _COUNT:
                before += PLAN[_need[_ranked[j * _COUNT]]]
            yield
        self.before = before
        _loaded = self

    def delta(self, board, h, mask, colour):
        """What laying a tile (edge mask `mask`, colour 0..4; -1 a mana spot) on empty hex h
        changes in the best loop of each card, in tenths of a point."""
        cards = self.cards
        best = self.best
        for j in range(len(cards)):
            best[j] = 0
        # the loops this tile is part of: one tile nearer
        if colour >= 0:
            for k in range(_through_from[h], _through_from[h + 1]):
                i = _through[k]
                if _AT[i * _HEXES + h] != mask or _need[i] == 255:
                    continue
                cols = _cols[i] | 1 << colour
                if colour == _GREY and cols < 96:
                    cols += 32
                need = _need[i] - 1
                v = PLAN[need]
                for j in range(len(cards)):
                    if v > best[j] and _fits(cards[j], i, need, cols):
                        best[j] = v
        # the best loop it leaves open
        after = 0
        for j in range(len(cards)):
            b = best[j]
            first = j * _COUNT
            for k in range(first, first + self.ranked[j]):
                i = _ranked[k]
                v = PLAN[_need[i]]
                if v <= b:
                    break
                if not _blocks(i, board, h, mask):
                    b = v
                    break
            after += b
        return after - self.before


def _open(i, board, masks):
    """Tiles loop i lacks on this board (its colours into _cols); 255 when it cannot be made:
    a tile or spot on it is not its own, or an empty hex of it cannot take its tile."""
    s = _START[i]
    n = LOOPS[s]
    need = 0
    cols = 0
    for j in range(n):
        x = LOOPS[s + 2 + j]
        m = LOOPS[s + 2 + n + j]
        t = board[x]
        if t >= _LINES:
            return 255
        if t >= 0:
            if masks[x] != m:
                return 255
            c = _KINDS[t] // 3
            cols |= 1 << c
            if c == _GREY and cols < 96:
                cols += 32  # grey tiles counted up to 3 (P-K10 asks 2)
            continue
        need += 1
        for d in range(6):
            y = _NEIGH[x * 6 + d]
            if y != 255 and board[y] >= 0 and masks[y] >> (d + 3) % 6 & 1 != m >> d & 1:
                return 255
    _cols[i] = cols
    return need


def _blocks(i, board, h, mask):
    """Whether a tile (edge mask `mask`; 0 a spot) laid on empty hex h changes loop i: on it, or
    next to it with an edge that does not meet the loop's tile."""
    if not _NEAR[i] >> h & 1:
        return False
    if _AT[i * _HEXES + h]:
        return True  # on the loop: delta() weighed the loop with this tile on it
    for d in range(6):
        y = _NEIGH[h * 6 + d]
        if y != 255 and board[y] < 0:
            m = _AT[i * _HEXES + y]
            if m and m >> (d + 3) % 6 & 1 != mask >> d & 1:
                return True
    return False
