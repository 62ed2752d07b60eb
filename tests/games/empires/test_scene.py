"""The table's picture of the galaxy: every space on its own hexagon, every line a link, whatever the tiles' turns."""

from __future__ import annotations

import random
import re

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


# ---------------------------------------------------------------- the map shows places as the words name them (issue 28)

def _hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def test_every_place_is_named_as_the_map_shows_it():
    """Each tile is one outlined region labelled with the name the words use and where it lies; a light circle
    or asteroid space named "circle 3 of the Tan Fu tile" shows 3 and lies in the region labelled "Tan Fu tile";
    a middle circle is its tile's middle; a planet shows its name; a home world is in its owner's colour; no
    word names a tile by a number."""
    from voidtable.games.empires import text

    for players in (2, 3, 4):
        for seed in range(3):
            s = through_setup(players, seed=seed)
            for tile in s.rotation:  # any turn of any tile
                s.rotation[tile] = random.Random(seed + 7).randrange(6) if tile != s.game.rules.centre else 0
            view = s.view(0)
            part = scene.map_part(scene.Table(s.game, view, 0, [f"P{q}" for q in range(players)]))
            regions = {g["label"]: g for g in part["regions"]}
            assert len(regions) == len(view["tiles"]) == (4 if players == 2 else 7)
            assert {g["sub"] for g in part["regions"]} >= {"centre"}
            for h in part["hexes"]:
                where, hint = (h["q"], h["r"]), h["hint"]
                assert not re.search(r"\btile \d|\bhome \d", hint, re.I), hint
                numbered = re.fullmatch(r"(?:circle|asteroid space) (\d) of the (.+ tile)", hint)
                middle = re.fullmatch(r"the middle circle of the (.+ tile)", hint)
                if numbered:
                    region = regions[numbered.group(2)]
                    assert h["name"] == numbered.group(1), h
                    assert _hex_distance(where, region["at"]) <= region["radius"], h
                    assert not any(_hex_distance(where, g["at"]) <= g["radius"] for g in regions.values() if g is not region)
                elif middle:
                    assert list(where) == regions[middle.group(1)]["at"], h
                elif hint.startswith(("the home world of", "Earth,")) or ", the home world of" in hint:
                    owner = int(re.search(r"P(\d)", hint).group(1))
                    assert h["seat"] == owner and h["fill"] == "home", h
                elif h["fill"] == "covered":  # a planet covered at setup (3 players)
                    assert hint == f"{h['name']} (covered at setup: an empty space)", h
                else:
                    assert h["name"] == hint and h["fill"] in ("planet", "pyrious"), h
            # the tiles lie where the words say: the east tile's region due east of the centre's
            for g in part["regions"]:
                tv = next(t for t in view["tiles"] if text.tile_label(s.game, t["tile"]) == g["label"])
                assert g["sub"] == text.direction(tv["hex"])
                assert g["at"] == [scene.TILE_STEP * tv["hex"][0], scene.TILE_STEP * tv["hex"][1]]


def test_ships_are_tokens_in_their_owners_colour_with_their_kind_in_the_legend():
    from .helpers import blank, ship

    s = blank(3)
    s.graph = {"t0.p0": (), "pyrious": ()}
    for _ in range(3):
        ship(s, 1, "starfighter", "pyrious")
    ship(s, 1, "starfighter", "pyrious", damage=1)
    ship(s, 2, "diplomat", "pyrious")
    part = scene.map_part(scene.Table(s.game, s.view(0), 0, ["Ana", "Bo", "Cy"]))
    ships = [p for p in part["pieces"] if p["id"].startswith("ships-")]
    key = dict(item["label"].split(" = ") for item in part["legend"] if " = " in item["label"])
    by = {(p["seat"], p.get("count", 1), p.get("mark")): p for p in ships}
    assert set(by) == {(1, 3, None), (1, 1, "damaged"), (2, 1, None)}
    assert key[by[(1, 3, None)]["label"]] == "Starfighter" and by[(1, 3, None)]["title"] == "3 Starfighters of Bo"
    assert by[(1, 1, "damaged")]["title"] == "1 Starfighter of Bo, damaged"
    assert key[by[(2, 1, None)]["label"]] == "Diplomat" and "of Cy" in by[(2, 1, None)]["title"]


def test_turning_a_tile_names_it_as_the_map_labels_it():
    from voidtable.engine.actions import Action
    from voidtable.games.empires import text

    s = through_setup(4, seed=1)
    view = s.view(0)
    t = scene.Table(s.game, view, 0, ["Ana", "Bo", "Cy", "Di"])
    tv = next(x for x in view["tiles"] if tuple(x["hex"]) != (0, 0))
    label = t.label(Action("rotate", (tuple(tv["hex"]), 2)))
    assert label == f"turn the {text.tile_label(s.game, tv['tile'])} ({text.direction(tv['hex'])}) two sixths round"


