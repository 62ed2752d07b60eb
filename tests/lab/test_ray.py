"""The Ray backend on a small local Ray: the same games as the local backend, and Ray shut down afterwards."""

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
    return spec.build(None, game="buccaneers", players=[3], games=40, seed=11, agents="random,heuristic", rotate=True,
                      sweep={"black_holes.dire_3.threshold": [17, 23]}, backend=backend, jobs=2)


def test_ray_gives_the_local_results(tmp_path):
    local = run_experiment(experiment("local"), tmp_path / "local", chunk=9)
    assert not ray.is_initialized()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = run_experiment(experiment("ray"), tmp_path / "ray", chunk=4)
        assert ray.is_initialized()  # a Ray the caller started is left running for the caller
    finally:
        ray.shutdown()
    assert not ray.is_initialized()
    assert on_ray.run.backend == "ray" and on_ray.run.played == local.run.played == 80
    assert rows(tmp_path / "ray" / "results.sqlite") == rows(tmp_path / "local" / "results.sqlite")
    a = json.loads(local.files["summary"].read_text())
    b = json.loads(on_ray.files["summary"].read_text())
    a.pop("run"), b.pop("run")
    assert a == b


def test_ray_started_by_the_lab_is_shut_down(tmp_path):
    """Without a running Ray the backend starts one in-process (jobs CPUs) and shuts it down at the end."""
    exp = spec.build(None, game="buccaneers", players=[4], games=6, seed=1, backend="ray", jobs=2)
    try:
        res = run_experiment(exp, tmp_path / "own")
        assert res.run.played == 6
        assert not ray.is_initialized()
    finally:
        if ray.is_initialized():
            ray.shutdown()
