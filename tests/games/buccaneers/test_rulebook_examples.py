"""The rulebook's worked examples, with the book's numbers."""

from __future__ import annotations

from voidtable import Action
from voidtable.games.buccaneers.events import (BlackHoleCard, DrawnIn, FinalThreshold, Placed, ValueCardTaken,
                                              WeightCardTaken, Weights)
from voidtable.games.buccaneers.placement import SELECTED, place_card

from .helpers import cid, new, of_type, play_turn, put, set_hands, take, to_score_phase

LISA, JENS, ANDREA = 0, 1, 2


def test_score_phase_example():
    """Score phase example: Easter Egg draws the XXL Paperweight, Lisa's Toys win -6, her Carpet +10,
    Game Slab (Weight 6) makes the Threshold 18+6 = 24 (30 for Andrea), Jens is pulled in, Lisa 15, Andrea 10."""
    s = new(3)  # first-game set: the Dangerous Black Hole on top, Threshold 18
    assert s.r.black_holes[s.black_hole].threshold == 18
    put(s, LISA, "spacecraft_10", "antigravity_carpet", "toy_9")            # toy_9: Rocket Kite, Weight 6
    put(s, JENS, "spacecraft_9", "spacecraft_8", "shapeshifter_9", "robot_4", "toy_2")  # toy_2: Weight 2
    put(s, ANDREA, "easter_egg", "spacecraft_4", "shapeshifter_7", "robot_5", "robot_6", "command_chair_1")
    ev = to_score_phase(s, pile=[(JENS, "toy_7")], deck_top=["xxl_paperweight"])  # toy_7: Game Slab

    # Step A: Andrea may discard the Easter Egg and draws the XXL Paperweight.
    assert s.to_move() == [ANDREA]
    assert s.legal_actions(ANDREA) == [Action("use", "easter_egg"), Action("decline", "easter_egg")]
    ev = s.apply(ANDREA, Action("use", "easter_egg"))
    assert Placed(ANDREA, "xxl_paperweight", "easter_egg") in ev
    # Step B and D skipped (nobody has the Pool or the Ring); C: Lisa's Toys are heaviest -> -6.
    assert WeightCardTaken(LISA, -6, "toys") in ev
    # Step E: with the -6, Lisa has the lowest Weight and takes +10 with the Antigravity Carpet.
    assert ValueCardTaken(LISA, 10, "antigravity_carpet") in ev
    # Step F: Game Slab is revealed; Threshold 24, and 30 for Andrea (XXL Paperweight).
    assert of_type(ev, BlackHoleCard) == [BlackHoleCard("toy_7", 6)]
    assert of_type(ev, FinalThreshold)[0].thresholds == (24, 24, 30)
    # Step G: only Jens exceeds (Andrea's 28 would exceed 24 but not her 30).
    weights = of_type(ev, Weights)[0].weights
    assert weights[ANDREA] == 28 and weights[JENS] > 24 and weights[LISA] <= 24
    assert [e.seat for e in of_type(ev, DrawnIn)] == [JENS]
    # Step H: Lisa 15 (1st), Andrea 10 (2nd), Jens nothing.
    assert s.points == [[15], [0], [10]]


def test_shapeshifter_example():
    """Morpho Cubo (8/8), then Morpho Broccolo on top: Value 12, Weight 8; then Morpho Servientes: Weight 21."""
    s = new(3)
    assert s.r.names[cid(s, "shapeshifter_9")] == "Morpho Cubo"
    assert s.r.names[cid(s, "shapeshifter_3")] == "Morpho Broccolo"
    assert s.r.names[cid(s, "shapeshifter_7")] == "Morpho Servientes"
    set_hands(s, {JENS: []})
    put(s, JENS, "shapeshifter_9")
    assert (s.total_value(JENS), s.total_weight(JENS)) == (8, 8)
    put(s, JENS, "shapeshifter_3")
    assert (s.total_value(JENS), s.total_weight(JENS)) == (12, 8)
    put(s, JENS, "shapeshifter_7")
    assert s.total_weight(JENS) == 21
    assert s.total_value(JENS) == 19


def test_time_machine_example():
    """Quantum Steering + Warp Drive (turned once); a Command Chair joins and the group turns to 180 degrees;
    a second Quantum Steering starts a new, unturned group."""
    s = new(3)
    put(s, LISA, "quantum_steering_1", "warp_drive_1")
    group = s.groups[LISA][0]
    assert [s.orient[c] for c in group] == [1, 1]
    put(s, LISA, "command_chair_1")
    assert len(s.groups[LISA]) == 1 and [s.orient[c] for c in s.groups[LISA][0]] == [2, 2, 2]
    put(s, LISA, "quantum_steering_2")
    assert len(s.groups[LISA]) == 2
    assert s.groups[LISA][1] == [cid(s, "quantum_steering_2")] and s.orient[cid(s, "quantum_steering_2")] == 0


def test_robots_turn_only_when_two_or_more_players_reveal_one():
    s = new(3)
    set_hands(s, {0: ["robot_1", "spacecraft_5", "toy_1", "toy_2", "toy_3", "toy_4"],
                  1: ["robot_4", "spacecraft_6", "toy_5", "toy_6", "toy_8", "toy_9"],
                  2: ["robot_7", "spacecraft_7", "toy_10", "shapeshifter_1", "shapeshifter_2", "shapeshifter_3"]})
    # Turn 1: only seat 0 reveals a Robot: it stays upright (Value 4, Weight 2).
    play_turn(s, {0: "robot_1", 1: "spacecraft_6", 2: "spacecraft_7"})
    assert s.orient[cid(s, "robot_1")] == 0
    # Hands passed; give seats 1 and 2 their Robots back for Turn 2.
    set_hands(s, {0: ["toy_1", "toy_2", "toy_3", "toy_4", "spacecraft_5"],
                  1: ["robot_4", "toy_5", "toy_6", "toy_8", "toy_9"],
                  2: ["robot_7", "toy_10", "shapeshifter_1", "shapeshifter_2", "shapeshifter_3"]})
    play_turn(s, {0: "toy_1", 1: "robot_4", 2: "robot_7"})
    # Both Robots of this Turn turned (Value and Weight swap); the earlier one did not.
    assert s.orient[cid(s, "robot_4")] == 1 and s.orient[cid(s, "robot_7")] == 1
    assert s.orient[cid(s, "robot_1")] == 0
    v, w = s.r.value[cid(s, "robot_4")], s.r.weight[cid(s, "robot_4")]
    assert (v[1], w[1]) == (w[0], v[0]) == (3, 6)
