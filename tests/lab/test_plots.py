"""The report's sweep curves join their points in the order of the swept values."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from voidtable.lab import plots  # noqa: E402


def condition(value: Any, share: float) -> dict[str, Any]:
    seat = {"win_share": share, "ci95": [share - 0.1, share + 0.1]}
    return {"group": "4p", "players": 2, "arm": {"setup.energy": value}, "seats": [seat, seat],
            "scores": None, "length": None, "ties": None, "measures": {}}


def drawn_lines(values: list[Any], monkeypatch: pytest.MonkeyPatch) -> list[tuple[list[float], list[float]]]:
    """Draw the sweep curves of conditions listed in ``values``' order; the first panel's line as (x, y)."""
    figs = []
    monkeypatch.setattr(plots, "to_png", lambda fig: figs.append(fig) or "png")
    conds = [condition(v, 0.1 * k) for k, v in enumerate(values)]
    an = SimpleNamespace(summary={"sweep_keys": ["setup.energy"], "conditions": conds})
    assert plots.sweep_curves(an) == [("4p", "png")]  # type: ignore[arg-type]
    line = figs[0].axes[0].lines[0]
    return [float(x) for x in line.get_xdata()], [float(y) for y in line.get_ydata()]


def test_a_sweep_listing_its_default_first_is_drawn_in_the_order_of_its_values(monkeypatch):
    xs, ys = drawn_lines([10, 5, 20], monkeypatch)        # the default (10) listed first, as the studies do
    assert xs == [5.0, 10.0, 20.0]
    assert ys == pytest.approx([0.1, 0.0, 0.2])           # each point keeps its own condition's value


def test_values_that_are_not_numbers_keep_the_order_they_were_listed_in(monkeypatch):
    xs, ys = drawn_lines(["total", "consecutive"], monkeypatch)
    assert xs == [0.0, 1.0] and ys == pytest.approx([0.0, 0.1])
