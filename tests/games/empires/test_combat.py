"""ATTACK and battles with the book's numbers (Attack, Ship Clarifications)."""

from __future__ import annotations

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.errors import IllegalAction
from voidtable.engine.positions import pending_choices, run_until
from voidtable.games.empires.combat import fire, targets
from voidtable.games.empires.planets import Control
from voidtable.games.empires.tasks import ChooseTarget

from .helpers import attack, blank, resting, script, ship

CIRCLE = "t0.p0"  # a light circle of the centre tile: no planet


def kinds(s, seat, space):
    return sorted(sh.kind for sh in s.ships.values() if sh.owner == seat and sh.space == space)


def test_the_books_battle_example():  # T1
    s = blank()
    bob, alex = 0, 1
    ship(s, bob, "sunhammer", CIRCLE)
    ship(s, bob, "starcruiser", CIRCLE)
    ship(s, alex, "starcruiser", CIRCLE)
    sf = [ship(s, alex, "starfighter", CIRCLE) for _ in range(2)]
    rng = script(s, [2, 3, 1, 6, 1])  # Sunhammer 2,3; Starcruisers Bob 1, Alex 6; Alex's Starfighter 1
    stop = run_until(s, push=[ChooseTarget(bob, CIRCLE)])  # Alex is the only target: that choice takes itself
    # the Sunhammer rolled first: one hit; Alex picks a Starfighter before the Starcruisers roll
    assert stop.reason == "decision" and stop.pending.name == "take_casualty" and stop.pending.seats == (alex,)
    alex_cruiser = next(i for i, x in s.ships.items() if x.owner == alex and x.kind == "starcruiser")
    assert {a.arg for a in stop.pending.choices[alex]} == {alex_cruiser, sf[0]}
    s.apply(alex, Action("casualty", sf[0]))
    assert s.to_move() == [bob]
    bob_cruiser = next(i for i, x in s.ships.items() if x.owner == bob and x.kind == "starcruiser")
    s.apply(bob, Action("casualty", bob_cruiser))
    assert pending_choices(s).kind == "none" and not rng.faces  # the battle is over and nothing else ran
    assert kinds(s, bob, CIRCLE) == ["sunhammer"]
    assert kinds(s, alex, CIRCLE) == ["starcruiser", "starfighter"]


@pytest.mark.parametrize("dice, hits", [([2, 3], 1), ([3, 3], 2), ([1, 2], 0), ([6, 6], 2)])
def test_sunhammer_two_dice_hitting_on_three(dice, hits):  # T2
    s = blank()
    i = ship(s, 0, "sunhammer", CIRCLE)
    script(s, dice)
    assert fire(s, i, "attack") == hits


def test_shooting_star_pays_a_credit_to_fire():  # T3
    s = blank()
    i = ship(s, 0, "shooting_star", CIRCLE)
    s.credits[0] = 1
    rng = script(s, [4, 3, 6])
    assert fire(s, i, "attack") == 2 and s.credits[0] == 0
    rng.faces = [6, 6, 6]
    assert fire(s, i, "attack") == 0 and rng.faces == [6, 6, 6]  # no credit: holds fire, no dice


def test_moth_keeps_its_damage_between_battles():  # T4
    s = blank()
    moth = ship(s, 1, "moth", CIRCLE)
    ship(s, 0, "starfighter", CIRCLE)
    script(s, [1, 6])   # the Moth (initiative 3) misses, then the Starfighter (5) hits
    attack(s, 0, CIRCLE, 1)
    assert s.ships[moth].damage == 1 and resting(s)
    s.stack.clear()
    script(s, [1, 6])
    attack(s, 0, CIRCLE, 1)
    assert moth not in s.ships


def test_fire_bug_pre_roll_only_against_starfighters():  # T6
    s = blank()
    ship(s, 0, "firebug", CIRCLE)
    sf = [ship(s, 1, "starfighter", CIRCLE) for _ in range(2)]
    ship(s, 1, "starcruiser", CIRCLE)
    rng = script(s, [6, 1, 1, 1])  # pre-roll 6; then Starcruiser (3), Fire Bug (4), Starfighter (5) miss
    stop = run_until(s, "take_casualty", push=[ChooseTarget(0, CIRCLE)])
    # the pre-roll's hit can only land on a Starfighter: one choice (two alike ships), the Starcruiser not offered
    assert stop.reason == "stop" and stop.pending.choices == {1: (Action("casualty", sf[0]),)}
    s.apply(1, Action("casualty", sf[0]))
    assert run_until(s).reason == "dry" and not rng.faces
    assert kinds(s, 1, CIRCLE) == ["starcruiser", "starfighter"] and sf[0] not in s.ships


