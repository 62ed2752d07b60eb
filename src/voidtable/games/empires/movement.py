"""MOVE: one ship along the lines, up to its move value; obstacles bar it without the ability to pass.

Enemy ships do not block (a reading: only the Tractor Beam holds ships). The Moth
ignores every obstacle. An opponent's Tractor Beam ship holds every ship in its
space: a move may leave that space (the ship started there, or entered it on the
way) only with the beam owner's permission (turn.py asks), so a ship's reach stops
at each such space and goes on from there as a new leg of the same move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .galaxy import reach
from .planets import benefits

if TYPE_CHECKING:
    from .state import EmpiresState


def passes(s: "EmpiresState", seat: int) -> frozenset[str]:
    """Obstacle kinds the seat's ships may cross (technologies and planet abilities)."""
    kinds = s.r.pass_kinds
    out = {kinds[t] for t in s.techs[seat] if t in kinds}
    out |= {a[len("pass_"):] for a in benefits(s, seat).abilities if a.startswith("pass_")}
    return frozenset(out)


def beam_kinds(s: "EmpiresState", seat: int) -> frozenset[str]:
    """The seat's ship kinds with a Tractor Beam (none without the technology)."""
    beams = s.r.beam_ships
    out: set[str] = set()
    for t in s.techs[seat]:
        if t in beams:
            out.update(beams[t])
    return frozenset(out)


def has_beam(s: "EmpiresState", ship_id: int) -> bool:
    sh = s.ships[ship_id]
    return sh.kind in beam_kinds(s, sh.owner)


def beam_spaces(s: "EmpiresState", seat: int) -> frozenset[str]:
    """Spaces holding another player's Tractor Beam ship: ``seat``'s ships entering them stop there."""
    beams = s.r.beam_ships
    if not any(t in beams for q in range(s.r.players) if q != seat for t in s.techs[q]):
        return frozenset()  # nobody else has a Tractor Beam (the usual case: asked for every move)
    kinds = {q: beam_kinds(s, q) for q in range(s.r.players) if q != seat}
    return frozenset(sh.space for sh in s.ships.values() if sh.owner != seat and sh.kind in kinds[sh.owner])


def held_by(s: "EmpiresState", ship_id: int) -> list[int]:
    """The players whose Tractor Beam holds this ship where it is (their permission is needed to leave),
    whether it started its move there or is passing through."""
    sh = s.ships[ship_id]
    kinds = {q: beam_kinds(s, q) for q in range(s.r.players) if q != sh.owner}
    if not any(kinds.values()):
        return []
    return sorted({o.owner for o in s.ships.values()
                   if o.owner != sh.owner and o.space == sh.space and o.kind in kinds[o.owner]})


def storm_spaces(s: "EmpiresState") -> frozenset[str]:
    """An Ion Storm this round closes the centre tile's spaces (an assumed event)."""
    if s.storm != s.round:
        return frozenset()
    t = s.r.tiles[s.r.centre]
    return frozenset(t.planets.get(n, f"{s.r.centre}.{n}") for n in t.nodes)


def move_value(s: "EmpiresState", ship_id: int) -> int:
    ship = s.ships[ship_id]
    value = s.r.ship(ship.kind).move
    if any(s.r.tech(t).effect == "move" for t in s.techs[ship.owner]):
        value += 1
    if ship.kind == "starfighter" and "starfighter_move" in benefits(s, ship.owner).abilities:
        value += 1
    return value


def leg(s: "EmpiresState", ship_id: int, steps: int = -1,
        ways: tuple[frozenset[str], frozenset[str]] | None = None) -> dict[str, int]:
    """Where the ship can go in one leg, with the steps each takes: within its move value (or ``steps``),
    stopping at any opponent's Tractor Beam space (going on from there is another leg).

    ``ways``: the owner's (passes, beam spaces), when the caller asks for many ships at once.
    """
    ship = s.ships[ship_id]
    value = move_value(s, ship_id) if steps < 0 else steps
    can_pass, beams = ways if ways is not None else (passes(s, ship.owner), beam_spaces(s, ship.owner))
    return reach(s.graph, ship.space, value, can_pass, s.asteroid_spaces,
                 s.r.ship(ship.kind).ignores_obstacles, storm_spaces(s), beams)


def destinations(s: "EmpiresState", ship_id: int, steps: int = -1,
                 ways: tuple[frozenset[str], frozenset[str]] | None = None) -> list[str]:
    """Where the ship can go in one leg (see :func:`leg`), sorted."""
    return sorted(leg(s, ship_id, steps, ways))


def has_docking_bay(s: "EmpiresState", seat: int) -> bool:
    return any(s.r.tech(t).effect == "docking_bay" for t in s.techs[seat])


def may_carry(s: "EmpiresState", diplomat: int, carried: tuple[int, ...], passenger: int) -> bool:
    """A Diplomat carries one ship of initiative 4 or 5; with Docking Bay, four Starfighters more."""
    d = s.ships[diplomat]
    p = s.ships[passenger]
    if passenger == diplomat or passenger in carried or p.owner != d.owner or p.space != d.space:
        return False
    if s.r.ship(p.kind).initiative not in (4, 5):
        return False
    riders = [s.ships[i].kind for i in (*carried, passenger)]
    others = sum(1 for k in riders if k != "starfighter")
    room = 1 + (4 if has_docking_bay(s, d.owner) else 0)
    return others <= 1 and len(riders) <= room


def passengers(s: "EmpiresState", diplomat: int, carried: tuple[int, ...]) -> list[int]:
    """One ship of each (kind, damage) that may still board: alike ships are one choice."""
    d = s.ships[diplomat]
    if d.kind != "diplomat":
        return []
    seen: set[tuple[str, int]] = set()
    out = []
    here = sorted(i for i, sh in s.ships.items() if sh.space == d.space and sh.owner == d.owner)  # only these may board
    for i in here:
        sh = s.ships[i]
        if (sh.kind, sh.damage) not in seen and may_carry(s, diplomat, carried, i):
            seen.add((sh.kind, sh.damage))
            out.append(i)
    return out
