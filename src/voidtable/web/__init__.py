"""The table in the browser: a Starlette app, a SQLite store, and one page that draws any game's scene.

Start it with ``voidtable serve``; see docs/web.md. Nothing below ``web/`` imports this package.
"""

from .app import create_app

__all__ = ["create_app"]
