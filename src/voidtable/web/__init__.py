"""The table in the browser: a Starlette app, a SQLite store, and one page that draws any game's scene.

Start it with ``voidtable serve``; see docs/web.md. Nothing below ``web/`` imports this package.
``create_app`` is imported when first asked for, so ``voidtable.web.limits`` (the standard library
only) can give the command line its defaults without Starlette installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'voidtable.web' has no attribute {name!r}")
