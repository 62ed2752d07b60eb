"""`voidtable simulate`, `record` and `replay`: many games in parallel, one game kept, a record checked."""

from __future__ import annotations

import json
import os
import time
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from voidtable.engine.errors import RecordError, VoidtableError
from voidtable.engine.game import as_game
from voidtable.engine.records import Record, replay
from voidtable.sim.chances import has_evaluation, text_rows, win_chances
from voidtable.sim.runner import Batch, record_game, run_batch, summarize

from .common import agent_list, describe_event, fail, game_from_flags


def register(app: typer.Typer) -> None:
    @app.command("simulate")
    def simulate_cmd(
        game: str = typer.Argument(..., help="game name"),
        players: int = typer.Option(..., "--players", "-p"),
        games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
        seed: int = typer.Option(0, "--seed"),
        agents: Optional[str] = typer.Option(None, "--agents", help="agent spec per seat, comma-separated (cycled)"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override"),
        jobs: int = typer.Option(0, "--jobs", "-j", help="worker processes (0 = one per core)"),
        as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
    ) -> None:
        """Play many games in parallel; wins by seat, mean scores, speed. Same seed -> same results, any --jobs."""
        g = game_from_flags(game, players, sets)
        batch = Batch(game, players, games, seed, tuple(agent_list(agents, players)), g.settings)
        workers = jobs or os.cpu_count() or 1
        start = time.perf_counter()
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      transient=True, disable=as_json) as bar:
            task = bar.add_task(f"{game} x{games}", total=games)
            outcomes = run_batch(batch, workers, progress=lambda k: bar.advance(task, k))
        summary = summarize(batch, outcomes, time.perf_counter() - start)
        summary["jobs"] = workers
        if as_json:
            print(json.dumps(summary, indent=1))
            return
        table = Table(title=f"{game}, {players} players, {summary['completed']}/{games} games, {summary['games_per_second']} games/s")
        for col in ("seat", "agent", "wins", "win share", "mean score"):
            table.add_column(col)
        for p in range(players):
            w = summary["wins_by_seat"][p]
            table.add_row(str(p), summary["agents"][p], f"{w:g}", f"{w / max(1, summary['completed']):.3f}",
                          f"{summary['mean_score_by_seat'][p]:.2f}")
        Console().print(table)
        if summary["errors"]:
            Console().print(f"[red]{summary['errors']} games raised errors, e.g. {summary['error_samples'][0]}[/]")

    @app.command("record")
    def record_cmd(
        game: str = typer.Argument(..., help="game name"),
        players: int = typer.Option(..., "--players", "-p"),
        output: str = typer.Option(..., "--output", "-o", help="file to write the record to"),
        seed: int = typer.Option(0, "--seed"),
        agents: Optional[str] = typer.Option(None, "--agents", help="agent spec per seat, comma-separated"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override"),
    ) -> None:
        """Play one game with bots and write its record (format in docs/records.md)."""
        g = game_from_flags(game, players, sets)
        rec = record_game(game, players, seed, agent_list(agents, players), g.settings)
        rec.record.save(output)
        print(f"wrote {output}: {len(rec.record.actions)} actions, winners {rec.state.result().winners}")

    @app.command("replay")
    def replay_cmd(
        path: str = typer.Argument(..., help="a record file"),
        verify: bool = typer.Option(False, "--verify", help="only check that it replays to the recorded events"),
        seat: Optional[int] = typer.Option(None, "--seat", help="show only what this seat saw"),
    ) -> None:
        """Replay a record: the events in words and, for a finished game, each seat's estimated chance to win at
        every tenth of it; or with --verify a check naming the first divergent step."""
        try:
            record = Record.read(path)
        except VoidtableError as e:
            fail(str(e))
        if seat is not None and not 0 <= seat < record.players:
            fail(f"--seat must be between 0 and {record.players - 1} (the record has {record.players} players), got {seat}")
        try:
            state, events = replay(record, verify=True)
        except VoidtableError as e:
            fail(str(e))
        if verify:
            print(f"ok: {path} replays to the recorded events ({len(record.actions)} steps)")
            return
        g = as_game(state.game)
        from voidtable.engine.events import visible_events
        for event in visible_events(events, seat) if seat is not None else events:
            line = describe_event(g, event)
            if line:
                print(line)
        if state.is_over():
            if has_evaluation(record.game):  # over, so nothing is hidden any more (the estimate reads everything)
                print("Estimated chance to win, by how far the game had gone:")
                for row in text_rows(win_chances(record, verify=False), [f"Seat {p}" for p in range(record.players)]):
                    print("  " + row)
            print(json.dumps(state.result().to_json()))
