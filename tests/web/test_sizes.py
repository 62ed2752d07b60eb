"""No class or function grows past what a reader takes in at once (issue 29: the table's server was one class).

Measured from the source with ``ast``: a class's lines from its ``class`` line to its last
line, a function's likewise (a nested function counts inside its outer one too). Today this
holds ``web/``; later work extends ``LIMITS`` to the whole tree.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "voidtable"

# folder (under src/voidtable) -> (most lines in a class, most lines in a function)
LIMITS = {"web": (300, 80)}


def oversized(folder: Path, max_class: int, max_function: int, root: Path = SRC) -> list[str]:
    """Every class and function under ``folder`` longer than its limit, as 'file:line name (N lines)'."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ClassDef):
                limit = max_class
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                limit = max_function
            else:
                continue
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines} lines, limit {limit})")
    return found


@pytest.mark.parametrize("folder", sorted(LIMITS))
def test_no_class_or_function_is_over_its_limit(folder):
    max_class, max_function = LIMITS[folder]
    assert oversized(SRC / folder, max_class, max_function) == []


def test_the_measure_finds_a_long_class_and_a_long_function(tmp_path):
    """The control: a planted class of 301 lines and a function of 81 are both named."""
    body = "\n".join(f"    x{i} = {i}" for i in range(300))
    fn = "def long():\n" + "\n".join(f"    y{i} = {i}" for i in range(80)) + "\n"
    (tmp_path / "big.py").write_text(f"class Big:\n{body}\n\n\n{fn}", encoding="utf-8")
    found = oversized(tmp_path, 300, 80, root=tmp_path)
    assert [f.split(" ")[1] for f in found] == ["Big", "long"]
