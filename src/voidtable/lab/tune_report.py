"""The report of a ``lab tune`` study: tune.html, self-contained, in the style of the lab's report.

Sections: the study and its target (with the objective's formula), the search history, the
parameters' importances and each parameter against the objective, the final candidates with
every constraint's 95% interval and verdict, the file written, and every trial.
"""

from __future__ import annotations

import datetime
import json
import math
from typing import TYPE_CHECKING, Any

from .plots import COLORS, to_png  # first: it selects the Agg backend

import matplotlib.pyplot as plt  # noqa: E402
from .report import CSS, esc, table

if TYPE_CHECKING:
    from pathlib import Path

    from .tune import Candidate, TuneResult


def _num(x: float | None, digits: int = 3) -> str:
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.{digits}f}"


def history_plot(result: "TuneResult") -> str | None:
    """Each trial's distance (completed: dot; pruned: cross at its last reported round) and the best so far."""
    rows = [t for t in result.trials if t["state"] in ("COMPLETE", "PRUNED")]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(8, 3.6))
    best, xs, ys = math.inf, [], []
    for t in rows:
        value = t["value"] if t["state"] == "COMPLETE" else (list(t["intermediate"].values()) or [None])[-1]
        if value is None:
            continue
        done = t["state"] == "COMPLETE"
        ax.scatter([t["number"]], [value], marker="o" if done else "x", color=COLORS[0] if done else COLORS[3],
                   s=22, zorder=3)
        if done:
            best = min(best, value)
            xs.append(t["number"])
            ys.append(best)
    if xs:
        ax.step(xs, ys, where="post", color="black", linewidth=1, label="best completed so far")
    ax.scatter([], [], marker="o", color=COLORS[0], label="completed")
    ax.scatter([], [], marker="x", color=COLORS[3], label="pruned (last round reported)")
    ax.axhline(1, color="grey", linestyle=":", linewidth=1, label="1: one tolerance off on average")
    ax.set_xlabel("trial")
    ax.set_ylabel("distance from the target")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=7)
    return to_png(fig)


def importance_plot(imp: dict[str, float]) -> str:
    names = list(imp)[::-1]
    fig, ax = plt.subplots(figsize=(6.5, 0.45 * len(names) + 1.2))
    ax.barh(names, [imp[n] for n in names], color=COLORS[2])
    ax.set_xlabel("PED-ANOVA importance (normalised to sum 1)")
    return to_png(fig)


def slice_plot(result: "TuneResult") -> str | None:
    """Each parameter's values against the distance of completed trials."""
    rows = [t for t in result.trials if t["state"] == "COMPLETE" and t["value"] is not None]
    params = result.spec.params
    if not rows or not params:
        return None
    cols = min(3, len(params))
    nrows = math.ceil(len(params) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(4.2 * cols, 3.0 * nrows), squeeze=False)
    for ax, p in zip(axes.ravel(), params):
        pts = [(t["params"][p.path], t["value"]) for t in rows if p.path in t["params"]]
        ax.scatter([x for x, _ in pts], [y for _, y in pts], c=[t["number"] for t in rows if p.path in t["params"]],
                   cmap="viridis", s=18)
        ax.set_xlabel(p.path, fontsize=8)
        ax.set_ylabel("distance", fontsize=8)
        ax.set_ylim(bottom=0)
    for ax in axes.ravel()[len(params):]:
        ax.axis("off")
    fig.tight_layout()
    return to_png(fig)


