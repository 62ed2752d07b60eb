"""Negotiation as binding offers: licences for research, credits and cards; never VP or planets; one a turn,
and one window for each seat with something to offer between two rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.games.empires.events import OfferMade
from voidtable.games.empires.planets import Control
from voidtable.games.empires.preround import may_research
from voidtable.games.empires.tasks import ChooseAction

from .helpers import blank, give_cards, run

if TYPE_CHECKING:
    from voidtable.games.empires.state import EmpiresState


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
    # the only answer is decline, and the recipient still gives it: an answer that took itself would tell the
    # table what the recipient holds when the offer asks for a card (trade.answer_offer is a private decision)
    assert s.pending.__class__.__name__ == "AnswerOffer" and s.legal_actions(1) == [Action("decline", None)]
    s.apply(1, Action("decline", None))
    assert s.pending.__class__.__name__ == "ChooseAction"
    assert s.credits[:2] == [5, 0]


# ------------------------------------------------------------------ offers outside one's own turn
def between_rounds(options: dict[str, object], players: int = 4) -> "EmpiresState":
    """A set-up game at the end of round 1 (every turn played): the next task is the round's end."""
    from voidtable.games.empires.tasks import EndRound

    s = blank(players, options=options)
    s.round = 1
    run(s, EndRound(1))
    return s


def test_between_rounds_a_seat_not_on_turn_offers_and_the_recipient_accepts():
    """With negotiation on, every seat with something to offer gets one window before the next pre-round."""
    from voidtable.games.empires import scene, text
    from voidtable.games.empires.tasks import EndRound, OfferWindow

    s = blank(options={"negotiation": "full"})
    s.round, s.order = 1, (2, 3, 0, 1)
    give_cards(s, 3, "peaceful", 1)
    k = "{}.{}".format(*s.r.cards[s.hands[3][0]])
    s.credits = [0, 0, 5, 0]
    run(s, EndRound(1))
    assert s.pending == OfferWindow(2) and s.to_move() == [2]           # the first in turn order
    assert s.legal_actions(2) == [Action("offer_to", q) for q in (0, 1, 3)] + [Action("pass", None)]
    s.apply(2, Action("offer_to", 3))
    s.apply(2, Action("offer_give", ("credits", 3)))
    s.apply(2, Action("offer_ask", (k, 1)))
    events = s.apply(2, Action("offer_send", None))
    offer = next(e for e in events if isinstance(e, OfferMade))
    assert offer.visible_to == (2, 3)                                     # only the two see its content
    assert s.view(0)["decision"] == {"kind": "answer_offer", "seat": 3, "offer": {"seat": 2, "to": 3}}
    assert s.view(3)["decision"]["offer"]["give"] == [["credits", 3]]
    events += s.apply(3, Action("accept", None))
    assert s.credits[2:] == [2, 3] and len(s.hands[2]) == 1 and s.hands[3] == []  # the goods moved
    assert s.pending == OfferWindow(3)                                    # then the next seat's window
    names = ["Ann", "Bob", "Cy", "Dee"]
    table = scene.build(s.game, s.view(3), s.legal_actions(3), 3, names)   # the page: a player's panel, or pass
    assert table["prompt"].startswith("Before the next round")
    panels = next(p for p in table["parts"] if p["id"] == "players")["players"]
    assert [pl["action"]["kind"] for pl in panels if "action" in pl] == ["offer_to"] * 3
    assert [b["label"] for b in table["parts"][0]["buttons"]] == ["pass"]
    for q in (3, 0, 1):
        events += s.apply(q, Action("pass", None))
    assert s.round == 2                                                   # the next round began
    said = [text.describe_event(s.game, e, names) for e in events]
    assert f"Cy offers Dee 3 credits for 1 {text.card_name(k)}" in said
    assert "Dee accepts the offer of Cy" in said and "Ann makes no offer before the next round" in said


