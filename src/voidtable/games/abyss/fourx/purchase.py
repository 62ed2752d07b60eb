"""Phase IV, purchases: buildings, bulldozing, technologies, ships at docks, repairs at space ports.

- A building goes on an explored, empty square of a planet where the player has
  a habitat, on a terrain it allows (farms on plains, mines on minerals, plants
  on energy); every habitat supports ``habitat.capacity`` other buildings, so a
  building needs room under the player's habitats there. A habitat bought this
  way founds nothing new: it adds room.
- Any building but a wonder may be bulldozed, a habitat too (the draft counts
  the habitat among the buildings); it is not moved. Buildings a lost habitat
  no longer supports stand idle after the next battles (``ground.capacity``).
- A wonder is built once per game, by whoever builds it first; it is never
  destroyed (no bomb, bulldozer or marine can), though marines may capture it.
- A technology needs its prerequisites and costs energy and food by tier.
- A ship card needs its technologies and a free piece of its hull; it is built
  at one of the player's docks (a cruiser needs the large dock) and appears
  above that planet. Its price is its hull's plus its tiles' (``..data``).
- A marine is bought on a square of a planet where the player has a habitat
  (not water or barren, no other race's building or marines there).
- A ship with cargo cashes it in at a trade house (``.trade``).
- Or the draft's way: a bare hull (not a fighter, whose kit is fixed) bought at
  a dock, then fitted at a dock one tile per empty working square; a marine
  bay comes with its marines. Stronger tiles need their technologies
  (``[tile_techs]``).
- A damaged square is repaired at a planet with the player's space port, for a
  share of its tile's price (``..ships.repair_cost``).
Resolutions may make buildings or technologies cheaper.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voidtable.engine.actions import Action

from ..ships import Ship, repair, repair_cost
from .data import CUSTOM, custom_key, rated_key
from .actions import BUILD, BULLDOZE, BUY_HULL, BUY_MARINE, BUY_SHIP, BUY_TECH, CASH_IN, DONE, FIT, REPAIR
from .ground import add_marines, bays
from .planets import built_anywhere, can_hold_more, colonies, docks, has_building
from .tasks import TASKS, Purchase
from .trade import can_cash_in, cash_in
from .events import Built, Bulldozed, Fitted, HullBuilt, MarineBought, PurchasesDone, Repaired, Researched, ShipBuilt

if TYPE_CHECKING:
    from .state import AbyssState


def building_cost(s: "AbyssState", kind: str) -> tuple[int, int, int]:
    b = s.m.buildings[kind]
    off = 1 if s.resolution("cheap_buildings") else 0
    return b.energy, b.food, max(0, b.minerals - off)


def marine_cost(s: "AbyssState") -> tuple[int, int, int]:
    gr = s.m.data.ground
    return 0, gr.marine_food, gr.marine_minerals


def tech_cost(s: "AbyssState", key: str) -> tuple[int, int, int]:
    e, f = s.m.tech_cost(key)
    off = 1 if s.resolution("cheap_techs") else 0
    return max(0, e - off), max(0, f - off), 0


def ship_cost(s: "AbyssState", card: str) -> tuple[int, int, int]:
    d = s.r.designs[card]
    return d.energy, 0, d.minerals


def dock_for(s: "AbyssState", seat: int, card: str) -> int | None:
    return hull_dock(s, seat, s.r.designs[card].hull)


def hull_dock(s: "AbyssState", seat: int, hull: str, have: list[tuple[int, str]] | None = None) -> int | None:
    """The first of the seat's planets with a dock that can build ``hull`` (a large hull needs the large dock)."""
    need = s.r.hulls[hull].dock
    for place, size in docks(s, seat) if have is None else have:
        if need != "large" or size == "large":
            return place
    return None


