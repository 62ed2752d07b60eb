"""The lobby: the games on offer, the tables' lines, and making, joining, removing and expiring tables.

Requests arrive as JSON and are decoded into the declared structs (``protocol``):
types and bounds are the struct's, and a bad field is one line naming what to send.
What the types cannot say (the game's player range, its variants, options and
parameters, a bot spec the server allows) is checked here, before anything is made,
so a refused request changes nothing and does not count against the rate limits.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from voidtable.agents import specs as agent_specs
from voidtable.engine.errors import VoidtableError
from voidtable.engine.game import Game
from voidtable.engine.parameters import find as find_parameter
from voidtable.engine.registry import games, get, load

from . import clocks
from .bots import LEVELS, bot_spec, check_spec
from .clocks import MODES as CLOCK_MODES
from .errors import MoveError
from .limits import MAX_SEED
from .protocol import CreateTable, Join, Malformed, SeatInfo, SeatRequest, TableInfo, decode
from .seating import MAX_NAME
from .store import SeatRow, TableRow
from .tables import Table, hash_token, new_token

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("voidtable.web")

SEED_LIMIT = MAX_SEED  # a table's seed: below 2**53, which a browser's JSON reads exactly (older tables with bigger seeds still load)
LOBBY_LINES = 300


class Lobby:
    """Tables coming and going: the lobby's lines, creation, joining, removal and expiry."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    # -- what the lobby shows ----------------------------------------------------------------------
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

    def lines(self) -> list[TableInfo]:
        """The lobby: every table's public line with its idle seconds, newest first, broken ones included."""
        now = self.hub.clock()
        active = self.hub.active
        found = [t.public() for t in self.hub.tables.values()] + list(self.hub.unloadable.values())
        for line in found:
            if line.status != "broken" or line.id in self.hub.tables:
                line.idle = round(now - active.get(line.id, now))
        found.sort(key=lambda line: -line.created)
        return found[:LOBBY_LINES]

    def variants(self, spec: Any) -> dict[str, dict[str, Any]]:
        """The game's own variants and the operator's rule sets for it (``--rules NAME=FILE``)."""
        return {**spec.variants, **{n: dict(o) for n, (g, o) in self.hub.rule_sets.items() if g == spec.name}}

    # -- making a table ------------------------------------------------------------------------------
    def create(self, raw: Any, client: str = "local") -> dict[str, Any]:
        """Make a table from a lobby request; seat links for the seats claimed now, and the creator's token."""
        req = self.decode_create(raw)
        table_options = self.table_options(req)
        try:
            spec = get(req.game)
        except VoidtableError as e:
            raise MoveError(400, str(e)) from None
        players = req.players if req.players is not None else spec.min_players
        game = self.load(spec, players, req)
        asked = req.seats if req.seats is not None else \
            [SeatRequest("person", claim=True)] + [SeatRequest("bot", "medium")] * (players - 1)
        if len(asked) != players:
            raise MoveError(400, f"'seats' must list {players} seats, each {{kind: person|bot, ...}}")
        seed = self.seed(req)
        table_id = secrets.token_urlsafe(8)
        seats, links = self.seats(spec.name, table_id, asked)
        status = "running" if all(s.kind == "bot" or s.token_hash for s in seats) else "waiting"
        self.admit(client)  # after every check of the request: a refused request does not count
        creator = new_token()
        row = TableRow(table_id, spec.name, players, game.settings, seed, time.time(), status, None, None, seats, [],
                       spec.rules_version, hash_token(creator), table_options=table_options)
        table = self.open_table(row, game)
        return {"id": table.id, "table": table.info(), "links": links, "spectate": f"/t/{table.id}", "creator": creator}

    @staticmethod
    def decode_create(raw: Any) -> CreateTable:
        """The request as a ``CreateTable``; a bad field is one 400 line (the player range named if the game is known)."""
        name = raw.get("game") if isinstance(raw, dict) else None
        try:
            spec = get(name) if isinstance(name, str) else None
        except VoidtableError:
            spec = None
        try:
            req = decode(CreateTable, raw, seed_max=SEED_LIMIT - 1)
        except Malformed as e:
            line = str(e)
            if spec is not None and line.startswith("'players'"):
                line += f" in {spec.min_players}-{spec.max_players}"
            raise MoveError(400, line) from None
        return req

    @staticmethod
    def table_options(req: CreateTable) -> dict[str, Any]:
        """The table's own options from a lobby request: a turn clock (off unless asked), chat (on), pace."""
        out: dict[str, Any] = {"clock": None, "chat": req.chat}
        if req.clock is not None:
            lo, hi = CLOCK_MODES[req.clock.mode]
            if not lo <= req.clock.seconds <= hi:
                raise MoveError(400, f"clock seconds for mode {req.clock.mode} must be a number in {lo:g}-{hi:g}")
            out["clock"] = {"mode": req.clock.mode, "seconds": float(req.clock.seconds)}
        if req.pace is not None:
            out["pace"] = float(req.pace)
        return out

    def load(self, spec: Any, players: int, req: CreateTable) -> Game:
        """The game with the request's variant and options (the game checks their values as it loads)."""
        options: dict[str, Any] = {}
        variants = self.variants(spec)
        if req.variant is not None:
            if req.variant not in variants:
                raise MoveError(400, f"unknown variant {req.variant!r}; variants: {', '.join(variants) or 'none'}")
            options.update(variants[req.variant])
        self.check_options(spec, req.options)
        options.update(req.options)
        try:
            return load(spec.name, players, options, cache=True)
        except VoidtableError as e:
            raise MoveError(400, str(e)) from None

    def check_options(self, spec: Any, given: dict[str, Any]) -> None:
        """Lobby options: declared options (the game checks their values when it loads) and rules-data overrides
        of declared parameters only, within their declared ranges (``Parameter.check``, as the lab's ``--set``)."""
        for key, value in given.items():
            if "." not in key:
                continue
            if not self.hub.limits.allow_overrides:
                raise MoveError(400, f"rules-data overrides ({key}) are turned off on this server (--no-overrides); "
                                     "choose a variant or the game's options")
            param = find_parameter(spec.parameters, key)
            if param is None:
                declared = ", ".join(p.path for p in spec.parameters) or "none"
                raise MoveError(400, f"{key} is not a tunable parameter of {spec.name}; parameters: {declared}")
            problem = param.check(value)
            if problem is not None:
                raise MoveError(400, f"{key}: {problem}" if key != param.path else problem)

    @staticmethod
    def seed(req: CreateTable) -> int:
        """The request's seed, or a new one below 2**53 (the page's JSON parser, JavaScript numbers, keeps it exact)."""
        if req.seed is None:
            return secrets.randbits(53)
        if req.seed >= SEED_LIMIT:
            raise MoveError(400, f"'seed' must be a whole number in 0..{SEED_LIMIT - 1} (what a browser reads exactly)")
        return req.seed

    def seats(self, game: str, table_id: str, asked: list[SeatRequest]) -> tuple[list[SeatRow], list[dict[str, Any]]]:
        """The seats' rows, and a link for each person seat claimed now."""
        seats: list[SeatRow] = []
        links: list[dict[str, Any]] = []
        for i, s in enumerate(asked):
            if s.kind == "bot":
                seats.append(SeatRow(i, "bot", s.bot, self.bot_name(game, i, s.bot), None))
                continue
            token_hash = None
            if s.claim:
                token = new_token()
                token_hash = hash_token(token)
                links.append({"seat": i, "token": token, "url": f"/t/{table_id}#seat={token}"})
            seats.append(SeatRow(i, "person", None, seat_name(s.name, i), token_hash))
        return seats, links

    def bot_name(self, game: str, i: int, level: str) -> str:
        """A bot seat's name, once its level (or agent spec) is known to make a bot the server allows."""
        try:
            check_spec(bot_spec(level, game), self.hub.limits.max_bot_seconds)
            agent_specs.make(bot_spec(level, game), game, 0)
        except VoidtableError as e:
            raise MoveError(400, f"seat {i}: {e}") from None
        return f"Bot {i} ({level})" if level in LEVELS else f"Bot {i} ({level.partition(':')[0]})"

    def admit(self, client: str) -> None:
        """Refuse a new table over the creation rate of ``client`` or the server's number of live tables."""
        limits = self.hub.limits
        live = sum(1 for t in self.hub.tables.values() if t.status in ("waiting", "running"))
        if live >= limits.max_tables:
            raise MoveError(503, f"this server has its maximum of {limits.max_tables} live tables (--max-tables); "
                                 "try again when one ends")
        if not self.hub.create_rate.allow(client):
            raise MoveError(429, f"too many new tables: at most {limits.creates_per_minute} a minute (--create-rate)")

    def open_table(self, row: TableRow, game: Game | None = None) -> Table:
        """Store a new table, start its clocks and bots, and serve it."""
        table = Table(row, game)
        self.hub.serve(table)
        clocks.apply(table, clocks.changes(table, self.hub.wall()))
        for seat in row.seats:
            seat.clock_left, seat.clock_since = table.seats[seat.seat].clock_left, table.seats[seat.seat].clock_since
        self.hub.stored(lambda: self.hub.store.create_table(row))
        self.hub.tables[table.id] = table
        self.hub.conns[table.id] = set()
        if row.creator_hash:
            self.hub.creators[table.id] = row.creator_hash
        self.hub.active[table.id] = self.hub.clock()
        self.hub.schedule_bots(table)
        return table

    # -- joining ---------------------------------------------------------------------------------------
    def join(self, table_id: str, raw: Any, client: str = "local") -> dict[str, Any]:
        """Claim an open seat: a new seat token (the link), and the table starts when its last seat is taken."""
        table = self.hub.table(table_id)
        open_seats = [s.seat for s in table.seats if s.open]
        if not open_seats:
            raise MoveError(409, "no open seat at this table (you can still watch)")
        try:
            req = decode(Join, raw if isinstance(raw, dict) else {})
        except Malformed as e:
            raise MoveError(400, str(e)) from None
        seat = open_seats[0] if req.seat is None else req.seat
        if seat not in open_seats:
            raise MoveError(409, f"seat {seat!r} is not open; open seats: {open_seats}")
        name = seat_name(req.name, seat) if req.name is not None else table.seats[seat].name
        if not self.hub.join_rate.allow(client):
            raise MoveError(429, f"too many seats claimed: at most {self.hub.limits.joins_per_minute} a minute (--join-rate)")
        token = new_token()
        status = "running" if len(open_seats) == 1 else "waiting"
        self.hub.stored(lambda: self.hub.store.claim_seat(table.id, seat, name, hash_token(token), status), table)
        s = table.seats[seat]
        s.name = name
        s.token_hash = hash_token(token)
        self.hub.active[table.id] = self.hub.clock()
        table.status = status
        table.touch()
        self.hub.clocks.sync(table)
        self.hub.notify(table)
        return {"id": table.id, "seat": seat, "token": token, "url": f"/t/{table.id}#seat={token}"}

    # -- tables going ------------------------------------------------------------------------------------
    def delete(self, table_id: str, token: str | None) -> dict[str, Any]:
        """Remove a table for whoever created it (its creator token, as ``Authorization: Bearer``)."""
        if table_id not in self.hub.unloadable:
            self.hub.table(table_id)  # 404 for a table that does not exist
        if not self.hub.seating.is_creator(table_id, token):
            raise MoveError(403, "only the table's creator may remove it (send the creator token as Authorization: Bearer)")
        self.remove(table_id, "removed by its creator")
        return {"id": table_id, "removed": True}

    def remove(self, table_id: str, why: str) -> None:
        """Forget a table everywhere: store, lobby, bot queue; its connections are told and refused further moves."""
        self.hub.stored(lambda: self.hub.store.delete_table(table_id))
        self.hub.forget(table_id, why)

    def expire(self) -> list[str]:
        """Remove abandoned tables: waiting for players longer than ``waiting_expiry``, or running with no move,
        join or creation for ``idle_expiry`` (by the hub's clock). Finished and broken tables stay."""
        now = self.hub.clock()
        limits = self.hub.limits
        gone = []
        shared = self.hub.peers.idle() if self.hub.peers is not None else None  # activity in every process
        for tid, table in list(self.hub.tables.items()):
            idle = shared.get(tid, 0.0) if shared is not None else now - self.hub.active.get(tid, now)
            if (table.status == "waiting" and idle >= limits.waiting_expiry) or \
                    (table.status == "running" and idle >= limits.idle_expiry):
                self.remove(tid, f"removed after {idle:.0f} s without play")
                gone.append(tid)
        return gone


def seat_name(value: str | None, seat: int) -> str:
    """A person seat's name as asked (spaces folded, at most ``MAX_NAME`` characters), or "Player N"."""
    text = " ".join((value or "").split())[:MAX_NAME]
    return text or f"Player {seat}"


def unloadable_line(row: TableRow, problem: str) -> TableInfo:
    """The lobby line of a stored table whose game no longer loads: what the row itself says, marked broken."""
    return TableInfo(
        row.id, row.game, row.game, row.players, dict(row.options), "broken", row.created, len(row.moves),
        [SeatInfo(s.seat, s.kind, s.bot, s.name, False) for s in row.seats], [],  # type: ignore[arg-type]
        problem=problem.splitlines()[0] if problem else problem)
