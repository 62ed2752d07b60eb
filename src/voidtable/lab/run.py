"""Running a planned experiment into its results store: only what is missing, on the chosen backend."""

from __future__ import annotations

import itertools
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get
from voidtable.sim.runner import Batch, Work

from . import backends
from .spec import Experiment, Plan
from .store import Store, play_encoded


@dataclass
class RunInfo:
    played: int
    reused: int
    seconds: float
    backend: str
    jobs: int


def batch_for(plan: Plan, cond_id: int) -> Batch:
    c = plan.conditions[cond_id]
    return Batch(plan.experiment.game, c.players, c.games, c.seed, c.agents, dict(c.settings),
                 rotate=c.rotate, measures=plan.experiment.measures)


def store_path(out: str | Path) -> Path:
    return Path(out) / "results.sqlite"


# what may change between runs of one experiment that resume into the same folder (more games, other statistics)
RESUMABLE_KEYS = ("games", "detect", "alpha", "measures")


def _identity(experiment: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in json.loads(json.dumps(experiment)).items() if k not in RESUMABLE_KEYS}


def stored_experiment(out: str | Path) -> dict[str, Any] | None:
    """The experiment last run into ``out``'s results store (read only; None if there is none or it is unreadable)."""
    path = store_path(out)
    if not path.exists():
        return None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
        try:
            got = con.execute("SELECT value FROM meta WHERE key='experiment'").fetchone()
        finally:
            con.close()
        value = json.loads(got[0]) if got else None
    except (sqlite3.Error, ValueError):
        return None
    return value if isinstance(value, dict) else None


def default_out(exp: Experiment, root: str | Path = "lab-results") -> Path:
    """The folder of an experiment run without an explicit output folder: ``root/NAME``, else ``NAME-2``, ``NAME-3``...

    The first folder that does not exist yet, is empty, or already holds this same experiment
    (so running it again resumes there); a folder holding another experiment is never reused.
    """
    want = _identity(exp.to_json())
    for k in itertools.count(1):
        folder = Path(root) / (exp.name if k == 1 else f"{exp.name}-{k}")
        if not folder.exists() or (folder.is_dir() and not any(folder.iterdir())):
            return folder
        stored = stored_experiment(folder)
        if stored is not None and _identity(stored) == want:
            return folder
    raise AssertionError("unreachable")


def open_store(out: str | Path, fresh: bool = False) -> Store:
    path = store_path(out)
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
    return Store(path)


def check_rules_version(plan: Plan, store: Store) -> None:
    """A one-line OptionError if ``store`` holds games played under another rules version of the game.

    The same seed, agents and rules data play differently under another rules version,
    so such games must not be mixed with new ones: start a fresh store (``--fresh``) or
    use another ``--out``. A store from before rules versions were recorded counts as
    rules version 1. (Changed rules *data* needs no check: it makes new condition keys.)
    """
    game = plan.experiment.game
    current = get(game).rules_version
    stored = store.get_meta("rules_version")
    if stored is None:
        if not store.has_games():
            return
        stored = {"game": game, "version": 1}
    if stored.get("game") == game and stored.get("version") != current:
        raise OptionError(f"{store.path} holds {game} games played under rules version {stored.get('version')}; this is "
                          f"rules version {current}, so they cannot be resumed: use --fresh or another --out")


def execute(plan: Plan, store: Store, jobs: int = 1, backend: str = "local", address: str | None = None,
            progress: Callable[[int, int], None] | None = None, chunk: int | None = None) -> RunInfo:
    """Play every game of ``plan`` not yet in ``store``, appending each chunk as it finishes.

    A store whose games were played under another rules version of the game is refused
    (:func:`check_rules_version`); the store records the rules version it is filled under.

    ``progress(done, total)`` is called once at the start (games already stored)
    and after every chunk. An exception raised by ``progress`` (or Ctrl-C)
    stops the run; what was stored stays, and the next run resumes from it.
    """
    check_rules_version(plan, store)
    store.add_conditions(plan.conditions)
    store.set_meta("experiment", plan.experiment.to_json())
    store.set_meta("rules_version", {"game": plan.experiment.game, "version": get(plan.experiment.game).rules_version})
    work: list[Work] = []
    reused = 0
    for c in plan.conditions:
        have = store.done(c.key, c.games)
        reused += len(have)
        missing = [i for i in range(c.games) if i not in have]
        if missing:
            work.append((c.key, batch_for(plan, c.id), missing))
    total = sum(c.games for c in plan.conditions)
    done = reused
    if progress:
        progress(done, total)
    start = time.perf_counter()
    if backend == "ray":
        stream = backends.ray(work, jobs, address, chunk, fn=play_encoded)
    else:
        stream = backends.local(work, jobs, chunk, fn=play_encoded)
    try:
        for key, outcomes in stream:
            done += store.add(str(key), outcomes)
            if progress:
                progress(done, total)
    finally:
        close = getattr(stream, "close", None)
        if close:
            close()
    return RunInfo(done - reused, reused, time.perf_counter() - start, backend, jobs)