def purchase_legal(s: "AbyssState", task: Purchase) -> list[Action]:
    seat = task.seat
    out: list[Action] = []
    buildings = s.m.buildings
    bank = s.bank[seat]
    off = 1 if s.resolution("cheap_buildings") else 0   # as building_cost
    buyable = [(kind, bd.on) for kind, bd in buildings.items()       # affordable, and a wonder not yet built
               if bank[0] >= bd.energy and bank[1] >= bd.food and bank[2] >= max(0, bd.minerals - off)
               and not (bd.wonder and built_anywhere(s, kind))]
    marine = s.can_pay(seat, *marine_cost(s))
    for place in colonies(s, seat):
        surface, built = s.surface[place], s.built[place]
        room = can_hold_more(s.m, built, seat)
        here = [(kind, on) for kind, on in buyable if room or kind == "habitat"]
        marines = s.marines.get(place)
        for q, t in enumerate(surface):
            if not t:
                continue
            b = built[q]
            if b is None:
                if here:   # Action(...) directly: the same as BUILD(...), one call less on the hot path
                    out += [Action("build", (place, q, kind)) for kind, on in here if t in on]
            elif b[0] == seat and not buildings[b[1]].wonder:
                out.append(BULLDOZE((place, q)))
            if marine and t != "water" and t != "barren" and (b is None or b[0] == seat):
                m = marines[q] if marines is not None else None
                if m is None or m[0] == seat:
                    out.append(BUY_MARINE((place, q)))
    owned = s.techs[seat]
    techs = s.m.techs
    bank = s.bank[seat]
    off = 1 if s.resolution("cheap_techs") else 0
    for key in s.m.tech_order:
        if key not in owned and all(r in owned for r in techs[key].requires):
            e, f = s.m.tech_cost(key)
            if bank[0] >= e - off and bank[1] >= f - off:
                out.append(BUY_TECH(key))
    have = docks(s, seat)
    if have:
        for card, needs in s.m.cards.items():
            if all(r in owned for r in needs) and s.can_pay(seat, *ship_cost(s, card)) \
                    and s.free_id(seat, s.r.designs[card].hull) is not None \
                    and hull_dock(s, seat, s.r.designs[card].hull, have) is not None:
                out.append(BUY_SHIP(card))
        for hull, h in s.r.hulls.items():
            if not h.fixed and s.can_pay(seat, h.energy, 0, h.minerals) and s.free_id(seat, hull) is not None \
                    and hull_dock(s, seat, hull, have) is not None:
                out.append(BUY_HULL(hull))
        out += fittings(s, seat, have)
    mine = sorted(i for i, sh in s.ships.items() if sh.owner == seat)
    for i in mine:
        sh = s.ships[i]
        if sh.disabled and has_building(s, seat, s.where.get(i, -1), "space_port"):
            for q in range(len(s.r.designs[sh.design].tiles)):
                if sh.disabled >> q & 1:
                    e, mi = repair_cost(s.r, sh, q)
                    if s.can_pay(seat, e, 0, mi):
                        out.append(REPAIR((i, q)))
    out += [CASH_IN(i) for i in mine if can_cash_in(s, i)]
    out.append(DONE())
    return out


def fighter_ratings(s: "AbyssState", seat: int) -> tuple[int, int] | None:
    """The seat's fighter computer and jammer ratings from its technologies (None: the hull's own)."""
    techs = [s.m.techs[t] for t in s.techs[seat]]
    c = max((t.amount for t in techs if t.effect == "fighter_computer"), default=0)
    j = max((t.amount for t in techs if t.effect == "fighter_jammer"), default=0)
    if not c and not j:
        return None
    hull = s.r.hulls["fighter"]
    return max(c, hull.computer), max(j, hull.jammer)


def rated(s: "AbyssState", seat: int, card: str) -> str:
    """The design a new ship of ``card`` gets: a fighter carries its owner's fighter technology."""
    base = card.split("@", 1)[0]
    ratings = fighter_ratings(s, seat) if s.r.designs[base].hull == "fighter" else None
    return base if ratings is None else rated_key(base, *ratings)


def gain_tech(s: "AbyssState", seat: int, tech: str) -> None:
    """The seat knows ``tech`` from now on, bought or found; fighter technology reaches its fighters at once."""
    s.techs[seat] = s.techs[seat] | {tech}
    if s.m.techs[tech].effect in ("fighter_computer", "fighter_jammer"):
        refit_fighters(s, seat)


def refit_fighters(s: "AbyssState", seat: int) -> None:
    """New fighter technology reaches every fighter the seat has (the draft: fighters carry their technology)."""
    for i, sh in list(s.ships.items()):
        if sh.owner == seat and s.r.designs[sh.design].hull == "fighter":
            s.ships[i] = sh._replace(design=rated(s, seat, sh.design))


