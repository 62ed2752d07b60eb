"""Nearspace's action kinds, declared once (engine.vocabulary): one small decision at a time.

Places are named by their hex ``(q, r)``; ships and hulls by a fixed id (seat
``p``'s Stockpile dice take ``p * slots ..``, engine hulls the ids after both
seats' ships); cards from the hand by card key (a deck holds one card per title).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from voidtable.engine.vocabulary import (
    NO_ARG,
    YES_NO,
    ActionKind,
    ActionTable,
    choice_arg,
    hex_arg,
    id_arg,
    number_arg,
    tuple_arg,
)

if TYPE_CHECKING:
    from voidtable.engine.game import Game

    from .data import Rules


def _r(g: "Game") -> "Rules":
    rules: Rules = g.rules
    return rules


def _hexes(g: "Game") -> Iterable[tuple[int, int]]:
    return _r(g).board.hexes


def _sides(g: "Game") -> list[int]:
    return sorted({d.sides for d in _r(g).stockpile.kinds()})


def _colours(g: "Game") -> list[str]:
    return list(_r(g).data.stockpile.colours)


def _ships(g: "Game") -> int:
    return 2 * _r(g).ship_slots


def _hulls(g: "Game") -> int:
    return 2 * _r(g).ship_slots + 2 * _r(g).data.engines.supply


def _max_invest(g: "Game") -> int:
    return max(max(_sides(g)), _r(g).data.engines.cost)


def _cards(g: "Game") -> list[str]:
    return _r(g).all_card_keys()


SECTOR = hex_arg("sector", _hexes)
SHIP = id_arg("ship", _ships, "ship")
CARD = choice_arg("card", _cards, target="card")

DISMANTLE = ActionKind("dismantle", SHIP)
KEEP = ActionKind("keep", YES_NO)
START_HULL = ActionKind("start_hull", tuple_arg("hull_order", hex_arg("site", _hexes), choice_arg("facets", _sides),
                                                choice_arg("colour", _colours)), route_part=0)
INVEST = ActionKind("invest", tuple_arg("investment", id_arg("hull", _hulls, "die"), number_arg("cp", 1, _max_invest)),
                    route_part=0)
START_ENGINE = ActionKind("start_engine", NO_ARG)
PLAY = ActionKind("play", CARD)
CYCLE = ActionKind("cycle", CARD)
BUILD_DONE = ActionKind("build_done", NO_ARG)
TARGET = ActionKind("target", SECTOR)
REVIVE = ActionKind("revive", number_arg("graveyard_ship", 0, lambda g: _r(g).ship_slots - 1))
CHECK = ActionKind("check", SHIP)
GROUP = ActionKind("group", SECTOR)
ADD = ActionKind("add", SHIP)
STEP = ActionKind("step", SECTOR)
DEFEND = ActionKind("defend", SHIP)
DEFEND_DONE = ActionKind("defend_done", NO_ARG)
END_TURN = ActionKind("end_turn", NO_ARG)
CHARGE = ActionKind("charge", NO_ARG)  # the Engine Charging option: CP into E during the Build step

ACTIONS = ActionTable("nearspace", [
    DISMANTLE, KEEP, START_HULL, INVEST, START_ENGINE, PLAY, CYCLE, BUILD_DONE, TARGET, REVIVE,
    CHECK, GROUP, ADD, STEP, DEFEND, DEFEND_DONE, END_TURN, CHARGE,
])
