"""Shared set-ups for the main game's tests: a loaded game (the unregistered draft spec) and a fresh state."""

from __future__ import annotations

from typing import Any

from voidtable.engine.game import Game
from voidtable.games.abyss.fourx import SPEC
from voidtable.games.abyss.fourx.state import AbyssState


def main_game(players: int = 4, **settings: Any) -> Game:
    return Game(SPEC, players, settings)


def main_state(players: int = 4, seed: int = 0, **settings: Any) -> AbyssState:
    s = main_game(players, **settings).new_state(seed)
    assert isinstance(s, AbyssState)
    return s
