"""Ship, technology and race abilities: Diplomat carrying and Docking Bay, Retreat, Mind Control, Narkani, tokens."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.empires.combat import retreat_to
from voidtable.games.empires.events import NewEarth, Researched
from voidtable.games.empires.movement import passengers
from voidtable.games.empires.planets import Control, has_token
from voidtable.games.empires.tasks import ChooseAction, MoveShip

from .helpers import attack, blank, resting, run, script, ship

LINE = {"a": (("b", ""),), "b": (("a", ""), ("c", "")), "c": (("b", ""),)}


def test_diplomat_carries_one_initiative_4_or_5_ship():  # T28
    s = blank()
    s.graph = dict(LINE)
    d = ship(s, 0, "diplomat", "a")
    sf = ship(s, 0, "starfighter", "a")
    sh = ship(s, 0, "sunhammer", "a")
    assert passengers(s, d, ()) == [sf]          # the Sunhammer (initiative 1) may not ride
    assert passengers(s, d, (sf,)) == []         # one passenger only
    run(s, MoveShip(0, d))
    s.apply(0, Action("carry", sf))
    s.apply(0, Action("to", "c"))
    assert s.ships[d].space == s.ships[sf].space == "c" and s.ships[sh].space == "a"


def test_docking_bay_four_more_starfighters():  # T28
    s = blank()
    s.graph = dict(LINE)
    s.techs[0].append("docking_bay")
    d = ship(s, 0, "diplomat", "a")
    fighters = [ship(s, 0, "starfighter", "a") for _ in range(6)]
    ship(s, 0, "centipede", "a")
    carried: tuple[int, ...] = ()
    for _ in range(5):
        options = passengers(s, d, carried)
        pick = next(i for i in options if s.ships[i].kind == "starfighter")
        carried = (*carried, pick)
    assert len(carried) == 5 and set(carried) <= set(fighters)
    assert passengers(s, d, carried) == []       # a 6th does not fit
    # one non-Starfighter of initiative 4-5 may take the first place
    cent = next(i for i, x in s.ships.items() if x.kind == "centipede")
    assert cent in passengers(s, d, carried[:4])
    assert cent not in passengers(s, d, (cent,)) and passengers(s, d, (cent,))


def test_retreat_pays_a_credit_and_no_die_is_rolled():  # T26
    s = blank()
    s.control["bindok_ii"] = Control(ally=1)
    ship(s, 1, "starfighter", "t0.p0")
    ship(s, 1, "starfighter", "t0.p0")
    ship(s, 0, "sunhammer", "t0.p0")
    s.credits[1] = 1
    rng = script(s, [])
    before = rng.state
    [dest] = retreat_to(s, 1, "t0.p0")      # one nearest planet here (equal distances: test_book_clauses.py)
    assert dest in ("bindok_ii", "home1")
    attack(s, 0, "t0.p0", 1)
    assert s.to_move() == [1] and s.legal_actions(1) == [Action("retreat", dest), Action("stay", None)]
    s.apply(1, Action("retreat", dest))
    assert s.credits[1] == 0 and rng.state == before and resting(s)
    assert {x.space for x in s.ships.values() if x.owner == 1} == {dest}
    # without a credit, no Retreat is offered
    s.stack.clear()
    for i, x in list(s.ships.items()):
        if x.owner == 1:
            s.ships[i] = x._replace(space="t0.p0")
    script(s, [1, 1, 1, 1])
    attack(s, 0, "t0.p0", 1)
    assert resting(s)


def test_mind_control_once_a_turn():  # T27
    s = blank()
    s.race[0] = "mystics_of_siri"
    s.graph = dict(LINE)
    ship(s, 0, "starfighter", "a")
    enemy = ship(s, 1, "starfighter", "a")
    ship(s, 1, "starfighter", "a")
    run(s, ChooseAction(0, 3))
    assert Action("mind_control", enemy) in s.legal_actions(0)
    s.apply(0, Action("mind_control", enemy))
    s.apply(0, Action("to", "c"))
    assert s.ships[enemy].space == "c" and s.pending == ChooseAction(0, 2)
    assert not [a for a in s.legal_actions(0) if a.kind == "mind_control"]


def test_narkani_buys_a_move_with_two_credits():
    s = blank()
    s.race[0] = "narkani_alliance"
    s.graph = dict(LINE)
    f = ship(s, 0, "starfighter", "a")
    s.credits[0] = 2
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("extra_move", None))
    assert s.pending == MoveShip(0, f)  # the only ship: picked by itself
    s.apply(0, Action("to", "c"))
    assert s.ships[f].space == "c" and s.credits[0] == 0
    assert s.pending == ChooseAction(0, 3)
    assert Action("extra_move", None) not in s.legal_actions(0)


def test_eleven_tokens_cap_the_planets():  # R37
    s = blank()
    planets = [p for p in s.r.planet_keys][:11]
    for p in planets:
        s.control[p] = Control(conqueror=0)
    assert not has_token(s, 0)
    rest = [p for p in s.r.planet_keys if p not in planets][0]
    for _ in range(2):
        ship(s, 0, "starfighter", rest)
    script(s, [6, 6])
    attack(s, 0, rest, "planet")
    assert s.control[rest].neutral


def test_warp_gate_moves_every_ship_for_two_actions():  # T29
    s = blank()
    s.graph = dict(LINE)
    s.techs[0] = ["centipede_drives", "advanced_engines", "warp_gate"]
    d = ship(s, 0, "diplomat", "a")
    f = ship(s, 0, "starfighter", "a")
    h = ship(s, 0, "sunhammer", "b")
    run(s, ChooseAction(0, 1))
    assert Action("move_all", None) not in s.legal_actions(0)    # one action left: not enough
    s.stack.clear()
    run(s, ChooseAction(0, 2))
    s.apply(0, Action("move_all", None))
    s.apply(0, Action("move", d))
    s.apply(0, Action("carry", f))
    s.apply(0, Action("to", "c"))
    legal = s.legal_actions(0)
    assert Action("move", f) not in legal and Action("move", d) not in legal  # the carried ship rode only
    s.apply(0, Action("move", h))
    s.apply(0, Action("to", "a"))
    assert resting(s)  # nothing left to move: the move-all ended by itself
    assert (s.ships[d].space, s.ships[f].space, s.ships[h].space) == ("c", "c", "a")


def test_tractor_beam_holds_ships_and_stops_passers():  # clause 111
    s = blank()
    s.graph = dict(LINE)
    s.techs[1] = ["starcruiser_hulls", "tractor_beam"]
    ship(s, 1, "starcruiser", "b")
    passer = ship(s, 0, "starfighter", "a")
    from voidtable.games.empires.movement import destinations
    assert destinations(s, passer) == ["b"]            # a leg ends in the beam's space (passing: test_book_clauses.py)
    held = ship(s, 0, "starfighter", "b")
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("move", held))
    s.apply(0, Action("to", "c"))                      # the mover names where; then the beam's owner is asked
    assert s.to_move() == [1] and s.legal_actions(1) == [Action("permit", None), Action("refuse", None)]
    s.apply(1, Action("refuse", None))
    assert s.ships[held].space == "b" and s.pending == ChooseAction(0, 2)   # the action is spent
    s.apply(0, Action("move", held))
    s.apply(0, Action("to", "c"))
    s.apply(1, Action("permit", None))
    assert s.ships[held].space == "c" and s.pending == ChooseAction(0, 1)


def test_terraforming_replaces_earth_with_new_earth():
    """Book: the Nomads of Earth get Terraforming, and researching it swaps their Earth for New Earth.
    The home world stays (ships, builds, who holds it); it is New Earth from then on,
    and whatever reads a planet reads New Earth's card: income, scoring, a conqueror's share, words, the
    scene, the view and the tensors."""
    from voidtable.games.empires import SPEC, scoring, text
    from voidtable.games.empires.planets import benefits
    from voidtable.games.empires.tasks import EndTurn, PreRoundTurn
    from voidtable.games.empires.turn import income

    s = blank(4, options={"advanced": True})
    s.race = ["nomads_of_earth", "collective_5", "academy_of_eegh", "narkani_alliance"]
    card = s.r.data.new_earth
    assert card.name == "New Earth"
    v = s.view(0)
    assert v["new_earth"] == "" and "(Earth)" in text.render(s.game, v)
    before_income, before_vp = income(s, 0), benefits(s, 0).vp
    s.credits[0] = 20
    run(s, PreRoundTurn(0))
    events = s.apply(0, Action("research", "terraforming"))      # the research replaces Earth at once
    assert s.new_earth == "home0"
    assert [type(e) for e in events][:2] == [Researched, NewEarth]
    assert income(s, 0) == before_income + card.credits
    assert benefits(s, 0).vp == before_vp + card.vp
    s.vp[0] = 0
    scoring.score(s, "A")
    assert s.vp[0] == card.vp + s.r.tech("terraforming").vp
    v = s.view(1)
    assert v["new_earth"] == "home0"
    board = text.render(s.game, v)
    assert "(New Earth)" in board and "(Earth)" not in board
    assert text.space_name(s.game, v, "home0") == "New Earth, the home world of Nomads of Earth"
    assert text.describe_event(s.game, NewEarth(0, "home0"), ["Ana"]) \
        == "Ana terraforms: Earth is replaced with New Earth"
    assert SPEC.hooks.scene is not None
    parts = SPEC.hooks.scene.build(s.game, v, [], 1, ["Ana", "Bo", "Cy", "Di"])["parts"]
    galaxy = next(p for p in parts if p["id"] == "galaxy")
    assert any(h.get("name") == "New Earth" for h in galaxy["hexes"])
    assert SPEC.hooks.interop is not None
    enc = SPEC.hooks.interop.encoder(s.game)
    flat = enc.public.zeros()
    out = enc.public.views(flat)
    enc.fill_public(out, v, 1)
    assert out["new_earth"].sum() == 1 and out["new_earth"][enc.planets["home0"]] == 1
    # conquered by another: he has the home bonus and New Earth's VP and credits; its owner keeps his board's income
    s.control["home0"] = Control(ally=0, conqueror=1)
    b1 = benefits(s, 1)
    assert (b1.vp, b1.credits) == (s.r.g.home_bonus_vp + card.vp, card.credits)
    assert income(s, 0) == s.r.race("nomads_of_earth").credits
    run(s, EndTurn(1))


def test_new_earth_is_rules_data():
    """New Earth's card is a value like any other: ``--set new_earth.vp=3`` scores 3."""
    from voidtable.games.empires.planets import benefits, terraform

    s = blank(2, options={"new_earth.vp": 3})
    terraform(s, 1)
    assert benefits(s, 1).vp == 3 and benefits(s, 0).vp == 0
