"""The server's limits: every bound on what a client may make the server do, with its default.

Each field is one ``voidtable serve`` flag (docs/web.md lists them under the
security model). They live in one frozen value so that the app, the hub and
the tests read the same numbers, and a test can shrink any of them.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

Clock = Callable[[], float]

#: Seeds a browser's JSON parser reads exactly (a JavaScript number is a double).
MAX_SEED = 2 ** 53


@dataclass(frozen=True)
class Limits:
    """Every limit of one server (defaults are what ``voidtable serve`` uses)."""

    max_body: int = 1_000_000              # --max-body: bytes in one HTTP request body
    max_message: int = 65_536              # --max-message: bytes in one WebSocket message
    max_depth: int = 32                    # --max-depth: nesting of JSON arrays/objects in a request or message
    max_bot_seconds: float = 2.0           # --max-bot-seconds: thinking time of one bot decision
    max_bot_turn_seconds: float = 3.0      # --max-bot-turn-seconds: a bot's thinking over consecutive decisions (its turn)
    max_tables: int = 500                  # --max-tables: live (waiting or running) tables
    creates_per_minute: int = 10           # --create-rate: tables one client may create a minute
    joins_per_minute: int = 30             # --join-rate: seats one client may claim a minute
    waiting_expiry: float = 24 * 3600.0    # --expire-waiting: seconds a table waits for players before it is removed
    idle_expiry: float = 7 * 24 * 3600.0   # --expire-idle: seconds a running table may go without a move before removal
    allow_overrides: bool = True           # --no-overrides: refuse rules-data overrides from the lobby
    allowed_hosts: tuple[str, ...] = ()    # --allowed-host: Host names accepted besides the bound address and localhost
    allowed_origins: tuple[str, ...] = ()  # --allow-origin: origins besides the server's own that may change state
    chat_size: int = 300                   # --chat-size: characters in one chat message
    chat_per_minute: int = 20              # --chat-rate: chat messages one client address may send a minute at a table
    talk_lines: int = 1000                 # --chat-lines: chat messages and notes kept at one table
    store_retry: float = 1.0               # seconds before a bot retries a move the store could not write


def depth(value: Any, limit: int) -> bool:
    """True if ``value`` nests arrays/objects no deeper than ``limit`` (iterative: no recursion to blow)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, tuple, dict)):
            if d > limit:
                return False
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return True


def text_depth(text: str | bytes, limit: int) -> bool:
    """True if JSON ``text`` nests brackets no deeper than ``limit``: checked before parsing, which recurses."""
    data = text.encode() if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= limit:  # the common case, counted in C: cannot be deeper
        return True
    level = 0
    in_string = escaped = False
    for ch in data:
        if in_string:
            if escaped:
                escaped = False
            elif ch == 0x5C:  # backslash
                escaped = True
            elif ch == 0x22:
                in_string = False
        elif ch == 0x22:
            in_string = True
        elif ch in (0x5B, 0x7B):
            level += 1
            if level > limit:
                return False
        elif ch in (0x5D, 0x7D):
            level -= 1
    return True


class TooDeep(ValueError):
    """JSON nested deeper than the server reads (parsing it would recurse that deep)."""


def parse_json(text: str | bytes, limit: int) -> Any:
    """JSON text to a value: TooDeep for deeper nesting than ``limit``, another ValueError for text that is not JSON."""
    if not text_depth(text, limit):
        raise TooDeep(f"nested deeper than {limit} levels")
    return json.loads(text)


class Limiter(Protocol):
    """Anything that counts events per client against a limit (this process's :class:`RateLimit`, or one
    counted in a shared database)."""

    def allow(self, client: str) -> bool: ...


@dataclass
class RateLimit:
    """At most ``per_minute`` events per client in any 60 seconds of ``clock`` (a sliding window)."""

    per_minute: int
    clock: Clock = time.monotonic
    _seen: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, client: str) -> bool:
        """Count an event for ``client`` if it is within its limit; False (and nothing counted) if not."""
        now = self.clock()
        q = self._seen.setdefault(client, deque())
        while q and q[0] <= now - 60.0:
            q.popleft()
        if len(q) >= self.per_minute:
            return False
        q.append(now)
        if len(self._seen) > 10_000:  # forget clients with nothing in the window, so the map cannot grow forever
            for k in [k for k, v in self._seen.items() if not v or v[-1] <= now - 60.0]:
                del self._seen[k]
        return True
