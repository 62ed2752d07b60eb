"""`voidtable play`: a game in the terminal, you against bots, or bots alone for you to watch."""

from __future__ import annotations

import sys
import time
from typing import Optional

import typer
from rich.console import Console

from voidtable.agents.base import observe
from voidtable.agents.specs import make as make_agent
from voidtable.engine.events import visible_events
from voidtable.engine.records import Recorder
from voidtable.engine.rng import derive_seed

from .common import agent_list, describe_action, describe_event, fail, load_game, render_view


def register(app: typer.Typer) -> None:
    @app.command("play")
    def play_cmd(
        game: str = typer.Argument(..., help="game name (see `voidtable games`)"),
        players: int = typer.Option(..., "--players", "-p", help="number of players"),
        seat: Optional[int] = typer.Option(None, "--seat", help="your seat (0-based); omit to watch bots play"),
        bots: str = typer.Option("random", "--bots", help="agent spec(s) for the other seats, comma-separated"),
        seed: int = typer.Option(0, "--seed", help="game seed"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override"),
        delay: float = typer.Option(0.0, "--delay", help="seconds to pause after each bot move when watching"),
        save: Optional[str] = typer.Option(None, "--save", help="write the game record here when it ends"),
    ) -> None:
        """Play GAME in the terminal: your view, numbered legal actions, the event log in words."""
        g = load_game(game, players, sets)
        if seat is not None and not 0 <= seat < players:
            fail(f"--seat must be between 0 and {players - 1}, got {seat}")
        specs = agent_list(bots, players)
        console = Console(highlight=False)
        rec = Recorder(game, players, seed, g.settings, specs)
        agents = {p: make_agent(specs[p], game, derive_seed(seed, 1 + p)) for p in range(players) if p != seat}
        viewer = seat

        def show(events: list[dict]) -> None:
            for e in visible_events(events, viewer):
                line = describe_event(g, e)
                if line:
                    console.print(f"  [dim]>[/] {line}")

        show(rec.state.setup_events)
        while not rec.state.is_over():
            movers = rec.state.to_move()
            p = seat if seat in movers else movers[0]
            if p == seat:
                console.rule(f"Seat {seat} to decide")
                console.print(render_view(g, rec.state.view(seat)))
                legal = rec.state.legal_actions(seat)
                for i, a in enumerate(legal, 1):
                    console.print(f"  [bold]{i:2d}[/]. {describe_action(g, a)}")
                action = legal[ask(console, len(legal)) - 1]
            else:
                action = agents[p].act(observe(rec.state, p))
            events = rec.apply(p, action)
            show(events)
            if seat is None and delay:
                time.sleep(delay)
        console.rule("Game over")
        console.print(render_view(g, rec.state.view(seat)))
        if save:
            rec.record.save(save)
            console.print(f"record written to {save}")


def ask(console: Console, count: int) -> int:
    """Read a number 1..count from stdin; EOF ends the game politely (e.g. no terminal attached)."""
    while True:
        try:
            text = input(f"choose 1-{count} (q to quit): ").strip()
        except EOFError:
            console.print("no input (end of stdin): stopping the game")
            raise SystemExit(0)
        if text.lower() in ("q", "quit", "exit"):
            raise SystemExit(0)
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text)
        console.print(f"[red]please type a number from 1 to {count}[/]", file=sys.stderr)
