"""The main game's action kinds (engine.vocabulary), and the space battle's.

Places are the galaxy's hexes by index; ships are fixed ids (seat ``p``'s ships
``p * slots ..``, one id per piece of every hull, as in the fleet battle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from voidtable.engine.vocabulary import NO_ARG, YES_NO, ActionKind, ActionTable, choice_arg, id_arg, number_arg, seat_arg, tuple_arg

from ..battle import KINDS, slots

if TYPE_CHECKING:
    from voidtable.engine.game import Game


def _places(g: "Game") -> int:
    return len(g.rules.galaxy)


MAX_PLAYERS = 6   # ship ids are numbered for the most players, so an action id means the same at any count


def _ships(g: "Game") -> int:
    return MAX_PLAYERS * slots(g.rules.ships)


def _squares(g: "Game") -> int:
    return max(g.rules.data.land.squares.values())  # type: ignore[no-any-return]


def _buildings(g: "Game") -> Iterable[str]:
    return list(g.rules.buildings)


def _techs(g: "Game") -> Iterable[str]:
    return list(g.rules.tech_order)


def _cards(g: "Game") -> Iterable[str]:
    return list(g.rules.cards)


def _ship_squares(g: "Game") -> int:
    return max(h.squares for h in g.rules.ships.hulls.values())  # type: ignore[no-any-return]


PLACE = id_arg("place", _places, "hex")
SQUARE = number_arg("square", 0, lambda g: _squares(g) - 1)

HOME = ActionKind("home", PLACE)
SELECT = ActionKind("select", id_arg("ship", _ships, "ship"))
STEP = ActionKind("step", PLACE)
JUMP = ActionKind("jump", NO_ARG)
SCAN = ActionKind("scan", NO_ARG)
STOP = ActionKind("stop", NO_ARG)
DECLARE_WAR = ActionKind("declare_war", seat_arg("on", 6))
OFFER_PEACE = ActionKind("offer_peace", seat_arg("to", 6))
ANSWER = ActionKind("answer", YES_NO)
COLONIZE = ActionKind("colonize", tuple_arg("at", PLACE, SQUARE), route_part=0)
BUILD = ActionKind("build", tuple_arg("at", PLACE, SQUARE, choice_arg("building", _buildings)), route_part=0)
BULLDOZE = ActionKind("bulldoze", tuple_arg("at", PLACE, SQUARE), route_part=0)
BUY_TECH = ActionKind("buy_tech", choice_arg("tech", _techs, target="card"))
BUY_SHIP = ActionKind("buy_ship", choice_arg("design", _cards, target="card"))
BUY_HULL = ActionKind("buy_hull", choice_arg("hull", lambda g: [h for h in g.rules.ships.hulls
                                                                   if not g.rules.ships.hulls[h].fixed], target="card"))
FIT = ActionKind("fit", tuple_arg("what", id_arg("ship", _ships, "ship"),
                                  number_arg("square", 0, lambda g: _ship_squares(g) - 1),
                                  choice_arg("tile", lambda g: list(g.rules.ships.tiles))), route_part=0)
REPAIR = ActionKind("repair", tuple_arg("what", id_arg("ship", _ships, "ship"),
                                       number_arg("square", 0, lambda g: _ship_squares(g) - 1)), route_part=0)
LOAD = ActionKind("load", NO_ARG)
CASH_IN = ActionKind("cash_in", id_arg("ship", _ships, "ship"))
LAND = ActionKind("land", SQUARE)
MARCH = ActionKind("march", tuple_arg("move", PLACE, SQUARE, SQUARE), route_part=0)
CAPTURE = ActionKind("capture", NO_ARG)
RAZE = ActionKind("raze", NO_ARG)
TARGET = ActionKind("target", seat_arg("race", 6))
DEMOLISH = ActionKind("demolish", SQUARE)
SHUT = ActionKind("shut", SQUARE)
BUY_MARINE = ActionKind("buy_marine", tuple_arg("at", PLACE, SQUARE), route_part=0)
DONE = ActionKind("done", NO_ARG)
VOTE = ActionKind("vote", YES_NO)
ELECT = ActionKind("elect", seat_arg("candidate", 6))
ABSTAIN = ActionKind("abstain", NO_ARG)

#: A bonus square's free technology: the finder picks one of the tier-1 technologies it lacks.
FREE_TECH = ActionKind("free_tech", choice_arg("tech", _techs, target="card"))

#: The battle's ``activate`` over every player's ship ids, its ``fire`` with targets among the neutral
#: ships too (they sit one seat past the players: at most the seventh seat's ids), and its ``flee`` naming the
#: friendly space the side goes to (``None``: it fights on), where the fleet battle's is yes or no.
ACTIVATE = ActionKind("activate", id_arg("ship", _ships, "ship"))
FIRE = ActionKind("fire", id_arg("target", lambda g: (MAX_PLAYERS + 1) * slots(g.rules.ships), "ship"))
FLEE = ActionKind("flee", PLACE.optional())
_OWN = {"fire": FIRE, "activate": ACTIVATE, "flee": FLEE}
BATTLE_KINDS = [_OWN.get(k.name, k) for k in KINDS]

ACTIONS = ActionTable("abyss", [HOME, SELECT, STEP, JUMP, SCAN, STOP, DECLARE_WAR, OFFER_PEACE, ANSWER, COLONIZE,
                                BUILD, BULLDOZE, BUY_TECH, BUY_SHIP, BUY_HULL, FIT, REPAIR, LOAD, CASH_IN, LAND, MARCH, CAPTURE, RAZE, TARGET, DEMOLISH, SHUT,
                                BUY_MARINE, DONE, VOTE, ELECT, ABSTAIN, *BATTLE_KINDS, FREE_TECH])
