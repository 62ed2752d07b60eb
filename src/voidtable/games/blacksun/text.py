"""Black Sun in words for the terminal: a seat's view as text; events and actions as sentences.

The sentences are the table's own (``scene.describe_event`` / ``describe_action``), so the
terminal and the browser tell the same story.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.game import Game

from .scene import _faction, _title, _where, describe_action, describe_event

__all__ = ["describe_action", "describe_event", "render"]


def render(game: Game, view: dict[str, Any]) -> str:
    """Scores and factions, planet statuses, every ship on the board by owner, and what is awaited."""
    sun = _title(view["sun"]) if view.get("sun") else "not yet laid"
    lines = [f"Black Sun: turn {view['turns']}, first to {view['target']} points; sun {sun}; "
             f"seat {view['active']} is active"]
    for s in view["seats"]:
        you = " (you)" if view.get("viewer", None) == s["seat"] else ""
        lines.append(f"Seat {s['seat']}{you}: {_faction(game, s['faction'])}, card {_title(str(s['card']))}, "
                     f"{view['scores'][s['seat']]} points; scores for {', '.join(_title(c) for c in s['scoring'])}")
    planets = {tuple(b["hex"]): b.get("planet") for b in view.get("board") or [] if b["kind"] == "planet"}
    if view.get("status"):
        lines.append("Planets: " + ", ".join(f"{planets.get(tuple(h), tuple(h))} {st}" for h, st in view["status"]))
    by_owner: dict[int, list[str]] = {}
    for ship in view.get("ships") or []:
        if ship["state"] == "board":
            by_owner.setdefault(ship["owner"], []).append(f"{_title(ship['type'])} #{ship['id']} at {_where(ship['at'])}")
    for owner in sorted(by_owner):
        lines.append(f"  seat {owner}: " + "; ".join(by_owner[owner]))
    d = view.get("decision")
    if d:
        lines.append(f"Waiting for seat {d.get('seat')}: {_title(d['kind'])}")
    if view.get("over"):
        lines.append(f"Game over: scores {view['scores']}")
    return "\n".join(lines)
