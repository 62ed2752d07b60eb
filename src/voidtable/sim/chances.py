"""Each seat's estimated chance to win along a finished game: where a game turned, and how early it was decided.

The game's own evaluation (``GameSpec.hooks.bot_settings.evaluate`` in ``win`` mode, the one search uses at
its cut-off) reads the whole state: hands, deck order, hidden selections. So these estimates reveal what the
seats could not see, and are for a game that is over, when its record (seed included) is public anyway:
the replay viewer of a finished table or an uploaded record, the end-of-game panel, the terminal's replay.
A live table never shows them.

Bounded: a record's length is already bounded; at most ``MAX_POINTS`` steps are evaluated (every step of a
shorter game, else that many evenly spaced, the first and the last included). The last point is the game's
result (a finished position evaluates to its own win shares); a game that stopped before its rules ended it
(a resignation at a web table) ends on the winners it was given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError, RecordError, VoidtableError
from voidtable.engine.events import AnyEvent
from voidtable.engine.records import Record, check_rules_version, replay
from voidtable.engine.registry import get, load
from voidtable.engine.state import GameState

MAX_POINTS = 200  # steps evaluated at most: a chart this wide has no room for more, and each costs an evaluation

Evaluate = Callable[[GameState, str], list[float]]


@dataclass(frozen=True)
class WinChances:
    """``chances[i][p]``: seat ``p``'s estimated chance to win after ``at[i]`` of the record's ``steps`` actions."""

    game: str
    players: int
    steps: int
    at: list[int]
    chances: list[list[float]]

    def to_json(self) -> dict[str, Any]:
        """Rounded to three places (a chart's pixel is coarser); ``at`` ascending, 0 first, ``steps`` last."""
        return {"game": self.game, "players": self.players, "steps": self.steps, "at": list(self.at),
                "chances": [[round(x, 3) for x in row] for row in self.chances]}

    def at_fractions(self, parts: int = 10) -> list[tuple[int, list[float]]]:
        """The estimate nearest each of ``parts + 1`` evenly spaced points of the game (0%, 10%, ... 100%):
        what a compact text version shows."""
        out = []
        for k in range(parts + 1):
            want = round(self.steps * k / parts)
            i = min(range(len(self.at)), key=lambda j: (abs(self.at[j] - want), self.at[j]))
            out.append((self.at[i], self.chances[i]))
        return out


def sampled_steps(steps: int, most: int = MAX_POINTS) -> list[int]:
    """Every step from 0 to ``steps`` when that is at most ``most`` points, else ``most`` evenly spaced ones
    (0 and ``steps`` always among them)."""
    if most < 2:
        raise OptionError(f"win chances need at least 2 points (the start and the end), got {most}")
    if steps + 1 <= most:
        return list(range(steps + 1))
    return sorted({round(i * steps / (most - 1)) for i in range(most)})


def evaluation_of(game: str) -> Evaluate:
    """The game's declared evaluation, or a one-line OptionError naming the game that declares none."""
    evaluate = get(game).hooks.bot_settings.evaluate
    if evaluate is None:
        raise OptionError(f"{game!r} declares no evaluation of a position (GameSpec.hooks.bot_settings.evaluate), "
                          "so its chances to win cannot be estimated")
    return evaluate


def has_evaluation(game: str) -> bool:
    """Whether ``game`` declares an evaluation (an unknown game has none)."""
    try:
        return get(game).hooks.bot_settings.evaluate is not None
    except VoidtableError:
        return False


def win_chances(record: Record, most: int = MAX_POINTS, verify: bool = True,
                winners: Sequence[int] | None = None) -> WinChances:
    """Replay ``record`` and estimate each seat's chance to win at the sampled steps (see the module).

    ``verify`` checks every step's digest as the replay viewer does (a record from outside); ``winners``, for a
    record whose game stopped before its end (a resignation), are who the table declared the winners: the last
    point shares the win among them. A record that does not replay is a one-line RecordError; a game without an
    evaluation a one-line OptionError.
    """
    evaluate = evaluation_of(record.game)
    check_rules_version(record)
    try:
        state = load(record.game, record.players, record.options, cache=True).new_state(record.seed)
    except VoidtableError as e:
        raise RecordError(f"record cannot be loaded: {e}") from e
    wanted = sampled_steps(len(record.actions), most)
    at: list[int] = [0]
    chances: list[list[float]] = [estimate(evaluate, state)]
    want = set(wanted[1:])

    def sample(step: int, seat: int, action: Action, events: list[AnyEvent]) -> None:
        if step in want:
            at.append(step)
            chances.append(estimate(evaluate, state))

    replay(record, verify=verify, on_step=sample, state=state)
    if not state.is_over() and winners:
        shared = set(winners)
        chances[-1] = [1.0 / len(shared) if p in shared else 0.0 for p in range(record.players)]
    return WinChances(record.game, record.players, len(record.actions), at, chances)


def estimate(evaluate: Evaluate, state: GameState) -> list[float]:
    """The evaluation's chance to win per seat, held to [0, 1] (a finished game gives its own win shares)."""
    return [min(1.0, max(0.0, float(x))) for x in evaluate(state, "win")]


def text_rows(chances: WinChances, names: Sequence[str], parts: int = 10) -> list[str]:
    """The compact text version: a header of the game's tenths, then per seat its chance (in %) at each."""
    points = chances.at_fractions(parts)
    width = max(len(n) for n in names)
    head = " " * width + "  " + " ".join(f"{round(100 * k / parts):>3}%" for k in range(parts + 1))
    rows = [f"{name:<{width}}  " + " ".join(f"{round(100 * row[p]):>3}%" for _, row in points)
            for p, name in enumerate(names)]
    return [head, *rows]
