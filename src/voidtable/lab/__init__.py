"""The balance lab: experiments over rule sets, played in parallel, with statistics and a report.

>>> from voidtable import lab                                      # doctest: +SKIP
>>> exp = lab.spec.build(game=name, players=[4], games=2000,      # `voidtable lab run --example` prints one
...                      ab_b={path: value})
>>> res = lab.run_experiment(exp, "lab-results/dire3")             # results.sqlite, report.html, ...

Modules: ``spec`` (experiments and validation), ``store`` (SQLite results),
``backends`` (local processes, Ray), ``run`` (resume-aware execution),
``analysis`` (statistics), ``plots`` and ``report`` (outputs). The statistics
primitives live in ``voidtable.sim.stats`` so the agents' ladder can share them.
See docs/lab.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from . import spec
from .spec import Experiment, Plan, plan


@dataclass
class LabResult:
    plan: Plan
    analysis: Any
    run: Any
    files: dict[str, Path]
    lines: list[str]


def run_experiment(exp: Experiment, out: str | Path | None = None, *, fresh: bool = False,
                   progress: Callable[[int, int], None] | None = None, chunk: int | None = None,
                   report: bool = True) -> LabResult:
    """Validate, play what is missing, analyse, and write the outputs into ``out`` (default ``exp.out``, else
    :func:`run.default_out`: ``lab-results/NAME`` or ``NAME-2``... whichever is free or holds this experiment)."""
    import os

    from .analysis import analyse
    from .report import terminal_lines, write_all
    from .run import default_out, execute, open_store

    p = plan(exp)  # every check before the first game
    out_dir = Path(out or exp.out or default_out(exp))  # without a folder: one of its own, never another experiment's
    jobs = exp.jobs or os.cpu_count() or 1
    with open_store(out_dir, fresh=fresh) as store:
        info = execute(p, store, jobs=jobs, backend=exp.backend, address=exp.address, progress=progress, chunk=chunk)
        an = analyse(p, store)
        run = {"played": info.played, "reused": info.reused, "seconds": round(info.seconds, 3), "backend": info.backend,
               "jobs": info.jobs}
        files = write_all(p, store, an, out_dir, run) if report else {"store": store.path}
    return LabResult(p, an, info, files, terminal_lines(p, an))


__all__ = ["Experiment", "LabResult", "Plan", "plan", "run_experiment", "spec"]
