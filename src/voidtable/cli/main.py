"""The `voidtable` command line."""

from __future__ import annotations

import importlib
import sys

import typer

from voidtable.engine.errors import VoidtableError

from .common import fail

app = typer.Typer(help="voidtable: five space board games to play, simulate and study.", no_args_is_help=True,
                  add_completion=False, pretty_exceptions_enable=False)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        from voidtable._build import describe

        print(f"voidtable {version('voidtable')}, {describe()}")  # which build runs: pure Python or compiled (docs/speed.md)
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="print the version and which build runs (pure Python or compiled)")) -> None:
    """voidtable: five space board games to play, simulate and study."""


COMMAND_MODULES = ["info", "play", "simulate", "ladder", "lab", "serve"]

for _name in COMMAND_MODULES:
    try:
        _mod = importlib.import_module(f"voidtable.cli.{_name}")
    except ModuleNotFoundError as _e:  # a command group whose optional module is not there yet
        if _e.name != f"voidtable.cli.{_name}":
            raise
        continue
    _mod.register(app)


def main(argv: list[str] | None = None) -> None:
    """Run the command; typer's own usage errors (a missing option, an unknown command) become one line too (exit 2)."""
    try:
        code = app(args=argv, standalone_mode=False)
    except VoidtableError as e:
        fail(str(e))
    except typer.TyperException as e:  # typer's click errors: missing option, no such command, a bad number...
        if type(e).__name__ == "NoArgsIsHelpError":  # `voidtable` or `voidtable lab` alone: the help, as before
            show = getattr(e, "show", None)
            if show:
                show()
            raise SystemExit(getattr(e, "exit_code", 2))
        fail(" ".join(e.format_message().split()))
    except typer.Abort:
        print("aborted", file=sys.stderr)
        raise SystemExit(1)
    raise SystemExit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
