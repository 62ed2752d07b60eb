"""`voidtable serve`: the table in the browser (lobby, seats, bots), stored in SQLite under --data."""

from __future__ import annotations

import logging
import socket
from pathlib import Path

import typer

from .common import fail


def register(app: typer.Typer) -> None:
    @app.command("serve")
    def serve_cmd(
        host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (0.0.0.0 to let friends on your network in)"),
        port: int = typer.Option(8000, "--port", help="TCP port"),
        data: Path = typer.Option(Path("voidtable-data"), "--data", help="directory for the table store (SQLite)"),
        durable: str = typer.Option("normal", "--durable",
                                    help="normal: every accepted move survives the server being killed; full: also a power cut (slower)"),
        bot_delay: float = typer.Option(0.3, "--bot-delay", help="seconds a bot waits before moving at a table with people"),
        bot_workers: int = typer.Option(4, "--bot-workers", help="threads in which bots think"),
        log_level: str = typer.Option("info", "--log-level", help="critical, error, warning, info or debug"),
    ) -> None:
        """Serve the table: open the printed URL, create a table, share the seat links."""
        try:
            import uvicorn

            from voidtable.web.app import create_app
        except ModuleNotFoundError as e:
            fail(f"the web table needs the 'web' extra ({e.name} is missing): pip install -e '.[web]'")
        if durable not in ("normal", "full"):
            fail(f"--durable must be normal or full, got {durable!r}")
        if not 0 < port < 65536:
            fail(f"--port must be 1-65535, got {port}")
        if bot_delay < 0 or bot_workers < 1:
            fail("--bot-delay must be >= 0 and --bot-workers >= 1")
        try:  # a clear one-line error for a busy port or a bad address, before anything starts
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host, port))
        except OSError as e:
            fail(f"cannot listen on {host}:{port}: {e.strerror or e} (try another --port)")
        logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        app = create_app(data, durable=durable, bot_workers=bot_workers, bot_delay=bot_delay)
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        print(f"voidtable: open http://{shown}:{port}/ in your browser  (tables are stored in {data.resolve()}; Ctrl-C stops)", flush=True)
        # per-message deflate off: a scene compresses well, but zlib was a tenth of the server's time under load,
        # and tables are played on a LAN or one machine; access_log off to keep the console for what matters
        uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=False, ws="websockets-sansio",
                    ws_per_message_deflate=False)
