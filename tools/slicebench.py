# How long a frame waits while bots think, run on the emulated Raspberry Pi Pico (bench.py
# `slices`): one whole game with bots of `level` on every seat, played through
# firmware/ui/match.py's think(SLICE_MS) as the handheld app calls it once a frame (the view,
# the bot's start, its search steps until the slice is spent, the action applied). Each
# call's time is what the frame waits on the bots: the screen does not change during it.
# Also the longest bot.start() (the view's first look: a heuristic's whole choice, the search's
# prior) and the longest bot.step() (a playout, or a piece of one).
# time.ticks_us() is the emulated 125 MHz clock. Portable (MicroPython); prints
# "@bench KEY value ..." lines.
import time

from firmware.app import SLICE_MS
from firmware.core import load
from firmware.ui.match import BOT_BUDGET_MS, Match

MARK = "@bench"


def main(game, players, options, seed, level):
    us = time.ticks_us
    diff = time.ticks_diff
    match = Match(load(game).new_game(players, seed, options), [level] * players, None,
                  BOT_BUDGET_MS)
    longest = {"start": 0, "step": 0}  # a bot's start (its prior: a heuristic's choice), a step

    def timed(kind, fn):
        def call(*args):
            t0 = us()
            out = fn(*args)
            longest[kind] = max(longest[kind], diff(us(), t0))
            return out
        return call

    for bot in match.bots:
        if bot is not None:
            bot.start = timed("start", bot.start)
            bot.step = timed("step", bot.step)
    waits = []
    worst = (0, "")
    while not match.over():
        seat = match.current()
        t0 = us()
        match.think(SLICE_MS)
        took = diff(us(), t0)
        waits.append(took)
        if took > worst[0]:
            worst = (took, "seat %d, %d actions played" % (seat, len(match.state.history)))
    waits.sort()
    print(MARK, "waits", len(waits), waits[len(waits) // 2], waits[len(waits) * 95 // 100],
          waits[len(waits) * 99 // 100], waits[-1], len([w for w in waits if w > 100000]))
    print(MARK, "worst", worst[1])
    print(MARK, "longest", longest["start"], longest["step"])
