"""Every event of Nearspace, declared once: its JSON type, its fields, who may see it, its words.

Each class is a frozen record (:class:`voidtable.engine.events.EventRecord`): the rules build
them (``s.emit(Moved(seat, ships, origin, dest, cost, s.e))``), readers match on the classes
(the lab's measures, the words, the tests), and the JSON form records and the wire carry is
derived from the declaration. Fields are declared in the order the JSON form writes them, so
the form is the one the rules wrote as dicts before (the golden records pin it). A place is
its hex (a list in JSON), a card its key, a ship its id with its die's sides and colour;
``words`` turns them into sectors, printed titles and ship names through :class:`~.text.Say`.

Only the card a seat draws while Hands are hidden (option ``hidden_hands``) is private: its
``DrewCard`` carries ``visible_to`` that seat, beside a public ``Drew`` naming no card.

A record that needs a field after one with a default (``Rolled``, ``Invested``) is
keyword-only; msgspec then writes ``visible_to`` first, so such a record must stay public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from voidtable.engine.events import EventRecord
from voidtable.engine.types import Hex, Seat
from voidtable.engine.words import count

if TYPE_CHECKING:
    from .text import Say

#: Why a die was rolled (``Rolled.why``): a combat side, a Threat or Encounter check, engines, a revival, the start.
RollWhy = Literal["attack", "defence", "threat", "encounter", "revive", "engine", "first player"]
#: How a ship reached the Graveyard (``Destroyed.why``).
LossWhy = Literal["combat", "threat", "encounter"]
#: How the game ended (``GameOver.reason``, the state's ``over_reason``).
EndReason = Literal["conquest", "annihilation", "exile", "turn limit"]

_SHIP_ROLLS = ("attack", "defence", "threat", "encounter", "revive")  # rolls a ship (or a Graveyard die) makes


class NearspaceEvent(EventRecord, frozen=True):
    """Any event of the game (untagged: a base). ``words`` takes the game's :class:`~.text.Say`."""

    def words(self, say: Say) -> str | None:
        return None


# -- setting up ----------------------------------------------------------------------------
class LaidOut(NearspaceEvent, frozen=True, tag="laid_out"):
    """A seat's deck laid out around its Homeworld: cards face down on the map, the rest its Resource."""

    seat: Seat
    homeworld: str
    face_down: int
    resource: int

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} lays out Nearspace around {say.title(self.homeworld)}: {self.face_down} cards "
                f"face down, {self.resource} in the Resource.")


class EncounterToBottom(NearspaceEvent, frozen=True, tag="encounter_to_bottom"):
    """An Encounter drawn into an opening Hand goes under the Resource (another card is drawn)."""

    seat: Seat
    card: str

    def words(self, say: Say) -> str:
        return (f"{say.seat(self.seat)} puts {say.title(self.card)} under the Resource "
                "(no Encounter in an opening Hand).")


class FirstPlayer(NearspaceEvent, frozen=True, tag="first_player"):
    """The seat that rolled higher for the first turn (the rolls are ``Rolled`` events before it)."""

    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} rolled higher and goes first."


class Rolled(NearspaceEvent, frozen=True, tag="rolled", kw_only=True):
    """A die rolled on the table: who rolled (a seat, its ship, or an Encounter card), why, and for a check its target.

    The form ``engine.dice.roll`` writes (``check``, then the context), so records stay as they were.
    """

    sides: int
    colour: str
    value: int
    check: int | None = None
    seat: Seat | None = None
    ship: int | None = None
    card: str | None = None
    why: RollWhy

    def words(self, say: Say) -> str:
        if self.card:
            return f"{say.title(self.card)} rolls {self.value}."
        what = f"a d{self.sides}"
        if self.why in _SHIP_ROLLS and self.colour != "encounter":
            what = f"its {say.ship(self.sides, self.colour)}"
        return f"{say.seat(self.seat)} rolls {self.value} on {what} ({self.why})."


