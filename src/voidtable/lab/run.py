"""Running a planned experiment into its results store: only what is missing, on the chosen backend."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from voidtable.sim.runner import Batch, Work

from . import backends
from .spec import Plan
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


def open_store(out: str | Path, fresh: bool = False) -> Store:
    path = store_path(out)
    if fresh:
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
    return Store(path)


def execute(plan: Plan, store: Store, jobs: int = 1, backend: str = "local", address: str | None = None,
            progress: Callable[[int, int], None] | None = None, chunk: int | None = None) -> RunInfo:
    """Play every game of ``plan`` not yet in ``store``, appending each chunk as it finishes.

    ``progress(done, total)`` is called once at the start (games already stored)
    and after every chunk. An exception raised by ``progress`` (or Ctrl-C)
    stops the run; what was stored stays, and the next run resumes from it.
    """
    store.add_conditions(plan.conditions)
    store.set_meta("experiment", plan.experiment.to_json())
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