def fittings(s: "AbyssState", seat: int, have: list[tuple[int, str]]) -> list[Action]:
    """Tiles the seat may fit on the empty, working squares of its own-design ships above its docks."""
    out: list[Action] = []
    docked = {place: size for place, size in have}
    owned = s.techs[seat]
    allowed = [k for k, t in s.r.tiles.items() if s.m.data.tile_techs.get(k, "") in ("", *owned)
               and s.can_pay(seat, t.energy, 0, t.minerals)]
    for i, sh in sorted(s.ships.items()):
        if sh.owner != seat or not sh.design.startswith(CUSTOM) or s.where.get(i) not in docked:
            continue
        d = s.r.designs[sh.design]
        if s.r.hulls[d.hull].dock == "large" and docked[s.where[i]] != "large":
            continue
        for q, t in enumerate(d.tiles):
            if not t and not sh.disabled >> q & 1:
                out += [FIT((i, q, k)) for k in allowed]
    return out


@TASKS.decision(Purchase, legal=purchase_legal)
def purchase(s: "AbyssState", task: Purchase, action: Action) -> None:
    s.phase = "purchase"
    seat = task.seat
    kind = action.kind
    if kind == "done":
        bank = s.bank[seat]
        s.emit(PurchasesDone(seat, task.bought, (bank[0], bank[1], bank[2])))
        return
    s.push(task._replace(bought=task.bought + 1))
    if kind == "build":
        place, q, b = action.arg
        s.pay(seat, *building_cost(s, b))
        built = list(s.built[place])
        built[q] = (seat, b)
        s.built[place] = tuple(built)
        s.emit(Built(seat, place, q, b))
    elif kind == "bulldoze":
        place, q = action.arg
        built = list(s.built[place])
        gone = built[q]
        built[q] = None
        s.built[place] = tuple(built)
        if q in s.idle.get(place, frozenset()):
            s.idle[place] = s.idle[place] - {q}
        s.emit(Bulldozed(seat, place, q, gone[1] if gone else ""))
    elif kind == "buy_tech":
        s.pay(seat, *tech_cost(s, action.arg))
        s.emit(Researched(seat, action.arg))
        gain_tech(s, seat, action.arg)
    elif kind == "buy_ship":
        card = action.arg
        s.pay(seat, *ship_cost(s, card))
        ship_id = s.free_id(seat, s.r.designs[card].hull)
        place = dock_for(s, seat, card)
        assert ship_id is not None and place is not None
        s.ships[ship_id] = Ship(seat, rated(s, seat, card))
        s.where[ship_id] = place
        if bays(s, ship_id):
            s.carried[ship_id] = bays(s, ship_id)
        s.emit(ShipBuilt(seat, ship_id, card, place))
    elif kind == "buy_marine":
        place, q = action.arg
        s.pay(seat, *marine_cost(s))
        add_marines(s, seat, place, q, 1)
        s.emit(MarineBought(seat, place, q))
    elif kind == "cash_in":
        cash_in(s, action.arg)
    elif kind == "buy_hull":
        h = s.r.hulls[action.arg]
        s.pay(seat, h.energy, 0, h.minerals)
        ship_id = s.free_id(seat, action.arg)
        place = hull_dock(s, seat, action.arg)
        assert ship_id is not None and place is not None
        s.ships[ship_id] = Ship(seat, custom_key(action.arg, ("",) * h.squares))
        s.where[ship_id] = place
        s.emit(HullBuilt(seat, ship_id, action.arg, place))
    elif kind == "fit":
        i, q, tile = action.arg
        t = s.r.tiles[tile]
        s.pay(seat, t.energy, 0, t.minerals)
        d = s.r.designs[s.ships[i].design]
        tiles = list(d.tiles)
        tiles[q] = tile
        s.ships[i] = s.ships[i]._replace(design=custom_key(d.hull, tuple(tiles)))
        if t.kind == "marines":
            s.carried[i] = s.carried.get(i, 0) + t.rating
        s.emit(Fitted(seat, i, q, tile))
    elif kind == "repair":
        i, q = action.arg
        e, mi = repair_cost(s.r, s.ships[i], q)
        s.pay(seat, e, 0, mi)
        s.ships[i] = repair(s.ships[i], q)
        s.emit(Repaired(seat, i, q))
