"""Black Hole Buccaneers for the researchers' APIs: observation tensors (``SPEC.hooks.interop``).

The action universe comes from the declared action kinds (``actions.py``,
``SPEC.actions``); this module only turns views into tensors. NumPy is
imported here, and this module is imported only by ``hooks.encoder``.

Tensors are read from ``state.view(seat)``; seats are numbered relative to the
observer (0 = me, 1 = the next seat...), the spectator's tensor uses table seats.
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from voidtable.engine.tensors import EncodingError, Encoder, Layout
from .data import PHASES
from .tasks import TASKS

TIME_MACHINE = "time_machine"  # a card's kind in the rules data
# The game's one-seat decisions, in registration order, from the task registry (a new one joins by itself).
DECISIONS = tuple(r.name for r in TASKS if not r.is_auto and not r.simultaneous)
SEAT_FEATURES = 11


class BuccaneersEncoder(Encoder):
    def __init__(self, game: Any) -> None:
        r = game.rules
        self.n = n = game.players
        self.card = {k: i for i, k in enumerate(r.keys)}
        self.C = C = len(r.keys)
        self.hole = {k: i for i, k in enumerate(r.black_holes)}
        B = len(self.hole)
        self.rounds = R = r.rounds
        self.threshold = {v: i for i, v in enumerate(sorted(set(r.data.components.threshold_cards)))}
        self.G = G = max(1, sum(1 for c in r.data.cards.values() if c.kind == TIME_MACHINE))
        self.public = Layout([
            ("card_public", (C, 4 + n)),   # discard, Black Hole card, Time Machine part waiting, Shapeshifter, display of seat k
            ("card_orientation", (C, 4)),
            ("card_group", (C, G)),
            ("seats", (n, SEAT_FEATURES + R)),
            ("round", (R + 1,)),
            ("phase", (len(PHASES),)),
            ("scalars", (5,)),             # turn, direction left, deck size, last cards, Black Holes to come unknown
            ("threshold_cards", (len(self.threshold),)),
            ("black_holes", (B, 3)),       # current, played, to come (when known)
            ("decision", (len(DECISIONS) + 1 + G,)),
        ])
        self.private = Layout([
            ("card_private", (C, 5)),      # my hand, my selected card, my facedown Toy, my last card, my Tentacles draw
            ("gps", (1,)),
        ])
        self.recall = Layout([
            ("card_seen", (C, 2)),         # seen in my hand (or draw) this round; turn last seen / 10
        ])

    # -- public -----------------------------------------------------------------
    def fill_public(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int | None) -> None:
        n = self.n
        card = self.card
        cp = out["card_public"]
        orient = out["card_orientation"]
        grp = out["card_group"]
        for k in v["discard"]:
            cp[card[k], 0] = 1
        if v["black_hole_card"] is not None:
            cp[card[v["black_hole_card"]], 1] = 1
        seats = out["seats"]
        to_move = set(v["to_move"])
        dec = v["decision"]
        for pl in v["players"]:
            q = pl["seat"]
            k = (q - me) % n if me is not None else q
            d = pl["display"]
            col = 4 + k
            for c in d["cards"]:
                i = card[c["card"]]
                cp[i, col] = 1
                orient[i, c["orientation"]] = 1
            for g, group in enumerate(d["time_machine_groups"]):
                for c in group:
                    i = card[c["card"]]
                    cp[i, col] = 1
                    orient[i, c["orientation"]] = 1
                    if g < self.G:
                        grp[i, g] = 1
            for c in d["shapeshifters"]:
                i = card[c["card"]]
                cp[i, col] = 1
                cp[i, 3] = 1
            row = seats[k]
            row[0] = pl["hand_size"] / 12
            row[1] = pl["has_selected"]
            row[2] = d["facedown_toys"] / 10
            row[3] = d["weight"] / 60
            row[4] = d["value"] / 60
            row[5] = sum(d["weight_cards"]) / 20
            row[6] = d["value_card"] / 20
            row[7] = pl["total"] / 100
            row[8] = q in to_move
            row[9] = dec is not None and dec["seat"] == q
            row[10] = len(d["shapeshifters"]) / 10
            for rnd, pts in enumerate(pl["points"][: self.rounds]):
                row[SEAT_FEATURES + rnd] = pts / 40
        out["round"][min(v["round"], self.rounds)] = 1
        out["phase"][PHASES.index(v["phase"])] = 1
        sc = out["scalars"]
        sc[0] = v["turn"] / 10
        sc[1] = v["direction"] == "left"
        sc[2] = v["deck_size"] / self.C
        sc[3] = v["last_cards"] / n
        to_come = v["black_holes_to_come"]
        sc[4] = to_come / self.rounds if isinstance(to_come, int) else 0.0
        th = out["threshold_cards"]
        for t in v["threshold_cards"]:
            th[self.threshold[t]] = 1
        bh = out["black_holes"]
        if v["black_hole"] is not None:
            bh[self.hole[v["black_hole"]["key"]], 0] = 1
        for key in v["black_holes_played"]:
            bh[self.hole[key], 1] = 1
        if not isinstance(to_come, int):
            for h in to_come:
                bh[self.hole[h["key"]], 2] = 1
        dv = out["decision"]
        if dec is None:
            dv[len(DECISIONS)] = 1
        else:
            kind = dec["kind"]
            if kind not in DECISIONS:
                raise EncodingError(f"buccaneers: decision {kind!r} is not a registered one-seat decision")
            dv[DECISIONS.index(kind)] = 1
            if kind == "time_machine_group":
                cp[card[dec["card"]], 2] = 1
                for g in dec["groups"]:
                    if g < self.G:
                        dv[len(DECISIONS) + 1 + g] = 1

    # -- private ----------------------------------------------------------------
    def private_part(self, state: Any, seat: int) -> Any:
        v = state.view(seat)
        you = v["you"]
        dec = v["decision"]
        return {
            "hand": you["hand"], "selected": you["selected"], "facedown_toys": you["facedown_toys"],
            "last_card": you["last_card"], "gps_next_turn": you["gps_next_turn"],
            "draw": dec.get("cards") if dec is not None else None,
        }

    def fill_private(self, out: dict[str, np.ndarray], v: dict[str, Any], me: int) -> None:
        card = self.card
        cp = out["card_private"]
        you = v["you"]
        for k in you["hand"]:
            cp[card[k], 0] = 1
        if you["selected"] is not None:
            cp[card[you["selected"]], 1] = 1
        for k in you["facedown_toys"]:
            cp[card[k], 2] = 1
        for k in you["last_card"]:
            cp[card[k], 3] = 1
        dec = v["decision"]
        if dec is not None and dec.get("cards"):
            for k in dec["cards"]:
                cp[card[k], 4] = 1
        out["gps"][0] = you["gps_next_turn"]

    def fill_recall(self, out: dict[str, np.ndarray], history: Iterator[tuple[Any, Any]], me: int) -> None:
        seen = out["card_seen"]
        card = self.card
        current = None
        for state, priv in history:
            if current is None:
                current = state.round
            elif state.round != current:
                break
            turn = state.turn / 10
            for k in priv["hand"] + (priv["draw"] or []):
                i = card[k]
                if not seen[i, 0]:
                    seen[i, 0] = 1
                    seen[i, 1] = turn

