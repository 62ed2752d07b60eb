"""The bot shell: the one way a game's heuristic player decides, written once for every game.

Every game's bot does the same three things around its own judgement, so they live here:

1. **A single legal action is played** without looking (no sample drawn, no dice rolled),
   both at the table (:meth:`BotShell.act`) and in playouts (:meth:`BotShell.rollout_policy`).
2. **Otherwise the bot decides on what a seat may know**: by default a determinization drawn
   for the seat (``obs.sample``: a state it cannot tell apart from the real one), or, for a
   bot that reads its seat's view instead, the game's reading of that view (``reads_view``).
   Playouts already run on determinized states, so there the state itself is read.
3. **The pending task chooses the decision**: each game declares one table, task type ->
   decision function (``decisions``; ``rollouts`` for the cheaper playout rules where they
   differ), and the shell looks the top task up. A task the table does not list gets a
   uniformly random legal action from the bot's own dice.

A decision function is ``decide(reading, seat, legal, task, rng) -> Action``: ``reading`` is
the determinization (or the game's reading of the view), ``task`` the pending task record
(None for a bot reading a view: the record may hold what only its seat knows, while its type
is public, :attr:`Observation.task`). An action a decision returns that is not legal is
replaced by ``legal[if_illegal]`` at the table (playouts trust their rules of thumb: they are
the hot path).

Whole moves for search (:class:`~voidtable.engine.hooks.PlanHooks`) are looked up the same way:
``plans`` and ``rollout_plans`` map the task a move starts with to the function offering it, and
a plan is offered only to the seat whose decision it is. A plan following its move step by step
looks its steps up with :func:`pending_in`.

Why one shell: the five games each wrote this loop, dispatching four ways (a dict, an if-chain
on the task's type, a chain on the first action's kind, the view's decision), and drifted apart
(one played ``legal[0]`` for an illegal answer, one ``legal[-1]``, some never checked).
``tests/test_bot_shell.py`` fails on a game's bot that writes its own again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Sequence, TypeVar, cast

from .actions import Action
from .rng import Rng

if TYPE_CHECKING:
    from .hooks import Plan
    from .observation import Observation
    from .state import GameState

R = TypeVar("R")  # what a game's decisions read: its state type, or its reading of a seat's view
F = TypeVar("F")

#: one decision: (what the bot reads, its seat, the legal actions, the pending task, the bot's dice) -> an action
Decide = Callable[[R, int, list[Action], Any, Rng], Action]
#: whole moves offered at a decision: (state, seat, legal, pending task) -> plans, or None
Offer = Callable[[R, int, list[Action], Any], "Sequence[Plan] | None"]
#: one cheap whole move for playouts: (state, seat, legal, pending task, dice) -> a plan, or None
OfferOne = Callable[[R, int, list[Action], Any, Rng], "Plan | None"]


def pending(state: "GameState") -> Any:
    """The task on top of ``state``'s stack (the decision waited for), or None (no stack, or an empty one)."""
    stack = getattr(state, "stack", None)
    return stack[-1] if stack else None


def pending_in(table: Mapping[type, F], state: "GameState") -> tuple[F, Any] | None:
    """``table``'s entry for the pending task's type, with the task; None if the table does not list it."""
    task = pending(state)
    entry = table.get(task.__class__)
    return None if entry is None else (entry, task)


class BotShell(Generic[R]):
    """A game's heuristic player (:class:`~voidtable.engine.hooks.BotHooks`, and its
    :class:`~voidtable.engine.hooks.PlanHooks` when it declares plans): the shell around the game's
    decision table (see the module docstring)."""

    def __init__(self, decisions: Mapping[type, Decide[R]], *, rollouts: Mapping[type, Decide[R]] | None = None,
                 reads_view: Callable[[dict[str, Any], int, Any], R] | None = None, if_illegal: int = 0,
                 plans: Mapping[type, Offer[R]] | None = None,
                 rollout_plans: Mapping[type, OfferOne[R]] | None = None) -> None:
        self.decisions = dict(decisions)
        self.rollouts = dict(decisions if rollouts is None else rollouts)
        self.reads_view = reads_view
        self.if_illegal = if_illegal
        self.offers = dict(plans or {})
        self.offers_one = dict(rollout_plans or {})

    # ------------------------------------------------------------------ at the table
    def act(self, obs: "Observation", rng: Rng) -> Action:
        """The bot's action for ``obs``: a single legal action as it is, else the table's decision on what the seat knows."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if self.reads_view is not None:
            return self._decide(self.reads_view(obs.view, obs.seat, obs.rules), obs.task, None, obs.seat, legal, rng)
        sample = obs.sample(rng)
        task = pending(sample)
        return self._decide(cast(R, sample), task.__class__, task, obs.seat, legal, rng)

    def choose(self, state: R, seat: int, legal: list[Action], rng: Rng) -> Action:
        """The table's decision on a state the caller holds (a determinization, or a test's position)."""
        if len(legal) == 1:
            return legal[0]
        task = pending(cast("GameState", state))
        return self._decide(state, task.__class__, task, seat, legal, rng)

    def _decide(self, reading: R, kind: type | None, task: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        decide = self.decisions.get(kind) if kind is not None else None
        if decide is None:
            return legal[rng.below(len(legal))]
        action = decide(reading, seat, legal, task, rng)
        return action if action in legal else legal[self.if_illegal]

    # ------------------------------------------------------------------ in playouts
    def rollout_policy(self, state: "GameState", seat: int, legal: list[Action], rng: Rng) -> Action:
        """The playout rules on a (determinized) state: a single legal action as it is, else the rollout table's."""
        if len(legal) == 1:
            return legal[0]
        stack: Any = getattr(state, "stack", None)
        task = stack[-1] if stack else None
        decide = self.rollouts.get(task.__class__)
        if decide is None:
            return legal[rng.below(len(legal))]
        if self.reads_view is not None:
            return decide(self.reads_view(state.view(seat), seat, state.game.rules), seat, legal, None, rng)
        return decide(cast(R, state), seat, legal, task, rng)

    # ------------------------------------------------------------------ whole moves for search
    def plans(self, state: "GameState", seat: int, legal: list[Action]) -> "Sequence[Plan] | None":
        """The plans the table offers at the pending task, when it is ``seat``'s decision (else None)."""
        hit = self._offer(self.offers, state, seat)
        return None if hit is None else hit[0](cast(R, state), seat, legal, hit[1])

    def rollout_plan(self, state: "GameState", seat: int, legal: list[Action], rng: Rng) -> "Plan | None":
        """One cheap plan for playouts at the pending task, when it is ``seat``'s decision (else None)."""
        hit = self._offer(self.offers_one, state, seat)
        return None if hit is None else hit[0](cast(R, state), seat, legal, hit[1], rng)

    @staticmethod
    def _offer(table: Mapping[type, F], state: "GameState", seat: int) -> tuple[F, Any] | None:
        if not table:
            return None
        hit = pending_in(table, state)
        if hit is None or getattr(hit[1], "seat", seat) != seat:
            return None
        return hit
