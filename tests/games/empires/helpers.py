"""Shared set-ups for the Empires tests: a loaded game, a played-through setup, hand-built positions, scripted dice."""

from __future__ import annotations

import random
from typing import Any

from voidtable.engine.game import Game
from voidtable.engine.rng import Rng
from voidtable.games.empires import SPEC
from voidtable.games.empires.planets import Control
from voidtable.games.empires.ships import Ship
from voidtable.games.empires.state import EmpiresState


def load(players: int = 4, options: dict[str, Any] | None = None) -> Game:
    return Game(SPEC, players, options or {})


def fresh(players: int = 4, seed: int = 1, options: dict[str, Any] | None = None) -> EmpiresState:
    s = load(players, options).new_state(seed)
    assert isinstance(s, EmpiresState)
    return s


def through_setup(players: int = 4, seed: int = 1, options: dict[str, Any] | None = None) -> EmpiresState:
    """A new game with its setup decisions taken by a seeded chooser, stopped at round 1's pre-round."""
    s = fresh(players, seed, options)
    chooser = random.Random(seed)
    while s.round == 0:
        p = s.to_move()[0]
        s.apply(p, chooser.choice(s.legal_actions(p)))
    return s


def blank(players: int = 4, seed: int = 1, options: dict[str, Any] | None = None) -> EmpiresState:
    """A set-up game with its flow stack emptied: tests call rules directly and push the tasks they test."""
    s = through_setup(players, seed, options)
    s.stack.clear()
    s._legal = None
    s.take_events()
    s.ships.clear()
    for k in s.control:
        s.control[k] = Control(ally=int(k[4:])) if k.startswith("home") else Control()
    s.hands = [[] for _ in range(players)]
    return s


def ship(s: EmpiresState, seat: int, kind: str, space: str, damage: int = 0) -> int:
    """Put a ship of ``seat`` on ``space`` (a free token of its colour or the neutral supply)."""
    colour = -1 if s.r.ship(kind).neutral else seat
    i = next(i for i, t in enumerate(s.r.tokens) if t.kind == kind and t.colour == colour and i not in s.ships)
    s.ships[i] = Ship(kind, seat, space, damage)
    return i


def give_cards(s: EmpiresState, seat: int, temperament: str, n: int) -> list[int]:
    """Move ``n`` cards of a temperament from the deck (or discard) into the seat's hand."""
    out = []
    for pile in (s.deck, s.discard):
        for c in list(pile):
            if len(out) < n and s.r.cards[c][0] == temperament:
                pile.remove(c)
                out.append(c)
    s.hands[seat].extend(out)
    assert len(out) == n
    return out


class ScriptedRng(Rng):
    """An Rng whose ``below`` returns scripted die faces (1-based), then falls back to its seed."""

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


def script(s: EmpiresState, faces: list[int]) -> ScriptedRng:
    rng = ScriptedRng(faces)
    s.rng = rng
    return rng


def run(s: EmpiresState, *tasks: Any) -> None:
    """Push tasks (first given runs first) over a resting pre-round, and run to the next decision."""
    from voidtable.games.empires.tasks import PreRound

    if not s.stack:
        s.push(PreRound())
    s.push(*tasks)
    s.advance()


def resting(s: EmpiresState) -> bool:
    """Nothing left but the resting pre-round that ``run`` put under the tested tasks."""
    return [type(t).__name__ for t in s.stack] == ["PreRound"]


def attack(s: EmpiresState, seat: int, space: str, target: Any) -> None:
    """An ATTACK at ``space`` on ``target`` (the target choice is taken by itself when it is the only one)."""
    from voidtable.engine.actions import Action
    from voidtable.games.empires.tasks import ChooseTarget

    run(s, ChooseTarget(seat, space))
    if isinstance(s.pending, ChooseTarget):
        s.apply(seat, Action("target", target))
