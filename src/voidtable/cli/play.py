"""`voidtable play`: a game in the terminal, you against bots, or bots alone for you to watch."""

from __future__ import annotations

import time
from typing import Any, Optional

import typer
from rich.console import Console

from voidtable.agents.base import Agent, Observation
from voidtable.agents.play import run, seat_agents
from voidtable.engine.actions import Action
from voidtable.engine.events import AnyEvent, visible_events
from voidtable.engine.game import Game
from voidtable.engine.records import Recorder

from .common import agent_list, choices, describe_event, fail, game_from_flags, render_view


class Person(Agent):
    """The seat at the keyboard: shows its view, what it is asked and the numbered choices, reads a number."""

    spec = "person"

    def __init__(self, game: Game, console: Console, names: list[str]) -> None:
        super().__init__(0)
        self.game = game
        self.console = console
        self.names = names

    def act(self, obs: Observation) -> Action:
        console, g = self.console, self.game
        console.rule(f"{self.names[obs.seat]}: your turn")
        console.print(render_view(g, obs.view, self.names), markup=False, soft_wrap=True)  # the map keeps its rows
        prompt, labels = choices(g, obs.view, obs.legal, obs.seat, self.names)
        if prompt:
            console.print(prompt, style="bold", markup=False)
        for i, label in enumerate(labels, 1):
            console.print(f"  {i:2d}. {label[:1].upper()}{label[1:]}", markup=False)
        return obs.legal[ask(console, len(obs.legal)) - 1]


def seat_names(specs: list[str], seat: int | None) -> list[str]:
    """The seats as the terminal names them: "Player 1 (you)" at the keyboard, "Bot 2 (random)" for the others (numbers from 1, as on the map)."""
    return [f"Player {p + 1} (you)" if p == seat else f"Bot {p + 1} ({spec})" for p, spec in enumerate(specs)]


def register(app: typer.Typer) -> None:
    @app.command("play")
    def play_cmd(
        game: str = typer.Argument(..., help="game name (see `voidtable games`)"),
        players: int = typer.Option(..., "--players", "-p", help="number of players"),
        seat: Optional[int] = typer.Option(None, "--seat", help="your seat (0-based); omit to watch bots play"),
        agents: str = typer.Option("random", "--agents", "-a", "--bots",
                                   help="agent spec(s) for the other seats, comma-separated (--bots: the old name)"),
        seed: int = typer.Option(0, "--seed", help="game seed"),
        sets: Optional[list[str]] = typer.Option(None, "--set", help="KEY=VALUE option or rules-data override"),
        delay: float = typer.Option(0.0, "--delay", help="seconds to pause after each bot move when watching"),
        save: Optional[str] = typer.Option(None, "--save", help="write the game record here when it ends"),
    ) -> None:
        """Play GAME in the terminal: your view, numbered legal actions, the event log in words."""
        g = game_from_flags(game, players, sets)
        if seat is not None and not 0 <= seat < players:
            fail(f"--seat must be between 0 and {players - 1}, got {seat}")
        specs = agent_list(agents, players)
        console = Console(highlight=False)
        rec = Recorder(game, players, seed, g.settings, specs)
        seated: dict[int, Agent] = seat_agents(specs, game, seed, [p for p in range(players) if p != seat])
        names = seat_names(specs, seat)
        if seat is not None:
            seated[seat] = Person(g, console, names)
        viewer = seat

        def show(events: list[AnyEvent]) -> None:
            for e in visible_events(events, viewer):
                line = describe_event(g, e, names)
                if line:
                    console.print(f"  > {line}", markup=False)

        def after(p: int, action: Any, events: list[AnyEvent], took: float, agent: Agent) -> None:
            show(events)
            if seat is None and delay:
                time.sleep(delay)

        show(rec.state.setup_events)
        run(rec.state, seated, apply=rec.apply, on_step=after, prefer=seat)
        console.rule("Game over")
        console.print(render_view(g, rec.state.view(seat), names), markup=False, soft_wrap=True)
        if save:
            rec.record.save(save)
            console.print(f"record written to {save}")


def ask(console: Console, count: int) -> int:
    """Read a number 1..count from stdin; a bad answer asks again; end of input ends the game politely."""
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
        Console(stderr=True, highlight=False).print(f"[red]please type a number from 1 to {count}[/]")