# -- the turn's frame and its steps -----------------------------------------------------------
class TurnStarted(NearspaceEvent, frozen=True, tag="turn_start"):
    """A seat's turn begins (``first_round``: its first turn, when the Frontier may not be crossed)."""

    seat: Seat
    turn: int
    first_round: bool

    def words(self, say: Say) -> str:
        return f"Turn {self.turn}: {say.seat(self.seat)}" + (" (opening round)." if self.first_round else ".")


class ConstructionPoints(NearspaceEvent, frozen=True, tag="construction_points"):
    """Step 1: the general CP (``banked`` of them saved last turn) and the Advantage CP bound to a ship class."""

    seat: Seat
    cp: int
    bound: dict[str, int]
    banked: int

    def words(self, say: Say) -> str:
        bound = ", ".join(f"{n} for {c.title()}s" for c, n in self.bound.items())
        banked = f" ({self.banked} from the bank)" if self.banked else ""
        return f"{say.seat(self.seat)} has {self.cp} CP{banked}" + (f" and {bound}." if bound else ".")


class MaintenanceDue(NearspaceEvent, frozen=True, tag="maintenance"):
    """Step 2: what the fleet's facets cost against the CP at hand."""

    seat: Seat
    facets: int
    cost: int
    cp: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s fleet of {self.facets} facets costs {self.cost} CP of {self.cp}."


class Dismantled(NearspaceEvent, frozen=True, tag="dismantled"):
    """A ship dismantled for maintenance it could not pay (``need``: facets still to remove)."""

    seat: Seat
    ship: int
    sides: int
    colour: str
    hex: Hex
    need: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} dismantles {say.a_ship(self.sides, self.colour)}."


class MaintenancePaid(NearspaceEvent, frozen=True, tag="maintenance_paid"):
    """Dismantling is over: the fleet's facets now and the CP left."""

    seat: Seat
    facets: int
    cp: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s fleet is down to {self.facets} facets; {self.cp} CP left."


class EnginePoints(NearspaceEvent, frozen=True, tag="engine_points"):
    """Step 4: the engine dice, the bonuses, E stored from last turn (Engine Storage) and the E for this turn."""

    seat: Seat
    rolls: tuple[int, ...]
    bonus: int
    stored: int
    e: int

    def words(self, say: Say) -> str:
        stored = f", {self.stored} of them stored from the last turn" if self.stored else ""
        return f"{say.seat(self.seat)} has {self.e} E{stored}."


class TurnEnded(NearspaceEvent, frozen=True, tag="turn_end"):
    """The turn ends: E not stored is lost."""

    seat: Seat
    e_lost: int
    e_stored: int

    def words(self, say: Say) -> str:
        stored = f", storing {self.e_stored} E" if self.e_stored else ""
        return f"{say.seat(self.seat)} ends the turn{stored}" + (f" ({self.e_lost} E unused)." if self.e_lost else ".")


class ExileCount(NearspaceEvent, frozen=True, tag="exile_count"):
    """A seat has held the enemy Homeworld through one more enemy turn (Exile)."""

    seat: Seat
    turns: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} has held the enemy Homeworld through {count(self.turns, 'enemy turn')}."


class GameOver(NearspaceEvent, frozen=True, tag="game_over"):
    winners: tuple[Seat, ...]
    reason: EndReason

    def words(self, say: Say) -> str:
        won = " and ".join(say.seat(q) for q in self.winners) or "nobody"
        return f"Game over by {self.reason}: {won} wins."


# -- the Resource and the Hand --------------------------------------------------------------
class Reshuffled(NearspaceEvent, frozen=True, tag="reshuffled"):
    """An empty Resource takes the discard pile, shuffled."""

    seat: Seat
    cards: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} shuffles the discard pile into a new Resource of {self.cards} cards."


class HandShort(NearspaceEvent, frozen=True, tag="hand_short"):
    """No card left in the Resource or the discard pile to draw."""

    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} has no card left to draw."


class Drew(NearspaceEvent, frozen=True, tag="drew"):
    """A card drawn into the Hand: named when Hands are open, else only that one was drawn (see ``DrewCard``)."""

    seat: Seat
    card: str | None = None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} draws {say.title(self.card)}." if self.card else f"{say.seat(self.seat)} draws a card."


