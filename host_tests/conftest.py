# pytest (CPython): the project root, the portable core suites and tools/ on the import path,
# as tools/mptest.py arranges it under MicroPython.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for path in (ROOT, os.path.join(HERE, "core"), os.path.join(ROOT, "tools")):
    if path not in sys.path:
        sys.path.insert(0, path)
