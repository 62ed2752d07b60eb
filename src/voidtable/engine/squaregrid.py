"""Square grids for any game: cells, the four and eight neighbours, distances, reach and lines.

A cell is an ``(x, y)`` tuple: ``x`` counts columns from the left, ``y`` rows
from the top. Two distances cover what board games use: ``manhattan`` (steps
along rows and columns only, as pieces that never move diagonally) and
``chebyshev`` (a king's steps, diagonals included, as most tactical boards
count moves and ranges). :class:`SquareGrid` is a bounded ``width x height``
board that numbers its cells and answers the same questions inside its bounds.

>>> chebyshev((0, 0), (3, 2))
3
>>> manhattan((0, 0), (3, 2))
5
>>> sorted(neighbors4((0, 0)))
[(-1, 0), (0, -1), (0, 1), (1, 0)]
>>> g = SquareGrid(4, 3)
>>> len(g.cells), g.index((1, 2)), g.cell(9)
(12, 9, (1, 2))
>>> sorted(g.within((0, 0), 1))
[(0, 0), (0, 1), (1, 0), (1, 1)]
"""

from __future__ import annotations

from typing import Iterable, Iterator

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))
KING: tuple[Cell, ...] = ORTHOGONAL + DIAGONAL


def add(a: Cell, b: Cell) -> Cell:
    return (a[0] + b[0], a[1] + b[1])


def neighbors4(c: Cell) -> list[Cell]:
    """The four cells sharing a side with ``c`` (right, down, left, up)."""
    return [(c[0] + dx, c[1] + dy) for dx, dy in ORTHOGONAL]


def neighbors8(c: Cell) -> list[Cell]:
    """The eight cells sharing a side or a corner with ``c``."""
    return [(c[0] + dx, c[1] + dy) for dx, dy in KING]


def manhattan(a: Cell, b: Cell) -> int:
    """Steps between ``a`` and ``b`` along rows and columns only."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between ``a`` and ``b`` when a diagonal step counts as one (a king's moves)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def step_toward(a: Cell, b: Cell) -> Cell:
    """The king step from ``a`` that brings it closest to ``b`` (``a`` itself if equal)."""
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    return (a[0] + dx, a[1] + dy)


class SquareGrid:
    """A bounded ``width x height`` board: cells numbered row by row, with bounded reach.

    ``index`` and ``cell`` convert between a cell and its number (``y * width + x``),
    the fast form a state may keep; ``within(c, r, diagonal=True)`` lists the cells a
    piece at ``c`` reaches in ``r`` steps (Chebyshev, or Manhattan with ``diagonal=False``).
    """

    def __init__(self, width: int, height: int) -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a square grid needs a positive size, got {width} x {height}")
        self.width = width
        self.height = height
        self.cells: tuple[Cell, ...] = tuple((x, y) for y in range(height) for x in range(width))

    def __contains__(self, c: object) -> bool:
        return (isinstance(c, tuple) and len(c) == 2 and isinstance(c[0], int) and isinstance(c[1], int)
                and 0 <= c[0] < self.width and 0 <= c[1] < self.height)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, c: Cell) -> int:
        if c not in self:
            raise ValueError(f"cell {c} is off the {self.width} x {self.height} grid")
        return c[1] * self.width + c[0]

    def cell(self, i: int) -> Cell:
        if not 0 <= i < len(self.cells):
            raise ValueError(f"cell number {i} is off the {self.width} x {self.height} grid")
        return self.cells[i]

    def neighbors(self, c: Cell, diagonal: bool = True) -> list[Cell]:
        """The neighbours of ``c`` on the board (eight, or four with ``diagonal=False``)."""
        around = neighbors8(c) if diagonal else neighbors4(c)
        return [n for n in around if 0 <= n[0] < self.width and 0 <= n[1] < self.height]

    def within(self, c: Cell, r: int, diagonal: bool = True) -> list[Cell]:
        """Every board cell at most ``r`` steps from ``c`` (``c`` included), row by row."""
        x0, x1 = max(0, c[0] - r), min(self.width - 1, c[0] + r)
        y0, y1 = max(0, c[1] - r), min(self.height - 1, c[1] + r)
        out = []
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                if diagonal or abs(x - c[0]) + abs(y - c[1]) <= r:
                    out.append((x, y))
        return out

    def columns(self, xs: Iterable[int]) -> list[Cell]:
        """The cells of the given columns, row by row (a side's deployment edge)."""
        wanted = sorted(set(x for x in xs if 0 <= x < self.width))
        return [(x, y) for y in range(self.height) for x in wanted]

    def mirror(self, c: Cell) -> Cell:
        """The cell seen from the opposite edge (left and right swapped)."""
        return (self.width - 1 - c[0], c[1])
