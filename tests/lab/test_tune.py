"""`lab tune`: a tiny study end to end, resumed when run again and after an interruption, bad input refused in one
line before any game, and the written rules-data file loaded by `lab run` and by the table's `--rules`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("optuna")

from voidtable.engine.errors import OptionError  # noqa: E402
from voidtable.lab import run_experiment, spec, tune  # noqa: E402

GAME = "buccaneers"
THRESHOLD = "black_holes.dire_3.threshold"
HAND = "black_holes.dangerous_2.hand_size"


def raw(**changes: object) -> dict:
    """A tiny study: random agents at 3 players, two parameters, a fair-seat target and a score bound."""
    base = {"name": "tiny", "game": GAME, "players": [3], "agents": ["random"], "seed": 5, "jobs": 1,
            "parameters": {THRESHOLD: [10, 30], HAND: "declared"},
            "target": [{"name": "fair seats", "measure": "win_share", "within": 0.1},
                       {"name": "score", "measure": "mean_score", "at_least": 15}],
            "quick": {"trials": 4, "games": 12, "rounds": 2, "finalists": 2, "final_games": 24}}
    base.update(changes)
    return base


def trials_of(result: tune.TuneResult) -> list[tuple[int, str, dict]]:
    return [(t["number"], t["state"], t["params"]) for t in result.trials]


def test_a_quick_study_runs_resumes_and_writes_a_file_the_lab_loads(tmp_path):
    first = tune.tune(tune.from_dict(raw()), "quick", tmp_path / "study", chunk=6)
    states = [t["state"] for t in first.trials]
    assert len(states) == 4 and set(states) <= {"COMPLETE", "PRUNED"} and "COMPLETE" in states
    for t in first.trials:
        assert set(t["params"]) == {THRESHOLD, HAND}
        assert 10 <= t["params"][THRESHOLD] <= 30 and 2 <= t["params"][HAND] <= 12
        assert t["games"] in (6, 12) and (t["games"] == 12) == (t["state"] == "COMPLETE")
    # the rules as they are (judged on all 12 + 24 of their games) and up to two finalists, each replayed on 24 new ones
    assert first.candidates[0].trial is None and first.candidates[0].games == 36 and 2 <= len(first.candidates) <= 3
    assert all(c.games == 24 for c in first.candidates[1:])
    assert all(c.verdict in ("meets", "misses", "unsure") for c in first.candidates)
    assert first.best is not None and first.best.trial is not None
    for name in ("best", "report", "json", "study", "store"):
        assert first.files[name].exists()
    html = first.files["report"].read_text()
    assert "Search history" in html and "Parameter importances" in html and "Final candidates" in html
    summary = json.loads(first.files["json"].read_text())
    assert summary["best"]["values"] == first.best.values

    # run again with a larger budget: the study continues where it stopped
    again = tune.tune(tune.from_dict(raw(quick={"trials": 6, "games": 12, "rounds": 2, "finalists": 2,
                                                "final_games": 24})), "quick", tmp_path / "study", chunk=6,
                      report=False)
    assert trials_of(again)[:4] == trials_of(first)
    assert len(again.trials) == 6

    # the written file: an experiment for `lab run`, and a rule set for the table
    best = again.files["best"]
    assert again.best is not None
    loaded = spec.read_toml(best)
    assert loaded["game"] == GAME and loaded["set"] == again.best.values
    played = run_experiment(spec.build(loaded, games=5, jobs=1), tmp_path / "replay", report=False)
    assert played.plan.conditions[0].settings[THRESHOLD] == again.best.values[THRESHOLD]
    from voidtable.web.serving import read_rule_set
    assert read_rule_set(f"tuned={best}") == ("tuned", GAME, again.best.values)


class Stop(KeyboardInterrupt):
    pass


def test_an_interrupted_trial_runs_again_with_its_stored_games(tmp_path):
    t = tune.from_dict(raw(quick={"trials": 3, "games": 12, "rounds": 2, "finalists": 1, "final_games": 12}))

    def cut(event: str, info: dict) -> None:
        if event == "round" and info["trial"] == 1 and info["round"] == 1:
            raise Stop  # Ctrl-C after the trial's first round is stored

    with pytest.raises(KeyboardInterrupt):
        tune.tune(t, "quick", tmp_path / "cut", progress=cut, chunk=6, report=False)
    before = stored(tmp_path / "cut")
    resumed = tune.tune(t, "quick", tmp_path / "cut", chunk=6, report=False)
    rows = {r["number"]: r for r in resumed.trials}
    assert rows[1]["state"] == "FAIL"
    retry = next(r for r in resumed.trials if r["retry_of"] == 1)
    assert retry["params"] == rows[1]["params"] and retry["state"] in ("COMPLETE", "PRUNED")
    assert sum(r["state"] in ("COMPLETE", "PRUNED") for r in resumed.trials) == 3
    # the cut trial's first round was stored, and the resumed run did not play it again
    key = spec.plan(t.experiment(rows[1]["params"], 12)).conditions[0].key
    assert before.get(key) == 6
    after = stored(tmp_path / "cut")
    assert resumed.played == sum(after.values()) - sum(before.values())


def stored(folder: Path) -> dict[str, int]:
    """Games in the study's results store, by condition key."""
    from voidtable.lab.store import Store
    with Store(folder / "results.sqlite") as store:
        return dict(store.db.execute("SELECT cond, COUNT(*) FROM games GROUP BY cond").fetchall())


