"""Every card type's and Artifact's effect, one rule at a time."""

from __future__ import annotations

import pytest

from voidtable import Action, IllegalAction
from voidtable.games.buccaneers.events import BlackHoleCard, Discarded, EffectActed, LastCards, Revealed
from voidtable.games.buccaneers.placement import SELECTED, place_card
from voidtable.games.buccaneers.tasks import TimeMachineGroup

from .helpers import cid, new, of_type, play_turn, put, set_hands

FILL = ["spacecraft_1", "spacecraft_2", "spacecraft_3", "spacecraft_4", "spacecraft_5", "spacecraft_6",
        "spacecraft_7", "spacecraft_8", "spacecraft_9", "spacecraft_10", "shapeshifter_1", "shapeshifter_2",
        "shapeshifter_4", "shapeshifter_5", "shapeshifter_6"]


def three_hands(s, first: list[str]) -> None:
    """Seats get hands of 5 where seat p's first card is first[p] and the rest is filler."""
    pool = [k for k in FILL if k not in first]
    set_hands(s, {p: [first[p]] + pool[4 * p: 4 * p + 4] for p in range(3)})


def test_toys_are_placed_facedown_and_hidden_until_step_c():
    s = new(3)
    three_hands(s, ["toy_3", "spacecraft_1", "spacecraft_2"])
    ev = play_turn(s, {0: "toy_3", 1: "spacecraft_1", 2: "spacecraft_2"})
    assert of_type(ev, Revealed)[0].cards == (None, "spacecraft_1", "spacecraft_2")
    assert s.toys[0] == [cid(s, "toy_3")]
    assert s.view(1)["players"][0]["display"]["facedown_toys"] == 1
    assert "toy_3" not in str(s.view(1)) and "toy_3" in str(s.view(0)["you"]["facedown_toys"])


def test_gps_tracker_makes_next_selection_random():
    s = new(3)
    three_hands(s, ["gps_tracker", "spacecraft_1", "spacecraft_2"])
    play_turn(s, {0: "gps_tracker", 1: "spacecraft_1", 2: "spacecraft_2"})
    # Seat 0 already has a card drawn at random; only the others choose.
    assert s.selected[0] >= 0 and s.to_move() == [1, 2]
    with pytest.raises(IllegalAction):
        s.apply(0, Action("select", s.r.keys[s.hand[0][0]]))


def test_tiit_clo_uhl_everyone_draws_and_plus_3_threshold():
    s = new(3)
    three_hands(s, ["tiit_clo_uhl", "spacecraft_1", "spacecraft_2"])
    play_turn(s, {0: "tiit_clo_uhl", 1: "spacecraft_1", 2: "spacecraft_2"})
    assert [len(h) for h in s.hand] == [5, 5, 5]  # 5 - 1 + 1
    assert s.threshold_cards == [3]


@pytest.mark.parametrize("value,kept", [(-4, True), (-2, True), (2, False), (4, False)])
def test_swiss_army_pocket_laser(value, kept):
    s = new(3)
    three_hands(s, ["swiss_army_pocket_laser", "spacecraft_1", "spacecraft_2"])
    play_turn(s, {0: "swiss_army_pocket_laser", 1: "spacecraft_1", 2: "spacecraft_2"})
    assert s.to_move() == [0]
    assert s.legal_actions(0) == [Action("threshold_card", v) for v in (-4, -2, 2, 4)]
    s.apply(0, Action("threshold_card", value))
    assert s.threshold_cards == [value]
    assert (cid(s, "swiss_army_pocket_laser") in s.shown[0]) is kept
    assert s.phase == "select" and s.to_move() == [0, 1, 2]


def test_titanic_tentacles_keeps_one_of_three_and_ignores_when_revealed_effects():
    s = new(3)
    three_hands(s, ["titanic_tentacles", "spacecraft_1", "spacecraft_2"])
    for k in ("reality_gyro", "robot_3", "shapeshifter_10"):
        s.deck.remove(cid(s, k))
    s.deck[:0] = [cid(s, "reality_gyro"), cid(s, "robot_3"), cid(s, "shapeshifter_10")]
    direction = s.direction
    play_turn(s, {0: "titanic_tentacles", 1: "spacecraft_1", 2: "spacecraft_2"})
    assert s.to_move() == [0]
    assert sorted(a.arg for a in s.legal_actions(0)) == ["reality_gyro", "robot_3", "shapeshifter_10"]
    assert s.view(1)["decision"] == {"kind": "titanic_tentacles", "seat": 0, "count": 3}
    ev = s.apply(0, Action("keep", "reality_gyro"))
    assert cid(s, "reality_gyro") in s.shown[0]
    assert s.direction == direction  # the Gyro's when-revealed effect is ignored
    assert Discarded(0, cards=("robot_3", "shapeshifter_10")) in ev


