"""Planets as a state machine, and the one place that says what a planet gives.

A planet's control is a :class:`Control` record: its ally (a seat or -1), its
conqueror (a seat or -1) and its infester (a seat or -1). The book's states follow:

- neutral: no ally, no conqueror (an infestation does not change that);
- conquered by X: conqueror X, no ally; X has its VP, credits and trade good;
- allied with X: ally X, no conqueror; X has everything, influence and ability too;
- allied with X, conquered by Y: Y controls it as a conqueror; X keeps only its
  ally token on the board (the planet is not neutral, nobody may befriend it);
- infested by S: S has its ability (nothing else); whoever controls it keeps it.

Home worlds are planets named ``home<seat>``, allied with their owner from the
start; owning one's own home gives nothing here (the board's credits are income),
a conquered enemy home counts as a planet and gives the home bonus in VP.
New Earth (the Nomads' home once they research Terraforming, :func:`terraform`)
is a home world with a card: its controller also has what the card gives, as
from any planet (VP and credits; influence and a trade good to its ally).

:func:`benefits` answers, for a seat, credits, VP, influence, trade goods,
abilities, buildable neutral ships and the count of planets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .events import Allied, Conquered, InfestationRemoved, Infested, Liberated, NewEarth, PortDestroyed, Regained


if TYPE_CHECKING:
    from .state import EmpiresState

NOBODY = -1


class Control(NamedTuple):
    ally: int = NOBODY
    conqueror: int = NOBODY
    infester: int = NOBODY

    @property
    def controller(self) -> int:
        return self.conqueror if self.conqueror != NOBODY else self.ally

    @property
    def neutral(self) -> bool:
        return self.ally == NOBODY and self.conqueror == NOBODY

    def state_name(self) -> str:
        if self.neutral:
            return "neutral"
        if self.conqueror == NOBODY:
            return "allied"
        if self.ally == NOBODY:
            return "conquered"
        return "allied_conquered"


class Benefits(NamedTuple):
    credits: int
    vp: int
    influence: int
    trade_goods: frozenset[str]
    abilities: frozenset[str]
    ships: frozenset[str]          # neutral ships this seat may build
    planets: int


def is_home(planet: str) -> bool:
    return planet.startswith("home")


def home_owner(planet: str) -> int:
    return int(planet[4:])


def benefits(s: "EmpiresState", seat: int) -> Benefits:
    """What every planet gives ``seat`` right now (the answer scoring, income and research ask).

    Worked out for every seat at once and kept in the state's cache under the
    planets' control and event tokens it was worked out from, so a question asked
    again before anything changed costs one comparison (and a test that sets a
    planet's control by hand is never answered from a stale cache).
    """
    key = (tuple(s.control.items()), tuple(s.tokens.items()), s.new_earth)
    cached = s.benefit_cache
    if cached is None or cached[0] != key:
        cached = s.benefit_cache = (key, tuple(seat_benefits(s, q) for q in range(s.r.players)))
    answer: Benefits = cached[1][seat]
    return answer


def seat_benefits(s: "EmpiresState", seat: int) -> Benefits:
    """What every planet gives ``seat``, worked out from the planets (see :func:`benefits`)."""
    r = s.r
    credits = vp = influence = planets = 0
    goods: set[str] = set()
    abilities: set[str] = set()
    for key, c in s.control.items():
        if is_home(key):
            if c.controller == seat and home_owner(key) != seat:
                vp += r.g.home_bonus_vp
                planets += 1
            if c.controller == seat and key == s.new_earth:
                card = r.data.new_earth
                credits += card.credits
                vp += card.vp
                if card.trade_good:
                    goods.add(card.trade_good)
                if c.conqueror == NOBODY:
                    influence += card.influence
            continue
        p = r.planet(key)
        if c.controller == seat:
            planets += 1
            credits += 0 if s.tokens.get(key) == "pirates" else p.credits
            vp += p.vp
            goods.add(p.trade_good)
            if c.conqueror == NOBODY:  # allied and held by the ally
                influence += p.influence
                if p.ability:
                    abilities.add(p.ability)
                    if p.ability == "build_ship":
                        abilities.add(f"build:{key}")
        if c.infester == seat and p.ability:  # an infestation gives the ability, nothing else
            abilities.add(p.ability)
            if p.ability == "build_ship":
                abilities.add(f"build:{key}")
        if c.ally == seat and c.conqueror != NOBODY and c.infester != seat:
            pass  # an ally whose planet is conquered has nothing from it until it is back
    ships = frozenset(k for k, sd in r.data.ships.items() if sd.planet and f"build:{sd.planet}" in abilities)
    return Benefits(credits, vp, influence, frozenset(goods), frozenset(abilities), ships, planets)


def terraform(s: "EmpiresState", seat: int) -> None:
    """Nomads of Earth (book): researching Terraforming swaps their Earth for New Earth.

    The home world stays where it is, with its ships and whoever holds it; from now on
    it is New Earth, and :func:`benefits` reads its card.
    """
    s.new_earth = f"home{seat}"
    s.emit(NewEarth(seat, s.new_earth))


def tokens_used(s: "EmpiresState", seat: int) -> int:
    """Ally and enemy tokens of the seat on the board (one per planet it is allied with or has conquered)."""
    return sum(1 for k, c in s.control.items()
               if (c.ally == seat and not (is_home(k) and home_owner(k) == seat)) or c.conqueror == seat)


def has_token(s: "EmpiresState", seat: int) -> bool:
    """A seat with all its ally tokens on the board can take no further planet (a reading of the token count)."""
    return tokens_used(s, seat) < s.r.g.ally_tokens


def ally_with(s: "EmpiresState", seat: int, planet: str) -> None:
    """Diplomacy (or a free befriending) succeeded: ally tokens on the planet and its card."""
    c = s.control[planet]
    s.control[planet] = c._replace(ally=seat, infester=NOBODY if c.infester == seat else c.infester)
    s.emit(Allied(seat, planet))


def take_control(s: "EmpiresState", seat: int, planet: str) -> None:
    """``seat`` takes the planet by force (a won attack, or an empty one): conqueror, or back to its ally."""
    c = s.control[planet]
    old = c.controller
    if c.ally == seat:
        new = c._replace(conqueror=NOBODY)      # the ally is back: every benefit at once
    else:
        new = c._replace(conqueror=seat)
    if new.infester == seat:
        new = new._replace(infester=NOBODY)     # Sreech taking an infested planet ends the infestation
    s.control[planet] = new
    lose_port(s, planet, seat)
    s.emit((Conquered if new.conqueror == seat else Regained)(seat, planet, old))


def lose_port(s: "EmpiresState", planet: str, new_controller: int) -> None:
    """A space port on a planet another player takes is destroyed, and its owner loses the technology."""
    for seat, port in enumerate(s.ports):
        if port == planet and new_controller != seat:
            s.ports[seat] = ""
            s.techs[seat] = [t for t in s.techs[seat] if s.r.tech(t).effect != "space_port"]
            s.emit(PortDestroyed(seat, planet))


def may_liberate(c: Control) -> bool:
    """Only a planet held by a conqueror, with no ally under him, may be set free."""
    return c.conqueror != NOBODY and c.ally == NOBODY


def liberate(s: "EmpiresState", seat: int, planet: str) -> None:
    c = s.control[planet]
    s.control[planet] = Control(infester=c.infester)
    lose_port(s, planet, NOBODY)
    s.emit(Liberated(seat, planet, c.conqueror))


def infest(s: "EmpiresState", seat: int, planet: str) -> None:
    s.control[planet] = s.control[planet]._replace(infester=seat)
    s.emit(Infested(seat, planet))


def clear_infestation(s: "EmpiresState", seat: int, planet: str) -> None:
    s.control[planet] = s.control[planet]._replace(infester=NOBODY)
    s.emit(InfestationRemoved(seat, planet))


def planet_at(s: "EmpiresState", space: str) -> str | None:
    """The planet on a space (a covered planet is an empty space)."""
    return space if space in s.control else None
