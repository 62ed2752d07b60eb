"""Rules data: a game's numbers live in TOML, read into typed objects at load.

Any table may carry ``assumed = "why"``: the rulebook does not give those
numbers and a designer default stands in. :func:`assumptions` lists them for
``voidtable rules`` and the rules pages. Overrides (``--set a.b.c=20``) change
an existing value only, keeping its type; the typed conversion (msgspec) then
checks the whole tree again.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from .errors import OptionError, RulesDataError
from .options import coerce

T = TypeVar("T")


_PARSED: dict[tuple[str, float], dict[str, Any]] = {}


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file, parsed once per process (and again if the file changes); callers get their own copy."""
    try:
        key = (str(path), Path(path).stat().st_mtime)
        if key not in _PARSED:
            with open(path, "rb") as f:
                _PARSED[key] = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise RulesDataError(f"cannot read rules data {path}: {e}") from e
    return copy.deepcopy(_PARSED[key])


def apply_overrides(data: dict[str, Any], overrides: dict[str, Any], game: str) -> dict[str, Any]:
    """A copy of ``data`` with each dotted path set; unknown paths and wrong types are OptionErrors."""
    out = copy.deepcopy(data)
    for path, value in overrides.items():
        parts = path.split(".")
        node: Any = out
        for i, part in enumerate(parts[:-1]):
            node = _child(node, part, parts[: i + 1], game)
        last = parts[-1]
        if not isinstance(node, dict) or last not in node or last == "assumed":
            where = ".".join(parts[:-1])
            keys = sorted(k for k in node if k != "assumed") if isinstance(node, dict) else []
            raise OptionError(f"{game} rules data has no {path!r}; keys under {where!r}: {', '.join(keys) or 'none'}")
        old = node[last]
        if isinstance(old, (dict, list)):
            raise OptionError(f"{path!r} is a table or list; set one of its values, e.g. {path}.<key>=...")
        node[last] = coerce(value, type(old), f"rules value {path!r}")
    return out


def _child(node: Any, part: str, seen: list[str], game: str) -> Any:
    if isinstance(node, dict) and part in node and isinstance(node[part], dict):
        return node[part]
    keys = sorted(k for k in node if isinstance(node.get(k), dict)) if isinstance(node, dict) else []
    raise OptionError(f"{game} rules data has no table {'.'.join(seen)!r}; tables here: {', '.join(keys) or 'none'}")


def convert(data: dict[str, Any], typ: type[T], game: str) -> T:
    """Validate the whole tree into ``typ`` (msgspec Structs); the error names the offending path."""
    try:
        return msgspec.convert(data, typ)
    except msgspec.ValidationError as e:
        raise RulesDataError(f"{game} rules data invalid: {e}") from e


def assumptions(data: Any, prefix: str = "") -> list[tuple[str, str]]:
    """Every ``(path, why)`` where the data says a value is a designer default."""
    out: list[tuple[str, str]] = []
    if isinstance(data, dict):
        if isinstance(data.get("assumed"), str):
            out.append((prefix or "(top)", data["assumed"]))
        for k, v in data.items():
            if k != "assumed":
                out.extend(assumptions(v, f"{prefix}.{k}" if prefix else k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(assumptions(v, f"{prefix}[{i}]"))
    return out
