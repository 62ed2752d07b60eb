"""The Black Sun study's files (docs/studies/blacksun/) still load: every experiment plans, the tune
file passes the tuner's checks, the proposed rules-data file is a rule set the table accepts, and the two
helper scripts run on a tiny input."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("optuna")

from voidtable.lab import spec, tune  # noqa: E402

STUDY = Path(__file__).resolve().parents[3] / "docs" / "studies" / "blacksun"
TUNES = ("d-tune.toml", "d-tune-3.toml")  # the tune file as the second run used it, and the third run's copy
EXPERIMENTS = sorted(p for p in STUDY.glob("*.toml") if p.name not in TUNES)


@pytest.mark.parametrize("path", EXPERIMENTS, ids=lambda p: p.name)
def test_every_experiment_file_plans(path):
    plan = spec.plan(spec.from_dict(spec.read_toml(path)))
    assert plan.conditions and plan.experiment.game == "blacksun"


@pytest.mark.parametrize("name", TUNES)
def test_the_tune_file_passes_the_tuners_checks(name):
    t = tune.load(STUDY / name)
    tune.check(t)
    assert t.players == [4, 6] and t.profiles["quick"].trials < t.profiles["full"].trials
    searched = {p.path for p in t.params}
    assert {"game.target_short", "scoring.raid_transport", "scoring.peaceful_turn", "suns.red_giant.enterable"} <= searched
    length = next(c for c in t.target if c.measure == "rounds")
    assert (length.kind, length.bound, length.players) == ("at_least", 5, 4)


def test_the_proposed_file_is_a_rule_set_the_table_accepts():
    """`voidtable serve --rules tuned=docs/studies/blacksun/proposed-quick.toml` reads it this way; every value is
    also within its declared range, so the lobby would take it as overrides too."""
    from voidtable.engine.parameters import find
    from voidtable.engine.registry import get, load
    from voidtable.web.serving import read_rule_set

    path = STUDY / "proposed-quick.toml"
    name, game, values = read_rule_set(f"tuned={path}")
    assert (name, game) == ("tuned", "blacksun")
    assert any(k.startswith("scoring.") for k in values) and "game.target_short" in values
    for key, value in values.items():
        p = find(get("blacksun").parameters, key)
        assert p is not None and p.check(value) is None, (key, value)
    rules = load("blacksun", 4, values).rules
    assert rules.game.target_short == values["game.target_short"]
    assert rules.scoring.raid_transport == values["scoring.raid_transport"]


def test_by_agent_splits_win_shares_by_faction_and_agent(tmp_path):
    rows = [("smuggler", "mcts", 1.0), ("smuggler", "heuristic", 0.0), ("brigands", "heuristic", 0.5),
            ("brigands", "heuristic", 0.5)]
    with (tmp_path / "games.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["faction", "agent", "win_share", "error"])
        w.writerows([(fa, a, s, "") for fa, a, s in rows])
    out = subprocess.run([sys.executable, str(STUDY / "by_agent.py"), str(tmp_path)], capture_output=True,
                         text=True, check=True).stdout
    lines = {line.split()[0]: line for line in out.splitlines()[1:]}
    assert "1.000" in lines["smuggler"] and "0.000" in lines["smuggler"]  # mcts won its game, the bot lost
    assert lines["brigands"].count("0.500") == 2 and "n=2" in lines["brigands"]


def test_rounds_counts_full_rounds_and_refuses_bad_input():
    out = subprocess.run([sys.executable, str(STUDY / "rounds.py"), "2", "2", "game.target_short=3"],
                         capture_output=True, text=True, check=True).stdout
    rounds = float(out.split("full rounds")[1].split()[0])
    assert rounds >= 1 and "decisions/round" in out
    bad = subprocess.run([sys.executable, str(STUDY / "rounds.py"), "9", "2"], capture_output=True, text=True)
    assert bad.returncode != 0 and "2..6" in bad.stderr


def test_the_third_run_keeps_every_factions_own_scoring_and_a_lower_target():
    """d-tune-3.toml is d-tune.toml with Run Blockade and Raid Transport kept at 1 or more (the second run's
    finalists switched both off) and the target score searched from 10; everything else as d-tune.toml."""
    second, third = tune.load(STUDY / "d-tune.toml"), tune.load(STUDY / "d-tune-3.toml")
    ranges = {p.path: (p.low, p.high) for p in third.params}
    assert ranges["scoring.run_blockade"][0] >= 1 and ranges["scoring.raid_transport"][0] >= 1
    assert ranges["game.target_short"] == (10, 24)
    changed = {"scoring.run_blockade", "scoring.raid_transport", "game.target_short"}
    assert {p for p in second.params if p.path not in changed} == {p for p in third.params if p.path not in changed}
    assert (third.profiles, third.target, third.players) == (second.profiles, second.target, second.players)
