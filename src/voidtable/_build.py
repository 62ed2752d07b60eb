"""Which build of voidtable this process runs: pure Python, or the compiled build (docs/speed.md).

``scripts/build_compiled.py`` compiles chosen modules with mypyc into extension files beside their
sources and lists them, with a hash of each source, in ``_compiled.json``. Python imports an
extension before a ``.py`` of the same name, so without care a compiled module would keep running
after its source changed. This module decides once, when ``voidtable`` is first imported, before any
other of its modules:

- ``VOIDTABLE_PURE=1`` (or any value but ``0`` and empty): pure Python, whatever is built;
- a compiled module whose source no longer matches its hash: pure Python, with a warning naming it
  (rebuild, or ``--clean``): old rules must never run quietly;
- otherwise the compiled build, if one is there.

Pure Python is enforced by a finder placed first on ``sys.meta_path`` that finds voidtable's modules
as sources only. It is never placed when nothing is compiled, so the pure install imports as before.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path
from types import ModuleType
from typing import Any, Sequence

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "_compiled.json"


class SourcesOnly:
    """A meta-path finder that finds ``voidtable.*`` modules as ``.py`` sources, never as extensions."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("voidtable.") or not path:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name, target)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def _read_manifest() -> dict[str, Any] | None:
    try:
        data = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _stale(manifest: dict[str, Any]) -> list[str]:
    """The compiled modules whose source changed (or went) since the build."""
    out = []
    for rel, want in dict(manifest.get("sources", {})).items():
        try:
            have = hashlib.sha256((PACKAGE / rel).read_bytes()).hexdigest()
        except OSError:
            have = ""
        if have != want:
            out.append(rel)
    return out


def _decide() -> tuple[str, str, list[str]]:
    """(kind, why, compiled modules) for this process; installs the sources-only finder when pure."""
    manifest = _read_manifest()
    if manifest is None:
        return "pure", "no compiled build", []
    if os.environ.get("VOIDTABLE_PURE", "") not in ("", "0"):
        sys.meta_path.insert(0, SourcesOnly)
        return "pure", "VOIDTABLE_PURE is set", []
    stale = _stale(manifest)
    if stale:
        sys.meta_path.insert(0, SourcesOnly)
        why = f"compiled build is older than {', '.join(stale[:3])}{' ...' if len(stale) > 3 else ''}"
        warnings.warn(f"voidtable: {why}; running pure Python (rebuild: python scripts/build_compiled.py, "
                      "or remove it: --clean)", RuntimeWarning, stacklevel=2)
        return "pure", why, []
    return "compiled", f"mypyc, {len(manifest.get('modules', []))} modules", list(manifest.get("modules", []))


KIND, WHY, MODULES = _decide()


def build_kind() -> str:
    """``"compiled"`` when this process runs the compiled build, else ``"pure"``."""
    return KIND


def describe() -> str:
    """One line: which build runs and why (``voidtable --version``, benches, test headers)."""
    return f"{KIND} build ({WHY})"


def loaded_compiled() -> list[str]:
    """The compiled build's modules this process has imported as extensions (a check that it really runs)."""
    out = []
    for name in MODULES:
        mod = sys.modules.get(name)
        origin = getattr(getattr(mod, "__spec__", None), "origin", "") or ""
        if origin.endswith((".so", ".pyd")):
            out.append(name)
    return out
