"""Build the compiled build: the engine's (and some games') hot modules as C extensions, with mypyc.

Usage (from the repository root, with the test extras installed: they bring mypy, and so mypyc)::

    .venv/bin/python scripts/build_compiled.py            # compile MODULES in place (src/voidtable/...)
    .venv/bin/python scripts/build_compiled.py --clean    # remove every compiled file: the pure build again
    .venv/bin/python scripts/build_compiled.py --modules src/voidtable/engine/rng.py ...   # an experiment

The extensions land beside their sources (``flow.cpython-311-x86_64-linux-gnu.so`` next to
``flow.py``), where Python's import prefers them; ``src/voidtable/_compiled.json`` lists them with a
hash of each source, so ``voidtable._build`` runs the compiled build only while every compiled source is
unchanged (an edited source makes the process run pure Python, with a warning). ``VOIDTABLE_PURE=1``
runs pure Python whatever is built. Why, and what was measured: docs/speed.md.

Prints one line saying which build is now in place; exits 0 with the pure build when no C compiler
or no mypyc is available (nothing else changes), 1 when compilation itself fails.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = SRC / "voidtable"
MANIFEST = PACKAGE / "_compiled.json"
BUILD_DIR = ROOT / "build" / "mypyc"

#: What the compiled build compiles (docs/speed.md says why each, and why the others are not here).
MODULES = [
    "engine/rng.py",
    "engine/actions.py",
    "engine/state.py",
    "engine/jsonform.py",  # jsonable: snapshots and task records, called per value (was in flow.py)
    "engine/flow.py",
    "engine/zones.py",
    "games/buccaneers/state.py",
    "games/buccaneers/tasks.py",
    "games/buccaneers/selection.py",
    "games/buccaneers/placement.py",
    "games/buccaneers/artifacts.py",
    "games/buccaneers/scoring.py",
    "games/buccaneers/views.py",
]


def compiled_files() -> list[Path]:
    """Every extension file the compiled build put into the package."""
    suffixes = (".so", ".pyd")
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in suffixes)


def clean() -> int:
    """Remove every compiled file and the manifest; returns how many files went."""
    files = compiled_files()
    for p in files:
        p.unlink()
    if MANIFEST.exists():
        MANIFEST.unlink()
    return len(files)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def why_not() -> str | None:
    """Why this machine cannot compile (no mypyc, no C compiler, no Python headers), or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy: pip install -e '.[test]')"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        return f"no C compiler ({cc}) on PATH"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").exists():
        return f"no Python headers (Python.h not in {include})"
    return None


def groups(paths: list[str]) -> list[tuple[list[str], str | None]]:
    """One shared library per package (the engine's, each game's: ``voidtable/engine/_native__mypyc.*.so``).

    Why separate libraries rather than one: compiled as one group, mypyc knows every subclass of the
    engine's ``FlowState`` in the group and checks ``self`` against exactly those, so another game's
    interpreted state fails its first call (``TypeError: FlowState object expected``). Separate groups
    keep the general ``isinstance`` check (docs/speed.md).
    """
    by_package: dict[str, list[str]] = {}
    for p in paths:
        by_package.setdefault(str(Path(p).parent), []).append(p)
    return [(files, ".".join(Path(pkg).relative_to("src").parts) + "._native") for pkg, files in by_package.items()]


def build(modules: list[str], jobs: int) -> float:
    """Compile ``modules`` (paths under src/voidtable) in place; returns the seconds it took."""
    from mypyc.build import mypycify  # imported here: a machine without mypy only needs --clean and why_not
    from setuptools import setup

    start = time.perf_counter()
    paths = [str((PACKAGE / m).relative_to(ROOT)) for m in modules]
    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] from here; the paths are relative to it
    extensions = mypycify(paths, opt_level="3", separate=groups(paths), target_dir=str(BUILD_DIR))
    os.chdir(BUILD_DIR)  # not the root: an older setuptools would read (and refuse) pyproject.toml's [project]
    setup(name="voidtable-compiled", package_dir={"": str(SRC)}, ext_modules=extensions,
          script_args=["-q", "build_ext", "--inplace", f"--parallel={jobs}", f"--build-temp={BUILD_DIR / 'temp'}"])
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clean", action="store_true", help="remove the compiled build (pure Python again)")
    ap.add_argument("--modules", nargs="+", help="paths of modules to compile instead of the default list")
    ap.add_argument("--jobs", type=int, default=2, help="C compiler processes (default 2)")
    args = ap.parse_args(argv)
    removed = clean()
    if args.clean:
        print(f"compiled build: removed ({removed} files); pure Python in use")
        return 0
    reason = why_not()
    if reason is not None:
        print(f"compiled build: not built ({reason}); pure Python in use")
        return 0
    modules = [str(Path(m).resolve().relative_to(PACKAGE)) if m.startswith(("src", "/")) else m
               for m in (args.modules or MODULES)]
    try:
        seconds = build(modules, args.jobs)
    except (SystemExit, Exception) as e:  # mypy's type errors end in SystemExit; a C error in a CompileError
        clean()
        print(f"compiled build: failed ({type(e).__name__}: {e}); pure Python in use", file=sys.stderr)
        return 1
    names = ["voidtable." + m[:-3].replace("/", ".") for m in modules]
    MANIFEST.write_text(json.dumps({
        "modules": names,
        "sources": {m: digest(PACKAGE / m) for m in modules},
        "seconds": round(seconds, 1),
        "python": sys.version.split()[0],
    }, indent=1) + "\n")
    print(f"compiled build: {len(names)} modules compiled in {seconds:.0f} s ({', '.join(n[10:] for n in names)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
