"""Setup steps 1-10: building the stellar system.

The reference card's steps, one function each:

1. ``place_sun``: the chosen Sun goes in the middle.
2-3. ``gas_giant_lottery``: the Gas Giants are mixed with Space hexes and six
   of them are laid round the Sun; where a Gas Giant lands decides its direction.
4. ``push_gas_giants``: each Gas Giant in that ring is pushed two hexes further
   out (distance 3), so its orbit lies mostly outside the 5-wide pattern.
5. ``shuffle_pile``: planets, Asteroids and Space hexes are shuffled.
6. ``deal_pattern``: the pile fills the two rings round the Sun (the 5-wide pattern).
7. ``complete_orbits``: five more hexes complete each Gas Giant's orbit.
8-10. ``fix_planetless_orbits``: a Gas Giant whose added orbit holds no planet
   steals one: roll 3d6 until a usable planet is named, put a Space hex in its
   place, shuffle it into that orbit and deal the orbit again.

Why the lottery Space hexes are apart from the pile: see ``map.layout`` in the
TOML (it makes the hex counts come out exactly with three Gas Giants).
"""

from __future__ import annotations

from voidtable.engine import dice
from voidtable.engine import hexgrid as hg
from voidtable.engine.errors import RulesInvariantError
from voidtable.engine.rng import Rng
from voidtable.engine.types import Hex

from .board import tile_kind, tile_planet
from .data import D6, Rules
from .events import (BlackSunEvent, GasGiantLottery, GasGiantPushed, OrbitCompleted, OrbitRedealt, OrbitRoll, PatternDealt,
                     PlanetFromPile, PlanetReplaced, SunPlaced)

def place_sun(sun: str) -> tuple[dict[Hex, str], list[BlackSunEvent]]:
    """Step 1."""
    return {(0, 0): f"sun:{sun}"}, [SunPlaced(sun)]


def gas_giant_lottery(rules: Rules, rng: Rng) -> tuple[list[int], list[BlackSunEvent]]:
    """Steps 2-3: the directions (0..5) whose ring hex drew a Gas Giant."""
    m = rules.map
    lottery = ["G"] * m.gas_giants + ["S"] * m.lottery_space
    rng.shuffle(lottery)
    ring = lottery[: m.ring_size]
    dirs = [d for d, t in enumerate(ring) if t == "G"]
    return dirs, [GasGiantLottery(tuple("gas_giant" if t == "G" else "space" for t in ring), len(dirs))]


def gas_giant_hex(d: int, rules: Rules) -> Hex:
    """Step 4: where the Gas Giant drawn in direction ``d`` ends up."""
    return hg.scale(hg.DIRECTIONS[d], 1 + rules.map.push_out)


def push_gas_giants(tiles: dict[Hex, str], dirs: list[int], rules: Rules) -> list[BlackSunEvent]:
    """Step 4."""
    events: list[BlackSunEvent] = []
    for d in dirs:
        h = gas_giant_hex(d, rules)
        tiles[h] = "G"
        events.append(GasGiantPushed(h))
    return events


def pattern_slots(rules: Rules) -> list[Hex]:
    """The 5-wide pattern round the Sun, inner ring first (step 6)."""
    return [h for k in range(1, rules.map.pattern_radius + 1) for h in hg.ring((0, 0), k)]


def orbit_slots(gg: Hex, rules: Rules) -> list[Hex]:
    """The hexes that complete a Gas Giant's orbit: its neighbours outside the pattern (step 7)."""
    out = [n for n in hg.neighbors(gg) if hg.length(n) > rules.map.pattern_radius]
    if len(out) != rules.map.orbit_added:
        raise RulesInvariantError(f"blacksun: the orbit of {gg} has {len(out)} outer hexes, not {rules.map.orbit_added}")
    return out


def all_slots(dirs: list[int], rules: Rules) -> list[Hex]:
    slots = pattern_slots(rules)
    for d in dirs:
        slots.extend(orbit_slots(gas_giant_hex(d, rules), rules))
    return slots


def shuffle_pile(rules: Rules, rng: Rng) -> list[str]:
    """Step 5."""
    m = rules.map
    pile = [f"P{n}" for n in m.planets()] + ["A"] * m.asteroids + ["S"] * m.space
    rng.shuffle(pile)
    return pile


def laid(tiles: dict[Hex, str], slots: list[Hex]) -> tuple[tuple[int, int, str], ...]:
    """The tiles in ``slots`` as events write them: ``(q, r, tile code)``."""
    return tuple((h[0], h[1], tiles[h]) for h in slots)


