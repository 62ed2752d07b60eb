"""The fleet battle's observation tensors (interop), built from views only.

Seats are numbered relative to the observer (0 = me). Sections: ``board`` (cell x
relative seat x design: a ship of that design there), ``ship_stats`` (cell x 6:
computer, jammer, shield, move, working squares, weapons, of the ship there,
scaled), ``fleet`` (relative seat x design: ships not on the board yet),
``scalars`` (phase one-hot, round / limit, points to spend and points left per
seat), ``decision`` (the pending task's kind, one-hot) and ``acting`` (the cell of
the ship that acts or is hit).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from voidtable.engine.tensors import EncodingError, Encoder, Layout

PHASES = ("fleets", "deploy", "battle", "over")
DECISIONS = ("buy", "deploy", "turn", "move", "fire", "disable")


class FleetEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        r = game.rules
        self.w: int = int(r.board.width)
        self.h: int = int(r.board.height)
        self.design = {k: i for i, k in enumerate(r.fleet_designs)}
        self.budget = max(1, r.minigame.budget)
        self.max_rounds = max(1, r.minigame.max_rounds)
        D, C = len(self.design), self.w * self.h
        self.public = Layout([
            ("board", (C, 2, D)),
            ("ship_stats", (C, 6)),
            ("fleet", (2, D)),
            ("scalars", (len(PHASES) + 5,)),
            ("decision", (len(DECISIONS) + 1,)),
            ("acting", (C,)),
        ])

    def _rel(self, q: int, me: int | None) -> int:
        return (q - me) % 2 if me is not None else q

    def _cell(self, cell: list[int]) -> int:
        return int(cell[1]) * self.w + int(cell[0])

    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        by_id = {}
        for sh in v["ships"]:
            d = self.design.get(sh["design"])
            if d is None:
                raise EncodingError(f"abyss_battle: a ship of design {sh['design']!r} that the fleet battle does not offer")
            q = self._rel(sh["owner"], me)
            by_id[sh["id"]] = sh
            if sh["cell"] is None:
                out["fleet"][q, d] += 1
                continue
            c = self._cell(sh["cell"])
            out["board"][c, q, d] = 1
            out["ship_stats"][c] = (sh["computer"] / 3, sh["jammer"] / 3, sh["shield"] / 2, sh["move"] / 4,
                                    sh["working"] / 6, len(sh["weapons"]) / 4)
        s = out["scalars"]
        s[PHASES.index(v["phase"])] = 1
        base = len(PHASES)
        s[base] = v["round"] / self.max_rounds
        for q in range(2):
            rel = self._rel(q, me)
            s[base + 1 + rel] = (v["budget"][q] or 0) / self.budget   # None: hidden (secret buying)
            s[base + 3 + rel] = v["points"][q] / self.budget
        dec = v.get("decision") or {}
        kind = dec.get("kind")
        out["decision"][DECISIONS.index(kind) if kind in DECISIONS else len(DECISIONS)] = 1
        ship = by_id.get(dec.get("ship"))
        if ship is not None and ship["cell"] is not None:
            out["acting"][self._cell(ship["cell"])] = 1
