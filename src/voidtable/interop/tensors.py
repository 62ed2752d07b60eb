"""Fixed-shape float tensors made of named sections (OpenSpiel observers expose each section by name)."""

from __future__ import annotations

from math import prod

import numpy as np


class Layout:
    """Named sections laid end to end in one flat float32 vector."""

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
