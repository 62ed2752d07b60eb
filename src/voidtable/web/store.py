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
move. Only the event-loop thread touches the connection.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str | None


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
    problem: str | None = None  # set by load_all: why the stored rows cannot rebuild this table


class StoreError(Exception):
    """The store cannot be opened or written: one line saying what is wrong."""


class StoreUnavailable(Exception):
    """A write did not happen (database unreachable, disk full): one line; the caller changes nothing."""


class StepTaken(Exception):
    """Another server process stored this step (or claimed this seat) first: the caller's table is behind."""


class Store:
    def __init__(self, path: str | Path, durable: str = "normal") -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={'FULL' if durable == 'full' else 'NORMAL'}")
            self.db.executescript(SCHEMA)
            columns = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
            if "rules_version" not in columns:  # a store from before rules versions: its tables were made under version 1
                self.db.execute("ALTER TABLE tables ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1")
            if "creator_hash" not in columns:
                self.db.execute("ALTER TABLE tables ADD COLUMN creator_hash TEXT")
            self.db.execute("BEGIN IMMEDIATE")  # takes the write lock: a read-only file or directory fails here, not at a move
            self.db.execute("ROLLBACK")
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot use {self.path} as the table store: {e}") from None

    def close(self) -> None:
        self.db.close()

    # -- writes (each one transaction, committed before returning) -------------
    def create_table(self, row: TableRow) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT INTO tables (id, game, players, options, seed, created, status, rules_version, creator_hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, row.players, json.dumps(row.options, sort_keys=True), row.seed, row.created, row.status,
                 row.rules_version, row.creator_hash))
            self.db.executemany(
                "INSERT INTO seats (table_id, seat, kind, bot, name, token_hash) VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.kind, s.bot, s.name, s.token_hash) for s in row.seats])

    def claim_seat(self, table_id: str, seat: int, name: str, token_hash: str, status: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ?", (name, token_hash, table_id, seat))
            self.db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    def add_move(self, table_id: str, step: int, seat: int, action: Action, result: dict[str, Any] | None = None) -> None:
        """Store accepted action number ``step``; with ``result`` the game ended with it."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO moves (table_id, step, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                            (table_id, step, seat, json.dumps(action.to_json()), time.time()))
            if result is not None:
                self.db.execute("UPDATE tables SET status = 'finished', result = ?, finished = ? WHERE id = ?",
                                (json.dumps(result), time.time(), table_id))

    def delete_table(self, table_id: str) -> None:
        """Remove a table, its seats and its moves (deleted by its creator, or expired)."""
        with self.db:
            self.db.execute("BEGIN")
            for name, column in (("moves", "table_id"), ("seats", "table_id"), ("tables", "id")):
                self.db.execute(f"DELETE FROM {name} WHERE {column} = ?", (table_id,))

    def set_status(self, table_id: str, status: str) -> None:
        with self.db:
            self.db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

    # -- reads ---------------------------------------------------------------------
    def load_all(self) -> list[TableRow]:
        """Every stored table; a row that cannot rebuild its table comes back with ``problem`` set, never raises."""
        rows: dict[str, TableRow] = {}
        for r in self.db.execute("SELECT id, game, players, options, seed, created, status, result, finished, rules_version, "
                                 "creator_hash FROM tables ORDER BY created"):
            row = TableRow(r[0], r[1], r[2], {}, r[4], r[5], r[6], None, r[8], rules_version=r[9], creator_hash=r[10])
            try:
                row.options = json.loads(r[3])
                row.result = json.loads(r[7]) if r[7] else None
            except (TypeError, ValueError):
                row.problem = "its stored options or result are not JSON"
            rows[r[0]] = row
        for r in self.db.execute("SELECT table_id, seat, kind, bot, name, token_hash FROM seats ORDER BY table_id, seat"):
            if r[0] in rows:
                rows[r[0]].seats.append(SeatRow(r[1], r[2], r[3], r[4], r[5]))
        for r in self.db.execute("SELECT table_id, step, seat, action FROM moves ORDER BY table_id, step"):
            t = rows.get(r[0])
            if t is not None and t.problem is None:
                t.problem = add_stored_move(t, r[1], r[2], r[3])
        for t in rows.values():
            if t.problem is None:
                t.problem = check_seats(t)
        return list(rows.values())


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
