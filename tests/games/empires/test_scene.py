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


def test_the_new_choices_are_lit_where_they_belong():
    """A ship stopped in a Tractor Beam: the spaces further on and a button to end the move; the beam's
    owner: a question naming the ship and where it would go, with two buttons; a Retreat: the equally
    near planets' hexagons; a Space Port in the base game's hidden pre-round: the planet's hexagon."""
    from voidtable.engine.actions import Action
    from voidtable.games.empires.planets import Control
    from voidtable.games.empires.tasks import ChooseTarget, MoveShip, PreRound
    from voidtable.web import scenes

    from .helpers import blank, run, ship

    names = ["Ana", "Bo", "Cy", "Di"]

    def lit(s, seat):
        legal = s.legal_actions(seat)
        sc = scene.build(s.game, s.view(seat), legal, seat, names)
        assert scenes.actions_in(sc) == {scenes.action_key(a) for a in legal}   # every choice, nothing else
        hexes = next(p for p in sc["parts"] if p["kind"] == "hexmap")["hexes"]
        on_map = {scenes.action_key(Action(**c["action"])) for h in hexes for c in
                  ([h] if "action" in h else h.get("choices", [])) if "action" in c}
        return sc, on_map

    s = blank()
    s.graph = {"t0.p0": (("t0.p1", ""), ("t0.p2", "")), "t0.p1": (("t0.p0", ""),), "t0.p2": (("t0.p0", ""),)}
    s.techs[1] = ["starcruiser_hulls", "tractor_beam"]
    ship(s, 1, "starcruiser", "t0.p0")
    mover = ship(s, 0, "starfighter", "t0.p1")
    run(s, MoveShip(0, mover))                   # the one first leg (into the beam) takes itself
    sc, on_map = lit(s, 0)
    assert scenes.action_key(Action("to", "t0.p2")) in on_map and "Tractor Beam" in sc["prompt"]
    assert any(b["action"]["kind"] == "stop" for p in sc["parts"] if p["kind"] == "buttons" for b in p["buttons"])
    s.apply(0, Action("to", "t0.p2"))
    sc, on_map = lit(s, 1)
    assert "leave your Tractor Beam" in sc["prompt"] and "Starfighter of Ana" in sc["prompt"]
    assert not on_map  # permit / refuse are buttons
    # Retreat between two equally near planets: both lit on the map
    s = blank()
    s.graph = {"t0.p0": (("bindok_ii", ""), ("tan_fu", "")), "bindok_ii": (("t0.p0", ""),), "tan_fu": (("t0.p0", ""),)}
    s.control["bindok_ii"] = Control(ally=1)
    s.control["tan_fu"] = Control(ally=1)
    s.credits[1] = 1
    ship(s, 1, "starfighter", "t0.p0")
    ship(s, 0, "sunhammer", "t0.p0")
    run(s, ChooseTarget(0, "t0.p0"))             # the one target (seat 1) takes itself
    sc, on_map = lit(s, 1)
    assert on_map == {scenes.action_key(Action("retreat", p)) for p in ("bindok_ii", "tan_fu")}
    assert "retreat" in sc["prompt"]
    # the base game's hidden pre-round: the port's planet on the map, the seat's own panel shows it
    s = blank()
    s.credits[0] = 20
    s.control["core_traders"] = Control(ally=0)
    s.done = [False, True, True, True]
    run(s, PreRound())
    s.apply(0, Action("research", "space_port"))
    sc, on_map = lit(s, 0)
    assert on_map == {scenes.action_key(Action("port_at", "core_traders"))} and "space port" in sc["prompt"]
    s.apply(0, Action("port_at", "core_traders"))
    sc, _ = lit(s, 0)
    mine = next(p for p in next(x for x in sc["parts"] if x["kind"] == "players")["players"] if p["seat"] == 0)
    assert any(x["label"] == "space port" for x in mine["stats"])
    theirs = scene.build(s.game, s.view(1), [], 1, names)
    panel = next(p for p in next(x for x in theirs["parts"] if x["kind"] == "players")["players"] if p["seat"] == 0)
    assert not any(x["label"] == "space port" for x in panel["stats"])   # hidden until the reveal
