"""The Ray backend on a small local Ray: the same games as the local backend, and the Ray the lab started shut down
afterwards. (A Ray the caller started, left running for the caller: ``test_tune_ray.py``, where the study is the caller.)

Starting Ray costs seconds of CPU, so this module starts it once: the lab starts it for one run and shuts it down.
"""

from __future__ import annotations

import json

import pytest

from voidtable.lab import run_experiment, spec

ray = pytest.importorskip("ray")


def rows(path):
    from voidtable.lab.store import Store
    with Store(path) as store:
        conds = [c for (c,) in store.db.execute("SELECT cond FROM conditions ORDER BY cond")]
        return [(c, r) for c in conds for r in store.rows(c, 10 ** 9)]


def experiment(backend: str) -> spec.Experiment:
    return spec.build(None, game="buccaneers", players=[3], games=24, seed=11, agents="random,heuristic", rotate=True,
                      sweep={"black_holes.dire_3.threshold": [17, 23]}, backend=backend, jobs=2)


def test_ray_started_by_the_lab_gives_the_local_results_and_is_shut_down(tmp_path):
    """Without a running Ray the backend starts one in-process (``jobs`` CPUs), plays there, and shuts it down."""
    local = run_experiment(experiment("local"), tmp_path / "local", chunk=9)
    assert not ray.is_initialized()
    cpus = []

    def while_playing(done: int, total: int) -> None:
        if done:  # after a chunk came back: the Ray the lab started is up, with jobs CPUs
            cpus.append(ray.cluster_resources().get("CPU") if ray.is_initialized() else None)

    try:
        on_ray = run_experiment(experiment("ray"), tmp_path / "ray", chunk=4, progress=while_playing)
        assert not ray.is_initialized()
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert cpus and set(cpus) == {2}
    assert on_ray.run.backend == "ray" and on_ray.run.played == local.run.played == 48
    assert rows(tmp_path / "ray" / "results.sqlite") == rows(tmp_path / "local" / "results.sqlite")
    a = json.loads(local.files["summary"].read_text())
    b = json.loads(on_ray.files["summary"].read_text())
    a.pop("run"), b.pop("run")
    assert a == b
