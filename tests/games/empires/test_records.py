"""Empires' events are declared records (events.py): what the rules log, the dice included, and nothing as a dict.

engine.dice still emits its ``rolled`` event as a dict; the game's state takes it into its log as its own
:class:`Rolled` record (same JSON form), and refuses any other dict, so an event can no longer slip into the log
untyped. The shooting in these positions is the book's (a Sunhammer rolls two dice hitting on 3 or more).
"""

from __future__ import annotations

import msgspec
import pytest

from voidtable.engine.events import EventRecord, event_json
from voidtable.games.empires.combat import fire
from voidtable.games.empires.events import HeldFire, Rolled

from .helpers import blank, script, ship

CIRCLE = "t0.p0"  # a light circle of the centre tile: no planet


def test_a_ships_dice_are_logged_as_the_games_records_in_the_dice_json_form():
    s = blank()
    i = ship(s, 2, "sunhammer", CIRCLE)
    script(s, [2, 5])
    assert fire(s, i, "attack") == 1
    events = s.take_events()
    assert all(isinstance(e, EventRecord) for e in events)
    assert [(e.value, e.seat, e.why) for e in events if isinstance(e, Rolled)] == [(2, 2, "attack"), (5, 2, "attack")]
    assert event_json(events[0]) == {"type": "rolled", "sides": 6, "colour": "white", "value": 2, "seat": 2,
                                     "why": "attack"}


def test_a_shooting_star_without_a_credit_holds_fire_and_says_why():
    s = blank()
    i = ship(s, 1, "shooting_star", CIRCLE)
    s.credits[1] = 0
    assert fire(s, i, "attack") == 0
    assert s.take_events() == [HeldFire(1, i, "no credit")]


def test_a_dict_other_than_a_die_roll_is_refused_and_a_quiet_state_takes_nothing():
    s = blank()
    with pytest.raises(msgspec.ValidationError, match="'drew'"):  # the error names the type
        s.emit({"type": "drew", "seat": 0, "count": 1})
    with pytest.raises(msgspec.ValidationError):
        s.emit({"type": "rolled", "sides": 6, "colour": "white", "value": 3, "seat": 0, "why": "a made-up reason"})
    s.set_events(False)
    s.emit({"type": "drew", "seat": 0, "count": 1})
    assert s.take_events() == []
