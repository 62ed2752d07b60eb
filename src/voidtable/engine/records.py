"""Game records: seed + options + actions (+ a format version and the game's rules version) that replay
to the identical event log.

Format 2 (this one) stores ``rules_version``, the game's ``GameSpec.rules_version`` when
the game was played: a record replays only under the rules version it was made with, and
a mismatch is a one-line :class:`RecordError` naming the version it needs. Format 1 records
(no rules version) still load; they replay if their game is still at rules version 1.

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
from typing import Any, Callable

from .actions import Action
from .errors import IllegalAction, RecordError, VoidtableError
from .events import AnyEvent, events_json
from .registry import get, load
from .state import GameState

FORMAT = "voidtable-record"
VERSION = 2
SUPPORTED = (1, 2)  # format 1: no rules_version (read as rules version 1 of its game)
SAFE_SEED = 2 ** 53  # seeds below this survive a JavaScript JSON parser; larger ones may travel as decimal strings


def parse_seed(value: Any) -> int:
    """A record's seed: an int, or a whole number >= 0 as a decimal string (as the web table writes seeds
    >= 2**53, which a browser's JSON parser would round): digits only, at most 20 of them, below 2**64."""
    if isinstance(value, int):  # as before: any int (bool included) is taken as it is
        return value
    if isinstance(value, str):
        if not (0 < len(value) <= 20 and value.isascii() and value.isdigit()) or int(value) >= 2 ** 64:
            raise RecordError(f"record field 'seed' as a string must be up to 20 decimal digits below 2**64, got {value[:24]!r}")
        return int(value)
    raise RecordError("record field 'seed' must be int (or a decimal string)")


def digest(events: list[AnyEvent]) -> str:
    """A short, stable fingerprint of a list of events (of their JSON form: records and dicts alike)."""
    return hashlib.sha256(json.dumps(events_json(events), sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:12]


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
    rules_version: int | None = None  # the game's rules version it was played under (None: a format 1 record)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION if self.rules_version is not None else 1,  # a format 1 record stays format 1
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [[p, a.to_json()] for p, a in self.actions],
            "checks": list(self.checks),
        }
        if self.rules_version is None:
            del out["rules_version"]
        if self.agents is not None:
            out["agents"] = self.agents
        if self.result is not None:
            out["result"] = self.result
        return out

    @staticmethod
    def from_json(data: Any) -> "Record":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a voidtable record (expected \"format\": \"{FORMAT}\")")
        version = data.get("version")
        if version not in SUPPORTED:
            raise RecordError(f"record format version {version!r} is not supported; supported: {', '.join(map(str, SUPPORTED))}")
        rules_version = data.get("rules_version") if version >= 2 else None
        if version >= 2 and (not isinstance(rules_version, int) or isinstance(rules_version, bool)):
            raise RecordError("record field 'rules_version' must be int")
        seed = 0
        for key, typ in (("game", str), ("players", int), ("seed", int), ("options", dict), ("actions", list)):
            if key not in data:
                raise RecordError(f"record field {key!r} is missing")
            if key == "seed":
                seed = parse_seed(data.get("seed"))
            elif not isinstance(data.get(key), typ):
                raise RecordError(f"record field {key!r} must be {typ.__name__}")
        actions = []
        for i, item in enumerate(data["actions"]):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise RecordError(f"record step {i + 1}: expected [seat, action], got {item!r}")
            actions.append((item[0], Action.from_json(item[1])))
        checks = data.get("checks", [])
        if not isinstance(checks, list) or not all(isinstance(c, str) for c in checks):
            raise RecordError("record field 'checks' must be a list of strings")
        return Record(data["game"], data["players"], seed, data["options"], actions, checks, data.get("agents"),
                      data.get("result"), rules_version)

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
        self.state: GameState = load(game, players, options, cache=True).new_state(seed)
        self.events: list[AnyEvent] = list(self.state.setup_events)
        self.record = Record(game, players, seed, dict(options or {}), [], [digest(self.state.setup_events)], agents,
                             rules_version=self.state.game.spec.rules_version)

    def apply(self, player: int, action: Action) -> list[AnyEvent]:
        events = self.state.apply(player, action)
        self.record.actions.append((player, action))
        self.record.checks.append(digest(events))
        self.events.extend(events)
        if self.state.is_over():
            self.record.result = self.state.result().to_json()
        return events


def check_rules_version(record: Record) -> None:
    """A one-line RecordError unless ``record`` was made under its game's current rules version.

    A format 1 record carries no rules version; it counts as version 1 (every game's
    first), so it replays while its game is still at version 1.
    """
    try:
        spec = get(record.game)
    except VoidtableError as e:
        raise RecordError(f"record cannot be loaded: {e}") from e
    made = record.rules_version if record.rules_version is not None else 1
    if made != spec.rules_version:
        old = " (a format 1 record, from before rules versions)" if record.rules_version is None else ""
        raise RecordError(f"record needs {record.game} rules version {made}{old}; this voidtable has {record.game} "
                          f"rules version {spec.rules_version}")


def replay(record: Record, verify: bool = True, upto: int | None = None,
           on_step: Callable[[int, int, Action, list[AnyEvent]], None] | None = None,
           state: GameState | None = None) -> tuple[GameState, list[AnyEvent]]:
    """Replay a record; with ``verify``, every step's events must match the record's digests.

    ``upto`` stops after that many actions (the state and events so far; the result is
    then not checked); ``on_step(step, seat, action, events)`` sees each step as it is
    replayed; ``state``, if given, is the fresh ``new_state(record.seed)`` to replay into
    (a web table restores its own state this way). A record of another rules version, an illegal step or a divergent step is a
    one-line :class:`RecordError`. This is the one replay of the platform (the CLI's
    ``replay``, the table's step-by-step replays and the tests use it).
    """
    check_rules_version(record)
    if state is None:
        try:
            state = load(record.game, record.players, record.options, cache=True).new_state(record.seed)
        except VoidtableError as e:
            raise RecordError(f"record cannot be loaded: {e}") from e
    events = list(state.setup_events)
    if verify and record.checks and record.checks[0] != digest(state.setup_events):
        raise RecordError("record diverges at step 0 (setup): the dealt game differs (other rules data or engine version?)")
    actions = record.actions if upto is None else record.actions[:max(0, upto)]
    for i, (seat, action) in enumerate(actions, start=1):
        try:
            step = state.apply(seat, action)
        except IllegalAction as e:
            raise RecordError(f"record diverges at step {i}: {e}") from e
        if verify and i < len(record.checks) and record.checks[i] != digest(step):
            raise RecordError(f"record diverges at step {i} (seat {seat}, {action}): its events differ from the recorded ones")
        events.extend(step)
        if on_step is not None:
            on_step(i, seat, action, step)
    if upto is not None and upto < len(record.actions):
        return state, events
    if verify and len(record.checks) not in (0, len(record.actions) + 1):
        raise RecordError(f"record has {len(record.checks)} checks for {len(record.actions)} steps")
    if verify and record.result is not None:
        if not state.is_over():
            raise RecordError(f"record claims a result but the game is not over after {len(record.actions)} steps")
        if state.result().to_json() != record.result:
            raise RecordError("record's result differs from the replayed result")
    return state, events
