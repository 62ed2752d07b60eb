"""The engine contract every game state fulfils (see docs/architecture.md).

A state is a forward model: it knows who must decide (``to_move``), what they
may do (``legal_actions``), and what happens when they do it (``apply``). All
chance comes from the seeded :class:`~voidtable.engine.rng.Rng` it owns.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, is_seat, same
from .contract import LoadedGame
from .errors import IllegalAction
from .events import AnyEvent
from .native import mypyc_attr
from .rng import Rng


@mypyc_attr(native_class=False)  # an ordinary frozen dataclass: it pickles (engine/native.py)
@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: tie-breaks already applied.

    ``ranks[p]`` is 1 for the winner(s); equal ranks are shared. ``winners``
    may hold several seats (a shared victory). ``tiebreaks`` says in words how
    ties were resolved, for the log and the table.
    """

    scores: list[float]
    ranks: list[int]
    winners: list[int]
    tiebreaks: list[str] = field(default_factory=list)

    def win_shares(self) -> list[float]:
        """1/len(winners) for each winner, 0 for everyone else (a shared win counts as a fraction)."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if p in self.winners else 0.0 for p in range(len(self.scores))]

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranks": list(self.ranks), "winners": list(self.winners), "tiebreaks": list(self.tiebreaks)}


def ranks_from_keys(keys: list[Any]) -> list[int]:
    """Competition ranks (1, 1, 3...) where a larger key is better and equal keys share a rank."""
    return [1 + sum(1 for other in keys if other > k) for k in keys]


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # an ordinary class: see engine/native.py
class GameState(ABC):
    """Abstract game state. Subclasses implement the ``_``-free contract below."""

    game: LoadedGame  # the loaded game (engine.game.Game), named by its protocol: see engine/contract.py
    rng: Rng
    setup_events: list[AnyEvent]  # what setting up the game caused (deals, first reveals)

    @property
    def players(self) -> int:
        return self.game.players

    # -- who decides and how ---------------------------------------------
    @abstractmethod
    def to_move(self) -> list[int]:
        """Seats that must decide now (several during simultaneous choices; empty when over)."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """What ``player`` may do now; empty if it is not their decision."""

    def apply(self, player: Any, action: Any) -> list[AnyEvent]:
        """Apply a legal action and return the events it caused.

        Raises :class:`IllegalAction` (state untouched) for anything not in
        ``legal_actions(player)``. ``player`` and ``action`` come from outside (a seat should be an int, an
        action an :class:`Action`), so they are typed ``Any`` and checked here: the compiled build would
        otherwise check the annotations itself and raise ``TypeError`` (engine/native.py).
        """
        legal = self.legal_actions(player) if is_seat(player) and 0 <= player < self.game.players else []
        if not any(same(action, a) for a in legal):
            raise IllegalAction(self._illegal_message(player, action, legal))
        return self._apply(player, action)

    def _illegal_message(self, player: Any, action: Any, legal: list[Action]) -> str:
        if not legal:
            waiting = self.to_move()
            who = "the game is over" if not waiting else f"waiting for seat(s) {waiting}"
            return f"seat {player} has no decision now ({who}); got {action}"
        shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
        return f"illegal action {action} for seat {player}; legal: {shown}"

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[AnyEvent]:
        """Apply an action already known to be legal."""

    def set_events(self, on: bool) -> None:
        """Ask for events (the default) or not (search and word-free simulations: less work per action).

        A state that cannot skip its events ignores this and keeps producing them;
        callers must not rely on an empty list, only on not needing the events.
        The engine's :class:`~voidtable.engine.flow.FlowState` implements it for every game.
        """

    @property
    def events_on(self) -> bool:
        """Whether ``apply`` returns the events each action caused (see :meth:`set_events`)."""
        return not getattr(self, "quiet", False)

    # -- information -----------------------------------------------------
    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-ready picture of what ``player`` may know (``None`` = spectator)."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state, hidden parts included, JSON-ready (for tests and debugging, never for a seat)."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy; the hot path of search."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> "GameState":
        """A state ``player`` cannot tell apart from this one: hidden parts resampled, a fresh RNG."""

    # -- the end ---------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result:
        """Scores, ranks and winners; only valid when ``is_over()``."""

    def snapshot_json(self) -> str:
        return json.dumps(self.snapshot(), sort_keys=True)
