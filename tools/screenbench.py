# Board times and free heap of the MicroPython screen (firmware/ui/fbscene.py, hw/st7789.py),
# run on the emulated Raspberry Pi Pico with its Display Pack: tools/bench.py (`screen`) puts
# this module on the board's flash as .mpy beside the firmware and calls main(). Times from
# time.ticks_us(), the emulated 125 MHz clock (the SPI bytes take their bus time: tools/
# pico-screen.js). Portable (MicroPython); prints "@bench KEY value ..." lines for bench.py.
#
# main(pack, game, players, seed, level, moves):
#   - the panel's start-up and the first clear of the whole panel;
#   - the title drawn on the cleared panel, and a cursor move on it;
#   - the game (seat 1 human, the others `level` bots) from the title to its table: a full
#     table; a forced redraw of every cell; `moves` cursor moves on the table (the frame with
#     the press, and the panel's part of it, scene.show());
#   - free heap (after a collection) with the game on its table, and the least free heap
#     (collected) at the end of a frame while the bots play their turns after the human's first turn
#     (the first action offered, each time), with the frames they took;
#   - then on until three of a bot's moves shown moving (screens.TableScreen's travel) have
#     landed: the move's own frame that launches it, each step of the sprite, the landing.
import gc
import time

from firmware import buttons, hw
from firmware.app import App
from firmware.core import load, unload
from firmware.ui.fbscene import Scene

MARK = "@bench"
FRAME_MS = 33


def say(key, values):
    print(MARK, key, " ".join([str(v) for v in values]))


class Timed:
    """scene.show() timed: the time of its last call."""

    def __init__(self, scene):
        self.scene = scene
        self.show_us = 0
        self.shows = 0

    def show(self, canvas):
        t0 = time.ticks_us()
        self.scene.show(canvas)
        self.show_us = time.ticks_diff(time.ticks_us(), t0)
        self.shows += 1

    def __getattr__(self, name):
        return getattr(self.scene, name)


def frame(app, clock, mask):
    """One app frame at the virtual clock; returns (frame us, show us or 0)."""
    shows = app.scene.shows
    clock[0] += FRAME_MS
    t0 = time.ticks_us()
    app.frame(mask, clock[0])
    spent = time.ticks_diff(time.ticks_us(), t0)
    return spent, app.scene.show_us if app.scene.shows != shows else 0


def press(app, clock, mask):
    """A press: the frame with it down, the frame letting go; the first's times."""
    got = frame(app, clock, mask)
    frame(app, clock, 0)
    return got


def main(pack, game, players, seed, level, moves):
    us = time.ticks_us
    diff = time.ticks_diff
    gc.collect()
    say("free_start", [gc.mem_free()])
    t0 = us()
    board = hw.open_board(pack)
    t1 = us()
    scene = Scene(board.display)  # clears the whole panel
    t2 = us()
    say("open_us", [diff(t1, t0)])
    say("scene_us", [diff(t2, t1)])
    say("cells", [scene.cols, scene.rows])
    timed = Timed(scene)
    clock = [0]
    app = App(board, timed, None, False, None, seed)
    say("title", list(frame(app, clock, 0)))
    say("title_move", list(press(app, clock, buttons.DOWN)))
    seats = ["human"] + [level] * (players - 1)
    t0 = us()
    app._play(load(game).new_game(players, seed, {}), seats)
    say("new_game_us", [diff(us(), t0)])
    gc.collect()
    t0 = us()
    from firmware.ui import travel  # (what a bot's move that travels loads, then lets go)

    say("travel_import_us", [diff(us(), t0)])
    del travel
    unload("firmware.ui.travel")
    time_the_travel()
    say("table", list(frame(app, clock, 0)))
    for i in range(len(scene.chars)):  # forget what the panel shows: every cell again
        scene.chars[i] = 0
    say("full", list(frame_redraw(app)))
    for _ in range(moves):
        say("move", list(press(app, clock, buttons.DOWN)))
    gc.collect()
    say("free_table", [gc.mem_free()])
    presses = 0  # the human's turn, choosing the first action offered each time
    while app.match.state.current_player() == 0 and presses < 40:
        press(app, clock, buttons.A)
        presses += 1
    least = gc.mem_free()
    frames = 0  # the bots' turns, until the human's turn again
    while frames < 5000 and (app.busy() or app.match.state.current_player() != 0):
        travel_frame(app, clock)
        gc.collect()  # what a frame leaves live (a search's peak inside a slice is more)
        least = min(least, gc.mem_free())
        frames += 1
        if frames % 60 == 0:
            press(app, clock, buttons.A)  # a round's result or a log waits for A
    gc.collect()
    say("free_bots", [least, gc.mem_free(), frames])
    landed = 0  # on, the human's first choice each time, until three travels have landed
    frames = 0
    while landed < 3 and frames < 3000 and not app.match.over():
        screen = app.screen
        if not getattr(screen, "moving", False) and (
                not hasattr(screen, "moving") or app.match.state.current_player() == 0):
            press(app, clock, buttons.A)  # a human's decision, a round's result
        elif travel_frame(app, clock) == "travel_land":
            landed += 1
        frames += 1
    say("done", [])


SPENT = [0, 0]  # a bot's move's draw: its take_off() (the import of travel.py and the look
# at the table as it was), and its first fly() (where the thing came from: the launch)


def time_the_travel():
    """TableScreen.take_off and the launch timed (SPENT), at each bot's move."""
    from firmware.ui import screens

    take_off = screens.TableScreen.take_off

    def timed_take_off(table):
        t0 = time.ticks_us()
        take_off(table)
        SPENT[0] = time.ticks_diff(time.ticks_us(), t0)
        SPENT[1] = 0
        trip = table.trip
        if trip is None:
            return
        fly = trip.fly

        def timed_fly(table, c):
            t1 = time.ticks_us()
            fly(table, c)
            SPENT[1] = time.ticks_diff(time.ticks_us(), t1)
            trip.fly = fly  # (the first only)

        trip.fly = timed_fly

    screens.TableScreen.take_off = timed_take_off


def travel_frame(app, clock):
    """A frame timed, and said if it is one of a bot's move shown moving (screens.TableScreen):
    the one that launches it, a step of its sprite, the landing; or of a bot's move that
    does not travel. Its kind, or None."""
    moving = getattr(app.screen, "moving", False)
    moves = len(app.match.state.history)
    spent = frame(app, clock, 0)
    kind = None
    if getattr(app.screen, "moving", False):
        kind = "travel_step" if moving else "travel_launch"
    elif moving:
        kind = "travel_land"
    elif app.match is not None and len(app.match.state.history) != moves:
        kind = "bot_move"
    if kind:
        say(kind, list(spent) + (SPENT if kind in ("bot_move", "travel_launch") else []))
        SPENT[0] = SPENT[1] = 0
    return kind


def frame_redraw(app):
    """The app's draw with every cell to send: (draw us, show us)."""
    t0 = time.ticks_us()
    app.draw()
    return time.ticks_diff(time.ticks_us(), t0), app.scene.show_us
