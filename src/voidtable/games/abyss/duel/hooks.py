"""The fleet duel's hook table: what front ends may ask of the game (SPEC.hooks)."""

from __future__ import annotations

from voidtable.engine.hooks import GameHooks

HOOKS = GameHooks()
