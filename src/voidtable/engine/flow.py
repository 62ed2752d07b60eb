"""The one turn machine every game runs on: a stack of named, typed tasks.

Everything still to happen sits on ``state.stack``; the top task is what happens
next. A task is a small immutable record (a ``NamedTuple``) named after a
rulebook step: ``Walk(seat=2, fleet=(4, 7), pos=12, move_left=3)``. Each game
keeps one :class:`Tasks` registry that says, per task type, what it does:

- an **automatic** task (``@TASKS.auto(RollDice)``) runs by itself:
  ``run(state, task)``;
- a **decision** (``@TASKS.decision(Walk, legal=walk_legal)``) waits for its
  seat: ``legal(state, task) -> [Action]`` and ``apply(state, task, action)``;
- a **simultaneous decision** (``@TASKS.simultaneous(Select, seats=..., legal=...)``)
  waits for several seats at once (a drafting pick, a hidden pre-round):
  ``seats(state, task)``, ``legal(state, task, seat)``, ``apply(state, task, seat, action)``.

Handlers receive the task already popped and push whatever follows (including a
changed copy of the task itself: ``task._replace(move_left=2)``). A simultaneous
decision is popped too and pushes itself back while seats are still to choose.

Why a stack of records: a rulebook turn nests (a raid inside a turn, a retreat
inside a raid, a choice in the middle of scoring), and a stack makes that nesting
explicit; tuples make clones cheap (the list is copied, the tasks shared); named
fields let the view, the scene and the tensors read a task without knowing its
layout. A decision with a single legal action applies itself (unless its type
says ``auto_single=False``: where a record must show the choice), in one place:
:meth:`FlowState.advance`.

A decision whose number of choices depends on what its seat alone knows (a card
in hand it may or may not hold) is declared ``private=True``: it always waits for
its seat, even with one choice. Applying it by itself would tell every other seat,
in the same step and without the seat deciding, that the seat had no other
choice, which is hidden information (an offer declined because the card asked for
is not in hand). So ``private=True`` implies ``auto_single=False``; the rules must
not leave such a decision pending with no choice at all.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator

from .actions import Action, is_seat, same
from .errors import GameNotOver, RulesInvariantError
from .events import AnyEvent
from .jsonform import jsonable as jsonable  # also importable from here, as before
from .native import mypyc_attr
from .state import GameState, Result
from .rng import Rng
from .types import Seat
from .zones import Hidden, resample

if TYPE_CHECKING:
    from .fields import Fields

Task = tuple[Any, ...]  # a NamedTuple instance of a registered task type
AnyFn = Callable[..., Any]


def kind_name(cls: type) -> str:
    """``RaidChoice`` -> ``raid_choice``: a task type's name in views, scenes and tensors."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


@dataclass(frozen=True)
class TaskRule:
    """What one task type does (see the module docstring for the handler signatures)."""

    cls: type
    name: str
    run: AnyFn | None = None          # automatic tasks
    legal: AnyFn | None = None        # decisions
    apply: AnyFn | None = None
    seats: AnyFn | None = None        # simultaneous decisions only
    auto_single: bool = True
    private: bool = False             # its choices depend on what its seat alone knows: never applied by itself

    @property
    def is_auto(self) -> bool:
        return self.run is not None

    @property
    def simultaneous(self) -> bool:
        return self.seats is not None


