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

Writes go through a synchronous connection on purpose: the server checks,
stores and applies a move without yielding the event loop in between (see
``hub``), which is what keeps two moves of one table from interleaving in one
process. A write is one round trip on a local network. The listener is
asynchronous (psycopg's ``AsyncConnection.notifies``).

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
from collections.abc import Callable
from importlib import resources
from typing import Any

from voidtable.engine.actions import Action

from .store import SeatRow, StoreError, StoreUnavailable, StepTaken, TableRow, add_stored_move, check_seats

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


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.partition("//")[2]:
        return url
    scheme, _, auth = head.partition("//")
    return f"{scheme}//{auth.partition(':')[0]}:***@{tail}"


class PgStore:
    """The store on PostgreSQL; the methods are those of :class:`.store.Store`, plus what processes share."""

    kind = "postgresql"

    def __init__(self, url: str, wallclock: Callable[[], float] = time.time) -> None:
        self.url = url
        self.now = wallclock
        self.psycopg = _psycopg()
        self.db: Any = None
        self._connect()
        self._migrate()

    # -- connection --------------------------------------------------------------------
    def _connect(self) -> None:
        try:
            self.db = self.psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS,
                                           options=f"-c statement_timeout={STATEMENT_MS}")
        except self.psycopg.Error as e:
            raise StoreError(f"cannot use {redact(self.url)} as the table store: {_first_line(e)}") from None

    def _run(self, work: Callable[[Any], Any]) -> Any:
        """Run ``work(connection)`` in one transaction; a lost connection is reopened once, then the error is
        a :class:`StoreUnavailable` (the caller refuses the move; nothing changed)."""
        for attempt in (0, 1):
            try:
                if self.db is None or self.db.closed or self.db.broken:
                    self._connect()
                with self.db.transaction():
                    return work(self.db)
            except StoreError as e:
                raise StoreUnavailable(str(e)) from None
            except self.psycopg.errors.UniqueViolation:
                raise StepTaken("another server process stored this step first") from None
            except self.psycopg.OperationalError as e:
                if attempt == 1 or not (self.db is None or self.db.closed or self.db.broken):
                    raise StoreUnavailable(f"the database is unreachable: {_first_line(e)}") from None
            except self.psycopg.Error as e:
                raise StoreUnavailable(f"the database refused the write: {_first_line(e)}") from None
        raise AssertionError("unreachable")

    def _migrate(self) -> None:
        def work(db: Any) -> None:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            db.execute("CREATE TABLE IF NOT EXISTS voidtable_schema (version INTEGER NOT NULL)")
            row = db.execute("SELECT max(version) FROM voidtable_schema").fetchone()
            have = row[0] or 0
            if have > SCHEMA_VERSION:
                raise StoreError(f"the database {redact(self.url)} has table-store schema version {have}, newer than "
                                 f"this server's {SCHEMA_VERSION}: upgrade voidtable (or use another database)")
            for version, name, sql in migrations():
                if version > have:
                    log.info("table store: applying %s", name)
                    db.execute(sql)
                    db.execute("INSERT INTO voidtable_schema (version) VALUES (%s)", (version,))

        try:
            self._run(work)
        except StoreUnavailable as e:
            raise StoreError(str(e)) from None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()

    # -- writes (each one transaction, committed before returning) ---------------------
    def create_table(self, row: TableRow) -> None:
        def work(db: Any) -> None:
            db.execute(
                "INSERT INTO tables (id, game, players, options, seed, created, status, rules_version, creator_hash, touched) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (row.id, row.game, row.players, json.dumps(row.options, sort_keys=True), row.seed, row.created, row.status,
                 row.rules_version, row.creator_hash, self.now()))
            with db.cursor() as cur:
                cur.executemany("INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES (%s, %s, %s, %s, %s, %s)",
                                [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats])
            _notify(db, "table", row.id)

        self._run(work)

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        """Claim an open seat; :class:`StepTaken` when another process claimed it first."""
        def work(db: Any) -> None:
            cur = db.execute("UPDATE seats SET name = %s, token_hash = %s WHERE table_id = %s AND seat = %s "
                             "AND token_hash IS NULL", (name, token_hash, table_id, seat))
            if cur.rowcount != 1:
                raise _Taken()
            db.execute("UPDATE tables SET status = %s, touched = %s WHERE id = %s", (status, self.now(), table_id))
            _notify(db, "seat", table_id)

        try:
            self._run(work)
        except _Taken:
            raise StepTaken("another server process gave this seat away first") from None

    def add_move(self, table_id: str, step: int, seat: int, action: Action, result: dict[str, Any] | None = None) -> None:
        def work(db: Any) -> None:
            now = self.now()
            db.execute("INSERT INTO moves (table_id, step, seat, action, at) VALUES (%s, %s, %s, %s, %s)",
                       (table_id, step, seat, json.dumps(action.to_json()), now))
            if result is not None:
                db.execute("UPDATE tables SET status = 'finished', result = %s, finished = %s, touched = %s WHERE id = %s",
                           (json.dumps(result), now, now, table_id))
            else:
                db.execute("UPDATE tables SET touched = %s WHERE id = %s", (now, table_id))
            _notify(db, "move", table_id, step)

        self._run(work)

    def delete_table(self, table_id: str) -> None:
        def work(db: Any) -> None:
            db.execute("DELETE FROM tables WHERE id = %s", (table_id,))
            _notify(db, "removed", table_id)

        self._run(work)

    def set_status(self, table_id: str, status: str) -> None:
        def work(db: Any) -> None:
            db.execute("UPDATE tables SET status = %s WHERE id = %s", (status, table_id))
            _notify(db, "seat", table_id)

        self._run(work)

    # -- what processes share ------------------------------------------------------------
    def rate_allow(self, client: str, kind: str, limit: int, window: float = 60.0) -> bool:
        """Count one event of ``kind`` for ``client`` if fewer than ``limit`` happened in the last ``window`` s
        (over every process). Serialized per client by an advisory lock, so two processes cannot both let the
        last one through."""
        def work(db: Any) -> bool:
            now = self.now()
            db.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"{kind}:{client}",))
            db.execute("DELETE FROM rate_events WHERE client = %s AND kind = %s AND at <= %s", (client, kind, now - window))
            n = db.execute("SELECT count(*) FROM rate_events WHERE client = %s AND kind = %s", (client, kind)).fetchone()[0]
            if n >= limit:
                return False
            db.execute("INSERT INTO rate_events (client, kind, at) VALUES (%s, %s, %s)", (client, kind, now))
            return True

        return bool(self._run(work))

    def idle_seconds(self) -> dict[str, float]:
        """Seconds since each table's last move, join or creation, by any process (for expiry)."""
        now = self.now()
        rows = self._run(lambda db: db.execute("SELECT id, touched FROM tables").fetchall())
        return {r[0]: now - r[1] for r in rows}

    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Hold (or renew) the right to run ``table_id``'s bots for ``seconds``; False while another live
        process holds it. A process that dies stops renewing, and its leases lapse."""
        def work(db: Any) -> bool:
            now = self.now()
            row = db.execute(
                "INSERT INTO bot_leases (table_id, holder, until) VALUES (%s, %s, %s) "
                "ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until "
                "WHERE bot_leases.holder = EXCLUDED.holder OR bot_leases.until < %s RETURNING holder",
                (table_id, holder, now + seconds, now)).fetchone()
            return row is not None

        return bool(self._run(work))

    def drop_leases(self, holder: str) -> None:
        """Give up every lease of ``holder`` (a process stopping cleanly)."""
        self._run(lambda db: db.execute("DELETE FROM bot_leases WHERE holder = %s", (holder,)))

    # -- reads ------------------------------------------------------------------------------
    def load_all(self) -> list[TableRow]:
        return self._load(None)

    def load_table(self, table_id: str) -> TableRow | None:
        rows = self._load(table_id)
        return rows[0] if rows else None

    def moves_after(self, table_id: str, step: int) -> list[tuple[int, int, Action]]:
        """(step, seat, action) of the stored moves after ``step``, in order (a process catching up)."""
        rows = self._run(lambda db: db.execute(
            "SELECT step, seat, action FROM moves WHERE table_id = %s AND step > %s ORDER BY step",
            (table_id, step)).fetchall())
        return [(r[0], r[1], Action.from_json(json.loads(r[2]))) for r in rows]

    def _load(self, only: str | None) -> list[TableRow]:
        where, args = ("WHERE id = %s", (only,)) if only else ("", ())
        swhere, sargs = ("WHERE table_id = %s", (only,)) if only else ("", ())

        def work(db: Any) -> tuple[list[Any], list[Any], list[Any]]:
            t = db.execute("SELECT id, game, players, options, seed, created, status, result, finished, rules_version, "
                           f"creator_hash FROM tables {where} ORDER BY created", args).fetchall()
            s = db.execute(f"SELECT table_id, seat, kind, bot, name, token_hash FROM seats {swhere} "
                           "ORDER BY table_id, seat", sargs).fetchall()
            m = db.execute(f"SELECT table_id, step, seat, action FROM moves {swhere} ORDER BY table_id, step",
                           sargs).fetchall()
            return t, s, m

        try:
            tables, seats, moves = self._run(work)
        except StoreUnavailable as e:
            raise StoreError(str(e)) from None
        rows: dict[str, TableRow] = {}
        for r in tables:
            row = TableRow(r[0], r[1], r[2], {}, int(r[4]), r[5], r[6], None, r[8], rules_version=r[9], creator_hash=r[10])
            try:
                row.options = json.loads(r[3])
                row.result = json.loads(r[7]) if r[7] else None
            except (TypeError, ValueError):
                row.problem = "its stored options or result are not JSON"
            rows[r[0]] = row
        for r in seats:
            if r[0] in rows:
                rows[r[0]].seats.append(SeatRow(r[1], r[2], r[3], r[4], r[5]))
        for r in moves:
            t = rows.get(r[0])
            if t is not None and t.problem is None:
                t.problem = add_stored_move(t, r[1], r[2], r[3])
        for t in rows.values():
            if t.problem is None:
                t.problem = check_seats(t)
        return list(rows.values())


class _Taken(Exception):
    pass


def _notify(db: Any, kind: str, table_id: str, step: int = 0) -> None:
    db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps({"kind": kind, "table": table_id, "step": step})))


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


