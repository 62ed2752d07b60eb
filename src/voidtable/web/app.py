"""The Starlette application: the page, the lobby and table API, and the WebSocket.

Routes (details and the message format in docs/web.md):

    GET  /  /t/{id}  /replay/{id}  /replay      the one page (index.html)
    GET  /api/games                             games, player ranges, variants, options, bot levels
    GET  /api/stats                             tables by status, connections, the server's own move latency
    GET  /api/tables                            the lobby: open, running and finished tables
    POST /api/tables                            create a table -> seat links (and the creator's token)
    DELETE /api/tables/{id}                     remove a table (Authorization: Bearer CREATOR-TOKEN)
    GET  /api/tables/{id}                       one table's public facts
    POST /api/tables/{id}/join                  claim an open seat -> its link
    GET  /api/tables/{id}/state                 what your seat sees (Authorization: Bearer TOKEN; none: spectator)
    POST /api/tables/{id}/move                  {token, step, action}
    GET  /api/tables/{id}/record                the game record, finished games only
    GET  /api/tables/{id}/replay?step=&seat=    a finished game at a step, as that seat saw it
    GET  /api/tables/{id}/chances               a finished game: each seat's estimated chance to win, step by step
    POST /api/tables/{id}/seats/{seat}/bot      the creator hands an absent player's seat to a bot {bot?}
    POST /api/tables/{id}/take-back             a seat link takes its seat back from that bot
    POST /api/tables/{id}/resign                a seated player resigns
    POST /api/tables/{id}/rematch               a finished table's rematch (a player or the creator)
    POST /api/tables/{id}/name                  {name}: a seated player sets the name the table calls them
    POST /api/tables/{id}/chat                  {text}: a chat line (a seat's token, or none: a spectator)
    PATCH /api/tables/{id}/options              the creator turns chat on or off {chat}
    POST /api/replay                            the same for an uploaded record
    POST /api/chances                           {record}: the chances to win along an uploaded record
    WS   /ws/{id}                               live table: hello {token}, then moves; state pushed

Seat tokens travel in the URL fragment (never sent to the server by the
browser), then in the WebSocket's first message or an Authorization header,
so no URL, access log or Referer ever carries one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from voidtable.engine.errors import OptionError, RecordError
from voidtable.engine.records import Record

from .errors import MoveError
from .hub import Hub, HubClocks, HubSettings
from .limits import Clock, Limits, TooDeep, parse_json
from .protocol import ChancesUpload, Malformed, MoveBody, ReplayUpload, decode, encode
from .replays import chances_frame, record_json, replay_frame, table_chances
from .security import Guard, HostPolicy
from .socket import FrameError, frame_json, ws_table

__all__ = ["STATIC", "FrameError", "create_app", "frame_json"]

STATIC = Path(__file__).with_name("static")
log = logging.getLogger("voidtable.web")
Handler = Callable[[Request], Awaitable[Response]]


def error(status: int, message: str) -> Response:
    return reply({"error": message}, status)


def reply(data: Any, status: int = 200) -> Response:
    """JSON of plain data or declared structs (``protocol``), encoded once by msgspec."""
    return Response(encode(data), status_code=status, media_type="application/json")


async def read_limited(request: Request, limit: int) -> bytes:
    """The body, refused (413) from its declared length before reading, or as soon as the bytes read pass ``limit``."""
    declared = request.headers.get("content-length")
    too_large = MoveError(413, f"request too large: the limit is {limit} bytes (--max-body)")
    if declared is not None:
        if not declared.isdigit():
            raise MoveError(400, "malformed request: Content-Length must be a whole number")
        if int(declared) > limit:
            raise too_large
    parts: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        parts.append(chunk)
    return b"".join(parts)


async def body(request: Request, limits: Limits) -> Any:
    """The request's JSON, within the size and nesting limits (one-line 4xx otherwise)."""
    raw = await read_limited(request, limits.max_body)
    if not raw:
        return {}
    try:
        return parse_json(raw, limits.max_depth)
    except TooDeep as e:
        raise MoveError(400, f"malformed request: JSON {e} (--max-depth)") from None
    except ValueError:  # UnicodeDecodeError included
        raise MoveError(400, "malformed request: the body is not JSON") from None


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def client_key(request: Request) -> str:
    """Whom a rate limit counts: the client's address."""
    return request.client.host if request.client else "unknown"


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def body_of(request: Request) -> Any:
    return await body(request, hub_of(request).limits)


