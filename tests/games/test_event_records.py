"""Events are declared records (issue 29): no game builds an event as a dict, or reads one by key.

A source scan (``ast``) of every game folder flags: a dict literal with a ``"type"`` key, ``dict(type=...)``,
a call passing ``type=`` to ``event``/``emit``, ``emit`` of a dict literal, and reads of an event's type by key
(``e["type"]``, ``e.get("type")``). Games not converted yet are listed in :data:`NOT_CONVERTED`, each with the
reason; the list only shrinks: a listed folder with nothing left to flag fails until it is taken off.

For the converted games, the records themselves: every concrete record names its JSON type once (a
snake_case tag, unique within the game but for the types :data:`SHARED_TYPES` lists), and every event a seeded
game emits, in every variant, is a record whose JSON form round-trips and starts with its type.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import voidtable
from voidtable.engine.events import EventRecord, event_json, record_types
from voidtable.engine.registry import get
from voidtable.engine.rng import Rng

GAMES = Path(voidtable.__file__).resolve().parent / "games"

#: Folders (relative to games/) whose events are still dicts: the allow-list, with why. It only shrinks.
NOT_CONVERTED: dict[str, str] = {}  # empty: every game's events are records (Empires was the last)

#: Converted games: registry name -> the modules declaring its records (each with one untagged base).
CONVERTED = {
    "buccaneers": ["voidtable.games.buccaneers.events"],
    "abyss_battle": ["voidtable.games.abyss.fleet.events", "voidtable.games.abyss.battle_events"],
    "abyss": ["voidtable.games.abyss.fourx.events", "voidtable.games.abyss.battle_events"],
    "empires": ["voidtable.games.empires.events"],
    "blacksun": ["voidtable.games.blacksun.events"],
    "nearspace": ["voidtable.games.nearspace.events"],
}


def units() -> dict[str, list[Path]]:
    """Each game folder (a sub-folder with its own modules is its own unit: abyss/fleet, abyss/fourx) and its modules."""
    out: dict[str, list[Path]] = {}
    for path in sorted(GAMES.rglob("*.py")):
        rel = path.parent.relative_to(GAMES).as_posix()
        if rel == ".":
            continue
        out.setdefault(rel, []).append(path)
    return out


def _is_type_key(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value == "type"


#: Marks a line whose ``"type"`` key is not an event's (a view's ship has a type), with the reason after the colon.
NOT_AN_EVENT = "# not an event:"


def dict_events(path: Path, root: Path = GAMES) -> list[str]:
    """Where ``path`` builds an event as a dict or reads one by its ``"type"`` key: ``file:line what``.

    A line marked :data:`NOT_AN_EVENT` is skipped: a view's own ``"type"`` key (Black Sun's ships) is no event.
    """
    source = path.read_text()
    lines = source.splitlines()
    tree = ast.parse(source, str(path))
    found = []
    for node in ast.walk(tree):
        what = None
        if isinstance(node, ast.Dict) and any(k is not None and _is_type_key(k) for k in node.keys):
            what = 'a dict literal with a "type" key'
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "dict" and any(k.arg == "type" for k in node.keywords):
                what = "dict(type=...)"
            elif name in ("event", "emit") and any(k.arg == "type" for k in node.keywords):
                what = f"{name}(type=...)"
            elif name == "emit" and node.args and isinstance(node.args[0], (ast.Dict, ast.DictComp)):
                what = "emit of a dict"
            elif name == "get" and node.args and _is_type_key(node.args[0]):
                what = '.get("type")'
        elif isinstance(node, ast.Subscript) and _is_type_key(node.slice):
            what = '["type"]'
        if what and NOT_AN_EVENT not in lines[node.lineno - 1]:
            found.append(f"{path.relative_to(root)}:{node.lineno} {what}")
    return found


SCANNED = units()


@pytest.mark.parametrize("unit", sorted(SCANNED))
def test_no_event_is_a_dict_outside_the_allow_list(unit):
    found = [hit for path in SCANNED[unit] for hit in dict_events(path)]
    if unit in NOT_CONVERTED:
        assert found, f"games/{unit} builds and reads no dict events any more: take it off NOT_CONVERTED"
        return
    assert not found, (f"games/{unit} builds or reads events as dicts (declare them as records in an events.py, "
                       "see docs/architecture.md, Events):\n" + "\n".join(found))


def test_the_allow_list_names_real_folders():
    assert set(NOT_CONVERTED) <= set(SCANNED)


def test_the_scan_finds_what_it_looks_for(tmp_path):
    """A control: the scan flags each pattern in a planted module, and nothing in a record-built one."""
    planted = tmp_path / "rules.py"
    planted.write_text('def rules(s, e):\n    s.emit({"type": "x"})\n    s.event(type="y", seat=1)\n'
                       '    t = e["type"]\n    u = e.get("type")\n    v = dict(type="z")\n')
    hits = [h.split(" ", 1)[1] for h in dict_events(planted, tmp_path)]
    assert sorted(hits) == sorted(['a dict literal with a "type" key', "emit of a dict", "event(type=...)", '["type"]',
                                   '.get("type")', "dict(type=...)"])
    planted.write_text("def rules(s):\n    s.emit(Dealt(0, ('a',), visible_to=(0,)))\n")
    assert dict_events(planted, tmp_path) == []
    planted.write_text('def view(v):\n    return [x["type"] for x in v["ships"]]  # not an event: a ship\'s type\n'
                       'def rules(e):\n    return e["type"]  # an event\n')
    assert [h.split(" ", 1)[0] for h in dict_events(planted, tmp_path)] == ["rules.py:4"]


def _base(module: str) -> type[EventRecord]:
    mod = __import__(module, fromlist=["x"])
    bases = [v for v in vars(mod).values() if isinstance(v, type) and issubclass(v, EventRecord)
             and v.__module__ == module and v.__struct_config__.tag is None]
    assert len(bases) == 1, f"{module}: one untagged base record expected, found {bases}"
    return bases[0]


#: JSON types a game writes in more than one shape, each shape its own record; the golden records pin the type
#: names, so they stay shared. Any other type names exactly one record of its game.
SHARED_TYPES = {
    "abyss": {
        "moved": {"Flew", "Moved"},            # a step between places of the galaxy; a move on the battle board
        "disabled": {"Damaged", "Disabled"},   # damage taken outside a battle (asteroids, defences); inside one
        "destroyed": {"Lost", "Destroyed"},    # a ship lost outside a battle; inside one
        "bonus": {"FoundResource", "FoundMarine", "FoundTech", "FoundColony"},  # what a bonus square held
    },
}


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_every_record_names_its_type_once(game):
    types: dict[str, type] = {}
    concrete: list[type] = []
    names: dict[str, set[str]] = {}
    for module in CONVERTED[game]:
        base = _base(module)
        types.update(record_types(base))
        concrete += [c for c in _subclasses(base) if c.__struct_config__.tag is not None or not c.__subclasses__()]
    for c in concrete:
        assert isinstance(c.__struct_config__.tag, str), f"{game}: {c.__name__} is a record without a type"
        names.setdefault(c.__struct_config__.tag, set()).add(c.__name__)
    shared = {tag: who for tag, who in names.items() if len(who) > 1}
    assert types and shared == SHARED_TYPES.get(game, {}), f"{game}: types written by several records: {shared}"
    for cls in concrete:
        tag = cls.__struct_config__.tag
        assert re.fullmatch(r"[a-z][a-z_]*", tag), f"{cls.__name__}: type {tag!r} is not snake_case"
        assert cls.__struct_config__.frozen, f"{cls.__name__} is not frozen"


def _subclasses(cls):
    out, todo = [], list(cls.__subclasses__())
    while todo:
        c = todo.pop()
        out.append(c)
        todo.extend(c.__subclasses__())
    return out


@pytest.mark.parametrize("game", sorted(CONVERTED))
def test_every_event_of_a_converted_game_is_a_record(game):
    """Random games in every variant (seeded): every event a record; its JSON form is plain JSON, type first."""
    spec = get(game)
    seen: set[str] = set()
    for variant, options in sorted(spec.variants.items()):
        g = voidtable.load(game, spec.min_players, options)
        for seed in range(2):
            s = g.new_state(seed)
            rng = Rng(seed)
            events = list(s.setup_events)
            while not s.is_over():
                p = s.to_move()[0]
                legal = s.legal_actions(p)
                events += s.apply(p, legal[rng.below(len(legal))])
            for e in events:
                assert isinstance(e, EventRecord), f"{game} [{variant}] emitted {e!r}"
                data = event_json(e)
                assert next(iter(data)) == "type" and json.loads(json.dumps(data)) == data
                assert ("visible_to" in data) == (e.visible_to is not None)
                seen.add(data["type"])
    assert len(seen) >= 10, f"{game}: only {sorted(seen)} met"
