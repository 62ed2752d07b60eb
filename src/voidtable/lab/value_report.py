"""The training report of ``voidtable lab train-value``: one self-contained HTML page in the lab's style.

Sections: what was trained and how to train it again, the loss by epoch (training and held-out), the calibration
of the model's chances on held-out games, Brier scores against the hand evaluation and the uniform guess (overall
and by third of the game), the value-greedy player's win share against the game's bot, and the cost of an evaluation.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .plots import COLORS, to_png  # first: it selects the Agg backend

import matplotlib.pyplot as plt  # noqa: E402
from .report import CSS, esc, table  # noqa: E402

if TYPE_CHECKING:
    from .value import TrainResult


def _n(x: float | None, digits: int = 4) -> str:
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.{digits}f}"


def loss_plot(r: "TrainResult") -> str:
    fig, ax = plt.subplots(figsize=(7, 3.4))
    ax.plot(range(len(r.fit.train_loss)), r.fit.train_loss, color=COLORS[0], label="training positions")
    held = [v for v in r.fit.held_loss if math.isfinite(v)]
    if held:
        ax.plot(range(len(r.fit.held_loss)), r.fit.held_loss, color=COLORS[1], label="held-out games")
    n = r.spec.players
    ax.axhline(math.log(n), color="grey", linestyle=":", linewidth=1, label=f"uniform guess (ln {n})")
    ax.set_xlabel("epoch (one L-BFGS iteration over every training position)")
    ax.set_ylabel("cross-entropy per position")
    ax.legend(fontsize=7)
    return to_png(fig)


def calibration_plot(calib: list[dict[str, Any]]) -> str | None:
    if not calib:
        return None
    fig, ax = plt.subplots(figsize=(4.6, 4.2))
    ax.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1, label="perfect calibration")
    xs = [c["predicted"] for c in calib]
    ys = [c["observed"] for c in calib]
    sizes = [12 + 60 * math.sqrt(c["n"] / max(d["n"] for d in calib)) for c in calib]
    ax.plot(xs, ys, color=COLORS[0], linewidth=1)
    ax.scatter(xs, ys, s=sizes, color=COLORS[0], zorder=3, label="held-out seats (dot size: how many)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance to win")
    ax.set_ylabel("observed win share")
    ax.legend(fontsize=7)
    return to_png(fig)


def write(r: "TrainResult", path: Path) -> Path:
    """Write the report to ``path`` (its folder made if needed) and return it."""
    s, j, c = r.spec, r.judged, r.checked
    b, third = j["brier"], j["brier_by_third"]
    model = r.fit.model
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Value model: {esc(s.game)}, {s.players} "
             f"players</title><style>{CSS}</style></head><body>",
             f"<h1>Value model: {esc(s.game)}, {s.players} players</h1>",
             "<h2>What was trained</h2>",
             table(["", ""], [
                 ["self-play games", f"{r.games} (the game's bot in every seat; {len(r.errors)} failed)"],
                 ["positions", f"{r.positions}, up to 12 per game, each encoded once per seat"],
                 ["held out", f"every 5th game: {j['games']} games, {j['positions']} positions"],
                 ["model", f"{'linear' if not s.hidden else f'one hidden layer of {s.hidden} tanh units'} over "
                           f"{model.columns.size} tensor entries (of {model.encoder['size']}); softmax over seats"],
                 ["training", f"L-BFGS-B, {len(r.fit.train_loss) - 1} epochs (limit {s.epochs}), L2 {s.l2:g}, "
                              f"{r.fit.seconds:.1f} s"],
                 ["rules version", str(model.rules_version)],
                 ["time", ", ".join(f"{k.replace('_', ' ')} {v:.0f} s" for k, v in r.seconds.items())],
             ]),
             f"<p>Train it again: <code>{esc(s.command())}</code> (the same seed gives the same file, byte for byte).</p>",
             "<h2>Loss by epoch</h2>", f"<p><img alt='loss' src='{loss_plot(r)}'></p>",
             "<h2>Held-out games: Brier score of the chance to win</h2>",
             "<p class='note'>Mean over held-out positions of the squared error of each seat's predicted chance "
             "against its final win share (lower is better).</p>",
             table(["estimate", "all positions", "first third", "middle third", "last third"],
                   [[name, _n(b[key]), *(_n(x) for x in third[key])]
                    for name, key in (("learned model", "model"), ("hand evaluation", "hand"),
                                      ("uniform guess", "uniform"))]),
             "<h2>Calibration</h2>"]
    cal = calibration_plot(j["calibration"])
    if cal:
        parts.append(f"<p><img alt='calibration' src='{cal}'></p>")
    parts.append(table(["predicted", "seats", "mean predicted", "observed win share"],
                       [[f"{x['bin'][0]:.1f}-{x['bin'][1]:.1f}", str(x["n"]), _n(x["predicted"], 3),
                         _n(x["observed"], 3)] for x in j["calibration"]]))
    parts.append("<h2>The value-greedy player against the game's bot</h2>")
    if c.get("games"):
        parts.append(f"<p>One seat plays the move after which the model rates its chance best (no search), the "
                     f"game's bot the others, seats rotated: win share <b>{c['win_share']:.3f}</b> (95% Wilson "
                     f"interval {c['ci95'][0]:.3f}-{c['ci95'][1]:.3f}) over {c['games']} games; fair share "
                     f"{c['fair']:.3f}; {_n(c['decisions'], 0)} decisions a game.</p>")
    else:
        parts.append("<p>Not played (<code>--check-games 0</code>).</p>")
    if r.timing:
        parts.append("<h2>Cost of an evaluation</h2>")
        parts.append(table(["", "us per position (median, CPU)"],
                           [[k, f"{v:.1f}"] for k, v in r.timing.items()]))
        parts.append("<p class='note'>learned: the public view, one tensor per seat and the model; model: the model "
                     "alone on a tensor already built; hand: the game's own evaluation.</p>")
    parts.append("</body></html>\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