def test_no_pre_roll_without_starfighters():  # T6, R16
    s = blank()
    ship(s, 0, "firebug", CIRCLE)
    ship(s, 1, "starcruiser", CIRCLE)
    rng = script(s, [1, 1])  # starcruiser (3) then firebug (4): both miss; no pre-roll die used
    attack(s, 0, CIRCLE, 1)
    assert resting(s) and not rng.faces


def test_neutral_planet_falls_to_one_hit_and_never_shoots():  # T7
    s = blank()
    for _ in range(3):
        ship(s, 0, "starfighter", "pyrious")
    script(s, [1, 1, 1])
    attack(s, 0, "pyrious", "planet")
    assert s.control["pyrious"].neutral and len(kinds(s, 0, "pyrious")) == 3
    s.stack.clear()
    script(s, [1, 6, 1])
    attack(s, 0, "pyrious", "planet")
    assert s.control["pyrious"] == Control(conqueror=0)


def test_undefended_planet_is_taken_without_a_roll():  # T8
    s = blank()
    s.control["pyrious"] = Control(conqueror=1)
    ship(s, 0, "starfighter", "pyrious")
    rng = script(s, [])
    state_before = rng.state
    assert 1 in targets(s, 0, "pyrious")
    attack(s, 0, "pyrious", 1)
    s.apply(0, Action("take", "conquer"))
    assert s.control["pyrious"] == Control(conqueror=0) and rng.state == state_before
    s.control["pyrious"] = Control(conqueror=1)
    s.ships.clear()
    assert targets(s, 0, "pyrious") == []


def test_liberation_and_free_befriending():  # T9
    from .helpers import give_cards
    s = blank()
    s.control["pyrious"] = Control(conqueror=0)  # Pyrious is peaceful in our data
    ship(s, 0, "starfighter", "pyrious")
    ship(s, 1, "sunhammer", "pyrious")
    give_cards(s, 1, "peaceful", 1)
    rng = script(s, [6, 6])
    attack(s, 1, "pyrious", 0)
    assert s.legal_actions(1) == [Action("take", "conquer"), Action("take", "liberate"), Action("leave", None)]
    s.apply(1, Action("take", "liberate"))
    assert s.control["pyrious"].neutral
    s.apply(1, Action("befriend_now", None))
    assert s.control["pyrious"] == Control(ally=1) and not s.hands[1] and not rng.faces


def test_no_liberation_of_an_allied_planet():  # T10
    s = blank()
    s.control["pyrious"] = Control(ally=2, conqueror=0)
    ship(s, 0, "starfighter", "pyrious")
    ship(s, 1, "sunhammer", "pyrious")
    script(s, [6, 6])
    attack(s, 1, "pyrious", 0)
    assert s.legal_actions(1) == [Action("take", "conquer"), Action("leave", None)]
    with pytest.raises(IllegalAction):
        s.apply(1, Action("take", "liberate"))
    s.apply(1, Action("take", "conquer"))
    assert s.control["pyrious"] == Control(ally=2, conqueror=1)


def test_infestation_needs_two_hits_in_one_action():  # T25 (removal)
    s = blank()
    s.control["pyrious"] = Control(infester=2)
    ship(s, 0, "starfighter", "pyrious")
    ship(s, 0, "starfighter", "pyrious")
    script(s, [6, 1])
    attack(s, 0, "pyrious", "infestation")
    assert s.control["pyrious"].infester == 2
    s.stack.clear()
    script(s, [6, 6])
    attack(s, 0, "pyrious", "infestation")
    assert s.control["pyrious"].infester == -1


def test_shooting_star_owner_chooses_to_pay_or_hold_fire():  # T3, R17
    s = blank()
    star = ship(s, 0, "shooting_star", CIRCLE)
    ship(s, 1, "starcruiser", CIRCLE)
    s.credits[0] = 3
    rng = script(s, [1])                 # the Starcruiser (initiative 3) misses
    attack(s, 0, CIRCLE, 1)
    assert s.to_move() == [0]            # level 2: the Shooting Star's owner decides
    assert s.legal_actions(0) == [Action("pay_shooting_star", None), Action("hold_fire", None)]
    s.apply(0, Action("hold_fire", None))
    assert resting(s) and s.credits[0] == 3 and not rng.faces and star in s.ships
    s.stack.clear()
    script(s, [6, 6, 6, 1])              # pays: three dice, then nothing left to hit at level 3
    attack(s, 0, CIRCLE, 1)
    s.apply(0, Action("pay_shooting_star", None))
    assert s.credits[0] == 2 and not [x for x in s.ships.values() if x.owner == 1]
