"""Who plays each seat, as a table goes on: handing a seat to a bot and taking it back, names, resigning, rematches.

Every change is stored first, then made at the table, then told: the table's talk gets
a note saying what happened, and every page its new state. A bot that holds a
person's seat says why (handed by the creator: the seat's link takes it back;
resigned or timed out: it plays to the end).
"""

from __future__ import annotations

import hmac
import secrets
import time
from typing import TYPE_CHECKING, Any

from . import clocks
from .clocks import RESIGN_LEVEL
from .errors import MoveError
from .protocol import HandToBot, Malformed, Rename, decode
from .store import SeatRow, TableRow
from .tables import hash_token

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table

MAX_NAME = 40


class Seating:
    """Seat changes at running tables, and rematches of finished ones."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def hold(self, table: Table, seat: int, level: str | None, why: str | None, status: str | None = None,
             result: dict[str, Any] | None = None) -> None:
        """A bot takes a person's seat (or, with ``level`` None, gives it back): stored first, then the table."""
        s = table.seats[seat]
        old = (s.held, s.held_why, table.status)
        s.held, s.held_why = level, why
        if status is not None:
            table.status = status
        found = clocks.changes(table, self.hub.wall())
        s.held, s.held_why, table.status = old
        self.hub.stored(lambda: self.hub.store.hold_seat(table.id, seat, level, why, status, found, result))
        if result is not None:
            table.final = result
            table.finished = time.time()
        s.held, s.held_why = level, why
        if status is not None:
            table.status = status
        clocks.apply(table, found)
        self.hub.bots.agents.pop((table.id, seat), None)
        self.hub.bots.forced.discard((table.id, seat))
        self.hub.active[table.id] = self.hub.clock()
        table.touch()
        self.hub.notify(table)

    def is_creator(self, table_id: str, token: str | None) -> bool:
        creator = self.hub.creators.get(table_id)
        return bool(token) and creator is not None and hmac.compare_digest(creator, hash_token(token or ""))

    def creator_check(self, table_id: str, token: str | None, what: str) -> None:
        if not self.is_creator(table_id, token):
            raise MoveError(403, f"only the table's creator may {what} (send the creator token as Authorization: Bearer)")

    def present(self, table: Table, seat: int) -> bool:
        return any(c.seat == seat for c in self.hub.conns.get(table.id, ()))

    def hand_to_bot(self, table_id: str, seat: Any, token: str | None, req: Any) -> dict[str, Any]:
        """The creator gives an absent player's seat (or a seat no one took) to a bot; the seat's link takes it back."""
        table = self.hub.table(table_id)
        self.creator_check(table_id, token, "hand a seat to a bot")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
            raise MoveError(400, f"seat must be a seat number 0-{table.players - 1}")
        try:
            level = decode(HandToBot, req if isinstance(req, dict) else {}).bot
        except Malformed as e:
            raise MoveError(400, str(e)) from None
        s = table.seats[seat]
        if table.status not in ("waiting", "running"):
            raise MoveError(409, f"the table is {table.status}: no seat changes hands now")
        if s.kind != "person" or s.held is not None:
            raise MoveError(409, f"seat {seat} ({s.name}) is already played by a bot")
        if self.present(table, seat):
            raise MoveError(409, f"{s.name} is at the table now: only an absent player's seat can go to a bot")
        starts = table.status == "waiting" and not any(x.open for x in table.seats if x.seat != seat)
        self.hold(table, seat, level, "handed", "running" if starts else None)
        self.hub.talk.note(table, f"{s.name}'s seat was handed to a bot ({level}) by the table's creator"
                                  + ("" if s.open else "; their seat link takes it back"))
        return {"id": table.id, "seat": seat, "held": "handed", "bot": level}

    def seated(self, table: Table, token: Any, what: str) -> int:
        """The seat ``token`` opens; a 401 naming ``what`` only a seated player may do otherwise."""
        seat = table.seat_of(token)
        if seat is None:
            raise MoveError(401, f"unauthenticated: {what}")
        return seat

    def take_back(self, table_id: str, token: Any) -> dict[str, Any]:
        """A seat link takes its seat back from the bot the creator handed it to."""
        table = self.hub.table(table_id)
        seat = self.seated(table, token, "this seat token does not open a seat at this table")
        s = table.seats[seat]
        if s.held is None:
            raise MoveError(409, "your seat is yours already")
        if s.held_why != "handed":
            raise MoveError(409, "a resigned or timed-out seat stays with its bot to the end of the game")
        if table.status not in ("waiting", "running"):
            raise MoveError(409, f"the table is {table.status}")
        self.hold(table, seat, None, None)
        self.hub.talk.note(table, f"{s.name} took their seat back from the bot")
        return {"id": table.id, "seat": seat, "held": None}

    def rename(self, table_id: str, token: Any, req: Any) -> dict[str, Any]:
        """A player sets the name the table calls them (a friend's seat starts as "Friend N"); the log and every
        page take the new name at once."""
        table = self.hub.table(table_id)
        seat = self.seated(table, token, "only a seated player may set their name (send the seat token)")
        try:
            wanted = decode(Rename, req).name
        except Malformed as e:
            raise MoveError(400, str(e)) from None
        if table.status not in ("waiting", "running"):
            raise MoveError(409, "the game is over: its names stay as they were played")
        name = self.checked_name(table, seat, wanted)
        s = table.seats[seat]
        if name != s.name:
            old = s.name
            self.hub.stored(lambda: self.hub.store.rename_seat(table.id, seat, name), table)
            table.rename(seat, name)
            for conn in self.hub.conns.get(table.id, ()):
                conn.sent_lines = 0  # the whole log again, in the new words
            self.hub.talk.note(table, f"{old} is now called {name}")
            self.hub.notify(table)
        return {"id": table.id, "seat": seat, "name": name}

    @staticmethod
    def checked_name(table: Table, seat: int, wanted: str) -> str:
        """A name as the table shows it: printable, one line, at most ``MAX_NAME`` characters, unlike the others'."""
        name = " ".join("".join(ch if ch.isprintable() else " " for ch in wanted).split())
        if not name:
            raise MoveError(400, "a name needs at least one letter or digit")
        if len(name) > MAX_NAME:
            raise MoveError(400, f"a name is at most {MAX_NAME} characters")
        if any(x.name.casefold() == name.casefold() for x in table.seats if x.seat != seat):
            raise MoveError(409, f"another seat at this table is called {name}: choose another name")
        return name

    def resign(self, table_id: str, token: Any) -> dict[str, Any]:
        """A player gives up: with two players the other wins now; with more, a bot plays the seat to the end.
        (No game defines resigning as elimination yet; see docs/web.md.)"""
        table = self.hub.table(table_id)
        seat = self.seated(table, token, "only a seated player may resign (send the seat token)")
        s = table.seats[seat]
        if table.status != "running":
            raise MoveError(409, "only a game in progress can be resigned" if table.status != "finished" else "the game is over")
        if s.held_why in ("resigned", "timeout"):
            raise MoveError(409, "your seat is already played by a bot to the end")
        if table.players == 2:
            other = 1 - seat
            result = {"scores": [0 if p == seat else 1 for p in range(2)], "ranks": [2 if p == seat else 1 for p in range(2)],
                      "winners": [other], "tiebreaks": [], "resigned": [seat]}
            self.hold(table, seat, RESIGN_LEVEL, "resigned", "finished", result)
            self.hub.talk.note(table, f"{s.name} resigned: {table.seats[other].name} wins")
        else:
            self.hold(table, seat, RESIGN_LEVEL, "resigned")
            self.hub.talk.note(table, f"{s.name} resigned: a bot plays their seat to the end")
        return {"id": table.id, "seat": seat, "resigned": True, "status": table.status}

    def rematch(self, table_id: str, token: str | None, client: str = "local") -> dict[str, Any]:
        """A finished table's rematch: the same game, options and seats, a new seed. Each person keeps their seat
        token, so everyone's own link opens their seat at the new table (no new links to send). Asked twice: the same."""
        table = self.hub.table(table_id)
        if table.seat_of(token) is None and not self.is_creator(table_id, token):
            raise MoveError(403, "only a player at this table (or its creator) may ask for a rematch")
        if table.status != "finished":
            raise MoveError(409, "a rematch is offered once the game is over")
        if table.rematch and table.rematch in self.hub.tables:
            return {"id": table.rematch, "existing": True}
        self.hub.front.admit(client)
        seats = []
        for x in table.seats:
            if x.kind == "person" and x.token_hash:
                seats.append(SeatRow(x.seat, "person", None, x.name, x.token_hash))
            else:  # a bot seat, or a seat no one ever took (a bot played it): a bot again
                level = x.level or "medium"
                seats.append(SeatRow(x.seat, "bot", level, x.name if x.kind == "bot" else f"Bot {x.seat} ({level})", None))
        row = TableRow(secrets.token_urlsafe(8), table.name, table.players, dict(table.options), secrets.randbits(53),
                       time.time(), "running", None, None, seats, [], table.game.spec.rules_version,
                       self.hub.creators.get(table_id), table_options=dict(table.table_options), rematch_of=table.id)
        new = self.hub.front.open_table(row, table.game)
        table.rematch = new.id
        table.touch()
        self.hub.talk.note(table, "A rematch is ready: the same seats at a new table")
        return {"id": new.id, "existing": False}
