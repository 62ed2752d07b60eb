"""``voidtable lab train-value``: a value model learned from the lab's own games (issue 26 item 2).

1. **Self-play.** The game's bot plays every seat of ``games`` seeded games (game ``i`` seeded
   ``derive_seed(seed, i)``, its bots as ``sim.runner`` seeds them), on the lab's backends (worker processes or
   Ray tasks). From each game up to ``POSITIONS_PER_GAME`` decisions with a choice are kept, drawn uniformly by a
   reservoir seeded from the game; each is encoded once per seat with the game's public tensor seen from that seat
   (``engine.valuemodel.PositionEncoder``), beside the game's hand evaluation there and the game's final win shares.
2. **Training.** Every fifth game is held out. Each seat's score is one function of its own tensor (linear, or one
   hidden layer of ``tanh`` units), the seats' chances to win the softmax of their scores, fitted to the final win
   shares by cross-entropy (a shared win is a fraction) with an L2 penalty, by SciPy's L-BFGS-B from a seeded start,
   full batch: each iteration is one pass over the training positions (the report's "epochs"). Only the tensor
   entries the training data ever set get a weight.
3. **Judging.** On the held-out games: Brier score of the model's chances against the final win shares, beside the
   hand evaluation's and the uniform guess's, overall and by third of the game; a calibration table. Then the
   value-greedy player (``agents.greedy``) with the new model plays ``check_games`` games against the game's bot in
   the other seats (seats rotated), for its win share with a 95% Wilson interval.

Same seed, same data, same model bytes: positions come back in game order whatever the backend, and the optimiser is
deterministic. Why NumPy and SciPy rather than scikit-learn or PyTorch: the model is a conditional logit over seats
with shared weights and soft targets (or that with one hidden layer); scikit-learn's estimators fit neither the
softmax across seats nor win-share targets, and PyTorch would add a large dependency to fit a few thousand weights
that L-BFGS fits in seconds. Both libraries are already the lab's.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

from voidtable.agents.play import run, seat_agents
from voidtable.engine.errors import OptionError
from voidtable.engine.registry import get, load
from voidtable.engine.rng import Rng, derive_seed
from voidtable.engine.stats import wilson
from voidtable.engine.valuemodel import (BASES, LearnedEvaluation, hand_logs, PositionEncoder, ValueModel, encoder_signature,
                                         model_path, rewards_from_scores)
from voidtable.sim.runner import Batch, Work

from . import backends

POSITIONS_PER_GAME = 12  # decisions kept per self-play game (a reservoir over its decisions with a choice)
HOLD_OUT = 5  # game i is held out when i % HOLD_OUT == HOLD_OUT - 1
BINS = 10  # calibration bins of predicted chance
LIMITS = {"games": (10, 100_000), "epochs": (1, 10_000), "hidden": (0, 256), "check_games": (0, 10_000),
          "jobs": (0, 1024), "seed": (0, 2**63 - 1)}
L2_RANGE = (0.0, 100.0)
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class TrainSpec:
    """One training run, every number checked by :meth:`check` before a game is played."""

    game: str
    players: int
    games: int = 400
    seed: int = 0
    epochs: int = 300
    hidden: int = 0
    l2: float = 0.1
    check_games: int = 12
    base: str = "hand"
    jobs: int = 1
    backend: str = "local"
    address: str | None = None

    def check(self) -> None:
        spec = get(self.game)  # UnknownGame: one line naming the games
        if spec.hooks.bot is None:
            raise OptionError(f"{self.game} has no bot to play its self-play games (GameSpec.hooks.bot)")
        if spec.hooks.interop is None:
            raise OptionError(f"{self.game} declares no tensor encoder (GameSpec.hooks.interop) for a model to read")
        if not spec.min_players <= self.players <= spec.max_players:
            raise OptionError(f"--players: {self.game} takes {spec.min_players}-{spec.max_players} players, "
                              f"got {self.players}")
        for name, (lo, hi) in LIMITS.items():
            value = getattr(self, name)
            if not lo <= value <= hi:
                raise OptionError(f"--{name.replace('_', '-')} must be within {lo}..{hi}, got {value}")
        if not (math.isfinite(self.l2) and L2_RANGE[0] <= self.l2 <= L2_RANGE[1]):
            raise OptionError(f"--l2 must be within {L2_RANGE[0]:g}..{L2_RANGE[1]:g}, got {self.l2}")
        if self.base not in BASES:
            raise OptionError(f"--base must be one of {', '.join(BASES)}, got {self.base!r}")
        if self.base == "hand" and spec.hooks.bot_settings.evaluate is None:
            raise OptionError(f"--base hand: {self.game} offers no hand evaluation (use --base none)")
        if self.backend not in BACKENDS:
            raise OptionError(f"--backend must be one of {', '.join(BACKENDS)}, got {self.backend!r}")
        if self.address is not None and self.backend != "ray":
            raise OptionError("--address names a Ray cluster: it needs --backend ray")

    def command(self) -> str:
        """The command that trains this model again, byte for byte (in the file and the report; the check games
        and the backend do not change the model)."""
        return (f"voidtable lab train-value {self.game} --players {self.players} --games {self.games} "
                f"--seed {self.seed} --epochs {self.epochs} --hidden {self.hidden} --l2 {self.l2:g} --base {self.base}")


# -- self-play ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SelfPlay(Batch):
    """A unit of self-play (``Batch`` plus what to keep) or, with ``model`` set, of value-greedy check games."""

    keep: int = POSITIONS_PER_GAME
    model: str = ""  # a value model's JSON text: the check games' greedy seat plays with it


@dataclass
class GameData:
    """One self-play game's kept positions (``x``: positions x seats x tensor, float32) and its outcome."""

    index: int
    x: np.ndarray
    hand: np.ndarray  # the hand evaluation's win chances at each kept position, positions x seats
    phase: np.ndarray  # how far into the game (decisions before / all decisions), per position
    y: np.ndarray  # final win shares
    decisions: int
    error: str | None = None


