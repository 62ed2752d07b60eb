"""The table's talk: chat lines from seats and spectators, and the notes the table itself says.

Both are kept in order with the table (stored, so a restart keeps them) and sent to
every page with its next state. Chat is plain text on one line, bounded in size,
rate and number of lines (``--chat-size``, ``--chat-rate``, ``--chat-lines``); a
full table still takes notes up to the same bound, then drops them quietly.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any

from .errors import MoveError
from .protocol import Chat, Malformed, TableOptions, decode
from .store import TalkRow

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table


class Talk:
    """Chat and notes at every table, and the creator's switch for chat."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def note(self, table: Table, text: str) -> None:
        """A line the table itself says (a seat handed over, a clock run out, a resignation): kept with the chat."""
        self.add(table, TalkRow(len(table.talk) + 1, "note", None, "", text, time.time()))

    def add(self, table: Table, line: TalkRow) -> None:
        """Store a line, then keep it and wake every page at the table."""
        limit = self.hub.limits.talk_lines
        if len(table.talk) >= limit:
            if line.kind == "chat":
                raise MoveError(429, f"this table's chat is full ({limit} lines, --chat-lines)")
            return
        try:
            self.hub.stored(lambda: self.hub.store.add_talk(table.id, line), table)
        except MoveError as e:
            if e.status != 409:
                raise
            line = dataclasses.replace(line, n=len(table.talk) + 1)
            self.hub.stored(lambda: self.hub.store.add_talk(table.id, line), table)  # another process wrote a line first
        table.talk.append(line)
        self.hub.wake(table)

    def chat(self, table_id: str, token: Any, req: Any, client: str = "local") -> dict[str, Any]:
        """A chat line from a seat or a spectator: plain text, one line, within the size and rate limits."""
        table = self.hub.table(table_id)
        try:
            text = decode(Chat, req).text
        except Malformed as e:
            raise MoveError(400, str(e)) from None
        if token is not None and not isinstance(token, str):
            raise MoveError(400, "malformed chat: 'token' must be a string")
        seat = table.seat_of(token)
        if token and seat is None:
            raise MoveError(401, "unauthenticated: this seat token does not open a seat at this table")
        if not table.chat_on:
            raise MoveError(403, "chat is turned off at this table")
        line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
        if not line:
            raise MoveError(400, "an empty chat message is not sent")
        limits = self.hub.limits
        if len(line) > limits.chat_size:
            raise MoveError(413, f"chat message too long: at most {limits.chat_size} characters (--chat-size)")
        if not self.hub.chat_rate.allow(f"{client}|{table.id}"):
            raise MoveError(429, f"too many chat messages: at most {limits.chat_per_minute} a minute (--chat-rate)")
        name = table.seats[seat].name if seat is not None else "Spectator"
        self.add(table, TalkRow(len(table.talk) + 1, "chat", seat, name, line, time.time()))
        return {"n": len(table.talk)}

    def set_options(self, table_id: str, token: str | None, req: Any) -> dict[str, Any]:
        """The creator changes the table's own options while it lasts: chat on or off."""
        table = self.hub.table(table_id)
        self.hub.seating.creator_check(table_id, token, "change the table's options")
        try:
            chat = decode(TableOptions, req).chat
        except Malformed as e:
            raise MoveError(400, str(e)) from None
        options = {**table.table_options, "chat": chat}
        self.hub.stored(lambda: self.hub.store.set_table_options(table.id, options))
        changed = table.chat_on != chat
        table.table_options = options
        table.touch()
        if changed:
            self.note(table, "The table's creator turned chat " + ("on" if chat else "off"))
        self.hub.wake(table)
        return {"id": table.id, "chat": table.chat_on}
