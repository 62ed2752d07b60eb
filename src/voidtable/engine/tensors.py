"""Fixed-shape float tensors made of named sections, and the encoder a game offers the researchers' APIs.

NumPy is imported here, so this module is imported only by the interop layer
and by games' encoder factories (``InteropHooks.encoder``), never by the rest
of the engine: NumPy stays an optional dependency.
"""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any, Iterator

import numpy as np

from .errors import VoidtableError

if TYPE_CHECKING:
    from .state import GameState


class EncodingError(VoidtableError):
    """A view holds something the game's encoder does not cover (named in the message)."""


class Layout:
    """Named sections laid end to end in one flat float32 vector (OpenSpiel observers expose each by name)."""

    __slots__ = ("sections", "offsets", "size")

    def __init__(self, sections: list[tuple[str, tuple[int, ...]]]) -> None:
        self.sections = [(name, tuple(shape)) for name, shape in sections]
        self.offsets: dict[str, tuple[int, int, tuple[int, ...]]] = {}
        at = 0
        for name, shape in self.sections:
            if name in self.offsets:
                raise ValueError(f"tensor section {name!r} appears twice")
            size = prod(shape)
            self.offsets[name] = (at, at + size, shape)
            at += size
        self.size = at

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, np.float32)

    def views(self, flat: np.ndarray, prefix: str = "") -> dict[str, np.ndarray]:
        """Each section of ``flat`` as a reshaped view (writes go through to ``flat``)."""
        return {prefix + name: flat[a:b].reshape(shape) for name, (a, b, shape) in self.offsets.items()}

    def prefixed(self, prefix: str) -> "Layout":
        return Layout([(prefix + name, shape) for name, shape in self.sections])


def concat(*layouts: Layout) -> Layout:
    return Layout([s for lay in layouts for s in lay.sections])


class Encoder:
    """Turns views into tensors for one loaded game.

    Three layouts: ``public`` (read from the public part of a view, seats
    numbered relative to the observer when there is one), ``private`` (the
    observer's own hidden part), ``recall`` (the information-state tensor's
    memory of earlier private observations). A game with nothing private leaves
    ``private`` / ``recall`` empty. Building tensors from views, never from the
    state's fields, keeps hidden information out of every tensor by construction.
    """

    public: Layout
    private: Layout = Layout([])
    recall: Layout = Layout([])

    def fill_public(self, out: dict[str, np.ndarray], view: dict[str, Any], me: int | None) -> None:
        raise NotImplementedError

    def fill_private(self, out: dict[str, np.ndarray], view: dict[str, Any], me: int) -> None:
        """Write the private sections from ``view`` = ``state.view(me)``."""

    def private_part(self, state: "GameState", seat: int) -> Any:
        """JSON-ready: what ``seat`` knows that a spectator does not (None when nothing)."""
        return None

    def fill_recall(self, out: dict[str, np.ndarray], history: Iterator[tuple["GameState", Any]], me: int) -> None:
        """Write the recall sections from ``(state, private_part)`` pairs, newest first (stop when done)."""


class GenericEncoder(Encoder):
    """The observation of a game that declares no encoder: minimal, but never empty.

    Section ``bias`` is a constant 1; section ``to_move`` marks, if the view has a
    ``to_move`` list of seats (a common convention, not a rule), which seats must
    decide, numbered relative to the observer. Such a game still plays through
    every adapter (action ids, masks, strings, rewards); learners that need real
    features must read ``state.view`` themselves, or the game declares an encoder
    (``GameSpec.hooks.interop``).
    """

    def __init__(self, game: Any) -> None:
        self.n = int(game.players)
        self.public = Layout([("bias", (1,)), ("to_move", (self.n,))])

    def fill_public(self, out: dict[str, np.ndarray], view: dict[str, Any], me: int | None) -> None:
        out["bias"][0] = 1.0
        movers = view.get("to_move") if isinstance(view, dict) else None
        if isinstance(movers, list):
            for q in movers:
                if isinstance(q, int) and 0 <= q < self.n:
                    out["to_move"][(q - me) % self.n if me is not None else q] = 1.0
