"""Shared set-ups for the Nearspace tests: a loaded game, crafted positions, scripted dice."""

from __future__ import annotations

from typing import Any

from voidtable.engine.dice import Die
from voidtable.engine.game import Game
from voidtable.engine.rng import Rng
from voidtable.games.nearspace import SPEC
from voidtable.games.nearspace.state import NearspaceState, Ship


def load(options: dict[str, Any] | None = None) -> Game:
    return Game(SPEC, 2, options or {})


def fresh(seed: int = 1, options: dict[str, Any] | None = None) -> NearspaceState:
    s = load(options).new_state(seed)
    assert isinstance(s, NearspaceState)
    return s


def blank(seed: int = 1, options: dict[str, Any] | None = None, active: int = 0) -> NearspaceState:
    """A freshly set-up state, its flow stack emptied: tests call step handlers directly."""
    s = fresh(seed, options)
    s.stack.clear()
    s._legal = None
    s.take_events()
    s.active = active
    return s


def place(s: NearspaceState, hex_: tuple[int, int]) -> int:
    return s.r.board.index[hex_]


def lay(s: NearspaceState, hex_: tuple[int, int], key: str, owner: int = 0) -> int:
    """Put the card ``key`` of ``owner``'s deck face up at ``hex_`` (taking it from wherever it was)."""
    inst = next(i for i, (o, k) in enumerate(s.r.instances) if o == owner and k == key)
    for zone in (*s.resource, *s.hand, *s.discard):
        if inst in zone:
            zone.remove(inst)
    s.known_bottom = [min(k, len(r)) for k, r in zip(s.known_bottom, s.resource)]
    for i, c in enumerate(s.place_card):
        if c == inst:
            s.place_card[i] = -1
    p = place(s, hex_)
    s.place_card[p] = inst
    s.face_up[p] = True
    return p


def ship(s: NearspaceState, seat: int, sides: int, colour: str, hex_: tuple[int, int], invested: int | None = None) -> int:
    """A ship of ``seat`` (a die taken from its Stockpile) at ``hex_``; a hull if ``invested`` is short."""
    die = Die(sides, colour)
    s.stockpile[seat] = s.stockpile[seat].take(die)
    i = s.free_ship_id(seat)
    s.ships[i] = Ship(seat, die, place(s, hex_), die.facets if invested is None else invested)
    return i


class ScriptedRng(Rng):
    """An Rng whose ``below`` returns scripted faces (1-based, as a die shows them), then falls back to a seed."""

    def __init__(self, faces: list[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            assert 1 <= face <= n, f"scripted face {face} does not fit a d{n}"
            return face - 1
        return super().below(n)

    def copy(self) -> "ScriptedRng":
        c = ScriptedRng(self.faces, self.state)
        return c
