"""The table store: SQLite (stdlib ``sqlite3``), one file under the server's data directory.

What is stored is exactly what rebuilds a table: its game (and the game's
rules version when it was created: a table of another rules version is
restored as *broken*, listed with its reason, never silently dropped), player count,
options, seed, seats (seat tokens only as SHA-256 hashes) and the accepted
actions in order. The state itself is never stored: on start the server
replays every table's actions (a game record is seed + actions), so what
was acknowledged is what comes back.

Durability: WAL journal. Each accepted move is one committed transaction
before the server acknowledges it. ``synchronous=NORMAL`` (the default here)
survives the server process being killed at any moment; ``synchronous=FULL``
(``--durable full``) also survives a power cut, at the price of an fsync per
move.

Threads: every store may be called from any thread (the event loop, a test's
thread, a PostgreSQL listener's handler): one lock per store serializes its
calls, so one connection never carries two transactions at once, and a load
reads the rows of one moment.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from voidtable.engine.actions import Action
from voidtable.engine.errors import RecordError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id          TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    players     INTEGER NOT NULL,
    options     TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    created     REAL NOT NULL,
    status      TEXT NOT NULL,
    result      TEXT,
    finished    REAL,
    rules_version INTEGER NOT NULL DEFAULT 1,  -- the game's rules version its moves were made under
    creator_hash TEXT                          -- sha256 of the creator's token (it may delete the table)
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    kind        TEXT NOT NULL,          -- 'person' or 'bot'
    bot         TEXT,                   -- the bot's level or agent spec
    name        TEXT NOT NULL,
    token_hash  TEXT,                   -- sha256 of the seat token; NULL while the seat is open
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_id    TEXT NOT NULL,
    step        INTEGER NOT NULL,       -- 1 for the first action
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,          -- {"kind": ..., "arg": ...}
    at          REAL NOT NULL,
    PRIMARY KEY (table_id, step)
);
"""


T = TypeVar("T")
Exec = Callable[..., Any]  # execute(sql, args) -> cursor, inside one write transaction

ClockRows = Sequence[tuple[int, float | None, float | None]]  # (seat, seconds left, running since)

#: The schema version this code writes (``PRAGMA user_version``); each step in ``MIGRATIONS`` brings a store
#: from the version before it, so a table database made by any earlier server still opens.
SCHEMA_VERSION = 2


def _add_column(db: sqlite3.Connection, table: str, column: str, decl: str) -> None:
    if column not in {r[1] for r in db.execute(f"PRAGMA table_info({table})")}:
        db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {decl}")


def _migrate_1(db: sqlite3.Connection) -> None:
    """Rules versions and creator tokens (stores from before them: their tables were made under rules version 1)."""
    _add_column(db, "tables", "rules_version", "INTEGER NOT NULL DEFAULT 1")
    _add_column(db, "tables", "creator_hash", "TEXT")


def _migrate_2(db: sqlite3.Connection) -> None:
    """What players expect of a table: table options (turn clock, chat, pace), rematches, bot-held seats with
    their reason, each seat's turn clock, and the table's talk (chat and notes)."""
    _add_column(db, "tables", "table_options", "TEXT NOT NULL DEFAULT '{}'")
    _add_column(db, "tables", "rematch", "TEXT")
    _add_column(db, "tables", "rematch_of", "TEXT")
    _add_column(db, "seats", "held", "TEXT")          # bot level playing a person's seat; NULL while the person plays
    _add_column(db, "seats", "held_why", "TEXT")      # 'handed' (by the creator), 'resigned' or 'timeout'
    _add_column(db, "seats", "clock_left", "REAL")    # seconds on the seat's clock when it last started (or stopped)
    _add_column(db, "seats", "clock_since", "REAL")   # wall-clock time its clock started running; NULL: stopped
    db.execute("""CREATE TABLE IF NOT EXISTS talk (
        table_id TEXT NOT NULL,
        n        INTEGER NOT NULL,   -- 1 for the table's first line
        kind     TEXT NOT NULL,      -- 'chat' (a seat or spectator wrote it) or 'note' (the table says what happened)
        seat     INTEGER,            -- the writer's seat; NULL for a spectator or a note
        name     TEXT NOT NULL,
        text     TEXT NOT NULL,
        at       REAL NOT NULL,
        PRIMARY KEY (table_id, n))""")


MIGRATIONS = [_migrate_1, _migrate_2]  # MIGRATIONS[i] brings a store from version i to i + 1


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None
    held: str | None = None          # a bot (level) plays this person's seat
    held_why: str | None = None      # why: handed | resigned | timeout
    clock_left: float | None = None
    clock_since: float | None = None


