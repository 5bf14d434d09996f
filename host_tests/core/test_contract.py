# The rules contract (README, "The rules contract") checked on every game that exists.
# The heap: Diploma's rules module takes some 44 KB of a 64-bit heap and its state some
# 9 KB (the other games 20-25 KB and 3-4 KB): 192k for its games here (176k was a margin
# of a few KB).
# mptest-heap: 192k
import gc
import sys

from checks import IS_MICROPYTHON_FAMILY, fingerprint, raises
from randplay import option_sets, random_game

from firmware.core import GAMES, drop_part, load, record, replay, unload


def implemented():
    """Each game that exists, one at a time. Under MicroPython or CircuitPython the previous
    one is unloaded first, so the run holds one game module in its heap, as a board does."""
    for name in GAMES:
        try:
            game = load(name)
        except ImportError:
            continue  # a game of a later issue
        yield name, game
        if IS_MICROPYTHON_FAMILY:
            del game
            drop_part(name, "rules")
            gc.collect()


def test_unload_forgets_a_module_and_its_package_attribute():
    import firmware.core.prng as prng_module

    unload("firmware.core.prng")
    assert "firmware.core.prng" not in sys.modules
    import firmware.core as package

    assert not hasattr(package, "prng")
    unload("firmware.core.prng")  # twice: nothing to do
    import firmware.core.prng as again  # loaded anew

    assert again is not prng_module
    assert again.Prng(5).randbelow(10) == prng_module.Prng(5).randbelow(10)



def test_unload_keeps_a_package_attribute_that_is_not_the_module():
    # unload() forgets the module; a name of the package bound to something else stays,
    # and a package without the name is no error.
    import firmware.core as package
    import firmware.core.prng  # noqa: F401

    package.prng = "not the module"
    unload("firmware.core.prng")
    assert "firmware.core.prng" not in sys.modules and package.prng == "not the module"
    delattr(package, "prng")
    import firmware.core.prng as again

    if hasattr(package, "prng"):
        delattr(package, "prng")
    unload("firmware.core.prng")  # the package has no such name: nothing more to do
    assert "firmware.core.prng" not in sys.modules and not hasattr(package, "prng")
    import firmware.core.prng as third  # loaded anew

    assert third is not again and third.Prng(5).randbelow(10) == again.Prng(5).randbelow(10)

# Where each game's view counts its scored rounds: rounds_scored() must agree.
SCORED_IN_VIEW = {
    "diams": lambda v: len(v["points"]),
    "diamonds": lambda v: len(v["results"]),
    "quartz": lambda v: v["round"] - 1 + (1 if v["over"] else 0),
    "sixgems": lambda v: len(v["results"]),
}


def test_rounds_scored_counts_each_scoring_once():
    for name, game in implemented():
        for players in range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1, 2):
            state = random_game(name, players, 7 + players)
            before = 0
            fresh = game.new_game(players, 7 + players)
            assert fresh.rounds_scored() == 0
            for action in state.history:
                fresh.apply(action)
                now = fresh.rounds_scored()
                assert now in (before, before + 1), (name, before, now)
                if name in SCORED_IN_VIEW:
                    assert now == SCORED_IN_VIEW[name](fresh.view(0)), name
                before = now
            assert fresh.is_over() and before >= 1, (name, before)
            state = fresh = None  # a 128k heap holds the next game's module only without them


def test_games_in_menu_order_and_diams_present():
    assert GAMES[:5] == ("diams", "diamonds", "quartz", "sixgems", "diploma")  # (then any new)
    assert [name for name, _ in implemented()][0] == "diams"
    raises(ValueError, load, "chess")


def test_module_level_names():
    for name, game in implemented():
        assert isinstance(game.TITLE, str) and game.TITLE
        assert 1 <= game.MIN_PLAYERS <= game.MAX_PLAYERS
        for key, choices in game.OPTIONS:
            assert isinstance(key, str) and len(choices) >= 1
        state = game.new_game(game.MIN_PLAYERS, 1)
        assert state.game == name
        for attr in ("players", "seed", "options", "history"):
            assert hasattr(state, attr), attr
        assert list(state.history) == [] and state.seed == 1 and state.players == game.MIN_PLAYERS
        for key, choices in game.OPTIONS:
            assert state.options[key] == choices[0]  # the first choice is the default


def test_new_game_rejects_bad_arguments():
    for _, game in implemented():
        raises(ValueError, game.new_game, game.MIN_PLAYERS - 1, 1)
        raises(ValueError, game.new_game, game.MAX_PLAYERS + 1, 1)
        raises(ValueError, game.new_game, game.MIN_PLAYERS, -5)
        raises(ValueError, game.new_game, game.MIN_PLAYERS, 1, {"no such option": 1})
        for key, _ in game.OPTIONS:
            raises(ValueError, game.new_game, game.MIN_PLAYERS, 1, {key: "no such choice"})


