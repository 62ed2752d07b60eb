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
import contextlib
import dataclasses
import hmac
import logging
import secrets
import sqlite3
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import msgspec

from voidtable.agents import specs as agent_specs
from voidtable.agents.base import Agent, observe
from voidtable.engine.errors import OptionError, VoidtableError
from voidtable.engine.parameters import find as find_parameter
from voidtable.engine.registry import games, get, load
from voidtable.engine.rng import derive_seed

from .bots import FairQueue, check_spec, set_budget
from .limits import MAX_SEED, Clock, Limiter, Limits, RateLimit
from .store import SeatRow, StepTaken, Store, StoreUnavailable, TableRow, TableStore, TalkRow
from .tables import MoveError, Table, hash_token, new_token

CLOCK_MODES = {"move": (5.0, 3600.0), "game": (30.0, 86400.0)}  # turn clock: seconds allowed, per move or per game
MAX_PACE = 10.0
RESIGN_LEVEL = "medium"   # the bot that plays a resigned seat to the end (and a timed-out one)
TURN_FLOOR = 0.05         # a bot decision with less of its turn left than this plays its quick fallback move

if TYPE_CHECKING:
    from .peers import Peers

log = logging.getLogger("voidtable.web")

LEVELS = ("easy", "medium", "hard")
# Used only if agents/specs.py has no difficulty names, or a game has no heuristic bot yet.
FALLBACK_LEVELS = {"easy": "random", "medium": "mcts:iterations=200", "hard": "mcts:seconds=1.0"}
MAX_NAME = 40
SEED_LIMIT = MAX_SEED  # a table's seed: below 2**53, which a browser's JSON reads exactly (older tables with bigger seeds still load)


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


def without_time_left(msg: dict[str, Any]) -> dict[str, Any]:
    """A state message less the seconds left on the turn clocks (they change with every look, moves or not)."""
    clock = msg.get("clock")
    if not clock:
        return msg
    seats = [{k: v for k, v in c.items() if k != "left"} for c in clock["seats"]]
    return {**msg, "clock": {**clock, "seats": seats}}


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
        self.last: str | None = None  # the last state sent, the clocks' seconds left out

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
                msg = table.message(self.seat, self.sent_lines, self.sent_talk)
                unclocked = encode(without_time_left(msg))
                if unclocked == self.last:  # nothing this seat may know changed (another seat's hidden order): no
                    continue                # message, or the number of messages would count the hidden moves
                self.last = unclocked
                self.sent_lines = msg["log_from"] + len(msg["log"])
                self.sent_talk = msg["talk_from"] + len(msg["talk"])
                await self.send(encode(msg))


