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

Step mode (--levels): the highest offered load that keeps p99 move latency
under 100 ms, on either store and with one or several server processes. Each
level keeps LEVEL tables in play at once (a finished game is replaced by a new
table at once) with bots thinking --think s (uniform 0.5-1.5x) before each
move, on fresh servers (a fresh SQLite directory, or a fresh database on the
PostgreSQL server); after --warmup s it measures --window s. With --processes
N, tables are created on the processes in turn and seat s of every table plays
over a WebSocket to process s % N (so every move is heard by the other
processes through PostgreSQL). Reported per level: offered moves/s (the
lightest level's moves/s per table, where the server keeps up, times the
tables), achieved moves/s, ack p50/p99, CPU seconds of each server process,
of PostgreSQL (postmaster and backends) and of this load generator, moves
refused as stale, and the load average; then medians over --runs and the
highest level whose median p99 < 100 ms. A run stops climbing after a level
with p99 above --stop-above ms. PostgreSQL: a throwaway server started with
the tests' tests/pgserver.py (needs Debian's postgresql), or --database URL.

  python bench/bench_web.py --levels 5,10,15,20,30,40,60 --think 0.5 --runs 3 --warmup 4 --window 10 \
      --store postgresql --processes 2
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
from pathlib import Path

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


def start_server(data: str | None, port: int, where: list[str] | None = None, extra: list[str] | None = None) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "voidtable.cli.main", "serve", "--port", str(port), *(where or ["--data", str(data)]),
           "--log-level", "warning",
           "--bot-delay", "0", "--create-rate", "1000"]  # one client creates every table: above the default per-client rate
    cmd += extra or []  # a repeated flag: the last one counts
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


# -- load steps: the highest offered load that keeps p99 under 100 ms, on either store, 1 or N processes -------


def start_pg(args: argparse.Namespace):
    """A throwaway PostgreSQL (the tests' own), or None when --database names one."""
    if args.database:
        return None
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    try:
        from tests.pgserver import PgServer
        return PgServer()
    except BaseException as e:  # the tests' helper skips (pytest's exception) when PostgreSQL is missing
        raise SystemExit(f"no PostgreSQL for --store postgresql: {e}") from None


def process_tree_cpu(root: int) -> float:
    """CPU seconds of a process and all its descendants (PostgreSQL's postmaster and backends), 0 where unreadable."""
    parent: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                fields = open(f"/proc/{d}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parent[int(d)] = int(fields[1])
            cpu[int(d)] = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [root]
    while todo:
        p = todo.pop()
        total += cpu.get(p, 0.0)
        todo += [c for c, pp in parent.items() if pp == p]
    return total


def start_servers(store: str, n: int, database: str | None) -> tuple[list[subprocess.Popen], list[str], str | None]:
    """N `voidtable serve` processes on one store (a fresh SQLite directory, or the given PostgreSQL database)."""
    procs, bases, data = [], [], None
    if store == "sqlite":
        data = tempfile.mkdtemp(prefix="voidtable-bench-")
    try:
        for _ in range(n):
            port = free_port()
            where = ["--data", data] if data else ["--database", database]
            procs.append(start_server(data, port, where=where, extra=[
                "--join-rate", "100000", "--create-rate", "100000", "--max-tables", "100000",
                "--max-connections", "20000"]))
            bases.append(f"http://127.0.0.1:{port}")
    except BaseException:
        stop_servers(procs, data)
        raise
    return procs, bases, data


def stop_servers(procs: list[subprocess.Popen], data: str | None) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
    if data:
        shutil.rmtree(data, ignore_errors=True)


class Window:
    """What the seats saw: acknowledgement latencies (time received, seconds) and refused moves."""

    def __init__(self) -> None:
        self.acks: list[tuple[float, float]] = []
        self.refused = 0
        self.games = 0
        self.reconnects = 0


async def level_seat(url: str, token: str, seat: int, rng: random.Random, think: float, w: Window) -> None:
    """One person seat played by a bot until its game ends; connects again while its process has not heard of
    the table yet (a table created on another process arrives by NOTIFY)."""
    for attempt in range(200):
        async with connect(url, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at: dict[int, float] = {}
            seen_state = False
            async for raw in ws:
                now = time.perf_counter()
                msg = decode(raw)
                t = msg.type
                if t == "accepted":
                    t0 = sent_at.pop(msg.id, None)
                    if t0 is not None:
                        w.acks.append((now, now - t0))
                    continue
                if t == "error":
                    if msg.id is None and not seen_state:
                        break  # "no table" on this process (not heard yet): connect again
                    sent_at.pop(msg.id, None)
                    w.refused += 1
                    continue
                seen_state = True
                if msg.result:
                    return
                if msg.legal and seat in msg.to_move and not sent_at:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    mid = rng.getrandbits(30)
                    sent_at[mid] = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "step": msg.step, "action": rng.choice(msg.legal), "id": mid}))
            if seen_state:
                return  # the server closed a live connection: this seat is done
        w.reconnects += 1
        await asyncio.sleep(0.02)
    raise RuntimeError(f"{url}: the table never arrived on this process")


