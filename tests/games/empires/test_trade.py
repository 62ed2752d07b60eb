"""Negotiation as binding offers: licences for research, credits and cards; never VP or planets; one a turn."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.games.empires.planets import Control
from voidtable.games.empires.preround import may_research
from voidtable.games.empires.tasks import ChooseAction

from .helpers import blank, give_cards, run


def test_off_by_default():
    s = blank()
    run(s, ChooseAction(0, 3))
    assert not [a for a in s.legal_actions(0) if a.kind.startswith("offer")]


def test_credits_for_a_licence_then_research_with_it():
    s = blank(options={"negotiation": "licences"})
    s.control["core_traders"] = Control(ally=1)   # metals
    s.techs[0] = ["starcruiser_hulls"]
    s.credits[0] = 10
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("offer_to", 1))
    legal = s.legal_actions(0)
    assert not [a for a in legal if a.kind == "offer_ask"]                  # licences only
    s.apply(0, Action("offer_give", ("credits", 2)))
    s.apply(0, Action("offer_licence", "metals"))
    s.apply(0, Action("offer_send", None))
    assert s.to_move() == [1] and s.legal_actions(1) == [Action("accept", None), Action("decline", None)]
    s.apply(1, Action("accept", None))
    assert s.credits == [8, s.credits[1], s.credits[2], s.credits[3]] and s.pending == ChooseAction(0, 3)
    assert not [a for a in s.legal_actions(0) if a.kind == "offer_to"]    # one offer a turn
    assert not may_research(s, 0, "sunhammer_forge", 8)                   # the licence is for the next pre-round
    s.round += 1
    assert may_research(s, 0, "sunhammer_forge", 8)
    s.control["core_traders"] = Control(ally=1, conqueror=2)              # the licensor lost the good
    assert not may_research(s, 0, "sunhammer_forge", 8)


def test_cards_for_credits_declined_then_accepted():
    s = blank(options={"negotiation": "full"})
    give_cards(s, 1, "peaceful", 1)
    k = "{}.{}".format(*s.r.cards[s.hands[1][0]])
    s.credits[0], s.credits[1] = 5, 0
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("offer_to", 1))
    s.apply(0, Action("offer_give", ("credits", 3)))
    s.apply(0, Action("offer_ask", (k, 1)))
    s.apply(0, Action("offer_send", None))
    s.apply(1, Action("decline", None))
    assert s.credits[:2] == [5, 0] and len(s.hands[1]) == 1
    s.used, s._legal = (), None  # a new turn, as far as offers go
    s.apply(0, Action("offer_to", 1))
    s.apply(0, Action("offer_give", ("credits", 3)))
    s.apply(0, Action("offer_ask", (k, 1)))
    s.apply(0, Action("offer_send", None))
    s.apply(1, Action("accept", None))
    assert s.credits[:2] == [2, 3] and s.hands[1] == [] and len(s.hands[0]) == 1


def test_an_offer_the_recipient_cannot_pay_can_only_be_declined():
    s = blank(options={"negotiation": "full"})
    s.credits[0], s.credits[1] = 5, 0
    run(s, ChooseAction(0, 3))
    s.apply(0, Action("offer_to", 1))
    s.apply(0, Action("offer_ask", ("credits", 2)))
    s.apply(0, Action("offer_give", ("credits", 1)))
    s.apply(0, Action("offer_send", None))
    assert s.pending.__class__.__name__ == "ChooseAction"  # the only answer, decline, took itself
    assert s.credits[:2] == [5, 0]
