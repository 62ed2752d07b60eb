"""Positions for rules tests: edit a state by field name, run the tasks you push, halt before a named step.

A rules test needs a position the book describes (these ships here, that many credits), the steps
that follow it run, and a look at the decision they lead to. Doing that by hand meant setting state
attributes (private ones too), clearing the cached legal actions, keeping a throwaway decision at
the bottom of the stack so the flow did not run dry, and never seeing a decision with a single
choice (the flow applies it by itself, so "not offered" and "already past" looked the same).
This module is the supported way, for every game on the flow machine::

    s = game.new_state(seed=1)
    edit(s, credits=[3, 0], round=2)                 # declared fields only; a typo fails in one line
    stop = run_until(s, "take_casualty", push=[ChooseTarget(0, "A.1")])
    stop.reason                                      # "stop": halted before a take_casualty was handled
    stop.pending.choices                             # {seat: (Action, ...)}: every choice, even a single one
    s.apply(0, stop.pending.actions()[0])            # on from there; the state still halts at take_casualty

- :func:`edit` sets fields by the names the state declares (:mod:`~voidtable.engine.fields`) and
  clears every ``CACHE`` field (a cache's ``None`` means "not worked out yet").
- :func:`run_until` *holds* the state: its flow halts before any task type named as a stop (also
  inside later ``apply`` calls, until :func:`release`), and a stack that runs dry is reported as
  ``"dry"`` instead of raising, so a test pushes just the tasks it wants run.
- :func:`pending_choices` reports the task on top, its seats and all their legal actions without
  applying anything.

The hook costs play nothing: :meth:`FlowState.advance` tests one attribute for ``None`` and goes
on as before; the halting loop is :meth:`FlowState.advance_held`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, TypeVar

from .actions import Action
from .events import AnyEvent
from .fields import CACHE
from .flow import FlowState, Task
from .types import Seat

#: Flow fields a test does not set by hand, and what to use instead.
_OWNED = {
    "game": "load another game instead",
    "_legal": "edit() clears it itself",
    "_events": "take_events() reads them",
    "stop_at": "use hold(), run_until() or release()",
    "quiet": "use set_events()",
    "setup_events": "it records what setting up caused",
}

#: The stop that halts before every task: one step at a time.
EVERY = "*"

Stops = str | type | Iterable[str | type]
S = TypeVar("S", bound=FlowState)


class PositionError(ValueError):
    """A position asked for something the state does not have (a field, a task name); the message is one line."""


@dataclass(frozen=True)
class Pending:
    """The task on top of the stack and everything that may be chosen there; nothing is applied.

    ``kind`` is ``"decision"`` (one seat), ``"simultaneous"`` (several seats at once), ``"auto"``
    (a step that needs no one: the flow halted before it) or ``"none"`` (nothing pending: the game
    is over or a held stack ran dry). ``choices`` maps each seat to choose to all its legal
    actions, a single forced one included.
    """

    task: Task | None
    name: str
    kind: str
    seats: tuple[Seat, ...]
    choices: dict[Seat, tuple[Action, ...]]

    def actions(self, seat: Seat | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the first seat to choose)."""
        if seat is None:
            if not self.seats:
                return []
            seat = self.seats[0]
        return list(self.choices.get(seat, ()))


@dataclass(frozen=True)
class Stop:
    """Why :func:`run_until` returned, what is pending then, and the events the run produced.

    ``reason``: ``"stop"`` (halted before a task named as a stop), ``"decision"`` (a real choice
    waits), ``"until"`` (the predicate held), ``"dry"`` (the stack ran out: the pushed tasks are
    done) or ``"over"`` (the game ended).
    """

    reason: str
    pending: Pending
    events: list[AnyEvent] = field(default_factory=list)


def _fields_of(state: FlowState) -> Any:
    fields = getattr(type(state), "FIELDS", None)
    if fields is None:
        raise PositionError(f"{type(state).__name__} declares no FIELDS: positions need a state on the flow machine")
    return fields


def _near(word: str, names: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, sorted(names), n=3)
    return f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""


def clear_caches(state: FlowState) -> None:
    """Forget every ``CACHE`` field (the pending decision's legal actions, a game's memos)."""
    for name, rule in _fields_of(state).rules.items():
        if rule is CACHE:
            setattr(state, name, None)


