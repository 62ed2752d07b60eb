"""Tunable rules-data parameters: the numbers a designer may sweep, with the ranges that make sense.

A game lists them on its spec (``GameSpec.parameters``). The lab sweeps and tunes
only within them, and the table may accept overrides of them from the lobby. A
path may use ``*`` for any one key (``black_holes.*.threshold``). A rule that is
on or off is a ``boolean`` parameter: it takes ``true`` or ``false`` (its range
reads 0..1, off..on).

Every parameter must change what happens: the registry-wide test
(tests/engine/test_every_setting_matters.py) moves each one over a fixed set of
seeded games and fails if the games do not change. ``when`` names the options
under which a parameter acts at all (Nearspace's bank limit needs the Banking
option), so the test and the lab know where to look; a parameter that honestly
changes no outcome carries ``informational`` with the reason.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Parameter:
    """One tunable number: its dotted path in the rules data, its allowed range, and what it means."""

    path: str
    low: float
    high: float
    integer: bool = True
    help: str = ""
    boolean: bool = False  # a rule switched on or off: takes true or false only
    when: tuple[tuple[str, Any], ...] = ()  # (option, value) pairs under which the parameter acts at all
    informational: str = ""  # why moving it changes no outcome (empty: it must change one)

    @staticmethod
    def switch(path: str, help: str = "", when: tuple[tuple[str, Any], ...] = (), informational: str = "") -> "Parameter":
        """A rule that is on or off (``true`` / ``false``)."""
        return Parameter(path, 0, 1, integer=True, help=help, boolean=True, when=when, informational=informational)

    def options(self) -> dict[str, Any]:
        """The options this parameter needs to act (``when``) as a settings dict."""
        return dict(self.when)

    def matches(self, path: str) -> bool:
        """Whether ``path`` is one of this parameter's numbers (a table's ``assumed`` note never is, even under ``*``)."""
        parts, mine = path.split("."), self.path.split(".")
        if parts[-1] == "assumed" and mine[-1] != "assumed":
            return False
        return len(parts) == len(mine) and all(fnmatch.fnmatchcase(p, m) for p, m in zip(parts, mine))

    def check(self, value: float) -> str | None:
        """None if ``value`` is allowed, else one line saying what is."""
        if self.boolean:
            return None if isinstance(value, bool) else f"{self.path} takes true or false, got {value!r}"
        if self.integer and (not isinstance(value, int) or isinstance(value, bool)):
            return f"{self.path} takes a whole number in {self.low:g}..{self.high:g}, got {value!r}"
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not self.low <= value <= self.high:
            return f"{self.path} takes a number in {self.low:g}..{self.high:g}, got {value!r}"
        return None

    def to_json(self) -> dict[str, object]:
        return {"path": self.path, "low": self.low, "high": self.high, "integer": self.integer, "help": self.help,
                "boolean": self.boolean, "when": self.options(), "informational": self.informational}


def find(parameters: tuple[Parameter, ...], path: str) -> Parameter | None:
    """The parameter declaring ``path``, if any."""
    for p in parameters:
        if p.matches(path):
            return p
    return None
