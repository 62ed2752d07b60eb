"""Every event of the Black Abyss main game (``abyss``), declared once: its JSON type, its fields, its words.

Each class is a frozen record (:class:`voidtable.engine.events.EventRecord`): the rules build
them (``s.emit(Flew(seat, ship, came, to))``), readers match on the classes (the lab's
measures, the words, the tests), and the JSON form the records carry is derived from the
declaration, fields in the order the old dicts wrote them. Words come from each record's
``words``, given the game's naming context (:class:`~.text.Say`).

The space battle's records (``..battle_events``) join this game's log as they are; their
words in this game are the main game's own (``text.battle_words``), shorter than the fleet
battle's. Three JSON types are written in two shapes each, pinned by the golden records:
``moved`` (a step between places here, a move on the battle board there), ``disabled`` and
``destroyed`` (damage taken outside a battle here: asteroids, planetary defences; inside one
there); and a bonus square's find is one type, ``bonus``, in four shapes (a resource, a marine,
a technology, a colony). Each shape is its own class.

Nothing in this game is hidden (see ``state.py``): no record carries ``visible_to``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from voidtable.engine.events import EventRecord
from voidtable.engine.words import article

from .data import EventEffect, Terrain

if TYPE_CHECKING:
    from .text import Say

#: How a game ended: tribunal terms, the secret of life, the last race standing, the twin planets, the cycle limit.
Victory = Literal["tribunal", "secret", "military", "twin", "limit"]
#: A seat's vote on a resolution.
Vote = Literal["yes", "no", "abstain"]


def _hit(hit: bool) -> str:
    return ", a hit." if hit else ", a miss."


class AbyssEvent(EventRecord, frozen=True):
    """Any event of the main game (untagged: a base). ``words`` takes the game's :class:`~.text.Say`."""

    def words(self, say: Say) -> str | None:
        return None


# -- setting up and the cycle -------------------------------------------------------------
class HomeSettled(AbyssEvent, frozen=True, tag="home"):
    """A seat's home world is placed (with its start buildings and fighters)."""

    seat: int
    place: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} settles a home world at space {self.place}."


class NeutralAppeared(AbyssEvent, frozen=True, tag="neutral"):
    """A ship no player runs (a space monster, a Keeper of the twin planets) appears."""

    ship: int
    design: str
    place: int

    def words(self, say: Say) -> str:
        return f"A {say.card(self.design)} appears at space {self.place}."


class CycleBegan(AbyssEvent, frozen=True, tag="cycle"):
    """A cycle starts: its number, the first player and the turn order of the seats still in."""

    cycle: int
    first: int
    order: tuple[int, ...]

    def words(self, say: Say) -> str:
        return f"Cycle {self.cycle} begins; {say.seat(self.first)} goes first."


class Produced(AbyssEvent, frozen=True, tag="production"):
    """Production: what the seat's working buildings made, and the trade chips they laid."""

    seat: int
    energy: int
    food: int
    minerals: int
    chips: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} collects {self.energy} energy, {self.food} food and {self.minerals} minerals."


class Eliminated(AbyssEvent, frozen=True, tag="eliminated"):
    seat: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} is out of the game."


class GameOver(AbyssEvent, frozen=True, tag="game_over"):
    """The winners, by which victory, in which cycle."""

    winners: tuple[int, ...]
    kind: Victory
    cycle: int

    def words(self, say: Say) -> str:
        return "Game over: " + " and ".join(say.seat(p) for p in self.winners) + f" win by {say.victory(self.kind)}."


# -- movement --------------------------------------------------------------------------------
class WarDeclared(AbyssEvent, frozen=True, tag="war"):
    seat: int
    on: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} declares war on {say.seat(self.on)}."


class PeaceOffered(AbyssEvent, frozen=True, tag="peace_offered"):
    seat: int
    to: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} offers peace to {say.seat(self.to)}."


class PeaceMade(AbyssEvent, frozen=True, tag="peace"):
    """The seat offered peace (``by``) accepted it."""

    seat: int
    by: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} makes peace with {say.seat(self.by)}."


class PeaceDeclined(AbyssEvent, frozen=True, tag="peace_declined"):
    seat: int
    by: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} refuses peace with {say.seat(self.by)}."


class Flew(AbyssEvent, frozen=True, tag="moved"):
    """A ship stepped from one place of the galaxy to the next (the neutral seat's roam too)."""

    seat: int
    ship: int
    came: int
    to: int

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} flies from space {self.came} to space {self.to}."


