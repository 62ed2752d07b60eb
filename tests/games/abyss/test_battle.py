"""The battle on the board: initiative (the draft's worked example), moves, range, fire, the defender's choice, the end."""

from __future__ import annotations

import pytest

from voidtable.engine.actions import Action
from voidtable.engine.errors import IllegalAction
from voidtable.engine.squaregrid import chebyshev
from voidtable.games.abyss.battle import Disable, Fire, Move, Turn, can_hurt, initiative, reachable

from .helpers import battle


def test_the_drafts_initiative_example_by_the_rule():
    """X1: race one = two fighters (computer 1) and a frigate (computer 3, jammer 1); race two = a fighter
    (computer 2) and a cruiser (computer 1, jammer 3).

    By the rule: race one 1 + 1 + 3 - 3 = 2; race two 2 + 1 - 1 = 2. The totals tie, and the best single
    computer (the frigate's 3) is race one's, so race one goes first. The draft adds race two's computers
    to 4 (2 + 1 is 3) and so has race two go first: the example's sum is a slip; the rule stands.
    """
    race_one = [(1, 0), (1, 0), (3, 1)]
    race_two = [(2, 0), (1, 3)]
    order, totals = initiative({1: race_one, 2: race_two}, attacker=2)
    assert totals == {1: 2, 2: 2}
    assert order == [1, 2]
    # the draft's own reading (race two's total 4 - 1 = 3) would need a computer of 3 on race two's side
    order, totals = initiative({1: race_one, 2: [(3, 0), (1, 3)]}, attacker=1)
    assert totals == {1: 2, 2: 3} and order == [2, 1]


def test_initiative_ties_go_to_the_best_computer_then_the_attacker():
    """X17: equal totals -> the owner of the single best computer; still equal -> the attacker."""
    order, _ = initiative({0: [(2, 0)], 1: [(1, 0), (1, 0)]}, attacker=1)
    assert order == [0, 1]
    order, _ = initiative({0: [(2, 0)], 1: [(2, 0)]}, attacker=1)
    assert order == [1, 0]
    order, _ = initiative({0: [(2, 0)], 1: [(2, 0)]}, attacker=0)
    assert order == [0, 1]


def test_jammers_count_against_the_opponent_and_their_weight_is_a_parameter():
    order, totals = initiative({0: [(3, 0)], 1: [(1, 2)]}, attacker=1)
    assert totals == {0: 1, 1: 1} and order == [0, 1]
    _, totals = initiative({0: [(3, 0)], 1: [(1, 2)]}, attacker=1, jammer_weight=0)
    assert totals == {0: 3, 1: 1}


def test_initiative_with_three_sides_counts_every_opponents_jammers():
    """For the 4X's battles of three or more sides: each side's computers less the jammers of all it faces."""
    order, totals = initiative({0: [(3, 1)], 1: [(2, 0)], 2: [(2, 2)]}, attacker=2)
    assert totals == {0: 3 - 2, 1: 2 - 3, 2: 2 - 1}
    assert order == [0, 2, 1]  # 0 and 2 tie at 1: seat 0 owns the best computer


def test_a_round_starts_with_initiative_from_the_ships_on_the_board():
    s = battle([(0, "fighter", (0, 0)), (1, "lancer", (9, 7))])
    assert s.round == 1
    # fighter computer 1 - lancer jammer 1 = 0; lancer computer 2: seat 1 first
    assert s.order == (1, 0)
    assert isinstance(s.pending, Move) and s.pending.seat == 1   # its only ship acts without being picked


def test_moves_reach_within_the_ships_speed_counting_diagonals_as_one():
    s = battle([(0, "fighter", (0, 0)), (0, "escort", (0, 3)), (1, "picket", (9, 7))], attacker=0)
    assert s.to_move() == [0]
    assert sorted(a.arg for a in s.legal_actions(0)) == sorted(i for i, sh in s.ships.items() if sh.owner == 0)
    escort = next(i for i, sh in s.ships.items() if sh.design == "escort")
    cells = reachable(s, escort)
    assert all(chebyshev((0, 3), c) <= 3 for c in cells)        # frigate 2 + one engine
    assert (3, 6) in cells and (4, 3) not in cells
    s.apply(0, Action("activate", escort))
    assert isinstance(s.pending, Move)
    assert (0, 0) not in [a.arg for a in s.legal_actions(0)]     # a cell holding another ship
    s.apply(0, Action("move", (3, 3)))
    assert s.ships[escort].cell == (3, 3)


