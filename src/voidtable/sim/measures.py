"""Game-specific measures: what a game asks the lab to count from a finished game's events.

A game declares them in an optional module ``voidtable.games.<name>.measures``
(found by importing it; no registration needed) with:

``MEASURES: dict[str, dict]``
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

import importlib
from types import ModuleType
from typing import Any

Cell = tuple[str, str, str, float]

_CACHE: dict[str, ModuleType | None] = {}


def module_for(game: str) -> ModuleType | None:
    """``voidtable.games.<game>.measures`` if the game has one, else None (cached per process)."""
    if game not in _CACHE:
        try:
            _CACHE[game] = importlib.import_module(f"voidtable.games.{game}.measures")
        except ModuleNotFoundError as e:
            if e.name not in (f"voidtable.games.{game}.measures", f"voidtable.games.{game}"):
                raise
            _CACHE[game] = None
    return _CACHE[game]


def declared(game: str) -> dict[str, dict[str, Any]]:
    mod = module_for(game)
    return dict(getattr(mod, "MEASURES", {})) if mod else {}


def has_factions(game: str) -> bool:
    mod = module_for(game)
    return mod is not None and callable(getattr(mod, "factions", None))
