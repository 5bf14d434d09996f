# The monkey: random buttons on the whole app (menus, setup, every game's table, pauses,
# results, privacy, resume), 20,000 events over four runs on real Blinka displayio. Nothing
# may raise, the app must always come back to waiting for a button, and no screen may
# swallow every button (stuck): the screen changes within STUCK events.
import pytest
from app_driver import make_sim, setup_game

from firmware import buttons
from firmware.core.prng import Prng
from firmware.save import SaveSlot

EVENTS = 5000  # per run; four runs
STUCK = 300
# (mask, weight): A most often (it moves games on), the d-pad, B, and the rest.
KEYS = ((buttons.A, 30), (buttons.DOWN, 12), (buttons.UP, 8), (buttons.LEFT, 6),
        (buttons.RIGHT, 8), (buttons.B, 8),
        (buttons.START, 4), (buttons.SELECT, 4), (buttons.A | buttons.B,
                                                  1), (buttons.UP | buttons.DOWN, 1))
TOTAL = sum(w for _, w in KEYS)


def pick(rng):
    roll = rng.randbelow(TOTAL)
    for mask, weight in KEYS:
        if roll < weight:
            return mask
        roll -= weight
    return buttons.A


# Each run starts one game by the menu (a human and bots of every level), then the monkey.
RUNS = (
    ("pybadge", "Diam's", 3, ["human", "hard", "easy"]),
    ("picodisplay", "Diamonds", 3, ["human", "human", "normal"]),
    ("pygamer", "Quartz", 3, ["human", "normal", "hard"]),
    ("picodisplay", "SIXGEMS", 2, ["human", "easy"]),
)


@pytest.mark.parametrize("run", range(len(RUNS)))
def test_random_buttons_never_break_the_app(run, tmp_path):
    board, title, players, seats = RUNS[run]
    rng = Prng(1000 + run)
    slot = SaveSlot(str(tmp_path), sync=False)
    sim = make_sim(board, slot, budget_ms=20, seed=run + 1)  # hard bots think 20 ms here
    setup_game(sim, title, players, seats)
    screens = set()
    longest = 0
    games = set()
    same = 0
    last = None
    for event in range(EVENTS):
        mask = pick(rng)
        if rng.randbelow(20) == 0:  # now and then held long enough to auto-repeat
            for _ in range(25):
                sim.frame(mask)
            sim.frame(0)
            sim.settle()
        else:
            sim.press(mask)
        assert not sim.app.busy()
        screens.add(type(sim.app.screen).__name__)
        match = sim.app.match
        if match is not None:
            games.add(match.game)
            longest = max(longest, len(match.state.history))
        texts = sim.texts()
        same = same + 1 if texts == last else 0
        assert same < STUCK, "stuck at event %d on %r" % (event, texts)
        last = texts
        for row in texts:
            assert len(row) <= sim.scene.cols
    for name in ("TitleScreen", "SetupScreen", "TableScreen", "TextScreen", "PauseScreen"):
        assert name in screens, screens
    assert longest > 20, (longest, games)
