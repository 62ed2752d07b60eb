"""The strength ladder: seat-rotated matches between agent specs, win shares with confidence, a rating.

Game ``i`` seats a *lineup*: a window of the agent list (cycled, so a list
shorter than the table fills it with repeats, and a longer one gives mixed
tables of different agents), rotated by ``i`` so every agent sits in every
seat equally often. Each seat an agent fills is one appearance; its win share
is the mean of its win shares (a shared win counts as a fraction) over its
appearances, with a 95% Wilson interval to compare against the fair share 1/N.
The rating is a Bradley-Terry fit (in Elo points, mean 1500) of every pair of
different agents at a table: the better-ranked one wins the pair, equal ranks
draw. Game ``i`` is seeded from ``derive_seed(seed, i)`` and results come back
in game order, so a ladder is the same for a seed whatever ``jobs`` is.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get, load
from voidtable.engine.rng import derive_seed
from voidtable.engine.stats import wilson

from .play import run, seat_agents
from .specs import make, parse, split_specs  # noqa: F401  (split_specs: its old home)

__all__ = ["AgentRow", "LadderGame", "LadderResult", "bradley_terry", "format_table", "lineup", "play_one", "run_ladder",
           "split_specs", "summarize"]

# ----------------------------------------------------------------------------
# Statistics (intervals are shared with the lab: voidtable.engine.stats)
# ----------------------------------------------------------------------------
def bradley_terry(names: Sequence[str], wins: dict[tuple[str, str], float], iterations: int = 2000,
                  prior: float = 0.5) -> dict[str, float]:
    """Elo-scaled Bradley-Terry strengths (mean 1500) from pair results ``wins[(a, b)]`` = a's wins over b.

    Fitted by Hunter's MM algorithm. ``prior`` adds that many virtual draws
    between every pair that met (and with a virtual reference player for those
    that met nobody), so an agent that won every pair still gets a finite rating.
    """
    names = list(dict.fromkeys(names))
    if len(names) < 2:
        return {n: 1500.0 for n in names}
    w = {a: {b: 0.0 for b in names} for a in names}
    for (a, b), x in wins.items():
        if a != b:
            w[a][b] += x
    games = {a: {b: w[a][b] + w[b][a] for b in names} for a in names}
    for a in names:
        for b in names:
            if a != b and games[a][b] > 0:
                w[a][b] += prior / 2
                games[a][b] += prior
    gamma = {a: 1.0 for a in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            num = sum(w[a][b] for b in names if b != a)
            den = sum(games[a][b] / (gamma[a] + gamma[b]) for b in names if b != a and games[a][b] > 0)
            new[a] = num / den if den > 0 and num > 0 else gamma[a]
        # normalize to geometric mean 1
        logmean = sum(math.log(v) for v in new.values()) / len(new)
        new = {a: v / math.exp(logmean) for a, v in new.items()}
        delta = max(abs(math.log(new[a] / gamma[a])) for a in names)
        gamma = new
        if delta < 1e-10:
            break
    return {a: 1500.0 + 400.0 * math.log10(gamma[a]) for a in names}


# ----------------------------------------------------------------------------
# Scheduling and playing
# ----------------------------------------------------------------------------
def lineup(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The specs seated in game ``index``: window ``index // players`` of the cycled list, rotated by ``index``."""
    m = len(agents)
    start = (index // players) % m
    window = [agents[(start + j) % m] for j in range(players)]
    r = index % players
    return window[r:] + window[:r]


@dataclass
class LadderGame:
    index: int
    seed: int
    specs: list[str]
    scores: list[float]
    ranks: list[int]
    win_shares: list[float]
    decisions: list[int]
    seconds: list[float]
    searches: list[int] = field(default_factory=list)    # decisions that ran a search (MCTS), per seat
    iterations: list[int] = field(default_factory=list)  # search iterations over those decisions, per seat


def play_one(game: str, players: int, options: dict[str, Any], agents: Sequence[str], seed: int, index: int) -> LadderGame:
    """Game ``index`` of a ladder (picklable arguments, for worker processes)."""
    specs = lineup(agents, players, index)
    gseed = derive_seed(seed, index)
    g = load(game, players, options, cache=True)
    bots = seat_agents(specs, game, gseed)
    state = g.new_state(gseed)
    decisions = [0] * players
    secs = [0.0] * players
    searches = [0] * players
    iterations = [0] * players

    def count(p: int, action: Any, events: Any, took: float, agent: Any) -> None:
        secs[p] += took
        decisions[p] += 1
        its = getattr(agent, "last_iterations", 0)
        if its:
            searches[p] += 1
            iterations[p] += its

    run(state, bots, on_step=count)
    res = state.result()
    return LadderGame(index, gseed, specs, list(res.scores), list(res.ranks), res.win_shares(), decisions, secs,
                      searches, iterations)


def _worker(args: tuple[Any, ...]) -> LadderGame:
    return play_one(*args)


@dataclass
class AgentRow:
    spec: str
    appearances: int = 0
    win_share: float = 0.0
    ci_low: float = 0.0
    ci_high: float = 1.0
    vs_fair: str = "="
    mean_score: float = 0.0
    rating: float = 1500.0
    seconds_per_decision: float = 0.0
    iterations_per_search: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"agent": self.spec, "appearances": self.appearances, "win_share": round(self.win_share, 6),
                "ci95": [round(self.ci_low, 6), round(self.ci_high, 6)], "vs_fair": self.vs_fair,
                "mean_score": round(self.mean_score, 6), "rating": round(self.rating, 1),
                "seconds_per_decision": round(self.seconds_per_decision, 6),
                "iterations_per_search": round(self.iterations_per_search, 1)}