async def table_slot(slot: int, clients: list[httpx.AsyncClient], ws_bases: list[str], counter: list[int], game: str,
                     players: int, think: float, rng: random.Random, w: Window) -> None:
    """One table always in play: a table is created (processes in turn), its seats spread over the processes
    (seat s on process s % N), played to the end, and replaced by a new one."""
    n = len(clients)
    await asyncio.sleep(rng.uniform(0, think))  # stagger the first moves
    while True:
        k = counter[0]
        counter[0] += 1
        r = await clients[k % n].post("/api/tables", json={"game": game, "players": players, "seed": rng.getrandbits(31),
                                                           "seats": [{"kind": "person", "claim": True}] * players})
        r.raise_for_status()
        made = r.json()
        await asyncio.gather(*(level_seat(f"{ws_bases[link['seat'] % n]}/ws/{made['id']}", link["token"], link["seat"],
                                          random.Random(rng.random()), think, w) for link in made["links"]))
        w.games += 1


async def one_level(bases: list[str], tables: int, args: argparse.Namespace, seed: int, pids: list[int],
                    pg_pid: int) -> dict[str, float]:
    w = Window()
    clients = [httpx.AsyncClient(base_url=b, timeout=60, limits=httpx.Limits(max_connections=50)) for b in bases]
    ws_bases = [b.replace("http", "ws") for b in bases]
    rng = random.Random(seed)
    counter = [0]
    slots = [asyncio.create_task(table_slot(i, clients, ws_bases, counter, args.game, args.players, args.think,
                                            random.Random(rng.random()), w)) for i in range(tables)]
    try:
        await asyncio.sleep(args.warmup)
        for s in slots:
            if s.done() and s.exception():
                raise s.exception()  # type: ignore[misc]
        t0 = time.perf_counter()
        cpu0 = [cpu_seconds(p) for p in pids]
        pg0 = process_tree_cpu(pg_pid) if pg_pid else 0.0
        mine0 = time.process_time()
        await asyncio.sleep(args.window)
        t1 = time.perf_counter()
        cpu1 = [cpu_seconds(p) for p in pids]
        pg1 = process_tree_cpu(pg_pid) if pg_pid else 0.0
        mine1 = time.process_time()
        stats = [(await c.get("/api/stats")).json() for c in clients]
        for s in slots:
            if s.done() and s.exception():
                raise s.exception()  # type: ignore[misc]
    finally:
        for s in slots:
            s.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        for c in clients:
            await c.aclose()
    lat = [d for (at, d) in w.acks if t0 <= at < t1]
    out = {"tables": float(tables), "moves_per_s": len(lat) / (t1 - t0),
           "ack_p50_ms": pct(lat, 0.50) * 1000, "ack_p99_ms": pct(lat, 0.99) * 1000,
           "client_cpu_s": mine1 - mine0, "pg_cpu_s": pg1 - pg0, "window_s": t1 - t0,
           "refused": float(w.refused), "load": os.getloadavg()[0],
           "in_server_p50_ms": max(st["move_ms_p50"] or 0.0 for st in stats),
           "in_server_p99_ms": max(st["move_ms_p99"] or 0.0 for st in stats)}
    for i, (a, b) in enumerate(zip(cpu0, cpu1)):
        out[f"server{i}_cpu_s"] = b - a
    return out


