"""Positions along seeded bot games, replayed into a real table, for browser checks that must see every game.

A registry-wide browser check cannot afford whole games in a browser. Instead, for each
registered game, :func:`bot_game` plays one seeded game in this process with the game's own
bots (the heuristic, else random moves) for a bounded number of decisions, building the mover's
scene at each step, and picks a few steps whose scenes together show every kind of card the
walk met (greedily: the step showing most kinds not yet covered, then the next). The walk's
moves are then sent to a table on a real server, seat by seat through the HTTP API
(:func:`Replayer`), so the page shows each chosen position exactly as the seat to move saw it:
its live scene, choices and log. A new game is checked without editing anything here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import httpx

from voidtable.agents.specs import make
from voidtable.engine.errors import OptionError
from voidtable.engine.observation import observe
from voidtable.engine.registry import games, load
from voidtable.engine.rng import derive_seed
from voidtable.web import scenes

#: Players' names long enough to show where a card's words run out of room ("Alexandra's Fighter 2").
NAMES = ["Alexandra", "Bartholomew", "Constance", "Dimitrios", "Evangeline", "Fitzgerald"]


@dataclass
class Walk:
    """One seeded bot game: its table's settings, every move (seat, action JSON) and the steps to look at."""

    game: str
    players: int
    seed: int
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)  # a step: the number of moves played before it
    kinds: dict[int, set[str]] = field(default_factory=dict)  # the kinds of card the mover saw at each step

    def first(self, kind: str) -> int:
        """The first step whose mover saw a card of ``kind`` ("designs:tech")."""
        return next(s for s in sorted(self.kinds) if kind in self.kinds[s])


def kinds_of_cards(scene: dict[str, Any]) -> set[str]:
    """The kinds of card a scene shows: the card part (its id without numbers) and the card's kind."""
    out = set()
    for part in scene.get("parts", []):
        where = re.sub(r"\d+", "#", str(part.get("id", "")))
        cards = list(part.get("cards") or [])
        for pl in part.get("players") or []:
            cards += pl.get("cards") or []
        for c in cards:
            out.add(f"{where}:{c.get('kind', 'plain')}{':stats' if c.get('stats') else ''}")
    return out


def agent_for(name: str, seed: int) -> Any:
    try:
        return make("heuristic", name, seed)
    except OptionError:  # a game without a bot of its own
        return make("random", name, seed)


def bot_game(name: str, players: int, seed: int, decisions: int = 300, looks: int = 3) -> Walk:
    """Play ``decisions`` moves of a seeded bot game and pick up to ``looks`` steps showing every kind of card."""
    game = load(name, players, {})
    state = game.new_state(seed)
    agents = [agent_for(name, derive_seed(seed, 1 + p)) for p in range(players)]
    walk = Walk(name, players, seed)
    seen = walk.kinds
    names = NAMES[:players]
    for step in range(decisions):
        if state.is_over():
            break
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        seen[step] = kinds_of_cards(scenes.build_scene(game, state.view(p), legal, p, names))
        action = agents[p].act(observe(state, p))
        state.apply(p, action)
        walk.moves.append((p, action.to_json()))
    covered: set[str] = set()
    while len(walk.positions) < looks:
        best = max(seen, key=lambda s: (len(seen[s] - covered), len(seen[s]), -s), default=None)
        if best is None or not seen[best] - covered:
            break
        covered |= seen[best]
        walk.positions.append(best)
    walk.positions.sort()
    if not walk.positions:  # a game without cards: still look at its middle
        walk.positions.append(len(walk.moves) // 2)
    return walk


def table_configs() -> list[tuple[str, int]]:
    """Every registered game that draws its own scene, at up to four players (its smallest table if larger)."""
    return [(name, max(spec.min_players, min(4, spec.max_players))) for name, spec in games().items()
            if spec.hooks.scene is not None]


class Replayer:
    """A table on a real server whose every seat this test holds, moved on to each chosen step of a walk."""

    def __init__(self, url: str, walk: Walk) -> None:
        self.url, self.walk, self.at = url, walk, 0
        self.http = httpx.Client(base_url=url, timeout=60)
        seats = [{"kind": "person", "claim": True, "name": NAMES[i]} for i in range(walk.players)]
        r = self.http.post("/api/tables", json={"game": walk.game, "players": walk.players, "seed": walk.seed,
                                                "seats": seats})
        assert r.status_code == 201, r.text
        res = r.json()
        self.id = res["id"]
        self.tokens = {link["seat"]: link["token"] for link in res["links"]}

    def to(self, step: int) -> str:
        """Play the walk's moves up to ``step``; the seat link of the seat to move there.

        A move names the step its seat saw: read from the seat's state, except right after that seat's own move,
        whose answer says it (half the requests in a game where a seat makes several moves in a row)."""
        last: tuple[int, int] | None = None  # the seat that moved last, and its step after that move
        while self.at < step:
            seat, action = self.walk.moves[self.at]
            token = self.tokens[seat]
            if last is not None and last[0] == seat:
                at = last[1]
            else:
                at = self.http.get(f"/api/tables/{self.id}/state", headers={"Authorization": f"Bearer {token}"}).json()["step"]
            r = self.http.post(f"/api/tables/{self.id}/move", json={"token": token, "step": at, "action": action})
            assert r.status_code == 200, f"{self.walk.game} move {self.at}: {r.text}"
            mine = r.json().get("step")
            last = (seat, mine) if isinstance(mine, int) else None
            self.at += 1
        seat = self.walk.moves[step][0] if step < len(self.walk.moves) else 0
        return f"{self.url}/t/{self.id}#seat={self.tokens[seat]}"

    def close(self) -> None:
        self.http.close()
