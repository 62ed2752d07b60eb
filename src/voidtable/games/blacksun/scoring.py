"""Planet status (Normal/Need/Crisis), every scoring condition, and the end of the game.

Points are added the moment they are earned (a raid, a move, the last phase)
and announced in an event; the target is checked at the end of every turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.types import Hex, HexId, Seat, ShipId

from . import factions
from .events import STATUS, Condition, CounterKind, CounterPlaced, CounterRemoved, PlanetRoll, Scored, TargetReached
from .flow import TASKS, RemoveCounters, ScoreEnd
from .positions import BOARD, CAPTURED, around

if TYPE_CHECKING:
    from .state import BlackSunState

NORMAL, NEED, CRISIS = 0, 1, 2


def award(s: "BlackSunState", p: Seat, condition: Condition, points: int, *, blockades: int | None = None,
          no_crisis: bool | None = None, ship: ShipId | None = None, hex: Hex | None = None) -> None:
    """``points`` for ``condition``, and what earned them where the event says (see :class:`~.events.Scored`)."""
    if points <= 0:
        return
    s.scores[p] += points
    s.emit(Scored(p, condition, points, s.scores[p], blockades, no_crisis, ship, hex))


def award_condition(s: "BlackSunState", p: Seat, condition: Condition, times: int = 1, *, blockades: int | None = None,
                    hex: Hex | None = None) -> None:
    """Score ``condition`` ``times`` times if ``p`` holds it (``blockades`` run, or the ``hex`` a counter left)."""
    if times > 0 and condition in factions.conditions(s, p):
        award(s, p, condition, times * s.R.scoring.value(condition), blockades=blockades, hex=hex)


# ---------------------------------------------------------------- turn step 1


def new_status(old: int, crisis_anywhere: bool) -> int:
    """A Need becomes a Crisis and a Crisis a Need; a Normal planet gets a Crisis if none is on the board, else a Need."""
    if old == NEED:
        return CRISIS
    if old == CRISIS:
        return NEED
    return NEED if crisis_anywhere else CRISIS


def change_planet_status(s: "BlackSunState", dice: list[int]) -> None:
    total = sum(dice)
    h = s.board.planet_hex.get(total, -1)
    s.last_roll = (s.active, tuple(dice), total)  # public: every seat's view shows the dice (the page draws them)
    if h < 0:
        s.emit(PlanetRoll(s.active, tuple(dice), total, None))
        return
    old = s.status[h]
    s.status[h] = new_status(old, CRISIS in s.status)
    if not s.quiet:  # the quiet path builds no event (speed only)
        s.emit(PlanetRoll(s.active, tuple(dice), total, total, s.board.coords[h], STATUS[old], STATUS[s.status[h]]))


def place_counter(s: "BlackSunState", h: HexId, kind: int, why: str) -> None:
    s.status[h] = kind
    s.emit(CounterPlaced(s.board.coords[h], STATUS[kind], why))


# ---------------------------------------------------------------- turn step 5


def has_side_ship(s: "BlackSunState", h: HexId, side: str) -> bool:
    """Is a ship of a player on ``side`` in ``h``, counting its six blockade positions?"""
    for x in around(s, h):
        if factions.allegiance(s, s.ctrl[x]) == side:
            return True
    return False


def crisis_hexes(s: "BlackSunState") -> list[HexId]:
    return [h for h, x in enumerate(s.status) if x == CRISIS]


@TASKS.auto(ScoreEnd)
def score_end(s: "BlackSunState", task: ScoreEnd) -> None:
    """Crisis Turn and Peaceful Turn are judged on the board as the last phase begins, then counters may go."""
    p = task.seat
    cond = factions.conditions(s, p)
    crises = crisis_hexes(s)
    if "crisis_turn" in cond and any(has_side_ship(s, h, "rebel") for h in crises):
        award(s, p, "crisis_turn", s.R.scoring.crisis_turn)
    if "peaceful_turn" in cond and all(has_side_ship(s, h, "allied") for h in crises):
        award(s, p, "peaceful_turn", s.R.scoring.peaceful_turn, no_crisis=not crises)
    s.push(RemoveCounters(p))


def removable(s: "BlackSunState", p: Seat) -> list[HexId]:
    """Planets with a counter where ``p`` controls a ship in the centre (a ship 'at the Planet')."""
    out = []
    cond = factions.conditions(s, p) if s.necessity else None
    n, centre, ctrl = s.n, s.centre, s.ctrl
    for h, x in enumerate(s.status):
        if not x:
            continue
        if cond is not None and ("need" if x == NEED else "crisis") not in cond:
            continue  # Necessity variant: only counters that score may be removed
        base = h * n
        for c in centre[base: base + n]:
            if c >= 0 and ctrl[c] == p:
                out.append(h)
                break
    return out


def _remove_legal(s: "BlackSunState", task: RemoveCounters) -> list[Action]:
    return [Action("scoring_done"), *[Action("remove_counter", s.board.coords[h]) for h in removable(s, task.seat)]]


@TASKS.decision(RemoveCounters, _remove_legal)
def remove_counters(s: "BlackSunState", task: RemoveCounters, action: Action) -> None:
    if action.kind == "scoring_done":
        return
    p = task.seat
    h = s.board.hex_of(action.arg)
    kind = s.status[h]
    s.status[h] = NORMAL
    name: CounterKind = "need" if kind == NEED else "crisis"
    s.emit(CounterRemoved(p, s.board.coords[h], name))
    award_condition(s, p, name, hex=s.board.coords[h])
    s.push(task)


# ---------------------------------------------------------------- raids


def destroy_points(s: "BlackSunState", killer: Seat, ship: ShipId) -> None:
    """Destroy Alliance/Rebel Ship and the bounty on Hunted ships: the ship's Fight in points."""
    if killer < 0 or killer == s.ctrl[ship]:
        return
    victim_side = factions.allegiance(s, s.ctrl[ship])
    fight = s.sfight[ship]
    cond = factions.conditions(s, killer)
    if victim_side == "allied" and "destroy_allied" in cond:
        award(s, killer, "destroy_allied", fight, ship=ship)
    elif victim_side == "rebel" and "destroy_rebel" in cond:
        award(s, killer, "destroy_rebel", fight, ship=ship)
    elif victim_side == "hunted" and s.R.scoring.hunted_bounty:
        award(s, killer, "hunted_bounty", fight, ship=ship)


# ---------------------------------------------------------------- the end


def check_end(s: "BlackSunState", p: Seat) -> bool:
    """End of a turn of ``p``: start the final round, or (Story) end the game. True if the game is over."""
    if s.story:
        sp = s.story_player
        if s.scores[sp] >= s.target:
            s.finish(f"seat {sp}, whose story it is, reached {s.target} points")
            return True
        if not any(s.owner[i] == sp and s.sstate[i] in (BOARD, CAPTURED) for i in range(len(s.owner))):
            if not factions.rebuild_options(s, sp):
                s.finish(f"seat {sp}, whose story it is, was eliminated")
                return True
        return False
    if s.final_queue is None:
        reached = [q for q in range(s.n) if s.scores[q] >= s.target]
        if reached:
            order = [(p + k) % s.n for k in range(s.n)]
            reacher = next(q for q in order if q in reached)
            s.final_queue = [q for q in order[1:] + order[:1] if q != reacher]
            s.emit(TargetReached(reacher, s.scores[reacher], tuple(s.final_queue)))
    return False
