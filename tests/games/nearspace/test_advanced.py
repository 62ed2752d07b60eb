"""The advanced rules our copy names but does not print, as options with assumed numbers, and class powers as data."""

from __future__ import annotations

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die
from voidtable.engine.errors import OptionError
from voidtable.games.nearspace.combat import attack_roll
from voidtable.games.nearspace.economy import figure_construction_points
from voidtable.games.nearspace.events import BuildDone, ConstructionPoints, TurnEnded
from voidtable.games.nearspace.movement import move_cost
from voidtable.games.nearspace.shipyard import build, build_legal
from voidtable.games.nearspace.tasks import Build, EndTurn, EngineDice, FigureCP
from voidtable.games.nearspace.turn import end_turn, engine_dice

from .helpers import ScriptedRng, blank, load, ship

HW = (2, -4)  # seat 0's Homeworld
ADVANCED = {"banking_cp": True, "engine_storage": True, "engine_charging": True}


def test_without_the_options_unspent_cp_and_e_are_lost_and_there_is_no_charging():
    s = blank()
    s.cp = 4
    assert Action("charge") not in build_legal(s, Build(0))
    build(s, Build(0), Action("build_done"))
    assert s.bank == [0, 0] and s.take_events()[-1] == BuildDone(0, 4, 0)
    s.e = 7
    end_turn(s, EndTurn(0))
    assert s.stored_e[0] == 0


def test_banking_cp_keeps_up_to_the_limit_into_the_next_turn():
    s = blank(options={"banking_cp": True})
    s.cp = 7
    build(s, Build(0), Action("build_done"))
    assert s.take_events()[-1] == BuildDone(0, 2, 5)
    assert s.bank[0] == 5
    figure_construction_points(s, FigureCP(0))
    cp = s.take_events()[-1]
    assert isinstance(cp, ConstructionPoints) and cp.banked == 5 and s.cp == cp.cp and s.bank[0] == 0
    assert s.cp == 5 + 5  # Terra's 5 CP (presence at the own Homeworld) and the bank


def test_engine_storage_keeps_unused_e_for_the_next_roll():
    s = blank(options={"engine_storage": True})
    s.e = 13
    end_turn(s, EndTurn(0))
    assert s.stored_e[0] == 10 and [e for e in s.take_events() if isinstance(e, TurnEnded)][0].e_lost == 3
    s.stack.clear()
    s.rng = ScriptedRng([6])  # one engine rolls 6
    engine_dice(s, EngineDice(0))
    assert s.e == 6 + 10 and s.stored_e[0] == 0


def test_engine_charging_turns_cp_into_e_for_this_turn():
    s = blank(options={"engine_charging": True})
    s.cp = 2
    assert Action("charge") in build_legal(s, Build(0))
    build(s, Build(0), Action("charge"))
    build(s, Build(0), Action("charge"))
    assert s.cp == 0 and Action("charge") not in build_legal(s, Build(0))
    s.stack.clear()
    s.rng = ScriptedRng([9])
    engine_dice(s, EngineDice(0))
    assert s.e == 9 + 4


def test_the_advanced_variant_plays_whole_games():
    import random

    game = load(ADVANCED)
    for seed in range(3):
        s = game.new_state(seed)
        rng = random.Random(seed)
        kinds: set[str] = set()
        while not s.is_over():
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            a = rng.choice(legal)
            kinds.add(a.kind)
            s.apply(p, a)
        assert s.turn <= game.rules.data.limits.max_turns
    assert "charge" in kinds


def test_class_powers_are_data_and_add_to_the_colour():
    plain = blank()
    powered = blank(options={"class_powers.destroyer.attack": 2, "class_powers.destroyer.move": -3,
                             "class_powers.fighter.defence": 1})
    for s in (plain, powered):
        ship(s, 0, 8, "white", HW)
    d8, d4 = Die(8, "white"), Die(4, "white")
    assert powered.r.traits(d8).attack == 2 and plain.r.traits(d8).attack == 0
    assert powered.r.traits(d4).defence == 1
    red = powered.r.traits(Die(8, "red"))
    assert red.move == -2 - 3  # the Corsair's -2 and the class's -3 together
    sid = next(iter(powered.ships))
    assert move_cost(powered, powered.ships[sid]) == 8 - 3 and move_cost(plain, plain.ships[sid]) == 8
    powered.rng, plain.rng = ScriptedRng([5]), ScriptedRng([5])
    assert attack_roll(powered, sid) == 7 and attack_roll(plain, sid) == 5
    with pytest.raises(OptionError, match="no table 'class_powers.cruiser'"):
        load({"class_powers.cruiser.attack": 1})
