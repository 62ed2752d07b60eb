"""Load on the web table: many tables of bots playing at once over WebSockets on loopback.

A real `voidtable serve` runs as its own process (fresh data directory). This
script creates TABLES tables whose every seat is a person seat, then plays all
of them at once: one WebSocket per seat, each a bot that answers every state
in which it must decide with a random legal move. Every move goes the whole
way: checked by the server, committed to SQLite, acknowledged, and the new
state (view, scene, log) pushed to every seat of the table.

Measured per run: moves/s over the whole run, and move latency = from sending
a move to receiving its acknowledgement (so: stored), p50 and p99; also the
time until the seat's new state arrives. Each run stops by itself when every
game is over (or after --limit seconds). Medians over --runs runs are printed.

Usage: python bench/bench_web.py [--tables 100] [--game buccaneers] [--players 4] [--runs 3] [--limit 300]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import msgspec
from websockets.asyncio.client import connect


class Msg(msgspec.Struct):
    """The few fields a bench bot reads (msgspec skips the rest: the scene is decoded by browsers, not here)."""

    type: str
    step: int = 0
    id: int | None = None
    legal: list = []
    to_move: list[int] = []
    result: dict | None = None


decode = msgspec.json.Decoder(Msg).decode


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data: str, port: int) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(port), "--data", data, "--log-level", "warning",
           "--bot-delay", "0", "--create-rate", "1000"]  # one client creates every table: above the default per-client rate
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(400):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("server did not start")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), 0 where unavailable."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


async def seat_bot(url: str, token: str, seat: int, rng: random.Random, acks: list[float], pushes: list[float],
                   think: float) -> int:
    moves = 0
    sent_at: dict[int, float] = {}
    waiting_push: tuple[int, float] | None = None
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            now = time.perf_counter()
            msg = decode(raw)
            t = msg.type
            if t == "accepted":
                t0 = sent_at.pop(msg.id, None)
                if t0 is not None:
                    acks.append(now - t0)
                    waiting_push = (msg.step, t0)
                continue
            if t == "error":
                sent_at.pop(msg.id, None)  # stale (another seat moved first): the next state follows
                continue
            if waiting_push and msg.step >= waiting_push[0]:
                pushes.append(now - waiting_push[1])
                waiting_push = None
            if msg.result:
                break
            if msg.legal and seat in msg.to_move and not sent_at:
                if think:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    # states that came meanwhile are read next; a move that went stale is refused and made again
                mid = rng.getrandbits(30)
                sent_at[mid] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "step": msg.step, "action": rng.choice(msg.legal), "id": mid}))
                moves += 1
    return moves


async def one_run(base: str, tables: int, game: str, players: int, limit: float, seed: int, think: float = 0.0,
                  server_pid: int = 0) -> dict[str, float]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        made = []
        for i in range(tables):
            r = await c.post("/api/tables", json={"game": game, "players": players, "seed": seed * 1000 + i,
                                                  "seats": [{"kind": "person", "claim": True}] * players})
            r.raise_for_status()
            made.append(r.json())
    acks: list[float] = []
    pushes: list[float] = []
    rng = random.Random(seed)
    ws_base = base.replace("http", "ws")
    tasks = [seat_bot(f"{ws_base}/ws/{t['id']}", link["token"], link["seat"], random.Random(rng.random()), acks, pushes, think)
             for t in made for link in t["links"]]
    t0 = time.perf_counter()
    cpu0, mine0 = cpu_seconds(server_pid), time.process_time()
    try:
        counts = await asyncio.wait_for(asyncio.gather(*tasks), timeout=limit)
    except asyncio.TimeoutError:
        counts = [len(acks)]
    elapsed = time.perf_counter() - t0
    server_cpu, client_cpu = cpu_seconds(server_pid) - cpu0, time.process_time() - mine0
    async with httpx.AsyncClient(base_url=base, timeout=60) as c:
        lobby = (await c.get("/api/tables")).json()
        server = (await c.get("/api/stats")).json()
    ids = {t["id"] for t in made}
    steps = sum(t["step"] for t in lobby if t["id"] in ids)
    finished = sum(1 for t in lobby if t["id"] in ids and t["status"] == "finished")
    return {"moves": steps, "sent": sum(counts), "finished": finished, "seconds": elapsed, "moves_per_s": steps / elapsed,
            "ack_p50_ms": pct(acks, 0.50) * 1000, "ack_p99_ms": pct(acks, 0.99) * 1000,
            "push_p50_ms": pct(pushes, 0.50) * 1000, "push_p99_ms": pct(pushes, 0.99) * 1000,
            "server_cpu": server_cpu / elapsed, "client_cpu": client_cpu / elapsed,
            "server_ms_per_move": server_cpu / max(1, steps) * 1000,
            "server_p50_ms": server["move_ms_p50"] or 0.0, "server_p99_ms": server["move_ms_p99"] or 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--game", default="buccaneers")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--think", default="1.0,0",
                    help="comma-separated mean think times (s) of the bots, each a series of runs; 0 = answer at once (capacity)")
    ap.add_argument("--limit", type=float, default=300.0, help="seconds after which a run stops regardless")
    args = ap.parse_args()
    summary = []
    for think in [float(x) for x in args.think.split(",")]:
        results = []
        for run in range(args.runs):
            data = tempfile.mkdtemp(prefix="voidtable-bench-")
            port = free_port()
            proc = start_server(data, port)
            try:
                res = asyncio.run(one_run(f"http://127.0.0.1:{port}", args.tables, args.game, args.players, args.limit, run + 1, think, proc.pid))
            finally:
                proc.terminate()
                proc.wait(timeout=30)
                shutil.rmtree(data, ignore_errors=True)
            results.append(res)
            print(f"think {think:g}s run {run + 1}: {res['finished']}/{args.tables} games, {res['moves']} moves in {res['seconds']:.1f}s = "
                  f"{res['moves_per_s']:.0f} moves/s; ack p50 {res['ack_p50_ms']:.1f} ms p99 {res['ack_p99_ms']:.1f} ms; "
                  f"state push p50 {res['push_p50_ms']:.1f} ms p99 {res['push_p99_ms']:.1f} ms; "
                  f"inside the server p50 {res['server_p50_ms']:.2f} ms p99 {res['server_p99_ms']:.1f} ms; "
                  f"server busy {res['server_cpu']:.0%} of a core ({res['server_ms_per_move']:.2f} ms CPU per move), "
                  f"bench clients {res['client_cpu']:.0%}", flush=True)
        summary.append((think, {k: statistics.median(r[k] for r in results) for k in results[0]}))
    print(f"\n{args.tables} tables of {args.game} at once ({args.players} seats each, one WebSocket per seat), "
          f"{os.cpu_count()} CPUs, medians of {args.runs} runs:")
    print(f"  {'bots think':>13} {'moves/s':>8} {'latency p50':>12} {'p99':>9} {'push p50':>9} {'p99':>9} "
          f"{'in server p50':>14} {'p99':>8} {'server CPU/move':>16}")
    for think, med in summary:
        label = f"{think:g} s" if think else "no (flat out)"
        print(f"  {label:>13} {med['moves_per_s']:8.0f} {med['ack_p50_ms']:9.1f} ms {med['ack_p99_ms']:6.1f} ms "
              f"{med['push_p50_ms']:6.1f} ms {med['push_p99_ms']:6.1f} ms {med['server_p50_ms']:11.2f} ms {med['server_p99_ms']:5.1f} ms "
              f"{med['server_ms_per_move']:13.2f} ms")
    print(f"  load average during the runs: {os.getloadavg()[0]:.1f} (other jobs share these CPUs; latency suffers first)")
    print("  latency: a move sent -> its acknowledgement (checked and stored), seen by the bot; push: -> the mover's new state;")
    print("  in server: the move read off its WebSocket -> acknowledgement written (GET /api/stats)")


if __name__ == "__main__":
    main()
