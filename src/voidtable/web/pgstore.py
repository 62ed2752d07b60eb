"""The table store on a PostgreSQL server, shared by several ``voidtable serve`` processes.

Same rows and the same promises as the SQLite store (:mod:`.store`): a move is
one committed transaction before it is acknowledged, a table is rebuilt by
replaying its moves, and a row that cannot rebuild its table comes back with
``problem`` set. What several processes add:

- **One winner per step.** ``moves`` has the primary key (table, step): when
  two processes try to store step N of a table, the database takes exactly one
  and the other gets :class:`StepTaken` (its table is behind: it catches up).
- **Every process hears every change.** Each write sends ``NOTIFY`` on the
  ``voidtable`` channel in its own transaction (delivered on commit only);
  :class:`Listener` receives them on its own connection.
- **Shared limits.** Rate events, table activity (expiry) and bot leases are
  rows, so they hold across processes.

Writes go through one synchronous connection on purpose: the server checks,
stores and applies a move without yielding the event loop in between (see
``hub``), which is what keeps two moves of one table from interleaving in one
process. A write is one round trip on a local network. The listener is
asynchronous (psycopg's ``AsyncConnection.notifies``). The connection is
used under the store's lock (``TableStore.lock``), so a handler of the
listener, a test's thread and the event loop may all call the store: a
psycopg connection carries one transaction at a time, and two threads
inside ``transaction()`` at once broke each other's commits.

Schema: plain SQL files ``migrations/postgresql_NNNN_*.sql`` applied in order
under an advisory lock (several processes may start at once); the version is
kept in ``voidtable_schema`` and a database newer than this server is refused
at start with one line.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any

from .store import Exec, StepTaken, StoreError, StoreUnavailable, T, TableStore, redact

log = logging.getLogger("voidtable.web")

CHANNEL = "voidtable"
CONNECT_SECONDS = 5
STATEMENT_MS = 10_000
_LOCK_KEY = 0x766F6964  # advisory lock id taken while migrating ("void")


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, SQL) of every shipped PostgreSQL migration, in order."""
    out = []
    for f in resources.files("voidtable.web.migrations").iterdir():
        name = f.name
        if name.startswith("postgresql_") and name.endswith(".sql"):
            out.append((int(name.split("_")[1]), name, f.read_text(encoding="utf-8")))
    return sorted(out)


SCHEMA_VERSION = max(v for v, _, _ in migrations())


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError("a postgresql:// database needs the postgres extra: pip install -e '.[postgres]'") from None
    return psycopg


