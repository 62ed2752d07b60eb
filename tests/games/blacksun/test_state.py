"""The state on the engine's seam: named decisions, declared fields and copies, determinization, the result."""

from __future__ import annotations

import pytest

import voidtable
from voidtable.engine.errors import GameNotOver
from voidtable.engine.fields import shared_mutables
from voidtable.engine.rng import Rng
from voidtable.games.blacksun.flow import TASKS, Move, Walk
from voidtable.games.blacksun.raids import Raid
from voidtable.games.blacksun.state import FIELDS

from .helpers import at, do, make, maybe, run, space_tiles

FS = frozenset()


def test_the_view_names_the_decision_fields():
    s = make(2, ["merchants", "smuggler"], ships=[(0, "transport"), (0, "transport")], tiles=space_tiles())
    at(s, 0, 1, 0)
    run(s, Move(0, 1, FS, FS))
    do(s, "fleet_from", (1, 0))
    maybe(s, "add_ship", 0)  # forced single choices apply themselves
    maybe(s, "fleet_done")
    assert isinstance(s.stack[-1], Walk)
    d = s.view(0)["decision"]
    assert d["kind"] == "walk" and d["seat"] == 0
    assert d["fleet"] == [0] and d["origin"] == s.board.hex_of((1, 0)) and d["pos"] == d["origin"] and d["mp"] == 2
    assert TASKS.to_json(s.stack[-1]) == d


def test_every_decision_type_has_a_seat_and_a_name():
    names = [r.name for r in TASKS]
    assert len(names) == len(set(names))
    assert {"walk", "pick", "arrange", "raid_choice", "remove_counters", "story_end"} <= set(names)
    for r in TASKS:
        if not r.is_auto:
            assert "seat" in r.cls._fields


def test_clone_follows_the_declared_fields():
    s = voidtable.load("blacksun", 4).new_state(5)
    for _ in range(200):
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[0])
    c = s.clone()
    assert set(vars(c)) == FIELDS.names() == set(vars(s))
    assert shared_mutables(FIELDS, s, c) == []
    assert c.snapshot() == s.snapshot()


def test_raid_copy_shares_nothing_mutable():
    r = Raid(3, "hex", 0, 1)
    r.parts, r.ships, r.total, r.lost, r.doom = [0, 1], {0: [4], 1: [5]}, {0: 2, 1: 1}, {0: 0, 1: 0}, {0: [4]}
    c = r.copy()
    c.ships[0].append(9)
    c.doom[0].append(9)
    c.parts.append(2)
    c.lost[1] = 3
    assert r.ships == {0: [4], 1: [5]} and r.doom == {0: [4]} and r.parts == [0, 1] and r.lost[1] == 0
    assert c.snapshot()["ships"] == {"0": [4, 9], "1": [5]}


def test_manual_setup_copies_are_independent():
    s = voidtable.load("blacksun", 3, {"manual_setup": True}).new_state(2)
    c = s.clone()
    c.manual.hands[0].pop()
    c.manual.open.pop()
    assert len(s.manual.hands[0]) == len(c.manual.hands[0]) + 1 and len(s.manual.open) == len(c.manual.open) + 1


def test_determinize_redraws_only_the_undealt_factions():
    s = voidtable.load("blacksun", 3).new_state(4)
    d = s.determinize(0, Rng(9))
    assert sorted(d.deck) == sorted(s.deck) and d.starting == s.starting
    assert d.view(0) == s.view(0)


def test_result_only_at_the_end():
    s = voidtable.load("blacksun", 2).new_state(1)
    with pytest.raises(GameNotOver):
        s.result()
