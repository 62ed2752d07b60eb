"""Dice as pieces and as chance: a die of N sides with a colour, logged rolls, and a finite Stockpile.

Some games roll dice (a d20 for who starts, engines, threat checks); some also
field dice as pieces (in some games a ship *is* a die: its sides are its size, its
colour its role). This module serves both:

- :class:`Die` is a hashable value ``Die(sides, colour)``; ``facets`` is its size,
  never below 1 (a rule some dice games state outright);
- :func:`roll` draws from the state's :class:`~voidtable.engine.rng.Rng` and hands
  an event to the caller's ``emit``, so every roll is in the log as a chance
  event (``{"type": "rolled", "sides": 8, "colour": "red", "value": 5, ...}``)
  and a record replays it bit for bit; :func:`check` is "roll # or less";
- :func:`faces` rolls dice whose faces the game reports inside an event of its
  own (Black Sun's raid rolls, Black Abyss's shots): the same draws as
  :func:`roll`, no ``rolled`` event. Those games' records pin that form, so
  moving them to ``rolled`` events is a records change (a ``rules_version``
  bump), not a refactoring;
- :func:`roll_off` is "everyone rolls, the highest wins, the tied roll again",
  one loop for every game that decides who starts (or anything else) that way;
- :class:`Stockpile` is a finite collection of dice counted by kind. It is an
  immutable tuple (``take`` and ``give`` return a new one), so a state can
  declare it a ``VALUE``/``LIST`` field and clones share it safely.

Why here and not in a game: several games on the platform roll or field dice,
and the log, the replay and the lab must see every roll the same way.

>>> from voidtable.engine.rng import Rng
>>> log = []
>>> roll(Rng(1), Die(20), log.append, why="first player") in range(1, 21)
True
>>> log[0]["type"], log[0]["sides"], log[0]["why"]
('rolled', 20, 'first player')
>>> pile = Stockpile.of({Die(6, "red"): 2})
>>> pile.take(Die(6, "red")).left(Die(6, "red"))
1
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, NamedTuple, Sequence

from .events import Event
from .rng import Rng

Emit = Callable[[Event], None]
Context = str | int | bool | None | list[int] | list[str]


class Die(NamedTuple):
    """One die: ``sides`` faces numbered 1..sides, and a colour (a role in some games, nothing in others)."""

    sides: int
    colour: str = "white"

    @property
    def facets(self) -> int:
        """The die's size for anything that counts facets; never below 1."""
        return max(1, self.sides)

    def name(self) -> str:
        """``"red d8"``: how logs write a die."""
        return f"{self.colour} d{self.sides}"

    def to_json(self) -> dict[str, int | str]:
        return {"sides": self.sides, "colour": self.colour}


def roll(rng: Rng, die: Die, emit: Emit, **context: Context) -> int:
    """Roll ``die`` with ``rng``; emit a ``rolled`` event carrying ``context``; return the face (1..sides).

    The event is public (dice are rolled on the table); ``context`` says why
    (``seat=1, ship=7, why="combat"``). A die of fewer than 1 side is a bug.
    """
    if die.sides < 1:
        raise ValueError(f"cannot roll a die of {die.sides} sides")
    value = rng.below(die.sides) + 1
    event: Event = {"type": "rolled", "sides": die.sides, "colour": die.colour, "value": value}
    event.update(context)
    emit(event)
    return value


def check(rng: Rng, die: Die, target: int, emit: Emit, **context: Context) -> bool:
    """"Check for #": roll ``die``; True when the face is ``target`` or less (the event says so too)."""
    value = roll(rng, die, emit, check=target, **context)
    return value <= target


def face(rng: Rng, die: Die) -> int:
    """One roll of ``die`` (1..sides) for a game that puts the face into its own event.

    The draw is the one :func:`roll` makes (``rng.below(sides) + 1``), so a game
    moving between the two keeps its random sequence; the caller must report the
    face in the event it emits (a quiet state, building no events, reports nothing).
    """
    if die.sides < 1:
        raise ValueError(f"cannot roll a die of {die.sides} sides")
    return rng.below(die.sides) + 1