@dataclass
class TalkRow:
    n: int
    kind: str
    seat: int | None
    name: str
    text: str
    at: float


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    created: float
    status: str
    result: dict[str, Any] | None
    finished: float | None
    seats: list[SeatRow] = field(default_factory=list)
    moves: list[tuple[int, Action]] = field(default_factory=list)
    rules_version: int = 1
    creator_hash: str | None = None
    table_options: dict[str, Any] = field(default_factory=dict)
    rematch: str | None = None
    rematch_of: str | None = None
    talk: list[TalkRow] = field(default_factory=list)
    problem: str | None = None  # set by load_all: why the stored rows cannot rebuild this table


class StoreError(Exception):
    """The store cannot be opened or written: one line saying what is wrong."""


class StoreUnavailable(Exception):
    """A write did not happen (database unreachable, disk full): one line; the caller changes nothing."""


class StepTaken(Exception):
    """Another server process stored this step (or claimed this seat) first: the caller's table is behind."""


class TableStore:
    """Every write and read of a table store, written once over plain SQL (``?`` placeholders).

    A subclass supplies the connection: :meth:`_write` runs a function in one
    committed transaction and :meth:`_read` fetches rows. :meth:`_changed` is
    called inside each write's transaction with what changed, so a store shared
    by several server processes can tell the others (see ``pgstore``).

    Safe from any thread: a subclass runs each :meth:`_write` and :meth:`_read`
    under ``self.lock`` (re-entrant, so a load holds it over its reads).
    """

    now: Callable[[], float] = staticmethod(time.time)

    def __init__(self) -> None:
        self.lock = threading.RLock()

    def _write(self, work: Callable[[Exec], T]) -> T:
        raise NotImplementedError

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    def _changed(self, x: Exec, kind: str, table_id: str, step: int = 0) -> None:
        """Inside a write: ``kind`` (table, seat, move, talk, removed) happened to ``table_id``."""

    def close(self) -> None:
        raise NotImplementedError

    # -- writes (each one transaction, committed before returning) -------------
    def create_table(self, row: TableRow) -> None:
        def work(x: Exec) -> None:
            x("INSERT INTO tables (id, game, players, options, seed, created, status, rules_version, creator_hash, "
              "table_options, rematch_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              (row.id, row.game, row.players, json.dumps(row.options, sort_keys=True), row.seed, row.created, row.status,
               row.rules_version, row.creator_hash, json.dumps(row.table_options, sort_keys=True), row.rematch_of))
            for s in row.seats:
                x("INSERT INTO seats (table_id, seat, kind, bot, name, token_hash, held, held_why, clock_left, clock_since) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                  (row.id, s.seat, s.kind, s.bot, s.name, s.token_hash, s.held, s.held_why, s.clock_left, s.clock_since))
            if row.rematch_of:
                x("UPDATE tables SET rematch = ? WHERE id = ?", (row.id, row.rematch_of))
                self._changed(x, "seat", row.rematch_of)
            self._changed(x, "table", row.id)

        self._write(work)

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        """Give an open seat to a person; :class:`StepTaken` if it is no longer open (another process gave it)."""
        def work(x: Exec) -> None:
            if x("UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ? AND token_hash IS NULL",
                 (name, token_hash, table_id, seat)).rowcount != 1:
                raise StepTaken("this seat was given to someone else first")
            x("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))
            self._changed(x, "seat", table_id)

        self._write(work)

    def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        """A person seat's player sets the name the table calls them."""
        def work(x: Exec) -> None:
            x("UPDATE seats SET name = ? WHERE table_id = ? AND seat = ?", (name, table_id, seat))
            self._changed(x, "seat", table_id)

        self._write(work)

    def add_move(self, table_id: str, step: int, seat: int, action: Action, result: dict[str, Any] | None = None,
                 clocks: ClockRows = ()) -> None:
        """Store accepted action number ``step``; with ``result`` the game ended with it; ``clocks``: (seat, left,
        since) of each seat whose turn clock the move started, stopped or charged, in the same transaction.
        :class:`StepTaken` if step ``step`` is stored already (another process took it)."""
        def work(x: Exec) -> None:
            x("INSERT INTO moves (table_id, step, seat, action, at) VALUES (?, ?, ?, ?, ?)",
              (table_id, step, seat, json.dumps(action.to_json()), self.now()))
            self._clocks(x, table_id, clocks)
            if result is not None:
                x("UPDATE tables SET status = 'finished', result = ?, finished = ? WHERE id = ?",
                  (json.dumps(result), self.now(), table_id))
            self._changed(x, "move", table_id, step)

        self._write(work)

    @staticmethod
    def _clocks(x: Exec, table_id: str, clocks: ClockRows) -> None:
        for seat, left, since in clocks:
            x("UPDATE seats SET clock_left = ?, clock_since = ? WHERE table_id = ? AND seat = ?", (left, since, table_id, seat))

    def set_clocks(self, table_id: str, clocks: ClockRows) -> None:
        """Store turn clocks that started or stopped without a move (a seat taken back, handed over, a table starting)."""
        def work(x: Exec) -> None:
            self._clocks(x, table_id, clocks)
            self._changed(x, "seat", table_id)

        self._write(work)

    def hold_seat(self, table_id: str, seat: int, held: str | None, why: str | None, status: str | None = None,
                  clocks: ClockRows = (), result: dict[str, Any] | None = None) -> None:
        """A bot takes a person's seat (``held`` = its level, ``why``), or gives it back (both None); with ``result``
        the table ends in the same transaction (a two-player game resigned)."""
        def work(x: Exec) -> None:
            x("UPDATE seats SET held = ?, held_why = ? WHERE table_id = ? AND seat = ?", (held, why, table_id, seat))
            self._clocks(x, table_id, clocks)
            if status is not None:
                x("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))
            if result is not None:
                x("UPDATE tables SET status = 'finished', result = ?, finished = ? WHERE id = ?",
                  (json.dumps(result), self.now(), table_id))
            self._changed(x, "seat", table_id)

        self._write(work)

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        """End a table without a move (a two-player game resigned)."""
        def work(x: Exec) -> None:
            x("UPDATE tables SET status = 'finished', result = ?, finished = ? WHERE id = ?",
              (json.dumps(result), self.now(), table_id))
            self._changed(x, "seat", table_id)

        self._write(work)

    def set_table_options(self, table_id: str, options: dict[str, Any]) -> None:
        def work(x: Exec) -> None:
            x("UPDATE tables SET table_options = ? WHERE id = ?", (json.dumps(options, sort_keys=True), table_id))
            self._changed(x, "seat", table_id)

        self._write(work)

    def add_talk(self, table_id: str, line: TalkRow) -> None:
        """Store line ``line.n`` of the table's talk; :class:`StepTaken` if that number is taken (another process)."""
        def work(x: Exec) -> None:
            x("INSERT INTO talk (table_id, n, kind, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
              (table_id, line.n, line.kind, line.seat, line.name, line.text, line.at))
            self._changed(x, "talk", table_id, line.n)

        self._write(work)

    def delete_table(self, table_id: str) -> None:
        """Remove a table, its seats, moves and talk (deleted by its creator, or expired)."""
        def work(x: Exec) -> None:
            for name, column in (("moves", "table_id"), ("seats", "table_id"), ("talk", "table_id"), ("tables", "id")):
                x(f"DELETE FROM {name} WHERE {column} = ?", (table_id,))
            self._changed(x, "removed", table_id)

        self._write(work)

    def set_status(self, table_id: str, status: str) -> None:
        def work(x: Exec) -> None:
            x("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))
            self._changed(x, "seat", table_id)

        self._write(work)

    # -- reads ---------------------------------------------------------------------
    where: str = "the table store"  # the file or the database, as messages name it (never a password)

    def load_all(self) -> list[TableRow]:
        """Every stored table; a row that cannot rebuild its table comes back with ``problem`` set. A store that
        cannot be read at all (a damaged file, a lost database) is one :class:`StoreError` line: the server
        restores its tables before it says it is serving, so this is where a damaged store stops it."""
        try:
            return self._load(None)
        except StoreUnavailable as e:
            raise StoreError(f"cannot read the table store {self.where}: {e}") from None

    def load_table(self, table_id: str, moves: bool = True) -> TableRow | None:
        """One stored table (as :meth:`load_all` builds it; without its moves if ``moves`` is False), or None."""
        rows = self._load(table_id, moves)
        return rows[0] if rows else None

    def moves_after(self, table_id: str, step: int) -> list[tuple[int, int, Action]]:
        """(step, seat, action) of the stored moves after ``step``, in order (a table catching up)."""
        rows = self._read("SELECT step, seat, action FROM moves WHERE table_id = ? AND step > ? ORDER BY step", (table_id, step))
        return [(r[0], r[1], Action.from_json(json.loads(r[2]))) for r in rows]

    def _load(self, only: str | None, moves: bool = True) -> list[TableRow]:
        with self.lock:  # one moment's rows: no write of another thread between the tables, seats and moves
            return self._load_rows(only, moves)

    def _load_rows(self, only: str | None, moves: bool) -> list[TableRow]:
        where, by_table, args = ("WHERE id = ?", "WHERE table_id = ?", (only,)) if only else ("", "", ())
        rows: dict[str, TableRow] = {}
        for r in self._read("SELECT id, game, players, options, seed, created, status, result, finished, rules_version, "
                            f"creator_hash, table_options, rematch, rematch_of FROM tables {where} ORDER BY created", args):
            row = TableRow(r[0], r[1], r[2], {}, int(r[4]), r[5], r[6], None, r[8], rules_version=r[9], creator_hash=r[10],
                           rematch=r[12], rematch_of=r[13])
            try:
                row.options = json.loads(r[3])
                row.result = json.loads(r[7]) if r[7] else None
                row.table_options = json.loads(r[11] or "{}")
            except (TypeError, ValueError):
                row.problem = "its stored options or result are not JSON"
            rows[r[0]] = row
        for r in self._read("SELECT table_id, seat, kind, bot, name, token_hash, held, held_why, clock_left, clock_since "
                            f"FROM seats {by_table} ORDER BY table_id, seat", args):
            if r[0] in rows:
                rows[r[0]].seats.append(SeatRow(*r[1:]))
        for r in self._read(f"SELECT table_id, n, kind, seat, name, text, at FROM talk {by_table} ORDER BY table_id, n", args):
            if r[0] in rows:
                rows[r[0]].talk.append(TalkRow(*r[1:]))
        for r in self._read(f"SELECT table_id, step, seat, action FROM moves {by_table} ORDER BY table_id, step", args) \
                if moves else ():
            t = rows.get(r[0])
            if t is not None and t.problem is None:
                t.problem = add_stored_move(t, r[1], r[2], r[3])
        for t in rows.values():
            if t.problem is None:
                t.problem = check_seats(t)
        return list(rows.values())


class Store(TableStore):
    """The table store in one SQLite file (the default: nothing to install, one server process)."""

    kind = "sqlite"

    def __init__(self, path: str | Path, durable: str = "normal") -> None:
        super().__init__()
        self.path = Path(path)
        self.where = str(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable == 'full' else 'NORMAL'}")
            self.db.executescript(SCHEMA)
            self.migrate()
            self.db.execute("BEGIN IMMEDIATE")  # takes the write lock: a read-only file or directory fails here, not at a move
            self.db.execute("ROLLBACK")
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot use {self.path} as the table store: {e}") from None

    def migrate(self) -> None:
        """Bring the store to ``SCHEMA_VERSION``, one committed step at a time (a newer store is refused)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer voidtable (store version {version}, this one reads "
                             f"up to {SCHEMA_VERSION})")
        for step in range(version, SCHEMA_VERSION):
            self.db.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[step](self.db)
                self.db.execute(f"PRAGMA user_version = {step + 1}")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def close(self) -> None:
        with self.lock:
            self.db.close()

    def _write(self, work: Callable[[Exec], T]) -> T:
        try:
            with self.lock, self.db:
                self.db.execute("BEGIN")
                return work(self.db.execute)
        except sqlite3.IntegrityError as e:
            raise StepTaken(f"already stored: {e}") from None
        except sqlite3.Error as e:
            raise StoreUnavailable(_sqlite_problem(e)) from None

    def _read(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            with self.lock:
                return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as e:  # e.g. a damaged page: SQLite finds it only when a read reaches it
            raise StoreUnavailable(_sqlite_problem(e)) from None


def _sqlite_problem(e: sqlite3.Error) -> str:
    """SQLite's error in one line; for a damaged file, what the operator can do about it."""
    text = (str(e).strip().splitlines() or [type(e).__name__])[0]
    if getattr(e, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
        text += " (the file is damaged: put back a copy, or move it out of --data to start with no tables)"
    return text


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.partition("//")[2]:
        return url
    scheme, _, auth = head.partition("//")
    return f"{scheme}//{auth.partition(':')[0]}:***@{tail}"


def check_seats(row: TableRow) -> str | None:
    """The problem in one line if the stored seats are not exactly one for each player."""
    if [s.seat for s in row.seats] != list(range(row.players)):
        return f"its stored seats are {[s.seat for s in row.seats]}, not one for each of {row.players} players"
    return None


def add_stored_move(row: TableRow, step: int, seat: Any, text: Any) -> str | None:
    """Append one stored move to ``row``; the problem in one line if it cannot be read."""
    if step != len(row.moves) + 1:
        return f"its stored moves have a gap at step {len(row.moves) + 1}"
    if not isinstance(seat, int) or not 0 <= seat < row.players:
        return f"step {step}: the stored seat {seat!r} is not a seat of {row.players} players"
    try:
        row.moves.append((seat, Action.from_json(json.loads(text))))
    except (TypeError, ValueError, RecordError):
        return f"step {step}: the stored action is not an action's JSON"
    return None
