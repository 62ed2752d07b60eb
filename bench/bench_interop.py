"""voidtable through the researchers' APIs: a head-to-head with OpenSpiel's MCTS bots, and environment speed.

(a) Head-to-head on one game played through the OpenSpiel adapter
    (``python_voidtable_<game>``): each game seats one voidtable ``mcts`` agent
    (``--spec``, default ``mcts`` with ``seconds=--seconds``) against
    ``players - 1`` copies of an OpenSpiel Python bot, rotating the voidtable
    seat. Opponents:
      ismcts  open_spiel.python.algorithms.ismcts.ISMCTSBot (random rollouts,
              information-state keys, determinizations from the adapter's
              resample_from_infostate, i.e. voidtable's determinize);
      mcts    open_spiel.python.algorithms.mcts.MCTSBot: it searches clones of
              the *true* state, so it sees every hidden card and, because the
              engine's RNG is part of the state, even the coming shuffles.
    Every bot gets the same wall-clock budget per decision; the OpenSpiel bots'
    ``range(max_simulations)`` loop is made to stop at the deadline (nothing of
    their code is changed). Decisions with a single legal action are played
    without search for every bot. Reported: iterations per second of each side
    (over all searched decisions), voidtable's win share with a 95% Wilson
    interval (a shared win counts as a fraction) against the fair share 1/players.

(b) PettingZoo's ``performance_benchmark`` (5 s of random masked play, turns per
    second) on our AEC environment and on Shimmy's OpenSpielCompatibilityV0
    wrapping the same OpenSpiel game. Shimmy puts the action mask in ``info``;
    a thin wrapper copies it into the observation so the unmodified benchmark
    picks legal actions for both.

Usage: python bench/bench_interop.py [--game buccaneers] [--players 3] [--seconds 0.2]
           [--games 60] [--opponents ismcts,mcts] [--only a,b] [--jobs 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import io
import json
import multiprocessing
import os
import re
import sys
import time

import numpy as np

BUDGET = 1_000_000_007  # max_simulations sentinel: "until the deadline"


class Deadline:
    """Stands in for ``range`` inside OpenSpiel's search modules: the sentinel budget runs until a deadline."""

    def __init__(self) -> None:
        self.until = 0.0
        self.count = 0

    def range(self, *args):  # noqa: A003 - replaces the builtin inside those modules only
        if len(args) == 1 and args[0] == BUDGET:
            return self._timed()
        return builtins.range(*args)

    def _timed(self):
        # at least two simulations: ISMCTSBot's first one only expands the root
        n = 0
        while True:
            yield n
            n += 1
            self.count = n
            if n >= 2 and time.perf_counter() >= self.until:
                return


def _match(job: tuple) -> dict:
    """One game: the voidtable agent in seat ``vt_seat``, OpenSpiel bots elsewhere."""
    game_name, players, seconds, spec, opponent, vt_seat, seed, c = job
    from open_spiel.python.algorithms import ismcts, mcts

    from voidtable.interop import openspiel as vo

    deadline = Deadline()
    ismcts.range = deadline.range  # type: ignore[attr-defined]
    mcts.range = deadline.range  # type: ignore[attr-defined]
    game = vo.load_game(game_name, players=players)
    bots = {}
    for seat in range(players):
        if seat == vt_seat:
            bots[seat] = vo.VoidtableBot(game, seat, f"{spec},seconds={seconds}" if ":" in spec else f"{spec}:seconds={seconds}",
                                         seed=seed * 10 + seat)
            continue
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed * 10 + seat))
        if opponent == "ismcts":
            bot = ismcts.ISMCTSBot(game, evaluator, c, BUDGET, random_state=np.random.RandomState(seed * 10 + seat))
            bot.set_resampler(vo.resampler(seed * 10 + seat))
        else:
            bot = mcts.MCTSBot(game, c, BUDGET, evaluator, random_state=np.random.RandomState(seed * 10 + seat))
        bots[seat] = bot
    state = game.new_initial_state(seed)
    it = {"voidtable": 0, "openspiel": 0}
    secs = {"voidtable": 0.0, "openspiel": 0.0}
    decisions = {"voidtable": 0, "openspiel": 0}
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        side = "voidtable" if seat == vt_seat else "openspiel"
        t0 = time.perf_counter()
        deadline.until = t0 + seconds
        deadline.count = 0
        action = bots[seat].step(state)
        secs[side] += time.perf_counter() - t0
        it[side] += bots[seat].agent.last_iterations if side == "voidtable" else deadline.count
        decisions[side] += 1
        state.apply_action(action)
    return {"seed": seed, "vt_seat": vt_seat, "share": state.returns()[vt_seat], "iterations": it, "seconds": secs,
            "decisions": decisions}


