"""Tactics (assumed abilities): paid with cards of one type, no action, offered only where they can be played."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.empires.planets import Control
from voidtable.games.empires.tasks import ChooseAction

from .helpers import attack, blank, resting, run, script, ship


def give(s, seat, kind, tactic, n):
    cards = [c for c in s.deck if s.r.cards[c] == (kind, tactic)][:n]
    for c in cards:
        s.deck.remove(c)
    s.hands[seat].extend(cards)
    assert len(cards) == n


def test_credits_and_extra_action_cost_no_action():
    s = blank()
    s.credits[0] = 0
    give(s, 0, "capitalistic", "credit", 1)
    give(s, 0, "capitalistic", "credits", 1)
    give(s, 0, "militaristic", "extra_action", 3)
    run(s, ChooseAction(0, 3))
    legal = s.legal_actions(0)
    assert Action("tactic", ("capitalistic.credits", 1)) in legal  # paid with the other Tactic's card
    s.apply(0, Action("tactic", ("capitalistic.credits", 1)))
    assert s.credits[0] == 3 and s.hands[0] and s.pending == ChooseAction(0, 3)
    assert not [a for a in s.legal_actions(0) if a.arg and a.kind == "tactic" and a.arg[0].startswith("capitalistic")]
    s.apply(0, Action("tactic", ("militaristic.extra_action", 0)))
    assert s.pending == ChooseAction(0, 4) and s.hands[0] == []


def test_step_moves_one_space_free():
    s = blank()
    s.graph = {"a": (("b", ""),), "b": (("a", ""), ("c", "")), "c": (("b", ""),)}
    f = ship(s, 0, "starfighter", "a")
    give(s, 0, "mysterious", "step", 1)
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("tactic", ("mysterious.step", 0)))
    assert s.ships[f].space == "b" and s.pending == ChooseAction(0, 3)  # one ship, one place: taken by itself


def test_plus_two_turns_a_failed_roll_only_when_it_can():
    s = blank()
    s.race[0] = "mystics_of_siri"
    ship(s, 0, "diplomat", "tan_fu")            # Tan Fu is mysterious in our data
    give(s, 0, "mysterious", "step", 2)
    give(s, 0, "peaceful", "plus_two", 1)
    script(s, [5, 5, 1])                          # 11 with two cards: 13 needed, 2 short
    run(s, ChooseAction(0, 1))
    s.apply(0, Action("diplomacy", ("tan_fu", 2)))
    assert s.legal_actions(0) == [Action("tactic", ("peaceful.plus_two", 0)), Action("pass", None)]
    s.apply(0, Action("tactic", ("peaceful.plus_two", 0)))
    assert s.control["tan_fu"] == Control(ally=0) and s.hands[0] == []
    # three short: no window opens
    s2 = blank()
    s2.race[0] = "mystics_of_siri"
    ship(s2, 0, "diplomat", "tan_fu")
    give(s2, 0, "mysterious", "step", 2)
    give(s2, 0, "peaceful", "plus_two", 1)
    script(s2, [5, 4, 1])
    run(s2, ChooseAction(0, 1))
    s2.apply(0, Action("diplomacy", ("tan_fu", 2)))
    assert resting(s2)


def test_cancel_an_attack_before_any_die():
    s = blank()
    ship(s, 0, "sunhammer", "t0.p0")
    ship(s, 1, "starfighter", "t0.p0")
    give(s, 1, "peaceful", "cancel_attack", 2)
    rng = script(s, [])
    before = rng.state
    attack(s, 0, "t0.p0", 1)
    assert s.to_move() == [1] and Action("pass", None) in s.legal_actions(1)
    s.apply(1, Action("tactic", ("peaceful.cancel_attack", 0)))
    assert resting(s) and rng.state == before and len(s.ships) == 2


def test_scholarly_tactics_in_the_pre_round():
    from voidtable.games.empires.tasks import PreRound, PreRoundTurn
    # base game: chosen in secret, paid at the reveal, 3 credits off the research
    s = blank()
    s.done = [False, True, True, True]
    s.credits[0] = 2
    give(s, 0, "scholarly", "research_discount", 2)
    run(s, PreRound())
    assert Action("research", "sunhammer_forge") not in s.legal_actions(0)
    s.apply(0, Action("tactic", ("scholarly.research_discount", 0)))
    assert not [a for a in s.legal_actions(0) if a.kind == "tactic"]          # one a round
    assert Action("research", "starcruiser_hulls") in s.legal_actions(0)    # 3 - 3 -> at least 1
    assert len(s.hands[0]) == 2 and s.view(1)["pre_round"]["mine"] == []     # hidden until the reveal
    s.apply(0, Action("research", "starcruiser_hulls"))
    s.apply(0, Action("build_done", None))
    assert "starcruiser_hulls" in s.techs[0] and s.credits[0] == 1 and s.hands[0] == []
    # advanced rules: paid at once; a trade good ignored this round
    s = blank(options={"advanced": True})
    s.credits[0] = 10
    s.techs[0] = ["starcruiser_hulls"]
    give(s, 0, "scholarly", "ignore_trade_good", 2)
    run(s, PreRoundTurn(0))
    assert Action("research", "sunhammer_forge") not in s.legal_actions(0)  # no metals
    s.apply(0, Action("tactic", ("scholarly.ignore_trade_good", 0)))
    assert s.hands[0] == []
    s.apply(0, Action("research", "sunhammer_forge"))
    assert "sunhammer_forge" in s.techs[0]


def test_militaristic_reroll_of_all_misses_at_a_level():
    s = blank()
    ship(s, 0, "sunhammer", "t0.p0")
    f = ship(s, 1, "starfighter", "t0.p0")
    give(s, 0, "militaristic", "reroll", 2)
    script(s, [1, 2, 5])  # the Sunhammer misses twice; the re-roll: 5 hits
    attack(s, 0, "t0.p0", 1)
    assert s.to_move() == [0] and Action("pass", None) in s.legal_actions(0)
    s.apply(0, Action("tactic", ("militaristic.reroll", 0)))
    assert f not in s.ships and s.hands[0] == [] and resting(s)
