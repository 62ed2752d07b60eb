"""Every event of the fleet battle (``abyss_battle``), declared once: its JSON type, its fields, who may see it, its words.

The battle's own events (rounds, moves, shots, damage, flight, the end of the battle) are
declared with the battle, in ``..battle_events`` (the 4X hosts the same battle); this
module declares outfitting, deployment and the end of the game, and :data:`EVENT_TYPES`
lists both. The rules build the records (``s.emit(Bought(...))``), readers match on the
classes, and the JSON form is derived (``engine.events.event_json``). Words come from
each record's ``words``, given the game's naming context (:class:`~.text.Say`).

Only an order placed in secret (option ``buying = "secret"``) is hidden: it carries
``visible_to`` its seat until both fleets are revealed together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.events import EventRecord
from voidtable.engine.squaregrid import Cell
from voidtable.engine.words import article

from ..battle_events import BattleBegan, BattleOver, Destroyed, Disabled, EndReason, Fled, Moved, RoundBegan, Shot

if TYPE_CHECKING:
    from .text import Say


class FleetEvent(EventRecord, frozen=True):
    """Any event of outfitting, deployment or the game's end (untagged: a base)."""

    def words(self, say: Say) -> str | None:
        return None


class First(FleetEvent, frozen=True, tag="first"):
    """The seat drawn to outfit first; it is also the attacker when initiative ties."""

    seat: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} outfits first and is the attacker"


class OneDesignChosen(FleetEvent, frozen=True, tag="one_design"):
    """Lab mode ``outfit = "one_design"``: the design seat 0 flies, against a field drawn at random."""

    seat: int
    design: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} flies only {say.design(self.design)}s against a field drawn at random (a lab mode)"


class Bought(FleetEvent, frozen=True, tag="bought"):
    """A ship of a design joined the seat's fleet (``left``: points still to spend)."""

    seat: int
    ship: int
    design: str
    points: int
    left: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} buys {article(say.design(self.design))} ({self.points} points; {self.left} left)"


class Ordered(FleetEvent, frozen=True, tag="ordered"):
    """Secret buying: a ship ordered (only its seat sees which, until the fleets are revealed)."""

    seat: int
    design: str
    points: int
    left: int

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} orders {article(say.design(self.design))} in secret "
                f"({self.points} points; {self.left} left)")


class FleetSealed(FleetEvent, frozen=True, tag="fleet_sealed"):
    seat: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} seals its fleet order"


class FleetComplete(FleetEvent, frozen=True, tag="fleet_complete"):
    seat: int
    left: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s fleet is complete ({self.left} points unspent)"


class DeployBegins(FleetEvent, frozen=True, tag="deploy"):
    """Both fleets are outfitted; they deploy on their edges."""

    def words(self, say: Say) -> str:
        return "The fleets deploy on their edges"


class Placed(FleetEvent, frozen=True, tag="placed"):
    seat: int
    ship: int
    design: str
    cell: Cell

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} places {say.ship(self.ship, self.design)} at {say.cell(self.cell)}"


class HeldBack(FleetEvent, frozen=True, tag="held_back"):
    """No free cell left on the seat's edge: the ship stays out of the battle."""

    seat: int
    ship: int
    design: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.ship, self.design)} finds no room on the edge and stays out of the battle"


class GameOver(FleetEvent, frozen=True, tag="game_over"):
    """The winners (both on a tie), why the battle ended, and each fleet's points left."""

    winners: tuple[int, ...]
    reason: EndReason
    points: tuple[int, ...]

    def words(self, say: Say) -> str:
        won = " and ".join(say.seat(p) for p in self.winners)
        pts = ", ".join(str(x) for x in self.points)
        return f"{won} wins the fleet battle ({say.reason(self.reason)}; points left {pts})"


#: Every event type the fleet battle logs: its own and the battle's.
EVENT_TYPES: tuple[type[EventRecord], ...] = (
    First, OneDesignChosen, Bought, Ordered, FleetSealed, FleetComplete, DeployBegins, Placed, HeldBack, GameOver,
    BattleBegan, RoundBegan, Moved, Shot, Disabled, Destroyed, Fled, BattleOver,
)
