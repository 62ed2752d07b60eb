"""Every step and every interrupting choice of Black Hole Buccaneers, as task types on one registry.

The game runs on the engine's flow machine (:mod:`voidtable.engine.flow`): what
is still to happen sits on ``state.stack``, top first. This module declares the
task types and the registry; the phase modules register what each one does:

- ``selection``: :class:`Select` (the simultaneous choice of Selection step 1),
  :class:`BeginTurn`, :class:`PassCards` (step 3) and :class:`Cleanup`;
- ``placement``: :class:`Place` (a card into a display), :class:`RotateRobots`
  and the :class:`TimeMachineGroup` choice;
- ``artifacts``: :class:`Artifact` (a when-revealed effect, in the rulebook's
  order) and the :class:`SwissArmyPocketLaser` and :class:`TitanicTentacles` choices;
- ``scoring``: Steps A-H (:class:`StepA` ... :class:`StepsEToH`) and the Relic
  choices (:class:`EasterEgg`, :class:`AlienKiddiePool`, :class:`OneRing`,
  :class:`OneRingDiscard`).

A decision's registered name (``titanic_tentacles``) is the ``decision`` of its
``decided`` event and the ``kind`` of the view's ``decision``. Every decision
waits for its seat even with one legal action (``auto_single=False``): the game
has always asked, and records must replay unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Union

from voidtable.engine.actions import Action
from voidtable.engine.flow import Tasks
from voidtable.engine.types import CardId, Seat

from .data import Source
from .events import Decided

if TYPE_CHECKING:
    from .state import BuccaneersState

TASKS = Tasks("buccaneers")


# -- automatic steps ------------------------------------------------------------
class BeginTurn(NamedTuple):
    """A new Turn (GPS Tracker draws happen here), then Selection."""


class Place(NamedTuple):
    """Put ``card`` into ``seat``'s display; ``source`` (selected, titanic_tentacles, a Relic) decides its effects."""

    seat: Seat
    card: CardId
    source: Source


class RotateRobots(NamedTuple):
    """Robots revealed this Turn turn if two or more seats revealed one."""


class Artifact(NamedTuple):
    """A when-revealed Artifact effect of ``seat``'s ``card``."""

    effect: str
    seat: Seat
    card: CardId


class PassCards(NamedTuple):
    """Selection step 3: pass hands, or the last cards go beside the Black Hole."""


class StepA(NamedTuple):
    """Score phase Step A: the Easter Egg may act."""


class StepB(NamedTuple):
    """Step B: the Alien Kiddie Pool may act."""


class StepC(NamedTuple):
    """Step C: Toys are revealed; the single heaviest set takes the -6 Weight card."""


class StepD(NamedTuple):
    """Step D: the One Ring may act."""


class StepsEToH(NamedTuple):
    """Steps E-H: Weights, final Thresholds, the Black Hole, places."""


class Cleanup(NamedTuple):
    """Cleanup phase (or the end of the game after the last round)."""


# -- decisions --------------------------------------------------------------------
class Select(NamedTuple):
    """Selection step 1: every seat that has not chosen picks a card from its hand, all at once."""


class SwissArmyPocketLaser(NamedTuple):
    """Which Threshold card the Laser (``card``) places."""

    seat: Seat
    card: CardId


class TitanicTentacles(NamedTuple):
    """Which of the ``drawn`` cards to keep (hidden from the other seats)."""

    seat: Seat
    drawn: tuple[CardId, ...]


class TimeMachineGroup(NamedTuple):
    """Which open group (an index into ``groups``' values) takes Time Machine part ``card``."""

    seat: Seat
    card: CardId
    groups: tuple[int, ...]


class EasterEgg(NamedTuple):
    """Step A: use the Easter Egg or not."""

    seat: Seat


class AlienKiddiePool(NamedTuple):
    """Step B: use the Alien Kiddie Pool or not."""

    seat: Seat


class OneRing(NamedTuple):
    """Step D: use the One Ring or not."""

    seat: Seat


class OneRingDiscard(NamedTuple):
    """Which faceup card goes with the One Ring."""

    seat: Seat


#: A pending single-seat decision.
Decision = Union[SwissArmyPocketLaser, TitanicTentacles, TimeMachineGroup, EasterEgg, AlienKiddiePool, OneRing,
                 OneRingDiscard]

# One instance of each field-less task (they are all equal as tuples; the flow dispatches on the class).
BEGIN_TURN = BeginTurn()
ROTATE_ROBOTS = RotateRobots()
PASS_CARDS = PassCards()
SELECT = Select()
SCORE_STEPS = (StepA(), StepB(), StepC(), StepD(), StepsEToH(), Cleanup())


def decided(s: "BuccaneersState", task: Decision, action: Action, private: bool = False) -> None:
    """The ``decided`` event every decision starts with, named as registered (``private``: only its seat may see it)."""
    seat = task.seat
    s.emit(Decided(seat, TASKS.name(task), action.to_json(), visible_to=(seat,) if private else None))
