"""The server's limits: every bound on what a client may make the server do, with its default.

Each field is one ``voidtable serve`` flag (docs/web.md lists them under the
security model). They live in one frozen value so that the app, the hub, the
command line's defaults and the tests read the same numbers, and a test can
shrink any of them. This module needs only the standard library: the command
line reads the defaults here without the web extra installed.
"""

from __future__ import annotations

import json
import time
from collections import deque
from dataclasses import dataclass, field, fields
from typing import Any, Callable, Protocol, TypeVar

Clock = Callable[[], float]

#: Seeds a browser's JSON parser reads exactly (a JavaScript number is a double).
MAX_SEED = 2 ** 53


V = TypeVar("V")


def flag(default: V, name: str) -> V:
    """A limit's default and the ``voidtable serve`` flag that sets it (``Limits.flags()`` lists them; the command
    line takes its defaults from here, and a test checks its options against this table)."""
    return field(default=default, metadata={"flag": name})


@dataclass(frozen=True)
class Limits:
    """Every limit of one server, with its default: the one source of the defaults ``voidtable serve`` shows and uses."""

    max_body: int = flag(1_000_000, "--max-body")                   # bytes in one HTTP request body
    max_message: int = flag(65_536, "--max-message")                # bytes in one WebSocket message
    max_depth: int = flag(32, "--max-depth")                        # nesting of JSON arrays/objects in a request or message
    max_bot_seconds: float = flag(2.0, "--max-bot-seconds")         # thinking time of one bot decision
    max_bot_turn_seconds: float = flag(3.0, "--max-bot-turn-seconds")  # a bot's thinking over consecutive decisions (its turn)
    max_tables: int = flag(500, "--max-tables")                     # live (waiting or running) tables
    creates_per_minute: int = flag(10, "--create-rate")             # tables one client may create a minute
    joins_per_minute: int = flag(30, "--join-rate")                 # seats one client may claim a minute
    waiting_expiry: float = flag(24 * 3600.0, "--expire-waiting")   # seconds a table waits for players before it is removed
    idle_expiry: float = flag(7 * 24 * 3600.0, "--expire-idle")     # seconds a running table may go without a move
    allow_overrides: bool = flag(True, "--no-overrides")            # rules-data overrides from the lobby (the flag refuses them)
    allowed_hosts: tuple[str, ...] = flag((), "--allowed-host")     # Host names accepted besides the bound address and localhost
    allowed_origins: tuple[str, ...] = flag((), "--allow-origin")   # origins besides the server's own that may change state
    chat_size: int = flag(300, "--chat-size")                       # characters in one chat message
    chat_per_minute: int = flag(20, "--chat-rate")                  # chat messages one client address may send a minute at a table
    talk_lines: int = flag(1000, "--chat-lines")                    # chat messages and notes kept at one table
    header_timeout: float = flag(10.0, "--header-timeout")          # seconds a client has to send a request's headers
    keep_alive: int = flag(5, "--keep-alive")                       # seconds an idle HTTP connection is kept open
    max_connections: int = flag(1000, "--max-connections")          # open connections (more get 503)
    shutdown_timeout: int = flag(3, "--shutdown-timeout")           # seconds to wait for connections on shutdown
    bot_workers: int = flag(4, "--bot-workers")                     # threads in which bots think
    store_retry: float = 1.0               # seconds before a bot retries a move the store could not write (no flag)

    @staticmethod
    def flags() -> dict[str, str]:
        """Field name -> its ``voidtable serve`` flag, for every limit that has one."""
        return {f.name: f.metadata["flag"] for f in fields(Limits) if "flag" in f.metadata}


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
