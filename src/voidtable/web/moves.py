"""The move path: check, store, apply, wake; in this order, with no await in between.

So two moves can never interleave, and a move is acknowledged only once it is on
disk (or in the shared database). A person's move and a bot's come the same way;
only a person is refused while a bot holds their seat. With other server processes
on the same database a step may be stored by another process first: the table
catches up, and a move that is still the seat's to make is checked and stored again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent
from voidtable.engine.state import GameState

from . import clocks
from .clocks import ClockChange
from .errors import MoveError
from .protocol import Accepted

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table


class MovePath:
    """Moves from the page, the HTTP API and the bots, through one path."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.accepted = 0  # moves stored and applied since the server started

    def move(self, table_id: str, token: Any, step: Any, action: Any) -> Accepted:
        """A move over HTTP: the seat is the one its token opens."""
        table = self.hub.table(table_id)
        if token is not None and not isinstance(token, str):
            raise MoveError(400, "malformed move: 'token' must be a string")
        seat = table.seat_of(token)
        if seat is None and token:
            raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
        return self.move_as(table, seat, step, action)

    def move_as(self, table: Table, seat: int | None, step: Any, action_json: Any, notify: bool = True,
                bot: bool = False) -> Accepted:
        """Check, store, apply, wake (``notify=False``: the caller wakes; ``bot``: the server's own bot moves for the
        seat, which a person may not while a bot holds it). Answers with the mover's own step count (tables.py)."""
        if not bot:
            table.check_person(seat)
        peers = self.hub.peers
        if peers is not None and step != table.step_of(seat):  # another process may have stored moves we have not heard
            peers.catch_up(table)
        mover, action, new, events, found = self.check_and_store(table, seat, step, action_json)
        self.apply(table, mover, action, new, events, found)
        if notify:
            self.hub.notify(table)
        return Accepted(table.step_of(mover))

    def check_and_store(self, table: Table, seat: int | None, step: Any, action_json: Any
                        ) -> tuple[int, Action, GameState, list[AnyEvent], list[ClockChange]]:
        """The checked action, the state it makes, its events and clock changes, once stored (the table untouched)."""
        for attempt in (1, 2):
            action = table.check(seat, step, action_json)
            assert seat is not None
            new, events = table.prepare(seat, action)
            result = table.result_json(new) if new.is_over() else None
            found = clocks.changes(table, self.hub.wall(), seat, new)
            mover = seat
            try:
                self.hub.stored(lambda: self.hub.store.add_move(table.id, table.step + 1, mover, action, result, found),
                                table)
            except MoveError as e:
                # another process stored this step first (the table has caught up): a move that is still the
                # seat's to make (a simultaneous choice another seat's move left alone) is checked and stored again
                if e.status == 409 and self.hub.peers is not None and attempt == 1:
                    continue
                raise
            return mover, action, new, events, found
        raise AssertionError("unreachable: the second attempt returns or raises")

    def apply(self, table: Table, seat: int, action: Action, new: GameState, events: list[AnyEvent],
              found: list[ClockChange]) -> None:
        """Make a stored move the table's: its state, its clocks; forced moves it answered are done."""
        table.commit(new, seat, action, events)
        clocks.apply(table, found)
        for p in {seat, *(c[0] for c in found)}:  # a clock that stopped or started again: its forced move is done or moot
            self.hub.bots.forced.discard((table.id, p))
        self.hub.active[table.id] = self.hub.clock()
        self.accepted += 1
