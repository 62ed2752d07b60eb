"""What every scene gets from the server: the game's scene and words from its hook table, and fallbacks.

A game draws itself for the table with ``GameSpec.hooks.scene``
(``build(game, view, legal, seat, names) -> scene``; schema in docs/web.md).
A game without one still plays: :func:`fallback_scene` shows its view as a
panel and its legal actions as buttons.

Events read in words through ``GameSpec.hooks.text`` (``describe_event``,
``describe_action``), else the scene hook's functions of those names, else a
generic sentence made from the event's fields (``engine.events.generic_event``).
Only events already filtered for the viewer (``visible_events``) ever reach
these functions.
"""

from __future__ import annotations

import functools
import inspect
import json
from typing import Any, Callable, Sequence

import msgspec

from voidtable.engine.actions import Action
from voidtable.engine.contract import LoadedGame
from voidtable.engine.events import AnyEvent, generic_event
from voidtable.engine.game import as_game

__all__ = ["action_key", "action_labels", "actions_in", "build_scene", "describe_action", "describe_event",
           "fallback_scene", "generic_event", "takes_names"]


def _words(game: LoadedGame, name: str) -> Callable[..., Any] | None:
    """The game's ``name`` function for words: from its text hook, else its scene hook, else None."""
    hooks = as_game(game).spec.hooks
    for provider in (hooks.text, hooks.scene):
        fn = getattr(provider, name, None) if provider is not None else None
        if callable(fn):
            return fn  # type: ignore[no-any-return]
    return None


@functools.lru_cache(maxsize=256)
def takes_names(fn: Callable[..., Any]) -> bool:
    """Does a game's words function accept ``names=`` (the seats' names as the panels show them)?

    Optional for a game: one that takes it says "Bot 2 (medium)" where it would say "Seat 2".
    """
    try:
        return "names" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def describe_event(game: LoadedGame, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    """One event in the game's words (None: bookkeeping nobody reads); seats by ``names`` where the game takes them."""
    fn = _words(game, "describe_event")
    if fn is None:
        return generic_event(event)
    return fn(game, event, names=names) if names is not None and takes_names(fn) else fn(game, event)  # type: ignore[no-any-return]


def describe_action(game: LoadedGame, action: Action, names: Sequence[str] | None = None) -> str:
    """One action in the game's words; seats by ``names`` where the game takes them."""
    fn = _words(game, "describe_action")
    if fn is None:
        return str(action)
    return str(fn(game, action, names=names) if names is not None and takes_names(fn) else fn(game, action))


def build_scene(game: LoadedGame, view: dict[str, Any], legal: list[Action], seat: int | None, names: list[str],
                labels: dict[bytes, str] | None = None) -> dict[str, Any]:
    """The game's scene for ``seat``, with any legal action the scene left out added as a button.

    ``labels``, if given, is filled with the scene's words for each of its actions (see :func:`action_labels`).
    """
    sm = as_game(game).spec.hooks.scene
    scene = sm.build(as_game(game), view, legal, seat, names) if sm is not None else fallback_scene(game, view, legal, seat, names)
    if legal:
        present = action_labels(scene)
        if labels is not None:
            labels.update(present)
        missing = [a for a in legal if _key(a.to_json()) not in present]
        if missing:
            scene.setdefault("parts", []).append({
                "kind": "buttons", "id": "other-choices", "title": "Other choices",
                "buttons": [{"label": describe_action(game, a, names), "action": a.to_json()} for a in missing],
            })
    return scene


def fallback_scene(game: LoadedGame, view: dict[str, Any], legal: list[Action], seat: int | None, names: list[str]) -> dict[str, Any]:
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
