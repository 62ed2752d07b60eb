"""One WebSocket at a table: its seat, the log lines it has had, and a writer that never falls behind twice.

A change at the table only marks each connection dirty and wakes its writer; the
writer builds one state for everything that happened since it last wrote, so a
burst of changes is one message, and a slow page cannot make the server queue
states for it. Acknowledgements and refusals skip the queue (``reply``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import msgspec

from .protocol import UNSET, ClockView, State, encode

if TYPE_CHECKING:
    from .tables import Table


def without_time_left(msg: State) -> State:
    """A state less the seconds left on the turn clocks (they change with every look, moves or not)."""
    clock = msg.clock
    if not isinstance(clock, ClockView):
        return msg
    seats = [msgspec.structs.replace(c, left=0.0) for c in clock.seats]
    return msgspec.structs.replace(msg, clock=msgspec.structs.replace(clock, seats=seats))


class Conn:
    """One WebSocket: its seat, what log lines it has, and a writer that never falls behind twice."""

    def __init__(self, send: Callable[[Any], Awaitable[None]], seat: int | None) -> None:
        self._send = send
        self.lock = asyncio.Lock()  # one frame at a time: the writer's states and the reader's acknowledgements
        self.seat = seat
        self.sent_lines = 0
        self.sent_talk = 0
        self.outbox: deque[str] = deque()
        self.dirty = True
        self.wake = asyncio.Event()
        self.wake.set()
        self.last: bytes | None = None  # the last state sent, the clocks' seconds left out

    async def send(self, text: str) -> None:
        async with self.lock:
            await self._send(text)

    def push(self, message: Any) -> None:
        """Queue a message for the writer (after anything queued before it)."""
        self.outbox.append(encode(message).decode())
        self.wake.set()

    async def reply(self, message: Any) -> None:
        """Send at once (an acknowledgement or a refusal): not behind the states other connections are building."""
        await self.send(encode(message).decode())

    def changed(self) -> None:
        self.dirty = True
        self.wake.set()

    async def run(self, table: Table) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                await self.send(self.outbox.popleft())
            if self.dirty:
                await asyncio.sleep(0)  # let moves that are already waiting be read and acknowledged first
                self.dirty = False
                await self.write_state(table)

    async def write_state(self, table: Table) -> None:
        """Send this seat's state, unless nothing it may know changed (another seat's hidden order): else the number
        of messages would count the hidden moves."""
        msg = table.message(self.seat, self.sent_lines, self.sent_talk)
        unclocked = encode(without_time_left(msg)) if msg.clock is not UNSET else None
        text = encode(msg)
        if (unclocked or text) == self.last:
            return
        self.last = unclocked or text
        self.sent_lines = msg.log_from + len(msg.log)
        self.sent_talk = msg.talk_from + len(msg.talk)
        await self.send(text.decode())
