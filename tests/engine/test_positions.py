"""The position builder (engine/positions.py): edits by declared field, held flows, halts before a named step, all choices.

A toy game on the flow machine shows each promise on its own; the last test plays every registered
game at random twice, once held with no stops, and requires the same game: the held loop
(``advance_held``) must do what ``advance`` does, task for task.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

import pytest

import voidtable
from voidtable.engine import games
from voidtable.engine.actions import Action
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.fields import CACHE, FLOW_FIELDS, VALUE, Fields
from voidtable.engine.flow import FlowState, Tasks
from voidtable.engine.positions import (
    EVERY, PositionError, edit, hold, pending_choices, release, run_until, stop_names,
)
from voidtable.engine.rng import Rng

T = Tasks("tally")


class Tally(NamedTuple):
    """Automatic: count one round down; at zero the game ends."""

    left: int


class Take(NamedTuple):
    """A seat takes one of ``options`` into its total (one option: forced)."""

    seat: int
    options: tuple[int, ...]


@T.auto(Tally)
def _tally(s: "TallyGame", task: Tally) -> None:
    s.emit({"type": "tally", "left": task.left})
    if task.left == 0:
        s.finish("done")
        return
    s.push(Take(task.left % 2, tuple(range(task.left % 3 + 1))), Tally(task.left - 1))


def _take_legal(s: "TallyGame", task: Take) -> list[Action]:
    return [Action("take", o) for o in task.options]


@T.decision(Take, legal=_take_legal)
def _take(s: "TallyGame", task: Take, action: Action) -> None:
    s.total[task.seat] += action.arg
    s.emit({"type": "took", "seat": task.seat, "value": action.arg})


class TallyGame(FlowState):
    TASKS = T
    FIELDS = Fields("tally", FLOW_FIELDS, total=VALUE, memo=CACHE)

    def __init__(self, rounds: int) -> None:
        self.game = type("G", (), {"players": 2, "name": "tally"})()  # type: ignore[assignment]
        self.rng = Rng(1)
        self.init_flow()
        self.total = [0, 0]
        self.memo: Any = None
        self.push(Tally(rounds))
        self.start_flow()

    def final_result(self) -> Any:
        return self.total

    def view(self, player: int | None) -> dict[str, Any]:
        return {}

    def determinize(self, player: int, rng: Rng) -> "TallyGame":
        return self.clone()  # type: ignore[return-value]


def blank() -> TallyGame:
    """A game under way with its stack emptied: each test pushes the steps it wants run."""
    s = edit(TallyGame(3), stack=[], total=[0, 0])
    assert isinstance(s, TallyGame)
    return s


def test_a_single_choice_is_seen_when_its_step_is_a_stop_and_every_later_one_too():
    s = blank()
    # Take(1, (0,)) has a single choice: in play it applies itself; held at "take" it waits with that one choice
    stop = run_until(s, "take", push=[Take(1, (0,)), Take(0, (7,))])
    assert stop.reason == "stop"
    assert stop.pending.name == "take" and stop.pending.kind == "decision"
    assert stop.pending.seats == (1,) and stop.pending.choices == {1: (Action("take", 0),)}
    assert s.to_move() == [1]
    s.apply(1, Action("take", 0))
    # the stop stays on the state: the next Take, also a single choice, waits too
    after = pending_choices(s)
    assert after.task == Take(0, (7,)) and after.actions() == [Action("take", 7)]
    s.apply(0, Action("take", 7))
    assert s.total == [7, 0]
    assert pending_choices(s).kind == "none" and s.stack == [] and not s.over  # the held stack ran dry, no error


def test_without_a_stop_the_same_single_choices_apply_themselves():
    s = blank()
    stop = run_until(s, push=[Take(1, (0,)), Take(0, (7,))])
    assert stop.reason == "dry" and s.total == [7, 0]
    assert [e["type"] for e in stop.events] == ["took", "took"]


def test_a_real_choice_halts_the_run_as_a_decision_with_all_its_choices():
    s = blank()
    stop = run_until(s, push=[Take(0, (1, 2, 3))])
    assert stop.reason == "decision"
    assert stop.pending.choices == {0: (Action("take", 1), Action("take", 2), Action("take", 3))}


def test_halting_before_an_automatic_step_shows_it_pending_with_no_seats():
    s = blank()
    stop = run_until(s, Tally, push=[Take(0, (5,)), Tally(0)])
    assert stop.reason == "stop" and s.total == [5, 0]
    assert stop.pending.kind == "auto" and stop.pending.task == Tally(0) and stop.pending.seats == ()
    nxt = run_until(s)  # stops cleared: the tally runs and ends the game
    assert nxt.reason == "over" and s.over


def test_past_top_steps_from_one_halt_to_the_next_of_the_same_kind():
    s = blank()
    run_until(s, "tally", push=[Tally(2)])
    assert pending_choices(s).task == Tally(2)
    again = run_until(s, "tally")  # already on top: it halts at once
    assert again.pending.task == Tally(2) and again.events == []
    step = run_until(s, ("tally", "take"), past_top=True)  # Tally(2) runs and pushes Take(0, (0, 1, 2)), Tally(1)
    assert step.reason == "stop" and step.pending.task == Take(0, (0, 1, 2))
    assert [e["type"] for e in step.events] == ["tally"]


def test_until_halts_where_the_predicate_first_holds():
    s = blank()
    stop = run_until(s, push=[Take(0, (4,)), Take(0, (4,)), Take(1, (1,))], until=lambda st: st.total[0] >= 8)
    assert stop.reason == "until" and s.total == [8, 0] and stop.pending.task == Take(1, (1,))
    with pytest.raises(PositionError, match="did not hold within 3 tasks"):
        run_until(s, push=[Take(0, (1,))] * 5, until=lambda st: False, limit=3)


def test_edit_sets_declared_fields_and_clears_caches():
    s = TallyGame(3)
    assert s.legal_actions(0) == [Action("take", 0), Action("take", 1), Action("take", 2)]
    s.memo = "stale"
    edit(s, total=[5, 6], stack=[Tally(0), Take(1, (9,)), Take(1, (2, 3))])
    assert s.total == [5, 6] and s.memo is None and s._legal is None
    assert s.legal_actions(1) == [Action("take", 2), Action("take", 3)]


@pytest.mark.parametrize("edits,message", [
    ({"totl": [1, 1]}, r"tally: TallyGame has no field 'totl'; did you mean 'total'\?"),
    ({"_legal": []}, "not set by hand: edit\\(\\) clears it itself"),
    ({"stop_at": frozenset()}, "not set by hand: use hold"),
])
def test_edit_refuses_unknown_and_flow_owned_fields_in_one_line(edits, message):
    s = TallyGame(3)
    before = s.snapshot()
    with pytest.raises(PositionError, match=message) as err:
        edit(s, **edits)
    assert "\n" not in str(err.value)
    assert s.snapshot() == before


def test_edit_refuses_an_unregistered_task_on_the_stack():
    class Stray(NamedTuple):
        seat: int

    with pytest.raises(RulesInvariantError, match="not registered"):
        edit(TallyGame(3), stack=[Stray(0)])


def test_stop_names_take_names_or_types_and_name_a_typo():
    s = TallyGame(3)
    assert stop_names(s, [Take, "tally", EVERY]) == frozenset({"take", "tally", "*"})
    with pytest.raises(PositionError, match=r"no task named 'tak'; did you mean 'take'\?"):
        run_until(s, "tak")

    class Stray(NamedTuple):
        seat: int

    with pytest.raises(PositionError, match="Stray is not registered"):
        hold(s, Stray)


def test_a_held_state_reports_a_dry_stack_and_a_released_one_raises_as_in_play():
    s = hold(blank())
    s.push(Take(0, (1,)))
    s.advance()
    assert s.stack == [] and s.total == [1, 0]
    release(s)
    s.push(Take(0, (1,)))
    with pytest.raises(RulesInvariantError, match="ran dry"):
        s.advance()


def test_holding_changes_no_snapshot_and_clones_stay_held():
    s = TallyGame(4)
    before = s.snapshot()
    hold(s, "take")
    assert s.snapshot() == before
    c = s.clone()
    assert c.stop_at == frozenset({"take"})
    c.apply(0, c.legal_actions(0)[0])
    assert pending_choices(c).name == "take" and len(pending_choices(c).actions()) == 1  # Tally(3)'s forced Take waits


def test_the_held_loop_plays_every_game_as_the_fast_loop_does():
    """Every registered game at its fewest players, at random: held with no stops, the same events, state and result."""
    for name in sorted(games()):
        spec = voidtable.engine.get(name)
        game = voidtable.load(name, spec.min_players)
        for seed in (1, 2):
            runs = []
            for held in (False, True):
                s = game.new_state(seed)
                if held:
                    hold(s)
                chooser = random.Random(seed)
                events = list(s.setup_events)
                while not s.is_over():
                    p = chooser.choice(s.to_move())
                    events += s.apply(p, chooser.choice(s.legal_actions(p)))
                runs.append((events, s.snapshot_json(), s.result()))
            assert runs[0] == runs[1], f"{name} seed {seed}: the held loop played another game"
