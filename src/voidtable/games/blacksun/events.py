"""Every event of Black Sun, declared once: its JSON type, its fields, its words.

Each class is a frozen record (:class:`voidtable.engine.events.EventRecord`): the rules build
them (``s.emit(FleetStep(p, b.coords[n], cost, blocked, left))``), readers match on the classes
(the lab's measures, the tests), and the JSON form records and the wire carry is derived from
the declaration, fields in the order the JSON form writes them. Hexes are map coordinates
(``(q, r)``, written ``[q, r]``), ships their ids, seats their numbers; ``words`` names them as
the table does through :class:`~.text.Say` (hexes by their map name, "E5"; seats as the panels
show them; ships by owner and type).

Everything on a Black Sun table is public, so no record carries ``visible_to``. A key the old
dict form wrote only sometimes is a field with a default (left out of the JSON form while it
holds it); Python keywords the JSON form uses as keys (``from``, ``for``) are renamed fields.

The closed sets the events carry are :data:`Literal` types here, beside them: a raid's kind,
a Need/Crisis counter's status, the scoring conditions, what a roll-off decides, how a turn is
skipped, what points are spent on.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, get_args

import msgspec

from voidtable.engine.events import EventRecord
from voidtable.engine.types import Hex, Seat, ShipId
from voidtable.engine.words import article, count

if TYPE_CHECKING:
    from .text import Say

#: A same-hex raid (every ship in and round the hex) or a blockade raid (one ship on an edge, one against one).
RaidKind = Literal["hex", "blockade"]
RAID_KINDS: tuple[RaidKind, ...] = get_args(RaidKind)
#: A planet's status: no counter, a Need counter or a Crisis counter (``state.status`` holds the index).
Status = Literal["normal", "need", "crisis"]
STATUS: tuple[Status, Status, Status] = ("normal", "need", "crisis")
#: The counters a player removes (and scores for).
CounterKind = Literal["need", "crisis"]
#: Every way to score: the Starting Factions' and Faction cards' conditions (``data.SCORING_CONDITIONS``) and
#: the bounty on a Hunted ship (``scoring.hunted_bounty``).
Condition = Literal["need", "crisis", "run_blockade", "raid_transport", "raid_any_ship", "crisis_turn", "peaceful_turn",
                    "destroy_allied", "destroy_rebel", "hunted_bounty"]
#: What a roll-off decides (setup step 14; the Story variant's player). Each is also the type of the event naming its winner.
RollOffFor = Literal["first_player", "story_player"]
#: A turn skipped to rebuild: the ability used (also the action's kind).
Rebuild = Literal["rebuild_raiders", "rebuild_ambunaut"]
REBUILDS: tuple[Rebuild, ...] = get_args(Rebuild)
#: A Gas Giant lottery draw, in the order of the ring's directions.
RingDraw = Literal["gas_giant", "space"]
#: What takes a planet's hex when a planetless orbit takes that planet (setup step 9).
Filler = Literal["space", "asteroids"]

#: A ship's place as views and events write it: ``{"hex": [q, r]}``, or ``{"edge": [[q, r], [q, r] | None],
#: "in": [...]}`` for a Blockade position (``positions.where_json``); None off the board.
Place = dict[str, Any] | None
#: A laid hex tile: ``(q, r, tile code)`` ("P7", "A", "S", "G", "sun:red_giant").
LaidTile = tuple[int, int, str]


class BlackSunEvent(EventRecord, frozen=True):
    """Any event of the game (untagged: a base). ``words`` takes the game's :class:`~.text.Say`."""

    def words(self, say: Say) -> str | None:
        return None


# -- setup: the stellar system (steps 1-10) ----------------------------------------------------------------------
class SunDrawn(BlackSunEvent, frozen=True, tag="sun_drawn"):
    """The Sun drawn at random (option ``sun = "random"``); ``setup_sun`` follows."""

    sun: str


