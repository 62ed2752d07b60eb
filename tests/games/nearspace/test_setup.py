"""Setting up (E9, E10): the map from both decks, Resource and Hand, engines, the first player."""

from __future__ import annotations

from voidtable.games.nearspace.events import EncounterToBottom, Rolled
from voidtable.games.nearspace.state import EMPTY

from .helpers import fresh


def test_the_map_is_25_places_from_two_decks():
    s = fresh(3)
    b = s.r.board
    assert len(b.hexes) == 25 and len(s.place_card) == 25
    assert s.place_card[b.neutral] == s.r.neutral and s.face_up[b.neutral]
    for seat in range(2):
        hw = b.homeworld[seat]
        assert s.place_card[hw] == s.r.homeworld_ids[seat] and s.face_up[hw]
        laid = list(b.frontier[seat]) + list(b.pyramid[seat])
        assert len(b.frontier[seat]) == 2 and len(b.pyramid[seat]) == 9
        assert all(not s.face_up[p] and s.r.owner(s.place_card[p]) == seat for p in laid)
        assert len(s.resource[seat]) == 15 and len(s.hand[seat]) == 3  # 30 - 1 - 2 - 9 - 3
        every = laid + [hw]
        cards = [s.place_card[p] for p in every] + s.resource[seat] + s.hand[seat]
        assert sorted(cards) == sorted(s.r.deck_ids[seat])
    assert EMPTY not in s.place_card


def test_distances_fit_the_frontier():
    b = fresh().r.board
    for seat in range(2):
        d = b.distance[seat]
        assert all(d[p] == 4 for p in list(b.frontier[0]) + list(b.frontier[1]) + [b.neutral])
        assert d[b.homeworld[1 - seat]] == 8
        assert sorted(d[p] for p in b.pyramid[seat]) == [1, 1, 2, 2, 2, 3, 3, 3, 3]
        assert all(b.across_frontier(seat, p) for p in b.pyramid[1 - seat])
        assert not any(b.across_frontier(seat, p) for p in b.frontier[1 - seat])


def test_no_encounter_in_an_opening_hand():
    for seed in range(60):
        s = fresh(seed)
        for seat in range(2):
            assert all(s.r.card(c).kind != "encounter" for c in s.hand[seat])
            assert len(s.hand[seat]) == 3
            # any Encounter put under the Resource is public, at the bottom
            bottom = s.resource[seat][len(s.resource[seat]) - s.known_bottom[seat]:]
            assert all(s.r.card(c).kind == "encounter" for c in bottom)
    moved = [e for seed in range(60) for e in fresh(seed).setup_events if isinstance(e, EncounterToBottom)]
    assert moved  # it happens in some of 60 deals


def test_start_state_one_engine_no_ships_build_first():
    s = fresh(5)
    assert s.engines == [1, 1] and s.ships == {} and s.engine_hulls == {}
    assert s.stockpile[0].total() == 54 and s.stockpile[0].facets() == 468
    rolls = [e for e in s.setup_events if isinstance(e, Rolled) and e.why == "first player"]
    assert len(rolls) >= 2 and all(e.sides == 20 for e in rolls)
    assert [e.seat for e in rolls] == [0, 1] * (len(rolls) // 2)
    a, b = rolls[-2].value, rolls[-1].value
    assert a != b and s.first == (0 if a > b else 1)
    assert all(x.value == y.value for x, y in zip(rolls[:-2:2], rolls[1:-2:2]))  # earlier pairs tied
    assert s.active == s.first and s.pending is not None and type(s.pending).__name__ == "Build"
    assert s.is_first_round(s.first)
