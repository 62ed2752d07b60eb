"""Action kinds declared once, with the type of each one's argument; everything else is derived.

A game lists its decisions as :class:`ActionKind` values in one
:class:`ActionTable`. Each kind names the :class:`ArgType` of its argument: a
seat, a card, a hex, an edge, a square-grid cell, a ship, a die, a number, a
choice from a list, nothing (a button), or a tuple of typed parts (an offer, a
ship and a square). From that one declaration the platform derives:

- ``table.universe(game)``: every action the loaded game can ever produce, in a
  fixed order: the numbering OpenSpiel, PettingZoo and Gymnasium need;
- ``table.key(action)``: what gets numbered (a kind may be numbered by some of
  its parts when the rest follow from the state, see ``ActionKind.key_parts``);
- ``table.route(action)``: what the table lights up for it (a hex, a ship, a
  card, a button ...), so a click maps back to the action;
- ``table.parse(json)``: an :class:`Action` from its JSON form, or
  :class:`InvalidAction` naming the kind and its argument type.

Why declare rather than enumerate by hand: the action universe, the click
routing and the rules used to say the same thing three times, and drifted.

>>> SEAT = seat_arg()
>>> PASS = ActionKind("pass")
>>> AIM = ActionKind("aim", SEAT)
>>> table = ActionTable("demo", [PASS, AIM])
>>> AIM(2)
Action(kind='aim', arg=2)
>>> table.route(AIM(2))
('seat', 2)
>>> table.parse({"kind": "aim", "arg": 1})
Action(kind='aim', arg=1)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Sequence, get_args

from .actions import Action, Arg, _arg_from_json
from .contract import LoadedGame
from .errors import InvalidAction, RecordError

# A game's own callbacks receive the loaded game the table is asked about (an engine.game.Game); they take it as
# Any here, so that each game annotates it with the class it knows (this module may not import engine.game, which
# imports it: see engine/contract.py).
Universe = Callable[[Any], Iterable[Arg]]

#: What the table can light up for an action: a place on a board, a piece, a card, or a button.
#: ``space`` is a point of a map drawn as a graph (places joined by lines, not hexes or cells).
#: A closed set: mypy checks every game's declaration against it (a misspelt target is a type error, not a dead click).
Target = Literal["button", "seat", "card", "hex", "edge", "cell", "ship", "die", "number", "choice", "tuple", "space"]
TARGETS: tuple[Target, ...] = get_args(Target)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class ArgType:
    """The type of an action's argument: a name, its values for a loaded game, how the table shows it.

    ``universe(game)`` lists every value the argument can take in that game (for
    fixed action ids); ``check(value)`` says whether a value has the right shape
    (used when parsing, before any game is at hand).
    """

    name: str
    universe: Universe
    target: Target = "choice"
    check: Callable[[Any], bool] = lambda v: True
    parts: tuple["ArgType", ...] = ()

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"argument type {self.name}: target {self.target!r} is not one of {', '.join(TARGETS)}")

    def optional(self) -> "ArgType":
        """The same type, or ``None`` (``retreat_to`` a hex, or nowhere)."""
        inner = self

        def universe(game: LoadedGame) -> list[Arg]:
            return [None, *inner.universe(game)]

        return ArgType(f"{self.name}?", universe, self.target, lambda v: v is None or inner.check(v), self.parts)

    def accepts(self, value: Any) -> bool:
        return self.check(value)


def tuple_arg(name: str, *parts: ArgType, target: Target = "tuple") -> ArgType:
    """A tuple of typed parts, e.g. ``(ship, square, tile)`` or an offer's parts."""

    def universe(game: LoadedGame) -> list[Arg]:
        return list(itertools.product(*(list(p.universe(game)) for p in parts)))

    def check(v: Any) -> bool:
        return isinstance(v, tuple) and len(v) == len(parts) and all(p.check(x) for p, x in zip(parts, v))

    return ArgType(name, universe, target, check, parts)


def seat_arg(name: str = "seat", max_seats: int | None = None) -> ArgType:
    """A seat at the table (``0 .. players-1``; ``max_seats`` fixes the universe across player counts)."""
    return ArgType(name, lambda g: range(max_seats if max_seats is not None else g.players), "seat", _is_int)


def number_arg(name: str, low: Callable[[Any], int] | int, high: Callable[[Any], int] | int, target: Target = "number") -> ArgType:
    """An integer in ``low .. high`` inclusive (bounds may depend on the loaded game)."""

    def bound(b: Callable[[Any], int] | int, game: LoadedGame) -> int:
        return b(game) if callable(b) else b

    return ArgType(name, lambda g: range(bound(low, g), bound(high, g) + 1), target, _is_int)


def choice_arg(name: str, values: Callable[[Any], Iterable[Arg]] | Sequence[Arg], target: Target = "choice") -> ArgType:
    """One value from a list (card keys, effect names, Threshold values ...), fixed or read from the rules data."""
    if callable(values):
        fn = values
    else:
        fixed = tuple(values)

        def fn(game: LoadedGame) -> Iterable[Arg]:
            return fixed

    return ArgType(name, fn, target, lambda v: isinstance(v, (int, str, bool)) or v is None)


def hex_arg(name: str, hexes: Callable[[Any], Iterable[tuple[int, int]]]) -> ArgType:
    """A hex ``(q, r)`` from the hexes the loaded game's maps can use."""
    return ArgType(name, hexes, "hex", lambda v: isinstance(v, tuple) and len(v) == 2 and all(_is_int(x) for x in v))


