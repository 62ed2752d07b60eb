"""Engine pieces on their own: RNG, actions, options, rules data, records."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import voidtable
from voidtable.engine import Action, OptionError, RecordError, Rng, derive_seed
from voidtable.engine.options import OptionSpec, parse_assignments, split_options
from voidtable.engine.records import Record, Recorder, replay
from voidtable.engine.rulesdata import apply_overrides, assumptions


def test_rng_is_reproducible_and_independent_of_python_random():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    # a fixed sequence: SplitMix64 from seed 0 (reference value of the published algorithm)
    assert Rng(0).next64() == 0xE220A8397B1DCDAF


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_rng_below_in_range(seed, n):
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))


def test_rng_shuffle_is_a_permutation_and_clone_continues_identically():
    r = Rng(7)
    items = list(range(67))
    r.shuffle(items)
    assert sorted(items) == list(range(67)) and items != list(range(67))
    c = r.copy()
    assert [r.below(10) for _ in range(10)] == [c.below(10) for _ in range(10)]


def test_derive_seed_differs_by_index_and_master():
    seeds = {derive_seed(m, i) for m in range(3) for i in range(100)}
    assert len(seeds) == 300


def test_action_json_round_trip_with_tuples():
    a = Action("move", (1, "x", (2, 3)))
    data = json.loads(json.dumps(a.to_json()))
    assert data == {"kind": "move", "arg": [1, "x", [2, 3]]}
    assert Action.from_json(data) == a
    with pytest.raises(RecordError):
        Action.from_json({"kind": "x", "arg": 1.5})
    with pytest.raises(RecordError):
        Action.from_json({"kind": "x", "extra": 1})


def test_options_parse_and_validate():
    assert parse_assignments(["a=1", "b=x", "c=true", "d=1.5"]) == {"a": 1, "b": "x", "c": True, "d": 1.5}
    with pytest.raises(OptionError, match="KEY=VALUE"):
        parse_assignments(["novalue"])
    specs = [OptionSpec("length", str, "short", "game length", choices=("short", "long")),
             OptionSpec("target", int, 10, "points to win")]
    out = split_options({"length": "long", "target": "20"}, specs, {"a": {"b": 1}}, "g")
    assert out.options == {"length": "long", "target": 20}
    with pytest.raises(OptionError, match="allowed: short | long"):
        split_options({"length": "medium"}, specs, None, "g")
    with pytest.raises(OptionError, match="must be int"):
        split_options({"target": "many"}, specs, None, "g")
    with pytest.raises(OptionError, match="no option 'colour'"):
        split_options({"colour": 1}, specs, None, "g")


def test_overrides_keep_types_and_name_the_allowed_keys():
    data = {"t": {"x": 1, "y": "a", "assumed": "why"}}
    assert apply_overrides(data, {"t.x": 5}, "g")["t"]["x"] == 5
    assert data["t"]["x"] == 1  # the original is untouched
    with pytest.raises(OptionError, match="keys under 't': x, y"):
        apply_overrides(data, {"t.z": 5}, "g")
    with pytest.raises(OptionError, match="must be int"):
        apply_overrides(data, {"t.x": "five"}, "g")
    assert assumptions(data) == [("t", "why")]


def test_load_rejects_bad_player_counts_and_unknown_games():
    with pytest.raises(OptionError, match="3-6 players"):
        voidtable.load("buccaneers", 2)
    with pytest.raises(voidtable.UnknownGame, match="games: "):
        voidtable.load("chess", 2)


def test_rules_override_changes_the_game():
    g = voidtable.load("buccaneers", 3, {"black_holes.dangerous_2.threshold": 99})
    assert g.rules.black_holes["dangerous_2"].threshold == 99
    s = g.new_state(1)
    assert s.view(0)["black_hole"]["threshold"] == 99


def test_record_errors_are_one_line(tmp_path):
    rec = Recorder("buccaneers", 3, 1)
    p = rec.state.to_move()[0]
    rec.apply(p, rec.state.legal_actions(p)[0])
    data = rec.record.to_json()
    for broken, msg in [({**data, "format": "x"}, "not a voidtable record"), ({**data, "version": 9}, "version"),
                        ({**data, "players": "3"}, "'players' must be int"), ({**data, "actions": [[0]]}, "step 1")]:
        with pytest.raises(RecordError, match=msg):
            Record.from_json(broken)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="cannot read record"):
        Record.read(bad)
    data2 = {**data, "options": {"black_hole_set": "nonsense"}}
    with pytest.raises(RecordError, match="cannot be loaded"):
        replay(Record.from_json(data2))


def test_list_games_survives_importing_the_games_package():
    import voidtable.games  # noqa: F401  (the sub-package must not shadow the function)
    assert "buccaneers" in voidtable.list_games()
    assert "buccaneers" in voidtable.list_games()


def test_pairwise_rewards_modes():
    from voidtable.engine.outcome import pairwise_rewards
    step = lambda diff: 1.0 if diff > 0 else (0.0 if diff < 0 else 0.5)  # noqa: E731 (a certain outcome)
    assert pairwise_rewards([3, 1, 2], step, "win") == [1.0, 0.0, 0.0]
    assert pairwise_rewards([3, 1, 2], step, "rank") == [1.0, 0.0, 0.5]
    assert pairwise_rewards([3, 1, 2], step, "score") == [1.0, 0.0, 0.5]
    assert pairwise_rewards([3, 1, 2], step) == [1.0, 0.0, 0.25]
    even = pairwise_rewards([5, 5], lambda d: 0.5, "win")
    assert even == [0.5, 0.5]