class PgStore(TableStore):
    """The store on PostgreSQL: :class:`.store.TableStore`'s writes and reads, plus what processes share."""

    kind = "postgresql"

    def __init__(self, url: str, wallclock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.url = url
        self.where = redact(url)
        self.now = wallclock
        self.psycopg = _psycopg()
        self.db: Any = None
        self._sql: dict[str, str] = {}
        self._connect()
        try:
            self._write(self._migrate)
        except StoreUnavailable as e:
            raise StoreError(str(e)) from None

    # -- connection --------------------------------------------------------------------
    def _connect(self) -> None:
        try:
            self.db = self.psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                           options=f"-c statement_timeout={STATEMENT_MS}")
        except self.psycopg.Error as e:
            raise StoreError(f"cannot use {redact(self.url)} as the table store: {_first_line(e)}") from None

    def _execute(self, sql: str, args: Sequence[Any] = ()) -> Any:
        text = self._sql.get(sql)
        if text is None:
            text = self._sql[sql] = sql.replace("?", "%s")
        return self.db.execute(text, args)

    def _write(self, work: Callable[[Exec], T]) -> T:
        """Run ``work`` in one transaction; a lost connection is reopened once, then the error is a
        :class:`StoreUnavailable` (the caller refuses the move; nothing changed). One thread at a time."""
        with self.lock:
            return self._write_now(work)

    def _write_now(self, work: Callable[[Exec], T]) -> T:
        for attempt in (0, 1):
            try:
                if self.db is None or self.db.closed or self.db.broken:
                    self._connect()
                with self.db.transaction():
                    return work(self._execute)
            except StoreError as e:
                raise StoreUnavailable(str(e)) from None
            except self.psycopg.errors.UniqueViolation:
                raise StepTaken("another server process stored this first") from None
            except self.psycopg.OperationalError as e:
                if attempt == 1 or not (self.db is None or self.db.closed or self.db.broken):
                    raise StoreUnavailable(f"the database is unreachable: {_first_line(e)}") from None
            except self.psycopg.Error as e:
                raise StoreUnavailable(f"the database refused the write: {_first_line(e)}") from None
        raise AssertionError("unreachable")

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self._write(lambda x: x(sql, args).fetchall())

    def _changed(self, x: Exec, kind: str, table_id: str, step: int = 0) -> None:
        """Note the table's activity (for expiry) and tell every process, on commit."""
        note = json.dumps({"kind": kind, "table": table_id, "step": step})
        if kind == "removed":
            x("SELECT pg_notify(?, ?)", (CHANNEL, note))
        else:  # one round trip: the activity time and the notification together
            x("WITH touch AS (UPDATE tables SET touched = ? WHERE id = ? RETURNING id) SELECT pg_notify(?, ?)",
              (self.now(), table_id, CHANNEL, note))

    def _migrate(self, x: Exec) -> None:
        x("SELECT pg_advisory_xact_lock(?)", (_LOCK_KEY,))
        x("CREATE TABLE IF NOT EXISTS voidtable_schema (version INTEGER NOT NULL)")
        have = x("SELECT max(version) FROM voidtable_schema").fetchone()[0] or 0
        if have > SCHEMA_VERSION:
            raise StoreError(f"the database {redact(self.url)} has table-store schema version {have}, newer than "
                             f"this server's {SCHEMA_VERSION}: upgrade voidtable (or use another database)")
        for version, name, sql in migrations():
            if version > have:
                log.info("table store: applying %s", name)
                self.db.execute(sql)
                x("INSERT INTO voidtable_schema (version) VALUES (?)", (version,))

    def close(self) -> None:
        with self.lock:
            if self.db is not None:
                self.db.close()

    # -- what processes share ------------------------------------------------------------
    def rate_allow(self, client: str, kind: str, limit: int, window: float = 60.0) -> bool:
        """Count one event of ``kind`` for ``client`` if fewer than ``limit`` happened in the last ``window`` s
        (over every process). Serialized per client by an advisory lock, so two processes cannot both let the
        last one through."""
        def work(x: Exec) -> bool:
            now = self.now()
            x("SELECT pg_advisory_xact_lock(hashtext(?))", (f"{kind}:{client}",))
            x("DELETE FROM rate_events WHERE client = ? AND kind = ? AND at <= ?", (client, kind, now - window))
            n = x("SELECT count(*) FROM rate_events WHERE client = ? AND kind = ?", (client, kind)).fetchone()[0]
            if n >= limit:
                return False
            x("INSERT INTO rate_events (client, kind, at) VALUES (?, ?, ?)", (client, kind, now))
            return True

        return self._write(work)

    def idle_seconds(self) -> dict[str, float]:
        """Seconds since each table's last move, join or creation, by any process (for expiry)."""
        now = self.now()
        return {r[0]: now - r[1] for r in self._read("SELECT id, touched FROM tables")}

    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Hold (or renew) the right to run ``table_id``'s bots for ``seconds``; False while another live
        process holds it. A process that dies stops renewing, and its leases lapse."""
        def work(x: Exec) -> bool:
            now = self.now()
            row = x("INSERT INTO bot_leases (table_id, holder, until) VALUES (?, ?, ?) "
                    "ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until "
                    "WHERE bot_leases.holder = EXCLUDED.holder OR bot_leases.until < ? RETURNING holder",
                    (table_id, holder, now + seconds, now)).fetchone()
            return row is not None

        return self._write(work)

    def drop_leases(self, holder: str) -> None:
        """Give up every lease of ``holder`` (a process stopping cleanly)."""
        self._write(lambda x: x("DELETE FROM bot_leases WHERE holder = ?", (holder,)))


def _first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]


class Listener:
    """Hears every process's changes (``NOTIFY voidtable``) and hands each to ``on_change(kind, table, step)``.

    Reconnects by itself when the database goes away and comes back; ``on_reconnect`` is called then, because
    notifications sent while it was away are lost and the process must re-read what it holds."""

    def __init__(self, url: str, on_change: Callable[[str, str, int], None],
                 on_reconnect: Callable[[], None] | None = None, retry_seconds: float = 1.0) -> None:
        self.url = url
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self.retry = retry_seconds
        self.psycopg = _psycopg()
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def _run(self) -> None:
        first = True
        while True:
            try:
                conn = await self.psycopg.AsyncConnection.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first and self.on_reconnect is not None:
                        self.on_reconnect()
                    first = False
                    self.ready.set()
                    async for n in conn.notifies():
                        self._hand(n.payload)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database went away: wait, then listen again
                self.ready.clear()
                log.warning("table store listener: %s; retrying in %.1f s", _first_line(e), self.retry)
                await asyncio.sleep(self.retry)

    def _hand(self, payload: str) -> None:
        try:
            msg = json.loads(payload)
            self.on_change(str(msg["kind"]), str(msg["table"]), int(msg.get("step", 0)))
        except Exception:  # one bad notification or handler error must not stop the listener
            log.exception("table store listener: cannot handle %r", payload[:200])