def candidates_plot(result: "TuneResult") -> str | None:
    """One panel per constraint: every item's value with its 95% interval, per candidate, and the target."""
    cands = result.candidates
    if not cands:
        return None
    names = [c.name for c in result.spec.target]
    fig, axes = plt.subplots(len(names), 1, figsize=(9, 3.0 * len(names)), squeeze=False)
    for ax, (name, con) in zip(axes[:, 0], zip(names, result.spec.target)):
        labels = list(dict.fromkeys(o.item for c in cands for o in c.observations if o.constraint == name))
        width = 0.8 / len(cands)
        for k, cand in enumerate(cands):
            by = {o.item: o for o in cand.observations if o.constraint == name}
            for i, item in enumerate(labels):
                o = by.get(item)
                if o is None or o.value is None or o.low is None or o.high is None:
                    continue
                x = i + (k - (len(cands) - 1) / 2) * width
                ax.errorbar([x], [o.value], yerr=[[o.value - o.low], [o.high - o.value]], fmt="o", capsize=3,
                            color=COLORS[k % 10], label=cand.label if i == 0 else None)
        for i, item in enumerate(labels):
            o = next((o for c in cands for o in c.observations if o.constraint == name and o.item == item), None)
            if o is None or o.target is None:
                continue
            if con.kind == "within":
                ax.fill_between([i - 0.45, i + 0.45], o.target - con.tolerance, o.target + con.tolerance,
                                color="grey", alpha=0.2)
            ax.hlines(o.target, i - 0.45, i + 0.45, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(labels)), labels, rotation=30 if len(labels) > 4 else 0,
                      ha="right" if len(labels) > 4 else "center", fontsize=8)
        ax.set_title(f"{name}: {con.describe()}", fontsize=9)
        ax.legend(fontsize=7)
    fig.tight_layout()
    return to_png(fig)


def _candidate_rows(c: "Candidate") -> list[list[str]]:
    rows = []
    for o in c.observations:
        ci = "-" if o.low is None or o.high is None else f"{o.low:.3f} to {o.high:.3f}"
        rows.append([esc(o.constraint), esc(o.item), _num(o.value), ci, _num(o.target), str(o.n), _num(o.deviation, 2),
                     esc(o.verdict), _num(o.confidence, 2)])
    return rows


