"""Black Abyss (a designer's draft): the shared ship and battle modules, and the games built on them.

``ships.py`` (hulls, tiles, stats from working squares, damage, repair), ``battle.py``
(initiative, the battle board, fire, fleeing) and ``data.py`` (abyss.toml) serve
every game of this folder. ``SPECS`` holds the 2-player fleet battle
(``fleet/``, ``abyss_battle``) and the 3-6 player main game (``fourx/``, ``abyss``). The rules page is
docs/rules/abyss.md.
"""

from __future__ import annotations

from .fleet import SPEC as FLEET_SPEC
from .fourx import SPEC as MAIN_SPEC

SPECS = [FLEET_SPEC, MAIN_SPEC]

__all__ = ["SPECS", "FLEET_SPEC", "MAIN_SPEC"]
