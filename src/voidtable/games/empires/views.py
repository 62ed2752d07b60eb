"""What a seat may know, as JSON: the galaxy, planets, ships, credits and techs are public.

Secret: other seats' diplomacy hands (their sizes are public), the deck's order,
the unrevealed event cards (only whether each is a score card: their backs say
"Score"), other seats' pre-round choices until revealed (whether a seat is done is
public), and other seats' VP (face down) unless the open-scores option is on or
the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import key
from .setup import SCORE_CARDS

if TYPE_CHECKING:
    from .state import EmpiresState


def view(s: "EmpiresState", player: int | None) -> dict[str, Any]:
    n = s.r.players
    show_vp = s.r.open_scores or s.over
    return {
        "viewer": player,
        "round": s.round, "active": s.active, "first": s.first, "order": list(s.order),
        "races": list(s.race),
        "tiles": [{"hex": list(h), "tile": t, "rotation": s.rotation[t]} for h, t in sorted(s.tile_at.items())],
        "homes": [list(c) if c is not None else None for c in s.corner],
        "covered": list(s.covered),
        "lines": sorted([a, b, o] for a, ns in s.graph.items() for b, o in ns if a < b),
        "planets": {k: {"ally": c.ally, "conqueror": c.conqueror, "infester": c.infester, "state": c.state_name()}
                    for k, c in sorted(s.control.items())},
        "ships": [{"id": i, "kind": sh.kind, "owner": sh.owner, "space": sh.space, "damage": sh.damage}
                  for i, sh in sorted(s.ships.items())],
        "credits": list(s.credits),
        "techs": [list(t) for t in s.techs],
        "vp": [s.vp[p] if show_vp or p == player else None for p in range(n)],
        "hands": [sorted(key(s, c) for c in s.hands[p]) if p == player else len(s.hands[p]) for p in range(n)],
        "row": sorted(key(s, c) for c in s.row),
        "deck": len(s.deck), "discard": sorted(key(s, c) for c in s.discard),
        "event_backs": ["score" if e in SCORE_CARDS else "event" for e in s.event_deck],
        "revealed": list(s.revealed),
        "pre_round": {"done": list(s.done),
                      "mine": list(s.orders[player]) if player is not None else None},
        "ports": list(s.ports), "new_earth": s.new_earth,
        "wormholes": [list(w) for w in s.wormholes], "tokens": dict(sorted(s.tokens.items())),
        "grant": list(s.grant), "licences": [list(x) for x in s.licences], "ion_storm": s.storm == s.round,
        "mined": s.mined, "swaps": s.swaps, "used": list(s.used),
        "decision": decision(s, player),
        "to_move": s.to_move(),
        "over": s.over, "reason": s.over_reason,
    }


def decision(s: "EmpiresState", player: int | None) -> dict[str, Any] | None:
    """The pending task; an offer's content only for its two players (the others see that one is being made)."""
    d = s.decision_json()
    if d is None:
        return None
    offer = d.get("offer") if d["kind"] == "answer_offer" else d if d["kind"] == "make_offer" else None
    if offer is not None and player not in (offer["seat"], offer["to"]):
        if d["kind"] == "answer_offer":
            d["offer"] = {"seat": offer["seat"], "to": offer["to"]}
        else:
            d = {"kind": d["kind"], "seat": d["seat"], "to": d["to"]}
    return d
