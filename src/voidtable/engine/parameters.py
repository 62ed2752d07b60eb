"""Tunable rules-data parameters: the numbers a designer may sweep, with the ranges that make sense.

A game lists them on its spec (``GameSpec.parameters``). The lab sweeps and tunes
only within them, and the table may accept overrides of them from the lobby. A
path may use ``*`` for any one key (``black_holes.*.threshold``).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass


@dataclass(frozen=True)
class Parameter:
    """One tunable number: its dotted path in the rules data, its allowed range, and what it means."""

    path: str
    low: float
    high: float
    integer: bool = True
    help: str = ""

    def matches(self, path: str) -> bool:
        parts, mine = path.split("."), self.path.split(".")
        return len(parts) == len(mine) and all(fnmatch.fnmatchcase(p, m) for p, m in zip(parts, mine))

    def check(self, value: float) -> str | None:
        """None if ``value`` is allowed, else one line saying what is."""
        if self.integer and (not isinstance(value, int) or isinstance(value, bool)):
            return f"{self.path} takes a whole number in {self.low:g}..{self.high:g}, got {value!r}"
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not self.low <= value <= self.high:
            return f"{self.path} takes a number in {self.low:g}..{self.high:g}, got {value!r}"
        return None

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "low": self.low, "high": self.high, "integer": self.integer, "help": self.help}


def find(parameters: tuple[Parameter, ...], path: str) -> Parameter | None:
    """The parameter declaring ``path``, if any."""
    for p in parameters:
        if p.matches(path):
            return p
    return None
