"""Winning: Conquest (100 facets in the opponent's Graveyard), Annihilation, Exile, and the turn limit.

The first condition met wins, so Conquest is checked as each ship reaches a
Graveyard (the defender's go first, unless ``combat.defender_first_to_graveyard``
is switched off), Annihilation after anything that removes
ships or takes a Homeworld, Exile at the end of each turn. The turn limit is a
designer default: the book's game has no bound, a simulation needs one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.dice import Die

from .events import Destroyed, EndReason, ExileCount, GameOver, LossWhy

if TYPE_CHECKING:
    from .state import NearspaceState


def win(s: "NearspaceState", seats: tuple[int, ...], reason: EndReason) -> None:
    s.winners = seats
    s.emit(GameOver(seats, reason))
    s.finish(reason)


def to_graveyard(s: "NearspaceState", ship_id: int, why: LossWhy) -> None:
    """A destroyed ship goes to its owner's Graveyard; Conquest is checked at once."""
    ship = s.ships.pop(ship_id)
    s.graveyard[ship.owner].append(ship.die)
    s.emit(Destroyed(ship.owner, ship_id, ship.die.sides, ship.die.colour, s.hex(ship.place), why))
    if not s.over and s.graveyard_facets(ship.owner) >= s.r.data.victory.conquest_facets:
        win(s, (1 - ship.owner,), "conquest")


def revive_die(s: "NearspaceState", seat: int, index: int) -> Die:
    die = s.graveyard[seat].pop(index)
    s.stockpile[seat] = s.stockpile[seat].give(die)
    return die


def annihilated(s: "NearspaceState", seat: int) -> bool:
    """No ships left, and no way to field more: the Homeworld is held by the enemy, or no dice and no hulls there."""
    if s.fleet(seat):
        return False
    if s.homeworld_fallen(seat):
        return True
    hw = s.homeworld(seat)
    return s.stockpile[seat].total() == 0 and not any(h.place == hw for _, h in s.hulls(seat))


def check_end(s: "NearspaceState") -> None:
    """Annihilation of either seat (the active seat's opponent is looked at first)."""
    if s.over:
        return
    for seat in (1 - s.active, s.active):
        if seat in (0, 1) and annihilated(s, seat):
            win(s, (1 - seat,), "annihilation")
            return


def end_of_turn(s: "NearspaceState", seat: int) -> None:
    """Exile: count the enemy turns a seat has held the enemy Homeworld through; then the turn limit."""
    other = 1 - seat
    if not s.has_ships(seat, s.homeworld(other)):
        s.exile[seat] = 0
    if s.has_ships(other, s.homeworld(seat)):
        s.exile[other] += 1
        s.emit(ExileCount(other, s.exile[other]))
        if s.exile[other] >= s.r.data.victory.exile_turns:
            win(s, (other,), "exile")
            return
    else:
        s.exile[other] = 0
    if s.turn >= s.r.data.limits.max_turns:
        a, b = s.graveyard_facets(0), s.graveyard_facets(1)
        win(s, (0,) if a < b else (1,) if b < a else (0, 1), "turn limit")
