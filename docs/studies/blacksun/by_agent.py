"""Win share of each faction when dealt, split by the agent in its seat, from a lab run's games.csv.

Usage: python docs/studies/blacksun/by_agent.py RESULTS_DIR   (the folder `voidtable lab run -o` wrote)
Intervals: 95% Wilson, a shared win counting as a fraction (as in the lab's report).
"""
from __future__ import annotations

import csv
import sys
from collections import defaultdict
from pathlib import Path

from voidtable.engine.stats import wilson


def main(folder: str) -> None:
    path = Path(folder) / "games.csv"
    if not path.is_file():
        sys.exit(f"by_agent: no games.csv in {folder}")
    wins: dict[tuple[str, str], list[float]] = defaultdict(list)
    with path.open(newline="") as f:
        for row in csv.DictReader(f):
            if row["error"]:
                continue
            for key in ((row["faction"], row["agent"]), (row["faction"], "any"), ("any", row["agent"])):
                wins[key].append(float(row["win_share"]))
    agents = sorted({a for _, a in wins})
    print("faction      " + "".join(f"{a[:34]:>36}" for a in agents))
    for faction in sorted({fa for fa, _ in wins}):
        cells = []
        for a in agents:
            xs = wins.get((faction, a), [])
            if xs:
                lo, hi = wilson(sum(xs), len(xs))
                cells.append(f"{sum(xs) / len(xs):.3f} ({lo:.3f}-{hi:.3f}) n={len(xs)}")
            else:
                cells.append("-")
        print(f"{faction:<13}" + "".join(f"{c:>36}" for c in cells))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
