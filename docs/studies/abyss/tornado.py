"""One picture of part 2 of the Black Abyss study: how far each swept number moves the game.

    python docs/studies/abyss/tornado.py lab-results/abyss-b1-secret-price ... lab-results/abyss-b8-land-mix \
        -o docs/studies/abyss/b-tornado.png

For each folder (a one-key sweep or an A/B of `voidtable lab run`), one bar per panel: the range of
the measure's means over the number's settings (each point labelled with its setting and drawn with
its 95% interval), the draft's default (the folder's first condition) marked in red. Panels: cycles to
the end, the cycle of the first colony, the share of races with a colony by cycle 3, and the energy
a race keeps after buying. A long bar is a number that moves the game; a short one, a number
that does not (with these bots and these samples).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tables import load, per_game  # noqa: E402

from voidtable.engine.stats import describe  # noqa: E402

PANELS = (("cycles", "all", "cycles to the end"), ("first_colony", None, "cycle of the first colony"),
          ("colony_by", "by cycle 3", "share with a colony by cycle 3"), ("unspent", "energy", "energy kept after buying"))


def rows_of(folder: Path) -> tuple[str, list[tuple[str, float | str, dict[str, tuple[float, float, float]]]]]:
    """(the swept number, [(label, value, {panel: (mean, low, high)})]) in the folder's order."""
    summary, rows = load(folder)
    keys = summary.get("sweep_keys") or []
    out = []
    for c in summary["conditions"]:
        arm = c.get("arm") or {}
        value: float | str = arm.get(keys[0]) if keys else c.get("arm_name", c["label"])
        stats = {}
        for measure, row, title in PANELS:
            values = per_game(rows.get(str(c["id"]), []), measure, row)
            if values:
                s = describe(values)
                stats[title] = (s.mean, s.low, s.high)
        out.append((c["label"], value, stats))
    name = keys[0] if keys else folder.name.removeprefix("abyss-")
    return name, out


def main(argv: list[str]) -> int:
    if "-o" not in argv or argv.index("-o") + 1 >= len(argv):
        print("usage: tornado.py LAB_FOLDER... -o OUT.png", file=sys.stderr)
        return 2
    i = argv.index("-o")
    out, folders = Path(argv[i + 1]), [Path(a) for a in argv[:i] + argv[i + 2:]]
    missing = [str(f) for f in folders if not (f / "summary.json").is_file()]
    if not folders or missing:
        print(f"tornado.py: not a lab folder: {', '.join(missing) or 'none given'}", file=sys.stderr)
        return 2
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = [rows_of(f) for f in folders]
    fig, axes = plt.subplots(1, len(PANELS), figsize=(4.2 * len(PANELS), 0.55 * len(data) + 1.6), sharey=True)
    for ax, (_, _, title) in zip(axes, PANELS):
        for y, (name, conds) in enumerate(data):
            points = [(v, st[title]) for _, v, st in conds if title in st]
            if not points:
                continue
            base = points[0]
            ordered = sorted(points, key=lambda p: (isinstance(p[0], str), p[0]))
            means = [st[0] for _, st in ordered]
            ax.plot([min(means), max(means)], [y, y], color="#4a7ab5", lw=6, alpha=0.5, solid_capstyle="butt")
            for v, (mean, low, high) in ordered:
                ax.errorbar(mean, y, xerr=[[mean - low], [high - mean]], fmt="o", ms=4, color="#1f3d66", capsize=2)
                ax.annotate(f"{v}", (mean, y), textcoords="offset points", xytext=(0, 6), ha="center", fontsize=7)
            ax.plot([base[1][0]], [y], marker="|", ms=16, mew=2, color="#c0392b")
        ax.set_title(title, fontsize=10)
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(range(len(data)))
    axes[0].set_yticklabels([name for name, _ in data], fontsize=8)
    axes[0].invert_yaxis()
    fig.suptitle("how far each number moves the game (points: its settings, with 95% intervals; red: the draft's default)",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=80)
    print(f"{out}: {out.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