class SunPlaced(BlackSunEvent, frozen=True, tag="setup_sun"):
    """Step 1: the Sun in the middle."""

    sun: str

    def words(self, say: Say) -> str:
        return f"The Sun: {say.title(self.sun)}."


class GasGiantLottery(BlackSunEvent, frozen=True, tag="setup_gas_giant_lottery"):
    """Steps 2-3: what each direction of the ring drew, and how many Gas Giants that makes."""

    ring: tuple[RingDraw, ...]
    gas_giants: int


class GasGiantPushed(BlackSunEvent, frozen=True, tag="setup_gas_giant"):
    """Step 4: a Gas Giant moves out to its hex."""

    hex: Hex

    def words(self, say: Say) -> str:
        return f"A Gas Giant moves out to {say.hex(self.hex)}."


class PatternDealt(BlackSunEvent, frozen=True, tag="setup_pattern"):
    """Step 6: the hexes round the Sun, as dealt."""

    hexes: tuple[LaidTile, ...]

    def words(self, say: Say) -> str:
        return "The hexes round the Sun are laid."


class OrbitCompleted(BlackSunEvent, frozen=True, tag="setup_orbit"):
    """Step 7: the hexes that complete a Gas Giant's orbit."""

    gas_giant: Hex
    hexes: tuple[LaidTile, ...]

    def words(self, say: Say) -> str:
        return f"The orbit of the Gas Giant at {say.hex(self.gas_giant)} is completed."


class OrbitRoll(BlackSunEvent, frozen=True, tag="setup_orbit_roll"):
    """Step 8: a planetless orbit's roll for a planet (``planet``: whether one it may take has that number)."""

    gas_giant: Hex
    dice: tuple[int, ...]
    total: int
    planet: bool

    def words(self, say: Say) -> str:
        return "Setup orbit roll."


class PlanetReplaced(BlackSunEvent, frozen=True, tag="setup_planet_replaced"):
    """Step 9: the planet rolled leaves its hex for the orbit; ``by`` takes its place."""

    hex: Hex
    planet: int
    by: Filler

    def words(self, say: Say) -> str:
        return "Setup planet replaced."


class PlanetFromPile(BlackSunEvent, frozen=True, tag="setup_planet_from_pile"):
    """No planet on the board may be taken: one comes from the unused hexes instead."""

    planet: int

    def words(self, say: Say) -> str:
        return "Setup planet from pile."


class OrbitRedealt(BlackSunEvent, frozen=True, tag="setup_orbit_redealt"):
    """Step 10: the orbit, its new planet shuffled in, dealt again."""

    gas_giant: Hex
    hexes: tuple[LaidTile, ...]

    def words(self, say: Say) -> str:
        return "Setup orbit redealt."


class HexesDealt(BlackSunEvent, frozen=True, tag="hexes_dealt"):
    """Manual Setup: the remaining hex tiles, dealt to the players (each hand sorted)."""

    hands: tuple[tuple[str, ...], ...]

    def words(self, say: Say) -> str:
        return "Hex tiles are dealt."


class HexLaid(BlackSunEvent, frozen=True, tag="hex_laid"):
    """Manual Setup: a player lays a tile of their hand in an open slot."""

    seat: Seat
    hex: Hex
    tile: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} lays {say.tile(self.tile)} at {say.hex(self.hex)}."


class SystemReady(BlackSunEvent, frozen=True, tag="system_ready"):
    """The stellar system as laid (``Board.to_json``: each hex's coordinates, terrain, planet number, Sun)."""

    board: tuple[dict[str, Any], ...]

    def words(self, say: Say) -> str:
        return "The stellar system is ready."


# -- setup: factions, ships, first player, placements (steps 11-16) --------------------------------------------
class FactionsDealt(BlackSunEvent, frozen=True, tag="factions_dealt"):
    """Step 11: each seat's Starting Faction, in seat order."""

    factions: tuple[str | None, ...]

    def words(self, say: Say) -> str:
        return "Starting Factions are dealt."


