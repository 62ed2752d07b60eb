"""Score phase Steps A-H, places and ties, Relics, and final scoring."""

from __future__ import annotations

from voidtable import Action
from voidtable.engine.positions import edit
from voidtable.games.buccaneers.events import (BlackHoleCard, Decided, DrawnIn, FinalThreshold, Placed, Rotated,
                                              ValueCardTaken, WeightCardTaken, Weights)
from voidtable.games.buccaneers.scoring import award_places, unique_extreme
from voidtable.games.buccaneers.state import NO_SPACECRAFT

from .helpers import cid, new, of_type, put, to_score_phase

NONE = NO_SPACECRAFT


def test_three_tied_for_second_without_spacecraft_all_take_fourth():
    """Rulebook: 3 players tie for 2nd with no Spacecraft: nobody scores 2nd or 3rd, all score 4th."""
    places = award_places({0: (30, NONE), 1: (20, NONE), 2: (20, NONE), 3: (20, NONE)})
    assert places == {0: 0, 1: 3, 2: 3, 3: 3}


def test_spacecraft_breaks_ties_and_negative_spacecraft_beats_none():
    places = award_places({0: (20, 7), 1: (20, -5), 2: (20, NONE), 3: (25, NONE)})
    assert places == {3: 0, 0: 1, 1: 2, 2: 3}
    # two without a Spacecraft behind one with: they share the worse place of their remaining tie
    assert award_places({0: (10, NONE), 1: (10, 12), 2: (10, NONE)}) == {1: 0, 0: 2, 2: 2}


def test_unique_extreme_ties_give_nobody():
    assert unique_extreme([3, 5, 5], max) == -1
    assert unique_extreme([3, 5, 4], max) == 1
    assert unique_extreme([3, 3, 4], min) == -1


def test_toy_tie_gives_nobody_the_weight_card():
    s = new(3)
    put(s, 0, "toy_3")  # Weight 3
    put(s, 1, "toy_4")  # Weight 3
    ev = to_score_phase(s, pile=[(0, "spacecraft_1"), (1, "spacecraft_2"), (2, "spacecraft_3")])
    assert not of_type(ev, WeightCardTaken)


def test_exoskeleton_single_highest_weight_takes_minus_10():
    s = new(3)
    put(s, 0, "exoskeleton", "spacecraft_10")  # heaviest by far
    put(s, 1, "spacecraft_4")
    ev = to_score_phase(s, pile=[(0, "spacecraft_1")])
    assert WeightCardTaken(0, -10, "exoskeleton") in ev
    assert of_type(ev, Weights)[0].weights[0] == 6 + 10
    assert s.last_round["weights"][0] == 6  # the -10 card counts in Step G


def test_antigravity_carpet_tied_for_lowest_gets_nothing():
    s = new(3)
    put(s, 0, "antigravity_carpet")        # Weight 2
    put(s, 1, "toy_1")                     # Weight 2
    put(s, 2, "spacecraft_10")
    ev = to_score_phase(s, pile=[(0, "spacecraft_1")])
    assert not of_type(ev, ValueCardTaken)


def test_emergency_towel_pays_5_when_pulled_in():
    s = new(3)
    put(s, 0, "emergency_towel", "spacecraft_10", "spacecraft_9", "shapeshifter_9")  # Weight 1+10+9+8
    ev = to_score_phase(s, pile=[(1, "spacecraft_1")])  # Weight -4: Threshold 18-4 = 14
    assert of_type(ev, DrawnIn) == [DrawnIn(0, weight=28, threshold=14, towel_points=5)]
    assert s.points[0] == [5]


def test_threshold_cards_add_to_the_final_threshold():
    s = edit(new(3), threshold_cards=[3, -2])
    ev = to_score_phase(s, pile=[(1, "shapeshifter_1")])  # Weight 3
    assert of_type(ev, FinalThreshold)[0].thresholds == (18 + 3 - 2 + 3,) * 3


def test_alien_kiddie_pool_takes_a_random_last_card_and_robots_stay_upright():
    s = new(3)
    put(s, 0, "alien_kiddie_pool")
    to_score_phase(s, pile=[(1, "robot_1"), (2, "robot_2")])
    assert s.to_move() == [0]
    ev = s.apply(0, Action("use", "alien_kiddie_pool"))
    placed = [e for e in of_type(ev, Placed) if e.source == "alien_kiddie_pool"]
    assert len(placed) == 1 and placed[0].card in ("robot_1", "robot_2")
    assert s.orient[cid(s, placed[0].card)] == 0
    assert of_type(ev, BlackHoleCard)[0].card != placed[0].card


