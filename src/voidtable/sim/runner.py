"""Play many games in parallel processes, reproducibly.

Game ``i`` of a batch always gets seed ``derive_seed(seed, i)`` and its agents
seeds derived from that, so results are the same whatever the number of
workers; :func:`run_batch` returns them in game order. :func:`iter_work` runs
several batches at once and yields each chunk of games as it finishes (the lab
appends them to its results store as they come).
"""

from __future__ import annotations

import os
import time
import traceback
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterator, Sequence

from voidtable.agents.play import run, seat_agents
from voidtable.engine.events import AnyEvent
from voidtable.engine.registry import load
from voidtable.engine.records import Recorder
from voidtable.engine.rng import derive_seed

from . import measures as game_measures


@dataclass
class GameOutcome:
    index: int
    seed: int
    scores: list[float] = field(default_factory=list)
    win_shares: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    decisions: int = 0
    error: str | None = None
    events: list[AnyEvent] | None = None  # kept only when asked
    agents: list[str] = field(default_factory=list)  # the spec in each seat
    cells: list[tuple[str, str, str, float]] | None = None  # the game's own measures, one mean per cell (Batch.measures)
    factions: list[str] | None = None  # each seat's faction, when the game declares factions

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "scores": self.scores, "win_shares": self.win_shares,
                "ranks": self.ranks, "decisions": self.decisions, "error": self.error}


@dataclass(frozen=True)
class Batch:
    """``games`` games of one rule set with the same agents.

    Seat ``p`` is played by ``agents[p % len(agents)]``; with ``rotate`` the
    list turns by one seat each game (game ``i``: ``agents[(p + i) % len]``),
    so every agent sits in every seat equally often. With ``measures`` each
    game's events go through the game's measures module (``sim.measures``)
    in the worker and only the resulting cells come back. Without
    ``measures`` or ``keep_events`` the games run quiet (no events built:
    :meth:`~voidtable.engine.state.GameState.set_events`); the lab's measures
    read events, so a batch with measures keeps them.
    """

    game: str
    players: int
    games: int
    seed: int = 0
    agents: tuple[str, ...] = ("random",)
    options: dict[str, Any] = field(default_factory=dict)
    keep_events: bool = False
    rotate: bool = False
    measures: bool = False

    def agent_for(self, seat: int, index: int = 0) -> str:
        return self.agents[(seat + (index if self.rotate else 0)) % len(self.agents)]

    def lineup(self, index: int) -> list[str]:
        return [self.agent_for(p, index) for p in range(self.players)]


def cached_game(name: str, players: int, options: dict[str, Any]) -> Any:
    """Load (and validate) a rule set once per process, not once per game (the engine's loaded-game cache)."""
    return load(name, players, options, cache=True)


def play_one(batch: Batch, index: int, game: Any = None) -> GameOutcome:
    """Play game ``index`` of ``batch`` with its agents; an exception becomes an error outcome, never a crash."""
    seed = derive_seed(batch.seed, index)
    out = GameOutcome(index, seed)
    try:
        g = game if game is not None else cached_game(batch.game, batch.players, batch.options)
        keep = batch.keep_events or batch.measures
        state = g.new_state(seed, events=keep)  # no one reads the words: the quiet path (same game, no events built)
        out.agents = specs = batch.lineup(index)
        agents = seat_agents(specs, batch.game, seed)
        events = list(state.setup_events) if keep else None
        if events is not None:
            n = run(state, agents, on_step=lambda p, a, ev, t, ag: events.extend(ev))
        else:
            n = run(state, agents)
        res = state.result()
        out.scores, out.ranks, out.win_shares, out.decisions = res.scores, res.ranks, res.win_shares(), n
        if batch.measures:
            mh = game_measures.hooks_for(batch.game)
            if mh is not None and events is not None:
                out.cells = per_game_cells(mh.measure(g, events, res))
                if mh.factions is not None:
                    out.factions = list(mh.factions(g, events))
        out.events = events if batch.keep_events else None
    except Exception as e:  # a crashing game is data for the report, not the end of the batch
        out.error = f"{type(e).__name__}: {e} | {traceback.format_exc(limit=3).splitlines()[-2].strip()}"
    return out


def per_game_cells(cells: Any) -> list[tuple[str, str, str, float]]:
    """A game's measure cells with repeated cells averaged (each game counts once per cell), in first-seen order."""
    acc: dict[tuple[str, str, str], list[float]] = {}
    for m, r, c, v in cells:
        a = acc.get((m, r, c))
        if a is None:
            acc[(m, r, c)] = [float(v), 1.0]
        else:
            a[0] += v
            a[1] += 1
    return [(m, r, c, s / n) for (m, r, c), (s, n) in acc.items()]


