"""Step 5, Threat: the seat's ships facing a threat check, one by one.

A ship in a threat sector (Asteroid Field, Mine Field) rolls its die: the card's
check number or less destroys it (to the Graveyard: threat losses count for
Conquest). Then each ship facing an Encounter (found on the map, or played on
it) fights the Encounter's die like a combat pair: the lower is beaten, a tie
beats both. The owner picks the order, which matters: an Encounter beaten early
spares the ships after it. Only the seat's own ships check in its Threat step
(a reading: the book has players test 'each ship', in their own order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action
from voidtable.engine.dice import Die, check, roll

from .actions import CHECK
from .cards import has_encounter
from .movement import fill_place
from .resource import key, to_discard
from .board import EMPTY
from .tasks import TASKS, EncounterCheck, Threat
from .victory import check_end, to_graveyard

if TYPE_CHECKING:
    from .state import NearspaceState


@TASKS.auto(Threat)
def threat(s: "NearspaceState", task: Threat) -> None:
    seat = task.seat
    for i, ship in s.fleet(seat):
        card = s.place_of(ship.place)
        if card is None or not s.face_up[ship.place] or not card.threat_check:
            continue
        if check(s.rng, ship.die, card.threat_check, s.emit, seat=seat, ship=i, why="threat"):
            to_graveyard(s, i, "threat")
            if s.over:
                return
    check_end(s)
    if not s.over:
        s.push(EncounterCheck(seat))


def facing_encounters(s: "NearspaceState", seat: int) -> list[int]:
    return [i for i, ship in s.fleet(seat) if has_encounter(s, ship.place)]


def encounter_legal(s: "NearspaceState", task: EncounterCheck) -> list[Action]:
    return [CHECK(i) for i in facing_encounters(s, task.seat)]


@TASKS.decision(EncounterCheck, legal=encounter_legal)
def encounter_check(s: "NearspaceState", task: EncounterCheck, action: Action) -> None:
    ship = s.ships[action.arg]
    place = ship.place
    played = place in s.encounter_at
    card = s.encounter_at[place] if played else s.place_card[place]
    foe = Die(s.r.card(card).die, "encounter")
    mine = roll(s.rng, ship.die, s.emit, seat=task.seat, ship=action.arg, why="encounter")
    theirs = roll(s.rng, foe, s.emit, card=key(s, card), why="encounter")
    if mine <= theirs:
        to_graveyard(s, action.arg, "encounter")
        if s.over:
            return
    if mine >= theirs:
        s.event(type="encounter_beaten", seat=task.seat, card=key(s, card), hex=list(s.hex(place)))
        to_discard(s, card)
        if played:
            del s.encounter_at[place]
        else:
            s.place_card[place] = EMPTY
            fill_place(s, place, s.r.owner(card))
    check_end(s)
    if not s.over:
        s.push(task)
