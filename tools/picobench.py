# Board times and free heap of one game, run on the emulated Raspberry Pi Pico: tools/bench.py
# puts this module on the board's flash as .mpy beside the firmware (built as `make flash`
# writes it) and calls main(). time.ticks_us() there is the emulated 125 MHz clock: the same
# figures on every run and every machine. Portable (MicroPython); prints lines
# "@bench KEY value ..." for bench.py to read.
#
# main(game, players, options, seed, levels, hard_at, budget_ms):
#   - the import time of the game's modules (rules; bots; the search of "hard" when hard_at),
#     free heap before and after them;
#   - for each level of `levels` ("easy", "normal"), one whole game with that level on every
#     seat: the time of every decision with a choice (2+ legal actions), the game's time
#     (views, decisions, actions), free heap once the game and bots are made and at the end,
#     and the time of the collection after each action (the pause a board's match takes);
#   - hard_at: action numbers of the "normal" game at which the seat's hard bot (budget_ms
#     per decision, as firmware/ui/match.py makes it) decides too, timed, with the playouts
#     its search ran; the normal bot's action is applied, so the game stays the same one.
#     At the seat's other decisions the hard bot sees the view (SearchBot.see: what
#     Diamonds' Belief reads there, the pass and every play, shapes its samples).
# The heap is collected after every action (as the match does on a board), outside the times.
import gc
import time

MARK = "@bench"


def say(key, values):
    print(MARK, key, " ".join([str(v) for v in values]))


def bots_of(make_bot, game, players, level, seed, budget_ms=None):
    return [make_bot(game, s, level, seed + 7919 * (s + 1), budget_ms) for s in range(players)]


def play(module, make_bot, game, players, options, seed, level, first):
    us = time.ticks_us
    diff = time.ticks_diff
    state = module.new_game(players, seed, options)
    bots = bots_of(make_bot, game, players, level, seed)
    gc.collect()
    if first:
        say("free_ready", [gc.mem_free()])
    times = []
    collections = []
    game_us = 0
    actions = 0
    while not state.is_over():
        seat = state.current_player()
        t0 = us()
        view = state.view(seat)
        t1 = us()
        action = bots[seat].choose(view)
        t2 = us()
        state.apply(action)
        game_us += diff(us(), t0)
        if len(view["legal"]) > 1:
            times.append(diff(t2, t1))
        view = None
        actions += 1
        t3 = us()
        gc.collect()
        collections.append(diff(us(), t3))
    say("times_" + level, times)
    say("gc_" + level, collections)
    say("game_" + level, [actions, game_us])
    times = None
    gc.collect()
    if first:
        say("free_end", [gc.mem_free()])


def hard(module, make_bot, game, players, options, seed, hard_at, budget_ms):
    us = time.ticks_us
    diff = time.ticks_diff
    state = module.new_game(players, seed, options)
    bots = bots_of(make_bot, game, players, "normal", seed)
    hards = bots_of(make_bot, game, players, "hard", seed, budget_ms)
    n = 0
    i = 0
    while i < len(hard_at) and not state.is_over():
        seat = state.current_player()
        view = state.view(seat)
        if n == hard_at[i]:
            i += 1
            bot = hards[seat]
            gc.collect()
            t0 = us()
            bot.start(view)
            while bot.step():
                pass
            search = bot.search  # let go by result()
            bot.result()
            dt = diff(us(), t0)
            # (no search: answered by its heuristic, SearchBot.start's too slow a pace)
            played, searched = (0, 1) if search is None else (search.playouts, len(search.legal))
            say("hard", [n, dt, played, searched, len(view["legal"])])
            search = None
        elif hasattr(hards[seat], "see"):  # the hard bot reads the seat's every view
            hards[seat].see(view)
        state.apply(bots[seat].choose(view))
        view = None
        n += 1


def main(game, players, options, seed, levels, hard_at, budget_ms):
    us = time.ticks_us
    diff = time.ticks_diff
    gc.collect()
    say("free_start", [gc.mem_free()])
    say("heap_total", [gc.mem_free() + gc.mem_alloc()])
    t0 = us()
    from firmware.core import game_part, load

    module = load(game)
    t1 = us()
    from firmware.bots import make_bot

    game_part(game, "bot")
    t2 = us()
    if hard_at:
        import firmware.bots.search  # noqa: F401
    t3 = us()
    say("import_us", [diff(t1, t0), diff(t2, t1), diff(t3, t2)])
    gc.collect()
    say("free_imports", [gc.mem_free()])
    first = True
    for level in levels:
        play(module, make_bot, game, players, options, seed, level, first)
        first = False
        gc.collect()
    if hard_at:
        hard(module, make_bot, game, players, options, seed, hard_at, budget_ms)
    say("done", [])