def play_chunk(batch: Batch, indices: Sequence[int]) -> list[GameOutcome]:
    """Games ``indices`` of ``batch`` (one unit of work for a worker process or a Ray task)."""
    g = cached_game(batch.game, batch.players, batch.options)
    return [play_one(batch, i, g) for i in indices]


_play_chunk = play_chunk  # the old private name


Work = tuple[Hashable, Batch, Sequence[int]]


def chunk_size(total: int, jobs: int, cap: int = 100) -> int:
    """Games per unit of work: about 8 units per worker, at most ``cap`` (progress and resume granularity)."""
    return max(1, min(cap, total // (max(1, jobs) * 8) or 1))


def split_work(work: Sequence[Work], size: int) -> list[tuple[Hashable, Batch, list[int]]]:
    """Cut each (key, batch, indices) into units of at most ``size`` games, interleaving batches."""
    per = [[(key, batch, list(idx[k:k + size])) for k in range(0, len(idx), size)] for key, batch, idx in work]
    units: list[tuple[Hashable, Batch, list[int]]] = []
    for k in range(max((len(p) for p in per), default=0)):
        units.extend(p[k] for p in per if k < len(p))
    return units


def iter_work(work: Sequence[Work], jobs: int = 1, chunk: int | None = None,
              fn: Callable[[Batch, Sequence[int]], Any] = play_chunk) -> Iterator[tuple[Hashable, Any]]:
    """Play every (key, batch, indices) unit; yield ``(key, fn(batch, indices))`` as each chunk finishes (any order).

    ``fn`` plays a chunk in the worker (default :func:`play_chunk`: a list of
    :class:`GameOutcome`; the lab passes one that also encodes the games for its
    store, so that work happens in parallel too). It must be a module-level
    function. ``jobs <= 1`` plays in this process. Otherwise a pool of ``jobs``
    worker processes keeps ``2 * jobs`` chunks in flight; stopping the
    iteration (an interruption, an exception in the consumer) cancels what has
    not started and shuts the pool down.
    """
    total = sum(len(idx) for _, _, idx in work)
    units = split_work(work, chunk or chunk_size(total, jobs))
    if jobs <= 1 or len(units) < 2:
        for key, batch, idx in units:
            yield key, fn(batch, idx)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        pending: dict[Future[Any], Hashable] = {}
        it = iter(units)
        for key, batch, idx in it:
            pending[pool.submit(fn, batch, idx)] = key
            if len(pending) >= 2 * jobs:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                key = pending.pop(f)
                nxt = next(it, None)
                if nxt is not None:
                    pending[pool.submit(fn, nxt[1], nxt[2])] = nxt[0]
                yield key, f.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_batch(batch: Batch, jobs: int = 1, progress: Callable[[int], None] | None = None,
              indices: list[int] | None = None) -> list[GameOutcome]:
    """All games of ``batch`` (or just ``indices``), in index order; ``progress(k)`` after every k finished."""
    todo = list(range(batch.games)) if indices is None else list(indices)
    results: list[GameOutcome] = []
    chunk = 1 if jobs <= 1 else None
    for _, part in iter_work([(0, batch, todo)], jobs, chunk):
        results.extend(part)
        if progress:
            progress(len(part))
    results.sort(key=lambda o: o.index)
    return results


def default_jobs() -> int:
    return os.cpu_count() or 1


def summarize(batch: Batch, outcomes: list[GameOutcome], seconds: float) -> dict[str, Any]:
    """The `simulate --json` summary: wins by seat count a shared win as a fraction."""
    done = [o for o in outcomes if o.error is None]
    n = batch.players
    wins = [sum(o.win_shares[p] for o in done) for p in range(n)]
    mean_score = [sum(o.scores[p] for o in done) / len(done) if done else 0.0 for p in range(n)]
    return {
        "game": batch.game,
        "players": n,
        "games": batch.games,
        "completed": len(done),
        "errors": len(outcomes) - len(done),
        "wins_by_seat": [round(w, 6) for w in wins],
        "mean_score_by_seat": [round(m, 6) for m in mean_score],
        "mean_decisions": round(sum(o.decisions for o in done) / len(done), 3) if done else 0.0,
        "seconds": round(seconds, 3),
        "games_per_second": round(len(outcomes) / seconds, 2) if seconds > 0 else 0.0,
        "agents": batch.lineup(0),
        "seed": batch.seed,
        "error_samples": [o.error for o in outcomes if o.error][:3],
    }


def record_game(game: str, players: int, seed: int, agents: list[str], options: dict[str, Any]) -> Recorder:
    """Play one game with the given agents and keep its record."""
    rec = Recorder(game, players, seed, options, agents)
    run(rec.state, seat_agents([agents[p % len(agents)] for p in range(players)], game, seed), apply=rec.apply)
    return rec


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t
