"""Writing an experiment's outputs: report.html (self-contained), summary.json, games.csv, games.jsonl, and the terminal summary."""

from __future__ import annotations

import csv
import datetime
import html
import json
from pathlib import Path
from typing import Any

from .analysis import Analysis
from .spec import Plan
from .store import Store

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1200px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.4em}
table{border-collapse:collapse;margin:.6em 0;font-size:.88em}th,td{border:1px solid #ccc;padding:.25em .55em;text-align:right}
th{background:#f3f3f3}td.l,th.l{text-align:left}.sig{background:#ffe2c2;font-weight:600}.above{color:#b34700;font-weight:600}
.below{color:#0b5cad;font-weight:600}.note{color:#555;font-size:.9em}img{max-width:100%;border:1px solid #eee}
pre{background:#f7f7f7;padding:.8em;overflow-x:auto;font-size:.85em}code{background:#f3f3f3;padding:0 .2em}
"""


def esc(x: Any) -> str:
    return html.escape(str(x))


def pct(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{100 * x:.{digits}f}%"


def num(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def fmt_p(p: float | None) -> str:
    if p is None:
        return "-"
    return "<1e-15" if p < 1e-15 else f"{p:.2g}"


def p_eq(p: float | None) -> str:
    text = fmt_p(p)
    return "p" + text if text.startswith("<") else f"p={text}"


def ci_pct(ci: list[float | None]) -> str:
    lo, hi = ci
    return "-" if lo is None or hi is None else f"{100 * lo:.1f}-{100 * hi:.1f}%"


def ci_num(ci: list[float | None], digits: int = 2) -> str:
    return "-" if ci[0] is None else f"{ci[0]:.{digits}f} to {ci[1]:.{digits}f}"


def table(head: list[str], rows: list[list[str]], left: int = 1, classes: list[str] | None = None) -> str:
    h = "".join(f'<th class="l">{esc(x)}</th>' if i < left else f"<th>{esc(x)}</th>" for i, x in enumerate(head))
    body = []
    for k, r in enumerate(rows):
        cls = f' class="{classes[k]}"' if classes and classes[k] else ""
        body.append(f"<tr{cls}>" + "".join(f'<td class="l">{x}</td>' if i < left else f"<td>{x}</td>" for i, x in enumerate(r)) + "</tr>")
    return f"<table><tr>{h}</tr>{''.join(body)}</table>"


def img(src: str | None, alt: str) -> str:
    return f'<p><img alt="{esc(alt)}" src="{src}"></p>' if src else ""


# -------------------------------------------------------------------------------------------------------
def write_html(plan: Plan, an: Analysis, path: Path, run: dict[str, Any] | None = None) -> Path:
    from . import plots

    s = an.summary
    exp = plan.experiment
    conds = s["conditions"]
    parts: list[str] = []
    title = f"{exp.name}: {exp.game}"
    parts.append(f"<h1>Balance lab: {esc(title)}</h1>")
    kind = {"single": "one rule set", "ab": "A/B of two rule sets", "sweep": f"sweep over {', '.join(exp.sweep)}",
            "variants": f"variants {', '.join(exp.variants)} compared with {exp.variants[0] if exp.variants else ''}"}[plan.kind]
    parts.append(f"<p>{esc(kind)}; {len(conds)} condition(s) x {exp.games} games; seed {exp.seed}; agents "
                 f"{esc(', '.join(exp.agents))}{' (rotated through the seats)' if exp.rotate else ''}. "
                 f"Generated {esc(datetime.datetime.now().strftime('%Y-%m-%d %H:%M'))}"
                 + (f"; {run['played']} games played now, {run['reused']} read from the store, {run['seconds']:.1f} s on "
                    f"the {esc(run['backend'])} backend." if run else ".") + "</p>")
    parts.append("<p class=note>Intervals are 95%: Wilson for win shares and rates, Student t for means. "
                 "Comparisons: Welch tests against each group's baseline, Holm-corrected over the whole experiment "
                 f"(alpha {exp.alpha}); see docs/lab.md.</p>")

    # overview
    rows = []
    for c in conds:
        rows.append([esc(c["label"]), str(c["players"]), esc(_arm_text(c)), f"{c['completed']}/{c['games']}",
                     str(c["errors"]), num(c["scores"]["all"]["mean"]) if c["scores"] else "-",
                     num(c["length"]["decisions"]["mean"], 1) if c["length"] else "-",
                     pct(c["ties"]["shared_victory"]["rate"]) if c["ties"] else "-",
                     num(c["seat_chi2_p"], 4)])
    parts.append("<h2>Conditions</h2>")
    parts.append(table(["condition", "players", "rules", "games", "errors", "mean score", "decisions", "shared wins",
                        "seat-equality p (chi2)"], rows, left=3))
    for c in conds:
        if c["errors"]:
            parts.append(f"<p class=note>{esc(c['label'])}: {c['errors']} games raised errors, e.g. "
                         f"<code>{esc(c['error_samples'][0])}</code></p>")

    # seats
    parts.append("<h2>Win share by seat</h2>")
    parts.append(img(plots.win_share_by_seat(an), "win share by seat"))
    for c in conds:
        rows = []
        classes = []
        for st in c["seats"]:
            verdict = {"above": '<span class="above">above</span>', "below": '<span class="below">below</span>'}.get(st["vs_fair"], "=")
            rows.append([f"seat {st['seat']}", pct(st["win_share"]), ci_pct(st["ci95"]), verdict, num(st["p_holm"], 4),
                         num(st["mean_score"]), num(st["score_sd"])])
            classes.append("sig" if st["vs_fair"] != "=" else "")
        parts.append(f"<h3>{esc(c['label'])} (fair share {pct(c['fair_share'])})</h3>")
        parts.append(table(["seat", "win share", "95% CI", "vs fair", "p (Holm, seats)", "mean score", "score sd"], rows,
                           classes=classes))
        if c["agents"]:
            parts.append(table(["agent", "seats played", "win share", "95% CI", "mean score"],
                               [[esc(a["name"]), str(a["appearances"]), pct(a["win_share"]), ci_pct(a["ci95"]),
                                 num(a["mean_score"])] for a in c["agents"]]))

    # factions
    parts.append("<h2>Factions</h2>")
    if s["has_factions"]:
        parts.append(img(plots.faction_shares(an), "win share by faction"))
        parts.append(img(plots.faction_matrix(an), "faction matrix"))
        for c in conds:
            if not c["factions"]:
                continue
            parts.append(f"<h3>{esc(c['label'])}</h3>")
            parts.append(table(["faction", "appearances", "win share", "95% CI", "mean score"],
                               [[esc(f["name"]), str(f["appearances"]), pct(f["win_share"]), ci_pct(f["ci95"]),
                                 num(f["mean_score"])] for f in c["factions"]]))
            m = c["faction_matrix"]
            parts.append(table(["row ahead of column"] + m["factions"],
                               [[esc(a)] + [pct(v) for v in row] for a, row in zip(m["factions"], m["beats"])]))
    else:
        parts.append(f"<p>{esc(exp.game)} declares no factions (its measures module has no <code>factions()</code>).</p>")

    # scores, length, ties
    parts.append("<h2>Scores</h2>")
    parts.append(img(plots.score_distributions(an), "score distributions"))
    rows = []
    for c in conds:
        if not c["scores"]:
            continue
        for what in ("all", "winner", "margin"):
            x = c["scores"][what]
            q = x["quantiles"]
            rows.append([esc(c["label"]), {"all": "every seat", "winner": "winner", "margin": "winner - runner-up"}[what],
                         num(x["mean"]), ci_num(x["ci95"]), num(x["sd"]), num(x["min"], 0), num(q["p5"], 1), num(q["p25"], 1),
                         num(q["p50"], 1), num(q["p75"], 1), num(q["p95"], 1), num(x["max"], 0)])
    parts.append(table(["condition", "score", "mean", "95% CI", "sd", "min", "5%", "25%", "median", "75%", "95%", "max"], rows, left=2))
    parts.append("<h2>Game length and ties</h2>")
    parts.append(img(plots.game_length(an), "game length"))
    rows = []
    for c in conds:
        if not c["length"]:
            continue
        x = c["length"]["decisions"]
        t = c["ties"]
        rows.append([esc(c["label"]), num(x["mean"], 1), ci_num(x["ci95"], 1), num(x["sd"], 1), num(x["quantiles"]["p50"], 0),
                     pct(t["shared_victory"]["rate"], 2), ci_pct(t["shared_victory"]["ci95"]),
                     pct(t["top_score_tie"]["rate"], 2), ci_pct(t["top_score_tie"]["ci95"])])
    parts.append(table(["condition", "decisions (mean)", "95% CI", "sd", "median", "shared victory", "95% CI",
                        "tie on top score", "95% CI"], rows))
    parts.append("<p class=note>A tie on top score may be broken by the game's tie-break; a shared victory is one it could not break.</p>")

    # measures
    names = list(dict.fromkeys(m for c in conds for m in c["measures"]))
    if names:
        parts.append(f"<h2>Measures declared by {esc(exp.game)}</h2>")
        for name in names:
            first = next(c["measures"][name] for c in conds if name in c["measures"])
            parts.append(f"<h3>{esc(first['title'])}</h3><p class=note>{esc(first['help'])} "
                         f"({'rate, Wilson CI' if first['kind'] == 'rate' else 'mean per game, t CI'})</p>")
            parts.append(img(plots.measure_plot(an, name), first["title"]))
            for c in conds:
                t = c["measures"].get(name)
                if not t:
                    continue
                rate = t["kind"] == "rate"

                def fmt(x: dict[str, Any], rate: bool = rate) -> str:
                    if rate:
                        return f"{pct(x['mean'])} <span class=note>({ci_pct(x['ci95'])})</span>"
                    return f"{num(x['mean'])} <span class=note>({ci_num(x['ci95'])})</span>"
                rows = [[esc(r)] + [fmt(t["cells"][r][col]) if col in t["cells"][r] else "-" for col in t["cols"]] for r in t["rows"]]
                if len(conds) > 1:
                    parts.append(f"<p><b>{esc(c['label'])}</b></p>")
                parts.append(table([t["rows_label"] or ""] + [col or "value" for col in t["cols"]], rows))

    # sweep curves
    curves = plots.sweep_curves(an)
    if curves:
        parts.append("<h2>Sweep curves</h2><p class=note>Each point is one condition; bands are 95% intervals.</p>")
        for group, png in curves:
            parts.append(f"<h3>{esc(group)}</h3>" + img(png, f"sweep curves {group}"))

    # comparisons
    tests = s["comparisons"]
    if tests:
        fam = s["family"]
        parts.append("<h2>Differences against the baseline</h2>")
        parts.append(f"<p class=note>{fam['tests']} tests in one family, Holm-corrected, alpha {fam['alpha']}. "
                     f"'Games needed': games per arm for 80% power at Holm's strictest level alpha/m = "
                     f"{fam['level_for_games_needed']:.2g}, for the observed difference and for a difference of "
                     f"{pct(exp.detect)} in a win share or rate.</p>")
        sig = [t for t in tests if t["significant"]]
        parts.append(f"<p><b>{len(sig)} significant difference(s)</b> of {len(tests)}.</p>")
        rows, classes = [], []
        for t in sorted(tests, key=lambda t: (not t["significant"], t["p_holm"])):
            f = pct if t["kind"] == "rate" else num
            d = (f"{100 * t['diff']:+.2f} pts" if t["kind"] == "rate" else f"{t['diff']:+.3f}")
            dci = ci_num([x * 100 if x is not None else None for x in t["ci95"]], 2) if t["kind"] == "rate" else ci_num(t["ci95"], 3)
            need = "-" if t["significant"] else (f"{t['games_needed']:,}" if t["games_needed"] else "-")
            need_d = "-" if t["significant"] else (f"{t['games_needed_detect']:,}" if t["games_needed_detect"] else "-")
            rows.append([esc(t["other_label"]) + " vs " + esc(t["baseline_label"]), esc(t["metric"]), f(t["a"]), f(t["b"]), d, dci,
                         fmt_p(t["p"]), fmt_p(t["p_holm"]), "yes" if t["significant"] else "no", need, need_d])
            classes.append("sig" if t["significant"] else "")
        parts.append(table(["arms", "metric", "baseline", "other", "difference", "95% CI", "p", "p (Holm)", "significant",
                            "games needed (observed diff)", f"games needed ({pct(exp.detect)})"], rows, left=2, classes=classes))

    parts.append("<h2>Experiment</h2><pre>" + esc(json.dumps(s["experiment"], indent=1)) + "</pre>")
    parts.append("<p class=note>Raw results beside this file: results.sqlite (every game), games.csv (one row per seat), "
                 "games.jsonl (one game per line), measures.csv (one row per game, one column per measure cell), "
                 "summary.json (these tables).</p>")
    doc = (f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>{esc(title)}</title>"
           f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>")
    path.write_text(doc, encoding="utf-8")
    return path


def _arm_text(c: dict[str, Any]) -> str:
    bits = [f"{k}={v}" for k, v in c["arm"].items()]
    if c["variant"]:
        bits.insert(0, f"variant {c['variant']}")
    return ", ".join(bits) or "as set"


# -------------------------------------------------------------------------------------------------------
def write_raw(plan: Plan, store: Store, out: Path) -> list[Path]:
    """games.csv (one row per seat), games.jsonl (one game per line) and, when the game has measures,
    measures.csv (one row per game, one column per measure cell, empty where a game has no observation)."""
    csv_path, jsonl_path, m_path = out / "games.csv", out / "games.jsonl", out / "measures.csv"
    columns: dict[tuple[str, str, str], int] = {}
    if plan.has_measures:
        for c in plan.conditions:
            for r in store.rows(c.key, c.games):
                for m, row, col, _ in r.cells or ():
                    columns.setdefault((m, row, col), len(columns))
    with open(csv_path, "w", newline="", encoding="utf-8") as fc, open(jsonl_path, "w", encoding="utf-8") as fj, \
            open(m_path, "w", newline="", encoding="utf-8") if columns else _Null() as fm:
        w = csv.writer(fc)
        w.writerow(["condition", "label", "game", "seed", "seat", "agent", "faction", "score", "rank", "win_share",
                    "decisions", "error"])
        wm = csv.writer(fm) if columns else None
        if wm:
            wm.writerow(["condition", "label", "game"] + ["|".join(k) for k in columns])
        for c in plan.conditions:
            for r in store.rows(c.key, c.games):
                fj.write(json.dumps({"condition": c.id, "label": c.label, "game": r.idx, "seed": r.seed, "agents": r.agents,
                                     "factions": r.factions, "scores": r.scores, "ranks": r.ranks, "win_shares": r.win_shares,
                                     "decisions": r.decisions, "error": r.error}) + "\n")
                if wm and r.cells:
                    vals = [""] * len(columns)
                    for m, row, col, v in r.cells:
                        vals[columns[(m, row, col)]] = f"{v:.6g}"
                    wm.writerow([c.id, c.label, r.idx] + vals)
                if r.error is not None:
                    w.writerow([c.id, c.label, r.idx, r.seed, "", "", "", "", "", "", "", r.error])
                    continue
                for p in range(c.players):
                    w.writerow([c.id, c.label, r.idx, r.seed, p, r.agents[p] if r.agents else "",
                                r.factions[p] if r.factions else "", r.scores[p], r.ranks[p], r.win_shares[p],
                                r.decisions, ""])
    if not columns:
        m_path.unlink(missing_ok=True)
        return [csv_path, jsonl_path]
    return [csv_path, jsonl_path, m_path]


class _Null:
    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


def write_summary(an: Analysis, path: Path, run: dict[str, Any] | None = None) -> Path:
    data = dict(an.summary)
    if run:
        data["run"] = run
    path.write_text(json.dumps(data, indent=1, sort_keys=False), encoding="utf-8")
    return path


def write_all(plan: Plan, store: Store, an: Analysis, out: Path, run: dict[str, Any] | None = None) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    raw = write_raw(plan, store, out)
    files = {"report": write_html(plan, an, out / "report.html", run), "summary": write_summary(an, out / "summary.json", run),
             "csv": raw[0], "jsonl": raw[1], "store": store.path}
    if len(raw) > 2:
        files["measures"] = raw[2]
    return files


# -------------------------------------------------------------------------------------------------------
def _pair(an: Analysis, t: dict[str, Any]) -> str:
    """'B vs A', with the group first when there are several (player counts, variants)."""
    conds = an.summary["conditions"]
    a, b = conds[t["baseline"]], conds[t["other"]]
    groups = {c["group"] for c in conds}
    return (f"[{a['group']}] " if len(groups) > 1 else "") + f"{b['arm_name']} vs {a['arm_name']}"


def terminal_lines(plan: Plan, an: Analysis, limit: int = 8) -> list[str]:
    """A short text summary: seat balance per condition, then what changed and how sure it is."""
    s = an.summary
    exp = plan.experiment
    lines = []
    if len(s["conditions"]) > 4:  # many conditions (a sweep): one line each
        for c in s["conditions"]:
            seats = "/".join(f"{100 * st['win_share']:.1f}" + ({"above": "+", "below": "-"}.get(st["vs_fair"], ""))
                             for st in c["seats"] if st["win_share"] is not None)
            score = f", mean score {c['scores']['all']['mean']:.2f}" if c["scores"] else ""
            errs = f", {c['errors']} errors" if c["errors"] else ""
            lines.append(f"{c['label']}: {c['completed']} games{errs}{score}, win % by seat {seats}")
    for c in s["conditions"] if len(s["conditions"]) <= 4 else []:
        head = f"{c['label']}: {c['completed']}/{c['games']} games"
        if c["errors"]:
            head += f", {c['errors']} errors"
        if c["scores"]:
            head += f", mean score {c['scores']['all']['mean']:.2f}, {c['length']['decisions']['mean']:.1f} decisions"
        lines.append(head)
        seats = "  ".join(f"s{st['seat']} {pct(st['win_share'])} [{ci_pct(st['ci95'])}]"
                          + ({"above": "+", "below": "-"}.get(st["vs_fair"], "")) for st in c["seats"])
        lines.append(f"  win share by seat (fair {pct(c['fair_share'])}): {seats}")
        off = [st for st in c["seats"] if st["vs_fair"] != "="]
        if off:
            lines.append("  seat imbalance: " + ", ".join(f"seat {st['seat']} {st['vs_fair']} fair ({p_eq(st['p_holm'])})" for st in off))
        if c["agents"]:
            ags = "  ".join(f"{a['name']} {pct(a['win_share'])} [{ci_pct(a['ci95'])}]" for a in c["agents"])
            lines.append(f"  win share by agent: {ags}")
        if c["factions"]:
            fs = "  ".join(f"{f['name']} {pct(f['win_share'])} [{ci_pct(f['ci95'])}]" for f in c["factions"])
            lines.append(f"  win share by faction: {fs}")
    tests = s["comparisons"]
    if tests:
        sig = sorted((t for t in tests if t["significant"]), key=lambda t: t["p_holm"])
        lines.append(f"differences vs baseline: {len(sig)} significant of {len(tests)} tests (Holm, alpha {exp.alpha})")
        for t in sig[:limit]:
            d = f"{100 * t['diff']:+.2f} pts" if t["kind"] == "rate" else f"{t['diff']:+.3f}"
            lines.append(f"  * {_pair(an, t)}: {t['metric']} {d} ({p_eq(t['p_holm'])})")
        if len(sig) > limit:
            lines.append(f"  ... and {len(sig) - limit} more in the report")
        seat_tests = [t for t in tests if not t["significant"] and t["metric"].startswith("win share")]
        for t in seat_tests[:limit]:
            need = f"~{t['games_needed_detect']:,} games per arm would detect {100 * exp.detect:.0f} pts" if t["games_needed_detect"] else ""
            obs = f"; ~{t['games_needed']:,} for the observed {100 * t['diff']:+.2f} pts" if t["games_needed"] else ""
            lines.append(f"  inconclusive: {_pair(an, t)}, {t['metric']} "
                         f"({100 * t['diff']:+.2f} pts, {p_eq(t['p_holm'])}): {need}{obs}")
        if len(seat_tests) > limit:
            lines.append(f"  ... {len(seat_tests) - limit} more inconclusive win-share tests in the report")
    return lines
