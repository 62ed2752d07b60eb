"""The results store: one SQLite file per experiment directory, appended to as games finish.

Tables (JSON in TEXT columns; see docs/lab.md):

``meta(key, value)``
    ``schema``, the last experiment run into this store (``experiment``) and the game's rules
    version its games were played under (``rules_version``: ``{"game": ..., "version": ...}``;
    ``lab run`` refuses to resume a store of another rules version).
``conditions(cond, label, spec)``
    one row per condition ever run here: its key (see ``lab.spec``) and description.
``games(cond, idx, seed, agents, scores, ranks, win_shares, decisions, error, cells_schema, cells, factions)``
    one row per finished game, primary key ``(cond, idx)``: game ``idx`` of condition ``cond``;
    ``cells`` is the JSON list of the game's measure values, in the order ``cells_schema`` names them.
``cell_schemas(id, names)``
    ``names``: the JSON list of ``[measure, row, col]`` of a game's cells. Games of one condition
    nearly always share one schema, so a game stores only its numbers (100,000 games of a
    card game take about 40 MB).

Workers encode their games (:func:`encode_chunk`, run where the games were
played), so the process that owns the store only inserts rows: the store is
not what limits a run's speed. A chunk of games is written in one transaction
when it comes back, so an interrupted run loses at most the chunks still being
played; running the experiment again plays only the ``(cond, idx)`` pairs that
are missing. Because a game's seed depends only on its condition key, the
master seed and its index, a resumed experiment ends with exactly the rows an
uninterrupted one would have. The WAL journal keeps the file readable (by a
report, say) while a run writes to it. One run at a time per store.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from voidtable.sim.runner import Batch, GameOutcome, play_chunk

from .spec import SCHEMA, Condition

_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS conditions (cond TEXT PRIMARY KEY, label TEXT NOT NULL, spec TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cell_schemas (id INTEGER PRIMARY KEY, names TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS games (
    cond TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL, agents TEXT NOT NULL,
    scores TEXT NOT NULL, ranks TEXT NOT NULL, win_shares TEXT NOT NULL, decisions INTEGER NOT NULL,
    error TEXT, cells_schema INTEGER, cells TEXT, factions TEXT,
    PRIMARY KEY (cond, idx)
) WITHOUT ROWID;
"""

EncodedRow = tuple[Any, ...]  # (idx, seed, agents, scores, ranks, win_shares, decisions, error, schema (local), cells, factions)


@dataclass
class EncodedChunk:
    """Games encoded for the store: JSON text and numbers only (cheap to send between processes)."""

    schemas: list[tuple[tuple[str, str, str], ...]]
    rows: list[EncodedRow]

    def __len__(self) -> int:
        return len(self.rows)


def encode_chunk(outcomes: Sequence[GameOutcome]) -> EncodedChunk:
    dumps = json.dumps
    local: dict[tuple[tuple[str, str, str], ...], int] = {}
    rows = []
    for o in outcomes:
        schema = cells = None
        if o.cells is not None:
            names = tuple((m, r, c) for m, r, c, _ in o.cells)
            schema = local.setdefault(names, len(local))
            cells = dumps([round(v, 9) for _, _, _, v in o.cells])
        rows.append((o.index, o.seed, dumps(o.agents), dumps(o.scores), dumps(o.ranks), dumps(o.win_shares),
                     o.decisions, o.error, schema, cells, dumps(o.factions) if o.factions is not None else None))
    return EncodedChunk(list(local), rows)


def play_encoded(batch: Batch, indices: Sequence[int]) -> EncodedChunk:
    """A unit of work for a lab worker: play the games, encode them for the store (module-level: picklable)."""
    return encode_chunk(play_chunk(batch, indices))


@dataclass
class Row:
    idx: int
    seed: int
    agents: list[str]
    scores: list[float]
    ranks: list[int]
    win_shares: list[float]
    decisions: int
    error: str | None
    cells: list[tuple[str, str, str, float]] | None
    factions: list[str] | None


