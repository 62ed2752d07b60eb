"""Scoring, the council, home worlds, the final result, the advanced order and the short game."""

from __future__ import annotations

import random

import pytest

from voidtable.engine.events import event_json
from voidtable.games.empires.events import CouncilMet, RoundStarted, Scored, TurnStarted
from voidtable.games.empires.planets import Control, benefits
from voidtable.games.empires.rounds import advanced_order
from voidtable.games.empires.scoring import council, final_result, score
from voidtable.games.empires.tasks import EndTurn

from .helpers import blank, fresh, resting, run

H, L = 5, 2


@pytest.mark.parametrize("influence, expected", [
    ([5, 3, 0, 0], [H, L, 0, 0]),
    ([6, 2, 2, 0], [H, 1, 1, 0]),          # tie for second: L/2 rounded up each
    ([4, 0, 0, 0], [H, 0, 0, 0]),          # nobody without influence scores
    ([0, 0, 0, 0], [0, 0, 0, 0]),
    ([4, 4, 1, 0], [4, 4, 0, 0]),          # tie for first: (H + L) / 2 rounded up each; no second place
    ([3, 3, 3, 0], [3, 3, 3, 0]),
])
def test_council(influence, expected):  # T20
    assert council(influence, H, L) == expected


def test_conquered_planets_bring_no_influence():  # T20, clause 6
    s = blank()
    s.control["pyrious"] = Control(conqueror=0)
    s.control["tan_fu"] = Control(ally=0)
    b = benefits(s, 0)
    assert b.influence == s.r.planet("tan_fu").influence
    assert b.vp == s.r.planet("pyrious").vp + s.r.planet("tan_fu").vp
    assert b.abilities == {"hand_limit"}


def test_allied_planet_lost_and_regained():  # T11
    s = blank()
    s.control["tan_fu"] = Control(ally=2, conqueror=0)
    b = benefits(s, 2)
    assert (b.credits, b.vp, b.influence, b.trade_goods, b.abilities) == (0, 0, 0, frozenset(), frozenset())
    from voidtable.games.empires.planets import take_control
    take_control(s, 2, "tan_fu")
    assert s.control["tan_fu"] == Control(ally=2)
    assert benefits(s, 2).abilities == {"hand_limit"} and benefits(s, 2).influence == 2


def test_planet_and_tech_score_at_every_scoring():  # T19
    s = blank()
    s.control["pyrious"] = Control(conqueror=0)
    s.techs[0] = ["diplomatic_corps"]
    per = s.r.planet("pyrious").vp + s.r.tech("diplomatic_corps").vp
    for card in ("A", "B", "C"):
        score(s, card)
    assert s.vp[0] == 3 * per


def test_home_world_conquered():  # T21
    s = blank()
    s.control["home1"] = Control(ally=1, conqueror=0)
    assert benefits(s, 0).vp == 2 and benefits(s, 0).planets == 1
    s.credits[1] = 0
    run(s, EndTurn(1))
    assert s.credits[1] == s.r.race(s.race[1]).credits  # the owner still gains his board's credits
    from voidtable.games.empires.preround import do_build
    do_build(s, 1, "starfighter")
    assert any(sh.owner == 1 and sh.space == "home1" for sh in s.ships.values())
    assert resting(s)


def test_tiebreak_order():  # T22
    s = blank()
    s.vp = [10, 10, 10, 10]
    s.credits = [0, 0, 0, 0]
    s.control["pyrious"] = Control(conqueror=0)  # seat 0: one planet more
    assert final_result(s).winners == [0]
    s.control["tan_fu"] = Control(ally=1)        # seat 1 as many planets, and influence
    assert final_result(s).winners == [1]
    s.control["bindok_ii"] = Control(conqueror=2)
    s.control["council_world"] = Control(conqueror=3)
    s.control["tan_fu"] = Control(conqueror=1)   # four seats one planet each, no influence
    s.techs[3] = ["centipede_drives"]
    assert final_result(s).winners == [3]
    s.techs[2] = ["starcruiser_hulls"]
    s.credits[2] = 1
    assert final_result(s).winners == [2]
    s.credits[3] = 1
    assert final_result(s).winners == [2, 3]     # a full tie is a shared win


def test_advanced_turn_order():  # T23
    s = blank()
    s.order = (0, 1, 2, 3)
    s.control["tan_fu"] = Control(ally=0)
    s.control["pyrious"] = Control(conqueror=0)
    s.control["core_traders"] = Control(conqueror=0)
    s.control["bindok_ii"] = Control(ally=1)
    s.control["core_scholars"] = Control(conqueror=1)
    s.control["moth_world"] = Control(conqueror=1)
    s.control["tempest_world"] = Control(conqueror=2)
    s.control["black_hole_world"] = Control(conqueror=2)
    s.control["firebug_world"] = Control(conqueror=3)
    s.control["shooting_star_world"] = Control(conqueror=3)
    s.credits = [0, 0, 5, 7]
    assert [benefits(s, p).influence for p in range(4)] == [2, 1, 0, 0]
    assert advanced_order(s) == (1, 0, 3, 2)


def random_game(players, options, seed):
    s = fresh(players, seed, options)
    chooser = random.Random(seed)
    events = list(s.setup_events)
    while not s.is_over():
        p = chooser.choice(s.to_move())
        events += s.apply(p, chooser.choice(s.legal_actions(p)))
    return s, events


def test_three_scorings_at_rounds_5_and_9_and_after_11():  # T18
    s, events = random_game(4, {}, 3)
    rounds_at = []
    current = 0
    for e in events:
        if isinstance(e, RoundStarted):
            current = e.round
        if isinstance(e, CouncilMet):
            rounds_at.append(current)
    assert rounds_at == [5, 9, 11] and s.scorings == 3 and s.revealed[-1] == "C"
    assert s.over_reason == "the third scoring"


def test_short_game_ends_with_the_second_scoring():  # T34
    s, events = random_game(3, {"short": True}, 4)
    assert s.scorings == 2 and s.revealed[-1] == "B" and s.round == 9
    assert not [e for e in events if isinstance(e, TurnStarted) and e.round == 9]


def test_scores_are_hidden_unless_open():
    s, events = random_game(2, {}, 5)
    scored = [e for e in events if isinstance(e, Scored)]
    assert scored and all(event_json(e)["visible_to"] == [e.seat] for e in scored)
    s2, events2 = random_game(2, {"open_scores": True}, 5)
    shown = [event_json(e) for e in events2 if isinstance(e, Scored)]
    assert shown and all("visible_to" not in e for e in shown)
    mid = fresh(2, 5)
    assert mid.view(0)["vp"][1] is None and mid.view(0)["vp"][0] == 0

