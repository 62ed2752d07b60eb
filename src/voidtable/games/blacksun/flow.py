"""The task stack that drives a game of Black Sun.

Everything still to happen sits on ``state.stack`` as small immutable tuples
``(kind, seat, *args)``: the top one is what happens next. A task with
``seat == -1`` runs by itself (a die roll, a scoring step); any other task is
a decision of that seat. Rules modules register a handler per kind:

- ``@decision("kind")``: ``legal(state, task) -> list[Action]`` and
  ``apply(state, task, action)`` (the task has already been popped; the
  handler pushes whatever follows, including a changed copy of itself);
- ``@auto("kind")``: ``run(state, task)`` (already popped).

Why a stack: the rulebook's turn nests decisions (a raid inside a turn, a
retreat inside a raid, a counter placement inside a loss) and the stack makes
that nesting explicit, cheap to clone (a list of tuples) and easy to show.
"""

from __future__ import annotations

from typing import Any, Callable

from voidtable.engine.actions import Action

LegalFn = Callable[[Any, tuple], list[Action]]
ApplyFn = Callable[[Any, tuple, Action], None]
AutoFn = Callable[[Any, tuple], None]

DECISIONS: dict[str, tuple[LegalFn, ApplyFn]] = {}
AUTOS: dict[str, AutoFn] = {}


def decision(kind: str, legal: LegalFn):
    """Register ``legal`` and the decorated apply function for decision ``kind``."""

    def wrap(apply: ApplyFn) -> ApplyFn:
        DECISIONS[kind] = (legal, apply)
        return apply

    return wrap


def auto(kind: str):
    def wrap(run: AutoFn) -> AutoFn:
        AUTOS[kind] = run
        return run

    return wrap


def push(state: Any, *tasks: tuple) -> None:
    """Push tasks so that the first given runs first (pushed last)."""
    state.stack.extend(reversed(tasks))


def jsonable(x: Any) -> Any:
    """A task argument in JSON form (frozensets as sorted lists, tuples as lists)."""
    if isinstance(x, (frozenset, set)):
        return sorted(jsonable(v) for v in x)
    if isinstance(x, (tuple, list)):
        return [jsonable(v) for v in x]
    return x
