"""Step 5: threat sectors (check for #), Encounters fought in the owner's order, beaten ones replaced."""

from __future__ import annotations

from voidtable.engine.actions import Action
from voidtable.engine.positions import edit, run_until
from voidtable.games.nearspace import threat
from voidtable.games.nearspace.events import Destroyed
from voidtable.games.nearspace.tasks import EncounterCheck, Threat

from .helpers import ScriptedRng, blank, lay, place, ship


def test_threat_sector_destroys_on_check_number_or_less():
    s = blank()
    lay(s, (1, -1), "sol_minefield")  # check 2
    a = ship(s, 0, 6, "white", (1, -1))
    b = ship(s, 0, 6, "blue", (1, -1))
    edit(s, rng=ScriptedRng([2, 3]))
    stop = run_until(s, "encounter_check", push=[Threat(0)])
    assert a not in s.ships and b in s.ships and s.graveyard[0][0].sides == 6
    assert stop.reason == "stop" and stop.pending.task == EncounterCheck(0)  # next, even with nothing to check
    assert sum(isinstance(e, Destroyed) for e in stop.events) == 1


def test_only_the_seats_own_ships_check():
    s = blank()
    lay(s, (0, 1), "the_shards", 1)
    mine = ship(s, 0, 6, "white", (0, 1))
    s.rng = ScriptedRng([1])
    threat.threat(s, Threat(1))  # seat 1's Threat step: seat 0's ship does not check
    assert mine in s.ships and s.rng.faces == [1]
    threat.threat(s, Threat(0))
    assert mine not in s.ships


def test_encounters_in_the_owners_order_a_beaten_one_is_replaced():
    s = blank()
    p = place(s, (0, 1))
    lay(s, (0, 1), "pirate_raiders", 1)  # a d8 Encounter found on the map
    a = ship(s, 0, 6, "white", (0, 1))
    b = ship(s, 0, 12, "white", (0, 1))
    task = EncounterCheck(0)
    assert threat.encounter_legal(s, task) == [Action("check", a), Action("check", b)]
    s.rng = ScriptedRng([7, 7])  # the d12 ties the Encounter: both are beaten
    top = s.resource[1][0]
    threat.encounter_check(s, task, Action("check", b))
    assert b not in s.ships and a in s.ships
    raiders = next(j for j, (o, k) in enumerate(s.r.instances) if o == 1 and k == "pirate_raiders")
    assert raiders in s.discard[1]
    assert s.place_card[p] != raiders and s.face_up[p]
    if s.r.is_sector(top):
        assert s.place_card[p] == top
    assert threat.encounter_legal(s, s.stack.pop()) == [] or s.r.card(s.place_card[p]).kind == "encounter"


def test_a_played_encounter_stays_until_beaten():
    s = blank()
    p = place(s, (1, -1))
    lay(s, (1, -1), "oceana")
    leviathan = next(j for j, (o, k) in enumerate(s.r.instances) if o == 1 and k == "void_leviathan")
    s.encounter_at[p] = leviathan
    a = ship(s, 0, 4, "white", (1, -1))
    s.rng = ScriptedRng([4, 2])
    threat.encounter_check(s, EncounterCheck(0), Action("check", a))
    assert p not in s.encounter_at and a in s.ships and leviathan in s.discard[1]
    assert s.r.card(s.place_card[p]).title == "Oceana"
