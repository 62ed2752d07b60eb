"""Runs queued rules work until a player must decide (or the game ends).

Each task names a rulebook step; its handler does the step, may queue more
work at the front, or may set ``state.decision`` to wait for a player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from voidtable.engine.events import Event

from . import artifacts, placement, scoring, selection

if TYPE_CHECKING:
    from .state import BuccaneersState


def _place(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    placement.place_card(s, task[1], task[2], task[3], ev)


def _rotate_robots(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    placement.rotate_robots(s, ev)


def _artifact(s: "BuccaneersState", task: tuple, ev: list[Event]) -> None:
    _, effect, p, card = task
    artifacts.WHEN_REVEALED_EFFECTS[effect](s, p, card, ev)


HANDLERS: dict[str, Callable[["BuccaneersState", tuple, list[Event]], None]] = {
    "begin_turn": selection.begin_turn,
    "place": _place,
    "rotate_robots": _rotate_robots,
    "artifact": _artifact,
    "pass_cards": selection.pass_cards,
    "step_a": scoring.step_a_easter_egg,
    "step_b": scoring.step_b_alien_kiddie_pool,
    "step_c": scoring.step_c_reveal_toys,
    "step_d": scoring.step_d_one_ring,
    "steps_e_to_h": scoring.steps_e_to_h,
    "cleanup": selection.cleanup,
}


def run(s: "BuccaneersState") -> list[Event]:
    ev: list[Event] = []
    while s.decision is None and s.tasks:
        task = s.tasks.pop(0)
        HANDLERS[task[0]](s, task, ev)
    return ev
