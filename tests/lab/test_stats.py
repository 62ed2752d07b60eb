"""The lab's statistics against published reference values and hand computations."""

from __future__ import annotations

import math

import numpy as np
import pytest

from voidtable.sim.stats import (describe, holm, n_two_means, n_two_proportions, one_sample, quantiles, t_quantile,
                                 welch, wilson, z_of)


@pytest.mark.parametrize("k,n,low,high", [
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3 (Wilson score)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe_table(k, n, low, high):
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_edges_and_fractional_successes():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and lo == pytest.approx(0.7225, abs=1e-4)  # 10/10: (0.7225, 1)
    # a shared win counts as a fraction: 2.5 wins of 5 is a proportion of 0.5, symmetric around it
    lo, hi = wilson(2.5, 5)
    assert lo < 0.5 < hi and (0.5 - lo) == pytest.approx(hi - 0.5)


def test_holm_matches_r_p_adjust():
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") -> 0.03 0.06 0.06 0.02
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # R: p.adjust(c(0.2, 0.01, 0.5, 0.04, 0.001), "holm") -> 0.40 0.04 0.50 0.12 0.005
    assert holm([0.2, 0.01, 0.5, 0.04, 0.001]) == pytest.approx([0.4, 0.04, 0.5, 0.12, 0.005])
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # capped at 1 (R gives 1 1)
    assert holm([0.01, 0.02]) == pytest.approx([0.02, 0.02])  # monotone: never below an earlier step
    assert holm([0.6, 0.7, 0.8]) == [1.0, 1.0, 1.0]
    assert holm([]) == []


def test_welch_by_hand():
    a, b = [1, 2, 3, 4, 5], [2, 4, 6, 8, 10]
    t = welch(a, b)
    # diff 3, se sqrt(2.5/5 + 10/5) = sqrt(2.5), df = 2.5^2 / (0.5^2/4 + 2^2/4) = 5.882..., t = 1.897
    assert t.diff == 3 and t.se == pytest.approx(math.sqrt(2.5))
    from scipy.stats import t as student
    df = 2.5 ** 2 / (0.5 ** 2 / 4 + 2 ** 2 / 4)
    assert t.p == pytest.approx(2 * student.sf(3 / math.sqrt(2.5), df))
    assert t.p == pytest.approx(0.10753, abs=1e-5)
    half = student.ppf(0.975, df) * math.sqrt(2.5)
    assert (t.low, t.high) == pytest.approx((3 - half, 3 + half))


def test_welch_degenerate_samples():
    assert welch([1, 1, 1], [1, 1, 1]).p == 1.0
    assert welch([0, 0, 0], [1, 1, 1]).p == 0.0
    assert welch([1], [2, 3]).p == 1.0  # too few to test


def test_describe_t_interval_and_quantiles():
    s = describe([1, 2, 3, 4, 5])
    assert s.mean == 3 and s.sd == pytest.approx(math.sqrt(2.5))
    # t(0.975, 4) = 2.776445
    assert t_quantile(4) == pytest.approx(2.776445, abs=1e-6)
    assert (s.low, s.high) == pytest.approx((3 - 2.776445 * math.sqrt(2.5) / math.sqrt(5), 3 + 2.776445 * math.sqrt(2.5) / math.sqrt(5)))
    xs = [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    assert quantiles(xs, (0.1, 0.5, 0.9)) == pytest.approx(np.percentile(xs, [10, 50, 90]).tolist())
    assert z_of(0.95) == pytest.approx(1.959964, abs=1e-6)


def test_one_sample_against_fair_share():
    assert one_sample([0.25] * 10, 0.25) == 1.0
    from scipy.stats import ttest_1samp
    xs = [1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 0]
    assert one_sample(xs, 0.25) == pytest.approx(ttest_1samp(xs, 0.25).pvalue)


def test_sample_sizes():
    # the classic two-proportion example (Fleiss, no continuity correction): 0.5 vs 0.6 -> 388 per arm
    assert n_two_proportions(0.5, 0.6) == 388
    assert n_two_proportions(0.3, 0.3) is None
    # means: (1.96 + 0.8416)^2 * (1 + 1) / 0.5^2 = 62.8 -> 63 per arm
    assert n_two_means(1.0, 1.0, 0.5) == 63
    # a stricter level needs more games
    assert n_two_proportions(0.25, 0.27, alpha=0.05 / 20) > n_two_proportions(0.25, 0.27)
