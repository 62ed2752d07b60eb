"""Imports point downwards only: front ends -> agents/sim -> games -> engine (docs/architecture.md).

Every module under ``src/voidtable`` is parsed (ast, nothing imported) and each of
its ``voidtable`` imports, including relative ones and those inside functions or
``if TYPE_CHECKING:`` blocks, must go to its own layer or one below:

=========  =====================================  ==========================
layer      packages                               may import
=========  =====================================  ==========================
0 engine   ``engine``                             engine
1 games    ``games``                              engine, games
2 agents   ``agents``                             engine, games, agents
3 sim      ``sim``                                ... and sim (sim uses agents; agents never use sim)
4 fronts   ``cli``, ``web``, ``lab``, ``interop``  everything
=========  =====================================  ==========================

``voidtable._build`` (which build runs: pure or compiled) imports nothing of voidtable, so it sits
with the engine at layer 0, where the command line may ask it.
A game imports no other game's package either: a game is a folder of its own.
One downward-looking exception, by design: ``engine.registry`` imports the
``voidtable.games`` *package* (an empty namespace) to find the games in it;
it never names a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import voidtable

ROOT = Path(voidtable.__file__).resolve().parent
LAYERS = {"_build": 0, "engine": 0, "games": 1, "agents": 2, "sim": 3, "cli": 4, "web": 4, "lab": 4, "interop": 4}
TOP = 5  # voidtable/__init__.py and other top-level modules
ALLOWED = {("voidtable.engine.registry", "voidtable.games")}  # discovery: the games package, never a game


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


_PARSED: dict[tuple[Path, str], ast.Module] = {}


def parse(path: Path) -> ast.Module:
    """The file's syntax tree, parsed once per content (every check below walks every file)."""
    text = path.read_text()
    tree = _PARSED.get((path, text))
    if tree is None:
        tree = _PARSED[(path, text)] = ast.parse(text, str(path))
    return tree


def imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in the file."""
    tree = parse(path)
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.append((node.lineno, mod))
            if node.module is None or node.level:  # "from . import x": x may be a module
                out += [(node.lineno, f"{mod}.{a.name}") for a in node.names]
    return out


def layer(module: str) -> tuple[int, str | None]:
    """(layer, game package or None) of a voidtable module."""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "voidtable":
        return TOP, None
    sub = parts[1]
    game = parts[2] if sub == "games" and len(parts) > 2 else None
    return LAYERS.get(sub, TOP), game


def violations() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        me = module_name(path)
        my_layer, my_game = layer(me)
        for line, target in imports(path):
            if target != "voidtable" and not target.startswith("voidtable."):
                continue
            their_layer, their_game = layer(target)
            where = f"{path.relative_to(ROOT.parent)}:{line} ({me} imports {target})"
            if (me, target) in ALLOWED:
                continue
            if their_layer > my_layer and my_layer < TOP:
                found.append(f"upward import: {where}")
            elif my_game and their_game and my_game != their_game:
                found.append(f"one game imports another: {where}")
    return found


def test_imports_point_downwards_only():
    assert violations() == []


def test_the_checker_sees_an_upward_import(tmp_path, monkeypatch):
    """Negative control: an engine module importing a front end, or a game importing agents, is caught."""
    assert layer("voidtable.engine.records") == (0, None)
    assert layer("voidtable.games.blacksun.bot") == (1, "blacksun")
    assert layer("voidtable.web.scenes")[0] > layer("voidtable.sim.runner")[0] > layer("voidtable.agents.mcts")[0]
    fake = ROOT / "engine" / "_layering_probe.py"
    try:
        fake.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from voidtable.web import scenes\n"
                        "def f():\n    from ..agents import base\n")
        got = [v for v in violations() if "_layering_probe" in v]
        assert {v.split(":")[2].split(" ")[0] for v in got} == {"3", "5"} and all(v.startswith("upward import") for v in got)
    finally:
        fake.unlink()


def test_nothing_outside_the_games_imports_a_game():
    """Front ends, agents, sim and the engine reach a game through its spec (``spec.hooks``), never by module."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        me = module_name(path)
        if me.startswith("voidtable.games"):
            continue
        for line, target in imports(path):
            if target.startswith("voidtable.games."):
                found.append(f"{path.relative_to(ROOT.parent)}:{line} imports {target}")
    assert found == []


def runtime_imports(path: Path) -> list[tuple[int, str, bool]]:
    """(line, absolute module, at module level?) for imports that run (not under ``if TYPE_CHECKING:``)."""
    tree = parse(path)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    top = {id(n) for stmt in tree.body for n in ast.walk(stmt)
           if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    by_line: dict[int, list[str]] = {}
    for line, mod in imports(path):
        by_line.setdefault(line, []).append(mod)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in skip:
            out += [(node.lineno, mod, id(node) in top) for mod in by_line.get(node.lineno, [])]
    return out


def game_cycles() -> list[str]:
    """Import cycles among one game's own modules (imports inside functions count: they may not hide a cycle).

    An import inside a function is fine for another reason (the NumPy encoder a hook loads lazily).
    """
    problems = []
    for pkg in sorted(p for p in (ROOT / "games").iterdir() if (p / "__init__.py").exists()):
        prefix = f"voidtable.games.{pkg.name}"
        modules = {module_name(p): p for p in pkg.rglob("*.py")}
        graph: dict[str, set[str]] = {m: set() for m in modules}
        for me, path in modules.items():
            for _line, target, _at_top in runtime_imports(path):
                if target in modules and target != me and target != prefix:
                    graph[me].add(target)  # an import inside a function counts too: it may not hide a cycle
        state: dict[str, int] = {}

        def visit(m: str, trail: list[str]) -> None:
            state[m] = 1
            for t in sorted(graph[m]):
                if state.get(t) == 1:
                    problems.append("import cycle: " + " -> ".join(trail[trail.index(t):] + [t]))
                elif t not in state:
                    visit(t, trail + [t])
            state[m] = 2

        for m in sorted(graph):
            if m not in state:
                visit(m, [m])
    return problems


def test_no_import_cycles_inside_a_game():
    """A game's modules import each other in one direction (no cycle broken by imports inside functions)."""
    assert game_cycles() == []
