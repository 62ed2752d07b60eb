"""The search's deadline and how often it plays its game's bot's move (figures quoted in docs/agents.md, issue 26).

For each game with a bot (4 players; 2 for the 2-player games), at positions sampled along seeded games of the bots
(a few evenly spaced decisions from each of several games, every one with more than one legal choice):

  deadline   a ``mcts:seconds=S,rollout=heuristic`` search (S = --seconds, 0.2 by default) is timed from outside
             around ``act``; the overshoot is that wall time minus S. Prints its median and worst, and the
             median iterations per search. Wall time on a shared machine: load counts, so the load average is printed,
             and the search's clock is wrapped to find the longest stretch between two of its readings, in wall
             and in CPU time (of this process): a long wall stretch with little CPU in it is the machine, not the search.
  agreement  a ``mcts:iterations=N,rollout=heuristic`` search (N = --iterations, 200 by default; the game's horizon
             and trust): how often the move it plays is its bot's move (for a game that offers whole moves, whether
             the plan it chose is the game's first plan). Where the agent keeps its root statistics and its
             ``decide`` rule (after issue 26), the same trees are also decided with no trust at all, with the
             other ``--trusts`` and with the rule before issue 26 (the bot's move counted ``bonus`` x iterations
             extra root visits, ``OLD_BONUS``), so those rates differ only in the rule, never in the search.
  h2h        a short head-to-head: one ``mcts:iterations=N,rollout=heuristic`` seat against the game's bots (seats
             rotated, --games-h2h games, one process), once with the rule before issue 26 (agent kind
             ``mcts_fixed``, registered here) and once as the agent is now; win shares with 95% Wilson intervals.

The same seed gives the same positions and, for ``agreement``, the same searches on any machine.
Usage: python bench/bench_search.py [--game blacksun] [--only deadline,agreement,h2h] [--positions 40]
                                    [--seconds 0.2] [--iterations 200] [--trusts 1,2,3] [--games-h2h 20]
                                    [--json out.json]
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
from voidtable.agents.mcts import MctsAgent, most_visited
from voidtable.agents.specs import KINDS, AgentKind, make, register_kind
from voidtable.engine import get

# Each game's trust before issue 26: the bot's move counted this many times the iterations as extra root visits.
OLD_BONUS = {"abyss": 0.5, "abyss_battle": 0.3, "blacksun": 0.2, "buccaneers": 0.0, "empires": 0.3, "nearspace": 0.3}


def fixed_bonus_choice(root: Any, seat: int, options: list[Any], favourite: Any, bonus: float) -> Any:
    """The rule before issue 26: the most visited root choice, the bot's move counting ``bonus`` extra visits."""
    stats = root.stats.get(seat, {})
    best = favourite if favourite in options else options[0]
    key = (-1.0, -1.0)
    for a in options:
        st = stats.get(a)
        if st is not None:
            k = (st[0] + (bonus if a == favourite else 0.0), st[1] / st[0] if st[0] else 0.0)
            if k > key:
                key, best = k, a
    return best


class FixedBonusAgent(MctsAgent):
    """The search exactly as before issue 26 under an iteration budget: the same tree, the old final rule."""

    spec = "mcts_fixed"

    def __init__(self, game: str, seed: int = 0, bonus: float = -1.0, **params: Any) -> None:
        self.bonus = OLD_BONUS.get(game, 0.0) if bonus < 0 else bonus
        super().__init__(game, seed, trust=1.0 if self.bonus > 0 else 0.0, **params)  # trust > 0: ask the bot

    def decide(self, root: Any, seat: int, options: Any, favourite: Any = None, trust: float = 0.0) -> Any:
        return fixed_bonus_choice(root, seat, list(options), favourite, self.bonus * self.last_iterations)


if "mcts_fixed" not in KINDS:
    register_kind(AgentKind("mcts_fixed", lambda game, seed, **kw: FixedBonusAgent(game, seed, **kw),
                            {**{k: v for k, v in KINDS["mcts"].params.items() if k != "trust"}, "bonus": (float, -1.0)},
                            "mcts with the final rule before issue 26"))


def players_for(game: str) -> int:
    spec = get(game)
    return max(spec.min_players, min(4, spec.max_players))


def bots_game(game: str, players: int, seed: int, k: int) -> tuple[list[tuple[Any, int]], Any]:
    """The ``k``-th seeded game of the heuristic bots: every decision with more than one choice (a copy of the state,
    the seat to move) and the finished state. Shared by this bench and bench_strength."""
    s = voidtable.load(game, players).new_state(seed + k)
    bots = [make("heuristic", game, seed + 100 * k + i) for i in range(players)]
    spots = []
    while not s.is_over():
        p = s.to_move()[0]
        obs = observe(s, p)
        if len(obs.legal) > 1:
            spots.append((s.clone(), p))
        s.apply(p, bots[p].act(obs))
    return spots, s