def test_easter_egg_artifact_effect_is_ignored():
    s = new(3)
    put(s, 0, "easter_egg")
    to_score_phase(s, pile=[(1, "spacecraft_1")], deck_top=["reality_gyro"])
    d = s.direction
    s.apply(0, Action("use", "easter_egg"))
    assert cid(s, "reality_gyro") in s.shown[0] or s.round == 2
    assert s.direction == d


def test_easter_egg_may_be_declined():
    s = new(3)
    put(s, 0, "easter_egg")
    to_score_phase(s, pile=[(1, "spacecraft_1")])
    ev = s.apply(0, Action("decline", "easter_egg"))
    assert not [e for e in of_type(ev, Placed) if e.source == "easter_egg"]
    assert Decided(0, "easter_egg", {"kind": "decline", "arg": "easter_egg"}) in ev


def test_one_ring_discards_itself_and_one_chosen_card():
    s = new(3)
    put(s, 0, "one_ring", "spacecraft_10", "toy_1")
    to_score_phase(s, pile=[(1, "spacecraft_1")])
    assert s.to_move() == [0] and s.view(0)["decision"]["kind"] == "one_ring"
    s.apply(0, Action("use", "one_ring"))
    assert s.view(0)["decision"]["kind"] == "one_ring_discard"
    assert sorted(a.arg for a in s.legal_actions(0)) == ["spacecraft_10", "toy_1"]
    ev = s.apply(0, Action("discard", "spacecraft_10"))
    assert of_type(ev, Weights)[0].weights[0] == 2 - 6  # toy_1 (Weight 2) and the -6 Toy reward remain


def test_final_tie_broken_by_third_round_spacecraft_or_shared():
    s = edit(new(3), round=3, points=[[10, 10], [15, 10], [5, 5]])
    put(s, 0, "spacecraft_4")   # 7/5
    put(s, 1, "shapeshifter_1")
    to_score_phase(s, pile=[(2, "spacecraft_1")])
    assert s.is_over()
    res = s.result()
    assert res.scores[0] == res.scores[1] == 35  # 20 + 15 (1st: value 7 vs 3)
    assert res.winners == [0]
    s2 = edit(new(3), round=3, points=[[20, 5], [10, 15], [0, 0]])
    put(s2, 0, "shapeshifter_1")  # Value 3
    put(s2, 1, "toy_3")           # Value 3, no Spacecraft for either
    to_score_phase(s2, pile=[(2, "spacecraft_1")])
    res2 = s2.result()
    assert res2.scores[0] == res2.scores[1] and res2.winners == [0, 1]
    assert "shared victory" in res2.tiebreaks[0]


def test_watchers_react_to_cards_the_easter_egg_brings_in():
    """Rulebook notes: Cubus Libra (and the other watchers) also turn for Easter Egg / Pool / Tentacles cards."""
    s = new(3)
    put(s, 1, "cubus_libra")
    s.watchers = [[cid(s, "cubus_libra"), 1, 1]]  # revealed in an earlier Turn: active
    put(s, 0, "easter_egg")
    to_score_phase(s, pile=[(2, "spacecraft_1")], deck_top=["spacecraft_10"])  # Weight 10
    ev = s.apply(0, Action("use", "easter_egg"))
    assert Rotated("cubus_libra", 1, "cubus_libra saw spacecraft_10") in ev


def test_tentacles_toy_stays_facedown():
    s = new(3)
    from .test_effects import three_hands
    three_hands(s, ["titanic_tentacles", "spacecraft_1", "spacecraft_2"])
    for k in ("toy_5", "robot_3", "shapeshifter_10"):
        s.deck.remove(cid(s, k))
    s.deck[:0] = [cid(s, "toy_5"), cid(s, "robot_3"), cid(s, "shapeshifter_10")]
    for p, k in {0: "titanic_tentacles", 1: "spacecraft_1", 2: "spacecraft_2"}.items():
        s.apply(p, Action("select", k))
    s.apply(0, Action("keep", "toy_5"))
    assert s.toys[0] == [cid(s, "toy_5")] and cid(s, "toy_5") not in s.shown[0]
