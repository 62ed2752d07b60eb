"""Ships as immutable records, and the map of them by id that keeps who holds which place beside it."""

from __future__ import annotations

from typing import Any, NamedTuple

from voidtable.engine.dice import Die


class Ship(NamedTuple):
    """A die in play: on the map once ``invested`` reaches its facets, in a Shipyard (a hull) before."""

    owner: int
    die: Die
    place: int
    invested: int
    attacks: int = 0

    @property
    def built(self) -> bool:
        return self.invested >= self.die.facets


class ShipMap(dict[int, Ship]):
    """The ships and hulls by id, with what every step asks of them kept beside them.

    Presence is asked dozens of times per decision (CP, sites, targets, moves), and
    each seat's fleet and hulls nearly as often; the (seat, place) pairs that hold a
    finished ship and each seat's fleet and hulls (by id) are rebuilt only after the
    ships change, and every change goes through these methods, so they can never be stale.
    """

    __slots__ = ("_held", "_split")

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._held: set[tuple[int, int]] | None = None
        self._split: dict[int, tuple[list[tuple[int, Ship]], list[tuple[int, Ship]]]] | None = None

    def _changed(self) -> None:
        self._held = None
        self._split = None

    def held(self) -> set[tuple[int, int]]:
        if self._held is None:
            if self._split is None:
                self._held = {(s.owner, s.place) for s in self.values() if s.built}
            else:
                self._held = {(seat, s.place) for seat, (fleet, _) in self._split.items() for _, s in fleet}
        return self._held

    def _by_seat(self, seat: int) -> tuple[list[tuple[int, Ship]], list[tuple[int, Ship]]]:
        """``(fleet, hulls)`` of a seat, each sorted by id: finished ships, and hulls still in a Shipyard."""
        if self._split is None:
            split: dict[int, tuple[list[tuple[int, Ship]], list[tuple[int, Ship]]]] = {}
            for i in sorted(self):
                ship = self[i]
                fleet, hulls = split.setdefault(ship.owner, ([], []))
                (fleet if ship.built else hulls).append((i, ship))
            self._split = split
        return self._split.get(seat, ([], []))

    def fleet(self, seat: int) -> list[tuple[int, Ship]]:
        return list(self._by_seat(seat)[0])

    def hulls(self, seat: int) -> list[tuple[int, Ship]]:
        return list(self._by_seat(seat)[1])

    def at(self, seat: int, place: int) -> list[int]:
        return [i for i, s in self._by_seat(seat)[0] if s.place == place]

    def __setitem__(self, key: int, value: Ship) -> None:
        self._changed()
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        self._changed()
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        self._changed()
        return super().pop(*args)

    def popitem(self) -> tuple[int, Ship]:
        self._changed()
        return super().popitem()

    def clear(self) -> None:
        self._changed()
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._changed()
        super().update(*args, **kwargs)

    def setdefault(self, key: int, default: Ship) -> Ship:
        self._changed()
        return super().setdefault(key, default)

    def copy(self) -> "ShipMap":
        return ShipMap(self)
