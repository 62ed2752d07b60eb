"""Black Abyss (a designer's draft): the shared ship and battle modules, and the games built on them.

``ships.py`` (hulls, tiles, stats from working squares, damage, repair), ``battle.py``
(initiative, the battle board, fire, fleeing) and ``data.py`` (abyss.toml) serve
every game of this folder. ``SPECS`` holds the 2-player fleet battle now
(``fleet/``); the 3-6 player 4X joins it here later. The rules page is
docs/rules/abyss.md.
"""

from __future__ import annotations

from .fleet import SPEC as FLEET_SPEC

SPECS = [FLEET_SPEC]

__all__ = ["SPECS", "FLEET_SPEC"]