def test_a_hit_lets_the_defender_choose_the_square_and_stats_follow():
    s = battle([(0, "battlecruiser", (4, 4)), (1, "picket", (5, 4))], attacker=0, seed=3)
    bc = next(i for i, sh in s.ships.items() if sh.owner == 0)
    assert s.order == (0, 1)   # computer 3 - 0 against 0 - jammer 2
    assert s.pending == Move(0, bc)     # its only ship acts without being picked
    s.apply(0, Action("move", (4, 4)))  # hold: both weapons reach
    for _ in range(200):        # fire until a hit lands (seeded dice)
        task = s.pending
        if isinstance(task, Disable):
            break
        assert isinstance(task, (Fire, Turn, Move)), task
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[0] if not isinstance(task, Move) else next(a for a in legal if a.arg == s.ships[task.ship].cell))
    assert isinstance(s.pending, Disable)
    hit = s.pending.ship
    owner = s.ships[hit].owner
    assert s.to_move() == [owner]                        # the hit ship's owner decides
    with pytest.raises(IllegalAction):
        s.apply(1 - owner, s.legal_actions(owner)[0])
    legal = s.legal_actions(owner)
    shield_square = s.r.designs[s.ships[hit].design].tiles.index("shield_1")
    s.apply(owner, Action("disable", shield_square))
    if hit in s.ships:
        assert s.ships[hit].disabled >> shield_square & 1
        assert Action("disable", shield_square) in legal


def test_fighters_explode_on_the_first_hit_and_the_last_ship_ends_the_game():
    s = battle([(0, "monitor", (4, 4)), (1, "fighter", (5, 4))], attacker=0, seed=1)
    for _ in range(400):
        if s.is_over():
            break
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        moves = [a for a in legal if a.kind == "move"]
        if moves:   # both hold: the monitor's lasers reach the fighter next to it
            task = s.pending
            s.apply(p, next(a for a in moves if a.arg == s.ships[task.ship].cell))
        else:
            s.apply(p, legal[0])
    assert s.is_over() and s.over_reason == "destroyed"
    assert s.result().winners == [0]
    assert not any(sh.owner == 1 for sh in s.ships.values())


def test_the_round_limit_gives_the_game_to_the_fleet_with_more_points_left():
    s = battle([(0, "monitor", (0, 0)), (1, "fighter", (9, 7))], attacker=0, **{"minigame.max_rounds": 1})
    while not s.is_over():
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        s.apply(p, legal[0])
    assert s.over_reason == "rounds"
    assert s.result().winners == [0] and s.result().scores == [35.0, 3.0]


def test_when_nobody_can_hurt_anybody_the_round_limit_decides_at_once():
    """Heavy lasers (5-6) and missiles (6) against shield 2: no roll can hit, so the rounds left change nothing."""
    s = battle([(0, "monitor", (0, 0)), (1, "monitor", (9, 7))])
    assert s.is_over() and s.over_reason == "rounds" and s.round == s.r.minigame.max_rounds
    assert s.result().winners == [0, 1]                      # equal points: a shared win
    live = battle([(0, "picket", (0, 0)), (1, "lancer", (9, 7))])
    assert not live.is_over() and can_hurt(live)             # a heavy laser's 6 still beats shield 1


def test_flee_is_offered_from_the_second_round_only_with_the_option():
    s = battle([(0, "fighter", (0, 0)), (1, "fighter", (9, 7))], attacker=0, flee=True)
    assert s.round == 1 and all(a.kind != "flee" for a in s.legal_actions(s.to_move()[0]))   # round 1 must be fought
    while s.round < 2:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    p = s.to_move()[0]
    assert sorted(s.legal_actions(p)) == [Action("flee", False), Action("flee", True)]
    s.apply(p, Action("flee", True))
    assert s.is_over() and s.over_reason == "fled" and s.result().winners == [1 - p]
    plain = battle([(0, "fighter", (0, 0)), (1, "fighter", (9, 7))], attacker=0)
    while plain.round < 2:
        q = plain.to_move()[0]
        plain.apply(q, plain.legal_actions(q)[0])
    assert all(a.kind != "flee" for a in plain.legal_actions(plain.to_move()[0]))


def test_auto_mode_plays_the_battle_without_decisions():
    s = battle([(0, "picket", (0, 3)), (0, "picket", (0, 5)), (1, "fighter", (9, 0)), (1, "fighter", (9, 7))],
               attacker=0, battle="auto")
    assert s.is_over()
    assert s.result().winners == [0]    # lasers hitting on 6 never hurt a shield-1 ship
