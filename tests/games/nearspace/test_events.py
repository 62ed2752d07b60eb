"""Nearspace's records keep the log's JSON form: a roll as engine.dice writes it, ``visible_to`` where the dicts had it."""

from __future__ import annotations

import json

from voidtable.engine import dice
from voidtable.engine.dice import Die
from voidtable.engine.events import event_json, record_types
from voidtable.engine.rng import Rng
from voidtable.games.nearspace import rolls
from voidtable.games.nearspace.events import Invested, NearspaceEvent, Rolled

from .helpers import fresh


def _told(s, seed, roll):
    """The face and the one event a roll made with ``Rng(seed)``."""
    s.rng = Rng(seed)
    s.take_events()
    value = roll()
    events = s.take_events()
    assert len(events) == 1 and isinstance(events[0], Rolled)
    return value, json.dumps(event_json(events[0]))


def _engine(seed, roll):
    out: list[dict] = []
    value = roll(Rng(seed), out.append)
    assert len(out) == 1
    return value, json.dumps(out[0])


def test_every_roll_draws_and_writes_what_engine_dice_roll_would():
    """Attack and defence, a ship's and an Encounter card's roll, a Threat and a revival check, engines, the first
    player: the same face from the same draw, and byte for byte the event engine.dice writes with that context."""
    s = fresh(1)
    red, foe, d20 = Die(6, "red"), Die(8, "encounter"), Die(20)
    cases = [
        (lambda: rolls.roll(s, red, "attack", seat=0, ship=3),
         lambda r, emit: dice.roll(r, red, emit, seat=0, ship=3, why="attack")),
        (lambda: rolls.roll(s, red, "defence", seat=1, ship=0),
         lambda r, emit: dice.roll(r, red, emit, seat=1, ship=0, why="defence")),
        (lambda: rolls.roll(s, foe, "encounter", card="space_pirates"),
         lambda r, emit: dice.roll(r, foe, emit, card="space_pirates", why="encounter")),
        (lambda: rolls.check(s, red, 2, "threat", seat=0, ship=7),
         lambda r, emit: dice.check(r, red, 2, emit, seat=0, ship=7, why="threat")),
        (lambda: rolls.check(s, Die(12, "blue"), 4, "revive", seat=1),
         lambda r, emit: dice.check(r, Die(12, "blue"), 4, emit, seat=1, why="revive")),
        (lambda: rolls.roll(s, Die(6), "engine", seat=0),
         lambda r, emit: dice.roll(r, Die(6), emit, seat=0, why="engine")),
        (lambda: rolls.roll(s, d20, "first player", seat=1),
         lambda r, emit: dice.roll(r, d20, emit, seat=1, why="first player")),
    ]
    for seed in range(20):
        for ours, engines in cases:
            assert _told(s, seed, ours) == _engine(seed, engines)


def test_the_first_player_roll_off_rolls_as_dice_throw_did():
    s = fresh(1)
    for seed in range(30):
        s.rng = Rng(seed)
        s.take_events()
        first = dice.roll_off((0, 1), rolls.throw(s, Die(20), "first player"))
        ours = [json.dumps(event_json(e)) for e in s.take_events()]
        out: list[dict] = []
        assert first == dice.roll_off((0, 1), dice.dice_throw(Rng(seed), (Die(20),), out.append, why="first player"))
        assert ours == [json.dumps(e) for e in out]


def test_a_quiet_state_rolls_the_same_faces_and_tells_none():
    s, q = fresh(1), fresh(1)
    q.set_events(False)
    s.rng, q.rng = Rng(4), Rng(4)
    s.take_events()
    faces = [rolls.roll(s, Die(10, "green"), "attack", seat=0, ship=1) for _ in range(30)]
    assert [rolls.roll(q, Die(10, "green"), "attack", seat=0, ship=1) for _ in range(30)] == faces
    assert len(s.take_events()) == 30 and q.take_events() == []


def test_visible_to_is_written_last_and_only_public_records_are_keyword_only():
    """msgspec writes a keyword-only record's ``visible_to`` first: only Rolled and Invested are declared so, and
    neither is ever private; every private event of a Hidden Hands game writes ``visible_to`` last, as the dicts did."""
    first = {cls for cls in record_types(NearspaceEvent).values() if cls.__struct_encode_fields__[0] == "visible_to"}
    assert first == {Rolled, Invested}
    s = fresh(3, {"hidden_hands": True})
    rng = Rng(3)
    events = list(s.setup_events)
    for _ in range(400):
        if s.is_over():
            break
        p = s.to_move()[0]
        legal = s.legal_actions(p)
        events += s.apply(p, legal[rng.below(len(legal))])
    private = [event_json(e) for e in events if e.visible_to is not None]
    assert private and all(list(e)[-1] == "visible_to" for e in private)
    assert not any(isinstance(e, (Rolled, Invested)) and e.visible_to is not None for e in events)
