"""Moved to :mod:`voidtable.engine.stats`, where the agents' ladder and the lab share it without importing each other."""

from voidtable.engine.stats import (  # noqa: F401
    Z95, Summary, Test, describe, holm, n_two_means, n_two_proportions, one_sample, quantiles, t_quantile,
    two_sided_t_p, welch, wilson, z_of,
)
