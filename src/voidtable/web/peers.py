"""What one server process does when other processes share its PostgreSQL store.

Every process holds every table in memory and can serve any of them. The
database decides everything that must have one answer:

- **Which move is step N.** A process stores a move, and only then applies it.
  If another process stored that step first, the store says so (``StepTaken``):
  this process catches up from the database and the late move is refused as
  stale, exactly as a move against an old step is refused in one process.
- **Who has heard what.** Every write notifies the ``voidtable`` channel; the
  :class:`Peers` of every process applies what it hears (moves, new tables,
  claimed seats, removals) to its own copy and wakes its own connections, so
  seats and spectators connected to different processes see every move.
- **Who runs a table's bots.** Exactly one process at a time, the holder of
  the table's lease in the database. The holder renews it; a process that dies
  stops renewing, and when the lease lapses the next sweep of another process
  takes the table over, bots included.
- **Limits.** Rate limits count rows in the database and table expiry reads
  the last activity stored with each table, so both hold across processes.

Notifications that arrive while the listener is disconnected are lost: when it
reconnects, every table is caught up from the database.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING

from voidtable.engine.errors import VoidtableError

from .pgstore import Listener, PgStore
from .tables import Seat, Table

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("voidtable.web")


class Peers:
    """A hub's link to the other processes on its PostgreSQL store."""

    def __init__(self, hub: Hub, store: PgStore, lease_seconds: float = 10.0) -> None:
        self.hub = hub
        self.store = store
        self.holder = f"{secrets.token_hex(4)}"
        self.lease_seconds = lease_seconds
        self._leases: dict[str, float] = {}   # table id -> store time until which this process holds its bots
        self.listener = Listener(store.url, self.heard, self.resync)
        self._sweeper: asyncio.Task[None] | None = None

    # -- hearing other processes -----------------------------------------------------------
    def start(self, interval: float) -> None:
        """Listen, and sweep every ``interval`` seconds (take over tables whose bot process stopped)."""
        self.listener.start()
        self._sweeper = asyncio.get_running_loop().create_task(self.run(interval))

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.listener.stop()
        try:
            self.store.drop_leases(self.holder)
        except Exception:  # the database is gone: the leases lapse by themselves
            pass

    def heard(self, kind: str, table_id: str, step: int) -> None:
        """One notification (our own writes come back too: refreshing is then a no-op)."""
        table = self.hub.tables.get(table_id)
        if kind == "removed":
            if table is not None or table_id in self.hub.unloadable:
                self.hub.forget(table_id, "removed")
        elif table is None:
            self.load(table_id)
        elif kind == "move" and step <= table.step:
            return  # our own move, or one applied already
        else:
            self.refresh(table)

    def resync(self) -> None:
        """After the listener reconnected: re-read everything, since notifications may have been missed."""
        rows = {row.id: row for row in self.store.load_all()}
        for table_id in [t for t in self.hub.tables if t not in rows]:
            self.hub.forget(table_id, "removed")
        for table_id in rows:
            table = self.hub.tables.get(table_id)
            if table is None:
                self.load(table_id)
            else:
                self.refresh(table)

    def load(self, table_id: str) -> Table | None:
        """A table another process created: build it from its rows (None if there is no such table)."""
        row = self.store.load_table(table_id)
        if row is None or row.problem:
            return None
        try:
            table = Table(row)
        except VoidtableError as e:
            log.error("table %s from another process cannot be built: %s", table_id, e)
            return None
        self.hub.adopt(table, row.creator_hash)
        return table

    def refresh(self, table: Table) -> None:
        """Seats, status, table options and talk changed elsewhere (a claim, a hand-over, a resignation, a chat
        line): take the stored ones, after any moves this process has not applied yet."""
        row = self.store.load_table(table.id, moves=False)
        if row is None:
            self.hub.forget(table.id, "removed")
            return
        self.catch_up(table, wake=False)
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.token_hash, s.held, s.held_why, s.clock_left, s.clock_since)
                 for s in sorted(row.seats, key=lambda s: s.seat)]
        if [s.row() for s in seats] != [s.row() for s in table.seats]:
            self.hub.forget_agents(table.id)  # a seat a bot now holds (or gave back) gets its bot afresh
            renamed = [s.name for s in seats] != table.names()
            table.seats = seats
            if renamed:  # a player set their name: the log in the new words, sent whole again
                table.reword()
                for conn in self.hub.conns.get(table.id, ()):
                    conn.sent_lines = 0
        table.table_options = dict(row.table_options)
        table.rematch = row.rematch
        if len(row.talk) > len(table.talk):
            table.talk = list(row.talk)
        if row.status == "finished" and table.status != "finished":  # ended without a move (a resignation)
            table.final = row.result if not table.state.is_over() else None
            table.finished = row.finished
            table.status = "finished"
        elif table.status in ("waiting", "running") and row.status in ("waiting", "running"):
            table.status = row.status
        table.touch()
        self.hub.notify(table)

    def catch_up(self, table: Table, wake: bool = True) -> None:
        """Apply the moves other processes stored after this table's step, then wake its connections."""
        moved = False
        for step, seat, action in self.store.moves_after(table.id, table.step):
            if step != table.step + 1:
                break
            new, events = table.prepare(seat, action)
            table.commit(new, seat, action, events)
            moved = True
        if moved:
            self.hub.moved_elsewhere(table)
            if wake:
                self.hub.notify(table)

    # -- bots: one process per table ----------------------------------------------------------
    def runs_bots(self, table: Table) -> bool:
        """Whether this process runs ``table``'s bots now (taking or renewing its lease when due)."""
        until = self._leases.get(table.id, 0.0)
        now = self.store.now()
        if now < until - self.lease_seconds / 2:
            return True
        try:
            held = self.store.take_lease(table.id, self.holder, self.lease_seconds)
        except Exception as e:
            log.warning("bot lease for table %s: %s", table.id, e)
            held = False
        if held:
            self._leases[table.id] = now + self.lease_seconds
        else:
            self._leases.pop(table.id, None)
        return held

    def sweep(self) -> None:
        """Renew held leases and take over tables whose bot-running process stopped renewing."""
        for table in list(self.hub.tables.values()):
            if table.status == "running" and any(table.seats[p].kind == "bot" for p in table.state.to_move()):
                self.hub.schedule_bots(table)

    async def run(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                self.sweep()
            except Exception:
                log.exception("sweep of shared tables failed")

    def rate_limit(self, kind: str, per_minute: int) -> SharedRateLimit:
        return SharedRateLimit(self.store, kind, per_minute)

    def idle(self) -> dict[str, float]:
        """Seconds since each table's last move, join or creation in any process."""
        return self.store.idle_seconds()


class SharedRateLimit:
    """A :class:`.limits.RateLimit` counted in the database, over every process (same ``allow``)."""

    def __init__(self, store: PgStore, kind: str, per_minute: int) -> None:
        self.store = store
        self.kind = kind
        self.per_minute = per_minute

    def allow(self, client: str) -> bool:
        return self.store.rate_allow(client, self.kind, self.per_minute)


