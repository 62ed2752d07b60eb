"""Nothing a seat is sent reveals another seat's hidden cards or the deck, checked against the true state.

Whole games on a real server: people (this test, over WebSockets, playing
random legal moves) and bots. Every message each watched connection receives
is kept, byte for byte. Afterwards the finished game's record is replayed
step by step, and for each message we take the true state at the step it
describes and list every card the receiver may not know then (other seats'
hands, selected cards, facedown Toys and last cards, a Tentacles draw, the
whole deck). None of them may appear in the message, by key or by name.

Every registered game is played (the cases come from the registry). For every
game, each message's scene must be exactly the scene of the receiver's own view
at that step (so a message carries nothing its view does not), and no message
holds the seed or the undealt deck. A game with cards to hide from some seats
can add a precise checker below (``HIDDEN``: Buccaneers' hands and deck).

The log must be exactly the receiver's visible events in words, nothing more.
Each line from a public event is also checked against the cards hidden after
the step that produced it (for words said before a round ended inside that
step, against those hidden before it, less what the step showed everyone).
Lines from private events are addressed to the receiver by the engine (its
own deal, its own draws) and need no such check.
"""

from __future__ import annotations

import asyncio
import json
import random
import re

import httpx
import pytest

from voidtable.engine.events import visible_events
from voidtable.engine.records import Record
from voidtable.engine.registry import games, load
from voidtable.web import scenes

websockets = pytest.importorskip("websockets")
from websockets.asyncio.client import connect  # noqa: E402


async def watch(url: str, token: str | None, seat: int | None, sink: list[str], rng: random.Random, http: str, tid: str) -> None:
    """One connection: keep every message; as a seat, play a random legal move whenever asked; try the record now and then."""
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            sink.append(raw)
            msg = json.loads(raw)
            if msg["type"] != "state":
                continue
            if msg.get("result"):
                return
            if seat is not None and msg["legal"] and seat in msg["to_move"]:
                if rng.random() < 0.05:
                    async with httpx.AsyncClient() as c:
                        r = await c.get(f"{http}/api/tables/{tid}/record")
                        if r.status_code != 403:
                            # This message can be stale: in a simultaneous choice our own last move may have
                            # ended the game meanwhile. A record may only come out of a finished table.
                            status = (await c.get(f"{http}/api/tables/{tid}")).json()["status"]
                            assert r.status_code == 200 and status == "finished", (r.status_code, status)
                            return
                    sink.append(r.text)
                await ws.send(json.dumps({"type": "move", "step": msg["step"], "action": rng.choice(msg["legal"])}))


def hidden_buccaneers(game, snap: dict, viewer: int | None) -> set[str]:
    """Every card key ``viewer`` may not know in this true state."""
    out = set(snap["deck"])
    n = len(snap["hand"])
    for q in range(n):
        if q == viewer:
            continue
        out.update(snap["hand"][q])
        out.update(snap["toys"][q])
        if snap["selected"][q]:
            out.add(snap["selected"][q])
        out.update(c for c, o in zip(snap["pile"], snap["pile_owner"]) if o == q)
    for task in snap.get("stack", []):  # a Titanic Tentacles draw waiting for its player's pick
        if task.get("kind") == "titanic_tentacles" and task.get("seat") != viewer:
            out.update(game.rules.keys[int(c)] for c in task.get("drawn", []))
    return out