def edit(state: S, /, **fields: Any) -> S:
    """Set state fields by their declared names, then clear the caches; returns ``state``.

    Any declared field may be set, private ones included, except those the flow machine owns
    (``_legal``, ``stop_at``, ...: the error names what to use). ``stack=[...]`` replaces the
    stack (bottom first, as stored) and every task must be registered. Values are stored as given.
    """
    declared = _fields_of(state).rules
    game = state.TASKS.game
    for name in fields:
        if name not in declared:
            raise PositionError(f"{game}: {type(state).__name__} has no field {name!r}{_near(name, declared)}")
        if name in _OWNED:
            raise PositionError(f"{game}: field {name!r} is not set by hand: {_OWNED[name]}")
    for name, value in fields.items():
        if name == "stack":
            value = list(value)
            for task in value:
                state.TASKS.rule(task)  # raises naming an unregistered task
        setattr(state, name, value)
    clear_caches(state)
    return state


def stop_names(state: FlowState, stop: Stops) -> frozenset[str]:
    """Task names (``"take_casualty"``) or task types (``TakeCasualty``) as the registered names; unknown ones fail in one line."""
    items: Iterable[str | type] = (stop,) if isinstance(stop, (str, type)) else stop
    tasks = state.TASKS
    out = set()
    for item in items:
        if isinstance(item, type):
            rule = tasks.rules.get(item)
            if rule is None:
                raise PositionError(f"{tasks.game}: task type {item.__name__} is not registered")
            out.add(rule.name)
        elif item == EVERY or item in tasks.by_name:
            out.add(item)
        else:
            raise PositionError(f"{tasks.game}: no task named {item!r}{_near(str(item), tasks.by_name)}")
    return frozenset(out)


def hold(state: S, stop: Stops = ()) -> S:
    """Hold ``state``: its flow halts before the tasks named in ``stop`` and reports a dry stack; returns it."""
    state.stop_at = stop_names(state, stop)
    return state


def release(state: S) -> S:
    """Back to play: no stops, and a dry stack is an error again; returns ``state``."""
    state.stop_at = None
    return state


def pending_choices(state: FlowState) -> Pending:
    """The top task, its seats and all their legal actions (a single choice included), applying nothing."""
    if state.over or not state.stack:
        return Pending(None, "", "none", (), {})
    task = state.stack[-1]
    rule = state.TASKS.rule(task)
    if rule.is_auto:
        return Pending(task, rule.name, "auto", (), {})
    seats = tuple(state.to_move())
    choices = {p: tuple(state.legal_actions(p)) for p in seats}
    return Pending(task, rule.name, "simultaneous" if rule.simultaneous else "decision", seats, choices)


def run_until(state: FlowState, stop: Stops = (), *, push: Iterable[Task] = (),
              until: Callable[[FlowState], bool] | None = None, past_top: bool = False,
              limit: int = 100_000) -> Stop:
    """Push ``push`` (first given runs first), hold the state with ``stop`` and run its flow; returns a :class:`Stop`.

    The flow runs automatic tasks and forced single choices, and halts before any task named in
    ``stop``, at a real decision, when the stack runs dry, or at the end. The stops stay on the
    state (later ``apply`` calls halt there too) until :func:`release` or the next ``run_until``.
    ``until(state)``, if given, is asked before each task and halts the run when true (it runs one
    task at a time, so it is slower; it does not stay on the state). ``past_top`` handles the top
    task first even if it is a stop: to go from one halt to the next of the same kind. More than
    ``limit`` tasks with ``until`` is an error (a predicate that never holds).
    """
    stops = stop_names(state, stop)
    state.stop_at = stops
    state.push(*push)
    clear_caches(state)
    if until is None:
        reason = state.advance_held(stops, past_top=past_top)
    else:
        reason = _step_until(state, stops, until, past_top, limit)
    events = [] if state.quiet else state.take_events()
    return Stop(reason, pending_choices(state), events)


_ONE_STEP = frozenset((EVERY,))


def _step_until(state: FlowState, stops: frozenset[str], until: Callable[[FlowState], bool],
                past_top: bool, limit: int) -> str:
    """One task at a time until ``until`` holds, a stop is on top, or the flow halts by itself."""
    every = EVERY in stops
    for _ in range(limit):
        if until(state):
            return "until"
        if state.over:
            return "over"
        if not state.stack:
            return "dry"
        if not past_top and (every or state.TASKS.rule(state.stack[-1]).name in stops):
            return "stop"
        past_top = False
        clear_caches(state)  # the predicate may have asked for legal actions the step makes stale
        reason = state.advance_held(_ONE_STEP, past_top=True)
        if reason != "stop":
            return "until" if until(state) else reason
    raise PositionError(f"{state.TASKS.game}: run_until's predicate did not hold within {limit} tasks")
