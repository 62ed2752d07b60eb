"""`lab tune` on a small local Ray: the same trials, values and finalists as the local backend; the study starts Ray
once, every round's games run on that Ray (the backend leaves a Ray its caller started running), and the study shuts
it down at the end."""

from __future__ import annotations

import pytest

pytest.importorskip("optuna")
ray = pytest.importorskip("ray")

from voidtable.lab import tune  # noqa: E402



def raw(**changes: object) -> dict:
    """The tiny study of test_tune.py: random agents at 3 players, two parameters, a fair-seat target."""
    base = {"name": "tiny", "game": "buccaneers", "players": [3], "agents": ["random"], "seed": 5,
            "parameters": {"black_holes.dire_3.threshold": [10, 30], "black_holes.dangerous_2.hand_size": "declared"},
            "target": [{"name": "fair seats", "measure": "win_share", "within": 0.1},
                       {"name": "score", "measure": "mean_score", "at_least": 15}]}
    base.update(changes)
    return base


def outcome(result: tune.TuneResult) -> tuple:
    trials = [(t["number"], t["state"], t["params"], t["value"], t["games"]) for t in result.trials]
    finals = [(c.label, c.values, c.games, round(c.distance, 9)) for c in result.candidates]
    return trials, finals


def test_a_study_on_ray_matches_the_local_one(tmp_path):
    budget = {"trials": 3, "games": 12, "rounds": 2, "finalists": 1, "final_games": 12}
    local = tune.tune(tune.from_dict(raw(quick=budget, jobs=1)), "quick", tmp_path / "local", chunk=4, report=False)
    assert not ray.is_initialized()
    clusters = []

    def watch(event: str, info: dict) -> None:
        if event in ("round", "trial", "final"):  # after games were played: the study's one Ray is still up
            clusters.append(ray.get_runtime_context().get_node_id() if ray.is_initialized() else None)

    on_ray = tune.tune(tune.from_dict(raw(quick=budget, jobs=2, backend="ray")), "quick", tmp_path / "ray", chunk=4,
                       report=False, progress=watch)
    try:
        assert not ray.is_initialized()  # started for the study, shut down after it
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert len(clusters) > 3 and None not in clusters and len(set(clusters)) == 1
    assert on_ray.played == local.played > 0
    assert outcome(on_ray) == outcome(local)
