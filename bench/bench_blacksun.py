"""Black Sun random playouts at 6 players: games/s, decisions/s and clone() microseconds (median of 5 runs).

Usage: python bench/bench_blacksun.py [--players 6] [--games 100] [--runs 5] [--variant standard] [--quiet]
       python bench/bench_blacksun.py --fingerprint 12 --bot-fingerprint 10 > before.json   (then diff a later run)

``--fingerprint N`` plays N seeded random games at each of 2 to 6 players in every variant and
``--bot-fingerprint M`` M seeded games with the heuristic bot in every seat at 4 and at 6 players;
each game prints a digest of its event stream, its final state (``snapshot()``) and its result, and
the random games are played again quietly (no events) and digested by final state and result. A
change that must not change the rules (a speed-up) leaves the output byte for byte the same.
"""

from __future__ import annotations

import argparse
import json
import statistics

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.play import seat_agents
from voidtable.games.blacksun import SPEC

from bench_playouts import clone_micros, game_digest, playouts  # the same loops as every game's bench


def fingerprints(count: int, bot_count: int) -> dict[str, str]:
    """Digests of seeded random games (evented and quiet) and heuristic-bot games: see the module docstring."""
    out: dict[str, str] = {}
    for players in range(2, 7):
        for variant, options in sorted(SPEC.variants.items()):
            game = voidtable.load("blacksun", players, options)
            for seed in range(count):
                for events in (True, False):
                    out[f"{players}p {variant} {seed}{'' if events else ' quiet'}"] = game_digest(game, seed, events)
    for players in (4, 6):
        game = voidtable.load("blacksun", players)
        for seed in range(bot_count):
            bots = seat_agents(["heuristic"], "blacksun", seed, seats=list(range(players)))
            out[f"{players}p heuristic {seed}"] = game_digest(game, seed, choose=lambda s, p, legal: bots[p].act(observe(s, p)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=100, help="games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--variant", default="standard", choices=sorted(SPEC.variants))
    ap.add_argument("--quiet", action="store_true", help="no events (set_events(False)), as search and simulations play")
    ap.add_argument("--fingerprint", type=int, metavar="N", help="digests of N seeded random games per player count and variant")
    ap.add_argument("--bot-fingerprint", type=int, default=0, metavar="M", help="with --fingerprint: M heuristic-bot games at 4 and at 6 players")
    args = ap.parse_args()
    if args.fingerprint is not None:
        if not 1 <= args.fingerprint <= 1000 or not 0 <= args.bot_fingerprint <= 1000:
            ap.error("--fingerprint takes 1..1000 games, --bot-fingerprint 0..1000")
        print(json.dumps(fingerprints(args.fingerprint, args.bot_fingerprint), indent=0, sort_keys=True))
        return
    game = voidtable.load("blacksun", args.players, SPEC.variants[args.variant])
    gps, dps, clones = [], [], []
    for run in range(args.runs):
        dt, decisions = playouts(game, args.games, 1000 * run, not args.quiet)
        gps.append(args.games / dt)
        dps.append(decisions / dt)
        clones.append(clone_micros(game, steps=40 * game.players))  # a few turns in
    print(f"blacksun {args.players} players, variant {args.variant}, {args.games} games x {args.runs} runs (medians)")
    print(f"  games/s      {statistics.median(gps):10.1f}   ({1000 / statistics.median(gps):.1f} ms per game)")
    print(f"  decisions/s  {statistics.median(dps):10.0f}")
    print(f"  clone()      {statistics.median(clones):10.2f} us")


if __name__ == "__main__":
    main()
