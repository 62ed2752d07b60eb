"""A turn's frame: the six steps in order (step 4, Engine Dice, and the turn's end live here).

The book's order: 1 Figure CP, 2 Fleet Maintenance, 3 Build, 4 Engine Dice,
5 Threat, 6 Action (movement and combat). Per-turn values (CP, E, bonuses,
attacks made) are reset at the end, since CP and E cannot be kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die

from . import economy  # noqa: F401  (registers steps 1 and 2)
from .events import EnginePoints, TurnEnded, TurnStarted
from .rolls import roll
from .tasks import TASKS, ActionStep, BeginBuild, EndTurn, EngineDice, FigureCP, Maintenance, StartTurn, Threat
from .victory import end_of_turn

if TYPE_CHECKING:
    from .state import NearspaceState


@TASKS.auto(StartTurn)
def start_turn(s: "NearspaceState", task: StartTurn) -> None:
    seat = task.seat
    s.turn += 1
    s.active = seat
    s.emit(TurnStarted(seat, s.turn, s.is_first_round(seat)))
    s.push(FigureCP(seat), Maintenance(seat), BeginBuild(seat), EngineDice(seat), Threat(seat), ActionStep(seat),
           EndTurn(seat))


def gas_giant_e(s: "NearspaceState", seat: int) -> int:
    """E from face-up sectors with an E bonus (Gas Giants) where the seat has presence."""
    total = 0
    for place in range(len(s.place_card)):
        card = s.place_of(place)
        if card is not None and s.face_up[place] and card.e_bonus and s.presence(seat, place):
            total += card.e_bonus
    return total


@TASKS.auto(EngineDice)
def engine_dice(s: "NearspaceState", task: EngineDice) -> None:
    """Every active engine is rolled; with sector, Event and Directive bonuses that is this turn's E."""
    seat = task.seat
    die = Die(s.r.data.engines.sides)
    rolls = [roll(s, die, "engine", seat=seat) for _ in range(s.engines[seat])]
    bonus = gas_giant_e(s, seat) + s.e_bonus + s.directive_total(seat, "engine_bonus")
    stored, s.stored_e[seat] = s.stored_e[seat], 0  # Engine Storage: E kept from the last turn
    s.e = sum(rolls) + bonus + stored
    s.emit(EnginePoints(seat, tuple(rolls), bonus, stored, s.e))


@TASKS.auto(EndTurn)
def end_turn(s: "NearspaceState", task: EndTurn) -> None:
    seat = task.seat
    kept = min(s.e, s.r.data.advanced.storage_limit) if s.r.storage else 0
    s.stored_e[seat] = kept
    s.emit(TurnEnded(seat, s.e - kept, kept))
    for i, ship in list(s.ships.items()):
        if ship.attacks:
            s.ships[i] = ship._replace(attacks=0)
    s.cp, s.cp_class, s.e, s.attack_bonus, s.e_bonus = 0, {}, 0, 0, 0
    s.turns_taken[seat] += 1
    end_of_turn(s, seat)
    if not s.over:
        s.push(StartTurn(1 - seat))
