"""What a seat may know, as JSON: everything on the table, nothing face down, no deck order.

Public: the map's face-up cards (and whose deck each face-down one came from),
every ship and hull, engines, Graveyards, Stockpiles, discard piles, active
Directives, the Hands (dealt face up; with the hidden-hands option only their
size for the other seat), the cards put openly under a Resource, and this turn's
CP and E. Secret: face-down map cards and the order of every Resource.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import EMPTY

if TYPE_CHECKING:
    from .state import NearspaceState


def view(s: "NearspaceState", player: int | None) -> dict[str, Any]:
    r = s.r
    keys = [k for _, k in r.instances]
    places = []
    for i, inst in enumerate(s.place_card):
        up = s.face_up[i]
        enc = s.encounter_at.get(i)
        places.append({
            "hex": list(s.hex(i)),
            "owner": r.owner(inst) if inst != EMPTY else -1,
            "face_up": up,
            "card": (keys[inst] if inst != EMPTY else None) if up else None,
            "encounter": keys[enc] if enc is not None else None,
        })
    ships = [{"id": i, "owner": sh.owner, "sides": sh.die.sides, "colour": sh.die.colour,
              "class": r.ship_class(sh.die), "hex": list(s.hex(sh.place)), "invested": sh.invested,
              "built": sh.built, "attacks": sh.attacks} for i, sh in sorted(s.ships.items())]
    hands: list[Any] = []
    for q in range(2):
        if r.hidden_hands and q != player:
            hands.append(len(s.hand[q]))
        else:
            hands.append(sorted(keys[c] for c in s.hand[q]))
    return {
        "viewer": player,
        "decks": list(r.deck_names),
        "turn": s.turn, "active": s.active, "first": s.first,
        "first_round": [s.is_first_round(q) for q in range(2)],
        "cp": s.cp, "cp_bound": dict(sorted(s.cp_class.items())), "e": s.e,
        "attack_bonus": s.attack_bonus, "e_bonus": s.e_bonus,
        "places": places,
        "ships": ships,
        "engines": list(s.engines),
        "engine_hulls": [{"id": i, "owner": 0 if i in r.engine_ids(0) else 1, "invested": n}
                         for i, n in sorted(s.engine_hulls.items())],
        "hands": hands,
        "resource": [len(s.resource[q]) for q in range(2)],
        "resource_bottom": [[keys[c] for c in s.resource[q][len(s.resource[q]) - s.known_bottom[q]:]] for q in range(2)],
        "discard": [[keys[c] for c in s.discard[q]] for q in range(2)],
        "directives": [[keys[c] for c in s.directives[q]] for q in range(2)],
        "graveyard": [[d.to_json() for d in s.graveyard[q]] for q in range(2)],
        "graveyard_facets": [s.graveyard_facets(q) for q in range(2)],
        "stockpile": [s.stockpile[q].to_json() for q in range(2)],
        "exile": list(s.exile),
        "bank": list(s.bank), "stored_e": list(s.stored_e),
        "decision": decision(s, player),
        "to_move": s.to_move(),
        "over": s.over,
        "winners": list(s.winners),
        "reason": s.over_reason,
    }


def decision(s: "NearspaceState", player: int | None) -> dict[str, Any] | None:
    """The pending decision; a card still in a secret Hand (a Terraform or Encounter waiting for its sector) is hidden from others."""
    d = s.decision_json()
    if d is None or not s.r.hidden_hands or "card" not in d or d.get("seat") == player:
        return d
    owner = d.get("seat")
    if isinstance(owner, int) and d["card"] in s.hand[owner]:
        d = dict(d, card=None)
    return d
