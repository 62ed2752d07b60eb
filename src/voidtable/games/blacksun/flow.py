"""The tasks that drive a game of Black Sun, on the engine's flow machine (:mod:`voidtable.engine.flow`).

Everything still to happen sits on ``state.stack`` as small immutable records,
one type per rulebook step, all registered in :data:`TASKS`: the top one is
what happens next. A task with a ``run`` handler happens by itself (a die roll,
a scoring step); any other is a decision of its ``seat``. The rules modules
(setup, turn, factions, movement, positions, raids, scoring) register the
handlers: ``@TASKS.decision(Walk, legal=...)`` / ``@TASKS.auto(Roll)``.

The types are declared here, in one place, so the rules modules can push each
other's tasks without importing each other, and so the view, the scene and the
tensors can read a pending decision by its field names (``Tasks.to_json``:
``{"kind": "walk", "seat": 2, "origin": 14, "fleet": [4, 7], ...}``).

Hexes (``origin``, ``pos``, ``hex``) are board indices (``HexId``), ships are
ids (``ShipId``); ``moved`` / ``refused`` / ``changed`` / ``crossed`` are
frozensets so that tasks stay immutable and clones can share them.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from voidtable.engine.actions import Action
from voidtable.engine.flow import Tasks
from voidtable.engine.types import HexId, Seat, ShipId

TASKS = Tasks("blacksun")


def yes_no(kind: str) -> Callable[[Any, Any], list[Action]]:
    """``legal`` of a yes/no decision: ``kind`` False (no, first), then True."""
    choices = [Action(kind, False), Action(kind, True)]

    def legal(s: Any, task: Any) -> list[Action]:
        return list(choices)

    return legal


# ---------------------------------------------------------------- setup (setup.py)


class LayHex(NamedTuple):
    """Manual Setup: choose a hex tile from your hand."""

    seat: Seat


class LayHexSlot(NamedTuple):
    """Manual Setup: choose the open slot for ``tile``."""

    seat: Seat
    tile: str


class FinishManualMap(NamedTuple):
    """Manual Setup: steps 8-10 on the hand-laid system, then the board."""


class DealFactions(NamedTuple):
    """Step 11."""


class Redraw(NamedTuple):
    """Step 12: keep the Starting Faction or redraw."""

    seat: Seat


class Equip(NamedTuple):
    """Step 13-14: ships, first player, placement rounds."""


class Place(NamedTuple):
    """Steps 15-16: placement round ``rnd`` (0-based): choose a hex (or stay, for the Smuggler)."""

    seat: Seat
    rnd: int


class PlaceShips(NamedTuple):
    """Put ships into ``hex``, one at a time; ``placed`` so far."""

    seat: Seat
    rnd: int
    hex: HexId
    placed: int


class PlacementsDone(NamedTuple):
    """Unplaced ships take no part; the first turn starts."""


# ---------------------------------------------------------------- the turn (turn.py, factions.py, scoring.py)


class TurnStart(NamedTuple):
    """Play the turn, or skip it to rebuild."""

    seat: Seat


class Roll(NamedTuple):
    """Turn step 1: the planet roll of ``seat``'s turn."""

    seat: Seat


class Faction(NamedTuple):
    """Turn step 2: keep the Faction card or take another."""

    seat: Seat


class Loans(NamedTuple):
    """Loaning variant: lend or recall ships; ``changed``: ships already lent or recalled this turn."""

    seat: Seat
    changed: frozenset[ShipId]


class LendTo(NamedTuple):
    """Loaning variant: who borrows ``ship``."""

    seat: Seat
    ship: ShipId
    changed: frozenset[ShipId]


class ScoreEnd(NamedTuple):
    """Turn step 5: Crisis Turn and Peaceful Turn, then counters."""

    seat: Seat


class RemoveCounters(NamedTuple):
    """Turn step 5: remove Need/Crisis counters, one at a time."""

    seat: Seat


class EndTurn(NamedTuple):
    """Captured ships come back; ``second``: this was a Smuggler's second turn."""

    seat: Seat
    second: bool


class AfterTurn(NamedTuple):
    """The end condition, the Smuggler's second turn, the Story player's choice."""

    seat: Seat
    second: bool


class SecondTurn(NamedTuple):
    """The Smuggler: spend a point for a second turn?"""

    seat: Seat


class StoryEnd(NamedTuple):
    """Story variant: end the game now?"""

    seat: Seat


class NextTurn(NamedTuple):
    """Hand over to the next player (or the final round, or the end)."""

    seat: Seat


# ---------------------------------------------------------------- movement (movement.py, positions.py)


