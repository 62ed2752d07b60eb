"""The typed hook table: everything a front end may ask of a game, in one place.

A game's :class:`~voidtable.engine.game.GameSpec` carries a :class:`GameHooks`.
Each entry is optional (``None``: the game has none, and the front end falls back
to something generic: JSON text, a scene of buttons, no bot). Front ends read
``game.spec.hooks`` and never import a game module by name.

The protocols below say what each entry must offer. A module satisfies a
protocol as well as an object does, so a game usually hands its ``text`` or
``bot`` module itself.

The table is generic in the loaded game's type ``G``: the engine names no concrete game class here
(``engine.game`` imports this module, so this one may not import it back), and a game's hooks take its
loaded game as ``engine.game.Game``; ``GameSpec.hooks`` is a ``GameHooks[Game]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Hashable, Protocol, Sequence, TypeVar

from .actions import Action
from .events import AnyEvent, Event
from .rng import Rng

if TYPE_CHECKING:
    from .observation import Observation
    from .state import GameState, Result
    from .tensors import Encoder

View = dict[str, Any]
Cell = tuple[str, str, str, float]  # (measure, row, col, value): one observation of a lab measure
G = TypeVar("G")  # the loaded game's type (engine.game.Game)
G_in = TypeVar("G_in", contravariant=True)


class TextHooks(Protocol[G_in]):
    """Words for the log and the terminal (names as printed on the components, never internal keys)."""

    def render(self, game: G_in, view: View) -> str: ...

    def describe_event(self, game: G_in, event: Event) -> str | None: ...

    def describe_action(self, game: G_in, action: Action) -> str: ...


class SceneHooks(Protocol[G_in]):
    """The table's picture of a view: a scene of generic parts (schema in docs/web.md).

    ``build`` returns the scene; the scene carries the game's own colours and
    legend under ``"style"``, so the shared page needs no per-game CSS.
    """

    def build(self, game: G_in, view: View, legal: list[Action], seat: int | None, names: Sequence[str]) -> dict[str, Any]: ...


class BotHooks(Protocol):
    """The game's heuristic player."""

    def act(self, obs: "Observation", rng: Rng) -> Action: ...

    def rollout_policy(self, state: "GameState", seat: int, legal: list[Action], rng: Rng) -> Action: ...


class Plan(Hashable, Protocol):
    """A whole move offered to search as one choice (a macro-action): a hashable value (equal plans are one choice).

    ``next(state, seat, legal)`` is the plan's action for ``seat``'s pending decision,
    or None once the plan has nothing more to say (its move is over, or the state
    no longer fits it). Search applies ``next`` decision after decision while the
    seat is to move and the action is legal; whatever comes after is decided as usual.
    """

    def next(self, state: "GameState", seat: int, legal: list[Action]) -> Action | None: ...


class PlanHooks(Protocol):
    """Whole moves for search (optional): a game whose moves are chains of small decisions offers them as plans.

    ``plans(state, seat, legal)``: for a decision that starts a move, a few good plans,
    the game's own bot's choice first (search may trust it), or None where the game
    has no plans (that decision is searched action by action). ``rollout_plan(state,
    seat, legal, rng)``: one cheap plan for playouts, or None (the rollout policy decides).
    """

    def plans(self, state: "GameState", seat: int, legal: list[Action]) -> Sequence[Plan] | None: ...

    def rollout_plan(self, state: "GameState", seat: int, legal: list[Action], rng: Rng) -> Plan | None: ...


@dataclass(frozen=True)
class BotSettings:
    """What the game's bot tells search about itself (read by the MCTS agent).

    ``evaluate(state, mode)``: the game's evaluation of a position, one reward in [0, 1] per seat in the
    search's reward ``mode`` (``win``: estimated chances to win, summing to 1; ``rank``, ``score``, ``mix``
    as :func:`voidtable.engine.outcome.result_rewards`). It must hold at any position search may stop at
    (between two decisions, mid-round included), read the numbers in play from the state's rules, and give a
    finished game's own rewards (``result_rewards``); it is called once per search iteration, so it must be
    cheap (tens of microseconds).
    ``mcts_horizon``: rollouts stop after this many stages and ask ``evaluate`` (0: no stage limit).
    ``mcts_cutoff``: rollouts stop after this many decisions with a choice and ask ``evaluate`` (0: no cut-off).
    ``mcts_trust``: how strongly search keeps the bot's move: another move is played only when its mean
    reward leads the bot's by more than this many standard errors (0: the bot is not asked).
    """

    mcts_horizon: int = 0
    mcts_trust: float = 0.0
    stage: Callable[["GameState"], int] | None = None
    evaluate: Callable[["GameState", str], list[float]] | None = None
    mcts_cutoff: int = 0


@dataclass(frozen=True)
class Measure:
    """One quantity the lab counts per game: ``kind`` "rate" (0..1, Wilson interval) or "mean" (t interval)."""

    title: str
    rows: str
    cols: str
    kind: str
    help: str

    def to_json(self) -> dict[str, str]:
        return {"title": self.title, "rows": self.rows, "cols": self.cols, "kind": self.kind, "help": self.help}


@dataclass(frozen=True)
class MeasureHooks(Generic[G]):
    """What the lab counts from a finished game's events (every event: the lab is not a seat).

    ``measure(game, events, result)`` returns cells ``(measure, row, col, value)``;
    ``factions(game, events)`` (optional) names each seat's faction for win shares by faction.
    """

    measures: dict[str, Measure]
    measure: Callable[[G, list[AnyEvent], "Result"], list[Cell]]
    factions: Callable[[G, list[AnyEvent]], list[str]] | None = None


@dataclass(frozen=True)
class InteropHooks(Generic[G]):
    """Observation tensors for the researchers' APIs, built from views (never from the state).

    ``encoder(game)`` is called only by the interop layer, so a game may import
    NumPy inside it without making NumPy a dependency of the engine.
    """

    encoder: Callable[[G], "Encoder"]


class StyledScene:
    """A game's scene module with the game's own colours added under ``"style"`` of every scene.

    The shared stylesheet names no game's components; the page turns ``scene["style"]``
    into colours. Every other attribute (``describe_event`` ...) is the module's own.
    """

    def __init__(self, scene: Any, style: dict[str, dict[str, str]]) -> None:
        self.scene = scene
        self.style = style

    def build(self, game: Any, view: View, legal: list[Action], seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        out: dict[str, Any] = self.scene.build(game, view, legal, seat, list(names))
        out["style"] = self.style
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.scene, name)


def measures_from(declared: dict[str, dict[str, str]], measure: Callable[..., list[Cell]],
                  factions: Callable[..., list[str]] | None = None) -> MeasureHooks[Any]:
    """A game's measure hooks from its ``MEASURES`` table of plain dicts (title, rows, cols, kind, help)."""
    return MeasureHooks({name: Measure(**fields) for name, fields in declared.items()}, measure, factions)


@dataclass(frozen=True)
class GameHooks(Generic[G]):
    """The hook table of one game (every entry optional)."""

    text: TextHooks[G] | None = None
    scene: SceneHooks[G] | None = None
    bot: BotHooks | None = None
    bot_settings: BotSettings = BotSettings()
    plans: PlanHooks | None = None  # whole moves for search (macro-actions), see PlanHooks
    measures: MeasureHooks[G] | None = None
    interop: InteropHooks[G] | None = None
