"""The main game's observation tensors (interop), built from views only.

Seats are numbered relative to the observer (0 = me; a spectator sees seat order);
the neutral ships (monsters, Keepers) are one more "seat" after the players.
Sections: ``places`` (place x hex kind one-hot, face-down included), ``ships``
(place x relative seat: ships there, scaled), ``colonies`` (place x relative seat:
a habitat there), ``buildings`` (place x relative seat: buildings there, scaled),
``seats`` (relative seat x 9: energy, food, minerals, votes, planets, terms,
technologies, out, at war with me), ``scalars`` (cycle / limit, phase one-hot, the
tribunal leader's streak) and ``decision`` (the pending task's kind, one-hot).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from voidtable.engine.tensors import Encoder, Layout

PHASES = ("setup", "production", "movement", "battle", "ground", "colonisation", "purchase", "events", "over")
DECISIONS = ("home_pick", "movement", "ship_move", "asteroid_hit", "peace_offer", "colonise", "purchase",
             "resolution_vote", "election", "bomb_choice", "demolish", "take_hit", "ground", "shut_down", "seize",
             "turn", "move", "fire", "disable", "free_tech")
SEAT_FACTS = 9
MAX_PLAYERS = 6


class AbyssEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        m = game.rules
        self.n: int = int(game.players)
        self.places = len(m.galaxy)
        self.kinds = ["", *m.data.map.hexes, "home", "twin"]
        self.max_cycles = max(1, m.data.limits.max_cycles)
        P, S = self.places, self.n + 1
        self.public = Layout([
            ("places", (P, len(self.kinds))),
            ("ships", (P, S)),
            ("colonies", (P, self.n)),
            ("buildings", (P, self.n)),
            ("seats", (self.n, SEAT_FACTS)),
            ("scalars", (2 + len(PHASES),)),
            ("decision", (len(DECISIONS) + 1,)),
        ])

    def _rel(self, q: int, me: int | None) -> int:
        if q >= self.n:
            return self.n   # the neutral ships
        return (q - me) % self.n if me is not None else q

    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        for p, kind in enumerate(v["kinds"]):
            out["places"][p, self.kinds.index(kind) if kind in self.kinds else 0] = 1
        for sh in v["ships"]:
            if sh["place"] >= 0:
                out["ships"][sh["place"], self._rel(sh["owner"], me)] += 0.25
        for pl in v["planets"]:
            for b in pl["built"]:
                if b is None:
                    continue
                q = self._rel(b[0], me)
                if b[1] == "habitat":
                    out["colonies"][pl["place"], q] = 1
                out["buildings"][pl["place"], q] += 1 / 9
        for q in range(self.n):
            rel = self._rel(q, me)
            e, f, mi = v["bank"][q]
            at_war = me is not None and [min(q, me), max(q, me)] in v["war"]
            out["seats"][rel] = (e / 20, f / 20, mi / 20, v["votes"][q] / 20, len(v["colonies"][q]) / 10,
                                 v["terms"][q] / 3, len(v["techs"][q]) / 10, float(v["out"][q]), float(at_war))
        s = out["scalars"]
        s[0] = v["cycle"] / self.max_cycles
        s[1] = v["streak"] / 3
        phase = "over" if v["over"] else v["phase"]
        if phase in PHASES:
            s[2 + PHASES.index(phase)] = 1
        kind = (v.get("decision") or {}).get("kind")
        out["decision"][DECISIONS.index(kind) if kind in DECISIONS else len(DECISIONS)] = 1
