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
from voidtable.engine.dice import Die

from .actions import CHECK
from .cards import has_encounter
from .events import EncounterBeaten
from .movement import fill_place
from .resource import key, to_discard
from .rolls import check, roll
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
        if check(s, ship.die, card.threat_check, "threat", seat=seat, ship=i):
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
    mine = roll(s, ship.die, "encounter", seat=task.seat, ship=action.arg)
    theirs = roll(s, foe, "encounter", card=key(s, card))
    if mine <= theirs:
        to_graveyard(s, action.arg, "encounter")
        if s.over:
            return
    if mine >= theirs:
        s.emit(EncounterBeaten(task.seat, key(s, card), s.hex(place)))
        to_discard(s, card)
        if played:
            del s.encounter_at[place]
        else:
            s.place_card[place] = EMPTY
            fill_place(s, place, s.r.owner(card))
    check_end(s)
    if not s.over:
        s.push(task)
