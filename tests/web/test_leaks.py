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

Hidden values perturbed, for every game: what a message carries (scene, choices,
who is to move) must be what the table would send from a determinization for its
receiver at that step, a world the receiver cannot tell from the true one, with the
hidden values (hands, decks, facedown picks, future dice) drawn again. Anything of
the true hidden state in a message shows up as a difference; the control test plants
one (another seat's view, or the true state itself) and requires the check to see it.

A message's ``step`` is the receiver's own count of the moves it can know about
(web/tables.py), rebuilt here from the record by the rule the protocol states; the
true steps with the same count are all checked, and must give the same message.

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

from voidtable.engine import Rng
from voidtable.engine.events import event_json, events_json, visible_events
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
                            continue  # the game's last states are on their way: keep them (the log is checked whole)
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


def own_counts(record: Record, states: list, events_by_step: list, viewer: int | None) -> list[int]:
    """``viewer``'s step count after each true step: a move counts if it is the viewer's own, or it changed the
    viewer's visible events, legal actions, who is to move or its view (docs/web.md)."""
    counts = [0]
    for t in range(1, len(states)):
        old, new = states[t - 1], states[t]
        mine = viewer is not None and (record.actions[t - 1][0] == viewer
                                       or old.legal_actions(viewer) != new.legal_actions(viewer))
        seen = mine or old.to_move() != new.to_move() or bool(visible_events(events_by_step[t], viewer)) \
            or old.view(viewer) != new.view(viewer)
        counts.append(counts[-1] + seen)
    return counts


def sent_from(game, state, viewer: int | None, names: list[str], running: bool) -> dict:
    """What the table sends ``viewer`` of ``state``: its scene, its choices, who is to move (JSON form)."""
    legal = state.legal_actions(viewer) if viewer is not None and running else []
    return json.loads(json.dumps({"scene": scenes.build_scene(game, state.view(viewer), legal, viewer, names),
                                  "legal": [a.to_json() for a in legal],
                                  "to_move": state.to_move() if running else []}))


def perturbed(state, viewer: int | None, seed: int):
    """A world ``viewer`` cannot tell from ``state``, its hidden values drawn again (the spectator knows less
    than any seat, so a determinization for seat 0 keeps all it sees)."""
    return state.determinize(0 if viewer is None else viewer, Rng(seed))


def moved_by_hidden_values(build, state, viewer: int | None, seed: int) -> bool:
    """Whether what ``build(state)`` sends ``viewer`` changes when the hidden values are drawn again."""
    return build(state) != build(perturbed(state, viewer, seed))


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
                data = event_json(e)  # the JSON form: what the table's store and wire would carry
                cleaned = cleaned or data["type"] == "cleanup"
                line = scenes.describe_event(game, e, names)
                if line:
                    skip = "visible_to" in data  # private: addressed to this seat
                    lines[v].append((step, line, skip, not cleaned))
    deck_orders = []
    first = game.new_state(record.seed).snapshot().get("deck")  # the undealt deck's order is every game's secret
    if isinstance(first, list) and len(first) > 1:
        deck_orders.append(json.dumps(first))
    checked = 0
    draws = random.Random(record.seed)
    for viewer, raws in streams.items():
        expected = [l for _, l, _, _ in lines[viewer]]
        log: list[str] = []
        counts = own_counts(record, states, events_by_step, viewer)
        for raw in raws:
            msg = json.loads(raw)
            if msg.get("type") != "state":
                if "error" in msg:
                    assert "\n" not in msg["error"]
                continue
            k = msg["step"]
            steps = [t for t, c in enumerate(counts) if c == k]  # the true steps this message may describe
            assert steps, f"viewer {viewer}: step {k} is not a count it could have reached"
            body = dict(msg)
            body.pop("log")
            text = json.dumps(body)
            leaked = [c for t in steps for c in mentions(game, text, hidden[viewer][t])] if hidden_of else []
            assert not leaked, f"viewer {viewer} at step {k} was sent hidden cards {leaked}"
            # the scene is exactly the scene of the receiver's own view at that step: nothing else went in
            running = msg["table"]["status"] == "running"
            names = [s["name"] for s in msg["table"]["seats"]]
            got = {"scene": msg["scene"], "legal": msg["legal"], "to_move": msg["to_move"]}
            for t in steps:
                assert got == sent_from(game, states[t], viewer, names, running), \
                    f"viewer {viewer} at step {k}: the message is not built from its own view alone"
            # ... and the same with every hidden value drawn again
            assert not moved_by_hidden_values(lambda st: sent_from(game, st, viewer, names, running), states[steps[-1]],
                                              viewer, draws.randrange(1 << 30)), \
                f"viewer {viewer} at step {k}: the message changes when hidden values are drawn again"
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
                if before_cleanup and any(event_json(e)["type"] == "cleanup" for e in events_by_step[step]):
                    # said before a round ended inside this step: after it everything was shuffled and dealt anew,
                    # so check against what was hidden before the step, less what this step showed everyone
                    shown = set()
                    for e in visible_events(events_by_step[step], None):
                        shown.update(k for k in re.findall(r'"([a-z_]+_?[0-9]*)"', json.dumps(event_json(e)))
                                     if k in game.rules.index)
                    suspects = hidden[viewer][step - 1] - shown
                leaked = mentions(game, line, suspects)
                assert not leaked, f"viewer {viewer}: log line of step {step} names hidden cards {leaked}: {line}"
    return checked


async def play(server, game_name: str, players: int, seats: list[dict], seed: int, options: dict,
               watched: list[int | None]) -> tuple[Record, dict]:
    async with httpx.AsyncClient(base_url=server.url) as c:
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


def case_options(name: str, seed: int) -> dict:
    """A case's options: an odd seed plays the game's second variant, an even one its first (none: no options)."""
    variants = list(games()[name].variants.values())
    return dict(variants[1]) if seed % 2 and len(variants) > 1 else {}


def holds_private(name: str, players: int, options: dict, steps: int = 60) -> bool:
    """Whether some seat holds something another cannot see (its view moves when seat 0's world is drawn again)
    in the first ``steps`` decisions of a seeded random game of this config: a hand, a secret pick."""
    state = load(name, players, options).new_state(3)
    rng = random.Random(3)
    for _ in range(steps):
        if state.is_over():
            break
        if state.determinize(0, Rng(rng.randrange(1 << 30))).view(1) != state.view(1):
            return True
        p = rng.choice(state.to_move())
        state.apply(p, rng.choice(state.legal_actions(p)))
    return False


def _cases() -> list[tuple[str, int, list[str], int, dict]]:
    """From the registry: every game at one more than its fewest players (people and bots mixed, an odd seed:
    its second variant); a game short enough (at most 1000 decisions) also at two more, with more people; and
    where neither case has seats holding private things (hands, secret picks) but a variant does, the first such
    variant, with people in seats 0 and 1. Each case: game, players, seat kinds, seed, options."""
    out = []
    for i, (name, spec) in enumerate(games().items()):
        n = min(spec.min_players + 1, spec.max_players)
        out.append((name, n, [("person", "easy", "medium")[q % 3] if q != 0 else "person" for q in range(n)], 2 * i + 1,
                    case_options(name, 2 * i + 1)))
        m = min(spec.min_players + 2, spec.max_players)
        if m != n and spec.max_decisions <= 1000:
            out.append((name, m, ["easy" if q == 0 else "person" if q < m - 1 else "medium" for q in range(m)], 2 * i + 2,
                        case_options(name, 2 * i + 2)))
        played = [c[4] for c in out if c[0] == name]
        if not any(holds_private(name, c[1], c[4]) for c in out if c[0] == name):
            private = [dict(o) for o in spec.variants.values() if dict(o) not in played and holds_private(name, n, dict(o))]
            if private:  # the first such variant, so that one game of each kind of secret goes over the wire
                out.append((name, n, ["person", "person", *["easy"] * (n - 2)], 100 + i, private[0]))
    return out



@pytest.mark.parametrize("game_name,players,kinds,seed,options", _cases())
def test_no_message_reveals_what_its_seat_may_not_know(server_factory, game_name, players, kinds, seed, options):
    server = server_factory("--bot-delay", "0")
    seats = [{"kind": "person", "claim": True} if k == "person" else {"kind": "bot", "bot": k} for k in kinds]
    watched: list[int | None] = [i for i, k in enumerate(kinds) if k == "person"] + [None]
    record, streams = asyncio.run(play(server, game_name, players, seats, seed, options, watched))
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
                text = json.dumps(events_json(visible_events(events, q)))
                assert f'"{toys[0].arg}"' not in text, f"seat {q} learns the facedown Toy {toys[0].arg}"
            return
    pytest.skip("no Tentacles kept a Toy in this game")



def walk(name: str, players: int, options: dict, seed: int, steps: int = 120):
    """The states of a seeded random game, at most ``steps`` of them."""
    state = load(name, players, options).new_state(seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            return
        yield state
        p = chooser.choice(state.to_move())
        state.apply(p, chooser.choice(state.legal_actions(p)))


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c[0]}-{c[1]}p-{c[3]}")
def test_the_perturbation_sees_a_planted_leak(case):
    """Control for the perturbation check, at every case above: seat 0's honest message never moves when the hidden
    values are drawn again, and one with a leak planted does: the true state itself (its hidden cards, its dice to
    come) at every step and, where seats hold private things, seat 1's own view at some step."""
    name, players, _, seed, options = case
    game = load(name, players, options)
    names = [f"P{i}" for i in range(players)]
    draws = random.Random(seed)
    private = holds_private(name, players, options)
    steps = caught = 0

    def honest(st):
        return sent_from(game, st, 0, names, True)

    for state in walk(name, players, options, seed):
        assert not moved_by_hidden_values(honest, state, 0, draws.randrange(1 << 30))
        # a message with a leak planted is the honest one (which did not move) plus the leak: it moves if the leak does
        assert moved_by_hidden_values(lambda st: st.snapshot_json(), state, 0, draws.randrange(1 << 30))
        caught += moved_by_hidden_values(lambda st: st.view(1), state, 0, draws.randrange(1 << 30))
        steps += 1
    assert steps and (caught or not private), f"{name} {options}: seat 1's view shown to seat 0 was never caught"
