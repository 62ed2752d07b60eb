"""The server's heart: every table, the store, the connections, and the bots.

Everything that changes a table runs on the event loop without awaiting in
the middle: check the move, store it (committed), then make it the table's
state, then wake the connections. So two moves can never interleave, and a
move is acknowledged only once it is on disk. Bots think in a thread pool on
an observation of a state that no longer changes (see ``tables.Table``), and
their moves come back through the same checks as anyone's.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Awaitable, Callable

import msgspec

from voidtable.agents import specs as agent_specs
from voidtable.agents.base import Agent, observe
from voidtable.engine.errors import OptionError, VoidtableError
from voidtable.engine.registry import games, get, load
from voidtable.engine.rng import derive_seed

from .store import SeatRow, Store, TableRow
from .tables import MoveError, Table, hash_token, new_token

log = logging.getLogger("voidtable.web")

LEVELS = ("easy", "medium", "hard")
# Used only if agents/specs.py has no difficulty names, or a game has no heuristic bot yet.
FALLBACK_LEVELS = {"easy": "random", "medium": "mcts:iterations=200", "hard": "mcts:seconds=1.0"}
MAX_NAME = 40


_encoder = msgspec.json.Encoder()


def encode(message: dict[str, Any]) -> str:
    """JSON text of a message (msgspec: several times faster than json.dumps on a table's state)."""
    return _encoder.encode(message).decode()


def bot_spec(level: str, game: str) -> str:
    """The agent spec a bot level stands for in ``game`` (a spec given directly is kept)."""
    if level not in LEVELS:
        return level
    spec = getattr(agent_specs, "DIFFICULTIES", {}).get(level) or FALLBACK_LEVELS[level]
    try:
        agent_specs.make(spec, game, 0)
    except OptionError:  # e.g. the game has no heuristic bot yet
        spec = FALLBACK_LEVELS[level]
    return spec


class Conn:
    """One WebSocket: its seat, what log lines it has, and a writer that never falls behind twice."""

    def __init__(self, send: Callable[[Any], Awaitable[None]], seat: int | None) -> None:
        self._send = send
        self.lock = asyncio.Lock()  # one frame at a time: the writer's states and the reader's acknowledgements
        self.seat = seat
        self.sent_lines = 0
        self.outbox: deque[str] = deque()
        self.dirty = True
        self.wake = asyncio.Event()
        self.wake.set()

    async def send(self, text: str) -> None:
        async with self.lock:
            await self._send(text)

    def push(self, message: dict[str, Any]) -> None:
        """Queue a message for the writer (after anything queued before it)."""
        self.outbox.append(encode(message))
        self.wake.set()

    async def reply(self, message: dict[str, Any]) -> None:
        """Send at once (an acknowledgement or a refusal): not behind the states other connections are building."""
        await self.send(encode(message))

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
                msg = table.message(self.seat, self.sent_lines)
                self.sent_lines = msg["log_from"] + len(msg["log"])
                await self.send(encode(msg))


class Hub:
    def __init__(self, data: str | Path, durable: str = "normal", bot_workers: int = 4, bot_delay: float = 0.0) -> None:
        self.data = Path(data)
        self.store = Store(self.data / "voidtable.sqlite3", durable)
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.executor = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="voidtable-bot")
        self.bot_delay = bot_delay
        self._agents: dict[tuple[str, int], Agent] = {}
        self._thinking: set[tuple[str, int]] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        self.latencies: deque[float] = deque(maxlen=20000)  # seconds from a move read off a WebSocket to its ack sent
        self.accepted = 0
        self.unloadable: dict[str, dict[str, Any]] = {}  # lobby lines of stored tables whose game no longer loads

    # -- life -------------------------------------------------------------------------
    def restore(self) -> None:
        """Rebuild every stored table by replaying its actions (call before serving)."""
        t0 = time.perf_counter()
        for row in self.store.load_all():
            try:
                table = Table(row)
            except VoidtableError as e:  # the game or its options no longer load: listed as broken, never dropped
                log.error("table %s cannot be restored: %s", row.id, e)
                self.unloadable[row.id] = unloadable_line(row, f"the game no longer loads: {e}")
                continue
            self.tables[table.id] = table
            self.conns.setdefault(table.id, set())
            if table.problem:
                log.error("table %s: %s", table.id, table.problem)
        log.info("restored %d tables in %.2fs", len(self.tables), time.perf_counter() - t0)

    def start_bots(self) -> None:
        for table in self.tables.values():
            self.schedule_bots(table)

    def close(self) -> None:
        self.closed = True
        for task in list(self._tasks):
            task.cancel()
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.store.close()

    # -- lobby ------------------------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every game as the lobby needs it: ``describe()`` plus bot levels and each option's choices as a list
        (``strict``: only those values; otherwise they are suggestions, e.g. a free ``KEY,KEY,KEY``)."""
        out = []
        for spec in games().values():
            d = spec.describe()
            for o in spec.options:
                if o.choices is not None:
                    d["options"][o.name]["choices"] = [c for c in o.choices if not str(c).isupper() and "KEY" not in str(c)]
                    d["options"][o.name]["strict"] = o.check is None
            d["levels"] = list(LEVELS)
            out.append(d)
        return out

    def lobby(self) -> list[dict[str, Any]]:
        lines = [t.info() for t in self.tables.values()] + list(self.unloadable.values())
        lines.sort(key=lambda line: -line["created"])
        return lines[:300]

    def table(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is None:
            if table_id in self.unloadable:
                raise MoveError(410, f"table {table_id!r} is broken: {self.unloadable[table_id]['problem']}")
            raise MoveError(404, f"no table {table_id!r}")
        return t

    def create(self, req: Any) -> dict[str, Any]:
        """Make a table from a lobby request; seat links for the seats claimed now."""
        if not isinstance(req, dict):
            raise MoveError(400, "a table request is a JSON object: {game, players, variant?, options?, seats?, seed?}")
        extra = set(req) - {"game", "players", "variant", "options", "seats", "seed"}
        if extra:
            raise MoveError(400, f"unknown field(s) {sorted(extra)}; fields: game, players, variant, options, seats, seed")
        try:
            name = req.get("game")
            spec = get(name if isinstance(name, str) else "")
        except VoidtableError as e:
            raise MoveError(400, str(e)) from None
        players = req.get("players", spec.min_players)
        if not isinstance(players, int) or isinstance(players, bool):
            raise MoveError(400, f"'players' must be a whole number in {spec.min_players}-{spec.max_players}")
        options: dict[str, Any] = {}
        variant = req.get("variant")
        if variant is not None:
            if variant not in spec.variants:
                raise MoveError(400, f"unknown variant {variant!r}; variants: {', '.join(spec.variants) or 'none'}")
            options.update(spec.variants[variant])
        given = req.get("options", {})
        if not isinstance(given, dict):
            raise MoveError(400, "'options' must be an object of option names (or rules paths) to values")
        options.update(given)
        try:
            game = load(spec.name, players, options, cache=True)
        except VoidtableError as e:
            raise MoveError(400, str(e)) from None
        seats_req = req.get("seats")
        if seats_req is None:
            seats_req = [{"kind": "person", "claim": True}] + [{"kind": "bot", "bot": "medium"}] * (players - 1)
        if not isinstance(seats_req, list) or len(seats_req) != players:
            raise MoveError(400, f"'seats' must list {players} seats, each {{kind: person|bot, ...}}")
        seed = req.get("seed")
        if seed is None:
            seed = secrets.randbits(53)  # below 2**53: the page's JSON parser (JavaScript numbers) keeps it exact
        elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise MoveError(400, "'seed' must be a whole number >= 0")
        seats: list[SeatRow] = []
        links: list[dict[str, Any]] = []
        table_id = secrets.token_urlsafe(8)
        for i, s in enumerate(seats_req):
            if not isinstance(s, dict) or s.get("kind") not in ("person", "bot"):
                raise MoveError(400, f"seat {i}: 'kind' must be 'person' or 'bot'")
            if s["kind"] == "bot":
                level = s.get("bot", "medium")
                if not isinstance(level, str):
                    raise MoveError(400, f"seat {i}: 'bot' must be one of {', '.join(LEVELS)} or an agent spec")
                try:
                    agent_specs.make(bot_spec(level, spec.name), spec.name, 0)
                except VoidtableError as e:
                    raise MoveError(400, f"seat {i}: {e}") from None
                name = f"Bot {i} ({level})" if level in LEVELS else f"Bot {i} ({level.partition(':')[0]})"
                seats.append(SeatRow(i, "bot", level, name, None))
            else:
                name = _name(s.get("name"), i)
                token_hash = None
                if s.get("claim"):
                    token = new_token()
                    token_hash = hash_token(token)
                    links.append({"seat": i, "token": token, "url": f"/t/{table_id}#seat={token}"})
                seats.append(SeatRow(i, "person", None, name, token_hash))
        status = "running" if all(s.kind == "bot" or s.token_hash for s in seats) else "waiting"
        row = TableRow(table_id, spec.name, players, game.settings, seed, time.time(), status, None, None, seats, [],
                       spec.rules_version)
        self.store.create_table(row)
        table = Table(row, game)
        self.tables[table.id] = table
        self.conns[table.id] = set()
        self.schedule_bots(table)
        return {"id": table.id, "table": table.info(), "links": links, "spectate": f"/t/{table.id}"}

    def join(self, table_id: str, req: Any) -> dict[str, Any]:
        table = self.table(table_id)
        req = req if isinstance(req, dict) else {}
        open_seats = [s.seat for s in table.seats if s.open]
        if not open_seats:
            raise MoveError(409, "no open seat at this table (you can still watch)")
        seat = req.get("seat", open_seats[0])
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in open_seats:
            raise MoveError(409, f"seat {seat!r} is not open; open seats: {open_seats}")
        token = new_token()
        s = table.seats[seat]
        s.name = _name(req.get("name"), seat) if req.get("name") is not None else s.name
        s.token_hash = hash_token(token)
        status = "running" if not any(x.open for x in table.seats) else "waiting"
        self.store.claim_seat(table.id, seat, s.name, s.token_hash, status)
        table.status = status
        table.touch()
        self.notify(table)
        return {"id": table.id, "seat": seat, "token": token, "url": f"/t/{table.id}#seat={token}"}

    # -- moves ---------------------------------------------------------------------------------
    def move(self, table_id: str, token: Any, step: Any, action: Any) -> dict[str, Any]:
        table = self.table(table_id)
        if token is not None and not isinstance(token, str):
            raise MoveError(400, "malformed move: 'token' must be a string")
        seat = table.seat_of(token)
        if seat is None and token:
            raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
        return self.move_as(table, seat, step, action)

    def move_as(self, table: Table, seat: int | None, step: Any, action_json: Any, notify: bool = True) -> dict[str, Any]:
        """Check, store, apply, wake: in this order, with no await in between (``notify=False``: the caller wakes)."""
        action = table.check(seat, step, action_json)
        assert seat is not None
        new, events = table.prepare(seat, action)
        result = new.result().to_json() if new.is_over() else None
        self.store.add_move(table.id, table.step + 1, seat, action, result)
        table.commit(new, seat, action, events)
        self.accepted += 1
        if notify:
            self.notify(table)
        return {"type": "accepted", "step": table.step}

    def stats(self) -> dict[str, Any]:
        """Counts and the server's own move latency (read -> checked, stored, acknowledged) over recent WebSocket moves."""
        xs = sorted(self.latencies)

        def pct(q: float) -> float | None:
            return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 3) if xs else None

        by_status: dict[str, int] = {}
        for t in self.tables.values():
            by_status[t.status] = by_status.get(t.status, 0) + 1
        return {"tables": by_status, "connections": sum(len(c) for c in self.conns.values()), "moves_accepted": self.accepted,
                "move_ms_p50": pct(0.5), "move_ms_p99": pct(0.99), "move_ms_max": round(xs[-1] * 1000, 3) if xs else None,
                "sample": len(xs)}

    def notify(self, table: Table) -> None:
        for conn in self.conns.get(table.id, ()):
            conn.changed()
        self.schedule_bots(table)

    # -- bots --------------------------------------------------------------------------------------
    def agent(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        a = self._agents.get(key)
        if a is None:
            spec = bot_spec(table.seats[seat].bot or "medium", table.name)
            a = self._agents[key] = agent_specs.make(spec, table.name, derive_seed(table.seed, 1 + seat))
        return a

    def schedule_bots(self, table: Table) -> None:
        if table.status != "running" or self.closed:
            return
        for p in table.state.to_move():
            key = (table.id, p)
            if table.seats[p].kind == "bot" and key not in self._thinking:
                self._thinking.add(key)
                task = asyncio.get_running_loop().create_task(self._bot(table, p))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _bot(self, table: Table, p: int) -> None:
        key = (table.id, p)
        loop = asyncio.get_running_loop()
        refused = 0
        try:
            while not self.closed and table.status == "running" and p in table.state.to_move():
                if self.bot_delay and any(s.kind == "person" for s in table.seats):
                    await asyncio.sleep(self.bot_delay)
                step = table.step
                obs = observe(table.state, p)
                agent = self.agent(table, p)
                try:
                    action = await loop.run_in_executor(self.executor, agent.act, obs)
                except RuntimeError:  # executor shut down
                    return
                except Exception:  # a bot bug must not stall the table: log it and play a legal move
                    log.exception("bot %s at table %s failed; playing its first legal move", p, table.id)
                    action = obs.legal[0]
                if self.closed:
                    return
                try:
                    self.move_as(table, p, step, action.to_json())
                except MoveError as e:
                    if e.status != 409:  # not stale but wrong: a bot bug; keep the table going
                        refused += 1
                        log.error("bot %s at table %s: %s", p, table.id, e.message)
                        if refused >= 3 and table.legal[p]:
                            self.move_as(table, p, table.step, table.legal[p][0].to_json())
                    # else the table moved on while it thought (e.g. a simultaneous choice): think again
        finally:
            self._thinking.discard(key)


def _name(value: Any, seat: int) -> str:
    if value is None:
        return f"Player {seat}"
    if not isinstance(value, str):
        raise MoveError(400, f"seat {seat}: 'name' must be text")
    text = " ".join(value.split())[:MAX_NAME]
    return text or f"Player {seat}"


def unloadable_line(row: TableRow, problem: str) -> dict[str, Any]:
    """The lobby line of a stored table whose game no longer loads: what the row itself says, marked broken."""
    return {
        "id": row.id, "game": row.game, "title": row.game, "players": row.players, "options": dict(row.options),
        "status": "broken", "step": len(row.moves), "created": row.created,
        "seats": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "open": False} for s in row.seats],
        "to_move": [],
        "problem": problem.splitlines()[0] if problem else problem,
    }
