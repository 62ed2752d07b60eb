"""Evaluation, cut-off search and the strength of ``hard`` (issue 26 parts 1 and 3; figures in docs/agents.md).

For each game with a bot (4 players; 2 for the 2-player games):

  eval      each game's evaluation (``BotSettings.evaluate``) at positions sampled along seeded games of the bots:
            microseconds per call (median and 90th percentile, CPU time of many calls), and how well its
            ``win`` estimate predicts the winner of the game the position came from: the Brier score (mean
            squared error of the estimate against each seat's final win share; lower is better) beside the
            uniform guess's (1/N for every seat), over the whole game and per third of it.
  search    at the same kind of positions, one ``mcts:iterations=N,rollout=heuristic`` search per setting (the
            game's defaults, then each of --settings, e.g. ``cutoff=8`` or ``cutoff=8,widen=0.5``): iterations per
            CPU second (median) and how often the move it plays is not the bot's move (the search overrules its bot).
            Same positions and agent seeds for every setting.
  strength  ``hard`` (or --hard SPEC) in one seat against ``medium`` in the others (one against one in 2-player
            games), seats rotated game by game, --games games through the ladder (--jobs processes): the hard
            seat's win share with its 95% Wilson interval and the fair share.

Usage: python bench/bench_strength.py [--game G ...] [--only eval,search,strength] [--positions 30]
         [--iterations 200] [--settings "cutoff=8;cutoff=8,widen=0.5"] [--games 16] [--hard SPEC ...] [--jobs 2]
         [--json out.json]
Full scale (quiet machine, hours): nice -n 10 python bench/bench_strength.py --only strength --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.heuristic import has_bot
from voidtable.agents.ladder import run_ladder
from voidtable.agents.mcts import MctsAgent
from voidtable.agents.specs import KINDS, AgentKind, make, register_kind
from voidtable.engine import get

from bench_search import bots_game  # noqa: E402  (bench/ is on the path when a bench runs)

# ``mcts_cpu``: the mcts agent with a budget of CPU seconds of its own process (time.process_time) instead of wall time,
# so a busy machine does not shrink its searches: comparisons at equal computing cost. Registered here (jobs=1, or
# worker processes forked from this one).
if "mcts_cpu" not in KINDS:
    register_kind(AgentKind("mcts_cpu", lambda game, seed, **kw: MctsAgent(game, seed, clock=time.process_time, **kw),
                            dict(KINDS["mcts"].params), "mcts whose seconds= are CPU seconds of its process"))


def players_for(game: str) -> int:
    spec = get(game)
    return max(spec.min_players, min(4, spec.max_players))


def sampled(game: str, players: int, count: int, seed: int, per_game: int = 6) -> list[tuple[Any, int, float, list[float]]]:
    """``count`` decisions with a choice, ``per_game`` evenly spaced from each seeded bots' game:
    (state, seat to move, how far into the game 0..1, that game's final win shares)."""
    out: list[tuple[Any, int, float, list[float]]] = []
    k = 0
    while len(out) < count and k < 4 * count:
        spots, s = bots_game(game, players, seed, k)
        k += 1
        wins = s.result().win_shares()
        step = len(spots) / per_game
        for j in range(per_game):
            if spots and len(out) < count:
                i = int(step * (j + 0.5))
                out.append((spots[i][0], spots[i][1], i / len(spots), wins))
    return out


def evaluation(game: str, spots: list[tuple[Any, int, float, list[float]]], calls: int = 200) -> dict[str, Any]:
    ev = get(game).hooks.bot_settings.evaluate
    assert ev is not None
    micro = []
    for s, _, _, _ in spots:
        t = time.process_time()
        for _ in range(calls):
            ev(s, "mix")
        micro.append(1e6 * (time.process_time() - t) / calls)
    thirds: list[list[tuple[float, float]]] = [[], [], []]
    for s, _, at, wins in spots:
        est = ev(s, "win")
        n = len(wins)
        brier = sum((e - w) ** 2 for e, w in zip(est, wins)) / n
        uniform = sum((1 / n - w) ** 2 for w in wins) / n
        thirds[min(2, int(3 * at))].append((brier, uniform))
    every = [x for t in thirds for x in t]
    micro.sort()
    return {"positions": len(spots), "us_median": round(statistics.median(micro), 1),
            "us_p90": round(micro[int(0.9 * (len(micro) - 1))], 1),
            "brier": round(statistics.fmean(b for b, _ in every), 4), "brier_uniform": round(statistics.fmean(u for _, u in every), 4),
            "brier_by_third": [[round(statistics.fmean(b for b, _ in t), 4), round(statistics.fmean(u for _, u in t), 4)]
                               if t else None for t in thirds]}


def search(game: str, spots: list[tuple[Any, int, float, list[float]]], iterations: int, settings: list[str],
           seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"iterations": iterations, "positions": len(spots)}
    bot_moves = [make("heuristic", game, seed + i).act(observe(s, p)) for i, (s, p, _, _) in enumerate(spots)]
    for extra in ["", *settings]:
        spec = f"mcts:iterations={iterations},rollout=heuristic" + (f",{extra}" if extra else "")
        rates, overruled, plans = [], 0, 0
        for i, (s, p, _, _) in enumerate(spots):
            agent = make(spec, game, seed + i)
            obs = observe(s, p)
            t = time.process_time()
            move = agent.act(obs)
            cpu = time.process_time() - t
            done = getattr(agent, "last_iterations", 0)
            if done:
                rates.append(done / max(cpu, 1e-9))
            fav = getattr(agent, "last_favourite", None)
            if getattr(agent, "active", None) is not None and fav is not None:  # whole moves: the plan against the first
                plans += 1
                overruled += agent.active != fav  # type: ignore[attr-defined]
            else:
                overruled += move != bot_moves[i]
        out[extra or "default"] = {"iterations_per_cpu_second": round(statistics.median(rates)) if rates else None,
                                   "overrules_bot": overruled, "of": len(spots), "whole_moves": plans}
    return out


def strength(game: str, players: int, hard: str, games: int, jobs: int, seed: int) -> dict[str, Any]:
    start = time.time()
    cpu = time.process_time()
    res = run_ladder(game, players, [hard] + ["medium"] * (players - 1), games, seed=seed, jobs=jobs)
    row = res.row(hard)
    return {"agent": hard, "games": games, "win_share": round(row.win_share, 3),
            "ci95": [round(row.ci_low, 3), round(row.ci_high, 3)], "fair": round(1 / players, 3),
            "medium_win_share": round(res.row("medium").win_share, 3),
            "wall_seconds": round(time.time() - start, 1), "cpu_seconds_here": round(time.process_time() - cpu, 1)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="game(s) to measure (default: every game with a bot)")
    ap.add_argument("--only", default="eval,search,strength")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--settings", default="cutoff=8;cutoff=8,widen=0.5",
                    help="mcts parameters to compare with the game's defaults, ';' between settings")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--hard", action="append", help="the searching seat's spec(s) (default: hard)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    names = args.game or [g for g in voidtable.list_games() if has_bot(g)]
    only = set(args.only.split(","))
    settings = [x.strip() for x in args.settings.split(";") if x.strip()]
    report: dict[str, Any] = {}
    for game in names:
        n = players_for(game)
        rep = report[game] = {"players": n}
        spots = sampled(game, n, args.positions, args.seed) if only & {"eval", "search"} else []
        print(f"== {game}, {n} players, load {[round(x, 1) for x in os.getloadavg()]}", flush=True)
        if "eval" in only:
            rep["eval"] = r = evaluation(game, spots)
            print(f"eval: {r['us_median']} us median ({r['us_p90']} p90); Brier {r['brier']} against the uniform "
                  f"guess's {r['brier_uniform']}; by third (eval, uniform): {r['brier_by_third']}", flush=True)
        if "search" in only:
            rep["search"] = r = search(game, spots, args.iterations, settings, args.seed)
            for k, v in r.items():
                if isinstance(v, dict):
                    print(f"search {k}: {v['iterations_per_cpu_second']} iterations per CPU second (median); overrules "
                          f"the bot in {v['overrules_bot']} of {v['of']} positions", flush=True)
        if "strength" in only:
            rep["strength"] = []
            for hard in args.hard or ["hard"]:
                r = strength(game, n, hard, args.games, args.jobs, args.seed + 1)
                rep["strength"].append(r)
                print(f"strength: {r['agent']} against {n - 1} medium, {r['games']} games: {r['win_share']} "
                      f"(95% {r['ci95'][0]}-{r['ci95'][1]}; fair {r['fair']}; medium {r['medium_win_share']} each; "
                      f"{r['wall_seconds']} s)", flush=True)
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return report


if __name__ == "__main__":
    main()
