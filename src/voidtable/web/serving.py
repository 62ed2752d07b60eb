"""Running the app under uvicorn with limits on slow clients, and reading the operator's rule sets.

uvicorn bounds idle keep-alive connections and the number of connections,
but a client that sends a request's headers slowly (or never finishes them)
holds its connection open forever. :class:`HeaderTimeoutProtocol` closes a
connection whose request headers are not complete within ``header_timeout``
seconds of the connection opening or of the previous response.
"""

from __future__ import annotations

import asyncio
import json
import tomllib
from pathlib import Path
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from voidtable.engine.errors import VoidtableError
from voidtable.engine.registry import get, load


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol, closing connections that do not finish a request's headers in time."""

    header_timeout: float = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._header_timer: asyncio.TimerHandle | None = self.loop.call_later(self.header_timeout, self._expired)

    def _disarm(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:  # the request's headers are in: the app (or an upgrade) has it now
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():  # keep-alive: the next request's headers are timed too
            self._disarm()
            self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _expired(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def protocol(header_timeout: float) -> type[HeaderTimeoutProtocol]:
    """A protocol class with this server's header timeout (uvicorn takes a class, not an instance)."""
    return type("HeaderTimeout", (HeaderTimeoutProtocol,), {"header_timeout": header_timeout})


def read_rule_set(text: str) -> tuple[str, str, dict[str, Any]]:
    """``NAME=FILE`` -> (name, game, settings): a rules-data file (TOML or JSON) ``game = "..."`` with a ``[set]``
    table of options and rules-data paths to values, such as a designer's tuned values. Loaded once to validate it."""
    name, sep, path = text.partition("=")
    if not sep or not name.strip() or not path.strip():
        raise ValueError(f"--rules takes NAME=FILE, got {text!r}")
    file = Path(path.strip())
    try:
        raw = file.read_text()
        data = json.loads(raw) if file.suffix == ".json" else tomllib.loads(raw)
    except (OSError, ValueError) as e:
        raise ValueError(f"--rules {name}: cannot read {file}: {e}") from None
    game, values = data.get("game"), data.get("set", {})
    if not isinstance(game, str) or not isinstance(values, dict):
        raise ValueError(f"--rules {name}: {file} needs game = \"NAME\" and a [set] table of paths to values")
    try:
        load(game, get(game).min_players, dict(values))
    except VoidtableError as e:
        raise ValueError(f"--rules {name}: {e}") from None
    return name.strip(), game, dict(values)
