# The CircuitPython boards' firmware leaves out Python features no game uses, for flash
# (tools/frozen/circuitpython/games.mk: complex numbers, OrderedDict, deque): firmware/ must
# not start using them, which only a run on that build would otherwise show.
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT_NAMES = {"complex", "OrderedDict", "deque", "cmath"}
GAMES_MK = ROOT / "tools" / "frozen" / "circuitpython" / "games.mk"


def uses(tree):
    """The left-out features a module's tree uses: names, attributes, imports, 1j literals."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in LEFT_OUT_NAMES:
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in LEFT_OUT_NAMES:
            found.add(node.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            found.update(n for n in names if n in LEFT_OUT_NAMES)
        elif isinstance(node, ast.Constant) and isinstance(node.value, complex):
            found.add("a complex literal")
    return found


def test_firmware_uses_nothing_the_circuitpython_build_leaves_out():
    text = GAMES_MK.read_text()
    for flag in ("MICROPY_PY_BUILTINS_COMPLEX=0", "MICROPY_PY_COLLECTIONS_ORDEREDDICT=0",
                 "MICROPY_PY_COLLECTIONS_DEQUE=0"):
        assert flag in text  # (a flag dropped there: this test's list wants a look too)
    paths = sorted((ROOT / "firmware").rglob("*.py")) + [ROOT / "main.py", ROOT / "boot.py"]
    found = {str(p.relative_to(ROOT)): uses(ast.parse(p.read_text())) for p in paths}
    assert {p: u for p, u in found.items() if u} == {}
    assert uses(ast.parse("from collections import deque\nx = 2j\ncomplex(1)")) == {
        "deque", "a complex literal", "complex"}
