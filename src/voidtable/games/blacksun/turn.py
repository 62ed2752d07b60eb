"""The turn sequence: (1) roll and planet status, (2) faction change, (3) move,
(4) raid, (5) Need/Crisis and scoring; then the end of the turn (captured
ships coming back, the end condition, the Smuggler's second turn, the Story
player's choice) and the next player.

Skip-turn abilities (Brigands and Medics rebuilding) are offered before the
die roll, because skipping means skipping the whole turn, roll included.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action

from . import factions, scoring
from .flow import auto, decision, push
from .positions import BOARD, CAPTURED, can_fit, settle


def start_turn(s: Any, p: int, second: bool) -> None:
    s.active = p
    if not second:
        s.turns += 1
    s.emit({"type": "turn_start", "seat": p, "turn": s.turns, "second_turn": second})
    tasks: list[tuple] = [("turn_start", p), ("roll", -1, p), ("faction", p)]
    if s.loaning:
        tasks.append(("loans", p, frozenset()))
    fleets = 2 if "two_fleets" in factions.abilities(s, p) else 1
    tasks += [("move", p, fleets, frozenset(), frozenset()), ("raid_choice", p), ("score_end", -1, p), ("end_turn", -1, p, second)]
    push(s, *tasks)


def _turn_start_legal(s: Any, task: tuple) -> list[Action]:
    return [Action("play"), *factions.rebuild_options(s, task[1])]


@decision("turn_start", _turn_start_legal)
def turn_start(s: Any, task: tuple, action: Action) -> None:
    if action.kind == "play":
        return
    p = task[1]
    # skip the entire turn: drop everything up to the end of the turn
    while s.stack[-1][0] != "end_turn":
        s.stack.pop()
    s.emit({"type": "turn_skipped", "seat": p, "for": action.kind})
    factions.rebuild(s, p, action)


@auto("roll")
def roll(s: Any, task: tuple) -> None:
    """Step 1: 3d6 names a planet whose status changes."""
    dice = s.rng.roll(s.R.game.planet_dice)
    scoring.change_planet_status(s, dice)


@auto("end_turn")
def end_turn(s: Any, task: tuple) -> None:
    """Captured ships return at the end of their captor's next turn, unless towed away first."""
    p, second = task[2], task[3]
    keep, back = [], []
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
            s.emit({"type": "capture_return_blocked", "ship": ship, "hex": list(s.board.coords[h])})
    s.captures = keep
    push(s, ("after_turn", -1, p, second))
    for h in sorted({hh for _, hh in back}, reverse=True):
        ships = tuple(x for x, hh in back if hh == h)
        for ship in ships:
            s.emit({"type": "capture_returned", "ship": ship, "owner": s.owner[ship], "hex": list(s.board.coords[h])})
        # the captor hands the ship back; with one ship the owner-centre rule usually decides the slot
        settle(s, h, p, ships)


@auto("after_turn")
def after_turn(s: Any, task: tuple) -> None:
    p, second = task[2], task[3]
    if scoring.check_end(s, p):
        return
    tasks: list[tuple] = []
    if not second and "second_turn" in factions.abilities(s, p) and s.scores[p] >= s.R.scoring.second_turn_cost:
        tasks.append(("second_turn", p))
    if s.story and p == s.story_player:
        tasks.append(("story_end", p))
    tasks.append(("next_turn", -1, p))
    push(s, *tasks)


def _yes_no(kind: str):
    def legal(s: Any, task: tuple) -> list[Action]:
        return [Action(kind, False), Action(kind, True)]

    return legal


@decision("second_turn", _yes_no("second_turn"))
def second_turn(s: Any, task: tuple, action: Action) -> None:
    """The Smuggler may spend 1 point for one more turn (never a third)."""
    if not action.arg:
        return
    p = task[1]
    s.scores[p] -= s.R.scoring.second_turn_cost
    s.emit({"type": "points_spent", "seat": p, "points": s.R.scoring.second_turn_cost, "for": "second_turn", "score": s.scores[p]})
    while s.stack and s.stack[-1][0] != "next_turn":
        s.stack.pop()
    s.stack.pop()  # this turn's hand-over; the second turn brings its own
    start_turn(s, p, second=True)


@decision("story_end", _yes_no("end_story"))
def story_end(s: Any, task: tuple, action: Action) -> None:
    """Story variant: the player whose story it is may decide the game ends."""
    if action.arg:
        s.finish(f"seat {task[1]} ended the story")


@auto("next_turn")
def next_turn(s: Any, task: tuple) -> None:
    p = task[2]
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


def ships_alive(s: Any, p: int) -> bool:
    return any(s.owner[i] == p and s.sstate[i] in (BOARD, CAPTURED) for i in range(len(s.owner)))