class Tasks:
    """One game's registry of task types, filled by decorators in its rules modules."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.rules: dict[type, TaskRule] = {}
        self.by_name: dict[str, TaskRule] = {}
        self.runs: dict[type, AnyFn] = {}  # automatic task types -> run: the flow loop's first question, one lookup

    def _add(self, rule: TaskRule) -> None:
        cls = rule.cls
        if not (isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")):
            raise TypeError(f"{self.game}: task {cls!r} must be a NamedTuple")
        if rule.name in self.by_name:
            raise TypeError(f"{self.game}: task name {rule.name!r} registered twice")
        if not rule.is_auto and not rule.simultaneous and "seat" not in cls._fields:
            raise TypeError(f"{self.game}: decision {cls.__name__} needs a 'seat' field")
        self.rules[cls] = rule
        self.by_name[rule.name] = rule
        if rule.run is not None:
            self.runs[cls] = rule.run

    def auto(self, cls: type, name: str | None = None) -> Callable[[AnyFn], AnyFn]:
        """Register the decorated ``run(state, task)`` for automatic task ``cls``."""

        def wrap(run: AnyFn) -> AnyFn:
            self._add(TaskRule(cls, name or kind_name(cls), run=run))
            return run

        return wrap

    def decision(self, cls: type, legal: AnyFn, name: str | None = None, auto_single: bool = True,
                 private: bool = False) -> Callable[[AnyFn], AnyFn]:
        """Register ``legal(state, task)`` and the decorated ``apply(state, task, action)`` for ``cls``.

        ``private=True``: how many choices there are depends on what the seat alone knows
        (its hand), so a single choice is never applied by itself (see the module docstring).
        """

        def wrap(apply: AnyFn) -> AnyFn:
            self._add(TaskRule(cls, name or kind_name(cls), legal=legal, apply=apply,
                               auto_single=auto_single and not private, private=private))
            return apply

        return wrap

    def simultaneous(self, cls: type, seats: AnyFn, legal: AnyFn, name: str | None = None) -> Callable[[AnyFn], AnyFn]:
        """Register a decision several seats take at once; single choices are never auto-applied."""

        def wrap(apply: AnyFn) -> AnyFn:
            self._add(TaskRule(cls, name or kind_name(cls), legal=legal, apply=apply, seats=seats, auto_single=False))
            return apply

        return wrap

    def __contains__(self, cls: object) -> bool:
        return cls in self.rules

    def __iter__(self) -> Iterator[TaskRule]:
        return iter(self.rules.values())

    def rule(self, task: Task) -> TaskRule:
        r = self.rules.get(task.__class__)
        if r is None:
            raise RulesInvariantError(f"{self.game}: task {task!r} is not registered")
        return r

    def name(self, task: Task) -> str:
        return self.rule(task).name

    def to_json(self, task: Task) -> dict[str, Any]:
        """A task as the view shows it: ``{"kind": name, field: value, ...}`` (tuples and sets as lists)."""
        out: dict[str, Any] = {"kind": self.rule(task).name}
        for k, v in zip(task._fields, task):  # type: ignore[attr-defined]
            out[k] = jsonable(v)
        return out


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # an ordinary class: see engine/native.py
class FlowState(GameState):
    """A game state driven by a :class:`Tasks` registry: the engine contract, written once.

    A subclass sets ``TASKS`` (its registry) and ``FIELDS`` (its declared fields,
    :mod:`voidtable.engine.fields`; include :data:`FLOW_FIELDS`), calls
    :meth:`start_flow` at the end of ``__init__`` after pushing its first tasks,
    and implements ``final_result()``, ``view()`` and ``determinize()``.
    """

    TASKS: ClassVar[Tasks]
    FIELDS: ClassVar["Fields"]

    stack: list[Task]
    over: bool
    over_reason: str
    quiet: bool                  # True: rules build no events (search, simulations that need no words)
    _events: list[AnyEvent]
    _legal: list[Action] | None  # legal actions of the pending single-seat decision, once computed
    stop_at: frozenset[str] | None  # a held position's stops (engine.positions); None in play: advance() as fast as ever

    def init_flow(self) -> None:
        """Set the fields the flow machine owns (call first in ``__init__``)."""
        self.stack = []
        self.over = False
        self.over_reason = ""
        self.quiet = False
        self._events = []
        self._legal = None
        self.stop_at = None

    def start_flow(self) -> None:
        """Run the first tasks to the first real decision; what that caused becomes ``setup_events``."""
        self.advance()
        self.setup_events = self.take_events()

    # ------------------------------------------------------------ used by rules
    def emit(self, event: AnyEvent) -> None:
        """The one way rules produce events (dropped when the state is quiet, see :meth:`set_events`).

        A rule whose event is costly to build (card names looked up, lists
        copied) may test ``state.quiet`` first and skip building it; the state it
        reaches must not depend on that test.
        """
        if not self.quiet:
            self._events.append(event)

    def set_events(self, on: bool) -> None:
        """Produce events (the default) or not: a quiet state plays the same game with no events built.

        Search and simulations that need no words switch events off: ``apply``
        then returns an empty list, and clones stay quiet. The table, records,
        replays and logs keep the default. Setting events back on starts with
        nothing pending: what happened while quiet is not produced afterwards.
        """
        self.quiet = not on
        self._events = []

    def push(self, *tasks: Task) -> None:
        """Push tasks so that the first given runs first."""
        self.stack.extend(reversed(tasks))

    def finish(self, reason: str = "") -> None:
        """End the game now: nothing left on the stack runs."""
        self.over = True
        self.over_reason = reason
        self.stack.clear()

    def resample_hidden(self, rng: Rng, slots: list[Hidden]) -> None:
        """Redraw ``slots`` (see :func:`~voidtable.engine.zones.resample`) for a determinization.

        The cached legal actions of the pending decision are dropped with it: they may
        name what was just redrawn (another seat's unseen draw inside its choice).
        """
        resample(rng, slots)
        self._legal = None

    def take_events(self) -> list[AnyEvent]:
        ev, self._events = self._events, []
        return ev

    @property
    def pending(self) -> Task | None:
        """The task on top of the stack (the decision being waited for), or None."""
        return self.stack[-1] if self.stack else None

    # ------------------------------------------------------------ the loop
    def advance(self) -> None:
        """Run automatic tasks and forced single choices until a real decision or the end."""
        if self.stop_at is not None:  # a held position (engine.positions): the one test on the hot path
            self.advance_held(self.stop_at)
            return
        stack = self.stack
        rules = self.TASKS.rules
        runs = self.TASKS.runs
        while stack and not self.over:
            task = stack[-1]
            run = runs.get(task.__class__)
            if run is not None:
                stack.pop()
                run(self, task)
                continue
            rule = rules.get(task.__class__)
            if rule is None:
                raise RulesInvariantError(f"{self.TASKS.game}: task {task!r} is not registered")
            if not rule.auto_single:
                self._legal = None  # computed when asked (a test may have pushed this task over another's cache)
                return
            legal = rule.legal(self, task)  # type: ignore[misc]
            if len(legal) > 1:
                self._legal = legal
                return
            stack.pop()
            if legal:
                rule.apply(self, task, legal[0])  # type: ignore[misc]
        if not stack and not self.over:
            raise RulesInvariantError(f"{self.TASKS.game}: the task stack ran dry before the game ended")

    def advance_held(self, stops: frozenset[str], past_top: bool = False) -> str:
        """:meth:`advance` for a position a test holds (:mod:`voidtable.engine.positions`); returns why it halted.

        It halts before handling any task whose registered name is in ``stops`` (``"*"``: every task),
        so a test sees a decision with a single choice, or the state just before an automatic step;
        ``past_top`` handles the top task first even if it is a stop (one step at a time). A dry stack
        is reported (``"dry"``), not raised: a test pushes only the tasks it wants run. Otherwise it
        does what :meth:`advance` does, task for task (a test plays both on random games to keep it so).
        Returns ``"stop"``, ``"decision"`` (a real choice waits), ``"dry"`` or ``"over"``.
        """
        stack = self.stack
        rules = self.TASKS.rules
        every = "*" in stops
        while stack and not self.over:
            task = stack[-1]
            rule = rules.get(task.__class__)
            if rule is None:
                raise RulesInvariantError(f"{self.TASKS.game}: task {task!r} is not registered")
            if past_top:
                past_top = False
            elif every or rule.name in stops:
                return "stop"
            if rule.run is not None:
                stack.pop()
                rule.run(self, task)
                continue
            if not rule.auto_single:
                return "decision"
            legal = rule.legal(self, task)  # type: ignore[misc]
            if len(legal) > 1:
                self._legal = legal
                return "decision"
            stack.pop()
            if legal:
                rule.apply(self, task, legal[0])  # type: ignore[misc]
        return "over" if self.over else "dry"

    # ------------------------------------------------------------ the contract
    def to_move(self) -> list[Seat]:
        if self.over or not self.stack:
            return []
        task = self.stack[-1]
        rule = self.TASKS.rules[task.__class__]
        if rule.seats is not None:
            return list(rule.seats(self, task))
        return [task.seat]  # type: ignore[attr-defined]

    def legal_actions(self, player: Any) -> list[Action]:  # Any: from outside, not checked by the compiled build
        if self.over or not self.stack:
            return []
        task = self.stack[-1]
        rule = self.TASKS.rules[task.__class__]
        if rule.seats is not None:
            if player not in rule.seats(self, task):
                return []
            return list(rule.legal(self, task, player))  # type: ignore[misc]
        if task.seat != player:  # type: ignore[attr-defined]
            return []
        if self._legal is None:
            self._legal = rule.legal(self, task)  # type: ignore[misc]
        return list(self._legal)

    def apply(self, player: Any, action: Any) -> list[AnyEvent]:  # Any: checked here (IllegalAction), see GameState.apply
        """As :meth:`GameState.apply`; a single seat's decision is checked against its cached legal actions (no copy)."""
        stack = self.stack
        if stack and not self.over:
            task = stack[-1]
            rule = self.TASKS.rules.get(task.__class__)
            if rule is not None and rule.legal is not None and rule.seats is None and task.seat == player:  # type: ignore[attr-defined]
                legal = self._legal
                if legal is None:
                    legal = self._legal = rule.legal(self, task)
                try:
                    found = legal[legal.index(action)]
                except ValueError:
                    found = None
                # the legal action itself (what a playout or a bot hands back) needs no type walk
                if found is not None and (found is action or same(found, action)) and is_seat(player):
                    return self._apply(player, action)
        return super().apply(player, action)

    def _apply(self, player: Seat, action: Action) -> list[AnyEvent]:
        self._legal = None
        task = self.stack.pop()
        rule = self.TASKS.rules[task.__class__]
        if rule.seats is not None:
            rule.apply(self, task, player, action)  # type: ignore[misc]
        else:
            rule.apply(self, task, action)  # type: ignore[misc]
        self.advance()
        if self.quiet:
            return []
        return self.take_events()

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        if not self.over:
            raise GameNotOver(f"{self.TASKS.game}: result() is only defined once the game is over")
        return self.final_result()

    def final_result(self) -> Result:
        """Scores, ranks and winners of the finished game (called by :meth:`result`)."""
        raise NotImplementedError

    def clone(self) -> "FlowState":
        return self.FIELDS.clone(self)  # type: ignore[no-any-return]

    def snapshot(self) -> dict[str, Any]:
        snap = self.FIELDS.snapshot(self)
        snap["stack"] = [self.TASKS.to_json(t) for t in self.stack]
        return snap

    def decision_json(self) -> dict[str, Any] | None:
        """The pending task in JSON form, for views (a game redacts hidden parts itself)."""
        return self.TASKS.to_json(self.stack[-1]) if self.stack and not self.over else None

