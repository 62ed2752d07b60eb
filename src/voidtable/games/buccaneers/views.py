"""What each seat may see (``view``), JSON-ready (the whole truth, ``snapshot``, comes from the declared fields).

Hands, selected cards, facedown Toys, the last cards beside the Black Hole and
the deck order are private. Anything a seat could not see on the table is left
out of its view, and every list whose order would leak a hidden history is sorted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.types import CardId, Seat

from .data import direction_name
from .tasks import TimeMachineGroup, TitanicTentacles

if TYPE_CHECKING:
    from .state import BuccaneersState


def _cards(s: "BuccaneersState", cards: list[CardId]) -> list[str]:
    return [s.r.keys[c] for c in cards]


def _faceup(s: "BuccaneersState", c: CardId) -> dict[str, Any]:
    o = s.orient[c]
    return {"card": s.r.keys[c], "orientation": o, "value": s.r.value[c][o], "weight": s.r.weight[c][o]}


def _display(s: "BuccaneersState", p: Seat) -> dict[str, Any]:
    sh = s.shifters[p]
    top_weight = s.r.weight[sh[-1]][0] if sh else 0
    in_groups = {c for g in s.groups[p] for c in g}
    return {
        "cards": [_faceup(s, c) for c in s.shown[p] if c not in in_groups],
        "time_machine_groups": [[_faceup(s, c) for c in g] for g in s.groups[p]],
        "shapeshifters": [{"card": s.r.keys[c], "value": s.r.value[c][0], "weight": top_weight} for c in sh],
        "facedown_toys": len(s.toys[p]),
        "weight_cards": list(s.weight_cards[p]),
        "value_card": s.value_card[p],
        "weight": s.total_weight(p),
        "value": s.total_value(p),
    }


def _black_hole(s: "BuccaneersState", key: str) -> dict[str, Any]:
    bh = s.r.black_holes[key]
    return {"key": key, "color": bh.color, "threshold": bh.threshold, "hand_size": bh.hand_size}


def _decision(s: "BuccaneersState", viewer: Seat | None) -> dict[str, Any] | None:
    """The pending single-seat decision: its name and seat, and only what ``viewer`` may see of it."""
    task = s.decision
    if task is None:
        return None
    p = task.seat
    out: dict[str, Any] = {"kind": s.TASKS.name(task), "seat": p}
    if isinstance(task, TitanicTentacles):
        out["count"] = len(task.drawn)
        if viewer == p:
            out["cards"] = _cards(s, sorted(task.drawn))
    elif isinstance(task, TimeMachineGroup):
        out["card"] = s.r.keys[task.card]
        out["groups"] = list(task.groups)
    return out


def view(s: "BuccaneersState", viewer: Seat | None) -> dict[str, Any]:
    players = []
    for p in range(s.n):
        players.append({
            "seat": p,
            "hand_size": len(s.hand[p]),
            "has_selected": s.selected[p] >= 0,
            "display": _display(s, p),
            "points": list(s.points[p]),
            "total": sum(s.points[p]),
        })
    out: dict[str, Any] = {
        "game": "buccaneers",
        "viewer": viewer,
        "round": s.round,
        "rounds": s.r.rounds,
        "turn": s.turn,
        "phase": s.phase,
        "to_move": s.to_move(),
        "black_hole": _black_hole(s, s.black_hole) if s.black_hole else None,
        "black_holes_played": list(s.played),
        "black_holes_to_come": [_black_hole(s, k) for k in s.holes] if s.known_stack else len(s.holes),
        "direction": direction_name(s.direction),
        "threshold_cards": sorted(s.threshold_cards),
        "deck_size": len(s.deck),
        "discard": _cards(s, s.discard),
        "last_cards": len(s.pile),
        "black_hole_card": s.r.keys[s.black_hole_card] if s.black_hole_card >= 0 else None,
        "score_card": list(s.r.score_card),
        "decision": _decision(s, viewer),
        "players": players,
        "last_round": s.last_round,
    }
    if s.phase == "over":
        out["result"] = s.result().to_json()
    if viewer is not None:
        p = viewer
        out["you"] = {
            "seat": p,
            "hand": _cards(s, sorted(s.hand[p])),
            "selected": s.r.keys[s.selected[p]] if s.selected[p] >= 0 else None,
            "facedown_toys": _cards(s, sorted(s.toys[p])),
            "last_card": _cards(s, sorted(c for c, o in zip(s.pile, s.pile_owner) if o == p)),
            "gps_next_turn": s.gps[p],
        }
    return out

