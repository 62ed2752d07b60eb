"""Every game's bot runs in the engine's one bot shell (engine/bots.py), never in a shell of its own.

The shell plays a single legal action, decides on what the seat may know (a determinization,
or the game's reading of its view) and finds the decision through the game's declared table
(pending task type -> decision function). Before it, five games each wrote that loop and
dispatched on the pending task four ways. This test reads every game's ``bot.py`` (ast, nothing
run) and fails on each way back:

- a function named ``act`` or ``rollout_policy`` (the shell's entry points, written again);
- ``.stack`` read (the pending task taken by hand: the shell hands each decision its task);
- ``type(x)`` or ``x.__class__`` (a dispatch on a type by hand);
- ``legal[0].kind`` (a chain on the first action's kind);
- the ``"kind"`` of the view's ``decision`` read (a dispatch on the view);
- no ``BotShell(...)`` built, or more than one.

Planted controls show the scan finds each of these in a hand-made shell and nothing in a table.
A registered game's hook table must hand the module's shell itself.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import voidtable
from voidtable.engine.bots import BotShell
from voidtable.engine.registry import games

GAMES = Path(voidtable.__file__).resolve().parent / "games"
BOTS = sorted(GAMES.rglob("bot.py"))
SHELL_ENTRIES = {"act", "rollout_policy"}


def problems(source: str) -> list[str]:
    """Every way ``source`` (a bot module) decides outside the shell, one line each: ``rule (line)``."""
    tree = ast.parse(source)
    found: list[str] = []
    shells = 0
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in SHELL_ENTRIES:
            found.append(f"own {node.name} ({line})")
        elif isinstance(node, ast.Attribute) and node.attr == "stack":
            found.append(f"pending task read by hand ({line})")
        elif isinstance(node, ast.Attribute) and node.attr == "__class__":
            found.append(f"dispatch on a type by hand ({line})")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" and len(node.args) == 1:
            found.append(f"dispatch on a type by hand ({line})")
        elif (isinstance(node, ast.Attribute) and node.attr == "kind" and isinstance(node.value, ast.Subscript)
              and isinstance(node.value.slice, (ast.Constant, ast.UnaryOp))):
            found.append(f"dispatch on the first action's kind ({line})")
        elif (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
              and _about_decision(node.value)):
            found.append(f"dispatch on the view's decision ({line})")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"
              and _about_decision(node.func.value)):
            found.append(f"dispatch on the view's decision ({line})")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "BotShell":
            shells += 1
    if shells != 1:
        found.append(f"builds {shells} BotShell (one wanted)")
    return found


def _about_decision(node: ast.AST) -> bool:
    """Does the expression read the view's ``decision`` (a ship's or a card's ``kind`` is not a dispatch)?"""
    return any((isinstance(n, ast.Constant) and n.value == "decision") or (isinstance(n, ast.Name) and "decision" in n.id)
               for n in ast.walk(node))


HANDMADE = '''
HANDLERS = {Walk: h_walk}

def act(obs, rng):
    if len(obs.legal) == 1:
        return obs.legal[0]
    return choose(obs.sample(rng), obs.seat, obs.legal, rng)

def choose(s, seat, legal, rng):
    task = s.stack[-1]
    fn = HANDLERS.get(task.__class__)
    if type(task) is Move:
        return legal[0]
    if legal[0].kind == "select":
        return legal[-1]
    if (obs.view.get("decision") or {}).get("kind") == "move" or obs.view["decision"]["kind"] == "to":
        return legal[0]
    if any(ship["kind"] == "diplomat" for ship in obs.view["ships"]):
        return legal[1]
    return fn(s, seat, legal, task, rng)

def rollout_policy(state, seat, legal, rng):
    return choose(state, seat, legal, rng)
'''

TABLE = '''
def h_walk(s, seat, legal, task, rng):
    return max(legal, key=lambda a: a.arg)

DECISIONS = {Walk: h_walk}
BOT = BotShell(DECISIONS)
choose = BOT.choose
'''


def test_the_scan_finds_each_hand_made_shape():
    rules = {p.split(" (")[0] for p in problems(HANDMADE)}
    assert rules == {"own act", "own rollout_policy", "pending task read by hand", "dispatch on a type by hand",
                     "dispatch on the first action's kind", "dispatch on the view's decision", "builds 0 BotShell"}
    assert len([p for p in problems(HANDMADE) if p.startswith("dispatch on the view's decision")]) == 2


def test_the_scan_passes_a_declared_table():
    assert problems(TABLE) == []
    assert problems(TABLE + "\nOTHER = BotShell({})\n") == ["builds 2 BotShell (one wanted)"]


def test_every_game_has_a_bot_file_to_scan():
    assert {p.relative_to(GAMES).as_posix() for p in BOTS} >= {
        "buccaneers/bot.py", "blacksun/bot.py", "empires/bot.py", "nearspace/bot.py", "abyss/fourx/bot.py",
        "abyss/fleet/bot.py"}


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.relative_to(GAMES).as_posix())
def test_no_game_bot_writes_its_own_shell(path: Path):
    assert problems(path.read_text()) == []


OURS = sorted(name for name, spec in games().items()  # this repository's games (an installed one may bring its own bot)
              if spec.hooks.bot is not None and getattr(spec.state_class, "__module__", "").startswith("voidtable.games."))


def test_the_games_with_bots_are_found():
    assert set(OURS) >= {"buccaneers", "blacksun", "empires", "nearspace", "abyss", "abyss_battle"}


@pytest.mark.parametrize("name", OURS)
def test_the_hook_table_hands_the_modules_shell(name: str):
    bot = games()[name].hooks.bot
    assert isinstance(bot, BotShell)
    owner = [m for m in (importlib.import_module(p) for p in _bot_modules()) if getattr(m, "BOT", None) is bot]
    assert len(owner) == 1, f"{name}'s hooks.bot is no game's bot.py BOT"


def _bot_modules() -> list[str]:
    root = GAMES.parent.parent
    return [".".join(p.relative_to(root).with_suffix("").parts) for p in BOTS]