def run_levels(args: argparse.Namespace) -> None:
    if args.store == "sqlite" and args.processes != 1:
        raise SystemExit("--processes above 1 needs --store postgresql (SQLite is one process's file)")
    if not 1 <= args.processes <= 8:
        raise SystemExit(f"--processes must be 1-8, got {args.processes}")
    try:
        levels = [int(x) for x in args.levels.split(",")]
    except ValueError:
        raise SystemExit(f"--levels: comma-separated table counts, got {args.levels!r}") from None
    if not levels or min(levels) < 1 or max(levels) > 2000:
        raise SystemExit("--levels: comma-separated table counts, each 1-2000")
    pg = start_pg(args) if args.store == "postgresql" else None
    pg_pid = pg.proc.pid if pg is not None else 0
    per_level: dict[int, list[dict[str, float]]] = {t: [] for t in levels}
    loads: list[float] = []
    try:
        for run in range(args.runs):
            for tables in levels:
                database = (pg.new_database() if pg is not None else args.database) if args.store == "postgresql" else None
                procs, bases, data = start_servers(args.store, args.processes, database)
                try:
                    res = asyncio.run(one_level(bases, tables, args, run * 1000 + tables, [p.pid for p in procs], pg_pid))
                finally:
                    stop_servers(procs, data)
                per_level[tables].append(res)
                loads.append(res["load"])
                servers = " + ".join(f"{res[f'server{i}_cpu_s'] / res['window_s']:.0%}" for i in range(args.processes))
                print(f"run {run + 1} {tables:4d} tables: {res['moves_per_s']:6.0f} moves/s, ack p50 {res['ack_p50_ms']:6.1f} ms "
                      f"p99 {res['ack_p99_ms']:7.1f} ms; CPU of a core: server {servers}"
                      + (f", PostgreSQL {res['pg_cpu_s'] / res['window_s']:.0%}" if pg_pid else "")
                      + f", load generator {res['client_cpu_s'] / res['window_s']:.0%}; {res['refused']:.0f} stale moves refused;"
                      f" in the server (slowest process) p50 {res['in_server_p50_ms']:.1f} ms p99 {res['in_server_p99_ms']:.1f} ms;"
                      f" load average {res['load']:.1f}", flush=True)
                if res["ack_p99_ms"] > args.stop_above:
                    break  # the next levels only queue more: the run ends here
    finally:
        if pg is not None:
            pg.stop()
    # offered load: the lightest level's moves/s per table (the server idle enough to keep up) times the tables
    lightest = statistics.median(r["moves_per_s"] / r["tables"] for r in per_level[levels[0]])
    where = "SQLite" if args.store == "sqlite" else "PostgreSQL"
    print(f"\n{where}, {args.processes} server process{'es' if args.processes > 1 else ''}; {args.game} tables of "
          f"{args.players} person seats played by bots thinking {args.think:g} s (uniform 0.5-1.5x) per move, "
          f"a finished table replaced at once; {args.window:g} s measured after {args.warmup:g} s; {os.cpu_count()} CPUs; "
          f"medians of the runs that reached a level:")
    head = f"  {'tables':>6} {'runs':>4} {'offered/s':>9} {'moves/s':>8} {'ack p50':>9} {'p99':>9} "
    head += " ".join(f"{'server' + str(i) + ' CPU':>12}" for i in range(args.processes))
    head += (f" {'PG CPU':>8}" if pg_pid else "") + f" {'loadgen CPU':>11}"
    print(head)
    best = None
    for tables in levels:
        rs = per_level[tables]
        if not rs:
            continue
        med = {k: statistics.median(r[k] for r in rs) for k in rs[0]}
        line = (f"  {tables:6d} {len(rs):4d} {lightest * tables:9.0f} {med['moves_per_s']:8.0f} {med['ack_p50_ms']:6.1f} ms "
                f"{med['ack_p99_ms']:6.1f} ms ")
        line += " ".join(f"{med[f'server{i}_cpu_s']:9.1f} s " for i in range(args.processes))
        line += (f" {med['pg_cpu_s']:6.1f} s" if pg_pid else "") + f" {med['client_cpu_s']:9.1f} s"
        print(line)
        if len(rs) == args.runs and med["ack_p99_ms"] < 100 and (best is None or tables > best[0]):
            best = (tables, lightest * tables, med["moves_per_s"])
    print(f"  CPU: seconds over the {args.window:g} s window (a core = {args.window:g} s); load average seen "
          f"{min(loads):.1f}-{max(loads):.1f} (other jobs share these CPUs)")
    if best:
        print(f"  highest level with p99 < 100 ms: {best[0]} tables, offered {best[1]:.0f} moves/s, achieved {best[2]:.0f} moves/s")
    else:
        print("  no level kept p99 under 100 ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--game", default="buccaneers")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--think", default=None,
                    help="comma-separated mean think times (s) of the bots, each a series of runs; 0 = answer at once (capacity); "
                         "default 1.0,0 (step mode: one think time, default 0.5)")
    ap.add_argument("--limit", type=float, default=300.0, help="seconds after which a run stops regardless")
    ap.add_argument("--levels", default="",
                    help="step mode: comma-separated numbers of tables kept in play (e.g. 20,40,80); each level a fresh server, "
                         "measured for --window s; reports the highest level whose ack p99 stays under 100 ms")
    ap.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite", help="step mode: the table store")
    ap.add_argument("--processes", type=int, default=1, help="step mode: server processes (above 1: postgresql only)")
    ap.add_argument("--database", default=None,
                    help="step mode: postgresql:// URL to use, every level on it (the tables of earlier levels stay there and are loaded at each start); default: a throwaway server started with tests/pgserver.py, a fresh database per level")
    ap.add_argument("--warmup", type=float, default=5.0, help="step mode: seconds before measuring")
    ap.add_argument("--window", type=float, default=12.0, help="step mode: seconds measured per level")
    ap.add_argument("--stop-above", type=float, default=250.0, help="step mode: a run stops climbing after a level with p99 above this (ms)")
    args = ap.parse_args()
    if args.levels:
        try:
            args.think = float(args.think or 0.5)
        except ValueError:
            raise SystemExit(f"--think in step mode is one number (s), got {args.think!r}") from None
        if not 0 < args.think <= 10 or not 0 < args.window <= 600 or not 0 <= args.warmup <= 600:
            raise SystemExit("--think must be in (0, 10] s, --window in (0, 600] s and --warmup in [0, 600] s")
        run_levels(args)
        return
    summary = []
    for think in [float(x) for x in (args.think or "1.0,0").split(",")]:
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
