"""The turn sequence: (1) roll and planet status, (2) faction change, (3) move,
(4) raid, (5) Need/Crisis and scoring; then the end of the turn (captured
ships coming back, the end condition, the Smuggler's second turn, the Story
player's choice) and the next player.

Skip-turn abilities (Brigands and Medics rebuilding) are offered before the
die roll, because skipping means skipping the whole turn, roll included.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine import dice
from voidtable.engine.actions import Action
from voidtable.engine.flow import Task
from voidtable.engine.types import HexId, Seat, ShipId

from . import factions, scoring
from .data import D6
from .events import REBUILDS, CaptureReturnBlocked, CaptureReturned, PointsSpent, TurnSkipped, TurnStarted
from .flow import (
    TASKS,
    AfterTurn,
    EndTurn,
    Faction,
    Loans,
    Move,
    NextTurn,
    RaidChoice,
    Roll,
    ScoreEnd,
    SecondTurn,
    StoryEnd,
    TurnStart,
    yes_no,
)
from .positions import BOARD, CAPTURED, can_fit, settle

if TYPE_CHECKING:
    from .state import BlackSunState

NO_SHIPS: frozenset[ShipId] = frozenset()


def start_turn(s: "BlackSunState", p: Seat, second: bool) -> None:
    s.active = p
    if not second:
        s.turns += 1
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(TurnStarted(p, s.turns, second))
    tasks: list[Task] = [TurnStart(p), Roll(p), Faction(p)]
    if s.loaning:
        tasks.append(Loans(p, NO_SHIPS))
    fleets = 2 if "two_fleets" in factions.abilities(s, p) else 1
    tasks += [Move(p, fleets, NO_SHIPS, NO_SHIPS), RaidChoice(p), ScoreEnd(p), EndTurn(p, second)]
    s.push(*tasks)


def _turn_start_legal(s: "BlackSunState", task: TurnStart) -> list[Action]:
    return [Action("play"), *factions.rebuild_options(s, task.seat)]


@TASKS.decision(TurnStart, _turn_start_legal)
def turn_start(s: "BlackSunState", task: TurnStart, action: Action) -> None:
    if action.kind == "play":
        return
    p = task.seat
    # skip the entire turn: drop everything up to the end of the turn
    while s.stack[-1].__class__ is not EndTurn:
        s.stack.pop()
    s.emit(TurnSkipped(p, REBUILDS[REBUILDS.index(action.kind)]))  # the ability, as declared (an undeclared one fails here)
    factions.rebuild(s, p, action)


@TASKS.auto(Roll)
def roll(s: "BlackSunState", task: Roll) -> None:
    """Step 1: 3d6 names a planet whose status changes."""
    scoring.change_planet_status(s, dice.faces(s.rng, D6, s.R.game.planet_dice))


@TASKS.auto(EndTurn)
def end_turn(s: "BlackSunState", task: EndTurn) -> None:
    """Captured ships return at the end of their captor's next turn, unless towed away first."""
    p, second = task
    keep: list[tuple[ShipId, Seat, HexId, frozenset[ShipId], int]] = []
    back: list[tuple[ShipId, HexId]] = []
    for cap in s.captures:
        ship, captor, h, escorts, left = cap
        if captor != p:
            keep.append(cap)
            continue
        left -= 1
        if left > 0:
            keep.append((ship, captor, h, escorts, left))
        elif can_fit(s, h, [x for x, hh in back if hh == h] + [ship]):
            back.append((ship, h))
        else:  # no room in that hex now: try again at the end of the captor's next turn
            keep.append((ship, captor, h, escorts, 1))
            s.emit(CaptureReturnBlocked(ship, s.board.coords[h]))
    s.captures = keep
    s.push(AfterTurn(p, second))
    for h in sorted({hh for _, hh in back}, reverse=True):
        ships = tuple(x for x, hh in back if hh == h)
        for ship in ships:
            s.emit(CaptureReturned(ship, s.owner[ship], s.board.coords[h]))
        # the captor hands the ship back; with one ship the owner-centre rule usually decides the slot
        settle(s, h, p, ships)


@TASKS.auto(AfterTurn)
def after_turn(s: "BlackSunState", task: AfterTurn) -> None:
    p, second = task
    if scoring.check_end(s, p):
        return
    tasks: list[Task] = []
    if not second and "second_turn" in factions.abilities(s, p) and s.scores[p] >= s.R.scoring.second_turn_cost:
        tasks.append(SecondTurn(p))
    if s.story and p == s.story_player:
        tasks.append(StoryEnd(p))
    tasks.append(NextTurn(p))
    s.push(*tasks)


@TASKS.decision(SecondTurn, yes_no("second_turn"))
def second_turn(s: "BlackSunState", task: SecondTurn, action: Action) -> None:
    """The Smuggler may spend 1 point for one more turn (never a third)."""
    if not action.arg:
        return
    p = task.seat
    s.scores[p] -= s.R.scoring.second_turn_cost
    s.emit(PointsSpent(p, s.R.scoring.second_turn_cost, "second_turn", s.scores[p]))
    while s.stack and s.stack[-1].__class__ is not NextTurn:
        s.stack.pop()
    s.stack.pop()  # this turn's hand-over; the second turn brings its own
    start_turn(s, p, second=True)


@TASKS.decision(StoryEnd, yes_no("end_story"))
def story_end(s: "BlackSunState", task: StoryEnd, action: Action) -> None:
    """Story variant: the player whose story it is may decide the game ends."""
    if action.arg:
        s.finish(f"seat {task.seat} ended the story")


@TASKS.auto(NextTurn)
def next_turn(s: "BlackSunState", task: NextTurn) -> None:
    p = task.seat
    if s.final_queue is not None:
        if not s.final_queue:
            s.finish("every other player had one more turn after the target was reached")
            return
        start_turn(s, s.final_queue.pop(0), second=False)
        return
    if s.turns >= s.R.limits.max_rounds * s.n:
        s.finish(f"the round limit ({s.R.limits.max_rounds}) was reached")
        return
    start_turn(s, (p + 1) % s.n, second=False)


def ships_alive(s: "BlackSunState", p: Seat) -> bool:
    return any(s.owner[i] == p and s.sstate[i] in (BOARD, CAPTURED) for i in range(len(s.owner)))