def deal(tiles: dict[Hex, str], slots: list[Hex], pile: list[str]) -> None:
    for h in slots:
        tiles[h] = pile.pop()


def deal_pattern(tiles: dict[Hex, str], pile: list[str], rules: Rules) -> list[BlackSunEvent]:
    """Step 6."""
    slots = pattern_slots(rules)
    deal(tiles, slots, pile)
    return [PatternDealt(laid(tiles, slots))]


def complete_orbits(tiles: dict[Hex, str], pile: list[str], dirs: list[int], rules: Rules) -> list[BlackSunEvent]:
    """Step 7."""
    events: list[BlackSunEvent] = []
    for d in dirs:
        gg = gas_giant_hex(d, rules)
        slots = orbit_slots(gg, rules)
        deal(tiles, slots, pile)
        events.append(OrbitCompleted(gg, laid(tiles, slots)))
    return events


def _planets_in(tiles: dict[Hex, str], slots: list[Hex]) -> list[Hex]:
    return [h for h in slots if tile_kind(tiles[h]) == "planet"]


def fix_planetless_orbits(tiles: dict[Hex, str], pile: list[str], dirs: list[int], rules: Rules, rng: Rng) -> list[BlackSunEvent]:
    """Steps 8-10, repeated for each Gas Giant whose added orbit has no planet.

    A roll is re-rolled when it names no planet on the board or names the only
    planet of another Gas Giant's orbit (taking that one would undo it); if no
    planet on the board can be taken at all, one comes from the unused hexes.
    The vacated hex gets a Space hex from the planetless orbit (else a spare
    Space hex, else one of the orbit's Asteroids), then the planet and the rest
    of the orbit are shuffled and dealt back into the orbit.
    """
    events: list[BlackSunEvent] = []
    orbits = {d: orbit_slots(gas_giant_hex(d, rules), rules) for d in dirs}
    for d in dirs:
        slots = orbits[d]
        if _planets_in(tiles, slots):
            continue
        protected = set()
        for d2, s2 in orbits.items():
            ps = _planets_in(tiles, s2)
            if d2 != d and len(ps) == 1:
                protected.add(ps[0])
        usable = [h for h, t in tiles.items() if tile_kind(t) == "planet" and h not in protected]
        gg = gas_giant_hex(d, rules)
        if usable:
            while True:
                roll = dice.faces(rng, D6, rules.game.planet_dice)
                total = sum(roll)
                hit = next((h for h in usable if tile_planet(tiles[h]) == total), None)
                events.append(OrbitRoll(gg, tuple(roll), total, hit is not None))
                if hit is not None:
                    break
            planet = tiles[hit]
            orbit_tiles = [tiles[h] for h in slots]
            filler = "S" if "S" in orbit_tiles else ("S" if "S" in pile else "A")
            if filler in orbit_tiles:
                orbit_tiles.remove(filler)
            else:
                pile.remove(filler)
            tiles[hit] = filler
            events.append(PlanetReplaced(hit, tile_planet(planet), "space" if filler == "S" else "asteroids"))
        else:
            spare = [t for t in pile if tile_kind(t) == "planet"]
            if not spare:
                continue
            planet = spare[0]
            pile.remove(planet)
            orbit_tiles = [tiles[h] for h in slots]
            pile.append(orbit_tiles.pop())  # one orbit hex goes back to the unused pile
            events.append(PlanetFromPile(tile_planet(planet)))
        orbit_tiles.append(planet)
        rng.shuffle(orbit_tiles)
        for h, t in zip(slots, orbit_tiles):
            tiles[h] = t
        events.append(OrbitRedealt(gg, laid(tiles, slots)))
    return events


def build_system(rules: Rules, sun: str, rng: Rng) -> tuple[dict[Hex, str], list[BlackSunEvent]]:
    """Steps 1-10 dealt automatically (the standard setup)."""
    tiles, events = place_sun(sun)
    dirs, ev = gas_giant_lottery(rules, rng)
    events += ev
    events += push_gas_giants(tiles, dirs, rules)
    pile = shuffle_pile(rules, rng)
    events += deal_pattern(tiles, pile, rules)
    events += complete_orbits(tiles, pile, dirs, rules)
    events += fix_planetless_orbits(tiles, pile, dirs, rules, rng)
    return tiles, events