def edge_arg(name: str, edges: Callable[[Any], Iterable[tuple[int, int, int]]]) -> ArgType:
    """A hex edge ``(q, r, k)`` (see :mod:`voidtable.engine.hexgrid`)."""
    return ArgType(name, edges, "edge", lambda v: isinstance(v, tuple) and len(v) == 3 and all(_is_int(x) for x in v))


def cell_arg(name: str, cells: Callable[[Any], Iterable[tuple[int, int]]]) -> ArgType:
    """A square-grid cell ``(x, y)``."""
    return ArgType(name, cells, "cell", lambda v: isinstance(v, tuple) and len(v) == 2 and all(_is_int(x) for x in v))


def space_arg(name: str, spaces: Callable[[Any], Iterable[str]]) -> ArgType:
    """A space of a map drawn as a graph, named by a string key (a planet, a light circle)."""
    return ArgType(name, spaces, "space", lambda v: isinstance(v, str))


def id_arg(name: str, count: Callable[[Any], int], target: Target) -> ArgType:
    """A small integer id below ``count(game)``: a ship, a die, a card index."""
    return ArgType(name, lambda g: range(count(g)), target, _is_int)


NO_ARG = ArgType("nothing", lambda g: (None,), "button", lambda v: v is None)
YES_NO = ArgType("yes_no", lambda g: (False, True), "button", lambda v: isinstance(v, bool))


@dataclass(frozen=True)
class ActionKind:
    """One kind of decision: its name and the type of its argument.

    ``key_parts`` numbers a tuple-argument kind by some of its parts only, when the
    rest follows from the state (a blockade raid names its hex, but the attacker
    sits in it), keeping the universe small; ``key_filter`` drops keys that can
    never occur (a ship never raids itself). ``target`` overrides what the table
    lights up; ``route_part`` picks which part of a tuple is clicked.
    """

    name: str
    arg: ArgType = NO_ARG
    key_parts: tuple[int, ...] | None = None
    target: Target | None = None
    route_part: int | None = None
    key_filter: Callable[[Arg], bool] | None = None

    def __call__(self, arg: Arg = None) -> Action:
        return Action(self.name, arg)

    def key_universe(self, game: LoadedGame) -> list[Arg]:
        if self.key_parts is None:
            keys = list(self.arg.universe(game))
        else:
            parts = [list(self.arg.parts[i].universe(game)) for i in self.key_parts]
            keys = list(itertools.product(*parts))
        if self.key_filter is not None:
            keys = [k for k in keys if self.key_filter(k)]
        return keys

    def key(self, action: Action) -> Action:
        if self.key_parts is None:
            return action
        return Action(self.name, tuple(action.arg[i] for i in self.key_parts))

    def route(self, action: Action) -> tuple[Target, Arg]:
        if self.route_part is not None:
            part = self.arg.parts[self.route_part]
            return (self.target or part.target, action.arg[self.route_part])
        return (self.target or self.arg.target, action.arg)


@dataclass
class ActionTable:
    """A game's whole action vocabulary, in a fixed order (that order numbers the universe)."""

    game: str
    kinds: list[ActionKind]
    by_name: dict[str, ActionKind] = field(init=False)

    def __post_init__(self) -> None:
        self.by_name = {}
        for k in self.kinds:
            if k.name in self.by_name:
                raise ValueError(f"{self.game}: action kind {k.name!r} declared twice")
            self.by_name[k.name] = k

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> ActionKind:
        return self.by_name[name]

    def names(self) -> list[str]:
        return [k.name for k in self.kinds]

    def universe(self, game: LoadedGame) -> list[Action]:
        """Every action key the loaded game can produce, kinds in declaration order."""
        return [Action(k.name, v) for k in self.kinds for v in k.key_universe(game)]

    def key(self, action: Action) -> Action:
        """The numbered form of ``action`` (itself, unless its kind is numbered by some parts)."""
        return self.by_name[action.kind].key(action)

    def needs_keys(self) -> bool:
        return any(k.key_parts is not None for k in self.kinds)

    def route(self, action: Action) -> tuple[Target, Arg]:
        """``(target, value)``: what the table lights up for ``action``."""
        kind = self.by_name.get(action.kind)
        if kind is None:
            raise InvalidAction(f"{self.game}: unknown action kind {action.kind!r}; kinds: {', '.join(self.names())}")
        return kind.route(action)

    def validate(self, action: Action) -> Action:
        """``action`` if its kind is declared and its argument has the kind's type, else InvalidAction."""
        kind = self.by_name.get(action.kind)
        if kind is None:
            raise InvalidAction(f"{self.game}: unknown action kind {action.kind!r}; kinds: {', '.join(self.names())}")
        if not kind.arg.check(action.arg):
            raise InvalidAction(f"{self.game}: action {action.kind!r} takes {kind.arg.name}, got {action.arg!r}")
        return action

    def parse(self, data: Any) -> Action:
        """An action from its JSON form, checked against the declaration (InvalidAction otherwise)."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InvalidAction(f"an action is an object with a string 'kind', got {data!r}")
        extra = set(data) - {"kind", "arg"}
        if extra:
            raise InvalidAction(f"{self.game}: action {data['kind']!r} has only 'kind' and 'arg', got extra keys {sorted(extra)}")
        try:
            arg = _arg_from_json(data.get("arg"))
        except RecordError as e:
            if data["kind"] not in self.by_name:
                self.validate(Action(data["kind"]))  # raises: unknown kind
            name = self.by_name[data["kind"]].arg.name
            raise InvalidAction(f"{self.game}: action {data['kind']!r} takes {name}, got {data.get('arg')!r} ({e})") from None
        return self.validate(Action(data["kind"], arg))
