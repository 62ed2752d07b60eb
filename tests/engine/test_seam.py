"""The seam's engine parts on their own: flow machine, declared fields, hidden-zone resampling, parameters."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.errors import GameNotOver, RulesInvariantError
from voidtable.engine.fields import (
    FIXED, FLOW_FIELDS, LIST, NESTED, NESTED3, SHARED, VALUE, Fields, fresh, mutable_parts, not_immutable, shared_mutables,
)
from voidtable.engine.flow import FlowState, Tasks, jsonable, kind_name
from voidtable.engine.parameters import Parameter, find
from voidtable.engine.rng import Rng
from voidtable.engine.zones import Hidden, resample


# ---------------------------------------------------------------- a toy game on the flow machine
T = Tasks("toy")


class Count(NamedTuple):
    left: int


class Pick(NamedTuple):
    seat: int
    options: tuple[int, ...]


@T.auto(Count)
def _count(s: "Toy", task: Count) -> None:
    s.emit({"type": "count", "left": task.left})
    if task.left == 0:
        s.finish("done")
        return
    s.push(Pick(task.left % 2, tuple(range(task.left % 3 + 1))), Count(task.left - 1))


def _pick_legal(s: "Toy", task: Pick) -> list[Action]:
    return [Action("pick", o) for o in task.options]


@T.decision(Pick, legal=_pick_legal)
def _pick(s: "Toy", task: Pick, action: Action) -> None:
    s.total += action.arg
    s.emit({"type": "picked", "seat": task.seat, "value": action.arg})


class Toy(FlowState):
    TASKS = T
    FIELDS = Fields("toy", FLOW_FIELDS, total=VALUE)

    def __init__(self, start: int) -> None:
        self.game = type("G", (), {"players": 2, "name": "toy"})()  # type: ignore[assignment]
        self.rng = Rng(1)
        self.init_flow()
        self.total = 0
        self.push(Count(start))
        self.start_flow()

    def final_result(self) -> Any:
        return self.total

    def view(self, player: int | None) -> dict[str, Any]:
        return {}

    def determinize(self, player: int, rng: Rng) -> "Toy":
        return self.clone()  # type: ignore[return-value]


def test_forced_single_choices_apply_themselves_and_the_stack_runs_in_push_order():
    s = Toy(4)
    # Count(4) -> Pick(seat 0, options (0, 1)) is a real choice; Count(3)'s Pick has one option (range(1)) and applies itself
    assert s.to_move() == [0]
    assert s.legal_actions(0) == [Action("pick", 0), Action("pick", 1)]
    assert s.legal_actions(1) == []
    assert [e["type"] for e in s.setup_events] == ["count"]
    events = s.apply(0, Action("pick", 1))
    assert [e["type"] for e in events][:3] == ["picked", "count", "picked"]  # Count(3): Pick(1, (0,)) forced
    assert s.total == 1


def test_result_before_the_end_is_named():
    with pytest.raises(GameNotOver):
        Toy(4).result()


def test_a_stack_that_runs_dry_is_a_rules_invariant_error():
    s = Toy(4)
    s.stack.clear()
    s.stack.append(Count(1))
    s.stack[-1] = Pick(0, (5,))  # one option: applies itself, then nothing is left
    with pytest.raises(RulesInvariantError):
        s.advance()


def test_unregistered_task_is_refused():
    class Stray(NamedTuple):
        seat: int

    s = Toy(4)
    s.stack.append(Stray(0))
    with pytest.raises(RulesInvariantError):
        s.advance()


def test_registry_refuses_positional_tuples_duplicates_and_seatless_decisions():
    reg = Tasks("x")

    class NoSeat(NamedTuple):
        n: int

    with pytest.raises(TypeError):
        reg.auto(tuple)(lambda s, t: None)
    with pytest.raises(TypeError):
        reg.decision(NoSeat, legal=lambda s, t: [])(lambda s, t, a: None)
    reg.auto(NoSeat)(lambda s, t: None)
    with pytest.raises(TypeError):
        reg.auto(NoSeat)(lambda s, t: None)


def test_task_names_and_json():
    assert kind_name(Pick) == "pick"

    class RaidChoice(NamedTuple):
        seat: int

    assert kind_name(RaidChoice) == "raid_choice"
    assert T.to_json(Pick(1, (2, 3))) == {"kind": "pick", "seat": 1, "options": [2, 3]}
    assert jsonable({"a": frozenset({3, 1}), 2: (Action("x", (1, 2)),)}) == {"a": [1, 3], "2": [{"kind": "x", "arg": [1, 2]}]}
    with pytest.raises(TypeError):
        jsonable(object())


# ---------------------------------------------------------------- declared fields
class Box:
    FIELDS = Fields("box", rules=FIXED, name=VALUE, deck=LIST, hands=NESTED, groups=NESTED3, board=SHARED, cache=fresh(dict))

    def __init__(self) -> None:
        self.rules = {"x": 1}
        self.name = "a"
        self.deck = [1, 2]
        self.hands = [[1], [2, 3]]
        self.groups = [[[1]], []]
        self.board = ["shared", "by", "design"]
        self.cache = {"k": 1}


def test_derived_clone_follows_each_copy_rule():
    b = Box()
    c = Box.FIELDS.clone(b)
    assert c.rules is b.rules and c.board is b.board and c.name == "a"
    assert c.deck == b.deck and c.deck is not b.deck
    assert c.hands == b.hands and all(x is not y for x, y in zip(c.hands, b.hands))
    assert c.groups[0][0] is not b.groups[0][0]
    assert c.cache == {}
    assert shared_mutables(Box.FIELDS, b, c) == []
    c.hands[1].append(9)
    assert b.hands[1] == [2, 3]


def test_sharing_checker_sees_a_forgotten_copy():
    b = Box()
    c = Box.FIELDS.clone(b)
    c.hands = b.hands  # as if the declaration said VALUE for a list of lists
    assert shared_mutables(Box.FIELDS, b, c) == ["hands"]
    b.name = ["not", "immutable"]
    assert not_immutable(Box.FIELDS, b) == ["name"]
    assert len(mutable_parts([[1], {"a": [2]}])) == 4


def test_snapshot_shows_declared_fields_only():
    snap = Box.FIELDS.snapshot(Box())
    assert "rules" not in snap and "cache" not in snap
    assert snap["hands"] == [[1], [2, 3]]


def test_a_field_without_a_copy_rule_fails_at_declaration():
    with pytest.raises(TypeError):
        Fields("bad", deck=list)  # type: ignore[arg-type]


# ---------------------------------------------------------------- hidden zones
def test_resample_keeps_the_pool_and_fills_constrained_slots_first():
    is_even = lambda x: x % 2 == 0  # noqa: E731
    deck, hand, facedown = [1, 3, 5, 2], [7, 9], [4, 6]
    slots = [Hidden(deck), Hidden(hand), Hidden(facedown, only=is_even)]
    resample(Rng(11), slots)
    assert sorted(deck + hand + facedown) == [1, 2, 3, 4, 5, 6, 7, 9]
    assert all(x % 2 == 0 for x in facedown)
    assert (len(deck), len(hand), len(facedown)) == (4, 2, 2)


def test_resample_depends_on_the_seed_and_the_pool_not_on_the_hidden_order():
    a1, b1 = [1, 2, 3], [4, 5]
    a2, b2 = [5, 4, 3], [2, 1]
    resample(Rng(3), [Hidden(a1), Hidden(b1)])
    resample(Rng(3), [Hidden(a2), Hidden(b2)])
    assert (a1, b1) == (a2, b2)


def test_resample_write_callback_and_impossible_constraint():
    got: list[list[int]] = []
    resample(Rng(1), [Hidden([1, 2]), Hidden([3], write=got.append)])
    assert len(got) == 1 and len(got[0]) == 1
    with pytest.raises(ValueError):
        resample(Rng(1), [Hidden([1, 3], only=lambda x: x % 2 == 0)])


# ---------------------------------------------------------------- tunable parameters
def test_parameters_match_paths_and_check_ranges():
    p = Parameter("black_holes.*.threshold", 10, 30, help="pull-in threshold")
    assert p.matches("black_holes.dire_1.threshold") and not p.matches("black_holes.dire_1.weight")
    assert p.check(20) is None
    assert "10..30" in (p.check(31) or "")
    assert "whole number" in (p.check(20.5) or "")
    assert find((p,), "black_holes.x.threshold") is p and find((p,), "other") is None
    f = Parameter("cost", 0.5, 2.0, integer=False)
    assert f.check(1) is None and f.check(2.5) is not None and f.check(True) is not None


def test_one_folder_may_register_several_games():
    from voidtable.engine.game import GameSpec
    from voidtable.engine.registry import specs_in

    a = GameSpec("a", "A", 2, 2, "", build=lambda g: None, state_class=Toy)  # type: ignore[arg-type]
    b = GameSpec("b", "B", 2, 2, "", build=lambda g: None, state_class=Toy)  # type: ignore[arg-type]
    assert specs_in(a) == [a]
    assert specs_in((a, b)) == [a, b]
    assert specs_in([a, "not a spec"]) == [a]
    assert specs_in(None) == []
