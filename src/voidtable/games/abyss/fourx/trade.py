"""Trade: goods on planet squares, chips from the buildings on them, cargo, and cashing in at trade houses.

- An explored plains, mineral or energy square carries a trade good with chance
  ``trade.share``: a food good on plains, a mineral good on minerals, an energy
  good on energy, drawn from that category's goods.
- Production: each working farm, mine or plant on a good square adds
  ``trade.chip`` chips of that good to its planet, owned by the building's owner.
- Movement: a ship with working cargo holds above a planet loads its owner's
  chips there, free, up to the holds' capacity; each unit remembers the planet
  that made it.
- Purchases: a ship with cargo above a planet that carries a good of the same
  category and holds a trade house (its owner's own, or one of a player not at
  war with it) cashes in: each matching unit pays ``trade.pay_per_space`` times
  the hex distance between the planet that made it and this one, in the good's
  category (the draft's example: 3 grapes carried 2 spaces to a barley planet
  pay 6 food).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ships import working_squares
from .data import RESOURCES
from .planets import working_at
from .events import CashedIn, Loaded

if TYPE_CHECKING:
    from .state import AbyssState

CATEGORY_OF_TERRAIN = {"plains": "food", "mineral": "minerals", "energy": "energy"}


def draw_good(s: "AbyssState", terrain: str) -> str:
    """The trade good an explored square carries ("" for none)."""
    category = CATEGORY_OF_TERRAIN.get(terrain)
    tr = s.m.data.trade
    if category is None or s.rng.random() >= tr.share:
        return ""
    goods: list[str] = getattr(tr, category)
    return goods[s.rng.below(len(goods))]


def set_good(s: "AbyssState", place: int, square: int, good: str) -> None:
    goods = list(s.goods.get(place, ("",) * len(s.surface[place])))
    goods[square] = good
    s.goods[place] = tuple(goods)


def make_chips(s: "AbyssState", seat: int) -> int:
    """Production's trade chips: one per working producer on a good square; returns how many."""
    made = 0
    for place, goods in sorted(s.goods.items()):
        built = s.built[place]
        new = [(seat, goods[q]) for q in working_at(s, place, seat)
               if goods[q] and built[q] is not None and s.m.buildings[built[q][1]].produces  # type: ignore[index]
               for _ in range(s.m.data.trade.chip)]
        if new:
            s.chips[place] = s.chips.get(place, ()) + tuple(new)
            made += len(new)
    return made


def capacity(s: "AbyssState", ship_id: int) -> int:
    sh = s.ships[ship_id]
    tiles = s.r.designs[sh.design].tiles
    room = sum(s.r.tiles[tiles[q]].rating for q in working_squares(s.r, sh)
               if tiles[q] and s.r.tiles[tiles[q]].kind == "cargo")
    return room - len(s.cargo.get(ship_id, ()))


def can_load(s: "AbyssState", ship_id: int) -> bool:
    seat, place = s.ships[ship_id].owner, s.where[ship_id]
    return any(o == seat for o, _ in s.chips.get(place, ())) and capacity(s, ship_id) > 0


def load(s: "AbyssState", ship_id: int) -> None:
    seat, place = s.ships[ship_id].owner, s.where[ship_id]
    room = capacity(s, ship_id)
    mine = [c for c in s.chips[place] if c[0] == seat][:room]
    rest = list(s.chips[place])
    for c in mine:
        rest.remove(c)
    s.chips[place] = tuple(rest)
    s.cargo[ship_id] = s.cargo.get(ship_id, ()) + tuple((good, place) for _, good in mine)
    s.emit(Loaded(seat, ship_id, place, tuple([g for _, g in mine])))


def trade_house_open(s: "AbyssState", seat: int, place: int) -> bool:
    built = s.built.get(place, ())
    for b in built:
        if b is not None and b[1] == "trade_house" and (b[0] == seat or not s.at_war(seat, b[0])):
            return True
    return False


def sale(s: "AbyssState", ship_id: int) -> tuple[list[int], tuple[tuple[str, int], ...]]:
    """What cashing in the ship's cargo here pays (energy, food, minerals) and the cargo left."""
    place = s.where.get(ship_id, -1)
    tr = s.m.data.trade
    here = {tr.category(g) for g in s.goods.get(place, ()) if g}
    pay = [0, 0, 0]
    left = []
    for good, origin in s.cargo.get(ship_id, ()):
        category = tr.category(good)
        spaces = s.m.galaxy.distance(origin, place)
        if category in here and spaces > 0:
            pay[RESOURCES.index(category)] += tr.pay_per_space * spaces
        else:
            left.append((good, origin))
    return pay, tuple(left)


def can_cash_in(s: "AbyssState", ship_id: int) -> bool:
    if not s.cargo.get(ship_id) or ship_id not in s.where:
        return False
    if not trade_house_open(s, s.ships[ship_id].owner, s.where[ship_id]):
        return False
    pay, _ = sale(s, ship_id)
    return sum(pay) > 0


def cash_in(s: "AbyssState", ship_id: int) -> None:
    pay, left = sale(s, ship_id)
    seat = s.ships[ship_id].owner
    for i in range(3):
        s.bank[seat][i] += pay[i]
    if left:
        s.cargo[ship_id] = left
    else:
        del s.cargo[ship_id]
    s.emit(CashedIn(seat, ship_id, s.where[ship_id], pay[0], pay[1], pay[2]))
