"""Fixed action numbering: every Action a game can produce, as ids ``0 .. size-1``.

Researchers' APIs (OpenSpiel, PettingZoo, Gymnasium) want a discrete action
space whose ids mean the same thing in every state. A game's interop hook
(``interop.registry``) enumerates that universe from the loaded rules data;
this module numbers it and translates both ways.

An action's *key* is what gets numbered. Usually the key is the action itself;
a hook may drop a part of the argument that the rest already determines (Black
Sun's blockade raid names its hex, but the attacking ship sits in that hex), so
the universe stays small. Decoding an id then needs the state's legal actions,
which every adapter has at hand: :meth:`ActionSpace.legal` returns both the
sorted ids and the id -> action map of one decision.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from voidtable.engine.actions import Action, _arg_to_json
from voidtable.engine.errors import VoidtableError


class InteropError(VoidtableError):
    """The interop layer met something its encodings do not cover (named in the message)."""


KeyFn = Callable[[Action], Action]


class ActionSpace:
    """A numbered universe of action keys for one loaded game."""

    __slots__ = ("game", "keys", "index", "key", "size")

    def __init__(self, game: str, keys: Iterable[Action], key: KeyFn | None = None) -> None:
        self.game = game
        self.keys: tuple[Action, ...] = tuple(keys)
        self.index: dict[Action, int] = {}
        for i, k in enumerate(self.keys):
            if k in self.index:
                raise InteropError(f"{game}: the action space lists {k} twice")
            self.index[k] = i
        self.key = key
        self.size = len(self.keys)

    def encode(self, action: Action) -> int:
        k = self.key(action) if self.key is not None else action
        i = self.index.get(k)
        if i is None:
            raise InteropError(f"{self.game}: action {action} is outside the interop action space "
                               f"(key {k}); the game's action_space hook must list it")
        return i

    def legal(self, actions: list[Action]) -> tuple[list[int], dict[int, Action]]:
        """Sorted ids of ``actions`` and the map back; raises if two actions share an id."""
        index = self.index
        key = self.key
        mapping: dict[int, Action] = {}
        for a in actions:
            i = index.get(key(a) if key is not None else a)
            if i is None:
                self.encode(a)  # raises with the message
            if i in mapping:
                raise InteropError(f"{self.game}: legal actions {mapping[i]} and {a} share action id {i}")
            mapping[i] = a  # type: ignore[index]
        return sorted(mapping), mapping

    def label(self, i: int) -> str:
        """The id's action in words (its key: for keyed kinds, the omitted part is implied by the state)."""
        if not 0 <= i < self.size:
            return f"<invalid action id {i}>"
        return str(self.keys[i])

    def describe(self) -> list[dict[str, Any]]:
        """The whole table, JSON-ready: ``[{"id": 0, "kind": ..., "arg": ...}, ...]``."""
        return [{"id": i, "kind": k.kind, "arg": _arg_to_json(k.arg)} for i, k in enumerate(self.keys)]


def kinds(name: str, values: Iterable[Any]) -> list[Action]:
    """``Action(name, v)`` for every value."""
    return [Action(name, v) for v in values]
