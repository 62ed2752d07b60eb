"""Every game's rules data refuses a misspelled key at every level, in one line naming it (issue 25, item 14).

For each registered game the test walks its rules-data tree beside the structs the spec declares
(``GameSpec.data_types``), finds every table a struct reads (one per struct and place: ``cards.*``
stands for every card), misspells one of its keys and loads the game twice: from a TOML file holding
the changed tree (the path a designer's edited data file takes) and with ``--set`` naming the
misspelled key (the path an override takes). Both must refuse with one line naming the key.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import typing
from pathlib import Path
from typing import Any, Iterator

import msgspec
import pytest

from voidtable.engine.errors import OptionError, RulesDataError
from voidtable.engine.game import Game, GameSpec
from voidtable.engine.registry import games
from voidtable.engine.rulesdata import RulesStruct, _arm, _is_struct, check_strict, convert, read_toml, struct_types

Step = str | int


def struct_tables(node: Any, t: Any, path: tuple[Step, ...] = (), shape: tuple[str, ...] = ()
                  ) -> Iterator[tuple[tuple[Step, ...], tuple[str, ...], type]]:
    """Every ``(path, shape, struct)`` where a struct reads a table of the tree; the shape writes ``*`` for a map's
    keys and a list's places (every card has the shape ``cards.*``)."""
    t = _arm(t, node)
    if _is_struct(t) and isinstance(node, dict):
        yield path, shape, t
        for f in msgspec.structs.fields(t):
            if f.encode_name in node:
                yield from struct_tables(node[f.encode_name], f.type, path + (f.encode_name,), shape + (f.encode_name,))
        return
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is dict and isinstance(node, dict):
        for k, v in node.items():
            yield from struct_tables(v, args[1], path + (k,), shape + ("*",))
    elif origin in (list, tuple) and isinstance(node, list) and args:
        for i, v in enumerate(node):
            item = args[0] if origin is list or (len(args) == 2 and args[1] is Ellipsis) else args[min(i, len(args) - 1)]
            yield from struct_tables(v, item, path + (i,), shape + ("*",))


def game_tables(spec: GameSpec, data: dict[str, Any]) -> list[tuple[tuple[Step, ...], type]]:
    """One table per struct and shape (the first card stands for every card), the top level first."""
    found: dict[tuple[str, tuple[str, ...]], tuple[tuple[Step, ...], type]] = {}
    for key, value in data.items():
        root = next((r for r in spec.data_types if key in {f.encode_name for f in msgspec.structs.fields(r)}), None)
        assert root is not None, f"{spec.name}: top-level table {key!r} is read by none of {spec.data_types}"
        typ = next(f.type for f in msgspec.structs.fields(root) if f.encode_name == key)
        for path, shape, struct in struct_tables(value, typ, (key,), (key,)):
            found.setdefault((struct.__qualname__, shape), (path, struct))
    return [((), spec.data_types[-1]), *found.values()]


def typo(key: str, taken: set[str]) -> str:
    """``key`` misspelled (its last letter changed), not one of ``taken``."""
    for letter in "zqx":
        wrong = key[:-1] + letter
        if wrong != key and wrong not in taken:
            return wrong
    raise AssertionError(key)


