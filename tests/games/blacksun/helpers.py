"""Build Black Sun positions directly, so each rule can be tested on the book's numbers."""

from __future__ import annotations

from typing import Any

import voidtable
from voidtable.engine import hexgrid as hg
from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent
from voidtable.engine.positions import clear_caches, edit, hold, run_until
from voidtable.games.blacksun.board import Board
from voidtable.games.blacksun.flow import TASKS
from voidtable.games.blacksun.positions import BOARD, put
from voidtable.games.blacksun.setup import issue_ships


def kind(s) -> str:
    """The name of the task on top of the stack (``"walk"``, ``"arrange"`` ...); ``""`` when the stack is empty."""
    return TASKS.name(s.stack[-1]) if s.stack else ""


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
    """A state with the given starting factions, ships (default: the factions' own) and map, nothing placed.

    Its stack is empty and the state held (engine.positions): tests push the steps they test (``run``),
    and when those are done the stack is simply empty."""
    opts = {"sun": sun, **(options or {})}
    s = voidtable.load("blacksun", players, opts).new_state(seed)
    board = Board(tiles or space_tiles(sun=sun), sun, s.R.suns)
    edit(s, starting=list(factions), card=[None] * players, board=board, status=[0] * board.n_hex)
    if ships is None:
        ships = [(p, t) for p in range(players) for t, k in s.R.factions[factions[p]].ships.items() for _ in range(k)]
    issue_ships(s, ships)
    edit(s, captures=[], raid=None, scores=[0] * players, stack=[], active=0, final_queue=None, over=False)
    s.take_events()
    return hold(s)


def hx(s, q: int, r: int) -> int:
    return s.board.idx.index[(q, r)]


def at(s, ship: int, q: int, r: int, d: int = -1) -> None:
    """Put ``ship`` in hex (q, r): centre (d = -1) or the edge in direction d."""
    put(s, ship, hx(s, q, r), d)
    clear_caches(s)


def edge_dir(a: tuple[int, int], b: tuple[int, int]) -> int:
    d = hg.direction_to(a, b)
    assert d is not None
    return d


def run(s, *tasks: tuple) -> list[AnyEvent]:
    """Push ``tasks`` (first runs first) on top of the stack and run until a decision; returns the events."""
    return run_until(s, push=tasks).events


def do(s, kind: str, arg: Any = None) -> list[AnyEvent]:
    """The seat to move takes Action(kind, arg)."""
    p = s.to_move()[0]
    return s.apply(p, Action(kind, arg))


def offered(s) -> list[Action]:
    """The legal actions of the seat to move; none once the steps a test pushed are done (an empty stack)."""
    movers = s.to_move()
    return s.legal_actions(movers[0]) if movers else []


def kinds(s) -> list[str]:
    return [a.kind for a in offered(s)]


def args(s, kind: str) -> list[Any]:
    return [a.arg for a in offered(s) if a.kind == kind]


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


def maybe(s, kind: str, arg: Any = None) -> list[AnyEvent]:
    """Take the action if it is offered (a forced single choice is taken by the game itself)."""
    if s.to_move() and Action(kind, arg) in s.legal_actions(s.to_move()[0]):
        return do(s, kind, arg)
    return []