class Jumped(AbyssEvent, frozen=True, tag="jumped"):
    """A ship went through a wormhole to its partner of the same colour."""

    seat: int
    ship: int
    came: int
    to: int

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} jumps from space {self.came} to space {self.to}."


class Revealed(AbyssEvent, frozen=True, tag="revealed"):
    """A face-down place turned face up: what lies there (a hex kind of the rules data)."""

    place: int
    kind: str

    def words(self, say: Say) -> str:
        return f"Space {self.place} is revealed: {say.kind(self.kind)}."


class TurnedBack(AbyssEvent, frozen=True, tag="black_hole"):
    """A ship that revealed a black hole stops short of it."""

    seat: int
    ship: int
    place: int

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} turns back from the black hole at space {self.place}."


class CrossedAsteroids(AbyssEvent, frozen=True, tag="asteroids"):
    """A ship entering an asteroid field rolled for damage."""

    seat: int
    ship: int
    roll: int
    hit: bool

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} crosses asteroids: rolls {self.roll}" + \
            (", and is struck." if self.hit else ", and passes safely.")


class Damaged(AbyssEvent, frozen=True, tag="disabled"):
    """Outside a battle (asteroids, a planetary defence): the owner covered one of the ship's squares."""

    seat: int
    ship: int
    square: int

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} takes damage on square {self.square + 1}."


class Lost(AbyssEvent, frozen=True, tag="destroyed"):
    """Outside a battle: a ship with every square covered is gone."""

    seat: int
    ship: int
    design: str

    def words(self, say: Say) -> str:
        return f"{say.ship(self.ship)} is destroyed."


class Scanned(AbyssEvent, frozen=True, tag="scanned"):
    """A square of a planet explored: its terrain and the trade good found there ("" none)."""

    seat: int
    place: int
    square: int
    terrain: Terrain
    good: str

    def words(self, say: Say) -> str:
        good = f" with {self.good}" if self.good else ""
        return (f"{say.seat(self.seat)} explores square {self.square + 1} of space {self.place}: "
                f"{say.terrain(self.terrain)}{good}.")


class FoundResource(AbyssEvent, frozen=True, tag="bonus"):
    """A bonus square paid resources."""

    seat: int
    resource: str
    amount: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} finds {self.amount} {self.resource}."


class FoundMarine(AbyssEvent, frozen=True, tag="bonus"):
    """A bonus square gave a marine on it (``marine`` is always true: the shape's mark in the JSON form)."""

    seat: int
    marine: bool
    place: int
    square: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} finds a free marine on square {self.square + 1} of space {self.place}."


class FoundTech(AbyssEvent, frozen=True, tag="bonus"):
    """A bonus square's free technology: the one taken, or None when the seat knew every tier-1 one."""

    seat: int
    tech: str | None

    def words(self, say: Say) -> str:
        if self.tech is None:
            return f"{say.seat(self.seat)} finds a free technology, but already knows every tier-1 technology: nothing to take."
        return f"{say.seat(self.seat)} finds a free technology and takes {say.tech(self.tech)}."


class FoundColony(AbyssEvent, frozen=True, tag="bonus"):
    """A bonus square's free colony: a habitat on the square, if the seat may live there (``colony``)."""

    seat: int
    colony: bool
    place: int
    square: int

    def words(self, say: Say) -> str:
        if self.colony:
            return f"{say.seat(self.seat)} finds a free colony: a habitat on square {self.square + 1} of space {self.place}."
        return (f"{say.seat(self.seat)} finds a free colony, but it cannot take on space {self.place}: "
                "the planet is not hospitable to them.")


# -- space battles, planetary defences, bombs, retreat -------------------------------------
class SpaceBattle(AbyssEvent, frozen=True, tag="space_battle"):
    """A battle at a place: its sides, and the seat whose planet fights with them (None: in open space)."""

    place: int
    sides: tuple[int, ...]
    planet: int | None

    def words(self, say: Say) -> str:
        side = (f", on the planet side of the board ({say.seat(self.planet)}'s planet)"
                if self.planet is not None else "")
        return f"Battle at space {self.place}{side}: " + ", ".join(say.seat(p) for p in self.sides) + "."


class DefenceFired(AbyssEvent, frozen=True, tag="defence_fired"):
    """A planetary defence of the seat fired at a ship above the place."""

    seat: int
    place: int
    target: int
    roll: int
    hit: bool

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s defences fire at {say.ship(self.target)}: rolls {self.roll}" + _hit(self.hit)


