"""One table in play: the true state, its seats, and everything a seat may be sent.

A :class:`Table` is plain synchronous code (the server's event loop calls it;
nothing here awaits). It is the only holder of the true state. What leaves it
for a seat is built from ``state.view(seat)``, ``state.legal_actions(seat)``
and ``visible_events(events, seat)`` only; a spectator gets ``view(None)``
and the public events.

Each accepted action makes a *new* state (``clone`` then ``apply``) and the
old one is never changed again, so a bot thinking in a worker thread on an
observation of the old state never sees it move under its feet, and a move
that cannot be stored leaves the table exactly as it was.

Steps as a seat counts them. ``Table.step`` counts every accepted action; no seat is
sent it. Each seat (and the spectator) has its own count, ``step_of(seat)``: the
moves it can know about, that is its own moves and every move that changed something
it is sent (its visible events, its legal actions, who is to move, its view). A
hidden order another seat places (Empires' base-game pre-round, the Fleet Battle's
secret buying) changes none of these, so it is not counted, and what a seat receives,
step numbers included, is the same however many hidden orders the others gave. A
move names the mover's own count; the stale-move rule compares with that count.
The counts are worked out again, identically, when a table is restored from its
stored moves.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

from voidtable.engine.actions import Action, same
from voidtable.engine.errors import RecordError, VoidtableError
from voidtable.engine.events import Event, visible_events
from voidtable.engine.game import Game
from voidtable.engine.records import SAFE_SEED, Record, digest, replay
from voidtable.engine.registry import load
from voidtable.engine.state import GameState

from . import scenes
from .store import SeatRow, TableRow, TalkRow

SPECTATOR = "spectator"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


class MoveError(Exception):
    """A move the table refuses: one line for the player, an HTTP status, and no change to the table."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


HELD_WORDS = {"handed": "handed to a bot", "resigned": "resigned: a bot plays on", "timeout": "out of time: a bot plays on"}


@dataclass
class Seat:
    seat: int
    kind: str            # "person" or "bot"
    bot: str | None      # level (easy/medium/hard) or agent spec, for bots
    name: str
    token_hash: str | None = None
    held: str | None = None         # a person's seat a bot plays for now: the bot's level
    held_why: str | None = None     # handed (by the creator; the seat link takes it back) | resigned | timeout
    clock_left: float | None = None   # seconds on its turn clock when the clock last started or stopped
    clock_since: float | None = None  # when (wall clock) its turn clock started running; None: stopped

    @property
    def open(self) -> bool:
        return self.kind == "person" and self.token_hash is None and self.held is None

    @property
    def by_bot(self) -> bool:
        """A bot decides for this seat (a bot seat, or a person's seat a bot holds)."""
        return self.kind == "bot" or self.held is not None

    @property
    def level(self) -> str | None:
        return self.bot if self.kind == "bot" else self.held

    def public(self) -> dict[str, Any]:
        out = {"seat": self.seat, "kind": self.kind, "bot": self.bot, "name": self.name, "open": self.open}
        if self.held is not None:
            out["held"] = self.held_why
        return out

    def row(self) -> SeatRow:
        return SeatRow(self.seat, self.kind, self.bot, self.name, self.token_hash, self.held, self.held_why,
                       self.clock_left, self.clock_since)


