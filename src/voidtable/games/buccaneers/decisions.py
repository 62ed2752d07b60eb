"""Choices that interrupt a phase: one player decides while the others wait.

Kinds: ``swiss_army_pocket_laser`` (which Threshold card), ``titanic_tentacles``
(which drawn card to keep), ``time_machine_group`` (which open group takes a
part), ``easter_egg`` / ``alien_kiddie_pool`` / ``one_ring`` (use the Relic or
not) and ``one_ring_discard`` (which card goes with the Ring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from voidtable.engine.actions import Action
from voidtable.engine.events import Event

from . import artifacts, placement, scoring

if TYPE_CHECKING:
    from .state import BuccaneersState

RELIC_DECISIONS = ("easter_egg", "alien_kiddie_pool", "one_ring")


def legal(s: "BuccaneersState", p: int) -> list[Action]:
    kind, _, data = s.decision  # type: ignore[misc]
    keys = s.r.keys
    if kind == "swiss_army_pocket_laser":
        return [Action("threshold_card", v) for v in artifacts.laser_choices(s)]
    if kind == "titanic_tentacles":
        return [Action("keep", keys[c]) for c in sorted(data)]
    if kind == "time_machine_group":
        return [Action("group", g) for g in data[1]]
    if kind in RELIC_DECISIONS:
        return [Action("use", kind), Action("decline", kind)]
    if kind == "one_ring_discard":
        return [Action("discard", keys[c]) for c in scoring.ring_discardable(s, p)]
    raise AssertionError(f"unknown decision {kind}")


def apply(s: "BuccaneersState", p: int, action: Action) -> list[Event]:
    kind, _, data = s.decision  # type: ignore[misc]
    s.decision = None
    decided: Event = {"type": "decided", "player": p, "decision": kind, "action": action.to_json()}
    if kind == "titanic_tentacles":
        # The kept card may be a Toy, which goes facedown: only its owner learns which one it was.
        decided["visible_to"] = [p]
    ev: list[Event] = [decided]
    if kind == "swiss_army_pocket_laser":
        artifacts.choose_laser_threshold(s, p, data, action.arg, ev)
    elif kind == "titanic_tentacles":
        artifacts.keep_tentacles_card(s, p, data, s.r.index[action.arg], ev)
    elif kind == "time_machine_group":
        placement.add_time_machine_part(s, p, data[0], action.arg, ev)
    elif kind in RELIC_DECISIONS and action.kind == "use":
        {"easter_egg": scoring.use_easter_egg, "alien_kiddie_pool": scoring.use_alien_kiddie_pool,
         "one_ring": scoring.use_one_ring}[kind](s, p, ev)
    elif kind == "one_ring_discard":
        scoring.discard_from_display(s, p, s.r.index[action.arg], ev)
    return ev


def hidden_cards(s: "BuccaneersState", viewer: int) -> list[int]:
    """Cards inside a pending decision that ``viewer`` cannot see (another player's Tentacles draw)."""
    if s.decision is not None and s.decision[0] == "titanic_tentacles" and s.decision[1] != viewer:
        return list(s.decision[2])
    return []


def refill_hidden(s: "BuccaneersState", viewer: int, cards: Iterator[int]) -> None:
    """Put resampled cards back where :func:`hidden_cards` took them from."""
    if s.decision is not None and s.decision[0] == "titanic_tentacles" and s.decision[1] != viewer:
        kind, p, drawn = s.decision
        s.decision = (kind, p, tuple(next(cards) for _ in drawn))
