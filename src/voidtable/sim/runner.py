"""Play many games in parallel processes, reproducibly.

Game ``i`` of a batch always gets seed ``derive_seed(seed, i)`` and its agents
seeds derived from that, so results are the same whatever the number of
workers; results are returned in game order.
"""

from __future__ import annotations

import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable

from voidtable.agents.base import observe
from voidtable.agents.specs import make as make_agent
from voidtable.engine.registry import load
from voidtable.engine.records import Recorder
from voidtable.engine.rng import derive_seed


@dataclass
class GameOutcome:
    index: int
    seed: int
    scores: list[float] = field(default_factory=list)
    win_shares: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    decisions: int = 0
    error: str | None = None
    events: list[dict[str, Any]] | None = None  # kept only when asked (the lab counts from them)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "seed": self.seed, "scores": self.scores, "win_shares": self.win_shares,
                "ranks": self.ranks, "decisions": self.decisions, "error": self.error}


@dataclass(frozen=True)
class Batch:
    game: str
    players: int
    games: int
    seed: int = 0
    agents: tuple[str, ...] = ("random",)
    options: dict[str, Any] = field(default_factory=dict)
    keep_events: bool = False

    def agent_for(self, seat: int) -> str:
        return self.agents[seat % len(self.agents)]


_GAMES: dict[tuple[str, int, str], Any] = {}


def cached_game(name: str, players: int, options: dict[str, Any]) -> Any:
    """Load (and validate) a rule set once per process, not once per game."""
    key = (name, players, repr(sorted(options.items())))
    if key not in _GAMES:
        _GAMES[key] = load(name, players, options)
    return _GAMES[key]


def play_one(batch: Batch, index: int) -> GameOutcome:
    """Play game ``index`` of ``batch`` with its agents; an exception becomes an error outcome, never a crash."""
    seed = derive_seed(batch.seed, index)
    out = GameOutcome(index, seed)
    try:
        state = cached_game(batch.game, batch.players, batch.options).new_state(seed)
        agents = [make_agent(batch.agent_for(p), batch.game, derive_seed(seed, 1 + p)) for p in range(batch.players)]
        events = list(state.setup_events) if batch.keep_events else None
        n = 0
        while not state.is_over():
            p = state.to_move()[0]
            action = agents[p].act(observe(state, p))
            ev = state.apply(p, action)
            if events is not None:
                events.extend(ev)
            n += 1
        res = state.result()
        out.scores, out.ranks, out.win_shares, out.decisions = res.scores, res.ranks, res.win_shares(), n
        out.events = events
    except Exception as e:  # a crashing game is data for the report, not the end of the batch
        out.error = f"{type(e).__name__}: {e} | {traceback.format_exc(limit=3).splitlines()[-2].strip()}"
    return out


def _play_chunk(batch: Batch, indices: list[int]) -> list[GameOutcome]:
    return [play_one(batch, i) for i in indices]


def run_batch(batch: Batch, jobs: int = 1, progress: Callable[[int], None] | None = None,
              indices: list[int] | None = None) -> list[GameOutcome]:
    """All games of ``batch`` (or just ``indices``), in index order; ``progress(k)`` after every k finished."""
    todo = list(range(batch.games)) if indices is None else list(indices)
    if jobs <= 1 or len(todo) < 2:
        out = []
        for i in todo:
            out.append(play_one(batch, i))
            if progress:
                progress(1)
        return out
    size = max(1, min(50, len(todo) // (jobs * 8) or 1))
    chunks = [todo[k:k + size] for k in range(0, len(todo), size)]
    results: list[GameOutcome] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_play_chunk, batch, c) for c in chunks]
        for f in as_completed(futures):
            part = f.result()
            results.extend(part)
            if progress:
                progress(len(part))
    results.sort(key=lambda o: o.index)
    return results


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
        "agents": [batch.agent_for(p) for p in range(n)],
        "seed": batch.seed,
        "error_samples": [o.error for o in outcomes if o.error][:3],
    }


def record_game(game: str, players: int, seed: int, agents: list[str], options: dict[str, Any]) -> Recorder:
    """Play one game with the given agents and keep its record."""
    rec = Recorder(game, players, seed, options, agents)
    bots = [make_agent(agents[p % len(agents)], game, derive_seed(seed, 1 + p)) for p in range(players)]
    while not rec.state.is_over():
        p = rec.state.to_move()[0]
        rec.apply(p, bots[p].act(observe(rec.state, p)))
    return rec


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t
