"""Every limit's default has one source, ``Limits``: the command line's options, the limits ``serve`` builds
and passes on, and docs/web.md's table of limits must all say what it says (the bot's turn cap once
showed 10 s on the command line against 3 s in ``Limits`` and the docs)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
import typer.main

from voidtable.cli.main import app as cli_app
from voidtable.web.limits import Limits

from .conftest import free_port

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


def serve_options() -> dict[str, Any]:
    """Each ``voidtable serve`` option by every name it answers to (``--overrides`` and ``--no-overrides`` alike)."""
    serve = typer.main.get_command(cli_app).commands["serve"]  # type: ignore[attr-defined]
    return {name: p for p in serve.params for name in (*p.opts, *p.secondary_opts)}


def test_every_limit_has_its_flag_with_the_same_default():
    options, default = serve_options(), Limits()
    flagged = Limits.flags()
    assert len(flagged) == len([f for f in dataclasses.fields(Limits) if f.name != "store_retry"])
    for name, flag in flagged.items():
        assert flag in options, f"{flag} ({name}) is not an option of voidtable serve"
        shown, expected = options[flag].default, getattr(default, name)
        if isinstance(expected, tuple):  # a repeatable flag: typer's default None is no names
            shown = tuple(shown or ())
        assert shown == expected and type(shown) is type(expected), (flag, shown, expected)
    assert options["--max-bot-turn-seconds"].default == 3.0


def test_serve_with_no_flags_runs_on_the_default_limits(tmp_path, monkeypatch):
    """What ``serve`` hands the app (and uvicorn) with no flags given is ``Limits()`` itself."""
    import voidtable.web.app

    seen: dict[str, Any] = {}

    def capture(data, **kwargs):
        seen.update(kwargs)
        raise SystemExit(0)  # stop before serving

    monkeypatch.setattr(voidtable.web.app, "create_app", capture)
    with pytest.raises(SystemExit):
        typer.main.get_command(cli_app).main(["serve", "--port", str(free_port()), "--data", str(tmp_path / "data")],
                                             standalone_mode=False)
    assert seen["limits"] == Limits()
    assert "bot_workers" not in seen  # the app takes its thread count from the limits


def test_the_docs_table_of_limits_says_the_same_numbers():
    """Each numeric row of docs/web.md's 'Every limit, its default and its flag' table against ``Limits``."""
    rows = {}
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"\| (.+?) \| (.+?) \| `(--[a-z-]+)[^`]*` \|", line)
        if m:
            rows[m.group(3)] = m.group(2)
    default = Limits()
    checked = 0
    for name, flag in Limits.flags().items():
        value = getattr(default, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        assert flag in rows, f"docs/web.md's table of limits has no row for {flag}"
        number = re.match(r"[\d,.]+", rows[flag])
        assert number is not None and float(number.group().replace(",", "")) == value, (flag, rows[flag], value)
        checked += 1
    assert checked == 18
