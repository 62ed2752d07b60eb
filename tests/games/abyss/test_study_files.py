"""The Black Abyss study's files (docs/studies/abyss/) still load: every experiment plans, both tune files
pass the tuner's checks, each proposed rules file loads as a rule set for the table (serve --rules), and
tables.py turns a lab folder into the study's tables."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("optuna")

from voidtable.lab import spec, tune  # noqa: E402
from voidtable.web.serving import read_rule_set  # noqa: E402

STUDY = Path(__file__).resolve().parents[3] / "docs" / "studies" / "abyss"
TUNES = ("c-tune.toml", "c2-tune.toml", "e3-fleet-tune.toml", "e4-fleet-tune-hits.toml")
EXPERIMENTS = sorted(p for p in STUDY.glob("*.toml") if p.name not in TUNES and not p.name.startswith("proposed"))
PROPOSED = sorted(STUDY.glob("proposed*.toml"))


@pytest.mark.parametrize("path", EXPERIMENTS, ids=lambda p: p.name)
def test_every_experiment_file_plans(path):
    plan = spec.plan(spec.from_dict(spec.read_toml(path)))
    assert plan.conditions and plan.experiment.game in ("abyss", "abyss_battle")
    assert all(c.settings.get("battle") == "auto" for c in plan.conditions), "the study plays battles by the policy"


@pytest.mark.parametrize("name", TUNES)
def test_the_tune_files_pass_the_tuners_checks(name):
    t = tune.load(STUDY / name)
    tune.check(t)
    assert t.profiles["quick"].trials < t.profiles["full"].trials


def test_the_second_tuning_study_searches_costs_distributions_and_the_tribunal_rule():
    t = tune.load(STUDY / "c2-tune.toml")
    searched = {p.path: p for p in t.params}
    assert searched["tribunal_win"].choices == ("consecutive", "total")
    assert {"map.hexes.green", "map.hexes.asteroid", "land.shares.green.energy"} <= set(searched)
    assert {p for p in searched if p.startswith("tech_costs") or p.startswith("buildings")} and "map.hexes.empty" not in searched
    named = sum(p.high for k, p in searched.items() if k.startswith("map.hexes."))
    assert named + 7 + 7 + 6 + 6 <= 104, "every hex count at its top still fits the map (yellow, red, moons, wormholes)"


def test_there_are_proposed_rules_files():
    assert {p.name for p in PROPOSED} >= {"proposed-quick.toml", "proposed-fleet-quick.toml", "proposed-c2-quick.toml"}


def test_the_second_studys_rules_file_loads_as_the_table_reads_it_and_says_how_many_tiles_to_print():
    from voidtable.engine.registry import load
    from voidtable.games.abyss.fourx.data import land_tiles

    name, game, values = read_rule_set(f"tuned-c2={STUDY / 'proposed-c2-quick.toml'}")
    assert (name, game, values["tribunal_win"]) == ("tuned-c2", "abyss", "total")
    data = load(game, 4, values).rules.data
    assert data.map.hexes["empty"] == 38 and sum(data.map.hexes.values()) == 104
    assert land_tiles(data) == 411                                 # the number its header tells the designer to print
    assert "print 411" in (STUDY / "proposed-c2-quick.toml").read_text()
    replay = spec.read_toml(STUDY / "h-c2-proposed.toml")["set"]   # the replay plays exactly these values
    assert {k: v for k, v in replay.items() if k != "battle"} == values


@pytest.mark.parametrize("path", PROPOSED, ids=lambda p: p.name)
def test_each_proposed_rules_file_loads_for_the_table(path):
    name, game, values = read_rule_set(f"tuned={path}")
    assert name == "tuned" and game in ("abyss", "abyss_battle") and values
    assert "battle" not in values and "outfit" not in values, "the table plays the game, not the lab's modes"


def test_tables_prints_the_fleet_table_from_a_lab_folder(tmp_path):
    cell = {"n": 3, "mean": 0.5, "ci95": [0.1, 0.9]}
    cond = {"id": 0, "label": "base", "players": 2, "completed": 3,
            "measures": {"one_design": {"rows": ["Picket", "Fighter"], "cells": {"Picket": {"": cell},
                                                                                  "Fighter": {"": {**cell, "mean": 0.0}}}},
                         "first_player": {"cells": {"first": {"": cell}}}}}
    (tmp_path / "summary.json").write_text(json.dumps({"game": "abyss_battle", "conditions": [cond]}))
    (tmp_path / "measures.csv").write_text("condition,label,game\n0,base,0\n")
    out = subprocess.run([sys.executable, str(STUDY / "tables.py"), str(tmp_path)], capture_output=True, text=True,
                         check=True).stdout
    row = next(line for line in out.splitlines() if line.startswith("| 2p |"))
    assert "0.500 (0.100-0.900) n=3" in row and row.split("|")[-4].strip() == "Picket"


def test_tables_averages_a_seats_measure_within_each_game_first(tmp_path):
    cond = {"id": 0, "label": "4p | map=2", "players": 4, "completed": 2,
            "seats": [{"seat": 0, "win_share": 0.5, "ci95": [0.1, 0.9]}], "measures": {}}
    (tmp_path / "summary.json").write_text(json.dumps({"game": "abyss", "conditions": [cond]}))
    with (tmp_path / "measures.csv").open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["condition", "label", "game", "first_colony|seat 0|", "first_colony|seat 1|", "cycles|all|"])
        w.writerow([0, "x", 0, 2, 4, 20])      # this game's seats average 3
        w.writerow([0, "x", 1, 5, "", 30])     # seat 1 never colonised: no observation; the game counts 5
    out = subprocess.run([sys.executable, str(STUDY / "tables.py"), str(tmp_path)], capture_output=True, text=True,
                         check=True).stdout
    pace = next(line for line in out.splitlines() if line.startswith("| 4p map=2 |") and "25.0" in line)
    assert pace.split("|")[3].strip().startswith("4.00 "), pace   # mean of 3 and 5
    bad = subprocess.run([sys.executable, str(STUDY / "tables.py"), str(tmp_path / "none")], capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def test_pngs_saves_the_plot_named_by_its_alt_text(tmp_path):
    import base64
    first, second = b"\x89PNG one", b"\x89PNG two"
    page = "".join(f'<img alt="{a}" src="data:image/png;base64,{base64.b64encode(b).decode()}">'
                   for a, b in (("win share by seat", first), ("sweep curves 4 players", second)))
    (tmp_path / "report.html").write_text(f"<html>{page}</html>")
    out = tmp_path / "curves.png"
    done = subprocess.run([sys.executable, str(STUDY / "pngs.py"), str(tmp_path / "report.html"), "sweep curves", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and out.read_bytes() == second
    missing = subprocess.run([sys.executable, str(STUDY / "pngs.py"), str(tmp_path / "report.html"), "nothing", str(out)],
                             capture_output=True, text=True)
    assert missing.returncode == 1 and "win share by seat" in missing.stderr


def test_tornado_draws_one_bar_per_folder(tmp_path):
    pytest.importorskip("matplotlib")
    for name, values in (("sweep", (2, 1, 3)), ("other", (10, 20))):
        folder = tmp_path / name
        folder.mkdir()
        conds = [{"id": i, "label": f"4p | k={v}", "players": 4, "arm": {"k": v}, "completed": 2} for i, v in enumerate(values)]
        (folder / "summary.json").write_text(json.dumps({"game": "abyss", "sweep_keys": ["k"], "conditions": conds}))
        with (folder / "measures.csv").open("w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["condition", "label", "game", "cycles|all|", "first_colony|seat 0|"])
            for i, v in enumerate(values):
                w.writerows([[i, "x", 0, 20 + v, 4], [i, "x", 1, 22 + v, 5]])
    out = tmp_path / "t.png"
    done = subprocess.run([sys.executable, str(STUDY / "tornado.py"), str(tmp_path / "sweep"), str(tmp_path / "other"),
                           "-o", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"
    bad = subprocess.run([sys.executable, str(STUDY / "tornado.py"), str(tmp_path), "-o", str(out)],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "not a lab folder" in bad.stderr
