# The text console never dies (issue 20): a fault in a game — a bot's turn, the renderer, the
# save — is reported (crash.txt) and told in a player's words, the save on the flash is left
# as the last applied action made it, Enter resumes the same game at the same move from the
# save, q quits; a fault while a save is resumed keeps that save aside; a board reset while
# resuming (the mark on the flash) does too; any exception from load() is told, not raised.
import os

import pytest
from checks import fingerprint

from firmware.core import load
from firmware.save import SaveSlot
from firmware.ui import console

GAME, SEED, OPTIONS = "diams", 11, {"length": "quick", "closing": "fixed"}
BOTS = ["normal", "easy"]


class Faulty:
    """console.make_bot, whose bots raise `exc` on their `at`-th choice (counted over all
    bots), once or `times` times; `on_fault` runs just before the raise."""

    def __init__(self, monkeypatch, at, exc, times=1, on_fault=None):
        self.calls = 0
        self.at = at
        self.exc = exc
        self.left = times
        self.on_fault = on_fault
        real = console.make_bot
        faulty = self

        def make_bot(game, seat, level="normal", seed=0, budget_ms=None, playouts=None):
            bot = real(game, seat, level, seed, budget_ms, playouts)
            choose = bot.choose

            def choose_or_fail(view):
                faulty.calls += 1
                if faulty.left and faulty.calls >= faulty.at:
                    faulty.left -= 1
                    if faulty.on_fault is not None:
                        faulty.on_fault()
                    raise faulty.exc
                return choose(view)

            bot.choose = choose_or_fail
            return bot

        monkeypatch.setattr(console, "make_bot", make_bot)


