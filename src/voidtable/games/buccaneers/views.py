"""What each seat may see (``view``) and the whole truth (``snapshot``), both JSON-ready.

Hands, selected cards, facedown Toys, the last cards beside the Black Hole and
the deck order are private. Anything a seat could not see on the table is left
out of its view, and every list whose order would leak a hidden history is sorted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .selection import direction_name

if TYPE_CHECKING:
    from .state import BuccaneersState


def _cards(s: "BuccaneersState", cards: list[int]) -> list[str]:
    return [s.r.keys[c] for c in cards]


def _faceup(s: "BuccaneersState", c: int) -> dict[str, Any]:
    o = s.orient[c]
    return {"card": s.r.keys[c], "orientation": o, "value": s.r.value[c][o], "weight": s.r.weight[c][o]}


def _display(s: "BuccaneersState", p: int) -> dict[str, Any]:
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


def _decision(s: "BuccaneersState", viewer: int | None) -> dict[str, Any] | None:
    if s.decision is None:
        return None
    kind, p, data = s.decision
    out: dict[str, Any] = {"kind": kind, "player": p}
    if kind == "titanic_tentacles":
        out["count"] = len(data)
        if viewer == p:
            out["cards"] = _cards(s, sorted(data))
    elif kind == "time_machine_group":
        out["card"] = s.r.keys[data[0]]
        out["groups"] = list(data[1])
    return out


def view(s: "BuccaneersState", viewer: int | None) -> dict[str, Any]:
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
        "black_holes_to_come": [_black_hole(s, k) for k in s.stack] if s.known_stack else len(s.stack),
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


def snapshot(s: "BuccaneersState") -> dict[str, Any]:
    keys = s.r.keys
    return {
        "rng": s.rng.state, "round": s.round, "turn": s.turn, "phase": s.phase,
        "orient": list(s.orient), "hand": [_cards(s, h) for h in s.hand], "shown": [_cards(s, h) for h in s.shown],
        "groups": [[_cards(s, g) for g in gs] for gs in s.groups], "shifters": [_cards(s, h) for h in s.shifters],
        "toys": [_cards(s, h) for h in s.toys], "selected": [keys[c] if c >= 0 else None for c in s.selected],
        "gps": list(s.gps), "weight_cards": [list(w) for w in s.weight_cards], "value_card": list(s.value_card),
        "points": [list(p) for p in s.points], "deck": _cards(s, s.deck), "discard": _cards(s, s.discard),
        "pile": _cards(s, s.pile), "pile_owner": list(s.pile_owner), "threshold_cards": list(s.threshold_cards),
        "black_hole_card": s.black_hole_card,
        "watchers": [list(w) for w in s.watchers], "robots_turn": [list(w) for w in s.robots_turn],
        "direction": s.direction, "stack": list(s.stack), "played": list(s.played), "black_hole": s.black_hole,
        "tasks": [list(t) for t in s.tasks],
        "decision": None if s.decision is None else [s.decision[0], s.decision[1], repr(s.decision[2])],
        "best_spacecraft": [str(b) for b in s.best_spacecraft], "last_round": s.last_round,
    }