class Table:
    def __init__(self, row: TableRow, game: Game | None = None) -> None:
        self.id = row.id
        # a loaded rule set is shared by every table with the same game, player count and options (the engine's cache)
        self.game = game if game is not None else load(row.game, row.players, row.options, cache=True)
        self.name = row.game
        self.players = row.players
        self.options = dict(row.options)
        self.seed = row.seed
        self.created = row.created
        self.status = row.status          # waiting | running | finished | broken
        self.finished = row.finished
        self.problem: str | None = None   # why a stored table could not be restored
        self.seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.held, s.held_why, s.clock_left, s.clock_since)
                      for s in sorted(row.seats, key=lambda s: s.seat)]
        self.table_options: dict[str, Any] = dict(row.table_options)  # the table's own options: clock, chat, pace
        self.rematch = row.rematch          # the id of this table's rematch, once someone asked for it
        self.rematch_of = row.rematch_of
        self.talk: list[TalkRow] = list(row.talk)  # chat and the table's notes, in order
        self.now: Callable[[], float] = time.time  # the hub's wall clock (injectable): turn clocks read it
        self.here: Callable[[], list[int]] = list   # the hub's answer to "which seats have a page open now"
        self.state: GameState = self.game.new_state(row.seed)
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.checks: list[str] = [digest(self.state.setup_events)]
        self.lines: dict[Any, list[str]] = {v: [] for v in [*range(self.players), None]}
        self._add_events(self.state.setup_events)
        self.legal: list[list[Action]] = [self.state.legal_actions(p) for p in range(self.players)]
        self.seen = [0] * self.players    # each seat's own step count: the moves it can know about (module docstring)
        self.seen_public = 0              # the spectator's (and the lobby's) count
        self.since = [0] * self.players   # each seat's count from which its choices have been what they are now
        self._cache: dict[Any, tuple[int, dict[str, Any]]] = {}
        if row.moves:  # restore: the engine replays what was stored (its rules version checked first)
            stored = Record(row.game, row.players, row.seed, dict(row.options), list(row.moves),
                            rules_version=row.rules_version)
            replaying, self.state = self.state, self.state.clone()  # the replay moves it on in place: the table

            def restore(step: int, seat: int, action: Action, events: list[Event]) -> None:  # keeps each step's copy
                self._commit(replaying.clone(), seat, action, events)

            try:
                replay(stored, verify=False, on_step=restore, state=replaying)
            except VoidtableError as e:  # listed as broken in the lobby and the log, never silently dropped
                self.status = "broken"
                self.problem = f"the stored moves no longer replay: {e}"
        # a game that ended without its last move (two players, one resigned): the stored result stands
        self.final: dict[str, Any] | None = row.result if row.status == "finished" and not self.state.is_over() else None

    # -- facts ---------------------------------------------------------------------
    @property
    def step(self) -> int:
        """How many actions have been accepted (the store's numbering; never sent to a seat, see ``step_of``)."""
        return len(self.actions)

    def step_of(self, seat: int | None) -> int:
        """The step as ``seat`` counts it (None: the spectator): the moves it can know about."""
        return self.seen_public if seat is None else self.seen[seat]

    @property
    def title(self) -> str:
        return self.game.spec.title

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, token: Any) -> int | None:
        """The seat a token opens, or None (constant-time comparison against stored hashes)."""
        if not isinstance(token, str) or not token:
            return None
        h = hash_token(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                found = s.seat
        return found

    def info(self) -> dict[str, Any]:
        """What anyone may know about the table (the lobby's line)."""
        out = {
            "id": self.id, "game": self.name, "title": self.title, "players": self.players,
            "options": self.options, "status": self.status, "created": self.created,
            # the spectator's count; a finished game's record is public, and with it the number of moves
            "step": self.step if self.status == "finished" else self.seen_public,
            "seats": [s.public() for s in self.seats], "to_move": self.state.to_move() if self.status == "running" else [],
            "clock": self.table_options.get("clock"), "chat": self.chat_on,
        }
        if self.rematch:
            out["rematch"] = self.rematch
        if self.rematch_of:
            out["rematch_of"] = self.rematch_of
        if self.problem:
            out["problem"] = self.problem
        if self.status == "finished":
            out["result"] = self.result_json()
        return out

    @property
    def chat_on(self) -> bool:
        return bool(self.table_options.get("chat", True))

    def resigned(self) -> list[int]:
        return [s.seat for s in self.seats if s.held_why == "resigned"]

    # -- turn clocks ---------------------------------------------------------------
    def clock_runs(self, p: int, state: GameState | None = None) -> bool:
        """Whether seat ``p``'s clock should run now: a clock is on, the table runs, ``p`` is to move and a person plays it."""
        state = state or self.state
        return bool(self.table_options.get("clock")) and self.status == "running" and not state.is_over() \
            and p in state.to_move() and not self.seats[p].by_bot

    def clock_changes(self, now: float, mover: int | None = None, state: GameState | None = None) -> list[tuple[int, float | None, float | None]]:
        """(seat, left, since) for each seat whose clock must start, stop or be charged, for ``state`` (the table's, or
        the one a move is about to make) after ``mover`` moved (None: no move, e.g. a seat handed over)."""
        clock = self.table_options.get("clock")
        if not clock:
            return []
        per_move = clock["mode"] == "move"
        seconds = float(clock["seconds"])
        out: list[tuple[int, float | None, float | None]] = []
        for s in self.seats:
            runs = self.clock_runs(s.seat, state)
            left = seconds if s.clock_left is None else s.clock_left
            if s.clock_since is not None and (not runs or s.seat == mover):  # stop (or charge the mover, then restart)
                used = max(0.0, now - s.clock_since)
                left = seconds if per_move else max(0.0, left - used)
                out.append((s.seat, left, now if runs else None))
            elif s.clock_since is None and runs:
                out.append((s.seat, seconds if per_move else left, now))
        return out

    def set_clocks(self, changes: list[tuple[int, float | None, float | None]]) -> None:
        for seat, left, since in changes:
            self.seats[seat].clock_left = left
            self.seats[seat].clock_since = since

    def clock_left(self, p: int, now: float) -> float | None:
        s = self.seats[p]
        clock = self.table_options.get("clock")
        if not clock:
            return None
        left = float(clock["seconds"]) if s.clock_left is None else s.clock_left
        if s.clock_since is not None:
            left -= now - s.clock_since
        return max(0.0, left)

    def clock_view(self, now: float) -> dict[str, Any] | None:
        """What everyone sees of the turn clocks now: each seat's seconds left and whether it is running."""
        clock = self.table_options.get("clock")
        if not clock:
            return None
        return {"mode": clock["mode"], "seconds": clock["seconds"],
                "seats": [{"seat": s.seat, "left": round(self.clock_left(s.seat, now) or 0.0, 1),
                           "running": s.clock_since is not None} for s in self.seats]}

    # -- moves -----------------------------------------------------------------------
    def check(self, seat: int | None, step: Any, action_json: Any) -> Action:
        """The action, if the table accepts it from ``seat`` now; otherwise a :class:`MoveError`."""
        if seat is None:
            raise MoveError(401, "unauthenticated: moves need a seat token (a spectator cannot move)")
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            raise MoveError(400, "malformed move: 'step' must be the table step (a whole number) the move was made at")
        try:
            action = Action.from_json(action_json)
        except RecordError as e:
            raise MoveError(400, f"malformed move: {e}") from None
        if self.status == "waiting":
            raise MoveError(409, "the table is waiting for players to join; no moves yet")
        if self.status == "finished":
            raise MoveError(409, "the game is over; no more moves")
        if self.status != "running":
            raise MoveError(409, f"the table cannot take moves ({self.problem or self.status})")
        waiting = self.state.to_move()
        if seat not in waiting:
            raise MoveError(409, f"not your turn: waiting for {self.waiting_words(waiting)}")
        if step > self.seen[seat]:
            raise MoveError(409, f"stale move: step {step} is ahead of the table (step {self.seen[seat]}); reload")
        if step < self.since[seat]:
            raise MoveError(409, f"stale move: made at step {step}, but your choices changed at step {self.since[seat]}; "
                                 f"the table is at step {self.seen[seat]}")
        legal = next((a for a in self.legal[seat] if same(a, action)), None)
        if legal is None:
            raise MoveError(422, f"illegal move {action}: not one of your {len(self.legal[seat])} choices now")
        return legal

    def check_person(self, seat: int | None) -> None:
        """A person's move from a seat a bot plays now is refused (the bot's own moves come through ``check``)."""
        if seat is not None and self.seats[seat].held is not None:
            raise MoveError(409, f"a bot plays your seat now ({HELD_WORDS.get(self.seats[seat].held_why or '', 'held')})"
                                 + ("; take it back first" if self.seats[seat].held_why == "handed" else ""))

    def waiting_words(self, seats: list[int]) -> str:
        return ", ".join(f"seat {p} ({self.seats[p].name})" for p in seats) or "nobody"

    def prepare(self, seat: int, action: Action) -> tuple[GameState, list[Event]]:
        """The state after ``action`` (already checked), without touching the table yet."""
        return self._try(seat, action)

    def _try(self, seat: int, action: Action) -> tuple[GameState, list[Event]]:
        new = self.state.clone()
        events = new.apply(seat, action)
        return new, events

    def commit(self, new: GameState, seat: int, action: Action, events: list[Event]) -> None:
        """Make a prepared state the table's state (call only once the move is stored)."""
        self._commit(new, seat, action, events)
        if new.is_over():
            self.status = "finished"
            self.finished = time.time()

    def touch(self) -> None:
        """Forget cached messages (seats or status changed)."""
        self._cache.clear()

    def _commit(self, new: GameState, seat: int, action: Action, events: list[Event]) -> None:
        """Make ``new`` the state. A seat's earlier moves go stale when its choices change (its turn beginning is one
        such change) or when it moves itself, so a re-sent move never answers the next question, even one with the
        same choices. Another seat's move that leaves your choices as they were (a simultaneous choice) does not.
        Each seat's own count goes on only if the move changed something that seat is sent (module docstring);
        the views are compared only when nothing cheaper (events, choices, who is to move) already says so."""
        old, self.state = self.state, new
        self.actions.append((seat, action))
        self.checks.append(digest(events))
        self._add_events(events)
        moved_on = old.to_move() != new.to_move()
        if moved_on or visible_events(events, None) or old.view(None) != new.view(None):
            self.seen_public += 1
        for p in range(self.players):
            legal = new.legal_actions(p)
            changed = legal != self.legal[p] or p == seat
            if changed or moved_on or visible_events(events, p) or old.view(p) != new.view(p):
                self.seen[p] += 1
            if changed:
                self.legal[p] = legal
                self.since[p] = self.seen[p]
        self._cache.clear()
        if new.is_over() and self.status == "running":
            self.status = "finished"

    def rename(self, seat: int, name: str) -> None:
        """A player set their name: the log is worded again, so every line names them as the panels now do."""
        self.seats[seat].name = name
        self.reword()

    def reword(self) -> None:
        """Put every event in words again with the seats' current names (after a rename)."""
        events, self.events = self.events, []
        self.lines = {v: [] for v in self.lines}
        self._add_events(events)
        self.touch()

    def _add_events(self, events: list[Event]) -> None:
        self.events.extend(events)
        names = self.names()
        words = {id(e): scenes.describe_event(self.game, e, names) for e in events}  # each event in words once, seats by name
        for viewer, lines in self.lines.items():
            for e in visible_events(events, viewer):  # the engine's filter decides who reads what
                line = words[id(e)]
                if line:
                    lines.append(line)

    def result_json(self, state: GameState | None = None) -> dict[str, Any] | None:
        """The game's result (naming who resigned), or the stored one of a game ended by a resignation."""
        state = state or self.state
        if not state.is_over():
            return self.final
        out = state.result().to_json()
        if self.resigned():
            out["resigned"] = self.resigned()
        return out

    # -- what a seat is sent ---------------------------------------------------------
    def message(self, seat: int | None, log_from: int = 0, talk_from: int = 0) -> dict[str, Any]:
        """Everything ``seat`` (None: a spectator) sees now; the log from line ``log_from`` on, the table's talk
        (chat and notes) from line ``talk_from`` on, and the turn clocks as they stand now."""
        key = SPECTATOR if seat is None else seat
        cached = self._cache.get(key)
        if cached is None or cached[0] != self.step:
            cached = (self.step, self._build(seat))
            self._cache[key] = cached
        lines = self.lines[seat]
        msg = dict(cached[1])
        msg["log_from"] = min(log_from, len(lines))
        msg["log"] = lines[msg["log_from"]:]
        msg["talk_from"] = min(talk_from, len(self.talk))
        msg["talk"] = [{"n": t.n, "kind": t.kind, "seat": t.seat, "name": t.name, "text": t.text}
                       for t in self.talk[msg["talk_from"]:]]
        msg["present"] = self.here()
        clock = self.clock_view(self.now())
        if clock is not None:
            msg["clock"] = clock
        if seat is not None and self.seats[seat].held is not None:
            msg["held"] = self.seats[seat].held_why
        return msg

    def _info(self) -> dict[str, Any]:
        cached = self._cache.get("info")
        if cached is None or cached[0] != self.step:
            cached = self._cache["info"] = (self.step, self.info())
        return cached[1]

    def _build(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        running = self.status == "running"
        legal = self.legal[seat] if seat is not None and running and not self.seats[seat].by_bot else []
        to_move = state.to_move() if running else []
        view = state.view(seat)
        words: dict[bytes, str] = {}
        scene = scenes.build_scene(self.game, view, legal, seat, self.names(), words)
        out: dict[str, Any] = {
            "type": "state",
            "table": self._info(),
            "step": self.step_of(seat),
            "seat": seat,
            "to_move": to_move,
            "legal": [a.to_json() for a in legal],
            "choices": [],
            "scene": scene,
        }
        if legal:
            out["choices"] = [{"label": words.get(scenes.action_key(a)) or scenes.describe_action(self.game, a, self.names()), "action": a.to_json()}
                              for a in legal]
        if self.result_json() is not None:
            out["result"] = self._result_words()
        return out

    def _result_words(self) -> dict[str, Any]:
        r = self.result_json()
        assert r is not None
        standings = sorted(range(self.players), key=lambda p: (r["ranks"][p], p))
        summary = ("Winner: " if len(r["winners"]) == 1 else "Shared victory: ") + ", ".join(self.seats[p].name for p in r["winners"])
        if r.get("resigned"):
            summary += " (" + ", ".join(self.seats[p].name for p in r["resigned"]) + " resigned)"
        return {
            **r,
            "standings": [{"seat": p, "name": self.seats[p].name, "rank": r["ranks"][p], "score": r["scores"][p],
                           "resigned": p in r.get("resigned", [])} for p in standings],
            "summary": summary,
        }

    # -- records -------------------------------------------------------------------------
    def record(self) -> Record:
        """The game record (seed + actions): reveals everything, so only for finished games."""
        agents = [s.bot or "bot" if s.kind == "bot" else "person" for s in self.seats]
        result = self.state.result().to_json() if self.state.is_over() else None  # the game's own end: the engine checks it
        rec = Record(self.name, self.players, self.seed, dict(self.options), list(self.actions), list(self.checks), agents,
                     result, self.game.spec.rules_version)
        return rec

    def row(self) -> TableRow:
        return TableRow(self.id, self.name, self.players, self.options, self.seed, self.created, self.status,
                        self.result_json(), self.finished, [s.row() for s in self.seats], list(self.actions),
                        self.game.spec.rules_version, table_options=dict(self.table_options), rematch=self.rematch,
                        rematch_of=self.rematch_of, talk=list(self.talk))


def replay_frame(record: Record, step: int, seat: int | None, names: list[str] | None = None,
                 describe: Callable[..., Any] | None = None, ended: Any = None, resigned: Any = None) -> dict[str, Any]:
    """What ``seat`` saw after ``step`` actions of a finished game's record: scene (no actions), log, last action.

    The record is replayed by the engine (``engine.records.replay``), which checks its rules
    version and every step's digest; a problem is a one-line RecordError.
    """
    step = max(0, min(step, len(record.actions)))
    seen_steps: list[list[Event]] = []

    def keep(i: int, p: int, action: Action, events: list[Event]) -> None:
        seen_steps.append(visible_events(events, seat))

    state, _ = replay(record, verify=True, upto=step, on_step=keep)
    game = state.game
    viewer_events = list(visible_events(state.setup_events, seat))
    for seen in seen_steps:
        viewer_events.extend(seen)
    given = names  # a table's players' names; an uploaded record has none, and the game's own words name seats
    last = [l for l in (scenes.describe_event(game, e, given) for e in seen_steps[-1]) if l] if seen_steps else []
    names = names or [f"Seat {p}" for p in range(record.players)]
    lines = [l for l in (scenes.describe_event(game, e, given) for e in viewer_events) if l]
    scene = scenes.build_scene(game, state.view(seat), [], seat, names)
    action_words = None
    # ``ended``: a record's "ended" field, how a game that stopped before its own end (a resignation) came out
    ended = ended if not state.is_over() and step == len(record.actions) and isinstance(ended, dict) \
        and isinstance(ended.get("winners"), list) else None
    if step:
        p, a = record.actions[step - 1]
        action_words = f"{names[p]}: {scenes.describe_action(game, a, given)}"  # a finished game's record is public
    return {
        "type": "replay", "game": record.game, "title": game.spec.title, "players": record.players,
        "step": step, "steps": len(record.actions), "seat": seat, "scene": scene, "log": lines, "last": last,
        # a game ended by a resignation has no last move: its record's result stands at its last step
        "action": action_words, "over": state.is_over() or ended is not None, "names": names,
        "result": ({**state.result().to_json(), **({"resigned": resigned} if resigned else {})} if state.is_over() else ended),
    }


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