class DrewCard(NearspaceEvent, frozen=True, tag="drew_card"):
    """Which card a seat drew while Hands are hidden (only that seat sees it)."""

    seat: Seat
    card: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} draws {say.title(self.card)}."


# -- Build: cards, hulls and engines -------------------------------------------------------
class Played(NearspaceEvent, frozen=True, tag="played"):
    """A card played from the Hand (``cp``: CP left after its cost; ``hex``: where a Terraform or Encounter goes)."""

    seat: Seat
    card: str
    cp: int
    hex: Hex | None = None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} plays {say.title(self.card)}."


class Terraformed(NearspaceEvent, frozen=True, tag="terraformed"):
    """A Terraform card now lies at a place (``replaced``: the card it covers, None on an empty place)."""

    seat: Seat
    card: str
    replaced: str | None
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} terraforms with {say.title(self.card)} at {say.place(self.hex)}."


class EncounterPlaced(NearspaceEvent, frozen=True, tag="encounter_placed"):
    """An Encounter card played onto a place the opponent holds."""

    seat: Seat
    card: str
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} sets loose {say.title(self.card)} at {say.place(self.hex)}."


class Cycled(NearspaceEvent, frozen=True, tag="cycled"):
    """A card from the Hand paid away to the discard pile (Hand cycling)."""

    seat: Seat
    card: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} cycles {say.title(self.card)}."


class DirectiveKept(NearspaceEvent, frozen=True, tag="directive_kept"):
    """A Directive's cost paid again this Build step (``cp``: CP left)."""

    seat: Seat
    card: str
    cp: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} keeps {say.title(self.card)}."


class DirectiveDropped(NearspaceEvent, frozen=True, tag="directive_dropped"):
    seat: Seat
    card: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} drops {say.title(self.card)}."


class Revived(NearspaceEvent, frozen=True, tag="revived"):
    """A Graveyard die passed its check and returns to the Stockpile."""

    seat: Seat
    sides: int
    colour: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.sides, self.colour)} returns from the Graveyard to the Stockpile."


class HullStarted(NearspaceEvent, frozen=True, tag="hull_started"):
    """A Stockpile die laid down in the Shipyard at ``hex`` with its first CP."""

    seat: Seat
    ship: int
    sides: int
    colour: str
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} lays down {say.a_ship(self.sides, self.colour)} at {say.place(self.hex)}."


class Invested(NearspaceEvent, frozen=True, tag="invested", kw_only=True):
    """CP put into a hull (``sides``, ``colour``) or an engine (``engine``); ``total``: CP in it now."""

    seat: Seat
    hull: int
    cp: int
    engine: bool = False
    sides: int | None = None
    colour: str | None = None
    total: int

    def words(self, say: Say) -> str:
        what = "an engine" if self.engine else say.a_ship(self.sides or 0, self.colour or "")
        return f"{say.seat(self.seat)} puts {self.cp} CP into {what} ({self.total} in)."


class ShipCompleted(NearspaceEvent, frozen=True, tag="ship_completed"):
    """A hull's CP reached its facets: the ship is on the map at its Shipyard's place."""

    seat: Seat
    ship: int
    sides: int
    colour: str
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.sides, self.colour)} enters service."


class EngineStarted(NearspaceEvent, frozen=True, tag="engine_started"):
    seat: Seat
    hull: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} begins a new engine."


class EngineCompleted(NearspaceEvent, frozen=True, tag="engine_completed"):
    seat: Seat
    engines: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} completes an engine ({self.engines} now)."


class HullLost(NearspaceEvent, frozen=True, tag="hull_lost"):
    """An unfinished hull at a place the enemy holds goes back to the Stockpile."""

    seat: Seat
    ship: int
    sides: int
    colour: str
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s unfinished {say.ship(self.sides, self.colour)} is dismantled by the occupier."


class Charged(NearspaceEvent, frozen=True, tag="charged"):
    """Engine Charging: CP paid now for E when the engines roll."""

    seat: Seat
    cp: int
    e: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} charges the engines: {self.cp} CP for {self.e} E."