class FactionKept(BlackSunEvent, frozen=True, tag="faction_kept"):
    seat: Seat
    faction: str | None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} keeps the {say.faction(self.faction)}."


class FactionRedrawn(BlackSunEvent, frozen=True, tag="faction_redrawn"):
    """Step 12: ``returned`` goes under the deck, ``faction`` is drawn."""

    seat: Seat
    returned: str
    faction: str | None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} redraws: now the {say.faction(self.faction)}."


class IssuedShip(msgspec.Struct, frozen=True, gc=False):
    """One ship counter handed out in step 13: its id for the game, its owner, its type."""

    id: ShipId
    owner: Seat
    type: str


class ShipsIssued(BlackSunEvent, frozen=True, tag="ships_issued"):
    """Step 13: every ship counter of the game, by id."""

    ships: tuple[IssuedShip, ...]


class RollOff(BlackSunEvent, frozen=True, tag="roll_off"):
    """One round of a roll-off (``why``: what it decides): each rolling seat's dice, by seat (as text)."""

    why: RollOffFor = msgspec.field(name="for")
    rolls: dict[str, tuple[int, ...]]

    def words(self, say: Say) -> str:
        rolls = ", ".join(f"{say.seat(q)} {say.dice(r)}" for q, r in self.rolls.items())
        return f"Roll-off ({self.why.replace('_', ' ')}): {rolls}."


class FirstPlayer(BlackSunEvent, frozen=True, tag="first_player"):
    """Step 14: the roll-off's winner starts."""

    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} is the first player."


class StoryPlayer(BlackSunEvent, frozen=True, tag="story_player"):
    """Story variant: the roll-off's winner is the player whose story the game is."""

    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} is the story player."


#: The event naming a roll-off's winner, by what the roll-off decides.
ROLL_OFF_WINNER: dict[RollOffFor, type[FirstPlayer] | type[StoryPlayer]] = {
    "first_player": FirstPlayer, "story_player": StoryPlayer}


class ShipsPickedUp(BlackSunEvent, frozen=True, tag="ships_picked_up"):
    """The Merchants' second placing round: every ship of theirs on the board is picked up to be placed again."""

    seat: Seat
    ships: tuple[ShipId, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} picks up {say.ships(len(self.ships))}."


class ShipPlaced(BlackSunEvent, frozen=True, tag="ship_placed"):
    """A ship set down (placing, arriving, retreating, rebuilding): where it sits now."""

    ship: ShipId
    owner: Seat
    ship_type: str
    at: Place

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)} places {article(say.ship_type(self.ship_type))} ({say.place(self.at)})."


class ShipsUnplaced(BlackSunEvent, frozen=True, tag="ships_unplaced"):
    """Ships nobody placed take no part in the game."""

    ships: tuple[ShipId, ...]


# -- a turn ------------------------------------------------------------------------------------------------------
class TurnStarted(BlackSunEvent, frozen=True, tag="turn_start"):
    """A turn begins (``turn`` counts turns begun; a Smuggler's second turn keeps the number)."""

    seat: Seat
    turn: int
    second_turn: bool

    def words(self, say: Say) -> str:
        return f"Turn {self.turn}: {say.seat(self.seat)}" + (" (second turn)" if self.second_turn else "") + "."


class TurnSkipped(BlackSunEvent, frozen=True, tag="turn_skipped"):
    """A player skips the turn to rebuild (``rebuild``: the ability used); :class:`Rebuilt` follows."""

    seat: Seat
    rebuild: Rebuild = msgspec.field(name="for")

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} rebuilds instead of playing the turn."


class Rebuilt(BlackSunEvent, frozen=True, tag="rebuilt"):
    seat: Seat
    ships: tuple[ShipId, ...]
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} rebuilds {say.ships(len(self.ships))} in {say.hex(self.hex)}."


