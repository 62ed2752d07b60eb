"""Putting a revealed card into a display, and everything a reveal sets off.

Rulebook: "Robot Cards", "Time Machine Parts", "Shapeshifters", "Toys", and the
watching Artifacts (Morpho Sucker, Cubus Libra, Loot Box). The same placement
serves cards selected in the Selection phase, the card Titanic Tentacles keeps,
and cards the Easter Egg and Alien Kiddie Pool bring in during the Score phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.types import CardId, Seat

from .actions import GROUP_KIND
from .data import ARTIFACT, FROM_NEXT_TURN, ROBOT, SHAPESHIFTER, TIME_MACHINE, TOY, Source
from .events import Placed, PlacedFacedown, PlacedToy, Rotated, TimeMachineGrouped
from .tasks import TASKS, Place, RotateRobots, TimeMachineGroup, decided

if TYPE_CHECKING:
    from .state import BuccaneersState

# Where a card came from decides which of its effects apply.
SELECTED: Source = "selected"
TENTACLES: Source = "titanic_tentacles"
EASTER_EGG: Source = "easter_egg"
KIDDIE_POOL: Source = "alien_kiddie_pool"


def rotate(s: "BuccaneersState", card: CardId, why: str) -> None:
    """Turn a card 90 degrees clockwise (the fourth quarter-turn brings it back upright)."""
    s.orient[card] = (s.orient[card] + 1) & 3
    if not s.quiet:
        s.emit(Rotated(s.r.keys[card], s.orient[card], why))


@TASKS.auto(Place)
def run_place(s: "BuccaneersState", task: Place) -> None:
    place_card(s, task.seat, task.card, task.source)


def place_card(s: "BuccaneersState", p: Seat, card: CardId, source: Source) -> None:
    """Place ``card`` in p's display as the rulebook says for its type, then let watchers react."""
    r = s.r
    kind = r.kind[card]
    s.orient[card] = 0
    quiet = s.quiet
    if kind == TOY:
        s.toys[p].append(card)
        if not quiet:
            s.emit(PlacedFacedown(p, source))
            s.emit(PlacedToy(p, r.keys[card], visible_to=(p,)))
        return  # Toys stay facedown: nothing sees them until Step C
    if not quiet:
        s.emit(Placed(p, r.keys[card], source))
    if kind == TIME_MACHINE:
        open_groups = [i for i, g in enumerate(s.groups[p]) if all(r.part[c] != r.part[card] for c in g)]
        if len(open_groups) > 1:
            # The player chooses which group takes the part; watchers react now, the group after the choice.
            s.push(TimeMachineGroup(p, card, tuple(open_groups)))
        else:
            add_time_machine_part(s, p, card, open_groups[0] if open_groups else -1)
    elif kind == SHAPESHIFTER:
        s.shifters[p].append(card)  # always on top of the stack: every Shapeshifter takes its Weight
    else:
        s.shown[p].append(card)
        if kind == ROBOT and source in (SELECTED, TENTACLES):
            s.robots_turn.append([p, card, 0])
        elif kind == ARTIFACT and source in (SELECTED, TENTACLES) and r.effect_of[card] in FROM_NEXT_TURN:
            s.watchers.append([card, p, s.turn + 1])
    watchers_react(s, p, card)


def _group_choices(s: "BuccaneersState", task: TimeMachineGroup) -> list[Action]:
    return [GROUP_KIND(g) for g in task.groups]


@TASKS.decision(TimeMachineGroup, legal=_group_choices, auto_single=False)
def choose_time_machine_group(s: "BuccaneersState", task: TimeMachineGroup, action: Action) -> None:
    decided(s, task, action)
    add_time_machine_part(s, task.seat, task.card, action.arg)


def add_time_machine_part(s: "BuccaneersState", p: Seat, card: CardId, group: int) -> None:
    """Add a part to group ``group`` (or start a new one with -1); the 2nd-4th part turns the whole group."""
    s.shown[p].append(card)
    if group < 0:
        s.groups[p].append([card])
        s.emit(TimeMachineGrouped(p, len(s.groups[p]) - 1, 1))
        return
    g = s.groups[p][group]
    s.orient[card] = s.orient[g[0]]  # added in the group's orientation ...
    g.append(card)
    s.emit(TimeMachineGrouped(p, group, len(g)))
    for c in g:                      # ... then the whole group turns once
        rotate(s, c, "time machine group grew")


def watchers_react(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Morpho Sucker, Cubus Libra and Loot Box turn once per matching card revealed, from their owner's next Turn."""
    if not s.watchers:
        return
    r = s.r
    kind = r.kind[card]
    printed_weight = r.weight[card][0]
    c = r.c
    for wcard, owner, active_from in s.watchers:
        if active_from > s.turn or wcard not in s.shown[owner]:
            continue
        effect = r.effect_of[wcard]
        if effect == "morpho_sucker":
            hit = owner != p and kind == SHAPESHIFTER
        elif effect == "cubus_libra":
            hit = owner != p and kind != ROBOT and printed_weight >= c.cubus_libra_min_weight
        else:  # loot_box
            hit = owner == p and kind != ROBOT and printed_weight >= c.loot_box_min_weight
        if hit:
            rotate(s, wcard, f"{effect} saw {r.keys[card]}")


@TASKS.auto(RotateRobots)
def rotate_robots(s: "BuccaneersState", task: RotateRobots) -> None:
    """Robots revealed this Turn turn once each if two or more players revealed one."""
    robots = s.robots_turn
    if len(robots) < 2 or len({p for p, _, _ in robots}) < 2:
        return
    for entry in s.robots_turn:
        if not entry[2]:
            entry[2] = 1
            rotate(s, entry[1], "robots met")


def remove_from_display(s: "BuccaneersState", p: Seat, card: CardId) -> None:
    """Take a faceup card out of p's display (its Time Machine group keeps its turns)."""
    if s.r.kind[card] == SHAPESHIFTER:
        s.shifters[p].remove(card)
        return
    s.shown[p].remove(card)
    for g in s.groups[p]:
        if card in g:
            g.remove(card)
    s.groups[p] = [g for g in s.groups[p] if g]
