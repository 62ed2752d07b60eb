"""The Black Sun game state: data, the decision loop, views, clones, results.

The rules live in the modules named after the rulebook's parts (stellar,
setup, turn, factions, movement, raids, scoring); this class holds the data
they act on and runs the task stack (flow.py). Everything on the board is
public; the only hidden thing is the order of the undealt Starting Faction
cards while players redraw, which ``determinize`` reshuffles.
"""

from __future__ import annotations

from typing import Any

from voidtable.engine.actions import Action
from voidtable.engine.errors import VoidtableError
from voidtable.engine.events import Event
from voidtable.engine.rng import Rng
from voidtable.engine.state import GameState, Result, ranks_from_keys

from . import factions, movement, raids, scoring, setup, turn  # noqa: F401  (register their tasks)
from .flow import AUTOS, DECISIONS, jsonable
from .positions import STATE_NAMES, where_json

STATUS_NAMES = ("normal", "need", "crisis")


class BlackSunState(GameState):
    def __init__(self, game: Any, seed: int) -> None:
        self.game = game
        self.R = game.rules
        self.n = game.players
        o = game.options
        self.necessity = bool(o["necessity"])
        self.manual_setup = bool(o["manual_setup"])
        self.loaning = bool(o["loaning"])
        self.story = bool(o["story"])
        self.target = self.R.game.target_long if o["length"] == "long" else self.R.game.target_short
        self.rng = Rng(seed)
        self.board = None
        self.manual: dict[str, Any] | None = None
        self.starting: list[str | None] = [None] * self.n
        self.deck: list[str] = []
        self.card: list[str | None] = [None] * self.n
        self.redraws = [0] * self.n
        self.owner: tuple[int, ...] = ()
        self.stype: tuple[str, ...] = ()
        self.smove: tuple[int, ...] = ()
        self.sfight: tuple[int, ...] = ()
        self.scap: tuple[bool, ...] = ()
        self.loc: list[int] = []
        self.sstate: list[int] = []
        self.ctrl: list[int] = []
        self.centre: list[int] = []
        self.edge_occ: list[int] = []
        self.status: list[int] = []
        self.scores = [0] * self.n
        self.captures: list[tuple] = []
        self.stack: list[tuple] = []
        self.raid: raids.Raid | None = None
        self.active = -1
        self.first = -1
        self.turns = 0
        self.story_player = -1
        self.final_queue: list[int] | None = None
        self.over = False
        self.over_reason = ""
        self._events: list[Event] = []
        self._legal: list[Action] | None = None  # legal actions of the pending decision, once computed
        setup.begin(self, o["sun"])
        self._advance()
        self.setup_events = self._take_events()

    # ------------------------------------------------------------ plumbing
    def emit(self, event: Event) -> None:
        self._events.append(event)

    def _take_events(self) -> list[Event]:
        ev, self._events = self._events, []
        return ev

    def finish(self, reason: str) -> None:
        self.over = True
        self.over_reason = reason
        self.stack.clear()
        self.emit({"type": "game_over", "reason": reason, "scores": list(self.scores)})

    def _advance(self) -> None:
        """Run automatic tasks and forced (single-choice) decisions until a real decision or the end."""
        stack = self.stack
        while stack and not self.over:
            task = stack[-1]
            kind, seat = task[0], task[1]
            if seat < 0:
                stack.pop()
                AUTOS[kind](self, task)
                continue
            legal = DECISIONS[kind][0](self, task)
            if len(legal) > 1:
                self._legal = legal
                return
            stack.pop()
            if legal:
                DECISIONS[kind][1](self, task, legal[0])
        if not stack and not self.over:
            raise VoidtableError("black sun: the task stack ran dry before the game ended")

    # ------------------------------------------------------------ contract
    def to_move(self) -> list[int]:
        if self.over or not self.stack:
            return []
        return [self.stack[-1][1]]

    def legal_actions(self, player: int) -> list[Action]:
        if self.over or not self.stack:
            return []
        task = self.stack[-1]
        if task[1] != player:
            return []
        if self._legal is None:
            self._legal = DECISIONS[task[0]][0](self, task)
        return list(self._legal)

    def _apply(self, player: int, action: Action) -> list[Event]:
        self._legal = None
        task = self.stack.pop()
        DECISIONS[task[0]][1](self, task, action)
        self._advance()
        return self._take_events()

    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        scores = [float(x) for x in self.scores]
        ranks = ranks_from_keys(list(self.scores))
        winners = [p for p in range(self.n) if ranks[p] == 1]
        notes = []
        if len(winners) > 1:
            notes.append("tied for the most points: a shared victory (the rulebook names no tie-break)")
        if self.over_reason:
            notes.append(f"game ended: {self.over_reason}")
        return Result(scores, ranks, winners, notes)

    # ------------------------------------------------------------ copies
    def clone(self) -> "BlackSunState":
        c = object.__new__(BlackSunState)
        d = self.__dict__
        cd = c.__dict__
        cd.update(d)
        # mutable containers get fresh copies; tuples, the board and rules are shared
        for k in ("starting", "deck", "card", "redraws", "loc", "sstate", "ctrl", "centre", "edge_occ", "status", "scores", "captures", "stack"):
            cd[k] = list(d[k])
        cd["rng"] = self.rng.copy()
        cd["_events"] = []
        if self.final_queue is not None:
            cd["final_queue"] = list(self.final_queue)
        if self.raid is not None:
            cd["raid"] = self.raid.copy()
        if self.manual is not None:
            m = self.manual
            cd["manual"] = {**m, "tiles": dict(m["tiles"]), "hands": [list(h) for h in m["hands"]], "open": list(m["open"])}
        return c

    def determinize(self, player: int, rng: Rng) -> "BlackSunState":
        c = self.clone()
        c.rng = rng.spawn()
        c.rng.shuffle(c.deck)  # the undealt Starting Faction cards are the only hidden thing
        return c

    # ------------------------------------------------------------ information
    def allegiance(self, p: int) -> str:
        return factions.allegiance(self, p)

    def view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "blacksun",
            "players": self.n,
            "target": self.target,
            "options": {"necessity": self.necessity, "manual_setup": self.manual_setup, "loaning": self.loaning, "story": self.story},
            "over": self.over,
            "to_move": self.to_move(),
            "active": self.active,
            "first_player": self.first,
            "turns": self.turns,
            "story_player": self.story_player,
            "final_turns": None if self.final_queue is None else list(self.final_queue),
            "scores": list(self.scores),
            "factions_undealt": len(self.deck),
            "seats": [
                {
                    "seat": p,
                    "faction": self.starting[p],
                    "card": self.card[p],
                    "allegiance": factions.allegiance(self, p) if self.starting[p] else None,
                    "scoring": sorted(factions.conditions(self, p)) if self.starting[p] else [],
                    "redraws": self.redraws[p],
                }
                for p in range(self.n)
            ],
        }
        if self.stack:
            task = self.stack[-1]
            v["decision"] = {"kind": task[0], "seat": task[1], "args": jsonable(list(task[2:]))}
        if self.board is not None:
            b = self.board
            v["sun"] = b.sun
            v["board"] = b.to_json()
            v["status"] = [[list(b.coords[h]), STATUS_NAMES[x]] for h, x in enumerate(self.status) if x]
            v["ships"] = [
                {
                    "id": i, "type": self.stype[i], "owner": self.owner[i], "controller": self.ctrl[i],
                    "state": STATE_NAMES[self.sstate[i]], "at": where_json(self, i),
                }
                for i in range(len(self.owner))
            ]
            v["captures"] = [
                {"ship": c[0], "captor": c[1], "hex": list(b.coords[c[2]]), "escorts": sorted(c[3]), "captor_turn_ends_left": c[4]}
                for c in self.captures
            ]
            v["raid"] = self.raid.to_json(self) if self.raid is not None else None
        if self.manual is not None:
            m = self.manual
            v["manual_setup"] = {
                "tiles": [[h[0], h[1], t] for h, t in sorted(m["tiles"].items())],
                "open_slots": [list(h) for h in m["open"]],
                "hands": [list(h) for h in m["hands"]],
            }
        return v

    def snapshot(self) -> dict[str, Any]:
        v = self.view(None)
        v["rng"] = self.rng.state
        v["deck"] = list(self.deck)
        v["stack"] = jsonable(self.stack)
        v["sstate"] = list(self.sstate)
        v["loc"] = list(self.loc)
        v["over_reason"] = self.over_reason
        return v
