"""What link play (issue 58) asks of every registered game's views: a guest seat gets its
view(seat) over the wire as JSON, and from that alone (sample_state, a world of its own with
the hidden part made up) it shows the table and offers the same legal actions the host's
state does, so the action it sends back is one the host's rules take. JSON turns tuples
into lists and would turn int keys into strings: the world made from what arrived must show
the seat the view the host sent, key for key. Portable: runs under pytest and
tools/mptest.py (one game at a time)."""
# mptest-heap: 192k

import json

from checks import count, every_game

from firmware.core import about, load
from firmware.core.prng import Prng


def wire(view):
    """The view as a guest has it: through JSON, as the link carries it."""
    return json.loads(json.dumps(view))


@every_game
def test_a_guests_world_from_its_views_json_offers_the_hosts_legal_actions(game):
    rules = load(game)
    package = about(game)
    decisions = 0
    for seed in range(count(4, 1)):
        players = package.MIN_PLAYERS + seed % (package.MAX_PLAYERS - package.MIN_PLAYERS + 1)
        state = rules.new_game(players, seed)
        rng = Prng(seed + 1)
        while not state.is_over():
            seat = state.current_player()
            sent = state.view(seat)
            arrived = wire(sent)
            world = rules.sample_state(arrived, Prng(seed + 7))
            assert world.legal_actions() == state.legal_actions(), (game, seed, decisions)
            assert wire(world.view(seat)) == arrived, (game, seed, decisions)
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
            decisions += 1
    assert decisions > 100, (game, decisions)