class Retreated(AbyssEvent, frozen=True, tag="retreated"):
    """A side that fled the battle board flew its ships to a neighbouring place."""

    seat: int
    came: int
    to: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} flees from space {self.came} to space {self.to}."


class Bombed(AbyssEvent, frozen=True, tag="bombed"):
    """A bomber of the seat bombed the planet at the place."""

    seat: int
    ship: int
    place: int
    roll: int
    hit: bool

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} bombs space {self.place}: rolls {self.roll}" + _hit(self.hit)


class BuildingDestroyed(AbyssEvent, frozen=True, tag="building_destroyed"):
    """A bomb hit: the seat lost the building on a square ("" if the square held none)."""

    seat: int
    place: int
    square: int
    building: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} loses {article(say.building(self.building))} on space {self.place}."


# -- marines on the ground -------------------------------------------------------------------
class Landed(AbyssEvent, frozen=True, tag="landed"):
    seat: int
    ship: int
    place: int
    square: int
    marines: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} lands {self.marines} marines on space {self.place}."


class Marched(AbyssEvent, frozen=True, tag="marched"):
    """Marines marched from one square of a planet to a neighbouring one (``came``, ``to``: squares)."""

    seat: int
    place: int
    came: int
    to: int
    marines: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s marines march on space {self.place}."


class GroundFight(AbyssEvent, frozen=True, tag="ground_fight"):
    """Marines of two seats fought on a square: the marines left on each side (attacker's first)."""

    place: int
    square: int
    attacker: int
    defender: int
    left: tuple[int, int]

    def words(self, say: Say) -> str:
        return f"Marines fight on space {self.place}: {self.left[0]} and {self.left[1]} left."


class Captured(AbyssEvent, frozen=True, tag="captured"):
    """Marines took an enemy building (``owner``: whose it was)."""

    seat: int
    place: int
    square: int
    building: str
    owner: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} captures {say.seat(self.owner)}'s {say.building(self.building)}."


class Razed(AbyssEvent, frozen=True, tag="razed"):
    """Marines destroyed an enemy building (``owner``: whose it was)."""

    seat: int
    place: int
    square: int
    building: str
    owner: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} destroys {say.seat(self.owner)}'s {say.building(self.building)}."


class Restored(AbyssEvent, frozen=True, tag="restored"):
    """Room regained on a planet: the squares whose idle buildings work again."""

    seat: int
    place: int
    squares: tuple[int, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s idle buildings on space {self.place} work again."


class WentIdle(AbyssEvent, frozen=True, tag="idle"):
    """A habitat lost: the seat left a building on a square idle ("" if the square held none)."""

    seat: int
    place: int
    square: int
    building: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)}'s {say.building(self.building)} on space {self.place} stands idle."


# -- colonisation and purchases --------------------------------------------------------------
class ColonyFounded(AbyssEvent, frozen=True, tag="colony"):
    """A habitat on a planet's square: by a colony ship (its id), or a bonus square's free colony (``ship`` -1)."""

    seat: int
    place: int
    square: int
    ship: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} founds a colony on space {self.place}."


class PurchasesDone(AbyssEvent, frozen=True, tag="purchases_done"):
    """The seat ended its purchases: how many it made and its bank kept (energy, food, minerals)."""

    seat: int
    bought: int
    bank: tuple[int, int, int]

    def words(self, say: Say) -> str:
        e, f, m = self.bank
        what = "nothing" if not self.bought else f"{self.bought} purchase" + ("s" if self.bought > 1 else "")
        return f"{say.seat(self.seat)} is done buying ({what}), keeping {e} energy, {f} food and {m} minerals."


class Built(AbyssEvent, frozen=True, tag="built"):
    seat: int
    place: int
    square: int
    building: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} builds {article(say.building(self.building))} on space {self.place}."


class Bulldozed(AbyssEvent, frozen=True, tag="bulldozed"):
    """The seat cleared its own building from a square ("" if the square held none)."""

    seat: int
    place: int
    square: int
    building: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} bulldozes {article(say.building(self.building))} on space {self.place}."


class Researched(AbyssEvent, frozen=True, tag="tech"):
    seat: int
    tech: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} researches {say.tech(self.tech)}."


class ShipBuilt(AbyssEvent, frozen=True, tag="ship_built"):
    """A ship of a ship card's design built at a dock."""

    seat: int
    ship: int
    design: str
    place: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} builds {article(say.card(self.design))} at space {self.place}."


class MarineBought(AbyssEvent, frozen=True, tag="marine_bought"):
    seat: int
    place: int
    square: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} trains a marine on space {self.place}."


