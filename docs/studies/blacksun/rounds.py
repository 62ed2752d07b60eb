"""Black Sun game length in full rounds, which the lab does not count (it counts decisions).

Plays GAMES games with the given agents and rules overrides and prints the mean number of full
rounds (first turns of the game divided by the players; a Smuggler's second turn is not a new
turn), the mean decisions, and decisions per round, each with a 95% t interval.

Usage: python docs/studies/blacksun/rounds.py PLAYERS GAMES [KEY=VALUE ...]   (values in TOML syntax)
e.g.   python docs/studies/blacksun/rounds.py 4 100 game.target_short=20
"""
from __future__ import annotations

import sys
import tomllib
from typing import Any

from voidtable.agents.play import run, seat_agents
from voidtable.engine.registry import load
from voidtable.engine.rng import derive_seed
from voidtable.engine.stats import describe
from voidtable.games.blacksun.state import BlackSunState

SEED = 7


def value(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text


def main(argv: list[str]) -> None:
    if len(argv) < 2 or not argv[0].isdigit() or not argv[1].isdigit():
        sys.exit("usage: rounds.py PLAYERS GAMES [KEY=VALUE ...]")
    players, games = int(argv[0]), int(argv[1])
    if not 2 <= players <= 6 or not 1 <= games <= 100_000:
        sys.exit("rounds.py: PLAYERS takes 2..6 and GAMES 1..100000")
    options = {k: value(v) for k, _, v in (a.partition("=") for a in argv[2:])}
    game = load("blacksun", players, options)
    rounds, decisions = [], []
    for i in range(games):
        seed = derive_seed(SEED, i)
        state = game.new_state(seed, events=False)
        n = run(state, seat_agents(["heuristic"] * players, "blacksun", seed))
        assert isinstance(state, BlackSunState)
        rounds.append(state.turns / players)
        decisions.append(float(n))
    r, d = describe(rounds), describe(decisions)
    per = describe([b / a for a, b in zip(rounds, decisions) if a > 0])
    print(f"{players} players, {games} games, {options or 'rules as they are'}")
    print(f"  full rounds     {r.mean:6.2f} ({r.low:.2f}-{r.high:.2f})")
    print(f"  decisions       {d.mean:6.1f} ({d.low:.1f}-{d.high:.1f})")
    print(f"  decisions/round {per.mean:6.1f} ({per.low:.1f}-{per.high:.1f})")


if __name__ == "__main__":
    main(sys.argv[1:])
