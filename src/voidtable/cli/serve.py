"""`voidtable serve`: the table in the browser (lobby, seats, bots), stored in SQLite under --data."""

from __future__ import annotations

import logging
import socket
from pathlib import Path
from typing import Any, Optional

import typer

from voidtable.web.limits import Limits  # the standard library only: no web extra needed to show the defaults

from .common import fail

#: Every limit's default comes from ``Limits`` (one source for this command, the app and docs/web.md's table).
DEFAULT = Limits()


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 to let friends on your network in)"),
        port: int = typer.Option(8000, "--port", help="TCP port"),
        data: Path = typer.Option(Path("voidtable-data"), "--data", help="directory for the table store (SQLite)"),
        database: Optional[str] = typer.Option(None, "--database",
                                               help="postgresql://USER@HOST:PORT/DB: keep tables in PostgreSQL, shared "
                                                    "by every server process started with the same URL (instead of --data)"),
        bot_lease: float = typer.Option(10.0, "--bot-lease", help="with --database: seconds a process's hold on a table's "
                                                                   "bots lasts unrenewed (another process takes over after)"),
        durable: str = typer.Option("normal", "--durable",
                                    help="normal: every accepted move survives the server being killed; full: also a power cut (slower)"),
        bot_delay: float = typer.Option(0.3, "--bot-delay", help="seconds a bot waits before moving at a table with people"),
        bot_pace: float = typer.Option(0.7, "--bot-pace", help="seconds between moves at a table of bots alone (a table may set its own)"),
        chat_size: int = typer.Option(DEFAULT.chat_size, "--chat-size", help="characters in one chat message"),
        chat_rate: int = typer.Option(DEFAULT.chat_per_minute, "--chat-rate", help="chat messages one client address may send a minute at a table"),
        chat_lines: int = typer.Option(DEFAULT.talk_lines, "--chat-lines", help="chat messages and notes kept at one table"),
        bot_workers: int = typer.Option(DEFAULT.bot_workers, "--bot-workers", help="threads in which bots think"),
        log_level: str = typer.Option("info", "--log-level", help="critical, error, warning, info or debug"),
        max_bot_seconds: float = typer.Option(DEFAULT.max_bot_seconds, "--max-bot-seconds", help="longest a bot may think for one decision"),
        max_bot_turn_seconds: float = typer.Option(DEFAULT.max_bot_turn_seconds, "--max-bot-turn-seconds",
                                                   help="longest a bot may think over consecutive decisions of one turn"),
        max_tables: int = typer.Option(DEFAULT.max_tables, "--max-tables", help="most tables waiting or running at once"),
        create_rate: int = typer.Option(DEFAULT.creates_per_minute, "--create-rate", help="tables one client address may create a minute"),
        join_rate: int = typer.Option(DEFAULT.joins_per_minute, "--join-rate", help="seats one client address may claim a minute"),
        expire_waiting: float = typer.Option(DEFAULT.waiting_expiry, "--expire-waiting", help="seconds before a table still waiting for players is removed"),
        expire_idle: float = typer.Option(DEFAULT.idle_expiry, "--expire-idle", help="seconds without a move before a running table is removed"),
        overrides: bool = typer.Option(DEFAULT.allow_overrides, "--overrides/--no-overrides", help="accept rules-data overrides (declared parameters, in range) from the lobby"),
        rules: Optional[list[str]] = typer.Option(None, "--rules", help="NAME=FILE: a rules-data file offered in the lobby as variant NAME"),
        allowed_host: Optional[list[str]] = typer.Option(None, "--allowed-host", help="another Host name to answer (besides the bound address and localhost)"),
        allow_origin: Optional[list[str]] = typer.Option(None, "--allow-origin", help="another origin (scheme://host:port) that may change state"),
        max_body: int = typer.Option(DEFAULT.max_body, "--max-body", help="largest HTTP request body, bytes"),
        max_message: int = typer.Option(DEFAULT.max_message, "--max-message", help="largest WebSocket message, bytes"),
        max_depth: int = typer.Option(DEFAULT.max_depth, "--max-depth", help="deepest JSON nesting in a request or message"),
        header_timeout: float = typer.Option(DEFAULT.header_timeout, "--header-timeout", help="seconds a client has to send a request's headers"),
        keep_alive: int = typer.Option(DEFAULT.keep_alive, "--keep-alive", help="seconds an idle HTTP connection is kept open"),
        max_connections: int = typer.Option(DEFAULT.max_connections, "--max-connections", help="open connections at most (more get 503)"),
        shutdown_timeout: int = typer.Option(DEFAULT.shutdown_timeout, "--shutdown-timeout", help="seconds to wait for connections on shutdown"),
    ) -> None:
        """Serve the table: open the printed URL, create a table, share the seat links."""
        try:
            import uvicorn

            from voidtable.web.app import create_app
            from voidtable.web.serving import protocol, read_rule_set
            from voidtable.web.store import StoreError, redact
        except ModuleNotFoundError as e:
            fail(f"the web table needs the 'web' extra ({e.name} is missing): pip install -e '.[web]'")
        if durable not in ("normal", "full"):
            fail(f"--durable must be normal or full, got {durable!r}")
        if not 0 < port < 65536:
            fail(f"--port must be 1-65535, got {port}")
        if bot_delay < 0 or bot_workers < 1 or not 0 <= bot_pace <= 10:
            fail("--bot-delay must be >= 0, --bot-pace in 0-10 and --bot-workers >= 1")
        numbers: dict[str, Any] = {"--max-bot-seconds": max_bot_seconds, "--max-bot-turn-seconds": max_bot_turn_seconds,
                                   "--max-tables": max_tables, "--create-rate": create_rate, "--join-rate": join_rate,
                                   "--expire-waiting": expire_waiting, "--expire-idle": expire_idle, "--max-body": max_body,
                                   "--max-message": max_message, "--max-depth": max_depth, "--header-timeout": header_timeout,
                                   "--keep-alive": keep_alive, "--max-connections": max_connections, "--chat-size": chat_size,
                                   "--chat-rate": chat_rate, "--chat-lines": chat_lines}
        for flag, value in numbers.items():
            if not value > 0:
                fail(f"{flag} must be greater than 0, got {value}")
        rule_sets: dict[str, tuple[str, dict[str, Any]]] = {}
        for item in rules or []:
            try:
                name, game, values = read_rule_set(item)
            except ValueError as e:
                fail(str(e))
            rule_sets[name] = (game, values)
        limits = Limits(max_body=max_body, max_message=max_message, max_depth=max_depth, max_bot_seconds=max_bot_seconds,
                        max_bot_turn_seconds=max_bot_turn_seconds, max_tables=max_tables, creates_per_minute=create_rate,
                        joins_per_minute=join_rate, waiting_expiry=expire_waiting, idle_expiry=expire_idle,
                        allow_overrides=overrides, chat_size=chat_size, chat_per_minute=chat_rate, talk_lines=chat_lines,
                        allowed_hosts=tuple(allowed_host or ()), allowed_origins=tuple(allow_origin or ()),
                        header_timeout=header_timeout, keep_alive=keep_alive, max_connections=max_connections,
                        shutdown_timeout=shutdown_timeout, bot_workers=bot_workers)
        if database is not None and not database.startswith(("postgresql://", "postgres://")):
            fail(f"--database must be a postgresql://USER@HOST:PORT/DB URL, got {database.split('://')[0]}://...")
        if not 1 <= bot_lease <= 300:
            fail(f"--bot-lease must be 1-300 seconds, got {bot_lease}")
        if database is not None and len(database) > 2000:
            fail("--database: the URL is longer than 2000 characters")
        try:  # a clear one-line error for a busy port or a bad address, before anything starts
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host, port))
        except OSError as e:
            fail(f"cannot listen on {host}:{port}: {e.strerror or e} (try another --port)")
        logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        try:
            app = create_app(data, durable=durable, bot_delay=bot_delay, limits=limits, host=host,
                             rule_sets=rule_sets, pace=bot_pace, database=database,
                             lease_seconds=bot_lease, share_every=max(0.5, bot_lease / 5))
        except StoreError as e:
            fail(str(e) if database else f"{e} (--data must be a writable directory)")
        try:  # before the URL is printed: a store that cannot be read (a damaged page) is one line, not a traceback
            app.state.hub.restore()
        except StoreError as e:
            fail(str(e))
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        where = f"the database {redact(database)}" if database else str(data.resolve())
        print(f"voidtable: open http://{shown}:{port}/ in your browser  (tables are stored in {where}; Ctrl-C stops)", flush=True)
        # per-message deflate off: a scene compresses well, but zlib was a tenth of the server's time under load,
        # and tables are played on a LAN or one machine; access_log off to keep the console for what matters
        uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=False, ws="websockets-sansio",
                    ws_per_message_deflate=False, ws_max_size=limits.max_message, http=protocol(limits.header_timeout),
                    timeout_keep_alive=limits.keep_alive, limit_concurrency=limits.max_connections,
                    timeout_graceful_shutdown=limits.shutdown_timeout)
