"""Finding a game's scene and words, and what every scene gets from the server.

A game draws itself for the table with ``voidtable.games.<name>.scene``
(``build(game, view, legal, seat, names) -> scene``; schema in docs/web.md),
or with a module named by ``GameSpec.extra["scene"]``. A game without one
still plays: :func:`fallback_scene` shows its legal actions as buttons.

Events read in words through the game's text module (``extra["text"]`` or
``games/<name>/text.py``), else the scene module's ``describe_event``, else a
generic sentence made from the event's fields. Only events already filtered
for the viewer (``visible_events``) ever reach these functions.
"""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

import msgspec

from voidtable.engine.actions import Action
from voidtable.engine.game import Game

_SCENES: dict[str, ModuleType | None] = {}
_TEXTS: dict[str, ModuleType | None] = {}


def _module(game: Game, key: str, cache: dict[str, ModuleType | None]) -> ModuleType | None:
    if game.name in cache:
        return cache[game.name]
    mod = game.spec.extra.get(key)
    if not isinstance(mod, ModuleType):
        package = game.spec.state_class.__module__.rpartition(".")[0]
        name = mod if isinstance(mod, str) else f"{package}.{key}"
        try:
            mod = importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise
            mod = None
    cache[game.name] = mod
    return mod


def scene_module(game: Game) -> ModuleType | None:
    return _module(game, "scene", _SCENES)


def text_module(game: Game) -> ModuleType | None:
    return _module(game, "text", _TEXTS)


def _words(game: Game, name: str) -> Any:
    """The game's ``name`` function for words: from its text module, else its scene module, else None."""
    for module in (text_module(game), scene_module(game)):
        if module is not None and hasattr(module, name):
            return getattr(module, name)
    return None


def describe_event(game: Game, event: dict[str, Any]) -> str | None:
    fn = _words(game, "describe_event")
    return fn(game, event) if fn else generic_event(event)


def describe_action(game: Game, action: Action) -> str:
    fn = _words(game, "describe_action")
    return fn(game, action) if fn else str(action)


def generic_event(event: dict[str, Any]) -> str:
    """``{"type": "turn_start", "seat": 2}`` -> ``"Turn start: seat 2."``"""
    words = event.get("type", "event").replace("_", " ")
    rest = [f"{k.replace('_', ' ')} {json.dumps(v) if isinstance(v, (list, dict)) else v}"
            for k, v in event.items() if k not in ("type", "visible_to")]
    return words[:1].upper() + words[1:] + (": " + ", ".join(rest) if rest else "") + "."


def build_scene(game: Game, view: dict[str, Any], legal: list[Action], seat: int | None, names: list[str],
                labels: dict[bytes, str] | None = None) -> dict[str, Any]:
    """The game's scene for ``seat``, with any legal action the scene left out added as a button.

    ``labels``, if given, is filled with the scene's words for each of its actions (see :func:`action_labels`).
    """
    sm = scene_module(game)
    scene = sm.build(game, view, legal, seat, names) if sm is not None else fallback_scene(game, view, legal, seat, names)
    if legal:
        present = action_labels(scene)
        if labels is not None:
            labels.update(present)
        missing = [a for a in legal if _key(a.to_json()) not in present]
        if missing:
            scene.setdefault("parts", []).append({
                "kind": "buttons", "id": "other-choices", "title": "Other choices",
                "buttons": [{"label": describe_action(game, a), "action": a.to_json()} for a in missing],
            })
    return scene


def fallback_scene(game: Game, view: dict[str, Any], legal: list[Action], seat: int | None, names: list[str]) -> dict[str, Any]:
    return {
        "title": game.spec.title,
        "headline": "",
        "prompt": "Choose one" if legal else None,
        "parts": [{"kind": "panel", "id": "view", "title": "The table", "items": [
            {"label": k, "value": json.dumps(v) if isinstance(v, (list, dict)) else str(v)} for k, v in view.items()]}],
    }


def action_key(action: Action) -> bytes:
    return _key(action.to_json())


_canonical = msgspec.json.Encoder(order="sorted")


def _key(action_json: dict[str, Any]) -> bytes:
    return _canonical.encode(action_json)


_NO_ACTIONS = frozenset(("stats", "marks", "line", "legend", "action"))  # parts of a scene that never hold clickables


def action_labels(scene: dict[str, Any]) -> dict[bytes, str]:
    """Canonical action JSON -> the scene's words for it (a clickable's hint, a button's or choice's label; may be "").

    Every clickable action of the scene is a key: ``action`` entries of elements and of ``choices``.
    """
    out: dict[bytes, str] = {}
    stack: list[Any] = [scene]
    pop, push = stack.pop, stack.append
    while stack:
        node = pop()
        if node.__class__ is dict:
            a = node.get("action")
            if a.__class__ is dict and "kind" in a:
                key = _key(a)
                if not out.get(key):
                    text = node.get("hint") or node.get("label")
                    out[key] = text if isinstance(text, str) else ""
            for k, v in node.items():
                c = v.__class__
                if (c is dict or c is list) and k not in _NO_ACTIONS:
                    push(v)
        elif node.__class__ is list:
            for v in node:
                c = v.__class__
                if c is dict or c is list:
                    push(v)
    return out


def actions_in(scene: dict[str, Any]) -> set[bytes]:
    """The clickable actions of a scene, as canonical JSON (bytes; for tests)."""
    return set(action_labels(scene))
