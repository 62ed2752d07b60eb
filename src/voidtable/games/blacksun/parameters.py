"""Black Sun's tunable numbers (``SPEC.parameters``): what the lab sweeps, within sensible ranges.

The targets and the round limit end the game; the ships' Move and Fight are
card values the sources leave open for most ships (``assumed`` in
``blacksun.toml``; docs/rules/blacksun.md), and the faction redraw limit is
an assumption too. The ranges keep a game playable: a target of at least one
point, ships that move at most across the map's widest orbit in one go.
"""

from __future__ import annotations

from voidtable.engine.parameters import Parameter

PARAMETERS = (
    Parameter("game.target_short", 1, 50, help="points that end a short game"),
    Parameter("game.target_long", 1, 80, help="points that end a long game"),
    Parameter("limits.max_rounds", 10, 500, help="full rounds after which a game ends as if time ran out (assumed)"),
    Parameter("limits.max_redraws", 0, 10, help="how often a player may redraw a Starting Faction (assumed)"),
    Parameter("ships.*.move", 0, 8, help="a ship type's Move (most are assumed)"),
    Parameter("ships.*.fight", 0, 10, help="a ship type's Fight: dice it rolls in a raid (most are assumed)"),
)
