"""Diam's moves told whole (issue 57): each move of the log is one sentence in the players'
words (State.move_text), the seat first: the draw (D-T1), the turn's main move (D-T5: a
market move with what was placed and taken, D-T6; a vault move, D-T7; a special card's
power, D-T8) and the cards given up (D-T9); never a pick of its own. Read from the match's
logs (firmware/ui/match.py) and off the table's news row in the simulator; another seat's
hidden cards never named. Rule ids: seeds/diams.md."""
import re

from app_driver import make_sim, setup_game
from move_log import at_random, human_vs_bots, moves

from firmware import buttons
from firmware.core import load
from firmware.core.prng import Prng
from firmware.games.diams import rules as diams
from firmware.ui import match as match_module
from firmware.ui import screens

# The phases whose action starts a move: the draw, the main choice, the victim's choice
# (a Safecracker's catch, told by its note); the cards given up start one at the first.
STARTS = (diams.P_DRAW, diams.P_MAIN, diams.P_SAFE_GIVE)


def moves_of(state):
    """(seat that acts, seat whose turn it is) of each move in `state`'s history, counted
    by the rules' phases (not by move_text): replayed from the deal."""
    probe = load("diams").new_game(state.players, state.seed, state.options)
    out = []
    given_up = False  # the last action gave up a card: the next one is the same move's
    for action in state.history:
        phase = probe.phase
        if phase in STARTS or (phase == diams.P_DISCARD and not given_up):
            out.append((probe.current_player(), probe.turn))
        given_up = phase == diams.P_DISCARD and probe.phase == diams.P_DISCARD
        probe.apply(action)
    return out


def sentences(lines):
    """The log's sentences: the lines not indented under one (what a move caused)."""
    return [line for line in lines if not line.startswith(" ")]


def play_match(seed, players=3):
    """A quick game: a human at P1 deciding at random, normal bots; every line of P1's log
    over the game (read before each of its decisions, which empty it)."""
    match = human_vs_bots("diams", players, seed, {"length": "quick"})
    read = []
    for move in moves(match, at_random(Prng(seed))):
        if not move.bot:
            read.extend(move.read)
    read.extend(match.logs[0])
    return match, read


def test_each_move_is_one_sentence_in_the_logs_D_T1_D_T5_D_T9(monkeypatch):
    # The public log has a sentence per move of every seat, P1's log one per move of the
    # others, in order, each starting with the seat on turn; the market moves name the
    # placed diamond and what was taken. Guards: a pick logged as a sentence of its own
    # ('P1: market', 'P1: take 4 yellow'), a move said twice or not at all, the wrong seat.
    monkeypatch.setattr(match_module, "LOG_KEEP", 1 << 20)  # every line kept
    kinds = set()
    for seed in (3, 8, 21):
        match, read = play_match(seed)
        moves = moves_of(match.state)
        said = sentences(match.public)
        assert len(said) == len(moves), (seed, said[:12], moves[:12])
        for line, (_, turn) in zip(said, moves):
            assert line.startswith("P%d " % (turn + 1)), line
            assert ":" not in line.split()[0], line  # 'P2 draws', not 'P2: draw'
            kinds.add(" ".join(line.split()[1:2]))
        others = [turn for seat, turn in moves if seat != 0]
        mine = sentences(read)
        assert len(mine) == len(others), (seed, mine[:12])
        for line, turn in zip(mine, others):
            assert line.startswith("P%d " % (turn + 1)), line
        for line in said:
            if " places " in line:
                assert re.match(r"^P\d places \d+\*? \w+ and takes .+$", line), line
    assert {"draws", "places", "stores"} <= kinds, kinds


def test_another_seats_hidden_cards_are_never_named():
    # Whatever P1 reads of the others' moves names no card it cannot see: the same words on
    # any deal P1's view allows (sample_state: other hands, vaults, the deck and the mover's
    # hidden selection dealt again). The draw to the market names the two diamonds it puts
    # face up (public at once). Random play: every kind of move. Guards: a vault or Convoy
    # move naming its cards, a drawn card named, a Safecracker's victim's pick named.
    rng = Prng(57)
    checked = set()
    for seed in range(1, 13):
        players = 2 + seed % 3
        state = load("diams").new_game(players, seed, {"length": "quick"})
        while not state.is_over():
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            mover = state.current_player()
            for viewer in range(players):
                if viewer == mover:
                    continue
                words = state.move_text(action, viewer)
                if words is None:
                    continue
                if state.phase == diams.P_DRAW and action == diams.DRAW_MARKET:
                    after = state.clone()
                    after.apply(action)
                    drawn = [c for c in after.market if c not in state.market]
                    assert words.endswith(" draws %s to the market" % diams._listed(drawn)), words
                    continue
                for _ in range(2):
                    other = diams.sample_state(state.view(viewer), rng)
                    if len(other.sel) != len(state.sel):
                        continue  # (a sampled hand with too few diamonds for the selection)
                    assert other.move_text(action, viewer) == words, (words, state.phase)
                checked.add(diams.PHASES[state.phase])
            state.apply(action)
    assert {"draw", "take", "vault", "discard"} <= checked, checked


def test_the_news_row_tells_the_others_moves_whole():
    # On the handheld, P1's news row shows each sentence of the others' moves (LEFT steps
    # back through them), from its first word: the move as the log says it.
    shown = 0
    for seed in (2, 5):
        sim = make_sim("pybadge", seed=seed)
        setup_game(sim, "Diam's", 3, ["human", "normal", "normal"], {"length": "quick"})
        for _ in range(300):
            match = sim.app.match
            if match is None or match.over():
                break
            table = sim.app.screen
            if not (isinstance(table, screens.TableScreen) and match.human_turn()):
                sim.press(buttons.A)
                continue
            news = list(match.news(0))
            for back in range(len(news)):
                if not news[-1 - back].startswith(" "):
                    tag = screens.NEWS_TAG if len(news) > 1 else 0
                    rows = screens.news_rows(news[-1 - back], sim.app.cols, tag)
                    texts = sim.texts()
                    choice = max(i for i in range(len(texts)) if texts[i].startswith(">"))
                    said = " ".join(texts[choice - len(rows):choice])
                    said = re.sub(r" +\d+/\d+$", "", said.strip())
                    assert re.sub(" +", " ", said) == news[-1 - back] or (
                        said.endswith("...") and news[-1 - back].startswith(said[:-3])), (
                        said, news[-1 - back])
                    shown += 1
                sim.press(buttons.LEFT)
            sim.press(buttons.A)
    assert shown > 20, shown