class BuildDone(NearspaceEvent, frozen=True, tag="build_done"):
    """The Shipyard closes: CP left is lost, except what Banking CP keeps."""

    seat: Seat
    cp_lost: int
    banked: int

    def words(self, say: Say) -> str:
        banked = f" and banks {self.banked} CP" if self.banked else ""
        return (f"{say.seat(self.seat)} closes the Shipyard{banked}"
                + (f", losing {self.cp_lost} unspent CP." if self.cp_lost else "."))


# -- Threat and Encounters -----------------------------------------------------------------
class EncounterBeaten(NearspaceEvent, frozen=True, tag="encounter_beaten"):
    seat: Seat
    card: str
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} beats {say.title(self.card)}."


class Destroyed(NearspaceEvent, frozen=True, tag="destroyed"):
    """A ship to its owner's Graveyard (by combat, a Threat check or an Encounter)."""

    seat: Seat
    ship: int
    sides: int
    colour: str
    hex: Hex
    why: LossWhy

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.ship(self.sides, self.colour)} is destroyed ({self.why})."


# -- the Action step: moving, exploring, fighting --------------------------------------------
class Moved(NearspaceEvent, frozen=True, tag="moved"):
    """A group moved (``e_spent`` of the E; ``e``: E left)."""

    seat: Seat
    ships: tuple[int, ...]
    origin: Hex
    hex: Hex
    e_spent: int
    e: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} moves {count(len(self.ships), 'ship')} to {say.place(self.hex)}."


class Attacked(NearspaceEvent, frozen=True, tag="attack"):
    """A group attacks a place the enemy holds (the defender chooses who rolls next)."""

    seat: Seat
    ships: tuple[int, ...]
    origin: Hex
    hex: Hex
    e_spent: int
    e: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} attacks {say.place(self.hex)} with {count(len(self.ships), 'ship')}."


class Combat(NearspaceEvent, frozen=True, tag="combat"):
    """The rolls paired highest with highest: ``pairs`` (attacker, total, defender, total) and their ``dice``
    (sides, colour of each); ``unpaired``: ships left without a partner."""

    attacker: Seat
    hex: Hex
    pairs: tuple[tuple[int, int, int, int], ...]
    dice: tuple[tuple[int, str, int, str], ...]
    unpaired: int

    def words(self, say: Say) -> str:
        parts = []
        for (_, av, _, dv), (asd, acol, dsd, dcol) in zip(self.pairs, self.dice):
            verdict = "beats" if av > dv else "loses to" if av < dv else "ties"
            parts.append(f"{say.ship(asd, acol)} {av} {verdict} {say.ship(dsd, dcol)} {dv}")
        return f"Combat at {say.place(self.hex)}: " + "; ".join(parts) + "."


class AttackWon(NearspaceEvent, frozen=True, tag="attack_won"):
    seat: Seat
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s attack takes {say.place(self.hex)}."


class AttackFailed(NearspaceEvent, frozen=True, tag="attack_failed"):
    seat: Seat
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s attack on {say.place(self.hex)} fails; the E is spent."


class Explored(NearspaceEvent, frozen=True, tag="explored"):
    """A face-down card turned up where ships moved (``owner``: whose deck it came from)."""

    hex: Hex
    card: str
    owner: Seat

    def words(self, say: Say) -> str:  # the card and the sector together, so later lines naming the sector read on
        return f"{say.title(self.card)} is revealed at {say.place(self.hex)}."


class Discovered(NearspaceEvent, frozen=True, tag="discovered"):
    """The owner's Resource top card turned up to fill a place an explored card left."""

    hex: Hex
    card: str
    owner: Seat

    def words(self, say: Say) -> str:
        return (f"{say.title(self.card)} is turned up from {say.seat(self.owner)}'s Resource "
                f"at {say.place(self.hex)}.")


class Emptied(NearspaceEvent, frozen=True, tag="emptied"):
    """No card could fill a place: it stays an empty sector."""

    hex: Hex

    def words(self, say: Say) -> str:
        return f"No card is left to lay at {say.place(self.hex)}; it stays empty."
