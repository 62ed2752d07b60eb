"""Turn clocks: when a seat's clock runs, what a move or a seat change does to it, and what happens when it runs out.

A table's clock is one of its own options (``{mode: move|game, seconds}``). Each seat
keeps the seconds it had when its clock last started or stopped and the wall-clock
time it started (``Seat.clock_left``, ``Seat.clock_since``), so the clocks survive a
restart. The arithmetic (``changes``) is a pure function of the table, so a move can
work out its clock changes before it is stored and store them in the same
transaction. :class:`TurnClocks` is the hub's part that acts on them: it starts and
stops clocks after changes that are not moves, and on ``tick`` lets a bot choose a
move whose time ran out (a move clock) or play the seat to the end (a game clock).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from .errors import MoveError
from .protocol import ClockSeat, ClockView

if TYPE_CHECKING:
    from voidtable.engine.state import GameState

    from .hub import Hub
    from .tables import Table

ClockChange = tuple[int, float | None, float | None]  # (seat, seconds left, running since)
MODES = {"move": (5.0, 3600.0), "game": (30.0, 86400.0)}  # seconds allowed, per move or per game
RESIGN_LEVEL = "medium"   # the bot that plays a timed-out seat to the end (and a resigned one)


def runs(table: Table, p: int, state: GameState | None = None) -> bool:
    """Whether seat ``p``'s clock should run now: a clock is on, the table runs, ``p`` is to move and a person plays it."""
    state = state or table.state
    return bool(table.table_options.get("clock")) and table.status == "running" and not state.is_over() \
        and p in state.to_move() and not table.seats[p].by_bot


def changes(table: Table, now: float, mover: int | None = None, state: GameState | None = None) -> list[ClockChange]:
    """(seat, left, since) for each seat whose clock must start, stop or be charged, for ``state`` (the table's, or
    the one a move is about to make) after ``mover`` moved (None: no move, e.g. a seat handed over)."""
    clock = table.table_options.get("clock")
    if not clock:
        return []
    per_move = clock["mode"] == "move"
    seconds = float(clock["seconds"])
    out: list[ClockChange] = []
    for s in table.seats:
        running = runs(table, s.seat, state)
        left = seconds if s.clock_left is None else s.clock_left
        if s.clock_since is not None and (not running or s.seat == mover):  # stop (or charge the mover, then restart)
            used = max(0.0, now - s.clock_since)
            left = seconds if per_move else max(0.0, left - used)
            out.append((s.seat, left, now if running else None))
        elif s.clock_since is None and running:
            out.append((s.seat, seconds if per_move else left, now))
    return out


def apply(table: Table, clock_changes: list[ClockChange]) -> None:
    """Make stored clock changes the table's."""
    for seat, left, since in clock_changes:
        table.seats[seat].clock_left = left
        table.seats[seat].clock_since = since


def left(table: Table, p: int, now: float) -> float | None:
    """Seconds left on seat ``p``'s clock at ``now`` (None: the table has no clock)."""
    s = table.seats[p]
    clock = table.table_options.get("clock")
    if not clock:
        return None
    out = float(clock["seconds"]) if s.clock_left is None else s.clock_left
    if s.clock_since is not None:
        out -= now - s.clock_since
    return max(0.0, out)


def view(table: Table, now: float) -> ClockView | None:
    """What everyone sees of the turn clocks now: each seat's seconds left and whether it is running."""
    clock = table.table_options.get("clock")
    if not clock:
        return None
    return ClockView(clock["mode"], clock["seconds"],
                     [ClockSeat(s.seat, round(left(table, s.seat, now) or 0.0, 1), s.clock_since is not None)
                      for s in table.seats])


class TurnClocks:
    """The hub's clocks: start and stop them after seat changes, and act on those that ran out."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def sync(self, table: Table) -> None:
        """Start or stop turn clocks after a change that was not a move (a seat taken, handed over, given back)."""
        found = changes(table, self.hub.wall())
        if found:
            self.hub.stored(lambda: self.hub.store.set_clocks(table.id, found))
            apply(table, found)
            table.touch()

    def tick(self) -> None:
        """Act on turn clocks that ran out (the server calls this a few times a second; tests after moving the clock).
        A move clock: a bot chooses that one move. A game clock: a bot plays the seat to the end."""
        now = self.hub.wall()
        peers = self.hub.peers
        for table in list(self.hub.tables.values()):
            clock = table.table_options.get("clock")
            if not clock or table.status != "running":
                continue
            if peers is not None and not peers.runs_bots(table):  # the table's bot process acts on its clocks
                continue
            for s in table.seats:
                if s.clock_since is None or s.by_bot or (left(table, s.seat, now) or 0.0) > 0:
                    continue
                if clock["mode"] == "move":
                    self.out_of_move_time(table, s.seat)
                else:
                    self.out_of_game_time(table, s.seat)

    def out_of_move_time(self, table: Table, seat: int) -> None:
        """A move clock ran out: a bot chooses this one move (once), and the table says so."""
        key = (table.id, seat)
        if key in self.hub.bots.forced:
            return
        self.hub.bots.forced.add(key)
        self.hub.talk.note(table, f"{table.seats[seat].name}'s time for this move ran out: a bot chooses it")
        self.hub.schedule_bots(table)

    def out_of_game_time(self, table: Table, seat: int) -> None:
        """A game clock ran out: a bot plays the seat to the end."""
        with contextlib.suppress(MoveError):
            self.hub.seating.hold(table, seat, RESIGN_LEVEL, "timeout")
            self.hub.talk.note(table, f"{table.seats[seat].name}'s time ran out: a bot plays their seat to the end")
