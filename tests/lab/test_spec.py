"""Experiments are validated before the first game: every problem is one line naming it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from voidtable.engine.errors import OptionError
from voidtable.lab import spec


def plan_of(**kw):
    return spec.plan(spec.build(None, **kw))


@pytest.mark.parametrize("kw,needle", [
    (dict(game="nosuch"), "unknown game 'nosuch'"),
    (dict(), "needs a game"),
    (dict(game="buccaneers", players=[9]), "3-6 players, got 9"),
    (dict(game="buccaneers", players=[4, 4]), "lists a count twice"),
    (dict(game="buccaneers", games=0), "games must be at least 1"),
    (dict(game="buccaneers", jobs=-1), "jobs must be"),
    (dict(game="buccaneers", seed=-5), "seed must be"),
    (dict(game="buccaneers", backend="spark"), "backend must be one of local, ray"),
    (dict(game="buccaneers", address="auto"), "address is for the ray backend"),
    (dict(game="buccaneers", alpha=1.5), "alpha must be between 0 and 1"),
    (dict(game="buccaneers", detect=2.0), "detect is a win-share difference"),
    (dict(game="buccaneers", agents="genius"), "unknown agent 'genius'"),
    (dict(game="buccaneers", agents="random,mcts:iters=5"), "has no parameter 'iters=5'"),
    (dict(game="buccaneers", agents="mcts:iterations=lots"), "must be int"),
    (dict(game="buccaneers", variants=["nope"]), "has no variant 'nope'; variants: first_game, random, named"),
    (dict(game="buccaneers", set={"colour": "red"}), "set: buccaneers has no option 'colour'"),
    (dict(game="buccaneers", set={"black_holes.dire_9.threshold": 3}), "tables here"),
    (dict(game="buccaneers", set={"black_hole_set": "a,b,c"}), "from: dangerous_1"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.threshold": [18, "high"]}), "sweep dire_3.threshold=high"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.threshold": [18, 18]}), "lists a value twice"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.threshold": []}), "has no values"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.hand_size": [4, 1]}), "hand_size must be at least 2"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.hand_size": [4, 13]}),
     "sweep dire_3.hand_size=13 (3 players): black_holes.dire_3.hand_size takes a whole number in 2..12"),
    (dict(game="buccaneers", sweep={"black_holes.dire_3.threshold": [18, 99]}),
     "black_holes.dire_3.threshold takes a whole number in 5..40 (a declared parameter of buccaneers), got 99"),
    (dict(game="buccaneers", set={"black_holes.dire_3.threshold": 2}), "set: black_holes.dire_3.threshold takes a whole number in 5..40"),
    (dict(game="blacksun", ab_b={"game.target_short": 0}), "b side (2 players): game.target_short takes a whole number in 1..50 (a declared parameter of blacksun), got 0"),
    (dict(game="buccaneers", set={"black_holes.dire_3.threshold": 3}, sweep={"black_holes.dire_3.threshold": [1, 2]}),
     "both set and swept"),
    (dict(game="buccaneers", ab_b={"black_holes.dire_3.hand_size": 1}), "b side (3 players)"),
    (dict(game="buccaneers", ab_a={"x": 1}), "a side (3 players): buccaneers has no option 'x'"),
    (dict(game="buccaneers", ab_b={}), "same rule set"),
    (dict(game="buccaneers", ab_b={"black_holes.dire_3.threshold": 20}, sweep={"black_holes.dire_1.threshold": [1, 2]}),
     "either a sweep or an A/B"),
    # a swept value that is the default for a Black Hole the game never uses is a real, distinct rule set; but
    # setting the same value twice is not
    (dict(game="buccaneers", sweep={"black_hole_set": ["first_game", "dangerous_2,precarious_2,dire_3"]}), None),
])
def test_plan_errors_are_one_line(kw, needle):
    if needle is None:
        plan_of(**kw)  # valid: different options, even if they play alike
        return
    with pytest.raises(OptionError) as err:
        plan_of(**kw)
    msg = str(err.value)
    assert "\n" not in msg and needle in msg, msg


def test_toml_keys_and_types(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "buccaneers"\ngmaes = 10\n')
    with pytest.raises(OptionError, match=r"no key 'gmaes' \(did you mean 'games'\?\)"):
        spec.from_dict(spec.read_toml(bad))
    bad.write_text('game = "buccaneers"\ngames = "many"\n')
    with pytest.raises(OptionError, match="'games' must be int"):
        spec.from_dict(spec.read_toml(bad))
    bad.write_text('game = "buccaneers"\nrotate = 1\n')
    with pytest.raises(OptionError, match="'rotate' must be bool"):
        spec.from_dict(spec.read_toml(bad))
    bad.write_text('game = "buccaneers"\n[ab.c]\nx = 1\n')
    with pytest.raises(OptionError, match=r"\[ab\] has no key 'c'"):
        spec.from_dict(spec.read_toml(bad))
    bad.write_text('game = "buccaneers\n')
    with pytest.raises(OptionError, match="not valid TOML"):
        spec.read_toml(bad)
    with pytest.raises(OptionError, match="cannot read experiment"):
        spec.read_toml(tmp_path / "missing.toml")


def test_toml_expands_to_conditions(tmp_path):
    f = tmp_path / "grid.toml"
    f.write_text(textwrap.dedent("""
        game = "buccaneers"
        players = [3, 4]
        games = 5
        agents = "heuristic,random"
        rotate = true
        [set]
        black_holes.dangerous_2.hand_size = 6
        [sweep]
        black_holes.dire_3.threshold = [18, 22]
        "black_holes.precarious_2.threshold" = [19, 23, 27]
    """))
    exp = spec.from_dict(spec.read_toml(f))
    assert exp.name == "grid" and exp.agents == ["heuristic", "random"]
    assert exp.set == {"black_holes.dangerous_2.hand_size": 6}
    p = spec.plan(exp)
    assert p.kind == "sweep" and len(p.conditions) == 2 * 2 * 3
    assert [c.baseline for c in p.conditions].count(True) == 2  # one baseline per player count
    first = p.conditions[0]
    assert first.arm == {"black_holes.dire_3.threshold": 18, "black_holes.precarious_2.threshold": 19}
    assert first.settings["black_holes.dangerous_2.hand_size"] == 6
    assert len({c.key for c in p.conditions}) == len(p.conditions)
    assert len({c.seed for c in p.conditions}) == len(p.conditions)


def test_condition_seeds_depend_only_on_the_condition():
    """Adding sweep points or player counts does not change the games of the conditions already there."""
    small = plan_of(game="buccaneers", players=[4], sweep={"black_holes.dire_3.threshold": [18, 20]})
    big = plan_of(game="buccaneers", players=[3, 4], sweep={"black_holes.dire_3.threshold": [16, 18, 20, 24]})
    by_key = {c.key: c.seed for c in big.conditions}
    for c in small.conditions:
        assert by_key[c.key] == c.seed
    other_seed = plan_of(game="buccaneers", players=[4], seed=1, sweep={"black_holes.dire_3.threshold": [18, 20]})
    assert [c.key for c in other_seed.conditions] == [c.key for c in small.conditions]
    assert [c.seed for c in other_seed.conditions] != [c.seed for c in small.conditions]


def test_sweep_and_set_flags():
    assert spec.parse_sweep(["a.b=16,18,20"]) == {"a.b": [16, 18, 20]}
    assert spec.parse_sweep(['black_hole_set=["dire_1,dire_2,dire_3", "random"]']) == {
        "black_hole_set": ["dire_1,dire_2,dire_3", "random"]}
    assert spec.parse_set(["x=1.5", "y=true", "z=abc"]) == {"x": 1.5, "y": True, "z": "abc"}
    for bad, needle in ((["a.b"], "KEY=V1,V2"), (["a.b=1", "a.b=2"], "given twice"), (["a=[1,2"], "cannot read")):
        with pytest.raises(OptionError, match=needle):
            spec.parse_sweep(bad)
    with pytest.raises(OptionError, match="--set takes KEY=VALUE"):
        spec.parse_set(["nothing"])


@pytest.mark.parametrize("args,needle", [
    (["--game", "buccaneers", "-p", "9"], "3-6 players"),
    (["--game", "buccaneers", "--sweep", "black_holes.dire_3.threshold=10,high"], "must be int"),
    (["--game", "buccaneers", "--agents", "genius"], "unknown agent"),
    (["--game", "buccaneers", "--players", "3,x"], "--players takes counts"),
])
def test_cli_errors_exit_2_with_one_line(args, needle, tmp_path):
    out = subprocess.run([sys.executable, "-m", "voidtable.cli.main", "lab", "run", *args, "--out", str(tmp_path / "o")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0], out.stderr
    assert not (tmp_path / "o").exists()  # nothing ran, nothing was written


def test_variants_are_compared_with_the_first_unless_there_is_an_ab():
    p = plan_of(game="buccaneers", players=[3, 4], variants=["first_game", "random"])
    assert p.kind == "variants"
    assert [(c.group, c.arm_name, c.baseline) for c in p.conditions] == [
        ("3 players", "first_game", True), ("3 players", "random", False),
        ("4 players", "first_game", True), ("4 players", "random", False)]
    p = plan_of(game="buccaneers", players=[3], variants=["first_game", "random"], ab_b={"black_holes.dire_3.threshold": 20})
    assert p.kind == "ab" and len({c.group for c in p.conditions}) == 2
