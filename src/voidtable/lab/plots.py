"""The report's figures: matplotlib (Agg) to base64 PNG, ready for an ``<img src="data:...">``."""

from __future__ import annotations

import base64
import io
import math
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from .analysis import Analysis  # noqa: E402

COLORS = plt.get_cmap("tab10").colors  # type: ignore[attr-defined]  # a ListedColormap
MAX_BARS = 8  # conditions per grouped bar chart; sweeps with more points are read from the curves


def to_png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _groups(an: Analysis) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for c in an.summary["conditions"]:
        out.setdefault(c["group"], []).append(c)
    return out


def _err(value: float | None, ci: list[float | None]) -> tuple[float, float]:
    if value is None or ci[0] is None or ci[1] is None:
        return 0.0, 0.0
    return value - ci[0], ci[1] - value


def win_share_by_seat(an: Analysis) -> str:
    groups = _groups(an)
    fig, axes = plt.subplots(1, len(groups), figsize=(max(5.5, 4.8 * len(groups)), 3.6), squeeze=False)
    for ax, (group, conds) in zip(axes[0], groups.items()):
        conds = conds[:MAX_BARS]
        n = conds[0]["players"]
        width = 0.8 / len(conds)
        for k, c in enumerate(conds):
            xs = np.arange(n) + (k - (len(conds) - 1) / 2) * width
            vals = [s["win_share"] or 0 for s in c["seats"]]
            errs = np.array([_err(s["win_share"], s["ci95"]) for s in c["seats"]]).T
            ax.bar(xs, vals, width, yerr=errs, capsize=3, color=COLORS[k % 10], label=c["label"])
        ax.axhline(1 / n, color="black", linestyle="--", linewidth=1, label=f"fair share 1/{n}")
        ax.set_xticks(range(n), [f"seat {p}" for p in range(n)])
        ax.set_ylabel("win share (95% Wilson CI)")
        ax.set_title(group)
        ax.legend(fontsize=7)
    return to_png(fig)


def score_distributions(an: Analysis) -> str:
    groups = _groups(an)
    fig, axes = plt.subplots(len(groups), 2, figsize=(10, 3.2 * len(groups)), squeeze=False)
    for row, (group, conds) in zip(axes, groups.items()):
        conds = conds[:MAX_BARS]
        all_vals = [an.data[c["id"]].scores.ravel() for c in conds]
        win_vals = [an.data[c["id"]].scores.max(axis=1) if an.data[c["id"]].scores.size else np.array([]) for c in conds]
        for ax, vals, what in ((row[0], all_vals, "every seat's score"), (row[1], win_vals, "winning score")):
            lo = min((v.min() for v in vals if v.size), default=0)
            hi = max((v.max() for v in vals if v.size), default=1)
            bins = np.arange(math.floor(lo), math.ceil(hi) + 2) - 0.5 if hi - lo <= 80 else 40
            for k, (c, v) in enumerate(zip(conds, vals)):
                if v.size:
                    ax.hist(v, bins=bins, density=True, histtype="step", linewidth=1.5, color=COLORS[k % 10],
                            label=c["label"])
            ax.set_title(f"{group}: {what}")
            ax.set_ylabel("share of games")
            ax.legend(fontsize=7)
    fig.tight_layout()
    return to_png(fig)


def game_length(an: Analysis) -> str:
    groups = _groups(an)
    fig, axes = plt.subplots(1, len(groups), figsize=(max(5.5, 4.8 * len(groups)), 3.2), squeeze=False)
    for ax, (group, conds) in zip(axes[0], groups.items()):
        for k, c in enumerate(conds[:MAX_BARS]):
            v = an.data[c["id"]].decisions
            if v.size:
                bins = np.arange(v.min(), v.max() + 2) - 0.5 if v.max() - v.min() <= 120 else 40
                ax.hist(v, bins=bins, density=True, histtype="step", linewidth=1.5, color=COLORS[k % 10], label=c["label"])
        ax.set_xlabel("decisions per game")
        ax.set_title(group)
        ax.legend(fontsize=7)
    return to_png(fig)


