"""`voidtable games` and `voidtable rules`: what is there, and the effective rules data with assumptions marked."""

from __future__ import annotations

import json
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from voidtable.engine.registry import games as all_games

from .common import game_from_flags


def register(app: typer.Typer) -> None:
    @app.command("games")
    def games_cmd(as_json: bool = typer.Option(False, "--json", help="machine-readable output")) -> None:
        """List the games with their player ranges and variants."""
        specs = [s.describe() for s in all_games().values()]
        if as_json:
            print(json.dumps(specs, indent=1))
            return
        table = Table(title="voidtable games")
        for col in ("name", "title", "players", "variants", "options", "parameters"):
            table.add_column(col)
        for s in specs:
            table.add_row(s["name"], s["title"], f"{s['players'][0]}-{s['players'][1]}", ", ".join(s["variants"]),
                          "; ".join(f"{k}={v['allowed']}" for k, v in s["options"].items()),
                          str(len(s["parameters"])))  # listed with their ranges by `voidtable rules GAME`
        Console().print(table)

    @app.command("rules")
    def rules_cmd(
        game: str = typer.Argument(..., help="game name (see `voidtable games`)"),
        players: Optional[int] = typer.Option(None, "--players", "-p", help="player count (default: the minimum)"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override"),
        as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
    ) -> None:
        """Print the effective rules data (overrides applied); designer defaults are marked as assumed."""
        g = game_from_flags(game, players, sets)
        info = g.describe_rules()
        if as_json:
            print(json.dumps(info, indent=1))
            return
        console = Console()
        console.print(f"[bold]{escape(g.spec.title)}[/] ({g.players} players) options: {escape(str(info['options']))} "
                      f"overrides: {escape(str(info['overrides']))}", highlight=False)
        for section, body in info["data"].items():
            console.print(f"[bold cyan]{escape(f'[{section}]')}[/]")  # a TOML header, not rich markup
            if isinstance(body, dict):
                for key, value in body.items():
                    mark = "  [yellow](assumed)[/]" if isinstance(value, dict) and "assumed" in value else ""
                    shown = {k: v for k, v in value.items() if k != "assumed"} if isinstance(value, dict) else value
                    console.print(f"  {escape(str(key))} = {escape(str(shown))}{mark}", highlight=False)
        console.print(f"[bold yellow]Assumed values ({len(info['assumed'])}):[/]")
        for a in info["assumed"]:
            console.print(f"  {escape(a['path'])}: {escape(a['why'])}", highlight=False)
        console.print(f"[bold green]Tunable parameters ({len(info['parameters'])}), the ranges the lab sweeps within:[/]")
        for p in info["parameters"]:
            kind = "whole number" if p["integer"] else "number"
            what = "true or false" if p.get("boolean") else f"{kind} in {p['low']:g}..{p['high']:g}"
            when = ", ".join(f"{k}={v}" for k, v in p.get("when", {}).items())
            notes = (f"  (acts only with {when})" if when else "") + \
                (f"  (informational: {p['informational']})" if p.get("informational") else "")
            console.print(f"  {escape(p['path'])}: {what}  {escape(p['help'])}{escape(notes)}", highlight=False)
        quiet = [o for o in g.spec.options if o.informational]
        if quiet:
            console.print("[bold green]Informational options (changing them changes no event, view or result):[/]")
            for o in quiet:
                console.print(f"  {escape(o.name)}: {escape(o.informational)}", highlight=False)
