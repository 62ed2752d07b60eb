"""`lab tune`: a constraint that holds at one player count only (``players = N``), a rule switched on or off as a
searched parameter, and both refused in one line when given wrong; a tune file without them keeps its identity."""

from __future__ import annotations

import pytest

pytest.importorskip("optuna")

from voidtable.engine.errors import OptionError  # noqa: E402
from voidtable.lab import spec, tune  # noqa: E402

THRESHOLD = "black_holes.dire_3.threshold"
SWITCH = "suns.red_giant.enterable"
TINY = {"trials": 3, "games": 4, "rounds": 1, "finalists": 1, "final_games": 4}


def two_counts(**changes: object) -> dict:
    """Random agents at 3 and 4 players; fair seats at both, a length bound at 3 players only."""
    base = {"name": "counts", "game": "buccaneers", "players": [3, 4], "agents": ["random"], "seed": 3, "jobs": 1,
            "parameters": {THRESHOLD: [10, 30]},
            "target": [{"name": "fair seats", "measure": "win_share", "within": 0.1},
                       {"name": "long at 3", "measure": "decisions", "at_least": 10 ** 6, "players": 3}],
            "quick": TINY}
    base.update(changes)
    return base


def test_a_constraint_with_players_is_judged_at_that_count_only(tmp_path):
    t = tune.from_dict(two_counts())
    fair, long3 = t.target
    assert fair.players is None and long3.players == 3 and long3.describe().endswith("at 3 players")
    result = tune.tune(t, "quick", tmp_path / "study", report=False)
    assert result.candidates
    for c in result.candidates:
        counts = {o.players for o in c.observations if o.constraint == "long at 3"}
        assert counts == {3}  # one observation (the mean length) at 3 players, none at 4
        assert {o.players for o in c.observations if o.constraint == "fair seats"} == {3, 4}
        assert [o.verdict for o in c.observations if o.constraint == "long at 3"] == ["missed"]  # a million: never


def test_a_target_without_players_keeps_its_stored_identity():
    """Studies stored before ``players`` existed resume: the key appears in the identity only when given."""
    t = tune.from_dict(two_counts(target=[{"name": "fair", "measure": "win_share", "within": 0.1}]))
    assert "players" not in t.target[0].to_json()
    assert all("boolean" not in p.to_json() for p in t.params)


BAD = [
    ("a count the study does not play", {"players": 6}, "players = 6 is not a player count of this study; counts: 3, 4"),
    ("not a whole number", {"players": "3"}, "players must be one player count of the study"),
    ("a boolean", {"players": True}, "players must be one player count of the study"),
]


@pytest.mark.parametrize("what,change,says", BAD, ids=[b[0] for b in BAD])
def test_a_bad_players_key_is_refused_in_one_line(what, change, says):
    target = [{"name": "fair", "measure": "win_share", "within": 0.1},
              {"name": "long", "measure": "decisions", "at_least": 10, **change}]
    with pytest.raises(OptionError) as err:
        tune.from_dict(two_counts(target=target))
    assert says in str(err.value) and "\n" not in str(err.value)


def switch_study(**changes: object) -> dict:
    """A game with a rule that is on or off, searched beside a number; random agents keep it fast."""
    base = {"name": "switch", "game": "blacksun", "players": [4], "agents": ["random"], "seed": 2, "jobs": 1,
            "set": {"sun": "red_giant"}, "parameters": {SWITCH: [False, True], "scoring.need": [1, 2]},
            "target": [{"name": "fair", "measure": "win_share", "within": 0.1}], "quick": TINY}
    base.update(changes)
    return base