def measure_heatmaps(an: Analysis, name: str) -> str | None:
    """Rows x columns of a measure with several columns and no 'all' (e.g. points by condition and faction)."""
    conds = [c for c in an.summary["conditions"] if name in c["measures"]][:4]
    if not conds:
        return None
    fig, axes = plt.subplots(1, len(conds), figsize=(5.8 * len(conds), 0.42 * len(conds[0]["measures"][name]["rows"]) + 2.2),
                             squeeze=False)
    for ax, c in zip(axes[0], conds):
        t = c["measures"][name]
        rows, cols = t["rows"], t["cols"]
        grid = np.array([[np.nan if (t["cells"][r].get(k) or {}).get("mean") is None else t["cells"][r][k]["mean"]
                          for k in cols] for r in rows], dtype=float)
        im = ax.imshow(grid, aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(cols)), cols, rotation=40, ha="right")
        ax.set_yticks(range(len(rows)), rows)
        for i in range(len(rows)):
            for j in range(len(cols)):
                if not np.isnan(grid[i, j]):
                    v = grid[i, j]
                    ax.text(j, i, f"{100 * v:.0f}%" if t["kind"] == "rate" else f"{v:.2f}", ha="center", va="center",
                            fontsize=7, color="white" if v < np.nanmean(grid) else "black")
        ax.set_title(c["label"])
        fig.colorbar(im, ax=ax, shrink=0.7)
    fig.tight_layout()
    return to_png(fig)


def measure_plot(an: Analysis, name: str) -> str | None:
    first = next((c["measures"][name] for c in an.summary["conditions"] if name in c["measures"]), None)
    if first is None:
        return None
    if len(first["cols"]) > 1 and "all" not in first["cols"]:
        return measure_heatmaps(an, name)
    return measure_bars(an, name)


def measure_bars(an: Analysis, name: str) -> str | None:
    """One panel per group: the measure's rows on x, one bar per condition, for its 'all' (or only) column."""
    groups = _groups(an)
    panels = []
    for group, conds in groups.items():
        tables = [c["measures"].get(name) for c in conds[:MAX_BARS]]
        if not any(tables):
            continue
        panels.append((group, conds[:MAX_BARS], tables))
    if not panels:
        return None
    fig, axes = plt.subplots(1, len(panels), figsize=(max(6, 5.5 * len(panels)), 3.4), squeeze=False)
    for ax, (group, conds, tables) in zip(axes[0], panels):
        first = next(t for t in tables if t)
        col = "all" if "all" in first["cols"] else first["cols"][0]
        rows = first["rows"]
        width = 0.8 / len(conds)
        for k, (c, t) in enumerate(zip(conds, tables)):
            if not t:
                continue
            cells = [t["cells"].get(r, {}).get(col) for r in rows]
            vals = [x["mean"] if x and x["mean"] is not None else 0 for x in cells]
            errs = np.array([_err(x["mean"], x["ci95"]) if x else (0, 0) for x in cells]).T
            xs = np.arange(len(rows)) + (k - (len(conds) - 1) / 2) * width
            ax.bar(xs, vals, width, yerr=errs, capsize=2, color=COLORS[k % 10], label=c["label"])
        ax.set_xticks(range(len(rows)), rows, rotation=30 if len(rows) > 4 else 0, ha="right" if len(rows) > 4 else "center")
        ax.set_title(f"{group}" + (f" ({col})" if col else ""))
        ax.axhline(0, color="black", linewidth=0.6)
        ax.legend(fontsize=7)
    return to_png(fig)


def faction_matrix(an: Analysis) -> str | None:
    conds = [c for c in an.summary["conditions"] if c.get("faction_matrix")][:4]
    if not conds:
        return None
    fig, axes = plt.subplots(1, len(conds), figsize=(5.2 * len(conds), 4.4), squeeze=False)
    for ax, c in zip(axes[0], conds):
        m = c["faction_matrix"]
        names = m["factions"]
        grid = np.array([[np.nan if v is None else v for v in row] for row in m["beats"]], dtype=float)
        im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu_r")
        ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
        ax.set_yticks(range(len(names)), names)
        for i in range(len(names)):
            for j in range(len(names)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=7)
        ax.set_title(f"{c['label']}: row finishes ahead of column")
        fig.colorbar(im, ax=ax, shrink=0.7)
    fig.tight_layout()
    return to_png(fig)


def faction_shares(an: Analysis) -> str | None:
    conds = [c for c in an.summary["conditions"] if c.get("factions")][:MAX_BARS]
    if not conds:
        return None
    names = sorted({f["name"] for c in conds for f in c["factions"]})
    fig, ax = plt.subplots(figsize=(max(6, 0.9 * len(names) * max(1, len(conds) / 2)), 3.6))
    width = 0.8 / len(conds)
    for k, c in enumerate(conds):
        rows = {f["name"]: f for f in c["factions"]}
        vals = [rows[n]["win_share"] or 0 if n in rows else 0 for n in names]
        errs = np.array([_err(rows[n]["win_share"], rows[n]["ci95"]) if n in rows else (0, 0) for n in names]).T
        ax.bar(np.arange(len(names)) + (k - (len(conds) - 1) / 2) * width, vals, width, yerr=errs, capsize=3,
               color=COLORS[k % 10], label=c["label"])
        ax.axhline(1 / c["players"], color=COLORS[k % 10], linestyle="--", linewidth=0.8)
    ax.set_xticks(range(len(names)), names, rotation=30, ha="right")
    ax.set_ylabel("win share (95% Wilson CI)")
    ax.legend(fontsize=7)
    return to_png(fig)