def api(fn: Handler) -> Handler:
    """A handler whose refusals (``MoveError``) become their one-line JSON error with the status."""
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)
        except MoveError as e:
            return error(e.status, e.message)
    return wrapped


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


# -- the lobby ---------------------------------------------------------------------------------------
@api
async def list_games(request: Request) -> Response:
    return reply(hub_of(request).games())


@api
async def stats(request: Request) -> Response:
    return reply(hub_of(request).stats())


@api
async def list_tables(request: Request) -> Response:
    return reply(hub_of(request).lobby())


@api
async def create_table(request: Request) -> Response:
    req = await body_of(request)
    return reply(hub_of(request).create(req, client_key(request)), 201)


@api
async def delete_table(request: Request) -> Response:
    return reply(hub_of(request).delete(request.path_params["id"], bearer(request)))


@api
async def table_info(request: Request) -> Response:
    return reply(hub_of(request).table(request.path_params["id"]).public())


@api
async def join(request: Request) -> Response:
    return reply(hub_of(request).join(request.path_params["id"], await body_of(request), client_key(request)))


# -- a table ---------------------------------------------------------------------------------------------
@api
async def state(request: Request) -> Response:
    table = hub_of(request).table(request.path_params["id"])
    token = bearer(request)
    seat = table.seat_of(token)
    if token and seat is None:
        raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
    return reply(table.message(seat))


@api
async def move(request: Request) -> Response:
    raw = await body_of(request)
    try:
        req = decode(MoveBody, raw)
    except Malformed as e:
        raise MoveError(400, str(e)) from None
    token = req.token if "token" in raw else bearer(request)
    action = {"kind": req.action.kind, "arg": req.action.arg}
    return reply(hub_of(request).move(request.path_params["id"], token, req.step, action))


