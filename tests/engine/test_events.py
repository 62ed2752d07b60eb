"""The event contract (engine/events.py): records, their derived JSON form, who may see them, their words."""

from __future__ import annotations

import json

import pytest

from voidtable.engine.events import EventRecord, event_json, events_json, generic_event, record_types, visible_events
from voidtable.engine.records import digest


class DemoEvent(EventRecord, frozen=True):
    """A game's untagged base."""

    def words(self, say: str) -> str | None:
        return None


class Drew(DemoEvent, frozen=True, tag="drew_cards"):
    seat: int
    cards: tuple[str, ...]

    def words(self, say: str) -> str:
        return f"{say}{self.seat} draws {', '.join(self.cards)}"


class Placed(DemoEvent, frozen=True, tag="placed"):
    seat: int
    card: str
    source: str | None = None  # written only when given, as an optional key of the dict form was


def test_the_json_form_is_the_dict_form_type_first_visible_to_last_and_only_when_set():
    private = Drew(2, ("a", "b"), visible_to=(2,))
    assert event_json(private) == {"type": "drew_cards", "seat": 2, "cards": ["a", "b"], "visible_to": [2]}
    assert list(event_json(private)) == ["type", "seat", "cards", "visible_to"]  # declared order: byte-identical JSON
    assert event_json(Drew(2, ("a",))) == {"type": "drew_cards", "seat": 2, "cards": ["a"]}
    assert event_json(Placed(0, "x")) == {"type": "placed", "seat": 0, "card": "x"}
    assert event_json(Placed(0, "x", "relic")) == {"type": "placed", "seat": 0, "card": "x", "source": "relic"}


def test_a_dict_event_is_its_own_json_form_and_digests_match_the_records():
    hand = {"type": "drew_cards", "seat": 2, "cards": ["a", "b"], "visible_to": [2]}
    assert event_json(hand) is hand
    record = Drew(2, ("a", "b"), visible_to=(2,))
    assert digest([record]) == digest([hand])  # converting a game to records changes no recorded digest
    assert digest([record]) != digest([Drew(2, ("b", "a"), visible_to=(2,))])
    assert json.loads(json.dumps(events_json([record, hand]))) == [hand, hand]


def test_visible_events_filters_records_and_dicts_alike():
    events = [Drew(1, ("a",), visible_to=(1,)), Placed(0, "x"), {"type": "x", "visible_to": [0]}, {"type": "y"}]
    assert visible_events(events, None) == [events[1], events[3]]
    assert visible_events(events, 1) == [events[0], events[1], events[3]]
    assert visible_events(events, 0) == events[1:]


def test_records_are_frozen_and_equal_by_value():
    e = Drew(1, ("a",))
    with pytest.raises(AttributeError):
        e.seat = 2  # type: ignore[misc]
    assert e == Drew(1, ("a",)) and e != Drew(1, ("a",), visible_to=(1,))


def test_words_and_generic_words():
    assert Drew(1, ("a", "b")).words("Seat ") == "Seat 1 draws a, b"
    assert Placed(0, "x").words("") is None  # bookkeeping: the base says nothing
    assert generic_event(Placed(0, "x")) == generic_event({"type": "placed", "seat": 0, "card": "x"}) \
        == "Placed: seat 0, card x."


def test_record_types_lists_the_tagged_records_of_a_base():
    assert record_types(DemoEvent) == {"drew_cards": Drew, "placed": Placed}
