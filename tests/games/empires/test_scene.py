"""The table's picture of the galaxy: every space on its own hexagon, every line a link, whatever the tiles' turns."""

from __future__ import annotations

import random

from voidtable.games.empires import scene

from .helpers import through_setup


def test_every_space_has_its_own_hexagon_and_every_line_is_drawn():
    for players in (2, 3, 4):
        for seed in range(4):
            s = through_setup(players, seed=seed)
            for tile in s.rotation:  # any turn of any tile still draws apart
                s.rotation[tile] = random.Random(seed).randrange(6)
            view = s.view(0)
            t = scene.Table(s.game, view, 0, [f"P{q}" for q in range(players)])
            spaces = {a for a, _, _ in view["lines"]} | {b for _, b, _ in view["lines"]}
            assert spaces <= set(t.at), sorted(spaces - set(t.at))
            assert len(set(t.at.values())) == len(t.at), "two spaces drawn on one hexagon"
            part = scene.map_part(t)
            assert len(part["links"]) == len(view["lines"])
            assert {tuple(h) for h in (x["from"] for x in part["links"])} <= set(t.at.values())


def test_a_spectator_sees_no_choices_and_an_offer_only_as_being_made():
    s = through_setup(3, seed=2, options={"negotiation": "full"})
    rng = random.Random(2)
    while type(s.pending).__name__ != "MakeOffer" and not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        offers = [a for a in legal if a.kind == "offer_to"]
        s.apply(p, offers[0] if offers else rng.choice(legal))
    maker, to = s.pending.seat, s.pending.to
    other = next(q for q in range(3) if q not in (maker, to))
    s.apply(maker, next(a for a in s.legal_actions(maker) if a.kind == "offer_give"))
    mine = scene.build(s.game, s.view(maker), s.legal_actions(maker), maker, ["A", "B", "C"])
    offer = next(p for p in mine["parts"] if p["id"] == "offer")
    assert any(i["label"] == "gives" and i["value"] != "nothing" for i in offer["items"])
    theirs = scene.build(s.game, s.view(other), [], other, ["A", "B", "C"])
    offer = next(p for p in theirs["parts"] if p["id"] == "offer")
    assert [i["label"] for i in offer["items"]] == ["from", "to", "content"]