class PlanetRoll(BlackSunEvent, frozen=True, tag="planet_roll"):
    """Turn step 1: the dice, their total, the planet with that number (None: none) and its status before and after."""

    seat: Seat
    dice: tuple[int, ...]
    total: int
    planet: int | None
    hex: Hex | None = None
    was: Status | None = msgspec.field(default=None, name="from")
    now: Status | None = msgspec.field(default=None, name="to")

    def words(self, say: Say) -> str:
        rolled = f"{say.seat(self.seat)} rolls {say.dice(self.dice)} = {self.total}"
        if self.planet is None:
            return f"{rolled}: no planet."
        return f"{rolled}: Planet {self.planet} ({say.hex(self.hex)}) goes from {self.was} to {self.now}."


class FactionChanged(BlackSunEvent, frozen=True, tag="faction_changed"):
    """Turn step 2: a player takes another Faction card (``scoring``: what they score for now)."""

    seat: Seat
    was: str | None = msgspec.field(name="from")
    to: str
    scoring: tuple[str, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} takes the {say.faction_card(self.to)} card."


class ShipRecalled(BlackSunEvent, frozen=True, tag="ship_recalled"):
    """Loaning variant: the owner takes a lent ship back from ``flown_by``, the seat it was lent to."""

    ship: ShipId
    owner: Seat
    flown_by: Seat = msgspec.field(name="from")

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)} recalls a ship from {say.seat(self.flown_by)}."


class ShipLent(BlackSunEvent, frozen=True, tag="ship_lent"):
    """Loaning variant: ``to`` controls the ship until it is recalled."""

    ship: ShipId
    owner: Seat
    to: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)} lends a ship to {say.seat(self.to)}."


class Consented(BlackSunEvent, frozen=True, tag="consent"):
    """A ship's controller answers whether ``mover`` may take it along in a fleet."""

    seat: Seat
    ship: ShipId
    mover: Seat
    willing: bool

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} {'lets' if self.willing else 'does not let'} {say.seat(self.mover)} move their ship."


class FleetDeparts(BlackSunEvent, frozen=True, tag="fleet_departs"):
    """Turn step 3: a fleet (and the captured ships it tows) leaves its hex with ``move`` Moves."""

    seat: Seat
    hex: Hex
    ships: tuple[ShipId, ...]
    towing: tuple[ShipId, ...]
    move: int

    def words(self, say: Say) -> str:
        tow = f", towing {len(self.towing)}" if self.towing else ""
        return f"{say.seat(self.seat)}'s fleet of {say.ships(len(self.ships))}{tow} leaves {say.hex(self.hex)} (Move {self.move})."


class FleetStep(BlackSunEvent, frozen=True, tag="fleet_step"):
    """One step of a moving fleet (``cost`` 2 across a Blockade); ``left``: Moves left."""

    seat: Seat
    to: Hex
    cost: int
    blockade: bool
    left: int

    def words(self, say: Say) -> str:
        return f"  ... to {say.hex(self.to)}" + (" across a Blockade" if self.blockade else "") + f" ({self.left} left)."


class FleetArrives(BlackSunEvent, frozen=True, tag="fleet_arrives"):
    seat: Seat
    hex: Hex
    ships: tuple[ShipId, ...]
    towing: tuple[ShipId, ...]
    blockades_run: int

    def words(self, say: Say) -> str:
        run = f", running {count(self.blockades_run, 'Blockade')}" if self.blockades_run else ""
        return f"{say.seat(self.seat)}'s fleet arrives at {say.hex(self.hex)}{run}."


class ShipRecentred(BlackSunEvent, frozen=True, tag="ship_recentred"):
    """A ship on an edge moves into its hex's empty centre (an edge ship needs a centre ship of its side)."""

    ship: ShipId
    owner: Seat
    hex: Hex

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)}'s ship moves into the centre of {say.hex(self.hex)}."


