"""Slow clients: a connection that never finishes its request headers is closed (--header-timeout)."""

from __future__ import annotations

import socket

import httpx


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (bounded by the socket's timeout)."""
    out = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            return out
        out += chunk


def test_unfinished_headers_are_dropped_and_finished_requests_still_served(server_factory):
    srv = server_factory("--header-timeout", "0.2")
    held = []
    for _ in range(5):
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # and never the end of the headers
        held.append(s)
    for s in held:
        assert read_until_closed(s) == b""  # closed by the server, with nothing sent (socket.timeout would fail)
        s.close()
    assert httpx.get(srv.url + "/api/games", timeout=10).status_code == 200


def test_a_keep_alive_connection_gets_the_header_timeout_again(server_factory):
    srv = server_factory("--header-timeout", "0.2", "--keep-alive", "60")
    with socket.create_connection(("127.0.0.1", srv.port), timeout=30) as s:
        s.sendall(b"GET /api/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = s.recv(65536)
        assert first.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /api/stats HTTP/1.1\r\nHost: 127")  # the second request stalls inside its headers
        assert b"HTTP/1.1" not in read_until_closed(s)
