"""The game registry: a game registers itself; a sixth game is a new folder, not edits across the tree.

Built-in games are the sub-packages of ``voidtable.games`` that expose ``SPEC``
(one game) or ``SPECS`` (several games from one folder, e.g. a game and its
two-player mini game); other packages may add games through the
``voidtable.games`` entry-point group, whose entries name a spec or a sequence of specs.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game, GameSpec

_REGISTRY: dict[str, GameSpec] = {}
_DISCOVERED = False


def register(spec: GameSpec) -> GameSpec:
    _REGISTRY[spec.name] = spec
    return spec


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    import voidtable.games as pkg

    for mod in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        if mod.ispkg:
            module = importlib.import_module(f"voidtable.games.{mod.name}")
            for spec in specs_in(getattr(module, "SPEC", None)) + specs_in(getattr(module, "SPECS", None)):
                register(spec)
    for ep in entry_points(group="voidtable.games"):
        for spec in specs_in(ep.load()):
            register(spec)


def specs_in(value: Any) -> list[GameSpec]:
    """The game specs ``value`` holds: one spec, a sequence of specs, or nothing."""
    if isinstance(value, GameSpec):
        return [value]
    if isinstance(value, (list, tuple)):
        return [v for v in value if isinstance(v, GameSpec)]
    return []


def games() -> dict[str, GameSpec]:
    """Every registered game by name."""
    _discover()
    return dict(sorted(_REGISTRY.items()))


def get(name: str) -> GameSpec:
    _discover()
    if name not in _REGISTRY:
        raise UnknownGame(f"unknown game {name!r}; games: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name]


_LOADED: dict[str, Game] = {}
_LOADED_MAX = 256


def load(game: str, players: int, options: dict[str, Any] | None = None, *, cache: bool = False) -> Game:
    """Load ``game`` for ``players`` with options and rules overrides validated (``voidtable.load``).

    With ``cache``, a rule set already loaded in this process with the same game, player
    count and options is reused: a :class:`Game` is read-only once loaded (states only read
    its rules), and loading parses the rules data, which costs more than playing a game.
    This is the one loaded-game cache of the platform (simulations, the lab, the ladder,
    the table and the interop adapters all use it).
    """
    if not cache:
        return Game(get(game), players, options)
    key = json.dumps([game, players, options or {}], sort_keys=True, default=repr)
    spec = get(game)
    loaded = _LOADED.get(key)
    if loaded is None or loaded.spec is not spec:  # a game registered anew is loaded anew
        loaded = Game(spec, players, options)
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = loaded
    return loaded