def faces(rng: Rng, die: Die, count: int) -> list[int]:
    """``count`` rolls of ``die``, in order, for a game that reports them in its own event (see :func:`face`)."""
    if die.sides < 1:
        raise ValueError(f"cannot roll a die of {die.sides} sides")
    return rng.roll(count, die.sides)  # ``below(sides) + 1`` per die, in order (a test's scripted Rng replaces it whole)


#: One round of a roll-off: the seats still rolling, in order -> each seat's total.
Throw = Callable[[list[int]], Mapping[int, int]]


def roll_off(seats: Iterable[int], throw: Throw) -> int:
    """Everyone in ``seats`` rolls; the highest total wins; the tied roll again until one is left.

    ``throw(rolling)`` rolls for each seat still in (in seat order, so the random
    sequence is fixed), logs the round as the game logs rolls, and returns the
    totals. :func:`dice_throw` makes the usual one; a game whose records log a
    round in one event of its own passes its own. A single seat wins without rolling.
    """
    rolling = list(seats)
    if not rolling:
        raise ValueError("a roll-off needs at least one seat")
    while len(rolling) > 1:
        totals = throw(rolling)
        top = max(totals[p] for p in rolling)
        rolling = [p for p in rolling if totals[p] == top]
    return rolling[0]


def dice_throw(rng: Rng, dice: Sequence[Die], emit: Emit, **context: Context) -> Throw:
    """A roll-off round where each seat rolls ``dice`` through :func:`roll` (a ``rolled`` event each, with ``seat``)."""

    def throw(rolling: list[int]) -> dict[int, int]:
        return {p: sum(roll(rng, die, emit, seat=p, **context) for die in dice) for p in rolling}

    return throw


class Stockpile(NamedTuple):
    """A finite collection of dice by kind: ``counts`` is sorted ``((die, n), ...)`` with every n > 0.

    Immutable: :meth:`take` and :meth:`give` return a new Stockpile, so game
    states share it between clones for free. A kind a game does not distinguish
    (colour, say) is simply always the same value.
    """

    counts: tuple[tuple[Die, int], ...] = ()

    @classmethod
    def of(cls, dice: Mapping[Die, int] | Iterable[Die]) -> "Stockpile":
        """A Stockpile from ``{die: count}`` or from a list of dice (repeats counted)."""
        tally: dict[Die, int] = {}
        if isinstance(dice, Mapping):
            for die, n in dice.items():
                if n < 0:
                    raise ValueError(f"a stockpile cannot hold {n} of {die.name()}")
                tally[Die(*die)] = tally.get(Die(*die), 0) + n
        else:
            for die in dice:
                tally[Die(*die)] = tally.get(Die(*die), 0) + 1
        return cls(tuple(sorted((d, n) for d, n in tally.items() if n > 0)))

    def as_dict(self) -> dict[Die, int]:
        return dict(self.counts)

    def left(self, die: Die) -> int:
        """How many dice of this kind are left."""
        for d, n in self.counts:
            if d == die:
                return n
        return 0

    def has(self, die: Die) -> bool:
        return self.left(die) > 0

    def kinds(self) -> list[Die]:
        """The kinds with at least one die left, in a fixed order (by sides, then colour)."""
        return [d for d, _ in self.counts]

    def total(self) -> int:
        """How many dice are left."""
        return sum(n for _, n in self.counts)

    def facets(self) -> int:
        """The facets of every die left."""
        return sum(d.facets * n for d, n in self.counts)

    def take(self, die: Die) -> "Stockpile":
        """A Stockpile with one ``die`` fewer (ValueError naming the die if there is none)."""
        tally = self.as_dict()
        if tally.get(die, 0) <= 0:
            raise ValueError(f"the stockpile has no {die.name()} left")
        tally[die] -= 1
        return Stockpile.of(tally)

    def give(self, die: Die) -> "Stockpile":
        """A Stockpile with one more ``die`` (a dismantled ship coming back)."""
        tally = self.as_dict()
        tally[die] = tally.get(die, 0) + 1
        return Stockpile.of(tally)

    def to_json(self) -> list[dict[str, int | str]]:
        return [{"sides": d.sides, "colour": d.colour, "count": n} for d, n in self.counts]
