"""The fleet battle's action kinds (engine.vocabulary): buy a design, finish the fleet, place a ship, then the battle's.

Ships are fixed ids (seat ``p``'s ships ``p * slots ..``, one id per piece of every
hull); cells of the battle board are ``(x, y)`` with ``x`` counted from seat 0's edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from voidtable.engine.squaregrid import Cell
from voidtable.engine.vocabulary import NO_ARG, ActionKind, ActionTable, cell_arg, choice_arg

from ..battle import KINDS

if TYPE_CHECKING:
    from voidtable.engine.game import Game


def _designs(g: "Game") -> Iterable[str]:
    return g.rules.fleet_designs  # type: ignore[no-any-return]


def _cells(g: "Game") -> Iterable[Cell]:
    return g.rules.board.cells  # type: ignore[no-any-return]


BUY = ActionKind("buy", choice_arg("design", _designs, target="card"))
FLEET_DONE = ActionKind("fleet_done", NO_ARG)
PLACE = ActionKind("place", cell_arg("cell", _cells))

ACTIONS = ActionTable("abyss_battle", [BUY, FLEET_DONE, PLACE, *KINDS])