class Move(NamedTuple):
    """Turn step 3: choose the hex a fleet leaves from; ``fleets`` still to move (the Rebel Commander two)."""

    seat: Seat
    fleets: int
    moved: frozenset[ShipId]
    refused: frozenset[ShipId]


class Pick(NamedTuple):
    """Choose the ships of the fleet leaving ``origin`` (and captured ships it tows)."""

    seat: Seat
    fleets: int
    moved: frozenset[ShipId]
    refused: frozenset[ShipId]
    origin: HexId
    fleet: tuple[ShipId, ...]
    towed: tuple[ShipId, ...]


class Consent(NamedTuple):
    """The controller of ``ship`` lets ``mover`` move it, or not."""

    seat: Seat
    ship: ShipId
    mover: Seat


class Walk(NamedTuple):
    """The fleet walks from ``pos`` with ``mp`` Move left; ``crossed``: blockade edges run; ``need``: least budget per hex."""

    seat: Seat
    fleets: int
    moved: frozenset[ShipId]
    refused: frozenset[ShipId]
    origin: HexId
    fleet: tuple[ShipId, ...]
    towed: tuple[ShipId, ...]
    pos: HexId
    mp: int
    crossed: frozenset[int]
    need: tuple[int, ...]


class FleetAfter(NamedTuple):
    """After an arrival: blockades scored, re-centring behind, the second fleet."""

    seat: Seat
    fleets: int
    moved: frozenset[ShipId]
    refused: frozenset[ShipId]
    origin: HexId
    fleet: tuple[ShipId, ...]
    crossed: frozenset[int]


class Arrange(NamedTuple):
    """``seat`` chooses the slot of ``ships[0]`` arriving in ``hex`` (the rest follow)."""

    seat: Seat
    hex: HexId
    ships: tuple[ShipId, ...]


class Recentre(NamedTuple):
    """``seat`` chooses which orphaned edge ship moves into the empty centre of ``hex``."""

    seat: Seat
    hex: HexId


# ---------------------------------------------------------------- raids (raids.py)


class RaidChoice(NamedTuple):
    """Turn step 4: raid, or not."""

    seat: Seat


class Join(NamedTuple):
    """A third party round the hex: join the raid?"""

    seat: Seat


class RaidEngaged(NamedTuple):
    """Raid Transport / Raid Any Ship points."""


class AmnestyCheck(NamedTuple):
    """Offer Amnesty to Medsat holders."""


class Amnesty(NamedTuple):
    """Declare Amnesty?"""

    seat: Seat


class RaidRound(NamedTuple):
    """Roll a round (or end the raid)."""


class Aim(NamedTuple):
    """Whose ships this seat's hits damage."""

    seat: Seat


class RoundSacrifice(NamedTuple):
    """Offer Ambunaut sacrifices."""


class Sacrifice(NamedTuple):
    """Sacrifice an Ambunaut to cancel the round's damage?"""

    seat: Seat


class RoundApply(NamedTuple):
    """Apply the round's hits."""


class RetreatCheck(NamedTuple):
    """Offer retreats."""


class Retreat(NamedTuple):
    """Retreat from the raid?"""

    seat: Seat


class RetreatApply(NamedTuple):
    """The declared retreats leave the raid."""


class RaidEnd(NamedTuple):
    """Everyone left leaves the raid."""


class RaidClear(NamedTuple):
    """The raid is over."""


class Lose(NamedTuple):
    """``seat`` chooses which ships absorb lost dice: ``k`` ships in all."""

    seat: Seat
    k: int


class LossesApply(NamedTuple):
    """Destroy or capture the doomed ships of ``seats``."""

    seats: tuple[Seat, ...]


class Counter(NamedTuple):
    """Where the Need/Crisis ``counter`` (1 Need, 2 Crisis) of a destroyed ``why`` ship goes."""

    seat: Seat
    counter: int
    why: str


class RetreatMove(NamedTuple):
    """``seat`` chooses the hex its retreat (one fleet movement) leaves from."""

    seat: Seat


class RetreatPick(NamedTuple):
    """``seat`` picks the ships of its retreating fleet (at most three) among its raid ships in ``origin``."""

    seat: Seat
    origin: HexId
    fleet: tuple[ShipId, ...]


class RetreatTo(NamedTuple):
    """``seat``'s retreating ``fleet`` chooses the neighbour of ``origin`` it goes to (or, with none, is lost)."""

    seat: Seat
    origin: HexId
    fleet: tuple[ShipId, ...]


class RetreatAfter(NamedTuple):
    """Re-centre the ``(hex, owner)`` places the retreat left."""

    places: tuple[tuple[HexId, Seat], ...]