class Script:
    """The console's input: the answers in turn (EOF after the last), the prompts kept."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.prompts = []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)


def read(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.fixture
def setting(tmp_path, monkeypatch):
    crash_path = str(tmp_path / "crash.txt")
    monkeypatch.setattr(console, "CRASH_PATH", crash_path)
    return SaveSlot(str(tmp_path / "saves"), sync=False), crash_path


@pytest.mark.parametrize("exc,headline", ((KeyError("k"), "Something went wrong"),
                                          (MemoryError(), "Out of memory")))
def test_a_fault_in_a_bots_turn_is_told_and_enter_resumes_from_the_save(
    exc, headline, setting, monkeypatch
):
    slot, crash_path = setting
    at_fault = {}

    def remember():  # the save on the flash and the game as it stood when the fault came
        at_fault["bytes"] = read(slot.path)
        at_fault["saved"] = slot.load()

    Faulty(monkeypatch, 9, exc, on_fault=remember)
    lines = []
    script = Script("")  # Enter: resume it

    def prompt_check(prompt):
        if "Enter: resume it" in prompt:
            assert read(slot.path) == at_fault["bytes"]  # the fault left the save as it was
        return script(prompt)

    final = console.play(GAME, 2, BOTS, SEED, OPTIONS, prompt_check, lines.append, slot)
    text = "\n".join(lines)
    assert "%s (%s" % (headline, type(exc).__name__) in text, text
    assert "Details are in %s" % crash_path in text
    assert any("Your game is saved" in p for p in script.prompts), script.prompts
    assert final is not None and final.is_over()  # resumed and played to its end
    saved = at_fault["saved"]
    history = list(saved.state.history)
    assert list(final.history)[: len(history)] == history  # the same game, from that move
    assert len(history) == 8  # eight choices made, the ninth failed
    assert text.count("%s: 2 players" % load(GAME).TITLE) == 2  # the game shown again
    with open(crash_path) as f:
        report = f.read()
    assert type(exc).__name__ in report and "choose_or_fail" in report
    assert "game: diams, 8 actions played" in report


def test_a_saves_folder_that_cannot_be_made_is_told_once_in_words(tmp_path):
    # Issue 57: the console said "Saving is off ([Errno 2] No such file or directory: ...)".
    # Guards: the OSError printed as it is; the game stopped, or told again every move.
    slot = SaveSlot(str(tmp_path / "gone" / "saves"), sync=False)
    lines = []
    final = console.play(GAME, 2, BOTS, SEED, OPTIONS, Script(), lines.append, slot)
    assert final is not None and final.is_over()  # the game went on to its end
    told = [line for line in lines if "Saving is off" in line]
    assert len(told) == 1, lines
    assert "Errno" not in told[0] and "saves folder" in told[0], told
    assert "goes on" in told[0] and "cannot be resumed" in told[0], told


def test_q_after_a_fault_quits_and_keeps_the_save(setting, monkeypatch):
    slot, _ = setting
    Faulty(monkeypatch, 5, RuntimeError("bug"))
    lines = []
    assert console.play(GAME, 2, BOTS, SEED, OPTIONS, Script("q"), lines.append, slot) is None
    saved = slot.load()
    assert saved is not None and len(saved.state.history) == 4


def test_a_fault_while_resuming_keeps_the_save_aside(setting, monkeypatch):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    slot.save(state, BOTS)
    good = read(slot.path)
    Faulty(monkeypatch, 1, ValueError("always"), times=99)  # the resumed game fails at once
    lines = []
    result = console.play(GAME, inp=Script("y"), out=lines.append, slot=slot)
    text = "\n".join(lines)
    assert result is None
    assert "failed as it was resumed" in text and "game.bad1" in text, text
    assert read(os.path.join(slot.directory, "game.bad1")) == good  # kept byte for byte
    assert not slot.exists()
    assert not os.path.exists(os.path.join(slot.directory, "game.run"))
    lines = []  # the next start asks for a new game, offers nothing
    script = Script()
    console.play(GAME, inp=script, out=lines.append, slot=slot)
    assert script.prompts and script.prompts[0].startswith("Players"), script.prompts


def test_a_resumed_game_leaves_no_mark_once_it_moves(setting):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    slot.save(state, BOTS)
    final = console.play(GAME, inp=Script("y"), out=[].append, slot=slot)
    assert final is not None and final.is_over()
    assert not os.path.exists(os.path.join(slot.directory, "game.run"))
    slot2 = SaveSlot(slot.directory, sync=False)
    slot2.save(state, BOTS)
    assert slot2.load() is not None  # no stale mark keeps a good save aside


def test_a_board_reset_while_resuming_does_not_resume_again(setting):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    slot.save(state, BOTS)
    good = read(slot.path)
    slot.resuming()  # the mark a resume leaves until its first move; then the reset
    lines = []
    script = Script()
    console.play(GAME, inp=script, out=lines.append, slot=slot)
    text = "\n".join(lines)
    assert "game.bad1" in text, text
    assert read(os.path.join(slot.directory, "game.bad1")) == good
    assert script.prompts[0].startswith("Players")  # a new game, nothing offered


def test_without_a_save_the_fault_is_told_and_the_game_ends(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    Faulty(monkeypatch, 3, KeyError("x"))
    lines = []
    assert console.play(GAME, 2, BOTS, SEED, OPTIONS, Script(), lines.append) is None
    text = "\n".join(lines)
    assert "cannot come back" in text and "Details" not in text
    assert not os.listdir(str(tmp_path))  # no report without the flash


def test_a_fault_in_the_renderer_and_in_the_save(setting, monkeypatch):
    slot, _ = setting
    renderer = console.renderer_for(GAME)
    calls = [0]
    real = renderer.round_result

    def round_result(view, names, out):
        calls[0] += 1
        if calls[0] == 1:
            raise IndexError("renderer")
        return real(view, names, out)

    monkeypatch.setattr(renderer, "round_result", round_result)
    lines = []
    final = console.play(GAME, 2, BOTS, SEED, {}, Script(""), lines.append, slot)
    assert "Something went wrong (IndexError: renderer)." in lines
    assert final is not None and final.is_over() and final.rounds_scored() > 1
    assert calls[0] > 1  # the round's result shown again after the resume
    # A MemoryError while saving: that move's save waits for the next one, the game goes on.
    saves = [0]
    real_save = SaveSlot.save

    def save(self, game, seats, extra=None):
        saves[0] += 1
        if saves[0] == 4:
            raise MemoryError()
        return real_save(self, game, seats, extra)

    monkeypatch.setattr(SaveSlot, "save", save)
    lines = []
    final = console.play(GAME, 2, BOTS, SEED, OPTIONS, Script(""), lines.append, slot)
    assert not [line for line in lines if "MemoryError" in line or "went wrong" in line], lines
    assert final is not None and final.is_over() and saves[0] > 5


def test_a_fault_at_the_final_results_says_the_game_had_ended(setting, monkeypatch):
    slot, _ = setting
    renderer = console.renderer_for(GAME)

    def final(view, names, out):
        raise KeyError("final")

    monkeypatch.setattr(renderer, "final", final)
    lines = []
    assert console.play(GAME, 2, BOTS, SEED, OPTIONS, Script(), lines.append, slot) is None
    assert any("The game had ended" in line and "game.last" in line for line in lines), lines
    assert os.path.exists(slot.last) and not slot.exists()


def test_offer_resume_tells_any_error_of_load(setting, monkeypatch):
    slot, _ = setting

    def broken():
        raise RuntimeError("flash says no")

    monkeypatch.setattr(slot, "load", broken)
    lines = []
    assert console.offer_resume(slot, Script(), lines.append) is None
    assert lines == ["flash says no"]


def test_a_resumed_game_is_the_saved_one(setting):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    slot.save(state, BOTS)
    saved = console.offer_resume(slot, Script("y"), [].append)
    assert saved is not None and fingerprint(saved.state) == fingerprint(state)


def test_the_same_fault_again_right_after_the_resume_keeps_the_save_aside(setting, monkeypatch):
    slot, _ = setting
    Faulty(monkeypatch, 5, KeyError("again"), times=2)  # the 5th choice, and the next one
    lines = []
    assert console.play(GAME, 2, BOTS, SEED, OPTIONS, Script(""), lines.append, slot) is None
    text = "\n".join(lines)
    assert ("The saved game failed as it was resumed: it is kept as %s/game.bad1, and the next "
            "start begins a new game." % slot.directory) in lines, text
    assert not slot.exists()


def test_a_fault_later_in_a_resumed_game_offers_it_again(setting, monkeypatch):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    slot.save(state, BOTS)
    faulty = Faulty(monkeypatch, 6, KeyError("later"))
    lines = []
    script = Script("y", "")  # resume the save; after the fault, Enter: resume it again
    final = console.play(GAME, inp=script, out=lines.append, slot=slot)
    assert faulty.calls > 6 and final is not None and final.is_over()
    assert any("Your game is saved" in p for p in script.prompts), script.prompts
    assert not any("failed as it was resumed" in line for line in lines)


def test_a_resumed_game_quit_before_its_first_move_is_offered_again(setting):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    seats = ["human", "normal"]
    slot.save(state, seats)
    script = Script("y")  # resume it; the human's first decision then meets the end of input
    assert console.play(GAME, inp=script, out=[].append, slot=slot) is None
    assert not os.path.exists(os.path.join(slot.directory, "game.run"))
    saved = slot.load()
    assert saved is not None and saved.seats == seats


def test_an_older_copy_resumed_is_said(setting):
    slot, _ = setting
    state = load(GAME).new_game(2, SEED, OPTIONS)
    slot.save(state, BOTS)
    older = read(slot.path)
    state.apply(state.legal_actions()[0])
    slot.save(state, BOTS)
    with open(slot.old, "wb") as f:  # what a save cut between its two renames leaves
        f.write(older)
    with open(slot.path, "r+b") as f:  # and the newest copy damaged
        f.seek(20)
        f.write(b"#")
    lines = []
    saved = console.offer_resume(slot, Script("y"), lines.append)
    assert saved is not None and len(saved.state.history) == 0
    assert any("the one before it was resumed" in line for line in lines), lines
