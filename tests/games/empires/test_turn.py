"""A turn's actions and its end (Actions, Diplomacy, Mine, Culture, End of Turn; Ship and Race Clarifications)."""

from __future__ import annotations

import pytest

from voidtable.engine.actions import Action
from voidtable.games.empires import turn
from voidtable.games.empires.movement import destinations
from voidtable.games.empires.planets import Control
from voidtable.games.empires.preround import choices
from voidtable.games.empires.tasks import ChooseAction, StartTurn

from .helpers import blank, give_cards, resting, run, script, ship


def set_race(s, seat, race):
    s.race[seat] = race


@pytest.mark.parametrize("cards, fail, succeed", [
    (1, [6, 5, 5], [6, 6, 5]), (2, [6, 5, 1], [6, 6, 1]), (3, [5, 1, 1], [6, 1, 1]), (4, [1, 1, 1], [1, 1, 2]),
])
def test_diplomacy_thresholds_17_13_8_4(cards, fail, succeed):  # T12
    s = blank()
    set_race(s, 0, "mystics_of_siri")
    ship(s, 0, "diplomat", "pyrious")
    give_cards(s, 0, "peaceful", cards)
    script(s, fail)
    turn.diplomacy(s, 0, "pyrious", cards)
    assert s.control["pyrious"].neutral and len(s.hands[0]) == cards  # failure keeps the cards
    script(s, succeed)
    turn.diplomacy(s, 0, "pyrious", cards)
    assert s.control["pyrious"] == Control(ally=0) and s.hands[0] == []  # success discards them


def test_diplomacy_through_the_turn_and_closed_to_others():  # T13
    s = blank()
    ship(s, 0, "diplomat", "pyrious")
    ship(s, 1, "diplomat", "pyrious")
    give_cards(s, 0, "peaceful", 2)
    give_cards(s, 1, "peaceful", 2)
    script(s, [1, 1, 1, 6, 6, 1])
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("diplomacy", ("pyrious", 2)))
    assert s.pending == ChooseAction(0, 2) and len(s.hands[0]) == 2
    s.apply(0, Action("diplomacy", ("pyrious", 2)))
    assert s.control["pyrious"].ally == 0 and s.hands[0] == []
    assert turn.diplomacy_options(s, 1) == []


def test_diplomacy_legality():  # T14
    s = blank()
    give_cards(s, 0, "peaceful", 1)
    give_cards(s, 0, "militaristic", 1)
    assert turn.diplomacy_options(s, 0) == []                         # (a) no Diplomat
    ship(s, 0, "diplomat", "pyrious")
    assert turn.diplomacy_options(s, 0) == [("pyrious", 1)]          # (c) only the planet's type counts
    s.control["pyrious"] = Control(conqueror=2)
    assert turn.diplomacy_options(s, 0) == []                         # (b) controlled by someone
    s.control["pyrious"] = Control(ally=2, conqueror=3)
    assert turn.diplomacy_options(s, 0) == []                         # an ally's planet, even conquered
    s.control["pyrious"] = Control()
    s.hands[0] = [c for c in s.hands[0] if s.r.cards[c][0] != "peaceful"]
    assert turn.diplomacy_options(s, 0) == []                         # (d) no card of its type


def test_mine_once_a_turn():  # T15
    s = blank()
    s.credits[0] = 0
    run(s, StartTurn(0))
    s.apply(0, Action("mine", None))
    assert s.credits[0] == 1
    assert Action("mine", None) not in s.legal_actions(0)
    s.apply(0, Action("end_turn", None))
    assert resting(s)
    run(s, StartTurn(0))
    assert Action("mine", None) in s.legal_actions(0)


def test_three_actions_then_income():  # T16
    s = blank()
    set_race(s, 0, "mystics_of_siri")
    s.control["tan_fu"] = Control(ally=0)               # 1 credit
    s.control["core_traders"] = Control(conqueror=0)    # 3 credits
    s.control["pyrious"] = Control(infester=0)          # infested only: nothing
    s.credits[0] = 0
    run(s, StartTurn(0))
    for _ in range(2):
        s.apply(0, Action("culture", None))
    assert s.credits[0] == 0
    s.apply(0, Action("mine", None))
    assert resting(s)
    assert s.credits[0] == 1 + 5 + 1 + 3


