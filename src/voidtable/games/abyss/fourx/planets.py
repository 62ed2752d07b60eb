"""Planets as square grids, and what follows from who holds which square.

A planet place has a surface (one terrain per square, "" while unexplored) and
its buildings (``(owner, kind)`` or None per square). From these come a player's
colonies (planets with their habitat), the buildings that work (a habitat keeps
``habitat.capacity`` other buildings working on its planet), production, voting
power (planets with a colony plus squares with a building) and hospitality.
Pure functions of the state; the phases call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import COLOURS, RESOURCES, MainRules

if TYPE_CHECKING:
    from .state import AbyssState

Built = tuple[tuple[int, str] | None, ...]


def is_planet(kind: str) -> bool:
    """A place a ship can scan and colonise: a planet of some colour, a moon, a home world, a twin planet."""
    return kind in COLOURS or kind in ("home", "twin")


def colour_of(kind: str) -> str:
    return "green" if kind in ("home", "twin") else kind


def hospitable(m: MainRules, techs: frozenset[str], kind: str) -> bool:
    """Green from the start; blue, yellow and red with their technologies; moons with blue."""
    colour = colour_of(kind)
    if colour == "green":
        return True
    if colour == "moon":
        colour = "blue"
    return any(m.techs[t].effect == "hospitable" and m.techs[t].colour == colour for t in techs)


def habitats(built: Built, seat: int) -> int:
    return built.count((seat, "habitat"))


def working(m: MainRules, built: Built, seat: int, idle: frozenset[int] = frozenset()) -> list[int]:
    """The squares of the seat's buildings that work: its habitats, and as many others as they support.

    ``idle`` holds the squares whose buildings carry a damage disk because a habitat was lost (the
    owner's choice, ``capacity``); beyond the habitats' room, the rest stop in square order.
    """
    cap = habitats(built, seat) * m.data.habitat.capacity
    out = []
    for q, b in enumerate(built):
        if b is None or b[0] != seat:
            continue
        if b[1] == "habitat":
            out.append(q)
        elif q not in idle and cap > 0:
            cap -= 1
            out.append(q)
    return out


WORKING_CACHE = 50_000  # entries kept per rule set before the cache starts afresh


def working_at(s: "AbyssState", place: int, seat: int) -> list[int]:
    """The seat's working buildings on a planet (its idle squares left out), cached by what stands there."""
    built, idle = s.built[place], s.idle.get(place, frozenset())
    cache = s.m.cache
    key = ("working", built, seat, idle)
    got: list[int] | None = cache.get(key)
    if got is None:
        if len(cache) > WORKING_CACHE:
            cache.clear()
        got = cache[key] = working(s.m, built, seat, idle)
    return got


def overflow(m: MainRules, built: Built, seat: int) -> int:
    """How many of the seat's buildings on the planet its habitats cannot support."""
    others = sum(1 for b in built if b is not None and b[0] == seat and b[1] != "habitat")
    return others - habitats(built, seat) * m.data.habitat.capacity


def colonies(s: "AbyssState", seat: int) -> list[int]:
    """The planets where the seat has a habitat."""
    home = (seat, "habitat")
    built = s.built
    return [p for p in sorted(built) if home in built[p]]


def regions(s: "AbyssState", seat: int) -> int:
    """Squares holding one of the seat's buildings (habitats included), on every planet."""
    return sum(1 for built in s.built.values() for b in built if b is not None and b[0] == seat)


def votes(s: "AbyssState", seat: int) -> int:
    """Voting power: planets with the seat's colonies plus the regions with its buildings."""
    t = s.m.data.tribunal
    return t.votes_per_planet * len(colonies(s, seat)) + t.votes_per_region * regions(s, seat)


def output_bonus(m: MainRules, techs: frozenset[str], resource: str) -> int:
    return sum(m.techs[t].amount for t in techs if m.techs[t].effect == "output" and m.techs[t].resource == resource)


def production(s: "AbyssState", seat: int) -> list[int]:
    """What the seat's working farms, mines and plants make in one Production phase (energy, food, minerals);
    a working wonder adds 1 to each of its resource's producers."""
    m = s.m
    got = [0, 0, 0]
    wonders = [0, 0, 0]   # working wonders per resource: each adds 1 to every producer of it
    for place, built in s.built.items():
        for q in working_at(s, place, seat):
            b = built[q]
            assert b is not None
            res = m.buildings[b[1]].produces
            if res:
                got[RESOURCES.index(res)] += 1
            if m.buildings[b[1]].wonder:
                wonders[RESOURCES.index(m.buildings[b[1]].wonder)] += 1
    techs = s.techs[seat]
    return [n * (m.data.production.per_building + output_bonus(m, techs, r) + w) if n else 0
            for n, r, w in zip(got, RESOURCES, wonders)]


def is_wonder(m: MainRules, kind: str) -> bool:
    return bool(m.buildings[kind].wonder)


def built_anywhere(s: "AbyssState", kind: str) -> bool:
    return any(b is not None and b[1] == kind for built in s.built.values() for b in built)


def producers(s: "AbyssState", seat: int, resource: str) -> int:
    """The seat's working buildings that make ``resource``."""
    n = 0
    for place, built in s.built.items():
        for q in working_at(s, place, seat):
            b = built[q]
            if b is not None and s.m.buildings[b[1]].produces == resource:
                n += 1
    return n


def docks(s: "AbyssState", seat: int) -> list[tuple[int, str]]:
    """(planet, "small" or "large") for each of the seat's working space docks."""
    out = []
    for p, built in sorted(s.built.items()):
        for q in working_at(s, p, seat):
            b = built[q]
            if b is not None and s.m.buildings[b[1]].dock:
                out.append((p, s.m.buildings[b[1]].dock))
    return out


def has_building(s: "AbyssState", seat: int, place: int, kind: str) -> bool:
    built = s.built.get(place)
    return built is not None and any(built[q] == (seat, kind) for q in working_at(s, place, seat))


def can_hold_more(m: MainRules, built: Built, seat: int) -> bool:
    """Room for another building besides habitats: fewer than the habitats support."""
    others = sum(1 for b in built if b is not None and b[0] == seat and b[1] != "habitat")
    return others < habitats(built, seat) * m.data.habitat.capacity