@api
async def record(request: Request) -> Response:
    table = hub_of(request).table(request.path_params["id"])
    if table.status != "finished":
        raise MoveError(403, "the record of an unfinished game is never handed out (it holds the seed and every hidden card)")
    return Response(record_json(table), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{table.name}-{table.id}.json"'})


@api
async def hand_to_bot(request: Request) -> Response:
    try:
        seat = int(request.path_params["seat"])
    except ValueError:
        raise MoveError(400, "seat must be a whole number") from None
    req = await body_of(request)
    return reply(hub_of(request).hand_to_bot(request.path_params["id"], seat, bearer(request), req))


@api
async def take_back(request: Request) -> Response:
    await body_of(request)
    return reply(hub_of(request).take_back(request.path_params["id"], bearer(request)))


@api
async def resign(request: Request) -> Response:
    await body_of(request)
    return reply(hub_of(request).resign(request.path_params["id"], bearer(request)))


@api
async def rename(request: Request) -> Response:
    return reply(hub_of(request).rename(request.path_params["id"], bearer(request), await body_of(request)))


@api
async def rematch(request: Request) -> Response:
    await body_of(request)
    out = hub_of(request).rematch(request.path_params["id"], bearer(request), client_key(request))
    return reply(out, 200 if out["existing"] else 201)


@api
async def chat(request: Request) -> Response:
    req = await body_of(request)
    return reply(hub_of(request).chat(request.path_params["id"], bearer(request), req, client_key(request)))


@api
async def table_options(request: Request) -> Response:
    req = await body_of(request)
    return reply(hub_of(request).set_table_options(request.path_params["id"], bearer(request), req))


# -- replays ------------------------------------------------------------------------------------------------
def frame_args(request: Request, players: int) -> tuple[int, int | None]:
    try:
        step = int(request.query_params.get("step", "0"))
        seat_text = request.query_params.get("seat", "")
        seat = int(seat_text) if seat_text not in ("", "spectator") else None
    except ValueError:
        raise MoveError(400, "step and seat must be whole numbers") from None
    if seat is not None and not 0 <= seat < players:
        raise MoveError(400, f"seat must be 0-{players - 1} or empty for the spectator's view")
    return step, seat


@api
async def replay(request: Request) -> Response:
    hub = hub_of(request)
    table = hub.table(request.path_params["id"])
    if table.status != "finished":
        raise MoveError(403, "only finished games can be replayed")
    step, seat = frame_args(request, table.players)
    frame = await asyncio.get_running_loop().run_in_executor(
        hub.executor, lambda: replay_frame(table.record(), step, seat, table.names(), ended=table.final,
                                           resigned=table.resigned()))
    return reply(frame)


@api
async def replay_upload(request: Request) -> Response:
    hub = hub_of(request)
    raw = await body_of(request)
    try:
        req = decode(ReplayUpload, raw)
        rec = Record.from_json(req.record)
        if req.seat is not None and not req.seat < rec.players:
            raise MoveError(400, "step must be a whole number, seat a seat number or null")
        found = req.record if isinstance(req.record, dict) else {}
        ended, resigned = found.get("ended"), found.get("resigned")  # how a web table ended, beside the record
        if not (isinstance(resigned, list) and all(isinstance(p, int) and 0 <= p < rec.players for p in resigned)):
            resigned = None
        frame = await asyncio.get_running_loop().run_in_executor(
            hub.executor, lambda: replay_frame(rec, req.step, req.seat, ended=ended, resigned=resigned))
    except Malformed as e:
        raise MoveError(400, str(e)) from None
    except RecordError as e:
        raise MoveError(400, str(e)) from None
    return reply(frame)


@api
async def chances(request: Request) -> Response:
    """A finished table's chances to win along the game: never before it is over (they read every hidden card)."""
    hub = hub_of(request)
    table = hub.table(request.path_params["id"])
    if table.status != "finished":
        raise MoveError(403, "the chances to win are shown only once the game is over (they read every hidden card)")
    try:
        found = await asyncio.get_running_loop().run_in_executor(hub.executor, lambda: table_chances(table))
    except OptionError as e:  # the game declares no evaluation
        raise MoveError(404, str(e)) from None
    return reply(found)


@api
async def chances_upload(request: Request) -> Response:
    hub = hub_of(request)
    raw = await body_of(request)
    try:
        req = decode(ChancesUpload, raw)
        rec = Record.from_json(req.record)
        ended = req.record.get("ended") if isinstance(req.record, dict) else None  # a web table's, beside the record
        found = await asyncio.get_running_loop().run_in_executor(hub.executor, lambda: chances_frame(rec, ended=ended))
    except (Malformed, RecordError) as e:
        raise MoveError(400, str(e)) from None
    except OptionError as e:
        raise MoveError(404, str(e)) from None
    return reply(found)


# -- the app ------------------------------------------------------------------------------------------------
ROUTES = [
    Route("/", page),
    Route("/t/{id}", page),
    Route("/replay", page),
    Route("/replay/{id}", page),
    Route("/api/games", list_games),
    Route("/api/stats", stats),
    Route("/api/tables", list_tables, methods=["GET"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{id}", table_info, methods=["GET"]),
    Route("/api/tables/{id}", delete_table, methods=["DELETE"]),
    Route("/api/tables/{id}/join", join, methods=["POST"]),
    Route("/api/tables/{id}/state", state),
    Route("/api/tables/{id}/move", move, methods=["POST"]),
    Route("/api/tables/{id}/record", record),
    Route("/api/tables/{id}/replay", replay),
    Route("/api/tables/{id}/chances", chances),
    Route("/api/tables/{id}/seats/{seat}/bot", hand_to_bot, methods=["POST"]),
    Route("/api/tables/{id}/take-back", take_back, methods=["POST"]),
    Route("/api/tables/{id}/resign", resign, methods=["POST"]),
    Route("/api/tables/{id}/rematch", rematch, methods=["POST"]),
    Route("/api/tables/{id}/name", rename, methods=["POST"]),
    Route("/api/tables/{id}/chat", chat, methods=["POST"]),
    Route("/api/tables/{id}/options", table_options, methods=["PATCH"]),
    Route("/api/replay", replay_upload, methods=["POST"]),
    Route("/api/chances", chances_upload, methods=["POST"]),
    WebSocketRoute("/ws/{id}", ws_table),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


async def sweep(hub: Hub) -> None:
    """Remove expired tables now and then (the interval: a tenth of the shorter expiry, at most a minute)."""
    limits = hub.limits
    every = max(1.0, min(60.0, limits.waiting_expiry / 10, limits.idle_expiry / 10))
    while True:
        await asyncio.sleep(every)
        try:
            hub.expire()
        except Exception:  # a failed sweep must not end the sweeping
            log.exception("expiring tables failed")


async def ticker(hub: Hub, tick: float) -> None:
    """Turn clocks: act on those that ran out, a few times a second (by the hub's wall clock)."""
    while True:
        await asyncio.sleep(tick)
        try:
            hub.tick()
        except Exception:  # a failed tick must not stop the clocks
            log.exception("checking turn clocks failed")


def lifespan(hub: Hub, tick: float, share_every: float) -> Callable[[Starlette], contextlib.AbstractAsyncContextManager[None]]:
    """Restore the tables and start the bots, the sweeper, the clocks and the peers; stop them all at the end."""
    @contextlib.asynccontextmanager
    async def running(app: Starlette) -> AsyncIterator[None]:
        hub.restore()
        hub.start_bots()
        hub.loop = asyncio.get_running_loop()
        hub.start_shared(share_every)
        sweeper = asyncio.create_task(sweep(hub))
        clocks = asyncio.create_task(ticker(hub, tick))
        try:
            yield
        finally:
            sweeper.cancel()
            clocks.cancel()
            await hub.stop_shared()
            hub.close()
    return running


def create_app(data: str | Path, durable: str = "normal", bot_workers: int | None = None, bot_delay: float = 0.0,
               limits: Limits | None = None, host: str = "127.0.0.1", clock: Clock | None = None,
               rule_sets: dict[str, tuple[str, dict[str, Any]]] | None = None, wall: Clock | None = None,
               pace: float = 0.0, tick: float = 0.25, database: str | None = None,
               lease_seconds: float = 10.0, share_every: float = 2.0) -> Starlette:
    """The app; ``limits`` bound what clients may do, ``host`` is the bound address (for the Host check),
    ``clock`` (monotonic seconds) is injectable so tests can move time for rate limits and expiry, ``rule_sets``
    are the operator's named rule sets (variant name -> game, settings); ``wall`` is the wall clock turn clocks
    read (injectable: tests move it and call ``app.state.hub.tick()``), checked every ``tick`` seconds; ``pace``:
    seconds between moves at a table with no person playing. ``database``: a ``postgresql://`` URL to share
    tables with other server processes instead of the SQLite file under ``data`` (``lease_seconds``: how long a
    process's hold on a table's bots lasts unrenewed; ``share_every``: how often it looks for tables to take over).
    ``bot_workers`` (threads in which bots think) defaults to ``limits.bot_workers``."""
    limits = limits or Limits()
    settings = HubSettings(durable, bot_workers, bot_delay, pace, rule_sets or {}, database, lease_seconds)
    hub = Hub(data, settings, limits, HubClocks(clock, wall))
    guard = Middleware(Guard, hosts=HostPolicy(host, limits.allowed_hosts), origins=limits.allowed_origins)
    app = Starlette(routes=ROUTES, lifespan=lifespan(hub, tick, share_every), middleware=[guard])
    app.state.hub = hub
    return app
