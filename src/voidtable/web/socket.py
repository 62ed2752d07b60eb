"""The table's WebSocket: a hello naming the seat, then moves in, states out.

Frames are read within the server's limits (size, nesting, text only) and decoded
into the declared messages (``protocol.Hello``, ``protocol.Move``); a bad frame gets
one error line and the connection stays, except one too large, which closes it with
the protocol's own code. A socket refused as it opens gets one error line, then a
close code of 4000 plus the HTTP status the same request would get.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING, Any, Mapping

from starlette.websockets import WebSocket, WebSocketDisconnect

from .conns import Conn
from .errors import MoveError
from .limits import Limits, TooDeep, parse_json
from .protocol import Error, Hello, Malformed, Move, decode

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table

HELLO_SECONDS = 30  # a socket that says nothing this long after opening is closed


class FrameError(Exception):
    """A WebSocket message the server will not read: a close code (or 0: an error reply) and one line."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def frame_json(message: Mapping[str, Any], limits: Limits) -> Any:
    """The JSON of a received WebSocket message; binary, oversized, deep or non-JSON frames are a FrameError."""
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise FrameError(1003, "binary frames are not read here: send JSON text")
    if len(text) > limits.max_message:
        raise FrameError(1009, f"message too large: the limit is {limits.max_message} bytes (--max-message)")
    try:
        return parse_json(text, limits.max_depth)
    except TooDeep as e:
        raise FrameError(1008, f"malformed message: JSON {e} (--max-depth)") from None
    except ValueError:
        raise FrameError(1007, "malformed message: not JSON") from None


async def close(ws: WebSocket, code: int, message: str) -> None:
    with contextlib.suppress(Exception):
        await ws.send_json({"type": "error", "error": message})
        await ws.close(code=code)


async def ws_table(ws: WebSocket) -> None:
    """One page at a table: its hello, then its moves until it goes; its writer sends the states meanwhile."""
    hub: Hub = ws.app.state.hub
    await ws.accept()
    try:  # hub.table: also a table another server process created a moment ago
        table = hub.table(ws.path_params["id"])
    except MoveError as e:  # no such table (4404), or a broken one (4410, with the reason the lobby shows)
        await close(ws, 4000 + e.status, e.message)
        return
    opened, seat = await hello(ws, table, hub.limits)
    if not opened:
        return
    conn = Conn(ws.send_text, seat)
    hub.conns.setdefault(table.id, set()).add(conn)
    hub.arrived(table)
    writer = asyncio.create_task(conn.run(table))
    try:
        await read_moves(ws, hub, table, conn)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.conns.get(table.id, set()).discard(conn)
        hub.arrived(table)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


async def hello(ws: WebSocket, table: Table, limits: Limits) -> tuple[bool, int | None]:
    """Whether the socket stays open, and the seat the first message's token opens (None: a spectator)."""
    try:
        first = await asyncio.wait_for(ws.receive(), timeout=HELLO_SECONDS)
        raw = frame_json(first, limits)
    except (asyncio.TimeoutError, WebSocketDisconnect, RuntimeError):
        await close(ws, 4400, "expected a hello message first: {type: hello, token?}")
        return False, None
    except FrameError as e:
        await close(ws, e.code, e.message)
        return False, None
    try:
        token: Any = decode(Hello, raw).token
    except Malformed:  # not quite a hello: its token, if any, is still checked (a wrong one is refused below)
        token = raw.get("token") if isinstance(raw, dict) else None
    seat = table.seat_of(token)
    if token and seat is None:
        await close(ws, 4401, "unauthenticated: this seat token does not open a seat at this table")
        return False, None
    return True, seat


async def read_moves(ws: WebSocket, hub: Hub, table: Table, conn: Conn) -> None:
    """Read frames until the page goes: each a move, answered at once."""
    while True:
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            return
        t0 = time.perf_counter()
        try:
            raw = frame_json(message, hub.limits)
        except FrameError as e:
            if e.code == 1009:  # too large: the protocol's own close code, as uvicorn sends it for a bigger frame
                await close(ws, e.code, e.message)
                return
            await conn.reply(Error(e.message))
            continue
        await handle_move(hub, table, conn, raw, t0)


async def handle_move(hub: Hub, table: Table, conn: Conn, raw: Any, t0: float) -> None:
    """One move message: refused with one line (the connection stays), or stored and acknowledged."""
    if not isinstance(raw, dict) or raw.get("type") != "move":
        await conn.reply(Error("malformed message: send {type: move, step, action}"))
        return
    try:
        msg = decode(Move, raw)
    except Malformed as e:
        await conn.reply(Error(str(e), id=raw.get("id")))
        return
    try:
        ack = hub.move_as(table, conn.seat, msg.step, {"kind": msg.action.kind, "arg": msg.action.arg})
    except MoveError as e:  # nothing changed
        await conn.reply(Error(e.message, id=msg.id))
        return
    ack.id = msg.id
    await conn.reply(ack)  # the writers woken by the move send the new state after this
    hub.latencies.append(time.perf_counter() - t0)
