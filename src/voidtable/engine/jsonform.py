"""Values in JSON form: the one conversion snapshots, task records and views share.

It lives apart from the flow machine (which uses it for tasks) and the declared fields (which use it for
snapshots) so that neither imports the other for it.
"""

from __future__ import annotations

from typing import Any

_ATOMS = frozenset((type(None), bool, int, float, str))


def jsonable(x: Any) -> Any:
    """A value in JSON form: sets as sorted lists, tuples as lists, NamedTuples as objects.

    Exact types are tried first (snapshots of whole states call this a million times a game
    in the interop and conformance checks); subclasses take the general path below."""
    t = type(x)
    if t in _ATOMS:
        return x
    if t is list or t is tuple:
        return [jsonable(v) for v in x]
    if t is dict:
        return {str(k): jsonable(v) for k, v in x.items()}
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, tuple) and hasattr(x, "_fields"):
        return {k: jsonable(v) for k, v in zip(x._fields, x)}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(jsonable(v) for v in x)
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    snap = getattr(x, "snapshot", None)
    if callable(snap):
        return snap()
    raise TypeError(f"cannot put a {type(x).__name__} into JSON form")
