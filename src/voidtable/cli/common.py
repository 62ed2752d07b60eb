"""What every command shares: one-line errors with exit code 2, loading a game from flags, the game's words."""

from __future__ import annotations

import inspect
import json
import re
import sys
from typing import Any, Callable, NoReturn, Sequence

from voidtable.agents import specs as agent_specs
from voidtable.engine.actions import Action
from voidtable.engine.errors import OptionError, VoidtableError
from voidtable.engine.events import AnyEvent, generic_event
from voidtable.engine.game import Game
from voidtable.engine.options import parse_assignments, read_option_files
from voidtable.engine.registry import get, load


def fail(message: str) -> NoReturn:
    """Print one line naming what was wrong (and what is allowed) and exit with code 2."""
    print(f"voidtable: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def settings(sets: list[str] | None) -> dict[str, Any]:
    try:
        return parse_assignments(sets or [])
    except VoidtableError as e:
        fail(str(e))


def game_from_flags(name: str, players: int | None, sets: list[str] | None) -> Game:
    """The game with validated options; any problem is a one-line error (exit 2)."""
    try:
        spec = get(name)
        n = players if players is not None else spec.min_players
        given = settings(sets)
        # a text option takes the text as typed (`length=3` is the text "3", so the game's check lists the allowed values)
        for item in sets or []:
            key, _, text = item.partition("=")
            option = next((o for o in spec.options if o.name == key.strip()), None)
            if option is not None and option.type is str and not isinstance(given.get(option.name), str):
                given[option.name] = text.strip()
        files = {o.name: given[o.name][1:] for o in spec.options
                 if o.from_file and isinstance(given.get(o.name), str) and given[o.name].startswith("@")}
        try:
            return load(name, n, read_option_files(given, spec.options))
        except VoidtableError as e:  # name the file a value came from, so the line points at what to fix
            fail(str(e) + "".join(f" ({k} read from {path})" for k, path in files.items() if path not in str(e)))
    except VoidtableError as e:
        fail(str(e))


def agent_list(text: str | None, players: int, default: str = "random") -> list[str]:
    """``"a,b"`` -> one spec per seat (cycled); each checked now, before any game runs."""
    # a spec may itself contain commas inside parameters: "mcts:iterations=10,rollout=heuristic"
    merged = agent_specs.split_specs(text or default) or [default]
    for spec in merged:
        try:
            agent_specs.validate(spec)
        except OptionError as e:
            fail(str(e))
    return [merged[p % len(merged)] for p in range(players)]


def _words(fn: Callable[..., Any], *args: Any, names: Sequence[str] | None) -> Any:
    """Call a game's words function, with the seats' names if it takes them (an optional ``names=``)."""
    try:
        named = names is not None and "names" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        named = False
    return fn(*args, names=names) if named else fn(*args)


def render_view(game: Game, view: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The view in the game's words for the terminal (``GameSpec.hooks.text``), else as JSON."""
    tm = game.spec.hooks.text
    return str(_words(tm.render, game, view, names=names)) if tm else json.dumps(view, indent=1)


def describe_event(game: Game, event: AnyEvent, names: Sequence[str] | None = None) -> str | None:
    tm = game.spec.hooks.text
    if not tm:
        return generic_event(event)
    line = _words(tm.describe_event, game, event, names=names)
    return None if line is None else str(line)


def describe_action(game: Game, action: Any, names: Sequence[str] | None = None) -> str:
    tm = game.spec.hooks.text
    return str(_words(tm.describe_action, game, action, names=names)) if tm else str(action)


def choices(game: Game, view: dict[str, Any], legal: list[Action], seat: int, names: Sequence[str]) -> tuple[str | None, list[str]]:
    """What the seat is asked and each legal action in words, as the table's scene says them.

    The scene knows the view (which ship, whose request), so its words name the ship and the
    asking player ("Bob wants to move your Raider ...: allow it?"); an action the scene does not
    label falls back to the text hook's words.
    """
    hook = game.spec.hooks.scene
    scene: dict[str, Any] = hook.build(game, view, legal, seat, list(names)) if hook is not None else {}
    said: dict[str, str] = {}
    stack: list[Any] = [scene.get("parts", [])]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            act = node.get("action")
            text = node.get("hint") or node.get("label")
            if isinstance(act, dict) and isinstance(text, str) and text:
                said.setdefault(json.dumps(act, sort_keys=True), text)
            stack.extend(v for k, v in node.items() if isinstance(v, (list, dict)) and k != "action")
    labels = [said.get(json.dumps(a.to_json(), sort_keys=True)) or describe_action(game, a, names) for a in legal]
    prompt = scene.get("prompt")
    if isinstance(prompt, str):  # the page's prompts speak of clicking highlighted things; here one types a number
        prompt = re.sub(r"\b[Cc]lick(?: on)?\b", "choose", prompt).replace("highlighted ", "")
    return prompt, labels