def collect_chunk(batch: SelfPlay, indices: Sequence[int]) -> list[GameData]:
    """Self-play games ``indices`` of ``batch`` (a module-level function: worker processes and Ray run it)."""
    g = load(batch.game, batch.players, batch.options, cache=True)
    enc = PositionEncoder(g)
    hand = g.spec.hooks.bot_settings.evaluate
    out = []
    for i in indices:
        seed = derive_seed(batch.seed, i)
        state = g.new_state(seed, events=False)
        agents = seat_agents(batch.lineup(i), batch.game, seed)
        pick = Rng(derive_seed(seed, 7))
        kept: list[tuple[int, Any]] = []
        seen = [0, 0]  # decisions with a choice, all decisions

        def keep(s: Any) -> bool:
            movers = s.to_move()
            seen[1] += 1
            if len(movers) == 1 and len(s.legal_actions(movers[0])) < 2:
                return False
            k = seen[0]
            seen[0] += 1
            if k < batch.keep:
                kept.append((seen[1], s.clone()))
            else:
                j = pick.below(k + 1)
                if j < batch.keep:
                    kept[j] = (seen[1], s.clone())
            return False

        try:
            run(state, agents, until=keep)
            kept.sort(key=lambda t: t[0])
            n = batch.players
            x = np.stack([enc.encode(s).copy() for _, s in kept]) if kept else np.zeros((0, n, enc.out.shape[1]), np.float32)
            h = np.array([hand(s, "win") if hand is not None else [1.0 / n] * n for _, s in kept], np.float64).reshape(-1, n)
            phase = np.array([at / max(1, seen[1]) for at, _ in kept], np.float64)
            out.append(GameData(i, x, h, phase, np.array(state.result().win_shares(), np.float64), seen[1]))
        except Exception as e:  # a crashing game is reported, not the end of the run
            out.append(GameData(i, np.zeros((0, batch.players, 0), np.float32), np.zeros((0, batch.players)),
                                np.zeros(0), np.zeros(batch.players), 0, f"{type(e).__name__}: {e}"))
    return out