BAD = [
    ("unknown parameter", {"parameters": {"black_holes.dire_3.thresh": [10, 30]}},
     "declares no parameter 'black_holes.dire_3.thresh'"),
    ("parameter the rules data lacks", {"parameters": {"black_holes.dire_9.threshold": [10, 30]}},
     "has no table 'black_holes.dire_9'"),
    ("range of the wrong type", {"parameters": {THRESHOLD: [10.5, 30]}}, "of whole numbers within 5..40"),
    ("range wider than declared", {"parameters": {THRESHOLD: [1, 30]}}, "within the declared 5..40"),
    ("range the wrong way round", {"parameters": {THRESHOLD: [30, 10]}}, "LOW < HIGH"),
    ("negative tolerance", {"target": [{"measure": "win_share", "within": -0.01}]}, "tolerance above 0"),
    ("measure the game does not declare", {"target": [{"measure": "rounds", "at_least": 5}]},
     "no measure 'rounds'; measures: win_share"),
    ("factions the game does not have", {"target": [{"measure": "faction_win_share", "within": 0.05}]},
     "no measure 'faction_win_share'"),
    ("a share above 1", {"target": [{"measure": "shared_victory", "at_least": 1.5}]}, "cannot be met"),
    ("no comparison", {"target": [{"measure": "decisions"}]}, "exactly one of within"),
    ("unknown agent", {"agents": ["nobody"]}, "unknown agent 'nobody'; agents: random"),
    ("too many trials", {"quick": {"trials": 10 ** 6}}, "trials must be a whole number in 1..10,000"),
    ("too many jobs", {"jobs": 5000}, "jobs must be in 0..1024"),
    ("misspelt key", {"targte": []}, "did you mean 'target'"),
    ("searched and set", {"set": {THRESHOLD: 20}}, "both set and searched"),
]


