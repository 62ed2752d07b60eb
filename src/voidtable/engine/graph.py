"""Steps on a map: breadth-first distances over any game's places and their neighbours.

Every board on the platform is a graph (hexes, galaxy spaces, the places of a
deck-built map), and rules and bots keep asking how many steps lie between two
places, or from the nearest of several. This module answers that once:

- :func:`steps_from` for places numbered ``0..n-1`` with a neighbour list each
  (a list back, ``-1`` for a place no way reaches; the fast form);
- :func:`steps_over` for places of any hashable kind with a function giving
  their neighbours (a dict back, holding only the places reached, in the order
  the search met them);
- :func:`all_steps` for the whole table at once, which a board builds when it is
  built and keeps as one of its own fields, so nothing caches it by ``id()``.

Several sources count from the nearest; a place that may not be entered
(``passable`` false, or ``enter`` false) is never stepped on, though a source
always counts as reached. A neighbour numbered below 0 (a hex grid's "off the
map") is skipped.

>>> steps_from([(1,), (0, 2), (1,)], [0])
[0, 1, 2]
>>> steps_over(lambda k: {"a": "b", "b": "ac", "c": "b"}[k], ["c"])
{'c': 0, 'b': 1, 'a': 2}
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, Sequence, TypeVar

K = TypeVar("K", bound=Hashable)

Steps = tuple[tuple[int, ...], ...]


def steps_from(neighbours: Sequence[Iterable[int]], sources: Iterable[int],
               passable: Sequence[bool] | None = None) -> list[int]:
    """Steps from the nearest of ``sources`` to every place ``0..len(neighbours)-1`` (-1: unreachable)."""
    dist = [-1] * len(neighbours)
    todo: list[int] = []
    for s in sources:
        if dist[s] < 0:
            dist[s] = 0
            todo.append(s)
    for a in todo:  # the list grows while it is read: a queue without popping
        d = dist[a] + 1
        for b in neighbours[a]:
            if b >= 0 and dist[b] < 0 and (passable is None or passable[b]):
                dist[b] = d
                todo.append(b)
    return dist


def steps_over(neighbours: Callable[[K], Iterable[K]], sources: Iterable[K],
               enter: Callable[[K], bool] | None = None) -> dict[K, int]:
    """Steps from the nearest of ``sources`` to every place reached, in the order the search met them."""
    dist: dict[K, int] = {}
    todo: list[K] = []
    for s in sources:
        if s not in dist:
            dist[s] = 0
            todo.append(s)
    for a in todo:
        d = dist[a] + 1
        for b in neighbours(a):
            if b not in dist and (enter is None or enter(b)):
                dist[b] = d
                todo.append(b)
    return dist


def all_steps(neighbours: Sequence[Iterable[int]]) -> Steps:
    """``table[a][b]``: steps from ``a`` to ``b`` for every pair of places (-1: no way).

    Meant to be built once with the board and kept on it (a frozen board's field):
    the map never changes during a game, and the board object owns the answer, so
    no cache can outlive it or mistake another board for it.
    """
    return tuple(tuple(steps_from(neighbours, (a,))) for a in range(len(neighbours)))