class Store:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(_SCHEMA_SQL)
        got = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if got is None:
            with self.db:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
        elif int(got[0]) != SCHEMA:
            from voidtable.engine.errors import OptionError
            raise OptionError(f"{self.path} was written by another lab version (schema {got[0]}, this is {SCHEMA}); "
                              "use --fresh or another --out")
        self._schema_ids: dict[tuple[Any, ...], int] = {}
        self._schemas: dict[int, tuple[Any, ...]] = {}
        for i, names in self.db.execute("SELECT id, names FROM cell_schemas"):
            key = tuple(tuple(n) for n in json.loads(names))
            self._schema_ids[key] = i
            self._schemas[i] = key

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------------------
    def set_meta(self, key: str, value: Any) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, json.dumps(value, sort_keys=True)))

    def get_meta(self, key: str) -> Any:
        got = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return json.loads(got[0]) if got else None

    def add_conditions(self, conditions: Iterable[Condition]) -> None:
        with self.db:
            self.db.executemany("INSERT OR REPLACE INTO conditions VALUES (?, ?, ?)",
                                [(c.key, c.label, json.dumps(c.to_json(), sort_keys=True)) for c in conditions])

    def _schema_id(self, names: tuple[Any, ...], new: list[tuple[int, str]]) -> int:
        i = self._schema_ids.get(names)
        if i is None:
            i = self._schema_ids[names] = len(self._schema_ids) + 1
            self._schemas[i] = names
            new.append((i, json.dumps([list(n) for n in names])))
        return i

    def add(self, cond: str, games: EncodedChunk | Iterable[GameOutcome]) -> int:
        """Append finished games of condition ``cond`` (encoded or not) in one transaction; returns how many."""
        chunk = games if isinstance(games, EncodedChunk) else encode_chunk(list(games))
        new: list[tuple[int, str]] = []
        ids = [self._schema_id(names, new) for names in chunk.schemas]
        rows = [(cond, *r[:8], ids[r[8]] if r[8] is not None else None, *r[9:]) for r in chunk.rows]
        with self.db:
            if new:
                self.db.executemany("INSERT INTO cell_schemas VALUES (?, ?)", new)
            self.db.executemany("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        return len(rows)

    # -- reading ---------------------------------------------------------------------------------------
    def done(self, cond: str, below: int) -> set[int]:
        """Indices of condition ``cond`` already stored (only those < ``below``)."""
        return {i for (i,) in self.db.execute("SELECT idx FROM games WHERE cond=? AND idx<?", (cond, below))}

    def has_games(self) -> bool:
        return self.db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is not None

    def count(self, cond: str, below: int) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM games WHERE cond=? AND idx<?", (cond, below)).fetchone()[0])

    def cell_names(self, players: int) -> set[tuple[str, str, str]]:
        """Every cell ``(measure, row, col)`` some stored game at ``players`` players produced, in any condition."""
        counts = {cond: json.loads(spec).get("players") for cond, spec in self.db.execute("SELECT cond, spec FROM conditions")}
        out: set[tuple[str, str, str]] = set()
        for cond, schema in self.db.execute("SELECT DISTINCT cond, cells_schema FROM games WHERE cells_schema IS NOT NULL"):
            if counts.get(cond) == players and schema in self._schemas:
                out.update(tuple(n) for n in self._schemas[schema])
        return out

    def rows(self, cond: str, below: int) -> Iterator[Row]:
        """Games ``0..below-1`` of condition ``cond`` that are stored, in index order."""
        cur = self.db.execute("SELECT idx, seed, agents, scores, ranks, win_shares, decisions, error, cells_schema, cells, "
                              "factions FROM games WHERE cond=? AND idx<? ORDER BY idx", (cond, below))
        loads = json.loads
        schemas = self._schemas
        for idx, seed, agents, scores, ranks, shares, decisions, error, schema, cells, factions in cur:
            decoded = None
            if cells is not None:
                decoded = [(*name, v) for name, v in zip(schemas[schema], loads(cells))]
            yield Row(idx, seed, loads(agents), loads(scores), loads(ranks), loads(shares), decisions, error,
                      decoded, loads(factions) if factions is not None else None)
