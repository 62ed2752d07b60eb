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
    """The ships and hulls by id, with the (seat, place) pairs that hold a finished ship kept beside them.

    Presence is asked dozens of times per decision (CP, sites, targets, moves); the
    pairs are rebuilt only after the ships change, and every change goes through
    these methods, so the set can never be stale.
    """

    __slots__ = ("_held",)

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self._held: set[tuple[int, int]] | None = None

    def held(self) -> set[tuple[int, int]]:
        if self._held is None:
            self._held = {(s.owner, s.place) for s in self.values() if s.invested >= max(1, s.die.sides)}
        return self._held

    def __setitem__(self, key: int, value: Ship) -> None:
        self._held = None
        super().__setitem__(key, value)

    def __delitem__(self, key: int) -> None:
        self._held = None
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        self._held = None
        return super().pop(*args)

    def popitem(self) -> tuple[int, Ship]:
        self._held = None
        return super().popitem()

    def clear(self) -> None:
        self._held = None
        super().clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._held = None
        super().update(*args, **kwargs)

    def setdefault(self, key: int, default: Ship) -> Ship:
        self._held = None
        return super().setdefault(key, default)

    def copy(self) -> "ShipMap":
        return ShipMap(self)