def dotted(path: tuple[Step, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def misspelled(data: dict[str, Any], path: tuple[Step, ...]) -> tuple[dict[str, Any], str, Any]:
    """A copy of ``data`` with a misspelled key added to the table at ``path`` (the value of the key it misspells)."""
    tree = copy.deepcopy(data)
    node: Any = tree
    for p in path:
        node = node[p]
    key = next(k for k in node if k != "assumed")
    wrong = typo(key, set(node))
    node[wrong] = copy.deepcopy(node[key])
    return tree, wrong, node[key]


def toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def toml_text(tree: dict[str, Any]) -> str:
    """The tree as a TOML document (inline tables: short to write, read by the same parser as the game's files)."""
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in tree.items())


def spec_reading(spec: GameSpec, path: Path) -> GameSpec:
    """The same game, its rules data read from ``path``."""
    cls = type(f"{type(spec).__name__}FromFile", (type(spec),), {"raw_data": lambda self: read_toml(path)})
    return typing.cast(GameSpec, cls(**{f.name: getattr(spec, f.name) for f in dataclasses.fields(spec)}))


GAMES = [name for name, spec in games().items() if spec.data_file is not None]


@pytest.mark.parametrize("name", GAMES)
def test_every_struct_of_the_rules_data_is_strict_and_declared(name):
    spec = games()[name]
    assert spec.data_types, f"{name} has rules data but declares no data_types (its RulesStructs)"
    for root in spec.data_types:
        check_strict(root)  # a struct that would ignore an unknown key is a TypeError
        assert all(t.__struct_config__.forbid_unknown_fields for t in struct_types(root))


@pytest.mark.parametrize("name", GAMES)
def test_a_misspelled_key_at_every_level_is_refused_in_one_line_naming_it(name, tmp_path):
    spec = games()[name]
    data = spec.raw_data()
    assert data is not None
    tables = game_tables(spec, data)
    read = {t for _, t in tables} | set(spec.data_types)  # the roots read the top level together
    for root in spec.data_types:
        missed = [t.__qualname__ for t in struct_types(root) if t not in read]
        assert not missed, f"{name}: structs never found in the data, so never tried: {missed}"
    for path, struct in tables:
        tree, wrong, value = misspelled(data, path)
        where = dotted(path + (wrong,))
        file = tmp_path / f"{len(path)}-{struct.__qualname__}.toml"
        file.write_text(toml_text(tree), encoding="utf-8")
        with pytest.raises(RulesDataError) as e:
            Game(spec_reading(spec, file), spec.min_players)
        assert "\n" not in str(e.value) and repr(where) in str(e.value), (where, str(e.value))
        if any(isinstance(p, int) for p in path) or isinstance(value, (dict, list)):
            continue  # --set names a value by dict keys only, and sets values, not tables
        key = where if path else f"{wrong}.x"
        with pytest.raises(OptionError) as o:
            Game(spec, spec.min_players, {key: value})
        assert "\n" not in str(o.value) and repr(key if path else wrong) in str(o.value), (key, str(o.value))


def test_black_sun_refuses_the_issues_example_both_ways(tmp_path):
    spec = games()["blacksun"]
    with pytest.raises(OptionError, match=r"no 'limits\.max_roundz'; keys under 'limits': max_redraws, max_rounds"):
        Game(spec, 3, {"limits.max_roundz": 5})
    data = spec.raw_data()
    assert data is not None
    data["limits"]["max_roundz"] = 5
    file = tmp_path / "blacksun.toml"
    file.write_text(toml_text(data), encoding="utf-8")
    with pytest.raises(RulesDataError) as e:
        Game(spec_reading(spec, file), 3)
    assert str(e.value) == ("blacksun rules data invalid: unknown key 'limits.max_roundz' "
                            "(keys there: max_redraws, max_rounds)")


class Loose(msgspec.Struct):
    x: int


class LooseRoot(RulesStruct):
    inner: Loose


class Card(RulesStruct):
    cp: int


class Cards(RulesStruct):
    cards: dict[str, Card]


def test_a_struct_that_would_ignore_unknown_keys_is_refused_before_any_data_is_read():
    with pytest.raises(TypeError, match="Loose accept unknown keys: derive them from"):
        convert({"inner": {"x": 1}}, LooseRoot, "test")


def test_a_bad_value_inside_a_table_of_tables_names_the_concrete_path():
    with pytest.raises(RulesDataError) as e:
        convert({"cards": {"terra": {"cp": 5}, "oceana": {"cp": "two"}}}, Cards, "test")
    assert str(e.value) == "test rules data invalid: Expected `int`, got `str` at cards.oceana.cp"