class Scored(BlackSunEvent, frozen=True, tag="scored"):
    """Points for a scoring condition (``score``: the seat's total now), and what earned them where it says (one
    at most): the Blockades a fleet ran (Run Blockade), no Crisis counter on the board (Peaceful Turn), the ship
    destroyed (the destroy conditions and the bounty), the hex a counter was taken from (Need, Crisis)."""

    seat: Seat
    condition: Condition
    points: int
    score: int
    blockades: int | None = None
    no_crisis: bool | None = None
    ship: ShipId | None = None
    hex: Hex | None = None

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} scores {self.points} for {say.title(self.condition)} (now {self.score})."


class PointsSpent(BlackSunEvent, frozen=True, tag="points_spent"):
    """The Smuggler pays for a second turn (``score``: the total left)."""

    seat: Seat
    points: int
    spent_on: Literal["second_turn"] = msgspec.field(name="for")
    score: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} spends {count(self.points, 'point')} on a second turn (now {self.score})."


class CounterPlaced(BlackSunEvent, frozen=True, tag="counter_placed"):
    """A destroyed Transport or Ambunaut leaves a counter on a planet (``why``: "<ship type> destroyed")."""

    hex: Hex
    counter: Status
    why: str

    def words(self, say: Say) -> str:
        why = self.why.replace("_", " ")
        return f"A {self.counter.title()} counter on {say.hex(self.hex)}" + (f" ({why})." if why else ".")


class CounterRemoved(BlackSunEvent, frozen=True, tag="counter_removed"):
    """Turn step 5: a player with a ship at the planet takes its counter away."""

    seat: Seat
    hex: Hex
    counter: CounterKind

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} removes the {self.counter.title()} counter from {say.hex(self.hex)}."


class CaptureReturnBlocked(BlackSunEvent, frozen=True, tag="capture_return_blocked"):
    """A captured ship's time is up but its hex has no room: it tries again after the captor's next turn."""

    ship: ShipId
    hex: Hex

    def words(self, say: Say) -> str:
        return f"A captured ship cannot return in {say.hex(self.hex)}."


class CaptureReturned(BlackSunEvent, frozen=True, tag="capture_returned"):
    ship: ShipId
    owner: Seat
    hex: Hex

    def words(self, say: Say) -> str:
        return f"A captured ship returns to {say.seat(self.owner)} in {say.hex(self.hex)}."


class TargetReached(BlackSunEvent, frozen=True, tag="target_reached"):
    """A player reached the target: ``final_turns``, the others in the order they play their last turn."""

    seat: Seat
    score: int
    final_turns: tuple[Seat, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} reaches {self.score} points: every other player has one more turn."


class GameOver(BlackSunEvent, frozen=True, tag="game_over"):
    """The end (``reason`` in words, seats as "seat N"; read by the lab's measures) and every seat's points."""

    reason: str
    scores: tuple[int, ...]

    def words(self, say: Say) -> str:
        reason = re.sub(r"\bseat (\d+)", lambda m: say.seat(int(m.group(1))), self.reason.replace("_", " "))
        scores = ", ".join(f"{say.seat(p)} {x}" for p, x in enumerate(self.scores))
        return f"Game over{f' ({reason})' if reason else ''}. Points: {scores}."


# -- raids (turn step 4) -----------------------------------------------------------------------------------------
class RaidDeclared(BlackSunEvent, frozen=True, tag="raid", kw_only=True):
    """A raid begins. A blockade raid names the ``attacker`` (in the centre) and its ``target`` (on an edge);
    a same-hex raid the ``ships`` each side brings (by seat, as text) and the defender's ships the raiders
    could not locate (``unlocated``).

    Keyword-only, so the JSON form keeps each kind's keys in the order the rules always wrote them (the
    ``defender`` between the two kinds' own keys); a ``visible_to`` would be written before them, but a
    raid is public.
    """

    kind: RaidKind
    seat: Seat
    hex: Hex
    attacker: ShipId | None = None
    target: ShipId | None = None
    defender: Seat
    ships: dict[str, tuple[ShipId, ...]] | None = None
    unlocated: tuple[ShipId, ...] | None = None

    def words(self, say: Say) -> str:
        if self.kind == "blockade":
            return f"{say.seat(self.seat)} raids a blockading ship in {say.hex(self.hex)}."
        return f"{say.seat(self.seat)} raids {say.seat(self.defender)} in {say.hex(self.hex)}."


