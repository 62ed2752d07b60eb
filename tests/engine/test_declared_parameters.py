"""Every game's declared parameters match real numbers in its rules data, and the shipped values lie in range."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from voidtable.engine.registry import games, load


def leaves(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from leaves(v, f"{prefix}.{k}" if prefix else str(k))
    else:
        yield prefix, data


@pytest.mark.parametrize("name", [n for n, s in games().items() if s.parameters])
def test_each_parameter_names_numbers_of_the_rules_data_within_its_range(name):
    spec = games()[name]
    game = load(name, spec.min_players)
    values = list(leaves(game.data))
    for p in spec.parameters:
        matched = [(path, v) for path, v in values if p.matches(path)]
        assert matched, f"{name}: parameter {p.path} matches nothing in the rules data"
        for path, v in matched:
            assert p.check(v) is None, f"{name}: shipped {path} = {v!r} is outside {p.low}..{p.high}"