class HullBuilt(AbyssEvent, frozen=True, tag="hull_built"):
    """A bare hull built at a dock, to be fitted tile by tile."""

    seat: int
    ship: int
    hull: str
    place: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} builds a bare {say.hull(self.hull).lower()} hull at space {self.place}."


class Fitted(AbyssEvent, frozen=True, tag="fitted"):
    seat: int
    ship: int
    square: int
    tile: str

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} fits {article(say.tile(self.tile).lower())} to {say.ship(self.ship)}."


class Repaired(AbyssEvent, frozen=True, tag="repaired"):
    """A damaged square of a ship repaired at a space port (bookkeeping: the log says nothing)."""

    seat: int
    ship: int
    square: int


# -- trade -------------------------------------------------------------------------------------
class Loaded(AbyssEvent, frozen=True, tag="loaded"):
    """A transport took on the seat's trade chips at a place: the goods, in the order loaded."""

    seat: int
    ship: int
    place: int
    goods: tuple[str, ...]

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} loads {len(self.goods)} trade goods."


class CashedIn(AbyssEvent, frozen=True, tag="cashed_in"):
    """A transport sold its cargo at a trade house: what it paid."""

    seat: int
    ship: int
    place: int
    energy: int
    food: int
    minerals: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} sells cargo for {self.energy} energy, {self.food} food and {self.minerals} minerals."


# -- events and the tribunal -------------------------------------------------------------------
class EventDrawn(AbyssEvent, frozen=True, tag="event"):
    """An event card drawn: its effect, and the resource and amount it moves (none for a monster)."""

    card: str
    effect: EventEffect
    resource: str
    amount: int

    def words(self, say: Say) -> str:
        return f"Event: {say.card(self.card)}."


class ResolutionDrawn(AbyssEvent, frozen=True, tag="resolution_drawn"):
    card: str

    def words(self, say: Say) -> str:
        return f"The tribunal takes up a resolution: {say.card(self.card)}."


class Voted(AbyssEvent, frozen=True, tag="voted"):
    """A seat's vote on a resolution, with all its votes."""

    seat: int
    card: str
    vote: Vote
    votes: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.seat)} votes {self.vote} ({self.votes} votes)."


class ResolutionDecided(AbyssEvent, frozen=True, tag="resolution"):
    """A resolution passed or failed (``standing``: it was in force and came up again)."""

    card: str
    passed: bool
    yes: int
    no: int
    standing: bool

    def words(self, say: Say) -> str:
        verdict = "stays in force" if self.passed and self.standing else "passes" if self.passed else "fails"
        return f"{say.card(self.card)} {verdict}, {self.yes} to {self.no}."


class Elected(AbyssEvent, frozen=True, tag="elect"):
    """A seat's vote for the tribunal seat (None: it abstained)."""

    seat: int
    candidate: int | None
    votes: int

    def words(self, say: Say) -> str:
        if self.candidate is None:
            return f"{say.seat(self.seat)} abstains."
        return f"{say.seat(self.seat)} votes for {say.seat(self.candidate)}."


class TribunalSeated(AbyssEvent, frozen=True, tag="tribunal"):
    """The election's outcome: the leader, the tally per candidate, its terms in a row and in all."""

    leader: int
    tally: tuple[int, ...]
    candidates: tuple[int, ...]
    streak: int
    terms: int

    def words(self, say: Say) -> str:
        return f"{say.seat(self.leader)} takes the tribunal seat ({self.streak} in a row)."


#: Every event type of the main game's own (the shared battle's are in ``..battle_events``).
EVENT_TYPES: tuple[type[AbyssEvent], ...] = (
    HomeSettled, NeutralAppeared, CycleBegan, Produced, Eliminated, GameOver,
    WarDeclared, PeaceOffered, PeaceMade, PeaceDeclined, Flew, Jumped, Revealed, TurnedBack, CrossedAsteroids,
    Damaged, Lost, Scanned, FoundResource, FoundMarine, FoundTech, FoundColony,
    SpaceBattle, DefenceFired, Retreated, Bombed, BuildingDestroyed,
    Landed, Marched, GroundFight, Captured, Razed, Restored, WentIdle,
    ColonyFounded, PurchasesDone, Built, Bulldozed, Researched, ShipBuilt, MarineBought, HullBuilt, Fitted, Repaired,
    Loaded, CashedIn,
    EventDrawn, ResolutionDrawn, Voted, ResolutionDecided, Elected, TribunalSeated,
)
