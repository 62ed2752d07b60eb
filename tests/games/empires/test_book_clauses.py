"""Four clauses of the book the engine once read otherwise (issue 25, items 1-4; rules version 4), each as a
position, the actions and the outcome the book requires: passing a Tractor Beam with its owner's leave, a
Retreat between two equally near planets, infesting a home world, and a Space Port taking a ship in the
pre-round that researched it (base game, choices hidden until the reveal). Positions are built with
engine.positions, so a choice with one option is seen, not applied unseen."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, pending_choices, run_until
from voidtable.games.empires import text
from voidtable.games.empires.events import TractorBeamAnswered
from voidtable.games.empires.planets import Control
from voidtable.games.empires.tasks import ChooseAction, ChooseTarget, PreRound

from .helpers import blank, script, ship

# d - a - b - c: from a, a Starfighter (move 2) may go to d or b, and on to c only through b
LINE = {"a": (("b", ""), ("d", "")), "b": (("a", ""), ("c", "")), "c": (("b", ""),), "d": (("a", ""),)}
NAMES = ["Ana", "Bo", "Cy", "Di"]


def choices(s, seat):
    return list(pending_choices(s).choices[seat])


def test_a_ship_passes_a_tractor_beam_in_one_move_with_its_owners_leave():
    """Book, Tractor Beam: an opponent may not move ships away from the beam ship's space without the
    owner's permission, and this holds for a ship only passing through. So with permission the passing
    ship goes on within the same MOVE; without it, it stays in the beam's space and the action is spent."""
    s = blank()
    edit(s, graph=dict(LINE), techs=[[], ["starcruiser_hulls", "tractor_beam"], [], []])
    ship(s, 1, "starcruiser", "b")
    passer, refused, stopper = (ship(s, 0, "starfighter", "a") for _ in range(3))   # move 2: a -> b -> c
    run_until(s, push=[ChooseAction(0, 3)])
    s.apply(0, Action("move", passer))
    assert choices(s, 0) == [Action("to", "b"), Action("to", "d")]   # c lies beyond the beam
    s.apply(0, Action("to", "b"))                       # into the beam's space, one step left
    assert pending_choices(s).name == "move_ship"
    assert choices(s, 0) == [Action("to", "a"), Action("to", "c"), Action("stop", None)]
    s.apply(0, Action("to", "c"))                       # the mover asks to go on to c
    stop = pending_choices(s)
    assert stop.name == "tractor_permission" and stop.choices == {1: (Action("permit", None), Action("refuse", None))}
    asked = s.view(2)["decision"]                       # the question is public: whose ship, where to
    assert (asked["mover"], asked["ship"], asked["to"]) == (0, passer, "c")
    s.apply(1, Action("permit", None))
    assert s.ships[passer].space == "c" and s.pending == ChooseAction(0, 2)   # one MOVE, one action
    # refused: the ship stays in the beam's space, and that MOVE is spent
    s.apply(0, Action("move", refused))
    s.apply(0, Action("to", "b"))
    s.apply(0, Action("to", "c"))
    events = s.apply(1, Action("refuse", None))
    assert s.ships[refused].space == "b" and s.pending == ChooseAction(0, 1)
    said = [text.describe_event(s.game, e, NAMES) for e in events if isinstance(e, TractorBeamAnswered)]
    assert said and "Bo" in said[0] and "Starfighter of Ana" in said[0]
    # a ship that ends its move in the beam's space asks nobody
    s.apply(0, Action("move", stopper))
    s.apply(0, Action("to", "b"))
    events = s.apply(0, Action("stop", None))
    assert s.ships[stopper].space == "b" and not [e for e in events if isinstance(e, TractorBeamAnswered)]


def test_a_retreat_between_two_equally_near_planets_is_the_retreating_players_choice():
    """Book, Bindok II: the retreating player takes his ships to the nearest planet he controls, and
    chooses one when two are equally near (never the engine, never by name)."""
    s = blank()
    edit(s, graph={"t0.p0": (("bindok_ii", ""), ("tan_fu", "")), "bindok_ii": (("t0.p0", ""),),
                   "tan_fu": (("t0.p0", ""),)},
         control={**s.control, "bindok_ii": Control(ally=1), "tan_fu": Control(ally=1)},   # both one step away
         credits=[0, 1, 0, 0])
    fleet = [ship(s, 1, "starfighter", "t0.p0"), ship(s, 1, "starfighter", "t0.p0")]
    ship(s, 0, "sunhammer", "t0.p0")
    rng = script(s, [])
    stop = run_until(s, push=[ChooseTarget(0, "t0.p0")])   # seat 1 is the one target: that choice takes itself
    assert stop.pending.name == "retreat_choice"
    assert stop.pending.choices == {1: (Action("retreat", "bindok_ii"), Action("retreat", "tan_fu"), Action("stay", None))}
    assert text.describe_action(s.game, Action("retreat", "tan_fu")) == "retreat to Tan Fu"
    s.apply(1, Action("retreat", "tan_fu"))     # the one a choice by name would not have made
    assert {s.ships[i].space for i in fleet} == {"tan_fu"} and s.credits[1] == 0
    assert not rng.faces and pending_choices(s).kind == "none"   # no die rolled, nothing else pending


def test_the_sreech_may_infest_another_players_home_world():
    """Book, Parasites of Sreech: an Infestor may infest planets that are neutral or controlled by other
    players; a home world is a planet its owner controls, so it may be infested (3 or more on one die)."""
    s = blank()
    edit(s, race=["parasites_of_sreech", *s.race[1:]])
    ship(s, 0, "infestor", "home1")
    run_until(s, push=[ChooseAction(0, 3)])
    assert Action("infest", "home1") in choices(s, 0)
    script(s, [3])
    s.apply(0, Action("infest", "home1"))
    assert s.control["home1"] == Control(ally=1, infester=0)   # its owner still controls it
    assert Action("infest", "home1") not in choices(s, 0)     # infested already


def test_a_space_port_researched_in_the_hidden_pre_round_takes_a_ship_built_in_it():
    """Book: the pre-round's research and building happen in any order, and a Space Port, once
    researched, goes at once on a planet one controls and may take one new ship a round. So in the base
    game (choices hidden until everyone is done) a port researched this pre-round takes a ship built in
    it; the other seats learn of the port only at the reveal."""
    s = blank()
    edit(s, order=(0, 1, 2, 3), credits=[20, 0, 0, 0], done=[False, True, True, True],
         control={**s.control, "core_traders": Control(ally=0)})   # metals, and a planet for the port
    run_until(s, push=[PreRound()])
    s.apply(0, Action("research", "space_port"))
    stop = pending_choices(s)
    assert stop.kind == "simultaneous" and stop.choices == {0: (Action("port_at", "core_traders"),)}  # placed at once
    s.apply(0, Action("port_at", "core_traders"))
    assert Action("build_at_port", "starfighter") in choices(s, 0)
    s.apply(0, Action("build_at_port", "starfighter"))
    assert Action("build_at_port", "starfighter") not in choices(s, 0)  # one a round
    assert "port_at:core_traders" in s.view(0)["pre_round"]["mine"]      # known to its seat
    assert s.view(1)["pre_round"]["mine"] == [] and s.view(1)["ports"][0] == ""   # hidden from the others
    s.apply(0, Action("build", "starfighter"))
    s.apply(0, Action("build_done", None))
    assert s.ports[0] == "core_traders" and "space_port" in s.techs[0]
    assert sorted(x.space for x in s.ships.values() if x.owner == 0) == ["core_traders", "home0"]