def check_chunk(batch: SelfPlay, indices: Sequence[int]) -> list[tuple[int, int, float, int, str | None]]:
    """Check games: in game ``i`` the value-greedy player with ``batch.model`` sits at seat ``i % players``, the
    game's bot elsewhere. Returns (index, greedy seat, its win share, decisions, error) per game."""
    import json

    from voidtable.agents.greedy import GreedyAgent

    g = load(batch.game, batch.players, batch.options, cache=True)
    evaluate = LearnedEvaluation(g, ValueModel.from_json(json.loads(batch.model)))
    out: list[tuple[int, int, float, int, str | None]] = []
    for i in indices:
        seed = derive_seed(batch.seed, i)
        seat = i % batch.players
        try:
            state = g.new_state(seed, events=False)
            agents = seat_agents(["heuristic"] * batch.players, batch.game, seed)
            agents[seat] = GreedyAgent(batch.game, derive_seed(seed, 1 + seat), evaluate=evaluate)
            n = run(state, agents)
            out.append((i, seat, float(state.result().win_shares()[seat]), n, None))
        except Exception as e:
            out.append((i, seat, 0.0, 0, f"{type(e).__name__}: {e}"))
    return out


def _stream(spec: TrainSpec, work: list[Work], fn: Callable[..., Any]) -> Any:
    if spec.backend == "ray":
        return backends.ray(work, spec.jobs, spec.address, chunk=None, fn=fn)
    return backends.local(work, spec.jobs, chunk=max(1, min(10, len(work[0][2]) // max(1, 4 * spec.jobs))), fn=fn)


def self_play(spec: TrainSpec, progress: Callable[[str, int, int], None] | None = None) -> list[GameData]:
    """Every self-play game, in game order (whatever order the backend finished them in)."""
    batch = SelfPlay(spec.game, spec.players, spec.games, spec.seed, ("heuristic",))
    games: list[GameData] = []
    for _, part in _stream(spec, [(0, batch, list(range(spec.games)))], collect_chunk):
        games.extend(part)
        if progress:
            progress("self-play", len(games), spec.games)
    games.sort(key=lambda d: d.index)
    return games


# -- the model ------------------------------------------------------------------------------------------------------
@dataclass
class Fit:
    """A trained model and how its training went."""

    model: ValueModel
    train_loss: list[float] = field(default_factory=list)  # per L-BFGS iteration (one full pass: an epoch)
    held_loss: list[float] = field(default_factory=list)
    seconds: float = 0.0


def _arrays(games: list[GameData], cols: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions x seats x used columns (float64), each position's targets (the game's win shares) and the log of
    the hand evaluation's chances there (positions x seats)."""
    have = [d for d in games if d.x.shape[0]]
    if not have:
        return np.zeros((0, 0, cols.size)), np.zeros((0, 0)), np.zeros((0, 0))
    x = np.concatenate([d.x[:, :, cols] for d in have]).astype(np.float64)
    y = np.concatenate([np.repeat(d.y[None, :], d.x.shape[0], axis=0) for d in have])
    return x, y, hand_logs(np.concatenate([d.hand for d in have]))


class Objective:
    """Cross-entropy of the seats' softmax against the win shares, plus L2 on the weights; value and gradient."""

    def __init__(self, x: np.ndarray, y: np.ndarray, hidden: int, l2: float, base: np.ndarray | None = None) -> None:
        self.x, self.y, self.hidden, self.l2 = x, y, hidden, l2
        self.d = x.shape[2]
        self.flat = x.reshape(-1, self.d)
        self.base = base  # log hand chances (positions x seats), weighed by the last parameter; None: no base
        self.size = self.d * (hidden or 1) + 2 * hidden + (1 if base is not None else 0)
        self.penalty = np.ones(self.size)
        if base is not None:
            self.penalty[-1] = 0.0  # the base's weight is fitted freely: it starts at 1 (the hand evaluation itself)

    def unpack(self, theta: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        d, h = self.d, self.hidden
        beta = float(theta[-1]) if self.base is not None else 0.0
        if not h:
            return theta[:d].reshape(d, 1), np.zeros(0), np.zeros(0), beta
        w1 = theta[: d * h].reshape(d, h)
        return w1, theta[d * h: d * h + h], theta[d * h + h: d * h + 2 * h], beta

    def start(self, rng: np.random.Generator) -> np.ndarray:
        """The first parameters: zero weights (a hidden layer: small random ones, so its units differ) and the
        base's weight 1, so training starts from the hand evaluation itself where there is one."""
        theta = np.zeros(self.size)
        if self.hidden:
            theta = rng.normal(0.0, 0.1, self.size) / math.sqrt(max(1.0, math.sqrt(self.d)))
        if self.base is not None:
            theta[-1] = 1.0
        return theta

    def scores(self, theta: np.ndarray, x: np.ndarray, base: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None]:
        w1, b1, w2, beta = self.unpack(theta)
        z = x @ w1  # positions x seats x (hidden or 1)
        a = None
        if not self.hidden:
            s = z[:, :, 0]
        else:
            a = np.tanh(z + b1)
            s = a @ w2
        if base is not None:
            s = s + beta * base
        return s, a

    def loss(self, theta: np.ndarray, x: np.ndarray | None = None, y: np.ndarray | None = None,
             base: np.ndarray | None = None) -> float:
        if x is None:
            x, y, base = self.x, self.y, self.base
        s, _ = self.scores(theta, x, base)
        return float(_cross_entropy(s, y))  # type: ignore[arg-type]

    def __call__(self, theta: np.ndarray) -> tuple[float, np.ndarray]:
        x, y, p = self.x, self.y, self.x.shape[0]
        s, a = self.scores(theta, x, self.base)
        m = s.max(axis=1, keepdims=True)
        e = np.exp(s - m)
        prob = e / e.sum(axis=1, keepdims=True)
        pen = self.penalty * theta
        value = float(_cross_entropy(s, y)) + 0.5 * self.l2 * float(pen @ theta)
        ds = (prob - y) / p  # d loss / d score, positions x seats
        w1, b1, w2, _ = self.unpack(theta)
        flat = self.flat  # positions x seats as rows: the sums over both are matrix products (BLAS)
        if not self.hidden:
            grad = flat.T @ ds.ravel()
        else:
            assert a is not None
            h = self.hidden
            g_w2 = a.reshape(-1, h).T @ ds.ravel()
            dz = ds[:, :, None] * w2[None, None, :] * (1.0 - a * a)
            g_w1 = flat.T @ dz.reshape(-1, h)
            g_b1 = dz.sum(axis=(0, 1))
            grad = np.concatenate([g_w1.ravel(), g_b1, g_w2])
        if self.base is not None:
            grad = np.append(grad, float((ds * self.base).sum()))
        return value, grad + self.l2 * pen


def _cross_entropy(s: np.ndarray, y: np.ndarray) -> float:
    if not s.size:
        return 0.0
    m = s.max(axis=1, keepdims=True)
    logp = s - m - np.log(np.exp(s - m).sum(axis=1, keepdims=True))
    return float(-(y * logp).sum(axis=1).mean())


def held_out(index: int) -> bool:
    return index % HOLD_OUT == HOLD_OUT - 1


def train(spec: TrainSpec, games: list[GameData]) -> Fit:
    """Fit the model on the games not held out (deterministic: a seeded start, L-BFGS-B)."""
    from scipy.optimize import minimize

    g = load(spec.game, spec.players, cache=True)
    enc = PositionEncoder(g)
    fit_games = [d for d in games if not held_out(d.index) and d.error is None]
    test_games = [d for d in games if held_out(d.index) and d.error is None]
    used = np.zeros(enc.out.shape[1], bool)
    for d in fit_games:
        if d.x.shape[0]:
            used |= (d.x != 0).any(axis=(0, 1))
    cols = np.nonzero(used)[0].astype(np.int32)
    x, y, lh = _arrays(fit_games, cols)
    xt, yt, lht = _arrays(test_games, cols)
    hand = spec.base == "hand"
    if not x.shape[0]:
        raise OptionError(f"the self-play games gave no positions to learn from ({len(games)} games, "
                          f"{sum(d.error is not None for d in games)} failed)")
    obj = Objective(x, y, spec.hidden, spec.l2, lh if hand else None)
    theta0 = obj.start(np.random.default_rng(derive_seed(spec.seed, 11)))
    fit = Fit(model=None)  # type: ignore[arg-type]

    def epoch(theta: np.ndarray) -> None:
        fit.train_loss.append(obj.loss(theta))
        fit.held_loss.append(obj.loss(theta, xt, yt, lht if hand else None) if xt.shape[0] else math.nan)

    epoch(theta0)

    t = time.perf_counter()
    res = minimize(obj, theta0, jac=True, method="L-BFGS-B", callback=epoch,
                   options={"maxiter": spec.epochs, "maxcor": 20, "gtol": 1e-7, "ftol": 1e-12})
    fit.seconds = time.perf_counter() - t
    w1, b1, w2, beta = obj.unpack(np.asarray(res.x))
    fit.model = ValueModel(spec.game, spec.players, g.spec.rules_version, encoder_signature(enc.encoder), cols,
                           spec.hidden, w1.astype(np.float32), b1.astype(np.float32), w2.astype(np.float32),
                           base=spec.base, beta=float(np.float32(beta)))
    return fit


# -- judging --------------------------------------------------------------------------------------------------------
def judge(model: ValueModel, games: list[GameData]) -> dict[str, Any]:
    """Held-out Brier (model, hand, uniform; overall and by third) and calibration of the model's chances."""
    test = [d for d in games if held_out(d.index) and d.error is None and d.x.shape[0]]
    rows: dict[str, list[float]] = {"model": [], "hand": [], "uniform": []}
    thirds: dict[str, list[list[float]]] = {k: [[], [], []] for k in rows}
    pred: list[float] = []
    obs: list[float] = []
    for d in test:
        n = d.y.size
        for k in range(d.x.shape[0]):
            s = model.scores(d.x[k])
            if model.base == "hand":
                s = s + model.beta * hand_logs(d.hand[k])
            p = np.array(rewards_from_scores(s, "win"))
            third = min(2, int(3 * d.phase[k]))
            for name, q in (("model", p), ("hand", d.hand[k]), ("uniform", np.full(n, 1.0 / n))):
                b = float(((q - d.y) ** 2).mean())
                rows[name].append(b)
                thirds[name][third].append(b)
            pred.extend(float(v) for v in p)
            obs.extend(float(v) for v in d.y)
    calib = []
    pa, oa = np.array(pred), np.array(obs)
    for b in range(BINS):
        lo, hi = b / BINS, (b + 1) / BINS
        m = (pa >= lo) & ((pa < hi) if b < BINS - 1 else (pa <= hi))
        if m.any():
            calib.append({"bin": [lo, hi], "n": int(m.sum()), "predicted": float(pa[m].mean()),
                          "observed": float(oa[m].mean())})
    mean = {k: (float(np.mean(v)) if v else None) for k, v in rows.items()}
    by_third = {k: [float(np.mean(t)) if t else None for t in v] for k, v in thirds.items()}
    return {"games": len(test), "positions": len(rows["model"]), "brier": mean, "brier_by_third": by_third,
            "calibration": calib}


def check(spec: TrainSpec, model: ValueModel, progress: Callable[[str, int, int], None] | None = None) -> dict[str, Any]:
    """The value-greedy player's win share against the game's bot (seats rotated), with a 95% Wilson interval."""
    if not spec.check_games:
        return {"games": 0}
    seed = derive_seed(spec.seed, 2)  # other games than the self-play ones
    batch = SelfPlay(spec.game, spec.players, spec.check_games, seed, ("heuristic",), model=model.dumps())
    rows: list[tuple[int, int, float, int, str | None]] = []
    for _, part in _stream(spec, [(0, batch, list(range(spec.check_games)))], check_chunk):
        rows.extend(part)
        if progress:
            progress("greedy check", len(rows), spec.check_games)
    rows.sort()
    done = [r for r in rows if r[4] is None]
    wins = sum(r[2] for r in done)
    lo, hi = wilson(wins, len(done))
    return {"games": len(done), "errors": [r[4] for r in rows if r[4]][:3], "win_share": wins / len(done) if done else None,
            "ci95": [lo, hi], "fair": 1.0 / spec.players, "decisions": float(np.mean([r[3] for r in done])) if done else None}


def time_evaluation(model: ValueModel, spec: TrainSpec, positions: int = 30,
                    repeat: int = 20) -> dict[str, float]:
    """Median microseconds (CPU) per evaluation at positions replayed from self-play: the whole learned evaluation
    (view, tensors, model), the model alone, and the game's hand evaluation, at the same positions."""
    import statistics

    g = load(spec.game, spec.players, cache=True)
    learned = LearnedEvaluation(g, model)
    hand = g.spec.hooks.bot_settings.evaluate
    states = _replay_positions(spec, positions)
    clock = time.process_time
    out: dict[str, list[float]] = {"learned": [], "model": [], "hand": []}
    for s in states:
        x = learned.positions.encode(s).copy()
        for name, fn in (("learned", lambda: learned(s, "win")), ("model", lambda: model.scores(x)),
                         ("hand", (lambda: hand(s, "win")) if hand is not None else None)):
            if fn is None:
                continue
            t = clock()
            for _ in range(repeat):
                fn()
            out[name].append((clock() - t) / repeat * 1e6)
    return {k: statistics.median(v) for k, v in out.items() if v}


def _replay_positions(spec: TrainSpec, count: int) -> list[Any]:
    """``count`` positions from a few fresh games of the bots (every fifth decision with a choice)."""
    g = load(spec.game, spec.players, cache=True)
    found: list[Any] = []
    k = 0
    while len(found) < count and k < 20:
        seed = derive_seed(spec.seed, 10_000 + k)
        state = g.new_state(seed, events=False)
        agents = seat_agents(["heuristic"] * spec.players, spec.game, seed)
        step = [0]

        def take(s: Any) -> bool:
            step[0] += 1
            if step[0] % 5 == 0 and not s.is_over():
                found.append(s.clone())
            return len(found) >= count

        run(state, agents, until=take)
        k += 1
    return found[:count]


@dataclass
class TrainResult:
    spec: TrainSpec
    fit: Fit
    judged: dict[str, Any]
    checked: dict[str, Any]
    timing: dict[str, float]
    games: int
    positions: int
    errors: list[str]
    seconds: dict[str, float]
    files: dict[str, Path] = field(default_factory=dict)


def train_value(spec: TrainSpec, out: Path | None = None, report: Path | None = None,
                progress: Callable[[str, int, int], None] | None = None, time_it: bool = True) -> TrainResult:
    """The whole run: self-play, training, judging, the check games; writes the model (default: where the game
    ships it) and, if asked, the report."""
    spec.check()
    t0 = time.perf_counter()
    games = self_play(spec, progress)
    t1 = time.perf_counter()
    fit = train(spec, games)
    judged = judge(fit.model, games)
    t2 = time.perf_counter()
    fit.model.training = {
        "seed": spec.seed, "games": spec.games, "positions_per_game": POSITIONS_PER_GAME, "epochs": spec.epochs,
        "iterations": len(fit.train_loss) - 1, "l2": spec.l2, "held_out": f"every {HOLD_OUT}th game",
        "brier": {k: (round(v, 5) if v is not None else None) for k, v in judged["brier"].items()},
        "command": spec.command(),
    }
    checked = check(spec, fit.model, progress)
    t3 = time.perf_counter()
    timing = time_evaluation(fit.model, spec) if time_it else {}
    result = TrainResult(spec, fit, judged, checked, timing, len(games),
                         sum(d.x.shape[0] for d in games), [d.error for d in games if d.error][:3],
                         {"self_play": t1 - t0, "training": t2 - t1, "check": t3 - t2})
    path = out if out is not None else model_path(get(spec.game), spec.players)
    result.files["model"] = fit.model.save(path)
    if report is not None:
        from .value_report import write
        result.files["report"] = write(result, report)
    return result


def summary_lines(r: TrainResult) -> list[str]:
    b = r.judged["brier"]
    lines = [f"{r.spec.game}, {r.spec.players} players: {r.games} self-play games, {r.positions} positions "
             f"({r.judged['positions']} held out from {r.judged['games']} games), {r.fit.model.columns.size} inputs, "
             f"hidden {r.spec.hidden}, {len(r.fit.train_loss) - 1} epochs",
             "held-out Brier: model " + _f(b["model"]) + ", hand evaluation " + _f(b["hand"]) + ", uniform " + _f(b["uniform"])]
    c = r.checked
    if c.get("games"):
        lines.append(f"value-greedy against the bot: win share {c['win_share']:.3f} "
                     f"({c['ci95'][0]:.3f}-{c['ci95'][1]:.3f}) over {c['games']} games (fair {c['fair']:.3f})")
    if r.timing:
        lines.append("us per evaluation (median, CPU): " + ", ".join(f"{k} {v:.1f}" for k, v in r.timing.items()))
    if r.errors:
        lines.append(f"{len(r.errors)}+ games failed, e.g. {r.errors[0]}")
    return lines


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.4f}"


def replace(spec: TrainSpec, **changes: Any) -> TrainSpec:
    return dataclasses.replace(spec, **changes)
