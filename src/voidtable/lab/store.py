"""The results store: one SQLite file per experiment directory, appended to as games finish.

Tables (JSON in TEXT columns; see docs/lab.md):

``meta(key, value)``
    ``schema`` and the last experiment run into this store (``experiment``).
``conditions(cond, label, spec)``
    one row per condition ever run here: its key (see ``lab.spec``) and description.
``games(cond, idx, seed, agents, scores, ranks, win_shares, decisions, error, cells, factions)``
    one row per finished game, primary key ``(cond, idx)``: game ``idx`` of condition ``cond``;
    ``cells`` is a flat JSON list ``[id, value, id, value, ...]`` of the game's measure cells.
``cell_names(id, measure, row, col)``
    what each cell id means (ids keep the store small: 100,000 games take about 50 MB).

A chunk of games is written in one transaction when it comes back from a
worker, so an interrupted run loses at most the chunks still being played;
running the experiment again plays only the ``(cond, idx)`` pairs that are
missing. Because a game's seed depends only on its condition key, the master
seed and its index, a resumed experiment ends with exactly the rows an
uninterrupted one would have. The WAL journal keeps the file readable (by a
report, say) while a run writes to it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from voidtable.sim.runner import GameOutcome

from .spec import SCHEMA, Condition

_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS conditions (cond TEXT PRIMARY KEY, label TEXT NOT NULL, spec TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cell_names (id INTEGER PRIMARY KEY, measure TEXT NOT NULL, row TEXT NOT NULL,
    col TEXT NOT NULL, UNIQUE (measure, row, col));
CREATE TABLE IF NOT EXISTS games (
    cond TEXT NOT NULL, idx INTEGER NOT NULL, seed INTEGER NOT NULL, agents TEXT NOT NULL,
    scores TEXT NOT NULL, ranks TEXT NOT NULL, win_shares TEXT NOT NULL, decisions INTEGER NOT NULL,
    error TEXT, cells TEXT, factions TEXT,
    PRIMARY KEY (cond, idx)
) WITHOUT ROWID;
"""


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
        self._ids: dict[tuple[str, str, str], int] = {}
        self._names: dict[int, tuple[str, str, str]] = {}
        for i, m, r, c in self.db.execute("SELECT id, measure, row, col FROM cell_names"):
            self._ids[(m, r, c)] = i
            self._names[i] = (m, r, c)

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

    def _cell_id(self, name: tuple[str, str, str], new: list[tuple[int, str, str, str]]) -> int:
        i = self._ids.get(name)
        if i is None:
            i = self._ids[name] = len(self._ids) + 1
            self._names[i] = name
            new.append((i, *name))
        return i

    def add(self, cond: str, outcomes: Iterable[GameOutcome]) -> int:
        """Append finished games of condition ``cond`` in one transaction; returns how many."""
        new: list[tuple[int, str, str, str]] = []
        rows = []
        dumps = json.dumps
        for o in outcomes:
            cells = None
            if o.cells is not None:
                flat: list[Any] = []
                for m, r, c, v in o.cells:
                    flat.append(self._cell_id((m, r, c), new))
                    flat.append(v)
                cells = dumps(flat)
            rows.append((cond, o.index, o.seed, dumps(o.agents), dumps(o.scores), dumps(o.ranks), dumps(o.win_shares),
                         o.decisions, o.error, cells, dumps(o.factions) if o.factions is not None else None))
        with self.db:
            if new:
                self.db.executemany("INSERT INTO cell_names VALUES (?, ?, ?, ?)", new)
            self.db.executemany("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
        return len(rows)

    # -- reading ---------------------------------------------------------------------------------------
    def done(self, cond: str, below: int) -> set[int]:
        """Indices of condition ``cond`` already stored (only those < ``below``)."""
        return {i for (i,) in self.db.execute("SELECT idx FROM games WHERE cond=? AND idx<?", (cond, below))}

    def count(self, cond: str, below: int) -> int:
        return self.db.execute("SELECT COUNT(*) FROM games WHERE cond=? AND idx<?", (cond, below)).fetchone()[0]

    def rows(self, cond: str, below: int) -> Iterator[Row]:
        """Games ``0..below-1`` of condition ``cond`` that are stored, in index order."""
        cur = self.db.execute("SELECT idx, seed, agents, scores, ranks, win_shares, decisions, error, cells, factions "
                              "FROM games WHERE cond=? AND idx<? ORDER BY idx", (cond, below))
        loads = json.loads
        names = self._names
        for idx, seed, agents, scores, ranks, shares, decisions, error, cells, factions in cur:
            decoded = None
            if cells is not None:
                flat = loads(cells)
                decoded = [(*names[flat[k]], flat[k + 1]) for k in range(0, len(flat), 2)]
            yield Row(idx, seed, loads(agents), loads(scores), loads(ranks), loads(shares), decisions, error,
                      decoded, loads(factions) if factions is not None else None)
