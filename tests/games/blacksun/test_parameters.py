"""Black Sun's tunable scoring values and Red Giant rule: declared, an override within range changes the game,
one outside it is a one-line error; and the lab's ``rounds`` measure counts full rounds as the game does."""

from __future__ import annotations

from typing import Any

import pytest

from voidtable.agents.play import run, seat_agents
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get, load
from voidtable.games.blacksun import measures
from voidtable.games.blacksun.data import SCORING_CONDITIONS
from voidtable.games.blacksun.state import BlackSunState
from voidtable.lab import spec as lab_spec

NUMBERS = ["scoring.need", "scoring.crisis", "scoring.run_blockade", "scoring.raid_transport", "scoring.raid_any_ship",
           "scoring.crisis_turn", "scoring.peaceful_turn", "scoring.second_turn_cost"]
SWITCHES = ["suns.red_giant.enterable", "suns.red_giant.stayable"]


def declared(path: str) -> Any:
    return next((p for p in get("blacksun").parameters if p.matches(path)), None)


def test_every_numeric_scoring_value_and_the_red_giant_rule_are_declared():
    data = load("blacksun", 4).data
    numeric = [f"scoring.{k}" for k, v in data["scoring"].items() if isinstance(v, int) and not isinstance(v, bool)]
    assert sorted(numeric) == sorted(NUMBERS)  # every number of the scoring table, and only those
    for path in NUMBERS:
        p = declared(path)
        assert p is not None and (p.low, p.high, p.integer, p.boolean) == (0, 3, True, False), path
    assert declared("scoring.hunted_bounty") is None  # a boolean of the scoring table stays a plain rules value
    for path in SWITCHES:
        p = declared(path)
        assert p is not None and p.boolean and p.check(True) is None and p.check(False) is None
    assert declared("suns.yellow_sun.enterable") is None


@pytest.mark.parametrize("path", NUMBERS)
def test_an_override_in_range_reaches_the_rules(path):
    key = path.split(".")[1]
    for value in (0, 3):
        game = load("blacksun", 4, {path: value})
        assert getattr(game.rules.scoring, key) == value


def test_the_red_giant_switch_opens_its_hex():
    closed = load("blacksun", 4, {"sun": "red_giant"})
    opened = load("blacksun", 4, {"sun": "red_giant", "suns.red_giant.enterable": True})
    assert closed.rules.suns["red_giant"].enterable is False and opened.rules.suns["red_giant"].enterable is True


def final(options: dict[str, Any], seed: int = 11) -> tuple[list[float], int]:
    game = load("blacksun", 4, options)
    state = game.new_state(seed, events=False)
    run(state, seat_agents(["heuristic"] * 4, "blacksun", seed))
    assert isinstance(state, BlackSunState)
    return list(state.result().scores), state.turns


def test_a_scoring_value_changes_how_a_game_goes():
    """The same seed and bots: Need worth 3 instead of 1 ends the game sooner or with other scores."""
    assert final({}) != final({"scoring.need": 3})
    assert final({}) == final({})  # and nothing else differs between two runs


@pytest.mark.parametrize("path,value,says", [
    ("scoring.need", 4, "scoring.need takes a whole number in 0..3"),
    ("scoring.raid_transport", -1, "scoring.raid_transport takes a whole number in 0..3"),
    # a value of the wrong type is refused by the rules data's own type check, in one line naming the path
    ("scoring.peaceful_turn", 1.5, "'scoring.peaceful_turn' must be int"),
    ("scoring.second_turn_cost", True, "'scoring.second_turn_cost' must be an int"),
    ("suns.red_giant.enterable", 1, "'suns.red_giant.enterable' must be bool"),
])
def test_an_override_out_of_range_is_a_one_line_error(path, value, says):
    with pytest.raises(OptionError) as e:
        lab_spec.plan(lab_spec.from_dict({"game": "blacksun", "players": [4], "set": {path: value}}))
    assert says in str(e.value) and "\n" not in str(e.value)
    p = declared(path)
    assert p.check(value) is not None and "\n" not in p.check(value)  # the table's lobby checks the same way


def test_the_rounds_measure_counts_full_rounds_as_the_game_does():
    """Turns begun (not a Smuggler's second turn) over the players: the state's own turn count, per game."""
    assert "rounds" in measures.MEASURES
    for seed in (3, 4):
        game = load("blacksun", 4)
        state = game.new_state(seed)
        events = list(state.setup_events)

        def apply(seat: int, action: Any) -> list[Any]:
            got = state.apply(seat, action)
            events.extend(got)
            return got

        run(state, seat_agents(["heuristic"] * 4, "blacksun", seed), apply=apply)
        assert isinstance(state, BlackSunState)
        cells = [c for c in measures.measure(game, events, state.result()) if c[0] == "rounds"]
        assert cells == [("rounds", "full rounds", "per game", state.turns / 4)]
        assert state.turns / 4 >= 1


def test_every_scoring_condition_has_a_value_in_the_table():
    # the declared parameters cover the conditions the factions score by (two of them have no number: they
    # score the destroyed ship's Fight)
    covered = {p.split(".")[1] for p in NUMBERS}
    assert set(SCORING_CONDITIONS) - covered == {"destroy_allied", "destroy_rebel"}
