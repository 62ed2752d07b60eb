"""Black Sun for the researchers' APIs: observation tensors (``SPEC.hooks.interop``).

The action universe comes from the declared action kinds (``actions.py``,
``SPEC.actions``), whose hex and ship domains these tensors share. NumPy is
imported here, and this module is imported only by ``hooks.encoder``.

Everything on the board is public; the only hidden thing is the order of the
undealt Starting Faction cards, which no seat sees. So the tensors have no
private part and the information-state tensor equals the observation tensor.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from voidtable.engine.tensors import Encoder, Layout

from .actions import fleet_size, hexes, tile_codes
from .board import ASTEROIDS, GAS_GIANT, PLANET, SPACE, SUN, tile_kind, tile_planet
from .data import FACTION_ORDER, SCORING_CONDITIONS, SUNS
from .events import RAID_KINDS
from .flow import TASKS
from .positions import STATE_NAMES as SHIP_STATES
from .state import STATUS_NAMES as STATUS

HEX_KINDS = (SUN, GAS_GIANT, PLANET, ASTEROIDS, SPACE)


class BlackSunEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        R = game.rules
        self.n = n = game.players
        self.cells = hexes(R)
        self.cell = {h: i for i, h in enumerate(self.cells)}
        H = len(self.cells)
        self.S = S = fleet_size(R)
        self.types = {t: i for i, t in enumerate(R.ships)}
        self.factions = {f: i for i, f in enumerate(FACTION_ORDER)}
        self.cards = {c: i for i, c in enumerate(R.faction_cards)}
        sides = ["none"] + sorted({f.allegiance for f in R.factions.values()} | set(R.faction_cards))
        self.sides = {a: i for i, a in enumerate(dict.fromkeys(sides))}
        self.conditions = {c: i for i, c in enumerate(SCORING_CONDITIONS)}
        self.suns = {s: i for i, s in enumerate(SUNS)}
        self.decisions = {d: i for i, d in enumerate(sorted(r.name for r in TASKS if not r.is_auto))}
        self.tiles = {t: i for i, t in enumerate(tile_codes(R))}
        self.turn_limit = max(1, R.limits.max_rounds * n)
        self.target = max(1, R.game.target_long)
        T = len(self.types)
        self.public = Layout([
            ("hexes", (H, len(HEX_KINDS) + 2 + len(STATUS))),   # kind, on the map, planet number, status
            ("ships", (S, 1 + T + 2 * n + len(SHIP_STATES) + 2 * H + n + 1)),
            ("seats", (n, len(self.factions) + len(self.cards) + 1 + len(self.sides) + len(self.conditions) + 7)),
            ("globals", (len(self.suns) + 9,)),
            ("decision", (len(self.decisions) + 1 + n,)),
            ("decision_context", (2 * H + 3 * S + 2,)),       # origin/hex, position, fleet, towed, moved; move left, fleets
            ("raid", (H + len(RAID_KINDS) + n * 6 + 2,)),
            ("manual", (H + n * len(self.tiles),)),            # open slots; tiles in each seat's hand
        ])
        self.private = Layout([])

    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        n = self.n
        cell = self.cell
        H = len(self.cells)

        def rel(q: int) -> int:
            return (q - me) % n if me is not None else q

        hx = out["hexes"]
        board = v.get("board")
        index_to_cell: list[int] = []
        if board is not None:
            for h in board:
                i = cell[tuple(h["hex"])]
                index_to_cell.append(i)
                hx[i, HEX_KINDS.index(h["kind"])] = 1
                hx[i, len(HEX_KINDS)] = 1
                hx[i, len(HEX_KINDS) + 1] = h.get("planet", 0) / 18
            for coord, status in v.get("status", []):
                hx[cell[tuple(coord)], len(HEX_KINDS) + 2 + STATUS.index(status)] = 1
        manual = v.get("manual_setup")
        if manual is not None:
            for q, r, t in manual["tiles"]:
                i = cell[(q, r)]
                hx[i, HEX_KINDS.index(tile_kind(t))] = 1
                hx[i, len(HEX_KINDS)] = 1
                hx[i, len(HEX_KINDS) + 1] = tile_planet(t) / 18
            mv = out["manual"]
            for q, r in manual["open_slots"]:
                mv[cell[(q, r)]] = 1
            for seat, hand in enumerate(manual["hands"]):
                base = H + rel(seat) * len(self.tiles)
                for t in hand:
                    mv[base + self.tiles[t]] += 1 / 6
        sh = out["ships"]
        T = len(self.types)
        o_owner = 1 + T
        o_ctrl = o_owner + n
        o_state = o_ctrl + n
        o_centre = o_state + len(SHIP_STATES)
        o_edge = o_centre + H
        o_capt = o_edge + H
        for s in v.get("ships", []):
            row = sh[s["id"]]
            row[0] = 1
            row[1 + self.types[s["type"]]] = 1  # not an event: the type of a ship in the view
            row[o_owner + rel(s["owner"])] = 1
            row[o_ctrl + rel(s["controller"])] = 1
            row[o_state + SHIP_STATES.index(s["state"])] = 1
            at = s["at"]
            if at is not None:
                if "hex" in at:
                    row[o_centre + cell[tuple(at["hex"])]] = 1
                else:
                    for side in at["edge"]:
                        if side is not None:
                            row[o_edge + cell[tuple(side)]] = 1
        for c in v.get("captures", []):
            row = sh[c["ship"]]
            row[o_capt + rel(c["captor"])] = 1
            row[o_capt + n] = c["captor_turn_ends_left"] / 2
        st = out["seats"]
        nf, nc, ns, nq = len(self.factions), len(self.cards), len(self.sides), len(self.conditions)
        final = set(v.get("final_turns") or [])
        for seat in v["seats"]:
            q = seat["seat"]
            row = st[rel(q)]
            if seat["faction"] is not None:
                row[self.factions[seat["faction"]]] = 1
            row[nf + (self.cards[seat["card"]] if seat["card"] is not None else nc)] = 1
            if seat["allegiance"] is not None:
                row[nf + nc + 1 + self.sides[seat["allegiance"]]] = 1
            for c in seat["scoring"]:
                row[nf + nc + 1 + ns + self.conditions[c]] = 1
            base = nf + nc + 1 + ns + nq
            row[base] = seat["redraws"] / 5
            row[base + 1] = v["scores"][q] / self.target
            row[base + 2] = v["active"] == q
            row[base + 3] = v["first_player"] == q
            row[base + 4] = v["story_player"] == q
            row[base + 5] = q in final
            row[base + 6] = q in v["to_move"]
        g = out["globals"]
        if v.get("sun") is not None:
            g[self.suns[v["sun"]]] = 1
        b = len(self.suns)
        g[b] = v["over"]
        g[b + 1] = v["turns"] / self.turn_limit
        g[b + 2] = v["factions_undealt"] / 6
        g[b + 3] = v["target"] / self.target
        opts = v["options"]
        g[b + 4] = opts["necessity"]
        g[b + 5] = opts["manual_setup"]
        g[b + 6] = opts["loaning"]
        g[b + 7] = opts["story"]
        g[b + 8] = v["final_turns"] is not None
        dec = v.get("decision")
        dv = out["decision"]
        if dec is None:
            dv[len(self.decisions)] = 1
        else:
            dv[self.decisions[dec["kind"]]] = 1
            dv[len(self.decisions) + 1 + rel(dec["seat"])] = 1
            self._context(out["decision_context"], dec, index_to_cell)
        raid = v.get("raid")
        if raid is not None:
            rv = out["raid"]
            rv[cell[tuple(raid["hex"])]] = 1
            rv[H + RAID_KINDS.index(raid["kind"])] = 1  # a raid kind not declared fails here, not silently
            for key, dice in raid["dice"].items():
                q = int(key)
                base = H + len(RAID_KINDS) + rel(q) * 6
                rv[base] = 1
                rv[base + 1] = q in raid["out"]
                rv[base + 2] = dice / 20
                rv[base + 3] = raid["lost"][key] / 20
                rv[base + 4] = raid["initiator"] == q
                rv[base + 5] = raid["target"] == q
            rv[H + len(RAID_KINDS) + n * 6] = raid["round"] / 10
            rv[H + len(RAID_KINDS) + n * 6 + 1] = raid["ended"]

    def _context(self, cv: np.ndarray, dec: dict[str, Any], index_to_cell: list[int]) -> None:
        """The fleet being formed or moved, read from the pending decision's named fields."""
        H = len(self.cells)
        S = self.S
        kind = dec["kind"]

        def hexat(name: str, slot: int) -> None:
            h = dec.get(name)
            if isinstance(h, int) and 0 <= h < len(index_to_cell):
                cv[slot * H + index_to_cell[h]] = 1

        def shipsat(name: str, slot: int) -> None:
            xs = dec.get(name)
            if isinstance(xs, list):
                for x in xs:
                    if isinstance(x, int) and 0 <= x < S:
                        cv[2 * H + slot * S + x] = 1

        if kind in ("move", "pick", "walk"):
            if isinstance(dec.get("fleets"), int):
                cv[2 * H + 3 * S + 1] = dec["fleets"] / 2
            shipsat("moved", 2)
        if kind in ("pick", "walk"):
            hexat("origin", 0)
            shipsat("fleet", 0)
            shipsat("towed", 1)
        if kind == "walk":
            hexat("pos", 1)
            if isinstance(dec.get("mp"), int):
                cv[2 * H + 3 * S] = dec["mp"] / 6
        if kind == "place_ships":
            hexat("hex", 0)
        if kind == "arrange":
            hexat("hex", 0)
            shipsat("ships", 0)

