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
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

import msgspec

from voidtable.engine.actions import Action, same
from voidtable.engine.errors import RecordError, VoidtableError
from voidtable.engine.events import AnyEvent, visible_events
from voidtable.engine.game import Game
from voidtable.engine.records import Record, digest, replay
from voidtable.engine.registry import load
from voidtable.engine.state import GameState

from . import scenes, seatview
from .errors import MoveError
from .protocol import ClockSetting, Result, SeatInfo, State, TableInfo
from .store import SeatRow, TableRow, TalkRow

__all__ = ["MoveError", "Seat", "Table", "hash_token", "new_token"]

SPECTATOR = "spectator"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


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

    def public(self) -> SeatInfo:
        info = SeatInfo(self.seat, self.kind, self.bot, self.name, self.open)  # type: ignore[arg-type]
        if self.held is not None:
            info.held = self.held_why  # type: ignore[assignment]
        return info

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
        self.events: list[AnyEvent] = []
        self.actions: list[tuple[int, Action]] = []
        self.checks: list[str] = [digest(self.state.setup_events)]
        self.lines: dict[Any, list[str]] = {v: [] for v in [*range(self.players), None]}
        self._add_events(self.state.setup_events)
        self.legal: list[list[Action]] = [self.state.legal_actions(p) for p in range(self.players)]
        self.seen = [0] * self.players    # each seat's own step count: the moves it can know about (module docstring)
        self.seen_public = 0              # the spectator's (and the lobby's) count
        self.since = [0] * self.players   # each seat's count from which its choices have been what they are now
        self._cache: dict[Any, tuple[int, Any]] = {}  # seat (or spectator, info) -> (step, what was built for it)
        if row.moves:  # restore: the engine replays what was stored (its rules version checked first)
            stored = Record(row.game, row.players, row.seed, dict(row.options), list(row.moves),
                            rules_version=row.rules_version)
            replaying, self.state = self.state, self.state.clone()  # the replay moves it on in place: the table

            def restore(step: int, seat: int, action: Action, events: list[AnyEvent]) -> None:  # keeps each step's copy
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

    def public(self) -> TableInfo:
        """What anyone may know about the table (the lobby's line)."""
        clock = self.table_options.get("clock")
        out = TableInfo(
            self.id, self.name, self.title, self.players, self.options, self.status,  # type: ignore[arg-type]
            self.created,
            # the spectator's count; a finished game's record is public, and with it the number of moves
            self.step if self.status == "finished" else self.seen_public,
            [s.public() for s in self.seats], self.state.to_move() if self.status == "running" else [],
            clock=ClockSetting(clock["mode"], clock["seconds"]) if clock else None, chat=self.chat_on)
        if self.rematch:
            out.rematch = self.rematch
        if self.rematch_of:
            out.rematch_of = self.rematch_of
        if self.problem:
            out.problem = self.problem
        if self.status == "finished":
            result = self.result_json()
            out.result = None if result is None else msgspec.convert(result, Result)
        return out

    def info(self) -> dict[str, Any]:
        """``public()`` as plain JSON data."""
        out: dict[str, Any] = msgspec.to_builtins(self.public())
        return out

    @property
    def chat_on(self) -> bool:
        return bool(self.table_options.get("chat", True))

    def resigned(self) -> list[int]:
        return [s.seat for s in self.seats if s.held_why == "resigned"]

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

    def prepare(self, seat: int, action: Action) -> tuple[GameState, list[AnyEvent]]:
        """The state after ``action`` (already checked), without touching the table yet."""
        return self._try(seat, action)

    def _try(self, seat: int, action: Action) -> tuple[GameState, list[AnyEvent]]:
        new = self.state.clone()
        events = new.apply(seat, action)
        return new, events

    def commit(self, new: GameState, seat: int, action: Action, events: list[AnyEvent]) -> None:
        """Make a prepared state the table's state (call only once the move is stored)."""
        self._commit(new, seat, action, events)
        if new.is_over():
            self.status = "finished"
            self.finished = time.time()

    def touch(self) -> None:
        """Forget cached messages (seats or status changed)."""
        self._cache.clear()

    def _commit(self, new: GameState, seat: int, action: Action, events: list[AnyEvent]) -> None:
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

    def _add_events(self, events: list[AnyEvent]) -> None:
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
    def message(self, seat: int | None, log_from: int = 0, talk_from: int = 0) -> State:
        """Everything ``seat`` (None: a spectator) sees now; the log from line ``log_from`` on, the table's talk
        (chat and notes) from line ``talk_from`` on, and the turn clocks as they stand now (``seatview``)."""
        key = SPECTATOR if seat is None else seat
        cached = self._cache.get(key)
        if cached is None or cached[0] != self.step:
            cached = self._cache[key] = (self.step, seatview.build(self, seat))
        return seatview.now(self, seat, cached[1], log_from, talk_from)

    def public_cached(self) -> TableInfo:
        """``public()``, built once per step (every seat's state carries it)."""
        cached = self._cache.get("info")
        if cached is None or cached[0] != self.step:
            cached = self._cache["info"] = (self.step, self.public())
        info: TableInfo = cached[1]
        return info

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