class Hub:
    def __init__(self, data: str | Path, durable: str = "normal", bot_workers: int | None = None, bot_delay: float = 0.0,
                 limits: Limits | None = None, clock: Clock | None = None,
                 rule_sets: dict[str, tuple[str, dict[str, Any]]] | None = None, wall: Clock | None = None,
                 pace: float = 0.0, think_clock: Clock | None = None, database: str | None = None,
                 lease_seconds: float = 10.0) -> None:
        self.data = Path(data)
        self.limits = limits or Limits()
        self.clock: Clock = clock or time.monotonic
        self.wall: Clock = wall or time.time            # turn clocks: stored as wall-clock times, so a restart keeps them
        self.think_clock: Clock = think_clock or time.perf_counter  # measures a bot's thinking against its turn budget
        self.pace = pace                                # seconds between moves at a table with no person playing
        self.store: TableStore
        self.peers: Peers | None = None  # other server processes on the same PostgreSQL database
        if database:
            from .peers import Peers
            from .pgstore import PgStore

            # rows shared by processes carry wall-clock times (rate events, activity); a test's injected clock
            # for rate limits and expiry stands in for it
            self.store = PgStore(database, clock or self.wall)
            self.peers = Peers(self, self.store, lease_seconds)
        else:
            self.store = Store(self.data / "voidtable.sqlite3", durable)
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.bot_workers = bot_workers if bot_workers is not None else self.limits.bot_workers  # default: --bot-workers
        self.executor = ThreadPoolExecutor(max_workers=self.bot_workers + 1, thread_name_prefix="voidtable-bot")  # +1: replays
        self.bot_delay = bot_delay
        self.rule_sets = rule_sets or {}  # variant name -> (game, overrides): the operator's named rule sets (--rules)
        self._agents: dict[tuple[str, int], Agent] = {}
        self._thinking: set[tuple[str, int]] = set()   # bot seats queued or with a worker
        self._queue = FairQueue()
        self._working = 0                               # decisions with a worker now
        self._turn: dict[tuple[str, int], float] = {}   # seconds a bot has thought in its current turn
        self._refused: dict[tuple[str, int], int] = {}
        self._forced: set[tuple[str, int]] = set()      # person seats whose move clock ran out: a bot chooses this move
        self._tasks: set[asyncio.Task[None]] = set()
        self.creators: dict[str, str] = {}              # table id -> hash of its creator's token
        self.active: dict[str, float] = {}              # table id -> clock() of its last move, join or creation
        self.create_rate: Limiter = RateLimit(self.limits.creates_per_minute, self.clock)
        self.join_rate: Limiter = RateLimit(self.limits.joins_per_minute, self.clock)
        self.chat_rate: Limiter = RateLimit(self.limits.chat_per_minute, self.clock)
        if self.peers is not None:  # counted in the database, so the limits hold across processes
            self.create_rate, self.join_rate, self.chat_rate = (
                self.peers.rate_limit(kind, n) for kind, n in (("create", self.limits.creates_per_minute),
                                                              ("join", self.limits.joins_per_minute),
                                                              ("chat", self.limits.chat_per_minute)))
        self.closed = False
        self.loop: asyncio.AbstractEventLoop | None = None  # the serving loop (tests call into it from their thread)
        self.latencies: deque[float] = deque(maxlen=20000)  # seconds from a move read off a WebSocket to its ack sent
        self.accepted = 0
        self.unloadable: dict[str, dict[str, Any]] = {}  # lobby lines of stored tables whose game no longer loads
        self.restored = False                            # restore() ran (the serve command runs it before serving)

    # -- life -------------------------------------------------------------------------
    def restore(self) -> None:
        """Rebuild every stored table by replaying its actions (call before serving; once: later calls do nothing).
        A store that cannot be read is a one-line ``StoreError``."""
        if self.restored:
            return
        t0 = time.perf_counter()
        rows = self.store.load_all()
        self.restored = True
        for row in rows:
            if row.creator_hash:
                self.creators[row.id] = row.creator_hash
            self.active[row.id] = self.clock()
            if row.problem:  # rows that cannot rebuild the table: listed as broken with the reason; the others start
                log.error("table %s cannot be restored: %s", row.id, row.problem)
                self.unloadable[row.id] = unloadable_line(row, f"the stored table is damaged: {row.problem}")
                continue
            try:
                table = Table(row)
            except VoidtableError as e:  # the game or its options no longer load: listed as broken, never dropped
                log.error("table %s cannot be restored: %s", row.id, e)
                self.unloadable[row.id] = unloadable_line(row, f"the game no longer loads: {e}")
                continue
            except Exception as e:  # damaged data the checks above did not catch: still only this table
                log.exception("table %s cannot be restored", row.id)
                self.unloadable[row.id] = unloadable_line(row, f"the stored table does not rebuild: {type(e).__name__}: {e}")
                continue
            self.serve(table)
            self.tables[table.id] = table
            self.conns.setdefault(table.id, set())
            if table.problem:
                log.error("table %s: %s", table.id, table.problem)
        log.info("restored %d tables in %.2fs", len(self.tables), time.perf_counter() - t0)

    def start_bots(self) -> None:
        for table in self.tables.values():
            self.schedule_bots(table)

    def start_shared(self, interval: float = 2.0) -> None:
        """With other processes on the database: hear their changes, and take over tables whose bots no one runs."""
        if self.peers is not None:
            self.peers.start(interval)

    async def stop_shared(self) -> None:
        if self.peers is not None:
            await self.peers.stop()

    def close(self) -> None:
        """Stop: no new bot work; searches already running end within their budget (--max-bot-seconds)."""
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
            d["variants"] = self.variants(spec)
            d["levels"] = list(LEVELS)
            out.append(d)
        return out

    def lobby(self) -> list[dict[str, Any]]:
        now = self.clock()
        lines = [{**t.info(), "idle": round(now - self.active.get(t.id, now))} for t in self.tables.values()] \
            + list(self.unloadable.values())
        lines.sort(key=lambda line: -line["created"])
        return lines[:300]

    def table(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is None and self.peers is not None:  # made by another process a moment ago, not heard of yet
            t = self.peers.load(table_id)
        if t is None:
            if table_id in self.unloadable:
                raise MoveError(410, f"table {table_id!r} is broken: {self.unloadable[table_id]['problem']}")
            raise MoveError(404, f"no table {table_id!r}")
        return t

    def variants(self, spec: Any) -> dict[str, dict[str, Any]]:
        """The game's own variants and the operator's rule sets for it (``--rules NAME=FILE``)."""
        return {**spec.variants, **{n: dict(o) for n, (g, o) in self.rule_sets.items() if g == spec.name}}

    def check_options(self, spec: Any, given: dict[str, Any]) -> None:
        """Lobby options: declared options (the game checks their values when it loads) and rules-data overrides
        of declared parameters only, within their declared ranges (``Parameter.check``, as the lab's ``--set``)."""
        for key, value in given.items():
            if not isinstance(key, str) or "." not in key:
                continue
            if not self.limits.allow_overrides:
                raise MoveError(400, f"rules-data overrides ({key}) are turned off on this server (--no-overrides); "
                                     "choose a variant or the game's options")
            param = find_parameter(spec.parameters, key)
            if param is None:
                declared = ", ".join(p.path for p in spec.parameters) or "none"
                raise MoveError(400, f"{key} is not a tunable parameter of {spec.name}; parameters: {declared}")
            problem = param.check(value)
            if problem is not None:
                raise MoveError(400, f"{key}: {problem}" if key != param.path else problem)

    def admit(self, client: str) -> None:
        """Refuse a new table over the creation rate of ``client`` or the server's number of live tables."""
        live = sum(1 for t in self.tables.values() if t.status in ("waiting", "running"))
        if live >= self.limits.max_tables:
            raise MoveError(503, f"this server has its maximum of {self.limits.max_tables} live tables (--max-tables); "
                                 "try again when one ends")
        if not self.create_rate.allow(client):
            raise MoveError(429, f"too many new tables: at most {self.limits.creates_per_minute} a minute (--create-rate)")

    def create(self, req: Any, client: str = "local") -> dict[str, Any]:
        """Make a table from a lobby request; seat links for the seats claimed now, and the creator's token."""
        if not isinstance(req, dict):
            raise MoveError(400, "a table request is a JSON object: {game, players, variant?, options?, seats?, seed?}")
        extra = set(req) - {"game", "players", "variant", "options", "seats", "seed", "clock", "chat", "pace"}
        if extra:
            raise MoveError(400, f"unknown field(s) {sorted(extra)}; fields: game, players, variant, options, seats, seed, "
                                 "clock, chat, pace")
        table_options = self.table_options(req)
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
        variants = self.variants(spec)
        if variant is not None:
            if not isinstance(variant, str) or variant not in variants:
                raise MoveError(400, f"unknown variant {variant!r}; variants: {', '.join(variants) or 'none'}")
            options.update(variants[variant])
        given = req.get("options", {})
        if not isinstance(given, dict):
            raise MoveError(400, "'options' must be an object of option names (or rules paths) to values")
        self.check_options(spec, given)
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
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
            raise MoveError(400, f"'seed' must be a whole number in 0..{SEED_LIMIT - 1} (what a browser reads exactly)")
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
                    check_spec(bot_spec(level, spec.name), self.limits.max_bot_seconds)
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
        self.admit(client)  # after every check of the request: a refused request does not count
        creator = new_token()
        row = TableRow(table_id, spec.name, players, game.settings, seed, time.time(), status, None, None, seats, [],
                       spec.rules_version, hash_token(creator), table_options=table_options)
        table = self.open_table(row, game)
        return {"id": table.id, "table": table.info(), "links": links, "spectate": f"/t/{table.id}", "creator": creator}

    def open_table(self, row: TableRow, game: Any = None) -> Table:
        """Store a new table, start its clocks and bots, and serve it."""
        table = Table(row, game)
        self.serve(table)
        changes = table.clock_changes(self.wall())
        table.set_clocks(changes)
        for seat in row.seats:
            seat.clock_left, seat.clock_since = table.seats[seat.seat].clock_left, table.seats[seat.seat].clock_since
        self.stored(lambda: self.store.create_table(row))
        self.tables[table.id] = table
        self.conns[table.id] = set()
        if row.creator_hash:
            self.creators[table.id] = row.creator_hash
        self.active[table.id] = self.clock()
        self.schedule_bots(table)
        return table

    def serve(self, table: Table) -> None:
        """Give a table the hub's wall clock and its answer to who is at the table now."""
        table.now = self.wall
        table.here = lambda: sorted({c.seat for c in self.conns.get(table.id, ()) if c.seat is not None})

    def arrived(self, table: Table) -> None:
        """A page opened or closed at the table: everyone's page learns who is there (the creator's hand-over)."""
        for conn in self.conns.get(table.id, ()):
            conn.changed()

    @staticmethod
    def table_options(req: dict[str, Any]) -> dict[str, Any]:
        """The table's own options from a lobby request: a turn clock (off unless asked), chat (on), pace."""
        out: dict[str, Any] = {"clock": None, "chat": True}
        clock = req.get("clock")
        if clock is not None:
            if not isinstance(clock, dict) or set(clock) - {"mode", "seconds"} or clock.get("mode") not in CLOCK_MODES:
                raise MoveError(400, "'clock' must be null or {mode: move|game, seconds}")
            lo, hi = CLOCK_MODES[clock["mode"]]
            seconds = clock.get("seconds")
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not lo <= seconds <= hi:
                raise MoveError(400, f"clock seconds for mode {clock['mode']} must be a number in {lo:g}-{hi:g}")
            out["clock"] = {"mode": clock["mode"], "seconds": float(seconds)}
        chat = req.get("chat", True)
        if not isinstance(chat, bool):
            raise MoveError(400, "'chat' must be true or false")
        out["chat"] = chat
        pace = req.get("pace")
        if pace is not None:
            if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0 <= pace <= MAX_PACE:
                raise MoveError(400, f"'pace' must be seconds between bot moves in 0-{MAX_PACE:g} (a table without people)")
            out["pace"] = float(pace)
        return out

    def stored(self, write: Callable[[], None], table: Table | None = None) -> None:
        """Run a store write; a failure (disk full, read-only, database gone) is a one-line 503 and the table is
        unchanged. Another process that stored the same step or seat first: a 409, and ``table`` catches up."""
        try:
            write()
        except (StoreUnavailable, sqlite3.Error) as e:
            log.error("store write failed: %s", e)
            raise MoveError(503, f"not stored: the server cannot write its table store now ({e}); nothing changed, "
                                 "try again") from None
        except StepTaken as e:
            if self.peers is not None and table is not None:
                self.peers.refresh(table)
            raise MoveError(409, f"stale: {e}; the table has moved on") from None

    def delete(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Remove a table for whoever created it (its creator token, as ``Authorization: Bearer``)."""
        if table_id not in self.unloadable:
            self.table(table_id)  # 404 for a table that does not exist
        creator = self.creators.get(table_id)
        if not token or creator is None or not hmac.compare_digest(creator, hash_token(token)):
            raise MoveError(403, "only the table's creator may remove it (send the creator token as Authorization: Bearer)")
        self.remove(table_id, "removed by its creator")
        return {"id": table_id, "removed": True}

    def remove(self, table_id: str, why: str) -> None:
        """Forget a table everywhere: store, lobby, bot queue; its connections are told and refused further moves."""
        self.stored(lambda: self.store.delete_table(table_id))
        self.forget(table_id, why)

    def forget(self, table_id: str, why: str) -> None:
        """Forget a table that is gone from the store (removed here or by another process)."""
        table = self.tables.pop(table_id, None)
        self.unloadable.pop(table_id, None)
        self.creators.pop(table_id, None)
        self.active.pop(table_id, None)
        self._queue.drop(table_id)
        self._forget_bots(table_id)
        if table is not None:
            table.status = "removed"
            table.problem = why
            table.touch()
            for conn in self.conns.pop(table_id, set()):
                conn.push({"type": "error", "error": f"this table was {why}"})
        log.info("table %s %s", table_id, why)

    def expire(self) -> list[str]:
        """Remove abandoned tables: waiting for players longer than ``waiting_expiry``, or running with no move,
        join or creation for ``idle_expiry`` (by the hub's clock). Finished and broken tables stay."""
        now = self.clock()
        gone = []
        shared = self.peers.idle() if self.peers is not None else None  # activity in every process
        for tid, table in list(self.tables.items()):
            idle = shared.get(tid, 0.0) if shared is not None else now - self.active.get(tid, now)
            if (table.status == "waiting" and idle >= self.limits.waiting_expiry) or \
                    (table.status == "running" and idle >= self.limits.idle_expiry):
                self.remove(tid, f"removed after {idle:.0f} s without play")
                gone.append(tid)
        return gone

    def join(self, table_id: str, req: Any, client: str = "local") -> dict[str, Any]:
        table = self.table(table_id)
        req = req if isinstance(req, dict) else {}
        open_seats = [s.seat for s in table.seats if s.open]
        if not open_seats:
            raise MoveError(409, "no open seat at this table (you can still watch)")
        seat = req.get("seat", open_seats[0])
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in open_seats:
            raise MoveError(409, f"seat {seat!r} is not open; open seats: {open_seats}")
        name = _name(req.get("name"), seat) if req.get("name") is not None else table.seats[seat].name
        if not self.join_rate.allow(client):
            raise MoveError(429, f"too many seats claimed: at most {self.limits.joins_per_minute} a minute (--join-rate)")
        token = new_token()
        s = table.seats[seat]
        status = "running" if sum(1 for x in table.seats if x.open) == 1 else "waiting"
        self.stored(lambda: self.store.claim_seat(table.id, seat, name, hash_token(token), status), table)
        s.name = name
        s.token_hash = hash_token(token)
        self.active[table.id] = self.clock()
        table.status = status
        table.touch()
        self.sync_clocks(table)
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

    def move_as(self, table: Table, seat: int | None, step: Any, action_json: Any, notify: bool = True,
                bot: bool = False) -> dict[str, Any]:
        """Check, store, apply, wake: in this order, with no await in between (``notify=False``: the caller wakes;
        ``bot``: the server's own bot moves for the seat, which a person may not while a bot holds it)."""
        if not bot:
            table.check_person(seat)
        if self.peers is not None and step != table.step_of(seat):  # another process may have stored moves we have not heard
            self.peers.catch_up(table)
        for attempt in (1, 2):
            action = table.check(seat, step, action_json)
            assert seat is not None
            new, events = table.prepare(seat, action)
            result = table.result_json(new) if new.is_over() else None
            clocks = table.clock_changes(self.wall(), seat, new)
            try:
                self.stored(lambda: self.store.add_move(table.id, table.step + 1, seat, action, result, clocks), table)
            except MoveError as e:
                # another process stored this step first (the table has caught up): a move that is still the
                # seat's to make (a simultaneous choice another seat's move left alone) is checked and stored again
                if e.status == 409 and self.peers is not None and attempt == 1:
                    continue
                raise
            break
        assert seat is not None
        table.commit(new, seat, action, events)
        table.set_clocks(clocks)
        for p in {seat, *(c[0] for c in clocks)}:  # a clock that stopped or started again: its forced move is done or moot
            self._forced.discard((table.id, p))
        self.active[table.id] = self.clock()
        self.accepted += 1
        if notify:
            self.notify(table)
        return {"type": "accepted", "step": table.step_of(seat)}  # the mover's own count (tables.py)

    # -- what players expect of a table: clocks, handing seats to bots, resigning, rematches, talk -------------
    def sync_clocks(self, table: Table) -> None:
        """Start or stop turn clocks after a change that was not a move (a seat taken, handed over, given back)."""
        changes = table.clock_changes(self.wall())
        if changes:
            self.stored(lambda: self.store.set_clocks(table.id, changes))
            table.set_clocks(changes)
            table.touch()

    def tick(self) -> None:
        """Act on turn clocks that ran out (the server calls this a few times a second; tests after moving the clock).
        A move clock: a bot chooses that one move. A game clock: a bot plays the seat to the end."""
        now = self.wall()
        for table in list(self.tables.values()):
            clock = table.table_options.get("clock")
            if not clock or table.status != "running":
                continue
            if self.peers is not None and not self.peers.runs_bots(table):  # the table's bot process acts on its clocks
                continue
            for s in table.seats:
                if s.clock_since is None or s.by_bot or (table.clock_left(s.seat, now) or 0.0) > 0:
                    continue
                key = (table.id, s.seat)
                if clock["mode"] == "move":
                    if key in self._forced:
                        continue
                    self._forced.add(key)
                    self.note(table, f"{s.name}'s time for this move ran out: a bot chooses it")
                    self.schedule_bots(table)
                else:
                    with contextlib.suppress(MoveError):
                        self._hold(table, s.seat, RESIGN_LEVEL, "timeout")
                        self.note(table, f"{s.name}'s time ran out: a bot plays their seat to the end")

    def _hold(self, table: Table, seat: int, level: str | None, why: str | None, status: str | None = None,
              result: dict[str, Any] | None = None) -> None:
        """A bot takes a person's seat (or, with ``level`` None, gives it back): stored first, then the table."""
        s = table.seats[seat]
        old = (s.held, s.held_why, table.status)
        s.held, s.held_why = level, why
        if status is not None:
            table.status = status
        clocks = table.clock_changes(self.wall())
        s.held, s.held_why, table.status = old
        self.stored(lambda: self.store.hold_seat(table.id, seat, level, why, status, clocks, result))
        if result is not None:
            table.final = result
            table.finished = time.time()
        s.held, s.held_why = level, why
        if status is not None:
            table.status = status
        table.set_clocks(clocks)
        self._agents.pop((table.id, seat), None)
        self._forced.discard((table.id, seat))
        self.active[table.id] = self.clock()
        table.touch()
        self.notify(table)

    def creator_check(self, table_id: str, token: str | None, what: str) -> None:
        creator = self.creators.get(table_id)
        if not token or creator is None or not hmac.compare_digest(creator, hash_token(token)):
            raise MoveError(403, f"only the table's creator may {what} (send the creator token as Authorization: Bearer)")

    def present(self, table: Table, seat: int) -> bool:
        return any(c.seat == seat for c in self.conns.get(table.id, ()))

    def hand_to_bot(self, table_id: str, seat: Any, token: str | None, req: Any) -> dict[str, Any]:
        """The creator gives an absent player's seat (or a seat no one took) to a bot; the seat's link takes it back."""
        table = self.table(table_id)
        self.creator_check(table_id, token, "hand a seat to a bot")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise MoveError(400, f"seat must be a seat number 0-{table.players - 1}")
        req = req if isinstance(req, dict) else {}
        level = req.get("bot", "medium")
        if level not in LEVELS:
            raise MoveError(400, f"'bot' must be one of {', '.join(LEVELS)}")
        s = table.seats[seat]
        if table.status not in ("waiting", "running"):
            raise MoveError(409, f"the table is {table.status}: no seat changes hands now")
        if s.kind != "person" or s.held is not None:
            raise MoveError(409, f"seat {seat} ({s.name}) is already played by a bot")
        if self.present(table, seat):
            raise MoveError(409, f"{s.name} is at the table now: only an absent player's seat can go to a bot")
        starts = table.status == "waiting" and not any(x.open for x in table.seats if x.seat != seat)
        self._hold(table, seat, level, "handed", "running" if starts else None)
        self.note(table, f"{s.name}'s seat was handed to a bot ({level}) by the table's creator"
                         + ("" if s.open else "; their seat link takes it back"))
        return {"id": table.id, "seat": seat, "held": "handed", "bot": level}

    def take_back(self, table_id: str, token: Any) -> dict[str, Any]:
        """A seat link takes its seat back from the bot the creator handed it to."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
        s = table.seats[seat]
        if s.held is None:
            raise MoveError(409, "your seat is yours already")
        if s.held_why != "handed":
            raise MoveError(409, "a resigned or timed-out seat stays with its bot to the end of the game")
        if table.status not in ("waiting", "running"):
            raise MoveError(409, f"the table is {table.status}")
        self._hold(table, seat, None, None)
        self.note(table, f"{s.name} took their seat back from the bot")
        return {"id": table.id, "seat": seat, "held": None}

    def rename(self, table_id: str, token: Any, req: Any) -> dict[str, Any]:
        """A player sets the name the table calls them (a friend's seat starts as "Friend N"); the log and every
        page take the new name at once."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise MoveError(401, "unauthenticated: only a seated player may set their name (send the seat token)")
        if not isinstance(req, dict) or set(req) != {"name"} or not isinstance(req["name"], str):
            raise MoveError(400, "malformed name: send {name: \"...\"}")
        if table.status not in ("waiting", "running"):
            raise MoveError(409, "the game is over: its names stay as they were played")
        name = " ".join("".join(ch if ch.isprintable() else " " for ch in req["name"]).split())
        if not name:
            raise MoveError(400, "a name needs at least one letter or digit")
        if len(name) > MAX_NAME:
            raise MoveError(400, f"a name is at most {MAX_NAME} characters")
        s = table.seats[seat]
        if any(x.name.casefold() == name.casefold() for x in table.seats if x.seat != seat):
            raise MoveError(409, f"another seat at this table is called {name}: choose another name")
        if name != s.name:
            old = s.name
            self.stored(lambda: self.store.rename_seat(table.id, seat, name), table)
            table.rename(seat, name)
            for conn in self.conns.get(table.id, ()):
                conn.sent_lines = 0  # the whole log again, in the new words
            self.note(table, f"{old} is now called {name}")
            self.notify(table)
        return {"id": table.id, "seat": seat, "name": name}

    def resign(self, table_id: str, token: Any) -> dict[str, Any]:
        """A player gives up: with two players the other wins now; with more, a bot plays the seat to the end.
        (No game defines resigning as elimination yet; see docs/web.md.)"""
        table = self.table(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise MoveError(401, "unauthenticated: only a seated player may resign (send the seat token)")
        s = table.seats[seat]
        if table.status != "running":
            raise MoveError(409, "only a game in progress can be resigned" if table.status != "finished" else "the game is over")
        if s.held_why in ("resigned", "timeout"):
            raise MoveError(409, "your seat is already played by a bot to the end")
        if table.players == 2:
            other = 1 - seat
            result = {"scores": [0 if p == seat else 1 for p in range(2)], "ranks": [2 if p == seat else 1 for p in range(2)],
                      "winners": [other], "tiebreaks": [], "resigned": [seat]}
            self._hold(table, seat, RESIGN_LEVEL, "resigned", "finished", result)
            self.note(table, f"{s.name} resigned: {table.seats[other].name} wins")
        else:
            self._hold(table, seat, RESIGN_LEVEL, "resigned")
            self.note(table, f"{s.name} resigned: a bot plays their seat to the end")
        return {"id": table.id, "seat": seat, "resigned": True, "status": table.status}

    def rematch(self, table_id: str, token: str | None, client: str = "local") -> dict[str, Any]:
        """A finished table's rematch: the same game, options and seats, a new seed. Each person keeps their seat
        token, so everyone's own link opens their seat at the new table (no new links to send). Asked twice: the same."""
        table = self.table(table_id)
        seat = table.seat_of(token)
        creator = self.creators.get(table_id)
        is_creator = bool(token) and creator is not None and hmac.compare_digest(creator, hash_token(token or ""))
        if seat is None and not is_creator:
            raise MoveError(403, "only a player at this table (or its creator) may ask for a rematch")
        if table.status != "finished":
            raise MoveError(409, "a rematch is offered once the game is over")
        if table.rematch and table.rematch in self.tables:
            return {"id": table.rematch, "existing": True}
        self.admit(client)
        seats = []
        for x in table.seats:
            if x.kind == "person" and x.token_hash:
                seats.append(SeatRow(x.seat, "person", None, x.name, x.token_hash))
            else:  # a bot seat, or a seat no one ever took (a bot played it): a bot again
                level = x.level or "medium"
                seats.append(SeatRow(x.seat, "bot", level, x.name if x.kind == "bot" else f"Bot {x.seat} ({level})", None))
        new_id = secrets.token_urlsafe(8)
        row = TableRow(new_id, table.name, table.players, dict(table.options), secrets.randbits(53), time.time(), "running",
                       None, None, seats, [], table.game.spec.rules_version, creator, table_options=dict(table.table_options),
                       rematch_of=table.id)
        new = self.open_table(row, table.game)
        table.rematch = new.id
        table.touch()
        self.note(table, "A rematch is ready: the same seats at a new table")
        return {"id": new.id, "existing": False}

    def note(self, table: Table, text: str) -> None:
        """A line the table itself says (a seat handed over, a clock run out, a resignation): kept with the chat."""
        self._talk(table, TalkRow(len(table.talk) + 1, "note", None, "", text, time.time()))

    def _talk(self, table: Table, line: TalkRow) -> None:
        if len(table.talk) >= self.limits.talk_lines:
            if line.kind == "chat":
                raise MoveError(429, f"this table's chat is full ({self.limits.talk_lines} lines, --chat-lines)")
            return
        try:
            self.stored(lambda: self.store.add_talk(table.id, line), table)
        except MoveError as e:
            if e.status != 409:
                raise
            line = dataclasses.replace(line, n=len(table.talk) + 1)
            self.stored(lambda: self.store.add_talk(table.id, line), table)  # another process wrote a line first
        table.talk.append(line)
        for conn in self.conns.get(table.id, ()):
            conn.changed()

    def chat(self, table_id: str, token: Any, text: Any, client: str = "local") -> dict[str, Any]:
        """A chat line from a seat or a spectator: plain text, one line, within the size and rate limits."""
        table = self.table(table_id)
        if token is not None and not isinstance(token, str):
            raise MoveError(400, "malformed chat: 'token' must be a string")
        seat = table.seat_of(token)
        if token and seat is None:
            raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
        if not table.chat_on:
            raise MoveError(403, "chat is turned off at this table")
        if not isinstance(text, str):
            raise MoveError(400, "malformed chat: send {text: \"...\"}")
        line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
        if not line:
            raise MoveError(400, "an empty chat message is not sent")
        if len(line) > self.limits.chat_size:
            raise MoveError(413, f"chat message too long: at most {self.limits.chat_size} characters (--chat-size)")
        if not self.chat_rate.allow(f"{client}|{table.id}"):
            raise MoveError(429, f"too many chat messages: at most {self.limits.chat_per_minute} a minute (--chat-rate)")
        name = table.seats[seat].name if seat is not None else "Spectator"
        self._talk(table, TalkRow(len(table.talk) + 1, "chat", seat, name, line, time.time()))
        return {"n": len(table.talk)}

    def set_table_options(self, table_id: str, token: str | None, req: Any) -> dict[str, Any]:
        """The creator changes the table's own options while it lasts: chat on or off."""
        table = self.table(table_id)
        self.creator_check(table_id, token, "change the table's options")
        if not isinstance(req, dict) or set(req) - {"chat"} or not isinstance(req.get("chat"), bool):
            raise MoveError(400, "send {chat: true|false}")
        options = {**table.table_options, "chat": req["chat"]}
        self.stored(lambda: self.store.set_table_options(table.id, options))
        changed = table.chat_on != req["chat"]
        table.table_options = options
        table.touch()
        if changed:
            self.note(table, "The table's creator turned chat " + ("on" if req["chat"] else "off"))
        for conn in self.conns.get(table.id, ()):
            conn.changed()
        return {"id": table.id, "chat": table.chat_on}

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
        if table.status == "running":
            self.schedule_bots(table)
        else:
            self._forget_bots(table.id)

    def forget_agents(self, table_id: str) -> None:
        """Drop a table's bots (its seats changed in another process): the next decision builds them afresh."""
        self._forget_bots(table_id)

    def adopt(self, table: Table, creator_hash: str | None) -> None:
        """Serve a table another process created."""
        self.serve(table)
        self.tables[table.id] = table
        self.conns.setdefault(table.id, set())
        if creator_hash:
            self.creators[table.id] = creator_hash
        self.active[table.id] = self.clock()
        self.schedule_bots(table)

    def moved_elsewhere(self, table: Table) -> None:
        """Moves another process stored were applied here: forced moves they answered are done."""
        self._forced -= {k for k in self._forced if k[0] == table.id}
        self.active[table.id] = self.clock()

    def _forget_bots(self, table_id: str) -> None:
        """Drop a table's bots and their bookkeeping once it can take no more moves (finished or removed)."""
        for book in (self._agents, self._turn, self._refused):
            for key in [k for k in book if k[0] == table_id]:
                del book[key]
        self._forced -= {k for k in self._forced if k[0] == table_id}

    # -- bots --------------------------------------------------------------------------------------
    def agent(self, table: Table, seat: int) -> Agent:
        key = (table.id, seat)
        a = self._agents.get(key)
        if a is None:
            spec = bot_spec(table.seats[seat].level or "medium", table.name)
            a = self._agents[key] = agent_specs.make(spec, table.name, derive_seed(table.seed, 1 + seat))
            set_budget(a, self.limits.max_bot_seconds)  # also a stored spec from before the limits, or iterations only
        return a

    def schedule_bots(self, table: Table) -> None:
        """Queue a decision for every bot seat to move that is not queued or thinking already."""
        if table.status != "running" or self.closed:
            return
        if self.peers is not None and not any(table.seats[p].by_bot or (table.id, p) in self._forced
                                              for p in table.state.to_move()):
            return
        if self.peers is not None and not self.peers.runs_bots(table):  # another process runs this table's bots
            return
        for p in table.state.to_move():
            key = (table.id, p)
            if (table.seats[p].by_bot or key in self._forced) and key not in self._thinking:
                self._thinking.add(key)
                delay = 0.0 if key in self._forced else self.delay(table)
                if delay:
                    self._later(delay, self._enqueue, table.id, p)
                else:
                    self._enqueue(table.id, p)

    def delay(self, table: Table) -> float:
        """Seconds a bot waits before it decides: ``bot_delay`` at a table where a person plays (so their moves can
        be followed), the table's pace (or the server's, ``--bot-pace``) at a table of bots alone (watchable)."""
        if any(not s.by_bot for s in table.seats):
            return self.bot_delay
        pace = table.table_options.get("pace")
        return float(pace) if isinstance(pace, (int, float)) else self.pace

    def _later(self, delay: float, fn: Callable[..., None], *args: Any) -> None:
        asyncio.get_running_loop().call_later(delay, fn, *args)

    def _enqueue(self, table_id: str, seat: int) -> None:
        if self.closed or table_id not in self.tables:
            self._thinking.discard((table_id, seat))
            return
        self._queue.add(table_id, seat)
        self._pump()

    def _pump(self) -> None:
        """Give free workers the next decisions, tables in turn."""
        while not self.closed and self._working < self.bot_workers:
            item = self._queue.take()
            if item is None:
                return
            self._working += 1
            task = asyncio.get_running_loop().create_task(self._decide(*item))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def budget(self, table: Table, seat: int) -> float:
        """Seconds this decision may think, derived from the turn's budget: at most the per-decision limit and at
        most half of what the bot's turn has left (``--max-bot-turn-seconds``), so however many decisions a turn
        holds, their thinking adds up to less than the turn's budget. Under ``TURN_FLOOR`` left: 0 (quick move)."""
        key = (table.id, seat)
        if table.actions and table.actions[-1][0] != seat:  # another seat moved since: a new turn
            self._turn[key] = 0.0
        left = self.limits.max_bot_turn_seconds - self._turn.get(key, 0.0)
        if left < TURN_FLOOR:
            return 0.0
        return min(self.limits.max_bot_seconds, left / 2)

    def charge(self, table_id: str, seat: int, seconds: float) -> None:
        """Count ``seconds`` of thinking against the bot's current turn."""
        key = (table_id, seat)
        self._turn[key] = self._turn.get(key, 0.0) + seconds

    async def _decide(self, table_id: str, p: int) -> None:
        """One bot decision on a worker, then its move through the same checks as anyone's."""
        key = (table_id, p)
        table = self.tables.get(table_id)
        action = None
        step = table.step_of(p) if table is not None else 0
        try:
            if table is None or self.closed or table.status != "running" or p not in table.state.to_move() \
                    or not (table.seats[p].by_bot or key in self._forced):
                self._thinking.discard(key)
                return
            step = table.step_of(p)
            obs = observe(table.state, p)
            seconds = self.budget(table, p)
            agent = self.agent(table, p)
            if seconds <= 0 and hasattr(agent, "seconds"):  # the turn's budget is spent: the quick bot decides
                agent = self.quick(table, p)
            t0 = self.think_clock()
            action = await asyncio.get_running_loop().run_in_executor(self.executor, self._think, agent, obs, seconds)
            self.charge(table_id, p, self.think_clock() - t0)
        except RuntimeError:  # the executor is shut down
            self._thinking.discard(key)
            return
        except Exception:  # e.g. the bot cannot be built: log it and play a legal move, so the table goes on
            log.exception("bot %s at table %s failed; playing its first legal move", p, table_id)
            action = table.legal[p][0] if table is not None and table.legal[p] else None
        finally:
            self._working -= 1
            self._queue.done(table_id)
            self._pump()
        self._thinking.discard(key)
        if self.closed or table is None or self.tables.get(table_id) is not table or action is None:
            return
        self._play(table, p, step, action)

    def quick(self, table: Table, seat: int) -> Agent:
        """The bot that decides when a searching bot's turn budget is spent: the game's medium bot if it does not
        search (a heuristic), else a random one (``FALLBACK_LEVELS['easy']``)."""
        key = (table.id, -1 - seat)
        a = self._agents.get(key)
        if a is None:
            a = agent_specs.make(bot_spec("medium", table.name), table.name, derive_seed(table.seed, 100 + seat))
            if hasattr(a, "seconds"):
                a = agent_specs.make(FALLBACK_LEVELS["easy"], table.name, derive_seed(table.seed, 100 + seat))
            self._agents[key] = a
        return a

    @staticmethod
    def _think(agent: Agent, obs: Any, seconds: float) -> Any:
        """In a worker: the agent's choice within ``seconds`` (a search with none left: the first legal move)."""
        if seconds <= 0 and hasattr(agent, "seconds"):
            return obs.legal[0]
        set_budget(agent, seconds)
        try:
            return agent.act(obs)
        except Exception:  # a bot bug must not stall the table: log it and play a legal move
            log.exception("a bot failed; playing its first legal move")
            return obs.legal[0]

    def _play(self, table: Table, p: int, step: int, action: Any) -> None:
        """Submit a bot's move; a stale one thinks again, an unstored one retries when the store may write again."""
        key = (table.id, p)
        if not (table.seats[p].by_bot or key in self._forced):  # the person took the seat back while it thought
            return
        try:
            self.move_as(table, p, step, action.to_json(), bot=True)
            self._refused.pop(key, None)
        except MoveError as e:
            if e.status == 503:  # the store cannot write (disk full): the table is unchanged; try again later
                asyncio.get_running_loop().call_later(self.limits.store_retry, self._retry, table.id)
                return
            if e.status != 409:  # not stale but wrong: a bot bug; keep the table going
                self._refused[key] = self._refused.get(key, 0) + 1
                log.error("bot %s at table %s: %s", p, table.id, e.message)
                if self._refused[key] >= 3 and table.legal[p]:
                    with contextlib.suppress(MoveError):
                        self.move_as(table, p, table.step_of(p), table.legal[p][0].to_json(), bot=True)
            self.schedule_bots(table)  # else the table moved on while it thought: think again

    def _retry(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.schedule_bots(table)


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
