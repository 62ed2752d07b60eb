"""A first heuristic player: expand towards neutral planets, befriend with every card it can, take
what it can hold, research for VP, build Diplomats and fighting ships; it never trades.

It reads only its observation (its view and legal actions). Rollouts for search pick at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.rng import Rng

if TYPE_CHECKING:
    from voidtable.engine.observation import Observation
    from voidtable.engine.state import GameState

NEVER = ("offer_to", "accept", "retreat", "permit", "move_all", "extra_move", "swap")


def distances_to_targets(view: dict[str, Any], seat: int) -> dict[str, int]:
    """Steps from every space to the nearest neutral planet (by lines, obstacles ignored)."""
    adj: dict[str, list[str]] = {}
    for a, b, _ in view["lines"]:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    frontier = [k for k, p in view["planets"].items() if p["state"] == "neutral"]
    dist = {k: 0 for k in frontier}
    while frontier:
        nxt = []
        for s in frontier:
            for m in adj.get(s, []):
                if m not in dist:
                    dist[m] = dist[s] + 1
                    nxt.append(m)
        frontier = nxt
    return dist


def score(view: dict[str, Any], seat: int, a: Action, ships: dict[int, dict[str, Any]], dist: dict[str, int]) -> float:
    k, arg = a.kind, a.arg
    if k in NEVER:
        return -10
    if k == "diplomacy":
        return 50.0 + int(arg[1])
    if k == "target":
        return 40 if arg == "planet" else (30 if isinstance(arg, int) else 10)
    if k == "take":
        return 40 if arg == "conquer" else 0
    if k in ("befriend_now", "tactic", "build_at_port"):
        return 35
    if k == "attack":
        return 30
    if k == "research":
        return 20
    if k == "build":
        own_diplomats = sum(1 for s in view["ships"] if s["owner"] == seat and s["kind"] == "diplomat")
        return 19 if arg == "diplomat" and own_diplomats < 2 else (12 if arg != "diplomat" else 1)
    if k == "move":
        sh = ships.get(arg)
        return 15 if sh is not None and dist.get(sh["space"], 99) > 0 else -1
    if k == "to":
        return 30 - dist.get(arg, 50)
    if k == "culture":
        hand = view["hands"][seat]
        return 14 if isinstance(hand, list) and len(hand) < 3 else 2
    if k == "mine":
        return 8
    if k in ("end_turn", "build_done", "pass", "decline", "stay", "refuse", "leave", "not_now", "no_rotate",
             "move_all_done"):
        return 0
    return 5


def choose(view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
    ships = {s["id"]: s for s in view["ships"]}
    dist = distances_to_targets(view, seat)
    return max(legal, key=lambda a: score(view, seat, a, ships, dist))


def act(obs: "Observation", rng: Rng) -> Action:
    return choose(obs.view, obs.seat, obs.legal)


def rollout_policy(state: "GameState", seat: int, legal: list[Action], rng: Rng) -> Action:
    return rng.choice(legal)