def positions(game: str, players: int, count: int, seed: int, per_game: int = 5) -> list[tuple[Any, int]]:
    """``count`` decisions with more than one choice, ``per_game`` evenly spaced ones from each seeded bots' game."""
    out: list[tuple[Any, int]] = []
    k = 0
    while len(out) < count and k < 4 * count:
        spots, _ = bots_game(game, players, seed, k)
        k += 1
        if not spots:
            continue
        step = len(spots) / per_game
        for j in range(per_game):
            if len(out) < count:
                out.append(spots[int(step * (j + 0.5))])
    return out


class Recorder:
    """Stands in for the agent's bot (or its plans hook) and remembers what it named first: the search's favourite."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.first: Any = None

    def act(self, obs: Any, rng: Any) -> Any:
        a = self.inner.act(obs, rng)
        if self.first is None:
            self.first = a
        return a

    def rollout_policy(self, *args: Any) -> Any:
        return self.inner.rollout_policy(*args)

    def plans(self, state: Any, seat: int, legal: Any) -> Any:
        offered = self.inner.plans(state, seat, legal)
        if self.first is None and offered:
            self.first = offered[0]
        return offered

    def rollout_plan(self, *args: Any) -> Any:
        return self.inner.rollout_plan(*args)


class StretchClock:
    """``time.perf_counter`` for the search, noting the longest stretch between two readings (wall, and CPU in it)."""

    def __init__(self) -> None:
        self.last = self.last_cpu = -1.0
        self.wall = self.cpu = 0.0

    def __call__(self) -> float:
        t, c = time.perf_counter(), time.process_time()
        if self.last >= 0 and t - self.last > self.wall:
            self.wall, self.cpu = t - self.last, c - self.last_cpu
        self.last, self.last_cpu = t, c
        return t


def deadline(game: str, spots: list[tuple[Any, int]], seconds: float, seed: int) -> dict[str, Any]:
    over, iters, cpu_stretch = [], [], []
    worst = (-1.0, 0.0, 0.0)
    for i, (s, p) in enumerate(spots):
        clock = StretchClock()
        agent = MctsAgent(game, seed + i, seconds=seconds, rollout="heuristic", clock=clock)
        obs = observe(s, p)
        t = time.perf_counter()
        agent.act(obs)
        over.append(time.perf_counter() - t - seconds)
        iters.append(agent.last_iterations)
        cpu_stretch.append(clock.cpu)
        worst = max(worst, (over[-1], clock.wall, clock.cpu))
    return {"seconds": seconds, "positions": len(spots), "overshoot_ms_median": round(1000 * statistics.median(over), 1),
            "overshoot_ms_worst": round(1000 * max(over), 1), "iterations_median": statistics.median(iters),
            "worst_search_longest_stretch_ms": {"wall": round(1000 * worst[1], 1), "cpu": round(1000 * worst[2], 1)},
            "longest_cpu_stretch_ms": round(1000 * max(cpu_stretch), 1),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def agreement(game: str, spots: list[tuple[Any, int]], iterations: int, trusts: list[float], seed: int) -> dict[str, Any]:
    same = 0
    by_rule: dict[str, int] = {}
    counted = 0
    start = time.process_time()
    trust = None
    for i, (s, p) in enumerate(spots):
        agent = MctsAgent(game, seed + i, iterations=iterations, rollout="heuristic")
        trust = agent.trust
        bot = agent.bot = Recorder(agent.bot) if agent.bot is not None else None
        planner = None
        if agent.plan_hooks is not None:
            planner = agent.plan_hooks = Recorder(agent.plan_hooks)  # type: ignore[assignment]
        obs = observe(s, p)
        move = agent.act(obs)
        if planner is not None and planner.first is not None and agent.active is not None:
            favourite, played = planner.first, agent.active  # whole moves: the game's first plan against the chosen one
        elif bot is not None and bot.first is not None:
            favourite, played = bot.first, move
        else:  # no trust: the search never asked its bot, so ask a bot seeded alike
            favourite, played = make("heuristic", game, seed + i).act(obs), move
        same += played == favourite
        decide = getattr(agent, "decide", None)
        root = agent.last_root
        if decide is None or root is None or agent.last_iterations == 0:
            continue
        counted += 1
        options = getattr(agent, "last_options", None) or obs.legal
        fav = getattr(agent, "last_favourite", None)
        if fav is None:
            fav = favourite
        for t in [0.0, *trusts]:
            choice = decide(root, p, options, fav if t > 0 else None, t)
            by_rule[f"trust={t:g}"] = by_rule.get(f"trust={t:g}", 0) + (choice == fav)
        old = OLD_BONUS.get(game, 0.0)
        choice = fixed_bonus_choice(root, p, options, fav, old * agent.last_iterations) if old else \
            most_visited(root.stats.get(p, {}), options, options[0])
        by_rule["before"] = by_rule.get("before", 0) + (choice == fav)
    out: dict[str, Any] = {"iterations": iterations, "positions": len(spots), "trust": trust, "bots_move": same,
                           "cpu_seconds": round(time.process_time() - start, 1)}
    if by_rule:
        out["same_trees"] = {"positions": counted, "bots_move": by_rule}
    return out


def h2h(game: str, players: int, iterations: int, games: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {"iterations": iterations, "games": games}
    for label, kind in (("before", "mcts_fixed"), ("now", "mcts")):
        spec = f"{kind}:iterations={iterations},rollout=heuristic"
        start = time.process_time()
        done = [0]

        def tick(k: int, label: str = label) -> None:
            done[0] += k
            print(f"\r  h2h {label}: {done[0]}/{games} games", end="", file=sys.stderr, flush=True)

        res = run_ladder(game, players, [spec] + ["heuristic"] * (players - 1), games, seed=seed, jobs=1, progress=tick)
        print(file=sys.stderr)
        row = res.row(spec)
        out[label] = {"agent": spec, "win_share": round(row.win_share, 3), "ci95": [round(row.ci_low, 3), round(row.ci_high, 3)],
                      "bots_win_share": round(res.row("heuristic").win_share, 3), "fair": round(1 / players, 3),
                      "cpu_seconds": round(time.process_time() - start, 1)}
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", help="game(s) to measure (default: every game with a bot)")
    ap.add_argument("--only", default="deadline,agreement")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--trusts", default="1,2,3", help="other trusts to decide the agreement trees with")
    ap.add_argument("--games-h2h", type=int, default=20)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", help="also write the figures to this file")
    args = ap.parse_args(argv)
    names = args.game or [g for g in voidtable.list_games() if has_bot(g)]
    only = set(args.only.split(","))
    trusts = [float(x) for x in args.trusts.split(",") if x]
    report: dict[str, Any] = {}
    for game in names:
        n = players_for(game)
        spots = positions(game, n, args.positions, args.seed) if only & {"deadline", "agreement"} else []
        rep = report[game] = {"players": n}
        print(f"== {game}, {n} players, {len(spots)} positions", flush=True)
        if "deadline" in only:
            rep["deadline"] = r = deadline(game, spots, args.seconds, args.seed)
            print(f"deadline: {args.seconds} s search overshoots by {r['overshoot_ms_median']} ms median, "
                  f"{r['overshoot_ms_worst']} ms worst (its longest stretch between clock readings: "
                  f"{r['worst_search_longest_stretch_ms']['wall']} ms wall, {r['worst_search_longest_stretch_ms']['cpu']} "
                  f"ms CPU); longest CPU stretch in any search {r['longest_cpu_stretch_ms']} ms; "
                  f"{r['iterations_median']} iterations median; load {r['load_average']}", flush=True)
        if "agreement" in only:
            rep["agreement"] = r = agreement(game, spots, args.iterations, trusts, args.seed)
            line = (f"agreement: {args.iterations} iterations, trust {r['trust']}: the bot's move {r['bots_move']} of "
                    f"{r['positions']} ({r['cpu_seconds']} CPU s)")
            if "same_trees" in r:
                t = r["same_trees"]
                line += f"; same trees ({t['positions']}): " + ", ".join(f"{k} {v}" for k, v in t["bots_move"].items())
            print(line, flush=True)
        if "h2h" in only:
            rep["h2h"] = r = h2h(game, n, args.iterations, args.games_h2h, args.seed + 1)
            for label in ("before", "now"):
                x = r[label]
                print(f"h2h {label}: {x['agent']} against {n - 1} bots, {r['games']} games: win share {x['win_share']} "
                      f"(95% {x['ci95'][0]}-{x['ci95'][1]}; fair {x['fair']}; each bot {x['bots_win_share']}; "
                      f"{x['cpu_seconds']} CPU s)", flush=True)
        sys.stdout.flush()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return report


if __name__ == "__main__":
    main()