def head_to_head(game: str, players: int, seconds: float, games: int, spec: str, opponent: str, jobs: int,
                 seed: int, c: float) -> dict:
    from voidtable.engine.stats import wilson

    jobs_list = [(game, players, seconds, spec, opponent, g % players, seed + g, c) for g in range(games)]
    start = time.perf_counter()
    results = []
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for r in pool.imap_unordered(_match, jobs_list):
            results.append(r)
            print(f"\r  {opponent}: {len(results)}/{games} games", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    share = sum(r["share"] for r in results)
    lo, hi = wilson(share, len(results))
    it = {s: sum(r["iterations"][s] for r in results) for s in ("voidtable", "openspiel")}
    sec = {s: sum(r["seconds"][s] for r in results) for s in ("voidtable", "openspiel")}
    dec = {s: sum(r["decisions"][s] for r in results) for s in ("voidtable", "openspiel")}
    ips = {s: it[s] / sec[s] if sec[s] else 0.0 for s in it}
    return {
        "game": game, "players": players, "seconds_per_decision": seconds, "voidtable": spec, "opponent": opponent,
        "uct_c": c, "games": len(results), "win_share": round(share / len(results), 4),
        "ci95": [round(lo, 4), round(hi, 4)], "fair_share": round(1 / players, 4),
        "iterations_per_second": {k: round(v, 1) for k, v in ips.items()},
        "speed_ratio": round(ips["voidtable"] / ips["openspiel"], 2) if ips["openspiel"] else None,
        "decisions": dec, "mean_seconds_per_decision": {k: round(sec[k] / dec[k], 4) if dec[k] else None for k in sec},
        "wall_seconds": round(time.perf_counter() - start, 1),
    }


def _turns_per_second(env) -> float:
    from pettingzoo.test import performance_benchmark

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env)
    m = re.search(r"([0-9.]+) turns per second", out.getvalue())
    return float(m.group(1)) if m else float("nan")


def env_speed(game: str, players: int) -> dict:
    import shimmy
    from pettingzoo.utils import BaseWrapper

    from voidtable.interop import openspiel as vo
    from voidtable.interop.pettingzoo import env

    class MaskInObservation(BaseWrapper):
        def observe(self, agent):
            return {"observation": super().observe(agent), "action_mask": self.unwrapped.infos[agent]["action_mask"]}

    vo.register_all()
    ours = _turns_per_second(env(game, players=players))
    theirs = _turns_per_second(MaskInObservation(
        shimmy.OpenSpielCompatibilityV0(game_name=vo.PREFIX + game, config={"players": players})))
    return {"game": game, "players": players, "voidtable_env_turns_per_second": round(ours, 1),
            "shimmy_openspiel_turns_per_second": round(theirs, 1), "ratio": round(ours / theirs, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="buccaneers")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=0.2)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--spec", default="mcts", help="the voidtable agent (seconds= is added)")
    ap.add_argument("--opponents", default="ismcts,mcts")
    ap.add_argument("--uct-c", type=float, default=0.7, help="the OpenSpiel bots' exploration constant (voidtable mcts uses c=0.7)")
    ap.add_argument("--env-games", default="buccaneers:4,blacksun:2", help="game:players pairs for (b)")
    ap.add_argument("--only", default="a,b")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", help="also write the figures here")
    args = ap.parse_args()
    only = set(args.only.split(","))
    out: dict = {"cpus": os.cpu_count(), "load_average_at_start": [round(x, 2) for x in os.getloadavg()], "head_to_head": [], "env_speed": []}
    if "a" in only:
        for opp in filter(None, args.opponents.split(",")):
            r = head_to_head(args.game, args.players, args.seconds, args.games, args.spec, opp, args.jobs, args.seed, args.uct_c)
            out["head_to_head"].append(r)
            ips = r["iterations_per_second"]
            print(f"(a) {r['game']} {r['players']}p, {r['seconds_per_decision']} s/decision: voidtable {r['voidtable']} vs "
                  f"{r['players'] - 1} x OpenSpiel {opp}: win share {r['win_share']:.3f} "
                  f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] (fair {r['fair_share']:.3f}, {r['games']} games); "
                  f"iterations/s voidtable {ips['voidtable']:.0f} vs {opp} {ips['openspiel']:.0f} (x{r['speed_ratio']})", flush=True)
    if "b" in only:
        for item in filter(None, args.env_games.split(",")):
            g, _, n = item.partition(":")
            r = env_speed(g, int(n or 3))
            out["env_speed"].append(r)
            print(f"(b) {g} {r['players']}p performance_benchmark: voidtable AEC {r['voidtable_env_turns_per_second']:.0f} turns/s, "
                  f"Shimmy OpenSpiel {r['shimmy_openspiel_turns_per_second']:.0f} turns/s (x{r['ratio']})", flush=True)
    out["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