def test_clone_is_independent_and_replay_rebuilds():
    for name, game in implemented():
        state = random_game(name, game.MIN_PLAYERS, 3, None, 3)
        again = replay(*record(state))
        assert fingerprint(again) == fingerprint(state)
        assert again.scores() == state.scores() and again.winners() == state.winners()
        fresh = game.new_game(game.MAX_PLAYERS, 8)
        copy = fresh.clone()
        before = fingerprint(fresh)
        copy.apply(copy.legal_actions()[0])
        assert fingerprint(fresh) == before
        assert fingerprint(copy) != before
        for _ in range(5):
            fresh.apply(fresh.legal_actions()[-1])
        copy = fresh.clone()  # mid-game: the clone has the history, in a copy of its own
        assert list(copy.history) == list(fresh.history) and len(copy.history) == 5
        copy.apply(copy.legal_actions()[0])
        assert len(fresh.history) == 5 and len(copy.history) == 6


def test_a_view_is_its_callers_no_later_move_changes_it():
    # A link's host keeps the view it last sent to compare the next with (ui/remote.py), a
    # bot keeps its own: view(seat) shares no list or dict with the state. Guards: a view
    # that hands out the state's own list (a board, a hand), changed by the next move.
    import json

    from firmware.core.prng import Prng

    for name, game in implemented():
        state = game.new_game(game.MAX_PLAYERS, 11)
        rng = Prng(11)
        for _ in range(120 if name != "diploma" else 60):
            if state.is_over():
                break
            seat = rng.randbelow(state.players)
            view = state.view(seat)
            text = json.dumps(view)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            assert json.dumps(view) == text, (name, seat)
            view = None


def test_apply_legal_plays_as_apply_does():
    # The hard bots' playouts use apply_legal (no second legality check): a whole game
    # played with it is the game apply plays (its notes, history, reveals, end). Guards: a
    # step of apply (notes cleared, history, the final reveal) left out of apply_legal.
    for name, game in implemented():
        state = random_game(name, game.MIN_PLAYERS, 4, None, 4)
        again = game.new_game(state.players, state.seed, state.options)
        for action in state.history:
            again.apply_legal(action)
        assert fingerprint(again) == fingerprint(state), name


def test_a_quiet_state_plays_the_same_and_keeps_no_notes():
    # GameState.quiet (a search's samples: no notes made). Guards: a quiet state keeping
    # notes, a quiet state's clone not quiet, a plain state's clone given the field (states
    # compare by their fields), a step of the rules left out when quiet.
    for name, game in implemented():
        done = random_game(name, game.MIN_PLAYERS, 6, None, 6)
        noted = game.new_game(done.players, done.seed, done.options)
        quiet = noted.clone()
        quiet.quiet = True
        kept = 0
        for action in done.history:
            noted.apply(action)
            quiet = quiet.clone()
            quiet.apply(action)
            kept += len(noted.notes)
            assert quiet.notes == [], name
        assert kept > 0 and fingerprint(noted.clone()) == fingerprint(noted), name
        quiet.notes = noted.notes
        del quiet.quiet
        assert fingerprint(quiet) == fingerprint(noted), name


def test_every_move_is_told_seat_first_and_telling_changes_nothing():
    # move_text (issue 57: a move in one sentence). Each action's words for every reader are
    # None (a pick: told with the move it completes, or by its notes) or a sentence that
    # starts with the mover's seat; saying them changes nothing; and no seat's run of
    # actions goes untold (a sentence or a note in it). Guards: a game's picks all None with
    # no closing sentence, words that name the wrong seat, words that consume chance.
    for name, game in implemented():
        done = random_game(name, game.MIN_PLAYERS, 5, None, 5)
        state = game.new_game(done.players, done.seed, done.options)
        run_told = True
        last = -1
        for action in done.history:
            seat = state.current_player()
            if seat != last:
                assert run_told, (name, last, len(state.history))
                run_told = False
                last = seat
            before = fingerprint(state)
            seat_word = "P%d" % (seat + 1)
            public = state.move_text(action)
            for reader in range(-1, state.players + 1):  # (players: an onlooker, no seat)
                words = state.move_text(action, reader)
                assert (words is None) == (public is None), (name, reader)
                if words is not None:
                    assert words.split()[0].rstrip(":") == seat_word, (name, words)
            assert fingerprint(state) == before, name
            state.apply(action)
            run_told = run_told or public is not None or len(state.notes) > 0
        assert run_told, name