def _numeric(values: list[Any]) -> bool:
    return all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)


def _xvalues(values: list[Any]) -> tuple[list[float], list[str] | None]:
    if _numeric(values):
        return [float(v) for v in values], None
    return list(range(len(values))), [str(v) for v in values]


def in_value_order(conds: list[dict[str, Any]], key: str) -> list[dict[str, Any]]:
    """A sweep's conditions in the order of their values of ``key`` (a line joins them so); values that are not
    all numbers keep the order they were listed in (there is no order to draw)."""
    values = [c["arm"][key] for c in conds]
    return sorted(conds, key=lambda c: float(c["arm"][key])) if _numeric(values) else list(conds)


def sweep_curves(an: Analysis) -> list[tuple[str, str]]:
    """(title, png) per group: metrics against the first swept key, one line per combination of the others."""
    keys = an.summary["sweep_keys"]
    if not keys:
        return []
    xkey, others = keys[0], keys[1:]
    out = []
    for group, conds in _groups(an).items():
        lines: dict[str, list[dict[str, Any]]] = {}
        for c in conds:
            tag = ", ".join(f"{k.split('.')[-1]}={c['arm'][k]}" for k in others) or group
            lines.setdefault(tag, []).append(c)
        lines = {tag: in_value_order(cs, xkey) for tag, cs in lines.items()}  # listed order is not value order
        n = conds[0]["players"]
        panels: list[tuple[str, Any]] = [(f"win share, seat {p}", (lambda c, p=p: (c["seats"][p]["win_share"], c["seats"][p]["ci95"])))
                                         for p in range(n)]
        panels.append(("mean score", lambda c: (c["scores"]["all"]["mean"], c["scores"]["all"]["ci95"]) if c["scores"] else (None, [None, None])))
        panels.append(("winning score", lambda c: (c["scores"]["winner"]["mean"], c["scores"]["winner"]["ci95"]) if c["scores"] else (None, [None, None])))
        panels.append(("game length (decisions)", lambda c: (c["length"]["decisions"]["mean"], c["length"]["decisions"]["ci95"]) if c["length"] else (None, [None, None])))
        panels.append(("shared victory", lambda c: (c["ties"]["shared_victory"]["rate"], c["ties"]["shared_victory"]["ci95"]) if c["ties"] else (None, [None, None])))
        first = conds[0]["measures"]
        for mname, table in first.items():
            col = "all" if "all" in table["cols"] else table["cols"][0]
            for r in table["rows"][:8]:
                panels.append((f"{mname}: {r}", (lambda c, m=mname, r=r, col=col: (
                    (c["measures"].get(m, {}).get("cells", {}).get(r, {}).get(col) or {}).get("mean"),
                    (c["measures"].get(m, {}).get("cells", {}).get(r, {}).get(col) or {}).get("ci95", [None, None])))))
        panels = panels[:24]
        cols = 4
        rows = math.ceil(len(panels) / cols)
        fig, axes = plt.subplots(rows, cols, figsize=(4.0 * cols, 2.8 * rows), squeeze=False)
        for ax, (title, get) in zip(axes.ravel(), panels):
            for k, (tag, cs) in enumerate(lines.items()):
                xs, ticks = _xvalues([c["arm"][xkey] for c in cs])
                ys, lo, hi = [], [], []
                for c in cs:
                    v, ci = get(c)
                    ys.append(np.nan if v is None else v)
                    lo.append(np.nan if ci[0] is None else ci[0])
                    hi.append(np.nan if ci[1] is None else ci[1])
                ax.plot(xs, ys, marker="o", color=COLORS[k % 10], label=tag if len(lines) > 1 else None)
                ax.fill_between(xs, lo, hi, color=COLORS[k % 10], alpha=0.2)
                if ticks:
                    ax.set_xticks(xs, ticks, rotation=30, ha="right", fontsize=7)
            if title.startswith("win share, seat"):
                ax.axhline(1 / n, color="black", linestyle="--", linewidth=0.8)
            ax.set_title(title, fontsize=9)
            ax.set_xlabel(xkey.split(".", 1)[-1] if "." in xkey else xkey, fontsize=8)
            if len(lines) > 1:
                ax.legend(fontsize=6)
        for ax in axes.ravel()[len(panels):]:
            ax.axis("off")
        fig.tight_layout()
        out.append((group, to_png(fig)))
    return out
