"""Build Black Sun positions directly, so each rule can be tested on the book's numbers."""

from __future__ import annotations

from typing import Any, NamedTuple

import voidtable
from voidtable.engine import hexgrid as hg
from voidtable.engine.actions import Action
from voidtable.games.blacksun.board import Board
from voidtable.games.blacksun.flow import TASKS
from voidtable.games.blacksun.positions import BOARD, put
from voidtable.games.blacksun.setup import issue_ships


class Hold(NamedTuple):
    """A decision that never resolves by itself: the bottom of a test's stack."""

    seat: int


if Hold not in TASKS:
    TASKS.decision(Hold, lambda s, t: [Action("hold", 0), Action("hold", 1)], name="test_hold")(lambda s, t, a: None)

HOLD = Hold(0)


def kind(s) -> str:
    """The name of the task on top of the stack (``"walk"``, ``"arrange"`` ...)."""
    return TASKS.name(s.stack[-1])


def kinds_on_stack(s) -> list[str]:
    return [TASKS.name(t) for t in s.stack]


def space_tiles(radius: int = 3, sun: str = "yellow_sun") -> dict:
    """A map of Space hexes round a Sun; tests change single tiles (e.g. to "P10", "A", "G")."""
    tiles = {h: "S" for h in hg.spiral((0, 0), radius)}
    tiles[(0, 0)] = f"sun:{sun}"
    return tiles


def make(
    players: int,
    factions: list[str],
    ships: list[tuple[int, str]] | None = None,
    tiles: dict | None = None,
    sun: str = "yellow_sun",
    options: dict | None = None,
    seed: int = 1,
):
    """A state with the given starting factions, ships (default: the factions' own) and map, nothing placed."""
    opts = {"sun": sun, **(options or {})}
    s = voidtable.load("blacksun", players, opts).new_state(seed)
    s.starting = list(factions)
    s.card = [None] * players
    s.board = Board(tiles or space_tiles(sun=sun), sun, s.R.suns)
    s.status = [0] * s.board.n_hex
    if ships is None:
        ships = [(p, t) for p in range(players) for t, k in s.R.factions[factions[p]].ships.items() for _ in range(k)]
    issue_ships(s, ships)
    s.captures = []
    s.raid = None
    s.scores = [0] * players
    s.stack = [HOLD]
    s.active = 0
    s.final_queue = None
    s.over = False
    s._legal = None
    s._events = []
    return s


def hx(s, q: int, r: int) -> int:
    return s.board.idx.index[(q, r)]


def at(s, ship: int, q: int, r: int, d: int = -1) -> None:
    """Put ``ship`` in hex (q, r): centre (d = -1) or the edge in direction d."""
    put(s, ship, hx(s, q, r), d)
    s._legal = None


def edge_dir(a: tuple[int, int], b: tuple[int, int]) -> int:
    d = hg.direction_to(a, b)
    assert d is not None
    return d


def run(s, *tasks: tuple) -> list[dict]:
    """Push ``tasks`` (first runs first) on top of the stack and run until a decision; returns the events."""
    s.push(*tasks)
    s._legal = None
    s.advance()
    return s.take_events()


def do(s, kind: str, arg: Any = None) -> list[dict]:
    """The seat to move takes Action(kind, arg)."""
    p = s.to_move()[0]
    return s.apply(p, Action(kind, arg))


def kinds(s) -> list[str]:
    return [a.kind for a in s.legal_actions(s.to_move()[0])]


def args(s, kind: str) -> list[Any]:
    return [a.arg for a in s.legal_actions(s.to_move()[0]) if a.kind == kind]


def on_board(s) -> list[int]:
    return [i for i in range(len(s.owner)) if s.sstate[i] == BOARD]


class ScriptedRng:
    """Stands in for the state's Rng: ``roll`` returns the scripted dice in order."""

    def __init__(self, rolls: list[list[int]]):
        self.rolls = list(rolls)
        self.state = 0

    def roll(self, dice: int, sides: int = 6) -> list[int]:
        r = self.rolls.pop(0)
        assert len(r) == dice, f"scripted roll {r} but {dice} dice asked"
        return list(r)

    def copy(self):
        return ScriptedRng(self.rolls)

    def below(self, n: int) -> int:
        return 0

    def shuffle(self, items) -> None:
        pass


def maybe(s, kind: str, arg: Any = None) -> list[dict]:
    """Take the action if it is offered (a forced single choice is taken by the game itself)."""
    if s.to_move() and Action(kind, arg) in s.legal_actions(s.to_move()[0]):
        return do(s, kind, arg)
    return []