@pytest.mark.parametrize("what,change,says", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_in_one_line(what, change, says):
    with pytest.raises(OptionError) as err:
        tune.from_dict(raw(**change))
    text = str(err.value)
    assert says in text and "\n" not in text


def test_the_cli_refuses_before_any_game(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(f'game = "{GAME}"\nplayers = 3\n[parameters]\n"{THRESHOLD}" = [1, 99]\n'
                   '[[target]]\nmeasure = "win_share"\nwithin = 0.05\n')
    out = tmp_path / "never"
    got = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "lab", "tune", str(bad), "--quick",
                          "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert got.returncode != 0
    lines = [ln for ln in got.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "within the declared 5..40" in lines[0]
    assert not out.exists()


def test_the_objective_is_zero_on_target_and_grows_with_the_miss():
    t = tune.from_dict(raw())
    fair, score = t.target
    assert tune.deviation(fair, 1 / 3, 1 / 3) == 0 and tune.deviation(fair, 1 / 3 + 0.1, 1 / 3) == pytest.approx(1)
    assert tune.deviation(score, 16, 15) == 0 and tune.deviation(score, 13.5, 15) == pytest.approx(1)
    assert tune.judge(fair, 0.33, 0.30, 0.36, 1 / 3)[0] == "met"
    assert tune.judge(fair, 0.6, 0.55, 0.65, 1 / 3)[0] == "missed"
    assert tune.judge(score, 15.2, 14, 16.4, 15)[0] == "unsure"


def test_the_example_study_file_is_valid():
    example = Path(__file__).resolve().parents[2] / "docs" / "studies" / "blacksun-tune.toml"
    t = tune.load(example)
    assert t.profiles["quick"].trials < t.profiles["full"].trials


def test_a_trial_left_running_by_a_crash_is_run_again(tmp_path):
    """A process killed mid-trial leaves it RUNNING in the study; the next run fails it and replays its values."""
    import optuna

    budget = {"trials": 2, "games": 6, "rounds": 1, "finalists": 1, "final_games": 6}
    t = tune.from_dict(raw(quick=budget))
    tune.tune(t, "quick", tmp_path / "crash", report=False)
    study = optuna.load_study(study_name="tiny:quick", storage=f"sqlite:///{tmp_path / 'crash' / 'study.sqlite'}")
    ghost = study.ask()
    values = {THRESHOLD: ghost.suggest_int(THRESHOLD, 10, 30), HAND: ghost.suggest_int(HAND, 2, 12)}
    t = tune.from_dict(raw(quick={**budget, "trials": 3}))
    result = tune.tune(t, "quick", tmp_path / "crash", report=False)
    rows = {r["number"]: r for r in result.trials}
    assert rows[ghost.number]["state"] == "FAIL"
    retry = next(r for r in result.trials if r["retry_of"] == ghost.number)
    assert retry["params"] == values and retry["state"] == "COMPLETE"


OPTION = "black_hole_set"


def test_a_game_option_is_searched_among_its_values_and_written_to_the_rules_file(tmp_path):
    study = tune.from_dict(raw(parameters={THRESHOLD: [10, 30], OPTION: ["first_game", "random"]},
                               quick={"trials": 3, "games": 6, "rounds": 1, "finalists": 1, "final_games": 6}))
    searched = study.params[1]
    assert searched.choices == ("first_game", "random") and searched.describe() == '"first_game" or "random"'
    result = tune.tune(study, "quick", tmp_path / "study", report=False)
    assert {t["params"][OPTION] for t in result.trials} <= {"first_game", "random"}
    assert result.best is not None and result.best.values[OPTION] in ("first_game", "random")
    loaded = spec.read_toml(result.files["best"])
    assert loaded["set"][OPTION] == result.best.values[OPTION]
    played = run_experiment(spec.build(loaded, games=2, jobs=1), tmp_path / "replay", report=False)
    assert played.plan.conditions[0].settings[OPTION] == result.best.values[OPTION]


def test_a_study_of_numbers_keeps_its_identity():
    # the stored identity of a study without options is unchanged, so a study run before can be continued
    assert tune.from_dict(raw()).identity()["parameters"] == [
        {"path": THRESHOLD, "low": 10, "high": 30, "integer": True},
        {"path": HAND, "low": 2, "high": 12, "integer": True}]


BAD_OPTIONS = [
    ("an option value the game refuses", {OPTION: ["first_game", "all"]}, "option 'black_hole_set' = 'all'"),
    ("one value only", {OPTION: ["random"]}, "black_hole_set is an option of buccaneers: give a list of two or more"),
    ("a value twice", {OPTION: ["random", "random"]}, "lists a value twice"),
    ("an open option declared", {OPTION: "declared"}, "give a list of two or more of its values; got 'declared'"),
    ("a misspelt option", {"black_hole_sets": ["random", "first_game"]}, "did you mean 'black_hole_set'"),
]


@pytest.mark.parametrize("what,params,says", BAD_OPTIONS, ids=[b[0] for b in BAD_OPTIONS])
def test_a_searched_option_is_checked_against_the_games_declared_options_in_one_line(what, params, says):
    with pytest.raises(OptionError) as err:
        tune.from_dict(raw(parameters={THRESHOLD: [10, 30], **params}))
    text = str(err.value)
    assert says in text and "\n" not in text
