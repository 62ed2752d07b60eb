"""The engine's modules import each other in one direction: no cycle, type-only imports included (issue 29).

The graph is built from the source (ast, nothing imported), with every import of one engine module by
another: at module level, inside functions and under ``if TYPE_CHECKING:``. A cycle through type-only
imports is still a cycle of meaning (two modules that each need the other's types to be read), and it
was the shape of the engine's contract before ``engine/contract.py``: game, state, hooks, observation,
flow, fields, tensors and vocabulary formed one cycle of eight files. Each game's package is held to
the rule ``tests/test_layering.py`` already states for it (no cycle among the imports that run); the
type-only cycles inside games (a state and the rules modules that type their handlers by it) are left
to each game.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_layering import ROOT, game_cycles, imports, module_name


def import_graph(package: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (every import, type-only ones included)."""
    modules = {module_name(p): p for p in package.rglob("*.py")}
    top = module_name(package / "__init__.py")
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for me, path in modules.items():
        for _line, target in imports(path):
            if target in modules and target not in (me, top):
                graph[me].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan), each sorted: every cycle lies inside one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_inside_the_engine():
    found = cycles(import_graph(ROOT / "engine"))
    assert found == [], "import cycles inside voidtable.engine (type-only imports count):\n" + "\n".join(
        " <-> ".join(m.rpartition(".")[2] for m in part) for part in found)


def test_no_import_cycle_inside_a_game():
    assert game_cycles() == []


def test_the_checker_finds_a_type_only_cycle(tmp_path):
    """Negative control: two modules importing each other only under TYPE_CHECKING, and a three-module ring."""
    pkg = tmp_path / "voidtable" / "probe"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import A\n")
    (pkg / "c.py").write_text("from . import d\n")
    (pkg / "d.py").write_text("def f():\n    from .e import x\n")
    (pkg / "e.py").write_text("from .c import y\n")
    (pkg / "f.py").write_text("from .a import A\n")  # points into a cycle without being in it
    import tests.test_layering as layering

    old = layering.ROOT
    layering.ROOT = tmp_path / "voidtable"
    try:
        graph = import_graph(pkg)
    finally:
        layering.ROOT = old
    assert sorted(cycles(graph)) == [["voidtable.probe.a", "voidtable.probe.b"],
                                     ["voidtable.probe.c", "voidtable.probe.d", "voidtable.probe.e"]]
