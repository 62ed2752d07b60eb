"""The every-setting check's Black Abyss positions (rule_positions.py) put their rule in front of play.

tests/engine/test_every_setting_matters.py counts a value as live when the probe games played on from
its position differ; these tests make sure each position is the one its builder claims (the decision
pending, the rule about to act, the checked value deciding what it does), at both probe table sizes, so a
difference there comes from that rule and not from a position gone wrong.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from voidtable.engine import Action
from voidtable.engine.rng import Rng
from voidtable.games.abyss.battle import Disable, Turn
from voidtable.games.abyss.fourx.bot import BOT
from voidtable.games.abyss.fourx.events import CashedIn, GroundFight
from voidtable.games.abyss.fourx.spacebattle import in_reach_of_planet
from voidtable.games.abyss.fourx.state import AbyssState
from voidtable.games.abyss.fourx.tasks import Ground, Purchase

from .main_helpers import main_state
from .rule_positions import (PICKETS, POSITIONS, REPAIR_BANK, cargo_for_sale, defence_in_battle, ground_fight,
                             repair_at_port)

PLAYERS = pytest.mark.parametrize("players", [2, 3])


def at(builder: Callable[[Any, Rng], None], players: int, **settings: Any) -> AbyssState:
    s = main_state(players, seed=101, **settings)
    builder(s, Rng(101))
    s.take_events()
    return s


def test_every_position_is_for_a_value_the_game_declares():
    declared = {p.path for p in main_state(2).game.spec.parameters}
    assert set(POSITIONS) <= declared


@PLAYERS
def test_cargo_for_sale_cashes_in_pay_per_space_times_the_distance_and_the_bot_takes_it(players):
    for pay in (1, 5):
        s = at(cargo_for_sale, players, **{"trade.pay_per_space": pay})
        assert isinstance(s.pending, Purchase) and s.pending.seat == 0
        legal = s.legal_actions(0)
        sales = [a for a in legal if a.kind == "cash_in"]
        assert len(sales) == 1 and BOT.rollout_policy(s, 0, legal, Rng(0)) == sales[0]
        g = s.m.galaxy
        food = s.bank[0][1]
        events = s.apply(0, sales[0])
        assert [e.food for e in events if isinstance(e, CashedIn)] == [pay * g.distance(g.homes[1], g.homes[0])]
        assert s.bank[0][1] - food == pay * g.distance(g.homes[1], g.homes[0])


@PLAYERS
def test_ground_fight_offers_one_march_onto_the_enemy_marines_and_the_bot_takes_it(players):
    s = at(ground_fight, players)
    assert isinstance(s.pending, Ground) and s.pending.seat == 0 and s.at_war(0, 1)
    legal = s.legal_actions(0)
    assert [a.kind for a in legal] == ["march", "done"]
    place, came, to = legal[0].arg
    assert s.marines[place][came][0] == 0 and s.marines[place][to][0] == 1
    assert BOT.rollout_policy(s, 0, legal, Rng(0)) == legal[0]
    events = s.apply(0, legal[0])
    assert any(isinstance(e, GroundFight) for e in events)


@PLAYERS
def test_defence_in_battle_fights_on_the_planet_side_with_the_escort_in_reach_only_at_a_longer_range(players):
    s = at(defence_in_battle, players)
    home = s.m.galaxy.homes[0]
    assert s.battle_place == home and s.planet and isinstance(s.pending, Turn)
    escort = next(i for i, sh in s.ships.items() if sh.owner == 1 and sh.design == "escort")
    assert s.ships[escort].cell[0] >= 0 and in_reach_of_planet(s, 0) == []   # the default: 3 squares
    far = at(defence_in_battle, players, **{"ground.defence_range": 9})
    assert escort in in_reach_of_planet(far, 0) and isinstance(far.pending, (Turn, Disable))


@PLAYERS
def test_repair_at_port_offers_every_repair_at_the_defaults_and_fewer_when_repairs_cost_more(players):
    def repairs(**settings: Any) -> list[tuple[int, int]]:
        s = at(repair_at_port, players, **settings)
        assert isinstance(s.pending, Purchase) and s.pending.seat == 0 and s.bank[0] == REPAIR_BANK
        return [a.arg for a in s.legal_actions(0) if a.kind == "repair"]

    s = at(repair_at_port, players)
    laser = {q for q, t in enumerate(s.r.designs["picket"].tiles) if t == "heavy_laser"}
    offered = repairs()
    assert len(offered) == PICKETS * (len(laser) + 1)
    assert repairs(**{"repair.fraction": 1.0}) == [r for r in offered if r[1] not in laser]
    assert repairs(**{"repair.empty_minerals": 5}) == [r for r in offered if r[1] in laser]
    ship, square = next(r for r in offered if r[1] in laser)
    s.apply(0, Action("repair", (ship, square)))
    assert s.bank[0] == [0, 0, 0] and not s.ships[ship].disabled >> square & 1