def test_finished_game_answers_and_refuses():
    for name, game in implemented():
        for options in option_sets(game):
            state = random_game(name, game.MAX_PLAYERS, 11, options, 5)
            assert state.is_over() and state.current_player() == -1
            assert state.legal_actions() == []
            assert len(state.scores()) == state.players
            winners = state.winners()
            assert winners and all(0 <= w < state.players for w in winners)
            raises(ValueError, state.apply, 0)
            for seat in range(state.players):
                assert state.view(seat)["legal"] == []


def test_find_module_tells_absence_from_breakage():
    from firmware.core import find_module

    assert find_module("firmware.core.prng").Prng
    assert find_module("firmware.core.no_such_module") is None
    # A package of one's own: a part not there, a package not there, and a part that is
    # there but imports what is not (its error goes out, it is no absence).
    import os

    # fixed width: the same names' length, the same heap, each run
    folder = "/tmp/findmod-%03d-%03d" % (os.urandom(1)[0], os.urandom(1)[0])
    os.mkdir(folder)
    os.mkdir(folder + "/zzfind")
    for name, text in (("__init__", ""), ("broken", "import zz_not_there\n")):
        with open(folder + "/zzfind/" + name + ".py", "w") as f:
            f.write(text)
    sys.path.insert(0, folder)
    try:
        assert find_module("zzfind.absent") is None
        assert find_module("zzfind.gone.part") is None  # (a package on the way is not there)
        raises(ImportError, find_module, "zzfind.broken")
    finally:
        sys.path.remove(folder)
        for name in ("zzfind.broken", "zzfind"):
            unload(name)
        for name in ("__init__", "broken"):
            os.remove(folder + "/zzfind/" + name + ".py")
        cached = folder + "/zzfind/__pycache__"  # (CPython, where it writes bytecode)
        if "__pycache__" in os.listdir(folder + "/zzfind"):
            for name in os.listdir(cached):
                os.remove(cached + "/" + name)
            os.rmdir(cached)
        os.rmdir(folder + "/zzfind")
        os.rmdir(folder)


def test_titles_without_the_rules():
    from firmware.core import about, available, titles

    listed = titles()
    assert len(listed) == len(GAMES)
    for name, game in implemented():
        assert listed[GAMES.index(name)] == game.TITLE == about(name).TITLE
        assert (game.MIN_PLAYERS, game.MAX_PLAYERS) == (about(name).MIN_PLAYERS,
                                                        about(name).MAX_PLAYERS)
        assert available(name)
    assert not available("chess")


def test_on_a_board_titles_lets_go_only_of_the_packages_it_loaded():
    # Guards: titles() keeping the packages it imported on a board's heap (or on CPython,
    # whose tests hold modules, letting them go), or unloading a package a game in play uses.
    import firmware.core as core

    loaded, unloaded = core.dotted(GAMES[0]), core.dotted(GAMES[1])
    __import__(loaded)
    was = core.COLLECT
    try:
        for collect in (True, False):
            unload(unloaded)
            core.COLLECT = collect
            listed = core.titles()
            assert loaded in sys.modules
            assert (unloaded in sys.modules) != collect, collect
            assert listed[1] == core.about(GAMES[1]).TITLE
    finally:
        core.COLLECT = was
        __import__(unloaded)


def _seats_see_alike(state):
    """Whether every seat's view of `state` is the same but for whose it is (and what that
    seat may do now)."""
    first = state.view(0)
    del first["seat"], first["legal"]
    for seat in range(1, state.players):
        view = state.view(seat)
        del view["seat"], view["legal"]
        if view != first:
            return False
    return True


def test_a_public_game_shows_every_seat_the_same_and_only_it():
    """PUBLIC = True (no hand-over screen between humans on the handheld) is claimed by the
    games whose seats all see the same table, at every move of a game; a game with
    something hidden from a seat (a hand, a vault) does not claim it."""
    for name, game in implemented():
        # Counts, not a list of every move's answer: Diploma's game is over 500 moves, and
        # a list that long asks the heap for 8 KB in one piece.
        moves_alike = [0, 0]  # moves, moves at which every seat saw the same

        def tally(state, rng, counts=moves_alike):
            counts[0] += 1
            counts[1] += _seats_see_alike(state)

        random_game(name, game.MIN_PLAYERS, 5, None, 1, tally)
        moves, alike = moves_alike
        assert moves > 20, name
        if getattr(game, "PUBLIC", False):
            assert alike == moves, name
        else:
            assert alike < moves, name