def test_only_planets_covered_at_setup_are_drawn_covered_and_as_empty_spaces():
    """Book, 3-player setup: each player covers one planet of the tile to the right of their home world with a spare
    home world token, and that space counts as an empty space. Before the planets come into play (while races are
    chosen) no planet is covered; the scene used to write "covered" under every planet until setup ended."""
    from .helpers import fresh

    names = ["Ana", "Bo", "Cy"]
    s = fresh(3, seed=3)
    assert s.round == 0 and not s.view(0)["covered"]
    part = scene.map_part(scene.Table(s.game, s.view(0), 0, names))
    planets = [h for h in part["hexes"] if h.get("fill") in ("planet", "pyrious", "covered")]
    assert planets and all(h["fill"] != "covered" and "covered" not in h["hint"] and not h.get("sub") for h in planets)
    assert not any(item.get("fill") == "covered" for item in part["legend"])

    s = through_setup(3, seed=3)
    view = s.view(0)
    assert len(view["covered"]) == 3
    t = scene.Table(s.game, view, 0, names)
    part = scene.map_part(t)
    drawn = {(h["q"], h["r"]): h for h in part["hexes"]}
    covered = {key for key in s.r.data.planets if key in t.at and drawn[t.at[key]]["fill"] == "covered"}
    assert covered == set(view["covered"])
    for key in covered:
        h = drawn[t.at[key]]
        assert h["name"] == s.r.planet(key).name and h["hint"].endswith("(covered at setup: an empty space)")
        assert not any(p["at"]["hex"] == list(t.at[key]) for p in part["pieces"])  # nobody holds an empty space
    assert {"label": "covered planet (an empty space)", "fill": "covered"} in part["legend"]


def test_a_planets_holder_infester_and_event_token_are_square_markers_on_it():
    """What lies on a planet is drawn as markers on its hexagon, as the tokens lie on the board: its holder's
    (A allied, C conquered) and its infester's (I) in their colours, an event token (P Pirates, D Distress Call)
    grey. They were words under the planet, wider than the foot of its hexagon (over the next spaces' names)."""
    from voidtable.games.empires.planets import Control

    from .helpers import blank

    s = blank(3)
    first, second = [k for k in s.r.planet_keys if k in s.control and not k.startswith("home")][:2]
    s.control[first] = Control(ally=0, infester=2)
    s.control[second] = Control(ally=1, conqueror=2)
    s.tokens[first] = "pirates"
    s.tokens[second] = "distress_call"
    t = scene.Table(s.game, s.view(0), 0, ["Ana", "Bo", "Cy"])
    part = scene.map_part(t)
    assert not any(h.get("sub") for h in part["hexes"])

    def markers(key: str) -> set[tuple[str, int | None, str]]:
        return {(p["label"], p["seat"], p["title"]) for p in part["pieces"]
                if p["at"]["hex"] == list(t.at[key]) and p.get("shape") == "square"}

    one, two = s.r.planet(first).name, s.r.planet(second).name
    assert markers(first) == {("A", 0, f"{one}: allied with Ana"), ("I", 2, f"{one}: infested by Cy"),
                              ("P", None, f"{one}: Pirates token")}
    assert markers(second) == {("C", 2, f"{two}: conquered by Cy"), ("D", None, f"{two}: Distress Call token")}
    assert any("I infested" in item["label"] and "P Pirates" in item["label"] for item in part["legend"])


def test_the_event_deck_names_each_drawn_card_as_the_log_did():
    """The deck's title lists the cards drawn so far as the log named them when drawn: a score card by its letter
    (it read "card A, round 5." before the events were records), an event card by its printed name."""
    from voidtable.engine.rng import Rng
    from voidtable.games.empires import text
    from voidtable.games.empires.events import EventDrawn

    s = through_setup(2, seed=4)
    rng, said = Rng(4), []
    while "A" not in s.revealed:
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        said += [text.describe_event(s.game, e) for e in s.apply(p, legal[rng.below(len(legal))])
                 if isinstance(e, EventDrawn)]
    part = scene.events_part(scene.Table(s.game, s.view(0), 0, ["A", "B"]))
    drawn = part["title"].split("drawn: ", 1)[1].rstrip(")").split("; ")
    assert drawn == [x.split(": ", 1)[1] for x in said] and drawn[-1] == "score card A"
    assert len(drawn) == len(s.revealed) == 5
