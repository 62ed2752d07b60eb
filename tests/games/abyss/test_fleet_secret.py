"""The fleet battle with secret buying (``buying = "secret"``): both seats order at once, hidden, revealed together."""

from __future__ import annotations

from voidtable.engine import Action, Rng, visible_events
from voidtable.engine.registry import load
from voidtable.games.abyss.fleet.events import Bought, Ordered


def secret_state(seed: int = 3):
    return load("abyss_battle", 2, {"buying": "secret"}).new_state(seed)


def test_both_seats_order_at_once_and_see_only_their_own_orders():
    s = secret_state()
    assert s.to_move() == [0, 1]
    events = s.apply(0, Action("buy", "picket"))
    assert visible_events(events, 1) == [] and visible_events(events, None) == []
    assert [type(e) for e in visible_events(events, 0)] == [Ordered]
    mine, theirs = s.view(0), s.view(1)
    assert mine["orders"][0] == ["picket"] and mine["budget"][0] == 40 - 19
    assert theirs["orders"][0] is None and theirs["budget"][0] is None   # hidden from the rival
    assert s.view(None)["orders"] == [None, None]
    assert s.ships == {}, "no ship is on the table before the reveal"
    assert s.to_move() == [0, 1], "the rival may still order while seat 0 goes on"


def test_the_fleets_are_revealed_together_when_both_are_sealed():
    s = secret_state()
    s.apply(1, Action("buy", "monitor"))
    s.apply(0, Action("buy", "picket"))
    s.apply(0, Action("buy", "picket"))     # 2 points left buy nothing: seat 0's order seals itself
    assert s.to_move() == [1]
    events = s.apply(1, Action("fleet_done"))
    bought = [(e.seat, e.design) for e in visible_events(events, None) if isinstance(e, Bought)]
    assert sorted(bought) == [(0, "picket"), (0, "picket"), (1, "monitor")]
    assert s.phase == "deploy" and len(s.ships) == 3
    assert s.view(0)["budget"] == [2, 5] and s.view(1)["orders"] == [[], []]


def test_a_determinization_redraws_the_rivals_hidden_order_within_its_points():
    s = secret_state()
    s.apply(0, Action("buy", "picket"))
    s.apply(0, Action("buy", "picket"))
    seen = set()
    for k in range(20):
        d = s.determinize(1, Rng(k))
        assert d.view(1) == s.view(1) and d.to_move() == s.to_move() == [1]
        assert d.legal_actions(1) == s.legal_actions(1)
        assert not d.buying[0] and d.orders[0]
        assert sum(d.r.designs[o].points for o in d.orders[0]) + d.budget[0] == 40
        seen.add(d.orders[0])
    assert len(seen) > 1, "the rival's hidden order is redrawn, not copied"
    assert s.orders[0] == ("picket", "picket"), "the original keeps its orders"