def test_hand_limit_three():  # T17
    s = blank()
    give_cards(s, 0, "peaceful", 3)
    run(s, ChooseAction(0, 1))
    s.apply(0, Action("culture", None))
    assert type(s.pending).__name__ == "DiscardDown"
    s.apply(0, s.legal_actions(0)[0])
    assert len(s.hands[0]) == 3


def test_moth_ignores_obstacles_starfighter_does_not():  # T5
    s = blank()
    s.graph = {"a": (("b", "asteroid"),), "b": (("a", "asteroid"), ("c", "mine")),
               "c": (("b", "mine"), ("d", "ancient_defense")), "d": (("c", "ancient_defense"),)}
    moth = ship(s, 0, "moth", "a")
    fighter = ship(s, 0, "starfighter", "a")
    assert destinations(s, moth) == ["b", "c"]
    assert destinations(s, fighter) == []
    s.techs[0].append("asteroid_navigation")
    assert destinations(s, fighter) == ["b"]


def test_move_value_and_moves_on_the_graph():
    s = blank()
    s.graph = {"a": (("b", ""),), "b": (("a", ""), ("c", "")), "c": (("b", ""), ("d", "")), "d": (("c", ""),)}
    sh = ship(s, 0, "sunhammer", "a")       # move 1
    assert destinations(s, sh) == ["b"]
    run(s, ChooseAction(0, 2))
    s.apply(0, Action("move", sh))
    assert s.ships[sh].space == "b"  # one place to go: the move takes itself
    assert s.pending == ChooseAction(0, 1)


def test_infest_three_or_more_and_control_kept():  # T25
    s = blank()
    set_race(s, 0, "parasites_of_sreech")
    s.control["pyrious"] = Control(conqueror=1)
    ship(s, 0, "infestor", "pyrious")
    assert turn.infest_options(s, 0) == ["pyrious"]
    script(s, [2])
    turn.try_infest(s, 0, "pyrious")
    assert s.control["pyrious"].infester == -1
    script(s, [3])
    turn.try_infest(s, 0, "pyrious")
    assert s.control["pyrious"] == Control(conqueror=1, infester=0)
    assert turn.infest_options(s, 0) == []


def test_ship_caps():  # T31
    s = blank()
    s.credits[0] = 100
    s.techs[0] += ["starcruiser_hulls", "sunhammer_forge"]
    for _ in range(4):
        ship(s, 0, "sunhammer", "home0")
    assert Action("build", "sunhammer") not in choices(s, 0)
    s.control["moth_world"] = Control(ally=0)
    assert Action("build", "moth") in choices(s, 0)
    for _ in range(6):
        ship(s, 1, "moth", "home1")
    assert Action("build", "moth") not in choices(s, 0)


def test_two_player_swaps_two_a_turn():  # T32
    s = blank(players=2)
    give_cards(s, 0, "peaceful", 1)
    give_cards(s, 0, "militaristic", 1)
    assert len(s.row) == 4
    run(s, StartTurn(0))
    for _ in range(2):
        swaps = [a for a in s.legal_actions(0) if a.kind == "swap"]
        assert swaps
        s.apply(0, swaps[0])
    assert not [a for a in s.legal_actions(0) if a.kind == "swap"]
    assert len(s.row) == 4 and len(s.hands[0]) == 2
    assert s.pending == ChooseAction(0, 3)  # swaps cost no action


def test_one_step_check_agrees_with_reach():
    """``can_leave`` (the movable check's shortcut) is ``reach`` one step deep, on the default maps."""
    from voidtable.games.empires.galaxy import can_leave, reach

    from .helpers import through_setup

    for players in (2, 4):
        s = through_setup(players, seed=players)
        blocked = frozenset(list(s.graph)[:3])
        for passes in (frozenset(), frozenset({"asteroid"}), frozenset({"asteroid", "mine", "ancient_defense"})):
            for start in s.graph:
                for ignores in (False, True):
                    assert can_leave(s.graph, start, passes, s.asteroid_spaces, ignores, blocked) == \
                        bool(reach(s.graph, start, 1, passes, s.asteroid_spaces, ignores, blocked))
