"""From stored games to statistics: per condition, and comparisons between conditions.

Units and intervals (all 95%, two-sided):

- *win share* of a seat, agent or faction: the mean of its win shares over
  its appearances (a shared win counts as a fraction); Wilson score interval.
- *rates* (ties, a game's ``rate`` measures): Wilson interval over games.
- *means* (scores, game length, ``mean`` measures): Student t interval.
- a game measure cell observed several times in one game (e.g. once per
  player) is first averaged within the game, so every game counts once.

Comparisons: within each group (same player count and variant) every arm is
compared with the group's baseline (A, or the first point of a sweep) on the
seat win shares, mean score, winning score, game length, shared victories,
faction win shares and every measure cell, by Welch's t-test (for 0/1 data the
unpooled two-proportion test). All p-values of an experiment form one family,
adjusted with Holm's step-down method; a difference is *significant* when its
adjusted p is below ``alpha``. For an inconclusive one the report gives the
games per arm that would detect it with 80% power at Holm's strictest level
``alpha / m``: for win shares and rates the difference ``detect`` (default
0.02, i.e. 2 percentage points), and the observed difference for every metric.

Seat balance within a condition: each seat's win share against the fair
share ``1/N`` (one-sample t-test, Holm across the seats of the condition) and
a chi-square test of "all seats win equally often".
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from voidtable.sim import measures as game_measures
from voidtable.engine.stats import describe, holm, n_two_means, n_two_proportions, one_sample, quantiles, welch, wilson

from .spec import Plan
from .store import Store

QS = (0.05, 0.25, 0.5, 0.75, 0.95)


def r6(x: float) -> float | None:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return None
    return round(float(x), 6)


def sig(p: float) -> float:
    """A p-value to 4 significant digits (tiny ones stay visible, unlike rounding to 6 decimals)."""
    return float(f"{p:.4g}")


def ci(lo: float, hi: float) -> list[float | None]:
    return [r6(lo), r6(hi)]


@dataclass
class CondData:
    """The raw numbers of one condition, game by game (completed games only)."""

    scores: np.ndarray            # games x seats
    shares: np.ndarray            # games x seats
    ranks: np.ndarray             # games x seats
    decisions: np.ndarray         # games
    agents: list[list[str]]
    factions: list[list[str]] | None
    cells: dict[tuple[str, str, str], dict[int, float]]   # cell -> game position -> per-game mean
    errors: list[str]
    stored: int


@dataclass
class Analysis:
    summary: dict[str, Any]
    data: dict[int, CondData] = field(default_factory=dict)


def load_condition(store: Store, key: str, games: int, players: int) -> CondData:
    scores: list[list[float]] = []
    shares: list[list[float]] = []
    ranks: list[list[int]] = []
    decisions: list[int] = []
    agents: list[list[str]] = []
    factions: list[list[str]] = []
    errors: list[str] = []
    sums: dict[tuple[str, str, str], dict[int, list[float]]] = defaultdict(dict)
    has_f = False
    stored = 0
    for row in store.rows(key, games):
        stored += 1
        if row.error is not None:
            errors.append(row.error)
            continue
        g = len(scores)
        scores.append(row.scores)
        shares.append(row.win_shares)
        ranks.append(row.ranks)
        decisions.append(row.decisions)
        agents.append(row.agents)
        if row.factions is not None:
            has_f = True
        factions.append(row.factions or [])
        for m, r, c, v in row.cells or ():
            acc = sums[(m, r, c)].setdefault(g, [0.0, 0])
            acc[0] += v
            acc[1] += 1
    cells = {k: {g: s / n for g, (s, n) in d.items()} for k, d in sums.items()}
    shape = (len(scores), players)
    return CondData(np.array(scores, dtype=float).reshape(shape), np.array(shares, dtype=float).reshape(shape),
                    np.array(ranks, dtype=int).reshape(shape), np.array(decisions, dtype=float), agents,
                    factions if has_f else None, cells, errors, stored)


def summary_of(values: np.ndarray | list[float]) -> dict[str, Any]:
    vals = [float(v) for v in values]
    s = describe(vals)
    q = quantiles(vals, QS)
    return {"n": s.n, "mean": r6(s.mean), "sd": r6(s.sd), "ci95": ci(s.low, s.high),
            "min": r6(min(vals)) if vals else None, "max": r6(max(vals)) if vals else None,
            "quantiles": {f"p{int(k * 100)}": r6(v) for k, v in zip(QS, q)}}


def rate_of(successes: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"n": n, "rate": r6(successes / n) if n else None, "ci95": ci(lo, hi)}


def condition_summary(plan: Plan, cid: int, d: CondData) -> dict[str, Any]:
    c = plan.conditions[cid]
    n = c.players
    G = d.scores.shape[0]
    fair = 1.0 / n
    out: dict[str, Any] = c.to_json()
    out.update({"stored": d.stored, "completed": G, "errors": len(d.errors), "error_samples": d.errors[:3],
                "fair_share": r6(fair)})
    # seats
    pv = [one_sample(d.shares[:, p].tolist(), fair) for p in range(n)] if G else [1.0] * n
    adj = holm(pv)
    seats = []
    for p in range(n):
        wins = float(d.shares[:, p].sum()) if G else 0.0
        lo, hi = wilson(wins, G)
        sc = describe(d.scores[:, p].tolist()) if G else None
        verdict = "="
        if G and adj[p] < plan.experiment.alpha:
            verdict = "above" if wins / G > fair else "below"
        seats.append({"seat": p, "wins": r6(wins), "win_share": r6(wins / G) if G else None, "ci95": ci(lo, hi),
                      "mean_score": r6(sc.mean) if sc else None, "score_sd": r6(sc.sd) if sc else None,
                      "p_vs_fair": sig(pv[p]), "p_holm": sig(adj[p]), "vs_fair": verdict})
    out["seats"] = seats
    out["seat_chi2_p"] = sig(_chi2_equal(d.shares)) if G else None
    # agents
    names = list(dict.fromkeys(a for lineup in d.agents for a in lineup))
    out["agents"] = _groups(d.agents, d, names) if len(names) > 1 else []
    # factions
    if d.factions is not None:
        fnames = sorted({f for lineup in d.factions for f in lineup})
        out["factions"] = _groups(d.factions, d, fnames)
        out["faction_matrix"] = _faction_matrix(d, fnames)
    else:
        out["factions"] = None
        out["faction_matrix"] = None
    # scores, length, ties
    if G:
        srt = np.sort(d.scores, axis=1)
        winner = srt[:, -1]
        margin = srt[:, -1] - srt[:, -2] if n > 1 else np.zeros(G)
        shared = float(((d.shares > 0).sum(axis=1) > 1).sum())
        top_tie = float(((d.scores == winner[:, None]).sum(axis=1) > 1).sum())
        out["scores"] = {"all": summary_of(d.scores.ravel()), "winner": summary_of(winner), "margin": summary_of(margin)}
        out["length"] = {"decisions": summary_of(d.decisions)}
        out["ties"] = {"shared_victory": rate_of(shared, G), "top_score_tie": rate_of(top_tie, G)}
    else:
        out["scores"] = out["length"] = out["ties"] = None
    out["measures"] = measure_tables(plan, d)
    return out


def _chi2_equal(shares: np.ndarray) -> float:
    """p of a chi-square test that every seat wins equally often (win counts, shared wins fractional)."""
    wins = shares.sum(axis=0)
    total = wins.sum()
    if total <= 0:
        return 1.0
    from scipy.stats import chisquare
    return float(chisquare(wins).pvalue)


def _groups(labels: list[list[str]], d: CondData, names: list[str]) -> list[dict[str, Any]]:
    """Win share per label (agent or faction) over its appearances, with Wilson intervals."""
    shares: dict[str, list[float]] = {k: [] for k in names}
    scores: dict[str, list[float]] = {k: [] for k in names}
    for g, lineup in enumerate(labels):
        for p, k in enumerate(lineup):
            shares[k].append(float(d.shares[g, p]))
            scores[k].append(float(d.scores[g, p]))
    out = []
    for k in names:
        m = len(shares[k])
        w = math.fsum(shares[k])
        lo, hi = wilson(w, m)
        out.append({"name": k, "appearances": m, "win_share": r6(w / m) if m else None, "ci95": ci(lo, hi),
                    "mean_score": r6(math.fsum(scores[k]) / m) if m else None})
    return out


def _faction_matrix(d: CondData, names: list[str]) -> dict[str, Any]:
    """``beats[a][b]``: share of games with both a and b at the table where a finished ahead of b (a tie: half)."""
    idx = {k: i for i, k in enumerate(names)}
    k = len(names)
    wins = np.zeros((k, k))
    met = np.zeros((k, k))
    for g, lineup in enumerate(d.factions or []):
        for p, a in enumerate(lineup):
            for q, b in enumerate(lineup):
                if p == q or a == b:
                    continue
                i, j = idx[a], idx[b]
                met[i, j] += 1
                if d.ranks[g, p] < d.ranks[g, q]:
                    wins[i, j] += 1
                elif d.ranks[g, p] == d.ranks[g, q]:
                    wins[i, j] += 0.5
    beats = [[r6(wins[i, j] / met[i, j]) if met[i, j] else None for j in range(k)] for i in range(k)]
    return {"factions": names, "beats": beats, "games": met.astype(int).tolist()}


def measure_tables(plan: Plan, d: CondData) -> dict[str, Any]:
    declared = game_measures.declared(plan.experiment.game)
    out: dict[str, Any] = {}
    by_measure: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
    for key in d.cells:
        by_measure[key[0]].append(key)
    for name in list(declared) + sorted(set(by_measure) - set(declared)):
        keys = by_measure.get(name)
        if not keys:
            continue
        info = declared.get(name, {})
        kind = info.get("kind", "mean")
        rows = list(dict.fromkeys(r for _, r, _ in keys))
        cols = list(dict.fromkeys(c for _, _, c in keys))
        cols.sort(key=lambda c: c == "all")  # an 'all' column goes last
        cells: dict[str, dict[str, Any]] = {r: {} for r in rows}
        for key in keys:
            vals = list(d.cells[key].values())
            s = describe(vals)
            if kind == "rate":
                lo, hi = wilson(math.fsum(vals), len(vals))
            else:
                lo, hi = s.low, s.high
            cells[key[1]][key[2]] = {"n": s.n, "mean": r6(s.mean), "ci95": ci(lo, hi)}
        out[name] = {"title": info.get("title", name), "kind": kind, "help": info.get("help", ""),
                     "rows_label": info.get("rows", ""), "cols_label": info.get("cols", ""),
                     "rows": rows, "cols": cols, "cells": cells}
    return out


# -------------------------------------------------------------------------------------------------------
# Comparisons
# -------------------------------------------------------------------------------------------------------
def metric_values(plan: Plan, cid: int, d: CondData) -> dict[str, tuple[str, list[float]]]:
    """name -> (kind, one value per game or per appearance) for every metric two arms are compared on."""
    n = plan.conditions[cid].players
    out: dict[str, tuple[str, list[float]]] = {}
    for p in range(n):
        out[f"win share, seat {p}"] = ("rate", d.shares[:, p].tolist())
    out["mean score"] = ("mean", d.scores.mean(axis=1).tolist() if d.scores.size else [])
    out["winning score"] = ("mean", d.scores.max(axis=1).tolist() if d.scores.size else [])
    out["game length (decisions)"] = ("mean", d.decisions.tolist())
    out["shared victory"] = ("rate", (((d.shares > 0).sum(axis=1) > 1).astype(float)).tolist() if d.shares.size else [])
    if d.factions is not None:
        per: dict[str, list[float]] = defaultdict(list)
        for g, lineup in enumerate(d.factions):
            for p, f in enumerate(lineup):
                per[f].append(float(d.shares[g, p]))
        for f in sorted(per):
            out[f"win share, faction {f}"] = ("rate", per[f])
    declared = game_measures.declared(plan.experiment.game)
    for key in d.cells:
        m, r, c = key
        kind = declared.get(m, {}).get("kind", "mean")
        out[f"{m}: {r}" + (f" / {c}" if c else "")] = (kind, list(d.cells[key].values()))
    return out


def compare(plan: Plan, data: dict[int, CondData]) -> list[dict[str, Any]]:
    exp = plan.experiment
    tests: list[dict[str, Any]] = []
    groups: dict[str, list[int]] = defaultdict(list)
    for c in plan.conditions:
        groups[c.group].append(c.id)
    for group, ids in groups.items():
        base = next(i for i in ids if plan.conditions[i].baseline)
        mb = metric_values(plan, base, data[base])
        for other in ids:
            if other == base:
                continue
            mo = metric_values(plan, other, data[other])
            for name, (kind, a) in mb.items():
                if name not in mo:
                    continue
                b = mo[name][1]
                if len(a) < 2 or len(b) < 2:
                    continue
                w = welch(a, b)
                ma, mbm = math.fsum(a) / len(a), math.fsum(b) / len(b)
                tests.append({"group": group, "baseline": base, "other": other,
                              "baseline_label": plan.conditions[base].label, "other_label": plan.conditions[other].label,
                              "metric": name, "kind": kind, "a": r6(ma), "b": r6(mbm), "diff": r6(w.diff),
                              "ci95": ci(w.low, w.high), "p": w.p, "n_a": w.n_a, "n_b": w.n_b,
                              "_sd": (w.sd_a, w.sd_b)})
    adjusted = holm([t["p"] for t in tests])
    m = len(tests)
    level = exp.alpha / m if m else exp.alpha
    for t, pa in zip(tests, adjusted):
        sd_a, sd_b = t.pop("_sd")
        t["p"] = sig(t["p"])
        t["p_holm"] = sig(pa)
        t["significant"] = pa < exp.alpha
        t["games_needed"] = None
        t["games_needed_detect"] = None
        if not t["significant"]:
            if t["kind"] == "rate":
                base_rate = min(max(t["a"], 0.0), 1.0)
                if t["diff"]:
                    t["games_needed"] = n_two_proportions(base_rate, min(max(base_rate + t["diff"], 0.0), 1.0), level)
                target = base_rate + exp.detect if base_rate + exp.detect <= 1 else base_rate - exp.detect
                t["games_needed_detect"] = n_two_proportions(base_rate, target, level)
            elif t["diff"]:
                t["games_needed"] = n_two_means(sd_a, sd_b, t["diff"], level)
    return tests


def analyse(plan: Plan, store: Store) -> Analysis:
    data = {c.id: load_condition(store, c.key, c.games, c.players) for c in plan.conditions}
    conds = [condition_summary(plan, c.id, data[c.id]) for c in plan.conditions]
    tests = compare(plan, data) if len(plan.conditions) > 1 else []
    exp = plan.experiment
    summary = {
        "experiment": exp.to_json(),
        "kind": plan.kind,
        "game": exp.game,
        "conditions": conds,
        "comparisons": tests,
        "family": {"tests": len(tests), "alpha": exp.alpha, "correction": "holm",
                   "power": 0.8, "level_for_games_needed": r6(exp.alpha / len(tests)) if tests else exp.alpha},
        "sweep_keys": list(exp.sweep),
        "has_factions": any(c["factions"] is not None for c in conds),
    }
    return Analysis(summary, data)