def mentions(game, text: str, keys: set[str]) -> list[str]:
    """Hidden cards named in ``text``: by key ("robot_3" as a JSON string) or by a name no other card shares."""
    r = game.rules
    found = []
    for k in keys:
        name = r.names[r.index[k]]
        unique = r.names.count(name) == 1
        if f'"{k}"' in text or (unique and re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", text)):
            found.append(k)
    return found


HIDDEN = {"buccaneers": hidden_buccaneers}  # game -> (game, snapshot, viewer) -> card keys the viewer may not know


def table_names(streams: dict) -> list[str] | None:
    """The seats' names as the table announced them in its first state message (None if no message came)."""
    for raws in streams.values():
        for raw in raws:
            msg = json.loads(raw)
            if msg.get("type") == "state":
                return [seat["name"] for seat in msg["table"]["seats"]]
    return None


def check_game(game_name: str, record: Record, streams: dict, game) -> int:
    """Replay the record; check every message of every watched viewer. Returns the number of messages checked."""
    state = game.new_state(record.seed)
    names = table_names(streams)             # the log names seats as the table's panels do
    hidden = {v: [] for v in streams}        # hidden[viewer][step] = hidden card keys after `step` actions
    lines = {v: [] for v in streams}         # lines[viewer] = [(step, line)]
    states = [state.clone()]                 # states[step]: the true state after `step` actions
    events_by_step = [state.setup_events]
    hidden_of = HIDDEN.get(game_name)
    for step in range(len(record.actions) + 1):
        if step:
            p, a = record.actions[step - 1]
            events_by_step.append(state.apply(p, a))
            states.append(state.clone())
        snap = state.snapshot()
        for v in streams:
            hidden[v].append(hidden_of(game, snap, v) if hidden_of else set())
            cleaned = False
            for e in visible_events(events_by_step[step], v):
                cleaned = cleaned or e["type"] == "cleanup"
                line = scenes.describe_event(game, e, names)
                if line:
                    skip = "visible_to" in e  # private: addressed to this seat
                    lines[v].append((step, line, skip, not cleaned))
    deck_orders = []
    first = game.new_state(record.seed).snapshot().get("deck")  # the undealt deck's order is every game's secret
    if isinstance(first, list) and len(first) > 1:
        deck_orders.append(json.dumps(first))
    checked = 0
    for viewer, raws in streams.items():
        expected = [l for _, l, _, _ in lines[viewer]]
        log: list[str] = []
        for raw in raws:
            msg = json.loads(raw)
            if msg.get("type") != "state":
                if "error" in msg:
                    assert "\n" not in msg["error"]
                continue
            k = msg["step"]
            body = dict(msg)
            body.pop("log")
            text = json.dumps(body)
            leaked = mentions(game, text, hidden[viewer][k]) if hidden_of else []
            assert not leaked, f"viewer {viewer} at step {k} was sent hidden cards {leaked}"
            # the scene is exactly the scene of the receiver's own view at that step: nothing else went in
            true = states[k]
            running = msg["table"]["status"] == "running"
            legal = true.legal_actions(viewer) if viewer is not None and running else []
            names = [s["name"] for s in msg["table"]["seats"]]
            assert msg["scene"] == json.loads(json.dumps(scenes.build_scene(game, true.view(viewer), legal, viewer, names))), \
                f"viewer {viewer} at step {k}: the scene is not the scene of its own view"
            whole = json.dumps(msg)
            for order in deck_orders:
                assert order not in whole
            # no seed, and no deck order under a "deck" key (the table's options are public and may name a deck)
            unoptioned = json.dumps({**msg, "table": {k: v for k, v in msg["table"].items() if k != "options"}})
            assert '"seed"' not in whole and '"deck":' not in unoptioned
            # the log: exactly the expected lines, each free of what was hidden when it was written
            assert msg["log"] == expected[msg["log_from"]: msg["log_from"] + len(msg["log"])], f"viewer {viewer}: log differs at step {k}"
            log = log[: msg["log_from"]] + msg["log"]
            checked += 1
        assert log == expected, f"viewer {viewer}: the log is not exactly its visible events in words"
        if hidden_of:
            for step, line, skip, before_cleanup in lines[viewer]:
                if skip:
                    continue
                suspects = hidden[viewer][step]
                if before_cleanup and any(e["type"] == "cleanup" for e in events_by_step[step]):
                    # said before a round ended inside this step: after it everything was shuffled and dealt anew,
                    # so check against what was hidden before the step, less what this step showed everyone
                    shown = set()
                    for e in visible_events(events_by_step[step], None):
                        shown.update(k for k in re.findall(r'"([a-z_]+_?[0-9]*)"', json.dumps(e)) if k in game.rules.index)
                    suspects = hidden[viewer][step - 1] - shown
                leaked = mentions(game, line, suspects)
                assert not leaked, f"viewer {viewer}: log line of step {step} names hidden cards {leaked}: {line}"
    return checked


async def play(server, game_name: str, players: int, seats: list[dict], seed: int, watched: list[int | None]) -> tuple[Record, dict]:
    async with httpx.AsyncClient(base_url=server.url) as c:
        variants = list(games()[game_name].variants.values())
        options = dict(variants[1]) if seed % 2 and len(variants) > 1 else {}  # odd seeds: the game's second variant
        r = await c.post("/api/tables", json={"game": game_name, "players": players, "seats": seats, "seed": seed,
                                              **({"options": options} if options else {})})
        assert r.status_code == 201, r.text
        res = r.json()
    tid = res["id"]
    tokens = {l["seat"]: l["token"] for l in res["links"]}
    ws_url = server.url.replace("http", "ws") + f"/ws/{tid}"
    streams: dict[int | None, list[str]] = {v: [] for v in watched}
    rng = random.Random(seed)
    tasks = [watch(ws_url, tokens.get(v) if v is not None else None, v, streams[v], random.Random(rng.random()), server.url, tid)
             for v in watched]
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=240)
    async with httpx.AsyncClient(base_url=server.url) as c:
        rec = (await c.get(f"/api/tables/{tid}/record")).json()
    return Record.from_json(rec), streams