@dataclass
class LadderResult:
    game: str
    players: int
    agents: list[str]
    games: int
    seed: int
    rows: list[AgentRow] = field(default_factory=list)
    results: list[LadderGame] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def fair(self) -> float:
        return 1.0 / self.players

    def row(self, spec: str) -> AgentRow:
        return next(r for r in self.rows if r.spec == spec)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "agents": self.agents, "games": self.games,
                "seed": self.seed, "fair_share": round(self.fair, 6), "seconds": round(self.seconds, 3),
                "table": [r.to_json() for r in self.rows]}


def summarize(game: str, players: int, agents: Sequence[str], seed: int, results: list[LadderGame]) -> LadderResult:
    names = list(dict.fromkeys(agents))
    rows = {n: AgentRow(n) for n in names}
    shares = {n: 0.0 for n in names}
    scores = {n: 0.0 for n in names}
    secs = {n: 0.0 for n in names}
    decs = {n: 0 for n in names}
    searches = {n: 0 for n in names}
    its = {n: 0 for n in names}
    pairs: dict[tuple[str, str], float] = {}
    for g in results:
        for p, spec in enumerate(g.specs):
            row = rows[spec]
            row.appearances += 1
            shares[spec] += g.win_shares[p]
            scores[spec] += g.scores[p]
            secs[spec] += g.seconds[p]
            decs[spec] += g.decisions[p]
            if g.searches:
                searches[spec] += g.searches[p]
                its[spec] += g.iterations[p]
        for p, a in enumerate(g.specs):
            for q, b in enumerate(g.specs):
                if p < q and a != b:
                    if g.ranks[p] < g.ranks[q]:
                        pairs[(a, b)] = pairs.get((a, b), 0.0) + 1.0
                    elif g.ranks[p] > g.ranks[q]:
                        pairs[(b, a)] = pairs.get((b, a), 0.0) + 1.0
                    else:
                        pairs[(a, b)] = pairs.get((a, b), 0.0) + 0.5
                        pairs[(b, a)] = pairs.get((b, a), 0.0) + 0.5
    ratings = bradley_terry(names, pairs)
    fair = 1.0 / players
    for n, row in rows.items():
        k = row.appearances
        if k:
            row.win_share = shares[n] / k
            row.ci_low, row.ci_high = wilson(shares[n], k)
            row.mean_score = scores[n] / k
        row.vs_fair = "above" if row.ci_low > fair else ("below" if row.ci_high < fair else "=")
        row.rating = ratings[n]
        row.seconds_per_decision = secs[n] / decs[n] if decs[n] else 0.0
        row.iterations_per_search = its[n] / searches[n] if searches[n] else 0.0
    ordered = sorted(rows.values(), key=lambda r: (-r.rating, names.index(r.spec)))
    return LadderResult(game, players, list(agents), len(results), seed, ordered, results)


def run_ladder(game: str, players: int, agents: Sequence[str], games: int, seed: int = 0, jobs: int = 1,
               options: dict[str, Any] | None = None, progress: Callable[[int], None] | None = None) -> LadderResult:
    """Play ``games`` seat-rotated games between ``agents`` (specs) and summarize them."""
    options = dict(options or {})
    spec = get(game)
    if not spec.min_players <= players <= spec.max_players:
        raise OptionError(f"{game} takes {spec.min_players}-{spec.max_players} players, got {players}")
    if not agents:
        raise OptionError("the ladder needs at least one agent spec")
    if games < 1:
        raise OptionError(f"--games must be at least 1, got {games}")
    for a in agents:
        parse(a)
        make(a, game, 0)  # checks parameter values and that the game has what the agent needs (e.g. a bot)
    load(game, players, options)
    start = time.perf_counter()
    tasks = [(game, players, options, tuple(agents), seed, i) for i in range(games)]
    results: list[LadderGame] = []
    if jobs <= 1 or games < 2:
        for t in tasks:
            results.append(_worker(t))
            if progress:
                progress(1)
    else:
        import multiprocessing as mp
        with mp.get_context("fork").Pool(jobs) as pool:
            for r in pool.imap(_worker, tasks, chunksize=1):
                results.append(r)
                if progress:
                    progress(1)
    out = summarize(game, players, agents, seed, results)
    out.seconds = time.perf_counter() - start
    return out


def format_table(res: LadderResult) -> list[list[str]]:
    """Rows of text for a table: header first."""
    rows = [["agent", "seats", "win share", "95% CI", f"vs fair {res.fair:.3f}", "mean score", "rating", "s/decision"]]
    for r in res.rows:
        rows.append([r.spec, str(r.appearances), f"{r.win_share:.3f}", f"{r.ci_low:.3f}-{r.ci_high:.3f}", r.vs_fair,
                     f"{r.mean_score:.2f}", f"{r.rating:.0f}", f"{r.seconds_per_decision:.4f}"])
    return rows