def test_a_switch_is_searched_as_false_and_true_and_written_as_one(tmp_path):
    t = tune.from_dict(switch_study())
    switch = next(p for p in t.params if p.path == SWITCH)
    assert switch.boolean and switch.describe() == "false or true" and switch.to_json()["boolean"] is True
    result = tune.tune(t, "quick", tmp_path / "study", report=False)
    for trial in result.trials:
        assert isinstance(trial["params"][SWITCH], bool) and trial["params"]["scoring.need"] in (1, 2)
    assert result.best is not None
    text = result.files["best"].read_text()
    assert f'"{SWITCH}" = {"true" if result.best.values[SWITCH] else "false"}' in text
    loaded = spec.read_toml(result.files["best"])
    assert loaded["set"][SWITCH] is result.best.values[SWITCH]
    assert spec.plan(spec.from_dict(loaded)).conditions  # the written file plans as an experiment


@pytest.mark.parametrize("value", [[0, 1], [True], "on", 1])
def test_a_switch_given_a_range_of_numbers_is_refused_in_one_line(value):
    with pytest.raises(OptionError) as err:
        tune.from_dict(switch_study(parameters={SWITCH: value}))
    text = str(err.value)
    assert "is a rule on or off: give [false, true]" in text and "\n" not in text


def test_the_declared_list_names_a_switch_as_true_or_false():
    with pytest.raises(OptionError) as err:
        tune.from_dict(switch_study(parameters={"suns.red_giant.no_such": [False, True]}))
    assert f"{SWITCH} (true/false)" in str(err.value)


def fleet_study() -> tune.TuneSpec:
    """The fleet battle's first tuning study (before it had a "buyable" target): each design flown alone against a
    field must win 35-60% of its battles, with the budget searched."""
    return tune.from_dict({
        "name": "fleet", "game": "abyss_battle", "players": [2], "agents": ["heuristic"], "seed": 5, "jobs": 1,
        "set": {"battle": "auto", "outfit": "one_design"}, "parameters": {"minigame.budget": [20, 80]},
        "target": [{"name": "no design dominates", "measure": "one_design", "at_most": 0.6, "scale": 0.05},
                   {"name": "no design is useless", "measure": "one_design", "at_least": 0.35, "scale": 0.05}],
        "quick": TINY})


def test_pricing_designs_out_of_the_budget_does_not_meet_a_constraint_over_every_design(tmp_path):
    from voidtable.lab.store import Store

    study = fleet_study()
    cheap = spec.plan(study.experiment({"minigame.budget": 20}, 140))     # the Lancer, Battlecruiser, Monitor cost more
    today = spec.plan(study.experiment({}, 140))
    with Store(tmp_path / "alone.sqlite") as store:
        tune.Runner(study, store).play(cheap)
        _, alone, _ = tune.evaluate(study, cheap, store)
    with Store(tmp_path / "study.sqlite") as store:
        runner = tune.Runner(study, store)
        runner.play(today)                                                 # the study has seen every design fly
        runner.play(cheap)
        dist, obs, _ = tune.evaluate(study, cheap, store)
    designs = {o.item for o in alone if o.constraint == "no design dominates"}
    assert len(designs) == 4 and not any("Monitor" in d for d in designs)  # what the budget buys: all judged was met
    judged = {o.item: o for o in obs if o.constraint == "no design dominates"}
    priced_out = {item for item, o in judged.items() if o.verdict == "no games"}
    assert len(judged) == 7 and {i.split(" ", 1)[1] for i in priced_out} == {"Lancer", "Battlecruiser", "Monitor"}
    assert all(judged[i].deviation == tune.MISSING for i in priced_out)
    assert dist >= tune.distance(study, [o for o in obs if o.item not in priced_out]) + 1


def test_a_constraint_whose_measure_no_game_produced_is_unmet():
    from voidtable.lab.analysis import load_condition

    study = fleet_study()

    class NoGames:
        def rows(self, cond: str, below: int) -> list:
            return []

    d = load_condition(NoGames(), "none", 10, 2)  # type: ignore[arg-type]
    obs = tune.observe(study, study.target[0], d, 2)
    assert [o.verdict for o in obs] == ["no games"] and obs[0].deviation == tune.MISSING
