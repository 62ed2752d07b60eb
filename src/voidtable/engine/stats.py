"""Statistics shared by the lab and the ladder: intervals, tests, multiple comparisons, sample sizes.

Pure Python (``math`` and ``statistics.NormalDist``), so importing it costs
nothing and needs no optional extra; :func:`welch` uses SciPy's Student t when
it is installed and the normal distribution otherwise (the lab extra has SciPy).
This module imports nothing from voidtable, so any layer may use it (the
ladder in ``agents/`` as well as ``lab/``).

Conventions: ``conf`` is a two-sided confidence level (0.95); a *proportion*
may count fractional successes (a win shared by two seats counts 1/2 to each).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Iterable, Sequence

Z95 = 1.959963984540054
_N = NormalDist()


def z_of(conf: float = 0.95) -> float:
    """The two-sided normal quantile for confidence ``conf`` (1.95996... for 0.95)."""
    return _N.inv_cdf(0.5 + conf / 2)


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``successes`` may be fractional: shared wins).

    Newcombe (1998), Table I: 81/263 -> (0.2553, 0.3662), 15/148 -> (0.0624, 0.1605), 0/20 -> (0, 0.1611).
    ``n <= 0`` gives the uninformative (0, 1).
    """
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    return (0.0 if p == 0 else lo), (1.0 if p == 1 else hi)  # exact ends (rounding would leave 0.9999999999999999)


@dataclass(frozen=True)
class Summary:
    """Mean, standard deviation, count and a confidence interval for the mean."""

    n: int
    mean: float
    sd: float
    low: float
    high: float

    def to_json(self, digits: int = 6) -> dict[str, float | list[float]]:
        return {"n": self.n, "mean": round(self.mean, digits), "sd": round(self.sd, digits),
                "ci95": [round(self.low, digits), round(self.high, digits)]}


def t_quantile(df: float, conf: float = 0.95) -> float:
    """Two-sided Student t quantile (SciPy if installed, else a Cornish-Fisher expansion, error < 1e-3 for df >= 3)."""
    if df <= 0 or math.isinf(df):
        return z_of(conf)
    try:
        from scipy.stats import t
        return float(t.ppf(0.5 + conf / 2, df))
    except ImportError:  # pragma: no cover - the lab extra has SciPy
        z = z_of(conf)
        g1 = (z ** 3 + z) / 4
        g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
        return z + g1 / df + g2 / df ** 2


def describe(values: Sequence[float], conf: float = 0.95) -> Summary:
    """Mean with a t interval (sample standard deviation, n - 1)."""
    n = len(values)
    if n == 0:
        return Summary(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Summary(1, mean, 0.0, -math.inf, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    sd = math.sqrt(var)
    half = t_quantile(n - 1, conf) * sd / math.sqrt(n)
    return Summary(n, mean, sd, mean - half, mean + half)


def quantiles(values: Sequence[float], qs: Iterable[float] = (0.05, 0.25, 0.5, 0.75, 0.95)) -> list[float]:
    """Linear-interpolation quantiles (NumPy's default, 'type 7')."""
    xs = sorted(values)
    if not xs:
        return [math.nan for _ in qs]
    out = []
    for q in qs:
        h = (len(xs) - 1) * q
        lo = math.floor(h)
        hi = min(lo + 1, len(xs) - 1)
        out.append(xs[lo] + (h - lo) * (xs[hi] - xs[lo]))
    return out


@dataclass(frozen=True)
class Test:
    """A two-sample comparison of means: B - A, its interval, and a two-sided p-value."""

    diff: float
    low: float
    high: float
    p: float
    se: float
    n_a: int
    n_b: int
    sd_a: float
    sd_b: float


def welch(a: Sequence[float], b: Sequence[float], conf: float = 0.95) -> Test:
    """Welch's unequal-variance t-test of mean(b) - mean(a).

    For 0/1 data this is the unpooled two-proportion z-test (with t instead of
    z, which matters only for tiny samples); for fractional win shares and for
    scores it is the usual large-sample test. Constant data with equal means
    gives p = 1; constant data with different means p = 0.
    """
    sa, sb = describe(a), describe(b)
    na, nb = sa.n, sb.n
    if na < 2 or nb < 2:
        return Test(sb.mean - sa.mean if na and nb else math.nan, -math.inf, math.inf, 1.0, math.inf, na, nb,
                    sa.sd if na else math.nan, sb.sd if nb else math.nan)
    va, vb = sa.sd ** 2 / na, sb.sd ** 2 / nb
    diff = sb.mean - sa.mean
    se = math.sqrt(va + vb)
    if se == 0:
        p = 1.0 if diff == 0 else 0.0
        return Test(diff, diff, diff, p, 0.0, na, nb, sa.sd, sb.sd)
    df = (va + vb) ** 2 / ((va ** 2) / (na - 1) + (vb ** 2) / (nb - 1)) if va + vb > 0 else math.inf
    t = diff / se
    p = two_sided_t_p(t, df)
    half = t_quantile(df, conf) * se
    return Test(diff, diff - half, diff + half, p, se, na, nb, sa.sd, sb.sd)


def two_sided_t_p(t: float, df: float) -> float:
    try:
        from scipy.stats import t as student
        return float(2 * student.sf(abs(t), df))
    except ImportError:  # pragma: no cover
        return 2 * (1 - _N.cdf(abs(t)))


def one_sample(values: Sequence[float], mu: float) -> float:
    """Two-sided p-value of a one-sample t-test of mean(values) = mu (constant data: 1 if equal else 0)."""
    s = describe(values)
    if s.n < 2:
        return 1.0
    if s.sd == 0:
        return 1.0 if s.mean == mu else 0.0
    return two_sided_t_p((s.mean - mu) / (s.sd / math.sqrt(s.n)), s.n - 1)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (controls the family-wise error rate; same as R's p.adjust 'holm').

    >>> holm([0.01, 0.04, 0.03, 0.005])
    [0.03, 0.06, 0.06, 0.02]
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        out[i] = float(f"{running:.15g}")  # 3 * 0.01 prints as 0.03; tiny p-values stay tiny
    return out


def n_two_proportions(p1: float, p2: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games per arm to tell proportions p1 and p2 apart (two-sided, normal approximation, no continuity correction).

    The classic example: p1 = 0.5, p2 = 0.6, alpha 0.05, power 0.8 -> 388 per arm. None when p1 == p2.
    """
    if p1 == p2:
        return None
    za, zb = z_of(1 - alpha), _N.inv_cdf(power)
    pbar = (p1 + p2) / 2
    num = za * math.sqrt(2 * pbar * (1 - pbar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(num * num / (p1 - p2) ** 2)


def n_two_means(sd_a: float, sd_b: float, delta: float, alpha: float = 0.05, power: float = 0.8) -> int | None:
    """Games per arm to detect a difference ``delta`` of means with these standard deviations (normal approximation)."""
    if delta == 0 or not math.isfinite(delta):
        return None
    za, zb = z_of(1 - alpha), _N.inv_cdf(power)
    return max(2, math.ceil((za + zb) ** 2 * (sd_a ** 2 + sd_b ** 2) / delta ** 2))