def _cases() -> list[tuple[str, int, list[str], int]]:
    """From the registry: every game at one more than its fewest players (people and bots mixed, an odd seed:
    its second variant); a game short enough (at most 1000 decisions) also at two more, with more people."""
    out = []
    for i, (name, spec) in enumerate(games().items()):
        n = min(spec.min_players + 1, spec.max_players)
        out.append((name, n, [("person", "easy", "medium")[q % 3] if q != 0 else "person" for q in range(n)], 2 * i + 1))
        m = min(spec.min_players + 2, spec.max_players)
        if m != n and spec.max_decisions <= 1000:
            out.append((name, m, ["easy" if q == 0 else "person" if q < m - 1 else "medium" for q in range(m)], 2 * i + 2))
    return out


@pytest.mark.parametrize("game_name,players,kinds,seed", _cases())
def test_no_message_reveals_what_its_seat_may_not_know(server_factory, game_name, players, kinds, seed):
    server = server_factory("--bot-delay", "0")
    seats = [{"kind": "person", "claim": True} if k == "person" else {"kind": "bot", "bot": k} for k in kinds]
    watched: list[int | None] = [i for i, k in enumerate(kinds) if k == "person"] + [None]
    record, streams = asyncio.run(play(server, game_name, players, seats, seed, watched))
    game = load(game_name, players, record.options)
    checked = check_game(game_name, record, streams, game)
    assert checked >= len(watched) * 5
    # a finished game's record is public (it holds the seed): downloads before the end were refused (403, checked in play)
    assert record.result is not None


def test_the_checker_sees_a_leak_when_there_is_one():
    """Negative control: seat 1's own scene, shown to seat 0, is caught (so a pass above means something)."""
    game = load("buccaneers", 4, {})
    state = game.new_state(9)
    names = [f"P{i}" for i in range(4)]
    scene_of_1 = scenes.build_scene(game, state.view(1), state.legal_actions(1), 1, names)
    hidden_from_0 = hidden_buccaneers(game, state.snapshot(), 0)
    assert set(mentions(game, json.dumps(scene_of_1), hidden_from_0)) >= set(state.snapshot()["hand"][1])
    scene_of_0 = scenes.build_scene(game, state.view(0), state.legal_actions(0), 0, names)
    assert mentions(game, json.dumps(scene_of_0), hidden_from_0) == []


def test_tentacles_keeping_a_toy_does_not_tell_the_table():
    game = load("buccaneers", 4, {})
    state = game.new_state(1)
    rng = random.Random(1)
    while not state.is_over():
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        toys = [a for a in legal if a.kind == "keep" and a.arg.startswith("toy_")]
        events = state.apply(p, toys[0] if toys else rng.choice(legal))
        if toys:
            others = [q for q in range(4) if q != p]
            for q in others:
                text = json.dumps(visible_events(events, q))
                assert f'"{toys[0].arg}"' not in text, f"seat {q} learns the facedown Toy {toys[0].arg}"
            return
    pytest.skip("no Tentacles kept a Toy in this game")
