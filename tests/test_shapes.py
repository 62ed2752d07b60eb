"""The shapes the engine now holds once must not grow back inside a game (issue 29, part 2).

Each was written out in several games before it moved into the engine: breadth-first
distances (now ``engine.graph``), rolling dice without ``engine.dice``, the roll-off with
rerolled ties (``engine.dice.roll_off``), the deck that takes its discard pile back
(``engine.decks.draw``), a cache keyed by ``id()`` (a board keeps its own tables) and a cast
of ``game.rules`` (``Game`` is generic in its rules). The scan reads every module under
``voidtable/games`` as a syntax tree (no import, no run: about a second) and names the file,
line and the engine function to use instead. The planted samples below prove each detector
fires, so an empty result means the shapes are absent, not that the scan is blind.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Callable, Iterator

import pytest

GAMES = Path(__file__).resolve().parents[1] / "src" / "voidtable" / "games"
DICE_CALLS = {"roll", "faces", "face", "check", "dice_throw"}


def _called(node: ast.AST) -> str | None:
    """The name a call calls (``f`` or ``x.f``), else None."""
    if isinstance(node, ast.Call):
        f = node.func
        return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    return None


def _is_rng(node: ast.AST) -> bool:
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name.endswith("rng")


def breadth_first(tree: ast.AST) -> Iterator[ast.AST]:
    """``dist[b] = dist[a] + 1``: a hand-written breadth-first search (use engine.graph)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript):
            v = node.value
            if (isinstance(v, ast.BinOp) and isinstance(v.op, ast.Add) and isinstance(v.right, ast.Constant)
                    and v.right.value == 1 and isinstance(v.left, ast.Subscript)
                    and ast.dump(v.left.value) == ast.dump(node.targets[0].value)):
                yield node


def dice_without_engine(tree: ast.AST) -> Iterator[ast.AST]:
    """``rng.roll(n)`` or ``rng.below(sides) + 1``: a die rolled past engine.dice (use dice.roll/face/faces)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "roll" \
                and _is_rng(node.func.value):
            yield node
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) \
                and node.right.value == 1 and isinstance(node.left, ast.Call) and isinstance(node.left.func, ast.Attribute) \
                and node.left.func.attr == "below":
            yield node


def roll_off_loop(tree: ast.AST) -> Iterator[ast.AST]:
    """A ``while`` loop rolling for seats (a roll naming ``seat=``, or ``{seat: roll}`` built anew each time round):
    a roll-off written out (use dice.roll_off). A fight rolling round after round names no seat per die."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.While):
            continue
        rolls = [n for n in ast.walk(node) if _called(n) in DICE_CALLS]
        per_seat = [n for n in rolls if isinstance(n, ast.Call) and any(k.arg == "seat" for k in n.keywords)]
        by_seat = [n for n in ast.walk(node) if isinstance(n, ast.DictComp) and _called(n.value) in DICE_CALLS]
        if per_seat or by_seat:
            yield node


def _names(node: ast.AST) -> set[str]:
    return {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node) if isinstance(n, (ast.Name, ast.Attribute))}


def deck_refill(tree: ast.AST) -> Iterator[ast.AST]:
    """Under ``if not <deck>``, a discard pile shuffled back in; or ``pile.pop(rng.below(len(pile)))``: a deck drawn
    by hand (use engine.decks)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and any(isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not) for t in ast.walk(node.test)):
            body = [n for stmt in node.body for n in ast.walk(stmt)]
            if any(_called(n) == "shuffle" for n in body) and any("discard" in name for name in _names(node)):
                yield node
        if _called(node) == "pop" and isinstance(node, ast.Call) and node.args and _called(node.args[0]) == "below":
            yield node


def id_keyed(tree: ast.AST) -> Iterator[ast.AST]:
    """``id(x)`` in a game: a cache keyed by an address that a new object may reuse (keep the table on the object)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id":
            yield node


def rules_cast(tree: ast.AST) -> Iterator[ast.AST]:
    """``cast(T, game.rules)``: the rules re-cast at a use (type the loaded game once: ``Game[Rules]``)."""
    for node in ast.walk(tree):
        if _called(node) == "cast" and isinstance(node, ast.Call) and len(node.args) == 2 \
                and isinstance(node.args[1], ast.Attribute) and node.args[1].attr == "rules":
            yield node


SHAPES: dict[str, Callable[[ast.AST], Iterator[ast.AST]]] = {
    "breadth-first search (engine.graph)": breadth_first,
    "die rolled without engine.dice": dice_without_engine,
    "roll-off loop (engine.dice.roll_off)": roll_off_loop,
    "deck drawn or refilled by hand (engine.decks.draw)": deck_refill,
    "cache keyed by id()": id_keyed,
    "game.rules re-cast (Game[Rules])": rules_cast,
}

# One planted sample per shape: each is what a game held before it moved into the engine.
PLANTED = {
    "breadth-first search (engine.graph)": "for b in nb[a]:\n    if d[b] < 0:\n        d[b] = d[a] + 1\n",
    "die rolled without engine.dice": "x = s.rng.roll(3)\ny = s.rng.below(die) + 1\n",
    "roll-off loop (engine.dice.roll_off)":
        "while True:\n    a = roll(rng, die, emit, seat=0)\n    b = roll(rng, die, emit, seat=1)\n    if a != b:\n        break\n",
    "deck drawn or refilled by hand (engine.decks.draw)":
        "if not s.deck:\n    s.deck, s.discard = s.discard, []\n    s.rng.shuffle(s.deck)\nk = deck.pop(s.rng.below(len(deck)))\n",
    "cache keyed by id()": "hit = _CACHE.get(id(board))\n",
    "game.rules re-cast (Game[Rules])": "r = cast(Rules, game.rules)\n",
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_detector_finds_its_planted_shape(shape):
    assert list(SHAPES[shape](ast.parse(PLANTED[shape]))), f"the {shape} detector misses its sample"
    others = [k for k in SHAPES if k != shape and list(SHAPES[k](ast.parse(PLANTED[shape])))]
    assert not others or shape.startswith("roll-off"), f"{shape}'s sample also trips {others}"


def test_no_game_writes_out_a_shape_the_engine_holds():
    found = []
    for path in sorted(GAMES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for shape, detect in SHAPES.items():
            if detect is dice_without_engine and path.name == "bot.py":
                continue  # a bot's imagined rolls (its own Rng, simulating a fight) never reach the log
            found += [f"{path.relative_to(GAMES)}:{n.lineno}: {shape}" for n in detect(tree)]
    assert not found, "written again in a game, use the engine's:\n" + "\n".join(found)
