"""Cross-site and host checks, and the page's security headers, as one ASGI middleware.

* **Host** (DNS rebinding): a page on another site whose name resolves to
  this machine would otherwise talk to the server as if it were its own. Only
  the bound address, ``localhost``, loopback addresses and the names given
  with ``--allowed-host`` are served (any IP literal too when the server
  listens on every address: an IP literal is no one's rebindable name).
* **Origin** (cross-site requests): a browser names the page that sent a
  request in ``Origin``. State-changing requests (anything but GET, HEAD and
  OPTIONS) and WebSocket upgrades whose Origin is not the server's own (or one
  listed with ``--allow-origin``) are refused. Requests without an Origin are
  not from a browser page (the CLI, scripts, tests) and pass.
* **Headers**: a Content-Security-Policy that lets the page load only its own
  script, styles and WebSocket, and forbids framing (``frame-ancestors`` and
  ``X-Frame-Options``) against clickjacking.
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any, Awaitable, Callable

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")


def host_name(host: str) -> str:
    """The name part of a Host header (``[::1]:8000`` -> ``::1``, ``a.b:80`` -> ``a.b``), lower case."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].partition("]")[0]
    if host.count(":") == 1:
        return host.partition(":")[0]
    return host


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostPolicy:
    """Which Host names this server answers to."""

    def __init__(self, bound: str, extra: tuple[str, ...] = ()) -> None:
        self.any_ip = bound in ("", "0.0.0.0", "::")
        self.names = {host_name(n) for n in (bound, *LOCAL_NAMES, *extra) if n}

    def allows(self, host: str) -> bool:
        name = host_name(host)
        return name in self.names or (self.any_ip and is_ip(name))

    def describe(self) -> str:
        return ", ".join(sorted(self.names)) + (" or any IP address" if self.any_ip else "")


def csp(host: str) -> str:
    """The page's policy: its own script and styles (inline style attributes: the page sets positions), its own
    WebSocket, no plugins, no framing."""
    return ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            f"connect-src 'self' ws://{host} wss://{host}; object-src 'none'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")


class Guard:
    """The middleware: Host first, then Origin, then the response headers."""

    def __init__(self, app: ASGIApp, hosts: HostPolicy, origins: tuple[str, ...] = ()) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = {o.rstrip("/").lower() for o in origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        problem = self.problem(scope, headers, host)
        if problem is not None:
            await refuse(scope, receive, send, *problem)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        policy = csp(host)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [(b"content-security-policy", policy.encode("latin-1")), (b"x-frame-options", b"DENY"),
                         (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)

    def problem(self, scope: Scope, headers: dict[str, str], host: str) -> tuple[int, str] | None:
        """(status, one line) if the request must be refused, else None."""
        if not self.hosts.allows(host):
            return 421, f"host {host_name(host)!r} is not served here; allowed: {self.hosts.describe()} (--allowed-host)"
        origin = headers.get("origin")
        changes = scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
        if origin is None or not changes:
            return None
        o = origin.rstrip("/").lower()
        if o in self.origins or o in (f"http://{host.lower()}", f"https://{host.lower()}"):
            return None
        return 403, f"cross-site request refused: origin {origin!r} is not this server's (--allow-origin)"


async def refuse(scope: Scope, receive: Receive, send: Send, status: int, message: str) -> None:
    """Answer with one JSON line (HTTP) or close the upgrade before accepting it (WebSocket: HTTP 403)."""
    if scope["type"] == "websocket":
        await receive()  # websocket.connect
        await send({"type": "websocket.close", "code": 1008, "reason": message[:120]})
        return
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
