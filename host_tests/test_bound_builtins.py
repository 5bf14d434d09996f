# A module that binds builtins as its globals (firmware.core.base.bind_builtins: on the
# boards a name missing from a big module's globals costs a probe through its table) lists
# every builtin it uses: one left out is slow again without a sign, one too many is heap.
import ast
import builtins
import os

from firmware.core.base import bind_builtins
from firmware.games.diploma import rules as diploma

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def binding_modules():
    """{path: the tree} of the firmware's modules that call bind_builtins."""
    found = {}
    for folder, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for name in files:
            path = os.path.join(folder, name)
            if name.endswith(".py") and name != "base.py":
                with open(path) as f:
                    text = f.read()
                if "bind_builtins(" in text:
                    found[os.path.relpath(path, ROOT)] = ast.parse(text)
    return found


def is_binding(top):
    """Whether a top-level statement is the bind_builtins(...) call."""
    return isinstance(top, ast.Expr) and isinstance(top.value, ast.Call) and \
        getattr(top.value.func, "id", "") == "bind_builtins"


def bound_names(tree):
    """The names of the module-level bind_builtins((...), globals()) call."""
    calls = [top.value for top in tree.body if is_binding(top)]
    assert len(calls) == 1, "one bind_builtins call, at the module's top level"
    names, where = calls[0].args
    assert ast.unparse(where) == "globals()"
    return [elt.value for elt in names.elts]


def used_builtins(tree):
    """The builtins the module's code loads (the binding call's own globals() aside)."""
    found = set()
    for top in tree.body:
        if is_binding(top):
            continue
        for node in ast.walk(top):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and \
                    hasattr(builtins, node.id):
                found.add(node.id)
    return sorted(found)


def test_a_binding_module_binds_every_builtin_it_uses_and_no_other():
    modules = binding_modules()
    assert "firmware/games/diploma/rules.py" in modules  # the one that needs it (152 names)
    for path, tree in modules.items():
        names = bound_names(tree)
        assert names == sorted(set(names)), path + ": sorted, once each"
        assert names == used_builtins(tree), path


def test_bound_names_are_the_builtins_themselves():
    for name in bound_names(binding_modules()["firmware/games/diploma/rules.py"]):
        assert vars(diploma)[name] is getattr(builtins, name)
    where = {}
    bind_builtins(("len", "sorted"), where)
    assert where == {"len": len, "sorted": sorted}
