"""The one source of randomness a game state may use.

A tiny SplitMix64 generator whose whole state is one integer: cloning a game
state copies it for free (``random.Random`` would copy 625 words), and the
sequence is the same on every Python version and platform, so a seed and a list
of actions replay bit for bit.
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

from .native import mypyc_attr

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


@mypyc_attr(allow_interpreted_subclasses=True)  # tests script dice with a subclass (engine/native.py)
class Rng:
    """Seeded SplitMix64. ``below(n)`` uses the top bits of a 64-bit draw (bias < 2**-50 for game-sized n)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def snapshot(self) -> int:
        """The whole generator in JSON form (its one integer)."""
        return self.state

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        # next64() inlined: a draw per random decision in every playout
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place (``below`` inlined: shuffles are the bulk of a card game's chance)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def roll(self, dice: int, sides: int = 6) -> list[int]:
        """``dice`` rolls of a ``sides``-sided die."""
        return [self.below(sides) + 1 for _ in range(dice)]

    def spawn(self) -> "Rng":
        """An independent generator seeded from this one (for a sub-task such as a determinization)."""
        return Rng(self.next64())

    def copy(self) -> "Rng":
        return Rng(self.state)


def derive_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a batch started from ``master``: independent of how games are split over workers."""
    r = Rng((master * 0x100000001B3) ^ (index * _GOLDEN))
    r.next64()
    return r.next64() >> 1
