"""`voidtable ladder`: seat-rotated matches between agent specs; win shares with 95% intervals and a rating."""

from __future__ import annotations

import json
import os
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from voidtable.agents.ladder import format_table, run_ladder
from voidtable.agents.specs import split_specs
from voidtable.engine.errors import VoidtableError

from .common import fail, game_from_flags


def register(app: typer.Typer) -> None:
    @app.command("ladder")
    def ladder_cmd(
        game: str = typer.Argument(..., help="game name"),
        players: int = typer.Option(..., "--players", "-p", help="seats at each table"),
        agents: str = typer.Option(..., "--agents", "-a",
                                   help="agent specs, comma-separated (e.g. heuristic,random or "
                                        "mcts:iterations=400,heuristic); repeat a spec to seat it more often"),
        games: int = typer.Option(100, "--games", "-n", help="number of games"),
        seed: int = typer.Option(0, "--seed"),
        jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (0 = one per core)"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE game option or rules-data override"),
        as_json: bool = typer.Option(False, "--json", help="print the table as JSON"),
    ) -> None:
        """Win share per agent (95% Wilson interval vs the fair share 1/N), mean score, Bradley-Terry rating."""
        g = game_from_flags(game, players, sets)
        specs = split_specs(agents)
        if games < 1:
            fail(f"--games must be at least 1, got {games}")
        if jobs < 0:
            fail(f"--jobs must be 0 (one per core) or more, got {jobs}")
        workers = jobs or os.cpu_count() or 1
        try:
            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeRemainingColumn(), transient=True, disable=as_json) as bar:
                task = bar.add_task(f"{game} ladder", total=games)
                res = run_ladder(game, players, specs, games, seed=seed, jobs=workers, options=g.settings,
                                 progress=lambda k: bar.advance(task, k))
        except VoidtableError as e:
            fail(str(e))
        if as_json:
            print(json.dumps(res.to_json(), indent=1))
            return
        rows = format_table(res)
        table = Table(title=f"{game}, {players} players, {res.games} games, seed {seed} ({res.seconds:.1f} s)")
        for col in rows[0]:
            table.add_column(col)
        for r in rows[1:]:
            table.add_row(*r)
        Console().print(table)
