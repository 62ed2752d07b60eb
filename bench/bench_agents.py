"""How strong and how fast the agents are (figures quoted in docs/agents.md).

For each game with a heuristic bot (Buccaneers; Black Sun when registered), at 4 players:

  (a) heuristic vs three random: win share over --games-a games (target >= 60%);
  (b) mcts at --seconds per move vs three heuristic: win share over --games-b games (target >= 40%);
  (c) mcts iterations per second with random rollouts, over positions sampled along games (aim >= 1,000
      on Buccaneers); the median and quartiles are printed, plus the cost of clone/determinize/apply.
  (d) the iterations one CPU-second buys the (b) agent, at positions along games of the bots: what a
      time budget gives on a quiet core, so a time-budgeted figure from a busy machine can be
      re-run with the equivalent iteration budget (``--spec-b mcts:iterations=N,...``).

Win shares come with 95% Wilson intervals (a shared win counts as a fraction).
Usage: python bench/bench_agents.py [--game buccaneers] [--only a,b,c] [--games-a 200] [--games-b 20]
                                    [--seconds 1.0] [--rollout heuristic] [--spec-b SPEC] [--jobs 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import voidtable
from voidtable.agents.base import observe
from voidtable.agents.heuristic import has_bot
from voidtable.agents.ladder import run_ladder
from voidtable.agents.mcts import MctsAgent
from voidtable.engine.rng import Rng


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    xs = sorted(xs)
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q = statistics.quantiles(xs, n=4)
    return q[0], statistics.median(xs), q[2]


def strength(game: str, players: int, spec: str, against: str, games: int, jobs: int, seed: int) -> dict:
    start = time.perf_counter()
    res = run_ladder(game, players, [spec] + [against] * (players - 1), games, seed=seed, jobs=jobs,
                     progress=_progress(games))
    row = res.row(spec)
    print(file=sys.stderr)
    return {"agent": spec, "against": f"3 x {against}" if players == 4 else f"{players - 1} x {against}",
            "games": games, "win_share": round(row.win_share, 4), "ci95": [round(row.ci_low, 4), round(row.ci_high, 4)],
            "fair": round(1 / players, 4), "mean_score": round(row.mean_score, 2),
            "opponent_mean_score": round(res.row(against).mean_score, 2),
            "seconds_per_decision": round(row.seconds_per_decision, 4), "iterations_per_search": row.iterations_per_search,
            "wall_seconds": round(time.perf_counter() - start, 1)}


def _progress(total: int):
    done = [0]

    def tick(k: int) -> None:
        done[0] += k
        if done[0] == total or done[0] % max(1, total // 20) == 0:
            print(f"\r  {done[0]}/{total} games", end="", file=sys.stderr, flush=True)
    return tick


def positions(game: str, players: int, count: int, seed: int) -> list:
    """States along random games where a seat has a real choice."""
    out = []
    rng = Rng(seed)
    k = 0
    while len(out) < count:
        s = voidtable.load(game, players).new_state(seed + k)
        k += 1
        step = 0
        while not s.is_over() and len(out) < count:
            p = s.to_move()[0]
            legal = s.legal_actions(p)
            if len(legal) > 1 and step % 7 == 3:
                out.append(s.clone())
            s.apply(p, legal[rng.below(len(legal))])
            step += 1
    return out


def speed(game: str, players: int, iterations: int, count: int, seed: int) -> dict:
    out: dict = {}
    spots = positions(game, players, count, seed)
    for label, horizon in (("default_horizon", -1), ("whole_game", 0)):
        rates = []
        for i, s in enumerate(spots):
            seat = s.to_move()[0]
            agent = MctsAgent(game, seed + i, iterations=iterations, horizon=horizon)
            agent.act(observe(s, seat))
            rates.append(agent.last_iterations / agent.last_seconds)
        lo, med, hi = quartiles(rates)
        out[label] = {"horizon": agent.horizon, "iterations_per_second_median": round(med),
                      "iterations_per_second_q1_q3": [round(lo), round(hi)]}
    # the engine's share of the cost
    s = positions(game, players, 1, seed + 99)[0]
    seat = s.to_move()[0]
    rng = Rng(1)
    micro = {}
    for name, fn in [("clone", lambda: s.clone()), ("determinize", lambda: s.determinize(seat, rng))]:
        reps = []
        for _ in range(5):
            t = time.perf_counter()
            for _ in range(2000):
                fn()
            reps.append((time.perf_counter() - t) / 2000 * 1e6)
        micro[name + "_us"] = round(statistics.median(reps), 2)
    reps = []
    for _ in range(5):
        t = time.perf_counter()
        decisions = 0
        for _ in range(50):
            d = s.determinize(seat, rng)
            while not d.is_over():
                p = d.to_move()[0]
                legal = d.legal_actions(p)
                d._apply(p, legal[rng.below(len(legal))])
                decisions += 1
        reps.append((time.perf_counter() - t - 50 * micro["determinize_us"] / 1e6) / decisions * 1e6)
    micro["legal_plus_apply_us_per_decision"] = round(statistics.median(reps), 2)
    return {"positions": len(spots), "iterations_per_move": iterations, **out, **micro}


def iteration_spec(spec: str, iterations: int) -> str:
    """``spec`` with its time budget replaced by ``iterations`` (``mcts:seconds=1.0,rollout=heuristic`` ->
    ``mcts:rollout=heuristic,iterations=200``)."""
    from voidtable.agents.specs import parse
    kind, params = parse(spec)
    params.pop("seconds", None)
    params["iterations"] = iterations
    return f"{kind.name}:" + ",".join(f"{k}={v}" for k, v in params.items())


def search_rate(game: str, players: int, spec: str, count: int, seed: int) -> dict:
    """Median iterations per CPU-second (process time, so other processes on the machine do not count) of ``spec``."""
    from voidtable.agents.specs import make
    spots = []
    k = 0
    while len(spots) < count and k < 50:
        s = voidtable.load(game, players).new_state(seed + k)
        bots = [make("heuristic", game, seed + k + i) for i in range(players)]
        k += 1
        step = 0
        while not s.is_over() and len(spots) < count:
            p = s.to_move()[0]
            obs = observe(s, p)
            if len(obs.legal) > 1 and step % 9 == 4:
                spots.append((s.clone(), p))
            s.apply(p, bots[p].act(obs))
            step += 1
    rates = []
    for i, (s, p) in enumerate(spots):
        agent = make(spec, game, seed + i)
        start = time.process_time()
        agent.act(observe(s, p))
        cpu = time.process_time() - start
        if agent.last_iterations and cpu > 0:  # type: ignore[attr-defined]
            rates.append(agent.last_iterations / cpu)  # type: ignore[attr-defined]
    lo, med, hi = quartiles(rates)
    return {"agent": spec, "positions": len(rates), "iterations_per_cpu_second_median": round(med),
            "iterations_per_cpu_second_q1_q3": [round(lo), round(hi)]}


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="game(s) to measure (default: every game with a bot)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--only", default="a,b,c,d")
    ap.add_argument("--games-a", type=int, default=200)
    ap.add_argument("--games-b", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rollout", default="heuristic", help="rollout policy of the mcts in (b)")
    ap.add_argument("--spec-b", help="the whole agent spec for (b), overriding --seconds and --rollout")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=300, help="iterations per search in (c)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    names = args.game or [g for g in voidtable.list_games() if has_bot(g)]
    only = set(args.only.split(","))
    report: dict = {}
    for game in names:
        rep = report[game] = {}
        print(f"== {game}, {args.players} players")
        if "c" in only:
            rep["c_mcts_speed"] = r = speed(game, args.players, args.iterations, args.positions, args.seed)
            for label in ("default_horizon", "whole_game"):
                x = r[label]
                print(f"(c) mcts random rollouts, horizon {x['horizon']} ({label}): median "
                      f"{x['iterations_per_second_median']} iterations/s (q1-q3 {x['iterations_per_second_q1_q3']}) "
                      f"over {r['positions']} positions")
            print(f"    engine: clone {r['clone_us']} us, determinize {r['determinize_us']} us, legal+apply "
                  f"{r['legal_plus_apply_us_per_decision']} us/decision (medians)")
        if "a" in only:
            rep["a_heuristic_vs_random"] = r = strength(game, args.players, "heuristic", "random", args.games_a,
                                                        args.jobs, args.seed)
            print(f"(a) heuristic vs 3 random: win share {r['win_share']:.3f} (95% CI {r['ci95'][0]:.3f}-"
                  f"{r['ci95'][1]:.3f}, fair {r['fair']:.3f}) over {r['games']} games; mean score "
                  f"{r['mean_score']} vs {r['opponent_mean_score']}")
        if "b" in only:
            spec = args.spec_b or (f"mcts:seconds={args.seconds}" + (f",rollout={args.rollout}" if args.rollout != "random" else ""))
            rep["b_mcts_vs_heuristic"] = r = strength(game, args.players, spec, "heuristic", args.games_b,
                                                      args.jobs, args.seed + 1)
            print(f"(b) {spec} vs 3 heuristic: win share {r['win_share']:.3f} (95% CI {r['ci95'][0]:.3f}-"
                  f"{r['ci95'][1]:.3f}, fair {r['fair']:.3f}) over {r['games']} games; mean score "
                  f"{r['mean_score']} vs {r['opponent_mean_score']}; {r['seconds_per_decision']} s/decision, "
                  f"{r['iterations_per_search']:.0f} iterations per search")
        if "d" in only:
            spec = args.spec_b or (f"mcts:seconds={args.seconds}" + (f",rollout={args.rollout}" if args.rollout != "random" else ""))
            rep["d_search_rate"] = r = search_rate(game, args.players, iteration_spec(spec, 200), args.positions, args.seed + 2)
            print(f"(d) {spec}: median {r['iterations_per_cpu_second_median']} iterations per CPU-second (q1-q3 "
                  f"{r['iterations_per_cpu_second_q1_q3']}) over {r['positions']} positions")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return report


if __name__ == "__main__":
    main()
