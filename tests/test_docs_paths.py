"""The project's documents point only inside the repository.

Paths to material kept outside it (a ``../shared`` folder, rulebook files) mean nothing
to someone reading the project on its own; the rules pages explain the rules in their own words.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"\.\./shared|(?<![\w.-])shared/|rulebooks/", re.I)


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_no_document_points_outside_the_repository():
    found = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in documents()
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if OUTSIDE.search(line)]
    assert not found, "\n".join(found)


def test_the_check_sees_such_a_path(tmp_path):
    assert OUTSIDE.search("see ../shared/rulebooks/002.txt") and OUTSIDE.search("shared/FACTS.md") and OUTSIDE.search("rulebooks/specs")
    assert not OUTSIDE.search("shared by every clone") and not OUTSIDE.search("docs/rules/buccaneers.md")
