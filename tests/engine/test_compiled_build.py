"""The compiled build (scripts/build_compiled.py, docs/speed.md) plays exactly the games the pure build plays.

The golden records pin seeded games of every game step by step; the compiled build must replay them
all (rules and agents) byte for byte. Those tests run only where a compiled build exists (a checkout
where the script was run), in a fresh process that really imports the extensions. The switch between
builds (``VOIDTABLE_PURE``, the stale-source check) is tested everywhere it can be.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from voidtable import _build

ROOT = Path(__file__).resolve().parents[2]
BUILT = _build.MANIFEST.exists()
needs_build = pytest.mark.skipif(not BUILT, reason="no compiled build here (python scripts/build_compiled.py makes one)")

PROBE = """
import json, voidtable
from voidtable import _build
import voidtable.engine.flow, voidtable.engine.rng
print(json.dumps({"kind": _build.build_kind(), "loaded": _build.loaded_compiled(), "why": _build.WHY}))
"""


def probe(**env: str) -> dict:
    """Which build a fresh process runs, with ``env`` added (and VOIDTABLE_PURE unset unless given)."""
    base = {k: v for k, v in os.environ.items() if k != "VOIDTABLE_PURE"}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env={**base, **env}, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_changed_source_is_found_stale():
    """A compiled module whose source no longer matches its hash makes the process run pure (old rules never run)."""
    source = _build.PACKAGE / "engine" / "rng.py"
    right = hashlib.sha256(source.read_bytes()).hexdigest()
    assert _build._stale({"sources": {"engine/rng.py": right}}) == []
    assert _build._stale({"sources": {"engine/rng.py": "0" * 64}}) == ["engine/rng.py"]
    assert _build._stale({"sources": {"engine/gone.py": right}}) == ["engine/gone.py"]


def test_sources_only_finder_finds_sources_and_leaves_other_packages_alone():
    spec = _build.SourcesOnly.find_spec("voidtable.engine.rng", [str(_build.PACKAGE / "engine")])
    assert spec is not None and spec.origin is not None and spec.origin.endswith("rng.py")
    assert _build.SourcesOnly.find_spec("json", None) is None
    assert _build.SourcesOnly.find_spec("voidtable.engine.nothing_here", [str(_build.PACKAGE / "engine")]) is None


@needs_build
def test_the_compiled_build_runs_and_pure_is_one_variable_away():
    compiled = probe()
    assert compiled["kind"] == "compiled", compiled
    assert "voidtable.engine.flow" in compiled["loaded"] and "voidtable.engine.rng" in compiled["loaded"]
    pure = probe(VOIDTABLE_PURE="1")
    assert pure == {"kind": "pure", "loaded": [], "why": "VOIDTABLE_PURE is set"}


@needs_build
def test_the_compiled_build_replays_every_golden_record():
    """Every pinned game of every game, rules and agents, in a process running the compiled build."""
    code = ("import sys; from voidtable import _build; from tests.golden.__main__ import check; "
            "from tests.golden.core import builtin_games; "
            "problems = check(builtin_games()); print(_build.build_kind(), len(_build.loaded_compiled())); "
            "print('\\n'.join(problems)); sys.exit(1 if problems else 0)")
    env = {k: v for k, v in os.environ.items() if k != "VOIDTABLE_PURE"}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    first, *problems = out.stdout.strip().splitlines()
    kind, loaded = first.split()
    assert kind == "compiled" and int(loaded) > 0, out.stdout + out.stderr
    assert out.returncode == 0 and not problems, "\n".join(problems) + out.stderr[-2000:]