class RaidJoined(BlackSunEvent, frozen=True, tag="raid_joined"):
    seat: Seat
    ships: tuple[ShipId, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} joins the raid with {say.ships(len(self.ships))}."


class AmnestyDeclared(BlackSunEvent, frozen=True, tag="amnesty"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} declares Amnesty: the raid stops."


class RaidRolled(BlackSunEvent, frozen=True, tag="raid_roll"):
    """A raid round's dice, by seat (as text), and the hits each seat scored (only seats with hits)."""

    round: int
    dice: dict[str, tuple[int, ...]]
    hits: dict[str, int]

    def words(self, say: Say) -> str:
        rolls = "; ".join(f"{say.seat(q)} rolls {say.dice(d)}" for q, d in self.dice.items())
        hits = ", ".join(f"{say.seat(q)} {h}" for q, h in self.hits.items())
        return f"Raid round {self.round}" + (f": {rolls}" if rolls else "") + (f"; hits: {hits}" if hits else "") + "."


class Sacrificed(BlackSunEvent, frozen=True, tag="sacrificed"):
    seat: Seat
    ship: ShipId

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} sacrifices a ship to cancel this round's damage."


class RoundNegated(BlackSunEvent, frozen=True, tag="round_negated"):
    round: int

    def words(self, say: Say) -> str:
        return f"Raid round {self.round}: the damage is cancelled."


class RaidDamage(BlackSunEvent, frozen=True, tag="raid_damage"):
    """A round's damage: dice removed by each hitter from each target (``"hitter>target"``), dice lost so far by seat."""

    round: int
    hits: dict[str, int]
    lost: dict[str, int]

    def words(self, say: Say) -> str:
        lost = ", ".join(f"{say.seat(q)} {x}" for q, x in self.lost.items())
        return f"Raid round {self.round} damage; dice lost so far: {lost}."


class RetreatDeclared(BlackSunEvent, frozen=True, tag="retreat_declared"):
    seat: Seat

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} retreats from the raid."


class RaidOver(BlackSunEvent, frozen=True, tag="raid_over"):
    """The raid ends after ``rounds`` rounds; dice lost by seat (as text), before ships absorb them."""

    rounds: int
    lost: dict[str, int]

    def words(self, say: Say) -> str:
        return "The raid is over."


class Captured(BlackSunEvent, frozen=True, tag="captured"):
    """An asterisk ship is captured (``towing``: by its own player, to tow it; written only then)."""

    ship: ShipId
    owner: Seat
    captor: Seat
    hex: Hex
    towing: bool = False

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)}'s ship is captured in {say.hex(self.hex)} by {say.seat(self.captor)}."


class Destroyed(BlackSunEvent, frozen=True, tag="destroyed"):
    """A ship is destroyed (``by``: the seat that destroyed it, -1 for none), from where it was."""

    ship: ShipId
    owner: Seat
    ship_type: str
    by: Seat
    at: Place

    def words(self, say: Say) -> str:
        return f"{say.seat(self.owner)}'s {say.ship_type(self.ship_type)} is destroyed."


class RetreatBlocked(BlackSunEvent, frozen=True, tag="retreat_blocked"):
    """A retreat with nowhere to go: the retreating ships are lost."""

    seat: Seat
    origin: Hex = msgspec.field(name="from")
    ships: tuple[ShipId, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} cannot retreat from {say.hex(self.origin)}: the ships are lost."


class Retreated(BlackSunEvent, frozen=True, tag="retreat"):
    seat: Seat
    origin: Hex = msgspec.field(name="from")
    to: Hex
    ships: tuple[ShipId, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} retreats from {say.hex(self.origin)} to {say.hex(self.to)}."
