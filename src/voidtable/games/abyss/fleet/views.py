"""What a seat sees of the fleet battle: everything (nothing is hidden), JSON-ready.

Each ship carries its derived stats, so the table, the bots and the tensors read
them without knowing the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..ships import stats

if TYPE_CHECKING:
    from .state import FleetState


def ship_view(s: "FleetState", i: int) -> dict[str, Any]:
    sh = s.ships[i]
    st = stats(s.r, sh)
    return {"id": i, "owner": sh.owner, "design": sh.design, "cell": list(sh.cell) if sh.cell[0] >= 0 else None,
            "disabled": [q for q in range(len(s.r.designs[sh.design].tiles)) if sh.disabled >> q & 1],
            "computer": st.computer, "jammer": st.jammer, "shield": st.shield, "move": st.move,
            "weapons": list(st.weapons), "working": st.working}


def hidden(s: "FleetState", player: int | None, seat: int) -> bool:
    """Secret buying: the seat's orders and points left are hidden from everyone else until the reveal."""
    return s.r.secret_buying and s.phase == "fleets" and player != seat


def view(s: "FleetState", player: int | None) -> dict[str, Any]:
    return {
        "seat": player,
        "phase": s.phase,
        "first": s.attacker,
        "round": s.round,
        "max_rounds": s.r.minigame.max_rounds,
        "order": list(s.order),
        # secret buying: a seat's points left and its orders are its own until both fleets are revealed
        "budget": [b if not hidden(s, player, q) else None for q, b in enumerate(s.budget)],
        "buying": list(s.buying),
        "orders": [list(o) if not hidden(s, player, q) else None for q, o in enumerate(s.orders)],
        "points": [s.fleet_points(p) for p in range(2)],
        "ships": [ship_view(s, i) for i in sorted(s.ships)],
        "acted": sorted(s.acted),
        "decision": s.decision_json(),
        "winners": list(s.winners),
        "over": s.over,
    }
