"""Finished games step by step: a frame of a record as one seat saw it, and the record a table hands out.

A record reveals every hidden card and the seed, so only finished tables' records
are replayed or downloaded (the app refuses the others); an uploaded record is
anyone's to replay. The engine replays (``engine.records.replay``), checking the
record's rules version and every step's digest; a problem is a one-line RecordError.

The chances to win along a game (``sim.chances``) read the whole state, so they follow the same rule: a
finished table's or an uploaded record's only, never a table in play (the app refuses, and no State carries
them). A finished table's never change, so the last few are kept.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, visible_events
from voidtable.engine.records import SAFE_SEED, Record, replay
from voidtable.sim.chances import win_chances

from . import scenes
from .protocol import ReplayFrame, WinChances
from .tables import Table

KEPT_CHANCES = 32  # finished tables whose chances to win are kept (each a few kB)


def replay_frame(record: Record, step: int, seat: int | None, names: list[str] | None = None,
                 ended: Any = None, resigned: Any = None) -> ReplayFrame:
    """What ``seat`` saw after ``step`` actions of a finished game's record: scene (no actions), log, last action;
    ``names``: the table's players' names (an uploaded record has none: the game's own words name the seats);
    ``ended`` and ``resigned``: how a game that stopped before its own end (a resignation) came out."""
    step = max(0, min(step, len(record.actions)))
    seen_steps: list[list[AnyEvent]] = []

    def keep(i: int, p: int, action: Action, events: list[AnyEvent]) -> None:
        seen_steps.append(visible_events(events, seat))

    state, _ = replay(record, verify=True, upto=step, on_step=keep)
    game = state.game
    viewer_events = list(visible_events(state.setup_events, seat))
    for seen in seen_steps:
        viewer_events.extend(seen)
    given = names
    last = [line for line in (scenes.describe_event(game, e, given) for e in seen_steps[-1]) if line] if seen_steps else []
    names = names or [f"Seat {p}" for p in range(record.players)]
    lines = [line for line in (scenes.describe_event(game, e, given) for e in viewer_events) if line]
    scene = scenes.build_scene(game, state.view(seat), [], seat, names)
    ended = ended if not state.is_over() and step == len(record.actions) and isinstance(ended, dict) \
        and isinstance(ended.get("winners"), list) else None
    action_words = None
    if step:
        p, a = record.actions[step - 1]
        action_words = f"{names[p]}: {scenes.describe_action(game, a, given)}"  # a finished game's record is public
    result = {**state.result().to_json(), **({"resigned": resigned} if resigned else {})} if state.is_over() else ended
    # a game ended by a resignation has no last move: its record's result stands at its last step
    return ReplayFrame(record.game, game.spec.title, record.players, step, len(record.actions), seat, scene, lines, last,
                       action_words, state.is_over() or ended is not None, names, result)


def record_json(table: Table) -> str:
    """The record as the server hands it out: a seed >= 2**53 (tables from before seeds were drawn below it, or
    created with a big seed) as a decimal string, which a browser's JSON parser keeps exact and Record.from_json reads."""
    data = table.record().to_json()
    if table.final is not None:  # ended by a resignation, not by the game's rules: beside the record's own fields
        data["ended"] = table.final
    if table.resigned():
        data["resigned"] = table.resigned()
    if isinstance(data["seed"], int) and data["seed"] >= SAFE_SEED:
        data["seed"] = str(data["seed"])
    return json.dumps(data, indent=1) + "\n"


def chances_frame(record: Record, names: list[str] | None = None, ended: Any = None, verify: bool = True) -> WinChances:
    """Each seat's estimated chance to win along a finished game's record (``sim.chances``), with the players'
    names; ``ended``: how a game that stopped before its own end came out (its winners end the line). A record
    that does not replay is a RecordError, a game without an evaluation an OptionError (one line each)."""
    winners = ended.get("winners") if isinstance(ended, dict) else None
    winners = [p for p in winners if isinstance(p, int) and 0 <= p < record.players] if isinstance(winners, list) else None
    found = win_chances(record, verify=verify, winners=winners).to_json()
    names = names or [f"Seat {p}" for p in range(record.players)]
    return WinChances(found["game"], found["players"], found["steps"], found["at"], found["chances"], list(names))


class _Kept:
    """The last ``KEPT_CHANCES`` finished tables' chances (a table's record no longer changes once it is over)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.frames: OrderedDict[tuple[str, int], WinChances] = OrderedDict()

    def get(self, table: Table) -> WinChances:
        record = table.record()
        key = (table.id, len(record.actions))
        with self.lock:
            if key in self.frames:
                self.frames.move_to_end(key)
                return self.frames[key]
        frame = chances_frame(record, table.names(), ended=table.final, verify=False)  # the server's own moves
        with self.lock:
            self.frames[key] = frame
            while len(self.frames) > KEPT_CHANCES:
                self.frames.popitem(last=False)
        return frame


table_chances = _Kept().get