def test_between_rounds_a_declined_offer_moves_nothing():
    s = between_rounds({"negotiation": "full"})
    seat = s.to_move()[0]
    to = (seat + 1) % 4
    before = (list(s.credits), [list(h) for h in s.hands])
    s.credits[seat] = 3
    s.apply(seat, Action("offer_to", to))
    s.apply(seat, Action("offer_give", ("credits", 2)))
    s.apply(seat, Action("offer_send", None))
    s.apply(to, Action("decline", None))
    assert s.credits[seat] == 3 and s.credits[to] == before[0][to] and [list(h) for h in s.hands] == before[1]
    assert type(s.pending).__name__ == "OfferWindow" and s.pending.seat != seat


def test_a_seat_with_nothing_to_offer_is_never_asked_and_licences_restrict_the_goods():
    """Licences only: a seat lacking none of the others' trade goods has nothing to ask and gets no window;
    a seat lacking one is offered only the seats holding it, and only credits and that licence."""
    from voidtable.games.empires.tasks import EndRound, OfferWindow

    s = blank(options={"negotiation": "licences"})
    s.round, s.order = 1, (0, 1, 2, 3)
    s.control["core_traders"] = Control(ally=1)          # metals: seats 0, 2 and 3 lack it
    s.control["mining_world"] = Control(ally=0)          # crystals: seats 1, 2, 3 lack it
    s.control["tan_fu"] = Control(ally=2)                # gas
    s.control["council_world"] = Control(ally=3)         # life forms
    s.credits = [4, 4, 4, 4]
    give_cards(s, 0, "peaceful", 2)
    run(s, EndRound(1))
    asked = []
    while s.round == 1:
        p = s.to_move()[0]
        if isinstance(s.pending, OfferWindow):
            asked.append(p)
            assert set(s.legal_actions(p)) == {Action("pass", None)} | {Action("offer_to", q) for q in range(4) if q != p}
        s.apply(p, Action("pass", None))
    assert asked == [0, 1, 2, 3]
    s = blank(options={"negotiation": "licences"})
    s.round, s.order = 1, (0, 1, 2, 3)
    s.control["core_traders"] = Control(ally=1)          # only seat 1 holds a trade good: only the others lack one
    s.credits = [4, 4, 4, 4]
    give_cards(s, 0, "peaceful", 2)
    run(s, EndRound(1))
    assert s.pending == OfferWindow(0) and s.legal_actions(0) == [Action("offer_to", 1), Action("pass", None)]
    s.apply(0, Action("offer_to", 1))
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"offer_give", "offer_licence", "pass"}               # no cards given, nothing else asked
    assert all(a.arg[0] == "credits" for a in s.legal_actions(0) if a.kind == "offer_give")
    s.apply(0, Action("pass", None))                                      # drops the offer
    s.apply(2, Action("pass", None))                                      # seat 1 lacks nothing: never asked
    assert s.pending == OfferWindow(3)


def test_negotiation_off_opens_no_window():
    from voidtable.games.empires.tasks import PreRound

    s = between_rounds({})
    assert s.round == 2 and isinstance(s.pending, PreRound)


def test_bots_offer_and_answer_between_rounds():
    """The heuristic offers 2 credits for a licence it needs in a window between rounds; the other accepts."""
    from voidtable.engine.observation import observe
    from voidtable.engine.rng import Rng
    from voidtable.games.empires import bot
    from voidtable.games.empires.tasks import EndRound, OfferWindow

    s = blank(options={"negotiation": "licences"})
    s.round, s.order = 1, (0, 1, 2, 3)
    s.control["core_traders"] = Control(ally=1)          # metals, which Sunhammer Forge needs (our data)
    s.techs[0] = ["starcruiser_hulls"]
    s.credits = [6, 0, 0, 0]
    run(s, EndRound(1))
    assert s.pending == OfferWindow(0)
    rng, kinds = Rng(1), []
    while s.round == 1:
        p = s.to_move()[0]
        a = bot.BOT.act(observe(s, p), rng)
        kinds.append((p, a.kind))
        s.apply(p, a)
    assert kinds[:5] == [(0, "offer_to"), (0, "offer_licence"), (0, "offer_give"), (0, "offer_send"), (1, "accept")]
    assert s.licences == [(0, "metals", 2, 1)] and s.credits[:2] == [4, 2]
