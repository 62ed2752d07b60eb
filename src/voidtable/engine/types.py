"""Names for the small integers games pass around, so signatures say what a number is.

These are aliases, not ``NewType``s: a seat is still an ``int`` to every caller,
but ``def lose(s: MyState, seat: Seat, ship: ShipId)`` reads as the rule
it implements. ``AUTO`` marks a task no seat decides (a die roll, a scoring step).
"""

from __future__ import annotations

from typing import Final, TypeAlias

from .hexgrid import Edge, Hex

Seat: TypeAlias = int      # 0 .. players-1
CardId: TypeAlias = int    # index into a game's card table
HexId: TypeAlias = int     # index into a board's hex table (a coordinate is a Hex)
ShipId: TypeAlias = int    # index into a game's ship table
AUTO: Final[Seat] = -1     # a task that runs by itself

__all__ = ["AUTO", "CardId", "Edge", "Hex", "HexId", "Seat", "ShipId"]
