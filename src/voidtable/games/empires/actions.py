"""Empires of the Void's action kinds, declared once (engine.vocabulary): one small decision at a time.

Spaces are named by key (``space`` target): a planet's key, ``tile.node`` for a
light circle, ``home<seat>`` for a home world. Ships are token ids (every token of
the box numbered once: four colours, then the neutral supply). Diplomacy cards of
the same type and Tactics are alike, so a card is named ``type.tactic``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.vocabulary import (
    NO_ARG,
    ActionKind,
    ActionTable,
    ArgType,
    choice_arg,
    hex_arg,
    id_arg,
    number_arg,
    seat_arg,
    space_arg,
    tuple_arg,
)

from . import galaxy

if TYPE_CHECKING:
    from voidtable.engine.game import Game

    from .data import Rules


def _r(g: "Game") -> "Rules":
    rules: Rules = g.rules
    return rules


def _card_keys(g: "Game") -> list[str]:
    return sorted({f"{t}.{a}" for t, a in _r(g).cards})


def _corners(g: Any) -> list[tuple[int, int]]:
    """Every corner of any player count, so an action id means the same at 2, 3 and 4 players."""
    return list(dict.fromkeys([*galaxy.CORNERS, *galaxy.TWO_PLAYER_CORNERS]))


SPACE = space_arg("space", lambda g: _r(g).spaces())
PLANET = choice_arg("planet", lambda g: _r(g).planet_keys)
SHIP = id_arg("ship", lambda g: len(_r(g).tokens), "ship")
CARD = choice_arg("card", _card_keys, target="card")
ATTACK_TARGET = ArgType(
    "attack_target",
    lambda g: (*range(4), "planet", "infestation", "pirates"),  # every seat of the largest table: ids fixed
    "choice",
    lambda v: (isinstance(v, int) and not isinstance(v, bool)) or v in ("planet", "infestation", "pirates"),
)

RACE = ActionKind("race", choice_arg("race", lambda g: _r(g).race_keys))
CORNER = ActionKind("corner", hex_arg("corner", _corners))
ROTATE = ActionKind("rotate", tuple_arg("rotation", hex_arg("tile", lambda g: list(galaxy.RING)), number_arg("turns", 1, 5)),
                    route_part=0)
NO_ROTATE = ActionKind("no_rotate", NO_ARG)
COVER = ActionKind("cover", PLANET)
RESEARCH = ActionKind("research", choice_arg("tech", lambda g: _r(g).tech_keys))
BUILD = ActionKind("build", choice_arg("ship_kind", lambda g: _r(g).ship_kinds))
BUILD_DONE = ActionKind("build_done", NO_ARG)
MOVE = ActionKind("move", SHIP)
TO = ActionKind("to", SPACE)
ATTACK = ActionKind("attack", SPACE)
TARGET = ActionKind("target", ATTACK_TARGET)
CULTURE = ActionKind("culture", NO_ARG)
MINE = ActionKind("mine", NO_ARG)
DIPLOMACY = ActionKind("diplomacy", tuple_arg("diplomacy", PLANET, number_arg("cards", 1, 4)), route_part=0)
INFEST = ActionKind("infest", PLANET)
END_TURN = ActionKind("end_turn", NO_ARG)
CASUALTY = ActionKind("casualty", SHIP)
TAKE = ActionKind("take", choice_arg("outcome", ("conquer", "liberate")))
LEAVE = ActionKind("leave", NO_ARG)
BEFRIEND_NOW = ActionKind("befriend_now", NO_ARG)
NOT_NOW = ActionKind("not_now", NO_ARG)
DISCARD = ActionKind("discard", CARD)
CARRY = ActionKind("carry", SHIP)  # a Diplomat's passenger
MIND_CONTROL = ActionKind("mind_control", SHIP)  # Siri
EXTRA_MOVE = ActionKind("extra_move", NO_ARG)  # Narkani
RETREAT = ActionKind("retreat", SPACE)  # Bindok II's ally: to which of the nearest planets he controls
STAY = ActionKind("stay", NO_ARG)
# Cards of one type differ only in their Tactic: a Tactic is paid with one card showing it and other
# cards of the type; the second part says how many of those show the type's other Tactic.
TACTIC = ActionKind("tactic", tuple_arg("tactic", CARD, number_arg("other_ability_cards", 0, 2)), route_part=0)
PASS = ActionKind("pass", NO_ARG)
MOVE_ALL = ActionKind("move_all", NO_ARG)  # Warp Gate
MOVE_ALL_DONE = ActionKind("move_all_done", NO_ARG)
PERMIT = ActionKind("permit", NO_ARG)  # Tractor Beam: its owner lets a ship leave the beam's space, or not
REFUSE = ActionKind("refuse", NO_ARG)
STOP = ActionKind("stop", NO_ARG)  # a ship stopped in a Tractor Beam's space ends its move there
TRADEABLE = choice_arg("tradeable", lambda g: ["credits", *_card_keys(g)])  # never VP, never planet cards
AMOUNT = number_arg("amount", 1, 3)
OFFER_TO = ActionKind("offer_to", seat_arg("seat", 4))
OFFER_GIVE = ActionKind("offer_give", tuple_arg("give", TRADEABLE, AMOUNT))
OFFER_ASK = ActionKind("offer_ask", tuple_arg("ask", TRADEABLE, AMOUNT))
OFFER_LICENCE = ActionKind("offer_licence", choice_arg("trade_good", lambda g: _r(g).g.trade_goods))
OFFER_SEND = ActionKind("offer_send", NO_ARG)
ACCEPT = ActionKind("accept", NO_ARG)
DECLINE = ActionKind("decline", NO_ARG)
PAY_SHOOTING_STAR = ActionKind("pay_shooting_star", NO_ARG)
HOLD_FIRE = ActionKind("hold_fire", NO_ARG)
PORT_AT = ActionKind("port_at", PLANET)
BUILD_AT_PORT = ActionKind("build_at_port", choice_arg("ship_kind", lambda g: _r(g).ship_kinds))
SWAP = ActionKind("swap", tuple_arg("swap", CARD, CARD), route_part=0)  # (hand card, row card), 2 players

ACTIONS = ActionTable("empires", [
    RACE, CORNER, ROTATE, NO_ROTATE, COVER,
    RESEARCH, BUILD, BUILD_DONE,
    MOVE, TO, ATTACK, TARGET, CULTURE, MINE, DIPLOMACY, INFEST, END_TURN,
    CASUALTY, TAKE, LEAVE, BEFRIEND_NOW, NOT_NOW, DISCARD, SWAP,
    CARRY, MIND_CONTROL, EXTRA_MOVE, RETREAT, STAY, PORT_AT, BUILD_AT_PORT, TACTIC, PASS, MOVE_ALL, MOVE_ALL_DONE, PERMIT, REFUSE,
    STOP, PAY_SHOOTING_STAR, HOLD_FIRE,
    OFFER_TO, OFFER_GIVE, OFFER_ASK, OFFER_LICENCE, OFFER_SEND, ACCEPT, DECLINE,
])
