"""What a hand holds stays in the hand: forced choices, Tactic windows, and determinizations while an offer waits.

Issue 24, items 1 and 4. Other seats see a hand's size, never its cards: so no decision may be
taken by itself, or a window opened, because of what is in it; and a seat's determinization keeps
what an offer it sees has shown it of another's hand.
"""

from __future__ import annotations

import random

from voidtable.engine.actions import Action
from voidtable.engine.events import visible_events
from voidtable.engine.rng import Rng
from voidtable.games.empires.cards import hand_limit
from voidtable.games.empires.events import Discarded
from voidtable.games.empires.tasks import AnswerOffer, CancelAttack, ChooseAction, DiscardDown, MakeOffer

from .helpers import attack, blank, run, script, ship
from .test_tactics import give


def test_discarding_down_asks_for_each_card_even_when_the_rest_are_alike():
    """Two over the limit; after one discard the rest of the hand is all one kind. The second discard still
    waits for its seat: taken by itself in the same step, it told everyone the rest of the hand was alike."""
    s = blank()
    limit = hand_limit(s, 0)
    give(s, 0, "militaristic", "reroll", 1)
    give(s, 0, "peaceful", "plus_two", limit + 1)
    run(s, DiscardDown(0))
    assert len(s.legal_actions(0)) == 2
    events = s.apply(0, Action("discard", "militaristic.reroll"))
    assert [type(e) for e in visible_events(events, 1)] == [Discarded]  # one discard, the one chosen
    assert s.pending == DiscardDown(0) and s.legal_actions(0) == [Action("discard", "peaceful.plus_two")]
    s.apply(0, Action("discard", "peaceful.plus_two"))
    assert len(s.hands[0]) == limit


def test_an_attack_opens_the_cancel_window_by_hand_size_not_by_the_cards_in_it():
    """A defender with two cards (enough to pay to cancel) is asked even without the Peaceful cards, and can
    only pass; with one card nobody is asked. Both are public: the hand's size is."""
    s = blank()
    ship(s, 0, "sunhammer", "t0.p0")
    ship(s, 1, "starfighter", "t0.p0")
    give(s, 1, "militaristic", "reroll", 2)
    script(s, [1] * 20)
    attack(s, 0, "t0.p0", 1)
    assert s.pending.__class__ is CancelAttack and s.legal_actions(1) == [Action("pass", None)]
    s2 = blank()
    ship(s2, 0, "sunhammer", "t0.p0")
    ship(s2, 1, "starfighter", "t0.p0")
    give(s2, 1, "militaristic", "reroll", 1)
    script(s2, [1] * 20)
    attack(s2, 0, "t0.p0", 1)
    assert all(t.__class__ is not CancelAttack for t in s2.stack)


def test_the_actions_of_a_turn_wait_for_their_seat_even_when_ending_it_is_all_there_is():
    s = blank()
    s.mined = True
    s.deck.clear()
    s.discard.clear()
    run(s, ChooseAction(0, 1))
    assert s.legal_actions(0) == [Action("end_turn", None)] and s.to_move() == [0]


def offer_waiting(players: int = 3) -> tuple[object, MakeOffer]:
    """Seat 0 offers seat 1 one of its two Mysterious Step cards for 1 credit; the answer waits."""
    s = blank(players, options={"negotiation": "full"})
    s.credits[1] = 3
    give(s, 0, "mysterious", "step", 2)
    give(s, 0, "peaceful", "plus_two", 1)
    give(s, 2, "militaristic", "reroll", 2)
    run(s, ChooseAction(0, 3))
    for a in (Action("offer_to", 1), Action("offer_give", ("mysterious.step", 1)), Action("offer_ask", ("credits", 1)),
              Action("offer_send", None)):
        s.apply(0, a)
    task = s.pending
    assert task.__class__ is AnswerOffer and s.legal_actions(1) == [Action("accept", None), Action("decline", None)]
    return s, task.offer


def test_a_determinization_for_the_recipient_keeps_what_the_offer_shows():
    """Before the fix most redraws left the proposer without the offered card, so the recipient could only
    decline in them (126-190 of 200 samples) and the searching bot declined every offer."""
    s, offer = offer_waiting()
    rng = random.Random(4)
    for _ in range(100):
        d = s.determinize(1, Rng(rng.randrange(1 << 30)))
        assert d.legal_actions(1) == s.legal_actions(1) and d.view(1) == s.view(1)
        keys = sorted(f"{t}.{a}" for t, a in (d.r.cards[c] for c in d.hands[0]))
        assert "mysterious.step" in keys and len(keys) == 3


def test_only_the_offer_s_two_seats_keep_the_offered_card_in_their_worlds():
    """A third seat does not see the offer: its worlds redraw the proposer's whole hand."""
    s, offer = offer_waiting()
    rng = random.Random(5)
    kept = 0
    for _ in range(60):
        d = s.determinize(2, Rng(rng.randrange(1 << 30)))
        assert d.view(2) == s.view(2) and len(d.hands[0]) == 3
        kept += any(d.r.cards[c] == ("mysterious", "step") for c in d.hands[0])
    assert kept < 60
