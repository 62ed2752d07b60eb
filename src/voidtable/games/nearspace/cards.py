"""Cards from the hand, run from data: a few effect types, not one function per card.

- Event ``revive`` (check #): a Graveyard ship rolls; # or less sends it back to the Stockpile.
- Event ``attack_bonus`` (amount): this turn the seat's attack rolls get +amount.
- Event ``extra_e`` (amount): this turn's E gets +amount.
- Directive ``combat_bonus`` / ``engine_bonus`` (amount): while kept (its cost paid again
  each Build step), +amount to all the seat's combat rolls / to its E each turn.
- Terraform (cp): a face-up Space or Colony World where the seat has presence becomes a
  Colony World of that CP; the card lies there, the old card goes to its owner's discard
  pile; half cost (rounded up) over Space.
- Encounter (die): put on a sector where the opponent has ships, or on their Homeworld;
  it threatens the ships there in their Threat step until beaten.

Every card costs its CP when played; a played card leaves the hand and the Resource's
top card replaces it at once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from .actions import REVIVE, TARGET
from .resource import key, leave_hand, to_discard
from .board import EMPTY
from .events import EncounterPlaced, Played, Revived, Terraformed
from .rolls import check
from .tasks import TASKS, Revive, Target
from .victory import revive_die

if TYPE_CHECKING:
    from .state import NearspaceState


def terraform_cost(s: "NearspaceState", card: int, place: int) -> int:
    c, target = s.r.card(card), s.place_of(place)
    if target is not None and target.kind == "space":
        return math.ceil(c.cost / s.r.data.terraform.space_divisor)
    return c.cost


def has_encounter(s: "NearspaceState", place: int) -> bool:
    card = s.place_of(place)
    return place in s.encounter_at or (card is not None and s.face_up[place] and card.kind == "encounter")


def targets(s: "NearspaceState", seat: int, card: int) -> list[int]:
    """Places a Terraforming or Encounter card may go to now (affordable ones only), in map order."""
    c = s.r.card(card)
    if c.kind == "terraform":  # a face-up Space or Colony World where the seat has ships
        return [place for place in s.places_with_ships(seat)
                if (here := s.place_of(place)) is not None and s.face_up[place]
                and here.kind in ("space", "colony_world") and terraform_cost(s, card, place) <= s.cp]
    if c.kind == "encounter" and c.cost <= s.cp:  # where the opponent has ships, or on their Homeworld
        foe = 1 - seat
        places = sorted({*s.places_with_ships(foe), s.homeworld(foe)})
        return [place for place in places if not has_encounter(s, place)]
    return []


def playable(s: "NearspaceState", seat: int, card: int) -> bool:
    c = s.r.card(card)
    if c.kind in ("terraform", "encounter"):
        return bool(targets(s, seat, card))
    if c.kind not in ("event", "directive") or c.cost > s.cp:
        return False
    if c.effect == "revive":
        return bool(s.graveyard[seat])
    return True


def apply_play(s: "NearspaceState", seat: int, card: int) -> None:
    c = s.r.card(card)
    if c.kind in ("terraform", "encounter"):
        s.push(Target(seat, card))  # paid when the sector is chosen (a Terraform's cost depends on it)
        return
    s.cp -= c.cost
    s.emit(Played(seat, key(s, card), s.cp))
    leave_hand(s, seat, card)
    if c.kind == "directive":
        s.directives[seat].append(card)
        return
    if c.effect == "revive":
        s.push(Revive(seat, card))
        return
    if c.effect == "attack_bonus":
        s.attack_bonus += c.amount
    elif c.effect == "extra_e":
        s.e_bonus += c.amount
    to_discard(s, card)


def target_legal(s: "NearspaceState", task: Target) -> list[Action]:
    return [TARGET(s.hex(p)) for p in targets(s, task.seat, task.card)]


@TASKS.decision(Target, legal=target_legal)
def target(s: "NearspaceState", task: Target, action: Action) -> None:
    seat, card = task.seat, task.card
    place = s.r.board.index[action.arg]
    c = s.r.card(card)
    cost = terraform_cost(s, card, place) if c.kind == "terraform" else c.cost
    s.cp -= cost
    s.emit(Played(seat, key(s, card), s.cp, tuple(action.arg)))
    leave_hand(s, seat, card)
    if c.kind == "terraform":
        old = s.place_card[place]
        if old != EMPTY:
            to_discard(s, old)
        s.place_card[place] = card
        s.face_up[place] = True
        s.emit(Terraformed(seat, key(s, card), key(s, old) if old != EMPTY else None, tuple(action.arg)))
    else:
        s.encounter_at[place] = card
        s.emit(EncounterPlaced(seat, key(s, card), tuple(action.arg)))


def revive_legal(s: "NearspaceState", task: Revive) -> list[Action]:
    seen, out = set(), []
    for i, die in enumerate(s.graveyard[task.seat]):
        if die not in seen:  # equal dice are one choice
            seen.add(die)
            out.append(REVIVE(i))
    return out


@TASKS.decision(Revive, legal=revive_legal)
def revive(s: "NearspaceState", task: Revive, action: Action) -> None:
    """Check for # on the chosen Graveyard ship; on success its die goes back to the Stockpile."""
    die = s.graveyard[task.seat][action.arg]
    c = s.r.card(task.card)
    if check(s, die, c.check, "revive", seat=task.seat):
        revive_die(s, task.seat, action.arg)
        s.emit(Revived(task.seat, die.sides, die.colour))
    to_discard(s, task.card)
