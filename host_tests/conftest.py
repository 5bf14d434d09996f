# pytest (CPython): the project root, the portable core suites and tools/ on the import path,
# as tools/mptest.py arranges it under MicroPython.
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, os.path.join(HERE, "core"), os.path.join(ROOT, "tools")):
    if path not in sys.path:
        sys.path.insert(0, path)

# The long runs, marked `slow`: `make check` (the edit-test loop) leaves them out, `make test`
# and CI run everything. By file (each its own kind of soak) and by test.
SLOW_FILES = (
    "test_board_heap.py",  # whole games on the 32-bit CircuitPython, at each budget
    "test_pico.py",  # the emulated Pico
    "test_pico_frozen.py",  # its UF2 built and run there
    "test_pico_screen.py",
    "test_cp_pico.py",  # CircuitPython on the emulated Pico
    "test_pico_pair.py",  # two of them linked
    "test_web.py",  # the web page in Chromium
    "test_monkey.py",  # 20,000 random buttons
    "test_diams_random.py",  # thousands of random games per game (tools/mptest.py --fast
    "test_diamonds_random.py",  # leaves the same modules out)
    "test_quartz_random.py",
    "test_sixgems_random.py",
    "test_diploma_random.py",
    "test_crossport.py",  # whole games on CPython and on MicroPython, compared
    "test_contrast.py",  # the pixels of every new screen of whole games (test_looks.py's
    # palette check is the quick one)
)
SLOW_TESTS = (
    "test_error_board_does_not_answer",  # waits out the flash tool's timeouts
    "test_cpython_and_micropython_play_the_same_game",  # whole console games on MicroPython
    "test_selftest_of_every_game_through_mpremote",  # every game on the virtual board
)
# A firmware image built (tools/uf2.py, tools/cpbuild.py): a minute or more a board after an
# edit of firmware/, however warm the cache.
SLOW_FIXTURES = ("built", "cp_built")


def pytest_collection_modifyitems(config, items):
    for item in items:
        if (item.path.name in SLOW_FILES or item.originalname in SLOW_TESTS
                or set(SLOW_FIXTURES) & set(getattr(item, "fixturenames", ()))):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True, scope="module")
def decisions_forgotten():
    """table_checks.py keeps a test file's decisions for its next tests: gone after the file
    (hundreds of megabytes held on would slow every later test's garbage collection)."""
    yield
    table_checks = sys.modules.get("table_checks")
    if table_checks is not None:
        table_checks.forget_decisions()
