"""The registry-wide suites' configurations and their per-game budgets, defined once.

The words, scene and conformance suites run for every registered game at its smallest and
largest table in every variant. What each configuration plays is budgeted per *game*, not per
configuration: a game of many variants plays each of them fewer times, so that a game with twelve
configurations costs about what a game with four does, and the test command's time grows with the
number of games, not with their variants. Every configuration always plays at least once, and each
configuration plays its own deals (seeds from its name), so the budget spreads over different games.
"""

from __future__ import annotations

import zlib

import pytest

from voidtable.engine.registry import games


def configs(scene_only: bool = False) -> list:
    """pytest params (name, players, variant): every game at its fewest and most players, every variant."""
    return [
        pytest.param(name, n, variant, id=f"{name}-{n}p-{variant}")
        for name, spec in games().items()
        if not scene_only or spec.hooks.scene is not None
        for n in sorted({spec.min_players, spec.max_players})
        for variant in (spec.variants or {"default": {}})
    ]


def config_count(name: str) -> int:
    spec = games()[name]
    return len({spec.min_players, spec.max_players}) * len(spec.variants or {"default": {}})


def games_per_config(name: str, budget: int) -> int:
    """The game's ``budget`` of games split evenly over its configurations, at least one each."""
    return max(1, budget // config_count(name))


def seeds(name: str, players: int, variant: str, budget: int) -> list[int]:
    """The seeds a configuration plays: its share of the game's budget, from a base that differs per config."""
    base = zlib.crc32(f"{name}-{players}p-{variant}".encode()) % 100_000 * 10
    return [base + k for k in range(games_per_config(name, budget))]
