"""Nearspace for the researchers' APIs: observation tensors (``SPEC.hooks.interop``).

The action universe comes from the declared action kinds (``actions.py``); this
module only turns views into tensors, so nothing face down or secret can reach a
tensor. NumPy is imported here, and this module is imported only by
``hooks.encoder``. Seats are numbered relative to the observer (0 = me, 1 = the
opponent); the spectator's tensor uses table seats.

Sections: each map place (whose deck, face up, which card, which Encounter, the
dice on it by seat, colour and size), each seat's Shipyard, Stockpile, Hand
(public unless the hidden-hands option is on), discard pile, Directives and
counters, this turn's CP and E, and the pending decision. With hidden hands, the
observer's own Hand is the private section.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from voidtable.engine.tensors import EncodingError, Encoder, Layout

from .tasks import TASKS

# The game's decisions, in registration order, from the task registry (a new one joins by itself).
DECISIONS = tuple(r.name for r in TASKS if not r.is_auto)
SEAT_FEATURES = 8   # engines, Resource, Graveyard facets, Exile count, first round, active, first player, to move
SCALE_DICE = 4.0    # dice of one kind in one place are few: a count of 4 reads as 1.0


class NearspaceEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        r = game.rules
        self.n = 2
        self.hidden_hands = bool(r.hidden_hands)
        self.card = {k: i for i, k in enumerate(sorted(r.data.cards))}
        C = len(self.card)
        kinds = sorted({d for d, _ in r.stockpile.counts}, key=lambda d: (d.colour, d.sides))
        self.die = {(d.sides, d.colour): i for i, d in enumerate(kinds)}
        K = len(self.die)
        self.P = P = len(r.board.hexes)
        self.place_of = {tuple(h): i for i, h in enumerate(r.board.hexes)}
        self.public = Layout([
            ("place", (P, 3)),                # deck of seat 0 / seat 1 (relative), face up
            ("place_card", (P, C)),
            ("place_encounter", (P, C)),
            ("place_dice", (P, 2, K)),        # built ships by seat and die kind
            ("shipyard", (2, K)),             # hulls: CP invested / facets, summed per kind
            ("stockpile", (2, K)),
            ("graveyard", (2, K)),
            ("hand", (2, C)),                 # public Hands (zero for a hidden one)
            ("hand_size", (2,)),
            ("discard", (2, C)),
            ("directives", (2, C)),
            ("resource_bottom", (2, C)),      # cards put openly under a Resource
            ("seats", (2, SEAT_FEATURES)),
            ("scalars", (5,)),                # turn, CP, E, attack bonus, E bonus
            ("decision", (len(DECISIONS) + 1,)),
        ])
        self.private = Layout([("my_hand", (C,))]) if self.hidden_hands else Layout([])

    def _rel(self, q: int, me: int | None) -> int:
        return (q - me) % 2 if me is not None else q

    def _kind(self, die: dict[str, Any]) -> int:
        key = (die["sides"], die["colour"])
        if key not in self.die:
            raise EncodingError(f"nearspace: a die {key} that is not in any Stockpile")
        return self.die[key]

    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        self._fill_places(out, v, me)
        self._fill_dice(out, v, me)
        self._fill_cards(out, v, me)
        self._fill_counters(out, v, me)

    def _fill_places(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        card = self.card
        for i, p in enumerate(v["places"]):
            if p["owner"] in (0, 1):
                out["place"][i, self._rel(p["owner"], me)] = 1
            out["place"][i, 2] = p["face_up"]
            if p["card"] is not None:
                out["place_card"][i, card[p["card"]]] = 1
            if p["encounter"] is not None:
                out["place_encounter"][i, card[p["encounter"]]] = 1

    def _fill_dice(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        for sh in v["ships"]:
            k = self._kind(sh)
            q = self._rel(sh["owner"], me)
            if sh["built"]:
                out["place_dice"][self.place_of[tuple(sh["hex"])], q, k] += 1 / SCALE_DICE
            else:
                out["shipyard"][q, k] += sh["invested"] / sh["sides"]
        for q in range(2):
            rq = self._rel(q, me)
            for d in v["stockpile"][q]:
                out["stockpile"][rq, self._kind(d)] = d["count"] / SCALE_DICE
            for d in v["graveyard"][q]:
                out["graveyard"][rq, self._kind(d)] += 1 / SCALE_DICE

    def _fill_cards(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        card = self.card
        for q in range(2):
            rq = self._rel(q, me)
            hand = v["hands"][q]
            if isinstance(hand, list):
                out["hand_size"][rq] = len(hand) / 5
                if not self.hidden_hands:
                    for k in hand:
                        out["hand"][rq, card[k]] = 1
            else:
                out["hand_size"][rq] = hand / 5
            for section, key in (("discard", "discard"), ("directives", "directives"), ("resource_bottom", "resource_bottom")):
                for k in v[key][q]:
                    out[section][rq, card[k]] = 1

    def _fill_counters(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        movers = set(v["to_move"])
        for q in range(2):
            row = out["seats"][self._rel(q, me)]
            row[0] = v["engines"][q] / 4
            row[1] = v["resource"][q] / 30
            row[2] = v["graveyard_facets"][q] / 100
            row[3] = v["exile"][q] / 3
            row[4] = v["first_round"][q]
            row[5] = v["active"] == q
            row[6] = v["first"] == q
            row[7] = q in movers
        sc = out["scalars"]
        sc[0] = v["turn"] / 50
        sc[1] = v["cp"] / 20
        sc[2] = v["e"] / 40
        sc[3] = v["attack_bonus"] / 3
        sc[4] = v["e_bonus"] / 10
        dec = v["decision"]
        dv = out["decision"]
        if dec is None:
            dv[len(DECISIONS)] = 1
        elif dec["kind"] in DECISIONS:
            dv[DECISIONS.index(dec["kind"])] = 1
        else:
            raise EncodingError(f"nearspace: decision {dec['kind']!r} is not a registered decision")

    # -- private (the hidden-hands option only) -----------------------------------
    def private_part(self, state: Any, seat: int) -> Any:
        return {"hand": state.view(seat)["hands"][seat]} if self.hidden_hands else None

    def fill_private(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int) -> None:
        if self.hidden_hands:
            for k in v["hands"][me]:
                out["my_hand"][self.card[k]] = 1
