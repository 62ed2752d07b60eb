"""Game-specific measures: what a game asks the lab to count from a finished game's events.

A game declares them in its hook table, ``GameSpec.hooks.measures``
(:class:`voidtable.engine.hooks.MeasureHooks`), with:

``measures: dict[str, Measure]``
    one entry per measure: ``title``, ``rows`` and ``cols`` (what the two keys
    of a cell mean, e.g. ``"round"`` and ``"seat"``), ``kind`` (``"rate"``: each
    value is 0..1 and the lab shows a Wilson interval; ``"mean"``: any number,
    shown with a t interval) and ``help`` (how it is counted, for the report).

``measure(game, events, result) -> list[Cell]``
    the cells of one finished game: ``(measure, row, col, value)``. A cell may
    appear several times in one game; the runner averages those in the worker,
    so every game counts once per cell. A cell missing from a game is *no observation*
    for that game, not a zero (a faction not at the table adds nothing).

``factions(game, events) -> list[str]`` (optional)
    the faction (race, side) of each seat, for the lab's win share by faction.

``events`` are every event of the game in order (setup events first), hidden
ones included: the lab is not a seat. The measures run in the worker that
played the game, so only the cells travel back to the results store.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.errors import UnknownGame
from voidtable.engine.game import Game
from voidtable.engine.hooks import Cell, MeasureHooks
from voidtable.engine.registry import get

__all__ = ["Cell", "declared", "has_factions", "hooks_for", "module_for"]


def hooks_for(game: str) -> MeasureHooks[Game] | None:
    """The measures ``game`` declares (``spec.hooks.measures``), or None (also for an unknown game)."""
    try:
        return get(game).hooks.measures
    except UnknownGame:
        return None


module_for = hooks_for  # the old name (measures used to be found as a module)


def declared(game: str) -> dict[str, dict[str, Any]]:
    """Each declared measure as JSON (title, rows, cols, kind, help), in declaration order."""
    mh = hooks_for(game)
    return {name: m.to_json() for name, m in mh.measures.items()} if mh else {}


def has_factions(game: str) -> bool:
    mh = hooks_for(game)
    return mh is not None and mh.factions is not None
