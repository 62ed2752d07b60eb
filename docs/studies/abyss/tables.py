"""The Black Abyss study's tables from a lab folder (docs/studies/abyss.md).

    python docs/studies/abyss/tables.py lab-results/abyss-a-draft          # the main game: three tables
    python docs/studies/abyss/tables.py lab-results/abyss-e-fleet-today     # the fleet battle: one design vs the field
    python docs/studies/abyss/tables.py --brief lab-results/abyss-b1-* ... # the main game: one short row per condition

It reads the folder's summary.json (seat win shares and the game's rate measures, with the lab's
Wilson intervals) and measures.csv (one row per game). A measure kept per seat (first colony, unspent
resources, places revealed...) is averaged over the seats of each game first, so every game counts once,
then given a Student-t 95% interval, as the lab does.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from voidtable.engine.stats import describe

VICTORIES = ("tribunal terms", "the secret of life", "the last race standing", "the twin planets", "the cycle limit")


def load(folder: Path) -> tuple[dict, dict[str, list[dict[str, str]]]]:
    summary = json.loads((folder / "summary.json").read_text())
    rows: dict[str, list[dict[str, str]]] = {}
    with (folder / "measures.csv").open(newline="") as f:
        for row in csv.DictReader(f):
            rows.setdefault(row["condition"], []).append(row)
    return summary, rows


def per_game(games: list[dict[str, str]], measure: str, row: str | None = None) -> list[float]:
    """Per game, the mean of the cells ``measure|row|*`` (any row when None: a measure kept by seat in its rows)."""
    values = []
    for g in games:
        cells = [float(v) for k, v in g.items() if k.count("|") == 2 and v not in ("", None)
                 and k.split("|")[0] == measure and (row is None or k.split("|")[1] == row)]
        if cells:
            values.append(sum(cells) / len(cells))
    return values


def pooled(games: list[dict[str, str]], measure: str, row: str | None = None) -> str:
    """The mean over games of ``per_game``, with a 95% t interval."""
    values = per_game(games, measure, row)
    if not values:
        return "-"
    s = describe(values)
    digits = 2 if s.mean < 10 else 1
    low = max(s.low, 0.0)   # every quantity here is a count or a share: a t interval is not let below 0
    return f"{s.mean:.{digits}f} ({low:.{digits}f}-{s.high:.{digits}f})"


def rate(cond: dict, measure: str, row: str, col: str = "") -> str:
    cell = cond.get("measures", {}).get(measure, {}).get("cells", {}).get(row, {}).get(col)
    if not cell:
        return "-"
    lo, hi = cell["ci95"]
    return f"{cell['mean']:.3f} ({lo:.3f}-{hi:.3f})"


def label(cond: dict) -> str:
    what = cond["label"].split(" | ", 1)[-1] if " | " in cond["label"] else cond["label"]
    players = f"{cond['players']}p"
    return players if what in (players, "base") else f"{players} {what}"


def main_game(summary: dict, rows: dict[str, list[dict[str, str]]]) -> None:
    conds = summary["conditions"]
    print("Win share by seat (fair 1/N) and by victory; 95% Wilson intervals\n")
    print("| condition | games | seats: win share (interval) | equal seats (chi-square p) | " + " | ".join(VICTORIES) + " |")
    print("|---|---|---|---|" + "---|" * len(VICTORIES))
    for c in conds:
        seats = "; ".join(f"s{s['seat']} {s['win_share']:.3f} ({s['ci95'][0]:.3f}-{s['ci95'][1]:.3f})" for s in c["seats"])
        chi = c.get("seat_chi2_p")
        chi_text = "-" if chi is None else f"{chi:.2g}"
        print(f"| {label(c)} | {c['completed']} | {seats} | {chi_text} | "
              + " | ".join(rate(c, "victory", v) for v in VICTORIES) + " |")
    print("\nPace and purse (means per game; a seat's cells averaged over the seats first); 95% t intervals\n")
    print("| condition | cycles to the end | first colony (cycle) | first colony by cycle 3 | never colonised "
          "| energy kept | food kept | minerals kept | purchase phases with nothing bought |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in conds:
        g = rows.get(str(c["id"]), [])
        cells = [pooled(g, "cycles", "all"), pooled(g, "first_colony"), pooled(g, "colony_by", "by cycle 3"),
                 pooled(g, "never_colonised"), pooled(g, "unspent", "energy"), pooled(g, "unspent", "food"),
                 pooled(g, "unspent", "minerals"), pooled(g, "empty_purchases")]
        print(f"| {label(c)} | " + " | ".join(cells) + " |")
    print("\nFighting and exploring (means per game; per player where said); 95% t intervals\n")
    print("| condition | space battles | ships lost (all players) | ships lost per player | wars declared "
          "| peace made | places revealed per player | planet squares explored per player |")
    print("|---|---|---|---|---|---|---|---|")
    for c in conds:
        g = rows.get(str(c["id"]), [])
        cells = [pooled(g, "battles", "space battles"), pooled(g, "battles", "ships destroyed"),
                 pooled(g, "ships_lost"), pooled(g, "wars", "wars declared"), pooled(g, "wars", "peace made"),
                 pooled(g, "explored", "places revealed"), pooled(g, "explored", "planet squares")]
        print(f"| {label(c)} | " + " | ".join(cells) + " |")


def brief(folders: list[Path]) -> None:
    """One row per condition of each folder: the sweeps' table."""
    print("| condition | games | largest seat gap from 1/N | tribunal terms | the secret of life | cycle limit "
          "| cycles to the end | first colony (cycle) | first colony by cycle 3 | energy kept | food kept |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for folder in folders:
        summary, rows = load(folder)
        for c in summary["conditions"]:
            g = rows.get(str(c["id"]), [])
            gap = max(c["seats"], key=lambda x: abs(x["win_share"] - c["fair_share"]))
            cells = [f"{gap['win_share'] - c['fair_share']:+.3f} (s{gap['seat']})", rate(c, "victory", "tribunal terms"),
                     rate(c, "victory", "the secret of life"), rate(c, "victory", "the cycle limit"),
                     pooled(g, "cycles", "all"), pooled(g, "first_colony"), pooled(g, "colony_by", "by cycle 3"),
                     pooled(g, "unspent", "energy"), pooled(g, "unspent", "food")]
            print(f"| {label(c)} | {c['completed']} | " + " | ".join(cells) + " |")


def fleet(summary: dict, rows: dict[str, list[dict[str, str]]]) -> None:
    conds = summary["conditions"]
    designs: list[str] = []
    for c in conds:
        for d in c.get("measures", {}).get("one_design", {}).get("rows", []):
            if d not in designs:
                designs.append(d)
    print("Win share of a fleet of one design against a random field; 95% Wilson intervals (games with that design)\n")
    print("| condition | games | " + " | ".join(designs) + " | top design | first player | round limit |")
    print("|---|---|" + "---|" * len(designs) + "---|---|---|")
    for c in conds:
        cells = c.get("measures", {}).get("one_design", {}).get("cells", {})
        top = max(designs, key=lambda d: cells.get(d, {}).get("", {}).get("mean", -1.0))
        shown = [rate(c, "one_design", d) + f" n={cells[d]['']['n']}" if d in cells else "-" for d in designs]
        print(f"| {label(c)} | {c['completed']} | " + " | ".join(shown) + f" | {top} | "
              f"{rate(c, 'first_player', 'first')} | {rate(c, 'game_end', 'round limit')} |")


def main(argv: list[str]) -> int:
    if argv[:1] == ["--brief"] and argv[1:] and all((Path(a) / "summary.json").is_file() for a in argv[1:]):
        brief([Path(a) for a in argv[1:]])
        return 0
    if len(argv) != 1 or not (Path(argv[0]) / "summary.json").is_file():
        print("usage: tables.py [--brief] LAB_FOLDER... (folders of voidtable lab run, with summary.json and measures.csv)",
              file=sys.stderr)
        return 2
    summary, rows = load(Path(argv[0]))
    if summary["game"] == "abyss":
        main_game(summary, rows)
    elif summary["game"] == "abyss_battle":
        fleet(summary, rows)
    else:
        print(f"tables.py: {summary['game']!r} is not a Black Abyss game", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
