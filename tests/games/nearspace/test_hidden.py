"""Hidden information: face-down cards and Resource order are secret; determinization redraws each deck apart."""

from __future__ import annotations

import json
from collections import Counter

from voidtable.engine.rng import Rng
from voidtable.engine.events import event_json
from voidtable.games.nearspace.events import Drew, DrewCard
from voidtable.games.nearspace.state import EMPTY

from .helpers import fresh


def unseen(s, q):
    """Seat q's cards nobody can see: face-down places and the Resource above its public bottom."""
    places = [c for i, c in enumerate(s.place_card) if not s.face_up[i] and c != EMPTY and s.r.owner(c) == q]
    return places + s.resource[q][: len(s.resource[q]) - s.known_bottom[q]]


def test_views_show_no_face_down_card_and_no_resource_order():
    s = fresh(4)
    for seat in (None, 0, 1):
        v = s.view(seat)
        text = json.dumps(v)
        for i, place in enumerate(v["places"]):
            if not place["face_up"]:
                assert place["card"] is None and place["owner"] in (0, 1)
        assert v["resource"] == [len(s.resource[0]), len(s.resource[1])]
        hidden_keys = {s.r.instances[c][1] for q in range(2) for c in unseen(s, q)}
        shown = {s.r.instances[c][1] for q in range(2) for c in s.hand[q]} | {"terra", "centauri_prime", "neutral_space"}
        for k in hidden_keys - shown:
            if k not in {s.r.instances[c][1] for q in range(2) for c in s.resource[q][len(s.resource[q]) - s.known_bottom[q]:]}:
                assert f'"{k}"' not in text, k
    assert s.view(0)["hands"] == s.view(1)["hands"]  # hands are dealt face up


def test_determinize_keeps_the_view_and_redraws_each_deck_on_its_own():
    s = fresh(9)
    changed = False
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == s.view(0) and d.legal_actions(0) == s.legal_actions(0)
        for q in range(2):
            assert Counter(unseen(d, q)) == Counter(unseen(s, q))
            assert all(s.r.owner(c) == q for c in unseen(d, q))  # decks never mix
            assert d.hand[q] == s.hand[q]
            bottom = s.known_bottom[q]
            if bottom:
                assert d.resource[q][-bottom:] == s.resource[q][-bottom:]
        changed |= d.place_card != s.place_card or d.resource != s.resource
    assert changed


def test_hidden_hands_option_redacts_and_resamples_the_other_hand():
    s = fresh(9, {"hidden_hands": True})
    v0 = s.view(0)
    assert isinstance(v0["hands"][0], list) and v0["hands"][1] == 3
    drew = [e for e in s.setup_events if isinstance(e, DrewCard)]
    assert drew and all(e.visible_to == (e.seat,) for e in drew)
    assert all("card" not in event_json(e) for e in s.setup_events if isinstance(e, Drew))
    pool = Counter(s.hand[1] + unseen(s, 1))
    seen_other_hands = set()
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.view(0) == v0 and d.hand[0] == s.hand[0]
        assert Counter(d.hand[1] + unseen(d, 1)) == pool
        seen_other_hands.add(tuple(sorted(d.hand[1])))
    assert len(seen_other_hands) > 1


def test_determinize_does_not_touch_the_original():
    s = fresh(2)
    before = s.snapshot_json()
    s.determinize(1, Rng(5))
    assert s.snapshot_json() == before


def test_a_card_waiting_for_its_sector_stays_secret_with_hidden_hands():
    """Choosing where an Encounter goes: the card is still in the chooser's secret Hand, so the other seat sees no card."""
    from voidtable.games.nearspace.tasks import Target

    s = fresh(2, {"hidden_hands": True})
    seat = 0
    card = s.hand[seat][0]
    s.stack.append(Target(seat, card))
    s._legal = None
    assert s.view(seat)["decision"]["card"] == card
    assert s.view(1)["decision"]["card"] is None and s.view(None)["decision"]["card"] is None
    open_hands = fresh(2)
    open_hands.stack.append(Target(seat, open_hands.hand[seat][0]))
    assert open_hands.view(1)["decision"]["card"] == open_hands.hand[seat][0]  # Hands are face up by the book
