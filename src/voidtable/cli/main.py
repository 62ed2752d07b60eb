"""The `voidtable` command line."""

from __future__ import annotations

import importlib

import typer

from voidtable.engine.errors import VoidtableError

from .common import fail

app = typer.Typer(help="voidtable: five space board games to play, simulate and study.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)

COMMAND_MODULES = ["info", "play", "simulate", "ladder", "lab", "serve"]

for _name in COMMAND_MODULES:
    try:
        _mod = importlib.import_module(f"voidtable.cli.{_name}")
    except ModuleNotFoundError as _e:  # a command group whose optional module is not there yet
        if _e.name != f"voidtable.cli.{_name}":
            raise
        continue
    _mod.register(app)


def main() -> None:
    try:
        app()
    except VoidtableError as e:
        fail(str(e))


if __name__ == "__main__":
    main()
