"""Actions: small immutable values with a stable JSON form.

An action is ``Action(kind, arg)``: ``kind`` names the decision ("select",
"threshold_card", "move"...), ``arg`` is an int, a str, a bool, None, or a
tuple of those. JSON form: ``{"kind": ..., "arg": ...}`` with tuples as lists.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .errors import RecordError

Arg = Any  # int | str | bool | None | tuple[Arg, ...]


def _arg_to_json(arg: Arg) -> Any:
    if isinstance(arg, tuple):
        return [_arg_to_json(a) for a in arg]
    return arg


def _arg_from_json(arg: Any) -> Arg:
    if isinstance(arg, list):
        return tuple(_arg_from_json(a) for a in arg)
    if arg is None or isinstance(arg, (int, str, bool)):
        return arg
    raise RecordError(f"action argument {arg!r} is not an int, str, bool, null or list")


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down: ``False`` is not the legal ``0``, nor ``1.0`` the seat ``1``.

    Python's ``==`` treats those as equal; a move from outside (the Python API, a
    client) is matched to the legal ones with this, so nothing of another type is
    ever applied or stored.
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def is_seat(player: Any) -> bool:
    """A seat number is exactly an int (not a bool, a float or a string)."""
    return type(player) is int


class Action(NamedTuple):
    """One decision a player can take. Hashable, comparable, JSON-stable."""

    kind: str
    arg: Arg = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "arg": _arg_to_json(self.arg)}

    @staticmethod
    def from_json(data: Any) -> "Action":
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise RecordError(f"an action must be an object with a string 'kind', got {data!r}")
        extra = set(data) - {"kind", "arg"}
        if extra:
            raise RecordError(f"an action has only 'kind' and 'arg', got extra keys {sorted(extra)}")
        return Action(data["kind"], _arg_from_json(data.get("arg")))

    def __str__(self) -> str:
        if self.arg is None:
            return self.kind
        return f"{self.kind} {_arg_to_json(self.arg)}"
