"""Game records: seed + options + actions (+ a format version) that replay to the identical event log.

A record also keeps, per step, a short digest of the events that step caused.
Replaying recomputes them; the first step whose action is not legal or whose
events differ is reported by number in a :class:`RecordError`. Records hold the
seed, so they reveal everything: hand them out only for finished games.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .errors import IllegalAction, RecordError, VoidtableError
from .events import Event
from .registry import load
from .state import GameState

FORMAT = "voidtable-record"
VERSION = 1


def digest(events: list[Event]) -> str:
    """A short, stable fingerprint of a list of events."""
    return hashlib.sha256(json.dumps(events, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]


@dataclass
class Record:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)  # digest of each step's events; checks[0] is the setup
    agents: list[str] | None = None
    result: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[p, a.to_json()] for p, a in self.actions],
            "checks": list(self.checks),
        }
        if self.agents is not None:
            out["agents"] = self.agents
        if self.result is not None:
            out["result"] = self.result
        return out

    @staticmethod
    def from_json(data: Any) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a voidtable record (expected \"format\": \"{FORMAT}\")")
        if data.get("version") != VERSION:
            raise RecordError(f"record version {data.get('version')!r} is not supported; supported: {VERSION}")
        for key, typ in (("game", str), ("players", int), ("seed", int), ("options", dict), ("actions", list)):
            if not isinstance(data.get(key), typ):
                raise RecordError(f"record field {key!r} must be {typ.__name__}")
        actions = []
        for i, item in enumerate(data["actions"]):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise RecordError(f"record step {i + 1}: expected [seat, action], got {item!r}")
            actions.append((item[0], Action.from_json(item[1])))
        checks = data.get("checks", [])
        if not isinstance(checks, list) or not all(isinstance(c, str) for c in checks):
            raise RecordError("record field 'checks' must be a list of strings")
        return Record(data["game"], data["players"], data["seed"], data["options"], actions, checks, data.get("agents"), data.get("result"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @staticmethod
    def read(path: str | Path) -> "Record":
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise RecordError(f"cannot read record {path}: {e}") from e
        return Record.from_json(data)


class Recorder:
    """Wraps a state: applies actions, keeps the record and the full event log as it goes."""

    def __init__(self, game: str, players: int, seed: int, options: dict[str, Any] | None = None, agents: list[str] | None = None) -> None:
        self.state: GameState = load(game, players, options).new_state(seed)
        self.events: list[Event] = list(self.state.setup_events)
        self.record = Record(game, players, seed, dict(options or {}), [], [digest(self.state.setup_events)], agents)

    def apply(self, player: int, action: Action) -> list[Event]:
        events = self.state.apply(player, action)
        self.record.actions.append((player, action))
        self.record.checks.append(digest(events))
        self.events.extend(events)
        if self.state.is_over():
            self.record.result = self.state.result().to_json()
        return events


def replay(record: Record, verify: bool = True) -> tuple[GameState, list[Event]]:
    """Replay a record; with ``verify``, every step's events must match the record's digests."""
    try:
        state = load(record.game, record.players, record.options).new_state(record.seed)
    except VoidtableError as e:
        raise RecordError(f"record cannot be loaded: {e}") from e
    events = list(state.setup_events)
    if verify and record.checks and record.checks[0] != digest(state.setup_events):
        raise RecordError("record diverges at step 0 (setup): the dealt game differs (other rules data or engine version?)")
    for i, (seat, action) in enumerate(record.actions, start=1):
        try:
            step = state.apply(seat, action)
        except IllegalAction as e:
            raise RecordError(f"record diverges at step {i}: {e}") from e
        if verify and i < len(record.checks) and record.checks[i] != digest(step):
            raise RecordError(f"record diverges at step {i} (seat {seat}, {action}): its events differ from the recorded ones")
        events.extend(step)
    if verify and len(record.checks) not in (0, len(record.actions) + 1):
        raise RecordError(f"record has {len(record.checks)} checks for {len(record.actions)} steps")
    if verify and record.result is not None:
        if not state.is_over():
            raise RecordError(f"record claims a result but the game is not over after {len(record.actions)} steps")
        if state.result().to_json() != record.result:
            raise RecordError("record's result differs from the replayed result")
    return state, events
