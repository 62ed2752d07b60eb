"""Empires of the Void for the researchers' APIs: observation tensors (``SPEC.hooks.interop``).

The action universe comes from the declared action kinds (``actions.py``); this
module only turns views into tensors, so nothing secret can reach a tensor. NumPy
is imported here, and this module is imported only by ``hooks.encoder``. Seats
are numbered relative to the observer (0 = me); the spectator's tensor uses table seats.

Public sections: where each tile lies and how it is turned, every space's ships by
seat and kind (and their damage), every planet's ally, conqueror, infester and
event token, which home world is New Earth, each seat's race, credits, VP (when shown), hand size, technologies,
space port and pre-round progress, the 2-player row, the event deck's backs, the
round and the pending decision. Private: the observer's own hand and its hidden
pre-round orders.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from voidtable.engine.tensors import EncodingError, Encoder, Layout

from .tasks import TASKS

DECISIONS = tuple(r.name for r in TASKS if not r.is_auto)
SEAT_FEATURES = 9   # credits, VP, VP shown, hand size, active, first, to move, pre-round done, has a port
SCALE_SHIPS = 4.0   # ships of one kind of one seat on one space: 4 reads as 1.0
TOKENS = ("pirates", "distress_call")


class EmpiresEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        r = game.rules
        self.n = n = int(game.players)
        self.tiles = {k: i for i, k in enumerate((r.centre, *r.outer))}
        self.hexes = {h: i for i, h in enumerate(((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)))}
        self.spaces = {s: i for i, s in enumerate(r.spaces())}
        self.planets = {p: i for i, p in enumerate((*r.planet_keys, *(f"home{q}" for q in range(4))))}
        self.kinds = {k: i for i, k in enumerate(r.ship_kinds)}
        self.techs = {k: i for i, k in enumerate(r.tech_keys)}
        self.races = {k: i for i, k in enumerate(r.race_keys)}
        self.cards = {k: i for i, k in enumerate(sorted({f"{t}.{a}" for t, a in r.cards}))}
        self.events = {k: i for i, k in enumerate(r.event_keys)}
        S, P, K, C = len(self.spaces), len(self.planets), len(self.kinds), len(self.cards)
        self.public = Layout([
            ("tile_at", (len(self.hexes), len(self.tiles))),
            ("rotation", (len(self.tiles), 6)),
            ("ships", (S, n, K)),
            ("damaged", (S, n)),
            ("planet_ally", (P, n + 1)),        # the last column: nobody
            ("planet_conqueror", (P, n + 1)),
            ("planet_infester", (P, n + 1)),
            ("planet_token", (P, len(TOKENS))),
            ("covered", (P,)),
            ("new_earth", (P,)),                # the home world replaced with New Earth
            ("race", (n, len(self.races))),
            ("techs", (n, len(self.techs))),
            ("seats", (n, SEAT_FEATURES)),
            ("row", (C,)),
            ("event_backs", (12, 2)),           # event or score card, place by place from the top
            ("revealed", (len(self.events),)),
            ("scalars", (4,)),                  # round, deck size, ion storm, mined this turn
            ("decision", (len(DECISIONS) + 1,)),
        ])
        self.private = Layout([("my_hand", (C,)), ("my_orders", (2, max(len(self.techs), K)))])

    def _rel(self, q: int, me: int | None) -> int:
        return (q - me) % self.n if me is not None else q

    def _who(self, q: int, me: int | None) -> int:
        return self.n if q < 0 else self._rel(q, me)

    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        for t in v["tiles"]:
            out["tile_at"][self.hexes[tuple(t["hex"])], self.tiles[t["tile"]]] = 1
            out["rotation"][self.tiles[t["tile"]], t["rotation"] % 6] = 1
        for sh in v["ships"]:
            if sh["space"] not in self.spaces or sh["kind"] not in self.kinds:
                raise EncodingError(f"empires: a ship on {sh['space']!r} of kind {sh['kind']!r} is outside the layout")
            q = self._rel(sh["owner"], me)
            out["ships"][self.spaces[sh["space"]], q, self.kinds[sh["kind"]]] += 1 / SCALE_SHIPS
            if sh["damage"]:
                out["damaged"][self.spaces[sh["space"]], q] = 1
        for key, p in v["planets"].items():
            i = self.planets[key]
            out["planet_ally"][i, self._who(p["ally"], me)] = 1
            out["planet_conqueror"][i, self._who(p["conqueror"], me)] = 1
            out["planet_infester"][i, self._who(p["infester"], me)] = 1
        for key, token in v["tokens"].items():
            out["planet_token"][self.planets[key], TOKENS.index(token)] = 1
        for key in v["covered"]:
            out["covered"][self.planets[key]] = 1
        if v["new_earth"]:
            out["new_earth"][self.planets[v["new_earth"]]] = 1
        movers = set(v["to_move"])
        for q in range(self.n):
            rq = self._rel(q, me)
            if v["races"][q]:
                out["race"][rq, self.races[v["races"][q]]] = 1
            for t in v["techs"][q]:
                out["techs"][rq, self.techs[t]] = 1
            hand = v["hands"][q]
            row = out["seats"][rq]
            row[0] = v["credits"][q] / 20
            row[1] = (v["vp"][q] or 0) / 50
            row[2] = v["vp"][q] is not None
            row[3] = (len(hand) if isinstance(hand, list) else hand) / 4
            row[4] = v["active"] == q
            row[5] = v["first"] == q
            row[6] = q in movers
            row[7] = v["pre_round"]["done"][q]
            row[8] = bool(v["ports"][q])
        for c in v["row"]:
            out["row"][self.cards[c]] += 1
        for i, back in enumerate(v["event_backs"][:12]):
            out["event_backs"][i, 1 if back == "score" else 0] = 1
        for e in v["revealed"]:
            if e in self.events:
                out["revealed"][self.events[e]] = 1
        sc = out["scalars"]
        sc[0] = v["round"] / 11
        sc[1] = v["deck"] / 50
        sc[2] = v["ion_storm"]
        sc[3] = v["mined"]
        dec = v["decision"]
        if dec is None:
            out["decision"][len(DECISIONS)] = 1
        elif dec["kind"] in DECISIONS:
            out["decision"][DECISIONS.index(dec["kind"])] = 1
        else:
            raise EncodingError(f"empires: decision {dec['kind']!r} is not a registered decision")

    def private_part(self, state: Any, seat: int) -> Any:
        v = state.view(seat)
        return {"hand": v["hands"][seat], "orders": v["pre_round"]["mine"]}

    def fill_private(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int) -> None:
        for c in v["hands"][me]:
            out["my_hand"][self.cards[c]] += 1
        for o in v["pre_round"]["mine"] or []:
            what, key = o.split(":")
            if what == "research" and key in self.techs:
                out["my_orders"][0, self.techs[key]] = 1
            elif what in ("build", "build_at_port") and key in self.kinds:
                out["my_orders"][1, self.kinds[key]] += 1 / SCALE_SHIPS
