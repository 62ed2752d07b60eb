"""A ship on the board: an immutable record per token id (kind, owner, space, damage)."""

from __future__ import annotations

from typing import NamedTuple


class Ship(NamedTuple):
    kind: str
    owner: int
    space: str
    damage: int = 0
