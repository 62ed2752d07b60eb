"""Event cards: every kind has an effect; the lasting ones (Worm Hole, Pirates, Distress Call, Grant, Storm)."""

from __future__ import annotations

from voidtable.games.empires import data, rounds
from voidtable.games.empires.movement import destinations
from voidtable.games.empires.planets import Control, benefits
from voidtable.games.empires.preround import research_cost
from voidtable.games.empires.tasks import MoveShip

from .helpers import attack, blank, run, script, ship


def test_every_event_kind_has_an_effect():
    assert set(rounds.EFFECTS) == set(data.EVENT_KINDS)


def test_worm_hole_joins_a_home_and_pyrious():
    s = blank()
    script(s, [3])  # seat 2's home (a d4 face 3)
    rounds.worm_hole(s, "", 0)
    assert s.wormholes == [("home2", "pyrious")]
    assert "pyrious" in dict(s.graph["home2"])
    f = ship(s, 2, "starfighter", "home2")
    assert "pyrious" in destinations(s, f)


def test_pirates_take_the_credits_and_block_diplomacy_until_hit():
    s = blank()
    s.tokens["tan_fu"] = "pirates"
    s.control["tan_fu"] = Control(conqueror=0)
    assert benefits(s, 0).credits == 0
    s.control["tan_fu"] = Control()
    ship(s, 0, "diplomat", "tan_fu")
    from .helpers import give_cards
    from voidtable.games.empires.turn import diplomacy_options
    give_cards(s, 0, "mysterious", 1)
    assert diplomacy_options(s, 0) == []
    ship(s, 0, "starfighter", "tan_fu")
    s.credits[0] = 0
    script(s, [6])
    attack(s, 0, "tan_fu", "pirates")
    assert "tan_fu" not in s.tokens and s.credits[0] == 2 and s.control["tan_fu"].neutral
    assert diplomacy_options(s, 0) == [("tan_fu", 1)]


def test_distress_call_rewards_the_first_arrival():
    s = blank()
    s.graph = {"a": (("tan_fu", ""),), "tan_fu": (("a", ""),)}
    s.tokens["tan_fu"] = "distress_call"
    f = ship(s, 1, "starfighter", "a")
    run(s, MoveShip(1, f))
    assert s.ships[f].space == "tan_fu" and "tan_fu" not in s.tokens and len(s.hands[1]) == 2



def test_research_grant_and_ion_storm():
    s = blank()
    s.race[0] = "mystics_of_siri"
    rounds.research_grant(s, "", 2)
    assert research_cost(s, 0, "sunhammer_forge") == 3
    from voidtable.games.empires.preround import do_research
    do_research(s, 0, "starcruiser_hulls")
    assert research_cost(s, 0, "sunhammer_forge") == 5
    s.round = 4
    rounds.ion_storm(s, "", 0)
    s.graph = {"a": (("pyrious", ""), ("b", "")), "pyrious": (("a", ""),), "b": (("a", ""),)}
    f = ship(s, 0, "starfighter", "a")
    assert destinations(s, f) == ["b"]
    s.round = 5
    assert destinations(s, f) == ["b", "pyrious"]