def write_html(result: "TuneResult", path: "Path") -> "Path":
    spec, prof = result.spec, result.profile
    parts: list[str] = [f"<h1>Tuning: {esc(spec.name)} ({esc(spec.game)})</h1>"]
    states = [t["state"] for t in result.trials]
    parts.append(f"<p>{', '.join(str(n) for n in spec.players)} players; agents {esc(', '.join(spec.agents))}; seed "
                 f"{spec.seed}; profile <b>{esc(prof.name)}</b>: {prof.trials} trials of up to {prof.games} games in "
                 f"{prof.rounds} round(s), then the best {prof.finalists} replayed with {prof.final_games} games. "
                 f"{states.count('COMPLETE')} completed, {states.count('PRUNED')} pruned, {states.count('FAIL')} cut "
                 f"short and retried. {result.played} games played by this run in {result.seconds:.1f} s on the "
                 f"{esc(spec.backend)} backend. Generated {esc(datetime.datetime.now().strftime('%Y-%m-%d %H:%M'))}.</p>")
    parts.append("<h2>Target</h2>")
    parts.append(table(["constraint", "what", "weight", "unit of deviation"],
                       [[esc(c.name), esc(c.describe()), f"{c.weight:g}",
                         f"tolerance {c.tolerance:g}" if c.kind == "within" else f"scale {c.scale:g}"]
                        for c in spec.target]))
    parts.append("<p class=note>Distance = sqrt( sum over constraints of weight x mean over its items of deviation^2 "
                 "/ sum of weights ). Deviation: |value - centre| / tolerance for <i>within</i> (1 = the band's edge), "
                 "the shortfall past the bound / scale for <i>at least</i> and <i>at most</i> (0 when it holds); "
                 "items are every faction or seat, or every measure cell, at every player count (or at the one a "
                 "constraint names). "
                 "Optuna's TPE minimizes it; Hyperband prunes trials after their first rounds.</p>")
    parts.append("<h2>Search parameters</h2>")
    parts.append(table(["path", "range searched", "kind"],
                       [[esc(p.path), esc(p.describe()), "option" if p.choices else "on/off" if p.boolean else "whole" if p.integer else "real"]
                        for p in spec.params]))
    if spec.fixed:
        parts.append("<p class=note>Fixed in every trial: " + esc(", ".join(f"{k}={v}" for k, v in spec.fixed.items()))
                     + "</p>")

    parts.append("<h2>Search history</h2>")
    png = history_plot(result)
    parts.append(f'<p><img alt="search history" src="{png}"></p>' if png else "<p>No trial finished.</p>")
    parts.append("<h2>Parameter importances</h2>")
    if result.importances:
        parts.append(f'<p><img alt="importances" src="{importance_plot(result.importances)}"></p>')
        parts.append(table(["parameter", "importance"], [[esc(k), f"{v:.3f}"] for k, v in result.importances.items()]))
        parts.append("<p class=note>PED-ANOVA (optuna.importance) over the completed trials: how much each parameter's "
                     "values separate the best trials (top 10%) from all of them. With few trials this is a hint, "
                     "not a finding.</p>")
    else:
        parts.append(f"<p>Not computed: {esc(result.importance_note)}.</p>")
    png = slice_plot(result)
    if png:
        parts.append(f'<h3>Each parameter against the distance</h3><p><img alt="slices" src="{png}"></p>')

    parts.append("<h2>Final candidates</h2>")
    if result.candidates:
        parts.append(f"<p class=note>Each replayed with {prof.final_games} games (new games, after every game of the search, "
                     "so the luck that picked a finalist does not flatter it here; the rules as they are, which "
                     "nothing selected, are judged on all their games). Verdict per item from the "
                     "95% interval (Wilson for shares and rates, t for means): <i>met</i> when the whole interval "
                     "satisfies the constraint, <i>missed</i> when none of it does, else <i>unsure</i>. Confidence: "
                     "the probability that the true value satisfies it, the estimate taken as normal; a candidate's "
                     "is the product over its items (they are not independent: read it as a guide).</p>")
        rows = []
        for c in result.candidates:
            vals = ", ".join(f"{k}={v}" for k, v in c.values.items()) or "as they are"
            best = " (written)" if result.best is c else ""
            rows.append([esc(c.label) + best, esc(vals), str(c.games), _num(c.search_value), _num(c.distance),
                         esc(c.verdict), _num(c.confidence, 2)])
        parts.append(table(["candidate", "values", "games", "search distance", "final distance", "verdict",
                            "confidence"], rows, left=2))
        png = candidates_plot(result)
        if png:
            parts.append(f'<p><img alt="final candidates" src="{png}"></p>')
        for c in result.candidates:
            parts.append(f"<h3>{esc(c.label)}</h3>")
            parts.append(table(["constraint", "item", "value", "95% CI", "target", "n", "deviation", "verdict",
                                "confidence"], _candidate_rows(c), left=2))
    else:
        parts.append("<p>No completed trial to replay.</p>")
    if "best" in result.files:
        parts.append("<h2>Rules-data file</h2><p>" + esc(str(result.files["best"])) + ": load it with "
                     "<code>voidtable lab run FILE</code> or offer it at the table with "
                     "<code>voidtable serve --rules NAME=FILE</code>.</p><pre>"
                     + esc(result.files["best"].read_text()) + "</pre>")
    parts.append("<h2>Trials</h2>")
    parts.append(table(["trial", "state", "distance", "games", "values", "by round"],
                       [[str(t["number"]), t["state"], _num(t["value"]), str(t["games"]),
                         esc(", ".join(f"{k}={v}" for k, v in t["params"].items())),
                         esc(" ".join(f"{float(v):.3f}" for v in t["intermediate"].values()))]
                        for t in result.trials], left=0))
    parts.append("<h2>Study</h2><pre>" + esc(json.dumps(spec.identity(), indent=1)) + "</pre>")
    parts.append("<p class=note>Beside this file: study.sqlite (the Optuna study; rerunning continues it), "
                 "results.sqlite (every game played, the lab's store), tune.json (these tables).</p>")
    doc = (f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>{esc(spec.name)}: tuning</title>"
           f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>")
    path.write_text(doc, encoding="utf-8")
    return path
