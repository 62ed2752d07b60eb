"""What a seat sees of the main game: everything (nothing is hidden), JSON-ready (lists, string-free keys)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ships import stats
from .planets import colonies, production, votes

if TYPE_CHECKING:
    from .state import AbyssState


def view(s: "AbyssState", player: int | None) -> dict[str, Any]:
    g = s.m.galaxy
    planets = [{"place": p, "surface": list(s.surface[p]),
                "built": [list(b) if b else None for b in s.built[p]],
                "goods": list(s.goods.get(p, ("",) * len(s.surface[p]))),
                "chips": [list(c) for c in s.chips.get(p, ())],
                "idle": sorted(s.idle.get(p, frozenset())),
                "marines": [[m[0], m[1], list(m[2])] if m else None
                            for m in s.marines.get(p, (None,) * len(s.surface[p]))]} for p in sorted(s.surface)]
    ships = []
    for i in sorted(s.ships):
        sh = s.ships[i]
        st = stats(s.r, sh)
        ships.append({"id": i, "owner": sh.owner, "design": sh.design, "place": s.where.get(i, -1),
                      "cell": list(sh.cell) if sh.cell[0] >= 0 else None, "disabled": sh.disabled,
                      "moves": s.moves.get(i, 0), "cargo": [list(c) for c in s.cargo.get(i, ())], "marines": s.carried.get(i, 0), "computer": st.computer, "jammer": st.jammer, "shield": st.shield})
    return {
        "seat": player, "cycle": s.cycle, "first": s.first, "phase": s.phase,
        "places": [list(h) for h in g.places], "kinds": list(s.kinds), "pile": list(s.pile),
        "planets": planets, "ships": ships,
        "bank": [list(b) for b in s.bank], "techs": [sorted(t) for t in s.techs],
        "income": [production(s, p) for p in range(s.players)],
        "votes": [votes(s, p) for p in range(s.players)],
        "colonies": [colonies(s, p) for p in range(s.players)],
        "war": [list(w) for w in sorted(s.war)], "out": list(s.out),
        "leader": s.leader, "terms": list(s.terms), "streak": s.streak, "in_force": list(s.in_force),
        "battle": {"place": s.battle_place, "sides": list(s.fighting), "round": s.round, "order": list(s.order),
                   "attacker": s.attacker if s.fighting else None,
                   "planet": [list(c) for c in sorted(s.planet)]},
        "decision": s.decision_json(), "winners": list(s.winners), "win_kind": s.win_kind, "over": s.over,
    }
