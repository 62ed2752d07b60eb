"""The server's heart: every table, the store, the connections, and the parts that change them.

Everything that changes a table runs on the event loop without awaiting in the
middle: check the move, store it (committed), then make it the table's state, then
wake the connections. So two moves can never interleave, and a move is
acknowledged only once it is on disk. Bots think in a thread pool on an
observation of a state that no longer changes (see ``tables.Table``), and their
moves come back through the same checks as anyone's.

The hub holds what every part shares (the tables, their connections, creators and
activity, the store, the limits and clocks) and the parts, one job each:
``moves.MovePath`` (check, store, apply, wake), ``lobby.Lobby`` (games, lines,
making, joining and removing tables), ``scheduler.BotScheduler`` (bots),
``clocks.TurnClocks`` (turn clocks), ``chat.Talk`` (chat and notes) and
``seating.Seating`` (hand-overs, names, resigning, rematches). Its own methods
are the server's entry points (the app, the peers and the tests call them); the
three announcements ``notify``, ``arrived`` and ``wake`` are the only ways a part
tells the pages that something changed.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import msgspec
from voidtable.engine.errors import VoidtableError

from .chat import Talk
from .clocks import TurnClocks
from .conns import Conn
from .errors import MoveError
from .limits import Clock, Limiter, Limits, RateLimit
from .lobby import Lobby, unloadable_line
from .moves import MovePath
from .protocol import Accepted, TableInfo
from .scheduler import BotScheduler
from .seating import Seating
from .store import StepTaken, Store, StoreUnavailable, TableRow, TableStore
from .tables import Table

if TYPE_CHECKING:
    from .peers import Peers

log = logging.getLogger("voidtable.web")

__all__ = ["Conn", "Hub", "HubSettings"]


@dataclass(frozen=True)
class HubSettings:
    """How one server runs (the ``voidtable serve`` flags that are not limits)."""

    durable: str = "normal"          # SQLite's synchronous level: normal, or full (survives a power cut)
    bot_workers: int | None = None   # threads in which bots think (default: limits.bot_workers)
    bot_delay: float = 0.0           # seconds a bot waits before deciding at a table where a person plays
    pace: float = 0.0                # seconds between moves at a table with no person playing
    rule_sets: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)  # variant -> (game, overrides)
    database: str | None = None      # a postgresql:// URL: tables shared with other processes
    lease_seconds: float = 10.0      # how long a process's hold on a table's bots lasts unrenewed


@dataclass(frozen=True)
class HubClocks:
    """The clocks the hub reads, injectable so tests move time instead of waiting."""

    clock: Clock | None = None   # monotonic: rate limits and expiry (default time.monotonic)
    wall: Clock | None = None    # turn clocks, stored as wall-clock times so a restart keeps them (default time.time)
    think: Clock | None = None   # a bot's thinking against its turn budget (default time.perf_counter)


class Hub:
    """Every table of one server process, and the parts that change them (module docstring)."""

    def __init__(self, data: str | Path, settings: HubSettings | None = None, limits: Limits | None = None,
                 clocks: HubClocks | None = None) -> None:
        settings = settings or HubSettings()
        clocks = clocks or HubClocks()
        self.data = Path(data)
        self.limits = limits or Limits()
        self.clock: Clock = clocks.clock or time.monotonic
        self.wall: Clock = clocks.wall or time.time
        self.rule_sets = settings.rule_sets
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.creators: dict[str, str] = {}               # table id -> hash of its creator's token
        self.active: dict[str, float] = {}               # table id -> clock() of its last move, join or creation
        self.unloadable: dict[str, TableInfo] = {}       # lobby lines of stored tables whose game no longer loads
        self.restored = False                            # restore() ran (the serve command runs it before serving)
        self.closed = False
        self.loop: Any = None                            # the serving loop (tests call into it from their thread)
        self.latencies: deque[float] = deque(maxlen=20000)  # seconds from a move read off a WebSocket to its ack sent
        self.store, self.peers = self._open_store(settings, clocks)
        self.create_rate, self.join_rate, self.chat_rate = self._rate_limits()
        workers = settings.bot_workers if settings.bot_workers is not None else self.limits.bot_workers
        self.bots = BotScheduler(self, workers, settings.bot_delay, settings.pace, clocks.think)
        self.moves = MovePath(self)
        self.front = Lobby(self)
        self.clocks = TurnClocks(self)
        self.talk = Talk(self)
        self.seating = Seating(self)

    def _open_store(self, settings: HubSettings, clocks: HubClocks) -> tuple[TableStore, Peers | None]:
        """SQLite under the data directory, or a PostgreSQL database shared with other processes (``peers``)."""
        if not settings.database:
            return Store(self.data / "voidtable.sqlite3", settings.durable), None
        from .peers import Peers
        from .pgstore import PgStore

        # rows shared by processes carry wall-clock times (rate events, activity); a test's injected clock
        # for rate limits and expiry stands in for it
        store = PgStore(settings.database, clocks.clock or self.wall)
        return store, Peers(self, store, settings.lease_seconds)

    def _rate_limits(self) -> tuple[Limiter, Limiter, Limiter]:
        """Creations, joins and chat per client a minute: in this process, or counted in the shared database."""
        kinds = (("create", self.limits.creates_per_minute), ("join", self.limits.joins_per_minute),
                 ("chat", self.limits.chat_per_minute))
        peers = self.peers
        found: list[Limiter] = [peers.rate_limit(kind, n) if peers is not None else RateLimit(n, self.clock)
                                for kind, n in kinds]
        return found[0], found[1], found[2]

    @property
    def executor(self) -> Any:
        """The bots' thread pool (replays use its spare worker)."""
        return self.bots.executor

    # -- life -------------------------------------------------------------------------
    def restore(self) -> None:
        """Rebuild every stored table by replaying its actions (call before serving; once: later calls do nothing).
        A store that cannot be read is a one-line ``StoreError``."""
        if self.restored:
            return
        t0 = time.perf_counter()
        rows = self.store.load_all()
        self.restored = True
        for row in rows:
            if row.creator_hash:
                self.creators[row.id] = row.creator_hash
            self.active[row.id] = self.clock()
            table = self._rebuild(row)
            if table is None:
                continue
            self.serve(table)
            self.tables[table.id] = table
            self.conns.setdefault(table.id, set())
            if table.problem:
                log.error("table %s: %s", table.id, table.problem)
        log.info("restored %d tables in %.2fs", len(self.tables), time.perf_counter() - t0)

    def _rebuild(self, row: TableRow) -> Table | None:
        """A stored table, or None with its broken lobby line kept (the reason named, the table never dropped)."""
        if row.problem:  # rows that cannot rebuild the table: listed as broken with the reason; the others start
            why = f"the stored table is damaged: {row.problem}"
        else:
            try:
                return Table(row)
            except VoidtableError as e:  # the game or its options no longer load
                why = f"the game no longer loads: {e}"
            except Exception as e:  # damaged data the checks above did not catch: still only this table
                log.exception("table %s cannot be restored", row.id)
                why = f"the stored table does not rebuild: {type(e).__name__}: {e}"
        log.error("table %s cannot be restored: %s", row.id, why)
        self.unloadable[row.id] = unloadable_line(row, why)
        return None

    def start_bots(self) -> None:
        for table in self.tables.values():
            self.schedule_bots(table)

    def start_shared(self, interval: float = 2.0) -> None:
        """With other processes on the database: hear their changes, and take over tables whose bots no one runs."""
        if self.peers is not None:
            self.peers.start(interval)

    async def stop_shared(self) -> None:
        if self.peers is not None:
            await self.peers.stop()

    def close(self) -> None:
        """Stop: no new bot work; searches already running end within their budget (--max-bot-seconds)."""
        self.closed = True
        self.bots.close()
        self.store.close()

    # -- the tables every part shares ------------------------------------------------------
    def table(self, table_id: str) -> Table:
        """A table by id: also one another process made a moment ago; a 404 or (broken) 410 otherwise."""
        t = self.tables.get(table_id)
        if t is None and self.peers is not None:  # made by another process a moment ago, not heard of yet
            t = self.peers.load(table_id)
        if t is None:
            if table_id in self.unloadable:
                raise MoveError(410, f"table {table_id!r} is broken: {self.unloadable[table_id].problem}")
            raise MoveError(404, f"no table {table_id!r}")
        return t

    def serve(self, table: Table) -> None:
        """Give a table the hub's wall clock and its answer to who is at the table now."""
        table.now = self.wall
        table.here = lambda: sorted({c.seat for c in self.conns.get(table.id, ()) if c.seat is not None})

    def stored(self, write: Callable[[], None], table: Table | None = None) -> None:
        """Run a store write; a failure (disk full, read-only, database gone) is a one-line 503 and the table is
        unchanged. Another process that stored the same step or seat first: a 409, and ``table`` catches up."""
        try:
            write()
        except (StoreUnavailable, sqlite3.Error) as e:
            log.error("store write failed: %s", e)
            raise MoveError(503, f"not stored: the server cannot write its table store now ({e}); nothing changed, "
                                 "try again") from None
        except StepTaken as e:
            if self.peers is not None and table is not None:
                self.peers.refresh(table)
            raise MoveError(409, f"stale: {e}; the table has moved on") from None

    def adopt(self, table: Table, creator_hash: str | None) -> None:
        """Serve a table another process created."""
        self.serve(table)
        self.tables[table.id] = table
        self.conns.setdefault(table.id, set())
        if creator_hash:
            self.creators[table.id] = creator_hash
        self.active[table.id] = self.clock()
        self.schedule_bots(table)

    def forget(self, table_id: str, why: str) -> None:
        """Forget a table that is gone from the store (removed here or by another process)."""
        table = self.tables.pop(table_id, None)
        self.unloadable.pop(table_id, None)
        self.creators.pop(table_id, None)
        self.active.pop(table_id, None)
        self.bots.drop(table_id)
        if table is not None:
            table.status = "removed"
            table.problem = why
            table.touch()
            for conn in self.conns.pop(table_id, set()):
                conn.push({"type": "error", "error": f"this table was {why}"})
        log.info("table %s %s", table_id, why)

    def moved_elsewhere(self, table: Table) -> None:
        """Moves another process stored were applied here: forced moves they answered are done."""
        self.bots.forced -= {k for k in self.bots.forced if k[0] == table.id}
        self.active[table.id] = self.clock()

    def forget_agents(self, table_id: str) -> None:
        """Drop a table's bots (its seats changed in another process): the next decision builds them afresh."""
        self.bots.forget(table_id)

    # -- announcements: how the parts tell the pages (and the bots) -----------------------------
    def notify(self, table: Table) -> None:
        """The table changed (a move, a seat): every page builds its state again, and due bots are scheduled."""
        self.wake(table)
        if table.status == "running":
            self.schedule_bots(table)
        else:
            self.bots.forget(table.id)

    def arrived(self, table: Table) -> None:
        """A page opened or closed at the table: everyone's page learns who is there (the creator's hand-over)."""
        self.wake(table)

    def wake(self, table: Table) -> None:
        """Every page at the table builds its state again (a talk line, the table's options)."""
        for conn in self.conns.get(table.id, ()):
            conn.changed()

    def schedule_bots(self, table: Table) -> None:
        self.bots.schedule(table)

    # -- entry points (the app, the peers, the tests) ---------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        return self.front.games()

    def lobby(self) -> list[dict[str, Any]]:
        """The lobby's lines as plain JSON data."""
        lines: list[dict[str, Any]] = msgspec.to_builtins(self.front.lines())
        return lines

    def create(self, req: Any, client: str = "local") -> dict[str, Any]:
        return self.front.create(req, client)

    def join(self, table_id: str, req: Any, client: str = "local") -> dict[str, Any]:
        return self.front.join(table_id, req, client)

    def delete(self, table_id: str, token: str | None) -> dict[str, Any]:
        return self.front.delete(table_id, token)

    def expire(self) -> list[str]:
        return self.front.expire()

    def move(self, table_id: str, token: Any, step: Any, action: Any) -> Accepted:
        return self.moves.move(table_id, token, step, action)

    def move_as(self, table: Table, seat: int | None, step: Any, action_json: Any, notify: bool = True,
                bot: bool = False) -> Accepted:
        return self.moves.move_as(table, seat, step, action_json, notify, bot)

    def tick(self) -> None:
        self.clocks.tick()

    def chat(self, table_id: str, token: Any, req: Any, client: str = "local") -> dict[str, Any]:
        return self.talk.chat(table_id, token, req, client)

    def set_table_options(self, table_id: str, token: str | None, req: Any) -> dict[str, Any]:
        return self.talk.set_options(table_id, token, req)

    def hand_to_bot(self, table_id: str, seat: Any, token: str | None, req: Any) -> dict[str, Any]:
        return self.seating.hand_to_bot(table_id, seat, token, req)

    def take_back(self, table_id: str, token: Any) -> dict[str, Any]:
        return self.seating.take_back(table_id, token)

    def rename(self, table_id: str, token: Any, req: Any) -> dict[str, Any]:
        return self.seating.rename(table_id, token, req)

    def resign(self, table_id: str, token: Any) -> dict[str, Any]:
        return self.seating.resign(table_id, token)

    def rematch(self, table_id: str, token: str | None, client: str = "local") -> dict[str, Any]:
        return self.seating.rematch(table_id, token, client)

    def present(self, table: Table, seat: int) -> bool:
        return self.seating.present(table, seat)

    def stats(self) -> dict[str, Any]:
        """Counts and the server's own move latency (read -> checked, stored, acknowledged) over recent WebSocket moves."""
        xs = sorted(self.latencies)

        def pct(q: float) -> float | None:
            return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 3) if xs else None

        by_status: dict[str, int] = {}
        for t in self.tables.values():
            by_status[t.status] = by_status.get(t.status, 0) + 1
        return {"tables": by_status, "connections": sum(len(c) for c in self.conns.values()),
                "moves_accepted": self.moves.accepted, "move_ms_p50": pct(0.5), "move_ms_p99": pct(0.99),
                "move_ms_max": round(xs[-1] * 1000, 3) if xs else None, "sample": len(xs)}
