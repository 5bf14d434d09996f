"""The firmware's import structure, read from its source (CPython's ast, every import, late
ones inside functions too): the layers import downwards only, no two modules need each other,
and a game's modules are named in one place (firmware/core's registry)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"

# Each module's layer, by the longest prefix of its name that is listed; a module may import
# its own layer or one below. The base (what everything shares), the services, the games and
# the boards beside each other, the front ends, the app, the entry points.
LAYERS = {
    "firmware": 0, "firmware.clock": 0, "firmware.buttons": 0, "firmware.core": 0,
    "firmware.ui.canvas": 0, "firmware.ui.look": 0, "firmware.ui.font6x12": 0,
    "firmware.ui.scoretable": 0,
    "firmware.bots": 1, "firmware.crash": 1,
    "firmware.save": 1, "firmware.savefile": 1, "firmware.saveheader": 1, "firmware.saveload": 1,
    "firmware.saveoff": 1, "firmware.link": 1, "firmware.linkplay": 1,
    "firmware.games": 2, "firmware.hw": 2,
    "firmware.ui": 3,
    "firmware.app": 4, "firmware.selftest": 4, "firmware.bootmode": 4,
    "firmware.start": 5, "firmware.webpage": 5,
}


def module_name(path):
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules():
    return {module_name(p): p for p in sorted(FIRMWARE.rglob("*.py"))}


def imports(found):
    """{module: the firmware modules it imports} (`from package import module` as the module)."""
    edges = {}
    for name, path in found.items():
        out = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name.startswith("firmware"))
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("firmware"):
                for alias in node.names:
                    full = node.module + "." + alias.name
                    out.add(full if full in found else node.module)
        out.discard(name)
        edges[name] = out
    return edges


def layer(name):
    while name not in LAYERS:
        name = name.rsplit(".", 1)[0]
    return LAYERS[name]


def circles(edges):
    """The groups of modules that import each other, directly or around (Tarjan)."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def test_the_reading_sees_the_imports_it_judges():
    # Guards: a reader that misses late imports or `from package import module` would pass
    # everything below.
    edges = imports(modules())
    assert "firmware.ui.menus" in edges["firmware.app"]  # late, inside App.title()
    assert "firmware.ui.canvas" in edges["firmware.ui.scene"]  # from firmware.ui import canvas
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_no_import_climbs_back_up_a_layer():
    edges = imports(modules())
    up = sorted("%s (%d) -> %s (%d)" % (m, layer(m), t, layer(t))
                for m, targets in edges.items() for t in targets if layer(t) > layer(m))
    assert up == []


def test_no_two_modules_import_each_other():
    assert circles(imports(modules())) == []


def test_a_games_modules_are_named_in_the_registry_only():
    # No "firmware.ui.table_" + game: the engine asks firmware.core.game_part(game, "table").
    # (The board profiles, firmware.hw.<name>, are the board layer's own lookup.)
    assembled = re.compile(r"""["']firmware\.(core|bots|ui|games)\b[\w.]*["']\s*[+%]""")
    found = [str(p.relative_to(ROOT)) for p in FIRMWARE.rglob("*.py")
             if assembled.search(p.read_text())]
    assert found == ["firmware/core/__init__.py"]
    games = FIRMWARE / "games"
    assert not [p for p in (FIRMWARE / "ui").glob("*.py")
                if any(g.name in p.stem for g in games.iterdir() if g.is_dir())]
