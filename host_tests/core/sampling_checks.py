# Checks of sample_state(view, rng) for the test_sampling_<game>.py suites (one module per
# game, so that a 128k MicroPython heap holds one game's code at a time). Portable.


from checks import fingerprint, tidy
from randplay import fitting_option_sets

from firmware.core import load
from firmware.core.prng import Prng


def mid_game_states(name, per_setup):
    """(state, tag) pairs at random points of random games of `name`: every player count,
    every option set that fits it (a generator: one state in memory at a time)."""
    module = load(name)
    rng = Prng(11)
    for players in range(module.MIN_PLAYERS, module.MAX_PLAYERS + 1):
        sets = fitting_option_sets(module, players)
        for k in range(per_setup):
            options = sets[k % len(sets)]
            state = module.new_game(players, 100 * players + k, options)
            steps = rng.randbelow(220)
            while steps > 0 and not state.is_over():
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
                steps -= 1
            yield state


def _hidden(name, s, seat):
    """What `seat` cannot see in state `s`, as one comparable value."""
    others = [x for x in range(s.players) if x != seat]
    if name == "diams":
        return ([sorted(s.hands[x]) for x in others], [sorted(s.vaults[x]) for x in others],
                list(s.deck))
    if name == "diamonds":
        return ([list(s.hands[x]) for x in others], [sorted(s.chosen[x]) for x in others],
                list(s.aside))
    if name == "sixgems":
        return ([sorted(s.hands[x]) for x in others], list(s.gem_deck),
                [sorted(s.settle_hands[x]) for x in others], list(s.settle_deck))
    if name == "diploma":
        return ([sorted(s.tiles[x]) for x in others], list(s.supply),
                [sorted(s.items[x]) for x in others], list(s.item_deck),
                [sorted(s.circles[x]) for x in others], list(s.circle_deck),
                [sorted(s.magic[x]) for x in others], list(s.magic_deck))
    return list(s.rng.get_state())  # quartz: only the future dice / draws


def _once(total, parts):
    """Every card 0..total-1 exactly once across the lists `parts`."""
    seen = bytearray(total)
    for part in parts:
        for card in part:
            assert seen[card] == 0, card
            seen[card] = 1
    assert sum(seen) == total


def _conserved(name, s):
    if name == "diams":
        _once(54, [s.deck, s.market, s.discard, s.aside] + s.hands + s.vaults)
        for vault in s.vaults:
            for card in vault:
                assert card < 50  # vaults hold diamonds only
    elif name == "diamonds":
        _once(60, [s.aside, s.trick] + s.hands + s.chosen + s.won)
    elif name == "sixgems":
        _once(72, [s.gem_deck] + s.hands + s.areas)
        wild = [k for k in range(12) if s.wild_owner[k] >= 0]
        if 0 <= s.settling < 12 and s.settling not in wild:
            wild.append(s.settling)
        _once(12, [s.settle_deck, wild] + s.settle_hands)
    elif name == "diploma":
        boards = [[t for t in b if 0 <= t < 120] for b in s.boards]
        _once(120, [s.supply, s.discards, s.batch] + s.tiles + s.stacks + boards)
        under = [[b] for b in s.under if b >= 0]
        _once(24, [s.item_deck, s.item_used] + s.items + under)
        _once(12, [s.circle_deck] + s.circles + s.shown)
        _once(10, [s.magic_deck, s.magic_used] + s.magic)
    else:
        box = [row[2] for row in load("quartz").CRYSTALS]
        for k in range(7):
            total = s.bag[k] + s.removed[k]
            for seat in range(s.players):
                total += s.carts[seat][k] + s.chests[seat][k]
            if k == 6:
                total += 2 * s.pairs
            assert total == box[k]


def check_game(name, per_setup):
    module = load(name)
    checked = 0
    varied = 0
    for state in mid_game_states(name, per_setup):
        for seat in range(state.players):
            sample = other = again = None
            tidy()
            view = state.view(seat)
            sample = module.sample_state(view, Prng(seat + 7))
            assert sample.view(seat) == view, (name, seat, view["phase"])
            assert len(sample.history) == 0
            _conserved(name, sample)
            if seat == state.current_player():
                assert sample.legal_actions() == state.legal_actions()
            # The view alone decides: a state with other hidden cards (itself a sample, so
            # consistent with the view) gives the identical sample for the same rng seed.
            other = module.sample_state(view, Prng(seat + 99))
            assert other.view(seat) == view
            again = module.sample_state(other.view(seat), Prng(seat + 7))
            assert fingerprint(again) == fingerprint(sample)
            # The hidden part varies from sample to sample.
            if _hidden(name, sample, seat) != _hidden(name, other, seat):
                varied += 1
            checked += 1
    assert checked > 0
    assert varied * 10 >= checked * 5, (name, varied, checked)  # most samples differ


def play_on(name, per_game):
    """A sample is a working state: random play from it reaches the end of the game."""
    module = load(name)
    rng = Prng(3)
    played = 0
    for state in mid_game_states(name, 1):
        if played >= per_game:
            break
        played += 1
        if state.is_over():
            continue
        seat = state.current_player()
        s = module.sample_state(state.view(seat), rng)
        steps = 0
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
            steps += 1
            assert steps < 20000
        assert len(s.scores()) == s.players


def check_reveals(name, games, samples=3):
    """A move that may show its mover something new says so (state.revealed moves): the
    take-back window of ui/match.py rests on it. Walking
    random games, each legal action (a few at each point) is applied to the state and to
    samples of the world its mover cannot tell apart (sample_state from the mover's view:
    other hands, the deck's order, future dice). If the game did not say "revealed", the
    same seat must be on turn in every world and the mover see the very same view there:
    nothing it saw came from hidden cards or chance, whoever plays next. Returns (quiet
    moves checked, revealing moves)."""
    module = load(name)
    rng = Prng(41)
    quiet = revealing = 0
    for k in range(games):
        players = module.MIN_PLAYERS + k % (module.MAX_PLAYERS - module.MIN_PLAYERS + 1)
        sets = fitting_option_sets(module, players)
        state = module.new_game(players, 500 + k, sets[k % len(sets)])
        while not state.is_over():
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.view(seat)
            for i in range(min(4, len(legal))):
                action = legal[rng.randbelow(len(legal))] if i else legal[-1]
                after = state.clone()
                after.apply(action)
                if after.revealed != state.revealed:
                    revealing += 1
                    continue
                quiet += 1
                seen = after.view(seat)
                for _ in range(samples):
                    world = module.sample_state(view, rng)
                    world.apply(action)
                    what = (name, state.action_text(action, seat), after.current_player())
                    assert world.current_player() == after.current_player(), what
                    assert world.view(seat) == seen, what
                world = after = None
            state.apply(legal[rng.randbelow(len(legal))])
            tidy()
    return quiet, revealing
