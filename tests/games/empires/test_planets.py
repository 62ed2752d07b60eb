"""Planets as a state machine: every state, the transitions, and what each gives (one place: benefits)."""

from __future__ import annotations

from voidtable.games.empires.planets import Control, ally_with, benefits, infest, liberate, may_liberate, take_control

from .helpers import blank

P = "tan_fu"  # mysterious, gas, ability: a larger hand (our data)


def test_states():
    assert Control().state_name() == "neutral" and Control().neutral
    assert Control(conqueror=1).state_name() == "conquered"
    assert Control(ally=1).state_name() == "allied"
    assert Control(ally=1, conqueror=2).state_name() == "allied_conquered"
    assert Control(ally=1, conqueror=2).controller == 2
    assert Control(infester=3).neutral  # an infestation alone leaves a planet neutral


def test_transitions_and_what_they_give():
    s = blank()
    planet = s.r.planet(P)
    ally_with(s, 0, P)                                   # neutral -> allied
    b = benefits(s, 0)
    assert (b.credits, b.vp, b.influence, b.trade_goods, b.abilities, b.planets) == \
        (planet.credits, planet.vp, planet.influence, {"gas"}, {"hand_limit"}, 1)
    take_control(s, 1, P)                                # allied -> allied but conquered by another
    assert s.control[P] == Control(ally=0, conqueror=1) and not may_liberate(s.control[P])
    b1 = benefits(s, 1)
    assert (b1.credits, b1.vp, b1.influence, b1.abilities) == (planet.credits, planet.vp, 0, frozenset())
    assert benefits(s, 0).planets == 0
    take_control(s, 2, P)                                # a new conqueror replaces the old one
    assert s.control[P] == Control(ally=0, conqueror=2)
    take_control(s, 0, P)                                # the ally is back: everything at once
    assert s.control[P] == Control(ally=0) and benefits(s, 0).abilities == {"hand_limit"}
    s.control[P] = Control(conqueror=1)
    assert may_liberate(s.control[P])
    liberate(s, 2, P)                                    # conquered -> neutral
    assert s.control[P].neutral


def test_infestation_lives_through_conquest_and_ends_when_sreech_takes_it():  # clauses 120-124
    s = blank()
    infest(s, 3, P)
    assert benefits(s, 3).abilities == {"hand_limit"} and benefits(s, 3).vp == 0 and benefits(s, 3).credits == 0
    ally_with(s, 0, P)
    assert benefits(s, 0).abilities == {"hand_limit"} and benefits(s, 3).abilities == {"hand_limit"}  # both have it
    take_control(s, 1, P)
    assert s.control[P].infester == 3                    # another's conquest leaves it infested
    take_control(s, 3, P)
    assert s.control[P] == Control(ally=0, conqueror=3)  # Sreech took it: no longer infested


def test_a_planet_ship_needs_the_alliance():
    s = blank()
    s.control["moth_world"] = Control(conqueror=0)
    assert "moth" not in benefits(s, 0).ships
    s.control["moth_world"] = Control(ally=0)
    assert benefits(s, 0).ships == {"moth"}
    s.control["moth_world"] = Control(ally=1, infester=0)
    assert "moth" in benefits(s, 0).ships and "moth" in benefits(s, 1).ships
