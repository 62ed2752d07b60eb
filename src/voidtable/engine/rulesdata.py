"""Rules data: a game's numbers live in TOML, read into typed objects at load.

Any table may carry ``assumed = "why"``: the rulebook does not give those
numbers and a designer default stands in. :func:`assumptions` lists them for
``voidtable rules`` and the rules pages. Overrides (``--set a.b.c=20``) change
an existing value only, keeping its type; the typed conversion (msgspec) then
checks the whole tree again.

Rules data is strict: every struct a game loads its data into derives from
:class:`RulesStruct` (or sets msgspec's ``forbid_unknown_fields`` itself), so a
misspelled key (``limits.max_roundz``) is refused in one line naming its path,
never silently ignored; :func:`convert` refuses to load into a tree of structs
that would accept one.
"""

from __future__ import annotations

import copy
import re
import tomllib
import typing
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


class RulesStruct(msgspec.Struct, forbid_unknown_fields=True):
    """The base of every game's rules-data struct: a key the struct does not declare is an error naming it.

    msgspec ignores unknown keys by default, which turns a misspelled key into a
    value silently left at its default; subclasses inherit the refusal, so a game
    deriving its structs from this one cannot forget it.
    """


def struct_types(typ: Any) -> list[type[msgspec.Struct]]:
    """Every msgspec Struct class reachable from ``typ`` (its fields, dict values, list items, union arms)."""
    found: list[type[msgspec.Struct]] = []

    def visit(t: Any) -> None:
        if isinstance(t, type) and issubclass(t, msgspec.Struct):
            if t in found:
                return
            found.append(t)
            for f in msgspec.structs.fields(t):
                visit(f.type)
            return
        for arg in typing.get_args(t):
            visit(arg)

    visit(typ)
    return found


_STRICT: set[Any] = set()


def check_strict(typ: Any) -> None:
    """A TypeError (a programming error, not bad data) if a struct under ``typ`` would ignore an unknown key."""
    if typ in _STRICT:
        return
    loose = [t.__qualname__ for t in struct_types(typ) if not t.__struct_config__.forbid_unknown_fields]
    if loose:
        raise TypeError(f"rules-data structs {', '.join(loose)} accept unknown keys: derive them from "
                        "voidtable.engine.rulesdata.RulesStruct")
    _STRICT.add(typ)


def convert(data: dict[str, Any], typ: type[T], game: str) -> T:
    """Validate the whole tree into ``typ`` (strict msgspec Structs); the one-line error names the offending path."""
    check_strict(typ)
    try:
        return msgspec.convert(data, typ)
    except msgspec.ValidationError as e:
        raise RulesDataError(f"{game} rules data invalid: {explain(data, typ, str(e))}") from e


_ERROR_AT = re.compile(r"^(?P<what>.*?) - at `\$(?P<path>[^`]*)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<key>.*)`$")
_STEP = re.compile(r"\.([^.\[]+)|\[(\.\.\.|\d+)\]")


def explain(data: Any, typ: Any, message: str) -> str:
    """msgspec's message with its path made concrete: ``ships[...].movee`` becomes ``ships.raider.movee``.

    msgspec writes ``[...]`` for any key of a table of tables; the tree and the
    types together say which key it was (an unknown key: the table holding it; a
    bad value: the one that fails to convert on its own).
    """
    m = _ERROR_AT.match(message)
    what, at = (m.group("what"), m.group("path")) if m else (message, "")
    unknown = _UNKNOWN.match(what)
    places = _places(data, typ, at)
    if unknown:
        key = unknown.group("key")
        for where, node, t in places:
            if isinstance(node, dict) and key in node and _is_struct(t):
                fields = ", ".join(sorted(f.encode_name for f in msgspec.structs.fields(t) if f.name != "assumed"))
                return f"unknown key {_join(where, key)!r} (keys there: {fields})"
        return f"unknown key {_join(at.lstrip('.'), key)!r}"
    for where, node, t in places:
        try:
            msgspec.convert(node, t)
        except msgspec.ValidationError:
            return f"{what} at {where or '(top)'}"
    return f"{what} at {at.lstrip('.') or '(top)'}" if at else what


def _is_struct(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, msgspec.Struct)


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _places(data: Any, typ: Any, at: str) -> list[tuple[str, Any, Any]]:
    """Every ``(dotted path, node, type)`` of the tree that msgspec's path ``at`` may mean."""
    places: list[tuple[str, Any, Any]] = [("", data, typ)]
    for step in _STEP.finditer(at):
        name, index = step.group(1), step.group(2)
        nxt: list[tuple[str, Any, Any]] = []
        for where, node, t in places:
            t = _arm(t, node)
            if name is not None and isinstance(node, dict) and name in node:
                nxt.append((_join(where, name), node[name], _field_type(t, name)))
            elif index == "..." and isinstance(node, dict):
                nxt.extend((_join(where, str(k)), v, _item_type(t, 1)) for k, v in node.items())
            elif index is not None and index != "..." and isinstance(node, list) and int(index) < len(node):
                nxt.append((f"{where}[{index}]", node[int(index)], _item_type(t, int(index))))
        places = nxt
    return [(where, node, _arm(t, node)) for where, node, t in places]


def _arm(t: Any, node: Any) -> Any:
    """The arm of a union that a node of this shape is read as (a table: a struct or dict; a list: a list)."""
    if typing.get_origin(t) not in (typing.Union, type(int | str)):
        return t
    for arm in typing.get_args(t):
        origin = typing.get_origin(arm) or arm
        if isinstance(node, dict) and (_is_struct(arm) or origin is dict):
            return arm
        if isinstance(node, list) and origin in (list, tuple):
            return arm
    return t


def _field_type(t: Any, name: str) -> Any:
    if _is_struct(t):
        return next((f.type for f in msgspec.structs.fields(t) if f.encode_name == name), Any)
    return _item_type(t, 1)


def _item_type(t: Any, index: int) -> Any:
    """The type of a dict's values or a list's (or a fixed tuple's ``index``-th) items."""
    args = typing.get_args(t)
    origin = typing.get_origin(t)
    if origin is dict and len(args) == 2:
        return args[1]
    if origin is tuple and args:
        return args[0] if len(args) == 2 and args[1] is Ellipsis else args[min(index, len(args) - 1)]
    return args[0] if args else Any


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