def test_tentacles_robot_turns_with_another_players_robot():
    s = new(3)
    three_hands(s, ["titanic_tentacles", "robot_1", "spacecraft_2"])
    s.deck.remove(cid(s, "robot_9"))
    s.deck.insert(0, cid(s, "robot_9"))
    play_turn(s, {0: "titanic_tentacles", 1: "robot_1", 2: "spacecraft_2"})
    assert s.orient[cid(s, "robot_1")] == 0  # alone so far
    s.apply(0, Action("keep", "robot_9"))
    assert s.orient[cid(s, "robot_1")] == 1 and s.orient[cid(s, "robot_9")] == 1


def test_reality_gyro_flips_passing_direction():
    s = new(3)
    three_hands(s, ["reality_gyro", "spacecraft_1", "spacecraft_2"])
    before = s.direction
    hands_before = [sorted(h) for h in s.hand]
    play_turn(s, {0: "reality_gyro", 1: "spacecraft_1", 2: "spacecraft_2"})
    assert s.direction == -before
    # seat p now holds what seat p + direction held (minus the played card)
    src = (0 + before) % 3  # flipped: seat 0 receives from the seat it used to pass to
    assert set(s.hand[0]) <= set(hands_before[src])


def test_morpho_sucker_turns_per_shapeshifter_of_others_from_next_turn():
    s = new(3)
    three_hands(s, ["morpho_sucker", "shapeshifter_3", "shapeshifter_7"])
    play_turn(s, {0: "morpho_sucker", 1: "shapeshifter_3", 2: "shapeshifter_7"})
    assert s.orient[cid(s, "morpho_sucker")] == 0  # not active in its own Turn
    set_hands(s, {0: ["shapeshifter_8", "spacecraft_3", "spacecraft_4", "spacecraft_5"],
                  1: ["shapeshifter_9", "spacecraft_6", "spacecraft_7", "spacecraft_8"],
                  2: ["shapeshifter_10", "spacecraft_9", "spacecraft_10", "toy_1"]})
    play_turn(s, {0: "shapeshifter_8", 1: "shapeshifter_9", 2: "shapeshifter_10"})
    assert s.orient[cid(s, "morpho_sucker")] == 2  # two others' Shapeshifters; its owner's own does not count


def test_cubus_libra_turns_for_others_weight_7_plus_but_not_robots():
    s = new(3)
    three_hands(s, ["cubus_libra", "spacecraft_1", "spacecraft_2"])
    play_turn(s, {0: "cubus_libra", 1: "spacecraft_1", 2: "spacecraft_2"})
    set_hands(s, {0: ["spacecraft_10", "toy_1", "toy_2", "toy_3"],      # own Weight 10: no
                  1: ["spacecraft_9", "toy_4", "toy_5", "toy_6"],       # Weight 9: yes
                  2: ["robot_9", "toy_8", "toy_9", "toy_10"]})          # a Robot never triggers
    play_turn(s, {0: "spacecraft_10", 1: "spacecraft_9", 2: "robot_9"})
    assert s.orient[cid(s, "cubus_libra")] == 1


def test_loot_box_turns_for_own_weight_6_plus():
    s = new(3)
    three_hands(s, ["loot_box", "spacecraft_1", "spacecraft_2"])
    play_turn(s, {0: "loot_box", 1: "spacecraft_1", 2: "spacecraft_2"})
    set_hands(s, {0: ["spacecraft_8", "toy_1", "toy_2", "toy_3"],
                  1: ["spacecraft_9", "toy_4", "toy_5", "toy_6"],
                  2: ["spacecraft_10", "toy_8", "toy_9", "toy_10"]})
    play_turn(s, {0: "spacecraft_8", 1: "spacecraft_9", 2: "spacecraft_10"})
    assert s.orient[cid(s, "loot_box")] == 1  # only its owner's Weight-8 card


def test_time_machine_part_with_two_open_groups_is_the_players_choice():
    s = new(3)
    put(s, 0, "warp_drive_1", "warp_drive_2")  # two groups
    assert len(s.groups[0]) == 2
    place_card(s, 0, s.deck.pop(s.deck.index(cid(s, "command_chair_1"))), SELECTED)
    assert s.decision == TimeMachineGroup(0, cid(s, "command_chair_1"), (0, 1))
    assert s.legal_actions(0) == [Action("group", 0), Action("group", 1)]


def test_last_cards_go_facedown_beside_the_black_hole_then_one_sets_the_threshold():
    s = new(3)
    hand = s.r.black_holes[s.black_hole].hand_size
    turns = extra = 0
    while True:
        p = s.to_move()[0]
        ev = s.apply(p, s.legal_actions(p)[0])
        turns += len(of_type(ev, Revealed))
        extra += sum(1 for e in of_type(ev, EffectActed) if e.effect == "tiit_clo_uhl")
        if of_type(ev, LastCards):
            break
    assert turns == hand - 1 + extra  # one card a Turn until one is left; TIIT CLO UHL adds a Turn
    assert of_type(ev, LastCards)[0].count == 3
    if s.decision is None:  # no Relic asked a question: the round was scored from one of those 3 cards
        assert len(of_type(ev, BlackHoleCard)) == 1 and s.round == 2
